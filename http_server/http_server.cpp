// The HTTP front end's Server (http_server_internal.h): the listener, the groups of requests
// handed to the endpoint at once, the drain on SIGTERM, SIGHUP's reload, the TLS files watched,
// the service manager told. One client's connection is http_connection.cpp.

#include "http_server_internal.h"

namespace office {
namespace http_server_internal {

int Server::run() {
    const auto address = net::ip::make_address(options_.host);
    const tcp::endpoint where(address, options_.port);
    acceptor_.open(where.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(where);
    acceptor_.listen(net::socket_base::max_listen_connections);
    const auto bound = acceptor_.local_endpoint();
    const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
    const std::string url = std::string(options_.tls ? "https" : "http") + "://" + host + ":" + std::to_string(bound.port()) + "/mcp";
    if (options_.listening) options_.listening(url);
    std::fprintf(stderr, "office-mcp: serving MCP at %s\n", url.c_str());
    std::fflush(stderr);
    accept();
    sweep();
    watch();
    watch_tls_files();
    ping_watchdog();
    wait_for_signal();
    // Windows: the console's Ctrl+C, Ctrl+Break or close is its SIGTERM: drain, and a second stops at once.
    if (options_.watch_console)
        options_.watch_console([this](const char* what) { net::post(io_, [this, what] { stop_asked(what); }); });
    notify("READY=1");
    io_.run();
    if (options_.watch_console) options_.watch_console(nullptr);
    return status_;
}

void Server::accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted) return;
        if (ec) return accept_later(ec);
        accept_failing_ = false;
        if (options_.tls)
            std::make_shared<HttpConnection<TlsStream>>(std::move(socket), *this, options_.tls->context())->start();
        else
            std::make_shared<HttpConnection<PlainStream>>(std::move(socket), *this)->start();
        accept();
    });
}

void Server::accept_later(const beast::error_code& ec) {
    if (!accept_failing_) log("accept", {{"problem", ec.message()}, {"connections", open_.size()}}, LogLevel::Warn);
    accept_failing_ = true;
    accept_retry_.expires_after(std::chrono::milliseconds(100));
    accept_retry_.async_wait([this](beast::error_code e) {
        if (!e && acceptor_.is_open()) accept();
    });
}

void Server::answer_pending() {
    std::vector<Pending> group;
    group.swap(pending_);
    std::vector<http::Exchange*> exchanges;
    exchanges.reserve(group.size());
    for (auto& p : group) exchanges.push_back(&p.exchange);
    if (options_.round) options_.round(true);
    endpoint_.handle(exchanges);
    if (options_.round) options_.round(false);
    for (auto& p : group) p.connection->respond(std::move(p.exchange.response));
}

void Server::push(std::uint64_t stream, std::string_view events, bool end) {
    const auto it = streams_.find(stream);
    if (it == streams_.end()) return;
    auto connection = it->second;
    if (end) streams_.erase(it);
    connection->push(events, end);
}

void Server::sweep() {
    sweep_.expires_after(std::chrono::seconds(30));
    sweep_.async_wait([this](beast::error_code ec) {
        if (ec) return;
        endpoint_.expire_sessions();
        sweep();
    });
}

void Server::watch() {
    watch_.expires_after(std::chrono::milliseconds(500));
    watch_.async_wait([this](beast::error_code ec) {
        if (ec) return;
        // office-mcp restore --force put another office under the name: the sessions of
        // this process hold state of the old one, so it stops as on SIGTERM (in-flight
        // requests answered) with a status that asks its manager to start it again.
        if (!draining_ && endpoint_.store_replaced()) {
            log("office_replaced", {{"problem", "the office was replaced (office-mcp restore --force): stopping so "
                                                "that a new start serves the restored one"}});
            status_ = kReplacedStatus;
            return start_drain();
        }
        endpoint_.poll();
        watch();
    });
}

