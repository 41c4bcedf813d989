// PostgresOfficeStore's statements for what the protocol keeps in the office: tasks, used
// request states, idempotency keys, the audit, the tables read page by page (office:// resources)
// and the change mark. The store's connection and transactions are in postgres_office_store.cpp;
// customers and the calendar in postgres_office_calendar.cpp; money in postgres_office_money.cpp.
// Times are always the caller's ($n parameters), never now().

#include "postgres_office_store.h"

#include "store_sql.h"

#include <string>
#include <utility>

namespace office {

namespace {

constexpr std::string_view kTaskColumns =
    "SELECT id, scope, approval_request_id, status, status_message, coalesce(result, ''), created_at, updated_at, "
    "expires_at, ttl_ms FROM tasks ";

std::optional<TaskRecord> task_row(const pg::Result& r) {
    if (r.rows() == 0) return std::nullopt;
    return TaskRecord{r.text(0, 0), r.text(0, 1), r.integer(0, 2), r.text(0, 3), r.text(0, 4),
                      r.text(0, 5), r.text(0, 6), r.text(0, 7), r.text(0, 8), r.integer(0, 9)};
}

}  // namespace

void PostgresMoney::create_task(const TaskRecord& t, const std::string& forget_before) {
    run("DELETE FROM tasks WHERE expires_at < $1", {forget_before});
    run("INSERT INTO tasks (id, scope, approval_request_id, status, status_message, result, created_at, updated_at, "
        "expires_at, ttl_ms) VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''), $7, $8, $9, $10)",
        {t.id, t.scope, t.approval_request_id, t.status, t.status_message, t.result, t.created_at, t.updated_at,
         t.expires_at, t.ttl_ms});
    run("UPDATE approval_requests SET task = 1 WHERE id = $1", {t.approval_request_id});
}

std::optional<TaskRecord> PostgresMoney::load_task(const std::string& id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE id = $1";
    return task_row(run(sql, {id}));
}

std::optional<TaskRecord> PostgresMoney::task_of_request(std::int64_t request_id) {
    static const std::string sql = std::string(kTaskColumns) + "WHERE approval_request_id = $1";
    return task_row(run(sql, {request_id}));
}

void PostgresMoney::update_task(const TaskRecord& t) {
    run("UPDATE tasks SET status = $2, status_message = $3, result = NULLIF($4, ''), updated_at = $5 WHERE id = $1",
        {t.id, t.status, t.status_message, t.result, t.updated_at});
}

bool PostgresOfficeStore::consume_request_state(const std::string& nonce, const std::string& at) {
    return run("INSERT INTO used_request_states (nonce, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING", {nonce, at})
               .affected() != 0;
}

bool PostgresOfficeStore::request_state_used(const std::string& nonce) {
    return run("SELECT 1 FROM used_request_states WHERE nonce = $1", {nonce}).rows() != 0;
}

std::optional<RememberedCall> PostgresOfficeStore::remembered_call(const std::string& scope, const std::string& key,
                                                                   const std::string& since) {
    const auto r = run("SELECT tool, request, result, created_at FROM idempotency_keys "
                       "WHERE scope = $1 AND key = $2 AND created_at >= $3",
                       {scope, key, since});
    if (r.rows() == 0) return std::nullopt;
    return RememberedCall{r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3)};
}

void PostgresOfficeStore::remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                                        const std::string& forget_before) {
    run("DELETE FROM idempotency_keys WHERE created_at < $1", {forget_before});
    run("INSERT INTO idempotency_keys (scope, key, tool, request, result, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        {scope, key, call.tool, call.request, call.result, call.at});
}

void PostgresOfficeStore::append_audit(const AuditEntry& e) {
    defer("INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
        "detail, principal, trace_id, span_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        {e.at, e.client_name, e.client_version, e.era, e.protocol_version, e.action, e.subject_type, e.subject_id, e.detail,
         e.principal, e.trace_id, e.span_id});
}

std::vector<AuditEntry> PostgresOfficeStore::read_audit(const AuditFilter& filter) {
    // One statement for every combination: an unset filter is a NULL that matches everything.
    auto r = run("SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
                 "detail, principal, trace_id, span_id FROM audit WHERE ($1::text IS NULL OR at >= $1) "
                 "AND (($2::bigint IS NULL AND $3::bigint IS NULL) "
                 "  OR (subject_type = 'invoice' AND subject_id = $2) OR (subject_type = 'slot' AND subject_id = $3)) "
                 "AND ($4::text IS NULL OR trace_id = $4) ORDER BY id",
                 {filter.since, filter.invoice, filter.slot, filter.trace});
    std::vector<AuditEntry> entries;
    for (int i = 0; i < r.rows(); ++i)
        entries.push_back(AuditEntry{r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5),
                                     r.text(i, 6), r.text(i, 7), r.integer(i, 8), r.text(i, 9), r.text(i, 10),
                                     r.text(i, 11), r.text(i, 12)});
    return entries;
}

std::vector<nlohmann::json> PostgresOfficeStore::read_rows(OfficeTable table, std::int64_t after_id, int limit) {
    const auto& info = table_info(table);
    auto r = run(table_rows_sql(table), {after_id, limit});
    std::vector<nlohmann::json> rows;
    for (int i = 0; i < r.rows(); ++i) {
        auto row = nlohmann::json::object();
        for (int c = 0; c < static_cast<int>(info.columns.size()) && !info.columns[c].empty(); ++c) {
            auto& value = row[std::string(info.columns[c])];
            if (r.is_null(i, c)) value = nullptr;
            else if (r.is_integer_column(c)) value = r.integer(i, c);
            else value = r.text(i, c);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::int64_t PostgresOfficeStore::change_mark() { return run("SELECT coalesce(max(id), 0) FROM audit").integer(0, 0); }

}  // namespace office
