// The store against real files in a temporary directory: creation and seeding, refusals that
// leave other people's files alone, transactions, the statement cache, and racing first opens.

#include "money.h"
#include "clock.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <latch>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using office::Database;
using office::Statement;
using office::StoreError;
using office::Transaction;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "office-store-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

unsigned mode_of(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return 0;
    return st.st_mode & 07777;
}

// Each row of a one-column query, as text.
std::vector<std::string> rows(Database& db, std::string_view sql) {
    std::vector<std::string> out;
    auto& st = db.prepare(sql);
    while (st.step()) out.push_back(st.column_text(0));
    return out;
}

std::int64_t scalar(Database& db, std::string_view sql) {
    auto& st = db.prepare(sql);
    std::int64_t value = st.step() ? st.column_int(0) : -1;
    st.reset();
    return value;
}

std::int64_t customer_count(Database& db) { return scalar(db, "SELECT count(*) FROM customers"); }

const std::vector<std::string> kSeedCustomers = {
    "1|Maria Alvarez|maria@example.com",
    "2|Tomas Reis|tomas@example.com",
    "3|Priya Nair|priya@example.com",
};
const std::vector<std::string> kSeedSlots = {
    "1|2026-09-04|09:00|-|-|-",
    "2|2026-09-04|11:00|-|-|-",
    "3|2026-09-04|14:00|2|2026-08-20T10:00:00Z|seed",
    "4|2026-09-05|09:00|-|-|-",
    "5|2026-09-05|11:00|-|-|-",
    "6|2026-09-05|16:00|-|-|-",
};
const std::vector<std::string> kSeedInvoices = {
    "1|1|24000|paid",
    "2|1|8000|open",
    "3|2|15000|paid",
    "4|3|41000|open",
};

std::vector<std::string> customers(Database& db) {
    return rows(db, "SELECT id || '|' || name || '|' || email FROM customers ORDER BY id");
}
std::vector<std::string> slots(Database& db) {
    return rows(db,
                "SELECT id || '|' || day || '|' || time || '|' || coalesce(customer_id, '-') || '|' || "
                "coalesce(booked_at, '-') || '|' || coalesce(booked_by, '-') FROM slots ORDER BY id");
}
std::vector<std::string> invoices(Database& db) {
    return rows(db, "SELECT id || '|' || customer_id || '|' || amount_cents || '|' || status FROM invoices ORDER BY id");
}

void check_seeded(Database& db) {
    CHECK(customers(db) == kSeedCustomers);
    CHECK(slots(db) == kSeedSlots);
    CHECK(invoices(db) == kSeedInvoices);
    CHECK(scalar(db, "SELECT count(*) FROM refunds") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM lunch_orders") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM approval_requests") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM used_request_states") == 0);
    CHECK(scalar(db, "PRAGMA application_id") == 1330005571);
    CHECK(scalar(db, "PRAGMA user_version") == office::kSchemaVersion);
}

// Sets (or unsets) an environment variable for one scope.
class EnvVar {
public:
    explicit EnvVar(const char* name) : name_(name) {
        if (const char* v = std::getenv(name)) old_ = v;
    }
    ~EnvVar() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }
    void set(const char* value) { ::setenv(name_, value, 1); }
    void unset() { ::unsetenv(name_); }

private:
    const char* name_;
    std::optional<std::string> old_;
};

// Runs `body` in a child process, as nobody if we are root, and returns what it threw ("" for
// nothing).
std::string error_without_root(const std::function<void()>& body) {
    int out[2];
    if (::pipe(out) != 0) return "pipe failed";
    pid_t pid = ::fork();
    if (pid < 0) return "fork failed";
    if (pid == 0) {
        ::close(out[0]);
        std::string message;
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) {
            message = "cannot drop root privileges";
        } else {
            try {
                body();
            } catch (const std::exception& e) {
                message = e.what();
            }
        }
        ssize_t ignored = ::write(out[1], message.data(), message.size());
        (void)ignored;
        ::_exit(0);
    }
    ::close(out[1]);
    std::string message;
    char buffer[512];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) != 0;) {
        if (n > 0) message.append(buffer, static_cast<std::size_t>(n));
        else if (errno != EINTR) break;
    }
    ::close(out[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return message;
}

}  // namespace

