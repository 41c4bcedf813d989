// SqliteOfficeStore's statements about money and what the admin keeps beside it: invoices,
// refunds and the approval queue, the menu and lunch orders. The store itself, customers and the
// calendar are in sqlite_office_store.cpp (which says how texts are bound and statements reset,
// here too); tasks, request states, idempotency keys and the audit in sqlite_office_protocol.cpp.

#include "sqlite_office_store.h"

#include <string>
#include <vector>

namespace office {

namespace {
Invoice invoice_of(const Statement& q) {
    return {q.column_int(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_int(4), q.column_int(5)};
}
}  // namespace

std::vector<Invoice> SqliteMoney::invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.id > ?1 AND (?3 = 0 OR i.customer_id = ?3) ORDER BY i.id LIMIT ?2");
    q.bind(1, after_id).bind(2, limit).bind(3, customer_id);
    std::vector<Invoice> invoices;
    while (q.step()) invoices.push_back(invoice_of(q));
    return invoices;
}

std::int64_t SqliteMoney::add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) {
    db_->prepare("INSERT INTO invoices (customer_id, amount_cents, status) VALUES (?1, ?2, ?3)")
        .bind(1, customer_id).bind(2, cents).bind_static(3, status).step();
    return db_->last_insert_rowid();
}

bool SqliteMoney::pay_invoice(std::int64_t id) {
    db_->prepare("UPDATE invoices SET status = 'paid' WHERE id = ?1 AND status = 'open'").bind(1, id).step();
    return db_->changes() != 0;
}

std::vector<MenuItem> SqliteLunch::menu() {
    auto& q = db_->prepare("SELECT name, price_cents FROM menu ORDER BY id");
    std::vector<MenuItem> items;
    while (q.step()) items.push_back({q.column_text(0), q.column_is_null(1) ? std::nullopt : std::optional(q.column_int(1))});
    return items;
}

std::optional<MenuItem> SqliteLunch::menu_item(const std::string& name) {
    auto& q = db_->prepare("SELECT price_cents FROM menu WHERE name = ?1");
    q.bind(1, name);
    if (!q.step()) return std::nullopt;
    MenuItem item{name, q.column_is_null(0) ? std::nullopt : std::optional(q.column_int(0))};
    q.reset();
    return item;
}

std::optional<std::int64_t> SqliteLunch::add_menu_item(const MenuItem& item) {
    auto& insert = db_->prepare("INSERT INTO menu (name, price_cents) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING");
    insert.bind_static(1, item.name);
    if (item.price_cents) insert.bind(2, *item.price_cents);
    insert.step();
    if (db_->changes() == 0) return std::nullopt;
    return db_->last_insert_rowid();
}

std::optional<std::int64_t> SqliteLunch::remove_menu_item(const std::string& name) {
    auto& remove = db_->prepare("DELETE FROM menu WHERE name = ?1 RETURNING id");
    if (!remove.bind_static(1, name).step()) return std::nullopt;
    const auto id = remove.column_int(0);
    remove.reset();
    return id;
}

std::vector<Invoice> SqliteMoney::invoices_of(std::int64_t customer_id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.customer_id = ?1 ORDER BY i.id");
    q.bind(1, customer_id);
    std::vector<Invoice> invoices;
    while (q.step()) invoices.push_back(invoice_of(q));
    return invoices;
}

std::optional<Invoice> SqliteMoney::load_invoice(std::int64_t id) {
    auto& q = db_->prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status, i.refunded_cents, i.customer_id FROM invoices i "
        "JOIN customers c ON c.id = i.customer_id WHERE i.id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Invoice invoice = invoice_of(q);
    q.reset();
    return invoice;
}

