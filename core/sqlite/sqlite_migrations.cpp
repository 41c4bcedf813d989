// The office schema's steps: kMigrations, each turning a version N-1 office file into version
// N, and migrate, which runs those an older file lacks. Version 1 is resources/schema.sql; the
// rest of the schema's life (create, seed, open, refuse) is in sqlite_office_file.cpp, the
// comparison of a file's objects with this build's in sqlite_schema_check.cpp.

#include "sqlite_office_store_internal.h"

#include <string>

namespace office::sqlite_store_internal {

// Step N turns a version N-1 database into version N; version 1 is schema.sql itself, and a
// new database runs every step after it, so new and migrated files have the same schema.
// Append steps and bump kSchemaVersion; never edit a released step. Each runs in its own
// IMMEDIATE transaction with foreign keys off (SQLite's way to rebuild a table others
// reference), and commits only when PRAGMA foreign_key_check finds every reference valid.
// Declared in sqlite_office_store_internal.h, with the struct Migration.
constexpr Migration kMigrations[kSchemaVersion - 1] = {
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

namespace {

using namespace sqlite_code;

constexpr bool migrations_lead_to_current_version() {
    int expected = 2;
    for (const Migration& m : kMigrations) {
        if (m.version != expected++) return false;
    }
    return expected - 1 == kSchemaVersion;
}
static_assert(migrations_lead_to_current_version(),
              "kMigrations must be steps 2, 3, ... kSchemaVersion in order");

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

}  // namespace

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

}  // namespace office::sqlite_store_internal
