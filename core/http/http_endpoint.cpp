#include "http_internal.h"

#include "era.h"
#include "office_store.h"
#include "session.h"

namespace office::http {

using namespace internal;

Endpoint::Endpoint(EndpointOptions options, Push push) : options_(std::move(options)), push_(std::move(push)) {
    if (!options_.now) options_.now = system_now;
}

Endpoint::~Endpoint() { close(); }

std::size_t Endpoint::sessions() const { return sessions_.size(); }

Connection& Endpoint::stateless_connection(const Principal* principal) {
    // One connection per caller and what it may do: an OAuth user's tokens may carry other
    // scopes from one request to the next, and each set of rights gets its own connection.
    std::string key = identity(principal);
    if (principal) {
        key += principal->approver ? "\napprover" : "\n";
        key += principal->admin ? "\nadmin" : "\n";
        for (const auto& tool : principal->tools) key += "\n" + tool;
    }
    auto& connection = stateless_[key];
    if (!connection) connection = std::make_unique<Connection>(connection_options(principal));
    return *connection;
}

void Endpoint::handle_one(Exchange& exchange, std::vector<Routed>& routed) {
    const Request& request = exchange.request;
    Response& response = exchange.response;
    const std::string_view target = request.target;
    if (target == "/healthz" || target == "/readyz") return answer_health(request, response);
    const bool metadata = options_.protected_resource && is_metadata_target(target);
    if (request.method == "OPTIONS" && (target == "/metrics" || metadata || is_mcp_target(target)))
        return answer_preflight(request, response);
    if (target == "/metrics") return answer_metrics(request, response);
    if (metadata) return answer_resource_metadata(request, response);
    if (is_calendar_target(target)) return answer_calendar(request, response);
    if (!is_mcp_target(target)) return refuse(response, 404, "Not Found: the MCP endpoint is /mcp");

    std::optional<Principal> principal;
    if (!admit(request, response, principal)) return;
    const Principal* caller = principal && !principal->name.empty() ? &*principal : nullptr;
    if (caller) exchange.principal = caller->name;

    if (request.method == "DELETE") {
        if (!header(request, "mcp-session-id")) {
            response.headers.emplace_back("Allow", "POST, DELETE");
            return refuse(response, 405, "Method Not Allowed: DELETE ends a session, and none was named");
        }
        Session* session = find_session(request, caller);
        if (!session) return refuse(response, 404, "Session not found");
        end_session(session->id, routed);
        response.status = 204;
        return;
    }
    if (request.method == "GET" && header(request, "mcp-session-id")) {
        // A 2025 session's standalone stream: where its resource notifications go.
        Session* session = find_session(request, caller);
        if (!session) return refuse(response, 404, "Session not found: initialize again");
        return open_get_stream(exchange, *session);
    }
    if (request.method != "POST") {
        // No GET stream without a session: 2026-07-28 requires 405 (subscriptions/listen replaces it).
        response.headers.emplace_back("Allow", "POST, DELETE");
        return refuse(response, 405, "Method Not Allowed: send JSON-RPC messages with POST");
    }
    if (refused_as_post(request, response)) return;
    if (request.body.size() > options_.max_body)
        return refuse(response, 413, "Payload Too Large: a message may hold at most " + std::to_string(options_.max_body) + " bytes");

    bool too_deep = false;
    const json message = parse_message(request.body, kMaxNesting, too_deep);
    if (message.is_discarded()) return refuse(response, 400, "Parse error: the body is not valid JSON", rpc::kParseError);
    // What the headers say that the protocol reads goes with the message, beside it (transport.h).
    Incoming incoming{message, too_deep};
    if (const auto* key = header(request, "idempotency-key")) {
        if (const auto problem = idempotency_conflict(message, *key); !problem.empty()) {
            const json* id = find_member(message, "id");
            return set_json(response, 400, rpc_body(id ? *id : json(), rpc::kInvalidParams, problem));
        }
        incoming.idempotency_key = *key;
    }
    if (const auto* traceparent = header(request, "traceparent")) incoming.traceparent = *traceparent;
    if (caller && !in_scope(message, *caller, response)) return;

    const json* version = nullptr;
    bool complete_envelope = false;  // every required field there (2026-07-28 basic, "Per-request protocol fields")
    const json* params = find_member(message, "params");
    if (const json* meta = params ? find_member(*params, "_meta") : nullptr; meta && meta->is_object()) {
        version = find_member(*meta, kMetaVersion);
        const json* capabilities = find_member(*meta, kMetaCapabilities);
        complete_envelope = version && capabilities && capabilities->is_object();
    }
    const std::string_view method = string_member(message, "method");
    // The era decides the route: the envelope is stateless; initialize opens a session;
    // anything else belongs to the session it names.
    if (version && !too_deep) {
        const std::string body_version = version->is_string() ? version->get<std::string>() : version->dump();
        if (const auto mismatch = header_mismatch(request, message, body_version); !mismatch.empty()) {
            const json* id = find_member(message, "id");
            set_json(response, 400, rpc_body(id ? *id : json(), kHeaderMismatch, mismatch));
            return;
        }
        return answer_stateless(exchange, incoming, caller, complete_envelope);
    }
    if (method == "initialize" && !header(request, "mcp-session-id")) return start_session(exchange, incoming, caller);
    if (!header(request, "mcp-session-id")) {
        // No envelope and no session: a 2026-07-28 request missing its _meta, or a legacy
        // client that skipped initialize. The stateless session says which, in JSON-RPC.
        return answer_stateless(exchange, incoming, caller, false);
    }
    Session* session = find_session(request, caller);
    if (!session) return refuse(response, 404, "Session not found: initialize again");
    if (const auto* v = header(request, "mcp-protocol-version"); v && !is_legacy_version(*v))
        return refuse(response, 400, "Bad Request: unsupported MCP-Protocol-Version " + *v);
    answer_in_session(exchange, *session, incoming, routed);
}

// What a POST's headers must say (its media types), before its body is looked at.
bool Endpoint::refused_as_post(const Request& request, Response& response) {
    if (!is_json_content(request)) {
        refuse(response, 415, "Unsupported Media Type: the body must be application/json");
        return true;
    }
    if (!accepts(request)) {
        refuse(response, 406, "Not Acceptable: the client must accept application/json and text/event-stream");
        return true;
    }
    return false;
}

// The refusals of handle_one that the headers alone decide, in its order, for screen(): a
// request they let through is answered by handle_one once its body has come.
bool Endpoint::refused_on_headers(Exchange& exchange) {
    const Request& request = exchange.request;
    Response& response = exchange.response;
    const std::string_view target = request.target;
    if (target == "/healthz" || target == "/readyz" || request.method == "OPTIONS") return false;
    std::optional<Principal> principal;
    if (target == "/metrics") return !options_.metrics_open && !admit(request, response, principal);
    if (options_.protected_resource && is_metadata_target(target)) return false;
    if (is_calendar_target(target)) return false;  // a GET: no body to wait for
    if (!is_mcp_target(target)) {
        refuse(response, 404, "Not Found: the MCP endpoint is /mcp");
        return true;
    }
    if (!admit(request, response, principal)) return true;
    if (principal && !principal->name.empty()) exchange.principal = principal->name;
    return request.method == "POST" && refused_as_post(request, response);
}

// For balancers and service managers: no token, no Origin, nothing about the office in the body.
// HEAD too (what some balancers send): the same answer, whose body the transport leaves out.
void Endpoint::answer_health(const Request& request, Response& response) {
    if (request.method != "GET" && request.method != "HEAD") {
        response.headers.emplace_back("Allow", "GET, HEAD");
        return refuse(response, 405, "Method Not Allowed: health checks are GET or HEAD");
    }
    const auto say = [&](int status, std::string_view text) {
        response.status = status;
        response.headers.emplace_back("Content-Type", "application/json");
        response.headers.emplace_back("Cache-Control", "no-store");
        response.body = json{{"status", text}}.dump() + "\n";
    };
    if (request.target == "/healthz") return say(200, "serving");
    if (draining_) return say(503, "draining");
    try {
        options_.store->change_mark();  // a real query: the database answers
    } catch (const StoreError&) {
        return say(503, "database unavailable");
    }
    say(200, "ready");
}

void Endpoint::answer_metrics(const Request& request, Response& response) {
    std::optional<Principal> principal;
    if (!options_.metrics_open && !admit(request, response, principal)) return;
    if (request.method != "GET") {
        response.headers.emplace_back("Allow", "GET");
        return refuse(response, 405, "Method Not Allowed: metrics are read with GET");
    }
    MetricsGauges gauges;
    gauges.version = server_version();
    gauges.sessions = static_cast<std::int64_t>(sessions_.size());
    gauges.sse_streams = static_cast<std::int64_t>(streams_.size() + get_streams_.size() + listens_.size());
    if (options_.open_connections) gauges.http_connections = options_.open_connections();
    try {
        gauges.approvals_waiting = options_.store->money().pending_approvals();
    } catch (const StoreError&) {
        metrics_.store_error();  // the rest is still worth scraping; the gauge is left out
    }
    response.headers.emplace_back("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    response.headers.emplace_back("Cache-Control", "no-store");
    response.body = metrics_.text(gauges);
}

void Endpoint::answer_stateless(Exchange& exchange, const Incoming& incoming, const Principal* principal, bool envelope) {
    if (string_member(incoming.message, "method") == "subscriptions/listen" && envelope)
        return open_listen(exchange, incoming, principal);
    auto [replies, handled] = run_round(stateless_connection(principal), incoming);
    Response& response = exchange.response;
    if (const auto status = round_status(handled)) return answer_round(response, status, std::move(replies));
    if (replies.empty()) {
        response.status = 202;  // a notification
        return;
    }
    // Without a complete envelope the request is malformed: its error is a 400 (2026-07-28 basic).
    int status = stateless_status(handled.error_code);
    if (status == 200 && !envelope && handled.error_code != 0) status = 400;
    set_json(response, status, std::move(replies));
}

}  // namespace office::http
