#include "tasks_feature.h"

#include "idempotency.h"
#include "tool_reply.h"

namespace office {

namespace {

const std::string& task_id_param(const json& params) {
    const json* id = find_member(params, "taskId");
    if (!id || !id->is_string()) throw ProtocolError{rpc::kInvalidParams, "Invalid params: taskId must be a string"};
    return id->get_ref<const std::string&>();
}

}  // namespace

bool declares_tasks(const json& capabilities) {
    const json* extensions = find_member(capabilities, "extensions");
    return extensions && extensions->is_object() && extensions->contains(kTasksExtension);
}

ProtocolError missing_tasks_extension() {
    return ProtocolError{rpc::kMissingCapability,
                         "Missing required client capability: declare the " + std::string(kTasksExtension) +
                             " extension in _meta[\"" + std::string(kMetaCapabilities) + "\"].extensions",
                         json{{"requiredCapabilities", {{"extensions", {{kTasksExtension, json::object()}}}}}}};
}

json detailed_task(const TaskRecord& task) {
    json detailed = task_members(task);
    if (task.status == "completed") detailed["result"] = call_tool_result(stored_result(task.result), {.structured_content = true, .resource_links = true});
    return detailed;
}

TaskRecord TasksFeature::requested_task(const MethodRequest& request) const {
    if (!declares_tasks(*request.capabilities)) throw missing_tasks_extension();
    return visible_task(store_(), task_id_param(*request.params), request.caller, now_());
}

void TasksFeature::register_methods(MethodTable& table) {
    using Eras = MethodTable::Eras;
    table.add("tasks/get", Eras::Modern, [this](MethodRequest& request) -> MethodReply { return detailed_task(requested_task(request)); });
    table.add("tasks/update", Eras::Modern, [this](MethodRequest& request) -> MethodReply {
        requested_task(request);
        const json* responses = find_member(*request.params, "inputResponses");
        if (!responses || !responses->is_object())
            throw ProtocolError{rpc::kInvalidParams, "Invalid params: inputResponses must be an object"};
        // An office task never asks its client for anything (the person decides in office-desk), so
        // no request is outstanding and every response is ignored, as the extension says.
        return json::object();
    });
    table.add("tasks/cancel", Eras::Modern, [this](MethodRequest& request) -> MethodReply {
        if (!declares_tasks(*request.capabilities)) throw missing_tasks_extension();
        cancel_task(store_(), task_id_param(*request.params), request.caller, now_());
        return json::object();  // an acknowledgment: what became of the task, tasks/get says
    });
}

}  // namespace office
