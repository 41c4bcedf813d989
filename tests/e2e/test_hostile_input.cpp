// What a hostile or confused client can send, through the real binary over pipes: each bad
// input gets its defined answer (docs/architecture.md, docs/security.md), the process keeps
// serving, stdout carries nothing but whole JSON-RPC messages, and memory stays bounded.
// Then the process's life: end of input, signals, a dead parent and a closed stdout.

#include "schema_validator.h"
#include "server_process.h"
#include "drive_connection.h"
#include "session.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;
using namespace office::testing;

namespace {


json modern_request(const json& id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", modern_params(std::move(params))}};
}

json modern_call(const json& id, const std::string& tool, json arguments) {
    return modern_request(id, "tools/call", {{"name", tool}, {"arguments", std::move(arguments)}});
}

// Every line office-mcp writes must be one whole JSON-RPC 2.0 message.
json read_message(ServerProcess& server, int timeout_ms = 10000) {
    const auto line = server.read_line(timeout_ms);
    REQUIRE(line);
    const json message = json::parse(*line, nullptr, false);
    INFO(*line);
    REQUIRE(!message.is_discarded());
    if (message.is_array()) {
        for (const auto& m : message) CHECK(m.value("jsonrpc", "") == "2.0");
    } else {
        REQUIRE(message.is_object());
        CHECK(message.value("jsonrpc", "") == "2.0");
    }
    return message;
}

// Proves the process still serves, and that nothing was written for what came before.
void still_serves(ServerProcess& server) {
    static int probe = 0;
    const std::string id = "probe-" + std::to_string(++probe);
    server.send(modern_request(id, "server/discover"));
    const auto reply = read_message(server);
    INFO(reply.dump());
    CHECK(reply["id"] == id);
    CHECK(reply["result"]["supportedVersions"] == json::array({"2026-07-28"}));
}

// Ends the process and checks it wrote nothing more and exited cleanly.
void ends_cleanly(ServerProcess& server) {
    server.close_stdin();
    while (const auto line = server.read_line(5000)) {
        INFO(*line);
        CHECK(false);  // nothing was asked, so nothing more may come
    }
    const int status = server.wait();
    INFO(server.stderr_text());
    CHECK(status == 0);
}

struct Case {
    std::string name;
    std::string line;
    int code;  // the error code expected, or 0 for "no reply at all"
    json id;   // the id the error carries (null: none)
};

// The one message each code gets for a malformed line.
const std::string kNotJson = "Parse error: the line is not valid JSON";
const std::string kTooDeep = "Invalid Request: the message nests deeper than 64 levels";
const std::string kNotTwoZero = "Invalid Request: jsonrpc must be \"2.0\"";
const std::string kBadId = "Invalid Request: id must be a string or an integer";
const std::string kNoBatches = "Batches are only allowed in protocol version 2025-03-26";

std::string expected_message(const Case& c) {
    if (c.code == -32700) return kNotJson;
    if (c.name.find("nested") != std::string::npos) return kTooDeep;
    if (c.name.find("jsonrpc") != std::string::npos) return kNotTwoZero;
    if (c.name.rfind("id ", 0) == 0 || c.name.find("as id") != std::string::npos) return kBadId;
    if (c.name.find("batch") != std::string::npos) return kNoBatches;
    if (c.name == "method a number") return "Invalid Request: method must be a string";
    if (c.name == "no method and no result") return "Invalid Request: no method";
    return "Invalid Request: a message must be a JSON object";
}

void run_matrix(ServerProcess& server, const std::vector<Case>& cases) {
    for (const auto& c : cases) {
        INFO(c.name);
        server.send(c.line);
        if (c.code != 0) {
            const auto reply = read_message(server);
            INFO(reply.dump());
            CHECK(reply["error"] == json{{"code", c.code}, {"message", expected_message(c)}});
            if (c.id.is_null()) CHECK_FALSE(reply.contains("id"));
            else CHECK(reply["id"] == c.id);
        }
        still_serves(server);
    }
}
long status_kb(pid_t pid, const std::string& field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
    }
    return -1;
}

