#pragma once
// MCP over Streamable HTTP, as data (docs/architecture.md, "HTTP"): HTTP requests in, HTTP
// responses out, no sockets. http_server/http_server.cpp moves the bytes (Boost.Beast); the
// tests drive this class directly. It decides everything the transport spec asks of a server:
//
// - 2026-07-28 requests are stateless: every POST is one message on a Connection kept per
//   caller (nothing of it survives the request), so any replica answers any call. Their
//   MCP-Protocol-Version, Mcp-Method and Mcp-Name headers must match the body (-32020).
// - Older clients (2025-03-26 … 2025-11-25) get a session: `initialize` makes a Connection
//   named by a random Mcp-Session-Id, DELETE ends it, an unknown id is 404. A call parked on a
//   person answers its POST with an SSE stream: elicitation/create first, the result later,
//   pushed when the POST carrying the person's answer arrives.
// - Change notifications (resources): a 2026-07-28 `subscriptions/listen` POST is answered with
//   an SSE stream left open (its acknowledgment first, then notifications/resources/updated),
//   backed by a Connection of its own that lives as long as the stream. A 2025 session gets its
//   notifications on the standalone GET stream (GET /mcp with its Mcp-Session-Id). poll(),
//   called on a timer by the transport, looks for changes made by any process.
// - Who calls: with tokens, every request needs `Authorization: Bearer`; the token's name is
//   the caller's principal and its profile limits the tools. Origin is checked on every request.
// - GET /metrics: what the office has done, for Prometheus (core/support/metrics.h).
//
// Group commit: handle() takes every request the transport has at hand. When there are
// several, their writes join one transaction on the shared store, and no response of the
// group is released before that one commit (the rule of core/protocol/connection.h, for many
// connections at once).

#include "connection.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace office::http {

// Header names lowercased; one value each (a repeated header is refused before it gets here).
using Headers = std::map<std::string, std::string, std::less<>>;

struct Request {
    std::string method;  // GET, POST, ...
    std::string target;  // /mcp
    Headers headers;
    std::string body;
    std::string remote{};  // the peer's address, for the log of a refusal ("" when unknown)
};

struct Response {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Length
    std::string body;
    // text/event-stream left open: `body` holds the first events; Endpoint::Push carries the
    // rest to `stream`, the last with end = true.
    bool open_stream = false;
    std::uint64_t stream = 0;
    // Set when the endpoint itself refused the request (not the session's JSON-RPC answer): the
    // reason, for the one log line every refused request gets.
    std::string refused{};
};

struct Exchange {
    Request request;
    Response response;
    std::string principal{};  // who the bearer token named, once known (for the log of a refusal)
};

// Who a bearer token names (core/office/tokens.h keeps the static tokens; an OAuth access token
// names its subject, core/http/oauth.h), and the tools its profile or scopes allow.
struct Principal {
    std::string name;                // "" for anonymous; a static token's NAME or an OAuth token's sub
    std::vector<std::string> tools;  // empty: every tool the server serves
    std::string label{};             // how the audit shows it (an OAuth user's name); "": the name
    bool approver{false};            // may approve money: receive and answer a refund form
    bool admin{false};               // may keep the office's records: the admin tools (core/office/tool.h)
    bool oauth{false};               // proved by an OAuth access token (its scopes chose `tools`)
};

// What the bearer check decided: the caller, or why not (401; 503 when the authorization server
// could not be asked). `problem` is a sentence for error_description and the log, never the token.
struct Authentication {
    Authentication() = default;
    Authentication(std::optional<Principal> who) : caller(std::move(who)) {}  // implicit: the caller, or a plain refusal
    std::optional<Principal> caller;
    std::string problem;  // "": "the bearer token is not valid"
    bool unavailable = false;
};

// An OAuth 2.1 resource server's public face (RFC 9728): served at
// /.well-known/oauth-protected-resource[/mcp] and named by every challenge.
struct ProtectedResource {
    std::string resource;                            // this server's canonical URL (RFC 8707 audience)
    std::vector<std::string> authorization_servers;  // issuers
    std::vector<std::string> scopes;                 // scopes_supported
};

