// The only file that sees <sqlite3.h>. Everything SQLite reports becomes a StoreError whose
// message is one sentence a person can act on; the schema's life (create, seed, migrate,
// refuse what is not ours) lives here too, so no other file reasons about user_version.

#include "store.h"

#include "resources.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace office {
namespace {

// PRAGMA application_id set by schema.sql: 'OFFC'.
constexpr std::int64_t kApplicationId = 0x4F464643;
constexpr int kBusyTimeoutMs = 5000;

// Step N turns a version N-1 database into version N; version 1 is schema.sql itself, and a
// new database runs every step after it, so new and migrated files have the same schema.
// Append steps and bump kSchemaVersion; never edit a released step. Each runs in its own
// IMMEDIATE transaction with foreign_keys=ON, so a step that rebuilds a table must keep every
// reference valid by the time it commits.
struct Migration {
    int version;
    std::string_view sql;
};
constexpr Migration kMigrations[] = {
    // 2: the audit trail. Writes made before it existed are backfilled from the rows they left
    // (era "unknown"; the client label "name/version" split at its first '/'), so
    // `office-mcp audit` answers for them too. The seed's booking is not a client's write.
    // No index: each write pays for every page its commit touches, and an index on the trail
    // is one more page per write; `office-mcp audit --invoice` scanning the table is cheap.
    {2, R"sql(
CREATE TABLE audit (
  id               INTEGER PRIMARY KEY,
  at               TEXT NOT NULL,            -- UTC, 2026-11-30T01:27:19Z
  client_name      TEXT NOT NULL,
  client_version   TEXT NOT NULL,            -- '' when the client gave none
  era              TEXT NOT NULL,            -- 'legacy', 'modern' ('unknown': backfilled)
  protocol_version TEXT NOT NULL,
  action           TEXT NOT NULL,            -- slot_booked, lunch_ordered, refund_queued, refund_issued, refund_declined
  subject_type     TEXT NOT NULL,            -- slot, lunch_order, invoice
  subject_id       INTEGER NOT NULL,
  detail           TEXT NOT NULL
);
WITH earlier (at, client, action, subject_type, subject_id, detail, rank) AS (
  SELECT ifnull(booked_at, ''), booked_by, 'slot_booked', 'slot', id,
         printf('Booked slot %d (%s %s) for customer %d.', id, day, time, customer_id), 1
    FROM slots WHERE customer_id IS NOT NULL AND booked_by IS NOT NULL AND booked_by <> 'seed'
  UNION ALL
  SELECT created_at, client, 'lunch_ordered', 'lunch_order', id,
         printf('Ordered %d %s%s.', quantity, item, ifnull(' (note: ' || note || ')', '')), 2
    FROM lunch_orders
  UNION ALL
  SELECT created_at, client, 'refund_queued', 'invoice', invoice_id,
         printf('Approval request #%d queued for invoice %d.', id, invoice_id), 3
    FROM approval_requests
  UNION ALL
  SELECT created_at, client, 'refund_issued', 'invoice', invoice_id,
         printf('Refunded %d.%02d of invoice %d (approved via %s). Reason: %s', amount_cents / 100, amount_cents % 100,
                invoice_id, approved_via, reason), 4
    FROM refunds
  UNION ALL
  SELECT resolved_at, 'unknown', 'refund_declined', 'invoice', invoice_id,
         printf('Approval request #%d for invoice %d was declined.', id, invoice_id), 5
    FROM approval_requests WHERE status = 'declined' AND resolved_at IS NOT NULL
)
INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail)
SELECT at,
       CASE WHEN instr(client, '/') > 0 THEN substr(client, 1, instr(client, '/') - 1) ELSE client END,
       CASE WHEN instr(client, '/') > 0 THEN substr(client, instr(client, '/') + 1) ELSE '' END,
       'unknown', '', action, subject_type, subject_id, detail || ' (Recorded before the audit trail existed.)'
  FROM earlier ORDER BY at, rank, subject_id;
)sql"},
    // 3: partial refunds (issue 11). An invoice knows how much was refunded (the sum of its
    // refund rows, kept so by each refund's transaction) and several refunds per invoice are
    // allowed, so `refunds` is rebuilt without its UNIQUE (SQLite cannot drop a constraint).
    // Nothing references `refunds`, so renaming it away and dropping it keeps every foreign
    // key valid. A refund that settled an approved request (schema 2 allowed one refund per
    // invoice, settled with its request in one transaction) is linked to it. Schema 2 marked an
    // invoice 'refunded' after any refund; one with money left gets back the status the audit
    // trail's refund entry names ("(Maria Alvarez, open, 80.00)"), else 'paid'. Outcomes are
    // not known to have been reported (reported_at NULL): each is reported once more.
    {3, R"sql(
ALTER TABLE invoices ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0
  CHECK (refunded_cents BETWEEN 0 AND amount_cents);   -- the sum of the invoice's refunds
ALTER TABLE approval_requests ADD COLUMN resolved_by TEXT;   -- the caller that approved or declined it
ALTER TABLE approval_requests ADD COLUMN reported_at TEXT;   -- when a calling client was told the outcome
ALTER TABLE refunds RENAME TO refunds_schema2;
CREATE TABLE refunds (
  id                  INTEGER PRIMARY KEY,
  invoice_id          INTEGER NOT NULL REFERENCES invoices(id),
  amount_cents        INTEGER NOT NULL CHECK (amount_cents > 0),
  reason              TEXT NOT NULL,
  approved_via        TEXT NOT NULL,              -- 'input_required', 'elicitation'
  client              TEXT NOT NULL,              -- who approved and ran it
  created_at          TEXT NOT NULL,
  approval_request_id INTEGER REFERENCES approval_requests(id),  -- the queued request it settled
  requested_by        TEXT                        -- the client that queued that request
);
INSERT INTO refunds (id, invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, requested_by)
SELECT r.id, r.invoice_id, r.amount_cents, r.reason, r.approved_via, r.client, r.created_at, a.id, a.client
  FROM refunds_schema2 r
  LEFT JOIN approval_requests a ON a.id = (SELECT max(id) FROM approval_requests
                                            WHERE invoice_id = r.invoice_id AND status = 'approved');
DROP TABLE refunds_schema2;
CREATE INDEX refunds_by_invoice ON refunds(invoice_id);
UPDATE invoices SET refunded_cents = (SELECT ifnull(sum(amount_cents), 0) FROM refunds WHERE invoice_id = invoices.id);
UPDATE invoices
   SET status = CASE WHEN (SELECT detail FROM audit
                            WHERE action = 'refund_issued' AND subject_type = 'invoice' AND subject_id = invoices.id
                            ORDER BY id LIMIT 1)
                          LIKE printf('%%, open, %d.%02d)%%', amount_cents / 100, amount_cents % 100)
                     THEN 'open' ELSE 'paid' END
 WHERE status = 'refunded' AND refunded_cents < amount_cents;
)sql"},
};

