#include "audit.h"

#include "text_table.h"

namespace office {

std::string audit_table(const std::vector<AuditEntry>& entries, bool filtered) {
    if (entries.empty()) return filtered ? "No audit entries match.\n" : "No audit entries.\n";
    std::vector<std::vector<std::string>> rows{{"TIME", "CLIENT", "ERA", "ACTION", "SUBJECT", "DETAIL"}};
    for (const auto& e : entries) {
        rows.push_back({e.at, e.client_version.empty() ? e.client_name : e.client_name + "/" + e.client_version,
                        e.protocol_version.empty() ? e.era : e.era + " " + e.protocol_version, e.action,
                        e.subject_type + " " + std::to_string(e.subject_id), e.detail});
    }
    return text_table(rows);
}

}  // namespace office
