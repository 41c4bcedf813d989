#pragma once
// A GET over HTTPS, for the authorization server's metadata and keys (core/http/oauth.h). Boost.Beast
// with Asio's OpenSSL stream, so the binary stays one static file. The peer's certificate is
// verified against `ca_file` (PEM) when one is given, else the system's CAs: OpenSSL's default
// paths (SSL_CERT_FILE or SSL_CERT_DIR replace them, as for any OpenSSL program) and, on Windows,
// the ROOT certificate store (platform::system_root_certificates); and against the URL's host
// name (SNI and RFC 6125 matching).
// Plain http:// is accepted for a loopback host only (a provider on the same machine, in
// development). No redirects, no proxies; the body is at most 1 MiB; the whole exchange must end
// within `timeout`.

#include <chrono>
#include <string>

namespace office {

// The body of a 200 response to GET `url`; throws std::runtime_error with one sentence naming the
// URL otherwise.
std::string https_get(const std::string& url, const std::string& ca_file = {},
                      std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

}  // namespace office