// A sanitizer build keeps freed memory in quarantine; a small one keeps the memory figures honest.
const std::vector<std::string> kSmallQuarantine = {"ASAN_OPTIONS=quarantine_size_mb=4:detect_leaks=1"};

}  // namespace

TEST_CASE("every malformed line gets its defined answer and the process keeps serving", "[hostile][e2e]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    const std::string deep_array = nested(100'000, "[", "]");
    const std::string deep_object = nested(100'000, "{\"a\":", "}", "1");
    std::vector<Case> cases = {
        {"not JSON", "hello, office", -32700, nullptr},
        {"truncated JSON", R"({"jsonrpc":"2.0","id":1,"method":"tools/li)", -32700, nullptr},
        {"a truncated string", R"({"jsonrpc":"2.0","id":1,"method":"ping)", -32700, nullptr},
        {"trailing garbage", R"({"jsonrpc":"2.0","id":1,"method":"ping"} x)", -32700, nullptr},
        {"two messages on one line", R"({"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"})", -32700, nullptr},
        {"10^5 nested arrays", deep_array, -32600, nullptr},
        {"10^5 nested objects", deep_object, -32600, nullptr},
        {"10^5 nested arrays inside a request", R"({"jsonrpc":"2.0","id":7,"method":"server/discover","params":{"x":)" + deep_array + "}}",
         -32600, 7},
        {"10^5 unclosed arrays", std::string(100'000, '['), -32700, nullptr},
        {"10^5 nested arrays in a notification", R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":)" + deep_array + "}}",
         0, nullptr},
        {"a number too large for a double", R"({"jsonrpc":"2.0","id":1e400,"method":"ping"})", -32700, nullptr},
        {"an integer too large for 64 bits as id", R"({"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"})", -32600, nullptr},
        {"invalid UTF-8 in a string", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"s\":\"\xff\"}}", -32700, nullptr},
        {"an overlong UTF-8 encoding", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"s\":\"\xc0\xaf\"}}", -32700, nullptr},
        {"a UTF-8 encoded surrogate", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"s\":\"\xed\xa0\x80\"}}", -32700, nullptr},
        {"a lone surrogate escape", R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"s":"\ud800"}})", -32700, nullptr},
        {"a UTF-8 sequence cut short", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"s\":\"\xe2\x82\"}}", -32700, nullptr},
        {"bytes that are not UTF-8 outside strings", "\xfe\xff{}", -32700, nullptr},
        {"a NUL byte inside a string", R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"s":"a)" + std::string(1, '\0') + R"(b"}})",
         -32700, nullptr},
        {"a NUL byte alone", std::string(1, '\0'), -32700, nullptr},
        {"NUL bytes after a message", R"({"jsonrpc":"2.0","id":1,"method":"ping"})" + std::string(2, '\0'), -32700, nullptr},
        {"jsonrpc 1.0", R"({"jsonrpc":"1.0","id":3,"method":"server/discover"})", -32600, 3},
        {"jsonrpc as a number", R"({"jsonrpc":2.0,"id":4,"method":"server/discover"})", -32600, 4},
        {"no jsonrpc", R"({"id":5,"method":"server/discover"})", -32600, 5},
        {"id null", R"({"jsonrpc":"2.0","id":null,"method":"server/discover"})", -32600, nullptr},
        {"id an object", R"({"jsonrpc":"2.0","id":{"a":1},"method":"server/discover"})", -32600, nullptr},
        {"id a float", R"({"jsonrpc":"2.0","id":1.5,"method":"server/discover"})", -32600, nullptr},
        {"id a float with no fraction", R"({"jsonrpc":"2.0","id":1.0,"method":"server/discover"})", -32600, nullptr},
        {"id a boolean", R"({"jsonrpc":"2.0","id":true,"method":"server/discover"})", -32600, nullptr},
        {"id an array", R"({"jsonrpc":"2.0","id":[1],"method":"server/discover"})", -32600, nullptr},
        {"method a number", R"({"jsonrpc":"2.0","id":6,"method":6})", -32600, 6},
        {"no method and no result", R"({"jsonrpc":"2.0","id":8})", -32600, 8},
        {"a message that is a string", R"("ping")", -32600, nullptr},
        {"a message that is null", "null", -32600, nullptr},
        {"a response to a request never sent", R"({"jsonrpc":"2.0","id":"elicit-7","result":{"action":"accept","content":{"amount":80,"reason":"mine"}}})",
         0, nullptr},
        {"an error response to a request never sent", R"({"jsonrpc":"2.0","id":99,"error":{"code":-1,"message":"no"}})", 0, nullptr},
        {"a response with an object id", R"({"jsonrpc":"2.0","id":{"x":1},"result":{}})", 0, nullptr},
        {"an empty line", "", 0, nullptr},
        {"a line of spaces and tabs", " \t  \t", 0, nullptr},
        {"a carriage return alone", "\r", 0, nullptr},
        {"a batch before any initialize", R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", -32600, nullptr},
        {"an empty batch", "[]", -32600, nullptr},
        {"a batch of 10^5 nested arrays", "[" + deep_array + "]", -32600, nullptr},
    };
    run_matrix(server, cases);
    std::fprintf(stderr, "hostile input: %zu malformed lines\n", cases.size());

    {  // an id of a 64-bit unsigned integer, a negative one and an empty string are echoed exactly
        for (const auto& id : {json(18446744073709551615ULL), json(-5), json("")}) {
            server.send(modern_request(id, "server/discover"));
            CHECK(read_message(server)["id"] == id);
        }
    }
    {  // a message may nest 64 levels deep but not 65
        for (const int depth : {64, 65}) {
            // The message itself is two levels (the request and its params) around "x".
            auto line = modern_request(depth, "server/discover", {{"x", 0}}).dump();
            line.replace(line.find("\"x\":0"), 5, "\"x\":" + nested(static_cast<std::size_t>(depth - 2), "[", "]"));
            server.send(line);
            const auto reply = read_message(server);
            CHECK(reply["id"] == depth);
            if (depth == 64) CHECK(reply.contains("result"));
            else CHECK(reply["error"] == json{{"code", -32600}, {"message", "Invalid Request: the message nests deeper than 64 levels"}});
        }
    }
    {  // duplicate keys: the last one wins, as in JSON.parse and Python's json
        server.send(std::string(R"({"jsonrpc":"2.0","id":1,"id":2,"method":"server/discover","params":)") +
                    modern_params().dump() + "}");
        CHECK(read_message(server)["id"] == 2);
        auto call = modern_call(3, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}).dump();
        call.replace(call.find("\"name\":"), 0, R"("name":"issue_refund",)");
        server.send(call);
        CHECK(reply_text(read_message(server)) == "Ordered 1 tortilla.");
    }
    {  // CRLF line endings are served like LF
        server.send(modern_request(10, "server/discover").dump() + "\r");
        CHECK(read_message(server)["id"] == 10);
        server.send(modern_call(11, "find_customer", {{"query", "Priya"}}).dump() + "\r\n" +
                    modern_call(12, "find_customer", {{"query", "Tomas"}}).dump() + "\r");
        CHECK(reply_text(read_message(server)) == "Found 1 customer matching \"Priya\":\n- #3 Priya Nair <priya@example.com>");
        CHECK(read_message(server)["id"] == 12);
    }
    still_serves(server);
    ends_cleanly(server);
}

