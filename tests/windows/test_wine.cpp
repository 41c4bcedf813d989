// office-mcp.exe under Wine (issue 54): what differs on Windows, over real pipes. Hidden from the
// Linux runs ([.windows]); tests/windows/CMakeLists.txt runs them as windows.e2e, with
// OFFICE_MCP_TEST_BINARY set to the .exe under Wine (so ServerProcess and run_office_mcp start
// it) and OFFICE_WINDOWS_EXE and OFFICE_WINE_PREFIX saying where it and its C: drive are.

#include "http_test_support.h"
#include "messages.h"
#include "server_process.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <atomic>
#include <thread>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace {

using json = nlohmann::json;
using office::testing::CommandResult;
using office::testing::run_office_mcp;
using office::testing::ServerProcess;
using office::testing::TempDir;
using office::testing::tools_call;

// Where the suite's Wine keeps drive C: (wine.sh start made it).
std::filesystem::path drive_c() {
    const char* prefix = std::getenv("OFFICE_WINE_PREFIX");
    if (!prefix || !std::getenv("OFFICE_WINDOWS_EXE"))
        FAIL("run through ctest -L windows: OFFICE_WINE_PREFIX and OFFICE_WINDOWS_EXE say which .exe and which Wine");
    return std::filesystem::path(prefix) / "drive_c";
}

// While one lives, ServerProcess and run_office_mcp start office-mcp of this build, on Linux,
// rather than the .exe: the same office run by both, to compare.
class OnLinux {
public:
    OnLinux() : exe_(std::getenv("OFFICE_MCP_TEST_BINARY") ? std::getenv("OFFICE_MCP_TEST_BINARY") : "") {
        ::unsetenv("OFFICE_MCP_TEST_BINARY");
    }
    ~OnLinux() { ::setenv("OFFICE_MCP_TEST_BINARY", exe_.c_str(), 1); }

private:
    std::string exe_;
};

std::string query_text(const std::string& db, const std::string& sql) {
    sqlite3* handle = nullptr;
    std::string out;
    if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(handle, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK)
            while (sqlite3_step(statement) == SQLITE_ROW) out += reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)) + std::string("\n");
        sqlite3_finalize(statement);
    }
    sqlite3_close(handle);
    return out;
}

}  // namespace

