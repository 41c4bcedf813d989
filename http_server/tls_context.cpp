#include "tls_context.h"

#include "platform.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace office {

namespace {

namespace ssl = boost::asio::ssl;

// TLS 1.2: forward secrecy (ECDHE) and AEAD only. TLS 1.3's own suites are all of that already.
constexpr const char* kTls12Ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
    "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

// An encrypted key is refused rather than asked for: OpenSSL's default would prompt on a terminal.
int no_password(char*, int, int, void*) { return 0; }

// HTTP/1.1 when the client offers it; otherwise no ALPN at all (the client decides).
int select_http11(SSL*, const unsigned char** out, unsigned char* out_length, const unsigned char* offered,
                  unsigned int offered_length, void*) {
    static const unsigned char kHttp11[] = "\x08http/1.1";
    unsigned char* chosen = nullptr;
    if (SSL_select_next_proto(&chosen, out_length, kHttp11, sizeof kHttp11 - 1, offered, offered_length) != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = chosen;
    return SSL_TLSEXT_ERR_OK;
}

// Files are opened through OpenSSL's BIO_new_file, which takes UTF-8 paths on Windows too.
void must_read(const std::string& path, const std::string& what) {
    BIO* file = BIO_new_file(path.c_str(), "rb");
    if (!file) {
        const int error = errno;
        ERR_clear_error();
        throw TlsError("cannot read the TLS " + what + " " + path + ": " + std::strerror(error));
    }
    BIO_free(file);
}

TlsCertificate describe(X509* certificate) {
    TlsCertificate out;
    if (BIO* bio = BIO_new(BIO_s_mem())) {
        X509_NAME_print_ex(bio, X509_get_subject_name(certificate), 0, XN_FLAG_RFC2253);
        char* data = nullptr;
        const long size = BIO_get_mem_data(bio, &data);
        out.subject.assign(data, static_cast<std::size_t>(size));
        BIO_free(bio);
    }
    std::tm tm{};
    if (ASN1_TIME_to_tm(X509_get0_notAfter(certificate), &tm) == 1) {
        char text[32];
        std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
        out.not_after = text;
    }
    out.expired = X509_cmp_current_time(X509_get0_notAfter(certificate)) < 0;
    if (BIGNUM* serial = ASN1_INTEGER_to_BN(X509_get0_serialNumber(certificate), nullptr)) {
        if (char* hex = BN_bn2hex(serial)) {
            out.serial = hex;
            OPENSSL_free(hex);
        }
        BN_free(serial);
    }
    return out;
}

std::shared_ptr<ssl::context> make_context(const std::string& cert_path, const std::string& key_path, TlsCertificate& described) {
    must_read(cert_path, "certificate");
    must_read(key_path, "key");
    auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
    SSL_CTX* ctx = context->native_handle();
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    if (SSL_CTX_set_cipher_list(ctx, kTls12Ciphers) != 1) throw TlsError("this OpenSSL has none of the TLS 1.2 ciphers office-mcp offers");
    SSL_CTX_set_alpn_select_cb(ctx, select_http11, nullptr);
    const bool certificate = SSL_CTX_use_certificate_chain_file(ctx, cert_path.c_str()) == 1;
    EVP_PKEY* private_key = nullptr;
    if (BIO* file = BIO_new_file(key_path.c_str(), "rb")) {
        private_key = PEM_read_bio_PrivateKey(file, nullptr, no_password, nullptr);
        BIO_free(file);
    }
    const bool key = certificate && private_key;
    const bool pair = key && SSL_CTX_use_PrivateKey(ctx, private_key) == 1 && SSL_CTX_check_private_key(ctx) == 1;
    EVP_PKEY_free(private_key);
    ERR_clear_error();  // what OpenSSL queued is said by the sentences below
    if (!certificate) throw TlsError("the TLS certificate " + cert_path + " holds no PEM certificate office-mcp can serve");
    if (!key) throw TlsError("the TLS key " + key_path + " holds no unencrypted PEM private key for the certificate " + cert_path);
    if (!pair) throw TlsError("the TLS key " + key_path + " is not the private key of the certificate " + cert_path);
    described = describe(SSL_CTX_get0_certificate(ctx));
    return context;
}

nlohmann::ordered_json fields_of(const TlsCertificate& c) {
    return {{"subject", c.subject}, {"not_after", c.not_after}, {"serial", c.serial}};
}

}  // namespace

TlsContext::TlsContext(std::string cert_path, std::string key_path, Logger* logger)
    : cert_path_(std::move(cert_path)), key_path_(std::move(key_path)), logger_(logger) {
    seen_ = identity();
    context_ = make_context(cert_path_, key_path_, certificate_);
}

bool TlsContext::refresh(bool force) {
    const auto now = identity();
    if (!force && now == seen_) return true;
    seen_ = now;
    try {
        TlsCertificate described;
        auto fresh = make_context(cert_path_, key_path_, described);
        context_ = std::move(fresh);
        certificate_ = described;
        if (logger_) {
            auto fields = fields_of(certificate_);
            fields["reloaded"] = force ? "signal" : "files changed";
            logger_->event(certificate_.expired ? LogLevel::Warn : LogLevel::Info, "tls", fields);
        }
        return true;
    } catch (const TlsError& e) {
        if (logger_) {
            nlohmann::ordered_json fields{{"problem", std::string(e.what()) + "; still serving the certificate before it"}};
            fields["serving"] = fields_of(certificate_);
            logger_->event(LogLevel::Error, "tls", fields);
        }
        return false;
    }
}

// A renewal replaces the files (certbot moves a symlink, an editor renames, `cp` rewrites in
// place): one of inode, size or the times moves. stat() follows symlinks.
std::string TlsContext::identity() const {
    std::string id;
    for (const auto* path : {&cert_path_, &key_path_}) {
        const auto info = platform::stat(*path);
        if (!info) {
            id += "absent;";
            continue;
        }
        id += std::to_string(info->device) + ":" + std::to_string(info->inode) + ":" + std::to_string(info->size) + ":" +
              std::to_string(info->modified_ns) + ":" + std::to_string(info->changed_ns) + ";";
    }
    return id;
}

}  // namespace office
