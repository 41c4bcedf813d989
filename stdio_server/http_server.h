#pragma once
// office-mcp --http: the bytes of Streamable HTTP (docs/architecture.md, "HTTP"). One thread,
// one event loop (Boost.Asio), keep-alive connections, no thread per connection. Everything
// MCP-specific is in core/http/http_endpoint.h; this file reads requests with Boost.Beast's parser,
// hands every request at hand to the endpoint at once (group commit), and writes responses,
// SSE streams included.

#include "http_endpoint.h"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace office {

struct HttpServerOptions {
    std::string host = "127.0.0.1";  // an address, not a name: what to bind
    unsigned short port = 0;         // 0: any free port (the line on stderr says which)
    http::EndpointOptions endpoint;
    std::size_t max_connections = 512;    // more are answered 503 and closed
    std::size_t max_header_bytes = 16 * 1024;
    std::size_t max_headers = 100;
    // A request must arrive whole within this (slow clients, slowloris); an idle keep-alive
    // connection is closed after it too. A response must be taken within it as well.
    std::chrono::seconds request_timeout{30};
};

// Whether `host` is a loopback address (127.0.0.0/8, ::1); nullopt when it is not an IP address.
std::optional<bool> is_loopback_address(const std::string& host);

// Serves until SIGINT, SIGTERM or SIGHUP. Prints "office-mcp: serving MCP at URL" on stderr
// once listening. Returns the exit status; throws std::runtime_error when it cannot listen.
int serve_http(HttpServerOptions options);

}  // namespace office
