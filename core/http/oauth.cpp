#include "oauth.h"

#include "tokens.h"

#include <algorithm>
#include <stdexcept>

namespace office::http {

namespace {

// "https://host[:port]" and "/path" ("" for none or "/") of a URL.
std::pair<std::string, std::string> split_url(const std::string& url) {
    const auto scheme = url.find("://");
    const auto path_at = scheme == std::string::npos ? std::string::npos : url.find('/', scheme + 3);
    std::string path = path_at == std::string::npos ? std::string() : url.substr(path_at);
    if (path == "/") path.clear();
    return {url.substr(0, path_at), path};
}

// The metadata's member `name` as a string, or a sentence saying it is not one.
std::string string_member(const json& doc, const char* name, const std::string& url) {
    const auto it = doc.find(name);
    if (it == doc.end() || !it->is_string() || it->get_ref<const std::string&>().empty())
        throw std::runtime_error("the authorization server's metadata at " + url + " has no " + name);
    return it->get<std::string>();
}

}  // namespace

std::vector<std::string> metadata_urls(const std::string& issuer) {
    const auto [origin, path] = split_url(issuer);
    std::vector<std::string> urls{origin + "/.well-known/oauth-authorization-server" + path,
                                  origin + "/.well-known/openid-configuration" + path};
    if (!path.empty()) urls.push_back(origin + path + "/.well-known/openid-configuration");
    return urls;
}

OAuthIssuer::OAuthIssuer(OAuthSettings settings, Fetch fetch, UnixClock now)
    : settings_(std::move(settings)), fetch_(std::move(fetch)), now_(now ? std::move(now) : UnixClock(system_now)) {}

bool OAuthIssuer::refresh() {
    attempted_at_ = now_();
    std::string tried;
    for (const auto& url : metadata_urls(settings_.issuer)) {
        try {
            const json metadata = json::parse(fetch_(url));
            if (!metadata.is_object()) throw std::runtime_error("the metadata at " + url + " is not a JSON object");
            // RFC 8414 section 3.3: metadata naming another issuer must not be used.
            if (string_member(metadata, "issuer", url) != settings_.issuer)
                throw std::runtime_error("the metadata at " + url + " names the issuer " +
                                         string_member(metadata, "issuer", url) + ", not " + settings_.issuer);
            const auto jwks_uri = string_member(metadata, "jwks_uri", url);
            keys_ = jwt::KeySet::parse(fetch_(jwks_uri));
            have_keys_ = true;
            fetched_at_ = attempted_at_;
            problem_.clear();
            return true;
        } catch (const std::exception& e) {
            tried += (tried.empty() ? "" : "; ") + std::string(e.what());
        }
    }
    problem_ = "cannot read the keys of the authorization server " + settings_.issuer + ": " + tried;
    return false;
}

bool OAuthIssuer::may_fetch() const { return now_() - attempted_at_ >= settings_.refetch_seconds; }

Authentication OAuthIssuer::authenticate(std::string_view token) {
    if ((!have_keys_ || now_() - fetched_at_ >= settings_.max_key_age) && may_fetch()) refresh();
    Authentication outcome;
    if (!have_keys_) {
        outcome.unavailable = true;
        outcome.problem = "the office cannot check access tokens now (its authorization server did not answer)";
        return outcome;
    }
    const auto check = [&] {
        return jwt::verify(token, keys_, jwt::VerifyRules{settings_.issuer, settings_.resource, now_(), settings_.skew_seconds});
    };
    auto verdict = check();
    // A key the set does not have: the provider may have rotated its keys since the last fetch.
    if (verdict.failure == jwt::Failure::unknown_key && may_fetch() && refresh()) verdict = check();
    if (!verdict.claims) {
        outcome.problem = verdict.reason;
        return outcome;
    }
    const auto& claims = *verdict.claims;
    auto& caller = outcome.caller.emplace();
    caller.name = claims.subject;
    caller.label = claims.label;
    caller.oauth = true;
    caller.approver = std::find(claims.scopes.begin(), claims.scopes.end(), kScopeApprove) != claims.scopes.end();
    caller.admin = std::find(claims.scopes.begin(), claims.scopes.end(), kScopeAdmin) != claims.scopes.end();
    // No office scope at all: a list naming no tool, so the endpoint answers insufficient_scope.
    if (!scope_tools(claims.scopes, caller.tools)) caller.tools = {""};
    return outcome;
}

}  // namespace office::http
