#include "session_internal.h"

#include "idempotency.h"
#include "office_store.h"

namespace office {

using namespace session_internal;

// ---- io.modelcontextprotocol/tasks (core/office/tasks.h): tasks/get, tasks/update, tasks/cancel.
// Only a 2026-07-28 request that declares the extension may use them (-32021 otherwise), and
// only on its own caller's tasks (another caller's is "not found").

namespace {

const std::string& task_id_param(const json& params) {
    const json* id = find_member(params, "taskId");
    if (!id || !id->is_string()) throw invalid_params("Invalid params: taskId must be a string");
    return id->get_ref<const std::string&>();
}

}  // namespace

TaskRecord Session::requested_task(const Request& request) const {
    if (!declares_tasks(*request.capabilities)) throw missing_tasks_extension();
    return visible_task(options_.store(), task_id_param(*request.params), request.caller, options_.now());
}

json Session::detailed_task(const TaskRecord& task) const {
    json detailed = task_members(task);
    if (task.status == "completed") detailed["result"] = call_tool_result(stored_result(task.result), {.structured_content = true, .resource_links = true});
    return detailed;
}

Session::Reply Session::on_tasks_get(Request& request) { return detailed_task(requested_task(request)); }

Session::Reply Session::on_tasks_update(Request& request) {
    requested_task(request);
    const json* responses = find_member(*request.params, "inputResponses");
    if (!responses || !responses->is_object()) throw invalid_params("Invalid params: inputResponses must be an object");
    // An office task never asks its client for anything (the person decides in office-desk), so
    // no request is outstanding and every response is ignored, as the extension says.
    return json::object();
}

Session::Reply Session::on_tasks_cancel(Request& request) {
    if (!declares_tasks(*request.capabilities)) throw missing_tasks_extension();
    cancel_task(options_.store(), task_id_param(*request.params), request.caller, options_.now());
    return json::object();  // an acknowledgment: what became of the task, tasks/get says
}

}  // namespace office