TEST_CASE("power durability syncs the WAL at every commit, process durability leaves it to the kernel") {
    TempDir dir;
    CHECK(scalar(*office::open_office_database(dir / "power.db"), "PRAGMA synchronous") == 2);  // FULL
    CHECK(scalar(*office::open_office_database(dir / "process.db", office::Durability::Process), "PRAGMA synchronous") ==
          1);  // NORMAL
}

TEST_CASE("a new database file is created 0600 in new 0700 directories and seeded exactly as seed.sql says") {
    TempDir dir;
    std::string path = dir / "data/office-mcp/office.db";

    auto db = office::open_office_database(path);

    check_seeded(*db);
    CHECK(mode_of(path) == 0600);
    CHECK(mode_of(dir / "data") == 0700);
    CHECK(mode_of(dir / "data/office-mcp") == 0700);
    CHECK(rows(*db, "PRAGMA journal_mode") == std::vector<std::string>{"wal"});
    CHECK(scalar(*db, "PRAGMA foreign_keys") == 1);
    CHECK(scalar(*db, "PRAGMA busy_timeout") == 5000);
    CHECK(scalar(*db, "PRAGMA synchronous") == 2);  // FULL: every commit syncs the WAL (issue 17)

    db->exec("UPDATE slots SET customer_id = 1 WHERE id = 1");
    REQUIRE(fs::exists(path + "-wal"));
    CHECK(mode_of(path + "-wal") == 0600);
    CHECK(mode_of(path + "-shm") == 0600);
}

TEST_CASE("opening a database twice does not seed it twice") {
    TempDir dir;
    std::string path = dir / "office.db";
    {
        auto db = office::open_office_database(path);
        db->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)").bind(1, "Ana Lima").bind(2, "ana@example.com").step();
    }
    auto db = office::open_office_database(path);
    office::ensure_schema(*db);

    CHECK(customer_count(*db) == 4);
    CHECK(rows(*db, "SELECT name FROM customers WHERE id = 4") == std::vector<std::string>{"Ana Lima"});
    CHECK(slots(*db) == kSeedSlots);
    CHECK(invoices(*db) == kSeedInvoices);
}

TEST_CASE("an in-memory database is seeded and no file is made") {
    TempDir dir;
    fs::path old_cwd = fs::current_path();
    fs::current_path(dir.path);
    auto db = office::open_office_database(":memory:");
    fs::current_path(old_cwd);

    check_seeded(*db);
    CHECK(fs::is_empty(dir.path));
}

TEST_CASE("read_rows pages a table by id with exactly its columns, money in cents and NULL as null", "[store]") {
    office::testing::TestDatabase db;  // on the suites' backend (test_database.h)
    auto store = office::testing::open_test_store(db);
    const auto first = store->read_rows(office::OfficeTable::slots, 0, 2);
    REQUIRE(first.size() == 2);
    CHECK(first[0].dump() ==
          R"({"booked_at":null,"booked_by":null,"customer_id":null,"day":"2026-09-04","id":1,"time":"09:00"})");
    const auto rest = store->read_rows(office::OfficeTable::slots, first.back()["id"].get<std::int64_t>(), 100);
    REQUIRE(rest.size() == 4);
    CHECK(rest[0]["id"] == 3);
    CHECK(rest[0]["customer_id"] == 2);
    CHECK(rest[0]["booked_by"] == "seed");

    const auto invoices = store->read_rows(office::OfficeTable::invoices, 3, 10);
    REQUIRE(invoices.size() == 1);
    CHECK(invoices[0].dump() ==
          R"({"amount_cents":41000,"customer":"Priya Nair","customer_id":3,"id":4,"left_cents":41000,"refunded_cents":0,"status":"open"})");
    for (const auto& info : office::kOfficeTables) {
        if (!office::has_rows(info)) continue;
        const auto rows = store->read_rows(info.table, 0, 1);
        for (const auto& row : rows) {
            std::size_t columns = 0;
            for (const auto& column : info.columns) {
                if (column.empty()) continue;
                CHECK(row.contains(std::string(column)));
                ++columns;
            }
            CHECK(row.size() == columns);
        }
    }
}

