#pragma once
// The backend the store, tool and end-to-end suites run on, and a database of its own for each
// test case. SQLite by default; PostgreSQL when OFFICE_TEST_POSTGRES names the socket directory
// of the test server that tests/postgres/start.sh started (the ctest fixture `postgres`; the
// suites are registered a second time with the prefix `postgres.` and that variable set).

#include "office_store.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace office::testing {

// True when the suites run on PostgreSQL (OFFICE_TEST_POSTGRES is set and not empty).
bool on_postgres();

// The URI of `database` on the test server (OFFICE_TEST_POSTGRES); fails the test when unset.
std::string postgres_uri(const std::string& database);

// The office-mcp to run end to end: office-mcp on SQLite, office-mcp-pg on PostgreSQL.
std::string office_mcp_binary();

// A database of its own for one test case, removed at the end. SQLite: office.db in a fresh
// temporary directory (not created until used); PostgreSQL: a fresh, uniquely named, empty
// database on the test server, dropped (with any connections still on it) at the end.
class TestDatabase {
public:
    TestDatabase();
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    // What --db takes: the file's path or the database's URI.
    const std::string& arg() const { return arg_; }
    // The PostgreSQL database's name ("" on SQLite) and the temporary directory (SQLite).
    const std::string& name() const { return name_; }
    const std::string& dir() const { return dir_; }

    // Looks at rows with SQL both backends understand, on a connection of its own.
    void exec(const std::string& sql) const;
    std::string text(const std::string& sql) const;       // first column of the first row; "<no row>"
    std::int64_t number(const std::string& sql) const;    // a boolean is 1 or 0; -1 for no row
    std::vector<std::string> texts(const std::string& sql) const;  // the first column of every row

private:
    std::string arg_, name_, dir_;
};

// The store the suites test, on `db` (open_office_store_for).
std::unique_ptr<OfficeStore> open_test_store(const TestDatabase& db);

// Looks at rows through a store's own connection (SQLite or PostgreSQL), between requests.
void store_exec(OfficeStore& store, const std::string& sql);
std::vector<std::string> store_texts(OfficeStore& store, const std::string& sql);  // NULL as ""
std::int64_t store_number(OfficeStore& store, const std::string& sql);                // -1 for no row

}  // namespace office::testing
