#include "approvals.h"

#include "office_store.h"
#include "text_table.h"

namespace office {

ReopenOutcome reopen_approval_request(OfficeStore& store, std::int64_t id, const std::string& who_name,
                                      const std::string& who_version, const std::string& at, Locale locale) {
    WriteTransaction tx(store);
    const auto& t = person_texts(locale);
    const auto candidate = store.money().reopen_candidate(id);
    if (!candidate) return {false, fill(t.reopen_missing, {{"id", std::to_string(id)}})};
    const std::vector<std::pair<std::string_view, std::string>> values{
        {"id", std::to_string(id)},
        {"invoice", std::to_string(candidate->invoice_id)},
        {"status", person_request_status(locale, candidate->status)},
        {"other", candidate->other_pending ? std::to_string(*candidate->other_pending) : std::string()}};
    if (candidate->status != "declined") return {false, fill(t.reopen_not_declined, values)};
    if (candidate->left <= 0) return {false, fill(t.reopen_nothing_left, values)};
    if (candidate->other_pending) return {false, fill(t.reopen_other_pending, values)};
    store.money().reopen_request(id);
    const std::string request = "Approval request #" + std::to_string(id) + " for invoice " + std::to_string(candidate->invoice_id);
    store.append_audit(AuditEntry{0, at, who_name, who_version, "command", "", "refund_reopened", "invoice",
                                  candidate->invoice_id,
                                  request + " was declined and is re-opened: it waits for a person in office-desk again.",
                                  "", "", ""});  // a command at the office's own console: no token, no request's trace
    tx.commit();
    return {true, fill(t.reopen_done, values)};
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
