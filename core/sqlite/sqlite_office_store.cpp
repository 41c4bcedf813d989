// The office in a SQLite file, statement by statement: every statement about office tables is
// in this file and its two siblings, so no file above the store holds SQL (docs/architecture.md,
// "Store"). Here: the store itself (the file it opened, write transactions) and the statements
// about customers and the calendar (slots and bookings, the office's settings, opening hours,
// closures). Money (invoices, the menu, refunds, the approval queue, lunch orders) is in
// sqlite_office_money.cpp; what the protocol keeps (tasks, request states, idempotency keys, the
// audit, tables read as pages) in sqlite_office_protocol.cpp; the file's schema, migrations and
// place in sqlite_office_file.cpp.
// Texts are bound with bind_static (no copy) wherever they are the function's own parameters
// or locals, alive until its last step(); a temporary is named first (find_customers).

#include "sqlite_office_store.h"

#include "platform.h"
#include "store_sql.h"

#include <utility>
#include <vector>

namespace office {

using namespace sqlite_code;

// A statement stopped before its end is reset at once (see query_int in
// sqlite_office_store_internal.h). Both rules hold for sqlite_office_money.cpp and
// sqlite_office_protocol.cpp too.

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

CustomerPage SqliteCustomers::find_customers(const std::string& text) {
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

std::optional<std::string> SqliteCustomers::customer_name(std::int64_t id) {
    auto& q = db_->prepare("SELECT name FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    auto name = q.column_text(0);
    q.reset();
    return name;
}

namespace {
Customer customer_of(const Statement& q) { return {q.column_int(0), q.column_text(1), q.column_text(2)}; }
}  // namespace

AddedCustomer SqliteCustomers::add_customer(const std::string& name, const std::string& email) {
    if (auto known = customer_with_email(email)) return {std::move(*known), false};
    db_->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)").bind_static(1, name).bind_static(2, email).step();
    return {{db_->last_insert_rowid(), name, email}, true};
}

std::optional<Customer> SqliteCustomers::load_customer(std::int64_t id) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Customer customer = customer_of(q);
    q.reset();
    return customer;
}

std::optional<Customer> SqliteCustomers::customer_with_email(const std::string& email) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE lower(email) = lower(?1)");  // customers_by_email
    if (!q.bind_static(1, email).step()) return std::nullopt;
    Customer customer = customer_of(q);
    q.reset();
    return customer;
}

void SqliteCustomers::update_customer(const Customer& customer) {
    db_->prepare("UPDATE customers SET name = ?2, email = ?3 WHERE id = ?1")
        .bind(1, customer.id).bind_static(2, customer.name).bind_static(3, customer.email).step();
}

CustomerUse SqliteCustomers::customer_use(std::int64_t id) {
    auto& q = db_->prepare(
        "SELECT (SELECT count(*) FROM invoices WHERE customer_id = ?1), (SELECT count(*) FROM slots WHERE customer_id = ?1)");
    q.bind(1, id).step();
    CustomerUse use{q.column_int(0), q.column_int(1)};
    q.reset();
    return use;
}

void SqliteCustomers::remove_customer(std::int64_t id) { db_->prepare("DELETE FROM customers WHERE id = ?1").bind(1, id).step(); }

// One segment per index instead of the dozen a million rows' triggers leave: a word's lookup
// reads one b-tree (at 1M customers, find_customer's one match cost 1.6x the 3-customer office's
// instead of 2.3x; the optimize itself about a second per index).
void SqliteCustomers::optimize_customer_search() {
    Transaction tx(*db_);
    db_->exec("INSERT INTO customer_words(customer_words) VALUES ('optimize');"
              "INSERT INTO customer_search(customer_search) VALUES ('optimize');");
    tx.commit();
}

std::vector<Customer> SqliteCustomers::customers_after(std::int64_t after_id, int limit) {
    auto& q = db_->prepare("SELECT id, name, email FROM customers WHERE id > ?1 ORDER BY id LIMIT ?2");
    q.bind(1, after_id).bind(2, limit);
    std::vector<Customer> customers;
    while (q.step()) customers.push_back(customer_of(q));
    return customers;
}

