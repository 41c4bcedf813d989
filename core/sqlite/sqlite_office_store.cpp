// The office in a SQLite file, statement by statement: every statement about office tables is
// here, so no file above the store holds SQL (docs/architecture.md, "Store"); the file's schema,
// migrations and place are in sqlite_office_file.cpp.
// Texts are bound with bind_static (no copy) wherever they are the function's own parameters
// or locals, alive until its last step(); a temporary is named first (find_customers).

#include "sqlite_office_store.h"

#include "platform.h"
#include "store_sql.h"

#include <utility>
#include <vector>

namespace office {

using namespace sqlite_code;

// A statement stopped before its end is reset at once (see query_int in sqlite_office_file.cpp).

SqliteOfficeStore::SqliteOfficeStore(std::unique_ptr<Database> db) : db_(std::move(db)) {
    if (const auto info = platform::stat(db_->path())) file_.emplace(info->device, info->inode);
}

bool SqliteOfficeStore::replaced() {
    // Only another file under the name: a name that is gone is not a new office to open.
    const auto info = file_ ? platform::stat(db_->path()) : std::nullopt;
    if (!info || std::pair(info->device, info->inode) == *file_) return false;
    db_->keep_wal_on_close();  // the -wal and -shm under the name are the restored office's now
    return true;
}

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

namespace {

constexpr std::int64_t kIndexFrom = 50;  // customers' ids from which find_customers uses the index

std::string quotes_doubled(const std::string& text) {  // inside an FTS5 string
    std::string out;
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out;
}

// FTS5's query for "contains `text`": one phrase, its quotes doubled. The trigram tokenizer
// makes it match the rows holding `text` (case folded), if `text` has 3 characters or more;
// a shorter one would match nothing, so it gets no phrase ("").
std::string trigram_phrase(const std::string& text) {
    int characters = 0;
    for (unsigned char c : text) characters += (c & 0xC0) != 0x80;  // UTF-8 lead bytes
    if (characters < 3) return "";
    return '"' + quotes_doubled(text) + '"';
}

// FTS5's query for the rows holding every whole word of `text` (whole_words, store_sql.h;
// "" when it has none): each word an FTS5 string, ANDed. customer_words' tokenizer (unicode61)
// splits a row at the separators whole_words does (and at non-ASCII ones too, which a word may
// hold: then the string is a phrase of its parts, in the same order in the row).
std::string words_match(const std::string& text) {
    std::string match;
    for (const auto& word : whole_words(text)) match += (match.empty() ? "\"" : " AND \"") + quotes_doubled(word) + '"';
    return match;
}

}  // namespace

CustomerPage SqliteOfficeStore::find_customers(const std::string& text) {
    // LIKE ends a pattern at a NUL byte, so "\u0000" would match everyone: a text holding one
    // matches nobody (no name or email holds a NUL) and never reaches LIKE.
    CustomerPage page;
    if (text.find('\0') != std::string::npos) return page;
    // LIKE decides what matches, as it always has (ASCII case folded only, % and _ literal).
    // A query of 3 characters or more reads only the rows the trigram index names
    // (customer_search, schema 8), which are every row LIKE matches and perhaps a few it does
    // not (the index folds non-ASCII case too); a shorter one reads the table.
    // The pattern is +?1 (unary plus: the same text), not a bare parameter. SQLite re-prepares
    // a statement whose LIKE pattern is a bare parameter each time that parameter is bound, to
    // plan an index range for the pattern's fixed prefix; ours all begin with %, so there is
    // none, and the re-prepare was 72k of find_customer's 128k instructions (issue 16).
    // A small office (the ids end below kIndexFrom) is read whole too: there the scan costs less
    // than the index's query (5 against 13 µs at 3 customers; even at about 50).
    const std::string pattern = like_literal(text);  // named: bound without a copy, it must outlive the steps
    auto& top = db_->prepare("SELECT ifnull(max(id), 0) FROM customers");
    top.step();
    const bool large = top.column_int(0) >= kIndexFrom;
    top.reset();
    const std::string words = large ? words_match(text) : "";
    const std::string phrase = large && words.empty() ? trigram_phrase(text) : "";
    auto& q = !words.empty()
                  ? db_->prepare("SELECT c.id, c.name, c.email FROM customer_words JOIN customers c ON c.id = customer_words.rowid "
                                 "WHERE customer_words MATCH ?2 AND (c.name LIKE +?1 ESCAPE '\\' OR c.email LIKE +?1 ESCAPE '\\') "
                                 "ORDER BY customer_words.rowid")
              : !phrase.empty()
                  ? db_->prepare("SELECT c.id, c.name, c.email FROM customer_search JOIN customers c ON c.id = customer_search.rowid "
                                 "WHERE customer_search MATCH ?2 AND (c.name LIKE +?1 ESCAPE '\\' OR c.email LIKE +?1 ESCAPE '\\') "
                                 "ORDER BY customer_search.rowid")
                  : db_->prepare("SELECT id, name, email FROM customers "
                                 "WHERE name LIKE +?1 ESCAPE '\\' OR email LIKE +?1 ESCAPE '\\' ORDER BY id");
    q.bind_static(1, pattern);
    if (!words.empty()) q.bind_static(2, words);
    if (!phrase.empty()) q.bind_static(2, phrase);
    while (q.step()) {
        if (page.customers.size() < static_cast<std::size_t>(kCustomerPage)) {
            page.customers.push_back({q.column_int(0), q.column_text(1), q.column_text(2)});
        } else if (page.more == kMoreCounted) {
            page.more_exact = false;
            q.reset();
            break;
        } else {
            ++page.more;
        }
    }
    return page;
}

std::optional<std::string> SqliteOfficeStore::customer_name(std::int64_t id) {
    auto& q = db_->prepare("SELECT name FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    auto name = q.column_text(0);
    q.reset();
    return name;
}

namespace {
Customer customer_of(const Statement& q) { return {q.column_int(0), q.column_text(1), q.column_text(2)}; }
Invoice invoice_of(const Statement& q) {
    return {q.column_int(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_int(4), q.column_int(5)};
}
}  // namespace

AddedCustomer SqliteOfficeStore::add_customer(const std::string& name, const std::string& email) {
    if (auto known = customer_with_email(email)) return {std::move(*known), false};
    db_->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)").bind_static(1, name).bind_static(2, email).step();
    return {{db_->last_insert_rowid(), name, email}, true};
}

std::optional<Customer> SqliteOfficeStore::load_customer(std::int64_t id) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Customer customer = customer_of(q);
    q.reset();
    return customer;
}

std::optional<Customer> SqliteOfficeStore::customer_with_email(const std::string& email) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE lower(email) = lower(?1)");  // customers_by_email
    if (!q.bind_static(1, email).step()) return std::nullopt;
    Customer customer = customer_of(q);
    q.reset();
    return customer;
}

