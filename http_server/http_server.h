#pragma once
// office-mcp --http: the bytes of Streamable HTTP (docs/architecture.md, "HTTP"). One thread,
// one event loop (Boost.Asio), keep-alive connections, no thread per connection. Everything
// MCP-specific is in core/http/http_endpoint.h; this file reads requests with Boost.Beast's parser,
// hands every request at hand to the endpoint at once (group commit), and writes responses,
// SSE streams included.

#include "http_endpoint.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace office {

class TlsContext;  // tls_context.h

struct HttpServerOptions {
    std::string host = "127.0.0.1";  // an address, not a name: what to bind
    unsigned short port = 0;         // 0: any free port (the line on stderr says which)
    http::EndpointOptions endpoint;
    // https (--tls-cert, --tls-key) when set: each new connection takes its current context; the
    // server looks at the files every second (and SIGHUP's `reload` makes it read them).
    std::shared_ptr<TlsContext> tls;
    // More are answered 503 and closed. The default is what fits in 64 MiB whatever the
    // connections hold while idle: office-bench --http-memory measured 3.1 KiB per idle
    // keep-alive connection, 6.8 KiB per open SSE stream (with its connection) and 1.9 KiB per
    // 2025 session without one (2,000 of each held); 8,192 streams are 54 MiB, and the
    // sessions' cap (max_sessions) adds 2 MiB. Each is an open file too: serve_http raises the
    // soft limit to match. Requests being read or answered hold their bodies on top.
    std::size_t max_connections = 8192;
    std::size_t max_header_bytes = 16 * 1024;
    std::size_t max_headers = 100;
    // A request must arrive whole within this (slow clients, slowloris), the TLS handshake
    // before it included; an idle keep-alive connection is closed after it too. A response must
    // be taken within it as well.
    std::chrono::seconds request_timeout{30};
    // SIGTERM drains (docs/architecture.md, "Stopping"): /readyz turns 503 at once; requests
    // are served for drain_delay more (with Connection: close), so a balancer sees it first;
    // then the listener closes, idle connections close, open streams get their last events,
    // and the process ends once every connection is done, at drain_timeout after the signal
    // at the latest. A second SIGTERM, or SIGINT at any time, stops at once.
    std::chrono::milliseconds drain_delay{5000};
    std::chrono::milliseconds drain_timeout{30000};
    // SIGHUP: re-read what can change without a restart (tokens, the log file, the TLS files).
    std::function<void()> reload;
    // Called once the port is bound, before any request is read, with the MCP endpoint's URL
    // (http://127.0.0.1:PORT/mcp): with port 0, the first moment the URL is known.
    std::function<void(const std::string& url)> listening;
    // Told when a group of requests is about to be answered (true) and when it has been (false),
    // before any of its responses is written: serve_http writes the group's log lines in one go
    // then, and looks at the tokens file once per group instead of once per request.
    std::function<void(bool starting)> round;
    // The service manager (stdio_server/service_manager.h): told READY=1, RELOADING=1,
    // STOPPING=1, and WATCHDOG=1 every `watchdog` (0: no watchdog) while the loop runs.
    std::function<void(std::string_view state)> notify;
    std::chrono::microseconds watchdog{0};
    // Windows: the console's Ctrl+C, Ctrl+Break and close, a second source of SIGTERM's drain.
    // Given a handler while the server runs and nullptr after (process::on_console_stop).
    std::function<void(std::function<void(const char* what)>)> watch_console;
};

// Whether `host` is a loopback address (127.0.0.0/8, ::1); nullopt when it is not an IP address.
std::optional<bool> is_loopback_address(const std::string& host);

// Serves until SIGINT, or SIGTERM and its drain. Prints "office-mcp: serving MCP at URL" on stderr
// once listening (https:// with TLS). Returns the exit status; throws std::runtime_error when it cannot listen.
int serve_http(HttpServerOptions options);

// serve_http's status when it stopped because `office-mcp restore --force` replaced the office
// (EX_TEMPFAIL): its manager starts it again (Restart=on-failure) on the restored office.
inline constexpr int kReplacedStatus = 75;

}  // namespace office
