// office-mcp --http end to end: the real binary, real sockets, raw HTTP/1.1 bytes, so every
// status and header the spec and docs/security.md promise is seen as a client sees it.

#include "http_test_support.h"
#include "server_process.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using office::testing::body_of;
using office::testing::Client;
using office::testing::HttpOffice;
using office::testing::kKeys;
using office::testing::modern;
using office::testing::modern_params;
using office::testing::post;
using office::testing::ServerProcess;
using office::testing::status_of;
using office::testing::TempDir;
using json = nlohmann::json;

namespace {

json lunch() { return {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 2}}}}; }

}  // namespace

TEST_CASE("office-mcp --http answers over a real socket, keeps the connection alive, and writes nothing on stdout", "[http][e2e]") {
    office::testing::TestDatabase db;  // on either backend: also run as postgres.*
    HttpOffice office(db.arg());
    Client client(office.port);
    client.send(modern(1, "tools/list"));
    const auto list = client.receive();
    CHECK(status_of(list) == 200);
    CHECK(body_of(list)["result"]["tools"].size() == 9);
    client.send(modern(2, "tools/call", lunch()));  // the same connection
    const auto order = client.receive();
    CHECK(status_of(order) == 200);
    CHECK(body_of(order)["id"] == 2);

    office.process.stop();
    CHECK(office.process.wait() == 0);
    CHECK_FALSE(office.process.read_line(1000).has_value());  // stdout: nothing, then EOF
    CHECK(office.process.stderr_text().find("\"event\":\"stop\"") != std::string::npos);
}

TEST_CASE("a refund's two rounds may land on two office-mcp --http processes sharing the database and keys", "[http][e2e]") {
    office::testing::TestDatabase db;  // on either backend: also run as postgres.*
    HttpOffice first(db.arg()), second(db.arg());
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

namespace {

// The soft limit on open files of a running process, from /proc/PID/limits.
long open_files_allowed(pid_t pid) {
    std::ifstream limits("/proc/" + std::to_string(pid) + "/limits");
    for (std::string line; std::getline(limits, line);)
        if (line.rfind("Max open files", 0) == 0) return std::stol(line.substr(line.find_first_of("0123456789")));
    return -1;
}

}  // namespace

TEST_CASE("office-mcp --http raises its open files to what --max-connections needs, and says when the hard limit is short", "[http]") {
    TempDir dir;
    SECTION("a hard limit with room: the soft limit rises to the connections and 64 more, and nothing is said") {
        HttpOffice office(dir, {"--max-connections", "1000"}, {"/usr/bin/prlimit", "--nofile=256:4096", "--"});
        CHECK(open_files_allowed(office.process.pid()) == 1064);
        CHECK(office.process.stderr_text().find("open_files") == std::string::npos);
    }
    SECTION("a hard limit too low: raised to it, and the log says what to do") {
        HttpOffice office(dir, {"--max-connections", "1000"}, {"/usr/bin/prlimit", "--nofile=256:512", "--"});
        CHECK(open_files_allowed(office.process.pid()) == 512);
        CHECK(office.process.stderr_text().find(
                  R"("event":"open_files","problem":"--max-connections 1000 needs 1064 open files and only 512 are allowed: )"
                  R"(raise the hard limit (LimitNOFILE= in the service, ulimit -Hn) or lower --max-connections")") != std::string::npos);
    }
}

namespace {

// A process's CPU time so far (user and system), in clock ticks, from /proc/PID/stat.
long cpu_ticks(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string skip;
    for (int i = 3; i < 14; ++i) fields >> skip;  // state .. cmajflt
    long user = 0, system = 0;
    fields >> user >> system;
    return user + system;
}

}  // namespace

TEST_CASE("out of open files, connections wait for one to close, without a loop taking a CPU, and the log says so", "[http][fd-limit]") {
    TempDir dir;
    HttpOffice office(dir, {}, {"/usr/bin/prlimit", "--nofile=40:40", "--"});
    std::vector<std::unique_ptr<Client>> clients;
    for (int i = 0; i < 60; ++i) clients.push_back(std::make_unique<Client>(office.port));  // the last wait in the listen queue
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const long before = cpu_ticks(office.process.pid());
    std::this_thread::sleep_for(std::chrono::seconds(1));
    CHECK(cpu_ticks(office.process.pid()) - before < sysconf(_SC_CLK_TCK) / 4);  // retrying at once took all of it
    CHECK(office.process.stderr_text().find(R"("event":"accept","problem":"Too many open files")") != std::string::npos);
    clients.back()->send(modern(1, "tools/list"));
    clients.erase(clients.begin(), clients.begin() + 50);
    CHECK(status_of(clients.back()->receive()) == 200);
}

TEST_CASE("past --max-sessions a session whose stream is open is kept, and a new one is answered 503", "[http]") {
    TempDir dir;
    HttpOffice office(dir, {"--max-sessions", "1"});
    const json init{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                    {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()},
                                {"clientInfo", {{"name", "legacy"}, {"version", "1"}}}}}};
    Client first(office.port);
    first.send(post(init.dump()));
    const auto opened = first.receive();
    REQUIRE(status_of(opened) == 200);
    const auto at = opened.find("Mcp-Session-Id: ");
    REQUIRE(at != std::string::npos);
    Client listener(office.port);
    listener.send("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: " + opened.substr(at + 16, 32) +
                  "\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n");
    CHECK(status_of(listener.receive(1000)) == 200);  // a stream never ends: what came within 1 s
    // With its stream open the session is not idle: it cannot make room for another.
    Client second(office.port);
    second.send(post(init.dump()));
    CHECK(status_of(second.receive()) == 503);
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
    CHECK(body_of(as_alice.receive())["result"]["tools"].size() == 9);
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

