#pragma once
// Generic SQLite behind a small RAII layer (in the manner of SQLiteCpp): a connection with a
// cache of prepared statements, transactions that roll back unless committed, and group
// commit. It knows nothing of the office (docs/architecture.md, "Store"); <sqlite3.h> is
// included only in sqlite.cpp, and no raw handle leaves this layer.

#include "durability.h"
#include "store_error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace office {

class Database;

// SQLite's result codes that code outside sqlite.cpp gives its own StoreErrors, so that every
// StoreError about a SQLite file carries SQLite's code (StoreError::code).
namespace sqlite_code {
inline constexpr int kError = 1;      // SQLITE_ERROR
inline constexpr int kCorrupt = 11;   // SQLITE_CORRUPT
inline constexpr int kCantOpen = 14;  // SQLITE_CANTOPEN
inline constexpr int kNotADb = 26;    // SQLITE_NOTADB
}  // namespace sqlite_code

class Statement {
public:
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Bindings are 1-based, as in SQLite. bind() copies text (SQLITE_TRANSIENT).
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind_null(int index);
    // Text bound without a copy (SQLITE_STATIC): SQLite reads it in place while step() runs, so
    // it must stay alive and unchanged until this use's last step(). Sound because SQLite reads
    // a bound value only while the statement runs, and Database::prepare() and reset() clear
    // every binding (sqlite3_clear_bindings) before the statement runs again, so a pointer left
    // behind once its text is gone is dropped unread. For text that obviously outlives the
    // steps (a parameter or local of the function that steps); copying an audit row's ten texts
    // was a sixth of an order_lunch call (issue 16).
    Statement& bind_static(int index, std::string_view text);

    bool step();  // true while a row is available (reset once done); throws StoreError on failure
    void reset(); // ready to run again, bindings cleared

    std::int64_t column_int(int index) const;
    double column_double(int index) const;
    std::string column_text(int index) const;  // "" for NULL
    bool column_is_null(int index) const;
    bool column_is_integer(int index) const;

private:
    friend class Database;
    Statement(sqlite3* db, std::string_view sql);  // through Database::prepare only
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

// One connection, used by one thread at a time (opened with SQLITE_OPEN_NOMUTEX).
class Database {
public:
    enum class Mode { ReadWriteCreate, ReadWrite, ReadOnly };

    // Opens (and with ReadWriteCreate creates) the file and reads its header, so that "file is
    // not a database" surfaces here, before any write; sets busy_timeout (5 s),
    // foreign_keys=ON, synchronous per `durability` and a small page cache. The journal mode is
    // left as the file has it (see use_wal). ":memory:" is accepted. Throws StoreError ("cannot
    // open database PATH: ...").
    explicit Database(const std::string& path, Mode mode = Mode::ReadWriteCreate,
                      Durability durability = Durability::Power);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // Switches the file to WAL (persistent in the file). Switching takes an exclusive lock
    // without calling the busy handler, so it retries for as long as busy_timeout would wait.
    void use_wal();
    // Closing the last connection deletes the -wal and -shm by the database's name; once another
    // file has that name (office-mcp restore --force), they are the other file's: this keeps
    // SQLite from deleting them (SQLITE_FCNTL_PERSIST_WAL). Its own WAL is checkpointed as usual.
    void keep_wal_on_close();
    // Every connection opens with SQLite's defences for files of unknown origin (SQLITE_DBCONFIG_
    // DEFENSIVE, trusted_schema off: the file's triggers, views and CHECK expressions may not call
    // functions or virtual tables with side effects). Once the schema is known to be this build's
    // own (sqlite_schema_check.cpp compares it object by object), trust_schema() lets it: the
    // office's own triggers keep the customer search (FTS5) in step.
    void trust_schema();

    // A cached prepared statement for this exact SQL text, reset and with bindings
    // cleared. The reference stays valid for the life of the Database. Step to the end or
    // reset() a statement you stop reading early: one left on a row keeps its read snapshot.
    Statement& prepare(std::string_view sql);
    void exec(std::string_view sql);  // one or more statements, no results

    std::int64_t changes() const;
    std::int64_t last_insert_rowid() const;
    const std::string& path() const { return path_; }
    bool in_transaction() const;

    // The whole database as bytes (sqlite3_serialize), and a database made from such bytes
    // (an in-memory copy: the fuzzer gives every input a fresh copy of one seeded image).
    std::string image() const;
    // A connection to a copy of `bytes` in memory; not trusted (trust_schema) until its caller
    // knows the image is an office this build made.
    static std::unique_ptr<Database> from_image(const std::string& bytes);

    // Group commit. Between begin_batch() and end_batch() the first Transaction opens one
    // write transaction that every Transaction of the batch joins as a savepoint (its own
    // commit or rollback stays its own), and end_batch() commits it once. The caller sends
    // the replies of a batch only after end_batch() returns, so an acknowledged write is
    // always committed; a pipelined burst then costs one WAL commit (and, with
    // Durability::Power, one fdatasync) instead of one per call.
    // end_batch() rolls back and throws StoreError when the commit fails.
    void begin_batch() { batching_ = true; }
    void end_batch();
    bool batch_has_writes() const { return batch_open_; }  // the batch's transaction has begun

private:
    friend class Transaction;
    struct Cache;
    void rollback_quietly(const char* sql) noexcept;
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

}  // namespace office
