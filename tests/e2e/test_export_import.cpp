// office-mcp export DIR and import DIR (issue 41) with the real binary, on the suites' backend:
// an office with every kind of row (a refund through a form, a queued request, NULL and empty
// notes, a name and a note with quotes and commas, Chinese) exported, imported into a new empty office and
// exported again gives the same files byte for byte; so does a generated office of a hundred thousand
// customers; a changed file, another schema or an office with records is refused and the
// office left as it was. The figures go to stdout on lines starting "export: ".

#include "office_export.h"
#include "server_process.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>

using nlohmann::json;
using namespace office::testing;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kKeys = {
    "OFFICE_MCP_STATE_KEYS=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"};

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool ok(const json& reply) { return reply.contains("result") && !reply["result"].value("isError", false); }

CommandResult must(const std::vector<std::string>& args) {
    auto r = run_office_mcp(args);
    INFO(args.front() << ": " << r.err);
    REQUIRE(r.status == 0);
    return r;
}

// Every file two exports hold the same bytes of: all but the manifest (its time and source)
// and calendar.ics (its DTSTAMP, the time of the export); the manifests' tables are compared.
void require_same_export(const std::string& a, const std::string& b) {
    std::size_t compared = 0;
    for (const auto& entry : fs::directory_iterator(a)) {
        const auto name = entry.path().filename().string();
        if (name == "manifest.json" || name == "calendar.ics") continue;
        INFO(name);
        CHECK(bytes_of(a + "/" + name) == bytes_of(b + "/" + name));
        ++compared;
    }
    CHECK(compared == office::kStoredTables.size());
    auto tables = [](const std::string& dir) {
        auto files = json::parse(bytes_of(dir + "/manifest.json"))["files"];
        json out = json::array();
        for (auto& f : files)
            if (f.contains("table")) out.push_back(f);
        return out;
    };
    CHECK(tables(a) == tables(b));
    std::string calendar_a = bytes_of(a + "/calendar.ics"), calendar_b = bytes_of(b + "/calendar.ics");
    for (auto* c : {&calendar_a, &calendar_b})
        for (auto at = c->find("DTSTAMP:"); at != std::string::npos; at = c->find("DTSTAMP:", at + 1)) c->replace(at + 8, 16, 16, 'X');
    CHECK(calendar_a == calendar_b);
}

}  // namespace

