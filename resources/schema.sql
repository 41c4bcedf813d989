-- office-mcp schema, version 1. Applied to an empty database by the store, followed by the
-- forward-only migrations in core/store.cpp (version 2 adds the audit table), which also bring
-- older files forward. Money is integer cents.
PRAGMA application_id = 1330005571; -- 'OFFC': marks the file as ours

CREATE TABLE customers (
  id    INTEGER PRIMARY KEY,
  name  TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE
);

CREATE TABLE slots (
  id          INTEGER PRIMARY KEY,
  day         TEXT NOT NULL,               -- YYYY-MM-DD
  time        TEXT NOT NULL,               -- HH:MM
  customer_id INTEGER REFERENCES customers(id),
  booked_at   TEXT,
  booked_by   TEXT,                        -- the client that booked it
  UNIQUE (day, time)                       -- also the index for a day's slots
);

CREATE TABLE invoices (
  id           INTEGER PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customers(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status       TEXT NOT NULL CHECK (status IN ('open', 'paid', 'refunded'))
);
CREATE INDEX invoices_by_customer ON invoices(customer_id);

CREATE TABLE refunds (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL UNIQUE REFERENCES invoices(id),  -- never refunded twice
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason       TEXT NOT NULL,
  approved_via TEXT NOT NULL,              -- 'input_required', 'elicitation', 'desk'
  client       TEXT NOT NULL,
  created_at   TEXT NOT NULL
);

CREATE TABLE lunch_orders (
  id         INTEGER PRIMARY KEY,
  item       TEXT NOT NULL,
  quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 5),
  note       TEXT,
  client     TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Refunds asked for by clients that cannot show a form; a person clears them in office-desk.
CREATE TABLE approval_requests (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL REFERENCES invoices(id),
  status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  client       TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  resolved_at  TEXT,
  amount_cents INTEGER,
  reason       TEXT
);
CREATE UNIQUE INDEX one_pending_request_per_invoice ON approval_requests(invoice_id) WHERE status = 'pending';

-- Single-use ids of sealed requestState values, consumed in the refund's transaction.
CREATE TABLE used_request_states (
  nonce   TEXT PRIMARY KEY,
  used_at TEXT NOT NULL
) WITHOUT ROWID;
