// The JWT verifier stands between a network and the office, so these tests attack it: the
// classic algorithm confusions (none, HS256 keyed with the RSA public key), key selection,
// tampering, strict base64url, bounds, every claim rule at its boundary, and KeySet::parse on
// bad JWKS documents. Keys are generated here and tokens signed here with EVP; one test has
// node's own crypto sign tokens, so we know we verify what real issuers produce.

#include "jwt.h"
#include "support/jwt_signer.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
using office::jwt::Failure;
using office::jwt::KeySet;
using office::jwt::VerifyRules;
using office::jwt::verify;
using namespace office::testing::jwt_signer;

constexpr std::int64_t kNow = 1'780'000'000;
constexpr const char* kIssuer = "https://as.example.com";
constexpr const char* kAudience = "https://office.example.com/mcp";

// ---- the issuer the tests play ----

struct Issuer {
    Pkey rsa = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t{2048}));
    Pkey rsa_other = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t{2048}));
    Pkey ec = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    Pkey ed = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
    json jwks = {{"keys", {rsa_jwk(rsa.get(), "rsa"), ec_jwk(ec.get(), "ec"), ed_jwk(ed.get(), "ed")}}};
    KeySet keys = KeySet::parse(jwks.dump());
};

const Issuer& issuer() {
    static const Issuer instance;
    return instance;
}

json claims() {
    return {{"iss", kIssuer}, {"aud", kAudience}, {"sub", "alice"}, {"exp", kNow + 300},
            {"iat", kNow - 10}, {"scope", "calendar.read refunds.write"}, {"client_id", "desk"}};
}

VerifyRules rules() {
    VerifyRules r;
    r.issuer = kIssuer;
    r.audience = kAudience;
    r.now = kNow;
    r.skew = 60;
    return r;
}

EVP_PKEY* key_for(std::string_view alg) {
    if (alg == "ES256") return issuer().ec.get();
    if (alg == "EdDSA") return issuer().ed.get();
    return issuer().rsa.get();
}

std::string kid_for(std::string_view alg) {
    if (alg == "ES256") return "ec";
    if (alg == "EdDSA") return "ed";
    return "rsa";
}

// A token for `alg` with the issuer's key for it and `payload`.
std::string signed_token(const std::string& alg, const json& payload = claims()) {
    return token({{"alg", alg}, {"kid", kid_for(alg)}, {"typ", "at+jwt"}}, payload, key_for(alg));
}

Failure failure_of(std::string_view tok, const KeySet& keys = issuer().keys, const VerifyRules& r = rules()) {
    const auto verdict = verify(tok, keys, r);
    CHECK(verdict.claims.has_value() == (verdict.failure == Failure::none));
    CHECK(verdict.reason.empty() == (verdict.failure == Failure::none));
    return verdict.failure;
}

json with(json payload, const std::string& name, json value) {
    payload[name] = std::move(value);
    return payload;
}

json without(json payload, const std::string& name) {
    payload.erase(name);
    return payload;
}