constexpr bool migrations_lead_to_current_version() {
    int expected = 2;
    for (const Migration& m : kMigrations) {
        if (m.version != expected++) return false;
    }
    return expected - 1 == kSchemaVersion;
}
static_assert(migrations_lead_to_current_version(),
              "kMigrations must be steps 2, 3, ... kSchemaVersion in order");

// A refusal we decided on (not ours, too new); already names the path, so it is not wrapped.
struct Refusal : StoreError {
    using StoreError::StoreError;
};

// SQL shown in an error: one line, not too long.
std::string sql_for_message(std::string_view sql) {
    std::string out;
    bool space = false;
    for (char c : sql) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
        if (out.size() >= 120) {
            out += "...";
            break;
        }
    }
    return out;
}

StoreError sqlite_error(sqlite3* db, int code, std::string_view sql) {
    return StoreError(code, std::string(sqlite3_errmsg(db)) + " (in \"" + sql_for_message(sql) + "\")");
}

// Reads one integer from a one-row query and resets the statement at once: a statement left
// on a row keeps its read snapshot, which would make a later BEGIN IMMEDIATE fail with
// SQLITE_BUSY_SNAPSHOT once another process has committed.
std::int64_t query_int(Database& db, std::string_view sql) {
    Statement& st = db.prepare(sql);
    std::int64_t value = st.step() ? st.column_int(0) : 0;
    st.reset();
    return value;
}

// One statement, so the three come from one snapshot even while another process is seeding.
constexpr std::string_view kHeaderSql =
    "SELECT application_id, user_version, EXISTS (SELECT 1 FROM sqlite_master) "
    "FROM pragma_application_id, pragma_user_version";

