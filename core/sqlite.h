#pragma once
// The SQLite store behind a small RAII layer (in the manner of SQLiteCpp): a connection
// with a cache of prepared statements, and transactions that roll back unless committed.
// <sqlite3.h> is included only in store.cpp.

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace office {

// Any SQLite failure. `what()` is one sentence fit for stderr.
struct StoreError : std::runtime_error {
    StoreError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
    int code;  // SQLite's extended result code
};

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Bindings are 1-based, as in SQLite. Text is copied (SQLITE_TRANSIENT).
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind_null(int index);

    bool step();  // true while a row is available (reset once done); throws StoreError on failure
    void reset(); // ready to run again, bindings cleared

    std::int64_t column_int(int index) const;
    double column_double(int index) const;
    std::string column_text(int index) const;  // "" for NULL
    bool column_is_null(int index) const;

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

class Database {
public:
    enum class Mode { ReadWriteCreate, ReadWrite, ReadOnly };

    // Opens (and with ReadWriteCreate creates) the file; sets busy_timeout (5 s),
    // foreign_keys=ON, synchronous=NORMAL, and WAL for a file that is empty or already ours
    // (someone else's file is never modified). ":memory:" is accepted for tests. Throws
    // StoreError ("cannot open database PATH: ...").
    explicit Database(const std::string& path, Mode mode = Mode::ReadWriteCreate);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // A cached prepared statement for this exact SQL text, reset and with bindings
    // cleared. The reference stays valid for the life of the Database. Step to the end or
    // reset() a statement you stop reading early: one left on a row keeps its read snapshot.
    Statement& prepare(std::string_view sql);
    void exec(std::string_view sql);  // one or more statements, no results

    std::int64_t changes() const;
    std::int64_t last_insert_rowid() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }

    // Group commit. Between begin_batch() and end_batch() the first Transaction opens one
    // write transaction that every Transaction of the batch joins as a savepoint (its own
    // commit or rollback stays its own), and end_batch() commits it once. The caller sends
    // the replies of a batch only after end_batch() returns, so an acknowledged write is
    // always committed; a pipelined burst then costs one WAL commit instead of one per call.
    // end_batch() rolls back and throws StoreError when the commit fails.
    void begin_batch() { batching_ = true; }
    void end_batch();

private:
    friend class Transaction;
    struct Cache;
    std::string path_;
    sqlite3* db_ = nullptr;
    std::unique_ptr<Cache> cache_;
    bool batching_ = false;
    bool batch_open_ = false;  // the batch's write transaction has begun
};

// BEGIN IMMEDIATE (writes) or BEGIN (reads); rolls back in the destructor unless committed.
// Inside a batch (Database::begin_batch) it is a savepoint of the batch's transaction.
class Transaction {
public:
    enum class Kind { Immediate, Deferred };
    explicit Transaction(Database& db, Kind kind = Kind::Immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& db_;
    bool done_ = false;
    bool savepoint_ = false;
};

// The schema version this build writes (PRAGMA user_version).
inline constexpr int kSchemaVersion = 3;  // 2: the audit trail (core/audit.h); 3: partial refunds

// Makes `db` an office database at kSchemaVersion: creates and seeds an empty one, migrates
// an older one forward, leaves a current one alone. Throws StoreError for a file that is not
// ours (other tables, or another application_id) or is newer than this build.
void ensure_schema(Database& db);

// Drops everything and seeds again (office-mcp db reset).
void reset_database(Database& db);

// $OFFICE_MCP_DB, else $XDG_DATA_HOME/office-mcp/office.db, else
// ~/.local/share/office-mcp/office.db. (--db is applied by the caller before this.)
std::string default_database_path();

// Opens the database at `path` ready for use: creates the parent directory (0700) and the
// file (0600) if needed, then ensure_schema. Throws StoreError with a sentence naming the path.
std::unique_ptr<Database> open_office_database(const std::string& path);

// Throws StoreError with one sentence when `path` cannot work as the database: a directory, an
// existing file that cannot be opened for reading and writing, or a new file whose directory
// cannot take new files. Creates nothing (a server/discover probe must leave nothing behind),
// so serving can refuse such a path at start instead of at the first tool call.
void check_database_location(const std::string& path);

// "80.00" for 8000.
std::string format_cents(std::int64_t cents);

// The current UTC time as 2026-11-30T01:27:19Z.
std::string utc_now();

}  // namespace office
