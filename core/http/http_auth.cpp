#include "http_internal.h"

#include "tokens.h"

#include <algorithm>

namespace office::http {

using namespace internal;

namespace {

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

// Origin first (403), then the bearer token (401 with WWW-Authenticate); `principal` is who
// calls (nullopt when the office has no tokens). False: refused, `response` says why.
bool Endpoint::admit(const Request& request, Response& response, std::optional<Principal>& principal,
                     std::optional<std::string_view> url_token) {
    // DNS rebinding: a browser page from elsewhere must not reach a local office.
    if (const auto* origin = header(request, "origin"); origin && !origin_allowed(*origin)) {
        refuse(response, 403, "Forbidden: Origin " + *origin + " is not allowed");
        return false;
    }

    if (options_.authenticate) {
        const auto* authorization = header(request, "authorization");
        const auto token = authorization ? bearer_token(*authorization) : url_token;
        auto outcome = options_.authenticate(token);
        if (outcome.unavailable) {
            refuse(response, 503, "Service Unavailable: " + outcome.problem);
            response.headers.emplace_back("Retry-After", kRetryAfterSeconds);
            return false;
        }
        if (!outcome.caller) {
            if (outcome.problem.empty()) outcome.problem = "the bearer token is not valid";
            refuse(response, 401, token ? "Unauthorized: " + outcome.problem : "Unauthorized: a bearer token is required");
            response.headers.emplace_back("WWW-Authenticate", token ? challenge("invalid_token", kScopeAll, outcome.problem)
                                                                    : challenge("", kScopeAll, ""));
            return false;
        }
        principal = std::move(outcome.caller);
    }
    return true;
}

bool Endpoint::origin_allowed(std::string_view origin) const {
    return std::find(options_.allowed_origins.begin(), options_.allowed_origins.end(), origin) != options_.allowed_origins.end() ||
           (options_.allow_loopback_origins && is_loopback_origin(origin));
}

namespace {

// What a page may send (the MCP headers both eras use, the bearer token, retries and trace
// context) and what it may read back: the session id, the challenge an OAuth client follows,
// when to retry.
constexpr const char* kCorsRequestHeaders =
    "Content-Type, Authorization, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, "
    "Last-Event-ID, Idempotency-Key, traceparent, tracestate";
constexpr const char* kCorsExposedHeaders = "Mcp-Session-Id, WWW-Authenticate, Retry-After, ETag";
// Chromium caps a preflight's cache at two hours; longer would only be ignored.
constexpr const char* kCorsMaxAge = "7200";

}  // namespace

// A browser's preflight (CORS): answered for the origins admit() lets through, with the
// request's own origin (never "*": the office is not for every page), before any token (a
// preflight never carries one). An origin not allowed gets a 403 with no CORS headers, so the
// browser refuses the real request itself. The OAuth metadata is public: any origin may read it.
void Endpoint::answer_preflight(const Request& request, Response& response) {
    const auto* origin = header(request, "origin");
    const bool metadata = is_metadata_target(request.target);
    const char* methods = is_mcp_target(request.target) ? "GET, POST, DELETE, OPTIONS" : "GET, OPTIONS";
    if (!origin) {  // not a preflight: what OPTIONS means without CORS
        response.status = 204;
        response.headers.emplace_back("Allow", methods);
        return;
    }
    if (!metadata && !origin_allowed(*origin)) return refuse(response, 403, "Forbidden: Origin " + *origin + " is not allowed");
    response.status = 204;
    response.headers.emplace_back("Access-Control-Allow-Origin", metadata ? "*" : *origin);
    response.headers.emplace_back("Access-Control-Allow-Methods", methods);
    response.headers.emplace_back("Access-Control-Allow-Headers", kCorsRequestHeaders);
    response.headers.emplace_back("Access-Control-Max-Age", kCorsMaxAge);
    if (!metadata) response.headers.emplace_back("Vary", "Origin");
}

// Every response to a page of an allowed origin says so, refusals included (a 401's challenge is
// what a browser's OAuth client reads). A preflight has its own; the metadata already says "*".
void Endpoint::add_cors(const Request& request, Response& response) const {
    const auto* origin = header(request, "origin");
    if (!origin || request.method == "OPTIONS" || !origin_allowed(*origin)) return;
    for (const auto& [name, value] : response.headers)
        if (name == "Access-Control-Allow-Origin") return;
    response.headers.emplace_back("Access-Control-Allow-Origin", *origin);
    response.headers.emplace_back("Access-Control-Expose-Headers", kCorsExposedHeaders);
    response.headers.emplace_back("Vary", "Origin");
}

// RFC 6750's challenge. With OAuth it names the protected resource metadata (RFC 9728) and the
// scope to ask for, as the MCP authorization spec asks; without, the realm, as before.
std::string Endpoint::challenge(std::string_view error, std::string_view scope, std::string_view description) const {
    // A quoted-string holds no '"' or '\\' here, and nothing but printable ASCII.
    const auto quoted = [](std::string_view text) {
        std::string q = "\"";
        for (char c : text) q += (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') ? c : '?';
        return q + "\"";
    };
    std::string text = "Bearer ";
    if (const auto& pr = options_.protected_resource) {
        text += "resource_metadata=" + quoted(resource_metadata_url(pr->resource)) + ", scope=" + quoted(scope);
        if (!error.empty()) text += ", error=" + quoted(error);
        if (!description.empty()) text += ", error_description=" + quoted(description);
        return text;
    }
    text += R"(realm="office-mcp")";
    if (!error.empty()) text += ", error=" + quoted(error);
    return text;
}

// An OAuth caller whose scopes do not allow what it asks is answered 403 insufficient_scope
// naming the scope that would (the spec's "Scope Challenge Handling"), so its client can step up.
// A static token's profile is fixed, so a tool it hides stays unknown (-32602), as before.
bool Endpoint::in_scope(const json& message, const Principal& principal, Response& response) {
    if (!principal.oauth || principal.tools.empty()) return true;
    std::string needed(kScopeAll);  // a token with no office scope may do nothing here
    if (principal.tools != std::vector<std::string>{""} || principal.admin) {
        if (string_member(message, "method") != "tools/call") return true;
        const json* params = find_member(message, "params");
        const json* name = params ? find_member(*params, "name") : nullptr;
        if (!name || !name->is_string()) return true;
        const auto& tool = name->get_ref<const std::string&>();
        const auto listed = [&](const std::vector<std::string>& names) {
            return std::find(names.begin(), names.end(), tool) != names.end();
        };
        const bool served = options_.tools.empty()
                                ? std::any_of(office_tools().begin(), office_tools().end(), [&](const Tool& t) { return t.name == tool; })
                                : listed(options_.tools);
        const auto admin_tool = std::any_of(office_tools().begin(), office_tools().end(),
                                            [&](const Tool& t) { return t.admin && t.name == tool; });
        // A tool nobody may call, and an admin tool (only the admin right shows it), stay the session's -32602.
        if (!served || admin_tool || listed(principal.tools)) return true;
        needed = scope_for_tool(tool);
    }
    const std::string why = "the access token's scopes do not allow this; it needs " + needed;
    refuse(response, 403, "Forbidden: " + why);
    response.headers.emplace_back("WWW-Authenticate", challenge("insufficient_scope", needed, why));
    return false;
}

// RFC 9728 section 3: public, no token, the same document at both places a client looks.
void Endpoint::answer_resource_metadata(const Request& request, Response& response) {
    if (request.method != "GET") {
        response.headers.emplace_back("Allow", "GET");
        return refuse(response, 405, "Method Not Allowed: the resource metadata is read with GET");
    }
    const auto& pr = *options_.protected_resource;
    nlohmann::ordered_json doc{{"resource", pr.resource},
                               {"authorization_servers", pr.authorization_servers},
                               {"scopes_supported", pr.scopes},
                               {"bearer_methods_supported", {"header"}},
                               {"resource_name", "office-mcp"}};
    response.status = 200;
    response.headers.emplace_back("Content-Type", "application/json");
    response.headers.emplace_back("Cache-Control", "max-age=3600");
    response.headers.emplace_back("Access-Control-Allow-Origin", "*");  // public, and browser clients read it
    response.body = doc.dump() + "\n";
}

void Endpoint::log_refusal(const Exchange& exchange) {
    if (!options_.logger || exchange.response.refused.empty()) return;
    const int status = exchange.response.status;
    nlohmann::ordered_json fields{{"status", status},
                                  {"reason", exchange.response.refused},
                                  {"http_method", exchange.request.method},
                                  {"target", loggable_target(exchange.request.target)},
                                  {"remote", exchange.request.remote}};
    if (!exchange.principal.empty()) fields["principal"] = exchange.principal;
    const auto level = status == 401 || status == 403 || status >= 500 ? LogLevel::Warn : LogLevel::Info;
    options_.logger->event(level, "refused", fields);
}

std::string internal::identity(const Principal* principal) {
    if (!principal) return {};
    return (principal->oauth ? "oauth:" : "token:") + principal->name;
}

std::string resource_metadata_url(std::string_view resource) {
    const auto scheme = resource.find("://");
    const auto path_at = scheme == std::string_view::npos ? std::string_view::npos : resource.find('/', scheme + 3);
    const auto origin = resource.substr(0, path_at);
    auto path = path_at == std::string_view::npos ? std::string_view() : resource.substr(path_at);
    if (path == "/") path = {};
    return std::string(origin) + std::string(kResourceMetadataPath) + std::string(path);
}

ConnectionOptions Endpoint::connection_options(const Principal* principal) {
    ConnectionOptions c;
    c.tools = tools_for(options_.tools, principal ? principal->tools : std::vector<std::string>{});
    c.open_store = [store = options_.store] { return store; };
    c.reopen_replaced = false;  // one store for every connection: Server::watch sees a restore
    c.open_sealer = options_.open_sealer;
    c.now = options_.now;
    c.logger = options_.logger;
    c.metrics = &metrics_;
    c.max_line = options_.max_body;
    c.principal = principal ? principal->name : std::string();
    c.principal_label = principal ? principal->label : std::string();
    c.may_approve = principal ? principal->approver : options_.anonymous_may_approve;
    c.admin = principal && principal->admin;  // never anonymous: only an admin token or office:admin
    c.settings = options_.settings;
    c.limits_as_errors = true;
    return c;
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
