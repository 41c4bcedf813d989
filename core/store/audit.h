#pragma once
// The audit trail: who changed what, through which protocol era, and when. Every write a tool
// makes (a booking, a lunch order, a queued refund, a refund and its approval or decline)
// records one row in the same transaction as the write, so the trail can never disagree with
// the data (OfficeStore::append_audit). `office-mcp audit` and office-desk's audit tab read it back.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace office {

struct AuditEntry {
    std::int64_t id = 0;           // assigned by record_audit
    std::string at;                // UTC, 2026-11-30T01:27:19Z
    std::string client_name;       // as the handshake or the request's envelope named it
    std::string client_version;    // "" when the client gave none
    std::string era;               // "legacy" or "modern" ("unknown" for rows backfilled by migration 2)
    std::string protocol_version;  // e.g. 2025-11-25
    std::string action;            // slot_booked, lunch_ordered, refund_queued, refund_issued, refund_declined
    std::string subject_type;      // slot, lunch_order or invoice
    std::int64_t subject_id = 0;
    std::string detail;            // one sentence for a person
    std::string principal;         // the bearer token's NAME (core/office/tokens.h); "" on stdio and before schema 4
    std::string trace_id;          // the writing request's trace context (core/support/trace.h); "" before schema 7
    std::string span_id;
};

struct AuditFilter {
    std::optional<std::string> since;  // YYYY-MM-DD: entries on or after that day (UTC)
    std::optional<std::int64_t> invoice;
    std::optional<std::int64_t> slot;  // with invoice: entries about either
    std::optional<std::string> trace;  // only the rows written in this trace (its trace id)
};

// The trail as `office-mcp audit` prints it: a table, oldest first, or one sentence when there
// is nothing to show ("No audit entries match." when a filter left nothing).
std::string audit_table(const std::vector<AuditEntry>& entries, bool filtered);

}  // namespace office
