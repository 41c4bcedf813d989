// The operator's view (issue 8): the structured log of the real binary, the audit trail of
// every write, `office-mcp log tail` and `office-mcp audit`, and the migration of a database
// made by the previous schema (tests/fixtures/office-schema1.db, written by the schema-1
// binary through tests/fixtures/make_office_schema1.py).

#include "audit.h"
#include "log.h"
#include "server_process.h"
#include "session.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <signal.h>
#include <sys/stat.h>

using nlohmann::json;
using namespace office::testing;

namespace {

const std::regex kIsoMicros(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)");
const std::regex kIsoSeconds(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)");

// This file's calls come from client "e2e-alpha" unless they name another.
json call(int id, const std::string& tool, json arguments, const std::string& client = "e2e-alpha",
          json capabilities = json::object()) {
    return tools_call(id, tool, std::move(arguments), std::move(capabilities), client);
}

// A legacy refund through elicitation/create: the person answers `answer`.
json legacy_refund(ServerProcess& server, int id, int invoice, json answer) {
    server.send(legacy_call(id, "issue_refund", {{"invoice_id", invoice}}));
    const auto ask = server.read();
    REQUIRE(ask["method"] == "elicitation/create");
    return server.request(json{{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", std::move(answer)}});
}

json accept(double amount, const std::string& reason) {
    return {{"action", "accept"}, {"content", {{"amount", amount}, {"reason", reason}}}};
}

std::vector<json> parse_lines(const std::string& text) {
    std::vector<json> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        INFO(line);
        REQUIRE(json::accept(line));
        lines.push_back(json::parse(line));
    }
    return lines;
}

std::vector<json> requests_of(const std::vector<json>& lines) {
    std::vector<json> requests;
    for (const auto& line : lines)
        if (line.value("event", "") == "request") requests.push_back(line);
    return requests;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The columns `table` has in `db`, quoted and joined by '|', as one SQL expression.
std::string columns_of(office::Database& db, const std::string& table) {
    auto& columns = db.prepare("SELECT group_concat('quote(\"' || name || '\")', ' || ''|'' || ') FROM pragma_table_info(?1)");
    columns.bind(1, table);
    REQUIRE(columns.step());
    const std::string expression = columns.column_text(0);
    columns.reset();
    REQUIRE_FALSE(expression.empty());
    return expression;
}

// Every row of `table`, each as its columns (default: all it has) quoted and joined by '|', in a stable order.
std::vector<std::string> dump_table(office::Database& db, const std::string& table, std::string expression = "") {
    if (expression.empty()) expression = columns_of(db, table);
    std::vector<std::string> rows;
    auto& q = db.prepare("SELECT " + expression + " FROM \"" + table + "\" ORDER BY 1");
    while (q.step()) rows.push_back(q.column_text(0));
    return rows;
}

std::string scalar(office::Database& db, const std::string& sql) {
    auto& q = db.prepare(sql);
    std::string value = q.step() ? q.column_text(0) : "<no row>";
    q.reset();
    return value;
}

std::string utc_day(std::chrono::system_clock::time_point when) {
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
    return text;
}

// The columns of one `office-mcp audit` row (they are separated by two spaces or more).
std::vector<std::string> audit_columns(const std::string& row) {
    static const std::regex gap(R"( {2,})");
    std::vector<std::string> columns;
    std::sregex_token_iterator it(row.begin(), row.end(), gap, -1), end;
    for (; it != end; ++it) columns.push_back(*it);
    return columns;
}

const std::string kFixture = std::string(OFFICE_TEST_FIXTURES) + "/office-schema1.db";
const std::vector<std::string> kSchema1Tables = {"customers", "slots", "invoices", "refunds",
                                                 "lunch_orders", "approval_requests", "used_request_states"};

}  // namespace

// ---- the log --------------------------------------------------------------------------------

TEST_CASE("each request of a scripted session gets one log line with the documented fields and no argument values at info", "[operator][log]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const json elicitation{{"elicitation", json::object()}};
    std::string state;
    {
        ServerProcess server({"--db", db});
        server.request(call(1, "find_customer", {{"query", "Needle-in-query"}}));
        server.request(call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}, {"note", "needle-note"}}));
        server.request(call(3, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
        server.request(call(4, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
        server.request(call(5, "order_lunch", {{"item", "sopa"}, {"quantity", 9}}));
        server.request(call(6, "no_such_tool", json::object()));
        server.request(call(7, "issue_refund", {{"invoice_id", 4}}));
        const auto asked = server.request(call(8, "issue_refund", {{"invoice_id", 2}}, "e2e-alpha", elicitation));
        state = asked["result"]["requestState"].get<std::string>();
        auto retry = call(9, "issue_refund", {{"invoice_id", 2}}, "e2e-alpha", elicitation);
        retry["params"]["inputResponses"] = {{"approve_refund", accept(80, "needle-reason")}};
        retry["params"]["requestState"] = state;
        REQUIRE(server.request(retry)["result"]["structuredContent"]["status"] == "refunded");
        server.request({{"jsonrpc", "2.0"}, {"id", 10}, {"method", "tools/list"}, {"params", modern_params(json::object(), json::object(), "e2e-alpha")}});
        server.send(std::string("this is not json"));
        REQUIRE(server.read()["error"]["code"] == -32700);
        server.close_stdin();
        REQUIRE(server.wait() == 0);

        const auto err = server.stderr_text();
        const auto lines = parse_lines(err);
        REQUIRE(lines.size() == 13);
        CHECK(lines.front()["event"] == "start");
        CHECK(lines.back()["event"] == "stop");
        const auto requests = requests_of(lines);
        REQUIRE(requests.size() == 11);

        std::vector<json> ids, outcomes, methods, tools;
        for (const auto& line : requests) {
            INFO(line.dump());
            std::set<std::string> keys;
            for (const auto& [key, value] : line.items()) keys.insert(key);
            std::set<std::string> expected{"time", "level", "event", "id", "era", "version", "client",
                                           "trace_id", "span_id", "method", "tool", "duration_us", "outcome"};
            if (line["outcome"] == "protocol_error") expected.insert({"code", "problem"});
            if (line["outcome"] == "tool_error") expected.insert("problem");
            CHECK(keys == expected);
            CHECK(std::regex_match(line["time"].get<std::string>(), kIsoMicros));
            CHECK(line["duration_us"].is_number_integer());
            CHECK(line["duration_us"].get<std::int64_t>() >= 0);
            CHECK(line["level"] == (line["outcome"] == "ok" || line["outcome"] == "queued" ||
                                            line["outcome"] == "input_required"
                                        ? "info"
                                        : "warn"));
            ids.push_back(line["id"]);
            outcomes.push_back(line["outcome"]);
            methods.push_back(line["method"]);
            tools.push_back(line["tool"]);
            if (!line["id"].is_null()) {
                CHECK(line["era"] == "modern");
                CHECK(line["version"] == "2026-07-28");
                CHECK(line["client"] == json::parse(R"({"name":"e2e-alpha","version":"1.0"})"));
            }
        }
        CHECK(json(ids) == json::parse("[1,2,3,4,5,6,7,8,9,10,null]"));
        CHECK(json(outcomes) == json::parse(R"(["ok","ok","ok","tool_error","tool_error","protocol_error","queued",
            "input_required","ok","ok","protocol_error"])"));
        CHECK(json(methods) == json::parse(R"(["tools/call","tools/call","tools/call","tools/call","tools/call","tools/call",
            "tools/call","tools/call","tools/call","tools/list",null])"));
        CHECK(json(tools) == json::parse(R"(["find_customer","order_lunch","book_slot","book_slot","order_lunch","no_such_tool",
            "issue_refund","issue_refund","issue_refund",null,null])"));
        CHECK(requests[3]["problem"] == "Slot 1 (2026-09-04 09:00) is already booked; call list_availability to find a free slot.");
        CHECK(requests[4]["problem"] ==
              "order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada; quantity: must be between 1 and 5");
        CHECK(requests[5]["code"] == -32602);
        CHECK(requests[5]["problem"] == "Unknown tool: no_such_tool");
        CHECK(requests[10]["code"] == -32700);
        CHECK(requests[10]["problem"] == "Parse error: the line is not valid JSON");
        CHECK(requests[10]["era"].is_null());
        CHECK(requests[10]["client"] == json::parse(R"({"name":null,"version":null})"));

        // Argument values, answers, the sealed state and the key never reach the log at info.
        for (const std::string secret : {"Needle-in-query", "needle-note", "needle-reason", "\"arguments\""})
            CHECK(err.find(secret) == std::string::npos);
        CHECK(err.find(state) == std::string::npos);
        const auto key = read_file(db + ".key");
        REQUIRE(key.size() >= 64);
        CHECK(err.find(key.substr(0, 64)) == std::string::npos);
    }
}

TEST_CASE("at debug the arguments are logged but never the request state, the answers or key material", "[operator][log]") {
    TempDir dir;
    const std::string key_hex(64, 'a');
    const std::string key2_hex = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    ServerProcess server({"--db", dir.file("office.db"), "--log-level", "debug"},
                         {"OFFICE_MCP_STATE_KEYS=" + key2_hex + "," + key_hex});
    const json elicitation{{"elicitation", json::object()}};
    const auto asked = server.request(call(1, "issue_refund", {{"invoice_id", 2}}, "e2e-alpha", elicitation));
    const auto state = asked["result"]["requestState"].get<std::string>();
    auto retry = call(2, "issue_refund", {{"invoice_id", 2}}, "e2e-alpha", elicitation);
    retry["params"]["inputResponses"] = {{"approve_refund", accept(80, "needle-reason")}};
    retry["params"]["requestState"] = state;
    REQUIRE(server.request(retry)["result"]["structuredContent"]["status"] == "refunded");
    server.request(call(3, "find_customer", {{"query", "Priya"}}));
    server.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"},
                     {"params", modern_params({{"requestId", 99}})}});
    server.close_stdin();
    REQUIRE(server.wait() == 0);

    const auto err = server.stderr_text();
    const auto lines = parse_lines(err);
    const auto requests = requests_of(lines);
    REQUIRE(requests.size() == 3);
    CHECK(requests[0]["arguments"] == json::parse(R"({"invoice_id":2})"));
    CHECK(requests[1]["arguments"] == json::parse(R"({"invoice_id":2})"));
    CHECK(requests[2]["arguments"] == json::parse(R"({"query":"Priya"})"));
    REQUIRE(lines.size() == 6);  // start, three requests, one notification, stop
    CHECK(lines[4]["event"] == "notification");
    CHECK(lines[4]["level"] == "debug");
    CHECK(lines[4]["method"] == "notifications/cancelled");
    CHECK(lines[4]["id"].is_null());
    CHECK(err.find(state) == std::string::npos);
    CHECK(err.find("requestState") == std::string::npos);
    CHECK(err.find("needle-reason") == std::string::npos);
    CHECK(err.find(key_hex) == std::string::npos);
    CHECK(err.find(key2_hex) == std::string::npos);
}

TEST_CASE("stdout carries the same protocol messages at every log level, and each level keeps only its lines", "[operator][log]") {
    // No input_required in this script: its sealed state differs from run to run.
    const auto script = [](ServerProcess& server) {
        server.send(call(1, "find_customer", {{"query", "Maria"}}));
        server.send(call(2, "book_slot", {{"slot_id", 2}, {"customer_id", 1}}));
        server.send(call(3, "book_slot", {{"slot_id", 2}, {"customer_id", 1}}));
        server.send(call(4, "order_lunch", {{"item", "ensalada"}, {"quantity", 1}, {"note", "needle-note"}}));
        server.send(call(5, "issue_refund", {{"invoice_id", 4}}));
        server.send(call(6, "nothing_here", json::object()));
        server.send(std::string("[1, 2"));
        server.send(json{{"jsonrpc", "2.0"}, {"id", 7}, {"method", "server/discover"}, {"params", modern_params()}});
        server.close_stdin();
        std::vector<std::string> out;
        while (auto line = server.read_line()) out.push_back(*line);
        REQUIRE(server.wait() == 0);
        return out;
    };

    std::map<std::string, std::vector<std::string>> stdout_by_level;
    std::map<std::string, std::vector<json>> log_by_level;
    for (const std::string level : {"error", "warn", "info", "debug"}) {
        TempDir dir;
        ServerProcess server({"--db", dir.file("office.db"), "--log-level", level});
        stdout_by_level[level] = script(server);
        log_by_level[level] = parse_lines(server.stderr_text());
    }
    TempDir dir;
    const auto log_file = dir.file("office.log");
    {
        ServerProcess server({"--db", dir.file("office.db"), "--log-level", "debug", "--log-file", log_file});
        stdout_by_level["debug, --log-file"] = script(server);
        CHECK(server.stderr_text().empty());
    }

    const auto& reference = stdout_by_level["info"];
    REQUIRE(reference.size() == 8);
    for (const auto& line : reference) {
        INFO(line);
        const auto message = json::parse(line);
        CHECK(message["jsonrpc"] == "2.0");
        CHECK((message.contains("result") || message.contains("error")));
    }
    for (const auto& [level, lines] : stdout_by_level) {
        INFO(level);
        CHECK(lines == reference);
    }

    const auto events = [](const std::vector<json>& lines) {
        std::vector<std::string> out;
        for (const auto& line : lines)
            out.push_back(line["level"].get<std::string>() + " " + line["event"].get<std::string>() +
                          (line.contains("outcome") ? " " + line["outcome"].get<std::string>() : ""));
        return out;
    };
    CHECK(log_by_level["error"].empty());
    CHECK(events(log_by_level["warn"]) == std::vector<std::string>{"warn request tool_error", "warn request protocol_error",
                                                                   "warn request protocol_error"});
    const std::vector<std::string> info{"info start",        "info request ok",           "info request ok",
                                        "warn request tool_error", "info request ok",      "info request queued",
                                        "warn request protocol_error", "warn request protocol_error", "info request ok",
                                        "info stop"};
    CHECK(events(log_by_level["info"]) == info);
    CHECK(events(log_by_level["debug"]) == info);  // debug adds arguments, not lines, to this script
    for (const auto& line : log_by_level["debug"])
        if (line.value("method", json()) == "tools/call" && line["tool"] != "nothing_here") CHECK(line.contains("arguments"));
    CHECK(parse_lines(read_file(log_file)).size() == info.size());

    // --log-file appends: a second run adds its lines after the first run's.
    {
        ServerProcess server({"--db", dir.file("office.db"), "--log-file", log_file});
        server.request(call(1, "find_customer", {{"query", "Tomas"}}));
        server.close_stdin();
        REQUIRE(server.wait() == 0);
    }
    const auto appended = parse_lines(read_file(log_file));
    REQUIRE(appended.size() == info.size() + 3);
    CHECK(appended[info.size()]["event"] == "start");
    CHECK(appended.back()["event"] == "stop");
    struct stat st {};
    REQUIRE(stat(log_file.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
}

TEST_CASE("a legacy client is logged with its handshake's name, version and era, its form asked as an event, its call as one line", "[operator][log]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    initialize(server, "2025-06-18", {{"elicitation", json::object()}}, "e2e-legacy", "2.0");
    const auto done = legacy_refund(server, 2, 2, accept(80, "Charged twice"));
    REQUIRE(done["id"] == 2);
    server.close_stdin();
    REQUIRE(server.wait() == 0);

    const auto lines = parse_lines(server.stderr_text());
    const auto requests = requests_of(lines);
    REQUIRE(requests.size() == 2);  // notifications/initialized is a debug line
    std::vector<std::string> seen;
    for (const auto& line : requests) {
        CHECK(line["era"] == "legacy");
        CHECK(line["version"] == "2025-06-18");
        CHECK(line["client"] == json::parse(R"({"name":"e2e-legacy","version":"2.0"})"));
        seen.push_back(line["id"].dump() + " " + line["method"].get<std::string>() + " " + line["outcome"].get<std::string>());
    }
    CHECK(seen == std::vector<std::string>{"0 initialize ok", "2 tools/call ok"});  // one request, one line (issue 27)
    const auto asked = std::find_if(lines.begin(), lines.end(), [](const json& l) { return l["event"] == "elicitation"; });
    REQUIRE(asked != lines.end());
    CHECK((*asked)["id"] == 2);
    CHECK((*asked)["era"] == "legacy");
    CHECK((*asked)["tool"] == "issue_refund");
}

TEST_CASE("start-up and shutdown lines state the version, database, profile and exit reason", "[operator][log]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        ServerProcess server({"--db", db, "--profile", "billing"});
        server.request(call(1, "find_customer", {{"query", "Maria"}}));
        server.kill(SIGTERM);
        REQUIRE(server.wait() == 0);
        const auto lines = parse_lines(server.stderr_text());
        REQUIRE(lines.size() == 3);
        const auto version = run_office_mcp({"--version"}).out;
        CHECK(lines[0]["event"] == "start");
        CHECK(lines[0]["level"] == "info");
        CHECK("office-mcp " + lines[0]["version"].get<std::string>() + "\n" == version);
        CHECK(lines[0]["db"] == db);
        CHECK(lines[0]["profile"] == "billing");
        CHECK(lines[0]["tools"] == json::parse(R"(["find_customer","open_invoices","issue_refund","add_customer"])"));
        CHECK(lines[0]["log_level"] == "info");
        CHECK(lines[0]["pid"] == server.pid());
        CHECK(lines[2]["event"] == "stop");
        CHECK(lines[2]["reason"] == "signal SIGTERM");
        CHECK(lines[2]["exit_code"] == 0);
        CHECK(lines[2]["db"] == db);
        CHECK(lines[2]["profile"] == "billing");
    }
    {
        const auto garbage = dir.file("notes.db");
        std::ofstream(garbage, std::ios::binary) << std::string(4096, 'x');
        ServerProcess server({"--db", garbage});
        CHECK(server.request(call(1, "find_customer", {{"query", "Maria"}}))["error"]["code"] == -32603);
        REQUIRE(server.wait() == 2);
        const auto lines = parse_lines(server.stderr_text());
        REQUIRE(lines.size() == 3);
        CHECK(lines[1]["outcome"] == "protocol_error");
        CHECK(lines[1]["level"] == "error");
        CHECK(lines[2]["event"] == "stop");
        CHECK(lines[2]["level"] == "error");
        CHECK(lines[2]["reason"] == "database error");
        CHECK(lines[2]["exit_code"] == 2);
        CHECK(lines[2]["problem"] == "cannot open database " + garbage + ": file is not a database");
    }
    const auto bad_level = run_office_mcp({"--log-level", "loud"});
    CHECK(bad_level.status == 2);
    CHECK(bad_level.err == "office-mcp: unknown log level loud (error, warn, info or debug)\n");
    const auto bad_file = run_office_mcp({"--db", db, "--log-file", dir.file("missing/office.log")});
    CHECK(bad_file.status == 2);
    CHECK(bad_file.err == "office-mcp: cannot open log file " + dir.file("missing/office.log") + ": No such file or directory\n");
}

TEST_CASE("a request refused for its envelope is still logged with its client, era and error code", "[operator][log]") {
    std::vector<std::string> lines;
    office::Logger logger(office::LogLevel::Info, [&](std::string_view line) { lines.emplace_back(line); });
    office::SessionOptions options;
    options.logger = &logger;
    office::Session session(std::move(options));
    std::string out;
    session.handle_line(json{{"jsonrpc", "2.0"}, {"id", "x"}, {"method", "tools/list"},
                             {"params", {{"_meta", {{"io.modelcontextprotocol/protocolVersion", "2099-01-01"},
                                                    {"io.modelcontextprotocol/clientCapabilities", json::object()},
                                                    {"io.modelcontextprotocol/clientInfo", {{"name", "future-client"}, {"version", "9"}}}}}}}}
                            .dump(),
                        out);
    REQUIRE(lines.size() == 1);
    const auto line = json::parse(lines[0]);
    CHECK(line["id"] == "x");
    CHECK(line["era"] == "modern");
    CHECK(line["version"].is_null());
    CHECK(line["client"] == json::parse(R"({"name":"future-client","version":"9"})"));
    CHECK(line["method"] == "tools/list");
    CHECK(line["outcome"] == "protocol_error");
    CHECK(line["code"] == -32022);
    CHECK(line["problem"] == "Unsupported protocol version");
    CHECK(std::count(out.begin(), out.end(), '\n') == 1);
}

TEST_CASE("each request in a batch gets its own log line, and notifications only at debug", "[operator][log]") {
    for (const auto level : {office::LogLevel::Info, office::LogLevel::Debug}) {
        std::vector<json> lines;
        office::Logger logger(level, [&](std::string_view line) { lines.push_back(json::parse(line)); });
        office::SessionOptions options;
        options.logger = &logger;
        office::Session session(std::move(options));
        std::string out;
        session.handle_line(json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"},
                                 {"params", {{"protocolVersion", "2025-03-26"}, {"capabilities", json::object()},
                                             {"clientInfo", {{"name", "batcher"}, {"version", "3"}}}}}}
                                .dump(),
                            out);
        session.handle_line(R"([{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},)"
                            R"({"jsonrpc":"2.0","id":3,"method":"nope"}])",
                            out);
        std::vector<std::string> seen;
        for (const auto& line : lines)
            seen.push_back(line["event"].get<std::string>() + " " + line["id"].dump() + " " + line["method"].get<std::string>() +
                           " " + line["outcome"].get<std::string>() + " " + line["client"]["name"].get<std::string>() + " " +
                           line["version"].get<std::string>());
        std::vector<std::string> expected{"request 1 initialize ok batcher 2025-03-26", "request 2 ping ok batcher 2025-03-26",
                                          "request 3 nope protocol_error batcher 2025-03-26"};
        if (level == office::LogLevel::Debug)
            expected.insert(expected.begin() + 2, "notification null notifications/initialized ok batcher 2025-03-26");
        CHECK(seen == expected);
    }
}

TEST_CASE("a log line is JSON whatever the text holds, and the level decides which lines are built", "[operator][log]") {
    std::vector<std::string> sunk;
    office::Logger logger(office::LogLevel::Info, [&](std::string_view line) { sunk.emplace_back(line); });
    const json id = "req-\"1\"";
    office::RequestLogEntry entry;
    entry.id = &id;
    entry.era = "legacy";
    entry.version = "2025-03-26";
    entry.client_name = "tab\there";
    entry.client_version = "bad \xff byte";
    entry.method = "tools/call";
    entry.tool = "book_slot";
    entry.duration_us = 42;
    entry.outcome = office::Outcome::ToolError;
    entry.problem = "line\nbreak \x01";
    const json arguments{{"slot_id", 1}};
    entry.arguments = &arguments;
    logger.request(entry);
    REQUIRE(sunk.size() == 1);
    const auto& line = sunk[0];
    CHECK(line.back() == '\n');
    CHECK(std::count(line.begin(), line.end(), '\n') == 1);
    const auto time_end = line.find("\",\"level\"");
    REQUIRE(std::regex_match(line.substr(9, time_end - 9), kIsoMicros));
    CHECK(line.substr(time_end) ==
          "\",\"level\":\"warn\",\"event\":\"request\",\"id\":\"req-\\\"1\\\"\",\"era\":\"legacy\",\"version\":\"2025-03-26\","
          "\"client\":{\"name\":\"tab\\there\",\"version\":\"bad \xEF\xBF\xBD byte\"},\"method\":\"tools/call\","
          "\"tool\":\"book_slot\",\"duration_us\":42,\"outcome\":\"tool_error\",\"problem\":\"line\\nbreak \\u0001\"}\n");

    office::Logger quiet(office::LogLevel::Error, [&](std::string_view line) { sunk.emplace_back(line); });
    quiet.request(entry);
    quiet.event(office::LogLevel::Info, "start", nlohmann::ordered_json{{"db", "x"}});
    CHECK(sunk.size() == 1);
    office::Logger none;
    none.request(entry);  // no sink: nothing, and no crash
    CHECK_FALSE(none.enabled(office::LogLevel::Error));
}

TEST_CASE("log tail prints each entry as one line a person reads", "[operator][log]") {
    CHECK(office::pretty_log_line(
              R"({"time":"2026-11-30T01:27:19.123456Z","level":"warn","event":"request","id":4,"era":"modern","version":"2026-07-28","client":{"name":"e2e-alpha","version":"1.0"},"method":"tools/call","tool":"book_slot","duration_us":57,"outcome":"tool_error","problem":"Slot 1 is already booked."})") ==
          "2026-11-30 01:27:19.123456  tool error      tools/call book_slot                 57 us  e2e-alpha/1.0         id 4      Slot 1 is already booked.");
    CHECK(office::pretty_log_line(
              R"({"time":"2026-11-30T01:27:19.000001Z","level":"warn","event":"request","id":null,"era":null,"version":null,"client":{"name":null,"version":null},"method":null,"tool":null,"duration_us":3,"outcome":"protocol_error","code":-32700,"problem":"Parse error: the line is not valid JSON"})") ==
          "2026-11-30 01:27:19.000001  error -32700    -                                     3 us  -                               Parse error: the line is not valid JSON");
    CHECK(office::pretty_log_line(
              R"({"time":"2026-11-30T01:27:18.000000Z","level":"info","event":"start","version":"0.1.0","db":"/tmp/office.db","profile":"lunch","pid":7,"tools":["order_lunch"],"log_level":"info"})") ==
          "2026-11-30 01:27:18.000000  start           office-mcp 0.1.0 on /tmp/office.db, profile lunch, tools order_lunch, log level info, pid 7");
    CHECK(office::pretty_log_line(
              R"({"time":"2026-11-30T01:27:20.000000Z","level":"info","event":"stop","version":"0.1.0","db":"/tmp/office.db","profile":"lunch","pid":7,"reason":"end of input","exit_code":0})") ==
          "2026-11-30 01:27:20.000000  stop            end of input (exit 0)");
    CHECK(office::pretty_log_line("office-mcp: not one of ours") == "office-mcp: not one of ours");

    // Through the binary: a file given by name, the --log-file, and stdin.
    TempDir dir;
    const auto log_file = dir.file("office.log");
    {
        ServerProcess server({"--db", dir.file("office.db"), "--log-file", log_file});
        server.request(call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
        server.request(call(2, "book_slot", {{"slot_id", 3}, {"customer_id", 1}}));
        server.close_stdin();
        REQUIRE(server.wait() == 0);
    }
    std::string expected;
    for (const auto& line : split_lines(read_file(log_file))) expected += office::pretty_log_line(line) + "\n";
    REQUIRE(split_lines(expected).size() == 4);
    CHECK(split_lines(expected)[1].find("  ok              tools/call order_lunch") != std::string::npos);
    CHECK(split_lines(expected)[2].find("Slot 3 (2026-09-04 14:00) is already booked") != std::string::npos);
    const auto by_name = run_office_mcp({"log", "tail", log_file});
    CHECK(by_name.status == 0);
    CHECK(by_name.out == expected);
    CHECK(run_office_mcp({"log", "tail", "--log-file", log_file}).out == expected);
    ServerProcess from_stdin({"log", "tail"});
    for (const auto& line : split_lines(read_file(log_file))) from_stdin.send(line);
    from_stdin.close_stdin();
    std::string piped;
    while (auto line = from_stdin.read_line()) piped += *line + "\n";
    CHECK(from_stdin.wait() == 0);
    CHECK(piped == expected);
    const auto missing = run_office_mcp({"log", "tail", dir.file("nope.log")});
    CHECK(missing.status == 2);
    CHECK(missing.err == "office-mcp: cannot read log file " + dir.file("nope.log") + ": No such file or directory\n");
}

// ---- the audit trail --------------------------------------------------------------------------

TEST_CASE("after writes from two differently named clients office-mcp audit shows each write with its client, era and time", "[operator][audit]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const auto before = std::chrono::system_clock::now() - std::chrono::seconds(1);
    {
        ServerProcess alpha({"--db", db});  // 2026-07-28, no elicitation: the refund is queued
        CHECK(alpha.request(call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}, "alpha-agent"))["result"].value("isError", false) == false);
        CHECK(alpha.request(call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}, "alpha-agent"))["result"].value("isError", false) == false);
        CHECK(alpha.request(call(3, "issue_refund", {{"invoice_id", 4}}, "alpha-agent"))["result"]["structuredContent"]["status"] == "pending");
        CHECK(alpha.request(call(4, "book_slot", {{"slot_id", 1}, {"customer_id", 2}}, "alpha-agent"))["result"]["isError"] == true);
    }
    {
        ServerProcess bravo({"--db", db});  // legacy, with elicitation
        initialize(bravo, "2025-11-25", {{"elicitation", json::object()}}, "bravo-agent", "2.0");
        CHECK(bravo.request(legacy_call(1, "book_slot", {{"slot_id", 4}, {"customer_id", 3}}))["result"].value("isError", false) == false);
        CHECK(legacy_refund(bravo, 2, 2, accept(80, "Charged twice"))["result"]["structuredContent"]["status"] == "refunded");
        CHECK(legacy_refund(bravo, 3, 1, {{"action", "decline"}})["result"]["structuredContent"]["status"] == "declined");
    }
    {
        ServerProcess desk({"--db", db});  // office-desk clearing the queue is just another client
        initialize(desk, "2025-11-25", {{"elicitation", json::object()}}, "office-desk", "0.1.0");
        CHECK(legacy_refund(desk, 1, 4, accept(410, "Wrong order"))["result"]["structuredContent"]["status"] == "refunded");
    }
    const auto after = std::chrono::system_clock::now() + std::chrono::seconds(1);

    const auto listed = run_office_mcp({"audit", "--db", db});
    REQUIRE(listed.status == 0);
    const auto rows = split_lines(listed.out);
    REQUIRE(rows.size() == 8);
    CHECK(audit_columns(rows[0]) == std::vector<std::string>{"TIME", "CLIENT", "ERA", "ACTION", "SUBJECT", "DETAIL", "TRACE"});
    const std::vector<std::vector<std::string>> expected{
        {"alpha-agent/1.0", "modern 2026-07-28", "slot_booked", "slot 1", "Booked slot 1 (2026-09-04 09:00) for Maria Alvarez (customer 1)."},
        {"alpha-agent/1.0", "modern 2026-07-28", "lunch_ordered", "lunch_order 1", "Lunch order #1: Ordered 2 tortillas."},
        {"alpha-agent/1.0", "modern 2026-07-28", "refund_queued", "invoice 4",
         "Approval request #1 queued for the refund of invoice 4 (Priya Nair, open, 410.00); the client cannot show the approval form."},
        {"bravo-agent/2.0", "legacy 2025-11-25", "slot_booked", "slot 4", "Booked slot 4 (2026-09-05 09:00) for Priya Nair (customer 3)."},
        {"bravo-agent/2.0", "legacy 2025-11-25", "refund_issued", "invoice 2",
         "Refunded 80.00 of invoice 2 (Maria Alvarez, open, 80.00), approved through elicitation. Reason: Charged twice"},
        {"bravo-agent/2.0", "legacy 2025-11-25", "refund_declined", "invoice 1",
         "A person declined the refund of invoice 1 (Maria Alvarez, paid, 240.00)."},
        {"office-desk/0.1.0", "legacy 2025-11-25", "refund_issued", "invoice 4",
         "Refunded 410.00 of invoice 4 (Priya Nair, open, 410.00), approved through elicitation. Reason: Wrong order "
         "(asked by alpha-agent/1.0 in approval request #1, approved by office-desk/0.1.0)"},
    };
    const auto iso = [](std::chrono::system_clock::time_point t) {
        const std::time_t s = std::chrono::system_clock::to_time_t(t);
        std::tm tm{};
        gmtime_r(&s, &tm);
        char text[32];
        std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
        return std::string(text);
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO(rows[i + 1]);
        auto columns = audit_columns(rows[i + 1]);
        REQUIRE(columns.size() == 7);
        CHECK(std::regex_match(columns.back(), std::regex("[0-9a-f]{32}")));  // the trace of the request that wrote it
        columns.pop_back();
        CHECK(std::regex_match(columns[0], kIsoSeconds));
        CHECK(columns[0] >= iso(before));
        CHECK(columns[0] <= iso(after));
        columns.erase(columns.begin());
        CHECK(columns == expected[i]);
    }

    // The same rows, field by field, as office-desk's tab reads them from the table.
    {
        office::SqliteOfficeStore store(std::make_unique<office::Database>(db, office::Database::Mode::ReadOnly));
        const auto entries = store.read_audit();
        REQUIRE(entries.size() == 7);
        CHECK(entries[0].client_name == "alpha-agent");
        CHECK(entries[0].client_version == "1.0");
        CHECK(entries[0].era == "modern");
        CHECK(entries[0].protocol_version == "2026-07-28");
        CHECK(entries[6].client_name == "office-desk");
        CHECK(entries[6].era == "legacy");
        CHECK(entries[6].subject_type == "invoice");
        CHECK(entries[6].subject_id == 4);
        CHECK(scalar(store.database(), "SELECT status FROM approval_requests WHERE id = 1") == "approved");
    }

    const auto subjects = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"audit", "--db", db});
        const auto result = run_office_mcp(args);
        REQUIRE(result.status == 0);
        std::vector<std::string> seen;
        const auto lines = split_lines(result.out);
        for (std::size_t i = 1; i < lines.size(); ++i) seen.push_back(audit_columns(lines[i]).at(3) + " " + audit_columns(lines[i]).at(4));
        return seen;
    };
    CHECK(subjects({"--invoice", "4"}) == std::vector<std::string>{"refund_queued invoice 4", "refund_issued invoice 4"});
    CHECK(subjects({"--slot", "4"}) == std::vector<std::string>{"slot_booked slot 4"});
    CHECK(subjects({"--slot", "1", "--invoice", "2"}) == std::vector<std::string>{"slot_booked slot 1", "refund_issued invoice 2"});
    CHECK(subjects({"--since", utc_day(before)}).size() == 7);
    const auto tomorrow = run_office_mcp({"audit", "--db", db, "--since", utc_day(after + std::chrono::hours(24))});
    CHECK(tomorrow.out == "No audit entries match.\n");
    const auto bad_day = run_office_mcp({"audit", "--db", db, "--since", "2026/11/30"});
    CHECK(bad_day.status == 2);
    CHECK(bad_day.err == "office-mcp: --since needs a day as YYYY-MM-DD\n");
    const auto no_such_day = run_office_mcp({"audit", "--db", db, "--since", "2026-13-45"});
    CHECK(no_such_day.status == 2);
    CHECK(no_such_day.err == "office-mcp: --since needs a day as YYYY-MM-DD\n");
    const auto bad_invoice = run_office_mcp({"audit", "--db", db, "--invoice", "two"});
    CHECK(bad_invoice.err == "office-mcp: --invoice needs a positive whole number\n");
    const auto no_db = run_office_mcp({"audit", "--db", dir.file("none.db")});
    CHECK(no_db.status == 2);
    CHECK(no_db.err == "office-mcp: database " + dir.file("none.db") + " does not exist: nothing was written yet\n");
    CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
}

