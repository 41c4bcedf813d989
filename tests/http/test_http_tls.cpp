// office-mcp --http --tls-cert/--tls-key end to end: the real binary, a throwaway PKI made with
// the openssl command (test_certs.h), and a client that trusts only that PKI's root, so every
// promise of docs/security.md ("TLS") is seen as a client sees it: the handshake, what is
// refused, renewal without a restart, and the files that cannot serve.

#include "http/test_certs.h"
#include "http_test_support.h"
#include "server_process.h"

#include <catch2/catch.hpp>

#include <cstdlib>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using office::testing::body_of;
using office::testing::HttpOffice;
using office::testing::modern;
using office::testing::post;
using office::testing::status_of;
using office::testing::TempDir;
using office::testing::TestCerts;
using json = nlohmann::json;

namespace {

namespace fs = std::filesystem;

json lunch() { return {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 2}}}}; }

// A connection to office-mcp --http: TLS verified against `ca` for 127.0.0.1 (OpenSSL on a
// blocking socket), or plain TCP when `ca` is empty, so one test body runs over both.
struct Conn {
    int fd = -1;
    SSL_CTX* ctx = nullptr;
    SSL* ssl = nullptr;
    std::string problem;  // why the handshake failed

    // `max_version` (e.g. TLS1_1_VERSION): offer nothing newer; `ciphers12`: the TLS 1.2 ciphers
    // to offer (and no TLS 1.3), when not OpenSSL's default.
    Conn(int port, const std::string& ca, int max_version = 0, const std::string& ciphers12 = "") {
        std::signal(SIGPIPE, SIG_IGN);  // SSL_write to a closed socket: an error, not the end of the tests
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<std::uint16_t>(port));
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0);
        timeval limit{10, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
        if (ca.empty()) return;
        ctx = SSL_CTX_new(TLS_client_method());
        REQUIRE(SSL_CTX_load_verify_locations(ctx, ca.c_str(), nullptr) == 1);
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
        SSL_CTX_clear_mode(ctx, SSL_MODE_AUTO_RETRY);  // a ticket without data returns, receive() polls
        if (max_version) {
            // OpenSSL 3 offers nothing older than TLS 1.2 above security level 0: at 0 the old
            // version is offered, so what refuses it is the server.
            SSL_CTX_set_security_level(ctx, 0);
            SSL_CTX_set_min_proto_version(ctx, 0);
            SSL_CTX_set_max_proto_version(ctx, max_version);
        }
        if (!ciphers12.empty()) {
            REQUIRE(SSL_CTX_set_cipher_list(ctx, ciphers12.c_str()) == 1);
            SSL_CTX_set_max_proto_version(ctx, TLS1_2_VERSION);
        }
        ssl = SSL_new(ctx);
        SSL_set_fd(ssl, fd);
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), "127.0.0.1");
        static const unsigned char kAlpn[] = "\x02h2\x08http/1.1";
        SSL_set_alpn_protos(ssl, kAlpn, sizeof kAlpn - 1);
    }
    ~Conn() {
        if (ssl) SSL_free(ssl);
        if (ctx) SSL_CTX_free(ctx);
        if (fd >= 0) ::close(fd);
    }
    Conn(const Conn&) = delete;
    Conn& operator=(const Conn&) = delete;

    bool handshake() {
        if (!ssl || SSL_connect(ssl) == 1) return true;
        char text[256];
        while (const auto e = ERR_get_error()) problem += std::string(ERR_error_string(e, text)) + "; ";
        return false;
    }
    void send(const std::string& bytes) {
        if (ssl) {
            SSL_write(ssl, bytes.data(), static_cast<int>(bytes.size()));
            return;
        }
        for (std::size_t done = 0; done < bytes.size();) {
            const auto n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
            if (n <= 0) return;
            done += static_cast<std::size_t>(n);
        }
    }
    // What arrives within `timeout_ms`, up to the end of one response (by Content-Length) or EOF.
    std::string receive(int timeout_ms = 10000, bool* eof = nullptr) {
        std::string in;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        for (;;) {
            const auto head_end = in.find("\r\n\r\n");
            const auto cl = in.find("Content-Length: ");
            if (head_end != std::string::npos && cl != std::string::npos && cl < head_end &&
                in.size() >= head_end + 4 + std::stoul(in.substr(cl + 16)))
                return in;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0) return in;
            pollfd p{fd, POLLIN, 0};
            if ((!ssl || SSL_pending(ssl) == 0) && ::poll(&p, 1, static_cast<int>(left)) != 1) return in;
            char buffer[65536];
            const int n = ssl ? SSL_read(ssl, buffer, sizeof buffer) : static_cast<int>(::recv(fd, buffer, sizeof buffer, 0));
            if (n <= 0 && ssl && SSL_get_error(ssl, n) == SSL_ERROR_WANT_READ) continue;  // a record with no data
            if (n <= 0) {
                if (eof) *eof = true;
                return in;
            }
            in.append(buffer, static_cast<std::size_t>(n));
        }
    }
    // What arrives until `needle` is in it (or `timeout_ms` pass), appended to `so_far`.
    bool wait_for(std::string& so_far, const std::string& needle, int timeout_ms = 5000) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        while (so_far.find(needle) == std::string::npos && std::chrono::steady_clock::now() < deadline) so_far += receive(100);
        return so_far.find(needle) != std::string::npos;
    }
    // Goes away as a TLS client does: close_notify, then the FIN.
    void leave() {
        if (ssl) SSL_shutdown(ssl);
        ::close(fd);
        fd = -1;
    }

    std::string peer_subject() const {
        X509* certificate = SSL_get1_peer_certificate(ssl);
        if (!certificate) return "none";
        char name[256];
        X509_NAME_oneline(X509_get_subject_name(certificate), name, sizeof name);
        X509_free(certificate);
        return name;
    }
    std::string version() const { return SSL_get_version(ssl); }
    std::string cipher() const { return SSL_get_cipher_name(ssl); }
    std::string alpn() const {
        const unsigned char* chosen = nullptr;
        unsigned int length = 0;
        SSL_get0_alpn_selected(ssl, &chosen, &length);
        return std::string(reinterpret_cast<const char*>(chosen), length);
    }
};

