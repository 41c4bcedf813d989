// office-mcp --http end to end: the real binary, real sockets, raw HTTP/1.1 bytes, so every
// status and header the spec and docs/security.md promise is seen as a client sees it.

#include "server_process.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstring>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using office::testing::modern_params;
using office::testing::ServerProcess;
using office::testing::TempDir;
using json = nlohmann::json;

namespace {

constexpr const char* kKeys = "OFFICE_MCP_STATE_KEYS=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

// office-mcp --http on a free port of 127.0.0.1, over a database in `dir`.
struct HttpOffice {
    ServerProcess process;
    int port = 0;

    HttpOffice(const TempDir& dir, std::vector<std::string> extra = {})
        : process(args(dir, std::move(extra)), {kKeys}) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < deadline) {
            const auto err = process.stderr_text();
            const auto at = err.find("serving MCP at http://127.0.0.1:");
            if (at != std::string::npos) {
                port = std::stoi(err.substr(at + std::strlen("serving MCP at http://127.0.0.1:")));
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        FAIL("office-mcp --http did not say where it serves; stderr:\n" << process.stderr_text());
    }
    static std::vector<std::string> args(const TempDir& dir, std::vector<std::string> extra) {
        std::vector<std::string> a{"--http", "127.0.0.1:0", "--db", dir.file("office.db")};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }
};

// A TCP connection to the server.
struct Client {
    int fd = -1;
    explicit Client(int port) {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<std::uint16_t>(port));
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0);
    }
    ~Client() { ::close(fd); }
    void send(const std::string& bytes) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const auto n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
            if (n <= 0) return;  // the server may close early (413): what it answered is what counts
            done += static_cast<std::size_t>(n);
        }
    }
    // What arrives within `timeout_ms`, up to the end of one response (by Content-Length) or EOF.
    std::string receive(int timeout_ms = 10000, bool* eof = nullptr) {
        std::string in;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        for (;;) {
            const auto head_end = in.find("\r\n\r\n");
            if (head_end != std::string::npos) {
                const auto cl = in.find("Content-Length: ");
                if (cl != std::string::npos && cl < head_end &&
                    in.size() >= head_end + 4 + std::stoul(in.substr(cl + 16)))
                    return in;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0) return in;
            pollfd p{fd, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left)) != 1) return in;
            char buffer[65536];
            const auto n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                if (eof) *eof = true;
                return in;
            }
            in.append(buffer, static_cast<std::size_t>(n));
        }
    }
};

std::string post(const std::string& body, const std::string& extra_headers = "") {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           "Accept: application/json, text/event-stream\r\n" + extra_headers +
           "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// A 2026-07-28 request with its mirrored headers.
std::string modern(int id, const std::string& method, json params = json::object(), const std::string& token = "") {
    std::string headers = "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: " + method + "\r\n";
    if (!token.empty()) headers += "Authorization: Bearer " + token + "\r\n";
    if (params.contains("name")) headers += "Mcp-Name: " + params["name"].get<std::string>() + "\r\n";
    const json message{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", modern_params(std::move(params), {{"elicitation", json::object()}})}};
    return post(message.dump(), headers);
}

int status_of(const std::string& response) {
    INFO(response);
    REQUIRE(response.rfind("HTTP/1.1 ", 0) == 0);
    return std::stoi(response.substr(9, 3));
}

json body_of(const std::string& response) {
    const auto at = response.find("\r\n\r\n");
    INFO(response);
    REQUIRE(at != std::string::npos);
    return json::parse(response.substr(at + 4));
}

json lunch() { return {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 2}}}}; }

}  // namespace

TEST_CASE("office-mcp --http answers over a real socket, keeps the connection alive, and writes nothing on stdout", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    Client client(office.port);
    client.send(modern(1, "tools/list"));
    const auto list = client.receive();
    CHECK(status_of(list) == 200);
    CHECK(body_of(list)["result"]["tools"].size() == 6);
    client.send(modern(2, "tools/call", lunch()));  // the same connection
    const auto order = client.receive();
    CHECK(status_of(order) == 200);
    CHECK(body_of(order)["id"] == 2);

    office.process.kill(SIGTERM);
    CHECK(office.process.wait() == 0);
    CHECK_FALSE(office.process.read_line(1000).has_value());  // stdout: nothing, then EOF
    CHECK(office.process.stderr_text().find("\"event\":\"stop\"") != std::string::npos);
}