TEST_CASE("refused and read-only calls leave no audit row", "[operator][audit]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        ServerProcess server({"--db", db});
        server.request(call(1, "book_slot", {{"slot_id", 3}, {"customer_id", 1}}));  // taken by the seed
        server.request(call(2, "book_slot", {{"slot_id", 99}, {"customer_id", 1}}));
        server.request(call(3, "book_slot", {{"slot_id", 1}, {"customer_id", 99}}));
        server.request(call(4, "order_lunch", {{"item", "sopa"}, {"quantity", 1}}));
        server.request(call(5, "find_customer", {{"query", "Maria"}}));
    }
    office::Database store(db, office::Database::Mode::ReadOnly);
    CHECK(scalar(store, "SELECT count(*) FROM audit") == "0");
}

// ---- the migration ------------------------------------------------------------------------------

TEST_CASE("a database made by the previous schema opens, migrates and keeps every row", "[operator][migration]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    std::filesystem::copy_file(kFixture, db);
    std::map<std::string, std::vector<std::string>> before;
    std::map<std::string, std::string> schema1_columns;  // later schemas add columns to some tables
    {
        office::Database old(db, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "1");
        CHECK(scalar(old, "SELECT count(*) FROM sqlite_master WHERE name = 'audit'") == "0");
        for (const auto& table : kSchema1Tables) {
            schema1_columns[table] = columns_of(old, table);
            before[table] = dump_table(old, table);
        }
    }
    // What the fixture holds: a booking, a lunch order, a queued approval request, a refund.
    CHECK(before["slots"].at(0) == "1|'2026-09-04'|'09:00'|1|'2026-11-30T01:57:40Z'|'fixture-client/0.9'");
    CHECK(before["lunch_orders"].size() == 1);
    CHECK(before["approval_requests"].size() == 1);
    CHECK(before["refunds"].size() == 1);
    CHECK(before["used_request_states"].size() == 1);

    {
        auto migrated = office::open_office_database(db);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));
        for (const auto& table : kSchema1Tables) {
            INFO(table);
            CHECK(dump_table(*migrated, table, schema1_columns[table]) == before[table]);
        }
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        CHECK(scalar(*migrated, "SELECT count(*) FROM pragma_foreign_key_check") == "0");
        // Writes made before the trail existed are in it, marked as such.
        const auto entries = office::SqliteOfficeStore(std::move(migrated)).read_audit();
        REQUIRE(entries.size() == 4);
        std::vector<std::string> seen;
        for (const auto& e : entries)
            seen.push_back(e.at + "|" + e.client_name + "|" + e.client_version + "|" + e.era + "|" + e.protocol_version + "|" +
                           e.action + "|" + e.subject_type + " " + std::to_string(e.subject_id) + "|" + e.detail);
        CHECK(seen == std::vector<std::string>{
                          "2026-11-30T01:57:40Z|fixture-client|0.9|unknown||slot_booked|slot 1|Booked slot 1 (2026-09-04 09:00) "
                          "for customer 1. (Recorded before the audit trail existed.)",
                          "2026-11-30T01:57:40Z|fixture-client|0.9|unknown||lunch_ordered|lunch_order 1|Ordered 2 tortilla "
                          "(note: sin cebolla). (Recorded before the audit trail existed.)",
                          "2026-11-30T01:57:40Z|queue-client|0.9|unknown||refund_queued|invoice 4|Approval request #1 queued "
                          "for invoice 4. (Recorded before the audit trail existed.)",
                          "2026-11-30T01:57:40Z|form-client|0.9|unknown||refund_issued|invoice 2|Refunded 80.00 of invoice 2 "
                          "(approved via input_required). Reason: Charged twice (Recorded before the audit trail existed.)"});
    }
    {
        // A migrated file and a new one have the same schema.
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        office::Database migrated(db, office::Database::Mode::ReadOnly);
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(migrated, schema));
        CHECK(scalar(*fresh, "SELECT count(*) FROM audit") == "0");
    }

    // The real binary goes on writing to it, and audits the new write.
    {
        ServerProcess server({"--db", db});
        CHECK(server.request(call(1, "order_lunch", {{"item", "ensalada"}, {"quantity", 1}}, "after-migration"))["result"]["structuredContent"]["order_id"] == 2);
    }
    office::Database after(db, office::Database::Mode::ReadOnly);
    CHECK(scalar(after, "SELECT client_name || '|' || era || '|' || action FROM audit WHERE id = 5") == "after-migration|modern|lunch_ordered");
}

