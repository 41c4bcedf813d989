#include "serve_http.h"

#include "http_server.h"
#include "request_state.h"
#include "run_log.h"
#include "sqlite_office_store.h"

#include <memory>
#include <string>

namespace {

// "[HOST:]PORT" into the options; fail() with the form it takes.
void parse_address(const std::string& text, office::HttpServerOptions& h) {
    std::string port = text;
    if (const auto colon = text.rfind(':'); colon != std::string::npos) {
        h.host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (h.host.size() > 1 && h.host.front() == '[' && h.host.back() == ']') h.host = h.host.substr(1, h.host.size() - 2);
    }
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535)
        fail("--http needs [HOST:]PORT, e.g. 8080 or 0.0.0.0:8080 (PORT 0 picks a free one)");
    h.port = static_cast<unsigned short>(std::stoi(port));
    if (h.host == "localhost") h.host = "127.0.0.1";
}

}  // namespace

int serve_http(const Options& o, LogSink::WriteAll write_all) {
    office::HttpServerOptions h;
    parse_address(o.http, h);
    const auto loopback = office::is_loopback_address(h.host);
    if (!loopback) fail("--http needs an IP address to listen on (or localhost), not " + h.host);
    if (!*loopback && !o.insecure_no_auth)
        fail("refusing to serve " + h.host + " without tokens: anyone who reaches the port could call issue_refund "
             "(add tokens with `office-mcp token add NAME`, or pass --insecure-no-auth)");
    h.request_timeout = std::chrono::seconds(o.request_timeout);
    h.max_connections = static_cast<std::size_t>(o.max_connections);
    const auto tools = enabled_tools(o);
    h.endpoint.tools = tools;
    // Unlike stdio, the store opens now: an HTTP office is a service, and a database that
    // cannot work should stop it before it listens, not at the first call.
    try {
        office::check_database_location(o.db);
        h.endpoint.store = office::open_office_store(o.db, o.durability);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    h.endpoint.open_sealer = [&] { return std::make_unique<office::StateSealer>(office::load_state_keys(o.db), o.state_ttl); };
    h.endpoint.allowed_origins = o.allowed_origins;
    h.endpoint.allow_loopback_origins = *loopback;

    LogSink log(o.log_file, write_all);
    // Requests come one at a time from many clients: each line leaves at once.
    office::Logger logger(o.log_level, [&](std::string_view line) {
        log.write(line);
        log.flush();
    });
    h.endpoint.logger = &logger;
    auto start = start_line(o, tools);
    start["http"] = o.http;
    logger.event(office::LogLevel::Info, "start", start);
    int status = 0;
    try {
        status = office::serve_http(std::move(h));
    } catch (const std::exception& e) {
        fail("cannot serve HTTP on " + o.http + ": " + e.what());
    }
    logger.event(office::LogLevel::Info, "stop", stop_line(o, "signal", status, {}));
    return status;
}
