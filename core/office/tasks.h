#pragma once
// Approvals as tasks (io.modelcontextprotocol/tasks; docs/architecture.md, "Tasks"). A client
// that declares the extension on a 2026-07-28 request and calls issue_refund for a refund that
// must wait for a person in office-desk gets a task, not a sentence to interpret: a durable
// handle on the approval request its call queued. The task is written in the transaction that
// queues the request, so tasks/get finds it on any replica once the reply is out; the person's
// decision completes it in the decision's own transaction, with the result a synchronous call
// would have reported; tasks/cancel withdraws the request while nobody has decided. A task is
// its caller's (caller_scope): to anyone else it does not exist.

#include "office_store.h"
#include "tool.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace office {

inline constexpr std::string_view kTasksExtension = "io.modelcontextprotocol/tasks";
// A person decides in minutes, not milliseconds: the poll a client is asked to keep.
inline constexpr std::int64_t kTaskPollIntervalMs = 5000;
// How long a task is kept after it was made (--task-ttl); a request nobody decided by then
// still waits in office-desk, and its outcome goes to the next call for the invoice.
inline constexpr std::int64_t kDefaultTaskTtlSeconds = 7 * 24 * 60 * 60;

// A new task following approval request `request_id`, written in the open write transaction.
TaskRecord start_task(OfficeStore& store, const CallContext& ctx, std::int64_t request_id, std::string status_message);

// The task as the extension's Task: taskId, status, statusMessage, createdAt, lastUpdatedAt,
// ttlMs, pollIntervalMs (never its result).
json task_members(const TaskRecord& task);

// The decision on request `request_id` completes the task following it (one still working and
// not expired) with `result`, in the decider's transaction. Returns whether there was one.
bool complete_task(OfficeStore& store, std::int64_t request_id, const ToolResult& result, const std::string& at);

// Task `id` as `caller` may see it at `now`. Throws ProtocolError -32602 when there is none, it
// is another caller's, or it expired (the extension's words: "Failed to retrieve task: ...").
TaskRecord visible_task(OfficeStore& store, const std::string& id, const Caller& caller, std::int64_t now);

// tasks/cancel: a task still working withdraws its pending request (nothing is refunded; the
// audit and office-desk say who withdrew it) and is cancelled; a finished task stays as it is.
// One write transaction. Throws as visible_task.
void cancel_task(OfficeStore& store, const std::string& id, const Caller& caller, std::int64_t now);

}  // namespace office
