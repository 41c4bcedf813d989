// office-bench --http-memory (connection_census.h): resident memory per idle connection, session
// and SSE stream held by office-mcp --http. The client is plain blocking sockets, one exchange at a
// time: what is measured is what stays once each client has been served and sits idle.
#include "connection_census.h"

#include "process.h"
#include "report.h"
#include "wire.h"

#include "../exit_status.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bench {

namespace {

using ojson = nlohmann::ordered_json;

// Sockets held open, closed together at the end of a measurement.
struct Held {
    std::vector<int> fds;
    ~Held() { close_all(); }
    void close_all() {
        for (int& fd : fds) close_fd(fd);
        fds.clear();
    }
};

// A blocking socket to host:port whose reads and writes give up after 10 s; -1 with `err`.
int connect_to(const std::string& host, int port, std::string& err) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        err = std::string("cannot open a socket: ") + std::strerror(errno);
        return -1;
    }
    timeval tv{10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    inet_pton(AF_INET, host.c_str(), &a.sin_addr);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        err = std::string("cannot connect: ") + std::strerror(errno);
        close(fd);
        return -1;
    }
    return fd;
}

struct Answer {
    int status = 0;
    std::string head;  // the status line and headers
    std::string body;
};

// The value of header `name` in `head` (matched without case), "" when absent.
std::string header_of(const std::string& head, std::string name) {
    std::string lower = head;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
    const size_t at = lower.find("\r\n" + name + ":");
    if (at == std::string::npos) return "";
    size_t from = at + name.size() + 3;
    while (from < head.size() && head[from] == ' ') ++from;
    return head.substr(from, head.find("\r\n", from) - from);
}

// Reads more of the answer into `got`; "" when some came, else why not.
std::string read_more(int fd, std::string& got) {
    char buf[4096];
    for (;;) {
        const ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0) {
            got.append(buf, size_t(n));
            return "";
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) return "the server closed the connection before answering";
        return errno == EAGAIN ? "no answer within 10 s" : std::string("cannot read: ") + std::strerror(errno);
    }
}

// Sends `request` and reads the answer's head, and its body by Content-Length unless `head_only`
// (an SSE stream's body does not end). "" when it came, else what went wrong.
std::string ask(int fd, const std::string& request, Answer& a, bool head_only = false) {
    if (!write_all_fd(fd, request.data(), request.size())) return std::string("cannot send: ") + std::strerror(errno);
    std::string got;
    size_t end;
    while ((end = got.find("\r\n\r\n")) == std::string::npos)
        if (std::string e = read_more(fd, got); !e.empty()) return e;
    a.head = got.substr(0, end + 2);
    a.status = a.head.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(a.head.c_str() + 9) : 0;
    a.body = got.substr(end + 4);
    if (head_only) return "";
    const std::string length = header_of(a.head, "Content-Length");
    if (length.empty()) return "an answer without Content-Length: " + a.head;
    while (a.body.size() < std::strtoul(length.c_str(), nullptr, 10))
        if (std::string e = read_more(fd, a.body); !e.empty()) return e;
    return "";
}

