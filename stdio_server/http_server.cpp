#include "http_server.h"

#include "process_life.h"
#include "tls_context.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace office {

namespace {
#ifdef SIGHUP
constexpr int kReloadSignal = SIGHUP;  // re-read the tokens and TLS files, reopen the log
#else
constexpr int kReloadSignal = 0;  // Windows has none: the files are watched for changes all the same
#endif

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using PlainStream = beast::tcp_stream;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

class Server;

void append_status_line(std::string& out, int status) {
    const auto reason = bhttp::obsolete_reason(static_cast<bhttp::status>(status));
    out += "HTTP/1.1 ";
    out += std::to_string(status);
    out += ' ';
    out.append(reason.data(), reason.size());
    out += "\r\n";
}

void append_header(std::string& out, std::string_view name, std::string_view value) {
    out.append(name);
    out += ": ";
    out.append(value);
    out += "\r\n";
}

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string chunk(std::string_view data) {
    char size[32];
    std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string out = size;
    out.append(data);
    out += "\r\n";
    return out;
}

// A connection as the server sees it, whichever its stream (HttpConnection below).
class Peer : public std::enable_shared_from_this<Peer> {
public:
    virtual ~Peer() = default;
    virtual void start() = 0;
    virtual void respond(http::Response response) = 0;
    virtual void push(std::string_view events, bool end) = 0;
    // Waiting for a request of which nothing has arrived. When the listener closes, such a
    // connection kept alive after a response is closed at once; a new one (`answered()` false)
    // a moment later, since its client is likely about to send its first request.
    virtual bool waiting() const = 0;
    virtual bool answered() const = 0;
    virtual void close() = 0;
};

// One client's connection: reads requests one at a time (no pipelining), queues each for the
// server's next group, writes its response (or keeps an SSE stream open for pushes). One code
// for both streams: plain TCP (beast::tcp_stream) and TLS over it (beast::ssl_stream); only the
// start (the handshake) and the end after a last response (close_notify) differ, and timeouts
// and closing act on the TCP stream beneath either (lowest()).
template <class Stream>
class HttpConnection final : public Peer {
public:
    static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;
    HttpConnection(tcp::socket socket, Server& server) requires(!kTls) : stream_(std::move(socket)), server_(server) {}
    // TLS: the context current when the connection was accepted, kept for its life.
    HttpConnection(tcp::socket socket, Server& server, std::shared_ptr<ssl::context> context) requires kTls
        : context_(std::move(context)), stream_(std::move(socket), *context_), server_(server) {}
    void start() override;
    void respond(http::Response response) override;
    void push(std::string_view events, bool end) override;
    bool waiting() const override { return reading_ && !parser_->got_some() && buffer_.size() == 0; }
    bool answered() const override { return answered_; }
    void close() override;

private:
    std::shared_ptr<HttpConnection> self() { return std::static_pointer_cast<HttpConnection>(shared_from_this()); }
    beast::tcp_stream& lowest() { return beast::get_lowest_layer(stream_); }
    void serve();
    void read();
    void on_header(beast::error_code ec);
    bool take_head(http::Request& request);
    void on_read(beast::error_code ec);
    void refuse(int status, std::string_view message);
    void send(std::string bytes);
    void write_next();
    void after_response();
    void finish();
    void linger();
    void watch_for_close();

    std::string remote_;  // the client's address, asked once (every request carries it)
    std::shared_ptr<ssl::context> context_;  // TLS only; before stream_, which uses it
    Stream stream_;
    Server& server_;
    beast::flat_buffer buffer_;
    std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
    std::deque<std::string> outbox_;
    bool writing_ = false;
    bool reading_ = false;
    bool answered_ = false;  // a response has been written on it
    bool keep_alive_ = true;
    bool head_ = false;       // the request is HEAD: its response has no body
    bool interim_ = false;    // a 100 Continue is being written, not the response
    std::size_t header_fields_ = 0;  // the fields of the header section; trailer fields come after
    bool streaming_ = false;  // an SSE response is open: its pushes come from the endpoint
    bool watching_ = false;   // a read for the client's close is pending (watch_for_close)
    std::uint64_t stream_id_ = 0;
    bool closed_ = false;
};

class Server {
public:
    // How long a connection accepted before the listener closed may take to send its first
    // request while the server drains.
    static constexpr auto kFirstRequestGrace = std::chrono::milliseconds(500);