constexpr const char* kOne = "/CN=office-mcp test server one";
constexpr const char* kTwo = "/CN=office-mcp test server two";

// A TLS connection whose handshake succeeded.
std::unique_ptr<Conn> tls_client(int port, const std::string& ca) {
    auto conn = std::make_unique<Conn>(port, ca);
    INFO(conn->problem);
    REQUIRE(conn->handshake());
    return conn;
}

// The subject of the certificate a new connection is served.
std::string served_subject(int port, const std::string& ca) { return tls_client(port, ca)->peer_subject(); }

// A 2026-07-28 tools/list on `conn` answers 200.
bool lists_tools(Conn& conn, int id) {
    conn.send(modern(id, "tools/list"));
    const auto reply = conn.receive();
    return reply.rfind("HTTP/1.1 200 ", 0) == 0 && body_of(reply)["result"]["tools"].size() == 9;
}

// office_mcp_http_connections from /metrics (the connection asking is one of them).
int open_connections(int port, const std::string& ca) {
    Conn conn(port, ca);
    REQUIRE(conn.handshake());
    conn.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const auto text = conn.receive();
    const auto at = text.find("\noffice_mcp_http_connections ");
    INFO(text);
    REQUIRE(at != std::string::npos);
    return std::stoi(text.substr(at + 29));
}

// `path` now holds what `from` holds, rewritten in place (same inode), as `cp` does.
void copy_over(const std::string& from, const std::string& path) {
    fs::copy_file(from, path, fs::copy_options::overwrite_existing);
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::trunc) << text;
}

