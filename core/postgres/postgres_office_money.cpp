// PostgresOfficeStore's statements about money and what the admin keeps beside it: invoices,
// refunds and the approval queue, the menu and lunch orders (whose counted ids end_transaction,
// in postgres_office_store.cpp, hands to the sequence). Customers and the calendar are in
// postgres_office_calendar.cpp; tasks, request states, idempotency keys and the audit in
// postgres_office_protocol.cpp. Times are always the caller's ($n parameters), never now().

#include "postgres_office_store.h"

#include <string>

namespace office {

namespace {

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

std::vector<Invoice> PostgresMoney::invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id) {
    // $3::bigint: untyped, `$3 = 0` would make it an integer, too small for an id past 2^31.
    static const std::string sql = std::string(kInvoiceColumns) +
                                   "WHERE i.id > $1 AND ($3::bigint = 0 OR i.customer_id = $3) ORDER BY i.id LIMIT $2";
    return invoices_from(run(sql, {after_id, limit, customer_id}));
}

std::int64_t PostgresMoney::add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) {
    return run("INSERT INTO invoices (customer_id, amount_cents, status) VALUES ($1, $2, $3) RETURNING id",
               {customer_id, cents, status})
        .integer(0, 0);
}

bool PostgresMoney::pay_invoice(std::int64_t id) {
    return run("UPDATE invoices SET status = 'paid' WHERE id = $1 AND status = 'open'", {id}).affected() != 0;
}

std::vector<MenuItem> PostgresLunch::menu() {
    const auto r = run("SELECT name, price_cents FROM menu ORDER BY id");
    std::vector<MenuItem> items;
    for (int i = 0; i < r.rows(); ++i)
        items.push_back({r.text(i, 0), r.is_null(i, 1) ? std::nullopt : std::optional(r.integer(i, 1))});
    return items;
}

std::optional<MenuItem> PostgresLunch::menu_item(const std::string& name) {
    const auto r = run("SELECT price_cents FROM menu WHERE name = $1", {name});
    if (r.rows() == 0) return std::nullopt;
    return MenuItem{name, r.is_null(0, 0) ? std::nullopt : std::optional(r.integer(0, 0))};
}