TEST_CASE("a refund's two rounds may land on two office-mcp --http processes sharing the database and keys", "[http]") {
    TempDir dir;
    HttpOffice first(dir), second(dir);
    Client a(first.port), b(second.port);
    a.send(modern(1, "tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}));
    const auto asked = body_of(a.receive());
    REQUIRE(asked["result"]["resultType"] == "input_required");

    json retry{{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}};
    retry["requestState"] = asked["result"]["requestState"];
    retry["inputResponses"] = {{"approve_refund", {{"action", "accept"}, {"content", {{"amount", 80}, {"reason", "Charged twice"}}}}}};
    b.send(modern(2, "tools/call", retry));
    const auto done = body_of(b.receive());
    INFO(done.dump());
    CHECK(done["result"]["content"][0]["text"] == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Charged twice");

    a.send(modern(3, "tools/call", retry));  // the same state, on the first process: used once only
    const auto replay = body_of(a.receive());
    CHECK(replay["error"]["message"] == "Invalid or expired requestState");
}

TEST_CASE("bad HTTP gets the right 4xx and never stops the server", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    SECTION("a body over the 4 MiB cap is 413, refused before it is read") {
        Client client(office.port);
        client.send("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: */*\r\n"
                    "Content-Length: 5000000\r\n\r\n{");
        const auto response = client.receive();
        CHECK(status_of(response) == 413);
        CHECK(response.find("Connection: close") != std::string::npos);
    }
    SECTION("headers over 16 KiB are 431") {
        Client client(office.port);
        client.send("POST /mcp HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n");
        CHECK(status_of(client.receive()) == 431);
    }
    SECTION("more than 100 header fields are 431") {
        std::string many;
        for (int i = 0; i < 120; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
        Client client(office.port);
        client.send(post("{}", many));
        CHECK(status_of(client.receive()) == 431);
    }
    SECTION("a request that is not HTTP is 400") {
        Client client(office.port);
        client.send("HELLO THERE\r\n\r\n");
        CHECK(status_of(client.receive()) == 400);
    }
    SECTION("a repeated Authorization header is 400") {
        Client client(office.port);
        client.send(post("{}", "Authorization: Bearer a\r\nAuthorization: Bearer b\r\n"));
        CHECK(status_of(client.receive()) == 400);
    }
    SECTION("a chunked body is read like any other") {
        const json message{{"jsonrpc", "2.0"}, {"id", 9}, {"method", "tools/list"}, {"params", modern_params()}};
        const std::string body = message.dump();
        char size[16];
        std::snprintf(size, sizeof size, "%zx", body.size());
        Client client(office.port);
        client.send("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: */*\r\n"
                    "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nTransfer-Encoding: chunked\r\n\r\n" +
                    std::string(size) + "\r\n" + body + "\r\n0\r\n\r\n");
        CHECK(body_of(client.receive())["id"] == 9);
    }
    Client after(office.port);
    after.send(modern(1, "tools/list"));
    CHECK(status_of(after.receive()) == 200);
}

TEST_CASE("a client that sends its request too slowly is dropped, and others are still served", "[http]") {
    TempDir dir;
    HttpOffice office(dir, {"--request-timeout", "1"});
    Client slow(office.port);
    slow.send("POST /mcp HTTP/1.1\r\nHost: x\r\n");  // and then nothing (slowloris)
    bool eof = false;
    const auto got = slow.receive(4000, &eof);
    CHECK(eof);
    CHECK(got.empty());
    Client other(office.port);
    other.send(modern(1, "tools/list"));
    CHECK(status_of(other.receive()) == 200);
}

TEST_CASE("past --max-connections a new connection is answered 503 and closed", "[http]") {
    TempDir dir;
    HttpOffice office(dir, {"--max-connections", "2"});
    Client one(office.port), two(office.port);
    one.send(modern(1, "tools/list"));
    CHECK(status_of(one.receive()) == 200);
    two.send(modern(1, "tools/list"));
    CHECK(status_of(two.receive()) == 200);
    Client three(office.port);
    three.send(modern(1, "tools/list"));
    CHECK(status_of(three.receive()) == 503);
}

TEST_CASE("office-mcp refuses to serve a non-loopback address without tokens, unless told it is insecure", "[http]") {
    TempDir dir;
    const auto refused = office::testing::run_office_mcp({"--http", "0.0.0.0:0", "--db", dir.file("office.db")});
    CHECK(refused.status == 2);
    CHECK(refused.out.empty());
    CHECK(refused.err ==
          "office-mcp: refusing to serve 0.0.0.0 without tokens: anyone who reaches the port could call issue_refund "
          "(add tokens with `office-mcp token add NAME`, or pass --insecure-no-auth)\n");
    const auto bad = office::testing::run_office_mcp({"--http", "localhost:80a"});
    CHECK(bad.status == 2);
    CHECK(bad.err == "office-mcp: --http needs [HOST:]PORT, e.g. 8080 or 0.0.0.0:8080 (PORT 0 picks a free one)\n");
    const auto name = office::testing::run_office_mcp({"--http", "example.org:8080"});
    CHECK(name.err == "office-mcp: --http needs an IP address to listen on (or localhost), not example.org\n");
}

namespace {

// A new token for `name` from `office-mcp token add`, stored beside the database in `dir`.
std::string add_token(const TempDir& dir, const std::string& name, const std::string& profile = "all") {
    const auto added = office::testing::run_office_mcp({"token", "add", name, "--profile", profile, "--db", dir.file("office.db")});
    INFO(added.err);
    REQUIRE(added.status == 0);
    REQUIRE(added.out.size() > 1);
    return added.out.substr(0, added.out.size() - 1);
}

}  // namespace

TEST_CASE("with tokens, office-mcp --http needs a bearer token, limits each token to its profile and records who called", "[http][tokens]") {
    TempDir dir;
    const auto alice = add_token(dir, "alice");
    const auto bot = add_token(dir, "lunchbot", "lunch");
    HttpOffice office(dir);

    Client anonymous(office.port);
    anonymous.send(modern(1, "tools/list"));
    const auto refused = anonymous.receive();
    CHECK(status_of(refused) == 401);
    CHECK(refused.find("WWW-Authenticate: Bearer realm=\"office-mcp\"") != std::string::npos);
    Client wrong(office.port);
    wrong.send(modern(1, "tools/list", json::object(), alice + "x"));
    CHECK(status_of(wrong.receive()) == 401);

    Client as_alice(office.port);
    as_alice.send(modern(2, "tools/list", json::object(), alice));
    CHECK(body_of(as_alice.receive())["result"]["tools"].size() == 6);
    Client as_bot(office.port);
    as_bot.send(modern(3, "tools/list", json::object(), bot));
    const auto bot_tools = body_of(as_bot.receive())["result"]["tools"];
    REQUIRE(bot_tools.size() == 1);
    CHECK(bot_tools[0]["name"] == "order_lunch");
    as_bot.send(modern(4, "tools/call", lunch(), bot));
    CHECK(status_of(as_bot.receive()) == 200);

    const auto audit = office::testing::run_office_mcp({"audit", "--db", dir.file("office.db")});
    CHECK(audit.out.find("lunchbot (e2e-test/1.0)") != std::string::npos);
    CHECK(office.process.stderr_text().find("\"principal\":\"lunchbot\"") != std::string::npos);
}

TEST_CASE("a token revoked while office-mcp --http runs is refused at once; a tokens file turned unsafe refuses everyone", "[http][tokens]") {
    TempDir dir;
    const auto alice = add_token(dir, "alice");
    const auto bob = add_token(dir, "bob");
    HttpOffice office(dir);
    Client client(office.port);
    client.send(modern(1, "tools/list", json::object(), bob));
    CHECK(status_of(client.receive()) == 200);

    REQUIRE(office::testing::run_office_mcp({"token", "revoke", "bob", "--db", dir.file("office.db")}).status == 0);
    client.send(modern(2, "tools/list", json::object(), bob));
    CHECK(status_of(client.receive()) == 401);
    client.send(modern(3, "tools/list", json::object(), alice));
    CHECK(status_of(client.receive()) == 200);

    REQUIRE(::chmod(dir.file("office-mcp.tokens").c_str(), 0644) == 0);  // now others could read the hashes
    client.send(modern(4, "tools/list", json::object(), alice));
    CHECK(status_of(client.receive()) == 401);
    CHECK(office.process.stderr_text().find("\"event\":\"tokens\"") != std::string::npos);
}

TEST_CASE("a non-loopback address serves once the tokens file has tokens", "[http][tokens]") {
    TempDir dir;
    add_token(dir, "alice");
    ServerProcess server({"--http", "0.0.0.0:0", "--db", dir.file("office.db")}, {kKeys});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline && server.stderr_text().find("serving MCP at http://0.0.0.0:") == std::string::npos)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(server.stderr_text().find("serving MCP at http://0.0.0.0:") != std::string::npos);
}

namespace {

// What arrives on `client` until `needle` is in it (or `timeout_ms` pass), appended to `so_far`.
bool wait_for(Client& client, std::string& so_far, const std::string& needle, int timeout_ms = 5000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (so_far.find(needle) == std::string::npos && std::chrono::steady_clock::now() < deadline) so_far += client.receive(100);
    return so_far.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("over a real socket a listen is a stream: acknowledged, told of another process's booking, ended when the server stops", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    Client client(office.port);
    client.send(modern(1, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", {"office://slots"}}}}}));
    std::string stream;
    REQUIRE(wait_for(client, stream, "notifications/subscriptions/acknowledged"));
    CHECK(status_of(stream) == 200);
    CHECK(stream.find("Content-Type: text/event-stream") != std::string::npos);
    CHECK(stream.find("Transfer-Encoding: chunked") != std::string::npos);

    {
        ServerProcess other({"--db", dir.file("office.db")}, {kKeys});
        const auto booked = other.request(office::testing::tools_call(1, "book_slot", {{"slot_id", 5}, {"customer_id", 1}}));
        CHECK(booked["result"]["content"][0]["text"].get<std::string>().rfind("Booked slot 5", 0) == 0);
    }
    REQUIRE(wait_for(client, stream, "notifications/resources/updated"));
    CHECK(stream.find(R"("params":{"_meta":{"io.modelcontextprotocol/subscriptionId":1},"uri":"office://slots"})") != std::string::npos);

    office.process.kill(SIGTERM);
    REQUIRE(wait_for(client, stream, "\r\n0\r\n\r\n"));  // the stream's last chunk
    CHECK(stream.find(R"("id":1,"jsonrpc":"2.0","result":{"_meta":{"io.modelcontextprotocol/serverInfo")") != std::string::npos);
    CHECK(stream.find(R"("resultType":"complete")") != std::string::npos);
    CHECK(office.process.wait() == 0);
}

TEST_CASE("over a real socket a 2025 session's GET stream carries its resource notifications", "[http]") {
    TempDir dir;
    HttpOffice office(dir);
    Client control(office.port);
    const json init{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                    {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()},
                                {"clientInfo", {{"name", "legacy"}, {"version", "1"}}}}}};
    control.send(post(init.dump()));
    const auto opened = control.receive();
    REQUIRE(status_of(opened) == 200);
    const auto at = opened.find("Mcp-Session-Id: ");
    REQUIRE(at != std::string::npos);
    const std::string session = opened.substr(at + 16, 32);
    const std::string named = "Mcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";

    Client listener(office.port);
    listener.send("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n" + named + "\r\n");
    std::string stream;
    REQUIRE(wait_for(listener, stream, "text/event-stream"));
    CHECK(status_of(stream) == 200);

    const json subscribe{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "resources/subscribe"}, {"params", {{"uri", "office://lunch_orders"}}}};
    control.send(post(subscribe.dump(), named));
    CHECK(body_of(control.receive())["result"] == json::object());
    {
        ServerProcess other({"--db", dir.file("office.db")}, {kKeys});
        other.request(office::testing::tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    }
    REQUIRE(wait_for(listener, stream, "notifications/resources/updated"));
    CHECK(stream.find(R"("params":{"uri":"office://lunch_orders"})") != std::string::npos);
}
