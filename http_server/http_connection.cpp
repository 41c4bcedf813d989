// HttpConnection (http_server_internal.h): one client's connection, its requests read one at a
// time and its responses and SSE pushes written, on a plain or a TLS stream. The Server that
// groups the requests and drains is http_server.cpp.

#include "http_server_internal.h"

namespace office::http_server_internal {

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

template class HttpConnection<PlainStream>;
template class HttpConnection<TlsStream>;

}  // namespace office::http_server_internal