void SqliteOfficeStore::update_customer(const Customer& customer) {
    db_->prepare("UPDATE customers SET name = ?2, email = ?3 WHERE id = ?1")
        .bind(1, customer.id).bind_static(2, customer.name).bind_static(3, customer.email).step();
}

CustomerUse SqliteOfficeStore::customer_use(std::int64_t id) {
    auto& q = db_->prepare(
        "SELECT (SELECT count(*) FROM invoices WHERE customer_id = ?1), (SELECT count(*) FROM slots WHERE customer_id = ?1)");
    q.bind(1, id).step();
    CustomerUse use{q.column_int(0), q.column_int(1)};
    q.reset();
    return use;
}

void SqliteOfficeStore::remove_customer(std::int64_t id) { db_->prepare("DELETE FROM customers WHERE id = ?1").bind(1, id).step(); }

// One segment per index instead of the dozen a million rows' triggers leave: a word's lookup
// reads one b-tree (at 1M customers, find_customer's one match cost 1.6x the 3-customer office's
// instead of 2.3x; the optimize itself about a second per index).
void SqliteOfficeStore::optimize_customer_search() {
    Transaction tx(*db_);
    db_->exec("INSERT INTO customer_words(customer_words) VALUES ('optimize');"
              "INSERT INTO customer_search(customer_search) VALUES ('optimize');");
    tx.commit();
}

