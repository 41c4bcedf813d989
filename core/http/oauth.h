#pragma once
// office-mcp as an OAuth 2.1 resource server (docs/architecture.md, "OAuth"): an access token
// from the office's identity provider is a JWT, checked here against the provider's public keys
// (core/support/jwt.h) and turned into the caller it names. The keys are found the way the MCP
// authorization spec has clients find the provider: its metadata (RFC 8414, else OpenID Connect
// discovery), whose `issuer` must be exactly the configured one, then its `jwks_uri`.
//
// Fetching is the transport's (a Fetch: GET an https:// URL, the body or an exception). The keys
// are fetched at start, again when a token names a key they do not have (a rotation), and again
// when they are older than an hour — but never more than once per `refetch_seconds`, so a flood
// of tokens with made-up key ids is a flood of refusals, not of fetches. A fetch blocks the caller
// (the HTTP loop) for at most the transport's timeout; that happens only on those occasions.

#include "http_endpoint.h"
#include "jwt.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace office::http {

struct OAuthSettings {
    std::string issuer;                 // --oauth-issuer: tokens' iss, compared exactly
    std::string resource;               // --resource: the audience every token must name (RFC 8707)
    std::int64_t skew_seconds = 60;     // allowed on exp and nbf
    std::int64_t refetch_seconds = 30;  // at most one fetch of the keys per this
    std::int64_t max_key_age = 3600;    // keys older than this are fetched again at the next token
};

// GETs `url` and returns the body of a 200; throws std::runtime_error with a sentence otherwise.
using Fetch = std::function<std::string(const std::string& url)>;

// The metadata URLs to try for `issuer`, in the order the MCP spec gives (authorization server
// discovery): RFC 8414 with the path inserted, OpenID Connect with the path inserted, OpenID
// Connect with the path appended (the last two only when the issuer has a path).
std::vector<std::string> metadata_urls(const std::string& issuer);

class OAuthIssuer {
public:
    OAuthIssuer(OAuthSettings settings, Fetch fetch, UnixClock now = system_now);

    // Fetches the metadata and the keys now. False when that failed: problem() says why, and the
    // keys held before (if any) stay.
    bool refresh();
    const std::string& problem() const { return problem_; }
    // The audience, when the transport learns its own URL only once it listens (port 0).
    void set_resource(std::string resource) { settings_.resource = std::move(resource); }
    std::size_t keys() const { return keys_.size(); }

    // The caller an access token proves, or why not. Without keys (the provider was never
    // reached) the answer is `unavailable`: the token may well be good.
    Authentication authenticate(std::string_view token);

private:
    bool may_fetch() const;

    OAuthSettings settings_;
    Fetch fetch_;
    UnixClock now_;
    jwt::KeySet keys_;
    bool have_keys_ = false;
    std::int64_t fetched_at_ = 0;    // the last successful fetch
    std::int64_t attempted_at_ = 0;  // the last fetch tried, successful or not
    std::string problem_;
};

}  // namespace office::http
