#pragma once
// What the endpoint's files share, and nothing outside them includes. The endpoint is one class
// (http_endpoint.h) whose parts live in files named for what they do:
//   http_endpoint.cpp      routing by target, method and era; the stateless 2026-07-28 answer
//   http_rules.cpp         the header rules (Content-Type, Accept, the mirrored MCP headers,
//                          base64 values) and the bodies and SSE events the others write
//   http_auth.cpp          who may call: Origin, bearer tokens, the tools a token's profile allows
//   http_sessions.cpp      2025 sessions and their SSE streams, listen streams, change pushes
//   http_group_commit.cpp  a group of requests at hand: one commit; the boundary of contained.h
//   http_calendar.cpp      GET /calendar.ics: the bookings for a person's calendar app

#include "era.h"
#include "http_endpoint.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace office::http {

namespace internal {

inline constexpr int kHeaderMismatch = -32020;

std::string lower(std::string_view text);
// GET /calendar.ics (http_calendar.cpp), with or without a query.
bool is_calendar_target(std::string_view target);
// The target as the log may show it: a ?token= value (GET /calendar.ics) as ***, cut at 200.
std::string loggable_target(std::string_view target);
// Who a principal is, as a key no other kind of caller can share: "token:alice", "oauth:<sub>",
// "" for anonymous.
std::string identity(const Principal* principal);
const std::string* header(const Request& request, std::string_view name);
std::string rpc_body(const json& id, int code, std::string_view message, json data = nullptr);
// A response with a JSON body: a JSON-RPC message, or an error with no id for the
// transport-level refusals (the spec's "JSON-RPC error response that has no id").
void set_json(Response& response, int status, std::string body);
void refuse(Response& response, int status, std::string_view message, int code = rpc::kInvalidRequest);
// An SSE stream response: its first events in `body` (never empty: an empty first chunk would
// end a chunked body), left open.
void open_sse(Response& response, std::uint64_t stream, std::string body);
std::string sse_event(std::string_view line);
// The message's id as a map key ("" for none): ids are strings or integers, compared as JSON.
std::string id_key(const json& message);
// The lines (each with its '\n') of a connection's replies.
std::vector<std::string_view> lines_of(std::string_view replies);
// One message as one round of `connection` (the endpoint holds any group's batch itself): the
// replies the round released, and how the message went.
struct Round {
    std::string replies;
    Handled handled;
};
Round run_round(Connection& connection, const Incoming& incoming);
// Why a tools/call whose Idempotency-Key header is `key` is refused: its _meta names another key
// (core/office/idempotency.h); "" when it does not.
std::string idempotency_conflict(const json& message, std::string_view key);
// The HTTP status a message's outcome asks for itself, none (false) for a plain answer: 500 when
// it hit a defect of ours (contained.h), 503 when the office's database is unavailable for now
// (StoreError::unavailable), 429 when its call was over its caller's limit
// (core/office/rate_limits.h). answer_round answers with it, the session's JSON-RPC error in the
// body (or one of ours for a message the session does not answer), and Retry-After with a 503
// (1 s) or a 429 (when the caller's bucket has a call again).
struct RoundStatus {
    int status = 0;
    std::int64_t retry_after_s = 0;
    explicit operator bool() const { return status != 0; }
};
RoundStatus round_status(const Handled& handled);
void answer_round(Response& response, RoundStatus status, std::string replies);
inline constexpr const char* kRetryAfterSeconds = "1";
// The HTTP status of a stateless reply with JSON-RPC error `code` (0: a result) (2026-07-28
// transport spec: an unknown method is 404; an unsupported version, a missing capability and a
// malformed request are 400).
int stateless_status(int code);
bool accepts(const Request& request);
// /mcp, with or without a query.
bool is_mcp_target(std::string_view target);
// Where the protected resource metadata is served (RFC 9728: with and without the resource's path).
bool is_metadata_target(std::string_view target);
bool is_json_content(const Request& request);
// The 2026-07-28 header rules (transports, "Server Validation"): the mirrored headers are
// present and say what the body says. "" when they do.
std::string header_mismatch(const Request& request, const json& message, std::string_view body_version);

}  // namespace internal

// A legacy client's session: its Connection, who opened it, and its open SSE streams.
struct Endpoint::Session {
    std::string id;
    std::string principal;  // the token that opened it; only that token may use it
    std::unique_ptr<Connection> connection;
    std::int64_t last_used = 0;
    // Open streams by the id (JSON) of the request whose response ends them, newest last.
    std::vector<std::pair<std::string, std::uint64_t>> streams;
    std::uint64_t get_stream = 0;  // the standalone GET stream, 0 when none is open
};

// Replies of the group waiting for its commit: events for streams opened by earlier POSTs.
struct Endpoint::Routed {
    std::uint64_t stream;
    std::string events;
    bool end;
    std::string id;  // the request the stream answers (for an error if the commit fails)
};

}  // namespace office::http
