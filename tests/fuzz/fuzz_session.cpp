// libFuzzer target for everything a client's bytes reach: framing (LineSplitter, with a small
// line cap so overlong lines are exercised too) -> JSON parse -> Session -> tools, on a fresh
// seeded in-memory database per input. Beyond "no crash, no leak, no UB" it checks what
// stdout promises: every byte written is whole lines, each one JSON-RPC 2.0 message (or a
// 2025-03-26 batch array of them) that reads back as JSON.

#include "json_rpc.h"
#include "request_state.h"
#include "session.h"
#include "sqlite_office_store.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace {

constexpr std::size_t kMaxLine = 4096;  // small, so the fuzzer reaches the overlong path

[[noreturn]] void broken(const char* what, std::string_view line) {
    std::fprintf(stderr, "stdout promise broken: %s\nline: %.*s\n", what, static_cast<int>(line.size()), line.data());
    std::abort();
}

bool is_message(const office::json& m) {
    if (!m.is_object()) return false;
    const auto v = m.find("jsonrpc");
    return v != m.end() && *v == "2.0";
}

void check_output(std::string_view out) {
    if (!out.empty() && out.back() != '\n') broken("the output does not end a line", out);
    while (!out.empty()) {
        const auto nl = out.find('\n');
        const auto line = out.substr(0, nl);
        out.remove_prefix(nl + 1);
        const auto message = office::json::parse(line, nullptr, /*allow_exceptions=*/false);
        if (message.is_discarded()) broken("a line is not JSON", line);
        if (message.is_array()) {
            if (message.empty()) broken("an empty batch reply", line);
            for (const auto& m : message)
                if (!is_message(m)) broken("a batch entry is not a JSON-RPC 2.0 message", line);
        } else if (!is_message(message)) {
            broken("a line is not a JSON-RPC 2.0 message", line);
        }
    }
}

// A seeded database costs milliseconds to create; a copy of one costs microseconds. Each input
// gets a fresh copy of the same seeded image, so inputs never see each other's writes.
std::unique_ptr<office::SqliteOfficeStore> fresh_store() {
    static const std::string image = office::open_office_database(":memory:")->image();
    return std::make_unique<office::SqliteOfficeStore>(office::Database::from_image(image));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const office::StateSealer sealer(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 0x5a)});
    std::unique_ptr<office::SqliteOfficeStore> store;

    office::SessionOptions options;
    options.store = [&]() -> office::OfficeStore& {
        if (!store) store = fresh_store();
        return *store;
    };
    options.sealer = []() -> const office::StateSealer& { return sealer; };
    options.now = [] { return std::int64_t{1'790'000'000}; };
    office::Session session(std::move(options));
    office::LineSplitter splitter(kMaxLine);

    std::string out;
    const auto on_line = [&](std::string_view line) { session.handle_line(line, out); };
    const auto on_overlong = [&] { session.handle_overlong_line(kMaxLine, out); };
    // Fed in uneven chunks, as reads from a pipe arrive, so lines also span chunk boundaries.
    std::string_view input(reinterpret_cast<const char*>(data), size);
    for (std::size_t chunk = 1; !input.empty(); chunk = chunk * 3 % 509 + 1) {
        const auto part = input.substr(0, chunk);
        input.remove_prefix(part.size());
        splitter.feed(part, on_line, on_overlong);
    }
    splitter.finish(on_line, on_overlong);
    session.end_of_input();
    check_output(out);
    return 0;
}
