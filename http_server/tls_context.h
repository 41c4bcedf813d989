#pragma once
// office-mcp --http --tls-cert FILE --tls-key FILE: the TLS server context, made from PEM files
// and made again when they change (docs/architecture.md, "HTTP"). Each new connection takes the
// context current when it is accepted and keeps it for its life (a shared_ptr), so a renewed
// certificate serves the next connection while open ones finish with theirs, and the listener
// never closes for it.

#include "log.h"

#include <boost/asio/ssl/context.hpp>

#include <memory>
#include <stdexcept>
#include <string>

namespace office {

// Certificate or key files that cannot serve; what() is one sentence naming the file.
struct TlsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What the served certificate says, for the log.
struct TlsCertificate {
    std::string subject;    // RFC 2253, e.g. "CN=office.example.org"
    std::string not_after;  // "2027-02-28T12:00:00Z"
    std::string serial;     // hex
    bool expired = false;   // served anyway (a renewal may be on its way); logged at warn
};

class TlsContext {
public:
    // TLS 1.2 at least, ECDHE with AEAD ciphers for 1.2 (1.3's defaults), the server's cipher
    // order, no compression, no renegotiation, ALPN http/1.1. The certificate file may hold the
    // chain after the certificate (Let's Encrypt's fullchain.pem); the key must not be
    // encrypted. Reads both files now: throws TlsError when they cannot serve (unreadable, not
    // PEM, a key that is not the certificate's).
    TlsContext(std::string cert_path, std::string key_path, Logger* logger = nullptr);

    // The context for a new connection.
    std::shared_ptr<boost::asio::ssl::context> context() const { return context_; }
    const TlsCertificate& certificate() const { return certificate_; }

    // Reads the files again when either changed on disk since the last look (inode, size,
    // modification and change times: a stat each, nothing read otherwise), or, with `force`
    // (SIGHUP), whether or not. Files that cannot serve keep the current context and log an
    // error; they are tried again when they change. Returns false when such files were met.
    bool refresh(bool force = false);

private:
    std::string identity() const;

    std::string cert_path_, key_path_;
    Logger* logger_;
    std::shared_ptr<boost::asio::ssl::context> context_;
    TlsCertificate certificate_;
    std::string seen_;  // identity() when the files were last read
};

}  // namespace office
