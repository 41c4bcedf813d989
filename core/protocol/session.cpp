#include "session.h"

#include "contained.h"
#include "icons.h"
#include "office_apps.h"
#include "office_version.h"
#include "tool_reply.h"
#include "utf8.h"

#include <algorithm>
#include <unordered_map>

namespace office {

namespace {

using Clock = std::chrono::steady_clock;

// What the log line of a request answered later (an open subscriptions/listen) is given as its
// reply: not a notification, and no error.
const json kReplyLater = nullptr;

// params._meta.traceparent when it is a string (core/support/trace.h judges it), else "".
std::string_view traceparent_of(const json& params) {
    const json* meta = find_member(params, "_meta");
    const json* value = meta && meta->is_object() ? find_member(*meta, kTraceparent) : nullptr;
    return value && value->is_string() ? std::string_view(value->get_ref<const std::string&>()) : std::string_view();
}

// `with_icons`: where a client learns who the server is (initialize, server/discover), and only
// in the revisions that have icons.
json server_info(std::string_view version, bool with_icons = false) {
    json info{{"name", kServerName}, {"version", server_version()}};
    if (revision(version).titles) info["title"] = "Office";
    if (with_icons && revision(version).icons) info["icons"] = server_icons();
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

constexpr std::string_view kInstructions =
    "Office tools for a small practice: find customers, see free appointment slots and book "
    "them, read a customer's invoices, refund an invoice (a person approves every refund) and "
    "order lunch. Call find_customer first to learn the customer ids the other tools take. "
    "Appointment times are local to the office, in its time zone; list_availability says which "
    "zone and what day today is there.";

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

// "name/version"; with a principal "alice (name/version)": the proved name first (an OAuth
// user's name rather than its sub), the self-reported client beside it (the refund and queue
// texts are written with this label).
std::string client_label(const SessionOptions& options, const std::string& name, const std::string& version) {
    const std::string client = version.empty() ? name : name + "/" + version;
    const std::string& principal = options.principal_label.empty() ? options.principal : options.principal_label;
    return principal.empty() ? client : principal + " (" + client + ")";
}

}  // namespace

std::string_view server_version() { return OFFICE_VERSION; }

namespace {
SessionOptions with_defaults(SessionOptions options) {
    if (!options.now) options.now = system_now;
    return options;
}
}  // namespace

Session::Session(SessionOptions options)
    : options_(with_defaults(std::move(options))),
      tools_(served_tools(options_.tools, options_.admin),
             {.store = options_.store,
              .sealer = options_.sealer,
              .now = options_.now,
              .settings = &options_.settings,
              .may_approve = options_.may_approve,
              .limits_as_errors = options_.limits_as_errors,
              .log = &log_,
              .handled = &handled_,
              .watch = [this](std::string& out) { resources_.start_watch(out); }}),
      log_(options_.logger, options_.metrics, &tools_.served()),
      tasks_(options_.store, options_.now),
      resources_({.store = options_.store,
                  .now = options_.now,
                  .logger = options_.logger,
                  .profile = &options_.tools,
                  .tools = &tools_.served(),
                  .tools_listed = [this] { return tools_.listed_by_legacy_client(); },
                  .prompts = &prompts_,
                  .server_info = &modern_server_info()}),
      prompts_({.store = options_.store,
                .now = options_.now,
                .settings = &options_.settings,
                .tools = &tools_.served(),
                .tables = &resources_.tables(),
                .watch = [this](std::string& out) { resources_.watch_prompts(out); }}) {
    register_methods();
}

Session::~Session() = default;

void Session::answer_whole(std::string& out, const json& reply) {
    if (const json* error = find_member(reply, "error"))
        if (const json* code = find_member(*error, "code"); code && code->is_number_integer()) handled_.error_code = code->get<int>();
    append_line(out, reply);
}

void Session::handle_overlong_line(std::size_t cap, std::string& out) {
    const auto started = Clock::now();
    const json error = make_error(nullptr, rpc::kInvalidRequest,
                                  "Message too large: a line may hold at most " + std::to_string(cap) + " bytes");
    log_.answered(Request{}, &error, started);
    append_line(out, error);
}

void Session::handle_line(std::string_view line, std::string& out) {
    if (line.find_first_not_of(" \t") == std::string_view::npos) return;  // blank lines are not messages
    const auto started = Clock::now();
    bool too_deep = false;
    const json message = parse_message(line, kMaxNesting, too_deep);  // sets too_deep: parse before passing it
    handle({message, too_deep}, out, started);
}

Handled Session::handle(const Incoming& incoming, std::string& out, std::chrono::steady_clock::time_point started) {
    handled_ = {};
    const json& message = incoming.message;
    // A line refused as a whole: one answer, one log line, no method known.
    const auto refuse_line = [&](int code, std::string_view text) {
        const json error = make_error(nullptr, code, text);
        log_.answered(Request{}, &error, started);
        answer_whole(out, error);
    };
    if (message.is_discarded()) {
        refuse_line(rpc::kParseError, "Parse error: the line is not valid JSON");
        return handled_;
    }
    if (incoming.too_deep) {
        // JSON, but deeper than any MCP message: refused whole, never acted on in part. A
        // notification is still never answered; anything else gets its id back when usable.
        const bool notification = message.is_object() && message.contains("method") && !message.contains("id");
        if (notification) return handled_;
        const json* id = find_member(message, "id");
        const json error = make_error(id ? *id : json(), rpc::kInvalidRequest,
                                      "Invalid Request: the message nests deeper than " + std::to_string(kMaxNesting) + " levels");
        log_.answered(Request{}, &error, started);
        answer_whole(out, error);
        return handled_;
    }
    if (!message.is_array()) {
        handle_message(message, out, nullptr, &incoming);
        return handled_;
    }
    // Batches exist only in 2025-03-26.
    if (!legacy_ || !revision(legacy_->caller.protocol_version).batch) {
        refuse_line(rpc::kInvalidRequest, "Batches are only allowed in protocol version 2025-03-26");
        return handled_;
    }
    if (message.empty()) {
        refuse_line(rpc::kInvalidRequest, "An empty batch is not a request");
        return handled_;
    }
    if (message.size() > kMaxBatch) {
        refuse_line(rpc::kInvalidRequest, "Invalid Request: a batch may hold at most " + std::to_string(kMaxBatch) + " messages");
        return handled_;
    }
    json replies = json::array();
    for (const auto& element : message) handle_message(element, out, &replies, nullptr);
    if (!replies.empty()) append_line(out, replies);
    return handled_;
}

void Session::handle_message(const json& message, std::string& out, json* batch_replies, const Incoming* incoming) {
    const auto started = Clock::now();
    Request request;
    request.out = &out;
    if (incoming) {
        request.idempotency_key = incoming->idempotency_key;
        request.traceparent = incoming->traceparent;
    }
    const std::size_t out_mark = out.size();
    const std::size_t batch_mark = batch_replies ? batch_replies->size() : 0;
    const auto failure = contain([&] { answer_message(message, request, batch_replies, started); });
    if (!failure) return;
    // A defect of ours (contained.h): what this message wrote is taken back, a request is
    // answered -32603, and the failure has its error log line. The session goes on.
    handled_.failed = true;
    out.resize(out_mark);
    if (batch_replies) batch_replies->erase(batch_replies->begin() + static_cast<std::ptrdiff_t>(batch_mark), batch_replies->end());
    const json* id = find_member(message, "id");
    const bool answerable = id && is_valid_id(*id) && find_member(message, "method");
    const json error = make_error(answerable ? *id : json(), rpc::kInternalError, "Internal error: " + *failure);
    contain([&] { log_.answered(request, &error, started); });
    if (!answerable) return;
    if (batch_replies) batch_replies->push_back(error);
    else answer_whole(out, error);
}

void Session::answer_message(const json& message, Request& request, json* batch_replies, Clock::time_point started) {
    std::string& out = *request.out;
    // Every answer leaves here, so every answer gets its log line.
    const auto reply = [&](json r) {
        log_.answered(request, &r, started);
        if (batch_replies) batch_replies->push_back(std::move(r));
        else answer_whole(out, r);
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
            tools_.answer(message, out);
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
        const std::string_view traceparent = traceparent_of(*request.params);
        request.trace = trace_for(traceparent.empty() ? request.traceparent : traceparent);

        Reply reply_result = dispatch(request);
        if (notification) {
            log_.answered(request, nullptr, started);
            return;
        }
        if (!reply_result) {
            // An open subscriptions/listen: answered later, logged now. (A legacy call parked on
            // elicitation/create gets its one line with the answer; asking was an event.)
            if (request.method == "subscriptions/listen") log_.answered(request, &kReplyLater, started);
            return;
        }
        if (request.complete) {
            // A tool's complete result, the hot path: written straight into the line (tool_reply.h).
            ToolReplyShape shape = reply_shape(request.has());
            if (request.modern) {
                shape.server_info = &modern_server_info();
                shape.server_info_text = modern_server_info_text();
            }
            if (batch_replies) {
                reply(tool_reply(id, *request.complete, shape));
            } else {
                log_.completed(request, started);
                append_tool_reply(out, id, *request.complete, shape);
            }
            return;
        }
        json& result = *reply_result;
        if (request.modern) {
            if (!result.contains("resultType")) result["resultType"] = "complete";
            if (!result["_meta"].contains(kMetaServerInfo)) result["_meta"][kMetaServerInfo] = modern_server_info();
        }
        reply(make_result(id, std::move(result)));
    } catch (const ProtocolError& e) {
        if (!notification) reply(make_error(id, e.code, e.message, e.data));
        else log_.answered(request, nullptr, started);
    } catch (const StoreError& e) {
        handled_.unavailable = e.unavailable;
        if (options_.metrics) options_.metrics->store_error();
        if (!notification) reply(make_error(id, rpc::kInternalError, e.what()));
        else log_.answered(request, nullptr, started);
    }
}

Session::Reply Session::dispatch(Request& request) {
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
        caller.label = client_label(options_, caller.name, caller.version);
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
        request.forms = options_.may_approve && declares_form_elicitation(*caps);
        request.apps = request.has().structured_content && declares_apps(*caps);
    } else if (legacy_) {
        request.caller = legacy_->caller;
        request.forms = legacy_->forms;
        request.apps = legacy_->apps;
    } else {
        request.caller.era = "legacy";  // initialize, or ping before it
        request.caller.principal = options_.principal;
    }