std::vector<Customer> SqliteOfficeStore::customers_after(std::int64_t after_id, int limit) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE id > ?1 ORDER BY id LIMIT ?2");
    q.bind(1, after_id).bind(2, limit);
    std::vector<Customer> customers;
    while (q.step()) customers.push_back(customer_of(q));
    return customers;
}

std::vector<Invoice> SqliteOfficeStore::invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.id > ?1 AND (?3 = 0 OR i.customer_id = ?3) ORDER BY i.id LIMIT ?2");
    q.bind(1, after_id).bind(2, limit).bind(3, customer_id);
    std::vector<Invoice> invoices;
    while (q.step()) invoices.push_back(invoice_of(q));
    return invoices;
}

std::int64_t SqliteOfficeStore::add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) {
    db_->prepare("INSERT INTO invoices (customer_id, amount_cents, status) VALUES (?1, ?2, ?3)")
        .bind(1, customer_id).bind(2, cents).bind_static(3, status).step();
    return db_->last_insert_rowid();
}

bool SqliteOfficeStore::pay_invoice(std::int64_t id) {
    db_->prepare("UPDATE invoices SET status = 'paid' WHERE id = ?1 AND status = 'open'").bind(1, id).step();
    return db_->changes() != 0;
}

std::vector<MenuItem> SqliteOfficeStore::menu() {
    auto& q = db_->prepare("SELECT name, price_cents FROM menu ORDER BY id");
    std::vector<MenuItem> items;
    while (q.step()) items.push_back({q.column_text(0), q.column_is_null(1) ? std::nullopt : std::optional(q.column_int(1))});
    return items;
}

std::optional<std::int64_t> SqliteOfficeStore::add_menu_item(const MenuItem& item) {
    auto& insert = db_->prepare("INSERT INTO menu (name, price_cents) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING");
    insert.bind_static(1, item.name);
    if (item.price_cents) insert.bind(2, *item.price_cents);
    insert.step();
    if (db_->changes() == 0) return std::nullopt;
    return db_->last_insert_rowid();
}

std::optional<std::int64_t> SqliteOfficeStore::remove_menu_item(const std::string& name) {
    auto& remove = db_->prepare("DELETE FROM menu WHERE name = ?1 RETURNING id");
    if (!remove.bind_static(1, name).step()) return std::nullopt;
    const auto id = remove.column_int(0);
    remove.reset();
    return id;
}

std::vector<SlotRow> SqliteOfficeStore::slot_rows(const std::string& from_day, const std::string& to_day) {
    auto& q = db_->prepare("SELECT id, day, time, customer_id FROM slots WHERE day BETWEEN ?1 AND ?2 ORDER BY day, time");
    q.bind_static(1, from_day).bind_static(2, to_day);
    std::vector<SlotRow> rows;
    while (q.step())
        rows.push_back({q.column_int(0), q.column_text(1), q.column_text(2),
                        q.column_is_null(3) ? std::nullopt : std::optional(q.column_int(3))});
    return rows;
}

std::vector<BookedSlot> read_bookings(Database& db) {
    auto& q = db.prepare(
        "SELECT s.id, s.day, s.time, coalesce(s.booking_uid, 'slot-' || s.id), s.booking_sequence, coalesce(s.booked_at, ''), "
        "c.name, c.email FROM slots s JOIN customers c ON c.id = s.customer_id ORDER BY s.day, s.time, s.id");
    std::vector<BookedSlot> rows;
    while (q.step())
        rows.push_back({q.column_int(0), q.column_text(1), q.column_text(2), q.column_text(3), q.column_int(4), q.column_text(5),
                        q.column_text(6), q.column_text(7)});
    return rows;
}