TEST_CASE("office-mcp audit on a database of the previous schema migrates it and lists what was done before", "[operator][migration]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    std::filesystem::copy_file(kFixture, db);
    const auto listed = run_office_mcp({"audit", "--db", db, "--invoice", "2"});
    REQUIRE(listed.status == 0);
    const auto rows = split_lines(listed.out);
    REQUIRE(rows.size() == 2);
    CHECK(audit_columns(rows[1]) ==
          std::vector<std::string>{"2026-11-30T01:57:40Z", "form-client/0.9", "unknown", "refund_issued", "invoice 2",
                                   "Refunded 80.00 of invoice 2 (approved via input_required). Reason: Charged twice "
                                   "(Recorded before the audit trail existed.)",
                                   "-"});  // written before the audit had trace ids
    office::Database migrated(db, office::Database::Mode::ReadOnly);
    CHECK(scalar(migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));
    CHECK(scalar(migrated, "SELECT count(*) FROM refunds") == "1");
}

TEST_CASE("the audit table lines its columns up under a header, and says so when nothing is there", "[audit]") {
    const std::vector<office::AuditEntry> entries{
        {1, "2026-09-21T14:13:20Z", "alpha-agent", "1.0", "modern", "2026-07-28", "slot_booked", "slot", 4, "Booked slot 4.",
         "", "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"},
        {2, "2026-09-21T15:00:00Z", "office-mcp", "", "command", "", "refund_reopened", "invoice", 12, "Re-opened."},
    };
    CHECK(office::audit_table(entries, false) ==
          "TIME                  CLIENT           ERA                ACTION           SUBJECT     DETAIL          TRACE\n"
          "2026-09-21T14:13:20Z  alpha-agent/1.0  modern 2026-07-28  slot_booked      slot 4      Booked slot 4.  4bf92f3577b34da6a3ce929d0e0e4736\n"
          "2026-09-21T15:00:00Z  office-mcp       command            refund_reopened  invoice 12  Re-opened.      -\n");
    CHECK(office::audit_table({}, false) == "No audit entries.\n");
    CHECK(office::audit_table({}, true) == "No audit entries match.\n");
}