TEST_CASE("hostile tool arguments are refused or answered, never crash and never move money", "[hostile][e2e]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    ServerProcess server({"--db", db});
    struct Args {
        std::string tool;
        std::string arguments;  // raw JSON, so numbers reach the server exactly as written
        std::string text;
    };
    const std::vector<Args> cases = {
        {"book_slot", R"({"slot_id":1e300,"customer_id":1})", "There is no slot 9223372036854775807; call list_availability with a day to see the free slots and their ids."},
        {"book_slot", R"({"slot_id":18446744073709551615,"customer_id":1})", "There is no slot 9223372036854775807; call list_availability with a day to see the free slots and their ids."},
        {"book_slot", R"({"slot_id":1,"customer_id":1e19})", "There is no customer 9223372036854775807; call find_customer to look up the customer's id."},
        {"book_slot", R"({"slot_id":-1e300,"customer_id":0})", "book_slot was not run: slot_id: must be at least 1; customer_id: must be at least 1"},
        {"open_invoices", R"({"customer_id":9223372036854775807})", "There is no customer 9223372036854775807; call find_customer to look up the customer's id."},
        {"open_invoices", R"({"customer_id":1.5})", "open_invoices was not run: customer_id: must be an integer"},
        {"issue_refund", R"({"invoice_id":1e308})", "There is no invoice 9223372036854775807; call open_invoices with the customer's id to see their invoices."},
        {"order_lunch", R"({"item":"tortilla","quantity":1e308})", "order_lunch was not run: quantity: must be between 1 and 5"},
        {"order_lunch", R"({"item":"tortilla","quantity":-0.0})", "order_lunch was not run: quantity: must be between 1 and 5"},
        {"order_lunch", R"({"item":"tortilla\u0000","quantity":1})", "order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada"},
        {"find_customer", R"({"query":"\u0000"})", "No customer's name or email contains \"" + std::string(1, '\0') + "\"."},
        {"find_customer", R"({"query":"Maria\u0000x"})", "No customer's name or email contains \"Maria" + std::string(1, '\0') + "x\"."},
        {"find_customer", R"({"query":"%"})", "No customer's name or email contains \"%\"."},
        {"find_customer", R"({"query":"_"})", "No customer's name or email contains \"_\"."},
        {"find_customer", R"({"query":"' OR 1=1 --"})", "No customer's name or email contains \"' OR 1=1 --\"."},
        {"list_availability", R"({"day":"2026-09-04' OR '1'='1"})", "list_availability was not run: day: must match the pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
    };
    int id = 0;
    for (const auto& c : cases) {
        INFO(c.tool << " " << c.arguments);
        auto line = modern_call(++id, c.tool, json::object()).dump();
        const std::string empty = R"("arguments":{})";
        line.replace(line.find(empty), empty.size(), "\"arguments\":" + c.arguments);
        server.send(line);
        const auto reply = read_message(server);
        INFO(reply.dump());
        CHECK(reply_text(reply) == c.text);
    }
    {  // a 5 MB query is refused at the line cap, unparsed
        server.send(modern_call(100, "find_customer", {{"query", std::string(5 << 20, 'a')}}));
        const auto reply = read_message(server);
        CHECK(reply["error"] == json{{"code", -32600}, {"message", "Message too large: a line may hold at most 4194304 bytes"}});
    }
    std::fprintf(stderr, "hostile input: %zu hostile argument sets\n", cases.size() + 1);
    still_serves(server);
    ends_cleanly(server);
    office::Database check(db, office::Database::Mode::ReadOnly);
    auto& q = check.prepare("SELECT (SELECT count(*) FROM refunds) || '|' || (SELECT count(*) FROM slots WHERE customer_id IS NOT NULL)");
    REQUIRE(q.step());
    CHECK(q.column_text(0) == "0|1");  // the seed's one booking, nothing more
    q.reset();
}

TEST_CASE("a client name of 10^5 characters is stored cut to 128 bytes, between characters", "[hostile][e2e]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    ServerProcess server({"--db", db});
    std::string name = "a";
    for (int i = 0; i < 100'000; ++i) name += "\u00f1";  // ñ, two bytes in UTF-8
    json message = modern_call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 2}});
    message["params"] = modern_params(message["params"], json::object(), name);
    server.send(message);
    CHECK(reply_text(read_message(server)) == "Booked slot 1 (2026-09-04 09:00) for Tomas Reis.");
    ends_cleanly(server);
    office::Database check(db, office::Database::Mode::ReadOnly);
    auto& q = check.prepare("SELECT booked_by FROM slots WHERE id = 1");
    REQUIRE(q.step());
    std::string expected = "a";
    for (int i = 0; i < 63; ++i) expected += "\u00f1";
    CHECK(q.column_text(0) == expected + "/1.0");
    q.reset();
}

