// HTTP/1.1 framing at the byte level, through the real binary over a real socket (issue 42):
// every Transfer-Encoding and Content-Length combination, chunk sizes and trailers, Expect,
// header floods, bad request lines, pipelining across a refusal, HEAD, and CORS as a browser
// sends it. Each case says what RFC 9112 asks of the connection afterwards: a request whose end
// cannot be known is refused with Connection: close and nothing after it on that connection is
// ever answered; a request that was read whole leaves the connection serving. After every case a
// normal request on a new connection is served. Also curl's Expect: 100-continue, plain and TLS.

#include "http/test_certs.h"
#include "http_test_support.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace office::testing;
using json = nlohmann::json;

namespace {

// One response as it came: status, the header lines as sent, the body (by Content-Length).
struct Heard {
    int status = 0;
    std::string head;
    std::string body;
    bool has(const std::string& line) const { return head.find("\r\n" + line + "\r\n") != std::string::npos; }
};

// Everything the server sends on `client` until it has been quiet for `quiet_ms` (after the first
// byte, or `first_ms` before it), as responses, and whether it closed the connection.
// The first `heads` responses answer HEAD requests: their Content-Length has no body after it.
std::vector<Heard> hear(Client& client, bool& closed, std::size_t heads = 0, int first_ms = 5000, int quiet_ms = 250) {
    std::string in;
    closed = false;
    for (;;) {
        pollfd p{client.fd, POLLIN, 0};
        if (::poll(&p, 1, in.empty() ? first_ms : quiet_ms) != 1) break;
        char buffer[65536];
        const auto n = ::recv(client.fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            closed = true;
            break;
        }
        in.append(buffer, static_cast<std::size_t>(n));
    }
    std::vector<Heard> out;
    std::size_t at = 0;
    while (at < in.size()) {
        const auto end = in.find("\r\n\r\n", at);
        Heard h;
        if (in.compare(at, 9, "HTTP/1.1 ") != 0 || end == std::string::npos) {
            h.status = -1;  // not a response: the test prints it
            h.head = in.substr(at);
            out.push_back(h);
            break;
        }
        h.status = std::stoi(in.substr(at + 9, 3));
        h.head = in.substr(at, end + 2 - at);
        at = end + 4;
        if (const auto cl = h.head.find("\r\nContent-Length: "); cl != std::string::npos && out.size() >= heads) {
            const std::size_t n = std::stoul(h.head.substr(cl + 18));
            h.body = in.substr(at, n);
            at += n;
        }
        out.push_back(h);
    }
    return out;
}

std::string statuses(const std::vector<Heard>& heard) {
    std::string s;
    for (const auto& h : heard) s += std::to_string(h.status) + " ";
    return s;
}

std::string everything(const std::vector<Heard>& heard) {
    std::string s;
    for (const auto& h : heard) s += h.head + "\r\n" + h.body + "\n";
    return s;
}

const std::string kBody = json{{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/list"}, {"params", modern_params()}}.dump();

// A 2026-07-28 tools/list's head, with `framing` (header lines) in place of a Content-Length.
std::string head(const std::string& framing, const std::string& version = "HTTP/1.1") {
    return "POST /mcp " + version + "\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\n" +
           framing + "\r\n";
}

std::string hex(std::size_t n) {
    char text[32];
    std::snprintf(text, sizeof text, "%zx", n);
    return text;
}

// kBody as one chunk, then the last chunk and `trailers`.
std::string chunked(const std::string& trailers = "") { return hex(kBody.size()) + "\r\n" + kBody + "\r\n0\r\n" + trailers + "\r\n"; }

const std::string kHealth = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

struct Case {
    std::string name;
    std::string bytes;  // sent at once; a closing case ends with kHealth, which must never be answered
    std::vector<int> expected;
    bool closes;
    std::size_t heads = 0;  // how many of the first requests are HEAD
};

std::vector<Case> framing_cases() {
    const std::string cl = "Content-Length: " + std::to_string(kBody.size()) + "\r\n";
    return {
        // Transfer-Encoding (RFC 9112 section 6.1, 6.3)
        {"chunked is read", head("Transfer-Encoding: chunked\r\n") + chunked() + kHealth, {200, 200}, false},
        {"Chunked in capitals is read", head("Transfer-Encoding: Chunked\r\n") + chunked() + kHealth, {200, 200}, false},
        {"chunked, identity: chunked not last", head("Transfer-Encoding: chunked, identity\r\n") + chunked() + kHealth, {400}, true},
        {"xchunked: a coding not known, chunked not last", head("Transfer-Encoding: xchunked\r\n") + chunked() + kHealth, {400}, true},
        {"identity alone", head("Transfer-Encoding: identity\r\n") + chunked() + kHealth, {400}, true},
        {"gzip, chunked: a coding not implemented", head("Transfer-Encoding: gzip, chunked\r\n") + chunked() + kHealth, {501}, true},
        {"gzip and chunked in two fields", head("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n") + chunked() + kHealth, {501}, true},
        {"chunked, chunked", head("Transfer-Encoding: chunked, chunked\r\n") + chunked() + kHealth, {400}, true},
        {"chunked in two fields", head("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n") + chunked() + kHealth, {400}, true},
        {"an empty Transfer-Encoding", head("Transfer-Encoding: \r\n") + chunked() + kHealth, {400}, true},
        {"Content-Length then chunked", head(cl + "Transfer-Encoding: chunked\r\n") + chunked() + kHealth, {400}, true},
        {"chunked then Content-Length", head("Transfer-Encoding: chunked\r\n" + cl) + chunked() + kHealth, {400}, true},
        {"Content-Length and identity", head(cl + "Transfer-Encoding: identity\r\n") + kBody + kHealth, {400}, true},
        {"Transfer-Encoding in HTTP/1.0", head("Transfer-Encoding: chunked\r\n", "HTTP/1.0") + chunked() + kHealth, {400}, true},
        // Content-Length (section 6.3, item 5)
        {"Content-Length is read", head(cl) + kBody + kHealth, {200, 200}, false},
        {"a list of one length twice is that length", head("Content-Length: " + std::to_string(kBody.size()) + ", " +
                                                           std::to_string(kBody.size()) + "\r\n") + kBody + kHealth, {200, 200}, false},
        {"a list of two lengths", head("Content-Length: " + std::to_string(kBody.size()) + ", 3\r\n") + kBody + kHealth, {400}, true},
        {"two Content-Length fields that differ", head(cl + "Content-Length: 3\r\n") + kBody + kHealth, {400}, true},
        {"two Content-Length fields that agree", head(cl + cl) + kBody + kHealth, {400}, true},
        {"a negative Content-Length", head("Content-Length: -1\r\n") + kBody + kHealth, {400}, true},
        {"a Content-Length that is not a number", head("Content-Length: ten\r\n") + kBody + kHealth, {400}, true},
        {"a Content-Length past 64 bits", head("Content-Length: 99999999999999999999999\r\n") + kBody + kHealth, {400}, true},
        {"a Content-Length over the cap", head("Content-Length: 5000000\r\n") + kBody + kHealth, {413}, true},
        // Chunks (section 7.1)
        {"a chunk extension is ignored", head("Transfer-Encoding: chunked\r\n") + hex(kBody.size()) + ";name=value\r\n" + kBody +
                                             "\r\n0\r\n\r\n" + kHealth, {200, 200}, false},
        {"a body in many chunks", head("Transfer-Encoding: chunked\r\n") + "a\r\n" + kBody.substr(0, 10) + "\r\n" +
                                      hex(kBody.size() - 10) + "\r\n" + kBody.substr(10) + "\r\n0\r\n\r\n" + kHealth, {200, 200}, false},
        {"trailer fields are read past", head("Transfer-Encoding: chunked\r\n") + chunked("X-Checksum: 1\r\n") + kHealth, {200, 200}, false},
        {"a negative chunk size", head("Transfer-Encoding: chunked\r\n") + "-5\r\nhello\r\n0\r\n\r\n" + kHealth, {400}, true},
        {"a chunk size that is not hex", head("Transfer-Encoding: chunked\r\n") + "zz\r\nhello\r\n0\r\n\r\n" + kHealth, {400}, true},
        {"a chunk size past 64 bits", head("Transfer-Encoding: chunked\r\n") + "10000000000000000\r\nhello\r\n0\r\n\r\n" + kHealth, {400}, true},
        {"a chunk size over the cap", head("Transfer-Encoding: chunked\r\n") + "ffffffff\r\nhello\r\n0\r\n\r\n" + kHealth, {413}, true},
        {"a chunk without its CRLF", head("Transfer-Encoding: chunked\r\n") + hex(kBody.size()) + "\r\n" + kBody + "0\r\n\r\n" + kHealth, {400}, true},
        {"a chunk longer than its size", head("Transfer-Encoding: chunked\r\n") + "2\r\nhello\r\n0\r\n\r\n" + kHealth, {400}, true},
        {"a trailer line that is not a field", head("Transfer-Encoding: chunked\r\n") + chunked("not a field\r\n") + kHealth, {400}, true},
        // Expect (RFC 9110 section 10.1.1)
        {"an expectation other than 100-continue", head(cl + "Expect: the-unexpected\r\n") + kBody + kHealth, {417}, true},
        {"Expect in HTTP/1.0 is ignored", head(cl + "Expect: 100-continue\r\n", "HTTP/1.0") + kBody, {200}, true},
        {"Expect without a body gets no 100", "GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n" + kHealth, {200, 200}, false},
        {"Expect with the body already sent", head(cl + "Expect: 100-continue\r\n") + kBody + kHealth, {100, 200, 200}, false},
        // Header floods, bad request lines (the parser's own refusals close too)
        {"more than 100 header fields", [] {
             std::string many;
             for (int i = 0; i < 120; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
             return head("Content-Length: 2\r\n" + many) + "{}" + kHealth;
         }(), {431}, true},
        {"a header section over 16 KiB", head("X-Big: " + std::string(20000, 'a') + "\r\n") + kHealth, {431}, true},
        // obs-fold: the parser unfolds it (RFC 9112 section 5.2 lets a server), so the framing is
        // judged on the unfolded value, as the parser reads it.
        {"a header line folded (obs-fold) is unfolded", head(cl + "X-Folded: one\r\n two\r\n") + kBody + kHealth, {200, 200}, false},
        {"a folded Transfer-Encoding is judged unfolded", head("Transfer-Encoding: gzip,\r\n chunked\r\n") + chunked() + kHealth, {501}, true},
        {"a space before a field's colon", head(cl + "X-Spaced : one\r\n") + kBody + kHealth, {400}, true},
        {"a request line with three spaces", "GET  /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + kHealth, {400}, true},
        {"a request line that is not HTTP", "HELLO THERE\r\n\r\n" + kHealth, {400}, true},
        {"an HTTP/2 preface", std::string("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") + kHealth, {400}, true},
        {"a bare LF after the request line", "GET /healthz HTTP/1.1\nHost: x\r\n\r\n" + kHealth, {400}, true},
        // Pipelining across a refusal: a refusal of a request read whole keeps the connection.
        {"a request, a closing refusal, a request", head(cl) + kBody + head("Transfer-Encoding: xchunked\r\n") + chunked() + kHealth,
         {200, 400}, true},
        {"a 404 and a 415 read whole keep the connection",
         "GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\nPOST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}" + kHealth,
         {404, 415, 200}, false},
        // HEAD (what some balancers send): the GET's length, no body, and the next request is read right.
        {"HEAD on /healthz and /readyz", "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\nHEAD /readyz HTTP/1.1\r\nHost: x\r\n\r\n" + kHealth,
         {200, 200, 200}, false, 2},
        {"HEAD on /mcp is 405", "HEAD /mcp HTTP/1.1\r\nHost: x\r\n\r\n" + kHealth, {405, 200}, false, 1},
    };
}

}  // namespace

TEST_CASE("every framing of a request is answered as RFC 9112 asks, and the connection is left as it asks", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    for (const auto& c : framing_cases()) {
        INFO(c.name);
        Client client(office.port);
        client.send(c.bytes);
        bool closed = false;
        const auto heard = hear(client, closed, c.heads);
        INFO("heard: " << statuses(heard) << "\n" << everything(heard));
        REQUIRE(heard.size() == c.expected.size());
        for (std::size_t i = 0; i < heard.size(); ++i) CHECK(heard[i].status == c.expected[i]);
        if (c.closes) {
            CHECK(closed);
            CHECK(heard.back().has("Connection: close"));
        } else {
            CHECK_FALSE(closed);
            for (const auto& h : heard) CHECK_FALSE(h.has("Connection: close"));
            client.send(kHealth);  // still serving
            const auto again = hear(client, closed);
            CHECK(statuses(again) == "200 ");
        }
        for (std::size_t i = 0; i < c.heads; ++i) CHECK(heard[i].body.empty());
        if (c.heads == 2) {
            CHECK(heard[0].has("Content-Length: 21"));  // {"status":"serving"}\n, as a GET's
            CHECK(heard[1].has("Content-Length: 19"));  // {"status":"ready"}\n
        }
        Client next(office.port);
        next.send(modern(1, "tools/list"));
        CHECK(status_of(next.receive()) == 200);
    }
    // Each closing refusal of the transport was logged, the framing ones with their reason.
    const auto log = office.process.stderr_text();
    CHECK(log.find("\"status\":501,\"reason\":\"Not Implemented: transfer coding gzip (only chunked is read)\"") != std::string::npos);
    CHECK(log.find("\"status\":400,\"reason\":\"Bad Request: the final transfer coding must be chunked") != std::string::npos);
    CHECK(log.find("\"status\":417,") != std::string::npos);
    CHECK(office.process.wait(0) == -1);  // still running
}

TEST_CASE("Expect: 100-continue is answered 100 once the headers pass, and a request refused on its headers gets its status at once", "[http][tokens]") {
    TempDir dir;
    const auto added = run_office_mcp({"token", "add", "alice", "--db", dir.file("office.db")});
    REQUIRE(added.status == 0);
    const std::string token = added.out.substr(0, added.out.size() - 1);
    HttpOffice office(dir, {"--allow-origin", "https://desk.example.org"});
    const std::string expect = "Content-Length: " + std::to_string(kBody.size()) + "\r\nExpect: 100-continue\r\n";
    bool closed = false;

    SECTION("a caller with a token gets 100, sends the body, gets 200, and the connection serves on") {
        Client client(office.port);
        client.send(head(expect + "Authorization: Bearer " + token + "\r\n"));
        const auto interim = hear(client, closed);
        REQUIRE(statuses(interim) == "100 ");
        CHECK(interim[0].head == "HTTP/1.1 100 Continue\r\n");
        client.send(kBody);
        const auto final = hear(client, closed);
        REQUIRE(statuses(final) == "200 ");
        CHECK(json::parse(final[0].body)["result"]["tools"].size() == 9);
        CHECK_FALSE(closed);
    }
    SECTION("without a token: 401 at once, never a 100, and the connection closes (its body was never read)") {
        Client client(office.port);
        client.send(head(expect));
        const auto heard = hear(client, closed);
        REQUIRE(statuses(heard) == "401 ");
        CHECK(heard[0].has("Connection: close"));
        CHECK(closed);
        CHECK(office.process.stderr_text().find("\"status\":401,\"reason\":\"Unauthorized: a bearer token is required\"") != std::string::npos);
    }
    SECTION("a wrong token: 401 at once") {
        Client client(office.port);
        client.send(head(expect + "Authorization: Bearer " + token + "x\r\n"));
        CHECK(statuses(hear(client, closed)) == "401 ");
        CHECK(closed);
    }
    SECTION("an origin not allowed: 403 at once, with no CORS headers") {
        Client client(office.port);
        client.send(head(expect + "Authorization: Bearer " + token + "\r\nOrigin: https://elsewhere.example.org\r\n"));
        const auto heard = hear(client, closed);
        REQUIRE(statuses(heard) == "403 ");
        CHECK(heard[0].head.find("Access-Control-") == std::string::npos);
        CHECK(closed);
    }
    SECTION("an allowed origin with a wrong media type: 415 at once, and the page may read it") {
        Client client(office.port);
        std::string h = head(expect + "Authorization: Bearer " + token + "\r\nOrigin: https://desk.example.org\r\n");
        h.replace(h.find("application/json\r\n"), 16, "text/plain");
        client.send(h);
        const auto heard = hear(client, closed);
        REQUIRE(statuses(heard) == "415 ");
        CHECK(heard[0].has("Access-Control-Allow-Origin: https://desk.example.org"));
    }
    SECTION("a body over the cap: 413 at once") {
        Client client(office.port);
        client.send(head("Content-Length: 5000000\r\nExpect: 100-continue\r\nAuthorization: Bearer " + token + "\r\n"));
        CHECK(statuses(hear(client, closed)) == "413 ");
        CHECK(closed);
    }
    SECTION("a token in a trailer field is no token") {
        Client client(office.port);
        client.send(head("Transfer-Encoding: chunked\r\n") + chunked("Authorization: Bearer " + token + "\r\n"));
        CHECK(statuses(hear(client, closed)) == "401 ");
    }
    Client after(office.port);
    after.send(modern(1, "tools/list", json::object(), token));
    CHECK(status_of(after.receive()) == 200);
}

TEST_CASE("CORS: an allowed origin's preflight is 204 with what a browser needs, its responses name it, other origins get none", "[http]") {
    TempDir dir;
    HttpOffice office(dir, {"--allow-origin", "https://desk.example.org"});
    const auto preflight = [&](const std::string& target, const std::string& origin) {
        Client client(office.port);
        client.send("OPTIONS " + target + " HTTP/1.1\r\nHost: x\r\nOrigin: " + origin +
                    "\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: authorization, content-type, mcp-protocol-version\r\n\r\n");
        bool closed = false;
        auto heard = hear(client, closed);
        REQUIRE(heard.size() == 1);
        return heard[0];
    };
    const auto allowed = preflight("/mcp", "https://desk.example.org");
    INFO(allowed.head);
    CHECK(allowed.status == 204);
    CHECK(allowed.has("Access-Control-Allow-Origin: https://desk.example.org"));
    CHECK(allowed.has("Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS"));
    CHECK(allowed.has("Access-Control-Allow-Headers: Content-Type, Authorization, Accept, MCP-Protocol-Version, Mcp-Session-Id, "
                      "Mcp-Method, Mcp-Name, Last-Event-ID, Idempotency-Key, traceparent, tracestate"));
    CHECK(allowed.has("Access-Control-Max-Age: 7200"));
    CHECK(allowed.has("Vary: Origin"));
    CHECK(allowed.head.find("Access-Control-Allow-Credentials") == std::string::npos);
    // Loopback origins pass on a loopback listener, as for any request.
    CHECK(preflight("/metrics", "http://localhost:6274").has("Access-Control-Allow-Origin: http://localhost:6274"));

    const auto other = preflight("/mcp", "https://elsewhere.example.org");
    CHECK(other.status == 403);
    CHECK(other.head.find("Access-Control-") == std::string::npos);
    CHECK(office.process.stderr_text().find("\"status\":403,\"reason\":\"Forbidden: Origin https://elsewhere.example.org is not allowed\","
                                            "\"http_method\":\"OPTIONS\"") != std::string::npos);

    Client client(office.port);
    client.send(modern(1, "tools/list"));
    client.send(post(json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"},
                          {"params", {{"protocolVersion", "2025-06-18"}, {"capabilities", json::object()},
                                      {"clientInfo", {{"name", "page"}, {"version", "1"}}}}}}.dump(),
                     "Origin: https://desk.example.org\r\n"));
    bool closed = false;
    auto heard = hear(client, closed);
    REQUIRE(heard.size() == 2);
    INFO(heard[0].head << heard[1].head);
    CHECK_FALSE(heard[0].has("Access-Control-Allow-Origin: https://desk.example.org"));  // no Origin, no CORS
    CHECK(heard[1].has("Access-Control-Allow-Origin: https://desk.example.org"));
    CHECK(heard[1].has("Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate, Retry-After, ETag"));
    CHECK(heard[1].has("Vary: Origin"));
    CHECK(heard[1].head.find("Access-Control-Allow-Origin: *") == std::string::npos);

    Client refused(office.port);
    refused.send(post("{}", "Origin: https://elsewhere.example.org\r\n"));
    const auto denied = hear(refused, closed);
    REQUIRE(statuses(denied) == "403 ");
    CHECK(denied[0].head.find("Access-Control-") == std::string::npos);
}

namespace {

// curl's verbose run against `url` (its stderr): a POST of kBody with Expect: 100-continue,
// --expect100-timeout long enough that a missing 100 would be a wait, not a pass.
std::string curl_expect(const std::string& url, const std::string& extra = "") {
    TempDir dir;
    {
        std::FILE* body = std::fopen(dir.file("body.json").c_str(), "w");
        REQUIRE(body);
        std::fputs(kBody.c_str(), body);
        std::fclose(body);
    }
    const std::string command = "curl -sS -v --max-time 60 --expect100-timeout 30 " + extra +
                                " -H 'Expect: 100-continue' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'"
                                " -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list' --data-binary @" + dir.file("body.json") +
                                " '" + url + "' -o " + dir.file("out.json") + " 2>" + dir.file("err.txt");
    const int status = std::system(command.c_str());
    std::FILE* err = std::fopen(dir.file("err.txt").c_str(), "r");
    std::string said;
    if (err) {
        char buffer[4096];
        while (const auto n = std::fread(buffer, 1, sizeof buffer, err)) said.append(buffer, n);
        std::fclose(err);
    }
    INFO(command << "\n" << said);
    REQUIRE(status == 0);  // curl is there (./test.sh installs it) and got an answer
    return said;
}

}  // namespace

TEST_CASE("curl's Expect: 100-continue gets its 100 and then the answer, over plain HTTP and TLS", "[http][tls]") {
    TempDir dir;
    SECTION("plain") {
        HttpOffice office(dir);
        const auto said = curl_expect("http://127.0.0.1:" + std::to_string(office.port) + "/mcp");
        INFO(said);
        CHECK(said.find("> Expect: 100-continue") != std::string::npos);
        CHECK(said.find("< HTTP/1.1 100 Continue") != std::string::npos);
        CHECK(said.find("< HTTP/1.1 200 OK") != std::string::npos);
        CHECK(said.find("Done waiting for 100-continue") == std::string::npos);
    }
    SECTION("TLS") {
        TestCerts certs;
        HttpOffice office(dir, certs.args("one"));
        const auto said = curl_expect("https://127.0.0.1:" + std::to_string(office.port) + "/mcp", "--cacert " + certs.ca());
        INFO(said);
        CHECK(said.find("< HTTP/1.1 100 Continue") != std::string::npos);
        CHECK(said.find("< HTTP/1.1 200 OK") != std::string::npos);
        CHECK(said.find("Done waiting for 100-continue") == std::string::npos);
    }
}
