#include "http_endpoint.h"

#include "contained.h"

#include "era.h"
#include "office_store.h"
#include "session.h"

#include <openssl/rand.h>

#include <algorithm>
#include <cctype>

namespace office::http {

namespace {

constexpr std::string_view kMetaVersion = "io.modelcontextprotocol/protocolVersion";
constexpr std::string_view kMetaCapabilities = "io.modelcontextprotocol/clientCapabilities";
constexpr int kHeaderMismatch = -32020;

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const std::string* header(const Request& request, std::string_view name) {
    const auto it = request.headers.find(name);
    return it == request.headers.end() ? nullptr : &it->second;
}

std::string rpc_body(const json& id, int code, std::string_view message, json data = nullptr) {
    std::string body;
    append_line(body, make_error(id, code, message, std::move(data)));
    return body;
}

// A response with a JSON body: a JSON-RPC message, or an error with no id for the
// transport-level refusals (the spec's "JSON-RPC error response that has no id").
void set_json(Response& response, int status, std::string body) {
    response.status = status;
    response.headers.emplace_back("Content-Type", "application/json");
    response.body = std::move(body);
}

void refuse(Response& response, int status, std::string_view message, int code = rpc::kInvalidRequest) {
    set_json(response, status, rpc_body(nullptr, code, message));
}

// An SSE stream response: its first events in `body` (never empty: an empty first chunk would
// end a chunked body), left open.
void open_sse(Response& response, std::uint64_t stream, std::string body) {
    response.status = 200;
    response.headers.emplace_back("Content-Type", "text/event-stream");
    response.headers.emplace_back("Cache-Control", "no-cache");
    response.headers.emplace_back("X-Accel-Buffering", "no");
    response.body = body.empty() ? std::string(":\n\n") : std::move(body);
    response.open_stream = true;
    response.stream = stream;
}

std::string sse_event(std::string_view line) {
    // Each reply is one line of compact JSON (append_line), so one data field carries it.
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    std::string event = "event: message\ndata: ";
    event.append(line);
    event += "\n\n";
    return event;
}

// The message's id as a map key ("" for none): ids are strings or integers, compared as JSON.
std::string id_key(const json& message) {
    const auto it = message.find("id");
    return it == message.end() || it->is_null() ? std::string() : it->dump();
}

// The lines (each with its '\n') of a connection's replies.
std::vector<std::string_view> lines_of(std::string_view replies) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < replies.size()) {
        const auto end = replies.find('\n', start);
        lines.push_back(replies.substr(start, end - start + 1));
        start = end + 1;
    }
    return lines;
}

// One message as one round of `connection` (the endpoint holds any group's batch itself), and
// the replies the round released.
std::string run_round(Connection& connection, const json& message, bool too_deep) {
    connection.begin_round(false);
    connection.feed_message(message, too_deep);
    connection.end_round(false);
    return connection.take_replies();
}

// Whether the round's message hit a defect of ours (contained.h): its request is answered 500,
// with the session's -32603 (or one of ours for a message the session does not answer).
bool failed(Connection& connection) { return connection.session().last_message_failed(); }
void answer_failed(Response& response, std::string replies) {
    if (replies.empty()) replies = rpc_body(nullptr, rpc::kInternalError, "Internal error: office-mcp failed while handling this message");
    set_json(response, 500, std::move(replies));
}

std::string random_session_id() {
    unsigned char bytes[16];
    if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("no random bytes for a session id");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id;
    for (unsigned char b : bytes) {
        id += kHex[b >> 4];
        id += kHex[b & 15];
    }
    return id;
}

// The JSON-RPC error code of a reply line, 0 for a result.
int error_code(std::string_view line) {
    if (line.find("\"error\"") == std::string_view::npos) return 0;  // a result: no need to parse it
    const json reply = json::parse(line, nullptr, false);
    const json* error = find_member(reply, "error");
    const json* code = error ? find_member(*error, "code") : nullptr;
    return code && code->is_number_integer() ? code->get<int>() : 0;
}

