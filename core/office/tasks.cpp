#include "tasks.h"

#include "clock.h"
#include "idempotency.h"

#include <openssl/rand.h>

#include <cstdio>
#include <stdexcept>

namespace office {
namespace {

// 128 random bits in hex: a handle nobody can guess (the extension requires it).
std::string new_task_id() {
    unsigned char bytes[16];
    if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("no random bytes for a task id");
    std::string id;
    for (const unsigned char b : bytes) {
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", b);
        id += hex;
    }
    return id;
}

ProtocolError task_problem(const std::string& what) {
    return ProtocolError{rpc::kInvalidParams, "Failed to retrieve task: " + what};
}

}  // namespace

TaskRecord start_task(OfficeStore& store, const CallContext& ctx, std::int64_t request_id, std::string status_message) {
    const auto now = ctx.now();
    const auto at = utc_time(now);
    TaskRecord task{new_task_id(), caller_scope(ctx.caller), request_id, "working", std::move(status_message), "", at, at,
                    utc_time(now + ctx.task_ttl_seconds), ctx.task_ttl_seconds * 1000};
    store.money().create_task(task, at);
    return task;
}

json task_members(const TaskRecord& task) {
    return json{{"taskId", task.id},
                {"status", task.status},
                {"statusMessage", task.status_message},
                {"createdAt", task.created_at},
                {"lastUpdatedAt", task.updated_at},
                {"ttlMs", task.ttl_ms},
                {"pollIntervalMs", kTaskPollIntervalMs}};
}

bool complete_task(OfficeStore& store, std::int64_t request_id, const ToolResult& result, const std::string& at) {
    auto task = store.money().task_of_request(request_id);
    if (!task || task->status != "working" || task->expires_at < at) return false;
    task->status = "completed";
    task->status_message = result.text;
    task->result = stored_form(result);
    task->updated_at = at;
    store.money().update_task(*task);
    store.money().mark_reported(request_id, at);  // the client learns the outcome from its task
    return true;
}

TaskRecord visible_task(OfficeStore& store, const std::string& id, const Caller& caller, std::int64_t now) {
    auto task = store.money().load_task(id);
    // Another caller's task is answered as no task at all: its existence is not theirs to know.
    if (!task || task->scope != caller_scope(caller)) throw task_problem("task " + id + " not found");
    if (task->expires_at < utc_time(now)) throw task_problem("task " + id + " has expired");
    return *task;
}

void cancel_task(OfficeStore& store, const std::string& id, const Caller& caller, std::int64_t now) {
    WriteTransaction tx(store);
    TaskRecord task = visible_task(store, id, caller, now);
    if (task.status != "working") return;  // decided (or withdrawn) already: it stays so
    const auto at = utc_time(now);
    const auto invoice_id = store.money().withdraw_request(task.approval_request_id, at, caller.label);
    if (!invoice_id) return;  // nothing pending to withdraw
    const std::string request = "Approval request #" + std::to_string(task.approval_request_id) + " for invoice " +
                                std::to_string(*invoice_id);
    task.status = "cancelled";
    task.status_message = request + " was withdrawn by " + caller.label + " before a person decided; nothing was refunded.";
    task.updated_at = at;
    store.money().update_task(task);
    store.append_audit(AuditEntry{0, at, caller.name, caller.version, caller.era, caller.protocol_version, "refund_withdrawn",
                                  "invoice", *invoice_id, task.status_message, caller.principal, caller.trace.trace_id,
                                  caller.trace.span_id});
    tx.commit();
}

}  // namespace office
