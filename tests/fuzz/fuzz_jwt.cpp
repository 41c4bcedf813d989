// libFuzzer target for the JWT verifier (core/support/jwt.h). The first byte chooses:
//   'K'   the rest is a JWKS: KeySet::parse returns at most 100 keys or throws JwtError, nothing
//         else; the set then verifies the issuer's real tokens below (so mutated keys reach
//         EVP_DigestVerify).
//   other the rest is a token, verified against the issuer's fixed JWKS below.
// A fuzzer cannot forge a signature, so what is checked is every verdict's shape: claims iff
// accepted, a reason iff refused, a reason that is short printable ASCII without the token's
// signature, and an accepted token with a subject, not past exp + skew, within 16 KiB.
// The seeds in corpus/jwt/ were signed once with the private halves of these keys, since
// discarded: a new valid seed needs a new key here.

#include "jwt.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

using office::jwt::Failure;
using office::jwt::KeySet;
using office::jwt::Verdict;
using office::jwt::VerifyRules;

// The issuer's JWKS: RSA, P-256 (pinned to ES256) and Ed25519 keys, and an oct key parse() skips.
constexpr std::string_view kIssuerJwks =
    R"({"keys":[{"kty":"RSA","kid":"rsa","use":"sig","e":"AQAB","n":")"
    R"(zj-1WYchujqJBgI7G4V5aJtyDunm7hsokXwh__HIuu2ioxPzA-fL2NlTzni8q8HPlQJm0WYYvXLJ3Cy-ochtcRql)"
    R"(97WruwrPJYV_kXST9W_mUfCWL2hdJPZLSnMrDdxDQTEHGzM0xCzWayNA9Hh6691OKuQyAItL-jYsgmZGWgDl2SlS)"
    R"(frrnt7XWF-9SgMgho_clhBD_x28Ty8A2QHGihkCDoDOIozvQRdWXKyUMkarv9pdU7sjPnUELmSg5hVKaQF3nxygb)"
    R"(K1odPkUPiFK-1epQy_pB9_bDbcfAJMt2xO88cuTHW1vG-l3Y0auQ7-YpHQrgq-mtfmd_hMvvgGI1vw)"
    R"("},)"
    R"({"kty":"EC","crv":"P-256","kid":"ec","alg":"ES256",)"
    R"("x":"k5QOIVQCEWsTYdUyUEepTYudj51_TaOoRIWHL0J0meI","y":"VCwPiWXpCkgUpvH30i5QA-mI8I6iwl55a0cZ4mxVsDg"},)"
    R"({"kty":"OKP","crv":"Ed25519","kid":"ed","x":"o6ZCwGu8IHsRtYASrxo2sPruYlL60zLQ2cAf7Y15WcY"},)"
    R"({"kty":"oct","kid":"hs","k":"c2VjcmV0"}]})";