std::string nested(int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST_CASE("each accepted algorithm verifies and yields the claims", "[jwt]") {
    for (const std::string alg : {"RS256", "PS256", "ES256", "EdDSA"}) {
        INFO(alg);
        const auto verdict = verify(signed_token(alg), issuer().keys, rules());
        REQUIRE(verdict.failure == Failure::none);
        CHECK(verdict.reason.empty());
        CHECK(verdict.kid == kid_for(alg));
        REQUIRE(verdict.claims);
        CHECK(verdict.claims->subject == "alice");
        CHECK(verdict.claims->scopes == std::vector<std::string>{"calendar.read", "refunds.write"});
        CHECK(verdict.claims->client_id == "desk");
        CHECK(verdict.claims->expires == kNow + 300);
    }
}

TEST_CASE("claims: aud array, scope or scp, label and client_id fallbacks", "[jwt]") {
    const auto read = [](const json& payload) {
        const auto verdict = verify(signed_token("ES256", payload), issuer().keys, rules());
        REQUIRE(verdict.failure == Failure::none);
        return *verdict.claims;
    };
    CHECK(read(with(claims(), "aud", {"https://other.example", kAudience})).subject == "alice");

    CHECK(read(with(claims(), "scope", " a  b ")).scopes == std::vector<std::string>{"a", "b"});
    const json scp = with(without(claims(), "scope"), "scp", {"mail.read", "mail.send"});
    CHECK(read(scp).scopes == std::vector<std::string>{"mail.read", "mail.send"});
    CHECK(read(with(without(claims(), "scope"), "scp", "User.Read Mail.Send")).scopes ==
          std::vector<std::string>{"User.Read", "Mail.Send"});  // Entra ID writes scp as a string
    CHECK(read(with(scp, "scope", "x")).scopes == std::vector<std::string>{"x"});  // scope wins
    CHECK(read(without(claims(), "scope")).scopes.empty());

    const json both = with(with(claims(), "preferred_username", "alice.a"), "email", "alice@example.com");
    CHECK(read(both).label == "alice.a");
    CHECK(read(without(both, "preferred_username")).label == "alice@example.com");
    CHECK(read(with(both, "preferred_username", "")).label == "alice@example.com");
    CHECK(read(claims()).label.empty());

    CHECK(read(with(without(claims(), "client_id"), "azp", "cli")).client_id == "cli");
    CHECK(read(without(claims(), "client_id")).client_id.empty());

    CHECK(read(with(claims(), "exp", static_cast<double>(kNow) + 300.7)).expires == kNow + 300);  // truncated
}

TEST_CASE("a token that is not a compact JWS of JSON objects is malformed", "[jwt]") {
    const std::string good = signed_token("RS256");
    REQUIRE(failure_of(good) == Failure::none);
    const auto dot1 = good.find('.');
    const auto dot2 = good.rfind('.');
    const std::string header = good.substr(0, dot1);
    const std::string payload = good.substr(dot1 + 1, dot2 - dot1 - 1);
    const std::string sig = good.substr(dot2 + 1);

    CHECK(failure_of("") == Failure::malformed);
    CHECK(failure_of(header + "." + payload) == Failure::malformed);
    CHECK(failure_of(good + ".") == Failure::malformed);
    CHECK(failure_of(good + "." + sig) == Failure::malformed);
    CHECK(failure_of(header + "=." + payload + "." + sig) == Failure::malformed);  // padding
    CHECK(failure_of(header + "." + payload + "." + sig + "==") == Failure::malformed);
    CHECK(failure_of(header + "+." + payload + "." + sig) == Failure::malformed);  // standard alphabet
    CHECK(failure_of(" " + good) == Failure::malformed);
    CHECK(failure_of(good + "\n") == Failure::malformed);

    // 256 signature bytes end in two characters whose last 4 bits are zero; a lenient decoder
    // would read the same bytes with those bits set, and accept the token.
    REQUIRE(sig.size() == 342);
    std::string loose = sig;
    loose.back() = loose.back() == 'A' ? 'B' : static_cast<char>(loose.back() + 1);
    CHECK(failure_of(header + "." + payload + "." + loose) == Failure::malformed);

    // Over 16 KiB, even validly signed.
    const std::string big = signed_token("ES256", with(claims(), "pad", std::string(16 * 1024, 'x')));
    CHECK(failure_of(big) == Failure::malformed);
    CHECK(failure_of(signed_token("ES256", with(claims(), "pad", std::string(10 * 1024, 'x')))) == Failure::none);

    // Header and payload must be JSON objects, nested at most 16 deep.
    CHECK(failure_of(b64url("[\"RS256\"]") + "." + payload + "." + sig) == Failure::malformed);
    CHECK(failure_of(b64url("{\"alg\":\"RS256\"") + "." + payload + "." + sig) == Failure::malformed);
    CHECK(failure_of(b64url(std::string("{\"alg\":\"RS256\",\"kid\":\"rsa\"}\0x", 29)) + "." + payload + "." + sig) == Failure::malformed);
    const json deep_header = json::parse(R"({"alg":"RS256","kid":"rsa","x":)" + nested(16) + "}");
    CHECK(failure_of(token(deep_header, claims(), issuer().rsa.get())) == Failure::malformed);
    const json ok_header = json::parse(R"({"alg":"RS256","kid":"rsa","x":)" + nested(15) + "}");
    CHECK(failure_of(token(ok_header, claims(), issuer().rsa.get())) == Failure::none);
    CHECK(failure_of(signed_token("ES256", with(claims(), "x", json::parse(nested(16))))) == Failure::malformed);
    CHECK(failure_of(signed_token("ES256", with(claims(), "x", json::parse(nested(15))))) == Failure::none);
    const std::string array_payload = token_raw_header(R"({"alg":"RS256","kid":"rsa"})", json::array({claims()}),
                                                       issuer().rsa.get());
    CHECK(failure_of(array_payload) == Failure::malformed);

    // crit, a missing alg, a kid that is not a string.
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "rsa"}, {"crit", {"exp"}}, {"exp", 1}}, claims(),
                           issuer().rsa.get())) == Failure::malformed);
    CHECK(failure_of(token_with_signature({{"kid", "rsa"}}, claims(), "x")) == Failure::malformed);
    CHECK(failure_of(token_with_signature({{"alg", 256}, {"kid", "rsa"}}, claims(), "x")) == Failure::malformed);
    CHECK(failure_of(token_with_signature({{"alg", "RS256"}, {"kid", 7}}, claims(), "x")) == Failure::malformed);
}