TEST_CASE("the console shows what clients sent, escape sequences and bidi controls visibly, and never obeys them", "[operator][audit][log]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const auto log = dir.file("office.log");
    // A client name that would set the terminal's title, clear its screen and turn it red; and a
    // stored row from before names refused bidirectional overrides.
    const std::string evil = "\x1b]0;owned\a\x1b[2J\x1b[31mEVIL";
    {
        ServerProcess server({"--db", db, "--log-file", log});
        initialize(server, "2025-11-25", json::object(), evil, "1.0");
        CHECK(server.request(legacy_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))["result"].value("isError", false) == false);
    }
    {
        office::Database raw(db, office::Database::Mode::ReadWrite);
        raw.trust_schema();
        raw.exec("UPDATE customers SET name = 'Ann' || char(0x202E) || 'elif.exe' WHERE id = 1");
    }
    const auto audit = run_office_mcp({"audit", "--db", db});
    const auto tail = run_office_mcp({"log", "tail", log});
    const auto customers = run_office_mcp({"customers", "list", "--db", db});
    for (const auto* shown : {&audit.out, &tail.out, &customers.out}) {
        INFO(*shown);
        CHECK(shown->find('\x1b') == std::string::npos);
        CHECK(shown->find('\a') == std::string::npos);
        CHECK(shown->find("\u202E") == std::string::npos);
    }
    CHECK(audit.out.find("\\x1B]0;owned\\x07\\x1B[2J\\x1B[31mEVIL/1.0") != std::string::npos);
    CHECK(tail.out.find("\\x1B]0;owned\\x07") != std::string::npos);
    CHECK(customers.out.find("Ann<U+202E>elif.exe") != std::string::npos);
}

