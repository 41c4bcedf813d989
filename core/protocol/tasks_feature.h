#pragma once
// The tasks extension as an MCP feature of the session (io.modelcontextprotocol/tasks;
// core/office/tasks.h keeps the tasks themselves): tasks/get, tasks/update and tasks/cancel.
// Only a 2026-07-28 request that declares the extension may use them (-32021 otherwise), and
// only on its own caller's tasks (another caller's is "not found").

#include "method_table.h"
#include "office_store.h"
#include "tasks.h"

#include <functional>

namespace office {

// The client declared the tasks extension among its capabilities.
bool declares_tasks(const json& capabilities);
// -32021 for a tasks request (tasks/*, a listen for taskIds) whose client did not declare the extension.
ProtocolError missing_tasks_extension();
// What tasks/get answers and notifications/tasks carry.
json detailed_task(const TaskRecord& task);

class TasksFeature {
public:
    TasksFeature(std::function<OfficeStore&()> store, UnixClock now) : store_(std::move(store)), now_(std::move(now)) {}
    TasksFeature(const TasksFeature&) = delete;  // its methods in the table point at it
    TasksFeature& operator=(const TasksFeature&) = delete;
    void register_methods(MethodTable& table);

private:
    TaskRecord requested_task(const MethodRequest& request) const;  // the task its taskId names, its own

    std::function<OfficeStore&()> store_;
    UnixClock now_;
};

}  // namespace office