TEST_CASE("a client that never answers its forms can park 32 calls, no more", "[hostile][e2e]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    server.send(json{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                     {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", {{"elicitation", json::object()}}}}}});
    REQUIRE(read_message(server)["id"] == 0);
    const auto refund = [](int id) {
        return json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"},
                    {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}}};
    };
    for (std::size_t i = 1; i <= office::kMaxParkedCalls; ++i) {
        server.send(refund(static_cast<int>(i)));
        CHECK(read_message(server)["method"] == "elicitation/create");
    }
    server.send(refund(100));
    const auto refused = read_message(server);
    CHECK(refused["id"] == 100);
    CHECK(refused["result"]["isError"] == true);
    CHECK(reply_text(refused) == "32 forms already wait for a person's answer, so issue_refund did nothing; answer or cancel one of them first.");
    // Answering one frees its place.
    server.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", {{"action", "decline"}}}});
    CHECK(read_message(server)["id"] == 1);
    server.send(refund(101));
    CHECK(read_message(server)["method"] == "elicitation/create");
    ends_cleanly(server);
}

TEST_CASE("batches are refused in every era but 2025-03-26, and capped there", "[hostile][e2e]") {
    TempDir dir;
    const std::string batch = R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])";
    for (const std::string version : {"2024-11-05", "2025-06-18", "2025-11-25"}) {
        INFO(version);
        ServerProcess server({"--db", dir.file("office.db")});
        server.send(json{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"}, {"params", {{"protocolVersion", version}}}});
        REQUIRE(read_message(server)["result"]["protocolVersion"] == version);
        server.send(batch);
        CHECK(read_message(server)["error"] ==
              json{{"code", -32600}, {"message", "Batches are only allowed in protocol version 2025-03-26"}});
        still_serves(server);
        ends_cleanly(server);
    }
    ServerProcess server({"--db", dir.file("office.db")});
    server.send(json{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"}, {"params", {{"protocolVersion", "2025-03-26"}}}});
    REQUIRE(read_message(server)["result"]["protocolVersion"] == "2025-03-26");
    json pings = json::array();
    for (std::size_t i = 0; i < office::kMaxBatch; ++i) pings.push_back({{"jsonrpc", "2.0"}, {"id", i}, {"method", "ping"}});
    server.send(pings);
    CHECK(read_message(server).size() == office::kMaxBatch);
    pings.push_back({{"jsonrpc", "2.0"}, {"id", 100}, {"method", "ping"}});
    server.send(pings);
    CHECK(read_message(server)["error"] ==
          json{{"code", -32600}, {"message", "Invalid Request: a batch may hold at most 100 messages"}});
    server.send(std::string("[1,\"x\",null]"));
    const auto replies = read_message(server);
    REQUIRE(replies.size() == 3);
    for (const auto& r : replies) CHECK(r["error"]["code"] == -32600);
    still_serves(server);
    ends_cleanly(server);
}

TEST_CASE("a burst of 10^5 requests sent without reading the replies is served in order in bounded memory",
          "[hostile][e2e][burst]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")}, kSmallQuarantine);
    server.send(json{{"jsonrpc", "2.0"}, {"id", "init"}, {"method", "initialize"}, {"params", {{"protocolVersion", "2025-11-25"}}}});
    REQUIRE(read_message(server)["id"] == "init");
    server.send(json{{"jsonrpc", "2.0"}, {"id", "warm"}, {"method", "tools/list"}});
    REQUIRE(read_message(server)["id"] == "warm");
    const long baseline_kb = status_kb(server.pid(), "VmHWM");

    constexpr int kRequests = 100'000;
    std::atomic<bool> written{false};
    std::thread writer([&] {
        std::string chunk;  // lines joined by '\n'; send() ends the last one
        for (int i = 0; i < kRequests; ++i) {
            if (!chunk.empty()) chunk += '\n';
            // Mostly pings; every 100th a tools/list, whose reply is 5 KB.
            chunk += i % 100 == 99 ? R"({"jsonrpc":"2.0","id":)" + std::to_string(i) + R"(,"method":"tools/list"})"
                                   : R"({"jsonrpc":"2.0","id":)" + std::to_string(i) + R"(,"method":"ping"})";
            if (chunk.size() > 60'000 || i + 1 == kRequests) {
                try {
                    server.send(chunk);
                } catch (const std::exception&) {
                    return;
                }
                chunk.clear();
            }
        }
        written = true;
    });
    // Not reading yet: the server fills stdout, blocks in write(), stops reading, and the writer
    // blocks too. Back-pressure, not buffering.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    CHECK_FALSE(written.load());
    const long blocked_rss_kb = status_kb(server.pid(), "VmRSS");

    int replies = 0;
    bool in_order = true;
    while (replies < kRequests) {
        const auto line = server.read_line(60000);
        REQUIRE(line);
        const auto reply = json::parse(*line, nullptr, false);
        REQUIRE(reply.is_object());
        in_order = in_order && reply["id"] == replies && reply.contains("result");
        ++replies;
    }
    writer.join();
    const long peak_kb = status_kb(server.pid(), "VmHWM");
    CHECK(in_order);
    CHECK(replies == kRequests);
    std::fprintf(stderr, "burst: %d requests unread, VmHWM %ld kB before and %ld kB after, VmRSS %ld kB while blocked\n",
                 kRequests, baseline_kb, peak_kb, blocked_rss_kb);
    CHECK(peak_kb - baseline_kb < 32 * 1024);  // a few reads' worth of replies, whatever the burst's size
    still_serves(server);
    ends_cleanly(server);
}

