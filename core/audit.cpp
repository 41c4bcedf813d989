#include "audit.h"

#include "store.h"

namespace office {

void record_audit(Database& db, const AuditEntry& e) {
    db.prepare(
          "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, "
          "subject_id, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
        .bind(1, e.at)
        .bind(2, e.client_name)
        .bind(3, e.client_version)
        .bind(4, e.era)
        .bind(5, e.protocol_version)
        .bind(6, e.action)
        .bind(7, e.subject_type)
        .bind(8, e.subject_id)
        .bind(9, e.detail)
        .step();
}

std::vector<AuditEntry> read_audit(Database& db, const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto& q = db.prepare(
        "SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail "
        "FROM audit WHERE (?1 IS NULL OR at >= ?1) "
        "AND ((?2 IS NULL AND ?3 IS NULL) "
        "  OR (subject_type = 'invoice' AND subject_id = ?2) OR (subject_type = 'slot' AND subject_id = ?3)) "
        "ORDER BY id");
    if (filter.since) q.bind(1, *filter.since);
    if (filter.invoice) q.bind(2, *filter.invoice);
    if (filter.slot) q.bind(3, *filter.slot);
    std::vector<AuditEntry> entries;
    while (q.step()) {
        entries.push_back(AuditEntry{q.column_int(0), q.column_text(1), q.column_text(2), q.column_text(3),
                                     q.column_text(4), q.column_text(5), q.column_text(6), q.column_text(7),
                                     q.column_int(8), q.column_text(9)});
    }
    return entries;
}

}  // namespace office