// Waits up to `seconds` for `needle` in the server's stderr (its log).
bool logged(HttpOffice& office, const std::string& needle, int seconds = 10) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (office.process.stderr_text().find(needle) == std::string::npos && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return office.process.stderr_text().find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("office-mcp --http --tls-cert serves https: a client trusting only the CA calls a tool over TLS 1.3 and 1.2", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    HttpOffice office(dir, certs.args("one"));
    const auto err = office.process.stderr_text();
    CHECK(err.find("office-mcp: serving MCP at https://127.0.0.1:" + std::to_string(office.port) + "/mcp\n") != std::string::npos);
    CHECK(err.find(R"("tls":true,"certificate":{"file":")" + certs.cert("one") +
                   R"(","subject":"CN=office-mcp test server one","not_after":")") != std::string::npos);
    CHECK(err.find(R"("serial":"1001"})") != std::string::npos);

    // The chain: one.pem holds the certificate and its intermediate; the client trusts the root only.
    auto modern_client = tls_client(office.port, certs.ca());
    CHECK(modern_client->version() == "TLSv1.3");
    CHECK(modern_client->alpn() == "http/1.1");  // offered h2 first: not spoken here
    CHECK(modern_client->peer_subject() == kOne);
    modern_client->send(modern(1, "tools/call", lunch()));
    const auto ordered = modern_client->receive();
    CHECK(status_of(ordered) == 200);
    CHECK(body_of(ordered)["result"]["content"][0]["text"].get<std::string>().find("tortilla") != std::string::npos);
    CHECK(lists_tools(*modern_client, 2));  // the same connection, kept alive

    // TLS 1.2: ECDHE with AES-GCM, in the server's order (OpenSSL's client would rather have AES-256).
    Conn older(office.port, certs.ca(), TLS1_2_VERSION);
    INFO(older.problem);
    REQUIRE(older.handshake());
    CHECK(older.version() == "TLSv1.2");
    CHECK(older.cipher() == "ECDHE-ECDSA-AES128-GCM-SHA256");
    older.send(modern(3, "tools/call", lunch()));
    CHECK(status_of(older.receive()) == 200);

    office.process.stop();
    CHECK(office.process.wait() == 0);
}

TEST_CASE("a plaintext request to the https port gets no HTTP response, a silent client is dropped, TLS clients are served after", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    auto args = certs.args("one");
    args.insert(args.end(), {"--request-timeout", "2", "--log-level", "debug"});
    HttpOffice office(dir, args);

    Conn plain(office.port, "");
    plain.send(modern(1, "tools/list"));
    bool eof = false;
    const auto answer = plain.receive(1500, &eof);
    CHECK(eof);  // closed at once, well before the request timeout
    CHECK(answer.find("HTTP/") == std::string::npos);
    CHECK(logged(office, R"("level":"debug","event":"tls_handshake","problem":)"));

    Conn silent(office.port, "");  // connects and never says hello (slowloris at the handshake)
    eof = false;
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(silent.receive(6000, &eof).empty());
    CHECK(eof);
    CHECK(std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(1500));

    auto client = tls_client(office.port, certs.ca());
    CHECK(lists_tools(*client, 2));
    const auto err = office.process.stderr_text();
    CHECK(err.find(R"("level":"error")") == std::string::npos);
    CHECK(err.find(R"("level":"info","event":"tls_handshake")") == std::string::npos);
}

TEST_CASE("office-mcp --tls-cert refuses TLS 1.1, and TLS 1.2 without ECDHE and AEAD", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    HttpOffice office(dir, certs.args("one"));
    Conn tls11(office.port, certs.ca(), TLS1_1_VERSION);
    CHECK_FALSE(tls11.handshake());
    CHECK(tls11.problem.find("protocol version") != std::string::npos);
    Conn cbc(office.port, certs.ca(), 0, "ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-AES128-SHA");
    CHECK_FALSE(cbc.handshake());
    CHECK(cbc.problem.find("handshake failure") != std::string::npos);
    auto client = tls_client(office.port, certs.ca());
    CHECK(lists_tools(*client, 1));
}

TEST_CASE("a renewed certificate serves new connections without a restart, open ones keep theirs, the port stays", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const auto cert = dir.file("fullchain.pem"), key = dir.file("privkey.pem");
    copy_over(certs.cert("one"), cert);
    copy_over(certs.key("one"), key);
    HttpOffice office(dir, {"--tls-cert", cert, "--tls-key", key});
    auto before = tls_client(office.port, certs.ca());
    CHECK(before->peer_subject() == kOne);
    CHECK(lists_tools(*before, 1));

    // SIGHUP is POSIX's: Windows (the .exe under Wine, tests/windows) has no counterpart and relies
    // on the files being watched, the next section.
    if (!std::getenv("OFFICE_WINDOWS_EXE")) SECTION("the files replaced, then SIGHUP") {
        // As certbot's deploy hook: new files under the old names, then a reload.
        fs::rename(certs.key("two"), dir.file("new.key"));
        fs::rename(certs.cert("two"), dir.file("new.pem"));
        fs::rename(dir.file("new.key"), key);
        fs::rename(dir.file("new.pem"), cert);
        office.process.kill(SIGHUP);
        REQUIRE(logged(office, R"("reloaded":"signal")"));
        CHECK(logged(office, R"("event":"reload","tokens":)"));
        CHECK(office.process.stderr_text().find(R"("tls":"reloaded")") != std::string::npos);
    }
    SECTION("the files rewritten in place, no signal") {
        copy_over(certs.key("two"), key);
        copy_over(certs.cert("two"), cert);
        REQUIRE(logged(office, R"("reloaded":"files changed")"));
    }
    CHECK(office.process.stderr_text().find(R"("subject":"CN=office-mcp test server two","not_after":)") != std::string::npos);
    CHECK(served_subject(office.port, certs.ca()) == kTwo);  // a new connection, on the same port
    CHECK(lists_tools(*before, 2));                           // the old one, opened before the renewal
    CHECK(before->peer_subject() == kOne);
    const auto err = office.process.stderr_text();
    CHECK(err.find("serving MCP at") == err.rfind("serving MCP at"));  // listening once, never again
}