struct Header {
    std::int64_t application_id = 0;
    std::int64_t user_version = 0;
    bool has_objects = false;

    bool ours() const { return application_id == kApplicationId; }
    bool current() const { return ours() && user_version == kSchemaVersion; }
    bool empty() const { return application_id == 0 && user_version == 0 && !has_objects; }
};

Header read_header(Database& db) {
    Statement& st = db.prepare(kHeaderSql);
    Header h;
    if (st.step()) h = {st.column_int(0), st.column_int(1), st.column_int(2) != 0};
    st.reset();  // see query_int
    return h;
}

void set_user_version(Database& db, int version) {
    db.exec("PRAGMA user_version = " + std::to_string(version));
}

void create_and_seed(Database& db) {
    db.exec(resources::schema_sql);
    db.exec(resources::seed_sql);
    for (const Migration& step : kMigrations) db.exec(step.sql);
    set_user_version(db, kSchemaVersion);
}

Refusal not_ours(const Database& db) {
    return Refusal(SQLITE_NOTADB, "database " + db.path() + " is not an office-mcp database");
}

Refusal too_new(const Database& db, std::int64_t version) {
    return Refusal(SQLITE_ERROR, "database " + db.path() + " was written by a newer office-mcp (schema " +
                                     std::to_string(version) + "; this build knows " +
                                     std::to_string(kSchemaVersion) + ")");
}

void migrate(Database& db) {
    for (const Migration& step : kMigrations) {
        Transaction tx(db);
        if (query_int(db, "PRAGMA user_version") >= step.version) continue;  // another process did it
        db.exec(step.sql);
        set_user_version(db, step.version);
        tx.commit();
    }
}

void ensure_schema_unwrapped(Database& db) {
    Header h = read_header(db);
    if (h.current()) return;

    // Decide outside any transaction first, so a file that is not ours never sees a write lock.
    if (!h.ours()) {
        if (!h.empty()) throw not_ours(db);
        // Looks empty. Check again under the write lock: another process may be seeding it now.
        Transaction tx(db);
        h = read_header(db);
        if (h.empty()) {
            create_and_seed(db);
            tx.commit();
            return;
        }
        if (!h.ours()) throw not_ours(db);
        // Another process made it ours meanwhile; judge its version below.
    }

    if (h.user_version > kSchemaVersion) throw too_new(db, h.user_version);
    if (h.user_version < 1) {
        throw Refusal(SQLITE_CORRUPT, "database " + db.path() + " is damaged: it has the office-mcp mark but no schema version");
    }
    if (h.user_version < kSchemaVersion) migrate(db);
}

template <typename F>
void naming_the_path(Database& db, const char* what, F&& body) {
    try {
        body();
    } catch (const Refusal&) {
        throw;
    } catch (const StoreError& e) {
        throw StoreError(e.code, std::string("cannot ") + what + " database " + db.path() + ": " + e.what());
    }
}

[[noreturn]] void throw_errno(const std::string& message, int err) {
    throw StoreError(SQLITE_CANTOPEN, message + ": " + std::strerror(err));
}

// Creates the missing directories above `path`, each 0700 (the database holds customer data).
// Directories that already exist are left as they are.
void create_parent_directories(const std::string& path) {
    namespace fs = std::filesystem;
    std::vector<fs::path> missing;
    for (fs::path dir = fs::path(path).parent_path(); !dir.empty(); dir = dir.parent_path()) {
        struct stat st {};
        if (::stat(dir.c_str(), &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                throw StoreError(SQLITE_CANTOPEN, "cannot create database " + path + ": " + dir.string() + " is not a directory");
            }
            break;
        }
        if (int err = errno; err != ENOENT) throw_errno("cannot create directory " + dir.string() + " for database " + path, err);
        missing.push_back(dir);
        if (dir == dir.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (::mkdir(it->c_str(), 0700) == 0) {
            ::chmod(it->c_str(), 0700);  // whatever the umask
        } else if (int err = errno; err != EEXIST) {  // EEXIST: another process got there first
            throw_errno("cannot create directory " + it->string() + " for database " + path, err);
        }
    }
}

// Creates the file 0600 before SQLite sees it, so it is never world-readable, not even for a
// moment; SQLite gives the -wal and -shm files the database file's permissions.
void create_private_file(const std::string& path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        int err = errno;
        if (err == EEXIST) return;  // exists (or another process just created it)
        throw_errno("cannot create database " + path, err);
    }
    ::fchmod(fd, 0600);  // whatever the umask
    ::close(fd);
}

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
    if (rc != SQLITE_OK) throw StoreError(rc, sqlite3_errmsg(db));
    rc = sqlite3_step(stmt.get());
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw StoreError(rc, sqlite3_errmsg(db));
    std::vector<std::int64_t> row;
    if (rc == SQLITE_ROW) {
        for (int i = 0; i < sqlite3_column_count(stmt.get()); ++i) row.push_back(sqlite3_column_int64(stmt.get(), i));
    }
    return row;
}