std::vector<BookedSlot> SqliteOfficeStore::bookings() { return read_bookings(*db_); }

Booking SqliteOfficeStore::book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time,
                                               std::int64_t customer_id, const std::string& at, const std::string& by) {
    auto& other = db_->prepare("SELECT id FROM slots WHERE day = ?1 AND time = ?2 AND id <> ?3");
    const bool held = other.bind_static(1, day).bind_static(2, time).bind(3, slot_id).step();
    other.reset();
    if (held) return Booking{Booking::Status::NoSuchSlot, day, time};
    auto& make = db_->prepare("INSERT INTO slots (id, day, time) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING");
    make.bind(1, slot_id).bind_static(2, day).bind_static(3, time).step();
    return book_slot(slot_id, customer_id, at, by);
}

std::optional<SlotRow> SqliteOfficeStore::load_slot(std::int64_t slot_id) {
    auto& q = db_->prepare("SELECT id, day, time, customer_id FROM slots WHERE id = ?1");
    if (!q.bind(1, slot_id).step()) return std::nullopt;
    SlotRow row{q.column_int(0), q.column_text(1), q.column_text(2),
                q.column_is_null(3) ? std::nullopt : std::optional(q.column_int(3))};
    q.reset();
    return row;
}

bool SqliteOfficeStore::cancel_booking(std::int64_t slot_id, bool remove_row) {
    db_->prepare(remove_row ? "DELETE FROM slots WHERE id = ?1 AND customer_id IS NOT NULL"
                            : "UPDATE slots SET customer_id = NULL, booked_at = NULL, booked_by = NULL, booking_uid = NULL, "
                              "booking_sequence = 0 WHERE id = ?1 AND customer_id IS NOT NULL")
        .bind(1, slot_id)
        .step();
    return db_->changes() != 0;
}

void SqliteOfficeStore::carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) {
    db_->prepare("UPDATE slots SET (booking_uid, booking_sequence) = "
                 "(SELECT booking_uid, booking_sequence + 1 FROM slots WHERE id = ?1) WHERE id = ?2")
        .bind(1, from_id)
        .bind(2, to_id)
        .step();
    cancel_booking(from_id, remove_from_row);
}

OfficeSettings read_office_settings(Database& db) {
    OfficeSettings settings;
    auto& q = db.prepare("SELECT name, value FROM office_settings");
    while (q.step()) {
        const auto name = q.column_text(0);
        if (name == "time_zone") settings.time_zone = q.column_text(1);
        else if (name == "name") settings.name = q.column_text(1);
        else if (name == "horizon_days") settings.horizon_days = q.column_int(1);
    }
    return settings;
}

OfficeSettings SqliteOfficeStore::office_settings() { return read_office_settings(*db_); }

void SqliteOfficeStore::save_office_settings(const OfficeSettings& settings) {
    auto& put = db_->prepare("INSERT INTO office_settings (name, value) VALUES (?1, ?2) "
                             "ON CONFLICT (name) DO UPDATE SET value = excluded.value");
    put.bind_static(1, "time_zone").bind_static(2, settings.time_zone).step();
    put.bind_static(1, "name").bind_static(2, settings.name).step();
    put.bind_static(1, "horizon_days").bind(2, std::to_string(settings.horizon_days)).step();
}

std::vector<OpeningRange> read_opening_hours(Database& db) {
    auto& q = db.prepare("SELECT weekday, opens, closes, slot_minutes FROM opening_hours ORDER BY weekday, opens");
    std::vector<OpeningRange> ranges;
    while (q.step())
        ranges.push_back({static_cast<int>(q.column_int(0)), q.column_text(1), q.column_text(2), q.column_int(3)});
    return ranges;
}

std::vector<OpeningRange> SqliteOfficeStore::opening_hours() { return read_opening_hours(*db_); }