TEST_CASE("every input that ever crashed a fuzzer is now answered with whole JSON-RPC lines", "[hostile][fuzz]") {
    // tests/fuzz/regressions/session: what fuzz_session found, replayed exactly as it feeds the
    // session (a seeded in-memory database, a small line cap), in every build, clang or not.
    int replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(OFFICE_FUZZ_REGRESSIONS "/session")) {
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        office::ConnectionOptions options;
        options.open_store = [] { return office::open_office_store(":memory:"); };
        options.open_sealer = [] {
            return std::make_unique<office::StateSealer>(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 0x5a)});
        };
        options.max_line = 4096;
        office::Connection connection(std::move(options));
        const std::string out = office::testing::drive_connection(connection, input);
        std::istringstream lines(out);
        for (std::string line; std::getline(lines, line);) {
            INFO(line);
            const auto message = json::parse(line, nullptr, false);
            CHECK((message.is_object() || message.is_array()));
        }
        ++replayed;
    }
    CHECK(replayed >= 1);
}

TEST_CASE("every schema that ever crashed a fuzzer is now refused or checks its value", "[hostile][fuzz]") {
    // tests/fuzz/regressions/schema: a schema on the first line, a value on the rest.
    int replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(OFFICE_FUZZ_REGRESSIONS "/schema")) {
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto nl = input.find('\n');
        const auto schema = nlohmann::ordered_json::parse(input.substr(0, nl), nullptr, false);
        const auto value = json::parse(nl == std::string::npos ? "null" : input.substr(nl + 1), nullptr, false);
        try {
            const office::SchemaValidator validator(schema);
            (void)validator.check(value);
        } catch (const std::invalid_argument&) {
            // refused as malformed: the documented answer
        }
        ++replayed;
    }
    CHECK(replayed >= 1);
}

