// libFuzzer target for what the HTTP endpoint parses itself (core/http/http_endpoint.h): routing by
// method and target, Origin, bearer tokens, the mirrored MCP headers and their base64 form,
// sessions and SSE streams, group commit, over a fresh seeded in-memory office per input.
// (Beast parses the HTTP/1.1 bytes; this target starts from the parsed request.)
//
// Input: tests/fuzz/replay_http.h (requests separated by "---", groups ended by "===").
//
// Promises checked beyond "no crash, no leak, no UB": no exception reaches the boundary of
// core/support/contained.h (it would answer 500 and go on, so here it is a finding); every status is a real one; a JSON
// body is one JSON-RPC 2.0 message (or a batch of them) ending a line; /metrics is Prometheus text
// (comments and sample lines); an open stream is a 200
// text/event-stream; pushes go only to streams that were opened and not yet ended. Issue 42:
// CORS headers name only an allowed origin (never "*" but on the public OAuth metadata), and an
// origin not allowed gets none; a request refused by screen() (what the transport asks before a
// 100 Continue) is refused with the same status once its body has come; the transport's framing
// and Expect rules (framing_refusal, expectation) answer only their statuses, read only a final
// chunked, and ignore Expect in HTTP/1.0.

#include "contained.h"
#include "http_endpoint.h"
#include "log.h"
#include "replay_http.h"
#include "request_state.h"
#include "sqlite_office_store.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void broken(const char* what, std::string_view detail) {
    std::fprintf(stderr, "HTTP promise broken: %s\n%.*s\n", what, static_cast<int>(detail.size()), detail.data());
    std::abort();
}

std::shared_ptr<office::SqliteOfficeStore> fresh_store() {
    static const std::string image = office::open_office_database(":memory:")->image();
    auto db = office::Database::from_image(image);
    db->trust_schema();  // a copy of an office this build made: its search triggers run
    return std::make_shared<office::SqliteOfficeStore>(std::move(db));
}

const std::string* header(const office::http::Request& r, const std::string& name) {
    const auto it = r.headers.find(name);
    return it == r.headers.end() ? nullptr : &it->second;
}

std::string lowered(std::string text) {
    for (char& c : text) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return text;
}

constexpr const char* kAllowedOrigin = "https://desk.example.org";

bool allowed_origin(const std::string& origin) { return origin == kAllowedOrigin || office::http::is_loopback_origin(origin); }

void check_cors(const office::http::Exchange& e) {
    const auto* origin = header(e.request, "origin");
    for (const auto& [name, value] : e.response.headers) {
        if (!name.starts_with("Access-Control-")) continue;
        if (name == "Access-Control-Allow-Origin" && value == "*") {
            if (!e.request.target.starts_with(office::http::kResourceMetadataPath)) broken("Access-Control-Allow-Origin: * off the metadata", e.request.target);
            continue;
        }
        if (!origin) broken("a CORS header without an Origin", name);
        if (!allowed_origin(*origin)) broken("a CORS header for an origin not allowed", *origin);
        if (name == "Access-Control-Allow-Origin" && value != *origin) broken("Access-Control-Allow-Origin naming another origin", value);
        if (name == "Access-Control-Allow-Credentials") broken("credentials allowed", value);
    }
}

void check_framing(const office::http::Request& r) {
    const auto* te = header(r, "transfer-encoding");
    const auto* expect = header(r, "expect");
    const auto te_value = te ? std::optional<std::string_view>(*te) : std::nullopt;
    const auto expect_value = expect ? std::optional<std::string_view>(*expect) : std::nullopt;
    for (const bool http_1_0 : {false, true}) {
        const auto refusal = office::http::framing_refusal(te_value, header(r, "content-length") != nullptr, http_1_0);
        if (refusal.status != 0 && refusal.status != 400 && refusal.status != 501) broken("a framing refusal's status", refusal.reason);
        if (refusal && refusal.reason.empty()) broken("a framing refusal without a reason", "");
        if (!refusal && te && (http_1_0 || header(r, "content-length") || lowered(*te).find("chunked") == std::string::npos))
            broken("a Transfer-Encoding read that is not a final chunked", *te);
        const auto expected = office::http::expectation(expect_value, http_1_0);
        if (expected.refusal.status != 0 && expected.refusal.status != 417) broken("an Expect refusal's status", expected.refusal.reason);
        if (expected.wait_for_100 && (expected.refusal || lowered(*expect).find("100-continue") == std::string::npos))
            broken("a 100 Continue for another expectation", *expect);
        if (http_1_0 && (expected.wait_for_100 || expected.refusal)) broken("Expect judged in HTTP/1.0", *expect);
    }
}

