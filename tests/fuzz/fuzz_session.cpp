// libFuzzer target for everything a client's bytes reach: framing (LineSplitter, with a small
// line cap so overlong lines are exercised too) -> JSON parse -> Session -> tools, on a fresh
// seeded in-memory database per input. Beyond "no crash, no leak, no UB" (and no exception
// reaching the boundary of core/support/contained.h, which would answer -32603 and go on) it checks what
// stdout promises: every byte written is whole lines, each one JSON-RPC 2.0 message (or a
// 2025-03-26 batch array of them) that reads back as JSON.

#include "../drive_connection.h"
#include "contained.h"
#include "json_rpc.h"
#include "log.h"
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
    auto db = office::Database::from_image(image);
    db->trust_schema();  // a copy of an office this build made: its search triggers run
    return std::make_unique<office::SqliteOfficeStore>(std::move(db));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    office::ConnectionOptions options;
    options.open_store = [] { return fresh_store(); };
    options.open_sealer = [] {
        return std::make_unique<office::StateSealer>(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 0x5a)});
    };
    options.now = [] { return std::int64_t{1'790'000'000}; };
    options.max_line = kMaxLine;
    options.admin = true;  // the admin tools too: they write customers, invoices and the menu
    std::string last_error;  // error lines only: the text of a contained exception, for the report
    office::Logger errors(office::LogLevel::Error, [&](std::string_view line) { last_error = line; });
    options.logger = &errors;
    office::Connection connection(std::move(options));
    // The same rounds, group commit included, as the stdio server makes of a pipe's reads.
    const std::string out = office::testing::drive_connection(connection, std::string_view(reinterpret_cast<const char*>(data), size));
    if (office::contained_failures) broken("an exception reached the boundary (core/support/contained.h)", last_error);
    check_output(out);
    return 0;
}