struct EndpointOptions {
    std::vector<std::string> tools;  // what this server serves; empty: every tool
    ServingSettings settings;        // the operator's, for every session (serving_settings.h); past a limit: 429
    std::shared_ptr<OfficeStore> store;
    std::function<std::unique_ptr<StateSealer>()> open_sealer;
    UnixClock now;                   // default: system_now
    Logger* logger = nullptr;
    // Tokens: called with each request's bearer token (nullopt: none sent); returns the caller
    // (an empty name: anonymous, when no token is needed) or why not, refused with 401.
    // Unset: no tokens; every caller is anonymous and a bearer token is ignored.
    std::function<Authentication(std::optional<std::string_view> token)> authenticate;
    // Whether a caller without a token may approve money (answer a refund form): the one local
    // user of an office on loopback without tokens, never anyone who reaches a network port.
    bool anonymous_may_approve = true;
    // OAuth (--oauth-issuer): the metadata served and named in every 401/403 challenge. Shared
    // with the transport, which fills in `resource` once it knows its port (before any request).
    std::shared_ptr<const ProtectedResource> protected_resource;
    // Origins a browser page may call from (exact "scheme://host[:port]"). With
    // `allow_loopback_origins`, http(s)://localhost, 127.0.0.1 and [::1] on any port also pass.
    std::vector<std::string> allowed_origins;
    bool allow_loopback_origins = true;
    // GET /metrics (core/support/metrics.h): behind the same Origin check and token as /mcp
    // (any valid token), unless `metrics_open` (--metrics-open): then anyone who reaches the port.
    bool metrics_open = false;
    std::function<std::int64_t()> open_connections;  // the transport's TCP connections, for /metrics
    std::size_t max_body = 4 * 1024 * 1024;
    std::size_t max_sessions = 1000;
    std::chrono::seconds session_idle{30 * 60};
};

class Endpoint {
public:
    // More events for an open stream; `end`: the stream is complete and may be closed.
    using Push = std::function<void(std::uint64_t stream, std::string_view events, bool end)>;

    Endpoint(EndpointOptions options, Push push);
    ~Endpoint();
    Endpoint(const Endpoint&) = delete;
    Endpoint& operator=(const Endpoint&) = delete;

    // Answers every exchange's request in its response (see the group commit rule above).
    void handle(const std::vector<Exchange*>& group);
    // Judges a request on its headers alone, before its body is read: the transport asks when a
    // client sent `Expect: 100-continue`, so that a request refused on its headers (Origin,
    // token, method, media types) gets its final status at once, never a 100 and then a
    // refusal after the body. True: the body may come (answer 100). False: the refusal is in
    // exchange.response, logged and counted as handle() would have.
    bool screen(Exchange& exchange);
    // The client closed a stream still open: nothing more is sent on it (a legacy call parked
    // on it stays parked for its session; its result, if it comes, has nowhere to go).
    void stream_closed(std::uint64_t stream);
    // Ends sessions idle longer than session_idle (their parked calls are dropped, nothing changed).
    void expire_sessions();
    // Ends every session (the server is stopping); every open subscriptions/listen stream
    // gets its graceful completion result and ends.
    void close();
    // Change notifications for what changed since the last poll (any process's writes), pushed
    // to the listen streams and the sessions' GET streams. Cheap when nobody watches.
    void poll();

    std::size_t sessions() const;

    // Health checks, answered on any endpoint without a token (a balancer's and a service
    // manager's): GET /healthz is 200 while the process serves; GET /readyz is 200 when the
    // office's database answers a query and the server is not draining, else 503. Their bodies
    // are one line of JSON saying which ({"status":"ready"}), nothing about the office.
    // The server is stopping: /readyz answers 503 from now on, so a balancer stops sending.
    void start_draining() { draining_ = true; }
    bool store_replaced() const { return options_.store && options_.store->replaced(); }  // OfficeStore::replaced