TEST_CASE("office-mcp.exe writes protocol lines only, each ended by LF alone, and answers a non-string method with -32600", "[.windows]") {
    drive_c();
    office::testing::TestDatabase office;
    ServerProcess server({"--db", office.arg()});
    office::testing::initialize(server, "2025-11-25");
    server.send(std::string(R"({"jsonrpc":"2.0","id":1,"method":42})"));
    server.send(std::string(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"));
    server.send(json{{"jsonrpc", "2.0"}, {"id", 3}, {"method", "server/discover"}, {"params", office::testing::modern_params()}});
    std::vector<std::string> lines;
    for (int i = 0; i < 3; ++i) {
        const auto line = server.read_line();
        REQUIRE(line);
        lines.push_back(*line);
    }
    server.close_stdin();
    while (const auto more = server.read_line(5000)) lines.push_back(*more);  // nothing else may come
    CHECK(server.wait() == 0);
    REQUIRE(lines.size() == 3);
    for (const auto& line : lines) {
        INFO(line);
        CHECK(line.find('\r') == std::string::npos);  // stdout is binary: "\n" is not "\r\n"
        CHECK(json::accept(line));                    // and holds no console noise
    }
    const json bad = json::parse(lines[0]), listed = json::parse(lines[1]), discovered = json::parse(lines[2]);
    CHECK(bad["id"] == 1);
    CHECK(bad["error"]["code"] == -32600);
    CHECK(listed["id"] == 2);
    CHECK(listed["result"]["tools"].size() >= 6);
    CHECK(discovered["result"]["supportedVersions"].dump().find("2026-07-28") != std::string::npos);
    // The log went to stderr, as JSON lines, and says why the process stopped.
    const std::string err = server.stderr_text();
    CHECK(err.find("\"reason\":\"end of input\"") != std::string::npos);
}

TEST_CASE("office-mcp.exe stops cleanly on the console's Ctrl+C, finishing what it was given", "[.windows]") {
    drive_c();
    office::testing::TestDatabase office;
    ServerProcess server({"--db", office.arg()});
    const json ordered = server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    REQUIRE(ordered.contains("result"));
    server.kill(SIGINT);  // Wine turns it into CTRL_C_EVENT for the console's processes
    CHECK(server.wait(15000) == 0);
    const std::string err = server.stderr_text();
    INFO(err);
    CHECK(err.find("\"reason\":\"console Ctrl+C\"") != std::string::npos);
    CHECK(office.text("SELECT SUM(quantity) FROM lunch_orders WHERE item = 'tortilla'") == "2");
}

TEST_CASE("the console commands work on a Windows path with letters beyond ASCII", "[.windows]") {
    const auto c = drive_c();
    TempDir dir;
    const std::string db = "C:\\Users\\Zoë\\clínica.db";  // what a Spanish-speaking Zoë has
    const std::filesystem::path db_here = c / "users" / "Zoë" / "clínica.db";
    std::filesystem::remove_all(c / "users" / "Zoë");
    const auto run = [&](std::vector<std::string> args) {
        args.insert(args.end(), {"--db", db});
        const auto result = run_office_mcp(args);
        INFO(args[0] << " " << (args.size() > 1 ? args[1] : "") << ": " << result.err);
        CHECK(result.status == 0);
        return result;
    };
    run({"db", "init", "--empty"});
    REQUIRE(std::filesystem::exists(db_here));  // the folder and file under their own names
    {
        std::ofstream csv(c / "users" / "Zoë" / "pacientes ñ.csv", std::ios::binary);
        csv << "Name,E-mail Address\r\nJosé Núñez,jose@example.es\r\n李小龙,li@example.cn\r\n";
    }
    run({"customers", "import", "C:\\Users\\Zoë\\pacientes ñ.csv"});
    run({"hours", "set", "mon-fri", "09:00-13:00", "--slot", "30"});
    const auto listed = run({"customers", "list"});
    CHECK(listed.out.find("José Núñez") != std::string::npos);
    CHECK(listed.out.find("李小龙") != std::string::npos);
    CHECK(run({"db", "path"}).out == db + "\n");
    run({"backup", "C:\\Users\\Zoë\\copia de clínica.db"});
    const std::filesystem::path backup_here = c / "users" / "Zoë" / "copia de clínica.db";
    REQUIRE(std::filesystem::exists(backup_here));
    // Both files are SQLite offices that Linux reads: the same format on both.
    for (const auto& file : {db_here, backup_here}) {
        INFO(file);
        CHECK(query_text(file.string(), "SELECT name FROM customers ORDER BY id") == "José Núñez\n李小龙\n");
    }
    std::filesystem::remove_all(c / "users" / "Zoë");
}

TEST_CASE("a Madrid office's hours and a booking across the 2027 spring change are the same under Wine as on Linux", "[.windows]") {
    drive_c();
    TempDir dir;
    const std::vector<std::string> now{"OFFICE_MCP_NOW=2027-03-26T08:00:00Z"};  // Friday; the clocks go forward on Sunday
    const std::string windows_db = dir.file("windows.db"), linux_db = dir.file("linux.db");
    const auto both = [&](std::vector<std::string> args) {
        auto w = args, l = args;
        w.insert(w.end(), {"--db", windows_db});
        l.insert(l.end(), {"--db", linux_db});
        const CommandResult windows = run_office_mcp(w, now);
        const CommandResult linux = [&] {
            OnLinux on_linux;
            return run_office_mcp(l, now);
        }();
        INFO(args[0] << ": " << windows.err << " | " << linux.err);
        CHECK(windows.status == 0);
        CHECK(linux.status == 0);
        CHECK(windows.out == linux.out);
        return windows.out;
    };
    both({"db", "init", "--empty"});
    both({"office", "set", "--time-zone", "Europe/Madrid", "--name", "Clínica Sol"});
    both({"hours", "set", "sat", "09:00-12:00", "--slot", "45"});
    both({"hours", "set", "mon", "09:00-13:00", "--slot", "30"});
    both({"customers", "add", "--name", "Ana", "--email", "ana@example.com"});
    const std::string office_shown = both({"office", "show"});
    CHECK(office_shown.find("Time zone:  Europe/Madrid\n") != std::string::npos);
    CHECK(office_shown.find("Today:      Friday 2027-03-26\n") != std::string::npos);
    both({"hours", "show"});

    // The same calls to both servers; every reply the same, to the byte.
    const std::vector<json> calls{
        tools_call(1, "list_availability", {{"day", "2027-03-27"}}),
        tools_call(2, "list_availability", {{"day", "2027-03-29"}}),
        tools_call(3, "book_slot", {{"slot_id", 202703270900}, {"customer_id", 1}}),
        tools_call(4, "book_slot", {{"slot_id", 202703291030}, {"customer_id", 1}}),
        tools_call(5, "list_availability", {{"day", "2027-03-29"}}),
    };
    std::vector<std::string> replies[2];
    for (int side = 0; side < 2; ++side) {
        std::optional<OnLinux> on_linux;
        if (side == 1) on_linux.emplace();
        ServerProcess server({"--db", side == 0 ? windows_db : linux_db}, now);
        for (const auto& call : calls) {
            server.send(call);
            const auto line = server.read_line();
            REQUIRE(line);
            replies[side].push_back(*line);
        }
        server.close_stdin();
        CHECK(server.wait() == 0);
    }
    for (std::size_t i = 0; i < calls.size(); ++i) {
        INFO(calls[i].dump());
        CHECK(replies[0][i] == replies[1][i]);
    }
    // And right: Saturday 09:00 is +01:00 (CET), Monday 10:30 is +02:00 (CEST).
    const json saturday = json::parse(replies[0][0])["result"]["structuredContent"]["slots"];
    const json monday = json::parse(replies[0][1])["result"]["structuredContent"]["slots"];
    REQUIRE(!saturday.empty());
    REQUIRE(!monday.empty());
    CHECK(saturday[0]["starts_at"] == "2027-03-27T09:00:00+01:00");
    bool found = false;
    for (const auto& slot : monday) found = found || slot["starts_at"] == "2027-03-29T10:30:00+02:00";
    CHECK(found);
    CHECK(query_text(windows_db, "SELECT day || ' ' || time FROM slots WHERE customer_id = 1 ORDER BY day") ==
          "2027-03-27 09:00\n2027-03-29 10:30\n");
}

TEST_CASE("office-mcp.exe --http: the health checks, /metrics and /calendar.ics answer, /mcp wants its bearer token, Ctrl+C stops it", "[.windows]") {
    using office::testing::Client;
    using office::testing::HttpOffice;
    drive_c();
    TempDir dir;
    const auto added = run_office_mcp({"token", "add", "desk", "--db", dir.file("office.db")});
    REQUIRE(added.status == 0);
    const std::string token = added.out.substr(0, added.out.find('\n'));
    HttpOffice office(dir);
    const auto get = [&](const std::string& target, const std::string& headers = "") {
        Client client(office.port);
        client.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n");
        return client.receive();
    };
    CHECK(get("/healthz").find("\r\n\r\n{\"status\":\"serving\"}\n") != std::string::npos);
    CHECK(get("/readyz").find("\r\n\r\n{\"status\":\"ready\"}\n") != std::string::npos);

    Client client(office.port);
    client.send(office::testing::modern(1, "tools/list"));
    CHECK(office::testing::status_of(client.receive()) == 401);
    client.send(office::testing::modern(2, "tools/list", json::object(), token + "x"));
    CHECK(office::testing::status_of(client.receive()) == 401);
    client.send(office::testing::modern(3, "tools/call", {{"name", "book_slot"}, {"arguments", {{"slot_id", 1}, {"customer_id", 1}}}}, token));
    const auto booked = client.receive();
    REQUIRE(office::testing::status_of(booked) == 200);
    const auto result = office::testing::body_of(booked)["result"];
    CHECK_FALSE(result.value("isError", false));
    CHECK(result["structuredContent"]["slot_id"] == 1);

    const auto auth = "Authorization: Bearer " + token + "\r\n";
    const auto calendar = get("/calendar.ics", auth);
    CHECK(office::testing::status_of(calendar) == 200);
    CHECK(calendar.find("BEGIN:VCALENDAR\r\n") != std::string::npos);
    CHECK(calendar.find("DTSTART") != std::string::npos);  // the booking just made
    CHECK(office::testing::status_of(get("/calendar.ics")) == 401);
    const auto metrics = get("/metrics", auth);
    CHECK(office::testing::status_of(metrics) == 200);
    CHECK(metrics.find("gen_ai_tool_name=\"book_slot\"") != std::string::npos);

    office.process.stop();  // the console's Ctrl+C: drained, then a clean exit
    CHECK(office.process.wait(15000) == 0);
    const auto err = office.process.stderr_text();
    INFO(err);
    CHECK(err.find("\"event\":\"drain\"") != std::string::npos);
    CHECK(err.find("\"event\":\"stop\"") != std::string::npos);
}

TEST_CASE("a backup office-mcp.exe takes while another .exe writes restores on Linux, and a Linux backup restores under Wine", "[.windows]") {
    drive_c();
    TempDir dir;
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    // The writer: another office-mcp.exe ordering lunch, each order acknowledged before the next.
    ServerProcess writer({"--db", db});
    std::atomic<bool> done{false};
    std::atomic<int> acknowledged{0};
    std::thread writing([&] {
        for (int n = 1; !done; ++n) {
            const json reply = writer.request(tools_call(n, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}, {"note", "w" + std::to_string(n)}}));
            if (!reply.contains("result") || reply["result"].value("isError", false)) return;
            acknowledged = n;
        }
    });
    while (acknowledged < 20) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const int before = acknowledged;
    const auto backup = dir.file("under-wine.db");
    const auto made = run_office_mcp({"backup", backup, "--db", db});
    const int after = acknowledged;
    while (acknowledged < after + 5) std::this_thread::sleep_for(std::chrono::milliseconds(10));  // still writing
    done = true;
    writing.join();
    INFO(made.err);
    REQUIRE(made.status == 0);

    // Linux's office-mcp restores it, checks it as this build's, and serves it: the orders acknowledged
    // before the backup began are there, each once, and none after it ended.
    const auto on_linux = dir.file("on-linux.db");
    {
        OnLinux linux;
        REQUIRE(run_office_mcp({"db", "init", "--db", on_linux}).status == 0);
        const auto restored = run_office_mcp({"restore", backup, "--db", on_linux});
        INFO(restored.err);
        REQUIRE(restored.status == 0);
        const int orders = std::stoi(query_text(on_linux, "SELECT count(*) FROM lunch_orders WHERE note LIKE 'w%'"));
        CHECK(orders >= before);
        CHECK(orders <= after);
        CHECK(query_text(on_linux, "SELECT count(DISTINCT note) FROM lunch_orders WHERE note LIKE 'w%'") == std::to_string(orders) + "\n");
        ServerProcess server({"--db", on_linux});
        CHECK(server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}, {"note", "from linux"}})).contains("result"));
        server.close_stdin();
        CHECK(server.wait() == 0);
        REQUIRE(run_office_mcp({"backup", dir.file("from-linux.db"), "--db", on_linux}).status == 0);
    }
    // And the other way: the .exe restores Linux's backup over its own office and serves it.
    writer.close_stdin();
    CHECK(writer.wait(15000) == 0);
    const auto restored = run_office_mcp({"restore", dir.file("from-linux.db"), "--db", db});
    INFO(restored.err);
    REQUIRE(restored.status == 0);
    ServerProcess server({"--db", db});
    const json found = server.request(tools_call(1, "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}}));
    CHECK(found.contains("result"));
    server.close_stdin();
    CHECK(server.wait() == 0);
    CHECK(query_text(db, "SELECT note FROM lunch_orders WHERE note = 'from linux'") == "from linux\n");
}