// INSERT ... SELECT WHERE NOT EXISTS rather than ON CONFLICT DO NOTHING: a refused duplicate
// must not take an id from the identity (the next item's id would skip one; SQLite's does not).
// The office lock keeps the check and the insert together; UNIQUE (name) is the backstop.
std::optional<std::int64_t> PostgresLunch::add_menu_item(const MenuItem& item) {
    auto r = run("INSERT INTO menu (name, price_cents) SELECT $1::text, $2::bigint "
                 "WHERE NOT EXISTS (SELECT 1 FROM menu WHERE name = $1::text) RETURNING id",
                 {item.name, item.price_cents});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

std::optional<std::int64_t> PostgresLunch::remove_menu_item(const std::string& name) {
    auto r = run("DELETE FROM menu WHERE name = $1 RETURNING id", {name});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

std::vector<Invoice> PostgresMoney::invoices_of(std::int64_t customer_id) {
    static const std::string sql = std::string(kInvoiceColumns) + "WHERE i.customer_id = $1 ORDER BY i.id";
    return invoices_from(run(sql, {customer_id}));
}

std::optional<Invoice> PostgresMoney::load_invoice(std::int64_t id) {
    static const std::string sql = std::string(kInvoiceColumns) + "WHERE i.id = $1";
    auto invoices = invoices_from(run(sql, {id}));
    if (invoices.empty()) return std::nullopt;
    return invoices[0];
}

std::optional<ApprovalState> PostgresMoney::latest_approval(std::int64_t invoice_id) {
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    auto r = run("SELECT id, status, coalesce(amount_cents, 0), reported_at IS NOT NULL FROM approval_requests "
                 "WHERE invoice_id = $1 ORDER BY status = 'pending' DESC, reported_at IS NULL DESC, id DESC LIMIT 1",
                 {invoice_id});
    if (r.rows() == 0) return std::nullopt;
    return ApprovalState{r.integer(0, 0), r.text(0, 1), r.integer(0, 2), r.boolean(0, 3)};
}

void PostgresMoney::mark_reported(std::int64_t request_id, const std::string& at) {
    run("UPDATE approval_requests SET reported_at = $2 WHERE id = $1", {request_id, at});
}

std::int64_t PostgresMoney::queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) {
    return run("INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES ($1, 'pending', $2, $3) "
               "RETURNING id",
               {invoice_id, client, at})
        .integer(0, 0);
}

std::optional<PendingRequest> PostgresMoney::pending_request(std::int64_t invoice_id) {
    auto r = run("SELECT id, client FROM approval_requests WHERE invoice_id = $1 AND status = 'pending'", {invoice_id});
    if (r.rows() == 0) return std::nullopt;
    return PendingRequest{r.integer(0, 0), r.text(0, 1)};
}

void PostgresMoney::decline_request(std::int64_t request_id, const std::string& at, const std::string& by) {
    run("UPDATE approval_requests SET status = 'declined', resolved_at = $2, resolved_by = $3 WHERE id = $1",
        {request_id, at, by});
}

std::int64_t PostgresMoney::record_refund(const RefundRecord& r) {
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

std::vector<ApprovalRequest> PostgresMoney::approval_requests() {
    auto r = run("SELECT id, invoice_id, status, client, created_at, coalesce(resolved_by, '') FROM approval_requests "
                 "ORDER BY id");
    std::vector<ApprovalRequest> requests;
    for (int i = 0; i < r.rows(); ++i)
        requests.push_back({r.integer(i, 0), r.integer(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5)});
    return requests;
}

std::int64_t PostgresMoney::pending_approvals() {
    return run("SELECT count(*) FROM approval_requests WHERE status = 'pending'").integer(0, 0);
}

std::optional<ReopenCandidate> PostgresMoney::reopen_candidate(std::int64_t request_id) {
    auto r = run("SELECT a.invoice_id, a.status, i.amount_cents - i.refunded_cents, "
                 "       (SELECT min(id) FROM approval_requests p WHERE p.invoice_id = a.invoice_id AND p.status = 'pending') "
                 "FROM approval_requests a JOIN invoices i ON i.id = a.invoice_id WHERE a.id = $1",
                 {request_id});
    if (r.rows() == 0) return std::nullopt;
    ReopenCandidate c{r.integer(0, 0), r.text(0, 1), r.integer(0, 2), std::nullopt};
    if (!r.is_null(0, 3)) c.other_pending = r.integer(0, 3);
    return c;
}

void PostgresMoney::reopen_request(std::int64_t request_id) {
    run("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL, "
        "task = 0 WHERE id = $1",
        {request_id});
}

std::optional<std::int64_t> PostgresMoney::withdraw_request(std::int64_t request_id, const std::string& at,
                                                                 const std::string& by) {
    const auto r = run("UPDATE approval_requests SET status = 'withdrawn', resolved_at = $2, resolved_by = $3, reported_at = $2 "
                       "WHERE id = $1 AND status = 'pending' RETURNING invoice_id",
                       {request_id, at, by});
    if (r.rows() == 0) return std::nullopt;
    return r.integer(0, 0);
}

// The order's id is the reply's (order_id), so it must be known before the row is written. Under
// the office lock nobody else takes ids from lunch_orders' sequence, so a transaction asks it
// once (nextval: one wait) and counts on from there; the rows go with explicit ids, queued, and
// end_transaction sets the sequence to the last id before the COMMIT. A group of orders thus
// waits once, not once per order. A rolled-back unit or group leaves a gap, as nextval would.
std::int64_t PostgresLunch::record_lunch_order(const LunchOrder& order) {
    if (!store_.connection().pipelined())
        return run("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                   {order.item, order.quantity, order.note, order.client, order.at})
            .integer(0, 0);
    if (!store_.last_order_id_) {
        store_.last_order_id_ = run("SELECT nextval(pg_get_serial_sequence('lunch_orders', 'id'))").integer(0, 0);
        store_.first_order_id_ = *store_.last_order_id_;
    } else {
        ++*store_.last_order_id_;
    }
    defer("INSERT INTO lunch_orders (id, item, quantity, note, client, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
          {*store_.last_order_id_, order.item, order.quantity, order.note, order.client, order.at});
    return *store_.last_order_id_;
}

}  // namespace office