TEST_CASE("export and import: an office with every kind of row comes back exactly, ids included", "[e2e][export]") {
    TempDir dir;
    TestDatabase first;
    must({"db", "init", "--demo", "--db", first.arg()});
    must({"customers", "add", "--name", "Zoë \"Q\", Ltd 王小明", "--email", "zoe@example.com", "--db", first.arg()});
    {
        ServerProcess server({"--db", first.arg()}, kKeys);
        initialize(server, "2025-11-25", {{"elicitation", json::object()}});
        CHECK(ok(server.request(legacy_call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 4}}))));
        CHECK(ok(server.request(legacy_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}, {"note", ""}}))));
        CHECK(ok(server.request(legacy_call(3, "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}}))));
        CHECK(ok(server.request(legacy_call(4, "order_lunch", {{"item", "ensalada"}, {"quantity", 1}, {"note", "\"hot\", no onion"}}))));
        server.send(legacy_call(5, "issue_refund", {{"invoice_id", 2}}));
        const auto ask = server.read();
        REQUIRE(ask["method"] == "elicitation/create");
        server.send(json{{"jsonrpc", "2.0"}, {"id", ask["id"]},
                         {"result", {{"action", "accept"}, {"content", {{"amount", 30.25}, {"reason", "Charged twice"}}}}}});
        CHECK(ok(server.read()));
        server.close_stdin();
        CHECK(server.wait() == 0);
    }
    {
        ServerProcess server({"--db", first.arg()}, kKeys);  // no forms: a queued request
        CHECK(ok(server.request(tools_call(1, "issue_refund", {{"invoice_id", 4}}))));
        server.close_stdin();
        CHECK(server.wait() == 0);
    }

    const auto out = dir.file("export");
    const auto exported = must({"export", out, "--db", first.arg()});
    CHECK(exported.out.find("customers.csv            4") != std::string::npos);
    const auto manifest = json::parse(bytes_of(out + "/manifest.json"));
    CHECK(manifest["schema_version"] == office::kSchemaVersion);
    CHECK(manifest["files"].size() == office::kStoredTables.size() + 1);
    // What a person reading the files sees: NULL an empty field, an empty note "".
    const auto orders = bytes_of(out + "/lunch_orders.csv");
    CHECK(orders.find(",tortilla,2,\"\",") != std::string::npos);
    CHECK(orders.find(",bocadillo,1,,") != std::string::npos);
    CHECK(bytes_of(out + "/customers.csv").find("4,\"Zoë \"\"Q\"\", Ltd 王小明\",zoe@example.com\r\n") != std::string::npos);
    const auto calendar = bytes_of(out + "/calendar.ics");
    // The booking's own uid (32 hex digits, schema 12), the one its slot row keeps.
    const auto uid_at = calendar.find("UID:");
    REQUIRE(uid_at != std::string::npos);
    CHECK(calendar.substr(uid_at + 4 + 32, 13) == "@office-mcp\r\n");
    CHECK(calendar.substr(uid_at + 4, 32).find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(calendar.find("SUMMARY:Zoë \"Q\"\\, Ltd 王小明\r\n") != std::string::npos);
    CHECK(calendar.find("DTSTART:20260904T090000\r\n") != std::string::npos);
    CHECK(bytes_of(out + "/audit.jsonl").find("\"action\":\"refund_issued\"") != std::string::npos);
    // The customers import reads the export's customers.csv (the id column is the office's).
    const auto dry = must({"customers", "import", out + "/customers.csv", "--dry-run", "--db", first.arg()});
    CHECK(dry.out.find("4 were already customers, skipped") != std::string::npos);

    TestDatabase second;
    const auto imported = must({"import", out, "--db", second.arg()});
    CHECK(imported.out.find("customers            4") != std::string::npos);
    for (const char* sql : {"SELECT count(*) FROM lunch_orders WHERE note IS NULL", "SELECT count(*) FROM lunch_orders WHERE note = ''",
                            "SELECT refunded_cents FROM invoices WHERE id = 2", "SELECT count(*) FROM approval_requests",
                            "SELECT count(*) FROM audit", "SELECT customer_id FROM slots WHERE id = 1"})
        CHECK(second.number(sql) == first.number(sql));
    CHECK(second.number("SELECT refunded_cents FROM invoices WHERE id = 2") == 3025);
    CHECK(second.text("SELECT name FROM customers WHERE id = 4") == "Zoë \"Q\", Ltd 王小明");
    const auto again = dir.file("again");
    must({"export", again, "--db", second.arg()});
    require_same_export(out, again);

    // The imported office goes on from where the exported one was: the next id is 5.
    const auto added = must({"customers", "add", "--name", "Next", "--email", "next@example.com", "--db", second.arg()});
    CHECK(added.out.find("Added customer 5:") != std::string::npos);
    // ... and finds its customers by word and by part, as after an import of its own.
    {
        ServerProcess server({"--db", second.arg()}, kKeys);
        const auto found = server.request(tools_call(1, "find_customer", {{"query", "王小明"}}));
        CHECK(found.dump().find("zoe@example.com") != std::string::npos);
        server.close_stdin();
        CHECK(server.wait() == 0);
    }
    std::printf("export: the demo office with a booking, 3 orders, a refund, a queued request and 4 customers: exported, "
                "imported and exported again, %zu files the same byte for byte\n", office::kStoredTables.size());
}

TEST_CASE("export and import refuse what would not come back exactly, and change nothing", "[e2e][export]") {
    TempDir dir;
    TestDatabase office;
    must({"db", "init", "--demo", "--db", office.arg()});
    const auto out = dir.file("export");
    must({"export", out, "--db", office.arg()});
    const auto again = run_office_mcp({"export", out, "--db", office.arg()});
    CHECK(again.status == 1);
    CHECK(again.err.find("already exists and is not an empty directory") != std::string::npos);

    struct Case {
        std::string what, sentence;
        std::function<void(const std::string&)> spoil;
    };
    const std::vector<Case> cases = {
        {"a byte changed", "customers.csv is not the file that was exported",
         [](const std::string& d) {
             auto bytes = bytes_of(d + "/customers.csv");
             bytes[bytes.find("Maria")] = 'm';
             std::ofstream(d + "/customers.csv", std::ios::binary | std::ios::trunc) << bytes;
         }},
        {"a file missing", "invoices.csv is missing", [](const std::string& d) { fs::remove(d + "/invoices.csv"); }},
        {"another schema", "was exported at office schema " + std::to_string(office::kSchemaVersion + 1),
         [](const std::string& d) {
             auto m = json::parse(bytes_of(d + "/manifest.json"));
             m["schema_version"] = office::kSchemaVersion + 1;
             std::ofstream(d + "/manifest.json", std::ios::trunc) << m.dump(2);
         }},
        {"no manifest", "manifest.json", [](const std::string& d) { fs::remove(d + "/manifest.json"); }},
    };
    int refused = 0;
    for (const auto& c : cases) {
        CAPTURE(c.what);
        const auto spoiled = dir.file("spoiled");
        fs::remove_all(spoiled);
        fs::copy(out, spoiled);
        c.spoil(spoiled);
        TestDatabase target;
        must({"db", "init", "--empty", "--db", target.arg()});
        const auto r = run_office_mcp({"import", spoiled, "--db", target.arg()});
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("nothing was imported, the office is unchanged") != std::string::npos);
        CHECK(r.err.find(c.sentence) != std::string::npos);
        CHECK(target.number("SELECT count(*) FROM customers") == 0);
        refused += r.status == 1;
    }
    // An office with records is never imported over.
    const auto over = run_office_mcp({"import", out, "--db", office.arg()});
    CHECK(over.status == 1);
    CHECK(over.err.find("is not an empty office: its table") != std::string::npos);
    CHECK(office.number("SELECT count(*) FROM customers") == 3);
    std::printf("export: import refused %d spoiled exports and an office with records, each office unchanged\n", refused + 1);
}

TEST_CASE("export and import of an office of a hundred thousand customers: the same files again", "[e2e][export]") {
    TempDir dir;
    TestDatabase first;
    must({"db", "init", "--empty", "--db", first.arg()});
    constexpr int kCustomers = 100000;
    // Made with SQL both stores read (a `customers import` of this many takes a minute on PostgreSQL).
    first.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + std::to_string(kCustomers) +
               ") INSERT INTO customers (name, email) SELECT 'Customer Número ' || i, 'customer' || i || '@example.com' FROM n");
    const auto started = std::chrono::steady_clock::now();
    must({"export", dir.file("a"), "--db", first.arg()});
    const auto exported = std::chrono::steady_clock::now();
    TestDatabase second;
    must({"import", dir.file("a"), "--db", second.arg()});
    const auto imported = std::chrono::steady_clock::now();
    must({"export", dir.file("b"), "--db", second.arg()});
    require_same_export(dir.file("a"), dir.file("b"));
    CHECK(second.number("SELECT count(*) FROM customers") == kCustomers);
    CHECK(second.text("SELECT email FROM customers WHERE id = 54321") == "customer54321@example.com");
    const auto ms = [](auto d) { return static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()); };
    std::printf("export: %d customers (%s): export %lld ms, import %lld ms, %lld bytes of customers.csv, the same files again\n",
                kCustomers, on_postgres() ? "PostgreSQL" : "SQLite", ms(exported - started), ms(imported - exported),
                static_cast<long long>(fs::file_size(dir.file("a") + "/customers.csv")));
}