TEST_CASE("only RS256, PS256, ES256 and EdDSA are accepted", "[jwt]") {
    const auto& is = issuer();
    // alg none with an empty signature, with and without a kid.
    for (const json& header : {json{{"alg", "none"}}, json{{"alg", "none"}, {"kid", "rsa"}}, json{{"alg", "None"}}}) {
        const std::string unsigned_token = signing_input(header.dump(), claims()) + ".";
        CHECK(failure_of(unsigned_token) == Failure::algorithm);
    }
    for (const std::string alg : {"HS256", "HS384", "HS512", "RS384", "RS512", "PS512", "ES384", "ES256K", "Ed25519", "rs256", ""}) {
        INFO(alg);
        CHECK(failure_of(token_with_signature({{"alg", alg}, {"kid", "rsa"}}, claims(), std::string(64, 'x'))) ==
              Failure::algorithm);
    }

    // The classic confusion: HS256 keyed with the RSA public key as PEM, or as the JWK's n.
    const std::string modulus = bn_param(is.rsa.get(), OSSL_PKEY_PARAM_RSA_N);
    for (const std::string& secret : {pem(is.rsa.get()), modulus}) {
        const std::string input = signing_input(json{{"alg", "HS256"}, {"kid", "rsa"}}.dump(), claims());
        const auto verdict = verify(input + "." + b64url(hmac_sha256(secret, input)), is.keys, rules());
        CHECK(verdict.failure == Failure::algorithm);
        CHECK(verdict.reason == "the token's algorithm HS256 is not accepted");
    }
}

TEST_CASE("an oct key is never a key, and HS256 under it is refused", "[jwt]") {
    const auto& is = issuer();
    const std::string secret = pem(is.rsa.get());
    json jwks = is.jwks;
    jwks["keys"].push_back({{"kty", "oct"}, {"kid", "hs"}, {"k", b64url(secret)}, {"alg", "HS256"}});
    const KeySet keys = KeySet::parse(jwks.dump());
    CHECK(keys.size() == 3);
    CHECK_FALSE(keys.has("hs"));
    const std::string input = signing_input(json{{"alg", "HS256"}, {"kid", "hs"}}.dump(), claims());
    CHECK(failure_of(input + "." + b64url(hmac_sha256(secret, input)), keys) == Failure::algorithm);
}

