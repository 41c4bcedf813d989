// The office in PostgreSQL, statement by statement, as sqlite_office_store.cpp is for SQLite;
// the schema's life is in postgres_office_schema.cpp. Times are always the caller's ($n
// parameters), never now().

#include "postgres_office_store.h"

#include "database_uri.h"
#include "store_sql.h"

#include <algorithm>
#include <string>
#include <thread>
#include <utility>

namespace office {

// ---- The store ----------------------------------------------------------------------------

PostgresOfficeStore::PostgresOfficeStore(const std::string& uri, Durability durability)
    : conn_(std::make_unique<pg::Connection>(uri)), durability_(durability) {
    try {
        configure();
        migrate_postgres(*conn_, postgres_migrations());
    } catch (const pg::Error& e) {
        throw StoreError(0, "cannot set up database " + masked_uri(uri) + ": " + e.what());
    }
}

PostgresOfficeStore::~PostgresOfficeStore() = default;

// The server restarting, failing over or briefly unreachable: try again with backoff (10, 20,
// 40 ... ms) for at most kReconnectWait, so that a blip costs a request a short wait rather than
// an error. Past that the database is down: StoreError::unavailable (HTTP 503, Retry-After).
// While it stays down, a request within kDownHold of the last wait fails at once, so a group
// of requests waits once, not once per request.
void PostgresOfficeStore::reconnect() {
    using Clock = std::chrono::steady_clock;
    const auto now = Clock::now();
    const bool waited_just_now = down_since_ && now - *down_since_ < kDownHold;
    const auto deadline = now + (waited_just_now ? Clock::duration::zero() : kReconnectWait);
    for (auto pause = std::chrono::milliseconds(10);; pause *= 2) {
        if (conn_->reset()) {
            try {
                configure();
                down_since_.reset();
                return;
            } catch (const pg::Error& e) {
                if (!e.connection_lost) throw;
            }
        }
        const auto left = deadline - Clock::now();
        if (left <= Clock::duration::zero()) break;
        std::this_thread::sleep_for(std::min<Clock::duration>(pause, left));
    }
    down_since_ = Clock::now();
    throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) + " was lost and could not be made again",
                     true);
}

void PostgresOfficeStore::configure() {
    conn_->exec(durability_ == Durability::Power ? "SET synchronous_commit = on" : "SET synchronous_commit = off");
}

void PostgresOfficeStore::lost(const pg::Error& e) {
    last_order_id_.reset();
    // The transaction went with the connection: nothing of it was committed, except that a
    // COMMIT whose answer was lost may have been. Either way it must not be reported done.
    write_open_ = false;
    if (batch_open_) batch_lost_ = true;
    batch_open_ = false;
    throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                            " was lost during a write, which may not have been committed (" + e.what() + ")",
                     true);
}

void PostgresOfficeStore::failed_in_pipeline(const pg::Error& e) {
    if (e.connection_lost) lost(e);
    if (!e.earlier) throw;
    // A statement sent earlier without waiting failed, and the transaction with it: maybe a
    // unit already released into the group, so the group as a whole must not commit.
    doomed_ = true;
    throw StoreError(0, std::string("an earlier write of this transaction failed: ") + e.what());
}

pg::Result PostgresOfficeStore::run(std::string_view sql, std::initializer_list<pg::Param> params) {
    const bool may_retry = !open();
    if (may_retry && !conn_->ok()) reconnect();
    try {
        return conn_->query(sql, params);
    } catch (const pg::Error& e) {
        if (conn_->pipelined()) failed_in_pipeline(e);
        if (!e.connection_lost) throw;
        if (!may_retry) lost(e);
        reconnect();
        return conn_->query(sql, params);
    }
}

void PostgresOfficeStore::defer(std::string_view sql, std::initializer_list<pg::Param> params) {
    if (!conn_->pipelined()) {
        run(sql, params);
        return;
    }
    try {
        conn_->send(sql, params);
    } catch (const pg::Error& e) {
        failed_in_pipeline(e);
    }
}

