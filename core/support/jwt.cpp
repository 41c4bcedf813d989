// JWT access tokens on OpenSSL 3's EVP interface: keys are built from a JWK's numbers with
// EVP_PKEY_fromdata (Ed25519 from its raw bytes), signatures checked with EVP_DigestVerify.
// Nothing hand-written but strict base64url and the ES256 signature's R||S to DER. Both the
// token and the JWKS are hostile input; every OpenSSL error is cleared before returning.

#include "jwt.h"

#include "base64url.h"

#include "json_rpc.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include <algorithm>
#include <cmath>

namespace office::jwt {

namespace {

constexpr std::size_t kMaxJwksSize = 1024 * 1024;
constexpr std::size_t kMaxKeys = 100;
constexpr std::size_t kMaxTokenSize = 16 * 1024;
constexpr int kMaxDepth = 16;
constexpr int kMinRsaBits = 2048;
constexpr int kMaxRsaBits = 8192;           // a larger modulus would only cost time
constexpr std::size_t kMaxRsaExponent = 8;  // bytes; OpenSSL's own limit for large moduli
constexpr std::size_t kCoordinateSize = 32; // P-256 x, y and an Ed25519 key
constexpr int kPssSaltLength = 32;          // RFC 7518 3.5: the size of the SHA-256 output
constexpr double kMaxDate = 253402300799;   // 9999-12-31T23:59:59Z
constexpr std::size_t kMaxQuoted = 64;      // characters of a kid or alg quoted in a reason

template <auto Free>
struct Deleter {
    template <class T>
    void operator()(T* p) const { Free(p); }
};
using Bignum = std::unique_ptr<BIGNUM, Deleter<BN_free>>;
using EcdsaSig = std::unique_ptr<ECDSA_SIG, Deleter<ECDSA_SIG_free>>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX_free>>;
using ParamBuilder = std::unique_ptr<OSSL_PARAM_BLD, Deleter<OSSL_PARAM_BLD_free>>;
using Params = std::unique_ptr<OSSL_PARAM, Deleter<OSSL_PARAM_free>>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX_free>>;
using Pkey = std::shared_ptr<EVP_PKEY>;

enum class Alg { rs256, ps256, es256, eddsa };

const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }



// The JSON object in `text`, else null (not JSON, nested deeper than kMaxDepth, not an object).
json parse_object(std::string_view text) {
    bool too_deep = false;
    json value = parse_message(text, kMaxDepth, too_deep);
    return too_deep || !value.is_object() ? json() : value;
}

// The base64url member `name` of a JWK, decoded; nullopt when missing or not strict base64url.
std::optional<std::string> decoded_member(const json& jwk, std::string_view name) {
    const json* member = find_member(jwk, name);
    if (!member || !member->is_string()) return std::nullopt;
    return base64url_decode(member->get_ref<const std::string&>());
}

// A public key from OSSL_PARAMs, as EVP_PKEY_fromdata validates them.
Pkey from_data(const char* type, OSSL_PARAM_BLD* builder) {
    const Params params(OSSL_PARAM_BLD_to_param(builder));
    const PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr));
    EVP_PKEY* pkey = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
        EVP_PKEY_fromdata(ctx.get(), &pkey, EVP_PKEY_PUBLIC_KEY, params.get()) != 1)
        return nullptr;
    return Pkey(pkey, EVP_PKEY_free);
}

Pkey rsa_key(const std::string& n, const std::string& e) {
    if (n.size() > kMaxRsaBits / 8 + 1 || e.size() > kMaxRsaExponent) return nullptr;
    const Bignum modulus(BN_bin2bn(bytes(n), static_cast<int>(n.size()), nullptr));
    const Bignum exponent(BN_bin2bn(bytes(e), static_cast<int>(e.size()), nullptr));
    const ParamBuilder builder(OSSL_PARAM_BLD_new());
    if (!modulus || !exponent || !builder ||
        OSSL_PARAM_BLD_push_BN(builder.get(), OSSL_PKEY_PARAM_RSA_N, modulus.get()) != 1 ||
        OSSL_PARAM_BLD_push_BN(builder.get(), OSSL_PKEY_PARAM_RSA_E, exponent.get()) != 1)
        return nullptr;
    Pkey pkey = from_data("RSA", builder.get());
    if (!pkey) return nullptr;
    const int bits = EVP_PKEY_get_bits(pkey.get());
    return bits >= kMinRsaBits && bits <= kMaxRsaBits ? pkey : nullptr;
}

