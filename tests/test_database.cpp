#include "test_database.h"

#include "office_store_for.h"
#include "postgres.h"
#include "postgres_office_store.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>

#include <unistd.h>

namespace office::testing {

namespace {
// Keys and tokens of a URI office go under XDG_DATA_HOME (office_store_for.h): on the test
// server, a directory of its own, not the home of whoever runs the tests. Set before any test
// runs, so the servers the tests start inherit it.
const bool g_private_data_home = [] {
    const char* dir = std::getenv("OFFICE_TEST_POSTGRES");
    if (dir && *dir) ::setenv("XDG_DATA_HOME", (std::string(dir) + "-home").c_str(), 1);
    return true;
}();
}  // namespace

bool on_postgres() {
    const char* dir = std::getenv("OFFICE_TEST_POSTGRES");
    return dir && *dir;
}

std::string postgres_uri(const std::string& database) {
    const char* dir = std::getenv("OFFICE_TEST_POSTGRES");
    if (!dir || !*dir)
        throw std::runtime_error("OFFICE_TEST_POSTGRES is not set: run this test through ctest, whose postgres fixture "
                                 "starts the test server (tests/postgres/start.sh)");
    return "postgresql:///" + database + "?host=" + dir + "&user=postgres";
}

std::string office_mcp_binary() { return on_postgres() ? OFFICE_MCP_PG_BINARY : OFFICE_MCP_BINARY; }

namespace {
std::string unique_name() {
    static std::atomic<int> counter{0};
    std::random_device random;
    return "office_test_" + std::to_string(::getpid()) + "_" + std::to_string(++counter) + "_" +
           std::to_string(random() % 1000000);
}
}  // namespace

TestDatabase::TestDatabase() {
    if (on_postgres()) {
        name_ = unique_name();
        pg::Connection admin(postgres_uri("postgres"));
        admin.exec("CREATE DATABASE " + name_);
        arg_ = postgres_uri(name_);
        return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "office-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    arg_ = dir_ + "/office.db";
}

TestDatabase::~TestDatabase() {
    try {
        if (!name_.empty()) {
            pg::Connection admin(postgres_uri("postgres"));
            admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        }
    } catch (...) {
    }
    if (!dir_.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
}

void TestDatabase::exec(const std::string& sql) const {
    if (on_postgres()) {
        pg::Connection(arg_).exec(sql);
        return;
    }
    Database db(arg_, Database::Mode::ReadWrite);
    db.trust_schema();  // the suites' office, made by this build: its triggers run as the server's do
    db.exec(sql);
}

std::vector<std::string> TestDatabase::texts(const std::string& sql) const {
    std::vector<std::string> out;
    if (on_postgres()) {
        pg::Connection conn(arg_);
        auto r = conn.query(sql);
        for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
        return out;
    }
    Database db(arg_, Database::Mode::ReadOnly);
    auto& q = db.prepare(sql);
    while (q.step()) out.push_back(q.column_text(0));
    return out;
}

std::string TestDatabase::text(const std::string& sql) const {
    const auto rows = texts(sql);
    return rows.empty() ? "<no row>" : rows[0];
}

std::int64_t TestDatabase::number(const std::string& sql) const {
    const auto rows = texts(sql);
    if (rows.empty()) return -1;
    if (rows[0] == "t") return 1;
    if (rows[0] == "f" || rows[0].empty()) return 0;  // NULL reads as 0, as SQLite's column_int
    return std::stoll(rows[0]);
}

std::unique_ptr<OfficeStore> open_test_store(const TestDatabase& db) { return open_office_store_for(db.arg()); }

void store_exec(OfficeStore& store, const std::string& sql) {
    if (auto* pg = dynamic_cast<PostgresOfficeStore*>(&store)) {
        pg->connection().exec(sql);
        return;
    }
    dynamic_cast<SqliteOfficeStore&>(store).database().exec(sql);
}

std::vector<std::string> store_texts(OfficeStore& store, const std::string& sql) {
    std::vector<std::string> out;
    if (auto* pg = dynamic_cast<PostgresOfficeStore*>(&store)) {
        auto r = pg->connection().query(sql);
        for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
        return out;
    }
    auto& q = dynamic_cast<SqliteOfficeStore&>(store).database().prepare(sql);
    while (q.step()) out.push_back(q.column_text(0));
    return out;
}

std::int64_t store_number(OfficeStore& store, const std::string& sql) {
    const auto rows = store_texts(store, sql);
    if (rows.empty()) return -1;
    if (rows[0] == "t") return 1;
    if (rows[0] == "f" || rows[0].empty()) return 0;  // NULL reads as 0, as SQLite's column_int
    return std::stoll(rows[0]);
}

}  // namespace office::testing
