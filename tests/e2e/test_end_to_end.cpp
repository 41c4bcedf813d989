// End-to-end: the real office-mcp binary over real pipes, on a real SQLite file.

#include "server_process.h"
#include "office_store_for.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include <signal.h>
#include <sys/stat.h>

using nlohmann::json;
using namespace office::testing;

namespace {

// The office of one test case, on the suites' backend: SQLite, or PostgreSQL when the suite
// runs as postgres.* (test_database.h). The cases tagged [sqlite] are about the file itself.
using Office = office::testing::TestDatabase;

std::string column(const Office& office, const std::string& sql) { return office.text(sql); }

std::string column(const std::string& db_path, const std::string& sql) {
    office::Database db(db_path, office::Database::Mode::ReadOnly);
    auto& q = db.prepare(sql);
    std::string value = q.step() ? q.column_text(0) : "<no row>";
    q.reset();
    return value;
}

}  // namespace

TEST_CASE("server/discover as a process's only request is answered and creates no database", "[e2e][sqlite]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    const auto reply = server.request({{"jsonrpc", "2.0"}, {"id", "d1"}, {"method", "server/discover"}, {"params", modern_params()}});
    CHECK(reply["result"]["supportedVersions"] == json::array({"2026-07-28"}));
    CHECK(reply["result"]["resultType"] == "complete");
    server.close_stdin();
    CHECK(server.wait() == 0);
    CHECK_FALSE(std::filesystem::exists(dir.file("office.db")));
    CHECK_FALSE(std::filesystem::exists(dir.file("office.db.key")));
}

