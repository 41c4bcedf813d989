#include "store_floor.h"

#include "sqlite_office_store.h"

#include <sqlite3.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <stdexcept>

namespace bench {

double thread_cpu_us() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e6 + double(t.tv_nsec) / 1e3;
}

namespace {

void check(sqlite3* db, int rc, const char* what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(db));
}

void exec(sqlite3* db, const char* sql) { check(db, sqlite3_exec(db, sql, nullptr, nullptr, nullptr), sql); }

// A database connection as office-mcp opens one (core/sqlite/sqlite.cpp), with the two statements of
// an order_lunch call as office-mcp's store writes them (core/sqlite/sqlite_office_money.cpp).
class Floor {
public:
    Floor(const std::string& path, bool power) {
        check(db_, sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr), "open");
        exec(db_, "PRAGMA foreign_keys = ON");
        exec(db_, power ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        exec(db_, "PRAGMA cache_size = -512");
        prepare("BEGIN IMMEDIATE", &begin_);
        prepare("COMMIT", &commit_);
        prepare("SAVEPOINT unit", &savepoint_);
        prepare("RELEASE unit", &release_);
        prepare("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES (?1, ?2, ?3, ?4, ?5)", &order_);
        prepare("INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, "
                "subject_id, detail, principal) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                &audit_);
    }
    ~Floor() {
        for (sqlite3_stmt* s : {begin_, commit_, savepoint_, release_, order_, audit_}) sqlite3_finalize(s);
        sqlite3_close_v2(db_);
    }

    // CPU per call (µs) of `calls` calls, `per_commit` of them in each transaction, each call in
    // a savepoint of its own when `savepoints` (as office-mcp's group commit runs them).
    double run(int calls, int per_commit, bool savepoints = false) {
        const double start = thread_cpu_us();
        for (int done = 0; done < calls;) {
            step(begin_);
            for (int i = 0; i < per_commit && done < calls; ++i, ++done) {
                if (savepoints) step(savepoint_);
                order();
                if (savepoints) step(release_);
            }
            step(commit_);
        }
        return (thread_cpu_us() - start) / calls;
    }

private:
    void prepare(const char* sql, sqlite3_stmt** stmt) { check(db_, sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, nullptr), sql); }
    void step(sqlite3_stmt* s) {
        check(db_, sqlite3_step(s), sqlite3_sql(s));
        sqlite3_reset(s);
    }
    static void text(sqlite3_stmt* s, int i, const char* t) { sqlite3_bind_text(s, i, t, -1, SQLITE_STATIC); }

    void order() {
        const char* at = "2026-12-01T05:00:00Z";
        text(order_, 1, "bocadillo");
        sqlite3_bind_int64(order_, 2, 2);
        sqlite3_bind_null(order_, 3);
        text(order_, 4, "office-bench/1.0");
        text(order_, 5, at);
        step(order_);
        const sqlite3_int64 id = sqlite3_last_insert_rowid(db_);
        char detail[64];
        std::snprintf(detail, sizeof detail, "Lunch order #%lld: Ordered 2 bocadillos.", static_cast<long long>(id));
        text(audit_, 1, at);
        text(audit_, 2, "office-bench");
        text(audit_, 3, "1.0");
        text(audit_, 4, "legacy");
        text(audit_, 5, "2025-11-25");
        text(audit_, 6, "lunch_ordered");
        text(audit_, 7, "lunch_order");
        sqlite3_bind_int64(audit_, 8, id);
        text(audit_, 9, detail);
        text(audit_, 10, "");
        step(audit_);
    }

    sqlite3* db_ = nullptr;
    sqlite3_stmt* begin_ = nullptr;
    sqlite3_stmt* commit_ = nullptr;
    sqlite3_stmt* savepoint_ = nullptr;
    sqlite3_stmt* release_ = nullptr;
    sqlite3_stmt* order_ = nullptr;
    sqlite3_stmt* audit_ = nullptr;
};

}  // namespace

StoreFloor measure_store_floor(const std::string& dir, int calls) {
    namespace fs = std::filesystem;
    StoreFloor f;
    const fs::path work = fs::path(dir) / "store-floor";
    std::error_code ec;
    fs::remove_all(work, ec);
    try {
        fs::create_directories(work);
        const std::string path = (work / "office.db").string();
        office::open_office_store(path);  // the office's schema and seed, made by office-mcp's code, then closed
        // A short warm-up fills the page cache and the WAL, as a server's first calls do.
        for (const bool power : {true, false}) {
            Floor floor(path, power);
            floor.run(calls / 10 + 1, 1);
            (power ? f.power_sequential_us : f.process_sequential_us) = floor.run(calls, 1);
            (power ? f.power_grouped_us : f.process_grouped_us) = floor.run(calls, 64);
            if (power) f.power_grouped_savepoints_us = floor.run(calls, 64, true);
        }
        f.ok = true;
    } catch (const std::exception& e) {
        f.err = e.what();
    }
    fs::remove_all(work, ec);
    return f;
}

}  // namespace bench
