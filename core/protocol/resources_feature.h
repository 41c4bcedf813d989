#pragma once
// Resources and change notifications as an MCP feature of the session (office_resources.h
// keeps the pages themselves): resources/list, resources/templates/list, resources/read, the
// 2025 resources/subscribe and unsubscribe, and the 2026-07-28 subscriptions/listen. It owns
// the session's change watch: what it subscribed to, its open listens, and the store's change
// mark at the last poll. A poll tells each subscriber what changed: resources/updated, the
// tools' and prompts' list_changed (their lists follow the menu), and notifications/tasks.

#include "method_table.h"
#include "office_resources.h"
#include "office_store.h"
#include "prompts_feature.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace office {

class ResourcesFeature {
public:
    // What it reads of its session, fixed for the session's life.
    struct Needs {
        std::function<OfficeStore&()> store;
        UnixClock now;
        Logger* logger = nullptr;
        const std::vector<std::string>* profile;  // the tools the session was asked to serve (SessionOptions::tools)
        const std::vector<const Tool*>* tools;    // the tools it serves
        std::function<bool()> tools_listed;  // a 2025 client listed tools the menu shapes: tell it when they change
        PromptsFeature* prompts;             // whose list follows the menu too
        const json* server_info;             // what a listen's completion result carries as serverInfo
    };
    explicit ResourcesFeature(Needs needs);
    ResourcesFeature(const ResourcesFeature&) = delete;  // its methods in the table point at it
    ResourcesFeature& operator=(const ResourcesFeature&) = delete;
    void register_methods(MethodTable& table);

    const std::set<OfficeTable>& tables() const { return tables_; }  // the resources this session shows

    // Whether a client watches anything: a 2025 subscription or listed list, or an open listen.
    bool watching() const;
    // Before a new watcher joins: tell the existing ones what changed, or start watching.
    void start_watch(std::string& out);
    // The prompts are watched from now on (a 2025 client listed them, or a listen asked).
    void watch_prompts(std::string& out);
    // The transport's timer: the notifications for what changed since the last poll, in `out`.
    void poll(std::string& out);
    // The listen opened by request `id` ends (notifications/cancelled): nothing more is sent for it.
    void cancel_listen(const json& id);
    // The server ends every open listen: each gets its graceful completion result.
    void end_subscriptions(std::string& out);

private:
    struct Listen {
        json id;  // the subscriptions/listen request's id: its subscriptionId
        std::vector<std::pair<std::string, OfficeTable>> uris;
        // Tasks it follows (notifications/tasks), each with the status last sent, and the
        // request that opened it, whose caller the tasks belong to.
        std::vector<std::pair<std::string, std::string>> tasks;
        Caller caller;
        bool tools = false;    // toolsListChanged: the menu shapes a tool this session serves
        bool prompts = false;  // promptsListChanged: order-lunch is offered while the menu has items
    };

    // The page a visible office:// URI names; throws resource-not-found or invalid params.
    ResourcePage visible_page(const MethodRequest& request, const std::string& uri) const;
    bool prompts_watched() const;  // a 2025 client listed the prompts, or a listen asked for their changes
    void poll_changes(std::string& out);  // poll() without its boundary
    MethodReply list(MethodRequest& request);
    MethodReply templates(MethodRequest& request);
    MethodReply read(MethodRequest& request);
    MethodReply subscribe(MethodRequest& request);
    MethodReply unsubscribe(MethodRequest& request);
    MethodReply listen(MethodRequest& request);

    Needs needs_;
    std::set<OfficeTable> tables_;
    std::map<std::string, OfficeTable> subscribed_;  // legacy resources/subscribe, by URI as given
    std::vector<Listen> listens_;  // open 2026-07-28 subscriptions, oldest first
    std::optional<std::int64_t> mark_;  // change_mark at the last poll, while watching
};

}  // namespace office