TEST_CASE("a lunch order succeeds over pipes as a stateless request and after every legacy handshake", "[e2e]") {
    Office office;  // on the suites' backend
    {
        ServerProcess server({"--db", office.arg()});
        const auto reply = server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
        CHECK(reply_text(reply) == "Ordered 2 tortillas.");
        CHECK(reply["result"]["resultType"] == "complete");
    }
    for (const std::string version : {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}) {
        INFO(version);
        ServerProcess server({"--db", office.arg()});
        initialize(server, version);
        const auto reply = server.request(legacy_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
        CHECK(reply_text(reply) == "Ordered 2 tortillas.");
        CHECK_FALSE(reply["result"].contains("resultType"));
    }
    CHECK(column(office, "SELECT count(*) FROM lunch_orders") == "5");
}

TEST_CASE("a line that is not JSON gets -32700 and the next line is still served", "[e2e]") {
    Office office;  // on the suites' backend
    ServerProcess server({"--db", office.arg()});
    server.send(std::string("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\""));
    const auto error = server.read();
    CHECK(error["error"]["code"] == -32700);
    CHECK_FALSE(error.contains("id"));
    const auto reply = server.request(tools_call(2, "order_lunch", {{"item", "ensalada"}, {"quantity", 1}}));
    CHECK(reply["id"] == 2);
    CHECK(reply_text(reply) == "Ordered 1 ensalada.");
}

TEST_CASE("a line over the size cap is refused and the next line is still served", "[e2e]") {
    Office office;  // on the suites' backend
    ServerProcess server({"--db", office.arg()});
    server.send(std::string(5 * 1024 * 1024, 'x'));
    CHECK(server.read()["error"]["code"] == -32600);
    CHECK(server.request(tools_call(2, "find_customer", {{"query", "Priya"}}))["result"]["structuredContent"]["customers"][0]["id"] == 3);
}

TEST_CASE("the process exits promptly with status 0 on end of input and on SIGTERM", "[e2e]") {
    Office office;  // on the suites' backend
    {
        ServerProcess server({"--db", office.arg()});
        server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
        server.close_stdin();
        CHECK(server.wait(2000) == 0);
    }
    {
        ServerProcess server({"--db", office.arg()});
        server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
        server.kill(SIGTERM);
        CHECK(server.wait(2000) == 0);
    }
}

TEST_CASE("find Maria, read her invoices, see free slots and book one only once, through the real binary", "[e2e]") {
    Office office;  // on the suites' backend
    const auto db = office.arg();
    ServerProcess server({"--db", db});
    const auto found = server.request(tools_call(1, "find_customer", {{"query", "Maria"}}));
    REQUIRE(found["result"]["structuredContent"]["customers"] ==
            json::parse(R"([{"id":1,"name":"Maria Alvarez","email":"maria@example.com"}])"));
    const auto invoices = server.request(tools_call(2, "open_invoices", {{"customer_id", 1}}));
    CHECK(reply_text(invoices) == "Invoices of Maria Alvarez:\n- invoice 1: 240.00, paid\n- invoice 2: 80.00, open");
    const auto free = server.request(tools_call(3, "list_availability", {{"day", "2026-09-04"}}));
    json slots = json::array();  // each slot also says its day, weekday and instant (issue 38)
    for (const auto& slot : free["result"]["structuredContent"]["slots"]) slots.push_back({{"slot_id", slot["slot_id"]}, {"time", slot["time"]}});
    CHECK(slots == json::parse(R"([{"slot_id":1,"time":"09:00"},{"slot_id":2,"time":"11:00"}])"));
    const auto booked = server.request(tools_call(4, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
    CHECK(reply_text(booked) == "Booked slot 1 (2026-09-04 09:00) for Maria Alvarez.");
    const auto again = server.request(tools_call(5, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
    CHECK(again["result"]["isError"] == true);
    CHECK(reply_text(again) == "Slot 1 (2026-09-04 09:00) is already booked; call list_availability to find a free slot.");
    server.close_stdin();
    REQUIRE(server.wait() == 0);
    CHECK(column(office, "SELECT customer_id FROM slots WHERE id = 1") == "1");
    CHECK(column(office, "SELECT booked_by FROM slots WHERE id = 1") == "e2e-test/1.0");
}

TEST_CASE("two processes racing to book the same slots never both win", "[e2e][race]") {
    Office office;  // on the suites' backend
    const auto db = office.arg();
    constexpr int kSlots = 300;
    {
        office::open_office_store_for(db);  // created and seeded
        std::string insert = "INSERT INTO slots (id, day, time) VALUES ";
        for (int i = 0; i < kSlots; ++i) {
            char time[8];
            std::snprintf(time, sizeof time, "%05d", 100 + i);
            insert += (i ? ", (" : "(") + std::to_string(100 + i) + ", '2027-01-01', '" + time + "')";
        }
        office.exec(insert);  // one statement: one transaction on either backend
    }
    ServerProcess a({"--db", db}), b({"--db", db});
    // Both pipeline every booking at once, so the two processes really interleave.
    std::string burst_a, burst_b;
    for (int i = 0; i < kSlots; ++i) {
        burst_a += tools_call(i, "book_slot", {{"slot_id", 100 + i}, {"customer_id", 1}}, json::object(), "racer-a").dump() + "\n";
        burst_b += tools_call(i, "book_slot", {{"slot_id", 100 + i}, {"customer_id", 2}}, json::object(), "racer-b").dump() + "\n";
    }
    burst_a.pop_back();
    burst_b.pop_back();
    a.send(burst_a);
    b.send(burst_b);
    std::map<int, int> winners;
    int wins_a = 0, wins_b = 0;
    for (int i = 0; i < kSlots; ++i) {
        for (auto* server : {&a, &b}) {
            const auto reply = server->read(30000);
            if (!reply["result"].value("isError", false)) {
                ++winners[reply["id"].get<int>()];
                ++(server == &a ? wins_a : wins_b);
            }
        }
    }
    a.close_stdin();
    b.close_stdin();
    CHECK(a.wait() == 0);
    CHECK(b.wait() == 0);
    CHECK(winners.size() == static_cast<std::size_t>(kSlots));  // every slot booked once...
    for (const auto& [slot, count] : winners) CHECK(count == 1);  // ...and never twice
    CHECK(column(office, "SELECT count(*) FROM slots WHERE id >= 100 AND customer_id = 1") == std::to_string(wins_a));
    CHECK(column(office, "SELECT count(*) FROM slots WHERE id >= 100 AND customer_id = 2") == std::to_string(wins_b));
    if (!office::testing::on_postgres()) CHECK(column(office, "PRAGMA integrity_check") == "ok");
}

TEST_CASE("a refund stops for a person and completes after a restart between the two rounds (2026-07-28)", "[e2e][refund]") {
    Office office;  // on the suites' backend
    const auto db = office.arg();
    const json elicitation{{"elicitation", json::object()}};
    std::string state;
    {
        ServerProcess server({"--db", db});
        const auto asked = server.request(tools_call(1, "issue_refund", {{"invoice_id", 2}}, elicitation));
        REQUIRE(asked["result"]["resultType"] == "input_required");
        state = asked["result"]["requestState"].get<std::string>();
        CHECK(asked["result"]["inputRequests"]["approve_refund"]["params"]["requestedSchema"]["properties"]["amount"]["maximum"] == 80);
    }
    CHECK(column(office, "SELECT status FROM invoices WHERE id = 2") == "open");
    struct stat key_stat {};
    REQUIRE(stat((office::office_local_path(db) + ".key").c_str(), &key_stat) == 0);  // db + ".key" on SQLite
    CHECK((key_stat.st_mode & 0777) == 0600);

    ServerProcess server({"--db", db});  // a new process: only the key file carries over
    auto retry = tools_call(2, "issue_refund", {{"invoice_id", 2}}, elicitation);
    retry["params"]["inputResponses"] = {{"approve_refund", {{"action", "accept"}, {"content", {{"amount", 80}, {"reason", "Charged twice"}}}}}};
    retry["params"]["requestState"] = state;
    const auto done = server.request(retry);
    CHECK(reply_text(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Charged twice");
    CHECK(column(office, "SELECT status FROM invoices WHERE id = 2") == "refunded");
    CHECK(column(office, "SELECT amount_cents || '|' || reason || '|' || approved_via || '|' || client FROM refunds WHERE invoice_id = 2") ==
          "8000|Charged twice|input_required|e2e-test/1.0");
    retry["id"] = 3;
    const auto replay = server.request(retry);
    CHECK(replay["error"]["code"] == -32602);
    CHECK(replay["error"]["message"] == "Invalid or expired requestState");
}

TEST_CASE("a refund asked through elicitation/create completes, and a declined one changes nothing (legacy)", "[e2e][refund]") {
    Office office;  // on the suites' backend
    const auto db = office.arg();
    ServerProcess server({"--db", db});
    initialize(server, "2025-11-25", {{"elicitation", json::object()}});

    server.send(legacy_call(7, "issue_refund", {{"invoice_id", 4}}));
    const auto ask = server.read();
    REQUIRE(ask["method"] == "elicitation/create");
    server.send(json{{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", {{"action", "decline"}}}});
    const auto declined = server.read();
    CHECK(declined["id"] == 7);
    CHECK(reply_text(declined) == "The refund of invoice 4 (Priya Nair, open, 410.00) was declined by the person; nothing changed.");
    CHECK(column(office, "SELECT status FROM invoices WHERE id = 4") == "open");

    server.send(legacy_call(8, "issue_refund", {{"invoice_id", 2}}));
    const auto ask2 = server.read();
    server.send(json{{"jsonrpc", "2.0"}, {"id", ask2["id"]},
                     {"result", {{"action", "accept"}, {"content", {{"amount", 80}, {"reason", "Charged twice"}}}}}});
    const auto done = server.read();
    CHECK(done["id"] == 8);
    CHECK(reply_text(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Charged twice");
    CHECK(column(office, "SELECT approved_via || '|' || client FROM refunds WHERE invoice_id = 2") == "elicitation|e2e-legacy/2.0");
}

TEST_CASE("a client without elicitation gets a queued approval request, not a refund", "[e2e][refund]") {
    Office office;  // on the suites' backend
    const auto db = office.arg();
    ServerProcess server({"--db", db});
    const auto queued = server.request(tools_call(1, "issue_refund", {{"invoice_id", 2}}));
    CHECK(queued["result"]["structuredContent"] == json::parse(R"({"invoice_id":2,"approval_request_id":1,"status":"pending"})"));
    const auto again = server.request(tools_call(2, "issue_refund", {{"invoice_id", 2}}));
    CHECK(again["result"]["structuredContent"]["status"] == "pending");
    CHECK(column(office, "SELECT count(*) FROM approval_requests") == "1");
    CHECK(column(office, "SELECT status FROM invoices WHERE id = 2") == "open");
}

TEST_CASE("a profile hides tools from the list and from calls", "[e2e]") {
    Office office;  // on the suites' backend
    ServerProcess server({"--db", office.arg(), "--profile", "scheduling"});
    const auto list = server.request({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}, {"params", modern_params()}});
    std::vector<std::string> names;
    for (const auto& tool : list["result"]["tools"]) names.push_back(tool["name"]);
    CHECK(names == std::vector<std::string>{"find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"});
    const auto hidden = server.request(tools_call(2, "issue_refund", {{"invoice_id", 2}}));
    CHECK(hidden["error"]["code"] == -32602);
    CHECK(hidden["error"]["message"] == "Unknown tool: issue_refund");
}

TEST_CASE("db path, db init and db reset manage the database file", "[e2e][sqlite][cli]") {
    TempDir dir;
    const auto db = dir.file("sub/office.db");
    CHECK(run_office_mcp({"db", "path", "--db", db}).out == db + "\n");
    CHECK(run_office_mcp({"db", "path"}, {"OFFICE_MCP_DB=" + db}).out == db + "\n");
    CHECK(run_office_mcp({"db", "path"}, {"OFFICE_MCP_DB=", "XDG_DATA_HOME=" + dir.path()}).out ==
          dir.path() + "/office-mcp/office.db\n");
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    struct stat st {};
    REQUIRE(stat(db.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    {
        ServerProcess server({"--db", db});
        server.request(tools_call(1, "book_slot", {{"slot_id", 2}, {"customer_id", 3}}));
    }
    CHECK(column(db, "SELECT customer_id FROM slots WHERE id = 2") == "3");
    REQUIRE(run_office_mcp({"db", "reset", "--db", db}).status == 0);
    CHECK(column(db, "SELECT ifnull(customer_id, 'free') FROM slots WHERE id = 2") == "free");
}

TEST_CASE("config prints a ready-to-paste client configuration with absolute paths", "[e2e][sqlite][cli]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const auto desktop = json::parse(run_office_mcp({"config", "claude-desktop", "--db", db}).out);
    const auto server = desktop["mcpServers"]["office"];
    CHECK(std::filesystem::equivalent(server["command"].get<std::string>(), OFFICE_MCP_BINARY));
    CHECK(server["args"] == json::array({"--db", db}));
    const auto vscode = json::parse(run_office_mcp({"config", "vscode", "--db", db}).out);
    CHECK(vscode["servers"]["office"]["type"] == "stdio");
    CHECK(run_office_mcp({"config", "claude-code", "--db", db}).out.rfind("claude mcp add office -- '/", 0) == 0);
    CHECK(run_office_mcp({"config", "nonsense"}).status == 2);
}

TEST_CASE("a file that is not a database gives one clear line on stderr, a non-zero exit and stays untouched", "[e2e][sqlite][cli]") {
    TempDir dir;
    const auto path = dir.file("notes.db");
    std::string garbage(8192, '\0');
    std::mt19937 random(42);
    for (auto& c : garbage) c = static_cast<char>(random());
    std::ofstream(path, std::ios::binary) << garbage;

    const auto init = run_office_mcp({"db", "init", "--db", path});
    CHECK(init.status == 2);
    CHECK(init.err.find(path) != std::string::npos);
    CHECK(std::count(init.err.begin(), init.err.end(), '\n') == 1);

    ServerProcess server({"--db", path});
    const auto reply = server.request(tools_call(1, "find_customer", {{"query", "Maria"}}));
    CHECK(reply["error"]["code"] == -32603);
    CHECK(server.wait() == 2);
    std::ifstream in(path, std::ios::binary);
    const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(after == garbage);
}

TEST_CASE("office-mcp is one self-contained binary", "[e2e][sqlite][cli]") {
    const auto ldd = std::string("ldd ") + OFFICE_MCP_BINARY + " 2>&1";
    std::string out;
    if (FILE* p = popen(ldd.c_str(), "r")) {
        char buf[512];
        while (fgets(buf, sizeof buf, p)) out += buf;
        pclose(p);
    }
    INFO(out);
#ifdef OFFICE_STATIC_BUILD
    CHECK((out.find("not a dynamic executable") != std::string::npos || out.find("statically linked") != std::string::npos));
#else
    CHECK(out.find("libstdc++") != std::string::npos);  // a sanitizer/dev build links dynamically, as configured
#endif
    CHECK(run_office_mcp({"--version"}).out.rfind("office-mcp ", 0) == 0);
}

TEST_CASE("a stderr pipe that nobody reads never stalls the protocol", "[e2e]") {
    Office office;  // on the suites' backend
    // bash points our stderr at a pipe whose reader (sleep) never reads, then runs office-mcp.
    ServerProcess server({"--db", office.arg()}, {},
                         {"/bin/bash", "-c", "exec 2> >(exec sleep 20); exec \"$0\" \"$@\""});
    constexpr int kCalls = 3000;  // ~1 MB of log lines: far more than a pipe holds
    for (int i = 1; i <= kCalls; ++i) {
        const auto reply = server.request(tools_call(i, "find_customer", {{"query", "Maria"}}));
        REQUIRE(reply["id"] == i);
    }
    server.close_stdin();
    CHECK(server.wait() == 0);
}

// ---- resources: change notifications between real processes on one database file

TEST_CASE("a 2025 subscriber over stdio hears of a booking by another office-mcp process, once per resource", "[e2e]") {
    TempDir dir;
    ServerProcess watcher({"--db", dir.file("office.db")});
    initialize(watcher, "2025-11-25");
    for (const std::string uri : {"office://slots", "office://audit", "office://invoices"}) {
        const auto reply = watcher.request({{"jsonrpc", "2.0"}, {"id", uri}, {"method", "resources/subscribe"}, {"params", {{"uri", uri}}}});
        CHECK(reply["result"] == json::object());
    }
    {
        ServerProcess other({"--db", dir.file("office.db")});
        CHECK(reply_text(other.request(tools_call(1, "book_slot", {{"slot_id", 5}, {"customer_id", 1}}))).find("Booked") == 0);
    }
    // The watcher looks every half second while someone watches: both notices come soon.
    std::vector<std::string> uris;
    for (int i = 0; i < 2; ++i) {
        const auto notice = watcher.read(5000);
        CHECK(notice["method"] == "notifications/resources/updated");
        uris.push_back(notice["params"]["uri"]);
    }
    std::sort(uris.begin(), uris.end());
    CHECK(uris == std::vector<std::string>{"office://audit", "office://slots"});
    CHECK_FALSE(watcher.read_line(1500).has_value());  // nothing for invoices, nothing twice

    const auto read = watcher.request({{"jsonrpc", "2.0"}, {"id", 9}, {"method", "resources/read"}, {"params", {{"uri", "office://slots?after=4&limit=1"}}}});
    const auto page = json::parse(read["result"]["contents"][0]["text"].get<std::string>());
    CHECK(page["rows"][0]["customer_id"] == 1);
    watcher.close_stdin();
    CHECK(watcher.wait() == 0);
}

TEST_CASE("a 2026-07-28 listen over stdio: acknowledged, notified with its id, cancelled, and ended at EOF", "[e2e]") {
    TempDir dir;
    ServerProcess watcher({"--db", dir.file("office.db")});
    const auto listen = [&](const std::string& id, const std::string& uri) {
        watcher.send({{"jsonrpc", "2.0"}, {"id", id}, {"method", "subscriptions/listen"},
                      {"params", modern_params({{"notifications", {{"resourceSubscriptions", {uri}}}}})}});
        const auto ack = watcher.read();
        CHECK(ack["method"] == "notifications/subscriptions/acknowledged");
        CHECK(ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == id);
    };
    listen("lunch", "office://lunch_orders");
    listen("slots", "office://slots");
    {
        ServerProcess other({"--db", dir.file("office.db")});
        other.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    }
    const auto notice = watcher.read(5000);
    CHECK(notice == json{{"jsonrpc", "2.0"},
                         {"method", "notifications/resources/updated"},
                         {"params", {{"_meta", {{"io.modelcontextprotocol/subscriptionId", "lunch"}}}, {"uri", "office://lunch_orders"}}}});

    watcher.send({{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", "lunch"}}}});
    {
        ServerProcess other({"--db", dir.file("office.db")});
        other.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    }
    CHECK_FALSE(watcher.read_line(1500).has_value());  // the cancelled listen hears nothing

    watcher.close_stdin();  // the server stops: the open listen ends gracefully
    const auto end = watcher.read();
    CHECK(end["id"] == "slots");
    CHECK(end["result"]["resultType"] == "complete");
    CHECK(end["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == "slots");
    CHECK(watcher.wait() == 0);
}
