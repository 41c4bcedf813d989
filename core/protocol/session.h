#pragma once
// One MCP session per connection, serving every protocol era at once (docs/architecture.md):
// the legacy initialize handshake (2024-11-05 … 2025-11-25) and stateless 2026-07-28 requests
// that carry their own _meta envelope. Lines in, lines out: the session does no I/O;
// office::Connection (connection.h) frames its bytes and commits its
// writes, for the stdio server and the tests alike.

#include "json_rpc.h"
#include "log.h"
#include "method_table.h"
#include "metrics.h"
#include "office_resources.h"
#include "office_store.h"
#include "prompts_feature.h"
#include "rate_limits.h"
#include "request_state.h"
#include "resources_feature.h"
#include "serving_settings.h"
#include "tasks_feature.h"
#include "tool.h"
#include "transport.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct Prompt;

inline constexpr std::string_view kServerName = "office-mcp";
std::string_view server_version();

inline constexpr std::string_view kModernVersion = "2026-07-28";
inline constexpr std::string_view kLatestLegacyVersion = "2025-11-25";

// Limits on what one client can make a session hold (docs/security.md). A message nested
// deeper than kMaxNesting is refused before it is built: the parser is iterative, but copying,
// dumping and comparing a value recurse. A 2025-03-26 batch holds at most kMaxBatch messages,
// so one line cannot ask for megabytes of replies. At most kMaxParkedCalls legacy calls wait
// on elicitation/create at once.
inline constexpr int kMaxNesting = 64;
inline constexpr std::size_t kMaxBatch = 100;
inline constexpr std::size_t kMaxParkedCalls = 32;

struct SessionOptions {
    std::vector<std::string> tools;                 // names exposed; empty: every tool (admin tools only with admin)
    bool admin = false;                             // the admin right: the admin tools are served (core/office/tool.h)
    std::function<OfficeStore&()> store;            // opened on first use
    std::function<const StateSealer&()> sealer;     // built on first use
    UnixClock now;                                  // unix seconds; default: system_now. Tools get it too
    Logger* logger = nullptr;                       // one line per request answered; not owned
    Metrics* metrics = nullptr;                     // each request answered counted (HTTP's /metrics); not owned
    std::string principal;                          // the caller a bearer token proved (core/office/tokens.h); "" on stdio
    std::string principal_label;                    // the principal as the audit shows it; "": the principal itself
    bool may_approve = true;                        // may answer a refund form (ConnectionOptions::may_approve)
    ServingSettings settings;                       // the operator's: locale, task TTL, limits (serving_settings.h)
    // A call past its limit (settings.limits) is an isError result saying when to try again,
    // or, with limits_as_errors (HTTP, which answers it 429), a JSON-RPC error.
    bool limits_as_errors = false;
};

class Session {
public:
    explicit Session(SessionOptions options);
    Session(const Session&) = delete;  // its method table points at it
    Session& operator=(const Session&) = delete;
    ~Session();

    // Handles one input line and appends every reply (zero or more lines) to `out`.
    void handle_line(std::string_view line, std::string& out);
    // One message framed and parsed by the transport (transport.h), e.g. an HTTP body; handled
    // as handle_line would, with what the transport said about it.
    Handled handle(const Incoming& incoming, std::string& out,
                   std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now());
    // A line over the size cap: answered with -32600, never parsed.
    void handle_overlong_line(std::size_t cap, std::string& out);
    // stdin closed: calls parked on a person are dropped with nothing changed.
    void end_of_input();

    std::size_t parked_calls() const { return parked_.size(); }

    // Change notifications (docs/architecture.md, "Resources"). Whether a client watches a
    // resource: a 2025 resources/subscribe or a 2026-07-28 subscriptions/listen naming one.
    // The transport then calls poll() now and then (other processes write the same database):
    // it appends notifications/resources/updated for every watched resource whose table
    // changed since the last poll (OfficeStore::change_mark and the audit rows after it).
    // A 2025 session that serves a tool the menu shapes (order_lunch) watches the menu too: once
    // it has listed the tools, a change to the menu is announced with
    // notifications/tools/list_changed (tools.listChanged); once it has listed the prompts, the
    // menu becoming empty or no longer empty (order-lunch leaves or joins the list) with
    // notifications/prompts/list_changed (prompts.listChanged).
    bool watching() const { return resources_.watching(); }
    void poll(std::string& out) { resources_.poll(out); }
    // The server ends every open subscriptions/listen: each gets its graceful completion result.
    void end_subscriptions(std::string& out) { resources_.end_subscriptions(out); }

private:
    using Request = MethodRequest;
    using Reply = MethodReply;
    struct Parked;