TEST_CASE("change_mark is 0 for a new office and moves with every audited write", "[store]") {
    office::testing::TestDatabase db;
    auto store = office::testing::open_test_store(db);
    CHECK(store->change_mark() == 0);
    {
        office::WriteTransaction write(*store);
        store->lunch().record_lunch_order(office::LunchOrder{"soup", 1, std::nullopt, "test", "2026-12-01T00:00:00Z"});
        store->append_audit(office::AuditEntry{0, "2026-12-01T00:00:00Z", "test", "", "modern", "2026-07-28",
                                               "lunch_ordered", "lunch_order", 1, "Ordered soup.", "", "", ""});
        write.commit();
    }
    const auto mark = store->change_mark();
    CHECK(mark > 0);
    CHECK(store->read_rows(office::OfficeTable::audit, 0, 10).back()["id"] == mark);
    CHECK(store->read_rows(office::OfficeTable::lunch_orders, 0, 10).size() == 1);
}

TEST_CASE("a transaction that is not committed leaves no row") {
    TempDir dir;
    auto db = office::open_office_database(dir / "office.db");
    {
        Transaction tx(*db);
        db->prepare("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')").step();
        CHECK(customer_count(*db) == 4);
    }
    CHECK(customer_count(*db) == 3);

    try {
        Transaction tx(*db, Transaction::Kind::Deferred);
        db->prepare("DELETE FROM slots").step();
        throw std::runtime_error("something went wrong half way");
    } catch (const std::runtime_error&) {
    }
    CHECK(slots(*db) == kSeedSlots);
}

TEST_CASE("a batch commits its transactions once, at its end, and a rolled-back one stays rolled back") {
    TempDir dir;
    const std::string path = dir / "office.db";
    auto db = office::open_office_database(path);
    office::Database other(path);
    db->begin_batch();
    {
        Transaction kept(*db);
        db->prepare("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')").step();
        kept.commit();
    }
    {
        Transaction dropped(*db);
        db->prepare("INSERT INTO customers (name, email) VALUES ('Rui Costa', 'rui@example.com')").step();
    }
    CHECK(customer_count(*db) == 4);     // the batch sees its own committed unit...
    CHECK(customer_count(other) == 3);   // ...another connection sees nothing before the batch ends
    db->end_batch();
    CHECK(customer_count(other) == 4);
    auto& names = other.prepare("SELECT group_concat(name, ',') FROM customers WHERE id > 3");
    REQUIRE(names.step());
    CHECK(names.column_text(0) == "Ana Lima");
    names.reset();

    // After the batch, transactions commit on their own again.
    {
        Transaction alone(*db);
        db->prepare("INSERT INTO customers (name, email) VALUES ('Rui Costa', 'rui@example.com')").step();
        alone.commit();
    }
    CHECK(customer_count(other) == 5);
}

TEST_CASE("a committed transaction keeps its row, also for another connection") {
    TempDir dir;
    std::string path = dir / "office.db";
    auto db = office::open_office_database(path);
    {
        Transaction tx(*db);
        db->prepare("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')").step();
        CHECK(db->changes() == 1);
        CHECK(db->last_insert_rowid() == 4);
        tx.commit();
    }
    CHECK(customer_count(*db) == 4);

    Database other(path, Database::Mode::ReadOnly);
    CHECK(customer_count(other) == 4);
}