void SqliteOfficeStore::replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) {
    for (const int weekday : weekdays) db_->prepare("DELETE FROM opening_hours WHERE weekday = ?1").bind(1, weekday).step();
    for (const auto& r : ranges)
        db_->prepare("INSERT INTO opening_hours (weekday, opens, closes, slot_minutes) VALUES (?1, ?2, ?3, ?4)")
            .bind(1, r.weekday)
            .bind_static(2, r.opens)
            .bind_static(3, r.closes)
            .bind(4, r.slot_minutes)
            .step();
}

std::vector<Closure> SqliteOfficeStore::closures() {
    auto& q = db_->prepare("SELECT day, reason FROM closures ORDER BY day");
    std::vector<Closure> days;
    while (q.step()) days.push_back({q.column_text(0), q.column_text(1)});
    return days;
}

void SqliteOfficeStore::add_closure(const Closure& closure) {
    db_->prepare("INSERT INTO closures (day, reason) VALUES (?1, ?2) ON CONFLICT (day) DO UPDATE SET reason = excluded.reason")
        .bind_static(1, closure.day)
        .bind_static(2, closure.reason)
        .step();
}

bool SqliteOfficeStore::remove_closure(const std::string& day) {
    db_->prepare("DELETE FROM closures WHERE day = ?1").bind_static(1, day).step();
    return db_->changes() != 0;
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
        "UPDATE slots SET customer_id = ?2, booked_at = ?3, booked_by = ?4, booking_uid = lower(hex(randomblob(16))), "
        "booking_sequence = 0 WHERE id = ?1 AND customer_id IS NULL RETURNING day, time");
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
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.customer_id = ?1 ORDER BY i.id");
    q.bind(1, customer_id);
    std::vector<Invoice> invoices;
    while (q.step()) invoices.push_back(invoice_of(q));
    return invoices;
}