TEST_CASE("key selection: kid, no kid, key type and the JWK's alg", "[jwt]") {
    const auto& is = issuer();
    const json payload = claims();

    const auto unknown = verify(token({{"alg", "RS256"}, {"kid", "abc"}}, payload, is.rsa.get()), is.keys, rules());
    CHECK(unknown.failure == Failure::unknown_key);
    CHECK(unknown.kid == "abc");
    CHECK(unknown.reason == "the token is signed with a key the authorization server does not publish (kid 'abc')");

    // A hostile kid is quoted cut to 64 printable characters; Verdict::kid keeps it as sent.
    const std::string hostile = "a\"b\\c\x01\n" + std::string(200, 'z');
    const auto cut = verify(token({{"alg", "RS256"}, {"kid", hostile}}, payload, is.rsa.get()), is.keys, rules());
    CHECK(cut.failure == Failure::unknown_key);
    CHECK(cut.kid == hostile);
    const auto open = cut.reason.find("(kid '");
    REQUIRE(open != std::string::npos);
    const std::string quoted = cut.reason.substr(open + 6, cut.reason.size() - open - 8);
    CHECK(quoted.size() == 64);
    CHECK(quoted.substr(0, 7) == "a?b?c??");
    for (const char c : cut.reason) CHECK((c >= 0x20 && c < 0x7F));

    // No kid: the one key that fits the alg; none or several is unknown_key.
    for (const std::string alg : {"RS256", "PS256", "ES256", "EdDSA"})
        CHECK(failure_of(token({{"alg", alg}}, payload, key_for(alg))) == Failure::none);
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", ""}}, payload, is.rsa.get())) == Failure::none);
    json two_rsa = is.jwks;
    two_rsa["keys"].push_back(rsa_jwk(is.rsa_other.get(), "rsa2"));
    const KeySet two = KeySet::parse(two_rsa.dump());
    CHECK(failure_of(token({{"alg", "RS256"}}, payload, is.rsa.get()), two) == Failure::unknown_key);
    CHECK(failure_of(token({{"alg", "ES256"}}, payload, is.ec.get()), two) == Failure::none);
    const KeySet only_ec = KeySet::parse(json{{"keys", {ec_jwk(is.ec.get(), "ec")}}}.dump());
    CHECK(failure_of(token({{"alg", "RS256"}}, payload, is.rsa.get()), only_ec) == Failure::unknown_key);
    // ... and a kid-less key is not reached by a kid.
    const KeySet kidless = KeySet::parse(json{{"keys", {without(rsa_jwk(is.rsa.get(), ""), "kid")}}}.dump());
    CHECK(failure_of(token({{"alg", "RS256"}}, payload, is.rsa.get()), kidless) == Failure::none);
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "rsa"}}, payload, is.rsa.get()), kidless) == Failure::unknown_key);

    // The kid names a key of another type: algorithm (checked before the signature).
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "ec"}}, payload, is.rsa.get())) == Failure::algorithm);
    CHECK(failure_of(token({{"alg", "ES256"}, {"kid", "ed"}}, payload, is.ec.get())) == Failure::algorithm);
    CHECK(failure_of(token({{"alg", "EdDSA"}, {"kid", "rsa"}}, payload, is.ed.get())) == Failure::algorithm);

    // The JWK's alg binds the key to one algorithm.
    json pinned = rsa_jwk(is.rsa.get(), "rsa");
    pinned["alg"] = "RS256";
    const KeySet rs_only = KeySet::parse(json{{"keys", {pinned}}}.dump());
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "rsa"}}, payload, is.rsa.get()), rs_only) == Failure::none);
    CHECK(failure_of(token({{"alg", "PS256"}, {"kid", "rsa"}}, payload, is.rsa.get()), rs_only) == Failure::algorithm);
    CHECK(failure_of(token({{"alg", "PS256"}}, payload, is.rsa.get()), rs_only) == Failure::unknown_key);

    // One kid on two keys of different types: the one that fits is used.
    const KeySet shared = KeySet::parse(json{{"keys", {ec_jwk(is.ec.get(), "k"), rsa_jwk(is.rsa.get(), "k")}}}.dump());
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "k"}}, payload, is.rsa.get()), shared) == Failure::none);
    CHECK(failure_of(token({{"alg", "ES256"}, {"kid", "k"}}, payload, is.ec.get()), shared) == Failure::none);
}