TEST_CASE("the statement cache returns the same statement for the same SQL, reset and unbound") {
    auto db = office::open_office_database(":memory:");

    Statement& first = db->prepare("SELECT ?1 IS NULL");
    CHECK(&db->prepare("SELECT ?1 IS NULL") == &first);
    CHECK(&db->prepare("SELECT ?1 IS NOT NULL") != &first);
    CHECK(&db->prepare(std::string("SELECT ?1 IS NULL")) == &first);

    first.bind(1, 5);
    Statement& again = db->prepare("SELECT ?1 IS NULL");
    REQUIRE(again.step());
    CHECK(again.column_int(0) == 1);  // the 5 was cleared

    Statement& names = db->prepare("SELECT name FROM customers ORDER BY id");
    REQUIRE(names.step());
    REQUIRE(names.step());
    CHECK(names.column_text(0) == "Tomas Reis");
    Statement& from_the_start = db->prepare("SELECT name FROM customers ORDER BY id");
    REQUIRE(from_the_start.step());
    CHECK(from_the_start.column_text(0) == "Maria Alvarez");
}

TEST_CASE("columns and bindings carry integers, doubles, text and NULL") {
    auto db = office::open_office_database(":memory:");
    Statement& st = db->prepare("SELECT ?1, ?2, ?3, ?4, ?5");
    st.bind(1, std::int64_t{1} << 40).bind(2, 2.5).bind(3, std::string_view("caf\xC3\xA9\0x", 7)).bind(4, std::string_view()).bind_null(5);
    REQUIRE(st.step());
    CHECK(st.column_int(0) == (std::int64_t{1} << 40));
    CHECK(st.column_double(1) == 2.5);
    CHECK(st.column_text(2) == std::string("caf\xC3\xA9\0x", 7));
    CHECK(st.column_text(3).empty());
    CHECK_FALSE(st.column_is_null(3));  // an empty string is not NULL
    CHECK(st.column_is_null(4));
    CHECK(st.column_text(4).empty());
    CHECK_FALSE(st.step());
}

TEST_CASE("text bound without a copy is stored as bound, and the statement's next use starts unbound") {
    auto db = office::open_office_database(":memory:");
    {
        std::string name = "Ana Lima";
        std::string email = std::string("ana@example.com\0x", 17);
        db->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)").bind_static(1, name).bind_static(2, email).step();
        name.assign(40, 'z');  // the texts change and go once stepped: the row keeps what was bound
    }
    Statement& read = db->prepare("SELECT name, email FROM customers WHERE id = last_insert_rowid()");
    REQUIRE(read.step());
    CHECK(read.column_text(0) == "Ana Lima");
    CHECK(read.column_text(1) == std::string("ana@example.com\0x", 17));
    read.reset();

    Statement& empty = db->prepare("SELECT ?1 IS NULL, ?1 = ''");
    empty.bind_static(1, std::string_view());
    REQUIRE(empty.step());
    CHECK(empty.column_int(0) == 0);  // an empty view is '', not NULL
    CHECK(empty.column_int(1) == 1);

    {
        const std::string gone(64, 'g');  // on the heap, freed at the end of this block
        Statement& length = db->prepare("SELECT length(?1)");
        REQUIRE(length.bind_static(1, gone).step());
        CHECK(length.column_int(0) == 64);
    }
    // The text bound above is gone; the statement from the cache must not read it again.
    Statement& again = db->prepare("SELECT length(?1)");
    REQUIRE(again.step());
    CHECK(again.column_is_null(0));
}