// The uncompressed point 0x04||x||y on P-256, checked to lie on the curve.
Pkey p256_key(const std::string& x, const std::string& y) {
    if (x.size() != kCoordinateSize || y.size() != kCoordinateSize) return nullptr;
    const std::string point = '\x04' + x + y;
    const ParamBuilder builder(OSSL_PARAM_BLD_new());
    if (!builder ||
        OSSL_PARAM_BLD_push_utf8_string(builder.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(builder.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()) != 1)
        return nullptr;
    Pkey pkey = from_data("EC", builder.get());
    if (!pkey) return nullptr;
    // fromdata already refuses a point off the curve; the explicit check keeps that promise here.
    const PkeyCtx check(EVP_PKEY_CTX_new_from_pkey(nullptr, pkey.get(), nullptr));
    return check && EVP_PKEY_public_check(check.get()) == 1 ? pkey : nullptr;
}

Pkey ed25519_key(const std::string& x) {
    if (x.size() != kCoordinateSize) return nullptr;
    EVP_PKEY* pkey = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, bytes(x), x.size());
    return pkey ? Pkey(pkey, EVP_PKEY_free) : nullptr;
}

// The key a JWK describes, when it is one verify() may use (see KeySet::parse).
std::optional<KeySet::Key> usable_key(const json& jwk) {
    if (!jwk.is_object()) return std::nullopt;
    const json* use = find_member(jwk, "use");
    const json* kid = find_member(jwk, "kid");
    const json* alg = find_member(jwk, "alg");
    if ((use && string_member(jwk, "use") != "sig") || (kid && !kid->is_string()) ||
        (alg && !alg->is_string()))
        return std::nullopt;
    KeySet::Key key;
    key.kid = string_member(jwk, "kid");
    key.alg = string_member(jwk, "alg");
    const std::string_view kty = string_member(jwk, "kty");
    const std::string_view crv = string_member(jwk, "crv");
    if (kty == "RSA") {
        const auto n = decoded_member(jwk, "n");
        const auto e = decoded_member(jwk, "e");
        key.type = KeySet::Type::rsa;
        if (n && e) key.pkey = rsa_key(*n, *e);
    } else if (kty == "EC" && crv == "P-256") {
        const auto x = decoded_member(jwk, "x");
        const auto y = decoded_member(jwk, "y");
        key.type = KeySet::Type::p256;
        if (x && y) key.pkey = p256_key(*x, *y);
    } else if (kty == "OKP" && crv == "Ed25519") {
        const auto x = decoded_member(jwk, "x");
        key.type = KeySet::Type::ed25519;
        if (x) key.pkey = ed25519_key(*x);
    }
    if (!key.pkey) return std::nullopt;
    return key;
}

std::optional<Alg> accepted_alg(std::string_view name) {
    if (name == "RS256") return Alg::rs256;
    if (name == "PS256") return Alg::ps256;
    if (name == "ES256") return Alg::es256;
    if (name == "EdDSA") return Alg::eddsa;
    return std::nullopt;
}

// Whether `key` may check a signature made with `alg`: its type fits, and its JWK "alg", if
// any, names the same algorithm.
bool fits(const KeySet::Key& key, Alg alg, std::string_view alg_name) {
    if (!key.alg.empty() && key.alg != alg_name) return false;
    switch (alg) {
    case Alg::rs256:
    case Alg::ps256: return key.type == KeySet::Type::rsa;
    case Alg::es256: return key.type == KeySet::Type::p256;
    case Alg::eddsa: return key.type == KeySet::Type::ed25519;
    }
    return false;
}