pg::Result PostgresOfficeStore::end_transaction(std::string_view last) {
    if (!conn_->pipelined()) return run(last);
    // Ids counted on from nextval (record_lunch_order): the sequence moves to the last of them.
    if (const auto counted = std::exchange(last_order_id_, std::nullopt); last == "COMMIT" && counted && *counted != first_order_id_)
        defer("SELECT setval(pg_get_serial_sequence('lunch_orders', 'id'), $1)", {*counted});
    try {
        return conn_->end_pipeline(last);
    } catch (const pg::Error& e) {
        failed_in_pipeline(e);
    }
}

void PostgresOfficeStore::begin(std::string_view then) {
    // A pipeline still open here was left by a transaction whose connection was lost (its
    // server said so before the socket closed): that connection is done for.
    if (!conn_->ok() || conn_->pipelined()) reconnect();
    const std::string sql = "BEGIN; " + kLock + (then.empty() ? "" : "; ") + std::string(then);
    try {
        conn_->exec(sql);
    } catch (const pg::Error& e) {
        if (!e.connection_lost) {
            rollback_quietly(*conn_);
            throw;
        }
        reconnect();  // nothing was written yet: once more on a new connection
        conn_->exec(sql);
    }
    conn_->begin_pipeline();
}

// A write transaction runs in pipeline mode from its first round trip (BEGIN and the lock) to
// its COMMIT: statements whose answer the tool needs (a RETURNING id, a guarded UPDATE) wait
// for it, the rest (savepoints, audit rows) are only queued and travel with the next one.
void PostgresOfficeStore::begin_write() {
    if (write_open_) throw StoreError(0, "a write transaction is already open on database " + masked_uri(conn_->uri()));
    if (batching_) {
        if (batch_lost_)
            throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                                    " was lost during this group of writes; nothing more is written in it",
                             true);
        if (doomed_) throw StoreError(0, "an earlier write of this group failed; nothing more is written in it");
        if (!batch_open_) {
            begin("SAVEPOINT unit");
            batch_open_ = true;
        } else {
            defer("SAVEPOINT unit");
        }
    } else {
        begin("");
    }
    write_open_ = true;
}

void PostgresOfficeStore::commit_write() {
    if (batch_open_) {
        defer("RELEASE unit");
        write_open_ = false;
        return;
    }
    const auto done = end_transaction("COMMIT");
    write_open_ = false;
    // COMMIT of a transaction a failed statement doomed rolls back and says only "ROLLBACK"
    // (SQLite would have kept the rest): never let that pass for a commit.
    if (done.command() == "ROLLBACK")
        throw StoreError(0, "the write to " + masked_uri(conn_->uri()) + " was rolled back after an earlier error");
}

void PostgresOfficeStore::rollback_write() noexcept {
    if (!write_open_) return;  // lost with the connection: nothing to roll back
    write_open_ = false;
    try {
        if (!batch_open_) {
            doomed_ = false;
            last_order_id_.reset();
            rollback_quietly(*conn_);
        } else if (!doomed_) {  // a doomed group is rolled back as a whole by end_batch
            conn_->send("ROLLBACK TO unit");
            conn_->send("RELEASE unit");
        }
    } catch (...) {
        // The connection is gone: so is the transaction, and the batch with it.
        if (batch_open_) batch_lost_ = true;
        batch_open_ = false;
    }
}

void PostgresOfficeStore::begin_batch() {
    batching_ = true;
    batch_lost_ = false;
}

void PostgresOfficeStore::end_batch() {
    batching_ = false;
    const bool doomed = std::exchange(doomed_, false);
    if (batch_lost_) {
        batch_lost_ = false;
        throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                                " was lost during a group of writes, which were not committed",
                         true);
    }
    if (!batch_open_) return;
    try {
        // open(): a lost connection is not retried but reported
        const auto done = end_transaction(doomed ? "ROLLBACK" : "COMMIT");
        batch_open_ = false;
        if (doomed || done.command() == "ROLLBACK")
            throw StoreError(0, "the group of writes to " + masked_uri(conn_->uri()) + " was rolled back after an earlier error");
    } catch (...) {
        batch_open_ = false;
        doomed_ = false;
        last_order_id_.reset();
        rollback_quietly(*conn_);
        throw;
    }
}