// ---- process life ----------------------------------------------------------------------------

namespace {

// A legacy session with a refund parked on elicitation/create: the form is out, the person
// has not answered.
void park_a_refund(ServerProcess& server) {
    server.send(json{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                     {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", {{"elicitation", json::object()}}}}}});
    REQUIRE(read_message(server)["id"] == 0);
    server.send(json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"},
                     {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}}});
    REQUIRE(read_message(server)["method"] == "elicitation/create");
}

std::string refund_state(const std::string& db) {
    office::Database check(db, office::Database::Mode::ReadOnly);
    auto& q = check.prepare("SELECT (SELECT status FROM invoices WHERE id = 2) || '|' || (SELECT count(*) FROM refunds)");
    std::string value = q.step() ? q.column_text(0) : "";
    q.reset();
    auto& integrity = check.prepare("PRAGMA integrity_check");
    CHECK((integrity.step() && integrity.column_text(0) == "ok"));
    integrity.reset();
    return value;
}

int elapsed_ms(std::chrono::steady_clock::time_point since) {
    return static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since).count());
}

}  // namespace

TEST_CASE("end of input, SIGTERM, SIGINT and SIGHUP end the process promptly with parked calls dropped", "[hostile][life]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    for (const int how : {0, SIGTERM, SIGINT, SIGHUP}) {
        INFO("signal " << how);
        ServerProcess server({"--db", db});
        park_a_refund(server);
        const auto start = std::chrono::steady_clock::now();
        if (how == 0) server.close_stdin();
        else server.kill(how);
        CHECK(server.wait(5000) == 0);
        CHECK(elapsed_ms(start) < 2500);  // a sanitizer build's exit-time leak check included
        while (const auto line = server.read_line(100)) {
            INFO(*line);
            CHECK(false);  // a dropped call is not answered, nor half-answered
        }
        CHECK(refund_state(db) == "open|0");
    }
}