TEST_CASE("over stdio a call past --rate-limit is an isError result saying when to try again, and nothing is written", "[operator][limits]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    ServerProcess server({"--db", db, "--rate-limit", "order_lunch=2/h", "--rate-limit", "*=100/s"});
    const auto order = [&](int id, const std::string& client) {
        return server.request(tools_call(id, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}, json::object(), client));
    };
    const auto failed = [](const json& reply) { return reply["result"].value("isError", false); };
    CHECK_FALSE(failed(order(1, "agent")));
    CHECK_FALSE(failed(order(2, "agent")));
    const auto refused = order(3, "agent");
    CHECK(failed(refused));
    CHECK(refused["result"]["content"][0]["text"] ==
          "order_lunch was not run: agent/1.0 may call it 2 times an hour (--rate-limit order_lunch=2/h); try again in 1800 s.");
    CHECK_FALSE(failed(order(4, "another-agent")));  // a bucket per caller
    server.close_stdin();
    CHECK(server.wait() == 0);
    const auto audit = run_office_mcp({"audit", "--db", db});
    std::size_t orders = 0;
    for (auto at = audit.out.find("lunch_ordered"); at != std::string::npos; at = audit.out.find("lunch_ordered", at + 1)) ++orders;
    CHECK(orders == 3);
    const auto bad = run_office_mcp({"--db", db, "--rate-limit", "order_lunch=lots"});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--rate-limit order_lunch=lots: expected TOOL=N/PERIOD") != std::string::npos);
}