CustomerPage PostgresOfficeStore::find_customers(const std::string& text) {
    CustomerPage page;
    if (text.find('\0') != std::string::npos) return page;  // no name or email holds a NUL
    // The matches up to one past the counted ones, and of those the page with their number, in
    // one round trip. ILIKE decides; an index narrows: a query holding whole words reads the rows
    // holding them all (customers_words, schema 7), another the rows the trigram indexes of
    // schema 6 name (pg_trgm, 3 characters or more). The words statement keeps its values in
    // subqueries and ILIKE on name || '': the planner then neither reads the trigram indexes too
    // (for such a query they cost more than the words save) nor plans each call anew for its
    // values (a custom plan), which at 1M customers cost twice what the query itself does; its
    // one generic plan, the word index then ILIKE, is the right one for every value.
    static const std::string counted = " ORDER BY id LIMIT " + std::to_string(kCustomerPage + kMoreCounted + 1) + ") "
        "SELECT id, name, email, (SELECT count(*) FROM m) FROM m ORDER BY id LIMIT " + std::to_string(kCustomerPage);
    static const std::string by_words =
        "WITH m AS (SELECT id, name, email FROM customers WHERE customer_words(name, email) @> (SELECT customer_words($2, '')) "
        "AND ((name || '') ILIKE (SELECT $1::text) ESCAPE '\\' OR (email || '') ILIKE (SELECT $1::text) ESCAPE '\\')" + counted;
    static const std::string by_trigrams =
        "WITH m AS (SELECT id, name, email FROM customers WHERE name ILIKE $1 ESCAPE '\\' OR email ILIKE $1 ESCAPE '\\'" + counted;
    std::string words;
    for (const auto& word : whole_words(text)) words += (words.empty() ? "" : " ") + word;
    auto r = words.empty() ? run(by_trigrams, {like_literal(text)}) : run(by_words, {like_literal(text), words});
    for (int i = 0; i < r.rows(); ++i) page.customers.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2)});
    if (r.rows() > 0) page.more = r.integer(0, 3) - r.rows();
    if (page.more > kMoreCounted) {
        page.more = kMoreCounted;
        page.more_exact = false;
    }
    return page;
}

std::optional<std::string> PostgresOfficeStore::customer_name(std::int64_t id) {
    auto r = run("SELECT name FROM customers WHERE id = $1", {id});
    if (r.rows() == 0) return std::nullopt;
    return r.text(0, 0);
}

std::vector<SlotRow> PostgresOfficeStore::slot_rows(const std::string& from_day, const std::string& to_day) {
    auto r = run("SELECT id, day, time, customer_id FROM slots WHERE day BETWEEN $1 AND $2 "
                 "ORDER BY day COLLATE \"C\", time COLLATE \"C\"",
                 {from_day, to_day});
    std::vector<SlotRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.is_null(i, 3) ? std::nullopt : std::optional(r.integer(i, 3))});
    return rows;
}

std::vector<BookedSlot> PostgresOfficeStore::bookings() {
    auto r = run("SELECT s.id, s.day, s.time, coalesce(s.booking_uid, 'slot-' || s.id), s.booking_sequence, "
                 "coalesce(s.booked_at, ''), c.name, c.email FROM slots s JOIN customers c ON c.id = s.customer_id "
                 "ORDER BY s.day COLLATE \"C\", s.time COLLATE \"C\", s.id");
    std::vector<BookedSlot> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.integer(i, 4), r.text(i, 5), r.text(i, 6),
                        r.text(i, 7)});
    return rows;
}

Booking PostgresOfficeStore::book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time,
                                                 std::int64_t customer_id, const std::string& at, const std::string& by) {
    if (run("SELECT 1 FROM slots WHERE day = $1 AND time = $2 AND id <> $3", {day, time, slot_id}).rows() > 0)
        return Booking{Booking::Status::NoSuchSlot, day, time};
    run("INSERT INTO slots (id, day, time) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", {slot_id, day, time});
    return book_slot(slot_id, customer_id, at, by);
}

std::optional<SlotRow> PostgresOfficeStore::load_slot(std::int64_t slot_id) {
    const auto r = run("SELECT id, day, time, customer_id FROM slots WHERE id = $1", {slot_id});
    if (r.rows() == 0) return std::nullopt;
    return SlotRow{r.integer(0, 0), r.text(0, 1), r.text(0, 2), r.is_null(0, 3) ? std::nullopt : std::optional(r.integer(0, 3))};
}