TEST_CASE("a token revoked while office-mcp --http runs is refused at once, a tokens file turned unsafe refuses everyone", "[http][tokens]") {
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

    REQUIRE(::chmod(dir.file("office.db.tokens").c_str(), 0644) == 0);  // now others could read the hashes
    client.send(modern(4, "tools/list", json::object(), alice));
    CHECK(status_of(client.receive()) == 401);
    CHECK(office.process.stderr_text().find("\"event\":\"tokens\"") != std::string::npos);
}

TEST_CASE("health checks answer without a token on an office with tokens, SIGHUP reopens the log file and serving goes on", "[http][tokens]") {
    TempDir dir;
    const auto alice = add_token(dir, "alice");
    const auto log = dir.file("office.log");
    HttpOffice office(dir, {"--log-file", log});
    for (const auto& [target, said] : {std::pair{"/healthz", R"({"status":"serving"})"}, {"/readyz", R"({"status":"ready"})"}}) {
        Client check(office.port);
        check.send(std::string("GET ") + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        const auto answer = check.receive();
        CHECK(status_of(answer) == 200);
        CHECK(answer.find("\r\n\r\n" + std::string(said) + "\n") != std::string::npos);
    }
    Client client(office.port);
    client.send(modern(1, "tools/list"));
    CHECK(status_of(client.receive()) == 401);  // /mcp still wants its token

    // logrotate: the file is moved away, SIGHUP, and the next lines go to a new file.
    client.send(modern(2, "tools/list", json::object(), alice));
    CHECK(status_of(client.receive()) == 200);
    REQUIRE(::rename(log.c_str(), (log + ".1").c_str()) == 0);
    office.process.kill(SIGHUP);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!std::filesystem::exists(log) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    client.send(modern(3, "tools/list", json::object(), alice));
    CHECK(status_of(client.receive()) == 200);  // the same connection: nothing stopped
    std::ifstream fresh(log), rotated(log + ".1");
    const std::string now((std::istreambuf_iterator<char>(fresh)), {}), before((std::istreambuf_iterator<char>(rotated)), {});
    CHECK(before.find("\"event\":\"start\"") != std::string::npos);
    CHECK(now.find("\"event\":\"reload\"") != std::string::npos);
    CHECK(now.find("\"id\":3") != std::string::npos);
    CHECK(before.find("\"id\":3") == std::string::npos);
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

    office.process.stop();
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

TEST_CASE("stopped under load (SIGTERM, or Ctrl+C on Windows): /readyz turns 503 first, every request read is answered, then exit 0 within the drain timeout", "[http][e2e]") {
    office::testing::TestDatabase db;  // on either backend: also run as postgres.*
    HttpOffice office(db.arg(), {"--drain-delay", "1", "--drain-timeout", "10"});
    using Clock = std::chrono::steady_clock;
    std::atomic<std::int64_t> first_unready_ms{-1}, listener_closed_ms{-1};
    const auto t0 = Clock::now();
    const auto since = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count(); };

    // A balancer's check, on a new connection every 20 ms until nobody listens (the process
    // ends, so that comes; the bound is for a test gone wrong).
    std::thread probe([&] {
        while (since() < 30000) {
            bool connected = false;
            Client check(office.port, connected);
            if (!connected) {
                listener_closed_ms = since();
                return;
            }
            check.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            const auto answer = check.receive(2000);
            if (answer.rfind("HTTP/1.1 503", 0) == 0 && first_unready_ms < 0) first_unready_ms = since();
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    // Eight keep-alive clients ordering lunch, each order noted c3-17 (client 3's 17th); a new
    // connection when the server says Connection: close, and the end when nobody listens.
    struct Outcome {
        std::vector<std::string> acknowledged;
        int cut_after_answers = 0;  // a request lost on a connection that had been answered: never allowed
        int refused_at_the_door = 0;  // a new connection reset before it was accepted (the listen backlog)
    };
    std::vector<Outcome> outcomes(8);
    std::vector<std::thread> clients;
    for (int c = 0; c < 8; ++c) {
        clients.emplace_back([&, c] {
            auto& out = outcomes[static_cast<std::size_t>(c)];
            for (int n = 1;;) {
                bool connected = false;
                Client client(office.port, connected);
                if (!connected) return;
                for (int answered = 0;; ++n, ++answered) {
                    const std::string note = "c" + std::to_string(c) + "-" + std::to_string(n);
                    client.send(modern(n, "tools/call", {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 1}, {"note", note}}}}));
                    const auto reply = client.receive(15000);
                    if (reply.empty()) {
                        (answered > 0 ? out.cut_after_answers : out.refused_at_the_door) += 1;
                        ++n;
                        break;
                    }
                    // (No Catch2 assertions off the main thread: status_of and body_of have them.)
                    const auto at = reply.find("\r\n\r\n");
                    const auto answer = json::parse(at == std::string::npos ? "" : reply.substr(at + 4), nullptr, false);
                    if (reply.rfind("HTTP/1.1 200", 0) == 0 && answer.is_object() && answer.contains("result") &&
                        !answer["result"].value("isError", false))
                        out.acknowledged.push_back(note);
                    if (reply.find("Connection: close\r\n") != std::string::npos) {
                        ++n;
                        break;
                    }
                }
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    const auto signalled_ms = since();
    office.process.stop();
    const int status = office.process.wait(20000);
    const auto exited_ms = since();
    for (auto& t : clients) t.join();
    probe.join();

    std::vector<std::string> acknowledged;
    int cut = 0, at_door = 0;
    for (const auto& o : outcomes) {
        acknowledged.insert(acknowledged.end(), o.acknowledged.begin(), o.acknowledged.end());
        cut += o.cut_after_answers;
        at_door += o.refused_at_the_door;
    }
    std::printf("drain: %zu orders acknowledged, %d cut, %d reset at the door; readyz 503 after %lld ms, "
                "listener closed after %lld ms, exit after %lld ms (of the stop)\n",
                acknowledged.size(), cut, at_door, static_cast<long long>(first_unready_ms - signalled_ms),
                static_cast<long long>(listener_closed_ms - signalled_ms), static_cast<long long>(exited_ms - signalled_ms));
    CHECK(status == 0);
    CHECK(exited_ms - signalled_ms < 10000);
    REQUIRE(first_unready_ms >= 0);
    REQUIRE(listener_closed_ms >= 0);
    CHECK(first_unready_ms >= signalled_ms);
    CHECK(first_unready_ms < listener_closed_ms);  // the balancer could see it before the door closed
    CHECK(listener_closed_ms - signalled_ms >= 900);  // still accepting during the drain delay
    CHECK(cut == 0);
    CHECK(acknowledged.size() > 50);
    // Every order the server took was answered: what the database holds is exactly what was
    // acknowledged, each once (a reset at the door was never read).
    auto stored = db.texts("SELECT note FROM lunch_orders WHERE note LIKE 'c%'");
    std::sort(stored.begin(), stored.end());
    std::sort(acknowledged.begin(), acknowledged.end());
    CHECK(stored == acknowledged);
    CHECK(office.process.stderr_text().find("\"event\":\"drain\"") != std::string::npos);
}

TEST_CASE("under a service manager office-mcp --http says READY, RELOADING, STOPPING and pings the watchdog on $NOTIFY_SOCKET", "[http]") {
    // systemd's side of sd_notify(3): a datagram socket whose path is in $NOTIFY_SOCKET.
    TempDir dir;
    const std::string path = dir.file("notify");
    const int fd = ::socket(AF_UNIX, SOCK_DGRAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    const auto next = [&](int timeout_ms = 5000) -> std::string {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, timeout_ms) != 1) return "<nothing>";
        char datagram[512];
        const auto n = ::recv(fd, datagram, sizeof datagram, 0);
        return n > 0 ? std::string(datagram, static_cast<std::size_t>(n)) : "<nothing>";
    };
    ServerProcess server({"--http", "127.0.0.1:0", "--db", dir.file("office.db"), "--drain-delay", "0.2"},
                         {kKeys, "NOTIFY_SOCKET=" + path, "WATCHDOG_USEC=400000"});
    // The first ping comes as the loop starts; READY=1 once it listens.
    std::vector<std::string> said{next(), next()};
    std::sort(said.begin(), said.end());
    CHECK(said == std::vector<std::string>{"READY=1", "WATCHDOG=1"});
    CHECK(server.stderr_text().find("serving MCP at http://127.0.0.1:") != std::string::npos);
    CHECK(next() == "WATCHDOG=1");  // every half of WATCHDOG_USEC
    server.kill(SIGHUP);
    std::string reload;
    while (reload.find("READY=1") == std::string::npos && reload.size() < 200) reload += next() + " ";
    CHECK(reload.find("RELOADING=1 READY=1") != std::string::npos);
    server.kill(SIGTERM);
    std::string stopping;
    while (stopping.find("STOPPING=1") == std::string::npos && stopping.find("<nothing>") == std::string::npos) stopping += next() + " ";
    CHECK(stopping.find("STOPPING=1") != std::string::npos);
    CHECK(server.wait() == 0);
    ::close(fd);
}
