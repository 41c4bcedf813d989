#include "approvals.h"

#include "audit.h"
#include "store.h"

namespace office {

std::vector<ApprovalRequest> list_approval_requests(Database& db) {
    auto& q = db.prepare(
        "SELECT id, invoice_id, status, client, created_at, ifnull(resolved_by, '') FROM approval_requests ORDER BY id");
    std::vector<ApprovalRequest> requests;
    while (q.step())
        requests.push_back({q.column_int(0), q.column_int(1), q.column_text(2), q.column_text(3), q.column_text(4),
                            q.column_text(5)});
    return requests;
}

ReopenOutcome reopen_approval_request(Database& db, std::int64_t id, const std::string& who_name,
                                      const std::string& who_version) {
    Transaction tx(db);
    const std::string request = "Approval request #" + std::to_string(id);
    auto& q = db.prepare(
        "SELECT a.invoice_id, a.status, i.amount_cents - i.refunded_cents, "
        "       (SELECT min(id) FROM approval_requests p WHERE p.invoice_id = a.invoice_id AND p.status = 'pending') "
        "FROM approval_requests a JOIN invoices i ON i.id = a.invoice_id WHERE a.id = ?1");
    if (!q.bind(1, id).step()) return {false, "There is no approval request #" + std::to_string(id) + "."};
    const auto invoice_id = q.column_int(0);
    const auto status = q.column_text(1);
    const auto left = q.column_int(2);
    const bool other_pending = !q.column_is_null(3);
    const auto pending_id = q.column_int(3);
    q.reset();
    const std::string invoice = "invoice " + std::to_string(invoice_id);
    if (status != "declined")
        return {false, request + " for " + invoice + " is " + status + ", not declined; only a declined request can be re-opened."};
    if (left <= 0)
        return {false, request + " cannot be re-opened: " + invoice + " has nothing left to refund."};
    if (other_pending)
        return {false, request + " cannot be re-opened: approval request #" + std::to_string(pending_id) + " for " + invoice +
                           " is already waiting in office-desk."};
    const auto now = utc_now();
    db.prepare("UPDATE approval_requests SET status = 'pending', resolved_at = NULL, resolved_by = NULL, reported_at = NULL "
               "WHERE id = ?1")
        .bind(1, id)
        .step();
    const std::string sentence = request + " for " + invoice + " is pending again; a person can review it in office-desk.";
    record_audit(db, AuditEntry{0, now, who_name, who_version, "command", "", "refund_reopened", "invoice", invoice_id,
                                request + " for " + invoice + " was declined and is re-opened: it waits for a person in "
                                          "office-desk again."});
    tx.commit();
    return {true, sentence};
}

}  // namespace office
