// The office in a SQLite file. The schema's life (create, seed, migrate, refuse what is not
// ours) lives here, so no other file reasons about user_version; so does every statement
// about office tables, so no other file holds SQL (docs/architecture.md, "Store").
// Texts are bound with bind_static (no copy) wherever they are the function's own parameters
// or locals, alive until its last step(); a temporary is named first (find_customers).

#include "sqlite_office_store.h"

#include "resources.h"
#include "store_sql.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace office {
namespace {

using namespace sqlite_code;

// PRAGMA application_id set by schema.sql: 'OFFC'.
constexpr std::int64_t kApplicationId = 0x4F464643;
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
    // 4: who proved who they are (issue 13). Over HTTP a bearer token names the caller
    // (core/tokens.h); the audit records that name beside the self-reported client. Rows
    // written before, and every write over stdio, have none: ''.
    {4, R"sql(
ALTER TABLE audit ADD COLUMN principal TEXT NOT NULL DEFAULT '';   -- the bearer token's NAME; '' when none
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
    return Refusal(kNotADb, "database " + db.path() + " is not an office-mcp database");
}

Refusal too_new(const Database& db, std::int64_t version) {
    return Refusal(kError, "database " + db.path() + " was written by a newer office-mcp (schema " +
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
        throw Refusal(kCorrupt, "database " + db.path() + " is damaged: it has the office-mcp mark but no schema version");
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
    throw StoreError(kCantOpen, message + ": " + std::strerror(err));
}

// A new file or directory is only as durable as its directory entry: SQLite syncs the
// entries of the journals it creates, not of the database file we create for it. Once per
// new file, so the first acknowledged write cannot lose its file to a power cut.
void sync_directory(const std::filesystem::path& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
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
                throw StoreError(kCantOpen, "cannot create database " + path + ": " + dir.string() + " is not a directory");
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
            sync_directory(it->parent_path());
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
    sync_directory(std::filesystem::path(path).parent_path());
}

}  // namespace

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
        throw StoreError(kCantOpen, "cannot choose a database path: set OFFICE_MCP_DB, XDG_DATA_HOME or HOME");
    }
    return (fs::path(home) / ".local" / "share" / "office-mcp" / "office.db").string();
}

std::unique_ptr<Database> open_office_database(const std::string& path, Durability durability) {
    if (path.empty()) throw StoreError(kCantOpen, "cannot open database: the path is empty");
    if (path != ":memory:") {
        create_parent_directories(path);
        create_private_file(path);
    }
    // ReadWrite, not ReadWriteCreate: if the file vanished since, fail rather than let SQLite
    // create it with the umask's permissions.
    auto db = std::make_unique<Database>(path, path == ":memory:" ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite,
                                         durability);
    // WAL only for a file that is empty or already ours: someone else's database is left
    // exactly as it was (ensure_schema then refuses it).
    if (path != ":memory:") {
        try {
            if (const Header h = read_header(*db); h.ours() || h.empty()) db->use_wal();
        } catch (const StoreError& e) {
            throw StoreError(e.code, "cannot open database " + path + ": " + e.what());
        }
    }
    ensure_schema(*db);
    return db;
}

std::unique_ptr<SqliteOfficeStore> open_office_store(const std::string& path, Durability durability) {
    return std::make_unique<SqliteOfficeStore>(open_office_database(path, durability));
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
    if (path.empty()) throw StoreError(kCantOpen, "cannot open database: the path is empty");
    if (path == ":memory:") return;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw StoreError(kCantOpen, "database " + path + " is a directory, not a file");
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
                throw StoreError(kCantOpen, "cannot create database " + path + ": " + name + " is not a directory");
            if (const int err = directory_takes_files(name); err != 0)
                throw StoreError(kCantOpen, "cannot create database " + path + ": the directory " + name +
                                                      " does not take new files (" + std::strerror(err) + ")");
            return;
        }
        if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot create database " + path + ": cannot look at " + name, errno);
        if (dir.empty() || dir == dir.parent_path()) return;  // nothing exists above it; open will say why
    }
}

// ---- The office's statements --------------------------------------------------------------
// A statement stopped before its end is reset at once (see query_int).

