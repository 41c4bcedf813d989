#pragma once
// The approval queue as the operator and office-desk manage it outside any MCP session:
// `office-mcp approvals list` and `office-mcp approvals reopen N`. A person who declined a
// refund by mistake re-opens the request, and it waits in office-desk again (issue 11).

#include "person_texts.h"

#include <cstdint>
#include <string>
#include <vector>

namespace office {

class OfficeStore;
struct ApprovalRequest;

// Outcome of reopen_approval_request: a sentence for stdout (ok) or stderr (refused).
struct ReopenOutcome {
    bool ok = false;
    std::string sentence;
};

// Makes declined request `id` pending again (resolved_at, resolved_by and reported_at cleared)
// and audits it as refund_reopened by `who`, in one write transaction. Refused, changing
// nothing, when the request does not exist, is not declined, its invoice has nothing left to
// refund, or another request of that invoice is pending.
// The sentence is for a person, in `locale` (person_texts.h); the audit row stays English.
ReopenOutcome reopen_approval_request(OfficeStore& store, std::int64_t id, const std::string& who_name,
                                      const std::string& who_version, const std::string& at,
                                      Locale locale = Locale::En);

// The queue as `office-mcp approvals list` prints it: a table, or "No approval requests."
std::string approvals_table(const std::vector<ApprovalRequest>& requests);

}  // namespace office