    const MethodTable::Method* method = methods_.find(request.method, request.modern);
    if (!method) throw ProtocolError{rpc::kMethodNotFound, "Method not found: " + request.method};
    request.served = true;
    request.caller.trace = request.trace;  // what its audit rows carry
    return method->handler(request);
}

void Session::register_methods() {
    using Eras = MethodTable::Eras;
    const auto own = [this](Reply (Session::*handler)(Request&)) {
        return [this, handler](Request& request) { return (this->*handler)(request); };
    };
    methods_.add("initialize", Eras::Legacy, own(&Session::on_initialize));
    methods_.add("notifications/initialized", Eras::Legacy, own(&Session::on_initialized));
    methods_.add("ping", Eras::Legacy, own(&Session::on_ping));
    methods_.add("server/discover", Eras::Modern, own(&Session::on_discover));
    methods_.add("notifications/cancelled", Eras::Both, own(&Session::on_cancelled));
    methods_.add("logging/setLevel", Eras::Legacy, own(&Session::on_set_level));
    tools_.register_methods(methods_);      // tools/list, tools/call (tools_feature.h)
    resources_.register_methods(methods_);  // resources/*, subscriptions/listen (resources_feature.h)
    prompts_.register_methods(methods_);    // prompts/list, prompts/get, completion/complete (prompts_feature.h)
    tasks_.register_methods(methods_);      // tasks/get, tasks/update, tasks/cancel (tasks_feature.h)
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
    legacy.forms = options_.may_approve && revision(caller.protocol_version).elicitation && caps != p.end() &&
                   declares_form_elicitation(*caps);
    legacy.apps = revision(caller.protocol_version).structured_content && caps != p.end() && declares_apps(*caps);
    const auto info = p.find("clientInfo");
    client_identity(info == p.end() ? json() : *info, caller.name, caller.version);
    caller.principal = options_.principal;
    caller.label = client_label(options_, caller.name, caller.version);
    request.caller = caller;  // for the log line of this very request
    legacy_ = std::move(legacy);
    // logging: a client may set a level (logging/setLevel); the office sends no log
    // notifications of its own, its log goes to the operator (stderr or --log-file).
    json capabilities{{"tools", {{"listChanged", true}}},
                      {"resources", {{"subscribe", true}, {"listChanged", false}}},
                      {"prompts", {{"listChanged", true}}},
                      {"logging", json::object()}};
    if (revision(legacy_->caller.protocol_version).completions) capabilities["completions"] = json::object();
    return json{{"protocolVersion", legacy_->caller.protocol_version},
                {"capabilities", std::move(capabilities)},
                {"serverInfo", server_info(legacy_->caller.protocol_version, /*with_icons=*/true)},
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
    // The same for everyone, always: built once (the icons' data: URIs are a few kilobytes).
    static const json result{{"supportedVersions", json::array({kModernVersion})},
                {"capabilities", {{"tools", {{"listChanged", true}}},
                                  {"resources", {{"subscribe", true}, {"listChanged", false}}},
                                  {"prompts", {{"listChanged", true}}},
                                  {"completions", json::object()},
                                  {"extensions", {{kTasksExtension, json::object()}}}}},
                {"instructions", kInstructions},
                {"ttlMs", kToolsTtlMs},
                {"cacheScope", "public"},
                // The server's icons here only: every other result's serverInfo stays small.
                {"_meta", {{kMetaServerInfo, server_info(kModernVersion, /*with_icons=*/true)}}}};
    return result;
}

Session::Reply Session::on_cancelled(Request& request) {
    const auto it = request.params->find("requestId");
    if (it == request.params->end()) return std::nullopt;
    // An open subscriptions/listen ends here on stdio: nothing more is sent for it.
    resources_.cancel_listen(*it);
    tools_.cancel(*it);  // a legacy call waiting on a person
    return std::nullopt;
}

}  // namespace office
