#include "http_client.h"

#include "process.h"
#include "report.h"
#include "wire.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace bench {

namespace {

struct Conn {
    int fd = -1;
    std::string out;  // the request being written
    size_t written = 0;
    std::string in;  // bytes of the answer read so far
    long long id = 0;
    int64_t t_send = 0;
    bool busy = false;  // a request is outstanding
};

bool iequals_prefix(std::string_view line, std::string_view name) {  // "Name:" at the start, any case
    if (line.size() <= name.size() || line[name.size()] != ':') return false;
    for (size_t i = 0; i < name.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(line[i])) != std::tolower(static_cast<unsigned char>(name[i])))
            return false;
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

enum class Parse { Incomplete, Done, Bad };

// One complete answer at the front of `in`: its status, body and total length. The bench's
// servers answer JSON with a Content-Length (both do for a tools/call that sends nothing before
// its result); an answer without one (chunked, SSE) is reported as such rather than guessed at.
Parse parse_answer(std::string_view in, int& status, std::string_view& body, size_t& used, std::string& why) {
    const size_t head_end = in.find("\r\n\r\n");
    if (head_end == std::string_view::npos) return Parse::Incomplete;
    const std::string_view head = in.substr(0, head_end);
    if (!head.starts_with("HTTP/1.1 ") || head.size() < 12) {
        why = "not an HTTP/1.1 status line: " + std::string(head.substr(0, 80));
        return Parse::Bad;
    }
    status = 0;
    std::from_chars(head.data() + 9, head.data() + 12, status);
    long long length = -1;
    size_t at = head.find("\r\n");
    while (at != std::string_view::npos) {
        const size_t next = head.find("\r\n", at + 2);
        const std::string_view line = head.substr(at + 2, next == std::string_view::npos ? head.npos : next - at - 2);
        if (iequals_prefix(line, "content-length")) {
            const std::string_view v = trim(line.substr(15));
            if (std::from_chars(v.data(), v.data() + v.size(), length).ec != std::errc{}) length = -1;
        }
        at = next;
    }
    if (length < 0) {
        why = strprintf("HTTP %d answer without a Content-Length: %s", status, std::string(head.substr(0, 300)).c_str());
        return Parse::Bad;
    }
    if (in.size() < head_end + 4 + size_t(length)) return Parse::Incomplete;
    body = in.substr(head_end + 4, size_t(length));
    used = head_end + 4 + size_t(length);
    return Parse::Done;
}

int connect_to(const HttpCall& call, std::string& err) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(call.port));
    if (inet_pton(AF_INET, call.host.c_str(), &addr.sin_addr) != 1) {
        err = "not a numeric IPv4 address: " + call.host;
        return -1;
    }
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        err = strprintf("connect to %s:%d: %s", call.host.c_str(), call.port, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    const int one = 1;  // one small request at a time: no Nagle delay
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

}  // namespace

std::string http_request_head(const HttpCall& call) {
    return "POST " + call.path + " HTTP/1.1\r\nHost: " + call.host + ":" + std::to_string(call.port) +
           "\r\nConnection: keep-alive\r\n" + call.headers;
}

HttpLoadOut run_http_load(const HttpCall& call, const HttpLoadSpec& spec, long long first_id) {
    HttpLoadOut o;
    std::vector<Conn> conns(size_t(std::max(1, spec.connections)));
    auto close_all = [&] {
        for (auto& c : conns)
            if (c.fd >= 0) close(c.fd);
    };
    for (auto& c : conns)
        if ((c.fd = connect_to(call, o.err)) < 0) {
            close_all();
            return o;
        }
    const std::string head = http_request_head(call);
    long long next_id = first_id, sent = 0;
    auto start = [&](Conn& c) {
        c.id = next_id++;
        std::string body = call.body_pre;
        char b[24];
        body.append(b, std::to_chars(b, b + sizeof b, c.id).ptr);
        body += call.body_post;
        c.out = head + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
        c.written = 0;
        c.busy = true;
        c.t_send = now_ns();
        ++sent;
    };
    auto more = [&](int64_t t) {
        const int64_t elapsed = t - o.t0;
        return elapsed < spec.min_ns || (sent < spec.min_calls && elapsed < spec.max_ns);
    };
    o.latency_us.reserve(size_t(std::max<long long>(spec.min_calls, 1024)));
    o.t0 = now_ns();
    for (auto& c : conns) start(c);
    std::vector<pollfd> pfds(conns.size());
    int64_t deadline = now_ns() + spec.answer_timeout_ns;
    char buf[65536];
    for (;;) {
        size_t busy = 0;
        for (size_t i = 0; i < conns.size(); ++i) {
            Conn& c = conns[i];
            // Write what the socket takes now; poll for the rest.
            while (c.busy && c.written < c.out.size()) {
                const ssize_t w = send(c.fd, c.out.data() + c.written, c.out.size() - c.written, MSG_NOSIGNAL);
                if (w > 0) {
                    c.written += size_t(w);
                } else if (w < 0 && errno == EINTR) {
                    continue;
                } else if (w < 0 && errno == EAGAIN) {
                    break;
                } else {
                    o.err = strprintf("write failed after %lld answers: %s", o.calls, strerror(errno));
                    close_all();
                    return o;
                }
            }
            busy += c.busy;
            pfds[i] = {c.fd, short(c.busy ? (POLLIN | (c.written < c.out.size() ? POLLOUT : 0)) : 0), 0};
        }
        if (busy == 0) break;
        const int r = poll(pfds.data(), nfds_t(pfds.size()), poll_ms(deadline));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            o.err = strprintf("no answer in %lld s (%zu of %zu connections waiting, %lld answers so far)",
                              (long long)(spec.answer_timeout_ns / 1'000'000'000), busy, conns.size(), o.calls);
            close_all();
            return o;
        }
        for (size_t i = 0; i < conns.size(); ++i) {
            Conn& c = conns[i];
            if (!c.busy || !(pfds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = recv(c.fd, buf, sizeof buf, 0);
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n <= 0) {
                o.err = strprintf("the server closed a connection with a request outstanding (after %lld answers)%s",
                                  o.calls, n < 0 ? (std::string(": ") + strerror(errno)).c_str() : "");
                close_all();
                return o;
            }
            c.in.append(buf, size_t(n));
            int status = 0;
            std::string_view body;
            size_t used = 0;
            std::string why;
            const Parse p = parse_answer(c.in, status, body, used, why);
            if (p == Parse::Incomplete) continue;
            if (p == Parse::Bad) {
                o.err = why;
                close_all();
                return o;
            }
            const int64_t t = now_ns();
            TopLevel top;
            Counters k;
            long long got = -1;
            const bool parsed = scan_top(body, top) && id_as_int(top.id, got);
            if (parsed) check_response(body, top, k);
            if (status != 200 || !parsed || (call.check_id && got != c.id) || k.error_responses || k.tool_errors) {
                o.err = strprintf("call %lld answered HTTP %d, not a 200 with a successful result for its id: %s",
                                  c.id, status, std::string(body.substr(0, 300)).c_str());
                close_all();
                return o;
            }
            if (o.sample.empty()) o.sample = std::string(body);
            o.latency_us.push_back(double(t - c.t_send) / 1e3);
            ++o.calls;
            o.t1 = t;
            c.in.erase(0, used);
            c.busy = false;
            if (!c.in.empty()) {
                o.err = "bytes after a complete answer to a request that was not pipelined";
                close_all();
                return o;
            }
            if (more(t)) start(c);
            deadline = t + spec.answer_timeout_ns;
        }
    }
    close_all();
    return o;
}

}  // namespace bench