// The HTTP status of a stateless reply (2026-07-28 transport spec: an unknown method is 404;
// an unsupported version, a missing capability and a malformed request are 400).
int stateless_status(std::string_view reply) {
    switch (error_code(reply)) {
    case rpc::kMethodNotFound: return 404;
    case rpc::kParseError:
    case rpc::kInvalidRequest:
    case rpc::kUnsupportedVersion:
    case rpc::kMissingCapability:
    case kHeaderMismatch: return 400;
    default: return 200;
    }
}

bool accepts(const Request& request) {
    const auto* accept = header(request, "accept");
    if (!accept) return false;
    const std::string a = lower(*accept);
    if (a.find("*/*") != std::string::npos) return true;
    return a.find("application/json") != std::string::npos && a.find("text/event-stream") != std::string::npos;
}

bool is_json_content(const Request& request) {
    const auto* type = header(request, "content-type");
    if (!type) return false;
    const std::string t = lower(*type);
    return t.rfind("application/json", 0) == 0 && (t.size() == 16 || t[16] == ';' || t[16] == ' ');
}

// The one name a request carries for Mcp-Name: params.name or params.uri.
const json* name_in_body(const json& message) {
    const auto params = message.find("params");
    if (params == message.end() || !params->is_object()) return nullptr;
    for (const char* key : {"name", "uri"}) {
        const auto it = params->find(key);
        if (it != params->end()) return &*it;
    }
    return nullptr;
}

// The 2026-07-28 header rules (transports, "Server Validation"): the mirrored headers are
// present and say what the body says. "" when they do.
std::string header_mismatch(const Request& request, const json& message, std::string_view body_version) {
    const auto* version = header(request, "mcp-protocol-version");
    if (!version) return "Header mismatch: MCP-Protocol-Version header is missing";
    if (*version != body_version)
        return "Header mismatch: MCP-Protocol-Version header value '" + *version + "' does not match body value '" +
               std::string(body_version) + "'";
    const json* method_member = find_member(message, "method");
    // A method that is not a string is the session's to refuse (-32600), as on stdio.
    if (method_member && !method_member->is_string()) return {};
    const std::string_view method = string_member(message, "method");
    const auto* mcp_method = header(request, "mcp-method");
    if (!mcp_method) return "Header mismatch: Mcp-Method header is missing";
    if (*mcp_method != method)
        return "Header mismatch: Mcp-Method header value '" + *mcp_method + "' does not match body value '" + std::string(method) + "'";
    if (method == "tools/call" || method == "resources/read" || method == "prompts/get") {
        const auto* raw = header(request, "mcp-name");
        if (!raw) return "Header mismatch: Mcp-Name header is missing";
        const auto decoded = decode_header_value(*raw);
        if (!decoded) return "Header mismatch: Mcp-Name header value is not a valid header value";
        const json* name = name_in_body(message);
        if (!name || !name->is_string() || name->get_ref<const std::string&>() != *decoded)
            return "Header mismatch: Mcp-Name header value '" + *raw + "' does not match body value '" +
                   (name && name->is_string() ? name->get<std::string>() : std::string()) + "'";
    }
    return {};
}

std::vector<std::string> tools_for(const std::vector<std::string>& served, const std::vector<std::string>& allowed) {
    if (allowed.empty()) return served;
    if (served.empty()) return allowed;
    std::vector<std::string> both;
    for (const auto& name : served)
        if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) both.push_back(name);
    // Nothing in common: still a list, so the session serves none rather than all.
    if (both.empty()) both.push_back("");
    return both;
}

}  // namespace

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

Endpoint::Endpoint(EndpointOptions options, Push push) : options_(std::move(options)), push_(std::move(push)) {
    if (!options_.now) options_.now = system_now;
}

