#include "session.h"

#include "contained.h"

#include "era.h"
#include "office_version.h"
#include "utf8.h"
#include "office_store.h"
#include "office_resources.h"
#include "tool_reply.h"

#include <chrono>
#include <unordered_map>

namespace office {

namespace {

constexpr std::string_view kMetaVersion = "io.modelcontextprotocol/protocolVersion";
constexpr std::string_view kMetaCapabilities = "io.modelcontextprotocol/clientCapabilities";
constexpr std::string_view kMetaClientInfo = "io.modelcontextprotocol/clientInfo";
constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
constexpr std::string_view kMetaProblems = "office-mcp/problems";
constexpr std::string_view kMetaSubscriptionId = "io.modelcontextprotocol/subscriptionId";
constexpr std::int64_t kToolsTtlMs = 3'600'000;
// The resource list and the template are fixed for a server's life, like its tools; rows change
// with every write (here or in another process), so a page is fresh for a second only: enough
// to spare a burst of identical reads, and the change notifications say when to read again.
constexpr std::int64_t kResourceListTtlMs = 3'600'000;
constexpr std::int64_t kResourceReadTtlMs = 1'000;
// 2025 eras answer an unknown resource with -32002; 2026-07-28 with -32602 (server/resources).
constexpr int kResourceNotFoundLegacy = -32002;

constexpr std::string_view kInstructions =
    "Office tools for a small practice: find customers, see free appointment slots and book "
    "them, read a customer's invoices, refund an invoice (a person approves every refund) and "
    "order lunch. Call find_customer first to learn the customer ids the other tools take.";

const json kNoParams = json::object();
// What the log line of a call parked on a person is given as its reply: not a notification,
// answered later (its id is the request's).
const json kReplyLater = nullptr;

json server_info(std::string_view version) {
    json info{{"name", kServerName}, {"version", server_version()}};
    if (revision(version).titles) info["title"] = "Office";
    return info;
}

// The serverInfo every 2026-07-28 result carries in its _meta.
const json& modern_server_info() {
    static const json info = server_info(kModernVersion);
    return info;
}

// modern_server_info() as dump() writes it: the direct reply copies it (ToolReplyShape).
std::string_view modern_server_info_text() {
    static const std::string text = modern_server_info().dump(-1, ' ', false, json::error_handler_t::replace);
    return text;
}

// A form is possible when elicitation is declared without modes (form only) or with form.
bool declares_form_elicitation(const json& capabilities) {
    if (!capabilities.is_object()) return false;
    const auto it = capabilities.find("elicitation");
    if (it == capabilities.end() || !it->is_object()) return false;
    return it->empty() || it->contains("form");
}

// At most kMaxClientField bytes of `text`, cut between UTF-8 characters. The client's name and
// version are stored with every write it makes; a 4 MB name must not become 4 MB per row.
constexpr std::size_t kMaxClientField = 128;
std::string clipped(const std::string& text) { return utf8::clip(text, kMaxClientField); }

// The client's name and version from clientInfo ("unknown" and "" when it gave none).
void client_identity(const json& info, std::string& name, std::string& version) {
    name = "unknown";
    version.clear();
    if (!info.is_object()) return;
    if (const auto it = info.find("name"); it != info.end() && it->is_string()) name = clipped(it->get_ref<const std::string&>());
    if (const auto it = info.find("version"); it != info.end() && it->is_string()) version = clipped(it->get_ref<const std::string&>());
}

// "name/version"; with a principal "alice (name/version)": the proved name first, the
// self-reported client beside it (the refund and queue texts are written with this label).
std::string client_label(const std::string& principal, const std::string& name, const std::string& version) {
    const std::string client = version.empty() ? name : name + "/" + version;
    return principal.empty() ? client : principal + " (" + client + ")";
}

using Clock = std::chrono::steady_clock;

ProtocolError invalid_params(std::string message) { return {rpc::kInvalidParams, std::move(message)}; }

}  // namespace

std::string_view server_version() { return OFFICE_VERSION; }

struct Session::Request {
    json id;  // null for a notification
    std::string method;
    const json* params = &kNoParams;  // always an object; points into the message
    bool modern = false;
    Caller caller;        // who asks, in which era ("" until dispatch decides) and protocol version
    const json* capabilities = &kNoParams;  // the client's, for this request; points into the message
    const Revision& has() const { return revision(caller.protocol_version); }  // what its revision has
    std::string* out = nullptr;  // for requests the session itself sends (legacy elicitation)
    // For the log line: what tools/call ran and how it ended (protocol errors come from the reply).
    std::string_view tool;
    Outcome outcome = Outcome::Ok;
    std::string problem;
    // A tool's complete result (run_tool), written to the wire without building a json reply.
    std::optional<ToolResult> complete;
};

// A legacy tools/call waiting for the client's answer to our elicitation/create.
struct Session::Parked {
    json original_id;
    const Tool* tool;
    json arguments;
    std::string key;
    Caller caller;
    int asks = 1;  // how often the person has been asked in this call, this ask included
};

Session::Session(SessionOptions options) : options_(std::move(options)) {
    if (!options_.now) options_.now = system_now;
    for (const auto& tool : office_tools()) {
        bool enabled = options_.tools.empty();
        for (const auto& name : options_.tools) enabled = enabled || name == tool.name;
        if (enabled) tools_.push_back(&tool);
    }
    tables_ = visible_tables(options_.tools);
}

Session::~Session() = default;

void Session::handle_overlong_line(std::size_t cap, std::string& out) {
    const auto started = Clock::now();
    const json error = make_error(nullptr, rpc::kInvalidRequest,
                                  "Message too large: a line may hold at most " + std::to_string(cap) + " bytes");
    log_request(Request{}, &error, started);
    append_line(out, error);
}

void Session::end_of_input() { parked_.clear(); }

void Session::handle_line(std::string_view line, std::string& out) {
    if (line.find_first_not_of(" \t") == std::string_view::npos) return;  // blank lines are not messages
    const auto started = Clock::now();
    bool too_deep = false;
    const json message = parse_message(line, kMaxNesting, too_deep);  // sets too_deep: parse before passing it
    handle_parsed(message, too_deep, out, started);
}

void Session::handle_parsed(const json& message, bool too_deep, std::string& out, std::chrono::steady_clock::time_point started) {
    failed_ = false;
    // A line refused as a whole: one answer, one log line, no method known.
    const auto refuse_line = [&](int code, std::string_view text) {
        const json error = make_error(nullptr, code, text);
        log_request(Request{}, &error, started);
        append_line(out, error);
    };
    if (message.is_discarded()) {
        refuse_line(rpc::kParseError, "Parse error: the line is not valid JSON");
        return;
    }
    if (too_deep) {
        // JSON, but deeper than any MCP message: refused whole, never acted on in part. A
        // notification is still never answered; anything else gets its id back when usable.
        const bool notification = message.is_object() && message.contains("method") && !message.contains("id");
        if (notification) return;
        const json* id = find_member(message, "id");
        const json error = make_error(id ? *id : json(), rpc::kInvalidRequest,
                                      "Invalid Request: the message nests deeper than " + std::to_string(kMaxNesting) + " levels");
        log_request(Request{}, &error, started);
        append_line(out, error);
        return;
    }
    if (!message.is_array()) {
        handle_message(message, out, nullptr);
        return;
    }
    // Batches exist only in 2025-03-26.
    if (!legacy_ || !revision(legacy_->caller.protocol_version).batch) {
        refuse_line(rpc::kInvalidRequest, "Batches are only allowed in protocol version 2025-03-26");
        return;
    }
    if (message.empty()) {
        refuse_line(rpc::kInvalidRequest, "An empty batch is not a request");
        return;
    }
    if (message.size() > kMaxBatch) {
        refuse_line(rpc::kInvalidRequest, "Invalid Request: a batch may hold at most " + std::to_string(kMaxBatch) + " messages");
        return;
    }
    json replies = json::array();
    for (const auto& element : message) handle_message(element, out, &replies);
    if (!replies.empty()) append_line(out, replies);
}

void Session::handle_message(const json& message, std::string& out, json* batch_replies) {
    const auto started = Clock::now();
    Request request;
    request.out = &out;
    const std::size_t out_mark = out.size();
    const std::size_t batch_mark = batch_replies ? batch_replies->size() : 0;
    const auto failure = contain([&] { answer_message(message, request, batch_replies, started); });
    if (!failure) return;
    // A defect of ours (contained.h): what this message wrote is taken back, a request is
    // answered -32603, and the failure has its error log line. The session goes on.
    failed_ = true;
    out.resize(out_mark);
    if (batch_replies) batch_replies->erase(batch_replies->begin() + static_cast<std::ptrdiff_t>(batch_mark), batch_replies->end());
    const json* id = find_member(message, "id");
    const bool answerable = id && is_valid_id(*id) && find_member(message, "method");
    const json error = make_error(answerable ? *id : json(), rpc::kInternalError, "Internal error: " + *failure);
    contain([&] { log_request(request, &error, started); });
    if (!answerable) return;
    if (batch_replies) batch_replies->push_back(error);
    else append_line(out, error);
}

void Session::answer_message(const json& message, Request& request, json* batch_replies, Clock::time_point started) {
    std::string& out = *request.out;
    // Every answer leaves here, so every answer gets its log line.
    const auto reply = [&](json r) {
        log_request(request, &r, started);
        if (batch_replies) batch_replies->push_back(std::move(r));
        else append_line(out, r);
    };
    if (!message.is_object()) {
        reply(make_error(nullptr, rpc::kInvalidRequest, "Invalid Request: a message must be a JSON object"));
        return;
    }
    const auto id_it = message.find("id");
    const bool has_id = id_it != message.end();
    const json id = has_id ? *id_it : json();
    const auto method_it = message.find("method");
    const auto version_it = message.find("jsonrpc");
    if (version_it == message.end() || *version_it != "2.0") {
        if (has_id || method_it == message.end())
            reply(make_error(id, rpc::kInvalidRequest, "Invalid Request: jsonrpc must be \"2.0\""));
        return;
    }
    if (method_it == message.end()) {
        if (has_id && (message.contains("result") || message.contains("error"))) {
            handle_response(message, out);
            return;
        }
        reply(make_error(id, rpc::kInvalidRequest, "Invalid Request: no method"));
        return;
    }
    const bool notification = !has_id;
    if (method_it->is_string()) request.method = method_it->get<std::string>();
    if (!method_it->is_string()) {
        if (!notification) reply(make_error(id, rpc::kInvalidRequest, "Invalid Request: method must be a string"));
        return;
    }
    if (has_id && !is_valid_id(id)) {
        reply(make_error(nullptr, rpc::kInvalidRequest, "Invalid Request: id must be a string or an integer"));
        return;
    }

    request.id = id;
    try {
        const auto params_it = message.find("params");
        if (params_it != message.end() && params_it->is_object()) request.params = &*params_it;
        else if (params_it != message.end() && !params_it->is_null())
            throw invalid_params("Invalid params: params must be an object");

        Reply reply_result = dispatch(request);
        if (notification) {
            log_request(request, nullptr, started);
            return;
        }
        if (!reply_result) {
            // A legacy call parked on elicitation/create, or an open subscriptions/listen:
            // answered later, asked now.
            if (request.outcome == Outcome::InputRequired || request.method == "subscriptions/listen")
                log_request(request, &kReplyLater, started);
            return;
        }
        if (request.complete) {
            // A tool's complete result, the hot path: written straight into the line (tool_reply.h).
            const ToolReplyShape shape{request.has().structured_content, request.modern ? &modern_server_info() : nullptr,
                                       request.modern ? modern_server_info_text() : std::string_view()};
            if (batch_replies) {
                reply(tool_reply(id, *request.complete, shape));
            } else {
                log_complete(request, started);
                append_tool_reply(out, id, *request.complete, shape);
            }
            return;
        }
        json& result = *reply_result;
        if (request.modern) {
            if (!result.contains("resultType")) result["resultType"] = "complete";
            result["_meta"][kMetaServerInfo] = modern_server_info();
        }
        reply(make_result(id, std::move(result)));
    } catch (const ProtocolError& e) {
        if (!notification) reply(make_error(id, e.code, e.message, e.data));
        else log_request(request, nullptr, started);
    } catch (const StoreError& e) {
        if (!notification) reply(make_error(id, rpc::kInternalError, e.what()));
        else log_request(request, nullptr, started);
    }
}

void Session::log_request(const Request& request, const json* reply, Clock::time_point started) {
    Logger* logger = options_.logger;
    if (!logger) return;
    RequestLogEntry e;
    e.notification = reply == nullptr;
    const auto error = reply && reply->is_object() ? reply->find("error") : json::const_iterator();
    if (reply && reply->is_object() && error != reply->end()) {
        e.outcome = Outcome::ProtocolError;
        e.code = error->value("code", 0);
        if (const auto m = error->find("message"); m != error->end() && m->is_string())
            e.problem = m->get_ref<const std::string&>();
    } else {
        e.outcome = request.outcome;
        e.problem = request.problem;
    }
    if (!logger->enabled(Logger::level_of(e))) return;  // nothing more is computed for a filtered line

    const json* id = &request.id;
    if (reply && reply->is_object()) {
        const auto it = reply->find("id");
        id = it != reply->end() ? &*it : nullptr;  // what was answered
    }
    write_log(request, e, id, started);
}

void Session::log_complete(const Request& request, Clock::time_point started) {
    // As log_request with a result reply: it has the request's id and no error.
    Logger* logger = options_.logger;
    if (!logger) return;
    RequestLogEntry e;
    e.outcome = request.outcome;
    e.problem = request.problem;
    if (!logger->enabled(Logger::level_of(e))) return;
    write_log(request, e, &request.id, started);
}

void Session::write_log(const Request& request, RequestLogEntry& e, const json* id, Clock::time_point started) {
    Logger* logger = options_.logger;
    e.id = id && !id->is_null() ? id : nullptr;
    e.era = request.caller.era;
    e.version = request.caller.protocol_version;
    e.client_name = request.caller.name;
    e.client_version = request.caller.version;
    e.principal = request.caller.principal;
    e.method = request.method;
    e.tool = request.tool;
    if (!request.tool.empty() && logger->enabled(LogLevel::Debug)) {
        if (const auto args = request.params->find("arguments"); args != request.params->end()) e.arguments = &*args;
    }
    e.duration_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    logger->request(e);
}

Session::Reply Session::dispatch(Request& request) {
    struct Method {
        Handler handler;
        bool legacy;
        bool modern;
    };
    static const std::unordered_map<std::string_view, Method> table = {
        {"initialize", {&Session::on_initialize, true, false}},
        {"notifications/initialized", {&Session::on_initialized, true, false}},
        {"ping", {&Session::on_ping, true, false}},
        {"server/discover", {&Session::on_discover, false, true}},
        {"tools/list", {&Session::on_tools_list, true, true}},
        {"tools/call", {&Session::on_tools_call, true, true}},
        {"notifications/cancelled", {&Session::on_cancelled, true, true}},
        {"logging/setLevel", {&Session::on_set_level, true, false}},
        {"resources/list", {&Session::on_resources_list, true, true}},
        {"resources/templates/list", {&Session::on_resource_templates, true, true}},
        {"resources/read", {&Session::on_resources_read, true, true}},
        {"resources/subscribe", {&Session::on_subscribe, true, false}},  // 2026-07-28: subscriptions/listen
        {"resources/unsubscribe", {&Session::on_unsubscribe, true, false}},
        {"subscriptions/listen", {&Session::on_listen, false, true}},
    };

    // A notification method sent with an id is a request its handler would never answer.
    if (!request.id.is_null() && request.method.starts_with("notifications/"))
        throw ProtocolError{rpc::kInvalidRequest, "Invalid Request: " + request.method + " is a notification and takes no id"};

    // The era: a request carrying the 2026-07-28 envelope is served statelessly; anything
    // else belongs to the legacy session that initialize opened.
    const auto meta_it = request.params->find("_meta");
    const json* meta = (meta_it != request.params->end() && meta_it->is_object()) ? &*meta_it : nullptr;
    const bool has_envelope = meta && (meta->contains(kMetaVersion) || meta->contains(kMetaCapabilities));
    const bool legacy_method = request.method == "initialize" || request.method == "ping" ||
                               request.method == "notifications/initialized";
    request.modern = has_envelope || (!legacy_ && !legacy_method);
    // notifications/cancelled only names a request of this connection (on stdio, an open
    // subscriptions/listen): the 2026-07-28 spec's own example carries no envelope.
    if (request.method == "notifications/cancelled" && !has_envelope) return on_cancelled(request);

    if (request.modern) {
        // Known before the envelope is judged, so even a refused request names its client.
        const auto info = meta ? meta->find(kMetaClientInfo) : json::const_iterator();
        Caller& caller = request.caller;
        client_identity(meta && info != meta->end() ? *info : json(), caller.name, caller.version);
        caller.principal = options_.principal;
        caller.label = client_label(caller.principal, caller.name, caller.version);
        caller.era = "modern";
        if (!meta || !meta->contains(kMetaVersion))
            throw invalid_params(std::string("Invalid params: missing _meta[\"") + std::string(kMetaVersion) +
                                 "\"] (send it on every request, or initialize first)");
        const auto& version = (*meta)[kMetaVersion];
        if (!version.is_string() || version != kModernVersion)
            throw ProtocolError{rpc::kUnsupportedVersion, "Unsupported protocol version",
                                json{{"supported", json::array({kModernVersion})}, {"requested", version}}};
        const auto caps = meta->find(kMetaCapabilities);
        if (caps == meta->end())
            throw invalid_params(std::string("Invalid params: missing _meta[\"") + std::string(kMetaCapabilities) + "\"]");
        if (!caps->is_object())
            throw invalid_params(std::string("Invalid params: _meta[\"") + std::string(kMetaCapabilities) + "\"] must be an object");
        request.caller.protocol_version = std::string(kModernVersion);
        request.capabilities = &*caps;
    } else if (legacy_) {
        request.caller = legacy_->caller;
    } else {
        request.caller.era = "legacy";  // initialize, or ping before it
        request.caller.principal = options_.principal;
    }

    const auto it = table.find(request.method);
    if (it == table.end() || (request.modern ? !it->second.modern : !it->second.legacy))
        throw ProtocolError{rpc::kMethodNotFound, "Method not found: " + request.method};
    return (this->*it->second.handler)(request);
}

Session::Reply Session::on_initialize(Request& request) {
    if (legacy_) throw ProtocolError{rpc::kInvalidRequest, "Invalid Request: already initialized"};
    const auto& p = *request.params;
    const auto requested = p.find("protocolVersion");
    if (requested == p.end() || !requested->is_string())
        throw invalid_params("Invalid params: protocolVersion must be a string");
    const auto wanted = requested->get<std::string>();
    Legacy legacy;
    Caller& caller = legacy.caller;
    caller.era = "legacy";
    caller.protocol_version = is_legacy_version(wanted) ? wanted : std::string(kLatestLegacyVersion);
    const auto caps = p.find("capabilities");
    legacy.can_elicit = revision(caller.protocol_version).elicitation && caps != p.end() && declares_form_elicitation(*caps);
    const auto info = p.find("clientInfo");
    client_identity(info == p.end() ? json() : *info, caller.name, caller.version);
    caller.principal = options_.principal;
    caller.label = client_label(caller.principal, caller.name, caller.version);
    request.caller = caller;  // for the log line of this very request
    legacy_ = std::move(legacy);
    // logging: a client may set a level (logging/setLevel); the office sends no log
    // notifications of its own, its log goes to the operator (stderr or --log-file).
    return json{{"protocolVersion", legacy_->caller.protocol_version},
                {"capabilities", {{"tools", {{"listChanged", false}}},
                                  {"resources", {{"subscribe", true}, {"listChanged", false}}},
                                  {"logging", json::object()}}},
                {"serverInfo", server_info(legacy_->caller.protocol_version)},
                {"instructions", kInstructions}};
}

Session::Reply Session::on_initialized(Request&) { return std::nullopt; }

Session::Reply Session::on_ping(Request&) { return json::object(); }

Session::Reply Session::on_set_level(Request& request) {
    static constexpr std::string_view kLevels[] = {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"};
    const auto level = request.params->find("level");
    if (level == request.params->end() || !level->is_string() ||
        std::find(std::begin(kLevels), std::end(kLevels), level->get_ref<const std::string&>()) == std::end(kLevels))
        throw invalid_params("Invalid params: level must be one of debug, info, notice, warning, error, critical, alert, emergency");
    return json::object();
}

Session::Reply Session::on_discover(Request&) {
    return json{{"supportedVersions", json::array({kModernVersion})},
                {"capabilities", {{"tools", {{"listChanged", false}}},
                                  {"resources", {{"subscribe", true}, {"listChanged", false}}}}},
                {"instructions", kInstructions},
                {"ttlMs", kToolsTtlMs},
                {"cacheScope", "public"}};
}

namespace {

// The tool as the given protocol revision describes it.
json describe_tool(const Tool& tool, const Revision& has) {
    json entry{{"name", tool.name}, {"description", tool.description}};
    json input = tool.input_schema;
    if (has.schema_dialect) input["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    entry["inputSchema"] = std::move(input);
    if (has.annotations) {
        json annotations{{"title", tool.title},
                         {"readOnlyHint", tool.read_only},
                         {"openWorldHint", false}};
        if (!tool.read_only) {
            annotations["destructiveHint"] = tool.destructive;
            annotations["idempotentHint"] = tool.idempotent;
        }
        entry["annotations"] = std::move(annotations);
    }
    if (has.titles) entry["title"] = tool.title;
    if (has.output_schema && !tool.output_schema.is_null()) {
        json output = tool.output_schema;
        if (has.schema_dialect) output["$schema"] = "https://json-schema.org/draft/2020-12/schema";
        entry["outputSchema"] = std::move(output);
    }
    return entry;
}

}  // namespace

Session::Reply Session::on_tools_list(Request& request) {
    auto& cached = tools_list_cache_[request.caller.protocol_version];
    if (cached.is_null()) {
        json tools = json::array();
        for (const auto* tool : tools_) tools.push_back(describe_tool(*tool, request.has()));
        cached = json{{"tools", std::move(tools)}};
        if (request.modern) {
            cached["ttlMs"] = kToolsTtlMs;
            cached["cacheScope"] = "public";
        }
    }
    return cached;
}

const Tool* Session::find_tool(std::string_view name) const {
    for (const auto* tool : tools_)
        if (tool->name == name) return tool;
    return nullptr;
}

json Session::tool_result(const ToolResult& result, const Request& request) const {
    json r{{"content", json::array({json{{"type", "text"}, {"text", result.text}}})}};
    if (result.is_error) r["isError"] = true;
    if (!result.structured.is_null() && request.has().structured_content)
        r["structuredContent"] = result.structured;
    return r;
}

Session::Reply Session::on_tools_call(Request& request) {
    const auto& p = *request.params;
    const auto name_it = p.find("name");
    if (name_it == p.end() || !name_it->is_string()) throw invalid_params("Invalid params: name must be a string");
    request.tool = name_it->get_ref<const std::string&>();
    const Tool* tool = find_tool(name_it->get_ref<const std::string&>());
    if (!tool) throw invalid_params("Unknown tool: " + name_it->get<std::string>());
    const auto args_it = p.find("arguments");
    // A reference, not a copy: the arguments live in the message for the whole call.
    const json& arguments = (args_it == p.end() || args_it->is_null()) ? kNoParams : *args_it;
    if (!arguments.is_object()) throw invalid_params("Invalid params: arguments must be an object");

    CallContext ctx;
    ctx.store = options_.store;
    ctx.now = options_.now;
    ctx.caller = request.caller;
    ctx.can_elicit = request.modern ? declares_form_elicitation(*request.capabilities) : legacy_ && legacy_->can_elicit;

    // Round two of a modern input_required call: the state must be one this server sealed,
    // for this tool and these arguments, unexpired and unused, answering exactly what was asked.
    const auto responses_it = p.find("inputResponses");
    const auto state_it = p.find("requestState");
    const bool has_responses = responses_it != p.end() && !responses_it->is_null();
    const bool has_state = state_it != p.end() && !state_it->is_null();
    if (has_responses || has_state) {
        if (!request.modern || !has_responses || !has_state || !state_it->is_string() || !responses_it->is_object())
            throw invalid_request_state();
        const auto claims = options_.sealer().open(state_it->get_ref<const std::string&>(), options_.now());
        if (!claims || claims->tool != tool->name || claims->args_digest != args_digest(arguments))
            throw invalid_request_state();
        if (options_.store().request_state_used(claims->nonce)) throw invalid_request_state();
        // The state is good, the answer is not where the question was: say which key is missing
        // (the state is not spent, so the client can send it again with the answer).
        if (!responses_it->contains(claims->input_key))
            throw ProtocolError{rpc::kInvalidParams, "Invalid params: inputResponses has no answer for " + claims->input_key,
                                json{{"reason", "missing_input_response"}, {"key", claims->input_key}}};
        if (responses_it->size() != 1) throw invalid_request_state();
        ctx.input_responses = &*responses_it;
        ctx.state_nonce = claims->nonce;
        ctx.route = Route::InputRequired;
        ctx.asks = claims->asks;
        ctx.can_elicit = true;  // the client has answered a form, whatever this retry declares
    }
    return run_tool(*tool, arguments, ctx, request);
}

Session::Reply Session::run_tool(const Tool& tool, const json& arguments, CallContext& ctx, Request& request) {
    if (const auto problems = tool.validator.check(arguments); !problems.empty()) {
        // The list of problems goes in _meta, not structuredContent: the spec requires
        // structuredContent to match the tool's outputSchema, error or not.
        request.outcome = Outcome::ToolError;
        request.problem = tool.name + " was not run: " + join_messages(problems);
        json result = tool_result({request.problem, nullptr, true}, request);
        if (request.has().structured_content) {
            json list = json::array();
            for (const auto& problem : problems)
                list.push_back({{"path", problem.path}, {"rule", problem.rule}, {"message", problem.message}});
            result["_meta"][kMetaProblems] = std::move(list);
        }
        return result;
    }
    if (ctx.route == Route::None && ctx.can_elicit)
        ctx.route = request.modern ? Route::InputRequired : Route::Elicitation;

    ToolOutcome outcome = tool.run(ctx, arguments);
    if (auto* done = std::get_if<ToolResult>(&outcome)) {
        if (done->is_error) {
            request.outcome = Outcome::ToolError;
            request.problem = done->text;
        } else {
            request.outcome = done->queued ? Outcome::Queued : Outcome::Ok;
        }
        // The caller writes the reply from the result itself (tool_reply.h), no json built.
        request.complete = std::move(*done);
        return json();
    }

    request.outcome = Outcome::InputRequired;
    auto& ask = std::get<InputRequired>(outcome);
    json form{{"message", ask.message}, {"requestedSchema", ask.requested_schema}};
    if (request.modern) {
        form = json{{"mode", "form"}, {"message", ask.message}, {"requestedSchema", ask.requested_schema}};
        StateClaims claims;
        claims.tool = tool.name;
        claims.args_digest = args_digest(arguments);
        claims.input_key = ask.key;
        claims.asks = ctx.asks + 1;
        return json{{"resultType", "input_required"},
                    {"inputRequests", {{ask.key, {{"method", "elicitation/create"}, {"params", std::move(form)}}}}},
                    {"requestState", options_.sealer().seal(std::move(claims), options_.now())}};
    }
    // Legacy: ask the client ourselves and park the call until its answer arrives. A call sent
    // as a notification has nobody to answer, so no person is asked on its behalf.
    if (request.id.is_null()) return std::nullopt;
    if (parked_.size() >= kMaxParkedCalls) {
        // A client that never answers must not make us hold its calls without end.
        request.outcome = Outcome::ToolError;
        request.problem = std::to_string(parked_.size()) + " forms already wait for a person's answer, so " + tool.name +
                          " did nothing; answer or cancel one of them first.";
        return tool_result({request.problem, nullptr, true}, request);
    }
    if (request.has().form_mode) form["mode"] = "form";
    const std::string our_id = "elicit-" + std::to_string(next_elicitation_++);
    append_line(*request.out, json{{"jsonrpc", "2.0"}, {"id", our_id}, {"method", "elicitation/create"}, {"params", std::move(form)}});
    parked_[our_id] = std::make_unique<Parked>(Parked{request.id, &tool, arguments, ask.key, request.caller, ctx.asks + 1});
    return std::nullopt;
}

void Session::handle_response(const json& message, std::string& out) {
    const json* id = find_member(message, "id");
    const auto it = id && id->is_string() ? parked_.find(id->get_ref<const std::string&>()) : parked_.end();
    if (it == parked_.end()) return;  // a response to nothing we asked: ignored
    const std::unique_ptr<Parked> parked = std::move(it->second);
    parked_.erase(it);

    // The original call's log line, second round: timed from the client's answer.
    const auto started = Clock::now();
    Request request;
    request.id = parked->original_id;
    request.method = "tools/call";
    request.caller = parked->caller;
    request.tool = parked->tool->name;
    const json params{{"arguments", parked->arguments}};
    request.params = &params;
    request.out = &out;
    const auto answer_with = [&](json reply) {
        log_request(request, &reply, started);
        append_line(out, reply);
    };
    const auto resume = [&] {
        try {
            Reply result;
            const auto answer = message.find("result");
            if (answer == message.end() || !answer->is_object()) {
                request.outcome = Outcome::ToolError;
                request.problem = "The person could not be asked (the client answered the form request with an error), so " +
                                  parked->tool->name + " did nothing.";
                result = tool_result({request.problem, nullptr, true}, request);
            } else {
                const json responses{{parked->key, *answer}};
                CallContext ctx;
                ctx.store = options_.store;
                ctx.now = options_.now;
                ctx.caller = parked->caller;
                ctx.can_elicit = true;
                ctx.route = Route::Elicitation;
                ctx.asks = parked->asks;
                ctx.input_responses = &responses;
                result = run_tool(*parked->tool, parked->arguments, ctx, request);
            }
            if (request.complete) {
                log_complete(request, started);
                append_tool_reply(out, request.id, *request.complete, {request.has().structured_content, nullptr});
            } else if (result) answer_with(make_result(request.id, std::move(*result)));
            else if (request.outcome == Outcome::InputRequired) log_request(request, &kReplyLater, started);  // asked again
        } catch (const ProtocolError& e) {
            answer_with(make_error(request.id, e.code, e.message, e.data));
        } catch (const StoreError& e) {
            answer_with(make_error(request.id, rpc::kInternalError, e.what()));
        }
    };
    // The call resumes here, so a defect in it ends the call with -32603 (contained.h).
    const std::size_t out_mark = out.size();
    const auto failure = contain(resume);
    if (!failure) return;
    failed_ = true;
    out.resize(out_mark);
    const json error = make_error(request.id, rpc::kInternalError, "Internal error: " + *failure);
    contain([&] { answer_with(error); });
}

Session::Reply Session::on_cancelled(Request& request) {
    const auto it = request.params->find("requestId");
    if (it == request.params->end()) return std::nullopt;
    // An open subscriptions/listen ends here on stdio: nothing more is sent for it.
    std::erase_if(listens_, [&](const Listen& listen) { return listen.id == *it; });
    if (!watching()) mark_.reset();
    for (auto p = parked_.begin(); p != parked_.end(); ++p) {
        if (p->second->original_id == *it) {
            parked_.erase(p);
            break;
        }
    }
    return std::nullopt;
}

// ---- resources (office_resources.h): the office's tables, as this session's tools see them

namespace {

// The page of a table the request asks for: params.uri must be a string.
const std::string& uri_param(const json& params) {
    const auto it = params.find("uri");
    if (it == params.end() || !it->is_string()) throw invalid_params("Invalid params: uri must be a string");
    return it->get_ref<const std::string&>();
}

// Lists are cursorless (seven resources at most): any cursor is one we never gave.
void refuse_cursor(const json& params) {
    const auto it = params.find("cursor");
    if (it != params.end() && !it->is_null()) throw invalid_params("Invalid params: unknown cursor (this list has one page)");
}

}  // namespace

ResourcePage Session::visible_page(const Request& request, const std::string& uri) const {
    UriProblem problem;
    const auto page = parse_office_uri(uri, problem);
    // A table hidden by the profile does not exist for this caller, exactly like an unknown one.
    if (page && tables_.count(page->table)) return *page;
    if (page || problem.not_found)
        throw ProtocolError{request.modern ? rpc::kInvalidParams : kResourceNotFoundLegacy, "Resource not found",
                            json{{"uri", uri}}};
    throw ProtocolError{rpc::kInvalidParams, problem.message, json{{"uri", uri}}};
}

Session::Reply Session::on_resources_list(Request& request) {
    refuse_cursor(*request.params);
    json result{{"resources", resource_list(tables_)}};
    if (request.modern) {
        result["ttlMs"] = kResourceListTtlMs;
        // The list depends on the token's profile: a shared cache must not hand it to another caller.
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}

Session::Reply Session::on_resource_templates(Request& request) {
    refuse_cursor(*request.params);
    json result{{"resourceTemplates", resource_templates()}};
    if (request.modern) {
        result["ttlMs"] = kResourceListTtlMs;
        result["cacheScope"] = "public";  // the same template for everyone
    }
    return result;
}

Session::Reply Session::on_resources_read(Request& request) {
    const std::string& uri = uri_param(*request.params);
    const ResourcePage page = visible_page(request, uri);
    json result{{"contents", json::array({json{{"uri", uri},
                                                {"mimeType", kResourceMimeType},
                                                {"text", read_page(options_.store(), page)}}})}};
    if (request.modern) {
        result["ttlMs"] = kResourceReadTtlMs;
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}

bool Session::watching() const {
    if (!subscribed_.empty()) return true;
    for (const auto& listen : listens_)
        if (!listen.uris.empty()) return true;
    return false;
}

void Session::start_watch(std::string& out) {
    if (watching()) poll_changes(out);  // what changed before this subscription is news to the others only
    else mark_ = options_.store().change_mark();
}

void Session::poll(std::string& out) {
    // Called from the transports' timers: a defect here must not stop them (contained.h).
    const std::size_t out_mark = out.size();
    const auto failure = contain([&] { poll_changes(out); });
    if (!failure) return;
    out.resize(out_mark);
    if (options_.logger)
        contain([&] { options_.logger->event(LogLevel::Error, "internal_error", {{"in", "resources poll"}, {"problem", *failure}}); });
}

void Session::poll_changes(std::string& out) {
    if (!watching()) return;
    std::set<OfficeTable> changed;
    try {
        OfficeStore& store = options_.store();
        const std::int64_t mark = store.change_mark();
        if (mark_ && mark == *mark_) return;
        changed = mark_ ? tables_changed(store, *mark_, mark) : visible_tables({});
        mark_ = mark;
    } catch (const StoreError&) {
        return;  // busy or gone for a moment: the next poll looks again from the same mark
    }
    for (const auto& [uri, table] : subscribed_)
        if (changed.count(table))
            append_line(out, json{{"jsonrpc", "2.0"}, {"method", "notifications/resources/updated"}, {"params", {{"uri", uri}}}});
    for (const auto& listen : listens_)
        for (const auto& [uri, table] : listen.uris)
            if (changed.count(table))
                append_line(out, json{{"jsonrpc", "2.0"},
                                      {"method", "notifications/resources/updated"},
                                      {"params", {{"_meta", {{kMetaSubscriptionId, listen.id}}}, {"uri", uri}}}});
}

Session::Reply Session::on_subscribe(Request& request) {
    const std::string& uri = uri_param(*request.params);
    const OfficeTable table = visible_page(request, uri).table;
    if (!subscribed_.count(uri)) {
        start_watch(*request.out);
        subscribed_.emplace(uri, table);
    }
    return json::object();
}

Session::Reply Session::on_unsubscribe(Request& request) {
    subscribed_.erase(uri_param(*request.params));
    if (!watching()) mark_.reset();
    return json::object();
}

Session::Reply Session::on_listen(Request& request) {
    if (request.id.is_null()) return std::nullopt;  // sent as a notification: no stream to open
    const auto filter = request.params->find("notifications");
    if (filter == request.params->end() || !filter->is_object())
        throw invalid_params("Invalid params: notifications must be an object");
    for (const auto& listen : listens_)
        if (listen.id == request.id)
            throw ProtocolError{rpc::kInvalidRequest, "Invalid Request: subscription " + request.id.dump() + " is already open"};
    Listen listen{request.id, {}};
    // The acknowledgment names what is honoured: the visible resources among those asked for.
    // Lists never change here (listChanged false), so those filters are left out.
    json honoured = json::object();
    if (const auto asked = filter->find("resourceSubscriptions"); asked != filter->end()) {
        if (!asked->is_array()) throw invalid_params("Invalid params: resourceSubscriptions must be an array of URIs");
        json kept = json::array();
        for (const auto& uri : *asked) {
            if (!uri.is_string()) throw invalid_params("Invalid params: resourceSubscriptions must be an array of URIs");
            try {
                listen.uris.emplace_back(uri.get<std::string>(), visible_page(request, uri.get<std::string>()).table);
                kept.push_back(uri);
            } catch (const ProtocolError&) {
                // not honoured: left out of the acknowledgment
            }
        }
        honoured["resourceSubscriptions"] = std::move(kept);
    }
    if (!listen.uris.empty()) start_watch(*request.out);
    append_line(*request.out, json{{"jsonrpc", "2.0"},
                                   {"method", "notifications/subscriptions/acknowledged"},
                                   {"params", {{"_meta", {{kMetaSubscriptionId, request.id}}}, {"notifications", std::move(honoured)}}}});
    listens_.push_back(std::move(listen));
    return std::nullopt;  // the response is the subscription's end (end_subscriptions)
}

void Session::end_subscriptions(std::string& out) {
    static const json modern_info = server_info(kModernVersion);
    for (const auto& listen : listens_)
        append_line(out, make_result(listen.id, json{{"resultType", "complete"},
                                                     {"_meta", {{kMetaSubscriptionId, listen.id}, {kMetaServerInfo, modern_info}}}}));
    listens_.clear();
    if (!watching()) mark_.reset();
}

}  // namespace office
