#include "http_internal.h"

#include <openssl/rand.h>

#include <algorithm>

namespace office::http {

using namespace internal;

namespace {

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

}  // namespace

void Endpoint::start_session(Exchange& exchange, const Incoming& incoming, const Principal* principal) {
    if (sessions_.size() >= options_.max_sessions && !evict_one_idle_session())
        return refuse(exchange.response, 503, "Service Unavailable: too many sessions; try again later", rpc::kInternalError);
    auto session = std::make_unique<Session>();
    session->id = random_session_id();
    session->principal = identity(principal);
    session->connection = std::make_unique<Connection>(connection_options(principal));
    session->last_used = options_.now();
    auto [replies, handled] = run_round(*session->connection, incoming);
    if (const auto status = round_status(handled)) return answer_round(exchange.response, status, std::move(replies));
    if (replies.empty()) {
        // initialize sent as a notification: nothing answers it, so no session id can be given.
        exchange.response.status = 202;
        return;
    }
    const bool opened = handled.error_code == 0;
    set_json(exchange.response, opened ? 200 : 400, std::move(replies));
    if (!opened) return;  // a refused initialize leaves no session behind
    exchange.response.headers.emplace_back("Mcp-Session-Id", session->id);
    sessions_.emplace(session->id, std::move(session));
}

void Endpoint::answer_in_session(Exchange& exchange, Session& session, const Incoming& incoming, std::vector<Routed>& routed) {
    session.last_used = options_.now();
    const auto [replies, handled] = run_round(*session.connection, incoming);
    const json& message = incoming.message;

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
    if (const auto status = round_status(handled)) return answer_round(response, status, std::move(own_response));
    set_json(response, 200, std::move(own_response));
}

Endpoint::Session* Endpoint::find_session(const Request& request, const Principal* principal) {
    const auto* id = header(request, "mcp-session-id");
    if (!id) return nullptr;
    const auto it = sessions_.find(*id);
    if (it == sessions_.end()) return nullptr;
    // Another token's session is no one's business: it does not exist for this caller.
    if (it->second->principal != identity(principal)) return nullptr;
    return it->second.get();
}

void Endpoint::end_session(const std::string& id, std::vector<Routed>& routed) {
    const auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    Session& session = *it->second;
    session.connection->close();  // parked calls dropped, nothing changed
    // Queued behind what this group already routed to them, so each stream ends once and last.
    for (const auto& [key, stream] : session.streams) {
        streams_.erase(stream);
        routed.push_back({stream, {}, true, {}});
    }
    if (session.get_stream) {
        get_streams_.erase(session.get_stream);
        routed.push_back({session.get_stream, {}, true, {}});
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
    std::vector<Routed> none;  // a session with no stream open: nothing to end
    end_session(oldest->first, none);
    return true;
}

void Endpoint::expire_sessions() {
    const auto cutoff = options_.now() - options_.session_idle.count();
    std::vector<std::string> idle;
    // A session whose client holds its GET stream open is in use, however long it stays quiet.
    for (const auto& [id, session] : sessions_)
        if (session->last_used < cutoff && !session->get_stream) idle.push_back(id);
    std::vector<Routed> routed;
    for (const auto& id : idle) end_session(id, routed);
    deliver(routed, {});
}

void Endpoint::close() {
    std::vector<Routed> routed;
    while (!sessions_.empty()) end_session(sessions_.begin()->first, routed);
    deliver(routed, {});
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

void Endpoint::open_listen(Exchange& exchange, const Incoming& incoming, const Principal* principal) {
    // A connection of its own: the subscription's state lives exactly as long as its stream,
    // and two clients' listen ids never meet in one session.
    auto connection = std::make_unique<Connection>(connection_options(principal));
    auto [replies, handled] = run_round(*connection, incoming);
    if (const auto status = round_status(handled)) return answer_round(exchange.response, status, std::move(replies));
    if (replies.empty()) {
        exchange.response.status = 202;  // sent as a notification: no stream to open
        return;
    }
    if (handled.error_code != 0) {
        set_json(exchange.response, stateless_status(handled.error_code), std::move(replies));
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
    std::vector<Routed> routed;
    poll(routed);
    deliver(routed, {});
}

void Endpoint::poll(std::vector<Routed>& routed) {
    const auto notify = [&](Connection& connection, std::uint64_t stream) {
        if (!connection.watching()) return;
        connection.poll();
        std::string events;
        for (const auto& line : lines_of(connection.replies())) events += sse_event(line);
        connection.replies_sent();
        if (!events.empty()) routed.push_back({stream, std::move(events), false, {}});
    };
    for (auto& [stream, connection] : listens_) notify(*connection, stream);
    for (auto& [stream, session] : get_streams_) notify(*session->connection, stream);
}

void Endpoint::deliver(const std::vector<Routed>& routed, const std::vector<Exchange*>& group) {
    for (const auto& r : routed) {
        if (r.end) stream_closed(r.stream);
        const auto opening = std::find_if(group.begin(), group.end(), [&](const Exchange* e) {
            return e->response.open_stream && e->response.stream == r.stream;
        });
        if (opening == group.end()) {
            push_(r.stream, r.events, r.end);
            continue;
        }
        Response& response = (*opening)->response;
        response.body += r.events;
        if (r.end) response.open_stream = false;  // opened and ended at once: one whole SSE body
    }
}

}  // namespace office::http