SqliteOfficeStore::SqliteOfficeStore(std::unique_ptr<Database> db) : db_(std::move(db)) {}

SqliteOfficeStore::~SqliteOfficeStore() = default;

void SqliteOfficeStore::begin_write() {
    if (write_) throw StoreError(kError, "a write transaction is already open on database " + db_->path());
    write_.emplace(*db_);
}

void SqliteOfficeStore::commit_write() {
    write_->commit();
    write_.reset();
}

void SqliteOfficeStore::rollback_write() noexcept { write_.reset(); }  // Transaction rolls back

std::vector<Customer> SqliteOfficeStore::find_customers(const std::string& text) {
    // LIKE ends a pattern at a NUL byte, so "\u0000" would match everyone: a text holding one
    // matches nobody (no name or email holds a NUL) and never reaches LIKE.
    std::vector<Customer> customers;
    if (text.find('\0') != std::string::npos) return customers;
    // The pattern is +?1 (unary plus: the same text), not a bare parameter. SQLite re-prepares
    // a statement whose LIKE pattern is a bare parameter each time that parameter is bound, to
    // plan an index range for the pattern's fixed prefix; ours all begin with %, so there is
    // none, and the re-prepare was 72k of find_customer's 128k instructions (issue 16).
    auto& q = db_->prepare(
        "SELECT id, name, email FROM customers "
        "WHERE name LIKE +?1 ESCAPE '\\' OR email LIKE +?1 ESCAPE '\\' ORDER BY id LIMIT 50");
    const std::string pattern = like_literal(text);  // named: bound without a copy, it must outlive the steps
    q.bind_static(1, pattern);
    while (q.step()) customers.push_back({q.column_int(0), q.column_text(1), q.column_text(2)});
    return customers;
}

std::optional<std::string> SqliteOfficeStore::customer_name(std::int64_t id) {
    auto& q = db_->prepare("SELECT name FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    auto name = q.column_text(0);
    q.reset();
    return name;
}

std::vector<FreeSlot> SqliteOfficeStore::free_slots(const std::string& day) {
    auto& q = db_->prepare("SELECT id, time FROM slots WHERE day = ?1 AND customer_id IS NULL ORDER BY time");
    q.bind_static(1, day);
    std::vector<FreeSlot> slots;
    while (q.step()) slots.push_back({q.column_int(0), q.column_text(1)});
    return slots;
}

Booking SqliteOfficeStore::book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
                                     const std::string& by) {
    // The guard is in the statement itself, so two racing clients cannot both win.
    auto& book = db_->prepare(
        "UPDATE slots SET customer_id = ?2, booked_at = ?3, booked_by = ?4 "
        "WHERE id = ?1 AND customer_id IS NULL RETURNING day, time");
    book.bind(1, slot_id).bind(2, customer_id).bind_static(3, at).bind_static(4, by);
    if (book.step()) {
        Booking booked{Booking::Status::Booked, book.column_text(0), book.column_text(1)};
        book.reset();
        return booked;
    }
    auto& exists = db_->prepare("SELECT day, time FROM slots WHERE id = ?1");
    if (!exists.bind(1, slot_id).step()) return Booking{Booking::Status::NoSuchSlot, "", ""};
    Booking taken{Booking::Status::Taken, exists.column_text(0), exists.column_text(1)};
    exists.reset();
    return taken;
}

