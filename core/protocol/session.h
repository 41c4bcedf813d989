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
#include "office_store.h"
#include "prompts_feature.h"
#include "request_log.h"
#include "request_state.h"
#include "resources_feature.h"
#include "serving_settings.h"
#include "tasks_feature.h"
#include "tools_feature.h"
#include "transport.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office {

inline constexpr std::string_view kServerName = "office-mcp";
std::string_view server_version();

inline constexpr std::string_view kModernVersion = "2026-07-28";
inline constexpr std::string_view kLatestLegacyVersion = "2025-11-25";

// Limits on what one client can make a session hold (docs/security.md). A message nested
// deeper than kMaxNesting is refused before it is built: the parser is iterative, but copying,
// dumping and comparing a value recurse. A 2025-03-26 batch holds at most kMaxBatch messages,
// so one line cannot ask for megabytes of replies. (At most kMaxParkedCalls legacy calls wait on
// a person: tools_feature.h.)
inline constexpr int kMaxNesting = 64;
inline constexpr std::size_t kMaxBatch = 100;

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
    void end_of_input() { tools_.drop_parked(); }

    std::size_t parked_calls() const { return tools_.parked_calls(); }

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

    // One message (or one element of a batch): the boundary of contained.h around answer_message.
    // `incoming`: what the transport said about the message; null for a batch's elements.
    void handle_message(const json& message, std::string& out, json* batch_replies, const Incoming* incoming);
    void answer_message(const json& message, Request& request, json* batch_replies, std::chrono::steady_clock::time_point started);
    // Writes a whole-message answer of ours, noting its error code in handled_.
    void answer_whole(std::string& out, const json& reply);
    // The era, the caller and what its client takes decided, the request's method is run.
    Reply dispatch(Request& request);

    Reply on_initialize(Request& request);
    Reply on_ping(Request& request);
    Reply on_discover(Request& request);
    Reply on_initialized(Request& request);
    Reply on_cancelled(Request& request);
    Reply on_set_level(Request& request);

    void register_methods();  // the session's own and every feature's, in methods_

    SessionOptions options_;
    Handled handled_;  // how the message being handled went, for its transport
    // The MCP features, each an object of its own (method_table.h), and the table their
    // methods and the session's are dispatched by.
    ToolsFeature tools_;          // with the asking of a person
    RequestLog log_;              // every request's line, whichever feature answered it
    TasksFeature tasks_;
    ResourcesFeature resources_;  // with the change watch
    PromptsFeature prompts_;
    MethodTable methods_;
    // What initialize settled, for every legacy request after it (none: not initialized).
    struct Legacy {
        Caller caller;  // era "legacy", protocol_version the negotiated one
        bool forms = false;  // it takes a form (MethodRequest::forms)
        bool apps = false;   // it declared MCP Apps (office_apps.h) and its revision has structuredContent
    };
    std::optional<Legacy> legacy_;
};

}  // namespace office