// Tokens the issuer signed (exp an hour after rules().now), verified against each fuzzed JWKS.
constexpr std::string_view kIssuerTokens[] = {
    "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYSIsInR5cCI6ImF0K2p3dCJ9.eyJpc3MiOiJodHRwczovL2FzLmV4YW1wbGUuY29"
    "tIiwiYXVkIjoiaHR0cHM6Ly9vZmZpY2UuZXhhbXBsZS5jb20vbWNwIiwic3ViIjoiYWxpY2UiLCJleHAiOjE3ODAwMDM2MDA"
    "sImlhdCI6MTc3OTk5OTk5MCwic2NvcGUiOiJjYWxlbmRhci5yZWFkIHJlZnVuZHMud3JpdGUiLCJjbGllbnRfaWQiOiJkZXN"
    "rIn0.u-92TAKUCIyETM4FBjwhReiVjZz5FDTgoMCbAnPY96h6joiZamBEBAd_CzHHBXKfhinKqBjVNP3YCLnTDXyIbwz_Vms"
    "j0bYGGHfqf8Wip7GfC-J8OIunGq5plXzK7meMSfSKuh0RmRDvFg-zIjeNaAlGz9URkCm2DLjdHegFrxcrD1aQ3uc9IvVhJIm"
    "a3C_txz2qBfcQLMPxqcsP719b3lAFORep1kWNzWdKCF-B1U4QGdCH772iPvQXXPmVShzZEu5WrN-snz5jGdxAKPUHgO8wu3E"
    "uPjbjz2icNRRXwWl-ncW2NGkEouM48HD8ivS4Cf1jbzjYtMyLsb__C0MVug",
    "eyJhbGciOiJFUzI1NiIsImtpZCI6ImVjIn0.eyJpc3MiOiJodHRwczovL2FzLmV4YW1wbGUuY29tIiwiYXVkIjoiaHR0cHM6"
    "Ly9vZmZpY2UuZXhhbXBsZS5jb20vbWNwIiwic3ViIjoiYWxpY2UiLCJleHAiOjE3ODAwMDM2MDAsImlhdCI6MTc3OTk5OTk5"
    "MCwic2NvcGUiOiJjYWxlbmRhci5yZWFkIHJlZnVuZHMud3JpdGUiLCJjbGllbnRfaWQiOiJkZXNrIn0.HKvqVF0jy0z1k60-"
    "7Q6sBHCyJYLr3764RS5P3i-5PwoyWLNR9w33WLqRWrmj552PZjV4ZYC1YrUxHv0XEXYXPw",
    "eyJhbGciOiJFZERTQSIsImtpZCI6ImVkIn0.eyJpc3MiOiJodHRwczovL2FzLmV4YW1wbGUuY29tIiwiYXVkIjoiaHR0cHM6"
    "Ly9vZmZpY2UuZXhhbXBsZS5jb20vbWNwIiwic3ViIjoiYWxpY2UiLCJleHAiOjE3ODAwMDM2MDAsImlhdCI6MTc3OTk5OTk5"
    "MCwic2NvcGUiOiJjYWxlbmRhci5yZWFkIHJlZnVuZHMud3JpdGUiLCJjbGllbnRfaWQiOiJkZXNrIn0.HbObqCa6OBo0VaYr"
    "seu-pEPJ6imxWL9dC63aPHRWmBdahC5-Efk-e-F90fPZX0vyrRXcBZ_r_bgEU4t7rwgKAw",
};

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "jwt promise broken: %s\n", what);
    std::abort();
}

VerifyRules rules() {
    VerifyRules r;
    r.issuer = "https://as.example.com";
    r.audience = "https://office.example.com/mcp";
    r.now = 1'780'000'000;
    r.skew = 60;
    return r;
}

void check(const Verdict& verdict, std::string_view token, const VerifyRules& r) {
    const bool accepted = verdict.failure == Failure::none;
    if (accepted != verdict.claims.has_value()) broken("claims set but not accepted, or accepted without claims");
    if (accepted != verdict.reason.empty()) broken("a reason on acceptance, or a refusal without one");
    if (office::jwt::failure_name(verdict.failure) == "unknown") broken("a failure without a name");
    if (verdict.reason.size() > 200) broken("a reason longer than a sentence");
    for (const char c : verdict.reason)
        if (c < 0x20 || c > 0x7E) broken("a reason that is not printable ASCII");
    const auto dot = token.rfind('.');
    const std::string_view signature = dot == token.npos ? token : token.substr(dot + 1);
    if (signature.size() > 64 && verdict.reason.find(signature) != std::string::npos)
        broken("a reason that quotes the signature");
    if (!accepted) return;
    if (verdict.claims->subject.empty()) broken("accepted without a subject");
    if (r.now > verdict.claims->expires + r.skew) broken("accepted after exp + skew");
    if (token.size() > 16 * 1024) broken("accepted over 16 KiB");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const KeySet issuer = [] {
        KeySet keys = KeySet::parse(kIssuerJwks);
        if (keys.size() != 3 || keys.has("hs")) broken("the issuer's JWKS does not parse to its three keys");
        for (const std::string_view token : kIssuerTokens)
            if (office::jwt::verify(token, keys, rules()).failure != Failure::none) broken("an issuer token is refused");
        return keys;
    }();
    if (size == 0) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    const VerifyRules r = rules();
    if (data[0] != 'K') {
        check(office::jwt::verify(rest, issuer, r), rest, r);
        return 0;
    }
    try {
        const KeySet keys = KeySet::parse(rest);
        if (keys.size() > 100) broken("more than 100 keys");
        if (keys.has("")) broken("a kid-less key found by the empty kid");
        for (const std::string_view token : kIssuerTokens) check(office::jwt::verify(token, keys, r), token, r);
    } catch (const office::jwt::JwtError& e) {
        if (std::string_view(e.what()).empty()) broken("a JwtError without a sentence");
    }
    return 0;
}