bool PostgresOfficeStore::cancel_booking(std::int64_t slot_id, bool remove_row) {
    const auto r = run(remove_row ? "DELETE FROM slots WHERE id = $1 AND customer_id IS NOT NULL RETURNING id"
                                  : "UPDATE slots SET customer_id = NULL, booked_at = NULL, booked_by = NULL, booking_uid = NULL, "
                                    "booking_sequence = 0 WHERE id = $1 AND customer_id IS NOT NULL RETURNING id",
                       {slot_id});
    return r.rows() != 0;
}

void PostgresOfficeStore::carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) {
    run("UPDATE slots SET (booking_uid, booking_sequence) = "
        "(SELECT booking_uid, booking_sequence + 1 FROM slots WHERE id = $1) WHERE id = $2",
        {from_id, to_id});
    cancel_booking(from_id, remove_from_row);
}

OfficeSettings PostgresOfficeStore::office_settings() {
    OfficeSettings settings;
    const auto r = run("SELECT name, value FROM office_settings");
    for (int i = 0; i < r.rows(); ++i) {
        const auto name = r.text(i, 0);
        if (name == "time_zone") settings.time_zone = r.text(i, 1);
        else if (name == "name") settings.name = r.text(i, 1);
        else if (name == "horizon_days") settings.horizon_days = std::stoll(r.text(i, 1));
    }
    return settings;
}

void PostgresOfficeStore::save_office_settings(const OfficeSettings& settings) {
    const std::string_view put =
        "INSERT INTO office_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value";
    run(put, {"time_zone", settings.time_zone});
    run(put, {"name", settings.name});
    run(put, {"horizon_days", std::to_string(settings.horizon_days)});
}

std::vector<OpeningRange> PostgresOfficeStore::opening_hours() {
    const auto r = run("SELECT weekday, opens, closes, slot_minutes FROM opening_hours ORDER BY weekday, opens COLLATE \"C\"");
    std::vector<OpeningRange> ranges;
    for (int i = 0; i < r.rows(); ++i)
        ranges.push_back({static_cast<int>(r.integer(i, 0)), r.text(i, 1), r.text(i, 2), r.integer(i, 3)});
    return ranges;
}

void PostgresOfficeStore::replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) {
    for (const int weekday : weekdays) run("DELETE FROM opening_hours WHERE weekday = $1", {weekday});
    for (const auto& r : ranges)
        run("INSERT INTO opening_hours (weekday, opens, closes, slot_minutes) VALUES ($1, $2, $3, $4)",
            {r.weekday, r.opens, r.closes, r.slot_minutes});
}

std::vector<Closure> PostgresOfficeStore::closures() {
    const auto r = run("SELECT day, reason FROM closures ORDER BY day COLLATE \"C\"");
    std::vector<Closure> days;
    for (int i = 0; i < r.rows(); ++i) days.push_back({r.text(i, 0), r.text(i, 1)});
    return days;
}

void PostgresOfficeStore::add_closure(const Closure& closure) {
    run("INSERT INTO closures (day, reason) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET reason = excluded.reason",
        {closure.day, closure.reason});
}

bool PostgresOfficeStore::remove_closure(const std::string& day) {
    return run("DELETE FROM closures WHERE day = $1", {day}).affected() != 0;
}

std::vector<FreeSlot> PostgresOfficeStore::free_slots(const std::string& day) {
    auto r = run("SELECT id, time FROM slots WHERE day = $1 AND customer_id IS NULL ORDER BY time COLLATE \"C\"", {day});
    std::vector<FreeSlot> slots;
    for (int i = 0; i < r.rows(); ++i) slots.push_back({r.integer(i, 0), r.text(i, 1)});
    return slots;
}

Booking PostgresOfficeStore::book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
                                       const std::string& by) {
    // The guard is in the statement itself, as on SQLite: with the office lock as well, two
    // racing clients cannot both win.
    auto booked = run("UPDATE slots SET customer_id = $2, booked_at = $3, booked_by = $4, "
                      "booking_uid = replace(gen_random_uuid()::text, '-', ''), booking_sequence = 0 "
                      "WHERE id = $1 AND customer_id IS NULL RETURNING day, time",
                      {slot_id, customer_id, at, by});
    if (booked.rows() == 1) return Booking{Booking::Status::Booked, booked.text(0, 0), booked.text(0, 1)};
    auto exists = run("SELECT day, time FROM slots WHERE id = $1", {slot_id});
    if (exists.rows() == 0) return Booking{Booking::Status::NoSuchSlot, "", ""};
    return Booking{Booking::Status::Taken, exists.text(0, 0), exists.text(0, 1)};
}

