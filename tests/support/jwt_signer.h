#pragma once
// A small test-only JWT signer (EVP): keys as JWKs, compact JWS tokens signed with RS256, PS256,
// ES256 (R||S) or EdDSA, and HMAC for the algorithm-confusion attacks. For the verifier's tests
// (test_jwt.cpp) and the resource server's (tests/http/test_http_oauth.cpp).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include <memory>
#include <string>
#include <string_view>

namespace office::testing::jwt_signer {

using nlohmann::json;
using Pkey = std::shared_ptr<EVP_PKEY>;


inline std::string b64url(std::string_view data) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    unsigned acc = 0;
    int bits = 0;
    for (const unsigned char c : data) {
        acc = (acc << 8) | c;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += kAlphabet[(acc >> bits) & 63];
        }
    }
    if (bits > 0) out += kAlphabet[(acc << (6 - bits)) & 63];
    return out;
}

inline Pkey own(EVP_PKEY* pkey) {
    REQUIRE(pkey != nullptr);
    return Pkey(pkey, EVP_PKEY_free);
}

inline std::string bn_param(EVP_PKEY* key, const char* name, int pad = 0) {
    BIGNUM* bn = nullptr;
    REQUIRE(EVP_PKEY_get_bn_param(key, name, &bn) == 1);
    std::string out(pad ? pad : BN_num_bytes(bn), '\0');
    REQUIRE(BN_bn2binpad(bn, reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(out.size())) > 0);
    BN_free(bn);
    return out;
}

inline json rsa_jwk(EVP_PKEY* key, const std::string& kid) {
    return {{"kty", "RSA"}, {"kid", kid}, {"use", "sig"},
            {"n", b64url(bn_param(key, OSSL_PKEY_PARAM_RSA_N))}, {"e", b64url(bn_param(key, OSSL_PKEY_PARAM_RSA_E))}};
}

inline json ec_jwk(EVP_PKEY* key, const std::string& kid) {
    return {{"kty", "EC"}, {"crv", "P-256"}, {"kid", kid},
            {"x", b64url(bn_param(key, OSSL_PKEY_PARAM_EC_PUB_X, 32))},
            {"y", b64url(bn_param(key, OSSL_PKEY_PARAM_EC_PUB_Y, 32))}};
}

inline json ed_jwk(EVP_PKEY* key, const std::string& kid) {
    std::string x(32, '\0');
    std::size_t size = x.size();
    REQUIRE(EVP_PKEY_get_raw_public_key(key, reinterpret_cast<unsigned char*>(x.data()), &size) == 1);
    return {{"kty", "OKP"}, {"crv", "Ed25519"}, {"kid", kid}, {"x", b64url(x)}};
}

inline std::string der_to_raw(const std::string& der) {
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    ECDSA_SIG* sig = d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(der.size()));
    REQUIRE(sig != nullptr);
    std::string raw(64, '\0');
    auto* out = reinterpret_cast<unsigned char*>(raw.data());
    REQUIRE(BN_bn2binpad(ECDSA_SIG_get0_r(sig), out, 32) == 32);
    REQUIRE(BN_bn2binpad(ECDSA_SIG_get0_s(sig), out + 32, 32) == 32);
    ECDSA_SIG_free(sig);
    return raw;
}

// A JWS signature with `key` (alg RS256, PS256, ES256 as R||S unless `der`, or EdDSA).
inline std::string sign(EVP_PKEY* key, std::string_view alg, std::string_view input, int pss_salt = 32, bool der = false) {
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    EVP_PKEY_CTX* pctx = nullptr;
    REQUIRE(EVP_DigestSignInit(ctx.get(), &pctx, alg == "EdDSA" ? nullptr : EVP_sha256(), nullptr, key) == 1);
    if (alg == "PS256") {
        REQUIRE(EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) == 1);
        REQUIRE(EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, EVP_sha256()) == 1);
        REQUIRE(EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, pss_salt) == 1);
    }
    const auto* data = reinterpret_cast<const unsigned char*>(input.data());
    std::size_t size = 0;
    REQUIRE(EVP_DigestSign(ctx.get(), nullptr, &size, data, input.size()) == 1);
    std::string sig(size, '\0');
    REQUIRE(EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &size, data, input.size()) == 1);
    sig.resize(size);
    return alg == "ES256" && !der ? der_to_raw(sig) : sig;
}

inline std::string hmac_sha256(std::string_view secret, std::string_view input) {
    unsigned char out[32];
    std::size_t size = 0;
    REQUIRE(EVP_Q_mac(nullptr, "HMAC", nullptr, "SHA256", nullptr, secret.data(), secret.size(),
                      reinterpret_cast<const unsigned char*>(input.data()), input.size(), out, sizeof out, &size) != nullptr);
    return std::string(reinterpret_cast<char*>(out), size);
}

inline std::string pem(EVP_PKEY* key) {
    BIO* bio = BIO_new(BIO_s_mem());
    REQUIRE(PEM_write_bio_PUBKEY(bio, key) == 1);
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    std::string out(data, static_cast<std::size_t>(size));
    BIO_free(bio);
    return out;
}

inline std::string signing_input(const std::string& header, const json& payload) {
    return b64url(header) + "." + b64url(payload.dump());
}

// A token whose header is `header` byte for byte, signed with `key` as its alg says.
inline std::string token_raw_header(const std::string& header, const json& payload, EVP_PKEY* key, int pss_salt = 32) {
    const std::string input = signing_input(header, payload);
    return input + "." + b64url(sign(key, json::parse(header).at("alg").get<std::string>(), input, pss_salt));
}

inline std::string token(const json& header, const json& payload, EVP_PKEY* key, int pss_salt = 32) {
    return token_raw_header(header.dump(), payload, key, pss_salt);
}

// A token with any signature bytes at all.
inline std::string token_with_signature(const json& header, const json& payload, std::string_view signature) {
    return signing_input(header.dump(), payload) + "." + b64url(signature);
}

}  // namespace office::testing::jwt_signer
