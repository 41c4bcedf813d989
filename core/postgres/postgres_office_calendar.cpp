// PostgresOfficeStore's statements about customers and the calendar: finding, adding, changing
// and removing customers; slots and bookings, the office's settings, opening hours, closures.
// The store's connection and transactions are in postgres_office_store.cpp, its statements
// about money in postgres_office_money.cpp, the protocol's in postgres_office_protocol.cpp.
// Times are always the caller's ($n parameters), never now().

#include "postgres_office_store.h"

#include "store_sql.h"

#include <string>
#include <utility>

namespace office {

CustomerPage PostgresCustomers::find_customers(const std::string& text) {
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

std::optional<std::string> PostgresCustomers::customer_name(std::int64_t id) {
    auto r = run("SELECT name FROM customers WHERE id = $1", {id});
    if (r.rows() == 0) return std::nullopt;
    return r.text(0, 0);
}

std::vector<SlotRow> PostgresCalendar::slot_rows(const std::string& from_day, const std::string& to_day) {
    auto r = run("SELECT id, day, time, customer_id FROM slots WHERE day BETWEEN $1 AND $2 "
                 "ORDER BY day COLLATE \"C\", time COLLATE \"C\"",
                 {from_day, to_day});
    std::vector<SlotRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.is_null(i, 3) ? std::nullopt : std::optional(r.integer(i, 3))});
    return rows;
}

std::vector<BookedSlot> PostgresCalendar::bookings() {
    auto r = run("SELECT s.id, s.day, s.time, coalesce(s.booking_uid, 'slot-' || s.id), s.booking_sequence, "
                 "coalesce(s.booked_at, ''), c.name, c.email FROM slots s JOIN customers c ON c.id = s.customer_id "
                 "ORDER BY s.day COLLATE \"C\", s.time COLLATE \"C\", s.id");
    std::vector<BookedSlot> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.integer(i, 4), r.text(i, 5), r.text(i, 6),
                        r.text(i, 7)});
    return rows;
}

Booking PostgresCalendar::book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time,
                                                 std::int64_t customer_id, const std::string& at, const std::string& by) {
    if (run("SELECT 1 FROM slots WHERE day = $1 AND time = $2 AND id <> $3", {day, time, slot_id}).rows() > 0)
        return Booking{Booking::Status::NoSuchSlot, day, time};
    run("INSERT INTO slots (id, day, time) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", {slot_id, day, time});
    return book_slot(slot_id, customer_id, at, by);
}

std::optional<SlotRow> PostgresCalendar::load_slot(std::int64_t slot_id) {
    const auto r = run("SELECT id, day, time, customer_id FROM slots WHERE id = $1", {slot_id});
    if (r.rows() == 0) return std::nullopt;
    return SlotRow{r.integer(0, 0), r.text(0, 1), r.text(0, 2), r.is_null(0, 3) ? std::nullopt : std::optional(r.integer(0, 3))};
}

bool PostgresCalendar::cancel_booking(std::int64_t slot_id, bool remove_row) {
    const auto r = run(remove_row ? "DELETE FROM slots WHERE id = $1 AND customer_id IS NOT NULL RETURNING id"
                                  : "UPDATE slots SET customer_id = NULL, booked_at = NULL, booked_by = NULL, booking_uid = NULL, "
                                    "booking_sequence = 0 WHERE id = $1 AND customer_id IS NOT NULL RETURNING id",
                       {slot_id});
    return r.rows() != 0;
}

void PostgresCalendar::carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) {
    run("UPDATE slots SET (booking_uid, booking_sequence) = "
        "(SELECT booking_uid, booking_sequence + 1 FROM slots WHERE id = $1) WHERE id = $2",
        {from_id, to_id});
    cancel_booking(from_id, remove_from_row);
}