void check(const office::http::Exchange& e, std::set<std::uint64_t>& open) {
    check_cors(e);
    check_framing(e.request);
    const auto& r = e.response;
    if (r.status < 200 || r.status > 599) broken("a status out of range", std::to_string(r.status));
    // A balancer's health check is answered with its state, not JSON-RPC (http_endpoint.h).
    // HEAD gets the GET's answer (the transport leaves out the body).
    if ((e.request.target == "/healthz" || e.request.target == "/readyz") && (e.request.method == "GET" || e.request.method == "HEAD")) {
        const auto state = office::json::parse(r.body, nullptr, false);
        if (r.open_stream || !state.is_object() || state.size() != 1 || !state.contains("status") || !state["status"].is_string())
            broken("a health check answered with something other than its state", r.body);
        return;
    }
    // Metrics are Prometheus text (core/support/metrics.h): comments, then "name[{labels}] value" lines.
    if (e.request.target == "/metrics" && e.request.method == "GET" && r.status == 200) {
        if (r.open_stream || r.body.empty() || r.body.back() != '\n') broken("metrics not ending their last line", r.body);
        std::size_t at = 0;
        while (at < r.body.size()) {
            const auto end = r.body.find('\n', at);
            const std::string_view line(r.body.data() + at, end - at);
            const bool comment = line.starts_with("# HELP ") || line.starts_with("# TYPE ");
            const auto space = line.rfind(' ');
            if (!comment && (space == std::string_view::npos || space == 0 || line.find('\n') != std::string_view::npos))
                broken("a metrics line that is neither a comment nor a sample", line);
            at = end + 1;
        }
        return;
    }
    // The calendar feed is iCalendar (http_calendar.cpp): one VCALENDAR of CRLF-ended lines; its
    // refusals are JSON like every other.
    const auto path = std::string_view(e.request.target).substr(0, e.request.target.find('?'));
    if (path == "/calendar.ics" && (e.request.method == "GET" || e.request.method == "HEAD") && r.status == 200) {
        if (r.open_stream || !r.body.starts_with("BEGIN:VCALENDAR\r\n") || !r.body.ends_with("END:VCALENDAR\r\n"))
            broken("a calendar feed that is not one VCALENDAR", r.body);
        return;
    }
    if (r.open_stream) {
        if (r.status != 200) broken("a stream opened with a status other than 200", r.body);
        if (!open.insert(r.stream).second) broken("a stream id handed out twice", r.body);
        return;
    }
    if (r.body.empty()) return;
    const auto is_message = [](const office::json& m) { return m.is_object() && m.value("jsonrpc", "") == "2.0"; };
    const bool sse = std::any_of(r.headers.begin(), r.headers.end(), [](const auto& h) {
        return h.first == "Content-Type" && h.second == "text/event-stream";
    });
    if (sse) {
        // A stream opened and ended in one group (its session deleted beside it): the whole
        // stream in one body, comments and events of one JSON-RPC message each.
        if (!r.body.ends_with("\n\n")) broken("an event stream that does not end its event", r.body);
        for (std::size_t at = 0; at < r.body.size();) {
            const auto end = r.body.find("\n\n", at);
            const std::string_view event(r.body.data() + at, end - at);
            at = end + 2;
            if (event.starts_with(":")) continue;
            constexpr std::string_view kData = "event: message\ndata: ";
            if (!event.starts_with(kData) || !is_message(office::json::parse(event.substr(kData.size()), nullptr, false)))
                broken("an event that is not one JSON-RPC message", event);
        }
        return;
    }
    if (r.body.back() != '\n') broken("a body that does not end its line", r.body);
    const auto message = office::json::parse(r.body, nullptr, false);
    if (message.is_discarded()) broken("a JSON body that is not JSON", r.body);
    if (message.is_array() ? message.empty() || !std::all_of(message.begin(), message.end(), is_message) : !is_message(message))
        broken("a body that is not a JSON-RPC 2.0 message", r.body);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::set<std::uint64_t> open;
    office::http::EndpointOptions options;
    options.store = fresh_store();
    options.open_sealer = [] {
        return std::make_unique<office::StateSealer>(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 0x5a)});
    };
    options.now = [] { return std::int64_t{1'790'000'000}; };
    options.max_body = 4096;
    options.max_sessions = 4;
    options.allowed_origins = {kAllowedOrigin};
    // Error lines only: the text of a contained exception, for the report.
    std::string last_error;
    office::Logger errors(office::LogLevel::Error, [&](std::string_view line) { last_error = line; });
    options.logger = &errors;
    options.authenticate = [](std::optional<std::string_view> token) -> std::optional<office::http::Principal> {
        if (!token) return office::http::Principal{};  // anonymous allowed, as on loopback without tokens
        if (token == "all") return office::http::Principal{"all", {}};
        if (token == "lunch") return office::http::Principal{"lunch", {"order_lunch"}};
        return std::nullopt;
    };
    office::http::Endpoint endpoint(std::move(options), [&](std::uint64_t stream, std::string_view, bool end) {
        if (!open.count(stream)) broken("a push to a stream that is not open", std::to_string(stream));
        if (end) open.erase(stream);
    });

    office::testing::replay_http(
        endpoint, input,
        [&](const office::http::Exchange& e) {
            if (office::contained_failures) broken("an exception reached the boundary (core/support/contained.h)", last_error);
            check(e, open);
            // What the transport asks before a 100 Continue: a refusal there is the refusal the
            // whole request got (screen looks at headers and tokens only, so asking after is the same).
            office::http::Exchange early{e.request, {}};
            early.request.body.clear();
            if (!endpoint.screen(early)) {
                if (early.response.status != e.response.status)
                    broken("screen() refused with another status than the request got",
                           std::to_string(early.response.status) + " vs " + std::to_string(e.response.status) + " " + e.request.target);
                check_cors(early);
            }
        },
        [](const std::string& value) {
            (void)office::http::decode_header_value(value);
            (void)office::http::bearer_token(value);
            (void)office::http::is_loopback_origin(value);
        });
    endpoint.close();
    if (!open.empty()) broken("a stream left open after every session ended", std::to_string(open.size()));
    return 0;
}