TEST_CASE("signatures: tampering, another key, ES256 shape, PSS salt, exact bytes", "[jwt]") {
    const auto& is = issuer();
    for (const std::string alg : {"RS256", "PS256", "ES256", "EdDSA"}) {
        INFO(alg);
        const std::string good = signed_token(alg);
        const auto dot1 = good.find('.');
        const auto dot2 = good.rfind('.');
        const std::string tampered = good.substr(0, dot1 + 1) + b64url(with(claims(), "sub", "mallory").dump()) +
                                     good.substr(dot2);
        const auto verdict = verify(tampered, is.keys, rules());
        CHECK(verdict.failure == Failure::signature);
        CHECK(verdict.reason == "the token's signature does not verify");
        CHECK_FALSE(verdict.claims);
    }
    // Same kid, different key.
    CHECK(failure_of(token({{"alg", "RS256"}, {"kid", "rsa"}}, claims(), is.rsa_other.get())) == Failure::signature);
    const Pkey other_ec = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    CHECK(failure_of(token({{"alg", "ES256"}, {"kid", "ec"}}, claims(), other_ec.get())) == Failure::signature);
    const Pkey other_ed = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
    CHECK(failure_of(token({{"alg", "EdDSA"}, {"kid", "ed"}}, claims(), other_ed.get())) == Failure::signature);
    // An RS256 signature presented as PS256 (and the reverse).
    const std::string input = signing_input(json{{"alg", "PS256"}, {"kid", "rsa"}}.dump(), claims());
    CHECK(failure_of(input + "." + b64url(sign(is.rsa.get(), "RS256", input))) == Failure::signature);
    const std::string input2 = signing_input(json{{"alg", "RS256"}, {"kid", "rsa"}}.dump(), claims());
    CHECK(failure_of(input2 + "." + b64url(sign(is.rsa.get(), "PS256", input2))) == Failure::signature);

    // ES256 is R||S, exactly 64 bytes: DER is refused, and so is any other length.
    const std::string es_input = signing_input(json{{"alg", "ES256"}, {"kid", "ec"}}.dump(), claims());
    const std::string raw = sign(is.ec.get(), "ES256", es_input);
    CHECK(failure_of(es_input + "." + b64url(raw)) == Failure::none);
    CHECK(failure_of(es_input + "." + b64url(sign(is.ec.get(), "ES256", es_input, 32, true))) == Failure::signature);
    CHECK(failure_of(es_input + "." + b64url(raw + '\0')) == Failure::signature);
    CHECK(failure_of(es_input + "." + b64url(raw.substr(1))) == Failure::signature);
    CHECK(failure_of(es_input + "." + b64url(std::string(64, '\0'))) == Failure::signature);
    CHECK(failure_of(es_input + ".") == Failure::signature);

    // PS256's salt is the hash's length (RFC 7518 3.5): 32 bytes, not the maximum, not 20.
    const json ps_header = {{"alg", "PS256"}, {"kid", "rsa"}};
    CHECK(failure_of(token(ps_header, claims(), is.rsa.get(), 32)) == Failure::none);
    CHECK(failure_of(token(ps_header, claims(), is.rsa.get(), RSA_PSS_SALTLEN_MAX)) == Failure::signature);
    CHECK(failure_of(token(ps_header, claims(), is.rsa.get(), 20)) == Failure::signature);

    // The signature covers the header's bytes as sent: spacing that a re-serialisation would
    // drop is kept, and changing it breaks the signature.
    const std::string spaced = token_raw_header(R"({ "alg" : "RS256", "kid" : "rsa" })", claims(), is.rsa.get());
    CHECK(failure_of(spaced) == Failure::none);
    const std::string respaced = b64url(R"({"alg":"RS256","kid":"rsa"})") + spaced.substr(spaced.find('.'));
    CHECK(failure_of(respaced) == Failure::signature);

    // The signature is checked before any claim: a forged expired token says signature.
    const std::string forged = token({{"alg", "RS256"}, {"kid", "rsa"}}, with(claims(), "exp", 1), is.rsa_other.get());
    CHECK(failure_of(forged) == Failure::signature);
    // ... and before the payload is parsed.
    const std::string junk_input = signing_input(json{{"alg", "ES256"}, {"kid", "ec"}}.dump(), claims());
    const std::string junk = junk_input.substr(0, junk_input.find('.') + 1) + b64url("not json");
    CHECK(failure_of(junk + "." + b64url(std::string(64, 'x'))) == Failure::signature);
    CHECK(failure_of(junk + "." + b64url(sign(is.ec.get(), "ES256", junk))) == Failure::malformed);
}