std::vector<SlotRow> SqliteCalendar::slot_rows(const std::string& from_day, const std::string& to_day) {
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

std::vector<BookedSlot> SqliteCalendar::bookings() { return read_bookings(*db_); }

Booking SqliteCalendar::book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time,
                                               std::int64_t customer_id, const std::string& at, const std::string& by) {
    auto& other = db_->prepare("SELECT id FROM slots WHERE day = ?1 AND time = ?2 AND id <> ?3");
    const bool held = other.bind_static(1, day).bind_static(2, time).bind(3, slot_id).step();
    other.reset();
    if (held) return Booking{Booking::Status::NoSuchSlot, day, time};
    auto& make = db_->prepare("INSERT INTO slots (id, day, time) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING");
    make.bind(1, slot_id).bind_static(2, day).bind_static(3, time).step();
    return book_slot(slot_id, customer_id, at, by);
}

std::optional<SlotRow> SqliteCalendar::load_slot(std::int64_t slot_id) {
    auto& q = db_->prepare("SELECT id, day, time, customer_id FROM slots WHERE id = ?1");
    if (!q.bind(1, slot_id).step()) return std::nullopt;
    SlotRow row{q.column_int(0), q.column_text(1), q.column_text(2),
                q.column_is_null(3) ? std::nullopt : std::optional(q.column_int(3))};
    q.reset();
    return row;
}

bool SqliteCalendar::cancel_booking(std::int64_t slot_id, bool remove_row) {
    db_->prepare(remove_row ? "DELETE FROM slots WHERE id = ?1 AND customer_id IS NOT NULL"
                            : "UPDATE slots SET customer_id = NULL, booked_at = NULL, booked_by = NULL, booking_uid = NULL, "
                              "booking_sequence = 0 WHERE id = ?1 AND customer_id IS NOT NULL")
        .bind(1, slot_id)
        .step();
    return db_->changes() != 0;
}

void SqliteCalendar::carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) {
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

OfficeSettings SqliteCalendar::office_settings() { return read_office_settings(*db_); }

void SqliteCalendar::save_office_settings(const OfficeSettings& settings) {
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

std::vector<OpeningRange> SqliteCalendar::opening_hours() { return read_opening_hours(*db_); }

void SqliteCalendar::replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) {
    for (const int weekday : weekdays) db_->prepare("DELETE FROM opening_hours WHERE weekday = ?1").bind(1, weekday).step();
    for (const auto& r : ranges)
        db_->prepare("INSERT INTO opening_hours (weekday, opens, closes, slot_minutes) VALUES (?1, ?2, ?3, ?4)")
            .bind(1, r.weekday)
            .bind_static(2, r.opens)
            .bind_static(3, r.closes)
            .bind(4, r.slot_minutes)
            .step();
}

std::vector<Closure> SqliteCalendar::closures() {
    auto& q = db_->prepare("SELECT day, reason FROM closures ORDER BY day");
    std::vector<Closure> days;
    while (q.step()) days.push_back({q.column_text(0), q.column_text(1)});
    return days;
}

void SqliteCalendar::add_closure(const Closure& closure) {
    db_->prepare("INSERT INTO closures (day, reason) VALUES (?1, ?2) ON CONFLICT (day) DO UPDATE SET reason = excluded.reason")
        .bind_static(1, closure.day)
        .bind_static(2, closure.reason)
        .step();
}

bool SqliteCalendar::remove_closure(const std::string& day) {
    db_->prepare("DELETE FROM closures WHERE day = ?1").bind_static(1, day).step();
    return db_->changes() != 0;
}

std::vector<FreeSlot> SqliteCalendar::free_slots(const std::string& day) {
    auto& q = db_->prepare("SELECT id, time FROM slots WHERE day = ?1 AND customer_id IS NULL ORDER BY time");
    q.bind_static(1, day);
    std::vector<FreeSlot> slots;
    while (q.step()) slots.push_back({q.column_int(0), q.column_text(1)});
    return slots;
}

Booking SqliteCalendar::book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
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

}  // namespace office
