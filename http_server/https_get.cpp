#include "https_get.h"

#include "http_server.h"
#include "platform.h"

#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <optional>
#include <stdexcept>
#include <string_view>

namespace office {
namespace {

namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

constexpr std::size_t kMaxBody = 1024 * 1024;

struct Url {
    bool tls = true;
    std::string host;  // without brackets
    std::string port;
    std::string target;
};

std::runtime_error failure(const std::string& url, const std::string& why) {
    return std::runtime_error("GET " + url + " failed: " + why);
}

Url parse_url(const std::string& url) {
    Url u;
    std::string_view rest = url;
    if (rest.starts_with("https://")) rest.remove_prefix(8);
    else if (rest.starts_with("http://")) u.tls = false, rest.remove_prefix(7);
    else throw failure(url, "it is not an https:// URL");
    const auto end = rest.find_first_of("/?#");
    const std::string_view authority = rest.substr(0, end);
    std::string_view target = end == std::string_view::npos ? std::string_view("/") : rest.substr(end);
    target = target.substr(0, target.find('#'));
    u.target = target.starts_with('/') ? std::string(target) : "/" + std::string(target);
    if (authority.empty() || authority.find('@') != std::string_view::npos) throw failure(url, "its host is not plain");
    std::string_view port;
    if (authority.starts_with('[')) {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) throw failure(url, "its host is not plain");
        u.host = std::string(authority.substr(1, close - 1));
        port = authority.substr(close + 1);
    } else {
        const auto colon = authority.find(':');
        u.host = std::string(authority.substr(0, colon));
        port = colon == std::string_view::npos ? std::string_view() : authority.substr(colon);
    }
    if (!port.empty()) {
        port.remove_prefix(1);  // ':'
        if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos)
            throw failure(url, "its port is not a number");
        u.port = std::string(port);
    } else {
        u.port = u.tls ? "443" : "80";
    }
    if (!u.tls && u.host != "localhost" && is_loopback_address(u.host) != std::optional<bool>(true))
        throw failure(url, "only https:// is accepted for a host other than this machine");
    return u;
}

// Trust `ca_file` alone when one is given, else the system's roots (https_get.h).
void trust(ssl::context& context, const std::string& url, const std::string& ca_file) {
    if (!ca_file.empty()) {
        beast::error_code ec;
        context.load_verify_file(ca_file, ec);
        if (ec) throw failure(url, "the CA file " + ca_file + " cannot be read: " + ec.message());
        return;
    }
    context.set_default_verify_paths();
    X509_STORE* store = SSL_CTX_get_cert_store(context.native_handle());
    for (const std::string& der : platform::system_root_certificates()) {
        const auto* p = reinterpret_cast<const unsigned char*>(der.data());
        if (X509* certificate = d2i_X509(nullptr, &p, static_cast<long>(der.size()))) {
            X509_STORE_add_cert(store, certificate);  // a duplicate of a default path's is refused, harmlessly
            X509_free(certificate);
        }
    }
}

}  // namespace

std::string https_get(const std::string& url, const std::string& ca_file, std::chrono::milliseconds timeout) {
    const Url u = parse_url(url);
    net::io_context io;
    ssl::context context(ssl::context::tls_client);
    context.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                        ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    trust(context, url, ca_file);
    context.set_verify_mode(ssl::verify_peer);
    beast::ssl_stream<beast::tcp_stream> stream(io, context);
    auto& tcp_layer = beast::get_lowest_layer(stream);
    if (u.tls) {
        // SNI, and the certificate must name the host (RFC 6125; an IP address against its SAN).
        if (!SSL_set_tlsext_host_name(stream.native_handle(), u.host.c_str()))
            throw failure(url, "cannot set the TLS server name");
        stream.set_verify_callback(ssl::host_name_verification(u.host));
    }

    bhttp::request<bhttp::empty_body> request{bhttp::verb::get, u.target, 11};
    // The port too when it is not the scheme's (RFC 9110 7.2): servers build URLs from Host.
    const std::string host = u.host.find(':') == std::string::npos ? u.host : "[" + u.host + "]";
    request.set(bhttp::field::host, u.port == (u.tls ? "443" : "80") ? host : host + ":" + u.port);
    request.set(bhttp::field::user_agent, "office-mcp");
    request.set(bhttp::field::accept, "application/json");
    request.set(bhttp::field::connection, "close");
    beast::flat_buffer buffer;
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(kMaxBody);

    std::string problem;
    bool done = false;
    const auto fail_with = [&](std::string_view step, beast::error_code ec) {
        problem = std::string(step) + ": " + ec.message();
        done = true;
    };
    const auto read = [&] {
        if (u.tls)
            bhttp::async_read(stream, buffer, parser, [&](beast::error_code ec, std::size_t) {
                if (ec) return fail_with("reading the response", ec);
                done = true;
            });
        else
            bhttp::async_read(tcp_layer, buffer, parser, [&](beast::error_code ec, std::size_t) {
                if (ec) return fail_with("reading the response", ec);
                done = true;
            });
    };
    const auto write = [&] {
        const auto written = [&](beast::error_code ec, std::size_t) {
            if (ec) return fail_with("sending the request", ec);
            read();
        };
        if (u.tls) bhttp::async_write(stream, request, written);
        else bhttp::async_write(tcp_layer, request, written);
    };
    tcp::resolver resolver(io);
    tcp_layer.expires_after(timeout);  // the whole exchange, every step below included
    resolver.async_resolve(u.host, u.port, [&](beast::error_code ec, tcp::resolver::results_type addresses) {
        if (ec) return fail_with("resolving " + u.host, ec);
        tcp_layer.async_connect(addresses, [&](beast::error_code ec, const tcp::endpoint&) {
            if (ec) return fail_with("connecting", ec);
            if (!u.tls) return write();
            stream.async_handshake(ssl::stream_base::client, [&](beast::error_code ec) {
                if (ec) return fail_with("the TLS handshake (is the certificate trusted? SSL_CERT_FILE names the CAs)", ec);
                write();
            });
        });
    });
    io.run_for(timeout + std::chrono::milliseconds(100));
    if (!done) problem = "no answer within " + std::to_string(timeout.count()) + " ms";
    if (!problem.empty()) throw failure(url, problem);
    const auto& response = parser.get();
    if (response.result_int() != 200) throw failure(url, "the answer was HTTP " + std::to_string(response.result_int()));
    return response.body();
}

}  // namespace office