namespace {

std::vector<Customer> customers_from(const pg::Result& r) {
    std::vector<Customer> customers;
    for (int i = 0; i < r.rows(); ++i) customers.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2)});
    return customers;
}

std::optional<Customer> first_customer(const pg::Result& r) {
    if (r.rows() == 0) return std::nullopt;
    return Customer{r.integer(0, 0), r.text(0, 1), r.text(0, 2)};
}

// The columns invoices_from reads, in its order.
constexpr std::string_view kInvoiceColumns =
    "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
    "JOIN customers c ON c.id = i.customer_id ";

std::vector<Invoice> invoices_from(const pg::Result& r) {
    std::vector<Invoice> invoices;
    for (int i = 0; i < r.rows(); ++i)
        invoices.push_back({r.integer(i, 0), r.text(i, 1), r.integer(i, 2), r.text(i, 3), r.integer(i, 4), r.integer(i, 5)});
    return invoices;
}

}  // namespace

// Looked up first, not INSERT ... ON CONFLICT DO NOTHING: that takes an id from the identity
// even when it inserts nothing, and the next customer's id would skip one (SQLite's would not).
// Under the office lock nobody adds the same email between the two statements.
AddedCustomer PostgresOfficeStore::add_customer(const std::string& name, const std::string& email) {
    if (auto known = customer_with_email(email)) return {std::move(*known), false};
    const auto id = run("INSERT INTO customers (name, email) VALUES ($1, $2) RETURNING id", {name, email}).integer(0, 0);
    return {{id, name, email}, true};
}

std::optional<Customer> PostgresOfficeStore::load_customer(std::int64_t id) {
    return first_customer(run("SELECT id, name, email FROM customers WHERE id = $1", {id}));
}

std::optional<Customer> PostgresOfficeStore::customer_with_email(const std::string& email) {
    // The expression of customers_by_email, so the index answers it.
    return first_customer(
        run("SELECT id, name, email FROM customers WHERE lower(email COLLATE \"C\") = lower($1::text COLLATE \"C\")", {email}));
}

void PostgresOfficeStore::update_customer(const Customer& customer) {
    run("UPDATE customers SET name = $2, email = $3 WHERE id = $1", {customer.id, customer.name, customer.email});
}

CustomerUse PostgresOfficeStore::customer_use(std::int64_t id) {
    const auto r = run("SELECT (SELECT count(*) FROM invoices WHERE customer_id = $1), "
                       "(SELECT count(*) FROM slots WHERE customer_id = $1)",
                       {id});
    return {r.integer(0, 0), r.integer(0, 1)};
}

void PostgresOfficeStore::remove_customer(std::int64_t id) { run("DELETE FROM customers WHERE id = $1", {id}); }

// The GIN indexes' pending lists merged (a query reads those whole) and the statistics the
// planner chooses an index by. VACUUM runs outside a transaction, so not in a write.
void PostgresOfficeStore::optimize_customer_search() { conn_->exec("VACUUM (ANALYZE) customers"); }

std::vector<Customer> PostgresOfficeStore::customers_after(std::int64_t after_id, int limit) {
    return customers_from(run("SELECT id, name, email FROM customers WHERE id > $1 ORDER BY id LIMIT $2", {after_id, limit}));
}

std::vector<Invoice> PostgresOfficeStore::invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id) {
    // $3::bigint: untyped, `$3 = 0` would make it an integer, too small for an id past 2^31.
    static const std::string sql = std::string(kInvoiceColumns) +
                                   "WHERE i.id > $1 AND ($3::bigint = 0 OR i.customer_id = $3) ORDER BY i.id LIMIT $2";
    return invoices_from(run(sql, {after_id, limit, customer_id}));
}

std::int64_t PostgresOfficeStore::add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) {
    return run("INSERT INTO invoices (customer_id, amount_cents, status) VALUES ($1, $2, $3) RETURNING id",
               {customer_id, cents, status})
        .integer(0, 0);
}

bool PostgresOfficeStore::pay_invoice(std::int64_t id) {
    return run("UPDATE invoices SET status = 'paid' WHERE id = $1 AND status = 'open'", {id}).affected() != 0;
}