// A kid or alg from the token, fit to quote: printable ASCII without quotes or backslashes
// (others become '?'), at most kMaxQuoted characters.
std::string printable(std::string_view text) {
    const bool cut = text.size() > kMaxQuoted;
    std::string out;
    for (const char c : text.substr(0, cut ? kMaxQuoted - 3 : kMaxQuoted))
        out += c >= 0x20 && c < 0x7F && c != '"' && c != '\\' ? c : '?';
    return cut ? out + "..." : out;
}

struct Selection {
    const KeySet::Key* key = nullptr;
    Failure failure = Failure::none;
    std::string reason;
};

// The key that checks the token: the one with its kid that fits alg; without a kid, the only
// key in the set that fits alg.
Selection select_key(const std::vector<KeySet::Key>& keys, std::string_view kid, Alg alg,
                     std::string_view alg_name) {
    const std::string alg_text = printable(alg_name);
    if (kid.empty()) {
        const KeySet::Key* only = nullptr;
        int count = 0;
        for (const auto& key : keys) {
            if (fits(key, alg, alg_name)) {
                only = &key;
                ++count;
            }
        }
        if (count == 1) return {only, Failure::none, {}};
        return {nullptr, Failure::unknown_key,
                "the token names no key (no kid) and the authorization server publishes " +
                    std::string(count == 0 ? "none" : "several") + " for " + alg_text};
    }
    bool named = false;
    for (const auto& key : keys) {
        if (key.kid != kid) continue;
        if (fits(key, alg, alg_name)) return {&key, Failure::none, {}};
        named = true;
    }
    const std::string kid_text = "(kid '" + printable(kid) + "')";
    if (!named)
        return {nullptr, Failure::unknown_key,
                "the token is signed with a key the authorization server does not publish " + kid_text};
    return {nullptr, Failure::algorithm, "the token's key " + kid_text + " is not one for " + alg_text};
}

// JWS carries an ECDSA signature as R||S, 32 bytes each; EVP wants DER. nullopt: not 64 bytes.
std::optional<std::string> ecdsa_der(const std::string& raw) {
    if (raw.size() != 2 * kCoordinateSize) return std::nullopt;
    const EcdsaSig sig(ECDSA_SIG_new());
    Bignum r(BN_bin2bn(bytes(raw), kCoordinateSize, nullptr));
    Bignum s(BN_bin2bn(bytes(raw) + kCoordinateSize, kCoordinateSize, nullptr));
    if (!sig || !r || !s || ECDSA_SIG_set0(sig.get(), r.get(), s.get()) != 1) return std::nullopt;
    r.release();  // sig owns them now
    s.release();
    const int size = i2d_ECDSA_SIG(sig.get(), nullptr);
    if (size <= 0) return std::nullopt;
    std::string der(static_cast<std::size_t>(size), '\0');
    auto* out = reinterpret_cast<unsigned char*>(der.data());
    if (i2d_ECDSA_SIG(sig.get(), &out) != size) return std::nullopt;
    return der;
}

// Whether `signature` is `key`'s signature with `alg` over `input`, the token's ASCII
// "header.payload" as received.
bool signature_verifies(const KeySet::Key& key, Alg alg, std::string_view input, const std::string& signature) {
    std::optional<std::string> der;
    if (alg == Alg::es256 && !(der = ecdsa_der(signature))) return false;
    const std::string_view sig = der ? *der : signature;
    const MdCtx ctx(EVP_MD_CTX_new());
    EVP_PKEY_CTX* pctx = nullptr;  // owned by ctx
    const EVP_MD* digest = alg == Alg::eddsa ? nullptr : EVP_sha256();
    if (!ctx || EVP_DigestVerifyInit(ctx.get(), &pctx, digest, nullptr, key.pkey.get()) != 1) return false;
    if (alg == Alg::rs256 && EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PADDING) != 1) return false;
    if (alg == Alg::ps256 &&
        (EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) != 1 ||
         EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, EVP_sha256()) != 1 ||
         EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, kPssSaltLength) != 1))
        return false;
    return EVP_DigestVerify(ctx.get(), bytes(sig), sig.size(), bytes(input), input.size()) == 1;
}