std::optional<ApprovalState> SqliteMoney::latest_approval(std::int64_t invoice_id) {
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    auto& q = db_->prepare(
        "SELECT id, status, ifnull(amount_cents, 0), reported_at IS NOT NULL FROM approval_requests WHERE invoice_id = ?1 "
        "ORDER BY status = 'pending' DESC, reported_at IS NULL DESC, id DESC LIMIT 1");
    if (!q.bind(1, invoice_id).step()) return std::nullopt;
    ApprovalState state{q.column_int(0), q.column_text(1), q.column_int(2), q.column_int(3) != 0};
    q.reset();
    return state;
}

void SqliteMoney::mark_reported(std::int64_t request_id, const std::string& at) {
    db_->prepare("UPDATE approval_requests SET reported_at = ?2 WHERE id = ?1").bind(1, request_id).bind_static(2, at).step();
}

std::int64_t SqliteMoney::queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) {
    auto& insert = db_->prepare(
        "INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (?1, 'pending', ?2, ?3) RETURNING id");
    insert.bind(1, invoice_id).bind_static(2, client).bind_static(3, at).step();
    const auto id = insert.column_int(0);
    insert.reset();
    return id;
}

std::optional<PendingRequest> SqliteMoney::pending_request(std::int64_t invoice_id) {
    auto& q = db_->prepare("SELECT id, client FROM approval_requests WHERE invoice_id = ?1 AND status = 'pending'");
    if (!q.bind(1, invoice_id).step()) return std::nullopt;
    PendingRequest request{q.column_int(0), q.column_text(1)};
    q.reset();
    return request;
}

void SqliteMoney::decline_request(std::int64_t request_id, const std::string& at, const std::string& by) {
    db_->prepare("UPDATE approval_requests SET status = 'declined', resolved_at = ?2, resolved_by = ?3 WHERE id = ?1")
        .bind(1, request_id).bind_static(2, at).bind_static(3, by).step();
}

std::int64_t SqliteMoney::record_refund(const RefundRecord& r) {
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

std::vector<ApprovalRequest> SqliteMoney::approval_requests() {
    auto& q = db_->prepare(
        "SELECT id, invoice_id, status, client, created_at, ifnull(resolved_by, '') FROM approval_requests ORDER BY id");
    std::vector<ApprovalRequest> requests;
    while (q.step())
        requests.push_back({q.column_int(0), q.column_int(1), q.column_text(2), q.column_text(3), q.column_text(4),
                            q.column_text(5)});
    return requests;
}

std::int64_t SqliteMoney::pending_approvals() {
    auto& q = db_->prepare("SELECT count(*) FROM approval_requests WHERE status = 'pending'");
    q.step();
    const auto n = q.column_int(0);
    q.reset();
    return n;
}

std::optional<ReopenCandidate> SqliteMoney::reopen_candidate(std::int64_t request_id) {
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

void SqliteMoney::reopen_request(std::int64_t request_id) {
    db_->prepare("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL, "
                 "task = 0 WHERE id = ?1")
        .bind(1, request_id)
        .step();
}

std::optional<std::int64_t> SqliteMoney::withdraw_request(std::int64_t request_id, const std::string& at,
                                                               const std::string& by) {
    auto& q = db_->prepare("UPDATE approval_requests SET status = 'withdrawn', resolved_at = ?2, resolved_by = ?3, "
                           "reported_at = ?2 WHERE id = ?1 AND status = 'pending' RETURNING invoice_id");
    if (!q.bind(1, request_id).bind_static(2, at).bind_static(3, by).step()) return std::nullopt;
    const auto invoice_id = q.column_int(0);
    q.reset();
    return invoice_id;
}

std::int64_t SqliteLunch::record_lunch_order(const LunchOrder& order) {
    // The new row's id from last_insert_rowid, not RETURNING: RETURNING runs the insert through a
    // result row and a second step at reset, about a third of the statement's cost (issue 16).
    auto& insert = db_->prepare("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES (?1, ?2, ?3, ?4, ?5)");
    insert.bind_static(1, order.item).bind(2, order.quantity).bind_static(4, order.client).bind_static(5, order.at);
    if (order.note) insert.bind_static(3, *order.note);
    insert.step();
    return db_->last_insert_rowid();
}

}  // namespace office