TEST_CASE("TLS files that cannot serve stop office-mcp --http at start with exit 2 and one sentence", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const auto start = [&](std::vector<std::string> tls) {
        std::vector<std::string> args{"--http", "127.0.0.1:0", "--db", dir.file("office.db")};
        args.insert(args.end(), tls.begin(), tls.end());
        const auto result = office::testing::run_office_mcp(args);
        CHECK(result.status == 2);
        CHECK(result.out.empty());
        return result.err;
    };
    const auto garbage = dir.file("garbage.pem");
    write_file(garbage, "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n");
    CHECK(start({"--tls-cert", certs.cert("one")}) ==
          "office-mcp: --tls-cert and --tls-key go together: give both (the certificate chain and its private key, PEM) or neither\n");
    CHECK(start({"--tls-cert", dir.file("missing.pem"), "--tls-key", certs.key("one")}) ==
          "office-mcp: cannot read the TLS certificate " + dir.file("missing.pem") + ": No such file or directory\n");
    CHECK(start({"--tls-cert", certs.cert("one"), "--tls-key", dir.file("missing.key")}) ==
          "office-mcp: cannot read the TLS key " + dir.file("missing.key") + ": No such file or directory\n");
    CHECK(start({"--tls-cert", garbage, "--tls-key", certs.key("one")}) ==
          "office-mcp: the TLS certificate " + garbage + " holds no PEM certificate office-mcp can serve\n");
    CHECK(start({"--tls-cert", certs.cert("one"), "--tls-key", garbage}) ==
          "office-mcp: the TLS key " + garbage + " holds no unencrypted PEM private key for the certificate " + certs.cert("one") + "\n");
    CHECK(start({"--tls-cert", certs.cert("one"), "--tls-key", certs.dir.file("one.encrypted.key")}) ==
          "office-mcp: the TLS key " + certs.dir.file("one.encrypted.key") +
              " holds no unencrypted PEM private key for the certificate " + certs.cert("one") + "\n");
    CHECK(start({"--tls-cert", certs.cert("one"), "--tls-key", certs.key("two")}) ==
          "office-mcp: the TLS key " + certs.key("two") + " is not the private key of the certificate " + certs.cert("one") + "\n");
    const auto stdio = office::testing::run_office_mcp({"--db", dir.file("office.db"), "--tls-cert", certs.cert("one"), "--tls-key", certs.key("one")});
    CHECK(stdio.status == 2);
    CHECK(stdio.err == "office-mcp: --tls-cert and --tls-key go with --http: stdin and stdout need no TLS\n");
}