TEST_CASE("trace context: a traceparent in _meta makes the request a child span, on its log line and its audit row", "[operator][trace]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const std::string trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const std::string caller_span = "00f067aa0ba902b7";
    const auto traced = [](json message, const std::string& traceparent) {
        message["params"]["_meta"]["traceparent"] = traceparent;
        message["params"]["_meta"]["tracestate"] = "office=1";
        return message;
    };
    {
        ServerProcess server({"--db", db});
        CHECK_FALSE(server.request(traced(call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}),
                                          "00-" + trace + "-" + caller_span + "-01"))["result"].value("isError", false));
        // Not W3C syntax: ignored, each request then starts a trace of its own.
        for (const auto* bad : {"00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01",  // uppercase
                                "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // the invalid trace id
                                "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // the invalid span id
                                "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // version ff
                                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x",  // 00 with more
                                "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01"})  // one digit short
            CHECK_FALSE(server.request(traced(call(2, "find_customer", {{"query", "Maria"}}), bad))["result"].value("isError", false));
        CHECK_FALSE(server.request(traced(call(3, "find_customer", {{"query", "Maria"}}),
                                          "01-" + trace + "-" + caller_span + "-01-future"))["result"].value("isError", false));
        CHECK_FALSE(server.request(call(4, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}))["result"].value("isError", false));
        server.send(std::string(R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":"not an object"})"));
        CHECK(server.read()["error"]["code"] == -32602);
        server.close_stdin();
        REQUIRE(server.wait() == 0);
        const auto requests = requests_of(parse_lines(server.stderr_text()));
        REQUIRE(requests.size() == 10);
        const std::regex trace_id("[0-9a-f]{32}"), span_id("[0-9a-f]{16}");
        std::set<std::string> traces, spans;
        for (const auto& line : requests) {
            INFO(line.dump());
            REQUIRE(line.contains("trace_id"));  // every line, even of a request refused at once
            CHECK(std::regex_match(line["trace_id"].get<std::string>(), trace_id));
            CHECK(std::regex_match(line["span_id"].get<std::string>(), span_id));
            traces.insert(line["trace_id"].get<std::string>());
            spans.insert(line["span_id"].get<std::string>());
        }
        CHECK(spans.size() == 10);  // a span of its own per request
        CHECK(traces.size() == 9);  // the two calls in the caller's trace share it; the rest start their own
        CHECK(requests[0]["trace_id"] == trace);
        CHECK(requests[0]["parent_span_id"] == caller_span);
        CHECK(requests[0]["span_id"] != caller_span);
        CHECK(requests[7]["trace_id"] == trace);  // a later version's longer form is understood
        for (int i = 1; i <= 6; ++i) {
            CHECK(requests[i]["trace_id"] != trace);
            CHECK_FALSE(requests[i].contains("parent_span_id"));
        }

        // The audit rows carry the trace and span of the request that wrote them: the join.
        office::SqliteOfficeStore store(std::make_unique<office::Database>(db, office::Database::Mode::ReadOnly));
        const auto audit = store.read_audit();
        REQUIRE(audit.size() == 2);
        CHECK(audit[0].action == "lunch_ordered");
        CHECK(audit[0].trace_id == trace);
        CHECK(audit[0].span_id == requests[0]["span_id"]);
        CHECK(audit[1].action == "slot_booked");
        CHECK(audit[1].trace_id == requests[8]["trace_id"]);
        CHECK(audit[1].span_id == requests[8]["span_id"]);
    }
    // office-mcp audit --trace: the writes of one trace; and the trace column.
    const auto one = run_office_mcp({"audit", "--db", db, "--trace", trace});
    REQUIRE(one.status == 0);
    const auto rows = split_lines(one.out);
    REQUIRE(rows.size() == 2);
    CHECK(audit_columns(rows[1]).at(3) == "lunch_ordered");
    CHECK(audit_columns(rows[1]).back() == trace);
    CHECK(run_office_mcp({"audit", "--db", db, "--trace", "0af7651916cd43dd8448eb211c80319c"}).out == "No audit entries match.\n");
    const auto bad = run_office_mcp({"audit", "--db", db, "--trace", "XYZ"});
    CHECK(bad.status == 2);
    CHECK(bad.err == "office-mcp: --trace needs a trace id: 32 lowercase hex digits, as the log's trace_id\n");
}

