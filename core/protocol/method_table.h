#pragma once
// The session's table of methods (docs/architecture.md, "How to add an MCP feature"). Each MCP
// feature is an object that owns its state and registers the methods it serves here, with the
// eras that have them; Session::dispatch decides the request's era and caller, then looks its
// method up here. A new feature is a new file that registers itself, not new members of Session.

#include "era.h"
#include "json_rpc.h"
#include "log.h"
#include "tool.h"
#include "trace.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace office {

namespace method_detail {
inline const json kNoParams = json::object();
}

// One request as dispatch read it, for the method that serves it.
struct MethodRequest {
    json id;  // null for a notification
    std::string method;
    const json* params = &method_detail::kNoParams;  // always an object; points into the message
    bool modern = false;
    Caller caller;  // who asks, in which era ("" until dispatch decides) and protocol version
    const json* capabilities = &method_detail::kNoParams;  // the client's, for this request; points into the message
    const Revision& has() const { return revision(caller.protocol_version); }  // what its revision has
    // What its client takes, as its era declares it: a form (elicitation), only for a caller who
    // may approve; MCP Apps views (office_apps.h), in a revision with structuredContent.
    bool forms = false;
    bool apps = false;
    std::string* out = nullptr;  // for requests the session itself sends (legacy elicitation)
    // What the transport said about the message (transport.h); empty inside a batch.
    std::string_view idempotency_key;
    std::string_view traceparent;
    // For the log line: what tools/call ran and how it ended (protocol errors come from the reply).
    std::string_view tool;
    bool served = false;  // the method is one this session serves (a bounded metrics label)
    TraceIds trace;       // its trace context (core/support/trace.h); empty until the params are read
    Outcome outcome = Outcome::Ok;
    std::string problem;
    // A tool's complete result (run_tool), written to the wire without building a json reply.
    std::optional<ToolResult> complete;
};

// Whether `served` (a session's tools) holds the tool `name`; and one the menu shapes (order_lunch).
inline bool serves(const std::vector<const Tool*>& served, std::string_view name) {
    for (const Tool* tool : served)
        if (tool->name == name) return true;
    return false;
}
inline bool serves_menu_tool(const std::vector<const Tool*>& served) {
    for (const Tool* tool : served)
        if (tool->shaped_by_menu) return true;
    return false;
}

// A method's result, or nothing: a notification, or a call parked on a person. A refusal is
// thrown as a ProtocolError (json_rpc.h).
using MethodReply = std::optional<json>;

class MethodTable {
public:
    using Handler = std::function<MethodReply(MethodRequest&)>;
    struct Method {
        Handler handler;
        bool legacy = false;  // served to the 2025 eras (after initialize)
        bool modern = false;  // served to 2026-07-28 requests
    };
    enum class Eras { Legacy, Modern, Both };

    // `name` must outlive the table (a string literal).
    void add(std::string_view name, Eras eras, Handler handler) {
        methods_[name] = {std::move(handler), eras != Eras::Modern, eras != Eras::Legacy};
    }
    // The method `name` as served in the request's era, or nullptr (-32601).
    const Method* find(std::string_view name, bool modern) const {
        const auto it = methods_.find(name);
        if (it == methods_.end() || !(modern ? it->second.modern : it->second.legacy)) return nullptr;
        return &it->second;
    }

private:
    std::unordered_map<std::string_view, Method> methods_;
};

}  // namespace office