TEST_CASE("SIGTERM ends the process even while it is blocked writing to a client that does not read", "[hostile][life]") {
    std::signal(SIGPIPE, SIG_IGN);  // our writer may still be writing when the server is gone
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    std::string burst;
    for (int i = 0; i < 2000; ++i) burst += modern_request(i, "tools/list").dump() + "\n";
    burst.pop_back();
    std::thread writer([&] {
        try {
            server.send(burst);
        } catch (const std::exception&) {
        }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // stdout is full by now
    const auto start = std::chrono::steady_clock::now();
    server.kill(SIGTERM);
    const int status = server.wait(10000);
    CHECK(elapsed_ms(start) < 6000);  // the 2 s grace for the blocked write, then out
    CHECK(status == 0);
    server.close_stdout();  // lets the writer's blocked write fail, if it still is blocked
    server.close_stdin();
    writer.join();
}

TEST_CASE("the process ends when the client that launched it dies, even with stdin held open", "[hostile][life]") {
    TempDir dir;
    int in[2], out[2], report[2];
    REQUIRE(pipe2(in, O_CLOEXEC) == 0);
    REQUIRE(pipe2(out, O_CLOEXEC) == 0);
    REQUIRE(pipe2(report, O_CLOEXEC) == 0);
    const std::string db = dir.file("office.db");
    const pid_t client = fork();
    if (client == 0) {
        // The "AI client": launches office-mcp, reports its pid, and waits to be killed.
        const pid_t server = fork();
        if (server == 0) {
            dup2(in[0], STDIN_FILENO);
            dup2(out[1], STDOUT_FILENO);
            execl(OFFICE_MCP_BINARY, OFFICE_MCP_BINARY, "--db", db.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        (void)!write(report[1], &server, sizeof server);
        for (;;) pause();
    }
    close(report[1]);
    pid_t server = -1;
    REQUIRE(read(report[0], &server, sizeof server) == static_cast<ssize_t>(sizeof server));
    close(report[0]);
    close(in[0]);
    close(out[1]);
    // Serving: so it is past its prctl(PR_SET_PDEATHSIG).
    const std::string probe = modern_request(1, "server/discover").dump() + "\n";
    REQUIRE(write(in[1], probe.data(), probe.size()) == static_cast<ssize_t>(probe.size()));
    char buffer[4096];
    REQUIRE(read(out[0], buffer, sizeof buffer) > 0);

    const auto start = std::chrono::steady_clock::now();
    kill(client, SIGKILL);
    waitpid(client, nullptr, 0);
    // Not our child, so poll: gone, or a zombie waiting for whoever adopted it.
    bool ended = false;
    while (!ended && elapsed_ms(start) < 5000) {
        std::ifstream stat("/proc/" + std::to_string(server) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const auto paren = text.rfind(')');
        ended = text.empty() || (paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z');
        if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(ended);
    if (!ended) kill(server, SIGKILL);
    close(in[1]);  // stdin was held open all along: only the parent's death could end it
    close(out[0]);
}

TEST_CASE("a closed stdout ends the process cleanly, SIGPIPE ignored", "[hostile][life]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    still_serves(server);
    server.close_stdout();
    server.send(modern_request(1, "tools/list"));
    CHECK(server.wait(2000) == 0);  // 141 would be death by SIGPIPE
}