TEST_CASE("claims after the signature: iss, aud, exp, nbf, iat, sub", "[jwt]") {
    const auto check = [](const json& payload, VerifyRules r = rules()) {
        return failure_of(signed_token("EdDSA", payload), issuer().keys, r);
    };
    REQUIRE(check(claims()) == Failure::none);

    CHECK(check(with(claims(), "iss", std::string(kIssuer) + "/")) == Failure::issuer);
    CHECK(check(with(claims(), "iss", "HTTPS://as.example.com")) == Failure::issuer);
    CHECK(check(without(claims(), "iss")) == Failure::issuer);
    CHECK(check(with(claims(), "iss", json::array({kIssuer}))) == Failure::issuer);
    VerifyRules no_issuer = rules();
    no_issuer.issuer.clear();
    CHECK(check(with(claims(), "iss", ""), no_issuer) == Failure::issuer);

    CHECK(check(with(claims(), "aud", "https://other.example")) == Failure::audience);
    CHECK(check(with(claims(), "aud", {"https://a.example", "https://b.example"})) == Failure::audience);
    CHECK(check(with(claims(), "aud", std::string(kAudience) + "/")) == Failure::audience);
    CHECK(check(with(claims(), "aud", json::array())) == Failure::audience);
    CHECK(check(with(claims(), "aud", json::parse(R"([{"aud":"https://office.example.com/mcp"}])"))) == Failure::audience);
    CHECK(check(without(claims(), "aud")) == Failure::audience);
    VerifyRules no_audience = rules();
    no_audience.audience.clear();
    CHECK(check(with(claims(), "aud", ""), no_audience) == Failure::audience);

    // exp: required, numeric, within skew.
    CHECK(check(with(claims(), "exp", kNow - 60)) == Failure::none);
    CHECK(check(with(claims(), "exp", kNow - 61)) == Failure::expired);
    CHECK(check(with(claims(), "exp", static_cast<double>(kNow) - 60.5)) == Failure::expired);  // truncated to -61
    VerifyRules strict = rules();
    strict.skew = 0;
    CHECK(check(with(claims(), "exp", kNow), strict) == Failure::none);
    CHECK(check(with(claims(), "exp", kNow - 1), strict) == Failure::expired);
    CHECK(check(without(claims(), "exp")) == Failure::malformed);
    CHECK(check(with(claims(), "exp", std::to_string(kNow + 300))) == Failure::malformed);
    CHECK(check(with(claims(), "exp", nullptr)) == Failure::malformed);
    CHECK(check(with(claims(), "exp", true)) == Failure::malformed);
    CHECK(check(with(claims(), "exp", 253402300799)) == Failure::none);  // 9999-12-31T23:59:59Z
    CHECK(check(with(claims(), "exp", 253402300800)) == Failure::malformed);
    CHECK(check(with(claims(), "nbf", -253402300800)) == Failure::malformed);
    CHECK(check(with(claims(), "exp", 1e300)) == Failure::malformed);
    CHECK(check(with(claims(), "exp", std::numeric_limits<std::int64_t>::max())) == Failure::malformed);
    CHECK(check(with(claims(), "exp", std::numeric_limits<std::uint64_t>::max())) == Failure::malformed);
    // nlohmann refuses 1e400 (it does not fit a double): a payload that is not JSON.
    const std::string inf_input = b64url(json{{"alg", "EdDSA"}, {"kid", "ed"}}.dump()) + "." +
                                  b64url(R"({"iss":"https://as.example.com","aud":"https://office.example.com/mcp","sub":"a","exp":1e400})");
    CHECK(failure_of(inf_input + "." + b64url(sign(issuer().ed.get(), "EdDSA", inf_input))) == Failure::malformed);

    // nbf and iat in the future, within skew.
    CHECK(check(with(claims(), "nbf", kNow + 60)) == Failure::none);
    CHECK(check(with(claims(), "nbf", kNow + 61)) == Failure::not_yet_valid);
    CHECK(check(with(claims(), "nbf", "soon")) == Failure::malformed);
    CHECK(check(with(claims(), "iat", kNow + 60)) == Failure::none);
    CHECK(check(with(claims(), "iat", kNow + 61)) == Failure::not_yet_valid);
    CHECK(check(with(claims(), "iat", "now")) == Failure::malformed);
    CHECK(check(without(claims(), "iat")) == Failure::none);

    // sub: a non-empty string.
    CHECK(check(without(claims(), "sub")) == Failure::malformed);
    CHECK(check(with(claims(), "sub", "")) == Failure::malformed);
    CHECK(check(with(claims(), "sub", 42)) == Failure::malformed);

    // scope / scp of another shape.
    CHECK(check(with(claims(), "scope", 7)) == Failure::malformed);
    CHECK(check(with(without(claims(), "scope"), "scp", {"a", 1})) == Failure::malformed);

    // The sentences a caller shows.
    CHECK(verify(signed_token("EdDSA", with(claims(), "exp", kNow - 61)), issuer().keys, rules()).reason ==
          "the token has expired");
    CHECK(verify(signed_token("EdDSA", with(claims(), "aud", "x")), issuer().keys, rules()).reason ==
          "the token is for another resource");
    CHECK(verify(signed_token("EdDSA", with(claims(), "iss", "x")), issuer().keys, rules()).reason ==
          "the token was issued by another authorization server");
}

TEST_CASE("reasons never hold the token or its signature", "[jwt]") {
    const auto& is = issuer();
    std::vector<std::string> tokens = {
        signed_token("RS256", with(claims(), "exp", 1)),
        token({{"alg", "RS256"}, {"kid", "rsa"}}, claims(), is.rsa_other.get()),
        token({{"alg", "RS256"}, {"kid", "nope"}}, claims(), is.rsa.get()),
        signed_token("RS256", with(claims(), "aud", "x")),
        signed_token("RS256", without(claims(), "sub")),
    };
    const std::string hs_input = signing_input(json{{"alg", "HS256"}}.dump(), claims());
    tokens.push_back(hs_input + "." + b64url(hmac_sha256("k", hs_input)));
    for (const auto& tok : tokens) {
        const auto verdict = verify(tok, is.keys, rules());
        REQUIRE(verdict.failure != Failure::none);
        const std::string sig = tok.substr(tok.rfind('.') + 1);
        CHECK(verdict.reason.find(sig) == std::string::npos);
        CHECK(verdict.reason.find(tok.substr(0, tok.find('.'))) == std::string::npos);
        CHECK(verdict.reason.size() < 200);
    }
}

TEST_CASE("KeySet::parse refuses what is not a JWKS and skips keys it cannot use", "[jwt]") {
    const auto& is = issuer();
    for (const std::string& bad : std::vector<std::string>{"", "not json", "[]", "{}", R"({"keys":{}})", R"({"keys":"x"})", "null",
                                  R"({"keys":[]} x)", std::string("{\"keys\":[]}\0", 12)}) {
        INFO(bad);
        CHECK_THROWS_AS(KeySet::parse(bad), office::jwt::JwtError);
    }
    CHECK(KeySet::parse(R"({"keys":[]})").size() == 0);
    CHECK_THROWS_AS(KeySet::parse(R"({"keys":[],"x":)" + nested(16) + "}"), office::jwt::JwtError);
    CHECK(KeySet::parse(R"({"keys":[],"x":)" + nested(15) + "}").size() == 0);
    const std::string padding(1024 * 1024, ' ');
    CHECK_THROWS_AS(KeySet::parse(R"({"keys":[]})" + padding), office::jwt::JwtError);
    CHECK(KeySet::parse(R"({"keys":[]})" + padding.substr(11)).size() == 0);

    // At most 100 keys.
    json many = {{"keys", json::array()}};
    for (int i = 0; i < 100; ++i) many["keys"].push_back(ec_jwk(is.ec.get(), "k" + std::to_string(i)));
    const KeySet hundred = KeySet::parse(many.dump());
    CHECK(hundred.size() == 100);
    CHECK(hundred.has("k99"));
    many["keys"].push_back(ec_jwk(is.ec.get(), "k100"));
    CHECK_THROWS_AS(KeySet::parse(many.dump()), office::jwt::JwtError);

    // Skipped keys.
    const json rsa = rsa_jwk(is.rsa.get(), "r");
    const json ec = ec_jwk(is.ec.get(), "e");
    const json ed = ed_jwk(is.ed.get(), "d");
    std::string x = json::parse(ec.dump()).at("x");
    std::string y_bytes = bn_param(is.ec.get(), OSSL_PKEY_PARAM_EC_PUB_Y, 32);
    y_bytes[31] = static_cast<char>(y_bytes[31] ^ 1);
    const Pkey small_rsa = own(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t{1024}));
    const std::vector<json> skipped = {
        json("a string"),
        {{"kty", "oct"}, {"kid", "s"}, {"k", b64url("secret")}},
        with(rsa, "use", "enc"),
        with(rsa, "use", 1),
        with(rsa, "kid", 5),
        with(rsa, "alg", json::array({"RS256"})),
        with(rsa, "kty", "rsa"),
        without(rsa, "e"),
        with(rsa, "n", rsa.at("n").get<std::string>() + "="),
        with(rsa, "n", "+" + rsa.at("n").get<std::string>()),
        rsa_jwk(small_rsa.get(), "small"),
        with(rsa, "e", b64url(std::string(9, '\x01'))),
        with(ec, "y", b64url(y_bytes)),  // off the curve
        with(ec, "crv", "P-384"),
        with(ec, "crv", "secp256k1"),
        with(ec, "x", b64url(std::string(1, '\0') + bn_param(is.ec.get(), OSSL_PKEY_PARAM_EC_PUB_X, 32))),
        with(ec, "x", b64url(bn_param(is.ec.get(), OSSL_PKEY_PARAM_EC_PUB_X, 32).substr(1))),
        without(ec, "y"),
        with(ed, "crv", "Ed448"),
        with(ed, "crv", "X25519"),
        with(ed, "x", b64url(std::string(31, 'a'))),
        with(ed, "kty", "EC"),
        {{"kty", "PQC"}, {"kid", "q"}},
    };
    for (const json& key : skipped) {
        INFO(key.dump());
        CHECK(KeySet::parse(json{{"keys", {key}}}.dump()).size() == 0);
    }
    const KeySet kept = KeySet::parse(json{{"keys", {rsa, ec, ed, with(rsa, "use", "sig"), skipped[1]}}}.dump());
    CHECK(kept.size() == 4);
    CHECK(kept.has("r"));
    CHECK(kept.has("e"));
    CHECK(kept.has("d"));
    CHECK_FALSE(kept.has("s"));
    CHECK_FALSE(kept.has(""));

    // An off-curve key is never used: the token its kid names has no key.
    const KeySet off_curve = KeySet::parse(json{{"keys", {with(ec, "y", b64url(y_bytes))}}}.dump());
    CHECK(failure_of(token({{"alg", "ES256"}, {"kid", "e"}}, claims(), is.ec.get()), off_curve) == Failure::unknown_key);
}

TEST_CASE("a KeySet's copies share its keys and outlive it", "[jwt]") {
    std::optional<KeySet> original = KeySet::parse(issuer().jwks.dump());
    const KeySet copy = *original;
    KeySet moved = std::move(*original);
    original.reset();
    CHECK(failure_of(signed_token("RS256"), copy) == Failure::none);
    CHECK(failure_of(signed_token("ES256"), moved) == Failure::none);
}

TEST_CASE("failure_name names every failure", "[jwt]") {
    CHECK(office::jwt::failure_name(Failure::none) == "none");
    CHECK(office::jwt::failure_name(Failure::malformed) == "malformed");
    CHECK(office::jwt::failure_name(Failure::algorithm) == "algorithm");
    CHECK(office::jwt::failure_name(Failure::unknown_key) == "unknown_key");
    CHECK(office::jwt::failure_name(Failure::signature) == "signature");
    CHECK(office::jwt::failure_name(Failure::issuer) == "issuer");
    CHECK(office::jwt::failure_name(Failure::audience) == "audience");
    CHECK(office::jwt::failure_name(Failure::expired) == "expired");
    CHECK(office::jwt::failure_name(Failure::not_yet_valid) == "not_yet_valid");
}

// Tokens signed by node's built-in crypto, the way jose and real issuers sign them.
TEST_CASE("tokens signed by node's crypto verify", "[jwt]") {
    if (std::system("command -v node >/dev/null 2>&1") != 0)
        FAIL("node is not on PATH: this test signs tokens with node's crypto to check interoperability "
             "(install nodejs)");
    static constexpr const char* kScript = R"JS(
const crypto = require('crypto');
const now = Number(process.argv[2]);
const b64u = (b) => Buffer.from(b).toString('base64url');
const claims = {iss: 'https://as.example.com', aud: 'https://office.example.com/mcp', sub: 'node-user',
                exp: now + 300, iat: now, scope: 'calendar.read'};
const rsa = crypto.generateKeyPairSync('rsa', {modulusLength: 2048});
const ec = crypto.generateKeyPairSync('ec', {namedCurve: 'P-256'});
const ed = crypto.generateKeyPairSync('ed25519');
const jwk = (pair, kid) => Object.assign(pair.publicKey.export({format: 'jwk'}), {kid, use: 'sig'});
function token(alg, kid, key, options) {
  const input = b64u(JSON.stringify({alg, kid, typ: 'at+jwt'})) + '.' + b64u(JSON.stringify(claims));
  const signature = crypto.sign(alg === 'EdDSA' ? null : 'sha256', Buffer.from(input), Object.assign({key}, options));
  return input + '.' + b64u(signature);
}
const pss = crypto.constants.RSA_PKCS1_PSS_PADDING;
console.log(JSON.stringify({
  jwks: {keys: [jwk(rsa, 'rsa'), jwk(ec, 'ec'), jwk(ed, 'ed')]},
  accepted: {
    RS256: token('RS256', 'rsa', rsa.privateKey, {}),
    PS256: token('PS256', 'rsa', rsa.privateKey, {padding: pss, saltLength: 32}),
    ES256: token('ES256', 'ec', ec.privateKey, {dsaEncoding: 'ieee-p1363'}),
    EdDSA: token('EdDSA', 'ed', ed.privateKey, {}),
  },
  refused: {
    'PS256 with node default (maximum) salt': token('PS256', 'rsa', rsa.privateKey, {padding: pss}),
    'ES256 in DER': token('ES256', 'ec', ec.privateKey, {}),
  },
}));
)JS";
    const auto script = std::filesystem::temp_directory_path() /
                        ("office_jwt_interop_" + std::to_string(::getpid()) + ".js");
    std::ofstream(script) << kScript;
    const std::string command = "node " + script.string() + " " + std::to_string(kNow) + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string output;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = ::pclose(pipe);
    std::filesystem::remove(script);
    INFO(output);
    REQUIRE(status == 0);

    const json result = json::parse(output);
    const KeySet keys = KeySet::parse(result.at("jwks").dump());
    REQUIRE(keys.size() == 3);
    for (const auto& [alg, tok] : result.at("accepted").items()) {
        INFO(alg);
        const auto verdict = verify(tok.get<std::string>(), keys, rules());
        CHECK(verdict.reason.empty());
        REQUIRE(verdict.failure == Failure::none);
        CHECK(verdict.claims->subject == "node-user");
        CHECK(verdict.claims->scopes == std::vector<std::string>{"calendar.read"});
    }
    for (const auto& [what, tok] : result.at("refused").items()) {
        INFO(what);
        CHECK(failure_of(tok.get<std::string>(), keys) == Failure::signature);
    }
}