Endpoint::~Endpoint() { close(); }

std::size_t Endpoint::sessions() const { return sessions_.size(); }

ConnectionOptions Endpoint::connection_options(const Principal* principal) {
    ConnectionOptions c;
    c.tools = tools_for(options_.tools, principal ? principal->tools : std::vector<std::string>{});
    c.open_store = [store = options_.store] { return store; };
    c.open_sealer = options_.open_sealer;
    c.now = options_.now;
    c.logger = options_.logger;
    c.max_line = options_.max_body;
    c.principal = principal ? principal->name : std::string();
    return c;
}

Connection& Endpoint::stateless_connection(const Principal* principal) {
    const std::string key = principal ? principal->name : std::string();
    auto& connection = stateless_[key];
    if (!connection) connection = std::make_unique<Connection>(connection_options(principal));
    return *connection;
}

void Endpoint::handle(const std::vector<Exchange*>& group) {
    std::vector<Routed> routed;
    const bool grouped = group.size() > 1;
    if (grouped) options_.store->begin_batch();
    for (Exchange* exchange : group) {
        // The HTTP boundary of contained.h: a defect ends this exchange with a 500; a write
        // unit it had open was rolled back as the exception left it, and the rest of the group
        // is answered and committed as usual.
        const auto failure = contain([&] { handle_one(*exchange, routed); });
        if (failure) fail_exchange(*exchange, *failure);
    }
    if (grouped) {
        try {
            options_.store->end_batch();
        } catch (const StoreError& e) {
            // Nothing of the group was committed, so nothing of it may be acknowledged.
            const std::string problem = std::string("cannot commit: ") + e.what();
            for (Exchange* exchange : group) {
                auto& response = exchange->response;
                if (response.status >= 400) continue;
                if (response.open_stream) stream_closed(response.stream);
                response = Response{};
                refuse(response, 503, problem, rpc::kInternalError);
            }
            for (const auto& r : routed) {
                if (r.id.empty()) continue;  // a notification for a GET stream: nothing to take back
                if (!streams_.count(r.stream)) continue;  // told once
                stream_closed(r.stream);
                push_(r.stream, sse_event(rpc_body(json::parse(r.id), rpc::kInternalError, problem)), true);
            }
            return;
        }
    }
    for (const auto& r : routed) {
        if (r.end) stream_closed(r.stream);
        push_(r.stream, r.events, r.end);
    }
    // This group's own writes, told to whoever watches now rather than at the next tick.
    poll();
}

void Endpoint::fail_exchange(Exchange& exchange, const std::string& problem) {
    Response& response = exchange.response;
    if (response.open_stream) stream_closed(response.stream);
    response = Response{};
    refuse(response, 500, "Internal error: " + problem, rpc::kInternalError);
    if (options_.logger)
        contain([&] {
            options_.logger->event(LogLevel::Error, "internal_error",
                                   {{"in", exchange.request.method + " " + exchange.request.target}, {"problem", problem}});
        });
}