std::string post(const std::string& body, const std::string& headers) {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           "Accept: application/json, text/event-stream\r\n" +
           headers + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

std::string legacy_headers(const std::string& session) {
    return "Mcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-11-25\r\n";
}

// office-mcp --http on a fresh database, its limits past what is held, idle clients never
// timed out (--request-timeout) during the measurement.
struct Served {
    SessionDir dir;
    Child c;
    std::string host;
    int port = 0;
    std::string err;

    Served(const std::string& binary, int hold, const fs::path& root) : dir(root) {
        const std::string room = std::to_string(hold + 64);
        const std::vector<std::string> argv = {binary, "--db", (dir.path / "office.db").string(), "--http",
                                               "127.0.0.1:0", "--drain-delay", "0", "--request-timeout", "3600",
                                               "--max-connections", room, "--max-sessions", room};
        if (dir.path.empty()) err = "cannot create a directory for the server";
        else if (spawn(c, argv, {}, -1, (dir.path / "stderr.log").string(), err)) wait_for_url();
        if (!err.empty()) stop();
    }
    ~Served() { stop(); }

    // The port from "serving MCP at http://HOST:PORT/mcp" on its stderr.
    void wait_for_url() {
        constexpr std::string_view kSays = "serving MCP at http://";
        while (now_ns() < c.t_spawn + kStartTimeout) {
            std::ifstream f(dir.path / "stderr.log");
            for (std::string line; std::getline(f, line);)
                if (const size_t at = line.find(kSays); at != std::string::npos) {
                    const std::string url = line.substr(at + kSays.size());
                    host = url.substr(0, url.find(':'));
                    port = std::atoi(url.c_str() + url.find(':') + 1);
                    if (port <= 0) err = "said where it serves in a form the bench does not read: " + line;
                    return;
                }
            int status = 0;
            if (waitpid(c.pid, &status, WNOHANG) == c.pid) {
                c.reaped = true;
                err = strprintf("office-mcp exited (status %d) before saying where it serves: %s",
                                office::testing::exit_code(status), tail_of_file(dir.path / "stderr.log").c_str());
                return;
            }
            sleep_us(2000);
        }
        err = "office-mcp did not say where it serves within 30 s";
    }

    // SIGTERM, then it must exit 0 on its own (the held clients are still open: the drain ends them).
    std::string stop() {
        if (c.pid <= 0 || c.reaped) return "";
        kill(c.pid, SIGTERM);
        const ExitInfo x = close_and_wait(c, now_ns() + kExitTimeout);
        c.reaped = true;
        if (!x.exited) return "office-mcp did not exit within 10 s of SIGTERM";
        if (office::testing::exit_code(x.status) != 0)
            return strprintf("office-mcp exited with status %d after SIGTERM", office::testing::exit_code(x.status));
        return "";
    }

    // One idle keep-alive connection that has served a stateless server/discover, held in `held`.
    std::string connection(Held& held) {
        std::string e;
        const int fd = connect_to(host, port, e);
        if (fd < 0) return e;
        held.fds.push_back(fd);
        static const std::string discover =
            post(R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{)" + std::string(kMeta) + "}}",
                 "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: server/discover\r\n");
        Answer a;
        if (e = ask(fd, discover, a); !e.empty()) return "server/discover: " + e;
        if (a.status != 200 || a.body.find("\"result\"") == std::string::npos)
            return strprintf("server/discover was answered %d: %s", a.status, a.body.substr(0, 200).c_str());
        return "";
    }

    // A 2025 session (initialize, notifications/initialized) on a connection held in `held`; its id.
    std::string session(Held& held, std::string& id) {
        std::string e;
        const int fd = connect_to(host, port, e);
        if (fd < 0) return e;
        held.fds.push_back(fd);
        std::string body;
        initialize_req().append(body, 1);
        Answer a;
        if (e = ask(fd, post(body, ""), a); !e.empty()) return "initialize: " + e;
        id = header_of(a.head, "Mcp-Session-Id");
        if (a.status != 200 || id.empty())
            return strprintf("initialize was answered %d without a session: %s", a.status, a.body.substr(0, 200).c_str());
        if (e = ask(fd, post(std::string(kInitialized), legacy_headers(id)), a); !e.empty())
            return "notifications/initialized: " + e;
        if (a.status != 202) return strprintf("notifications/initialized was answered %d, not 202", a.status);
        return "";
    }

    // The session's SSE stream (GET /mcp), open on a connection held in `held`.
    std::string stream(Held& held, const std::string& id) {
        std::string e;
        const int fd = connect_to(host, port, e);
        if (fd < 0) return e;
        held.fds.push_back(fd);
        Answer a;
        const std::string get = "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n" + legacy_headers(id) + "\r\n";
        if (e = ask(fd, get, a, true); !e.empty()) return "GET /mcp: " + e;
        if (a.status != 200 || header_of(a.head, "Content-Type") != "text/event-stream")
            return strprintf("GET /mcp was answered %d, not a 200 event stream", a.status);
        return "";
    }

    // office_mcp_* gauges from GET /metrics (on a connection of its own, closed after).
    std::string gauge(const std::string& name, long long& value) {
        Held held;
        std::string e;
        const int fd = connect_to(host, port, e);
        if (fd < 0) return e;
        held.fds.push_back(fd);
        Answer a;
        if (e = ask(fd, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", a); !e.empty()) return "GET /metrics: " + e;
        const size_t at = a.body.find("\n" + name + " ");
        if (a.status != 200 || at == std::string::npos) return "GET /metrics did not give " + name;
        value = std::atoll(a.body.c_str() + at + name.size() + 2);
        return "";
    }
};

struct Resident {
    double rss_kib = NAN, anon_kib = NAN;  // VmRSS, RssAnon
};

// The server's resident memory once it has gone idle.
Resident resident(const Child& c) {
    settled_cpu_ns(c);
    sleep_us(200'000);
    Resident r;
    std::ifstream f("/proc/" + std::to_string(c.pid) + "/status");
    for (std::string line; std::getline(f, line);) {
        if (line.rfind("VmRSS:", 0) == 0) r.rss_kib = std::strtod(line.c_str() + 6, nullptr);
        if (line.rfind("RssAnon:", 0) == 0) r.anon_kib = std::strtod(line.c_str() + 8, nullptr);
    }
    return r;
}

struct Measured {
    const char* key;
    const char* label;
    Resident before, after;
};

// `open(i)` N times; "" when each went well, else the first failure, numbered.
std::string times(int n, const std::function<std::string(int)>& open) {
    for (int i = 0; i < n; ++i)
        if (std::string e = open(i); !e.empty()) return strprintf("number %d of %d: %s", i + 1, n, e.c_str());
    return "";
}

// What the server's /metrics says it holds must be what the bench holds.
std::string check_gauge(Served& s, const std::string& name, long long want) {
    long long got = -1;
    if (std::string e = s.gauge(name, got); !e.empty()) return e;
    if (got != want) return strprintf("office-mcp counts %lld for %s, not the %lld held", got, name.c_str(), want);
    return "";
}

// Raises this process's soft limit on open files to its hard limit (the server inherits it);
// the limit now.
rlim_t raise_open_files() {
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 0;
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
        getrlimit(RLIMIT_NOFILE, &r);
    }
    return r.rlim_cur;
}

// The three servers' measurements; "" or the first failure.
std::string measure(const std::string& binary, int n, const fs::path& root, std::vector<Measured>& figures) {
    Measured connection{"connection", "idle keep-alive connection, one request served", {}, {}};
    Measured kept{"session_with_connection", "2025 session, its connection kept", {}, {}};
    Measured session{"session", "2025 session, its connection closed", {}, {}};
    Measured stream{"sse_stream", "SSE stream of a session, GET /mcp held open", {}, {}};
    std::string e;
    std::fprintf(stderr, "http-memory: %d connections", n);
    {
        Served s(binary, n, root);
        if (!s.err.empty()) return s.err;
        Held warm, held;
        if (e = s.connection(warm); !e.empty()) return "warm-up: " + e;
        warm.close_all();
        connection.before = resident(s.c);
        if (e = times(n, [&](int) { return s.connection(held); }); !e.empty()) return "a connection: " + e;
        connection.after = resident(s.c);
        if (e = check_gauge(s, "office_mcp_http_connections", n + 1); !e.empty()) return e;
        if (e = s.stop(); !e.empty()) return e;
    }
    std::fprintf(stderr, ", sessions kept");
    {
        Served s(binary, n, root);
        if (!s.err.empty()) return s.err;
        Held warm, held;
        std::string id;
        if (e = s.session(warm, id); !e.empty()) return "warm-up: " + e;
        warm.close_all();
        kept.before = resident(s.c);
        if (e = times(n, [&](int) { return s.session(held, id); }); !e.empty()) return "a session: " + e;
        kept.after = resident(s.c);
        if (e = check_gauge(s, "office_mcp_legacy_sessions", n + 1); !e.empty()) return e;
        if (e = check_gauge(s, "office_mcp_http_connections", n + 1); !e.empty()) return e;
        if (e = s.stop(); !e.empty()) return e;
    }
    std::fprintf(stderr, ", sessions closed and their streams");
    {
        Served s(binary, n, root);
        if (!s.err.empty()) return s.err;
        Held warm, held;
        std::string id;
        if (e = s.session(warm, id); !e.empty()) return "warm-up: " + e;
        if (e = s.stream(warm, id); !e.empty()) return "warm-up: " + e;
        warm.close_all();
        session.before = resident(s.c);
        std::vector<std::string> ids(static_cast<size_t>(n));
        e = times(n, [&](int i) {
            Held one;
            return s.session(one, ids[size_t(i)]);
        });
        if (!e.empty()) return "a session: " + e;
        session.after = stream.before = resident(s.c);
        if (e = check_gauge(s, "office_mcp_legacy_sessions", n + 1); !e.empty()) return e;
        if (e = times(n, [&](int i) { return s.stream(held, ids[size_t(i)]); }); !e.empty()) return "a stream: " + e;
        stream.after = resident(s.c);
        if (e = check_gauge(s, "office_mcp_sse_streams", n); !e.empty()) return e;
        if (e = s.stop(); !e.empty()) return e;
    }
    std::fprintf(stderr, "\n");
    figures = {connection, kept, session, stream};
    return "";
}

}  // namespace