// Switching a file into WAL takes an exclusive lock without calling the busy handler, so when
// several processes open a new file at once, retry for as long as busy_timeout would wait.
void switch_to_wal(sqlite3* db) {
    using Clock = std::chrono::steady_clock;
    auto deadline = Clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (;;) {
        try {
            run_raw(db, "PRAGMA journal_mode = WAL");
            return;
        } catch (const StoreError& e) {
            if ((e.code & 0xff) != SQLITE_BUSY || Clock::now() >= deadline) throw;
        }
        sqlite3_sleep(2);
    }
}
}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path), cache_(std::make_unique<Cache>()) {
    int flags = SQLITE_OPEN_EXRESCODE;
    switch (mode) {
        case Mode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
        case Mode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
        case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    try {
        if (rc != SQLITE_OK) throw StoreError(rc, db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
        sqlite3_busy_timeout(db_, kBusyTimeoutMs);

        // Reading the header first makes "file is not a database" surface here, before any
        // write. WAL is switched on only for a file that is empty or already ours: someone
        // else's database is left exactly as it was (ensure_schema then refuses it).
        if (path != ":memory:" && !path.empty()) {
            std::vector<std::int64_t> row = run_raw(db_, kHeaderSql);
            Header h;
            if (row.size() == 3) h = {row[0], row[1], row[2] != 0};
            if (mode != Mode::ReadOnly && (h.ours() || h.empty())) switch_to_wal(db_);
        }
        run_raw(db_, "PRAGMA foreign_keys = ON");
        // In WAL mode NORMAL is still durable across a crash of this process (the WAL is in
        // the OS's hands once a transaction commits); only a power loss or OS crash can lose
        // the last commits, and even then the database is never corrupted.
        run_raw(db_, "PRAGMA synchronous = NORMAL");
        // The office is a few hundred pages: 512 KiB of page cache holds all of it and keeps
        // the resident size of a long-running server small (SQLite's default is 2 MiB).
        run_raw(db_, "PRAGMA cache_size = -512");
    } catch (const StoreError& e) {
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw StoreError(e.code, "cannot open database " + path + ": " + e.what());
    } catch (...) {  // bad_alloc: no destructor will run, so close here too
        sqlite3_close_v2(db_);
        db_ = nullptr;
        throw;
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
    auto statement = std::make_unique<Statement>(db_, sql);
    return *statements.emplace(std::string(sql), std::move(statement)).first->second;
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
    if (done_ || sqlite3_get_autocommit(db_.handle())) return;  // a failed COMMIT may have rolled back already
    if (savepoint_) {
        sqlite3_exec(db_.handle(), "ROLLBACK TO unit; RELEASE unit", nullptr, nullptr, nullptr);
        return;
    }
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
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
        if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

// ---- The office schema --------------------------------------------------------------------

void ensure_schema(Database& db) {
    naming_the_path(db, "set up", [&] { ensure_schema_unwrapped(db); });
}

void reset_database(Database& db) {
    naming_the_path(db, "reset", [&] {
        Transaction tx(db);
        Header h = read_header(db);
        if (!h.ours() && !h.empty()) throw not_ours(db);
        // Dropping a table deletes its rows first; deferring the foreign keys to COMMIT lets the
        // tables go in any order (nothing references anything by then). Resets itself at COMMIT.
        db.exec("PRAGMA defer_foreign_keys = ON");
        std::vector<std::pair<std::string, std::string>> objects;  // views first, then tables
        Statement& list = db.prepare(
            "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'table') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
            "ORDER BY type = 'table'");
        while (list.step()) objects.emplace_back(list.column_text(0), list.column_text(1));
        for (const auto& [type, name] : objects) {
            std::string quoted;
            for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            // Indexes and triggers go with their tables.
            db.exec((type == "view" ? "DROP VIEW \"" : "DROP TABLE \"") + quoted + "\"");
        }
        create_and_seed(db);
        tx.commit();
    });
}

// ---- Where and how ------------------------------------------------------------------------

std::string default_database_path() {
    namespace fs = std::filesystem;
    if (const char* db = std::getenv("OFFICE_MCP_DB"); db && *db) return db;
    // The XDG spec says a relative XDG_DATA_HOME is invalid and to be ignored.
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && xdg[0] == '/') {
        return (fs::path(xdg) / "office-mcp" / "office.db").string();
    }
    std::string home;
    if (const char* h = std::getenv("HOME"); h && *h) {
        home = h;
    } else {
        struct passwd pw {};
        struct passwd* found = nullptr;
        std::vector<char> buffer(16384);
        if (getpwuid_r(::getuid(), &pw, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir && *found->pw_dir) {
            home = found->pw_dir;
        }
    }
    if (home.empty()) {
        throw StoreError(SQLITE_CANTOPEN, "cannot choose a database path: set OFFICE_MCP_DB, XDG_DATA_HOME or HOME");
    }
    return (fs::path(home) / ".local" / "share" / "office-mcp" / "office.db").string();
}

std::unique_ptr<Database> open_office_database(const std::string& path) {
    if (path.empty()) throw StoreError(SQLITE_CANTOPEN, "cannot open database: the path is empty");
    if (path != ":memory:") {
        create_parent_directories(path);
        create_private_file(path);
    }
    // ReadWrite, not ReadWriteCreate: if the file vanished since, fail rather than let SQLite
    // create it with the umask's permissions.
    auto db = std::make_unique<Database>(path, path == ":memory:" ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite);
    ensure_schema(*db);
    return db;
}

namespace {
// Whether `dir` takes new files, found by making one that never has a name (O_TMPFILE), or,
// where the file system has no O_TMPFILE, one that is unlinked at once. Asking the file system
// itself is the only answer that holds for root too (access() says yes to root even on /proc).
int directory_takes_files(const std::string& dir) {
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        return 0;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) return errno;
    std::string probe = dir + "/.office-mcp-probe-XXXXXX";
    fd = ::mkostemp(probe.data(), O_CLOEXEC);
    if (fd < 0) return errno;
    ::unlink(probe.c_str());
    ::close(fd);
    return 0;
}
}  // namespace

void check_database_location(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) throw StoreError(SQLITE_CANTOPEN, "cannot open database: the path is empty");
    if (path == ":memory:") return;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw StoreError(SQLITE_CANTOPEN, "database " + path + " is a directory, not a file");
        const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0) throw_errno("cannot open database " + path + " for reading and writing", errno);
        ::close(fd);
        return;
    }
    if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot use database " + path, errno);
    // A new file: the nearest directory that exists must take new files (the missing ones
    // below it are created 0700 on first use, as open_office_database does).
    for (fs::path dir = fs::path(path).parent_path();; dir = dir.parent_path()) {
        const std::string name = dir.empty() ? "." : dir.string();
        if (::stat(name.c_str(), &st) == 0) {
            if (!S_ISDIR(st.st_mode))
                throw StoreError(SQLITE_CANTOPEN, "cannot create database " + path + ": " + name + " is not a directory");
            if (const int err = directory_takes_files(name); err != 0)
                throw StoreError(SQLITE_CANTOPEN, "cannot create database " + path + ": the directory " + name +
                                                      " does not take new files (" + std::strerror(err) + ")");
            return;
        }
        if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot create database " + path + ": cannot look at " + name, errno);
        if (dir.empty() || dir == dir.parent_path()) return;  // nothing exists above it; open will say why
    }
}

std::string format_cents(std::int64_t cents) {
    // Unsigned magnitude: -INT64_MIN does not fit in int64_t.
    std::uint64_t magnitude = cents < 0 ? 0 - static_cast<std::uint64_t>(cents) : static_cast<std::uint64_t>(cents);
    char text[32];
    std::snprintf(text, sizeof text, "%s%llu.%02llu", cents < 0 ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 100), static_cast<unsigned long long>(magnitude % 100));
    return text;
}

std::string utc_now() {
    std::time_t now = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

}  // namespace office
