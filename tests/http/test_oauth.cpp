// The resource server's view of its authorization server (core/http/oauth.h), with the network
// replaced by a table of URLs: discovery, the exact issuer, what a token proves, and how often
// the keys are fetched (a flood of made-up key ids must not become a flood of fetches). The same
// against a real provider over HTTPS is tests/oauth/.

#include "oauth.h"
#include "support/jwt_signer.h"

#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>

using namespace office;
using namespace office::testing::jwt_signer;

namespace {

constexpr const char* kIssuer = "https://id.example/realms/office";
constexpr const char* kResource = "https://office.example/mcp";
constexpr std::int64_t kNow = 1'800'000'000;

// The provider: its metadata at the OpenID place only, its keys, and every GET counted.
struct Provider {
    Pkey key = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    std::string kid = "k1";
    std::map<std::string, std::string> pages;
    std::vector<std::string> fetched;
    std::int64_t now = kNow;

    Provider() {
        pages["https://id.example/.well-known/openid-configuration/realms/office"] =
            json{{"issuer", kIssuer}, {"jwks_uri", "https://id.example/keys"}}.dump();
        publish();
    }
    void publish() { pages["https://id.example/keys"] = json{{"keys", {ec_jwk(key.get(), kid)}}}.dump(); }
    void rotate(const std::string& new_kid) {
        key = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
        kid = new_kid;
        publish();
    }
    std::string token(json claims = json::object(), std::string with_kid = "") const {
        json payload{{"iss", kIssuer}, {"aud", kResource}, {"sub", "u-17"}, {"preferred_username", "ana"},
                     {"exp", now + 300}, {"scope", "office:billing office:approve"}};
        payload.update(claims);
        return office::testing::jwt_signer::token({{"alg", "ES256"}, {"kid", with_kid.empty() ? kid : with_kid}}, payload, key.get());
    }
    http::OAuthIssuer issuer(std::int64_t refetch = 30) {
        return http::OAuthIssuer(http::OAuthSettings{kIssuer, kResource, 60, refetch},
                                 [this](const std::string& url) {
                                     fetched.push_back(url);
                                     const auto page = pages.find(url);
                                     if (page == pages.end()) throw std::runtime_error("GET " + url + " failed: HTTP 404");
                                     return page->second;
                                 },
                                 [this] { return now; });
    }
};

}  // namespace

TEST_CASE("the provider's metadata is looked for where the MCP spec says, in its order") {
    CHECK(http::metadata_urls("https://id.example") ==
          std::vector<std::string>{"https://id.example/.well-known/oauth-authorization-server",
                                   "https://id.example/.well-known/openid-configuration"});
    CHECK(http::metadata_urls("https://id.example/realms/office") ==
          std::vector<std::string>{"https://id.example/.well-known/oauth-authorization-server/realms/office",
                                   "https://id.example/.well-known/openid-configuration/realms/office",
                                   "https://id.example/realms/office/.well-known/openid-configuration"});
}

TEST_CASE("a token from the provider proves its subject, its name, the tools its scopes allow and the approver right") {
    Provider provider;
    auto issuer = provider.issuer();
    REQUIRE(issuer.refresh());
    CHECK(provider.fetched == std::vector<std::string>{"https://id.example/.well-known/oauth-authorization-server/realms/office",
                                                      "https://id.example/.well-known/openid-configuration/realms/office",
                                                      "https://id.example/keys"});
    const auto ana = issuer.authenticate(provider.token());
    REQUIRE(ana.caller);
    CHECK(ana.caller->name == "u-17");
    CHECK(ana.caller->label == "ana");
    CHECK(ana.caller->oauth);
    CHECK(ana.caller->approver);
    CHECK(ana.caller->tools == std::vector<std::string>{"find_customer", "open_invoices", "issue_refund", "add_customer"});
    const auto all = issuer.authenticate(provider.token({{"scope", "office:all office:lunch"}}));
    REQUIRE(all.caller);
    CHECK(all.caller->tools.empty());  // every tool
    CHECK_FALSE(all.caller->approver);
    const auto two = issuer.authenticate(provider.token({{"scope", "office:lunch office:scheduling"}}));
    CHECK(two.caller->tools == std::vector<std::string>{"order_lunch", "find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"});
    const auto none = issuer.authenticate(provider.token({{"scope", "openid profile"}}));
    CHECK(none.caller->tools == std::vector<std::string>{""});  // no tool: the endpoint answers 403
    // The verifier's refusals come through with their sentence.
    const auto other = issuer.authenticate(provider.token({{"aud", "https://elsewhere.example/mcp"}}));
    CHECK_FALSE(other.caller);
    CHECK(other.problem == "the token is for another resource");
    CHECK_FALSE(other.unavailable);
}

TEST_CASE("metadata naming another issuer is not used, and without keys every token is 'unavailable', not refused") {
    Provider provider;
    provider.pages["https://id.example/.well-known/openid-configuration/realms/office"] =
        json{{"issuer", "https://evil.example"}, {"jwks_uri", "https://id.example/keys"}}.dump();
    auto issuer = provider.issuer();
    CHECK_FALSE(issuer.refresh());
    CHECK(issuer.problem().find("names the issuer https://evil.example, not https://id.example/realms/office") != std::string::npos);
    const auto answer = issuer.authenticate(provider.token());
    CHECK(answer.unavailable);
    CHECK_FALSE(answer.caller);
}

TEST_CASE("an unknown key id fetches the keys once, a flood of them no more than once per refetch period") {
    Provider provider;
    auto issuer = provider.issuer(30);
    REQUIRE(issuer.refresh());
    provider.fetched.clear();
    provider.now += 31;
    for (int i = 0; i < 100; ++i) {
        const auto forged = issuer.authenticate(provider.token(json::object(), "made-up-" + std::to_string(i)));
        CHECK_FALSE(forged.caller);
        CHECK(forged.problem.starts_with("the token is signed with a key the authorization server does not publish"));
    }
    CHECK(provider.fetched.size() == 3);  // one discovery (metadata tried twice) and one JWKS, for the first
    provider.now += 29;
    CHECK_FALSE(issuer.authenticate(provider.token(json::object(), "another")).caller);
    CHECK(provider.fetched.size() == 3);
    provider.now += 1;
    CHECK_FALSE(issuer.authenticate(provider.token(json::object(), "another")).caller);
    CHECK(provider.fetched.size() == 6);
}

TEST_CASE("after a rotation the new key is fetched for its first token, and the rotated-out key no longer verifies") {
    Provider provider;
    auto issuer = provider.issuer(30);
    REQUIRE(issuer.refresh());
    const auto old_token = provider.token();
    REQUIRE(issuer.authenticate(old_token).caller);
    provider.rotate("k2");
    provider.now += 30;
    const auto fetched = provider.fetched.size();
    CHECK(issuer.authenticate(provider.token()).caller);
    CHECK(provider.fetched.size() == fetched + 3);
    const auto old = issuer.authenticate(old_token);
    CHECK_FALSE(old.caller);
    CHECK(old.problem == "the token is signed with a key the authorization server does not publish (kid 'k1')");
}

TEST_CASE("keys older than an hour are fetched again at the next token") {
    Provider provider;
    auto issuer = provider.issuer();
    REQUIRE(issuer.refresh());
    const auto fetched = provider.fetched.size();
    provider.now += 3599;
    CHECK(issuer.authenticate(provider.token()).caller);
    CHECK(provider.fetched.size() == fetched);
    provider.now += 1;
    CHECK(issuer.authenticate(provider.token()).caller);
    CHECK(provider.fetched.size() == fetched + 3);
}