void Endpoint::handle_one(Exchange& exchange, std::vector<Routed>& routed) {
    const Request& request = exchange.request;
    Response& response = exchange.response;
    const std::string_view target = request.target;
    if (target != "/mcp" && !target.starts_with("/mcp?")) return refuse(response, 404, "Not Found: the MCP endpoint is /mcp");

    // DNS rebinding: a browser page from elsewhere must not reach a local office.
    if (const auto* origin = header(request, "origin")) {
        const bool listed = std::find(options_.allowed_origins.begin(), options_.allowed_origins.end(), *origin) !=
                            options_.allowed_origins.end();
        if (!listed && !(options_.allow_loopback_origins && is_loopback_origin(*origin)))
            return refuse(response, 403, "Forbidden: Origin " + *origin + " is not allowed");
    }

    std::optional<Principal> principal;
    if (options_.authenticate) {
        const auto* authorization = header(request, "authorization");
        const auto token = authorization ? bearer_token(*authorization) : std::nullopt;
        principal = options_.authenticate(token);
        if (!principal) {
            refuse(response, 401, token ? "Unauthorized: the bearer token is not valid" : "Unauthorized: a bearer token is required");
            response.headers.emplace_back("WWW-Authenticate", token ? R"(Bearer realm="office-mcp", error="invalid_token")"
                                                                    : R"(Bearer realm="office-mcp")");
            return;
        }
    }
    const Principal* caller = principal && !principal->name.empty() ? &*principal : nullptr;

    if (request.method == "DELETE") {
        if (!header(request, "mcp-session-id")) {
            response.headers.emplace_back("Allow", "POST, DELETE");
            return refuse(response, 405, "Method Not Allowed: DELETE ends a session, and none was named");
        }
        Session* session = find_session(request, caller);
        if (!session) return refuse(response, 404, "Session not found");
        end_session(session->id);
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
    if (!is_json_content(request)) return refuse(response, 415, "Unsupported Media Type: the body must be application/json");
    if (!accepts(request))
        return refuse(response, 406, "Not Acceptable: the client must accept application/json and text/event-stream");
    if (request.body.size() > options_.max_body)
        return refuse(response, 413, "Payload Too Large: a message may hold at most " + std::to_string(options_.max_body) + " bytes");

    bool too_deep = false;
    const json message = parse_message(request.body, kMaxNesting, too_deep);
    if (message.is_discarded()) return refuse(response, 400, "Parse error: the body is not valid JSON", rpc::kParseError);

    const json* version = nullptr;
    bool complete_envelope = false;  // every required field there (2026-07-28 basic, "Per-request protocol fields")
    if (message.is_object() && message.contains("params") && message["params"].is_object()) {
        const auto& params = message["params"];
        const auto m = params.find("_meta");
        if (m != params.end() && m->is_object()) {
            const auto v = m->find(kMetaVersion);
            if (v != m->end()) version = &*v;
            complete_envelope = version && m->contains(kMetaCapabilities);
        }
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
        return answer_stateless(exchange, message, too_deep, caller, complete_envelope);
    }
    if (method == "initialize" && !header(request, "mcp-session-id")) return start_session(exchange, message, too_deep, caller);
    if (!header(request, "mcp-session-id")) {
        // No envelope and no session: a 2026-07-28 request missing its _meta, or a legacy
        // client that skipped initialize. The stateless session says which, in JSON-RPC.
        return answer_stateless(exchange, message, too_deep, caller, false);
    }
    Session* session = find_session(request, caller);
    if (!session) return refuse(response, 404, "Session not found: initialize again");
    if (const auto* v = header(request, "mcp-protocol-version"); v && !is_legacy_version(*v))
        return refuse(response, 400, "Bad Request: unsupported MCP-Protocol-Version " + *v);
    answer_in_session(exchange, *session, message, too_deep, routed);
}

void Endpoint::answer_stateless(Exchange& exchange, const json& message, bool too_deep, const Principal* principal,
                                bool envelope) {
    if (string_member(message, "method") == "subscriptions/listen" && envelope)
        return open_listen(exchange, message, too_deep, principal);
    Connection& connection = stateless_connection(principal);
    std::string replies = run_round(connection, message, too_deep);
    Response& response = exchange.response;
    if (failed(connection)) return answer_failed(response, std::move(replies));
    if (replies.empty()) {
        response.status = 202;  // a notification
        return;
    }
    // Without a complete envelope the request is malformed: its error is a 400 (2026-07-28 basic).
    int status = stateless_status(replies);
    if (status == 200 && !envelope && error_code(replies) != 0) status = 400;
    set_json(response, status, std::move(replies));
}

void Endpoint::start_session(Exchange& exchange, const json& message, bool too_deep, const Principal* principal) {
    if (sessions_.size() >= options_.max_sessions && !evict_one_idle_session())
        return refuse(exchange.response, 503, "Service Unavailable: too many sessions; try again later", rpc::kInternalError);
    auto session = std::make_unique<Session>();
    session->id = random_session_id();
    session->principal = principal ? principal->name : std::string();
    session->connection = std::make_unique<Connection>(connection_options(principal));
    session->last_used = options_.now();
    Connection& connection = *session->connection;
    std::string replies = run_round(connection, message, too_deep);
    if (failed(connection)) return answer_failed(exchange.response, std::move(replies));
    const bool opened = !replies.empty() && error_code(replies) == 0;
    set_json(exchange.response, opened ? 200 : 400, std::move(replies));
    if (!opened) return;  // a refused initialize leaves no session behind
    exchange.response.headers.emplace_back("Mcp-Session-Id", session->id);
    sessions_.emplace(session->id, std::move(session));
}

void Endpoint::answer_in_session(Exchange& exchange, Session& session, const json& message, bool too_deep,
                                 std::vector<Routed>& routed) {
    session.last_used = options_.now();
    Connection& connection = *session.connection;
    const std::string replies = run_round(connection, message, too_deep);

    // The POST carries a request when it has a method and an id (or is a batch): its response
    // is the POST's. A client's response or notification gets 202.
    const bool is_batch = message.is_array();
    const std::string own_id = message.is_object() && message.contains("method") ? id_key(message) : std::string();
    const bool is_request = is_batch || !own_id.empty();
    std::string own_response;  // this POST's reply, when it came now
    std::vector<std::string> others;  // requests the server sends (elicitation/create) and late responses
    std::size_t start = 0;
    while (start < replies.size()) {
        const auto end = replies.find('\n', start);
        const std::string_view line(replies.data() + start, end - start + 1);
        start = end + 1;
        const json reply = json::parse(line, nullptr, false);
        const bool response_line = reply.is_array() || (reply.is_object() && !reply.contains("method"));
        if (response_line && is_request && (is_batch || id_key(reply) == own_id || !reply.contains("id")) &&
            own_response.empty()) {
            own_response = std::string(line);
            continue;
        }
        if (response_line) {
            // A parked call answered: its stream takes the result and ends.
            const std::string key = id_key(reply);
            const auto it = std::find_if(session.streams.begin(), session.streams.end(),
                                         [&](const auto& s) { return s.first == key; });
            if (it != session.streams.end()) {
                routed.push_back({it->second, sse_event(line), true, key});
                session.streams.erase(it);
            }
            continue;  // its stream was closed by the client: nowhere to go
        }
        if (!reply.contains("id")) {
            // A notification (resources/updated for this session's subscriptions): it belongs
            // on the session's GET stream, never on a call's; without one it has nowhere to go.
            if (session.get_stream) routed.push_back({session.get_stream, sse_event(line), false, {}});
            continue;
        }
        others.emplace_back(line);
    }

    Response& response = exchange.response;
    if (is_request && own_response.empty() && !others.empty()) {
        // Parked on a person: the POST's stream carries the question now and the result later.
        response.status = 200;
        response.headers.emplace_back("Content-Type", "text/event-stream");
        response.headers.emplace_back("Cache-Control", "no-cache");
        response.headers.emplace_back("X-Accel-Buffering", "no");
        for (const auto& line : others) response.body += sse_event(line);
        response.open_stream = true;
        response.stream = next_stream_++;
        session.streams.emplace_back(own_id, response.stream);
        streams_[response.stream] = &session;
        return;
    }
    // A question asked again (the person's answer was refused): on the newest open stream.
    if (!others.empty() && !session.streams.empty()) {
        const auto& [key, stream] = session.streams.back();
        for (const auto& line : others) routed.push_back({stream, sse_event(line), false, key});
    }
    if (!is_request || own_response.empty()) {
        response.status = 202;
        return;
    }
    if (failed(connection)) return answer_failed(response, std::move(own_response));
    set_json(response, 200, std::move(own_response));
}

Endpoint::Session* Endpoint::find_session(const Request& request, const Principal* principal) {
    const auto* id = header(request, "mcp-session-id");
    if (!id) return nullptr;
    const auto it = sessions_.find(*id);
    if (it == sessions_.end()) return nullptr;
    // Another token's session is no one's business: it does not exist for this caller.
    if (it->second->principal != (principal ? principal->name : std::string())) return nullptr;
    return it->second.get();
}

void Endpoint::end_session(const std::string& id) {
    const auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    Session& session = *it->second;
    session.connection->close();  // parked calls dropped, nothing changed
    for (const auto& [key, stream] : session.streams) {
        streams_.erase(stream);
        push_(stream, {}, true);
    }
    if (session.get_stream) {
        get_streams_.erase(session.get_stream);
        push_(session.get_stream, {}, true);
    }
    sessions_.erase(it);
}

void Endpoint::stream_closed(std::uint64_t stream) {
    // Closing a listen stream is how a 2026-07-28 client cancels it: nothing more is sent.
    listens_.erase(stream);
    if (const auto get = get_streams_.find(stream); get != get_streams_.end()) {
        get->second->get_stream = 0;
        get_streams_.erase(get);
    }
    const auto it = streams_.find(stream);
    if (it == streams_.end()) return;
    auto& streams = it->second->streams;
    streams.erase(std::remove_if(streams.begin(), streams.end(), [&](const auto& s) { return s.second == stream; }),
                  streams.end());
    streams_.erase(it);
}

bool Endpoint::evict_one_idle_session() {
    // The least recently used session with no stream open (no call waiting on a person).
    auto oldest = sessions_.end();
    for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
        if (it->second->streams.empty() && !it->second->get_stream && (oldest == sessions_.end() || it->second->last_used < oldest->second->last_used))
            oldest = it;
    if (oldest == sessions_.end()) return false;
    end_session(oldest->first);
    return true;
}

void Endpoint::expire_sessions() {
    const auto cutoff = options_.now() - options_.session_idle.count();
    std::vector<std::string> idle;
    // A session whose client holds its GET stream open is in use, however long it stays quiet.
    for (const auto& [id, session] : sessions_)
        if (session->last_used < cutoff && !session->get_stream) idle.push_back(id);
    for (const auto& id : idle) end_session(id);
}

void Endpoint::close() {
    while (!sessions_.empty()) end_session(sessions_.begin()->first);
    // Each listen stream ends with its completion result: the subscription ended on purpose.
    auto listens = std::move(listens_);
    listens_.clear();
    for (auto& [stream, connection] : listens) {
        connection->close();
        std::string events;
        for (const auto& line : lines_of(connection->replies())) events += sse_event(line);
        push_(stream, events, true);
    }
}

void Endpoint::open_listen(Exchange& exchange, const json& message, bool too_deep, const Principal* principal) {
    // A connection of its own: the subscription's state lives exactly as long as its stream,
    // and two clients' listen ids never meet in one session.
    auto connection = std::make_unique<Connection>(connection_options(principal));
    std::string replies = run_round(*connection, message, too_deep);
    if (failed(*connection)) return answer_failed(exchange.response, std::move(replies));
    if (replies.empty() || error_code(replies) != 0) {
        set_json(exchange.response, stateless_status(replies), std::move(replies));
        return;
    }
    std::string events;
    for (const auto& line : lines_of(replies)) events += sse_event(line);
    const std::uint64_t stream = next_stream_++;
    open_sse(exchange.response, stream, std::move(events));
    listens_.emplace(stream, std::move(connection));
}

void Endpoint::open_get_stream(Exchange& exchange, Session& session) {
    Response& response = exchange.response;
    const auto* accept = header(exchange.request, "accept");
    if (!accept || lower(*accept).find("text/event-stream") == std::string::npos)
        return refuse(response, 406, "Not Acceptable: the GET stream is text/event-stream");
    // One standalone stream per session (2025-11-25 transports: each message goes on one stream).
    if (session.get_stream) return refuse(response, 409, "Conflict: this session's GET stream is already open");
    session.last_used = options_.now();
    session.get_stream = next_stream_++;
    get_streams_[session.get_stream] = &session;
    open_sse(response, session.get_stream, {});
}

void Endpoint::poll() {
    const auto notify = [&](Connection& connection, std::uint64_t stream) {
        if (!connection.watching()) return;
        connection.poll();
        std::string events;
        for (const auto& line : lines_of(connection.replies())) events += sse_event(line);
        connection.replies_sent();
        if (!events.empty()) push_(stream, events, false);
    };
    for (auto& [stream, connection] : listens_) notify(*connection, stream);
    for (auto& [stream, session] : get_streams_) notify(*session->connection, stream);
}

std::optional<std::string> decode_header_value(std::string_view text) {
    constexpr std::string_view kPrefix = "=?base64?", kSuffix = "?=";
    if (text.size() >= kPrefix.size() + kSuffix.size() && text.starts_with(kPrefix) && text.ends_with(kSuffix)) {
        const std::string_view b64 = text.substr(kPrefix.size(), text.size() - kPrefix.size() - kSuffix.size());
        std::string out;
        std::uint32_t bits = 0;
        int count = 0;
        std::size_t padding = 0;
        for (const char c : b64) {
            int v;
            if (c >= 'A' && c <= 'Z') v = c - 'A';
            else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
            else if (c >= '0' && c <= '9') v = c - '0' + 52;
            else if (c == '+') v = 62;
            else if (c == '/') v = 63;
            else if (c == '=') { ++padding; continue; }
            else return std::nullopt;
            if (padding) return std::nullopt;  // data after padding
            bits = (bits << 6) | static_cast<std::uint32_t>(v);
            if (++count == 4) {
                out += static_cast<char>((bits >> 16) & 0xff);
                out += static_cast<char>((bits >> 8) & 0xff);
                out += static_cast<char>(bits & 0xff);
                bits = 0;
                count = 0;
            }
        }
        if (padding > 2 || count == 1 || (padding && (count + padding) % 4 != 0)) return std::nullopt;
        if (count == 2) out += static_cast<char>((bits >> 4) & 0xff);
        if (count == 3) {
            out += static_cast<char>((bits >> 10) & 0xff);
            out += static_cast<char>((bits >> 2) & 0xff);
        }
        return out;
    }
    // A plain value: visible ASCII, space and tab only (RFC 9110 field values).
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (!(u == '\t' || (u >= 0x20 && u <= 0x7e))) return std::nullopt;
    }
    return std::string(text);
}

std::optional<std::string_view> bearer_token(std::string_view authorization) {
    constexpr std::string_view kScheme = "bearer ";
    if (authorization.size() <= kScheme.size()) return std::nullopt;
    if (lower(authorization.substr(0, kScheme.size())) != kScheme) return std::nullopt;
    auto token = authorization.substr(kScheme.size());
    while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
    while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
    if (token.empty() || token.find(' ') != std::string_view::npos) return std::nullopt;
    return token;
}

bool is_loopback_origin(std::string_view origin) {
    std::string_view rest;
    if (origin.starts_with("http://")) rest = origin.substr(7);
    else if (origin.starts_with("https://")) rest = origin.substr(8);
    else return false;
    for (std::string_view host : {"localhost", "127.0.0.1", "[::1]"}) {
        if (!rest.starts_with(host)) continue;
        const auto port = rest.substr(host.size());
        if (port.empty()) return true;
        if (port.front() != ':' || port.size() == 1 || port.size() > 6) return false;
        return std::all_of(port.begin() + 1, port.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    return false;
}

}  // namespace office::http
