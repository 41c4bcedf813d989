#pragma once
// What http_server.cpp (the Server: listener, groups, drain, signals) and http_connection.cpp
// (HttpConnection: one client's requests and responses, plain or TLS) share; nothing else
// includes it. http_server.h is the front end's interface.

#include "http_server.h"
#include "tls_context.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace office::http_server_internal {

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

inline void append_status_line(std::string& out, int status) {
    const auto reason = bhttp::obsolete_reason(static_cast<bhttp::status>(status));
    out += "HTTP/1.1 ";
    out += std::to_string(status);
    out += ' ';
    out.append(reason.data(), reason.size());
    out += "\r\n";
}

inline void append_header(std::string& out, std::string_view name, std::string_view value) {
    out.append(name);
    out += ": ";
    out.append(value);
    out += "\r\n";
}

inline char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string chunk(std::string_view data) {
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
    // TLS: `context` is the one current when the connection was accepted, kept for its life;
    // plain: none. (One constructor, not two constrained ones: clang instantiates both for the
    // explicit instantiation in http_connection.cpp.)
    HttpConnection(tcp::socket socket, Server& server, std::shared_ptr<ssl::context> context = nullptr)
        : context_(std::move(context)), stream_(open(std::move(socket), context_.get())), server_(server) {}
    void start() override;
    void respond(http::Response response) override;
    void push(std::string_view events, bool end) override;
    bool waiting() const override { return reading_ && !parser_->got_some() && buffer_.size() == 0; }
    bool answered() const override { return answered_; }
    void close() override;

private:
    static Stream open(tcp::socket socket, ssl::context* context) {
        if constexpr (kTls) return Stream(std::move(socket), *context);
        else return Stream(std::move(socket));
    }
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

    int run();

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

    void accept();

    // Out of open files (EMFILE, ENFILE; the hard limit below --max-connections) or another
    // accept error: the new connection waits in the listen queue until one closes. Accepting
    // again at once would fail at once, a loop taking a whole CPU, so again in 100 ms; logged
    // once for each stretch of failures.
    void accept_later(const beast::error_code& ec);

    // Every request read since the last round is one group: one commit for their writes.
    void answer_pending();

    void push(std::uint64_t stream, std::string_view events, bool end);

    void sweep();

    // Change notifications: other processes write the same database, so look now and then
    // (core/http/http_endpoint.h, poll; nothing is read while nobody watches).
    void watch();

    // A renewed certificate (certbot, an ACME client, cp) is served from the next connection on,
    // within a second, without a signal; bad files keep the old one (tls_context.h).
    void watch_tls_files();

    // Pinged from the loop itself: a loop that hangs stops pinging, and the manager restarts it.
    void ping_watchdog();

    void wait_for_signal();

    // A stop the console asked for (Windows): the first drains, as SIGTERM; the next stops now.
    void stop_asked(const char* what);

    // SIGTERM: unready at once, still serving for drain_delay, then no new connections.
    void start_drain();

    // The end of the delay: the listener closes, idle connections close, open streams get
    // their last events; the rest close after their response (Connection: close), or, when
    // nothing has come on them, after kFirstRequestGrace.
    void close_listener();

    void stop_accepting();

    void close_waiting(bool answered_only);

    // SIGINT, or a second signal: open streams get their last events, then the process ends.
    void stop_now();

    http::EndpointOptions endpoint_options();

    void notify(std::string_view state);

    void log(std::string_view event, const nlohmann::ordered_json& fields, LogLevel level = LogLevel::Info);

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

// Instantiated once, in http_connection.cpp.
extern template class HttpConnection<PlainStream>;
extern template class HttpConnection<TlsStream>;

}  // namespace office::http_server_internal