TEST_CASE("a 2025 call that asks a person keeps one trace and span: its elicitation event and its request line", "[operator][trace]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    initialize(server, "2025-11-25", {{"elicitation", json::object()}}, "form-client", "1.0");
    json ask{{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/call"},
             {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}},
                         {"_meta", {{"traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}}}};
    const auto question = server.request(ask);
    REQUIRE(question["method"] == "elicitation/create");
    server.send(json{{"jsonrpc", "2.0"}, {"id", question["id"]}, {"result", {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "Late"}}}}}});
    CHECK(server.read()["id"] == 7);
    server.close_stdin();
    REQUIRE(server.wait() == 0);
    const auto lines = parse_lines(server.stderr_text());
    std::vector<json> of_call;
    for (const auto& line : lines)
        if (line.value("event", "") == "elicitation" || (line.value("event", "") == "request" && line["id"] == 7)) of_call.push_back(line);
    REQUIRE(of_call.size() == 2);
    CHECK(of_call[0]["trace_id"] == "0af7651916cd43dd8448eb211c80319c");
    CHECK(of_call[1]["trace_id"] == "0af7651916cd43dd8448eb211c80319c");
    CHECK(of_call[0]["span_id"] == of_call[1]["span_id"]);
    CHECK(of_call[1]["parent_span_id"] == "b7ad6b7169203331");
    office::SqliteOfficeStore store(std::make_unique<office::Database>(dir.file("office.db"), office::Database::Mode::ReadOnly));
    const auto audit = store.read_audit();
    REQUIRE(audit.size() == 1);
    CHECK(audit[0].span_id == of_call[1]["span_id"]);
}