    explicit Server(HttpServerOptions options)
        : options_(std::move(options)),
          acceptor_(io_),
          accept_retry_(io_),
          endpoint_(endpoint_options(), [this](std::uint64_t stream, std::string_view events, bool end) { push(stream, events, end); }),
          sweep_(io_),
          watch_(io_),
          tls_watch_(io_),
          drain_(io_),
          deadline_(io_),
          watchdog_(io_),
          signals_(io_, SIGINT, SIGTERM) {
        if (kReloadSignal) signals_.add(kReloadSignal);
    }

    int run() {
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
        process::on_console_stop([this](const char* what) { net::post(io_, [this, what] { stop_asked(what); }); });
        notify("READY=1");
        io_.run();
        process::on_console_stop(nullptr);
        return status_;
    }

    const HttpServerOptions& options() const { return options_; }
    // A response the transport wrote itself (a malformed request, too many connections).
    // Counted and logged like the endpoint's own refusals (Endpoint::log_refusal).
    void refused(int status, std::string_view reason, const std::string& remote) {
        endpoint_.metrics().http_response(status);
        if (auto* logger = options_.endpoint.logger)
            logger->event(status >= 500 ? LogLevel::Warn : LogLevel::Info, "refused",
                          {{"status", status}, {"reason", reason}, {"remote", remote}});
    }
    // Expect: 100-continue (HttpConnection::on_header): the endpoint judges the headers alone.
    bool screen(http::Exchange& exchange) {
        if (options_.round) options_.round(true);
        const bool go = endpoint_.screen(exchange);
        if (options_.round) options_.round(false);
        return go;
    }
    bool over_limit() const { return open_.size() > options_.max_connections; }
    bool draining() const { return draining_; }
    void opened(Peer* connection) { open_.insert(connection); }
    void closed(Peer* connection, std::uint64_t stream) {
        open_.erase(connection);
        if (stream) {
            streams_.erase(stream);
            endpoint_.stream_closed(stream);
        }
        if (closing_ && open_.empty()) io_.stop();  // drained: every connection is done
    }

    // A whole request: answered with the others at hand, in the next round (answer_pending).
    void queue(std::shared_ptr<Peer> connection, http::Request request) {
        pending_.push_back({std::move(connection), http::Exchange{std::move(request), {}}});
        if (pending_.size() == 1) net::post(io_, [this] { answer_pending(); });
    }
    // An open stream keeps its connection alive (no read or write may be pending on it).
    void stream_opened(std::uint64_t stream, std::shared_ptr<Peer> connection) {
        streams_[stream] = std::move(connection);
    }
    // A client that connected to the TLS port and did not complete a handshake: plain HTTP, an
    // old TLS version, no cipher in common, a port scanner, or silence past the request timeout.
    // Its problem, not the server's: a debug line.
    void handshake_failed(const beast::error_code& ec) {
        log("tls_handshake", {{"problem", ec.message()}}, LogLevel::Debug);
    }

private:
    struct Pending {
        std::shared_ptr<Peer> connection;
        http::Exchange exchange;
    };