// A NumericDate (RFC 7519 2): a JSON number, a fraction truncated; nullopt when not a number
// or beyond the year 9999 either way.
std::optional<std::int64_t> numeric_date(const json& value) {
    if (!value.is_number()) return std::nullopt;
    const double date = value.get<double>();
    if (!std::isfinite(date) || std::fabs(date) > kMaxDate) return std::nullopt;
    return static_cast<std::int64_t>(std::trunc(date));  // exact: |date| < 2^53
}

bool audience_holds(const json* aud, const std::string& audience) {
    if (!aud || audience.empty()) return false;
    if (aud->is_string()) return aud->get_ref<const std::string&>() == audience;
    if (!aud->is_array()) return false;
    for (const json& each : *aud)
        if (each.is_string() && each.get_ref<const std::string&>() == audience) return true;
    return false;
}

// "scope" (RFC 9068), else "scp": a space-separated string or an array of strings, as given;
// nullopt when it is neither.
std::optional<std::vector<std::string>> scopes_of(const json& payload) {
    const json* value = find_member(payload, "scope");
    if (!value) value = find_member(payload, "scp");
    std::vector<std::string> scopes;
    if (!value) return scopes;
    if (value->is_string()) {
        std::string_view rest = value->get_ref<const std::string&>();
        while (!rest.empty()) {
            const auto end = std::min(rest.find(' '), rest.size());
            if (end > 0) scopes.emplace_back(rest.substr(0, end));
            rest.remove_prefix(std::min(end + 1, rest.size()));
        }
        return scopes;
    }
    if (!value->is_array()) return std::nullopt;
    for (const json& each : *value) {
        if (!each.is_string()) return std::nullopt;
        scopes.push_back(each.get<std::string>());
    }
    return scopes;
}

Verdict& refuse(Verdict& verdict, Failure failure, std::string reason) {
    verdict.failure = failure;
    verdict.reason = std::move(reason);
    return verdict;
}

// The claims of a payload whose signature verified, checked against `rules`.
Verdict read_claims(const json& payload, const VerifyRules& rules, Verdict verdict) {
    if (rules.issuer.empty() || string_member(payload, "iss") != rules.issuer)
        return refuse(verdict, Failure::issuer, "the token was issued by another authorization server");
    if (!audience_holds(find_member(payload, "aud"), rules.audience))
        return refuse(verdict, Failure::audience, "the token is for another resource");
    const json* exp = find_member(payload, "exp");
    const auto expires = exp ? numeric_date(*exp) : std::nullopt;
    if (!expires) return refuse(verdict, Failure::malformed, "the token's exp claim is missing or not a date");
    if (rules.now > *expires + rules.skew) return refuse(verdict, Failure::expired, "the token has expired");
    for (const char* name : {"nbf", "iat"}) {
        const json* member = find_member(payload, name);
        if (!member) continue;
        const auto date = numeric_date(*member);
        if (!date) return refuse(verdict, Failure::malformed, "the token's " + std::string(name) + " claim is not a date");
        if (rules.now + rules.skew < *date) return refuse(verdict, Failure::not_yet_valid, "the token is not valid yet");
    }
    const std::string_view subject = string_member(payload, "sub");
    if (subject.empty()) return refuse(verdict, Failure::malformed, "the token names no subject (sub)");
    auto scopes = scopes_of(payload);
    if (!scopes) return refuse(verdict, Failure::malformed, "the token's scope is neither a string nor an array of strings");

    Claims claims;
    claims.subject = subject;
    claims.label = string_member(payload, "preferred_username");
    if (claims.label.empty()) claims.label = string_member(payload, "email");
    claims.scopes = std::move(*scopes);
    claims.client_id = string_member(payload, "client_id");
    if (claims.client_id.empty()) claims.client_id = string_member(payload, "azp");
    claims.expires = *expires;
    verdict.claims = std::move(claims);
    return verdict;
}

}  // namespace

