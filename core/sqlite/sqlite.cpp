// The only file that sees <sqlite3.h>. Everything SQLite reports becomes a StoreError whose
// message is one sentence a person can act on. No office knowledge here: the office's schema
// and migrations live in sqlite_office_file.cpp (and the files it names), its statements in
// sqlite_office_store.cpp (and the files it names).

#include "sqlite.h"
#include "store_sql.h"

#include <sqlite3.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace office {
namespace {

constexpr int kBusyTimeoutMs = 5000;

static_assert(sqlite_code::kError == SQLITE_ERROR && sqlite_code::kCorrupt == SQLITE_CORRUPT &&
              sqlite_code::kCantOpen == SQLITE_CANTOPEN && sqlite_code::kNotADb == SQLITE_NOTADB);

// What SQLite said, as a StoreError. The file locked past the busy timeout, full, unwritable,
// unreadable or gone is the database being unavailable (the request may work later); anything
// else is this request's failure.
StoreError sqlite_failure(int code, const std::string& message) {
    switch (code & 0xff) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
        case SQLITE_READONLY:
        case SQLITE_IOERR:
        case SQLITE_FULL:
        case SQLITE_CANTOPEN:
        case SQLITE_PROTOCOL: return StoreError(code, message, true);
        default: return StoreError(code, message);
    }
}

StoreError sqlite_error(sqlite3* db, int code, std::string_view sql) {
    return sqlite_failure(code, std::string(sqlite3_errmsg(db)) + " (in \"" + sql_for_message(sql) + "\")");
}

// Reads one integer from a one-row query and resets the statement at once: a statement left

}  // namespace

// ---- Statement ----------------------------------------------------------------------------

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    const char* tail = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, &tail);
    if (rc != SQLITE_OK) throw sqlite_error(db_, rc, sql);
    if (stmt_ == nullptr) throw StoreError(SQLITE_MISUSE, "no SQL statement in \"" + sql_for_message(sql) + "\"");
    // Anything after the first statement would be silently ignored; comments are fine.
    const char* end = sql.data() + sql.size();
    if (tail && tail < end) {
        sqlite3_stmt* next = nullptr;
        int next_rc = sqlite3_prepare_v2(db_, tail, static_cast<int>(end - tail), &next, nullptr);
        sqlite3_finalize(next);
        if (next_rc != SQLITE_OK || next != nullptr) {
            sqlite3_finalize(stmt_);
            throw StoreError(SQLITE_MISUSE, "more than one SQL statement in \"" + sql_for_message(sql) + "\"; use exec()");
        }
    }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

namespace {
void check_bind(sqlite3* db, sqlite3_stmt* stmt, int rc, int index) {
    if (rc != SQLITE_OK) {
        throw StoreError(rc, "cannot bind parameter " + std::to_string(index) + ": " + sqlite3_errmsg(db) + " (in \"" +
                                 sql_for_message(sqlite3_sql(stmt)) + "\")");
    }
}
}  // namespace

Statement& Statement::bind(int index, std::int64_t value) {
    check_bind(db_, stmt_, sqlite3_bind_int64(stmt_, index, value), index);
    return *this;
}

Statement& Statement::bind(int index, double value) {
    check_bind(db_, stmt_, sqlite3_bind_double(stmt_, index, value), index);
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    // An empty view may have a null data(), which SQLite would bind as NULL rather than ''.
    const char* data = text.data() ? text.data() : "";
    check_bind(db_, stmt_, sqlite3_bind_text64(stmt_, index, data, text.size(), SQLITE_TRANSIENT, SQLITE_UTF8), index);
    return *this;
}

Statement& Statement::bind_static(int index, std::string_view text) {
    const char* data = text.data() ? text.data() : "";  // as bind(): '' rather than NULL
    check_bind(db_, stmt_, sqlite3_bind_text64(stmt_, index, data, text.size(), SQLITE_STATIC, SQLITE_UTF8), index);
    return *this;
}

Statement& Statement::bind_null(int index) {
    check_bind(db_, stmt_, sqlite3_bind_null(stmt_, index), index);
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) {
        // Ends the statement's read (or autocommit write) now rather than at the next use.
        sqlite3_reset(stmt_);
        return false;
    }
    StoreError error = sqlite_error(db_, rc, sqlite3_sql(stmt_));
    sqlite3_reset(stmt_);
    throw error;
}