std::optional<Invoice> SqliteOfficeStore::load_invoice(std::int64_t id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Invoice invoice = invoice_of(q);
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

std::int64_t SqliteOfficeStore::pending_approvals() {
    auto& q = db_->prepare("SELECT count(*) FROM approval_requests WHERE status = 'pending'");
    q.step();
    const auto n = q.column_int(0);
    q.reset();
    return n;
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
    db_->prepare("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL, "
                 "task = 0 WHERE id = ?1")
        .bind(1, request_id)
        .step();
}

std::optional<std::int64_t> SqliteOfficeStore::withdraw_request(std::int64_t request_id, const std::string& at,
                                                               const std::string& by) {
    auto& q = db_->prepare("UPDATE approval_requests SET status = 'withdrawn', resolved_at = ?2, resolved_by = ?3, "
                           "reported_at = ?2 WHERE id = ?1 AND status = 'pending' RETURNING invoice_id");
    if (!q.bind(1, request_id).bind_static(2, at).bind_static(3, by).step()) return std::nullopt;
    const auto invoice_id = q.column_int(0);
    q.reset();
    return invoice_id;
}

namespace {

constexpr std::string_view kTaskColumns =
    "SELECT id, scope, approval_request_id, status, status_message, ifnull(result, ''), created_at, updated_at, "
    "expires_at, ttl_ms FROM tasks ";

std::optional<TaskRecord> task_row(Statement& q) {
    if (!q.step()) return std::nullopt;
    TaskRecord t{q.column_text(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_text(4),
                 q.column_text(5), q.column_text(6), q.column_text(7), q.column_text(8), q.column_int(9)};
    q.reset();
    return t;
}

}  // namespace

void SqliteOfficeStore::create_task(const TaskRecord& t, const std::string& forget_before) {
    db_->prepare("DELETE FROM tasks WHERE expires_at < ?1").bind_static(1, forget_before).step();
    db_->prepare("INSERT INTO tasks (id, scope, approval_request_id, status, status_message, result, created_at, updated_at, "
                 "expires_at, ttl_ms) VALUES (?1, ?2, ?3, ?4, ?5, NULLIF(?6, ''), ?7, ?8, ?9, ?10)")
        .bind_static(1, t.id).bind_static(2, t.scope).bind(3, t.approval_request_id).bind_static(4, t.status)
        .bind_static(5, t.status_message).bind_static(6, t.result).bind_static(7, t.created_at).bind_static(8, t.updated_at)
        .bind_static(9, t.expires_at).bind(10, t.ttl_ms).step();
    db_->prepare("UPDATE approval_requests SET task = 1 WHERE id = ?1").bind(1, t.approval_request_id).step();
}

std::optional<TaskRecord> SqliteOfficeStore::load_task(const std::string& id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE id = ?1";
    return task_row(db_->prepare(sql).bind_static(1, id));
}

std::optional<TaskRecord> SqliteOfficeStore::task_of_request(std::int64_t request_id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE approval_request_id = ?1";
    return task_row(db_->prepare(sql).bind(1, request_id));
}

void SqliteOfficeStore::update_task(const TaskRecord& t) {
    db_->prepare("UPDATE tasks SET status = ?2, status_message = ?3, result = NULLIF(?4, ''), updated_at = ?5 WHERE id = ?1")
        .bind_static(1, t.id).bind_static(2, t.status).bind_static(3, t.status_message).bind_static(4, t.result)
        .bind_static(5, t.updated_at).step();
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

std::optional<RememberedCall> SqliteOfficeStore::remembered_call(const std::string& scope, const std::string& key,
                                                                 const std::string& since) {
    auto& st = db_->prepare(
        "SELECT tool, request, result, created_at FROM idempotency_keys WHERE scope = ?1 AND key = ?2 AND created_at >= ?3");
    st.bind_static(1, scope).bind_static(2, key).bind_static(3, since);
    if (!st.step()) return std::nullopt;
    RememberedCall call{st.column_text(0), st.column_text(1), st.column_text(2), st.column_text(3)};
    st.reset();
    return call;
}

void SqliteOfficeStore::remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                                      const std::string& forget_before) {
    db_->prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind_static(1, forget_before).step();
    db_->prepare("INSERT INTO idempotency_keys (scope, key, tool, request, result, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind_static(1, scope)
        .bind_static(2, key)
        .bind_static(3, call.tool)
        .bind_static(4, call.request)
        .bind_static(5, call.result)
        .bind_static(6, call.at)
        .step();
}

void SqliteOfficeStore::append_audit(const AuditEntry& e) {
    db_->prepare(
           "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, "
           "subject_id, detail, principal, trace_id, span_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")
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
        .bind_static(11, e.trace_id)
        .bind_static(12, e.span_id)
        .step();
}

std::vector<AuditEntry> SqliteOfficeStore::read_audit(const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto& q = db_->prepare(
        "SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail, "
        "principal, trace_id, span_id FROM audit WHERE (?1 IS NULL OR at >= ?1) "
        "AND ((?2 IS NULL AND ?3 IS NULL) "
        "  OR (subject_type = 'invoice' AND subject_id = ?2) OR (subject_type = 'slot' AND subject_id = ?3)) "
        "AND (?4 IS NULL OR trace_id = ?4) ORDER BY id");
    if (filter.since) q.bind_static(1, *filter.since);
    if (filter.trace) q.bind_static(4, *filter.trace);
    if (filter.invoice) q.bind(2, *filter.invoice);
    if (filter.slot) q.bind(3, *filter.slot);
    std::vector<AuditEntry> entries;
    while (q.step()) {
        entries.push_back(AuditEntry{q.column_int(0), q.column_text(1), q.column_text(2), q.column_text(3),
                                     q.column_text(4), q.column_text(5), q.column_text(6), q.column_text(7),
                                     q.column_int(8), q.column_text(9), q.column_text(10), q.column_text(11),
                                     q.column_text(12)});
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