void Server::watch_tls_files() {
    if (!options_.tls) return;
    tls_watch_.expires_after(std::chrono::seconds(1));
    tls_watch_.async_wait([this](beast::error_code ec) {
        if (ec) return;
        options_.tls->refresh();
        watch_tls_files();
    });
}

void Server::ping_watchdog() {
    if (options_.watchdog.count() <= 0) return;
    notify("WATCHDOG=1");
    watchdog_.expires_after(options_.watchdog);
    watchdog_.async_wait([this](beast::error_code ec) {
        if (!ec) ping_watchdog();
    });
}

void Server::wait_for_signal() {
    signals_.async_wait([this](beast::error_code ec, int signal) {
        if (ec) return;
        if (signal == kReloadSignal) {
            notify("RELOADING=1");
            if (options_.reload) options_.reload();
            notify("READY=1");
        } else if (signal == SIGINT || draining_) {
            log("stop_now", {{"signal", signal == SIGINT ? "SIGINT" : "SIGTERM"}, {"connections", open_.size()}});
            return stop_now();
        } else {
            start_drain();
        }
        wait_for_signal();
    });
}

void Server::stop_asked(const char* what) {
    if (!draining_) return start_drain();
    log("stop_now", {{"signal", what}, {"connections", open_.size()}});
    stop_now();
}

void Server::start_drain() {
    draining_ = true;
    endpoint_.start_draining();
    notify("STOPPING=1");
    log("drain", {{"delay_ms", options_.drain_delay.count()}, {"timeout_ms", options_.drain_timeout.count()},
                  {"connections", open_.size()}});
    deadline_.expires_after(options_.drain_timeout);
    deadline_.async_wait([this](beast::error_code ec) {
        if (ec) return;
        log("drain_timeout", {{"connections_cut", open_.size()}});
        io_.stop();
    });
    drain_.expires_after(options_.drain_delay);
    drain_.async_wait([this](beast::error_code ec) {
        if (!ec) close_listener();
    });
}

void Server::close_listener() {
    stop_accepting();
    closing_ = true;
    endpoint_.close();  // open streams get their last events (a listen's completion result)
    close_waiting(true);
    if (open_.empty()) return io_.stop();
    drain_.expires_after(kFirstRequestGrace);
    drain_.async_wait([this](beast::error_code ec) {
        if (!ec) close_waiting(false);
    });
}

void Server::stop_accepting() {
    beast::error_code ignored;
    acceptor_.close(ignored);
    accept_retry_.cancel();
    sweep_.cancel();
    watch_.cancel();
    tls_watch_.cancel();
}

void Server::close_waiting(bool answered_only) {
    const std::vector<Peer*> open(open_.begin(), open_.end());
    for (auto* connection : open)
        if (connection->waiting() && (connection->answered() || !answered_only)) connection->close();
}

void Server::stop_now() {
    stop_accepting();
    drain_.cancel();
    const bool streaming = !streams_.empty();
    endpoint_.close();  // open streams get their last events (a listen's completion result)
    if (!streaming) return io_.stop();
    // Give those last events a moment to reach their clients, then stop whatever remains.
    deadline_.expires_after(std::chrono::milliseconds(500));
    deadline_.async_wait([this](beast::error_code) { io_.stop(); });
}

http::EndpointOptions Server::endpoint_options() {
    http::EndpointOptions o = options_.endpoint;
    o.open_connections = [this] { return static_cast<std::int64_t>(open_.size()); };
    return o;
}

void Server::notify(std::string_view state) {
    if (options_.notify) options_.notify(state);
}

void Server::log(std::string_view event, const nlohmann::ordered_json& fields, LogLevel level) {
    if (options_.endpoint.logger) options_.endpoint.logger->event(level, event, fields);
}

}  // namespace http_server_internal

using http_server_internal::Server;
std::optional<bool> is_loopback_address(const std::string& host) {
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(host, ec);
    if (ec) return std::nullopt;
    return address.is_loopback();
}

int serve_http(HttpServerOptions options) {
    Server server(std::move(options));
    return server.run();
}

}  // namespace office
