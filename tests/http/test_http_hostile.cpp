// What a hostile or confused client can POST to office-mcp --http, through the real binary
// over a real socket: every field of every kind of message replaced by every JSON type, in
// both eras (stateless 2026-07-28 and legacy 2025 sessions), with the mirrored headers agreeing
// and disagreeing; batches; responses to requests the server never sent; bodies that are not
// objects, nest too deep, are not UTF-8 or repeat keys. The stdio counterpart is
// test_hostile_input.cpp.
//
// After each input the server must have answered it (any status, a JSON-RPC 2.0 body) and then
// serve a fresh probe, so a crash is caught at the input that caused it. A crash is reported
// with the input that caused it and the server restarted, so one run names every killer (at most
// OFFICE_HOSTILE_MAX_CRASHES of them, 10 unless set). At the end the process still runs, has
// written nothing on stdout, and exits cleanly on SIGTERM.

#include "http_test_support.h"
#include "session.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <sys/wait.h>

using json = nlohmann::json;
using namespace office::testing;

namespace {

// ---- reading one response as a client does ---------------------------------------------------

struct Reply {
    int status = 0;  // 0: no response arrived (the connection closed, or time ran out)
    std::map<std::string, std::string> headers;  // names lowercased
    std::string body;         // Content-Length bytes, a whole chunked body, or an open stream's events so far
    bool open_stream = false;  // an event stream we stopped reading after its first event
    bool closes = false;       // the connection cannot be used again (Connection: close, EOF, time out)
    bool timed_out = false;

    std::string header(const std::string& name) const {
        const auto it = headers.find(name);
        return it == headers.end() ? std::string() : it->second;
    }
    bool event_stream() const { return header("content-type").rfind("text/event-stream", 0) == 0; }
};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The data of each complete event of an SSE text.
std::vector<std::string> sse_data(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto end = text.find("\n\n", start);
        if (end == std::string::npos) break;
        std::string data;
        bool any = false;
        std::size_t line = start;
        while (line < end) {
            auto eol = text.find('\n', line);
            if (eol == std::string::npos || eol > end) eol = end;
            const std::string l = text.substr(line, eol - line);
            if (l.rfind("data:", 0) == 0) {
                if (any) data += '\n';
                data += l.substr(l.size() > 5 && l[5] == ' ' ? 6 : 5);
                any = true;
            }
            line = eol + 1;
        }
        if (any) out.push_back(data);
        start = end + 2;
    }
    return out;
}

// Whether `in` holds one whole response (or an event stream's first event), filling `r`.
bool parse_reply(const std::string& in, Reply& r, bool stop_at_first_event) {
    const auto head_end = in.find("\r\n\r\n");
    if (head_end == std::string::npos) return false;
    if (in.rfind("HTTP/1.1 ", 0) != 0 || in.size() < 12) {
        r.status = -1;  // not HTTP at all
        r.closes = true;
        return true;
    }
    r.status = std::atoi(in.substr(9, 3).c_str());
    r.headers.clear();
    std::size_t line = in.find("\r\n") + 2;
    while (line < head_end) {
        const auto eol = in.find("\r\n", line);
        const std::string l = in.substr(line, eol - line);
        const auto colon = l.find(':');
        if (colon != std::string::npos) {
            std::string value = l.substr(colon + 1);
            while (!value.empty() && value.front() == ' ') value.erase(0, 1);
            r.headers[lower(l.substr(0, colon))] = value;
        }
        line = eol + 2;
    }
    if (lower(r.header("connection")) == "close") r.closes = true;
    const std::size_t body = head_end + 4;
    if (const auto cl = r.header("content-length"); !cl.empty()) {
        const std::size_t n = std::stoul(cl);
        if (in.size() < body + n) return false;
        r.body = in.substr(body, n);
        return true;
    }
    if (lower(r.header("transfer-encoding")) == "chunked") {
        std::string decoded;
        std::size_t at = body;
        for (;;) {
            const auto eol = in.find("\r\n", at);
            if (eol == std::string::npos) break;
            const std::size_t size = std::stoul(in.substr(at, eol - at), nullptr, 16);
            if (size == 0) {
                if (in.size() < eol + 4) break;
                r.body = decoded;
                return true;  // the stream ended
            }
            if (in.size() < eol + 2 + size + 2) break;
            decoded.append(in, eol + 2, size);
            at = eol + 2 + size + 2;
        }
        r.body = decoded;
        if (stop_at_first_event && r.event_stream() && !sse_data(decoded).empty()) {
            r.open_stream = true;
            r.closes = true;  // we stop reading it: the connection is the stream's
            return true;
        }
        return false;
    }
    return false;  // no length: the body ends with the connection
}

Reply read_reply(Client& client, int timeout_ms, bool stop_at_first_event = true) {
    Reply r;
    std::string in;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        if (parse_reply(in, r, stop_at_first_event)) return r;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            r.timed_out = true;
            r.closes = true;
            if (in.find("\r\n\r\n") == std::string::npos) r.status = 0;
            return r;
        }
        pollfd p{client.fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left)) != 1) continue;
        char buffer[65536];
        const auto n = ::recv(client.fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            r.closes = true;
            if (in.find("\r\n\r\n") == std::string::npos) {
                r.status = 0;
            } else if (r.status > 0 && r.header("content-length").empty() && lower(r.header("transfer-encoding")) != "chunked") {
                r.body = in.substr(in.find("\r\n\r\n") + 4);  // a body ended by the close
            } else if (r.status > 0) {
                r.timed_out = true;  // cut short: report it like a response that never finished
            }
            return r;
        }
        in.append(buffer, static_cast<std::size_t>(n));
    }
}