void Statement::reset() {
    sqlite3_reset(stmt_);  // returns the last step's error, already reported by step()
    sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::column_int(int index) const { return sqlite3_column_int64(stmt_, index); }

double Statement::column_double(int index) const { return sqlite3_column_double(stmt_, index); }

std::string Statement::column_text(int index) const {
    const unsigned char* text = sqlite3_column_text(stmt_, index);
    if (text == nullptr) return {};
    return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
}

bool Statement::column_is_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }
bool Statement::column_is_integer(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_INTEGER; }

// ---- Database -----------------------------------------------------------------------------

struct Database::Cache {
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    // Transparent hash and equality: find(string_view) does not build a std::string.
    std::unordered_map<std::string, std::unique_ptr<Statement>, Hash, std::equal_to<>> statements;
};

namespace {
// For the constructor, whose errors carry SQLite's message alone (the caller adds the path).
// Returns the first row's columns as integers (none for no row).
std::vector<std::int64_t> run_raw(sqlite3* db, std::string_view sql) {
    sqlite3_stmt* raw = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &raw, nullptr);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, sqlite3_finalize);
    if (rc != SQLITE_OK) throw sqlite_failure(rc, sqlite3_errmsg(db));
    rc = sqlite3_step(stmt.get());
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw sqlite_failure(rc, sqlite3_errmsg(db));
    std::vector<std::int64_t> row;
    if (rc == SQLITE_ROW) {
        for (int i = 0; i < sqlite3_column_count(stmt.get()); ++i) row.push_back(sqlite3_column_int64(stmt.get(), i));
    }
    return row;
}

}  // namespace

Database::Database(const std::string& path, Mode mode, Durability durability) : path_(path), cache_(std::make_unique<Cache>()) {
    // NOMUTEX: a Database is used by one thread at a time (office-mcp's loops are single-threaded;
    // the desk reads through the server), so SQLite's per-connection lock, taken by every bind
    // and step, is pure cost: about 2.5k instructions per order_lunch call (issue 16).
    int flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX;
    switch (mode) {
        case Mode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
        case Mode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
        case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    try {
        if (rc != SQLITE_OK) throw sqlite_failure(rc, db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
        sqlite3_busy_timeout(db_, kBusyTimeoutMs);
        // SQLite's "Defense against the dark arts", before the file's schema is read: no write
        // that could corrupt the file however it is asked for (writable_schema, shadow tables),
        // and nothing in the schema runs functions or virtual tables until trust_schema().
        sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
        sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);

        // Reading the schema first makes "file is not a database" surface here, before any write.
        if (path != ":memory:" && !path.empty()) run_raw(db_, "SELECT 1 FROM sqlite_master LIMIT 1");
        run_raw(db_, "PRAGMA foreign_keys = ON");
        // The rows a REPLACE deletes fire their DELETE triggers too (SQLite's default is off),
        // so a table's triggers (customers' search index, schema 8) see every row that goes.
        run_raw(db_, "PRAGMA recursive_triggers = ON");
        // A reply reports a write only after its COMMIT returns, so what COMMIT waits for is
        // what "acknowledged" means. In WAL mode FULL fdatasyncs the WAL at every commit: the
        // write is on stable storage before any reply mentions it, and group commit
        // (begin_batch) makes that one sync per burst. NORMAL leaves the WAL in the page cache:
        // safe when the process dies, not when the machine does (the database is never
        // corrupted either way, only the last commits can go). Reads never write the WAL, so
        // they never sync.
        run_raw(db_, durability == Durability::Power ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        // A small office is a few hundred pages, all of them in the page cache, which SQLite
        // fills as pages are read: the cap costs a small office nothing. 8 MiB keeps the upper
        // pages of a million customers' indexes (issue 37) from being read again every call.
        run_raw(db_, "PRAGMA cache_size = -8192");
        // Temporary data in memory, not in a file under /var/tmp: above all the statement
        // journal that SQLite keeps for a statement inside a transaction whose triggers write
        // (every customer insert: the search indexes' triggers). In a file, a long transaction
        // (an import of 100 000 customers) wrote it a million times; it is a few pages per
        // statement, freed when the statement ends.
        run_raw(db_, "PRAGMA temp_store = MEMORY");
    } catch (const StoreError& e) {
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw StoreError(e, "cannot open database " + path + ": " + e.what());
    } catch (...) {  // bad_alloc: no destructor will run, so close here too
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw;
    }
}

void Database::trust_schema() { sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 1, nullptr); }

// When several processes open a new file at once, they all try to switch it; each retries.
void Database::use_wal() {
    using Clock = std::chrono::steady_clock;
    auto deadline = Clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (;;) {
        try {
            run_raw(db_, "PRAGMA journal_mode = WAL");
            return;
        } catch (const StoreError& e) {
            if ((e.code & 0xff) != SQLITE_BUSY || Clock::now() >= deadline) throw;
        }
        sqlite3_sleep(2);
    }
}

Database::~Database() {
    cache_.reset();  // finalize every statement before closing
    sqlite3_close_v2(db_);
}

Statement& Database::prepare(std::string_view sql) {
    auto& statements = cache_->statements;
    if (auto it = statements.find(sql); it != statements.end()) {
        it->second->reset();
        return *it->second;
    }
    std::unique_ptr<Statement> statement(new Statement(db_, sql));  // the constructor is private
    return *statements.emplace(std::string(sql), std::move(statement)).first->second;
}

void Database::keep_wal_on_close() {
    int keep = 1;
    sqlite3_file_control(db_, "main", SQLITE_FCNTL_PERSIST_WAL, &keep);
}

void Database::exec(std::string_view sql) {
    const char* p = sql.data();
    const char* end = sql.data() + sql.size();
    while (p < end) {
        sqlite3_stmt* raw = nullptr;
        const char* tail = nullptr;
        int rc = sqlite3_prepare_v3(db_, p, static_cast<int>(end - p), 0, &raw, &tail);
        std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, sqlite3_finalize);
        std::string_view current(p, static_cast<std::size_t>((tail ? tail : end) - p));
        if (rc != SQLITE_OK) throw sqlite_error(db_, rc, current);
        if (!stmt) break;  // only whitespace or comments were left
        while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
        }
        if (rc != SQLITE_DONE) throw sqlite_error(db_, rc, current);
        p = tail;
    }
}