TEST_CASE("TLS files that cannot serve at a renewal keep the old certificate, log an error, and are taken once mended", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const auto cert = dir.file("fullchain.pem"), key = dir.file("privkey.pem");
    copy_over(certs.cert("one"), cert);
    copy_over(certs.key("one"), key);
    HttpOffice office(dir, {"--tls-cert", cert, "--tls-key", key});

    copy_over(certs.key("two"), key);  // a key that is not the certificate's
    REQUIRE(logged(office, R"("level":"error","event":"tls","problem":"the TLS key )" + key + " is not the private key of the certificate " +
                               cert + R"(; still serving the certificate before it","serving":{"subject":"CN=office-mcp test server one")"));
    office.process.kill(SIGHUP);
    CHECK(logged(office, R"("level":"error","event":"reload")"));
    CHECK(logged(office, R"("tls":"cannot reload; still the old certificate")"));
    CHECK(served_subject(office.port, certs.ca()) == kOne);
    auto client = tls_client(office.port, certs.ca());
    CHECK(lists_tools(*client, 1));

    copy_over(certs.cert("two"), cert);  // mended: the pair matches again
    REQUIRE(logged(office, R"("reloaded":"files changed")"));
    CHECK(served_subject(office.port, certs.ca()) == kTwo);
}

TEST_CASE("an open stream's client leaving is noticed at once, over TLS (close_notify, then FIN) as over plain TCP", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const bool tls = GENERATE(true, false);
    HttpOffice office(dir, tls ? certs.args("one") : std::vector<std::string>{});
    const auto ca = tls ? certs.ca() : "";
    Conn listener(office.port, ca);
    REQUIRE(listener.handshake());
    listener.send(modern(1, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", {"office://slots"}}}}}));
    std::string stream;
    REQUIRE(listener.wait_for(stream, "notifications/subscriptions/acknowledged"));
    CHECK(open_connections(office.port, ca) == 2);  // the stream's and the one asking
    listener.leave();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    int open = 2;
    while ((open = open_connections(office.port, ca)) != 1 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(open == 1);
}

TEST_CASE("a 2025 refund over https: the question on the call's stream, the result ends it, and the connection serves on", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const bool tls = GENERATE(true, false);  // the same over plain TCP: one code path
    HttpOffice office(dir, tls ? certs.args("one") : std::vector<std::string>{});
    const auto ca = tls ? certs.ca() : "";
    Conn control(office.port, ca), caller(office.port, ca);
    REQUIRE(control.handshake());
    REQUIRE(caller.handshake());
    const json init{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                    {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", {{"elicitation", json::object()}}},
                                {"clientInfo", {{"name", "legacy"}, {"version", "1"}}}}}};
    control.send(post(init.dump()));
    const auto opened = control.receive();
    REQUIRE(status_of(opened) == 200);
    const auto at = opened.find("Mcp-Session-Id: ");
    REQUIRE(at != std::string::npos);
    const std::string named = "Mcp-Session-Id: " + opened.substr(at + 16, 32) + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";
    control.send(post(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}.dump(), named));
    CHECK(status_of(control.receive()) == 202);

    const json call{{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/call"}, {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}}};
    caller.send(post(call.dump(), named));
    std::string stream;
    REQUIRE(caller.wait_for(stream, "elicitation/create"));
    const auto data = stream.find("data: ");
    REQUIRE(data != std::string::npos);
    const auto asked = json::parse(stream.substr(data + 6, stream.find('\n', data) - data - 6));
    const json answer{{"jsonrpc", "2.0"}, {"id", asked["id"]}, {"result", {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "broken cup"}}}}}};
    control.send(post(answer.dump(), named));
    CHECK(status_of(control.receive()) == 202);
    REQUIRE(caller.wait_for(stream, "\r\n0\r\n\r\n"));  // the stream's last chunk, after the result
    CHECK(stream.find("Refunded 10.00 of invoice 2") != std::string::npos);

    // The stream is over; its connection reads the next request.
    const json list{{"jsonrpc", "2.0"}, {"id", 8}, {"method", "tools/list"}};
    caller.send(post(list.dump(), named));
    const auto listed = caller.receive();
    CHECK(status_of(listed) == 200);
    CHECK(body_of(listed)["result"]["tools"].size() == 9);
}

TEST_CASE("on a non-loopback address a warning says tokens cross the network in clear, unless TLS is on", "[http][tls]") {
    TestCerts certs;
    TempDir dir;
    const auto added = office::testing::run_office_mcp({"token", "add", "alice", "--db", dir.file("office.db")});
    REQUIRE(added.status == 0);
    const bool tls = GENERATE(false, true);
    std::vector<std::string> args{"--http", "0.0.0.0:0", "--db", dir.file("office.db")};
    if (tls) args.insert(args.end(), {"--tls-cert", certs.cert("one"), "--tls-key", certs.key("one")});
    office::testing::ServerProcess server(args, {office::testing::kKeys});
    const std::string serving = tls ? "serving MCP at https://0.0.0.0:" : "serving MCP at http://0.0.0.0:";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline && server.stderr_text().find(serving) == std::string::npos)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto err = server.stderr_text();
    INFO(err);
    CHECK(err.find(serving) != std::string::npos);
    const auto warned = err.find(R"("level":"warn","event":"plaintext","problem":"bearer tokens cross the network in clear on 0.0.0.0: )"
                                 R"(serve https with --tls-cert and --tls-key, or put a TLS proxy in front"})");
    CHECK((warned != std::string::npos) == !tls);
}
