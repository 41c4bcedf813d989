#include "http_internal.h"

#include "idempotency.h"

#include <cctype>

namespace office::http {

namespace internal {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const std::string* header(const Request& request, std::string_view name) {
    const auto it = request.headers.find(name);
    return it == request.headers.end() ? nullptr : &it->second;
}

std::string rpc_body(const json& id, int code, std::string_view message, json data) {
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

void refuse(Response& response, int status, std::string_view message, int code) {
    set_json(response, status, rpc_body(nullptr, code, message));
    response.refused = message;
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
Round run_round(Connection& connection, const Incoming& incoming) {
    connection.begin_round(false);
    Round round;
    round.handled = connection.feed_message(incoming);
    connection.end_round(false);
    round.replies = connection.take_replies();
    return round;
}

std::string idempotency_conflict(const json& message, std::string_view key) {
    if (string_member(message, "method") != "tools/call") return {};  // nothing it could key
    const json* params = find_member(message, "params");
    const json* meta = params ? find_member(*params, "_meta") : nullptr;
    const json* own = meta ? find_member(*meta, kMetaIdempotencyKey) : nullptr;
    if (!own || (own->is_string() && own->get_ref<const std::string&>() == key)) return {};
    return "Invalid params: the Idempotency-Key header and _meta." + std::string(kMetaIdempotencyKey) + " name different keys";
}

RoundStatus round_status(const Handled& handled) {
    if (handled.failed) return {500};
    if (handled.unavailable) return {503, 1};
    if (handled.retry_after_s) return {429, handled.retry_after_s};
    return {};
}

void answer_round(Response& response, RoundStatus status, std::string replies) {
    if (replies.empty()) replies = rpc_body(nullptr, rpc::kInternalError, "Internal error: office-mcp failed while handling this message");
    if (status.retry_after_s > 0) response.headers.emplace_back("Retry-After", std::to_string(status.retry_after_s));
    set_json(response, status.status, std::move(replies));
}

// The HTTP status of a stateless reply (2026-07-28 transport spec: an unknown method is 404;
// an unsupported version, a missing capability and a malformed request are 400).
int stateless_status(int code) {
    switch (code) {
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

bool is_mcp_target(std::string_view target) { return target == "/mcp" || target.starts_with("/mcp?"); }

bool is_metadata_target(std::string_view target) {
    return target.starts_with(kResourceMetadataPath) &&
           (target.size() == kResourceMetadataPath.size() || target.substr(kResourceMetadataPath.size()) == "/mcp");
}

bool is_json_content(const Request& request) {
    const auto* type = header(request, "content-type");
    if (!type) return false;
    const std::string t = lower(*type);
    return t.rfind("application/json", 0) == 0 && (t.size() == 16 || t[16] == ';' || t[16] == ' ');
}

namespace {

// The methods whose request carries a name for Mcp-Name, and where: params.name, params.uri,
// or (the tasks extension, core/office/tasks.h) params.taskId, so a balancer can route a task.
const char* name_member(std::string_view method) {
    if (method == "tools/call" || method == "prompts/get") return "name";
    if (method == "resources/read") return "uri";
    if (method == "tasks/get" || method == "tasks/update" || method == "tasks/cancel") return "taskId";
    return nullptr;
}

}  // namespace

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
    if (const char* member = name_member(method)) {
        const auto* raw = header(request, "mcp-name");
        if (!raw) return "Header mismatch: Mcp-Name header is missing";
        const auto decoded = decode_header_value(*raw);
        if (!decoded) return "Header mismatch: Mcp-Name header value is not a valid header value";
        const json* params = find_member(message, "params");
        const json* name = params ? find_member(*params, member) : nullptr;
        if (!name || !name->is_string() || name->get_ref<const std::string&>() != *decoded)
            return "Header mismatch: Mcp-Name header value '" + *raw + "' does not match body value '" +
                   (name && name->is_string() ? name->get<std::string>() : std::string()) + "'";
    }
    return {};
}

}  // namespace internal

namespace {

// The members of a comma-separated list (RFC 9110 section 5.6.1), trimmed and lowercased; empty
// members dropped, as the RFC lets a recipient do.
std::vector<std::string> list_members(std::string_view value) {
    std::vector<std::string> out;
    while (!value.empty()) {
        const auto comma = value.find(',');
        std::string_view member = value.substr(0, comma);
        value = comma == std::string_view::npos ? std::string_view() : value.substr(comma + 1);
        while (!member.empty() && (member.front() == ' ' || member.front() == '\t')) member.remove_prefix(1);
        while (!member.empty() && (member.back() == ' ' || member.back() == '\t')) member.remove_suffix(1);
        if (!member.empty()) out.push_back(internal::lower(member));
    }
    return out;
}

}  // namespace

FramingRefusal framing_refusal(std::optional<std::string_view> transfer_encoding, bool content_length, bool http_1_0) {
    if (!transfer_encoding) return {};
    // Either would let a proxy in front and this server disagree on where the body ends: the
    // request-smuggling desync. So neither is read, and the connection closes (section 6.3).
    if (http_1_0) return {400, "Bad Request: an HTTP/1.0 request cannot have Transfer-Encoding"};
    if (content_length) return {400, "Bad Request: a request cannot have both Content-Length and Transfer-Encoding"};
    const auto codings = list_members(*transfer_encoding);
    if (codings.empty() || codings.back() != "chunked")
        return {400, "Bad Request: the final transfer coding must be chunked, or the request's length cannot be known"};
    for (std::size_t i = 0; i + 1 < codings.size(); ++i) {
        if (codings[i] == "chunked") return {400, "Bad Request: chunked may be applied only once"};
        return {501, "Not Implemented: transfer coding " + codings[i] + " (only chunked is read)"};
    }
    return {};
}

Expectation expectation(std::optional<std::string_view> expect, bool http_1_0) {
    if (!expect || http_1_0) return {};
    const auto members = list_members(*expect);
    if (members.size() == 1 && members.front() == "100-continue") return {true, {}};
    return {false, {417, "Expectation Failed: only 100-continue is understood"}};
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

}  // namespace office::http
