#include "approvals.h"

#include "office_store.h"
#include "text_table.h"

namespace office {

ReopenOutcome reopen_approval_request(OfficeStore& store, std::int64_t id, const std::string& who_name,
                                      const std::string& who_version, const std::string& at) {
    WriteTransaction tx(store);
    const std::string request = "Approval request #" + std::to_string(id);
    const auto candidate = store.reopen_candidate(id);
    if (!candidate) return {false, "There is no approval request #" + std::to_string(id) + "."};
    const std::string invoice = "invoice " + std::to_string(candidate->invoice_id);
    if (candidate->status != "declined")
        return {false, request + " for " + invoice + " is " + candidate->status +
                           ", not declined; only a declined request can be re-opened."};
    if (candidate->left <= 0)
        return {false, request + " cannot be re-opened: " + invoice + " has nothing left to refund."};
    if (candidate->other_pending)
        return {false, request + " cannot be re-opened: approval request #" + std::to_string(*candidate->other_pending) +
                           " for " + invoice + " is already waiting in office-desk."};
    store.reopen_request(id);
    const std::string sentence = request + " for " + invoice + " is pending again; a person can review it in office-desk.";
    store.append_audit(AuditEntry{0, at, who_name, who_version, "command", "", "refund_reopened", "invoice",
                                  candidate->invoice_id,
                                  request + " for " + invoice + " was declined and is re-opened: it waits for a person in "
                                                                "office-desk again.",
                                  ""});  // a command at the office's own console: no token
    tx.commit();
    return {true, sentence};
}

std::string approvals_table(const std::vector<ApprovalRequest>& requests) {
    if (requests.empty()) return "No approval requests.\n";
    std::vector<std::vector<std::string>> rows{{"ID", "INVOICE", "STATUS", "CLIENT", "CREATED", "RESOLVED_BY"}};
    for (const auto& r : requests)
        rows.push_back({"#" + std::to_string(r.id), "invoice " + std::to_string(r.invoice_id), r.status, r.client,
                        r.created_at, r.resolved_by.empty() ? "-" : r.resolved_by});
    return text_table(rows);
}

}  // namespace office
