#include "audit.h"

#include "text_table.h"

namespace office {

std::string audit_table(const std::vector<AuditEntry>& entries, bool filtered) {
    if (entries.empty()) return filtered ? "No audit entries match.\n" : "No audit entries.\n";
    std::vector<std::vector<std::string>> rows{{"TIME", "CLIENT", "ERA", "ACTION", "SUBJECT", "DETAIL", "TRACE"}};
    for (const auto& e : entries) {
        // The proved caller first, the self-reported client beside it, as in the refund texts.
        const auto client = e.client_version.empty() ? e.client_name : e.client_name + "/" + e.client_version;
        rows.push_back({e.at, e.principal.empty() ? client : e.principal + " (" + client + ")",
                        e.protocol_version.empty() ? e.era : e.era + " " + e.protocol_version, e.action,
                        e.subject_type + " " + std::to_string(e.subject_id), e.detail,
                        e.trace_id.empty() ? "-" : e.trace_id});
    }
    return text_table(rows);
}

}  // namespace office