TEST_CASE("a failed step throws SQLite's message with the statement and its extended code") {
    auto db = office::open_office_database(":memory:");
    Statement& insert = db->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)");
    insert.bind(1, "Someone").bind(2, "maria@example.com");
    try {
        insert.step();
        FAIL("no exception");
    } catch (const StoreError& e) {
        // Schema 8's index on lower(email) is what SQLite finds violated first (before UNIQUE (email)).
        CHECK(std::string(e.what()) ==
              "UNIQUE constraint failed: index 'customers_by_email' (in \"INSERT INTO customers (name, email) VALUES (?1, ?2)\")");
        CHECK(e.code == 2067);  // SQLITE_CONSTRAINT_UNIQUE
    }

    try {
        db->exec("INSERT INTO invoices (customer_id, amount_cents, status) VALUES (99, 100, 'open')");
        FAIL("no exception");
    } catch (const StoreError& e) {
        CHECK(std::string(e.what()) ==
              "FOREIGN KEY constraint failed (in \"INSERT INTO invoices (customer_id, amount_cents, status) VALUES (99, 100, 'open')\")");
        CHECK(e.code == 787);  // SQLITE_CONSTRAINT_FOREIGNKEY: foreign_keys is on
    }

    REQUIRE_THROWS_WITH(db->prepare("SELECT nonsense FROM nowhere"), "no such table: nowhere (in \"SELECT nonsense FROM nowhere\")");
    REQUIRE_THROWS_WITH(db->prepare("SELECT 1; SELECT 2"), "more than one SQL statement in \"SELECT 1; SELECT 2\"; use exec()");
    CHECK_NOTHROW(db->prepare("SELECT 1; -- a comment after the statement is fine\n"));
}

TEST_CASE("a file of random bytes is refused with a clear error and left byte for byte as it was") {
    TempDir dir;
    std::string path = dir / "office.db";
    std::mt19937 random(42);
    std::string bytes(8192, '\0');
    for (char& c : bytes) c = static_cast<char>(random());
    write_bytes(path, bytes);

    REQUIRE_THROWS_WITH(office::open_office_database(path), "cannot open database " + path + ": file is not a database");

    CHECK(read_bytes(path) == bytes);
    CHECK_FALSE(fs::exists(path + "-wal"));
    CHECK_FALSE(fs::exists(path + "-shm"));
    CHECK_FALSE(fs::exists(path + "-journal"));
}

