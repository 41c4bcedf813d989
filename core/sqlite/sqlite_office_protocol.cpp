// SqliteOfficeStore's statements for what the protocol keeps in the office: tasks, used request
// states, idempotency keys, the audit, the tables read page by page (office:// resources) and
// the change mark. The store itself, customers and the calendar are in sqlite_office_store.cpp
// (which says how texts are bound and statements reset, here too); money in
// sqlite_office_money.cpp.

#include "sqlite_office_store.h"

#include "store_sql.h"

#include <string>
#include <utility>
#include <vector>

namespace office {

namespace {

constexpr std::string_view kTaskColumns =
    "SELECT id, scope, approval_request_id, status, status_message, ifnull(result, ''), created_at, updated_at, "
    "expires_at, ttl_ms FROM tasks ";

std::optional<TaskRecord> task_row(Statement& q) {
    if (!q.step()) return std::nullopt;
    TaskRecord t{q.column_text(0), q.column_text(1), q.column_int(2), q.column_text(3), q.column_text(4),
                 q.column_text(5), q.column_text(6), q.column_text(7), q.column_text(8), q.column_int(9)};
    q.reset();
    return t;
}

}  // namespace

void SqliteMoney::create_task(const TaskRecord& t, const std::string& forget_before) {
    db_->prepare("DELETE FROM tasks WHERE expires_at < ?1").bind_static(1, forget_before).step();
    db_->prepare("INSERT INTO tasks (id, scope, approval_request_id, status, status_message, result, created_at, updated_at, "
                 "expires_at, ttl_ms) VALUES (?1, ?2, ?3, ?4, ?5, NULLIF(?6, ''), ?7, ?8, ?9, ?10)")
        .bind_static(1, t.id).bind_static(2, t.scope).bind(3, t.approval_request_id).bind_static(4, t.status)
        .bind_static(5, t.status_message).bind_static(6, t.result).bind_static(7, t.created_at).bind_static(8, t.updated_at)
        .bind_static(9, t.expires_at).bind(10, t.ttl_ms).step();
    db_->prepare("UPDATE approval_requests SET task = 1 WHERE id = ?1").bind(1, t.approval_request_id).step();
}

std::optional<TaskRecord> SqliteMoney::load_task(const std::string& id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE id = ?1";
    return task_row(db_->prepare(sql).bind_static(1, id));
}

std::optional<TaskRecord> SqliteMoney::task_of_request(std::int64_t request_id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE approval_request_id = ?1";
    return task_row(db_->prepare(sql).bind(1, request_id));
}

void SqliteMoney::update_task(const TaskRecord& t) {
    db_->prepare("UPDATE tasks SET status = ?2, status_message = ?3, result = NULLIF(?4, ''), updated_at = ?5 WHERE id = ?1")
        .bind_static(1, t.id).bind_static(2, t.status).bind_static(3, t.status_message).bind_static(4, t.result)
        .bind_static(5, t.updated_at).step();
}

bool SqliteOfficeStore::consume_request_state(const std::string& nonce, const std::string& at) {
    db_->prepare("INSERT INTO used_request_states (nonce, used_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
        .bind_static(1, nonce).bind_static(2, at).step();
    return db_->changes() != 0;
}

bool SqliteOfficeStore::request_state_used(const std::string& nonce) {
    auto& used = db_->prepare("SELECT 1 FROM used_request_states WHERE nonce = ?1");
    const bool found = used.bind_static(1, nonce).step();
    used.reset();
    return found;
}

std::optional<RememberedCall> SqliteOfficeStore::remembered_call(const std::string& scope, const std::string& key,
                                                                 const std::string& since) {
    auto& st = db_->prepare(
        "SELECT tool, request, result, created_at FROM idempotency_keys WHERE scope = ?1 AND key = ?2 AND created_at >= ?3");
    st.bind_static(1, scope).bind_static(2, key).bind_static(3, since);
    if (!st.step()) return std::nullopt;
    RememberedCall call{st.column_text(0), st.column_text(1), st.column_text(2), st.column_text(3)};
    st.reset();
    return call;
}

void SqliteOfficeStore::remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                                      const std::string& forget_before) {
    db_->prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind_static(1, forget_before).step();
    db_->prepare("INSERT INTO idempotency_keys (scope, key, tool, request, result, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind_static(1, scope)
        .bind_static(2, key)
        .bind_static(3, call.tool)
        .bind_static(4, call.request)
        .bind_static(5, call.result)
        .bind_static(6, call.at)
        .step();
}

void SqliteOfficeStore::append_audit(const AuditEntry& e) {
    db_->prepare(
           "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, "
           "subject_id, detail, principal, trace_id, span_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")
        .bind_static(1, e.at)
        .bind_static(2, e.client_name)
        .bind_static(3, e.client_version)
        .bind_static(4, e.era)
        .bind_static(5, e.protocol_version)
        .bind_static(6, e.action)
        .bind_static(7, e.subject_type)
        .bind(8, e.subject_id)
        .bind_static(9, e.detail)
        .bind_static(10, e.principal)
        .bind_static(11, e.trace_id)
        .bind_static(12, e.span_id)
        .step();
}

std::vector<AuditEntry> SqliteOfficeStore::read_audit(const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto& q = db_->prepare(
        "SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail, "
        "principal, trace_id, span_id FROM audit WHERE (?1 IS NULL OR at >= ?1) "
        "AND ((?2 IS NULL AND ?3 IS NULL) "
        "  OR (subject_type = 'invoice' AND subject_id = ?2) OR (subject_type = 'slot' AND subject_id = ?3)) "
        "AND (?4 IS NULL OR trace_id = ?4) ORDER BY id");
    if (filter.since) q.bind_static(1, *filter.since);
    if (filter.trace) q.bind_static(4, *filter.trace);
    if (filter.invoice) q.bind(2, *filter.invoice);
    if (filter.slot) q.bind(3, *filter.slot);
    std::vector<AuditEntry> entries;
    while (q.step()) {
        entries.push_back(AuditEntry{q.column_int(0), q.column_text(1), q.column_text(2), q.column_text(3),
                                     q.column_text(4), q.column_text(5), q.column_text(6), q.column_text(7),
                                     q.column_int(8), q.column_text(9), q.column_text(10), q.column_text(11),
                                     q.column_text(12)});
    }
    return entries;
}

std::vector<nlohmann::json> SqliteOfficeStore::read_rows(OfficeTable table, std::int64_t after_id, int limit) {
    const auto& info = table_info(table);
    auto& q = db_->prepare(table_rows_sql(table));
    q.bind(1, after_id).bind(2, limit);  // $1 and $2 are the first and second parameters
    std::vector<nlohmann::json> rows;
    while (q.step()) {
        auto row = nlohmann::json::object();
        for (int i = 0; i < static_cast<int>(info.columns.size()) && !info.columns[i].empty(); ++i) {
            auto& value = row[std::string(info.columns[i])];
            if (q.column_is_null(i)) value = nullptr;
            else if (q.column_is_integer(i)) value = q.column_int(i);
            else value = q.column_text(i);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t SqliteOfficeStore::change_mark() {
    auto& q = db_->prepare("SELECT ifnull(max(id), 0) FROM audit");
    q.step();
    const auto mark = q.column_int(0);
    q.reset();
    return mark;
}

}  // namespace office