    void accept() {
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

    // Out of open files (EMFILE, ENFILE; the hard limit below --max-connections) or another
    // accept error: the new connection waits in the listen queue until one closes. Accepting
    // again at once would fail at once, a loop taking a whole CPU, so again in 100 ms; logged
    // once for each stretch of failures.
    void accept_later(const beast::error_code& ec) {
        if (!accept_failing_) log("accept", {{"problem", ec.message()}, {"connections", open_.size()}}, LogLevel::Warn);
        accept_failing_ = true;
        accept_retry_.expires_after(std::chrono::milliseconds(100));
        accept_retry_.async_wait([this](beast::error_code e) {
            if (!e && acceptor_.is_open()) accept();
        });
    }

    // Every request read since the last round is one group: one commit for their writes.
    void answer_pending() {
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

    void push(std::uint64_t stream, std::string_view events, bool end) {
        const auto it = streams_.find(stream);
        if (it == streams_.end()) return;
        auto connection = it->second;
        if (end) streams_.erase(it);
        connection->push(events, end);
    }

    void sweep() {
        sweep_.expires_after(std::chrono::seconds(30));
        sweep_.async_wait([this](beast::error_code ec) {
            if (ec) return;
            endpoint_.expire_sessions();
            sweep();
        });
    }

    // Change notifications: other processes write the same database, so look now and then
    // (core/http/http_endpoint.h, poll; nothing is read while nobody watches).
    void watch() {
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

    // A renewed certificate (certbot, an ACME client, cp) is served from the next connection on,
    // within a second, without a signal; bad files keep the old one (tls_context.h).
    void watch_tls_files() {
        if (!options_.tls) return;
        tls_watch_.expires_after(std::chrono::seconds(1));
        tls_watch_.async_wait([this](beast::error_code ec) {
            if (ec) return;
            options_.tls->refresh();
            watch_tls_files();
        });
    }

    // Pinged from the loop itself: a loop that hangs stops pinging, and the manager restarts it.
    void ping_watchdog() {
        if (options_.watchdog.count() <= 0) return;
        notify("WATCHDOG=1");
        watchdog_.expires_after(options_.watchdog);
        watchdog_.async_wait([this](beast::error_code ec) {
            if (!ec) ping_watchdog();
        });
    }

    void wait_for_signal() {
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

    // A stop the console asked for (Windows): the first drains, as SIGTERM; the next stops now.
    void stop_asked(const char* what) {
        if (!draining_) return start_drain();
        log("stop_now", {{"signal", what}, {"connections", open_.size()}});
        stop_now();
    }

    // SIGTERM: unready at once, still serving for drain_delay, then no new connections.
    void start_drain() {
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

    // The end of the delay: the listener closes, idle connections close, open streams get
    // their last events; the rest close after their response (Connection: close), or, when
    // nothing has come on them, after kFirstRequestGrace.
    void close_listener() {
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

    void stop_accepting() {
        beast::error_code ignored;
        acceptor_.close(ignored);
        accept_retry_.cancel();
        sweep_.cancel();
        watch_.cancel();
        tls_watch_.cancel();
    }

    void close_waiting(bool answered_only) {
        const std::vector<Peer*> open(open_.begin(), open_.end());
        for (auto* connection : open)
            if (connection->waiting() && (connection->answered() || !answered_only)) connection->close();
    }

    // SIGINT, or a second signal: open streams get their last events, then the process ends.
    void stop_now() {
        stop_accepting();
        drain_.cancel();
        const bool streaming = !streams_.empty();
        endpoint_.close();  // open streams get their last events (a listen's completion result)
        if (!streaming) return io_.stop();
        // Give those last events a moment to reach their clients, then stop whatever remains.
        deadline_.expires_after(std::chrono::milliseconds(500));
        deadline_.async_wait([this](beast::error_code) { io_.stop(); });
    }

    http::EndpointOptions endpoint_options() {
        http::EndpointOptions o = options_.endpoint;
        o.open_connections = [this] { return static_cast<std::int64_t>(open_.size()); };
        return o;
    }

    void notify(std::string_view state) {
        if (options_.notify) options_.notify(state);
    }

    void log(std::string_view event, const nlohmann::ordered_json& fields, LogLevel level = LogLevel::Info) {
        if (options_.endpoint.logger) options_.endpoint.logger->event(level, event, fields);
    }

    HttpServerOptions options_;
    net::io_context io_{1};
    tcp::acceptor acceptor_;
    net::steady_timer accept_retry_;
    bool accept_failing_ = false;
    http::Endpoint endpoint_;
    net::steady_timer sweep_;
    net::steady_timer watch_;
    net::steady_timer tls_watch_;
    net::steady_timer drain_;     // the end of the drain delay
    net::steady_timer deadline_;  // the drain timeout (or the last events' moment)
    net::steady_timer watchdog_;
    net::signal_set signals_;
    std::vector<Pending> pending_;
    std::map<std::uint64_t, std::shared_ptr<Peer>> streams_;
    std::unordered_set<Peer*> open_;
    int status_ = 0;  // run()'s: kReplacedStatus after the office was replaced
    bool draining_ = false;  // SIGTERM came: /readyz is 503, every response closes its connection
    bool closing_ = false;   // the drain delay is over: no new connections; done when none is open
};

template <class Stream>
void HttpConnection<Stream>::start() {
    server_.opened(this);
    if constexpr (kTls) {
        // The handshake is the start of the first request: within the request timeout too, so a
        // client that connects and never says hello is dropped like a slow one.
        lowest().expires_after(server_.options().request_timeout);
        stream_.async_handshake(ssl::stream_base::server, [self = self()](beast::error_code ec) {
            if (!ec) return self->serve();
            self->server_.handshake_failed(ec);
            self->close();
        });
    } else {
        serve();
    }
}

template <class Stream>
void HttpConnection<Stream>::serve() {
    beast::error_code ec;
    const auto peer = lowest().socket().remote_endpoint(ec);
    if (!ec) remote_ = peer.address().to_string();
    if constexpr (!kTls) lowest().socket().non_blocking(true, ec);  // for write_next's direct writes
    if (server_.over_limit()) {
        keep_alive_ = false;
        refuse(503, "Service Unavailable: too many connections");
        return;
    }
    read();
}

template <class Stream>
void HttpConnection<Stream>::read() {
    head_ = false;  // a refusal before the request line is taken has a body, whatever came before
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_.options().max_header_bytes));
    parser_->body_limit(server_.options().endpoint.max_body);
    lowest().expires_after(server_.options().request_timeout);
    reading_ = true;
    bhttp::async_read_header(stream_, buffer_, *parser_, [self = self()](beast::error_code ec, std::size_t) { self->on_header(ec); });
}

// The header section is in: its framing is judged before any body is read (RFC 9112 section 6),
// and a client that sent Expect: 100-continue is told to go on once the endpoint has judged the
// headers, or gets its refusal at once. Either refusal closes the connection: the body was not
// read, so where the next request would begin is not known.
template <class Stream>
void HttpConnection<Stream>::on_header(beast::error_code ec) {
    if (ec) return on_read(ec);
    reading_ = false;
    const auto& message = parser_->get();
    const bool http_1_0 = message.version() < 11;
    std::optional<std::string> transfer_encoding, expect;
    bool content_length = false;
    header_fields_ = 0;
    for (const auto& field : message) {
        ++header_fields_;
        const std::string_view value(field.value().data(), field.value().size());
        const auto join = [&](std::optional<std::string>& to) { to = to ? *to + ", " + std::string(value) : std::string(value); };
        if (field.name() == bhttp::field::transfer_encoding) join(transfer_encoding);
        else if (field.name() == bhttp::field::content_length) content_length = true;
        else if (field.name() == bhttp::field::expect) join(expect);
    }
    keep_alive_ = false;  // until the request is whole: every refusal here closes
    if (const auto refusal = http::framing_refusal(transfer_encoding, content_length, http_1_0))
        return refuse(refusal.status, refusal.reason);
    const auto expected = http::expectation(expect, http_1_0);
    if (expected.refusal) return refuse(expected.refusal.status, expected.refusal.reason);
    if (expected.wait_for_100 && !parser_->is_done()) {
        http::Exchange exchange;
        if (!take_head(exchange.request)) return;
        if (!server_.screen(exchange)) return respond(std::move(exchange.response));
        // Written beside the body's read (one read and one write may be pending at once), under
        // the request's own deadline.
        interim_ = true;
        send("HTTP/1.1 100 Continue\r\n\r\n");
    }
    reading_ = true;
    bhttp::async_read(stream_, buffer_, *parser_, [self = self()](beast::error_code e, std::size_t) { self->on_read(e); });
}

// The request line and header fields as the endpoint takes them (names lowercased, one value
// each). Trailer fields, which Beast's parser adds after them, are left out: a field that was not
// in the header section (a token in a trailer) must not count as one. False: refused.
template <class Stream>
bool HttpConnection<Stream>::take_head(http::Request& request) {
    const auto& message = parser_->get();
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    std::size_t count = 0;
    for (const auto& field : message) {
        if (count == header_fields_) break;
        if (++count > server_.options().max_headers) {
            refuse(431, "Request Header Fields Too Large: too many fields");
            return false;
        }
        const auto raw = field.name_string();
        std::string name(raw.size(), '\0');
        std::transform(raw.begin(), raw.end(), name.begin(), ascii_lower);
        const std::string_view value(field.value().data(), field.value().size());
        const auto [it, inserted] = request.headers.try_emplace(std::move(name), value);
        if (inserted) continue;
        if (it->first != "accept") {
            refuse(400, "Bad Request: header " + it->first + " is repeated");
            return false;
        }
        it->second.append(", ").append(value);
    }
    request.remote = remote_;
    head_ = request.method == "HEAD";
    return true;
}

template <class Stream>
void HttpConnection<Stream>::on_read(beast::error_code ec) {
    reading_ = false;
    if (ec == bhttp::error::end_of_stream || ec == beast::error::timeout || ec == net::error::eof ||
        ec == net::error::connection_reset || ec == net::error::operation_aborted ||
        ec.category() == net::error::get_ssl_category() || ec == ssl::error::stream_truncated) {
        // Gone, or silent too long (slowloris): nothing to answer. A request cut short by the
        // timeout gets no response either; the client stopped sending it. A TLS error (a
        // record that does not decrypt, a FIN without close_notify) leaves nothing to answer on.
        return close();
    }
    keep_alive_ = false;  // after a malformed request, the stream cannot be trusted
    if (ec == bhttp::error::body_limit)
        return refuse(413, "Payload Too Large: a message may hold at most " +
                               std::to_string(server_.options().endpoint.max_body) + " bytes");
    if (ec == bhttp::error::header_limit) return refuse(431, "Request Header Fields Too Large");
    if (ec) return refuse(400, "Bad Request: " + ec.message());

    auto& message = parser_->get();
    http::Request request;
    if (!take_head(request)) return;
    request.body = std::move(message.body());
    keep_alive_ = message.keep_alive();
    lowest().expires_never();  // until the response is written
    server_.queue(shared_from_this(), std::move(request));
}

template <class Stream>
void HttpConnection<Stream>::respond(http::Response response) {
    interim_ = false;  // the next time the outbox empties, this response has gone
    if (server_.draining()) keep_alive_ = false;  // the client's next request goes to a new connection
    std::size_t size = 128 + response.body.size();
    for (const auto& [name, value] : response.headers) size += name.size() + value.size() + 4;
    std::string bytes;
    bytes.reserve(size);
    append_status_line(bytes, response.status);
    for (const auto& [name, value] : response.headers) append_header(bytes, name, value);
    if (!keep_alive_) append_header(bytes, "Connection", "close");
    if (response.open_stream) {
        bytes += "Transfer-Encoding: chunked\r\n\r\n";
        bytes += chunk(response.body);
        streaming_ = true;
        stream_id_ = response.stream;
        server_.stream_opened(stream_id_, shared_from_this());
        watch_for_close();
    } else {
        append_header(bytes, "Content-Length", std::to_string(response.body.size()));
        bytes += "\r\n";
        if (!head_) bytes += response.body;  // HEAD: the length a GET's body would have, and no body
    }
    send(std::move(bytes));
}

template <class Stream>
void HttpConnection<Stream>::push(std::string_view events, bool end) {
    if (!streaming_ || closed_) return;
    std::string bytes;
    if (!events.empty()) bytes = chunk(events);
    if (end) {
        bytes += "0\r\n\r\n";
        streaming_ = false;
        stream_id_ = 0;
        // A stream that ends while the server drains closes its connection, as a response
        // then would have said (its headers went out before the signal).
        if (server_.draining()) keep_alive_ = false;
    }
    send(std::move(bytes));
}

template <class Stream>
void HttpConnection<Stream>::refuse(int status, std::string_view message) {
    server_.refused(status, message, remote_);
    http::Response response;
    response.status = status;
    response.headers.emplace_back("Content-Type", "application/json");
    std::string body;
    append_line(body, make_error(nullptr, rpc::kInvalidRequest, message));
    response.body = std::move(body);
    respond(std::move(response));
}

template <class Stream>
void HttpConnection<Stream>::send(std::string bytes) {
    if (closed_) return;
    if (!bytes.empty()) outbox_.push_back(std::move(bytes));
    if (!writing_) write_next();
}

template <class Stream>
void HttpConnection<Stream>::write_next() {
    if constexpr (!kTls) {
        // A response almost always fits the socket's buffer: written at once, without an
        // asynchronous write and its timer (the socket is non-blocking: serve()). What does not
        // fit goes the asynchronous way, under the request timeout.
        while (!outbox_.empty()) {
            beast::error_code ec;
            const std::size_t n = lowest().socket().write_some(net::buffer(outbox_.front()), ec);
            if (ec == net::error::would_block || ec == net::error::try_again) break;
            if (ec) return close();
            if (n < outbox_.front().size()) {
                outbox_.front().erase(0, n);
                break;
            }
            outbox_.pop_front();
        }
    }
    if (outbox_.empty()) {
        writing_ = false;
        if (!streaming_ && !std::exchange(interim_, false)) after_response();
        return;
    }
    writing_ = true;
    // A client that does not read what it asked for is dropped, not waited on for ever. (With
    // a watch pending this sets the write's timeout only; the watch's read has none.) A 100
    // Continue goes under the deadline of the request still being read.
    if (!interim_) lowest().expires_after(server_.options().request_timeout);
    net::async_write(stream_, net::buffer(outbox_.front()), [self = self()](beast::error_code ec, std::size_t) {
        if (ec) return self->close();
        self->outbox_.pop_front();
        if (self->streaming_ && self->outbox_.empty()) self->lowest().expires_never();
        self->write_next();
    });
}

// Closing the stream is how a client cancels (and how it goes away): noticed while we wait for
// the person, not only at the next write. So while a stream is open the connection reads: the
// end of input, or an error, is the client leaving. The read goes through the stream, TLS
// included: a TLS client closes with close_notify before its FIN, bytes that a peek at the
// socket could not tell from a next request. What a client sends meanwhile is kept in the
// buffer for the read after the stream, and the watch ends there (nothing more is buffered).
template <class Stream>
void HttpConnection<Stream>::watch_for_close() {
    watching_ = true;
    stream_.async_read_some(buffer_.prepare(4096), [self = self()](beast::error_code ec, std::size_t n) {
        self->watching_ = false;
        self->buffer_.commit(n);
        if (self->closed_) return;
        if (ec && ec != net::error::operation_aborted) return self->close();
        // The stream ended while this read waited: after_response cancelled it to read the next request.
        if (!self->streaming_ && !self->writing_) self->after_response();
    });
}

template <class Stream>
void HttpConnection<Stream>::after_response() {
    answered_ = true;
    if (watching_) return lowest().cancel();  // a stream just ended: its watch returns here first
    if (keep_alive_) return read();
    finish();
}

// The end after a last response (Connection: close). Plain TCP sends its FIN; TLS sends
// close_notify first and waits a moment for the client's, which many never send.
template <class Stream>
void HttpConnection<Stream>::finish() {
    if constexpr (kTls) {
        lowest().expires_after(std::chrono::seconds(2));
        stream_.async_shutdown([self = self()](beast::error_code) { self->close(); });
    } else {
        beast::error_code ignored;
        lowest().socket().shutdown(tcp::socket::shutdown_send, ignored);
        lowest().expires_after(std::chrono::seconds(2));
        linger();
    }
}

// After a last response, what the client still sends (the rest of a refused body, requests it
// pipelined) is read and dropped, for two seconds at most, until its FIN: closing with unread
// input would reset the connection, and a reset can destroy the refusal before the client has
// read it (RFC 9112 section 9.6). Nothing read here is ever parsed.
template <class Stream>
void HttpConnection<Stream>::linger() {
    buffer_.clear();
    stream_.async_read_some(buffer_.prepare(4096), [self = self()](beast::error_code ec, std::size_t) {
        if (ec || self->closed_) return self->close();
        self->linger();
    });
}

template <class Stream>
void HttpConnection<Stream>::close() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ignored;
    lowest().socket().close(ignored);
    server_.closed(this, std::exchange(stream_id_, 0));
}

}  // namespace

std::optional<bool> is_loopback_address(const std::string& host) {
    beast::error_code ec;
    const auto address = net::ip::make_address(host, ec);
    if (ec) return std::nullopt;
    return address.is_loopback();
}

int serve_http(HttpServerOptions options) {
    Server server(std::move(options));
    return server.run();
}

}  // namespace office