int run_http_memory(const std::string& office_mcp, const MemoryParams& mp, Ctx& ctx, const std::string& json_path,
                    const std::string& header) {
    const int n = mp.hold;
    std::printf("%s", header.c_str());
    std::printf("HTTP memory: office-mcp --http's resident memory (VmRSS; RssAnon: heap and stacks) before and after\n"
                "      holding %d idle clients of each kind; per kind a fresh server and database, warmed up with one\n"
                "      of the kind; KiB each = (after - before) / %d\n  office-mcp          %s\n",
                n, n, office_mcp.c_str());
    const rlim_t files = raise_open_files();
    if (files < rlim_t(n) + 64) {
        std::fprintf(stderr, "office-bench: --hold %d needs %d open files, and this process may open only %llu (ulimit -Hn)\n",
                     n, n + 64, (unsigned long long)files);
        return 1;
    }
    std::fflush(stdout);
    std::vector<Measured> figures;
    const std::string err = measure(office_mcp, n, ctx.tmp_root, figures);
    if (!err.empty()) {
        std::fprintf(stderr, "\noffice-bench: the HTTP memory measurement failed: %s\n", err.c_str());
        return 1;
    }
    std::printf("\n%s%s%s%s%s\n", pad("held", 52).c_str(), pad("RSS before MiB", 16, true).c_str(),
                pad("after MiB", 12, true).c_str(), pad("KiB each", 10, true).c_str(), pad("anon KiB each", 15, true).c_str());
    ojson out;
    out["mode"] = "http-memory";
    out["hold"] = n;
    out["server"] = office_mcp;
    out["load_average_at_end"] = loadavg();
    for (const Measured& f : figures) {
        const double each = (f.after.rss_kib - f.before.rss_kib) / n, anon = (f.after.anon_kib - f.before.anon_kib) / n;
        std::printf("%s%s%s%s%s\n", pad(f.label, 52).c_str(), pad(strprintf("%.1f", f.before.rss_kib / 1024), 16, true).c_str(),
                    pad(strprintf("%.1f", f.after.rss_kib / 1024), 12, true).c_str(), pad(strprintf("%.2f", each), 10, true).c_str(),
                    pad(strprintf("%.2f", anon), 15, true).c_str());
        out["figures"][f.key] = {{"what", f.label},
                                 {"rss_before_kib", f.before.rss_kib},
                                 {"rss_after_kib", f.after.rss_kib},
                                 {"kib_each", each},
                                 {"anon_before_kib", f.before.anon_kib},
                                 {"anon_after_kib", f.after.anon_kib},
                                 {"anon_kib_each", anon}};
    }
    std::printf("(a session's SSE stream is counted with its own connection; the session itself is in the row above it)\n");
    if (!json_path.empty()) std::ofstream(json_path) << out.dump(2) << "\n";
    return 0;
}

}  // namespace bench