TEST_CASE("a database with someone else's table is refused and left as it was") {
    TempDir dir;
    std::string path = dir / "notes.db";
    {
        Database theirs(path);
        theirs.exec("PRAGMA journal_mode = DELETE; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
    }
    std::string before = read_bytes(path);

    REQUIRE_THROWS_WITH(office::open_office_database(path), "database " + path + " is not an office-mcp database");
    {
        Database theirs(path, Database::Mode::ReadWrite);
        REQUIRE_THROWS_WITH(office::reset_database(theirs), "database " + path + " is not an office-mcp database");
    }

    CHECK(read_bytes(path) == before);
    CHECK_FALSE(fs::exists(path + "-wal"));
}

TEST_CASE("an empty database with someone else's application_id is refused") {
    TempDir dir;
    std::string path = dir / "other.db";
    {
        Database theirs(path);
        theirs.exec("PRAGMA application_id = 42");
    }
    REQUIRE_THROWS_WITH(office::open_office_database(path), "database " + path + " is not an office-mcp database");
}

TEST_CASE("a database written by a newer office-mcp is refused") {
    TempDir dir;
    std::string path = dir / "office.db";
    const auto newer = std::to_string(office::kSchemaVersion + 1);
    office::open_office_database(path)->exec("PRAGMA user_version = " + newer);

    REQUIRE_THROWS_WITH(office::open_office_database(path),
                        "database " + path + " was written by a newer office-mcp (schema " + newer + "; this build knows " +
                            std::to_string(office::kSchemaVersion) + ")");
}

TEST_CASE("a database with our mark but no schema version is called damaged") {
    TempDir dir;
    std::string path = dir / "office.db";
    Database(path).exec("PRAGMA application_id = 1330005571; CREATE TABLE customers (id INTEGER PRIMARY KEY)");

    REQUIRE_THROWS_WITH(office::open_office_database(path),
                        "database " + path + " is damaged: it has the office-mcp mark but no schema version");
}

TEST_CASE("a database that cannot be created gives a clear error naming the path") {
    TempDir dir;
    write_bytes(dir / "file", "not a directory");

    REQUIRE_THROWS_WITH(office::open_office_database(dir / "file/office.db"),
                        "cannot create database " + (dir / "file/office.db") + ": " + (dir / "file") + " is not a directory");
    REQUIRE_THROWS_WITH(office::open_office_database(dir / "file/sub/office.db"),
                        "cannot create directory " + (dir / "file/sub") + " for database " + (dir / "file/sub/office.db") +
                            ": Not a directory");
    CHECK(read_bytes(dir / "file") == "not a directory");

    // A read-only directory. Root could write there anyway, so the attempt runs in a child
    // that has dropped to nobody when the tests run as root.
    ::chmod(dir.path.c_str(), 0755);
    fs::create_directory(dir / "locked");
    ::chmod((dir / "locked").c_str(), 0555);
    CHECK(error_without_root([&] { office::open_office_database(dir / "locked/office.db"); }) ==
          "cannot create database " + (dir / "locked/office.db") + ": Permission denied");
    CHECK(error_without_root([&] { office::open_office_database(dir / "locked/sub/office.db"); }) ==
          "cannot create directory " + (dir / "locked/sub") + " for database " + (dir / "locked/sub/office.db") +
              ": Permission denied");
    CHECK(fs::is_empty(dir / "locked"));
    ::chmod((dir / "locked").c_str(), 0700);

    REQUIRE_THROWS_WITH(Database(dir / "missing/office.db", Database::Mode::ReadWriteCreate),
                        "cannot open database " + (dir / "missing/office.db") + ": unable to open database file");
}

TEST_CASE("reset_database restores the seed after changes") {
    TempDir dir;
    std::string path = dir / "office.db";
    auto db = office::open_office_database(path);
    db->exec(
        "UPDATE slots SET customer_id = 3, booked_at = '2026-09-01T08:00:00Z', booked_by = 'test' WHERE id = 1;"
        "INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com');"
        "UPDATE invoices SET status = 'refunded' WHERE id = 1;"
        "INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at)"
        "  VALUES (1, 24000, 'broken', 'desk', 'test', '2026-09-01T08:00:00Z');"
        "INSERT INTO lunch_orders (item, quantity, client, created_at) VALUES ('tortilla', 2, 'test', 'now');"
        "INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (2, 'pending', 'test', 'now');"
        "INSERT INTO used_request_states (nonce, used_at) VALUES ('abc', 'now');"
        "CREATE TABLE scratch (x); CREATE VIEW open_invoices AS SELECT * FROM invoices WHERE status = 'open';");

    office::reset_database(*db);

    check_seeded(*db);
    CHECK(rows(*db, "SELECT name FROM sqlite_master WHERE name IN ('scratch', 'open_invoices')").empty());
    // invoices_by_customer, one_pending_request_per_invoice, refunds_by_invoice (schema 3),
    // idempotency_keys_by_age (schema 5), tasks_by_expiry (schema 6), customers_by_email (schema 8)
    CHECK(scalar(*db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'") == 6);
    CHECK(scalar(*db, "PRAGMA foreign_key_check") == -1);  // no violations

    db.reset();
    check_seeded(*office::open_office_database(path));
}

TEST_CASE("default_database_path honours OFFICE_MCP_DB, then an absolute XDG_DATA_HOME, then HOME") {
    EnvVar db("OFFICE_MCP_DB");
    EnvVar xdg("XDG_DATA_HOME");
    EnvVar home("HOME");
    home.set("/home/ana");
    xdg.set("/data/ana");

    db.set("/srv/office.db");
    CHECK(office::default_database_path() == "/srv/office.db");

    db.set("");
    CHECK(office::default_database_path() == "/data/ana/office-mcp/office.db");
    db.unset();
    CHECK(office::default_database_path() == "/data/ana/office-mcp/office.db");
    xdg.set("/data/ana/");
    CHECK(office::default_database_path() == "/data/ana/office-mcp/office.db");

    xdg.set("relative/data");  // the XDG spec says to ignore it
    CHECK(office::default_database_path() == "/home/ana/.local/share/office-mcp/office.db");
    xdg.set("");
    CHECK(office::default_database_path() == "/home/ana/.local/share/office-mcp/office.db");
    xdg.unset();
    CHECK(office::default_database_path() == "/home/ana/.local/share/office-mcp/office.db");
}

TEST_CASE("format_cents shows money with two decimals") {
    CHECK(office::format_cents(8000) == "80.00");
    CHECK(office::format_cents(5) == "0.05");
    CHECK(office::format_cents(-150) == "-1.50");
    CHECK(office::format_cents(0) == "0.00");
    CHECK(office::format_cents(41000) == "410.00");
    CHECK(office::format_cents(-5) == "-0.05");
    CHECK(office::format_cents(123456789) == "1234567.89");
    CHECK(office::format_cents(std::numeric_limits<std::int64_t>::max()) == "92233720368547758.07");
    CHECK(office::format_cents(std::numeric_limits<std::int64_t>::min()) == "-92233720368547758.08");
}

TEST_CASE("utc_time writes each second as its own text, the same second again and again included") {
    CHECK(office::utc_time(1796002039) == "2026-11-30T01:27:19Z");
    CHECK(office::utc_time(1796002039) == "2026-11-30T01:27:19Z");
    CHECK(office::utc_time(1796002040) == "2026-11-30T01:27:20Z");
    CHECK(office::utc_time(0) == "1970-01-01T00:00:00Z");
    CHECK(office::utc_time(1796002039) == "2026-11-30T01:27:19Z");
}

TEST_CASE("utc_now is the current UTC time to the second, ending in Z") {
    std::string now = office::utc_now();
    const std::string shape = "dddd-dd-ddTdd:dd:ddZ";
    REQUIRE(now.size() == shape.size());
    for (std::size_t i = 0; i < shape.size(); ++i) {
        INFO(now);
        if (shape[i] == 'd') CHECK((now[i] >= '0' && now[i] <= '9'));
        else CHECK(now[i] == shape[i]);
    }
    std::tm tm {};
    REQUIRE(::strptime(now.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm) != nullptr);
    CHECK(std::llabs(static_cast<long long>(::timegm(&tm) - std::time(nullptr))) <= 2);
}

TEST_CASE("processes opening the same new database at once seed it exactly once") {
    for (int round = 0; round < 10; ++round) {
        TempDir dir;
        std::string path = dir / "new/office.db";
        int go[2];
        REQUIRE(::pipe(go) == 0);
        std::vector<pid_t> children;
        for (int i = 0; i < 4; ++i) {
            pid_t pid = ::fork();
            REQUIRE(pid >= 0);
            if (pid == 0) {
                ::close(go[1]);
                char c;
                while (::read(go[0], &c, 1) < 0 && errno == EINTR) {
                }
                try {
                    office::open_office_database(path);
                    ::_exit(0);
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "child: %s\n", e.what());
                    ::_exit(1);
                }
            }
            children.push_back(pid);
        }
        ::close(go[0]);
        ::close(go[1]);  // all children start now
        for (pid_t pid : children) {
            int status = 0;
            REQUIRE(::waitpid(pid, &status, 0) == pid);
            CHECK(WIFEXITED(status));
            CHECK(WEXITSTATUS(status) == 0);
        }
        auto db = office::open_office_database(path);
        CHECK(customer_count(*db) == 3);
        CHECK(slots(*db) == kSeedSlots);
        CHECK(invoices(*db) == kSeedInvoices);
    }
}

TEST_CASE("threads opening the same new database at once seed it exactly once") {
    for (int round = 0; round < 10; ++round) {
        TempDir dir;
        std::string path = dir / "new/office.db";
        constexpr int kThreads = 4;
        std::latch start(kThreads);
        std::vector<std::string> errors(kThreads);
        std::vector<std::thread> threads;
        for (int i = 0; i < kThreads; ++i) {
            threads.emplace_back([&, i] {
                start.arrive_and_wait();
                try {
                    office::open_office_database(path);
                } catch (const std::exception& e) {
                    errors[i] = e.what();
                }
            });
        }
        for (auto& t : threads) t.join();
        CHECK(errors == std::vector<std::string>(kThreads));
        auto db = office::open_office_database(path);
        CHECK(customer_count(*db) == 3);
    }
}
