#include "http_internal.h"

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
bool Endpoint::admit(const Request& request, Response& response, std::optional<Principal>& principal) {
    // DNS rebinding: a browser page from elsewhere must not reach a local office.
    if (const auto* origin = header(request, "origin")) {
        const bool listed = std::find(options_.allowed_origins.begin(), options_.allowed_origins.end(), *origin) !=
                            options_.allowed_origins.end();
        if (!listed && !(options_.allow_loopback_origins && is_loopback_origin(*origin))) {
            refuse(response, 403, "Forbidden: Origin " + *origin + " is not allowed");
            return false;
        }
    }

    if (options_.authenticate) {
        const auto* authorization = header(request, "authorization");
        const auto token = authorization ? bearer_token(*authorization) : std::nullopt;
        principal = options_.authenticate(token);
        if (!principal) {
            refuse(response, 401, token ? "Unauthorized: the bearer token is not valid" : "Unauthorized: a bearer token is required");
            response.headers.emplace_back("WWW-Authenticate", token ? R"(Bearer realm="office-mcp", error="invalid_token")"
                                                                    : R"(Bearer realm="office-mcp")");
            return false;
        }
    }
    return true;
}

ConnectionOptions Endpoint::connection_options(const Principal* principal) {
    ConnectionOptions c;
    c.tools = tools_for(options_.tools, principal ? principal->tools : std::vector<std::string>{});
    c.open_store = [store = options_.store] { return store; };
    c.open_sealer = options_.open_sealer;
    c.now = options_.now;
    c.logger = options_.logger;
    c.metrics = &metrics_;
    c.max_line = options_.max_body;
    c.principal = principal ? principal->name : std::string();
    c.locale = options_.locale;
    c.task_ttl = options_.task_ttl;
    c.limits = options_.limits;
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