std::vector<MenuItem> PostgresOfficeStore::menu() {
    const auto r = run("SELECT name, price_cents FROM menu ORDER BY id");
    std::vector<MenuItem> items;
    for (int i = 0; i < r.rows(); ++i)
        items.push_back({r.text(i, 0), r.is_null(i, 1) ? std::nullopt : std::optional(r.integer(i, 1))});
    return items;
}

// INSERT ... SELECT WHERE NOT EXISTS rather than ON CONFLICT DO NOTHING: a refused duplicate
// must not take an id from the identity (the next item's id would skip one; SQLite's does not).
// The office lock keeps the check and the insert together; UNIQUE (name) is the backstop.
std::optional<std::int64_t> PostgresOfficeStore::add_menu_item(const MenuItem& item) {
    auto r = run("INSERT INTO menu (name, price_cents) SELECT $1::text, $2::bigint "
                 "WHERE NOT EXISTS (SELECT 1 FROM menu WHERE name = $1::text) RETURNING id",
                 {item.name, item.price_cents});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

std::optional<std::int64_t> PostgresOfficeStore::remove_menu_item(const std::string& name) {
    auto r = run("DELETE FROM menu WHERE name = $1 RETURNING id", {name});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

std::vector<Invoice> PostgresOfficeStore::invoices_of(std::int64_t customer_id) {
    static const std::string sql = std::string(kInvoiceColumns) + "WHERE i.customer_id = $1 ORDER BY i.id";
    return invoices_from(run(sql, {customer_id}));
}

std::optional<Invoice> PostgresOfficeStore::load_invoice(std::int64_t id) {
    static const std::string sql = std::string(kInvoiceColumns) + "WHERE i.id = $1";
    auto invoices = invoices_from(run(sql, {id}));
    if (invoices.empty()) return std::nullopt;
    return invoices[0];
}

std::optional<ApprovalState> PostgresOfficeStore::latest_approval(std::int64_t invoice_id) {
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    auto r = run("SELECT id, status, coalesce(amount_cents, 0), reported_at IS NOT NULL FROM approval_requests "
                 "WHERE invoice_id = $1 ORDER BY status = 'pending' DESC, reported_at IS NULL DESC, id DESC LIMIT 1",
                 {invoice_id});
    if (r.rows() == 0) return std::nullopt;
    return ApprovalState{r.integer(0, 0), r.text(0, 1), r.integer(0, 2), r.boolean(0, 3)};
}

void PostgresOfficeStore::mark_reported(std::int64_t request_id, const std::string& at) {
    run("UPDATE approval_requests SET reported_at = $2 WHERE id = $1", {request_id, at});
}

std::int64_t PostgresOfficeStore::queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) {
    return run("INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES ($1, 'pending', $2, $3) "
               "RETURNING id",
               {invoice_id, client, at})
        .integer(0, 0);
}

std::optional<PendingRequest> PostgresOfficeStore::pending_request(std::int64_t invoice_id) {
    auto r = run("SELECT id, client FROM approval_requests WHERE invoice_id = $1 AND status = 'pending'", {invoice_id});
    if (r.rows() == 0) return std::nullopt;
    return PendingRequest{r.integer(0, 0), r.text(0, 1)};
}

void PostgresOfficeStore::decline_request(std::int64_t request_id, const std::string& at, const std::string& by) {
    run("UPDATE approval_requests SET status = 'declined', resolved_at = $2, resolved_by = $3 WHERE id = $1",
        {request_id, at, by});
}

std::int64_t PostgresOfficeStore::record_refund(const RefundRecord& r) {
    std::optional<std::int64_t> request;
    std::optional<std::string> requested_by;
    if (r.settles) {
        request = r.settles->id;
        requested_by = r.settles->client;
    }
    const auto refund_id =
        run("INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, "
            "requested_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            {r.invoice_id, r.cents, r.reason, r.approved_via, r.client, r.at, request, requested_by})
            .integer(0, 0);
    // The invoice keeps the sum of its refunds, in this same transaction; it is 'refunded'
    // once nothing is left (the schema's CHECK refuses more than its amount).
    run("UPDATE invoices SET refunded_cents = refunded_cents + $2, "
        "status = CASE WHEN refunded_cents + $2 = amount_cents THEN 'refunded' ELSE status END WHERE id = $1",
        {r.invoice_id, r.cents});
    if (r.settles) {
        run("UPDATE approval_requests SET status = 'approved', resolved_at = $2, resolved_by = $3, amount_cents = $4, "
            "reason = $5 WHERE id = $1",
            {r.settles->id, r.at, r.client, r.cents, r.reason});
    }
    return refund_id;
}

std::vector<ApprovalRequest> PostgresOfficeStore::approval_requests() {
    auto r = run("SELECT id, invoice_id, status, client, created_at, coalesce(resolved_by, '') FROM approval_requests "
                 "ORDER BY id");
    std::vector<ApprovalRequest> requests;
    for (int i = 0; i < r.rows(); ++i)
        requests.push_back({r.integer(i, 0), r.integer(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5)});
    return requests;
}

std::int64_t PostgresOfficeStore::pending_approvals() {
    return run("SELECT count(*) FROM approval_requests WHERE status = 'pending'").integer(0, 0);
}

std::optional<ReopenCandidate> PostgresOfficeStore::reopen_candidate(std::int64_t request_id) {
    auto r = run("SELECT a.invoice_id, a.status, i.amount_cents - i.refunded_cents, "
                 "       (SELECT min(id) FROM approval_requests p WHERE p.invoice_id = a.invoice_id AND p.status = 'pending') "
                 "FROM approval_requests a JOIN invoices i ON i.id = a.invoice_id WHERE a.id = $1",
                 {request_id});
    if (r.rows() == 0) return std::nullopt;
    ReopenCandidate c{r.integer(0, 0), r.text(0, 1), r.integer(0, 2), std::nullopt};
    if (!r.is_null(0, 3)) c.other_pending = r.integer(0, 3);
    return c;
}

void PostgresOfficeStore::reopen_request(std::int64_t request_id) {
    run("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL, "
        "task = 0 WHERE id = $1",
        {request_id});
}

std::optional<std::int64_t> PostgresOfficeStore::withdraw_request(std::int64_t request_id, const std::string& at,
                                                                 const std::string& by) {
    const auto r = run("UPDATE approval_requests SET status = 'withdrawn', resolved_at = $2, resolved_by = $3, reported_at = $2 "
                       "WHERE id = $1 AND status = 'pending' RETURNING invoice_id",
                       {request_id, at, by});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

namespace {

constexpr std::string_view kTaskColumns =
    "SELECT id, scope, approval_request_id, status, status_message, coalesce(result, ''), created_at, updated_at, "
    "expires_at, ttl_ms FROM tasks ";

std::optional<TaskRecord> task_row(const pg::Result& r) {
    if (r.rows() == 0) return std::nullopt;
    return TaskRecord{r.text(0, 0), r.text(0, 1), r.integer(0, 2), r.text(0, 3), r.text(0, 4),
                      r.text(0, 5), r.text(0, 6), r.text(0, 7), r.text(0, 8), r.integer(0, 9)};
}

}  // namespace

void PostgresOfficeStore::create_task(const TaskRecord& t, const std::string& forget_before) {
    run("DELETE FROM tasks WHERE expires_at < $1", {forget_before});
    run("INSERT INTO tasks (id, scope, approval_request_id, status, status_message, result, created_at, updated_at, "
        "expires_at, ttl_ms) VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''), $7, $8, $9, $10)",
        {t.id, t.scope, t.approval_request_id, t.status, t.status_message, t.result, t.created_at, t.updated_at,
         t.expires_at, t.ttl_ms});
    run("UPDATE approval_requests SET task = 1 WHERE id = $1", {t.approval_request_id});
}

std::optional<TaskRecord> PostgresOfficeStore::load_task(const std::string& id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE id = $1";
    return task_row(run(sql, {id}));
}

std::optional<TaskRecord> PostgresOfficeStore::task_of_request(std::int64_t request_id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE approval_request_id = $1";
    return task_row(run(sql, {request_id}));
}

void PostgresOfficeStore::update_task(const TaskRecord& t) {
    run("UPDATE tasks SET status = $2, status_message = $3, result = NULLIF($4, ''), updated_at = $5 WHERE id = $1",
        {t.id, t.status, t.status_message, t.result, t.updated_at});
}

// The order's id is the reply's (order_id), so it must be known before the row is written. Under
// the office lock nobody else takes ids from lunch_orders' sequence, so a transaction asks it
// once (nextval: one wait) and counts on from there; the rows go with explicit ids, queued, and
// end_transaction sets the sequence to the last id before the COMMIT. A group of orders thus
// waits once, not once per order. A rolled-back unit or group leaves a gap, as nextval would.
std::int64_t PostgresOfficeStore::record_lunch_order(const LunchOrder& order) {
    if (!conn_->pipelined())
        return run("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                   {order.item, order.quantity, order.note, order.client, order.at})
            .integer(0, 0);
    if (!last_order_id_) {
        last_order_id_ = run("SELECT nextval(pg_get_serial_sequence('lunch_orders', 'id'))").integer(0, 0);
        first_order_id_ = *last_order_id_;
    } else {
        ++*last_order_id_;
    }
    defer("INSERT INTO lunch_orders (id, item, quantity, note, client, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
          {*last_order_id_, order.item, order.quantity, order.note, order.client, order.at});
    return *last_order_id_;
}

bool PostgresOfficeStore::consume_request_state(const std::string& nonce, const std::string& at) {
    return run("INSERT INTO used_request_states (nonce, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING", {nonce, at})
               .affected() != 0;
}

bool PostgresOfficeStore::request_state_used(const std::string& nonce) {
    return run("SELECT 1 FROM used_request_states WHERE nonce = $1", {nonce}).rows() != 0;
}

std::optional<RememberedCall> PostgresOfficeStore::remembered_call(const std::string& scope, const std::string& key,
                                                                   const std::string& since) {
    const auto r = run("SELECT tool, request, result, created_at FROM idempotency_keys "
                       "WHERE scope = $1 AND key = $2 AND created_at >= $3",
                       {scope, key, since});
    if (r.rows() == 0) return std::nullopt;
    return RememberedCall{r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3)};
}

void PostgresOfficeStore::remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                                        const std::string& forget_before) {
    run("DELETE FROM idempotency_keys WHERE created_at < $1", {forget_before});
    run("INSERT INTO idempotency_keys (scope, key, tool, request, result, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        {scope, key, call.tool, call.request, call.result, call.at});
}

void PostgresOfficeStore::append_audit(const AuditEntry& e) {
    defer("INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
        "detail, principal, trace_id, span_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        {e.at, e.client_name, e.client_version, e.era, e.protocol_version, e.action, e.subject_type, e.subject_id, e.detail,
         e.principal, e.trace_id, e.span_id});
}

std::vector<AuditEntry> PostgresOfficeStore::read_audit(const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto r = run("SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
                 "detail, principal, trace_id, span_id FROM audit WHERE ($1::text IS NULL OR at >= $1) "
                 "AND (($2::bigint IS NULL AND $3::bigint IS NULL) "
                 "  OR (subject_type = 'invoice' AND subject_id = $2) OR (subject_type = 'slot' AND subject_id = $3)) "
                 "AND ($4::text IS NULL OR trace_id = $4) ORDER BY id",
                 {filter.since, filter.invoice, filter.slot, filter.trace});
    std::vector<AuditEntry> entries;
    for (int i = 0; i < r.rows(); ++i)
        entries.push_back(AuditEntry{r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5),
                                     r.text(i, 6), r.text(i, 7), r.integer(i, 8), r.text(i, 9), r.text(i, 10),
                                     r.text(i, 11), r.text(i, 12)});
    return entries;
}

std::vector<nlohmann::json> PostgresOfficeStore::read_rows(OfficeTable table, std::int64_t after_id, int limit) {
    const auto& info = table_info(table);
    auto r = run(table_rows_sql(table), {after_id, limit});
    std::vector<nlohmann::json> rows;
    for (int i = 0; i < r.rows(); ++i) {
        auto row = nlohmann::json::object();
        for (int c = 0; c < static_cast<int>(info.columns.size()) && !info.columns[c].empty(); ++c) {
            auto& value = row[std::string(info.columns[c])];
            if (r.is_null(i, c)) value = nullptr;
            else if (r.is_integer_column(c)) value = r.integer(i, c);
            else value = r.text(i, c);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t PostgresOfficeStore::change_mark() { return run("SELECT coalesce(max(id), 0) FROM audit").integer(0, 0); }

}  // namespace office