    // One message (or one element of a batch): the boundary of contained.h around answer_message.
    // `incoming`: what the transport said about the message; null for a batch's elements.
    void handle_message(const json& message, std::string& out, json* batch_replies, const Incoming* incoming);
    void answer_message(const json& message, Request& request, json* batch_replies, std::chrono::steady_clock::time_point started);
    // Writes a whole-message answer of ours, noting its error code in handled_.
    void answer_whole(std::string& out, const json& reply);
    void handle_response(const json& message, std::string& out);
    Reply dispatch(Request& request);

    Reply on_initialize(Request& request);
    Reply on_ping(Request& request);
    Reply on_discover(Request& request);
    Reply on_tools_list(Request& request);
    Reply on_tools_call(Request& request);
    Reply on_initialized(Request& request);
    Reply on_cancelled(Request& request);
    Reply on_set_level(Request& request);

    Reply run_tool(const Tool& tool, const json& arguments, CallContext& ctx, Request& request);
    Reply complete(ToolResult result, Request& request);  // a tool's result as the call's reply
    // A call past its caller's limit (SessionOptions::limits): nothing is run.
    Reply over_limit(const Tool& tool, const RateLimits::Refusal& refused, Request& request);
    // Round two of a 2026-07-28 call that asked a person: the answers and the sealed state in
    // `params` checked and given to `ctx` (none: nothing to do; anything wrong throws).
    void open_answers(const json& params, const Tool& tool, const json& arguments, CallContext& ctx, const Request& request);
    // Asks the person the tool needs, as the request's era asks (session_asking.cpp).
    Reply ask_person(const Tool& tool, const json& arguments, const CallContext& ctx, const InputRequired& ask, Request& request);
    // The log line for `request`, answered with `reply` (null: a notification, nothing sent).
    void log_request(const Request& request, const json* reply, std::chrono::steady_clock::time_point started);
    // The log line of a request answered with a tool's complete result (Request::complete).
    void log_complete(const Request& request, std::chrono::steady_clock::time_point started);
    // Counts the request in the metrics and writes its line when the level lets it.
    void finish_request(const Request& request, RequestLogEntry& entry, const json* id,
                        std::chrono::steady_clock::time_point started);
    json tool_result(const ToolResult& result, const Request& request) const;
    // The tool of that name as the office has it now: a menu-shaped one built for the menu of the
    // moment (nullptr while the menu is empty, so it is not offered), any other as registered.
    const Tool* find_tool(std::string_view name);
    const Tool* shaped(const Tool* tool, std::vector<MenuItem> menu);  // `tool` for `menu`
    // The request's client renders MCP Apps views (office_apps.h): declared in initialize (2025)
    // or in the request's envelope (2026-07-28), in a revision with structuredContent.
    bool shows_apps(const Request& request) const;

    void register_methods();  // the session's own and every feature's, in methods_

    SessionOptions options_;
    // The MCP features that are objects of their own (method_table.h), and the table their
    // methods and the session's are dispatched by.
    TasksFeature tasks_;
    ResourcesFeature resources_;  // with the change watch
    PromptsFeature prompts_;
    MethodTable methods_;
    std::vector<const Tool*> tools_;
    // What initialize settled, for every legacy request after it (none: not initialized).
    struct Legacy {
        Caller caller;  // era "legacy", protocol_version the negotiated one
        bool can_elicit = false;
        bool apps = false;  // it declared MCP Apps (office_apps.h) and its revision has structuredContent
    };
    std::optional<Legacy> legacy_;
    struct ListedTools {
        std::vector<MenuItem> menu;  // the menu it was made with
        json list;
    };
    std::map<std::string, ListedTools> tools_list_cache_;  // by protocol version, and " ui" with MCP Apps
    // order_lunch for the menu it was last built for (the schema validator inside is kept too).
    struct MenuTool {
        std::vector<MenuItem> menu;
        std::unique_ptr<Tool> tool;
    };
    MenuTool menu_tool_;
    std::map<std::string, std::unique_ptr<Parked>> parked_;  // by our elicitation request id
    std::uint64_t next_elicitation_ = 1;

    bool tools_watch_ = false;  // a 2025 session listed tools the menu shapes: tell it when they change
    Handled handled_;  // how the message being handled went, for its transport
};

}  // namespace office
