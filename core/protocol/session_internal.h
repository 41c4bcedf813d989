#pragma once
// What the session's files share, and nothing outside them includes. The session is one class
// (session.h) whose parts live in files named for the MCP feature they serve; the features
// that are objects of their own (prompts_feature.h, resources_feature.h, tasks_feature.h)
// need none of this.
//   session.cpp            the lifecycle: messages in, the eras, the method table, initialize,
//                          ping, discover
//   session_tools.cpp      tools/list and tools/call
//   session_asking.cpp     the ways a person is asked: input_required with a sealed
//                          requestState (2026-07-28), elicitation/create and parked calls (2025)
//   session_log.cpp        the log line of every request

#include "era.h"
#include "icons.h"
#include "session.h"
#include "prompts_feature.h"
#include "tasks_feature.h"
#include "tool_reply.h"

#include <chrono>
#include <optional>
#include <string>

namespace office {

namespace session_internal {

inline constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
inline constexpr std::string_view kMetaProblems = "office-mcp/problems";

// params._meta.traceparent when it is a string (core/support/trace.h judges it), else "".
inline std::string_view traceparent_of(const json& params) {
    const json* meta = find_member(params, "_meta");
    const json* value = meta && meta->is_object() ? find_member(*meta, kTraceparent) : nullptr;
    return value && value->is_string() ? std::string_view(value->get_ref<const std::string&>()) : std::string_view();
}
inline constexpr std::int64_t kToolsTtlMs = 3'600'000;
// A call over its caller's limit, as a JSON-RPC error (HTTP answers it 429 with Retry-After):
// in the implementation-defined server range; MCP defines no code for it.
inline constexpr int kRateLimited = -32000;

using method_detail::kNoParams;
// What the log line of a call parked on a person is given as its reply: not a notification,
// answered later (its id is the request's).
inline const json kReplyLater = nullptr;

// `with_icons`: where a client learns who the server is (initialize, server/discover), and only
// in the revisions that have icons.
inline json server_info(std::string_view version, bool with_icons = false) {
    json info{{"name", kServerName}, {"version", server_version()}};
    if (revision(version).titles) info["title"] = "Office";
    if (with_icons && revision(version).icons) info["icons"] = server_icons();
    return info;
}

// The serverInfo every 2026-07-28 result carries in its _meta.
inline const json& modern_server_info() {
    static const json info = server_info(kModernVersion);
    return info;
}

// modern_server_info() as dump() writes it: the direct reply copies it (ToolReplyShape).
inline std::string_view modern_server_info_text() {
    static const std::string text = modern_server_info().dump(-1, ' ', false, json::error_handler_t::replace);
    return text;
}

// A form is possible when elicitation is declared without modes (form only) or with form.
inline bool declares_form_elicitation(const json& capabilities) {
    if (!capabilities.is_object()) return false;
    const auto it = capabilities.find("elicitation");
    if (it == capabilities.end() || !it->is_object()) return false;
    return it->empty() || it->contains("form");
}

using Clock = std::chrono::steady_clock;

inline ProtocolError invalid_params(std::string message) { return {rpc::kInvalidParams, std::move(message)}; }

}  // namespace session_internal


// What a tool's reply carries in the revision that `has` (without the 2026-07-28 serverInfo).
inline ToolReplyShape reply_shape(const Revision& has) {
    return {.structured_content = has.structured_content, .resource_links = has.resource_links};
}

// A legacy tools/call waiting for the client's answer to our elicitation/create.
struct Session::Parked {
    json original_id;
    const Tool* tool;
    json arguments;
    std::string key;
    Caller caller;
    int asks = 1;  // how often the person has been asked in this call, this ask included
    std::optional<IdempotencyKey> idempotency;  // the call's key, if it came with one
};

}  // namespace office