// What arrives on an open event stream within `timeout_ms` (then whatever follows at once):
// more events, and whether it ended.
std::string more_events(Client& stream, int timeout_ms, bool& ended) {
    std::string in;
    ended = false;
    for (;;) {
        pollfd p{stream.fd, POLLIN, 0};
        if (::poll(&p, 1, in.empty() ? timeout_ms : 1) != 1) break;
        char buffer[65536];
        const auto n = ::recv(stream.fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        in.append(buffer, static_cast<std::size_t>(n));
        if (in.find("\r\n0\r\n\r\n") != std::string::npos || in.rfind("0\r\n\r\n", 0) == 0) {
            ended = true;
            break;
        }
    }
    std::string decoded;  // the chunks' data
    std::size_t at = 0;
    for (;;) {
        const auto eol = in.find("\r\n", at);
        if (eol == std::string::npos) break;
        const std::size_t size = std::strtoul(in.substr(at, eol - at).c_str(), nullptr, 16);
        if (size == 0 || in.size() < eol + 2 + size) break;
        decoded.append(in, eol + 2, size);
        at = eol + 2 + size + 2;
    }
    return decoded;
}

// message[key], or null when `message` is not an object or has no such member.
json member(const json& message, const std::string& key) {
    if (!message.is_object()) return nullptr;
    const auto it = message.find(key);
    return it == message.end() ? json() : *it;
}

std::string clipped(const std::string& text, std::size_t at_most = 300) {
    return text.size() <= at_most ? text : text.substr(0, at_most) + "... (" + std::to_string(text.size()) + " bytes)";
}

// "" when `text` is one JSON-RPC 2.0 message (or a non-empty array of them), else the problem.
std::string not_jsonrpc(const std::string& text) {
    const json message = json::parse(text, nullptr, false);
    if (message.is_discarded()) return "not JSON: " + clipped(text);
    const auto one = [](const json& m) {
        if (!m.is_object()) return false;
        const auto v = m.find("jsonrpc");
        if (v == m.end() || *v != "2.0") return false;
        const bool result = m.contains("result"), error = m.contains("error");
        return m.contains("method") ? !result && !error : result != error;
    };
    if (message.is_array()) {
        if (message.empty()) return "an empty array: " + clipped(text);
        for (const auto& m : message)
            if (!one(m)) return "an array with a member that is not JSON-RPC 2.0: " + clipped(text);
        return {};
    }
    return one(message) ? std::string() : "not a JSON-RPC 2.0 message: " + clipped(text);
}

// "" when the reply is a whole answer whose body is JSON-RPC, else the problem.
std::string check_reply(const Reply& r) {
    if (r.status == 0) return r.timed_out ? "no response in time" : "the connection closed without a response";
    if (r.status < 0) return "a response that is not HTTP/1.1";
    if (r.timed_out) return "a response cut short (status " + std::to_string(r.status) + ")";
    if (r.status < 200 || r.status > 599) return "status " + std::to_string(r.status);
    const auto type = r.header("content-type");
    if (r.body.empty()) return {};  // no body: see oddity()
    if (type.rfind("application/json", 0) == 0) {
        if (const auto problem = not_jsonrpc(r.body); !problem.empty()) return "status " + std::to_string(r.status) + ", " + problem;
        return {};
    }
    if (r.event_stream()) {
        const auto events = sse_data(r.body);
        if (events.empty()) return "an event stream with no event";
        for (const auto& data : events)
            if (const auto problem = not_jsonrpc(data); !problem.empty()) return "an event " + problem;
        return {};
    }
    return "status " + std::to_string(r.status) + " with a body of type '" + type + "': " + clipped(r.body);
}

// What is odd about an answer that is still an answer: a 500 (the server caught a defect of its
// own), a success with no body, an empty JSON body.
std::string oddity(const Reply& r) {
    if (r.status == 500) return "status 500: " + clipped(r.body, 200);
    if (!r.body.empty() || r.open_stream) return {};
    if (r.status == 202 || r.status == 204) return {};
    if (r.header("content-type").rfind("application/json", 0) == 0)
        return "status " + std::to_string(r.status) + " with an empty application/json body";
    if (r.status < 400) return "status " + std::to_string(r.status) + " with no body";
    return {};
}

// ---- the inputs -----------------------------------------------------------------------------

constexpr const char* kVersionKey = "io.modelcontextprotocol/protocolVersion";
constexpr const char* kCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities";
constexpr const char* kClientInfoKey = "io.modelcontextprotocol/clientInfo";
constexpr const char* kLongString = "a 65537-character string";
constexpr const char* kFreshState = "@state@";  // replaced by a new requestState as the input is sent

// Where an input goes: stateless (no session named), or into one of the two legacy sessions.
enum class Era { Stateless, Forms, Batching };  // Forms: a 2025-06-18 session with elicitation; Batching: 2025-03-26

const char* era_name(Era era) {
    switch (era) {
    case Era::Stateless: return "stateless";
    case Era::Forms: return "2025-06-18 session";
    case Era::Batching: return "2025-03-26 session";
    }
    return "";
}

struct Input {
    Input(std::string name, Era era, std::string body, std::string headers, std::string raw = {})
        : name(std::move(name)), era(era), body(std::move(body)), headers(std::move(headers)), raw(std::move(raw)) {}
    std::string name;
    Era era;
    std::string body;
    std::string headers;  // besides Host, Content-Type, Accept, Content-Length and the session's Mcp-Session-Id
    std::string raw;  // the whole request, when it is not an ordinary POST
    bool answers_parked = false;  // the body answers a refund parked on a person: "@elicit@" is its id
};

struct Variant {
    std::string label;
    json value;
};

std::vector<Variant> every_type() {
    return {
        {"null", nullptr},
        {"true", true},
        {"false", false},
        {"0", 0},
        {"7", 7},
        {"-1", -1},
        {"1.5", 1.5},
        {"1e308", 1e308},
        {"18446744073709551615", std::numeric_limits<std::uint64_t>::max()},
        {"-9223372036854775808", std::numeric_limits<std::int64_t>::min()},
        {"\"\"", ""},
        {"\"x\"", "x"},
        {kLongString, std::string(65537, 'x')},
        {"a string with a NUL and an accent", std::string("a\0\xc3\xa9", 4)},
        {"[]", json::array()},
        {"[1,\"a\"]", json::array({1, "a"})},
        {"{}", json::object()},
        {"{\"a\":{}}", json::object({{"a", json::object()}})},
    };
}

struct Field {
    std::string label;
    json::json_pointer at;
};

json::json_pointer pointer(const std::vector<std::string>& keys) {
    json::json_pointer p;
    for (const auto& k : keys) p /= k;
    return p;
}

// `message` with the field at `at` set to `value` (nullopt: removed).
json with_field(json message, const json::json_pointer& at, const std::optional<json>& value) {
    if (value) {
        message[at] = *value;
        return message;
    }
    const auto parent = at.parent_pointer();
    if (message.contains(parent) && message[parent].is_object()) message[parent].erase(at.back());
    return message;
}

// A JSON value as a header would carry it: a string as it is, anything else as its JSON text.
std::string header_text(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

// The 2026-07-28 headers mirroring `message` (what a client would compute from it).
std::string mirrored_headers(const json& message) {
    std::string h;
    const auto version = pointer({"params", "_meta", kVersionKey});
    if (message.contains(version)) h += "MCP-Protocol-Version: " + header_text(message[version]) + "\r\n";
    if (message.is_object() && message.contains("method")) h += "Mcp-Method: " + header_text(message["method"]) + "\r\n";
    if (message.is_object() && message.contains("params") && message["params"].is_object()) {
        const auto& p = message["params"];
        if (p.contains("name")) h += "Mcp-Name: " + header_text(p["name"]) + "\r\n";
        else if (p.contains("uri")) h += "Mcp-Name: " + header_text(p["uri"]) + "\r\n";
        else if (p.contains("taskId")) h += "Mcp-Name: " + header_text(p["taskId"]) + "\r\n";
    }
    return h;
}

json request(const json& id, const std::string& method, json params) {
    json m{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    return m;
}

json notification(const std::string& method, json params) {
    json m{{"jsonrpc", "2.0"}, {"method", method}};
    if (!params.is_null()) m["params"] = std::move(params);
    return m;
}

struct Base {
    std::string label;
    json message;
};

// The valid messages every field of which is confused in turn; `modern`: with the envelope.
std::vector<Base> bases(bool modern) {
    const auto p = [&](json params) { return modern ? modern_params(std::move(params), kForms) : params; };
    json round_two{{"name", "issue_refund"},
                   {"arguments", {{"invoice_id", 2}}},
                   {"inputResponses", {{"approve_refund", {{"action", "decline"}}}}},
                   {"requestState", kFreshState}};
    std::vector<Base> b = {
        {"tools/call order_lunch", request(11, "tools/call", p({{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 1}}}}))},
        {"tools/call issue_refund", request(12, "tools/call", p({{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}))},
        {"tools/call issue_refund with its answer", request(13, "tools/call", p(round_two))},
        {"resources/read", request("read-14", "resources/read", p({{"uri", "office://lunch_orders"}}))},
        {"server/discover", request(15, "server/discover", p(json::object()))},
        {"initialize", request(16, "initialize", p({{"protocolVersion", modern ? "2026-07-28" : "2025-06-18"},
                                                    {"capabilities", json::object()},
                                                    {"clientInfo", {{"name", "hostile"}, {"version", "1"}}}}))},
        {"ping", request(17, "ping", p(json::object()))},
        {"tools/list", request(18, "tools/list", p(json::object()))},
        {"notifications/cancelled", notification("notifications/cancelled", p({{"requestId", 12}}))},
    };
    if (modern) {
        b.push_back({"subscriptions/listen", request(19, "subscriptions/listen",
                                                     p({{"notifications", {{"resourceSubscriptions", {"office://slots"}}}}}))});
        // The tasks extension (core/office/tasks.h), declared: a refund that becomes a task, and
        // the tasks methods on an id (which names no task: a real one is the fuzzer's, $TASK).
        const json tasks{{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}};
        const auto t = [&](json params) { return modern_params(std::move(params), tasks); };
        b.push_back({"tools/call issue_refund as a task", request(20, "tools/call", t({{"name", "issue_refund"}, {"arguments", {{"invoice_id", 4}}}}))});
        b.push_back({"tasks/get", request(21, "tasks/get", t({{"taskId", "0123456789abcdef0123456789abcdef"}}))});
        b.push_back({"tasks/update", request(22, "tasks/update", t({{"taskId", "x"}, {"inputResponses", json::object()}}))});
        b.push_back({"tasks/cancel", request(23, "tasks/cancel", t({{"taskId", "x"}}))});
        b.push_back({"subscriptions/listen for tasks", request(24, "subscriptions/listen", t({{"notifications", {{"taskIds", {"x"}}}}}))});
    }
    else b.push_back({"notifications/initialized", notification("notifications/initialized", json::object())});
    return b;
}

std::vector<Field> message_fields() {
    return {
        {"method", pointer({"method"})},
        {"jsonrpc", pointer({"jsonrpc"})},
        {"id", pointer({"id"})},
        {"params", pointer({"params"})},
        {"params._meta", pointer({"params", "_meta"})},
        {"params._meta[protocolVersion]", pointer({"params", "_meta", kVersionKey})},
        {"params._meta[clientCapabilities]", pointer({"params", "_meta", kCapabilitiesKey})},
        {"params._meta[clientInfo]", pointer({"params", "_meta", kClientInfoKey})},
        {"params._meta[idempotencyKey]", pointer({"params", "_meta", "office-mcp/idempotencyKey"})},
        {"params.name", pointer({"params", "name"})},
        {"params.arguments", pointer({"params", "arguments"})},
        {"params.inputResponses", pointer({"params", "inputResponses"})},
        {"params.requestState", pointer({"params", "requestState"})},
        {"params.uri", pointer({"params", "uri"})},
        {"params.taskId", pointer({"params", "taskId"})},
        {"params.notifications", pointer({"params", "notifications"})},
        {"params.notifications.taskIds", pointer({"params", "notifications", "taskIds"})},
        {"params._meta[clientCapabilities].extensions", pointer({"params", "_meta", kCapabilitiesKey, "extensions"})},
    };
}

// Every field of every base, replaced by every type and removed.
void field_matrix(std::vector<Input>& out, Era era, const std::vector<Base>& bs, const std::vector<Field>& fields,
                  const std::string& era_headers, bool mirror, bool also_mirrored_from_confused_body) {
    const auto types = every_type();
    for (const auto& base : bs) {
        const std::string base_headers = era_headers + (mirror ? mirrored_headers(base.message) : std::string());
        for (const auto& field : fields) {
            std::vector<std::pair<std::string, std::optional<json>>> values;
            for (const auto& t : types) values.emplace_back(t.label, t.value);
            if (base.message.contains(field.at)) values.emplace_back("removed", std::nullopt);
            for (const auto& [label, value] : values) {
                const json message = with_field(base.message, field.at, value);
                const std::string prefix = std::string(era_name(era)) + " " + base.label + ": " + field.label + " ";
                const std::string what = value ? "= " + label : "removed";
                out.push_back({prefix + what, era, message.dump(), base_headers});
                // The headers a client would mirror from the confused body: they agree with it.
                const bool mirrored_field = field.label == "method" || field.label == "params.name" ||
                                            field.label == "params.uri" || field.label == "params.taskId" ||
                                            field.label == "params._meta[protocolVersion]";
                if (also_mirrored_from_confused_body && mirrored_field && value)
                    out.push_back({prefix + what + " (headers mirroring it)", era, message.dump(), era_headers + mirrored_headers(message)});
            }
        }
    }
}

// The 2026-07-28 headers, each missing or disagreeing with the body.
void header_matrix(std::vector<Input>& out, const std::vector<Base>& bs, const std::string& legacy_session_id) {
    struct Change {
        std::string label;
        std::string version, method, name;  // "-": left out; "=": as the body says
        std::string extra;
    };
    const std::vector<Change> changes = {
        {"no MCP-Protocol-Version", "-", "=", "=", ""},
        {"MCP-Protocol-Version 2025-06-18", "2025-06-18", "=", "=", ""},
        {"MCP-Protocol-Version 2025-03-26", "2025-03-26", "=", "=", ""},
        {"an empty MCP-Protocol-Version", "", "=", "=", ""},
        {"MCP-Protocol-Version 7", "7", "=", "=", ""},
        {"MCP-Protocol-Version 2026-07-28X", "2026-07-28X", "=", "=", ""},
        {"no Mcp-Method", "=", "-", "=", ""},
        {"Mcp-Method of another method", "=", "tools/list", "=", ""},
        {"an empty Mcp-Method", "=", "", "=", ""},
        {"Mcp-Method with bytes not UTF-8", "=", "tools/\xff\xfe", "=", ""},
        {"Mcp-Method 7", "=", "7", "=", ""},
        {"no Mcp-Name", "=", "=", "-", ""},
        {"Mcp-Name of another tool", "=", "=", "find_customer", ""},
        {"an empty Mcp-Name", "=", "=", "", ""},
        {"Mcp-Name base64 of the name", "=", "=", "b64", ""},
        {"Mcp-Name invalid base64", "=", "=", "=?base64?!!!!?=", ""},
        {"Mcp-Name base64 all padding", "=", "=", "=?base64?====?=", ""},
        {"Mcp-Name base64 of bytes not UTF-8", "=", "=", "=?base64?//79?=", ""},
        {"Mcp-Name base64 cut short", "=", "=", "=?base64?b3JkZXJfbHVuY2?=", ""},
        {"Mcp-Name with bytes not UTF-8", "=", "=", "order_\xc3\x28lunch", ""},
        {"Mcp-Name with a control byte", "=", "=", "order\x01lunch", ""},
        {"an unknown Mcp-Session-Id", "=", "=", "=", "Mcp-Session-Id: 00000000000000000000000000000000\r\n"},
        {"a legacy session's Mcp-Session-Id", "=", "=", "=", "Mcp-Session-Id: " + legacy_session_id + "\r\n"},
        {"an empty Mcp-Session-Id", "=", "=", "=", "Mcp-Session-Id: \r\n"},
        {"every header left out", "-", "-", "-", ""},
    };
    const auto base64 = [](const std::string& in) {
        static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        std::string out;
        std::size_t i = 0;
        for (; i + 2 < in.size(); i += 3) {
            const unsigned v = (unsigned char)in[i] << 16 | (unsigned char)in[i + 1] << 8 | (unsigned char)in[i + 2];
            out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
        }
        if (i + 1 == in.size()) {
            const unsigned v = (unsigned char)in[i] << 16;
            out += {k[v >> 18], k[(v >> 12) & 63], '=', '='};
        } else if (i + 2 == in.size()) {
            const unsigned v = (unsigned char)in[i] << 16 | (unsigned char)in[i + 1] << 8;
            out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
        }
        return out;
    };
    for (const auto& base : bs) {
        const auto& m = base.message;
        const std::string method = m.value("method", "");
        std::string name;
        if (m.contains("params") && m["params"].contains("name")) name = m["params"]["name"].get<std::string>();
        else if (m.contains("params") && m["params"].contains("uri")) name = m["params"]["uri"].get<std::string>();
        for (const auto& c : changes) {
            std::string h = c.extra;
            if (c.version != "-") h += "MCP-Protocol-Version: " + (c.version == "=" ? std::string("2026-07-28") : c.version) + "\r\n";
            if (c.method != "-") h += "Mcp-Method: " + (c.method == "=" ? method : c.method) + "\r\n";
            if (c.name != "-") {
                const std::string value = c.name == "=" ? name : c.name == "b64" ? "=?base64?" + base64(name) + "?=" : c.name;
                if (c.name != "=" || !name.empty()) h += "Mcp-Name: " + value + "\r\n";
            }
            out.push_back({"stateless " + base.label + ": " + c.label, Era::Stateless, m.dump(), h});
        }
    }
}
// Raw bodies: not objects, too deep, not UTF-8, repeated keys. `params` is the params text of
// the era (with the envelope or without).
std::vector<std::pair<std::string, std::string>> raw_bodies(const std::string& params) {
    const std::string deep_array = nested(100'000, "[", "]");
    const std::string deep_object = nested(100'000, "{\"a\":", "}", "1");
    const std::string discover = R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":)" + params + "}";
    // `params` with more members in front.
    const auto params_with = [&](const std::string& inner) { return "{" + inner + (params.size() > 2 ? "," + params.substr(1) : "}"); };
    const auto with = [&](const std::string& inner) {
        return std::string(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":)") + params_with(inner) + "}";
    };
    // A message `depth` levels deep: itself and its params are two levels around "x".
    const auto deep_message = [&](int depth) {
        return R"({"jsonrpc":"2.0","id":)" + std::to_string(depth) + R"(,"method":"tools/list","params":)" +
               params_with(R"("x":)" + nested(static_cast<std::size_t>(depth - 2), "[", "]")) + "}";
    };
    return {
        {"the body 7", "7"},
        {"the body \"x\"", "\"x\""},
        {"the body null", "null"},
        {"the body true", "true"},
        {"the body 1.5", "1.5"},
        {"the body []", "[]"},
        {"the body [[]]", "[[]]"},
        {"the body {}", "{}"},
        {"an empty body", ""},
        {"a body of spaces", "   \r\n\t "},
        {"a body that is not JSON", "hello, office"},
        {"truncated JSON", R"({"jsonrpc":"2.0","id":1,"method":"tools/li)"},
        {"trailing garbage", discover + " x"},
        {"two messages in one body", discover + discover},
        {"10^5 nested arrays", deep_array},
        {"10^5 nested objects", deep_object},
        {"10^5 unclosed arrays", std::string(100'000, '[')},
        {"10^5 nested arrays in params", with(R"("x":)" + deep_array)},
        {"10^5 nested arrays as the id", R"({"jsonrpc":"2.0","id":)" + deep_array + R"(,"method":"ping","params":)" + params + "}"},
        {"10^5 nested arrays as the method", R"({"jsonrpc":"2.0","id":3,"method":)" + deep_array + R"(,"params":)" + params + "}"},
        {"10^5 nested objects in _meta", R"({"jsonrpc":"2.0","id":4,"method":"ping","params":{"_meta":)" + deep_object + "}}"},
        {"10^5 nested arrays as the protocol version",
         R"({"jsonrpc":"2.0","id":5,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":)" + deep_array + "}}}"},
        {"10^5 nested arrays in a notification", R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":)" + deep_array + "}}"},
        {"10^5 nested arrays as a response's result", R"({"jsonrpc":"2.0","id":"elicit-0","result":)" + deep_array + "}"},
        {"a message nesting 64 levels", deep_message(64)},
        {"a message nesting 65 levels", deep_message(65)},
        {"a number too large for a double", R"({"jsonrpc":"2.0","id":1e400,"method":"ping","params":)" + params + "}"},
        {"an integer too large for 64 bits as id", R"({"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping","params":)" + params + "}"},
        {"bytes not UTF-8 in the method", "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/\xff\",\"params\":" + params + "}"},
        {"bytes not UTF-8 in the id", "{\"jsonrpc\":\"2.0\",\"id\":\"\xc0\xaf\",\"method\":\"ping\",\"params\":" + params + "}"},
        {"bytes not UTF-8 in the tool name", with("\"name\":\"order_\xed\xa0\x80lunch\",\"arguments\":{}")},
        {"bytes not UTF-8 in an argument", with("\"name\":\"order_lunch\",\"arguments\":{\"item\":\"\xe2\x82\",\"quantity\":1}")},
        {"a lone surrogate escape in an argument", with(R"("name":"find_customer","arguments":{"query":"\ud800"})")},
        {"bytes not UTF-8 in the protocol version",
         "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\xff\"}}}"},
        {"bytes not UTF-8 outside strings", "\xfe\xff{}"},
        {"a NUL byte inside a string", with(std::string(R"("name":"find_customer","arguments":{"query":"a)") + '\0' + R"(b"})")},
        {"a NUL byte alone", std::string(1, '\0')},
        {"NUL bytes after a message", discover + std::string(2, '\0')},
        {"the id twice", R"({"jsonrpc":"2.0","id":1,"id":{"a":1},"method":"server/discover","params":)" + params + "}"},
        {"the method twice, a number last", R"({"jsonrpc":"2.0","id":8,"method":"server/discover","method":7,"params":)" + params + "}"},
        {"the method twice, a string last", R"({"jsonrpc":"2.0","id":9,"method":7,"method":"server/discover","params":)" + params + "}"},
        {"jsonrpc twice", R"({"jsonrpc":"2.0","jsonrpc":2,"id":10,"method":"server/discover","params":)" + params + "}"},
        {"params twice, a number last", R"({"jsonrpc":"2.0","id":11,"method":"tools/list","params":)" + params + R"(,"params":7})"},
        {"_meta twice, a number last", R"({"jsonrpc":"2.0","id":12,"method":"tools/list","params":{"_meta":)" +
                                           json::parse(params)["_meta"].dump() + R"(,"_meta":7}})"},
        {"the protocol version twice, a number last",
         R"({"jsonrpc":"2.0","id":13,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/protocolVersion":7}}})"},
        {"the tool name twice, a number last", with(R"("name":"order_lunch","name":7,"arguments":{"item":"tortilla","quantity":1})")},
        {"result and method together", R"({"jsonrpc":"2.0","id":14,"method":"ping","result":{},"params":)" + params + "}"},
        {"result and error together", R"({"jsonrpc":"2.0","id":"elicit-0","result":{},"error":{"code":1,"message":"x"}})"},
        {"no method and no result", R"({"jsonrpc":"2.0","id":15})"},
    };
}

// ---- the server and its client ----------------------------------------------------------------

class Hostile {
public:
    Hostile() : stdout_file_(dir_.file("stdout")) {
        const char* cap = std::getenv("OFFICE_HOSTILE_MAX_CRASHES");
        max_crashes_ = cap ? std::strtoul(cap, nullptr, 10) : 10;
        start();
    }

    HttpOffice& office() { return *office_; }
    const std::string& session(Era era) { return era == Era::Forms ? forms_session_ : batching_session_; }
    const std::string& stdout_file() const { return stdout_file_; }
    const std::vector<std::string>& oddities() const { return oddities_; }

    // A new requestState for stateless issue_refund of invoice 2 (round two answers it, and
    // uses it up), or nullopt.
    std::optional<std::string> refund_state() {
        const json call = request(1, "tools/call", modern_params({{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}, kForms));
        const auto r = exchange(post(call.dump(), mirrored_headers(call)));
        const json state = member(member(json::parse(r.body, nullptr, false), "result"), "requestState");
        if (!state.is_string()) return std::nullopt;
        return state.get<std::string>();
    }

    void run(const Input& input) {
        INFO("input: " << input.name);
        std::unique_ptr<Client> stream;  // the parked refund's stream, for an answer to it
        std::string body = input.body;
        if (input.answers_parked) {
            bool connected = false;
            stream = std::make_unique<Client>(office_->port, connected);
            if (!connected) return crashed(input.name);
            const auto id = park(*stream);
            if (!id) {
                FAIL_CHECK("no refund could be parked on a person to answer");
                return;
            }
            for (auto at = body.find("\"@elicit@\""); at != std::string::npos; at = body.find("\"@elicit@\""))
                body.replace(at, 10, json(*id).dump());
        }
        // Each round two gets a state of its own, so every variant is judged on a good state.
        if (const auto at = body.find(json(kFreshState).dump()); at != std::string::npos) {
            const auto state = refund_state();
            if (!state) FAIL_CHECK("no requestState for round two of issue_refund");
            else body.replace(at, json(kFreshState).dump().size(), json(*state).dump());
        }
        std::string bytes = input.raw;
        if (bytes.empty()) {
            std::string headers = input.headers;
            // An answer to a parked refund goes to the session that asked the question.
            const std::string& named = input.answers_parked ? parked_session_ : session(input.era);
            if (input.era != Era::Stateless) headers = "Mcp-Session-Id: " + named + "\r\n" + headers;
            bytes = post(body, headers);
        }
        const Reply reply = exchange(bytes);
        if (const auto problem = check_reply(reply); !problem.empty()) {
            // No answer: most likely the server is dying of this input right now.
            if (reply.status == 0 && office_->process.wait(1000) != -1) return crashed(input.name);
            FAIL_CHECK("the answer: " << problem);
        }
        if (const auto odd = oddity(reply); !odd.empty()) oddities_.push_back(input.name + ": " + odd);
        if (stream) {
            // The person's answer, if it settled the call, went to the call's stream.
            bool ended = false;
            const auto events = more_events(*stream, 10, ended);
            for (const auto& data : sse_data(events))
                if (const auto problem = not_jsonrpc(data); !problem.empty()) FAIL_CHECK("the parked call's stream: " << problem);
            if (ended && parked_ > 0) --parked_;
        }
        stream.reset();
        if (!alive() || !probe()) crashed(input.name);
        if (!stdout_clean_ && std::filesystem::file_size(stdout_file_) > 0) {
            stdout_clean_ = true;  // said once
            FAIL_CHECK("office-mcp wrote on stdout");
        }
    }

    // The server still serves, and each session still answers in its era.
    void sessions_alive() {
        for (const Era era : {Era::Forms, Era::Batching}) {
            INFO(era_name(era));
            const std::string headers = "Mcp-Session-Id: " + session(era) + "\r\n";
            const auto r = exchange(post(request("alive", "ping", nullptr).dump(), headers));
            CHECK(r.status == 200);
            CHECK(member(json::parse(r.body, nullptr, false), "result") == json::object());
        }
    }

private:
    void start() {
        // The shell sends office-mcp's stdout to a file: everything it writes there is seen.
        const std::vector<std::string> wrapper = {"/bin/sh", "-c", "exec \"$0\" \"$@\" >>'" + stdout_file_ + "'"};
        office_ = std::make_unique<HttpOffice>(dir_, std::vector<std::string>{}, wrapper);
        client_.reset();
        forms_session_ = open_session("2025-06-18", kForms);
        batching_session_ = open_session("2025-03-26", json::object());
        parked_session_.clear();
    }

    std::string open_session(const std::string& version, const json& capabilities) {
        const auto opened = exchange(post(initialize_request(version, capabilities, "hostile-" + version, "1").dump()));
        INFO(opened.body);
        REQUIRE(opened.status == 200);
        const std::string id = opened.header("mcp-session-id");
        REQUIRE(id.size() == 32);
        const std::string headers = "Mcp-Session-Id: " + id + "\r\n" + (version == "2025-03-26" ? "" : "MCP-Protocol-Version: " + version + "\r\n");
        REQUIRE(exchange(post(kInitialized.dump(), headers)).status == 202);
        return id;
    }

    // Without reaping it (WNOWAIT), so ServerProcess::wait still sees how it ended; and without
    // the millisecond wait(1) sleeps, twice an input.
    bool alive() {
        siginfo_t info{};
        return ::waitid(P_PID, static_cast<id_t>(office_->process.pid()), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0;
    }

    // The keep-alive connection, opened again when the server closed it; null: nobody listens.
    Client* connection() {
        if (!client_) {
            bool connected = false;
            client_ = std::make_unique<Client>(office_->port, connected);
            if (!connected) client_.reset();
        }
        return client_.get();
    }

    Reply exchange(const std::string& bytes, int timeout_ms = 5000) {
        if (!alive()) return Reply{};
        Client* c = connection();
        if (!c) return Reply{};
        c->send(bytes);
        Reply r = read_reply(*c, timeout_ms);
        if (r.closes) client_.reset();
        return r;
    }

    bool probe() {
        const std::string id = "probe-" + std::to_string(++probes_);
        const json discover = request(id, "server/discover", modern_params());
        const auto r = exchange(post(discover.dump(), mirrored_headers(discover)));
        const json body = json::parse(r.body, nullptr, false);
        const bool served = r.status == 200 && not_jsonrpc(r.body).empty() && member(body, "id") == id;
        if (!served && alive()) FAIL_CHECK("the probe after it was not served: status " << r.status << ", " << clipped(r.body));
        return served;
    }

    // A refund parked on a person in a 2025-06-18 session: its stream is open on `stream`, and
    // the id of the question (elicitation/create) is returned.
    std::optional<std::string> park(Client& stream) {
        for (int attempt = 0; attempt < 2; ++attempt) {
            if (parked_session_.empty() || parked_ >= office::kMaxParkedCalls) {
                parked_session_ = open_session("2025-06-18", kForms);
                parked_ = 0;
            }
            stream.send(post(legacy_call("park", "issue_refund", {{"invoice_id", 4}}).dump(),
                             "Mcp-Session-Id: " + parked_session_ + "\r\nMCP-Protocol-Version: 2025-06-18\r\n"));
            const Reply r = read_reply(stream, 5000);
            if (r.open_stream) {
                const json ask = json::parse(sse_data(r.body).front(), nullptr, false);
                if (member(ask, "method") == "elicitation/create" && member(ask, "id").is_string()) {
                    ++parked_;
                    return ask["id"].get<std::string>();
                }
            }
            parked_session_.clear();  // full, or gone: another session
        }
        return std::nullopt;
    }

    void crashed(const std::string& name) {
        const int status = office_->process.wait(2000);
        std::string err = office_->process.stderr_text();
        if (err.size() > 600) err = "..." + err.substr(err.size() - 600);
        ++crashes_;
        FAIL_CHECK("office-mcp stopped serving (exit status " << status << ") at input: " << name << "\nits stderr ends:\n" << err);
        if (crashes_ >= max_crashes_) FAIL(crashes_ << " crashes: the rest of the matrix is not run (OFFICE_HOSTILE_MAX_CRASHES)");
        office_.reset();  // gone: or killed, when it hangs
        start();
    }

    TempDir dir_;
    std::string stdout_file_;
    std::unique_ptr<HttpOffice> office_;
    std::unique_ptr<Client> client_;
    std::string forms_session_, batching_session_, parked_session_;
    std::size_t parked_ = 0;
    int probes_ = 0;
    std::size_t crashes_ = 0, max_crashes_ = 10;
    bool stdout_clean_ = false;
    std::vector<std::string> oddities_;
};

// Batches: only a 2025-03-26 session takes them; everyone else refuses them whole.
std::vector<std::pair<std::string, std::string>> batches() {
    const json ping = request("b-ping", "ping", nullptr);
    const json list = request("b-list", "tools/list", nullptr);
    const json lunch = legacy_call("b-lunch", "order_lunch", {{"item", "tortilla"}, {"quantity", 1}});
    const json note = notification("notifications/cancelled", {{"requestId", "nobody"}});
    const json answer{{"jsonrpc", "2.0"}, {"id", "elicit-0"}, {"result", {{"action", "decline"}}}};
    const json stray_error{{"jsonrpc", "2.0"}, {"id", 4242}, {"error", {{"code", -1}, {"message", "no"}}}};
    const json modern_one = request("b-modern", "tools/list", modern_params());
    const auto many = [](std::size_t n, const json& m) {
        json b = json::array();
        for (std::size_t i = 0; i < n; ++i) {
            json e = m;
            if (e.is_object() && e.contains("id")) e["id"] = "m" + std::to_string(i);
            b.push_back(e);
        }
        return b.dump();
    };
    std::vector<std::pair<std::string, std::string>> b = {
        {"an empty batch", "[]"},
        {"a batch of 7", "[7]"},
        {"a batch of \"x\"", "[\"x\"]"},
        {"a batch of null", "[null]"},
        {"a batch of []", "[[]]"},
        {"a batch of {}", "[{}]"},
        {"a batch of garbage", R"([7,"x",null,true,1.5,[],{},{"a":{}}])"},
        {"a batch of one request", json::array({ping}).dump()},
        {"a mixed batch", json::array({ping, 7, list, json{{"jsonrpc", "2.0"}, {"id", 3}, {"method", 7}}, note, answer, lunch,
                                       json{{"jsonrpc", "2.0"}, {"id", 5}, {"method", "tools/call"}, {"params", {{"name", 7}}}},
                                       stray_error, "x", modern_one})
                              .dump()},
        {"a batch of notifications only", json::array({note, note}).dump()},
        {"a batch of responses only", json::array({answer, stray_error}).dump()},
        {"a batch with initialize", json::array({initialize_request("2025-03-26", json::object(), "again", "1"), ping}).dump()},
        {"a batch in a batch", json::array({json::array({ping}), ping}).dump()},
        {"a batch of a request with the envelope", json::array({modern_one}).dump()},
        {"a batch of the same id twice", json::array({ping, ping}).dump()},
        {"a batch at the limit", many(office::kMaxBatch, ping)},
        {"a batch over the limit", many(office::kMaxBatch + 1, ping)},
        {"a batch of garbage over the limit", many(office::kMaxBatch + 1, json(7))},
        {"a batch of 10^4 requests", many(10'000, ping)},
        {"a batch of 10^5 nested arrays", "[" + nested(100'000, "[", "]") + "]"},
    };
    // Each member of a batch confused in turn, beside a good one.
    for (const Base& base : {Base{"ping", ping}, Base{"tools/call order_lunch", lunch}}) {
        for (const Field& field : {Field{"method", pointer({"method"})}, Field{"jsonrpc", pointer({"jsonrpc"})},
                                   Field{"id", pointer({"id"})}, Field{"params", pointer({"params"})}}) {
            for (const auto& t : every_type()) {
                if (t.label == kLongString) continue;  // said enough elsewhere; 10^4 of them would be slow
                b.emplace_back("a batch with " + base.label + "'s " + field.label + " = " + t.label,
                               json::array({with_field(base.message, field.at, t.value), list}).dump());
            }
        }
    }
    return b;
}

// Responses from the client: `result` and `error` of each confused in turn.
std::vector<Base> responses() {
    return {
        {"a response", json{{"jsonrpc", "2.0"}, {"id", "@elicit@"}, {"result", {{"action", "accept"}, {"content", {{"amount", 0.01}, {"reason", "hostile input"}}}}}}},
        {"an error response", json{{"jsonrpc", "2.0"}, {"id", "@elicit@"}, {"error", {{"code", -32603}, {"message", "no"}}}}},
    };
}

std::vector<Field> response_fields() {
    return {
        {"id", pointer({"id"})},
        {"jsonrpc", pointer({"jsonrpc"})},
        {"result", pointer({"result"})},
        {"error", pointer({"error"})},
        {"result.action", pointer({"result", "action"})},
        {"result.content", pointer({"result", "content"})},
        {"result.content.amount", pointer({"result", "content", "amount"})},
        {"result.content.reason", pointer({"result", "content", "reason"})},
    };
}

std::vector<Input> matrix(Hostile& hostile) {
    std::vector<Input> in;
    const std::string forms_version = "MCP-Protocol-Version: 2025-06-18\r\n";

    // Stateless 2026-07-28: every field, with the headers of the valid message and with headers
    // mirroring the confused one; then the headers themselves.
    field_matrix(in, Era::Stateless, bases(true), message_fields(), "", true, true);
    header_matrix(in, bases(true), hostile.session(Era::Forms));
    // The same messages without the envelope, and no session: a 2026-07-28 client that forgot
    // _meta, or a legacy client that skipped initialize.
    field_matrix(in, Era::Stateless, bases(false), {message_fields()[0], message_fields()[2], message_fields()[3]}, "", false, false);

    // Legacy: initialize itself, then every field inside each session.
    for (const std::string version : {"2025-06-18", "2025-03-26"}) {
        const Base init{"initialize " + version, initialize_request(version, version == "2025-06-18" ? kForms : json::object(), "hostile", "1")};
        field_matrix(in, Era::Stateless, {init},
                     {{"method", pointer({"method"})}, {"jsonrpc", pointer({"jsonrpc"})}, {"id", pointer({"id"})},
                      {"params", pointer({"params"})}, {"params.protocolVersion", pointer({"params", "protocolVersion"})},
                      {"params.capabilities", pointer({"params", "capabilities"})},
                      {"params.capabilities.elicitation", pointer({"params", "capabilities", "elicitation"})},
                      {"params.clientInfo", pointer({"params", "clientInfo"})},
                      {"params.clientInfo.name", pointer({"params", "clientInfo", "name"})},
                      {"params._meta", pointer({"params", "_meta"})}},
                     version == "2025-06-18" ? forms_version : "", false, false);
    }
    field_matrix(in, Era::Forms, bases(false), message_fields(), forms_version, false, false);
    field_matrix(in, Era::Batching, bases(false), message_fields(), "", false, false);
    for (const Era era : {Era::Forms, Era::Batching}) {
        const std::string v = era == Era::Forms ? forms_version : "";
        const std::string call = legacy_call(20, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}).dump();
        for (const auto& [label, h] : std::vector<std::pair<std::string, std::string>>{
                 {"MCP-Protocol-Version 2026-07-28", "MCP-Protocol-Version: 2026-07-28\r\n"},
                 {"MCP-Protocol-Version 2025-11-25", "MCP-Protocol-Version: 2025-11-25\r\n"},
                 {"MCP-Protocol-Version 1999-01-01", "MCP-Protocol-Version: 1999-01-01\r\n"},
                 {"an empty MCP-Protocol-Version", "MCP-Protocol-Version: \r\n"},
                 {"Mcp-Method and Mcp-Name disagreeing", v + "Mcp-Method: ping\r\nMcp-Name: find_customer\r\n"}}) {
            in.push_back({std::string(era_name(era)) + " tools/call order_lunch: " + label, era, call, h});
        }
    }
    for (const std::string& unknown : {std::string("00000000000000000000000000000000"), std::string("x"), std::string(200, 'a')})
        in.push_back({"tools/list naming the unknown session " + clipped(unknown, 40), Era::Stateless,
                      request(21, "tools/list", nullptr).dump(), "Mcp-Session-Id: " + unknown + "\r\n" + forms_version});

    // Responses: to a refund really parked on a person, and to requests never sent (in a
    // session, and stateless).
    const auto rs = responses();
    std::vector<Input> answers;
    field_matrix(answers, Era::Forms, rs, response_fields(), forms_version, false, false);
    for (auto& a : answers) {
        a.name = "answering a parked refund: " + a.name;
        a.answers_parked = true;
        in.push_back(a);
    }
    for (const Era era : {Era::Stateless, Era::Forms, Era::Batching}) {
        std::vector<Input> stray;
        std::vector<Base> never_asked = rs;
        for (auto& b : never_asked) b.message["id"] = "elicit-999";
        field_matrix(stray, era, never_asked, response_fields(), era == Era::Forms ? forms_version : "", false, false);
        for (auto& s : stray) {
            s.name = "unsolicited: " + s.name;
            in.push_back(s);
        }
    }

    // Batches in every context: served only in the 2025-03-26 session.
    for (const auto& [label, body] : batches())
        for (const Era era : {Era::Batching, Era::Forms, Era::Stateless})
            in.push_back({std::string(era_name(era)) + ": " + label, era, body, era == Era::Forms ? forms_version : ""});

    // Raw bodies in every context.
    const std::string modern = modern_params().dump();
    for (const auto& [label, body] : raw_bodies(modern))
        in.push_back({"stateless with the envelope: " + label, Era::Stateless, body,
                      "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n"});
    for (const auto& [label, body] : raw_bodies("{}")) {
        in.push_back({"stateless without the envelope: " + label, Era::Stateless, body, ""});
        in.push_back({"2025-06-18 session: " + label, Era::Forms, body, forms_version});
        in.push_back({"2025-03-26 session: " + label, Era::Batching, body, ""});
    }

    // Not a JSON POST at all, on the way to the parser.
    const std::string discover = request(22, "server/discover", modern_params()).dump();
    const std::string mirrored = "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n";
    const auto raw = [&](const std::string& label, std::string bytes) { in.push_back({label, Era::Stateless, "", "", std::move(bytes)}); };
    raw("a text/plain body", "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nAccept: */*\r\n" + mirrored +
                                 "Content-Length: " + std::to_string(discover.size()) + "\r\n\r\n" + discover);
    raw("no Accept", "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + mirrored +
                         "Content-Length: " + std::to_string(discover.size()) + "\r\n\r\n" + discover);
    raw("application/json;charset=utf-8", "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json;charset=utf-8\r\nAccept: */*\r\n" +
                                              mirrored + "Content-Length: " + std::to_string(discover.size()) + "\r\n\r\n" + discover);
    raw("a GET with no session", "GET /mcp HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
    raw("a GET naming an unknown session", "GET /mcp HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nMcp-Session-Id: nobody\r\n\r\n");
    raw("a DELETE naming an unknown session", "DELETE /mcp HTTP/1.1\r\nHost: x\r\nMcp-Session-Id: nobody\r\n\r\n");
    raw("a PUT", "PUT /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
    raw("another path", post(discover, mirrored).replace(5, 4, "/mcpx"));
    return in;
}

}  // namespace

TEST_CASE("issue 23: a method that is not a string is refused like on stdio, and office-mcp --http keeps serving", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    Client client(office.port);
    client.send(post(R"({"jsonrpc":"2.0","id":1,"method":7})"));
    const auto refused = client.receive();
    CHECK(status_of(refused) == 400);
    CHECK(body_of(refused) == json::parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: method must be a string"}})"));
    Client after(office.port);
    after.send(modern(2, "server/discover"));
    CHECK(status_of(after.receive()) == 200);
}

TEST_CASE("every hostile HTTP request, in both eras, is answered and office-mcp --http keeps serving", "[http]") {
    Hostile hostile;
    const auto inputs = matrix(hostile);
    for (const auto& input : inputs) hostile.run(input);
    hostile.sessions_alive();
    std::fprintf(stderr, "hostile input: %zu HTTP requests (both eras, batches, unsolicited responses)\n", inputs.size());
    // A 500 is a defect the boundary caught (core/support/contained.h); an empty JSON body or a
    // success with no body answers nothing. None may happen.
    const auto& odd = hostile.oddities();
    for (std::size_t i = 0; i < odd.size() && i < 20; ++i) UNSCOPED_INFO("an odd answer to " << odd[i]);
    CHECK(odd.size() == 0);

    auto& process = hostile.office().process;
    CHECK(process.wait(1) == -1);  // still running
    process.stop();
    CHECK(process.wait(10000) == 0);
    CHECK(std::filesystem::file_size(hostile.stdout_file()) == 0);
    CHECK(process.stderr_text().find("\"event\":\"stop\"") != std::string::npos);
}