std::vector<Invoice> SqliteOfficeStore::invoices_of(std::int64_t customer_id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.customer_id = ?1 ORDER BY i.id");
    q.bind(1, customer_id);
    std::vector<Invoice> invoices;
    while (q.step())
        invoices.push_back({q.column_int(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_int(4)});
    return invoices;
}

std::optional<Invoice> SqliteOfficeStore::load_invoice(std::int64_t id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Invoice invoice{q.column_int(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_int(4)};
    q.reset();
    return invoice;
}

std::optional<ApprovalState> SqliteOfficeStore::latest_approval(std::int64_t invoice_id) {
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    auto& q = db_->prepare(
        "SELECT id, status, ifnull(amount_cents, 0), reported_at IS NOT NULL FROM approval_requests WHERE invoice_id = ?1 "
        "ORDER BY status = 'pending' DESC, reported_at IS NULL DESC, id DESC LIMIT 1");
    if (!q.bind(1, invoice_id).step()) return std::nullopt;
    ApprovalState state{q.column_int(0), q.column_text(1), q.column_int(2), q.column_int(3) != 0};
    q.reset();
    return state;
}

void SqliteOfficeStore::mark_reported(std::int64_t request_id, const std::string& at) {
    db_->prepare("UPDATE approval_requests SET reported_at = ?2 WHERE id = ?1").bind(1, request_id).bind_static(2, at).step();
}

std::int64_t SqliteOfficeStore::queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) {
    auto& insert = db_->prepare(
        "INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (?1, 'pending', ?2, ?3) RETURNING id");
    insert.bind(1, invoice_id).bind_static(2, client).bind_static(3, at).step();
    const auto id = insert.column_int(0);
    insert.reset();
    return id;
}

std::optional<PendingRequest> SqliteOfficeStore::pending_request(std::int64_t invoice_id) {
    auto& q = db_->prepare("SELECT id, client FROM approval_requests WHERE invoice_id = ?1 AND status = 'pending'");
    if (!q.bind(1, invoice_id).step()) return std::nullopt;
    PendingRequest request{q.column_int(0), q.column_text(1)};
    q.reset();
    return request;
}

void SqliteOfficeStore::decline_request(std::int64_t request_id, const std::string& at, const std::string& by) {
    db_->prepare("UPDATE approval_requests SET status = 'declined', resolved_at = ?2, resolved_by = ?3 WHERE id = ?1")
        .bind(1, request_id).bind_static(2, at).bind_static(3, by).step();
}

std::int64_t SqliteOfficeStore::record_refund(const RefundRecord& r) {
    auto& record = db_->prepare(
        "INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, "
        "requested_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
    record.bind(1, r.invoice_id).bind(2, r.cents).bind_static(3, r.reason).bind_static(4, r.approved_via).bind_static(5, r.client)
        .bind_static(6, r.at);
    if (r.settles) record.bind(7, r.settles->id).bind_static(8, r.settles->client);
    record.step();
    const auto refund_id = record.column_int(0);
    record.reset();
    // The invoice keeps the sum of its refunds, in this same transaction; it is 'refunded'
    // once nothing is left (the schema's CHECK refuses more than its amount).
    db_->prepare("UPDATE invoices SET refunded_cents = refunded_cents + ?2, "
                 "status = CASE WHEN refunded_cents + ?2 = amount_cents THEN 'refunded' ELSE status END WHERE id = ?1")
        .bind(1, r.invoice_id).bind(2, r.cents).step();
    if (r.settles) {
        db_->prepare("UPDATE approval_requests SET status = 'approved', resolved_at = ?2, resolved_by = ?3, amount_cents = ?4, "
                     "reason = ?5 WHERE id = ?1")
            .bind(1, r.settles->id).bind_static(2, r.at).bind_static(3, r.client).bind(4, r.cents).bind_static(5, r.reason).step();
    }
    return refund_id;
}

std::vector<ApprovalRequest> SqliteOfficeStore::approval_requests() {
    auto& q = db_->prepare(
        "SELECT id, invoice_id, status, client, created_at, ifnull(resolved_by, '') FROM approval_requests ORDER BY id");
    std::vector<ApprovalRequest> requests;
    while (q.step())
        requests.push_back({q.column_int(0), q.column_int(1), q.column_text(2), q.column_text(3), q.column_text(4),
                            q.column_text(5)});
    return requests;
}

std::optional<ReopenCandidate> SqliteOfficeStore::reopen_candidate(std::int64_t request_id) {
    auto& q = db_->prepare(
        "SELECT a.invoice_id, a.status, i.amount_cents - i.refunded_cents, "
        "       (SELECT min(id) FROM approval_requests p WHERE p.invoice_id = a.invoice_id AND p.status = 'pending') "
        "FROM approval_requests a JOIN invoices i ON i.id = a.invoice_id WHERE a.id = ?1");
    if (!q.bind(1, request_id).step()) return std::nullopt;
    ReopenCandidate c{q.column_int(0), q.column_text(1), q.column_int(2), std::nullopt};
    if (!q.column_is_null(3)) c.other_pending = q.column_int(3);
    q.reset();
    return c;
}

void SqliteOfficeStore::reopen_request(std::int64_t request_id) {
    db_->prepare("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL "
                 "WHERE id = ?1")
        .bind(1, request_id)
        .step();
}

std::int64_t SqliteOfficeStore::record_lunch_order(const LunchOrder& order) {
    // The new row's id from last_insert_rowid, not RETURNING: RETURNING runs the insert through a
    // result row and a second step at reset, about a third of the statement's cost (issue 16).
    auto& insert = db_->prepare("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES (?1, ?2, ?3, ?4, ?5)");
    insert.bind_static(1, order.item).bind(2, order.quantity).bind_static(4, order.client).bind_static(5, order.at);
    if (order.note) insert.bind_static(3, *order.note);
    insert.step();
    return db_->last_insert_rowid();
}

bool SqliteOfficeStore::consume_request_state(const std::string& nonce, const std::string& at) {
    db_->prepare("INSERT INTO used_request_states (nonce, used_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
        .bind_static(1, nonce).bind_static(2, at).step();
    return db_->changes() != 0;
}

bool SqliteOfficeStore::request_state_used(const std::string& nonce) {
    auto& used = db_->prepare("SELECT 1 FROM used_request_states WHERE nonce = ?1");
    const bool found = used.bind_static(1, nonce).step();
    used.reset();
    return found;
}

void SqliteOfficeStore::append_audit(const AuditEntry& e) {
    db_->prepare(
           "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, "
           "subject_id, detail, principal) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
        .bind_static(1, e.at)
        .bind_static(2, e.client_name)
        .bind_static(3, e.client_version)
        .bind_static(4, e.era)
        .bind_static(5, e.protocol_version)
        .bind_static(6, e.action)
        .bind_static(7, e.subject_type)
        .bind(8, e.subject_id)
        .bind_static(9, e.detail)
        .bind_static(10, e.principal)
        .step();
}

std::vector<AuditEntry> SqliteOfficeStore::read_audit(const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto& q = db_->prepare(
        "SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail, "
        "principal FROM audit WHERE (?1 IS NULL OR at >= ?1) "
        "AND ((?2 IS NULL AND ?3 IS NULL) "
        "  OR (subject_type = 'invoice' AND subject_id = ?2) OR (subject_type = 'slot' AND subject_id = ?3)) "
        "ORDER BY id");
    if (filter.since) q.bind_static(1, *filter.since);
    if (filter.invoice) q.bind(2, *filter.invoice);
    if (filter.slot) q.bind(3, *filter.slot);
    std::vector<AuditEntry> entries;
    while (q.step()) {
        entries.push_back(AuditEntry{q.column_int(0), q.column_text(1), q.column_text(2), q.column_text(3),
                                     q.column_text(4), q.column_text(5), q.column_text(6), q.column_text(7),
                                     q.column_int(8), q.column_text(9), q.column_text(10)});
    }
    return entries;
}

std::vector<nlohmann::json> SqliteOfficeStore::read_rows(OfficeTable table, std::int64_t after_id, int limit) {
    const auto& info = table_info(table);
    auto& q = db_->prepare(table_rows_sql(table));
    q.bind(1, after_id).bind(2, limit);  // $1 and $2 are the first and second parameters
    std::vector<nlohmann::json> rows;
    while (q.step()) {
        auto row = nlohmann::json::object();
        for (int i = 0; i < static_cast<int>(info.columns.size()) && !info.columns[i].empty(); ++i) {
            auto& value = row[std::string(info.columns[i])];
            if (q.column_is_null(i)) value = nullptr;
            else if (q.column_is_integer(i)) value = q.column_int(i);
            else value = q.column_text(i);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t SqliteOfficeStore::change_mark() {
    auto& q = db_->prepare("SELECT ifnull(max(id), 0) FROM audit");
    q.step();
    const auto mark = q.column_int(0);
    q.reset();
    return mark;
}

}  // namespace office