std::int64_t Database::changes() const { return sqlite3_changes64(db_); }

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

bool Database::in_transaction() const { return !sqlite3_get_autocommit(db_); }

void Database::rollback_quietly(const char* sql) noexcept { sqlite3_exec(db_, sql, nullptr, nullptr, nullptr); }

std::string Database::image() const {
    sqlite3_int64 size = 0;
    unsigned char* bytes = sqlite3_serialize(db_, "main", &size, 0);
    if (bytes == nullptr) throw StoreError(SQLITE_NOMEM, "cannot copy database " + path_ + ": out of memory");
    std::string copy(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
    sqlite3_free(bytes);
    return copy;
}

std::unique_ptr<Database> Database::from_image(const std::string& bytes) {
    auto db = std::make_unique<Database>(":memory:");
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size()));
    if (copy == nullptr) throw StoreError(SQLITE_NOMEM, "cannot copy a database image: out of memory");
    std::memcpy(copy, bytes.data(), bytes.size());
    const auto size = static_cast<sqlite3_int64>(bytes.size());
    // FREEONCLOSE: SQLite owns the copy from here on, also when it refuses it.
    if (int rc = sqlite3_deserialize(db->db_, "main", copy, size, size,
                                     SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
        rc != SQLITE_OK)
        throw StoreError(rc, "cannot load a database image: " + std::string(sqlite3_errstr(rc)));
    return db;
}

// ---- Transaction --------------------------------------------------------------------------

Transaction::Transaction(Database& db, Kind kind) : db_(db) {
    if (db_.batching_) {
        if (!db_.batch_open_) {
            db_.prepare("BEGIN IMMEDIATE").step();
            db_.batch_open_ = true;
        }
        db_.prepare("SAVEPOINT unit").step();
        savepoint_ = true;
        return;
    }
    db_.prepare(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN").step();
}

Transaction::~Transaction() {
    if (done_ || !db_.in_transaction()) return;  // a failed COMMIT may have rolled back already
    db_.rollback_quietly(savepoint_ ? "ROLLBACK TO unit; RELEASE unit" : "ROLLBACK");
}

void Transaction::commit() {
    db_.prepare(savepoint_ ? "RELEASE unit" : "COMMIT").step();
    done_ = true;
}

void Database::end_batch() {
    batching_ = false;
    if (!batch_open_) return;
    batch_open_ = false;
    try {
        prepare("COMMIT").step();
    } catch (const StoreError&) {
        if (in_transaction()) rollback_quietly("ROLLBACK");
        throw;
    }
}

}  // namespace office