    // What /metrics shows; the transport adds what only it sees.
    Metrics& metrics() { return metrics_; }

private:
    struct Session;
    struct Routed;
    void handle_one(Exchange& exchange, std::vector<Routed>& routed);
    void answer_health(const Request& request, Response& response);
    void answer_metrics(const Request& request, Response& response);
    void answer_resource_metadata(const Request& request, Response& response);
    void answer_preflight(const Request& request, Response& response);
    bool origin_allowed(std::string_view origin) const;
    void add_cors(const Request& request, Response& response) const;
    bool refused_on_headers(Exchange& exchange);
    bool refused_as_post(const Request& request, Response& response);
    // `url_token`: a token the URL carried (?token=, GET /calendar.ics only), used when the
    // request has no Authorization header.
    bool admit(const Request& request, Response& response, std::optional<Principal>& principal,
               std::optional<std::string_view> url_token = std::nullopt);
    void answer_calendar(const Request& request, Response& response);
    bool in_scope(const json& message, const Principal& principal, Response& response);
    std::string challenge(std::string_view error, std::string_view scope, std::string_view description) const;
    void log_refusal(const Exchange& exchange);
    void fail_exchange(Exchange& exchange, const std::string& problem);
    void answer_stateless(Exchange& exchange, const Incoming& incoming, const Principal* principal,
                          bool envelope);
    void start_session(Exchange& exchange, const Incoming& incoming, const Principal* principal);
    void answer_in_session(Exchange& exchange, Session& session, const Incoming& incoming,
                           std::vector<Routed>& routed);
    Connection& stateless_connection(const Principal* principal);
    ConnectionOptions connection_options(const Principal* principal);
    Session* find_session(const Request& request, const Principal* principal);
    // Ends session `id`; the end of each stream it holds is queued on `routed`.
    void end_session(const std::string& id, std::vector<Routed>& routed);
    void open_listen(Exchange& exchange, const Incoming& incoming, const Principal* principal);
    void open_get_stream(Exchange& exchange, Session& session);
    bool evict_one_idle_session();
    void poll(std::vector<Routed>& routed);
    // Hands `routed` to the transport. A stream that one of `group`'s responses opens is not
    // the transport's yet (it learns of it with that response): its events join the response.
    void deliver(const std::vector<Routed>& routed, const std::vector<Exchange*>& group);

    EndpointOptions options_;
    Push push_;
    std::map<std::string, std::unique_ptr<Connection>, std::less<>> stateless_;  // by principal
    std::map<std::string, std::unique_ptr<Session>, std::less<>> sessions_;     // by Mcp-Session-Id
    std::map<std::uint64_t, Session*> streams_;  // open SSE streams and their session
    std::map<std::uint64_t, Session*> get_streams_;  // a session's standalone GET stream
    std::map<std::uint64_t, std::unique_ptr<Connection>> listens_;  // open subscriptions/listen streams
    std::uint64_t next_stream_ = 1;
    bool draining_ = false;
    Metrics metrics_;
};

// Helpers the endpoint uses, public for their tests and the fuzzer.

// RFC 9728's well-known path, and the metadata URL of `resource` (the path inserted after it:
// https://office.example/mcp -> https://office.example/.well-known/oauth-protected-resource/mcp).
inline constexpr std::string_view kResourceMetadataPath = "/.well-known/oauth-protected-resource";
std::string resource_metadata_url(std::string_view resource);

// `text` if it is a plain header value, the decoded bytes of the spec's "=?base64?…?=" form,
// or nullopt when it is neither (bad characters, bad base64).
std::optional<std::string> decode_header_value(std::string_view text);
// The token of "Bearer <token>" (scheme case-insensitive), or nullopt.
std::optional<std::string_view> bearer_token(std::string_view authorization);
// Whether `origin` ("scheme://host[:port]") names this machine: localhost, 127.0.0.1 or [::1].
bool is_loopback_origin(std::string_view origin);

// A refusal the transport makes on a request's framing, before reading its body; then the
// connection closes, since where the request ends (and the next begins) cannot be known.
struct FramingRefusal {
    int status = 0;  // 0: the body can be read as the headers say
    std::string reason{};
    explicit operator bool() const { return status != 0; }
};
// RFC 9112 sections 6.1 and 6.3 on Transfer-Encoding (every such field's value, joined with
// ", "; nullopt when none was sent): only `chunked`, once and last, is read. A final coding that
// is not chunked leaves the length unknown (400); chunked last after a coding we do not
// implement is 501; Transfer-Encoding beside Content-Length, or in an HTTP/1.0 request, is 400.
FramingRefusal framing_refusal(std::optional<std::string_view> transfer_encoding, bool content_length, bool http_1_0);
// RFC 9110 section 10.1.1 on Expect (nullopt when none was sent): whether the client waits for
// `100 Continue` before its body (true), or not (false); 417 for an expectation other than
// 100-continue. An HTTP/1.0 request's Expect is ignored, as the RFC says.
struct Expectation {
    bool wait_for_100 = false;
    FramingRefusal refusal{};
};
Expectation expectation(std::optional<std::string_view> expect, bool http_1_0);

}  // namespace office::http