OfficeSettings PostgresCalendar::office_settings() {
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

void PostgresCalendar::save_office_settings(const OfficeSettings& settings) {
    const std::string_view put =
        "INSERT INTO office_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value";
    run(put, {"time_zone", settings.time_zone});
    run(put, {"name", settings.name});
    run(put, {"horizon_days", std::to_string(settings.horizon_days)});
}

std::vector<OpeningRange> PostgresCalendar::opening_hours() {
    const auto r = run("SELECT weekday, opens, closes, slot_minutes FROM opening_hours ORDER BY weekday, opens COLLATE \"C\"");
    std::vector<OpeningRange> ranges;
    for (int i = 0; i < r.rows(); ++i)
        ranges.push_back({static_cast<int>(r.integer(i, 0)), r.text(i, 1), r.text(i, 2), r.integer(i, 3)});
    return ranges;
}

void PostgresCalendar::replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) {
    for (const int weekday : weekdays) run("DELETE FROM opening_hours WHERE weekday = $1", {weekday});
    for (const auto& r : ranges)
        run("INSERT INTO opening_hours (weekday, opens, closes, slot_minutes) VALUES ($1, $2, $3, $4)",
            {r.weekday, r.opens, r.closes, r.slot_minutes});
}

std::vector<Closure> PostgresCalendar::closures() {
    const auto r = run("SELECT day, reason FROM closures ORDER BY day COLLATE \"C\"");
    std::vector<Closure> days;
    for (int i = 0; i < r.rows(); ++i) days.push_back({r.text(i, 0), r.text(i, 1)});
    return days;
}

void PostgresCalendar::add_closure(const Closure& closure) {
    run("INSERT INTO closures (day, reason) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET reason = excluded.reason",
        {closure.day, closure.reason});
}

bool PostgresCalendar::remove_closure(const std::string& day) {
    return run("DELETE FROM closures WHERE day = $1", {day}).affected() != 0;
}

std::vector<FreeSlot> PostgresCalendar::free_slots(const std::string& day) {
    auto r = run("SELECT id, time FROM slots WHERE day = $1 AND customer_id IS NULL ORDER BY time COLLATE \"C\"", {day});
    std::vector<FreeSlot> slots;
    for (int i = 0; i < r.rows(); ++i) slots.push_back({r.integer(i, 0), r.text(i, 1)});
    return slots;
}

Booking PostgresCalendar::book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
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

}  // namespace

// Looked up first, not INSERT ... ON CONFLICT DO NOTHING: that takes an id from the identity
// even when it inserts nothing, and the next customer's id would skip one (SQLite's would not).
// Under the office lock nobody adds the same email between the two statements.
AddedCustomer PostgresCustomers::add_customer(const std::string& name, const std::string& email) {
    if (auto known = customer_with_email(email)) return {std::move(*known), false};
    const auto id = run("INSERT INTO customers (name, email) VALUES ($1, $2) RETURNING id", {name, email}).integer(0, 0);
    return {{id, name, email}, true};
}

std::optional<Customer> PostgresCustomers::load_customer(std::int64_t id) {
    return first_customer(run("SELECT id, name, email FROM customers WHERE id = $1", {id}));
}

std::optional<Customer> PostgresCustomers::customer_with_email(const std::string& email) {
    // The expression of customers_by_email, so the index answers it.
    return first_customer(
        run("SELECT id, name, email FROM customers WHERE lower(email COLLATE \"C\") = lower($1::text COLLATE \"C\")", {email}));
}

void PostgresCustomers::update_customer(const Customer& customer) {
    run("UPDATE customers SET name = $2, email = $3 WHERE id = $1", {customer.id, customer.name, customer.email});
}

CustomerUse PostgresCustomers::customer_use(std::int64_t id) {
    const auto r = run("SELECT (SELECT count(*) FROM invoices WHERE customer_id = $1), "
                       "(SELECT count(*) FROM slots WHERE customer_id = $1)",
                       {id});
    return {r.integer(0, 0), r.integer(0, 1)};
}

void PostgresCustomers::remove_customer(std::int64_t id) { run("DELETE FROM customers WHERE id = $1", {id}); }

// The GIN indexes' pending lists merged (a query reads those whole) and the statistics the
// planner chooses an index by. VACUUM runs outside a transaction, so not in a write.
void PostgresCustomers::optimize_customer_search() { store_.connection().exec("VACUUM (ANALYZE) customers"); }

std::vector<Customer> PostgresCustomers::customers_after(std::int64_t after_id, int limit) {
    return customers_from(run("SELECT id, name, email FROM customers WHERE id > $1 ORDER BY id LIMIT $2", {after_id, limit}));
}

}  // namespace office
