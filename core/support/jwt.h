#pragma once
// Verifying an OAuth 2.1 access token that is a JWT (RFC 7519, RFC 9068), for a resource server
// that trusts one authorization server: the token's signature against the issuer's published
// keys (a JWKS, RFC 7517), then its issuer, audience and lifetime. On OpenSSL's EVP interface,
// no JWT library: a JWT library's options are where the classic attacks live ("alg": "none",
// HS256 with the RSA public key as the secret, a key the token carries itself), so here there
// are no options. Four algorithms are accepted (RS256, PS256, ES256, EdDSA with Ed25519), keys
// come only from the KeySet (a header's jwk, jku, x5u and x5c are ignored), and a header with
// "crit" is refused. Both inputs are hostile bytes: nothing here throws on a token, and a JWKS
// is refused with JwtError or its unusable keys skipped, never trusted.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct evp_pkey_st;  // OpenSSL's EVP_PKEY; its headers stay inside this layer

namespace office::jwt {

// A JWKS document that cannot be used at all (not JSON, no "keys" array, too large).
struct JwtError : std::runtime_error {
    using runtime_error::runtime_error;
};

struct VerifyRules;
struct Verdict;

// The issuer's public keys. Immutable once parsed; copies share the keys, so a copy is cheap
// and a set may be used from several threads at once.
class KeySet {
public:
    // The usable keys of a JWKS: {"keys": [JWK, ...]}. Throws JwtError when the document is
    // larger than 1 MiB, not JSON, nests deeper than 16, is not an object with a "keys" array,
    // or lists more than 100 keys. Skips, without throwing, a key that is not an object, has
    // "use" other than "sig", a non-string "kid" or "alg", a kty other than RSA, EC or OKP (so
    // "oct", a shared secret, never becomes a key), a curve other than P-256 (EC) or Ed25519
    // (OKP), a member that is missing or not strict base64url, a coordinate that is not
    // exactly 32 bytes, an EC point not on the curve, an RSA modulus outside 2048..8192 bits
    // or an RSA exponent over 64 bits. An empty "keys" array is a set of no keys.
    static KeySet parse(std::string_view jwks_json);

    std::size_t size() const { return keys_.size(); }
    // Whether a usable key has this kid ("" never matches: a key without kid has none).
    bool has(std::string_view kid) const;

    // What parse() keeps of a usable key, for verify().
    enum class Type { rsa, p256, ed25519 };
    struct Key {
        std::string kid;  // "" when the JWK has none
        std::string alg;  // the JWK's "alg", "" when it has none
        Type type = Type::rsa;
        std::shared_ptr<evp_pkey_st> pkey;  // freed with EVP_PKEY_free by the last copy
    };

private:
    std::vector<Key> keys_;

    friend Verdict verify(std::string_view token, const KeySet& keys, const VerifyRules& rules);
};

struct VerifyRules {
    std::string issuer;        // "iss" must equal it exactly (no normalisation); empty: every token fails
    std::string audience;      // "aud" (a string or an array) must hold exactly it; empty: every token fails
    std::int64_t now = 0;      // unix seconds
    std::int64_t skew = 60;    // seconds of leeway on exp, nbf and an iat in the future
};

// Why a token was refused. verify() checks the token's form and header, then picks the key,
// checks the signature, and only then reads the claims: iss, aud, exp, nbf and iat, sub, scope.
enum class Failure {
    none,
    malformed,      // not a compact JWS of JSON objects, "crit", or a required claim missing or mistyped
    algorithm,      // alg not accepted, or the key's type (or its JWK "alg") does not match it
    unknown_key,    // no published key has the kid (or, without kid, not exactly one fits alg)
    signature,
    issuer,
    audience,
    expired,        // now > exp + skew
    not_yet_valid,  // now + skew < nbf, or now + skew < iat
};

struct Claims {
    std::string subject;               // "sub": a non-empty string
    std::string label;                 // "preferred_username", else "email", else ""
    std::vector<std::string> scopes;   // "scope", else "scp": a space-separated string or an array of strings
    std::string client_id;             // "client_id", else "azp", else ""
    std::int64_t expires = 0;          // "exp", unix seconds
};

struct Verdict {
    Failure failure = Failure::none;
    // One English sentence for a log line or an error_description ("" when accepted). Never
    // holds the token or its signature; a kid or alg it quotes is cut to 64 printable characters.
    std::string reason;
    // The header's "kid" as sent ("" when none or not a string; not sanitised): on unknown_key
    // the caller may refetch the JWKS once and verify again.
    std::string kid;
    std::optional<Claims> claims;  // set iff failure == Failure::none
};

// Verifies a compact JWS access token (at most 16 KiB) against `keys` and `rules`. The key is
// the one with the header's kid that fits alg; a header without kid (or with "") takes the
// set's only key that fits alg. The signature is checked before the payload is even parsed;
// PS256 wants the salt RFC 7518 prescribes (32 bytes). Throws nothing but std::bad_alloc.
Verdict verify(std::string_view token, const KeySet& keys, const VerifyRules& rules);

// "none", "malformed", "algorithm", "unknown_key", ...: the enumerator's name.
std::string_view failure_name(Failure failure);

}  // namespace office::jwt
