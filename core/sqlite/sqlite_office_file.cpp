// The office's SQLite file: the schema's life (create, seed, migrate, refuse what is not ours)
// lives here, so no other file reasons about user_version; so do where the file goes and the
// checks on its place. The statements about office tables are in sqlite_office_store.cpp.

#include "sqlite_office_store.h"

#include "platform.h"
#include "resources.h"
#include "store_sql.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace office {
namespace {

using namespace sqlite_code;

// PRAGMA application_id set by schema.sql: 'OFFC'.
constexpr std::int64_t kApplicationId = 0x4F464643;
// Step N turns a version N-1 database into version N; version 1 is schema.sql itself, and a
// new database runs every step after it, so new and migrated files have the same schema.
// Append steps and bump kSchemaVersion; never edit a released step. Each runs in its own
// IMMEDIATE transaction with foreign keys off (SQLite's way to rebuild a table others
// reference), and commits only when PRAGMA foreign_key_check finds every reference valid.
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
    // (core/office/tokens.h); the audit records that name beside the self-reported client. Rows
    // written before, and every write over stdio, have none: ''.
    {4, R"sql(
ALTER TABLE audit ADD COLUMN principal TEXT NOT NULL DEFAULT '';   -- the bearer token's NAME; '' when none
)sql"},
    // 5: idempotency keys (issue 28, core/office/idempotency.h): calls made with a key, written in
    // the transaction of the write they made, so a retry with the key answers `result` instead
    // of writing again.
    {5, R"sql(
CREATE TABLE idempotency_keys (
  scope      TEXT NOT NULL,   -- who: 'token:NAME', or 'client:NAME' without a token
  key        TEXT NOT NULL,   -- as the client sent it
  tool       TEXT NOT NULL,
  request    TEXT NOT NULL,   -- SHA-256 (hex) of the tool's name and arguments
  result     TEXT NOT NULL,   -- the tool's result, JSON
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);
)sql"},
    // 6: approvals as tasks (issue 28, core/office/tasks.h). A client that follows its refund
    // as a task may withdraw the request: status 'withdrawn', which the CHECK did not allow, so
    // approval_requests is rebuilt (refunds references it: see migrate, which runs this with
    // foreign keys off and checks them before it commits). `task` says a task follows it.
    {6, R"sql(
CREATE TABLE approval_requests_new (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL REFERENCES invoices(id),
  status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
  client       TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  resolved_at  TEXT,
  amount_cents INTEGER,
  reason       TEXT,
  resolved_by  TEXT,                 -- who approved, declined or withdrew it
  reported_at  TEXT,
  task         INTEGER NOT NULL DEFAULT 0 CHECK (task IN (0, 1))   -- 1: a client follows it as a task
);
INSERT INTO approval_requests_new (id, invoice_id, status, client, created_at, resolved_at, amount_cents, reason,
                                   resolved_by, reported_at)
SELECT id, invoice_id, status, client, created_at, resolved_at, amount_cents, reason, resolved_by, reported_at
  FROM approval_requests;
DROP TABLE approval_requests;
ALTER TABLE approval_requests_new RENAME TO approval_requests;
CREATE UNIQUE INDEX one_pending_request_per_invoice ON approval_requests(invoice_id) WHERE status = 'pending';
CREATE TABLE tasks (
  id                  TEXT PRIMARY KEY,   -- 128 random bits, hex: the client's handle
  scope               TEXT NOT NULL,      -- who may use it, as idempotency_keys.scope
  approval_request_id INTEGER NOT NULL UNIQUE REFERENCES approval_requests(id),
  status              TEXT NOT NULL CHECK (status IN ('working', 'completed', 'cancelled')),
  status_message      TEXT NOT NULL,
  result              TEXT,               -- completed: the tool's result, JSON
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  expires_at          TEXT NOT NULL,
  ttl_ms              INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tasks_by_expiry ON tasks(expires_at);
)sql"},
    // 7: trace context (issue 27, core/support/trace.h): the trace and span of the request that
    // wrote the row, as its log line names them, so the two can be joined. Older rows: ''.
    {7, R"sql(
ALTER TABLE audit ADD COLUMN trace_id TEXT NOT NULL DEFAULT '';   -- 32 hex digits
ALTER TABLE audit ADD COLUMN span_id TEXT NOT NULL DEFAULT '';    -- 16 hex digits
)sql"},
    // 8: an office of its own (issue 37). Customers are kept by the office's people, so an email
    // is one customer's, compared case-insensitively (lower(): ASCII, as LIKE's matching is).
    // The lunch menu becomes a table; every office before it had the fixed menu of the seed, so
    // that is its menu now (an empty office made by `db init --empty` deletes it again).
    {8, R"sql(
CREATE UNIQUE INDEX customers_by_email ON customers(lower(email));
CREATE TABLE menu (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  price_cents INTEGER CHECK (price_cents >= 0)    -- NULL: no price shown
);
INSERT INTO menu (name) VALUES ('bocadillo'), ('tortilla'), ('ensalada');
)sql"},
    // 9: find_customer in a large office (issue 37): a trigram index of every customer's name
    // and email (FTS5, external content: it holds the index, `customers` the text), which finds
    // the rows containing a query of 3 characters or more without reading the table. It folds
    // case beyond ASCII, so its rows are candidates that LIKE then checks (sqlite_office_store.cpp).
    // The triggers keep it in step with every write to customers, by any process. Leaves of
    // 1000 bytes, not 4050: a query's trigrams skip through each other's rows by the doclist
    // index and then scan within a leaf, and smaller leaves made a one-match query at 300k
    // customers about 1.7 times cheaper (190 against 330 µs) for 2% more file.
    {9, R"sql(
CREATE VIRTUAL TABLE customer_search USING fts5(name, email, content='customers', content_rowid='id', tokenize='trigram');
INSERT INTO customer_search(customer_search, rank) VALUES ('pgsz', 1000);
INSERT INTO customer_search(customer_search) VALUES ('rebuild');
CREATE TRIGGER customer_search_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customer_search(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
CREATE TRIGGER customer_search_delete AFTER DELETE ON customers BEGIN
  INSERT INTO customer_search(customer_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
END;
CREATE TRIGGER customer_search_update AFTER UPDATE OF id, name, email ON customers BEGIN
  INSERT INTO customer_search(customer_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
  INSERT INTO customer_search(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
)sql"},
    // 10: the words of every customer's name and email (FTS5's unicode61 tokenizer, case folded,
    // accents kept), beside the trigrams: a query holding a whole word (one with a separator on
    // each side, as "alvarez5007" in "maria.alvarez5007@") finds its rows by that word in one
    // seek, where the trigrams' rows are read through (at a million customers, 15 against 275
    // µs). Kept in step by triggers, as customer_search.
    {10, R"sql(
CREATE VIRTUAL TABLE customer_words USING fts5(name, email, content='customers', content_rowid='id', tokenize='unicode61 remove_diacritics 0');
INSERT INTO customer_words(customer_words) VALUES ('rebuild');
CREATE TRIGGER customer_words_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customer_words(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
CREATE TRIGGER customer_words_delete AFTER DELETE ON customers BEGIN
  INSERT INTO customer_words(customer_words, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
END;
CREATE TRIGGER customer_words_update AFTER UPDATE OF id, name, email ON customers BEGIN
  INSERT INTO customer_words(customer_words, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
  INSERT INTO customer_words(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
)sql"},
    // 11: the office's own calendar (issue 38): its settings (time_zone, name, horizon_days; a
    // setting not there has its default), the opening hours that make its slots, the days it is
    // closed. Slots the hours make get a row in `slots` once booked (calendar.h names their ids).
    {11, R"sql(
CREATE TABLE office_settings (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE opening_hours (
  weekday      INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),   -- 0 Sunday
  opens        TEXT NOT NULL,                                      -- HH:MM, local
  closes       TEXT NOT NULL CHECK (closes > opens),
  slot_minutes INTEGER NOT NULL CHECK (slot_minutes BETWEEN 5 AND 720),
  PRIMARY KEY (weekday, opens)
);
CREATE TABLE closures (
  day    TEXT PRIMARY KEY,                                         -- YYYY-MM-DD
  reason TEXT NOT NULL DEFAULT ''
);
)sql"},
    // 12: a booking's own identity (issue 38), which a move carries to its new slot: the UID
    // its calendar event has (a random one per booking; a booking made before keeps the
    // slot-N its export already gave it) and the event's SEQUENCE, one more per move.
    {12, R"sql(
ALTER TABLE slots ADD COLUMN booking_uid TEXT;
ALTER TABLE slots ADD COLUMN booking_sequence INTEGER NOT NULL DEFAULT 0;
UPDATE slots SET booking_uid = 'slot-' || id WHERE customer_id IS NOT NULL;
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

void create_office(Database& db, OfficeKind kind) {
    db.exec(resources::schema_sql);
    if (kind == OfficeKind::Demo) db.exec(resources::seed_sql);
    for (const Migration& step : kMigrations) db.exec(step.sql);
    if (kind == OfficeKind::Empty) db.exec("DELETE FROM menu");  // step 8 gave it the seed's menu
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

// Foreign keys off while the migrations run (the pragma is a no-op inside a transaction), on
// again afterwards whatever happened.
struct ForeignKeysOff {
    Database& db;
    explicit ForeignKeysOff(Database& d) : db(d) { db.exec("PRAGMA foreign_keys = OFF"); }
    ~ForeignKeysOff() {
        try {
            db.exec("PRAGMA foreign_keys = ON");
        } catch (...) {
        }
    }
};

void migrate(Database& db) {
    ForeignKeysOff off(db);
    for (const Migration& step : kMigrations) {
        Transaction tx(db);
        if (query_int(db, "PRAGMA user_version") >= step.version) continue;  // another process did it
        db.exec(step.sql);
        if (Statement& check = db.prepare("PRAGMA foreign_key_check"); check.step()) {
            const std::string table = check.column_text(0);
            check.reset();
            throw StoreError(kError, "schema step " + std::to_string(step.version) + " left a reference from " +
                                              table + " without its row");
        }
        set_user_version(db, step.version);
        tx.commit();
    }
}

// ---- The schema is the program's (issue 59) ------------------------------------------------
// A file's sqlite_schema holds code: triggers and views run, CHECK constraints guard money. An
// office file is refused unless its objects are exactly those this build makes at the file's
// schema version, SQL text and all, so a trigger added by someone else, a CHECK dropped by a
// table rebuilt without it, or tables that do not match the version the file claims never run.

struct SchemaObject {
    std::string type, name, table, sql;
};

std::vector<SchemaObject> objects_of(Database& db) {
    std::vector<SchemaObject> objects;
    Statement& list = db.prepare("SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_schema ORDER BY type, name");
    while (list.step()) objects.push_back({list.column_text(0), list.column_text(1), list.column_text(2), list.column_text(3)});
    return objects;
}

// What this build makes at schema `version`: schema.sql and each step up to it, run in memory
// (as a new file runs them, so new and migrated files compare alike), once per version.
const std::vector<SchemaObject>& expected_objects(int version) {
    static std::mutex mutex;
    static std::map<int, std::vector<SchemaObject>> made;
    std::lock_guard lock(mutex);
    auto& objects = made[version];
    if (objects.empty()) {
        Database memory(":memory:", Database::Mode::ReadWriteCreate);
        memory.trust_schema();  // our own
        memory.exec(resources::schema_sql);
        for (const Migration& step : kMigrations)
            if (step.version <= version) memory.exec(step.sql);
        objects = objects_of(memory);
    }
    return objects;
}

// The parts of a CREATE statement between its outer parentheses, split at the commas outside
// any inner ones, comments dropped and spaces collapsed: a table's columns and constraints.
std::vector<std::string> clauses_of(const std::string& sql) {
    std::vector<std::string> clauses;
    std::string current;
    int depth = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {  // a comment, to the line's end
            while (i < sql.size() && sql[i] != '\n') ++i;
            continue;
        }
        if (c == ')' && --depth == 0) break;
        if (depth >= 1 && !(depth == 1 && c == ',')) {
            const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space) current += c;
            else if (!current.empty() && current.back() != ' ') current += ' ';
        }
        if (depth == 1 && c == ',') {
            while (!current.empty() && current.back() == ' ') current.pop_back();
            clauses.push_back(current);
            current.clear();
        }
        if (c == '(') ++depth;
    }
    while (!current.empty() && current.back() == ' ') current.pop_back();
    if (!current.empty()) clauses.push_back(current);
    return clauses;
}

// How `found` differs from this build's `made`, said as what is missing or extra where it can be.
std::string how_sql_differs(const std::string& made, const std::string& found) {
    const auto expected = clauses_of(made), actual = clauses_of(found);
    const auto in = [](const std::vector<std::string>& list, const std::string& item) {
        return std::find(list.begin(), list.end(), item) != list.end();
    };
    for (const auto& item : expected) {
        if (in(actual, item)) continue;
        // The same column with less after it: "CHECK (amount_cents > 0) is missing".
        for (const auto& other : actual)
            if (item.size() > other.size() && item.compare(0, other.size() + 1, other + " ") == 0)
                return item.substr(other.size() + 1) + " is missing";
        return item + " is missing";
    }
    for (const auto& item : actual)
        if (!in(expected, item)) return "it has " + item + ", which this build does not make";
    return "its SQL is not this build's: " + found;
}

// The first way the file's objects differ from this build's at `version`, as a sentence naming
// the object; "" when they are the same. SQLite's own tables and indexes are compared too.
std::string schema_difference(Database& db, int version) {
    const auto& expected = expected_objects(version);
    const auto actual = objects_of(db);
    const auto find = [](const std::vector<SchemaObject>& list, const SchemaObject& o) {
        return std::find_if(list.begin(), list.end(), [&](const SchemaObject& e) { return e.type == o.type && e.name == o.name; });
    };
    for (const auto& o : actual) {
        const auto made = find(expected, o);
        if (made == expected.end()) return o.type + " " + o.name + " is not part of an office";
        if (made->table != o.table) return o.type + " " + o.name + " belongs to " + o.table + ", not to " + made->table;
        if (made->sql != o.sql) return o.type + " " + o.name + " differs: " + how_sql_differs(made->sql, o.sql);
    }
    for (const auto& o : expected)
        if (find(actual, o) == actual.end()) return o.type + " " + o.name + " is missing";
    return "";
}

Refusal foreign_schema(const Database& db, std::int64_t version, const std::string& difference) {
    return Refusal(kCorrupt, "database " + db.path() + " is not an office this build can open: at schema " +
                                 std::to_string(version) + ", " + difference + "; nothing in it was run or changed");
}

void ensure_schema_unwrapped(Database& db, OfficeKind kind) {
    Header h = read_header(db);
    if (h.current()) {
        if (const auto difference = schema_difference(db, kSchemaVersion); !difference.empty())
            throw foreign_schema(db, h.user_version, difference);
        return;
    }

    // Decide outside any transaction first, so a file that is not ours never sees a write lock.
    if (!h.ours()) {
        if (!h.empty()) throw not_ours(db);
        // Looks empty. Check again under the write lock: another process may be seeding it now.
        Transaction tx(db);
        h = read_header(db);
        if (h.empty()) {
            create_office(db, kind);
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
    if (h.user_version < kSchemaVersion) {
        // What the steps will change must be what an older build made, before any step runs.
        if (const auto difference = schema_difference(db, static_cast<int>(h.user_version)); !difference.empty())
            throw foreign_schema(db, h.user_version, difference);
        db.trust_schema();
        migrate(db);
    }
}

template <typename F>
void naming_the_path(Database& db, const char* what, F&& body) {
    try {
        body();
    } catch (const Refusal&) {
        throw;
    } catch (const StoreError& e) {
        throw StoreError(e, std::string("cannot ") + what + " database " + db.path() + ": " + e.what());
    }
}

[[noreturn]] void throw_errno(const std::string& message, int err) {
    throw StoreError(kCantOpen, message + ": " + std::strerror(err));
}

// A new file or directory is only as durable as its directory entry: SQLite syncs the
// entries of the journals it creates, not of the database file we create for it. Once per
// new file, so the first acknowledged write cannot lose its file to a power cut.
void sync_directory(const std::filesystem::path& dir) { platform::sync_directory(dir.string()); }

// Creates the missing directories above `path`, each 0700 (the database holds customer data).
// Directories that already exist are left as they are.
void create_parent_directories(const std::string& path) {
    namespace fs = std::filesystem;
    std::vector<fs::path> missing;
    for (fs::path dir = platform::u8path(path).parent_path(); !dir.empty(); dir = dir.parent_path()) {
        if (const auto info = platform::stat(dir.string())) {
            if (!info->directory) {
                throw StoreError(kCantOpen, "cannot create database " + path + ": " + dir.string() + " is not a directory");
            }
            break;
        }
        if (int err = errno; err != ENOENT) throw_errno("cannot create directory " + dir.string() + " for database " + path, err);
        missing.push_back(dir);
        if (dir == dir.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (platform::make_directory(it->string()) == 0) {
            sync_directory(it->parent_path());
        } else if (int err = errno; err != EEXIST) {  // EEXIST: another process got there first
            throw_errno("cannot create directory " + it->string() + " for database " + path, err);
        }
    }
}

// Creates the file 0600 before SQLite sees it, so it is never world-readable, not even for a
// moment; SQLite gives the -wal and -shm files the database file's permissions.
void create_private_file(const std::string& path) {
    int fd = platform::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        if (err == EEXIST) return;  // exists (or another process just created it)
        throw_errno("cannot create database " + path, err);
    }
    platform::make_owner_only(fd);  // whatever the umask
    ::close(fd);
    sync_directory(platform::u8path(path).parent_path());
}

}  // namespace

// ---- The office schema --------------------------------------------------------------------

void ensure_schema(Database& db, OfficeKind kind) {
    naming_the_path(db, "set up", [&] { ensure_schema_unwrapped(db, kind); });
    db.trust_schema();  // this build's, made or checked above
}

std::string office_schema_difference(Database& db) {
    const auto version = query_int(db, "PRAGMA user_version");
    if (version < 1 || version > kSchemaVersion) return "schema version " + std::to_string(version) + " is not one this build knows";
    return schema_difference(db, static_cast<int>(version));
}

void reset_database(Database& db, OfficeKind kind) {
    naming_the_path(db, "reset", [&] {
        Transaction tx(db);
        Header h = read_header(db);
        if (!h.ours() && !h.empty()) throw not_ours(db);
        // Dropping a table deletes its rows first; deferring the foreign keys to COMMIT lets the
        // tables go in any order (nothing references anything by then). Resets itself at COMMIT.
        db.exec("PRAGMA defer_foreign_keys = ON");
        // A virtual table's shadow tables go with it (FTS5's customer_search_data, ...).
        std::vector<std::pair<std::string, std::string>> objects;  // views first, then tables
        Statement& list = db.prepare(
            "SELECT type, name FROM pragma_table_list WHERE schema = 'main' AND type IN ('view', 'table', 'virtual') "
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type <> 'view'");
        while (list.step()) objects.emplace_back(list.column_text(0), list.column_text(1));
        for (const auto& [type, name] : objects) {
            std::string quoted;
            for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            // Indexes and triggers go with their tables.
            db.exec((type == "view" ? "DROP VIEW \"" : "DROP TABLE \"") + quoted + "\"");
        }
        create_office(db, kind);
        tx.commit();
    });
    db.trust_schema();  // made again by this build
}

// ---- Where and how ------------------------------------------------------------------------

std::string default_database_path() {
    namespace fs = std::filesystem;
    if (const std::string db = platform::environment("OFFICE_MCP_DB"); !db.empty()) return db;
    const std::string data = platform::user_data_directory();
    if (data.empty()) {
#ifdef _WIN32
        throw StoreError(kCantOpen, "cannot choose a database path: set OFFICE_MCP_DB or LOCALAPPDATA");
#else
        throw StoreError(kCantOpen, "cannot choose a database path: set OFFICE_MCP_DB, XDG_DATA_HOME or HOME");
#endif
    }
    return (platform::u8path(data) / "office-mcp" / "office.db").string();
}

std::unique_ptr<Database> open_office_database(const std::string& path, Durability durability, OfficeKind kind) {
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
            const Header h = read_header(*db);
            // A file whose objects are not this build's is refused before anything in it changes,
            // the switch to WAL included.
            if (h.ours() && h.user_version >= 1 && h.user_version <= kSchemaVersion)
                if (const auto difference = schema_difference(*db, static_cast<int>(h.user_version)); !difference.empty())
                    throw foreign_schema(*db, h.user_version, difference);
            if (h.ours() || h.empty()) db->use_wal();
        } catch (const Refusal&) {
            throw;
        } catch (const StoreError& e) {
            throw StoreError(e, "cannot open database " + path + ": " + e.what());
        }
    }
    ensure_schema(*db, kind);
    return db;
}

std::unique_ptr<SqliteOfficeStore> open_office_store(const std::string& path, Durability durability, OfficeKind kind) {
    return std::make_unique<SqliteOfficeStore>(open_office_database(path, durability, kind));
}

void reset_office_file(const std::string& path, OfficeKind kind) {
    if (path == ":memory:") return;  // nothing to reset: it is made anew on every open
    create_parent_directories(path);  // as open_office_database: a reset of a new path makes it
    create_private_file(path);
    Database db(path, Database::Mode::ReadWrite, Durability::Power);
    if (const Header h = read_header(db); h.ours() || h.empty()) db.use_wal();
    reset_database(db, kind);
}

void create_office_file(const std::string& path, OfficeKind kind) {
    if (path != ":memory:") {
        create_parent_directories(path);
        create_private_file(path);
    }
    Database db(path, path == ":memory:" ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite, Durability::Power);
    naming_the_path(db, "create", [&] {
        if (!read_header(db).empty())
            throw Refusal(kError, "database " + db.path() + " already holds an office: `office-mcp db reset --" +
                                      (kind == OfficeKind::Empty ? "empty" : "demo") +
                                      "` replaces it (everything in it is lost)");
    });
    if (path != ":memory:") db.use_wal();
    ensure_schema(db, kind);
}

namespace {
// Whether `dir` takes new files, found by making one that never has a name (O_TMPFILE), or,
// where the file system has no O_TMPFILE, one that is unlinked at once. Asking the file system
// itself is the only answer that holds for root too (access() says yes to root even on /proc).
int directory_takes_files(const std::string& dir) {
    int fd = -1;
#ifdef O_TMPFILE
    fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        return 0;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) return errno;
#endif
    std::string probe = dir + "/.office-mcp-probe-XXXXXX";
    fd = platform::make_temp(probe);
    if (fd < 0) return errno;
    platform::remove(probe);
    ::close(fd);
    return 0;
}
}  // namespace

void check_database_location(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) throw StoreError(kCantOpen, "cannot open database: the path is empty");
    if (path == ":memory:") return;
    if (const auto info = platform::stat(path)) {
        if (info->directory) throw StoreError(kCantOpen, "database " + path + " is a directory, not a file");
        const int fd = platform::open(path, O_RDWR | O_CLOEXEC);
        if (fd < 0) throw_errno("cannot open database " + path + " for reading and writing", errno);
        ::close(fd);
        return;
    }
    if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot use database " + path, errno);
    // A new file: the nearest directory that exists must take new files (the missing ones
    // below it are created 0700 on first use, as open_office_database does).
    for (fs::path dir = platform::u8path(path).parent_path();; dir = dir.parent_path()) {
        const std::string name = dir.empty() ? "." : dir.string();
        if (const auto info = platform::stat(name)) {
            if (!info->directory)
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

}  // namespace office