KeySet KeySet::parse(std::string_view jwks_json) {
    if (jwks_json.size() > kMaxJwksSize) throw JwtError("the JWKS is larger than 1 MiB");
    bool too_deep = false;
    const json document = parse_message(jwks_json, kMaxDepth, too_deep);
    if (too_deep) throw JwtError("the JWKS nests deeper than 16");
    if (document.is_discarded()) throw JwtError("the JWKS is not JSON");
    const json* list = find_member(document, "keys");
    if (!list || !list->is_array()) throw JwtError("the JWKS is not an object with a \"keys\" array");
    if (list->size() > kMaxKeys) throw JwtError("the JWKS lists more than 100 keys");
    KeySet set;
    for (const json& jwk : *list)
        if (auto key = usable_key(jwk)) set.keys_.push_back(std::move(*key));
    ERR_clear_error();
    return set;
}

bool KeySet::has(std::string_view kid) const {
    if (kid.empty()) return false;
    for (const auto& key : keys_)
        if (key.kid == kid) return true;
    return false;
}

Verdict verify(std::string_view token, const KeySet& keys, const VerifyRules& rules) {
    Verdict verdict;
    if (token.size() > kMaxTokenSize) return refuse(verdict, Failure::malformed, "the token is longer than 16384 bytes");
    const auto first = token.find('.');
    const auto second = first == token.npos ? token.npos : token.find('.', first + 1);
    const std::string not_jws = "the token is not three base64url parts (a compact JWS)";
    if (second == token.npos || token.find('.', second + 1) != token.npos)
        return refuse(verdict, Failure::malformed, not_jws);
    const auto header_text = base64url_decode(token.substr(0, first));
    const auto payload_text = base64url_decode(token.substr(first + 1, second - first - 1));
    const auto signature = base64url_decode(token.substr(second + 1));
    if (!header_text || !payload_text || !signature) return refuse(verdict, Failure::malformed, not_jws);

    const json header = parse_object(*header_text);
    if (!header.is_object()) return refuse(verdict, Failure::malformed, "the token's header is not a JSON object");
    const json* kid = find_member(header, "kid");
    if (kid && !kid->is_string()) return refuse(verdict, Failure::malformed, "the token's kid is not a string");
    verdict.kid = string_member(header, "kid");
    if (find_member(header, "crit"))
        return refuse(verdict, Failure::malformed, "the token's header has crit, which this server does not understand");
    const json* alg_member = find_member(header, "alg");
    if (!alg_member || !alg_member->is_string())
        return refuse(verdict, Failure::malformed, "the token's header names no algorithm");
    const std::string& alg_name = alg_member->get_ref<const std::string&>();
    const auto alg = accepted_alg(alg_name);
    if (!alg) return refuse(verdict, Failure::algorithm, "the token's algorithm " + printable(alg_name) + " is not accepted");

    const Selection selection = select_key(keys.keys_, verdict.kid, *alg, alg_name);
    if (!selection.key) return refuse(verdict, selection.failure, selection.reason);
    const bool verified = signature_verifies(*selection.key, *alg, token.substr(0, second), *signature);
    ERR_clear_error();
    if (!verified) return refuse(verdict, Failure::signature, "the token's signature does not verify");

    const json payload = parse_object(*payload_text);
    if (!payload.is_object()) return refuse(verdict, Failure::malformed, "the token's payload is not a JSON object");
    return read_claims(payload, rules, std::move(verdict));
}

std::string_view failure_name(Failure failure) {
    switch (failure) {
    case Failure::none: return "none";
    case Failure::malformed: return "malformed";
    case Failure::algorithm: return "algorithm";
    case Failure::unknown_key: return "unknown_key";
    case Failure::signature: return "signature";
    case Failure::issuer: return "issuer";
    case Failure::audience: return "audience";
    case Failure::expired: return "expired";
    case Failure::not_yet_valid: return "not_yet_valid";
    }
    return "unknown";
}

}  // namespace office::jwt
