// A restored or opened office is the office this build makes (issue 59): a backup someone else
// handed over, well-formed but carrying code the office did not write (a trigger, a view), or
// tables that are not this build's (an extra table or index, a CHECK dropped by rebuilding the
// table without it, a schema version that says one thing while the tables say another), is
// refused by `restore --check`, `restore` and `--db`, by a sentence naming the object, and
// nothing in it runs: the office is unchanged. On PostgreSQL, `restore` reads rows, never code,
// from the file, and refuses the same files before it writes anything. SQLite's own defences are
// read back from a live connection.

#include "messages.h"
#include "server_process.h"
#include "sqlite.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using nlohmann::json;
using namespace office::testing;

namespace {

// `sql` run on the file by a plain SQLite connection: what anyone with a SQLite tool can do.
void tamper(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    INFO(sql << ": " << (error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The SQL that rebuilds `path`'s invoices table as it is, less CHECK (amount_cents > 0): the
// table made anew with its CREATE statement so changed, the rows copied, the old one dropped.
std::string rebuild_sql(const std::string& path) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE name = 'invoices'", -1, &statement, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    std::string create = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
    sqlite3_close(db);
    const std::string check = " CHECK (amount_cents > 0)";
    REQUIRE(create.find(check) != std::string::npos);
    create.erase(create.find(check), check.size());
    create.replace(create.find("invoices"), 8, "invoices_new");
    return "PRAGMA foreign_keys = OFF; BEGIN; " + create + "; INSERT INTO invoices_new SELECT * FROM invoices; "
           "DROP TABLE invoices; ALTER TABLE invoices_new RENAME TO invoices; "
           "CREATE INDEX invoices_by_customer ON invoices(customer_id); COMMIT;";
}

// The trigger of the issue: the next lunch order multiplies every invoice by 100.
const std::string kTrigger =
    "CREATE TRIGGER t AFTER INSERT ON lunch_orders BEGIN UPDATE invoices SET amount_cents = amount_cents * 100; END";

struct Foreign {
    std::string what, sql, sentence;
};

// Each way a file can differ from this build's office, and the words its refusal must hold.
std::vector<Foreign> foreign_files() {
    return {
        {"a foreign trigger", kTrigger, "trigger t is not part of an office"},
        {"a view", "CREATE VIEW v AS SELECT id, amount_cents FROM invoices", "view v is not part of an office"},
        {"an extra table", "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)", "table notes is not part of an office"},
        {"an index the build does not make", "CREATE INDEX customers_by_name ON customers(name)",
         "index customers_by_name is not part of an office"},
        // invoices rebuilt without CHECK (amount_cents > 0) (rebuild_sql), its index made again as it was.
        {"a table whose CHECK was dropped", "", "table invoices differs: CHECK (amount_cents > 0) is missing"},
        {"a schema version that says one thing and tables that say another", "PRAGMA user_version = 11", "at schema 11, table"},
    };
}

}  // namespace

TEST_CASE("a backup carrying a trigger, a view or tables this build does not make is refused everywhere, naming the object, the office unchanged",
          "[e2e][restore][sqlite]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--demo", "--db", db}).status == 0);
    const auto clean = dir.file("clean.db");
    REQUIRE(run_office_mcp({"backup", clean, "--db", db}).status == 0);
    const auto office_bytes = bytes_of(db);

    for (const auto& foreign : foreign_files()) {
        SECTION(foreign.what) {
            const auto file = dir.file("foreign.db");
            std::filesystem::copy_file(clean, file, std::filesystem::copy_options::overwrite_existing);
            tamper(file, foreign.sql.empty() ? rebuild_sql(file) : foreign.sql);
            const auto file_bytes = bytes_of(file);

            const auto check = run_office_mcp({"restore", file, "--check", "--db", db});
            INFO(check.err);
            CHECK(check.status != 0);
            CHECK(check.err.find(foreign.sentence) != std::string::npos);
            CHECK(check.err.find("is not an office this build made") != std::string::npos);

            const auto restore = run_office_mcp({"restore", file, "--db", db});
            INFO(restore.err);
            CHECK(restore.status != 0);
            CHECK(restore.err.find("nothing was restored, the office is unchanged") != std::string::npos);
            CHECK(restore.err.find(foreign.sentence) != std::string::npos);
            CHECK(bytes_of(db) == office_bytes);

            // Served as the office itself (--db): refused at the first call, the file as it was.
            ServerProcess server({"--db", file});
            const auto reply = server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
            CHECK(reply.contains("error"));
            server.close_stdin();
            server.wait();
            CHECK(server.stderr_text().find(foreign.sentence) != std::string::npos);
            const auto init = run_office_mcp({"db", "init", "--db", file});
            CHECK(init.status != 0);
            CHECK(init.err.find(foreign.sentence) != std::string::npos);
            CHECK(bytes_of(file) == file_bytes);
        }
    }

    SECTION("the clean backup still restores and serves") {
        const auto restored = run_office_mcp({"restore", clean, "--db", db});
        INFO(restored.err);
        CHECK(restored.status == 0);
        ServerProcess server({"--db", db});
        const auto reply = server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
        CHECK(reply.contains("result"));
    }
}

TEST_CASE("a backup carrying a trigger is refused by restore into any office before anything is written", "[e2e][restore]") {
    TestDatabase office;  // SQLite, and PostgreSQL in the postgres.* run
    TempDir dir;
    REQUIRE(run_office_mcp({"db", "init", "--demo", "--db", office.arg()}).status == 0);
    const auto backup = dir.file("backup.db");
    REQUIRE(run_office_mcp({"backup", backup, "--db", office.arg()}).status == 0);
    tamper(backup, kTrigger);
    // The invoices to the cent, and the lunch orders: what the trigger would have changed.
    const auto office_now = [&] {
        auto rows = office.texts("SELECT id || ':' || amount_cents FROM invoices ORDER BY id");
        rows.push_back(office.text("SELECT count(*) FROM lunch_orders"));
        return rows;
    };
    const auto before = office_now();
    const auto restore = run_office_mcp({"restore", backup, "--db", office.arg()});
    INFO(restore.err);
    CHECK(restore.status != 0);
    CHECK(restore.err.find("trigger t is not part of an office") != std::string::npos);
    CHECK(office_now() == before);
}

TEST_CASE("every connection to an office has SQLite's defences on, and trusts the schema only once it is this build's", "[store][sqlite]") {
    TempDir dir;
    const auto path = dir.file("office.db");
    office::open_office_database(path);  // made by this build
    {
        // A connection not yet told the schema is ours: trusted_schema off, defensive on.
        office::Database raw(path, office::Database::Mode::ReadWrite);
        auto& trusted = raw.prepare("PRAGMA trusted_schema");
        REQUIRE(trusted.step());
        CHECK(trusted.column_int(0) == 0);
        trusted.reset();
        // Defensive: the schema cannot be written around SQLite's back, even when asked.
        raw.exec("PRAGMA writable_schema = ON");
        CHECK_THROWS(raw.exec("UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (amount_cents > 0)', '') WHERE name = 'invoices'"));
    }
    auto live = office::open_office_database(path);
    auto& trusted = live->prepare("PRAGMA trusted_schema");
    REQUIRE(trusted.step());
    CHECK(trusted.column_int(0) == 1);  // this build's schema: its search triggers may run
    trusted.reset();
    CHECK(office::office_schema_difference(*live).empty());
}
