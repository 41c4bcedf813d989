#pragma once
// Tools as an MCP feature of the session (core/office/tool.h keeps the tools themselves):
// tools/list and tools/call, and the asking of a person a tool needs (tools_asking.cpp): a
// 2026-07-28 input_required with a sealed requestState, or a 2025 elicitation/create while the
// call waits, parked, for the client's answer. order_lunch is shaped by the menu, so the list
// follows the menu and a 2025 client that listed it is told when it changes.

#include "idempotency.h"
#include "method_table.h"
#include "office_store.h"
#include "rate_limits.h"
#include "request_log.h"
#include "request_state.h"
#include "serving_settings.h"
#include "transport.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace office {

// At most kMaxParkedCalls legacy calls wait on elicitation/create at once (docs/security.md).
inline constexpr std::size_t kMaxParkedCalls = 32;
// How long a client's copy of a tool list the menu does not shape is fresh (2026-07-28 ttlMs).
inline constexpr std::int64_t kToolsTtlMs = 3'600'000;

// The office's tools a session serves: those of `profile` (empty: every one that is not an
// admin tool), and every admin tool with the admin right.
std::vector<const Tool*> served_tools(const std::vector<std::string>& profile, bool admin);

class ToolsFeature {
public:
    // What it reads of its session, fixed for the session's life.
    struct Needs {
        std::function<OfficeStore&()> store;
        std::function<const StateSealer&()> sealer;  // seals and opens a requestState
        UnixClock now;
        const ServingSettings* settings;  // the locale, the task TTL, the rate limits
        bool may_approve = true;          // the caller may answer a refund form
        bool limits_as_errors = false;    // a call past its limit is a JSON-RPC error (SessionOptions)
        const RequestLog* log;            // a parked call's line comes with its answer
        Handled* handled;                 // how the message being handled went, for its transport
        // A 2025 client lists tools the menu shapes: the session's change watch begins.
        std::function<void(std::string& out)> watch;
    };
    ToolsFeature(std::vector<const Tool*> served, Needs needs);
    ToolsFeature(const ToolsFeature&) = delete;  // its methods in the table point at it
    ToolsFeature& operator=(const ToolsFeature&) = delete;
    void register_methods(MethodTable& table);

    const std::vector<const Tool*>& served() const { return served_; }
    // A 2025 client listed tools the menu shapes: it is told when they change (tools/list_changed).
    bool listed_by_legacy_client() const { return listed_; }

    // A client's response to our elicitation/create: the parked call it answers goes on, its
    // reply in `out`. A response to nothing we asked is ignored.
    void answer(const json& response, std::string& out);
    // The call of request `id` is cancelled: if it waits on a person, it is dropped.
    void cancel(const json& id);
    // stdin closed: calls parked on a person are dropped with nothing changed.
    void drop_parked() { parked_.clear(); }
    std::size_t parked_calls() const { return parked_.size(); }

private:
    // A legacy tools/call waiting for the client's answer to our elicitation/create.
    struct Parked {
        json original_id;
        const Tool* tool;
        json arguments;
        std::string key;  // the answer's key in CallContext::input_responses
        Caller caller;
        int asks = 1;  // how often the person has been asked in this call, this ask included
        std::optional<IdempotencyKey> idempotency;  // the call's key, if it came with one
    };

    MethodReply list(MethodRequest& request);
    MethodReply call(MethodRequest& request);
    // The tool of that name as the office has it now: a menu-shaped one built for the menu of the
    // moment (nullptr while the menu is empty, so it is not offered), any other as registered.
    const Tool* find(std::string_view name);
    const Tool* shaped(const Tool* tool, std::vector<MenuItem> menu);  // `tool` for `menu`
    CallContext context(const Caller& caller) const;  // what every call of this session's tools gets
    MethodReply run(const Tool& tool, const json& arguments, CallContext& ctx, MethodRequest& request);
    MethodReply complete(ToolResult result, MethodRequest& request);  // a tool's result as the call's reply
    // A call past its caller's limit (ServingSettings::limits): nothing is run.
    MethodReply over_limit(const Tool& tool, const RateLimits::Refusal& refused, MethodRequest& request);
    // A call that ends with `problem` as its isError result, told in the log line too.
    json tool_error(MethodRequest& request, std::string problem) const;
    // Round two of a 2026-07-28 call that asked a person: the answers and the sealed state in
    // `params` checked and given to `ctx` (none: nothing to do; anything wrong throws).
    void open_answers(const json& params, const Tool& tool, const json& arguments, CallContext& ctx, const MethodRequest& request);
    // Asks the person the tool needs, as the request's era asks (tools_asking.cpp).
    MethodReply ask_person(const Tool& tool, const json& arguments, const CallContext& ctx, const InputRequired& ask,
                           MethodRequest& request);

    std::vector<const Tool*> served_;
    Needs needs_;
    struct Listed {
        std::vector<MenuItem> menu;  // the menu it was made with
        json list;
    };
    std::map<std::string, Listed> lists_;  // by protocol version, and " ui" with MCP Apps
    // order_lunch for the menu it was last built for (the schema validator inside is kept too).
    struct MenuTool {
        std::vector<MenuItem> menu;
        std::unique_ptr<Tool> tool;
    };
    MenuTool menu_tool_;
    bool listed_ = false;  // a 2025 client listed tools the menu shapes
    std::map<std::string, std::unique_ptr<Parked>> parked_;  // by our elicitation request id
    std::uint64_t next_elicitation_ = 1;
};

}  // namespace office
