#include "resources_feature.h"

#include "contained.h"
#include "office_apps.h"
#include "tasks_feature.h"

#include <algorithm>

namespace office {

// ---- resources (office_resources.h): the office's tables, as this session's tools see them

namespace {

inline constexpr std::string_view kMetaSubscriptionId = "io.modelcontextprotocol/subscriptionId";
// The resource list and the template are fixed for a server's life, like its tools; rows change
// with every write (here or in another process), so a page is fresh for a second only: enough
// to spare a burst of identical reads, and the change notifications say when to read again.
inline constexpr std::int64_t kResourceListTtlMs = 3'600'000;
inline constexpr std::int64_t kResourceReadTtlMs = 1'000;
// 2025 eras answer an unknown resource with -32002; 2026-07-28 with -32602 (server/resources).
inline constexpr int kResourceNotFoundLegacy = -32002;

// The page of a table the request asks for: params.uri must be a string.
const std::string& uri_param(const json& params) {
    const auto it = params.find("uri");
    if (it == params.end() || !it->is_string()) throw invalid_params("Invalid params: uri must be a string");
    return it->get_ref<const std::string&>();
}

// Lists are cursorless (seven resources at most): any cursor is one we never gave.
void refuse_cursor(const json& params) {
    const auto it = params.find("cursor");
    if (it != params.end() && !it->is_null()) throw invalid_params("Invalid params: unknown cursor (this list has one page)");
}

// "Resource not found": -32602 in 2026-07-28, -32002 before it.
ProtocolError not_found(bool modern, const std::string& uri) {
    return ProtocolError{modern ? rpc::kInvalidParams : kResourceNotFoundLegacy, "Resource not found", json{{"uri", uri}}};
}

}  // namespace

ResourcesFeature::ResourcesFeature(Needs needs) : needs_(std::move(needs)), tables_(visible_tables(*needs_.profile)) {}

void ResourcesFeature::register_methods(MethodTable& table) {
    using Eras = MethodTable::Eras;
    table.add("resources/list", Eras::Both, [this](MethodRequest& request) { return list(request); });
    table.add("resources/templates/list", Eras::Both, [this](MethodRequest& request) { return templates(request); });
    table.add("resources/read", Eras::Both, [this](MethodRequest& request) { return read(request); });
    // 2026-07-28 replaced these two with subscriptions/listen.
    table.add("resources/subscribe", Eras::Legacy, [this](MethodRequest& request) { return subscribe(request); });
    table.add("resources/unsubscribe", Eras::Legacy, [this](MethodRequest& request) { return unsubscribe(request); });
    table.add("subscriptions/listen", Eras::Modern, [this](MethodRequest& request) { return listen(request); });
}

ResourcePage ResourcesFeature::visible_page(const MethodRequest& request, const std::string& uri) const {
    UriProblem problem;
    const auto page = parse_office_uri(uri, problem);
    // A table hidden by the profile does not exist for this caller, exactly like an unknown one.
    if (page && tables_.count(page->table)) return *page;
    if (page || problem.not_found) throw not_found(request.modern, uri);
    throw ProtocolError{rpc::kInvalidParams, problem.message, json{{"uri", uri}}};
}

namespace {
// resources/list and resources/templates/list: one page, fixed for the server's life, and
// following the token's profile (a shared cache must not hand it to another caller).
MethodReply profile_list(const MethodRequest& request, const char* key, json items) {
    refuse_cursor(*request.params);
    json result{{key, std::move(items)}};
    if (request.modern) {
        result["ttlMs"] = kResourceListTtlMs;
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}
}  // namespace

MethodReply ResourcesFeature::list(MethodRequest& request) { return profile_list(request, "resources", resource_list(tables_)); }

MethodReply ResourcesFeature::templates(MethodRequest& request) {
    return profile_list(request, "resourceTemplates", resource_templates(tables_));
}

MethodReply ResourcesFeature::read(MethodRequest& request) {
    const std::string& uri = uri_param(*request.params);
    if (uri.starts_with("ui://")) {
        // A view (office_apps.h) exists only for a client of MCP Apps that is served its tool,
        // so for anyone else it is not found, like a hidden table. It is part of the binary:
        // reading it opens no database.
        const AppView* view = app_view(uri);
        if (!view || !request.apps || !serves(*needs_.tools, view->tool))
            throw ProtocolError{request.modern ? rpc::kInvalidParams : kResourceNotFoundLegacy, "Resource not found",
                                json{{"uri", uri}}};
        json result{{"contents", json::array({app_view_contents(*view)})}};
        if (request.modern) {
            result["ttlMs"] = kResourceListTtlMs;  // fixed for the server's life, like the lists
            result["cacheScope"] = "public";
        }
        return result;
    }
    const ResourcePage page = visible_page(request, uri);
    auto text = read_page(needs_.store(), page);
    if (!text) throw not_found(request.modern, uri);  // no such row
    json result{{"contents", json::array({json{{"uri", uri}, {"mimeType", kResourceMimeType}, {"text", std::move(*text)}}})}};
    if (request.modern) {
        result["ttlMs"] = kResourceReadTtlMs;
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}

bool ResourcesFeature::watching() const {
    if (!subscribed_.empty() || needs_.tools_listed() || needs_.prompts->listed_by_legacy_client()) return true;
    for (const auto& listen : listens_)
        if (!listen.uris.empty() || !listen.tasks.empty() || listen.tools || listen.prompts) return true;
    return false;
}

bool ResourcesFeature::prompts_watched() const {
    return needs_.prompts->listed_by_legacy_client() || std::any_of(listens_.begin(), listens_.end(), [](const Listen& l) { return l.prompts; });
}

void ResourcesFeature::watch_prompts(std::string& out) {
    const bool first = !prompts_watched();
    start_watch(out);
    if (first) needs_.prompts->note_menu();
}

void ResourcesFeature::start_watch(std::string& out) {
    if (watching()) poll_changes(out);  // what changed before this subscription is news to the others only
    else mark_ = needs_.store().change_mark();
}

void ResourcesFeature::cancel_listen(const json& id) {
    std::erase_if(listens_, [&](const Listen& listen) { return listen.id == id; });
    if (!watching()) mark_.reset();
}

void ResourcesFeature::poll(std::string& out) {
    // Called from the transports' timers: a defect here must not stop them (contained.h).
    const std::size_t out_mark = out.size();
    const auto failure = contain([&] { poll_changes(out); });
    if (!failure) return;
    out.resize(out_mark);
    if (needs_.logger)
        contain([&] { needs_.logger->event(LogLevel::Error, "internal_error", {{"in", "resources poll"}, {"problem", *failure}}); });
}

void ResourcesFeature::poll_changes(std::string& out) {
    if (!watching()) return;
    std::set<OfficeTable> changed;
    try {
        OfficeStore& store = needs_.store();
        const std::int64_t mark = store.change_mark();
        if (mark_ && mark == *mark_) return;
        changed = mark_ ? tables_changed(store, *mark_, mark) : visible_tables({});
        mark_ = mark;
    } catch (const StoreError&) {
        return;  // busy or gone for a moment: the next poll looks again from the same mark
    }
    for (const auto& [uri, table] : subscribed_)
        if (changed.count(table))
            append_line(out, json{{"jsonrpc", "2.0"}, {"method", "notifications/resources/updated"}, {"params", {{"uri", uri}}}});
    for (const auto& listen : listens_)
        for (const auto& [uri, table] : listen.uris)
            if (changed.count(table))
                append_line(out, json{{"jsonrpc", "2.0"},
                                      {"method", "notifications/resources/updated"},
                                      {"params", {{"_meta", {{kMetaSubscriptionId, listen.id}}}, {"uri", uri}}}});
    // A list changed: told to the 2025 session that watches it and to each listen that asked.
    const auto list_changed = [&](const char* method, bool legacy_watch, bool Listen::*asked) {
        if (legacy_watch) append_line(out, json{{"jsonrpc", "2.0"}, {"method", method}});
        for (const auto& listen : listens_)
            if (listen.*asked)
                append_line(out, json{{"jsonrpc", "2.0"}, {"method", method}, {"params", {{"_meta", {{kMetaSubscriptionId, listen.id}}}}}});
    };
    // The menu shapes order_lunch: a change to it changes the tools (tools.listChanged).
    if (changed.count(OfficeTable::menu)) {
        list_changed("notifications/tools/list_changed", needs_.tools_listed(), &Listen::tools);
        // The prompts change only when the menu becomes empty or stops being so (order-lunch).
        if (needs_.prompts->menu_changed(prompts_watched()))
            list_changed("notifications/prompts/list_changed", needs_.prompts->listed_by_legacy_client(), &Listen::prompts);
    }
    // A task changes only with its approval request (decided or withdrawn): look at the
    // followed tasks when that table did.
    if (!changed.count(OfficeTable::approval_requests)) return;
    for (auto& listen : listens_)
        for (auto& [id, last_status] : listen.tasks) {
            std::optional<TaskRecord> task;
            try {
                task = visible_task(needs_.store(), id, listen.caller, needs_.now());
            } catch (const ProtocolError&) {
                continue;  // expired: nothing more to tell
            } catch (const StoreError&) {
                continue;  // busy for a moment: the next change looks again
            }
            if (task->status == last_status) continue;
            last_status = task->status;
            json params = detailed_task(*task);
            params["_meta"][kMetaSubscriptionId] = listen.id;
            append_line(out, json{{"jsonrpc", "2.0"}, {"method", "notifications/tasks"}, {"params", std::move(params)}});
        }
}

MethodReply ResourcesFeature::subscribe(MethodRequest& request) {
    const std::string& uri = uri_param(*request.params);
    const OfficeTable table = visible_page(request, uri).table;
    if (!subscribed_.count(uri)) {
        start_watch(*request.out);
        subscribed_.emplace(uri, table);
    }
    return json::object();
}

MethodReply ResourcesFeature::unsubscribe(MethodRequest& request) {
    subscribed_.erase(uri_param(*request.params));
    if (!watching()) mark_.reset();
    return json::object();
}

MethodReply ResourcesFeature::listen(MethodRequest& request) {
    if (request.id.is_null()) return std::nullopt;  // sent as a notification: no stream to open
    const auto filter = request.params->find("notifications");
    if (filter == request.params->end() || !filter->is_object())
        throw invalid_params("Invalid params: notifications must be an object");
    for (const auto& listen : listens_)
        if (listen.id == request.id)
            throw ProtocolError{rpc::kInvalidRequest, "Invalid Request: subscription " + request.id.dump() + " is already open"};
    Listen listen;
    listen.id = request.id;
    // The acknowledgment names what is honoured: the visible resources among those asked for,
    // and the tools' list where the menu can change it (no other list changes here).
    json honoured = json::object();
    if (const auto asked = filter->find("toolsListChanged"); asked != filter->end()) {
        if (!asked->is_boolean()) throw invalid_params("Invalid params: toolsListChanged must be a boolean");
        listen.tools = asked->get<bool>() && serves_menu_tool(*needs_.tools);
        if (listen.tools) honoured["toolsListChanged"] = true;
    }
    if (const auto asked = filter->find("promptsListChanged"); asked != filter->end()) {
        if (!asked->is_boolean()) throw invalid_params("Invalid params: promptsListChanged must be a boolean");
        listen.prompts = asked->get<bool>() && serves_menu_tool(*needs_.tools);
        if (listen.prompts) honoured["promptsListChanged"] = true;
    }
    if (const auto asked = filter->find("resourceSubscriptions"); asked != filter->end()) {
        if (!asked->is_array()) throw invalid_params("Invalid params: resourceSubscriptions must be an array of URIs");
        json kept = json::array();
        for (const auto& uri : *asked) {
            if (!uri.is_string()) throw invalid_params("Invalid params: resourceSubscriptions must be an array of URIs");
            try {
                listen.uris.emplace_back(uri.get<std::string>(), visible_page(request, uri.get<std::string>()).table);
                kept.push_back(uri);
            } catch (const ProtocolError&) {
                // not honoured: left out of the acknowledgment
            }
        }
        honoured["resourceSubscriptions"] = std::move(kept);
    }
    if (const auto asked = filter->find("taskIds"); asked != filter->end()) {
        if (!declares_tasks(*request.capabilities)) throw missing_tasks_extension();
        if (!asked->is_array()) throw invalid_params("Invalid params: taskIds must be an array of task ids");
        json kept = json::array();
        for (const auto& id : *asked) {
            if (!id.is_string()) throw invalid_params("Invalid params: taskIds must be an array of task ids");
            try {
                const auto task = visible_task(needs_.store(), id.get<std::string>(), request.caller, needs_.now());
                listen.tasks.emplace_back(task.id, task.status);
                kept.push_back(id);
            } catch (const ProtocolError&) {
                // not the caller's task, or expired: not honoured
            }
        }
        listen.caller = request.caller;
        honoured["taskIds"] = std::move(kept);
    }
    if (listen.prompts) watch_prompts(*request.out);
    if (!listen.uris.empty() || !listen.tasks.empty() || listen.tools) start_watch(*request.out);
    append_line(*request.out, json{{"jsonrpc", "2.0"},
                                   {"method", "notifications/subscriptions/acknowledged"},
                                   {"params", {{"_meta", {{kMetaSubscriptionId, request.id}}}, {"notifications", std::move(honoured)}}}});
    listens_.push_back(std::move(listen));
    return std::nullopt;  // the response is the subscription's end (end_subscriptions)
}

void ResourcesFeature::end_subscriptions(std::string& out) {
    for (const auto& listen : listens_)
        append_line(out, make_result(listen.id, json{{"resultType", "complete"},
                                                     {"_meta", {{kMetaSubscriptionId, listen.id}, {kMetaServerInfo, *needs_.server_info}}}}));
    listens_.clear();
    if (!watching()) mark_.reset();
}

}  // namespace office
