#pragma once
// office-mcp --http as a client sees it: the real binary on a free port, a raw TCP connection
// and the HTTP/1.1 bytes of MCP requests. Written once for test_http_server.cpp and
// test_http_hostile.cpp.

#include "messages.h"
#include "server_process.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace office::testing {

inline constexpr const char* kKeys = "OFFICE_MCP_STATE_KEYS=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

// office-mcp --http on a free port of 127.0.0.1 (https when `extra` has --tls-cert), over a
// database in `dir`, or over `db` (what --db takes: on the suites' backend, test_database.h). A
// `wrapper` command line runs it (see ServerProcess), e.g. a shell that sends its stdout to a file.
struct HttpOffice {
    ServerProcess process;
    int port = 0;

    HttpOffice(const TempDir& dir, std::vector<std::string> extra = {}, const std::vector<std::string>& wrapper = {})
        : HttpOffice(dir.file("office.db"), std::move(extra), wrapper) {}
    HttpOffice(const std::string& db, std::vector<std::string> extra = {}, const std::vector<std::string>& wrapper = {})
        : process(args(db, std::move(extra)), {kKeys}, wrapper) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < deadline) {
            const auto err = process.stderr_text();
            for (const std::string said : {"serving MCP at http://127.0.0.1:", "serving MCP at https://127.0.0.1:"}) {
                if (const auto at = err.find(said); at != std::string::npos) {
                    port = std::stoi(err.substr(at + said.size()));
                    return;
                }
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        FAIL("office-mcp --http did not say where it serves; stderr:\n" << process.stderr_text());
    }
    // No drain delay unless a test asks for one: SIGTERM stops it as soon as its requests are done.
    static std::vector<std::string> args(const std::string& db, std::vector<std::string> extra) {
        std::vector<std::string> a{"--http", "127.0.0.1:0", "--db", db, "--drain-delay", "0"};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }
};

// A TCP connection to the server.
struct Client {
    int fd = -1;
    explicit Client(int port) { REQUIRE(connect(port)); }
    // Without the REQUIRE: `connected` says whether anyone listens on `port`.
    Client(int port, bool& connected) { connected = connect(port); }
    ~Client() { ::close(fd); }
    Client(const Client&) = delete;
    Client& operator=(const Client&) = delete;
    bool connect(int port) {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<std::uint16_t>(port));
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0;
    }
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

inline std::string post(const std::string& body, const std::string& extra_headers = "") {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           "Accept: application/json, text/event-stream\r\n" + extra_headers +
           "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// A 2026-07-28 request with its mirrored headers.
inline std::string modern(int id, const std::string& method, nlohmann::json params = nlohmann::json::object(),
                          const std::string& token = "") {
    std::string headers = "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: " + method + "\r\n";
    if (!token.empty()) headers += "Authorization: Bearer " + token + "\r\n";
    if (params.contains("name")) headers += "Mcp-Name: " + params["name"].get<std::string>() + "\r\n";
    const nlohmann::json message{{"jsonrpc", "2.0"}, {"id", id}, {"method", method},
                                 {"params", modern_params(std::move(params), {{"elicitation", nlohmann::json::object()}})}};
    return post(message.dump(), headers);
}

inline int status_of(const std::string& response) {
    INFO(response);
    REQUIRE(response.rfind("HTTP/1.1 ", 0) == 0);
    return std::stoi(response.substr(9, 3));
}

inline nlohmann::json body_of(const std::string& response) {
    const auto at = response.find("\r\n\r\n");
    INFO(response);
    REQUIRE(at != std::string::npos);
    return nlohmann::json::parse(response.substr(at + 4));
}

}  // namespace office::testing
