// office-bench: start-up, latency, throughput, CPU and memory of stdio MCP servers.
//
// Drives each server command over pipes with raw newline-delimited JSON-RPC (fork/exec,
// non-blocking pipes, poll) and measures, over several interleaved runs:
//   * cold start: spawn -> first tools/list answer, legacy (initialize + initialized +
//     tools/list, 2025-11-25) and 2026-07-28 (one tools/list carrying the _meta envelope);
//     spawn -> server/discover -> close stdin -> process exit;
//   * sequential round-trip latency p50/p99 of order_lunch, find_customer, list_availability;
//   * throughput with exactly 64 order_lunch requests in flight;
//   * server CPU per call (the child's process CPU clock, clock_getcpuclockid, read
//     before and after each phase; cross-checked against wait4's rusage at exit);
//   * peak RSS (VmHWM from /proc/PID/status just before stdin is closed);
//   * all of it again with client and server pinned to one CPU.
// Servers: office-mcp (a fresh temp database per run), the two TypeScript SDK peers
// (../shared/peers) and an echo floor built in (`office-bench --echo-server`).
//
//   office-bench [--quick] [--server PATH] [--peers DIR] [--json FILE] ...   (see --help)
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// ------------------------------------------------------------------------------ clocks
int64_t now_ns() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
int64_t self_cpu_ns() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
void sleep_us(long us) {
    timespec ts{us / 1'000'000, (us % 1'000'000) * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}
std::string strprintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string strprintf(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

// ------------------------------------------------------------- top-level JSON scanner
// The hot loops only need a response's top-level "id" and whether it carries "result" or
// "error"; a full parse per response would make the client the bottleneck against a fast
// server. This walks the top-level object once and skips nested values (strings with
// escapes, objects, arrays), so an "id" inside a result is never mistaken for the
// response's id. Key order does not matter.
struct TopLevel {
    std::string_view id;      // raw token: 5 or "x"
    std::string_view method;  // unquoted
    bool result = false;
    bool error = false;
};

inline size_t skip_ws(std::string_view s, size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    return i;
}
inline size_t skip_string(std::string_view s, size_t i) {  // s[i] == '"'
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}
inline size_t skip_value(std::string_view s, size_t i) {
    if (i >= s.size()) return std::string_view::npos;
    if (s[i] == '"') return skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char ch = s[i];
            if (ch == '"') {
                i = skip_string(s, i);
                if (i == std::string_view::npos) return i;
                continue;
            }
            if (ch == '{' || ch == '[') {
                ++depth;
            } else if (ch == '}' || ch == ']') {
                if (--depth == 0) return i + 1;
            }
            ++i;
        }
        return std::string_view::npos;
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\t' &&
           s[i] != '\r' && s[i] != '\n')
        ++i;
    return i;
}
bool scan_top(std::string_view s, TopLevel& t) {
    t = {};
    size_t i = skip_ws(s, 0);
    if (i >= s.size() || s[i] != '{') return false;
    ++i;
    for (;;) {
        i = skip_ws(s, i);
        if (i >= s.size()) return false;
        if (s[i] == '}') return true;
        if (s[i] != '"') return false;
        const size_t key_end = skip_string(s, i);
        if (key_end == std::string_view::npos) return false;
        const std::string_view key = s.substr(i + 1, key_end - i - 2);
        i = skip_ws(s, key_end);
        if (i >= s.size() || s[i] != ':') return false;
        i = skip_ws(s, i + 1);
        const size_t value_end = skip_value(s, i);
        if (value_end == std::string_view::npos) return false;
        const std::string_view value = s.substr(i, value_end - i);
        if (key == "id")
            t.id = value;
        else if (key == "method")
            t.method = value.size() >= 2 ? value.substr(1, value.size() - 2) : value;
        else if (key == "result")
            t.result = true;
        else if (key == "error")
            t.error = true;
        i = skip_ws(s, value_end);
        if (i >= s.size()) return false;
        if (s[i] == ',') {
            ++i;
            continue;
        }
        return s[i] == '}';
    }
}
bool id_as_int(std::string_view raw, long long& out) {
    if (raw.size() >= 2 && raw.front() == '"') raw = raw.substr(1, raw.size() - 2);
    if (raw.empty()) return false;
    auto r = std::from_chars(raw.data(), raw.data() + raw.size(), out);
    return r.ec == std::errc() && r.ptr == raw.data() + raw.size();
}
inline bool contains(std::string_view hay, std::string_view needle) {
    return hay.find(needle) != std::string_view::npos;
}

bool write_all_fd(int fd, const char* p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += w;
        n -= size_t(w);
    }
    return true;
}

// ---------------------------------------------------------------------- echo floor
// `office-bench --echo-server`: the cheapest possible stdio MCP server. It answers every
// complete line in a read() with a canned result carrying the request's id, all answers
// of one read() in one write(); initialize, tools/list and server/discover get minimal
// real answers, notifications none. Exits at end of input.
int echo_server_main() {
    static constexpr std::string_view kInit =
        R"({"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"echo-floor","version":"1"}})";
    static constexpr std::string_view kToolsList =
        R"({"tools":[{"name":"order_lunch","inputSchema":{"type":"object"}},{"name":"find_customer","inputSchema":{"type":"object"}},{"name":"list_availability","inputSchema":{"type":"object"}}],"resultType":"complete","ttlMs":0,"cacheScope":"public"})";
    static constexpr std::string_view kDiscover =
        R"({"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"public","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"echo-floor","version":"1"}}})";
    static constexpr std::string_view kCall =
        R"({"content":[{"type":"text","text":"Ordered 2 tortilla."}],"isError":false,"resultType":"complete"})";
    std::vector<char> in(1 << 16);
    size_t start = 0, end = 0;
    std::string out;
    out.reserve(1 << 16);
    for (;;) {
        if (in.size() - end < 4096) {
            if (start > 0) {
                std::memmove(in.data(), in.data() + start, end - start);
                end -= start;
                start = 0;
            }
            if (in.size() - end < 4096) in.resize(in.size() * 2);
        }
        ssize_t n = read(0, in.data() + end, in.size() - end);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        end += size_t(n);
        for (;;) {
            const void* nl = std::memchr(in.data() + start, '\n', end - start);
            if (!nl) break;
            const size_t e = size_t(static_cast<const char*>(nl) - in.data());
            std::string_view line(in.data() + start, e - start);
            start = e + 1;
            TopLevel t;
            if (!scan_top(line, t) || t.id.empty() || t.method.empty()) continue;  // notification/garbage
            std::string_view result = kCall;
            if (t.method == "initialize")
                result = kInit;
            else if (t.method == "tools/list")
                result = kToolsList;
            else if (t.method == "server/discover")
                result = kDiscover;
            out += R"({"jsonrpc":"2.0","id":)";
            out += t.id;
            out += R"(,"result":)";
            out += result;
            out += "}\n";
        }
        if (start == end) start = end = 0;
        if (!out.empty()) {
            if (!write_all_fd(1, out.data(), out.size())) break;
            out.clear();
        }
    }
    return 0;
}

// --------------------------------------------------------------------- child process
struct Child {
    pid_t pid = -1;
    int wfd = -1;    // its stdin
    int rfd = -1;    // its stdout
    int pidfd = -1;  // readable when it exits
    clockid_t cpu_clock{};
    bool cpu_ok = false;
    int64_t t_spawn = 0;
    std::vector<char> buf = std::vector<char>(1 << 16);
    size_t start = 0, end = 0, scanned = 0;
    bool eof = false;
    bool reaped = false;
};

void close_fd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

// Builds argv/envp before fork (the child only calls async-signal-safe functions).
bool spawn(Child& c, const std::vector<std::string>& argv, const std::vector<std::string>& env_extra,
           int pin_cpu, const std::string& stderr_path, std::string& err) {
    std::vector<char*> av;
    for (const auto& a : argv) av.push_back(const_cast<char*>(a.c_str()));
    av.push_back(nullptr);
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e) {
        std::string_view kv(*e);
        if (kv.starts_with("PEER_DB=") || kv.starts_with("OFFICE_MCP_DB=")) continue;
        env_store.emplace_back(kv);
    }
    for (const auto& kv : env_extra) env_store.push_back(kv);
    std::vector<char*> ev;
    for (auto& kv : env_store) ev.push_back(kv.data());
    ev.push_back(nullptr);

    int in_pipe[2], out_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0) {
        err = std::string("pipe: ") + strerror(errno);
        return false;
    }
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        err = std::string("pipe: ") + strerror(errno);
        close(in_pipe[0]);
        close(in_pipe[1]);
        return false;
    }
    const int errfd = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pin_cpu >= 0) CPU_SET(pin_cpu, &set);

    c.t_spawn = now_ns();
    const pid_t pid = fork();
    if (pid < 0) {
        err = std::string("fork: ") + strerror(errno);
        return false;
    }
    if (pid == 0) {
        if (pin_cpu >= 0) sched_setaffinity(0, sizeof set, &set);
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        if (errfd >= 0) dup2(errfd, 2);
        execve(av[0], av.data(), ev.data());
        const char* msg = "office-bench: exec failed: ";
        (void)!write(2, msg, strlen(msg));
        (void)!write(2, av[0], strlen(av[0]));
        (void)!write(2, "\n", 1);
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    if (errfd >= 0) close(errfd);
    c.pid = pid;
    c.wfd = in_pipe[1];
    c.rfd = out_pipe[0];
    fcntl(c.wfd, F_SETFL, fcntl(c.wfd, F_GETFL) | O_NONBLOCK);
    fcntl(c.rfd, F_SETFL, fcntl(c.rfd, F_GETFL) | O_NONBLOCK);
#ifdef SYS_pidfd_open
    c.pidfd = int(syscall(SYS_pidfd_open, pid, 0));
#endif
    c.cpu_ok = clock_getcpuclockid(pid, &c.cpu_clock) == 0;
    return true;
}

int64_t child_cpu_ns(const Child& c) {
    if (!c.cpu_ok) return -1;
    timespec ts{};
    if (clock_gettime(c.cpu_clock, &ts) != 0) return -1;
    return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
// Reads the child's CPU clock once it has gone idle (two readings 300 us apart that
// differ by < 5 us), so trailing work of one phase is not charged to the next.
int64_t settled_cpu_ns(const Child& c) {
    int64_t a = child_cpu_ns(c);
    for (int k = 0; k < 30 && a >= 0; ++k) {
        sleep_us(300);
        const int64_t b = child_cpu_ns(c);
        if (b - a < 5'000) return b;
        a = b;
    }
    return a;
}

int poll_ms(int64_t deadline) {
    const int64_t left = deadline - now_ns();
    if (left <= 0) return 0;
    return int(std::min<int64_t>((left + 999'999) / 1'000'000, 60'000));
}

enum class Rd { Ok, Timeout, Eof, Err };
// One poll + one read into the line buffer.
Rd read_some(Child& c, int64_t deadline) {
    if (c.eof) return Rd::Eof;
    if (c.buf.size() - c.end < 16384) {
        if (c.start > 0) {
            std::memmove(c.buf.data(), c.buf.data() + c.start, c.end - c.start);
            c.end -= c.start;
            c.scanned -= c.start;
            c.start = 0;
        }
        if (c.buf.size() - c.end < 16384) c.buf.resize(c.buf.size() * 2);
    }
    for (;;) {
        pollfd p{c.rfd, POLLIN, 0};
        int r = poll(&p, 1, poll_ms(deadline));
        if (r < 0) {
            if (errno == EINTR) continue;
            return Rd::Err;
        }
        if (r == 0) return Rd::Timeout;
        ssize_t n = read(c.rfd, c.buf.data() + c.end, c.buf.size() - c.end);
        if (n > 0) {
            c.end += size_t(n);
            return Rd::Ok;
        }
        if (n == 0) {
            c.eof = true;
            return Rd::Eof;
        }
        if (errno == EINTR || errno == EAGAIN) continue;
        return Rd::Err;
    }
}
// Next complete line already in the buffer (views stay valid until the next read_some).
bool next_line(Child& c, std::string_view& line) {
    const size_t from = std::max(c.scanned, c.start);
    const void* nl = std::memchr(c.buf.data() + from, '\n', c.end - from);
    if (!nl) {
        c.scanned = c.end;
        return false;
    }
    const size_t e = size_t(static_cast<const char*>(nl) - c.buf.data());
    line = std::string_view(c.buf.data() + c.start, e - c.start);
    c.start = c.scanned = e + 1;
    if (c.start == c.end) c.start = c.end = c.scanned = 0;
    return true;
}
// Writes everything with as few write() calls as the pipe allows; while the pipe is full
// it keeps draining the child's stdout so neither side can deadlock.
bool send_all(Child& c, std::string_view data, int64_t deadline) {
    while (!data.empty()) {
        ssize_t w = write(c.wfd, data.data(), data.size());
        if (w > 0) {
            data.remove_prefix(size_t(w));
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno != EAGAIN) return false;
        pollfd p[2] = {{c.wfd, POLLOUT, 0}, {c.rfd, POLLIN, 0}};
        int r = poll(p, c.eof ? 1 : 2, poll_ms(deadline));
        if (r == 0) return false;
        if (r > 0 && !c.eof && (p[1].revents & (POLLIN | POLLHUP))) {
            if (read_some(c, deadline) == Rd::Err) return false;
        }
    }
    return true;
}

struct Counters {
    long error_responses = 0;  // JSON-RPC error
    long tool_errors = 0;      // result.isError == true
    long stray_lines = 0;      // notifications, server requests, unknown ids, garbage
};
inline void check_response(std::string_view line, const TopLevel& t, Counters& k) {
    if (t.error || !t.result) ++k.error_responses;
    size_t i = line.find("\"isError\"");
    if (i != std::string_view::npos) {
        i = skip_ws(line, i + 9);
        if (i < line.size() && line[i] == ':' && (i = skip_ws(line, i + 1)) < line.size() && line[i] == 't')
            ++k.tool_errors;
    }
}

// Waits for the response to `id`; other lines are counted as stray.
enum class Wait { Ok, Timeout, Eof, Err };
Wait wait_for(Child& c, long long id, int64_t deadline, Counters& k, std::string* copy = nullptr) {
    for (;;) {
        std::string_view line;
        while (next_line(c, line)) {
            TopLevel t;
            long long got = 0;
            if (scan_top(line, t) && t.method.empty() && id_as_int(t.id, got) && got == id) {
                check_response(line, t, k);
                if (copy) copy->assign(line);
                return Wait::Ok;
            }
            ++k.stray_lines;
        }
        switch (read_some(c, deadline)) {
            case Rd::Ok: break;
            case Rd::Timeout: return Wait::Timeout;
            case Rd::Eof: return Wait::Eof;
            case Rd::Err: return Wait::Err;
        }
    }
}

struct ExitInfo {
    bool exited = false;  // on its own after stdin closed (false: killed at the deadline)
    int status = 0;
    int64_t t_exit = 0;
    rusage ru{};
};
// Closes the child's stdin and waits (draining its stdout) until it exits or the deadline
// passes, in which case it is killed.
ExitInfo close_and_wait(Child& c, int64_t deadline) {
    ExitInfo x;
    close_fd(c.wfd);
    for (;;) {
        if (c.pidfd >= 0) {
            pollfd p[2] = {{c.pidfd, POLLIN, 0}, {c.rfd, POLLIN, 0}};
            int n = (c.rfd >= 0 && !c.eof) ? 2 : 1;
            int r = poll(p, nfds_t(n), poll_ms(deadline));
            if (r < 0 && errno == EINTR) continue;
            if (r > 0 && (p[0].revents & POLLIN)) {
                x.t_exit = now_ns();
                x.exited = true;
                break;
            }
            if (r > 0 && n == 2 && (p[1].revents & (POLLIN | POLLHUP))) {
                char sink[65536];
                ssize_t m = read(c.rfd, sink, sizeof sink);
                if (m == 0) c.eof = true;
                continue;
            }
            if (r == 0) break;
        } else {  // no pidfd: poll waitpid every 50 us
            if (c.rfd >= 0 && !c.eof) {
                char sink[65536];
                ssize_t m = read(c.rfd, sink, sizeof sink);
                if (m == 0) c.eof = true;
            }
            siginfo_t si{};
            si.si_pid = 0;
            if (waitid(P_PID, id_t(c.pid), &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == c.pid) {
                x.t_exit = now_ns();
                x.exited = true;
                break;
            }
            if (now_ns() >= deadline) break;
            sleep_us(50);
        }
    }
    if (!x.exited) kill(c.pid, SIGKILL);
    while (wait4(c.pid, &x.status, 0, &x.ru) < 0 && errno == EINTR) {
    }
    c.reaped = true;
    close_fd(c.rfd);
    close_fd(c.pidfd);
    return x;
}
void kill_child(Child& c) {
    close_fd(c.wfd);
    close_fd(c.rfd);
    if (c.pid > 0 && !c.reaped) {
        kill(c.pid, SIGKILL);
        int st;
        while (waitpid(c.pid, &st, 0) < 0 && errno == EINTR) {
        }
        c.reaped = true;
    }
    close_fd(c.pidfd);
}

double vm_hwm_mib(pid_t pid) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
    }
    return NAN;
}

// --------------------------------------------------------------------- requests
constexpr std::string_view kMeta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";

struct Tool {
    const char* name;
    const char* arguments;
};
constexpr Tool kTools[] = {
    {"order_lunch", R"({"item":"tortilla","quantity":2})"},
    {"find_customer", R"({"query":"Maria"})"},
    {"list_availability", R"({"day":"2026-09-04"})"},
};

struct Request {  // pre + id + post, built without formatting in the hot loop
    std::string pre = R"({"jsonrpc":"2.0","id":)";
    std::string post;
    void append(std::string& out, long long id) const {
        out += pre;
        char b[24];
        auto r = std::to_chars(b, b + sizeof b, id);
        out.append(b, r.ptr);
        out += post;
    }
};
Request tool_call(const Tool& t, bool modern) {
    Request r;
    r.post = R"(,"method":"tools/call","params":{)";
    if (modern) {
        r.post += kMeta;
        r.post += ',';
    }
    r.post += R"("name":")";
    r.post += t.name;
    r.post += R"(","arguments":)";
    r.post += t.arguments;
    r.post += "}}\n";
    return r;
}
Request simple(std::string_view method, bool modern) {
    Request r;
    r.post = R"(,"method":")" + std::string(method) + R"(","params":{)";
    if (modern) r.post += kMeta;
    r.post += "}}\n";
    return r;
}
Request initialize_req() {
    Request r;
    r.post =
        R"(,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"office-bench","version":"1"}}})"
        "\n";
    return r;
}
constexpr std::string_view kInitialized = R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                                          "\n";

// --------------------------------------------------------------------- servers
struct Server {
    std::string name;  // "echo floor", "office-mcp", "peer-server.mjs", "peer-server-v2.mjs"
    std::string key;   // echo, office, peer1, peer2
    std::vector<std::string> argv;
    bool modern = false;  // speaks 2026-07-28
    enum class Db { None, Arg, PeerEnv } db = Db::None;
    bool available = true;
    std::string skip_reason;
    std::string version;
};

struct Params {
    int runs = 5;
    int warmup = 100;     // untimed calls per tool before the sequential phase
    int seq_calls = 1000;  // timed sequential calls per tool
    int load_calls = 20000;
    int load_min_ms = 1000;  // the load phase lasts at least this long
    int load_max_ms = 4000;  // ... and stops early after this long once >= 8 × inflight calls were made
    int inflight = 64;
    bool quick = false;
};

struct Ctx {
    Params p;
    fs::path tmp_root;
    int pin_cpu = -1;
    cpu_set_t orig_affinity{};
    bool verbose = false;
    std::map<std::string, std::string> sample_responses;  // first answer per server/era/tool
    std::map<std::string, long> tools_listed;             // server -> number of tools
};

struct SessionOut {
    bool ok = true;
    std::string err;
    std::map<std::string, double> fig;
    Counters k;
    ExitInfo exit;
    bool exit_ok = true;
    size_t stderr_bytes = 0;
    double wait4_cpu_ms = NAN, wait4_maxrss_mib = NAN, cpu_clock_last_ms = NAN;
    long long load_calls = 0;
};

std::string tail_of_file(const fs::path& p, size_t max = 400) {
    std::ifstream f(p, std::ios::binary);
    std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (s.size() > max) s = "..." + s.substr(s.size() - max);
    for (auto& ch : s)
        if (ch == '\n') ch = ' ';
    return s;
}

struct SessionDir {
    fs::path path;
    explicit SessionDir(const fs::path& root) {
        std::string tmpl = (root / "s.XXXXXX").string();
        if (mkdtemp(tmpl.data())) path = tmpl;
    }
    ~SessionDir() {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
};

std::vector<std::string> server_argv(const Server& s, const SessionDir& d, std::vector<std::string>& env) {
    std::vector<std::string> argv = s.argv;
    if (s.db == Server::Db::Arg) {
        argv.push_back("--db");
        argv.push_back((d.path / "office.db").string());
    } else if (s.db == Server::Db::PeerEnv) {
        env.push_back("PEER_DB=" + (d.path / "peer.db").string());
    }
    return argv;
}

constexpr int64_t kStartTimeout = 30'000'000'000;  // 30 s
constexpr int64_t kCallTimeout = 10'000'000'000;   // 10 s per answer
constexpr int64_t kExitTimeout = 10'000'000'000;

const char* wait_text(Wait w) {
    switch (w) {
        case Wait::Ok: return "ok";
        case Wait::Timeout: return "timed out";
        case Wait::Eof: return "server closed stdout";
        case Wait::Err: return "read error";
    }
    return "?";
}

double percentile(std::vector<double> v, double p) {  // nearest rank
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    size_t idx = size_t(std::ceil(p * double(v.size())));
    idx = std::clamp<size_t>(idx, 1, v.size()) - 1;
    return v[idx];
}

// The child's minor page faults and user/system CPU from /proc/PID/stat. The CPU split is
// sampled by the kernel at each tick (scaled to the exact total), so it is meaningful over a
// phase of many milliseconds, not per call; the fault count is exact.
struct ProcStat {
    bool ok = false;
    long long minflt = 0;
    double utime_us = 0, stime_us = 0;
};
ProcStat proc_stat(pid_t pid) {
    ProcStat st;
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const size_t paren = text.rfind(')');  // the command name may hold spaces
    if (paren == std::string::npos) return st;
    std::istringstream in(text.substr(paren + 2));
    std::vector<std::string> field;  // field[0] is stat's 3rd field (state)
    for (std::string w; in >> w && field.size() < 14;) field.push_back(w);
    if (field.size() < 14) return st;
    const double tick_us = 1e6 / double(sysconf(_SC_CLK_TCK));
    st.minflt = std::atoll(field[7].c_str());
    st.utime_us = std::atof(field[11].c_str()) * tick_us;
    st.stime_us = std::atof(field[12].c_str()) * tick_us;
    st.ok = true;
    return st;
}

struct LoadSpec {
    long long min_calls = 0;
    int64_t min_ns = 0, max_ns = 0;
    int inflight = 64;
    bool single = false;  // one write() per request instead of one per batch of replacements
};
struct LoadOut {
    long long sent = 0;
    int64_t t0 = 0, t1 = 0;
    std::string err;  // empty when every answer came
};
// Keeps exactly spec.inflight requests `r` outstanding until the phase is over (see run_full);
// ids continue from `id`, which is left after the last one sent.
LoadOut run_load(Child& c, const Request& r, long long& id, const LoadSpec& spec, Counters& k) {
    LoadOut lo;
    const long long max_calls = spec.min_calls * 100;
    const long long floor_calls = std::min<long long>(spec.min_calls, 8LL * spec.inflight);
    const long long base = id;
    std::vector<uint8_t> answered;
    answered.reserve(size_t(spec.min_calls) * 4);
    std::string req;
    long long sent = 0, done = 0;
    lo.t0 = now_ns();
    auto send = [&](std::string& data) {
        const bool ok = data.empty() || send_all(c, data, now_ns() + kCallTimeout);
        data.clear();
        return ok;
    };
    for (; sent < std::min<long long>(spec.min_calls, spec.inflight); ++sent) {
        r.append(req, base + sent);
        answered.push_back(0);
        if (spec.single && !send(req)) {
            lo.err = "write failed";
            return lo;
        }
    }
    if (!send(req)) {
        lo.err = "write failed";
        return lo;
    }
    int64_t deadline = now_ns() + kCallTimeout;
    for (;;) {
        std::string_view l;
        const int64_t elapsed = now_ns() - lo.t0;
        const bool more_time = elapsed < spec.min_ns;
        const bool over_time = elapsed >= spec.max_ns;  // slow server: stop early (>= 8 × inflight calls)
        bool wrote = false;
        while (next_line(c, l)) {
            TopLevel t;
            long long got = 0;
            if (scan_top(l, t) && t.method.empty() && id_as_int(t.id, got) && got >= base && got < base + sent &&
                !answered[size_t(got - base)]) {
                answered[size_t(got - base)] = 1;
                ++done;
                check_response(l, t, k);
                if ((sent < spec.min_calls && !(over_time && sent >= floor_calls)) ||
                    (more_time && sent < max_calls)) {
                    r.append(req, base + sent++);
                    answered.push_back(0);
                    wrote = true;
                    if (spec.single && !send(req)) {
                        lo.err = "write failed under load";
                        return lo;
                    }
                }
            } else {
                ++k.stray_lines;
            }
        }
        if (!send(req)) {
            lo.err = "write failed under load";
            return lo;
        }
        if (wrote) deadline = now_ns() + kCallTimeout;
        if (done >= sent) break;
        Rd rd = read_some(c, deadline);
        if (rd != Rd::Ok) {
            lo.err = strprintf("under load after %lld of %lld answers: %s", done, sent,
                               rd == Rd::Timeout ? "timed out" : rd == Rd::Eof ? "server closed stdout" : "read error");
            return lo;
        }
    }
    lo.t1 = now_ns();
    lo.sent = sent;
    id = base + sent;
    return lo;
}

// Full session in one era: cold start, sequential latency and CPU per tool, throughput
// and CPU under load, peak RSS, exit.
// Starts server `s` in its own fresh directory (its database and stderr.log live there);
// false, with o.ok and o.err set, when that fails.
bool spawn_server(const Server& s, const SessionDir& dir, int pin_cpu, Child& c, SessionOut& o) {
    o.ok = false;
    if (dir.path.empty()) {
        o.err = "mkdtemp failed";
        return false;
    }
    std::vector<std::string> env;
    const auto argv = server_argv(s, dir, env);
    if (!spawn(c, argv, env, pin_cpu, (dir.path / "stderr.log").string(), o.err)) return false;
    o.ok = true;
    return true;
}

SessionOut run_full(const Server& s, bool modern, int pin_cpu, Ctx& ctx, bool warmup_only = false) {
    SessionOut o;
    const std::string era = modern ? "modern" : "legacy";
    SessionDir dir(ctx.tmp_root);
    const fs::path errlog = dir.path / "stderr.log";
    Child c;
    if (!spawn_server(s, dir, pin_cpu, c, o)) return o;
    auto fail = [&](const std::string& what) {
        o.ok = false;
        o.err = what;
        kill_child(c);
        const std::string t = tail_of_file(errlog);
        if (!t.empty()) o.err += "; stderr: " + t;
        return o;
    };
    long long id = 1;
    std::string req, line;
    const int64_t start_deadline = c.t_spawn + kStartTimeout;
    if (!modern) {
        initialize_req().append(req, id);
        if (!send_all(c, req, start_deadline)) return fail("cannot write initialize");
        Wait w = wait_for(c, id, start_deadline, o.k, &line);
        if (w != Wait::Ok) return fail(std::string("initialize: ") + wait_text(w));
        if (!contains(line, "\"result\"")) return fail("initialize failed: " + line.substr(0, 300));
        ++id;
        req.assign(kInitialized);
        simple("tools/list", false).append(req, id);
    } else {
        req.clear();
        simple("tools/list", true).append(req, id);
    }
    if (!send_all(c, req, start_deadline)) return fail("cannot write tools/list");
    Wait w = wait_for(c, id, start_deadline, o.k, &line);
    if (w != Wait::Ok) return fail(std::string("tools/list: ") + wait_text(w));
    const int64_t t_cold = now_ns();
    o.fig[era + ".cold_start_ms"] = double(t_cold - c.t_spawn) / 1e6;
    if (int64_t cpu = child_cpu_ns(c); cpu >= 0) o.fig[era + ".startup_cpu_ms"] = double(cpu) / 1e6;
    {
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.contains("result") || !j["result"].contains("tools") ||
            !j["result"]["tools"].is_array())
            return fail("tools/list answer is not a tool list: " + line.substr(0, 300));
        std::set<std::string> names;
        for (const auto& t : j["result"]["tools"])
            if (t.contains("name") && t["name"].is_string()) names.insert(t["name"].get<std::string>());
        for (const auto& t : kTools)
            if (!names.count(t.name)) return fail(std::string("tools/list lacks ") + t.name);
        ctx.tools_listed[s.name] = long(names.size());
    }
    ++id;

    const Params& p = ctx.p;
    const int warm = warmup_only ? 3 : p.warmup;
    std::vector<double> lat;
    lat.reserve(size_t(p.seq_calls));
    for (const Tool& tool : kTools) {
        const Request r = tool_call(tool, modern);
        for (int i = 0; i < warm; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t tw0 = now_ns();
            if (!send_all(c, req, tw0 + kCallTimeout)) return fail("write failed");
            Wait ww = wait_for(c, id, tw0 + kCallTimeout, o.k, i == 0 ? &line : nullptr);
            if (ww != Wait::Ok) return fail(std::string(tool.name) + ": " + wait_text(ww));
            // The very first tools/call of the process: a server that opens (or creates and
            // seeds) its database lazily pays for it here rather than in the cold start.
            if (i == 0 && &tool == &kTools[0]) o.fig[era + ".first_call_ms"] = double(now_ns() - tw0) / 1e6;
            if (i == 0) {
                auto j = nlohmann::json::parse(line, nullptr, false);
                const std::string sk = s.name + " " + era + " " + tool.name;
                if (!ctx.sample_responses.count(sk)) ctx.sample_responses[sk] = line;
                if (j.is_discarded() || !j.contains("result") || !j["result"].is_object())
                    return fail(std::string(tool.name) + " did not return a result: " + line.substr(0, 300));
                if (j["result"].value("isError", false))
                    return fail(std::string(tool.name) + " returned isError: " + line.substr(0, 300));
            }
        }
        if (warmup_only) continue;
        const int64_t cpu0 = settled_cpu_ns(c);
        const ProcStat st0 = proc_stat(c.pid);
        lat.clear();
        for (int i = 0; i < p.seq_calls; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t t0 = now_ns();
            if (!send_all(c, req, t0 + kCallTimeout)) return fail("write failed");
            Wait ww = wait_for(c, id, t0 + kCallTimeout, o.k);
            const int64_t t1 = now_ns();
            if (ww != Wait::Ok) return fail(std::string(tool.name) + ": " + wait_text(ww));
            lat.push_back(double(t1 - t0) / 1e3);
        }
        const int64_t cpu1 = settled_cpu_ns(c);
        const ProcStat st1 = proc_stat(c.pid);
        if (st0.ok && st1.ok) {
            o.fig[era + ".user_us_per_call." + tool.name] = (st1.utime_us - st0.utime_us) / p.seq_calls;
            o.fig[era + ".sys_us_per_call." + tool.name] = (st1.stime_us - st0.stime_us) / p.seq_calls;
            o.fig[era + ".minflt_per_call." + tool.name] = double(st1.minflt - st0.minflt) / p.seq_calls;
        }
        o.fig[era + ".seq_p50_us." + tool.name] = percentile(lat, 0.50);
        o.fig[era + ".seq_p99_us." + tool.name] = percentile(lat, 0.99);
        if (cpu0 >= 0 && cpu1 >= 0)
            o.fig[era + ".cpu_per_call_us." + tool.name] = double(cpu1 - cpu0) / 1e3 / p.seq_calls;
    }

    // Throughput: exactly `inflight` order_lunch requests outstanding, twice: "burst" writes
    // the replacements for all answers of one read() in one write() (what group commit loves);
    // "single" writes every request with its own write(), as the official SDK clients do
    // (issue 16). Each phase lasts at least load_calls calls and at least load_min_ms (so a
    // fast server is measured for long enough), at most 100 × load_calls calls.
    LoadSpec spec;
    spec.min_calls = warmup_only ? 200 : p.load_calls;
    spec.min_ns = warmup_only ? 0 : int64_t(p.load_min_ms) * 1'000'000;
    spec.max_ns = warmup_only ? kCallTimeout : int64_t(p.load_max_ms) * 1'000'000;
    spec.inflight = p.inflight;
    const Request r = tool_call(kTools[0], modern);
    for (const bool single : {false, true}) {
        spec.single = single;
        const std::string tag = single ? "_single" : "";
        const int64_t cpu0 = warmup_only ? -1 : settled_cpu_ns(c);
        const ProcStat st0 = proc_stat(c.pid);
        const int64_t self0 = self_cpu_ns();
        LoadOut lo = run_load(c, r, id, spec, o.k);
        if (!lo.err.empty()) return fail(lo.err);
        const int64_t self1 = self_cpu_ns();
        o.load_calls += lo.sent;
        if (warmup_only) continue;
        const int64_t cpu1 = settled_cpu_ns(c);
        const ProcStat st1 = proc_stat(c.pid);
        const double n = double(lo.sent);
        o.fig[era + ".throughput_cps" + tag] = n / (double(lo.t1 - lo.t0) / 1e9);
        if (cpu0 >= 0 && cpu1 >= 0) o.fig[era + ".cpu_per_call_load_us" + tag] = double(cpu1 - cpu0) / 1e3 / n;
        o.fig[era + ".client_cpu_per_call_load_us" + tag] = double(self1 - self0) / 1e3 / n;
        if (st0.ok && st1.ok) {
            o.fig[era + ".user_us_per_call_load" + tag] = (st1.utime_us - st0.utime_us) / n;
            o.fig[era + ".sys_us_per_call_load" + tag] = (st1.stime_us - st0.stime_us) / n;
            o.fig[era + ".minflt_per_call_load" + tag] = double(st1.minflt - st0.minflt) / n;
        }
    }
    if (!warmup_only) {
        o.fig[era + ".peak_rss_mib"] = vm_hwm_mib(c.pid);
        // The server's database files (db, -wal, -shm) in its private session directory: a WAL
        // that never checkpoints shows up here as growth proportional to the calls made.
        std::error_code dec;
        uintmax_t bytes = 0;
        for (const auto& e : fs::directory_iterator(dir.path, dec))
            if (e.path().filename() != "stderr.log" && e.is_regular_file(dec)) bytes += e.file_size(dec);
        o.fig[era + ".db_files_mib"] = double(bytes) / (1024.0 * 1024.0);
        o.cpu_clock_last_ms = double(child_cpu_ns(c)) / 1e6;
    }
    const int64_t t_eof = now_ns();
    o.exit = close_and_wait(c, t_eof + kExitTimeout);
    o.exit_ok = o.exit.exited && WIFEXITED(o.exit.status) && WEXITSTATUS(o.exit.status) == 0;
    if (o.exit.exited && !warmup_only) o.fig[era + ".exit_after_load_ms"] = double(o.exit.t_exit - t_eof) / 1e6;
    o.wait4_cpu_ms = (o.exit.ru.ru_utime.tv_sec + o.exit.ru.ru_stime.tv_sec) * 1e3 +
                     (o.exit.ru.ru_utime.tv_usec + o.exit.ru.ru_stime.tv_usec) / 1e3;
    o.wait4_maxrss_mib = double(o.exit.ru.ru_maxrss) / 1024.0;
    std::error_code ec;
    o.stderr_bytes = size_t(fs::file_size(errlog, ec));
    if (ec) o.stderr_bytes = 0;
    return o;
}

// Syscalls by kind per call (issue 16). In a session of its own, after a warm-up, strace -c
// attaches to the server (-f: every thread) for one 64-in-flight order_lunch phase written
// one message per write(), and detaches at its end; the counts cover that phase only.
// strace slows every syscall, so this session's times are not used anywhere.
struct Census {
    bool ok = false;
    std::string err;
    long long calls = 0;
    std::map<std::string, long long> syscalls;  // name -> count in the phase
};
Census run_census(const Server& s, bool modern, Ctx& ctx, const std::string& strace, long long calls) {
    Census out;
    SessionDir dir(ctx.tmp_root);
    Child c;
    SessionOut o;
    if (!spawn_server(s, dir, -1, c, o)) {
        out.err = o.err;
        return out;
    }
    long long id = 1;
    std::string req, line;
    const int64_t start_deadline = c.t_spawn + kStartTimeout;
    if (!modern) {
        initialize_req().append(req, id);
        if (!send_all(c, req, start_deadline) || wait_for(c, id, start_deadline, o.k, &line) != Wait::Ok) {
            kill_child(c);
            out.err = "initialize failed";
            return out;
        }
        ++id;
        req.assign(kInitialized);
        if (!send_all(c, req, start_deadline)) {
            kill_child(c);
            out.err = "cannot write initialized";
            return out;
        }
    }
    const Request r = tool_call(kTools[0], modern);
    LoadSpec spec;
    spec.single = true;
    spec.inflight = ctx.p.inflight;
    spec.min_calls = std::max<long long>(500, spec.inflight);
    spec.max_ns = kCallTimeout;
    if (LoadOut w = run_load(c, r, id, spec, o.k); !w.err.empty()) {
        kill_child(c);
        out.err = "warm-up: " + w.err;
        return out;
    }
    const std::string file = (dir.path / "census.txt").string();
    const std::string pid = std::to_string(c.pid);
    const pid_t tracer = fork();
    if (tracer == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(strace.c_str(), strace.c_str(), "-c", "-f", "-p", pid.c_str(), "-o", file.c_str(), (char*)nullptr);
        _exit(127);
    }
    // Attached once the kernel names a tracer; a little longer for the threads of a Node server.
    const int64_t attach_deadline = now_ns() + 5'000'000'000;
    for (bool attached = false; !attached;) {
        std::ifstream st("/proc/" + pid + "/status");
        for (std::string l; std::getline(st, l);)
            if (l.rfind("TracerPid:", 0) == 0) attached = std::atoi(l.c_str() + 10) != 0;
        if (!attached && now_ns() > attach_deadline) {
            kill(tracer, SIGKILL);
            waitpid(tracer, nullptr, 0);
            kill_child(c);
            out.err = "strace did not attach (ptrace not permitted?)";
            return out;
        }
        sleep_us(1000);
    }
    sleep_us(100'000);
    spec.min_calls = calls;
    LoadOut lo = run_load(c, r, id, spec, o.k);
    kill(tracer, SIGINT);  // detaches and writes the summary
    int status = 0;
    waitpid(tracer, &status, 0);
    close_and_wait(c, now_ns() + kExitTimeout);
    if (!lo.err.empty()) {
        out.err = lo.err;
        return out;
    }
    // % time     seconds  usecs/call     calls    errors syscall
    std::ifstream f(file);
    for (std::string l; std::getline(f, l);) {
        std::istringstream in(l);
        std::vector<std::string> t;
        for (std::string w; in >> w;) t.push_back(w);
        if (t.size() < 5 || t.back() == "total" || !std::isdigit(static_cast<unsigned char>(t[0][0]))) continue;
        out.syscalls[t.back()] += std::atoll(t[3].c_str());
    }
    out.calls = lo.sent;
    out.ok = !out.syscalls.empty();
    if (!out.ok) out.err = "strace -c reported nothing";
    return out;
}

// Heap allocations per order_lunch call (issue 16): office-mcp-counting (the same server,
// counting malloc/calloc/realloc into a shared file) after a warm-up, sequential and at 64
// in flight written one message per write(). {seq, load} per call, or NaN with `err`.
std::pair<double, double> run_alloc_census(const std::string& binary, Ctx& ctx, std::string& err) {
    const std::pair<double, double> none{NAN, NAN};
    SessionDir dir(ctx.tmp_root);
    const std::string counter = (dir.path / "allocations").string();
    {
        const int fd = open(counter.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd < 0 || ftruncate(fd, sizeof(uint64_t)) != 0) {
            err = "cannot create the counter file";
            if (fd >= 0) close(fd);
            return none;
        }
        close(fd);
    }
    const int fd = open(counter.c_str(), O_RDONLY | O_CLOEXEC);
    void* mapped = fd < 0 ? MAP_FAILED : mmap(nullptr, sizeof(uint64_t), PROT_READ, MAP_SHARED, fd, 0);
    if (fd >= 0) close(fd);
    if (mapped == MAP_FAILED) {
        err = "cannot map the counter file";
        return none;
    }
    const volatile uint64_t* count = static_cast<const volatile uint64_t*>(mapped);
    Server s;
    s.name = "office-mcp-counting";
    s.argv = {binary};
    s.db = Server::Db::Arg;
    Child c;
    SessionOut o;
    std::vector<std::string> env = {"OFFICE_BENCH_ALLOC_COUNTER=" + counter};
    auto argv = server_argv(s, dir, env);
    std::pair<double, double> result = none;
    if (!spawn(c, argv, env, -1, (dir.path / "stderr.log").string(), err)) {
        munmap(mapped, sizeof(uint64_t));
        return none;
    }
    long long id = 1;
    std::string req, line;
    const int64_t deadline = c.t_spawn + kStartTimeout;
    initialize_req().append(req, id++);
    req += kInitialized;
    const Request r = tool_call(kTools[0], false);
    LoadSpec spec;
    spec.single = true;
    spec.inflight = ctx.p.inflight;
    spec.min_calls = 1000;
    spec.max_ns = kCallTimeout;
    if (!send_all(c, req, deadline) || wait_for(c, 1, deadline, o.k, &line) != Wait::Ok) {
        err = "initialize failed";
    } else if (LoadOut w = run_load(c, r, id, spec, o.k); !w.err.empty()) {
        err = "warm-up: " + w.err;
    } else {
        const int seq_calls = 1000;
        const uint64_t a0 = *count;
        bool ok = true;
        for (int i = 0; i < seq_calls && ok; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t t0 = now_ns();
            ok = send_all(c, req, t0 + kCallTimeout) && wait_for(c, id, t0 + kCallTimeout, o.k) == Wait::Ok;
        }
        const uint64_t a1 = *count;
        spec.min_calls = 5000;
        LoadOut lo = ok ? run_load(c, r, id, spec, o.k) : LoadOut{};
        const uint64_t a2 = *count;
        if (!ok || !lo.err.empty()) err = ok ? lo.err : "sequential calls failed";
        else result = {double(a1 - a0) / seq_calls, double(a2 - a1) / double(lo.sent)};
    }
    close_and_wait(c, now_ns() + kExitTimeout);
    munmap(mapped, sizeof(uint64_t));
    return result;
}

// Throughput through the official SDK's Node client (node-client.mjs beside this source),
// which writes one message per write(): `calls` order_lunch calls, `inflight` outstanding.
// Calls per second, or NaN with `err` set.
double run_node_client(const Server& s, Ctx& ctx, const std::string& node, const std::string& peers_dir,
                       const std::string& script, long long calls, std::string& err) {
    SessionDir dir(ctx.tmp_root);
    std::vector<std::string> env;
    const auto server = server_argv(s, dir, env);
    std::vector<std::string> argv = {node, script, peers_dir, std::to_string(calls), std::to_string(ctx.p.inflight), "--"};
    argv.insert(argv.end(), server.begin(), server.end());
    Child c;
    if (!spawn(c, argv, env, -1, (dir.path / "stderr.log").string(), err)) return NAN;
    std::string line;
    close_fd(c.wfd);
    const int64_t deadline = now_ns() + 120'000'000'000;
    for (;;) {
        std::string_view l;
        if (next_line(c, l)) {
            line.assign(l);
            break;
        }
        if (read_some(c, deadline) != Rd::Ok) break;
    }
    close_and_wait(c, now_ns() + kExitTimeout);
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.contains("seconds") || j.value("errors", 1) != 0) {
        err = "no result" + (line.empty() ? std::string() : ": " + line.substr(0, 200)) + "; stderr: " +
              tail_of_file(dir.path / "stderr.log");
        return NAN;
    }
    return double(j["calls"].get<long long>()) / j["seconds"].get<double>();
}

// spawn -> server/discover -> answer -> close stdin -> process exit.
SessionOut run_discover(const Server& s, int pin_cpu, Ctx& ctx) {
    SessionOut o;
    SessionDir dir(ctx.tmp_root);
    Child c;
    if (!spawn_server(s, dir, pin_cpu, c, o)) return o;
    std::string req, line;
    simple("server/discover", true).append(req, 1);
    const int64_t deadline = c.t_spawn + kStartTimeout;
    Wait w = send_all(c, req, deadline) ? wait_for(c, 1, deadline, o.k, &line) : Wait::Err;
    if (w != Wait::Ok || !contains(line, "\"result\"")) {
        o.ok = false;
        o.err = "server/discover: " + (w == Wait::Ok ? line.substr(0, 300) : std::string(wait_text(w)));
        kill_child(c);
        return o;
    }
    const int64_t t_answer = now_ns();
    o.exit = close_and_wait(c, now_ns() + kExitTimeout);
    o.exit_ok = o.exit.exited && WIFEXITED(o.exit.status) && WEXITSTATUS(o.exit.status) == 0;
    if (!o.exit.exited) {
        o.ok = false;
        o.err = "did not exit within 10 s of stdin closing";
        return o;
    }
    o.fig["modern.discover_exit_ms"] = double(o.exit.t_exit - c.t_spawn) / 1e6;
    o.fig["modern.exit_after_eof_ms"] = double(o.exit.t_exit - t_answer) / 1e6;
    o.wait4_cpu_ms = (o.exit.ru.ru_utime.tv_sec + o.exit.ru.ru_stime.tv_sec) * 1e3 +
                     (o.exit.ru.ru_utime.tv_usec + o.exit.ru.ru_stime.tv_usec) / 1e3;
    o.fig["modern.discover_session_cpu_ms"] = o.wait4_cpu_ms;
    return o;
}

// --------------------------------------------------------------------- statistics
struct Stat {
    double median = NAN, min = NAN, max = NAN, q1 = NAN, q3 = NAN;
    size_t n = 0;
};
double quantile_lin(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return NAN;
    const double pos = q * double(sorted.size() - 1);
    const size_t lo = size_t(std::floor(pos)), hi = size_t(std::ceil(pos));
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - double(lo));
}
Stat stat_of(std::vector<double> v) {
    Stat s;
    std::erase_if(v, [](double x) { return !std::isfinite(x); });
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.n = v.size();
    s.min = v.front();
    s.max = v.back();
    s.median = quantile_lin(v, 0.5);
    s.q1 = quantile_lin(v, 0.25);
    s.q3 = quantile_lin(v, 0.75);
    return s;
}

struct Figure {
    std::string key;
    std::string label;
    std::string unit;
    bool higher_better = false;
    bool modern = false;
};
std::vector<Figure> figure_list() {
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, std::string unit, bool hb = false) {
        const bool modern = key.rfind("modern.", 0) == 0;
        f.push_back({std::move(key), std::move(label), std::move(unit), hb, modern});
    };
    add("legacy.cold_start_ms", "cold start → tools/list, legacy", "ms");
    add("modern.cold_start_ms", "cold start → tools/list, 2026", "ms");
    add("modern.discover_exit_ms", "spawn → discover → EOF → exit", "ms");
    add("modern.discover_session_cpu_ms", "server CPU spawn→discover→exit (wait4)", "ms");
    add("legacy.startup_cpu_ms", "server CPU to 1st tools/list, legacy", "ms");
    add("modern.startup_cpu_ms", "server CPU to 1st tools/list, 2026", "ms");
    add("legacy.first_call_ms", "first tools/call after start, legacy", "ms");
    add("modern.first_call_ms", "first tools/call after start, 2026", "ms");
    for (const auto& t : kTools) {
        for (const char* q : {"p50", "p99"})
            for (const char* era : {"legacy", "modern"})
                add(std::string(era) + ".seq_" + q + "_us." + t.name,
                    std::string("seq ") + q + " " + t.name + ", " + (era[0] == 'l' ? "legacy" : "2026"), "µs");
    }
    for (const auto& t : kTools)
        for (const char* era : {"legacy", "modern"})
            add(std::string(era) + ".cpu_per_call_us." + t.name,
                std::string("server CPU/call seq ") + t.name + ", " + (era[0] == 'l' ? "legacy" : "2026"), "µs");
    for (const char* era : {"legacy", "modern"}) {
        const std::string e = era[0] == 'l' ? "legacy" : "2026";
        add(std::string(era) + ".user_us_per_call.order_lunch", "server user CPU/call seq order_lunch, " + e, "µs");
        add(std::string(era) + ".sys_us_per_call.order_lunch", "server sys CPU/call seq order_lunch, " + e, "µs");
        add(std::string(era) + ".minflt_per_call.order_lunch", "server page faults/call seq order_lunch, " + e, "");
    }
    // The 64-in-flight phases: burst (replacements batched in one write) and single (one
    // write() per request, as the SDK clients write).
    for (const char* mode : {"", "_single"}) {
        const std::string m = mode[0] ? "one write/msg" : "burst writes";
        for (const char* era : {"legacy", "modern"}) {
            const std::string e = era[0] == 'l' ? "legacy" : "2026";
            const std::string k = std::string(era) + ".";
            add(k + "throughput_cps" + mode, "throughput, 64 in flight, " + m + ", " + e, "calls/s", true);
            add(k + "cpu_per_call_load_us" + mode, "server CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "user_us_per_call_load" + mode, "server user CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "sys_us_per_call_load" + mode, "server sys CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "minflt_per_call_load" + mode, "server page faults/call 64 in flight, " + m + ", " + e, "");
            add(k + "client_cpu_per_call_load_us" + mode, "client CPU/call 64 in flight, " + m + ", " + e, "µs");
        }
    }
    add("legacy.peak_rss_mib", "peak RSS after load, legacy", "MiB");
    add("modern.peak_rss_mib", "peak RSS after load, 2026", "MiB");
    add("legacy.db_files_mib", "database files on disk after load, legacy", "MiB");
    add("modern.db_files_mib", "database files on disk after load, 2026", "MiB");
    add("legacy.exit_after_load_ms", "stdin EOF → exit after load, legacy", "ms");
    add("modern.exit_after_load_ms", "stdin EOF → exit after load, 2026", "ms");
    return f;
}

Figure figure_list_lookup(const std::vector<Figure>& figures, const std::string& key) {
    for (const auto& f : figures)
        if (f.key == key) return f;
    return {key, key, "", false, false};
}

// values[pin][server][figure] = per-run values
using Values = std::map<int, std::map<std::string, std::map<std::string, std::vector<double>>>>;

std::string fmt_num(double v) {
    if (!std::isfinite(v)) return "-";
    const double a = std::fabs(v);
    if (a >= 1e6) return fmt_num(v / 1e6) + "M";
    if (a >= 1e4) return fmt_num(v / 1e3) + "k";
    const int dec = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : 4;
    return strprintf("%.*f", dec, v);
}
std::string fmt_ratio(double r) {
    if (!std::isfinite(r)) return "-";
    return fmt_num(r) + "×";
}
size_t display_width(std::string_view s) {
    size_t w = 0;
    for (unsigned char ch : s)
        if ((ch & 0xC0) != 0x80) ++w;
    return w;
}
std::string pad(std::string s, size_t w, bool right = false) {
    const size_t dw = display_width(s);
    if (dw >= w) return s;
    return right ? std::string(w - dw, ' ') + s : s + std::string(w - dw, ' ');
}

std::string resolve_in_path(const std::string& prog) {
    if (prog.find('/') != std::string::npos) return access(prog.c_str(), X_OK) == 0 ? prog : "";
    const char* path = getenv("PATH");
    std::stringstream ss(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(ss, dir, ':')) {
        if (dir.empty()) continue;
        std::string cand = dir + "/" + prog;
        if (access(cand.c_str(), X_OK) == 0) return cand;
    }
    return "";
}
std::string run_capture(const std::string& cmd) {
    std::string out;
    if (FILE* f = popen(cmd.c_str(), "r")) {
        char b[256];
        while (fgets(b, sizeof b, f)) out += b;
        pclose(f);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}
std::string fs_type(const fs::path& p) {
    struct statfs sf{};
    if (statfs(p.c_str(), &sf) != 0) return "?";
    switch (static_cast<unsigned long>(sf.f_type)) {
        case 0x01021994: return "tmpfs";
        case 0xEF53: return "ext4";
        case 0x9123683E: return "btrfs";
        case 0x58465342: return "xfs";
        case 0x794c7630: return "overlayfs";
        default: return strprintf("fs 0x%lx", static_cast<unsigned long>(sf.f_type));
    }
}

void usage() {
    std::printf(
        "usage: office-bench [options]\n"
        "  --quick            3 runs, fewer calls (under a minute on 2 cores)\n"
        "  --runs N           runs per server and CPU mode (default 5; quick 3)\n"
        "  --seq-calls N      timed sequential calls per tool per run (default 1000; quick 200)\n"
        "  --load-calls N     minimum calls in the 64-in-flight phase per run (default 20000; quick 2500);\n"
        "                     the phase also lasts at least 1 s (quick 150 ms) and stops after 4 s\n"
        "                     (quick 400 ms) once 512 calls were made\n"
        "  --server PATH      office-mcp binary (default: ../../stdio_server/office-mcp beside this\n"
        "                     binary, else the path CMake compiled in)\n"
        "  --peers DIR        folder holding peer-server*.mjs + node_modules (default: what\n"
        "                     ../shared/peers/setup.sh prints, ~/.cache/office-mcp-peers)\n"
        "  --only LIST        comma list of echo,office,process,peer1,peer2 (process: office-mcp\n"
        "                     --durability process, beside the power-safe default)\n"
        "  --no-pin           skip the pinned-to-one-CPU pass\n"
        "  --no-census        skip the syscall census (strace -c attached to each server for one\n"
        "                     64-in-flight phase written one message per write)\n"
        "  --census-calls N   calls in that phase (default 5000; quick 2000)\n"
        "  --no-node          skip the throughput through the SDK's Node client (node-client.mjs)\n"
        "  --json FILE        write all figures, per-run values and ratios as JSON\n"
        "  --tmpdir DIR       where the per-run databases go (default $TMPDIR or /tmp)\n"
        "  --echo-server      act as the echo floor server (used by the bench itself)\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "--echo-server") return echo_server_main();

    Ctx ctx;
    Params& P = ctx.p;
    std::string server_path, peers_dir, json_path, only, tmpdir;
    bool no_pin = false, no_census = false, no_node = false;
    long long census_calls = 0;
    std::optional<int> runs, seq, load;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "office-bench: %s needs a value\n", argv[i]);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick")
            P.quick = true;
        else if (a == "--runs")
            runs = std::atoi(val().c_str());
        else if (a == "--seq-calls")
            seq = std::atoi(val().c_str());
        else if (a == "--load-calls")
            load = std::atoi(val().c_str());
        else if (a == "--server")
            server_path = val();
        else if (a == "--peers")
            peers_dir = val();
        else if (a == "--json")
            json_path = val();
        else if (a == "--only")
            only = val();
        else if (a == "--tmpdir")
            tmpdir = val();
        else if (a == "--no-pin")
            no_pin = true;
        else if (a == "--no-census")
            no_census = true;
        else if (a == "--no-node")
            no_node = true;
        else if (a == "--census-calls")
            census_calls = std::atoll(val().c_str());
        else if (a == "-v" || a == "--verbose")
            ctx.verbose = true;
        else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else {
            std::fprintf(stderr, "office-bench: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    if (P.quick) {
        P.runs = 3;
        P.warmup = 30;
        P.seq_calls = 200;
        P.load_calls = 2500;
        P.load_min_ms = 150;
        P.load_max_ms = 400;
    }
    if (runs) P.runs = std::max(1, *runs);
    if (seq) P.seq_calls = std::max(10, *seq);
    if (load) P.load_calls = std::max(P.inflight, *load);
    signal(SIGPIPE, SIG_IGN);

    // Self path for the echo floor.
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    const fs::path self_dir = self.parent_path();

    // ---------------------------------------------------------------- servers
    std::vector<Server> servers;
    {
        Server e;
        e.name = "echo floor";
        e.key = "echo";
        e.argv = {self.string(), "--echo-server"};
        e.modern = true;
        servers.push_back(e);
    }
    {
        Server o;
        o.name = "office-mcp";
        o.key = "office";
        o.modern = true;
        o.db = Server::Db::Arg;
        std::vector<std::string> tried;
        std::string path = server_path;
        if (path.empty()) {
            std::vector<std::string> cands = {(self_dir / "../../stdio_server/office-mcp").lexically_normal().string()};
#ifdef OFFICE_MCP_BINARY
            cands.push_back(OFFICE_MCP_BINARY);
#endif
            for (const auto& cnd : cands) {
                tried.push_back(cnd);
                if (access(cnd.c_str(), X_OK) == 0) {
                    path = cnd;
                    break;
                }
            }
        } else {
            tried.push_back(path);
            if (access(path.c_str(), X_OK) != 0) path.clear();
        }
        if (path.empty()) {
            o.available = false;
            std::string t;
            for (const auto& x : tried) t += (t.empty() ? "" : ", ") + x;
            o.skip_reason = "binary not found (tried " + t + "); pass --server PATH";
        } else {
            o.argv = {fs::absolute(path).lexically_normal().string()};
        }
        servers.push_back(o);
        // The same binary trading durability away (issue 17): what the power-safe default
        // costs per write, measured in the same run.
        Server p = o;
        p.name = "office-mcp process";
        p.key = "process";
        if (!p.argv.empty()) p.argv.insert(p.argv.end(), {"--durability", "process"});
        servers.push_back(p);
    }
    {
        const std::string node = resolve_in_path("node");
        if (peers_dir.empty()) {
            const char* xdg = getenv("XDG_CACHE_HOME");
            const char* home = getenv("HOME");
            peers_dir = xdg && *xdg ? std::string(xdg) + "/office-mcp-peers"
                                    : std::string(home ? home : "/root") + "/.cache/office-mcp-peers";
        }
        for (int v = 1; v <= 2; ++v) {
            Server s;
            s.name = v == 1 ? "peer-server.mjs" : "peer-server-v2.mjs";
            s.key = v == 1 ? "peer1" : "peer2";
            s.modern = v == 2;
            s.db = Server::Db::PeerEnv;
            const fs::path script = fs::path(peers_dir) / s.name;
            if (node.empty()) {
                s.available = false;
                s.skip_reason = "node not found in PATH";
            } else if (!fs::exists(script)) {
                s.available = false;
                s.skip_reason = script.string() + " not found; run ../shared/peers/setup.sh or pass --peers DIR";
            } else if (!fs::exists(fs::path(peers_dir) / "node_modules")) {
                s.available = false;
                s.skip_reason = peers_dir + "/node_modules missing; run ../shared/peers/setup.sh";
            } else {
                s.argv = {node, script.string()};
            }
            servers.push_back(s);
        }
    }
    if (!only.empty()) {
        std::set<std::string> keep;
        std::stringstream ss(only);
        std::string k;
        while (std::getline(ss, k, ',')) keep.insert(k);
        for (auto& s : servers)
            if (!keep.count(s.key) && s.available) {
                s.available = false;
                s.skip_reason = "not in --only";
            }
    }

    // ---------------------------------------------------------------- environment
    if (tmpdir.empty()) tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    {
        std::string tmpl = (fs::path(tmpdir) / "office-bench.XXXXXX").string();
        if (!mkdtemp(tmpl.data())) {
            std::fprintf(stderr, "office-bench: cannot create a directory in %s: %s\n", tmpdir.c_str(),
                         strerror(errno));
            return 1;
        }
        ctx.tmp_root = tmpl;
    }
    sched_getaffinity(0, sizeof ctx.orig_affinity, &ctx.orig_affinity);
    int ncpu = CPU_COUNT(&ctx.orig_affinity);
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; --cpu)
        if (CPU_ISSET(cpu, &ctx.orig_affinity)) {
            ctx.pin_cpu = cpu;
            break;
        }
    std::vector<int> pins = {0};
    if (!no_pin) pins.push_back(1);

    utsname un{};
    uname(&un);
    std::string node_version;
    for (const auto& s : servers)
        if (s.key == "peer1" && !s.argv.empty()) node_version = run_capture(s.argv[0] + " --version 2>/dev/null");
    char datebuf[64];
    const time_t tnow = time(nullptr);
    strftime(datebuf, sizeof datebuf, "%Y-%m-%d %H:%M:%S UTC", gmtime(&tnow));

    auto loadavg = []() {
        double l = NAN;
        if (FILE* f = std::fopen("/proc/loadavg", "r")) {
            if (std::fscanf(f, "%lf", &l) != 1) l = NAN;
            std::fclose(f);
        }
        return l;
    };
    const double load_start = loadavg();
    std::printf("office-bench — %s, %s %s, %d CPUs allowed, pinned pass on CPU %d, load average %.2f\n", datebuf,
                un.sysname, un.release, ncpu, ctx.pin_cpu, load_start);
    if (load_start > 0.5 * ncpu)
        std::printf("WARNING: the machine is busy (1-minute load %.2f on %d CPUs): figures will be noisy\n", load_start,
                    ncpu);
    std::printf("mode %s: %d runs × {unpinned%s}, %d warm-up + %d timed sequential calls per tool, ≥%d calls and "
                "%d–%d ms at %d in flight; databases in %s (%s)\n",
                P.quick ? "quick" : "full", P.runs, no_pin ? "" : ", pinned", P.warmup, P.seq_calls, P.load_calls,
                P.load_min_ms, P.load_max_ms, P.inflight, tmpdir.c_str(), fs_type(tmpdir).c_str());
    if (P.quick)
        std::printf("note: --quick's short load phases leave the Node peers' JIT cold (about 3× more CPU per call "
                    "under load than in\n      the full run), so its peer ratios flatter office-mcp: use the full run "
                    "for peer comparisons\n");
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    std::printf("WARNING: office-bench was built with sanitizers: the client is slow, figures are not representative\n");
#endif
    for (const auto& s : servers) {
        if (s.available) {
            std::string cmd;
            for (const auto& a : s.argv) cmd += (cmd.empty() ? "" : " ") + a;
            if (s.db == Server::Db::Arg) cmd += " --db <fresh tmp>/office.db";
            if (s.db == Server::Db::PeerEnv) cmd = "PEER_DB=<fresh tmp>/peer.db " + cmd;
            std::printf("  %-19s %s%s\n", s.name.c_str(), cmd.c_str(),
                        s.key.rfind("peer", 0) == 0 && !node_version.empty() ? ("  (node " + node_version + ")").c_str()
                                                                             : "");
        } else {
            std::printf("  %-19s SKIPPED: %s\n", s.name.c_str(), s.skip_reason.c_str());
        }
    }
    std::fflush(stdout);

    auto set_self_pin = [&](int pinned) {
        if (pinned && ctx.pin_cpu >= 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(ctx.pin_cpu, &one);
            sched_setaffinity(0, sizeof one, &one);
        } else {
            sched_setaffinity(0, sizeof ctx.orig_affinity, &ctx.orig_affinity);
        }
    };

    // ---------------------------------------------------------------- warm-up (page cache, JIT caches)
    std::map<std::string, std::vector<std::string>> failures;  // server -> messages
    for (auto& s : servers) {
        if (!s.available) continue;
        std::fprintf(stderr, "warm-up %s ...\n", s.name.c_str());
        SessionOut o = run_full(s, false, -1, ctx, true);
        if (!o.ok) {
            s.available = false;
            s.skip_reason = "failed in warm-up: " + o.err;
            std::fprintf(stderr, "  %s: %s\n", s.name.c_str(), s.skip_reason.c_str());
            std::printf("  %-19s SKIPPED: %s\n", s.name.c_str(), s.skip_reason.c_str());
        }
    }

    // ---------------------------------------------------------------- measured runs
    Values values;
    nlohmann::ordered_json sessions_json = nlohmann::ordered_json::array();
    std::map<std::string, Counters> counters;
    std::map<std::string, size_t> stderr_bytes;
    std::map<std::string, long> calls_made;
    std::map<std::string, long> unclean_exits;
    const int64_t bench_t0 = now_ns();
    std::vector<Server*> active;
    for (auto& s : servers)
        if (s.available) active.push_back(&s);
    for (int run = 0; run < P.runs; ++run) {
        std::vector<int> pin_order = pins;
        if (run % 2 == 1) std::reverse(pin_order.begin(), pin_order.end());
        for (int pinned : pin_order) {
            std::fprintf(stderr, "run %d/%d %-8s:", run + 1, P.runs, pinned ? "pinned" : "unpinned");
            set_self_pin(pinned);
            const int child_pin = pinned ? ctx.pin_cpu : -1;
            // Round-robin, rotating the starting server every run.
            for (size_t k = 0; k < active.size(); ++k) {
                Server& s = *active[(k + size_t(run)) % active.size()];
                std::vector<std::pair<std::string, SessionOut>> outs;
                outs.emplace_back("legacy", run_full(s, false, child_pin, ctx));
                if (s.modern) {
                    outs.emplace_back("modern", run_full(s, true, child_pin, ctx));
                    outs.emplace_back("discover", run_discover(s, child_pin, ctx));
                }
                bool all_ok = true;
                for (auto& [kind, o] : outs) {
                    ojson sj;
                    sj["run"] = run + 1;
                    sj["pinned"] = bool(pinned);
                    sj["server"] = s.name;
                    sj["session"] = kind;
                    sj["ok"] = o.ok;
                    if (!o.ok) {
                        all_ok = false;
                        sj["error"] = o.err;
                        failures[s.name].push_back(strprintf("run %d %s %s: ", run + 1, pinned ? "pinned" : "unpinned",
                                                             kind.c_str()) +
                                                   o.err);
                    }
                    for (auto& [f, v] : o.fig) {
                        values[pinned][s.name][f].push_back(v);
                        sj["figures"][f] = v;
                    }
                    if (kind != "discover" && o.ok) {
                        sj["server_cpu_total_ms_wait4"] = o.wait4_cpu_ms;
                        sj["server_cpu_clock_before_eof_ms"] = o.cpu_clock_last_ms;
                        sj["maxrss_mib_wait4"] = o.wait4_maxrss_mib;
                        sj["stderr_bytes"] = o.stderr_bytes;
                        stderr_bytes[s.name] += o.stderr_bytes;
                        calls_made[s.name] += long(P.warmup + P.seq_calls) * 3 + long(o.load_calls);
                        sj["load_calls"] = o.load_calls;
                    }
                    if (o.ok) {
                        sj["exit_status"] = o.exit.exited ? (WIFEXITED(o.exit.status) ? WEXITSTATUS(o.exit.status)
                                                                                      : 128 + WTERMSIG(o.exit.status))
                                                          : -1;
                        if (!o.exit_ok) ++unclean_exits[s.name];
                    }
                    sj["error_responses"] = o.k.error_responses;
                    sj["tool_errors"] = o.k.tool_errors;
                    sj["stray_lines"] = o.k.stray_lines;
                    auto& cc = counters[s.name];
                    cc.error_responses += o.k.error_responses;
                    cc.tool_errors += o.k.tool_errors;
                    cc.stray_lines += o.k.stray_lines;
                    sessions_json.push_back(sj);
                }
                std::fprintf(stderr, " %s %s", s.name.c_str(), all_ok ? "ok" : "FAIL");
            }
            std::fprintf(stderr, "\n");
        }
    }
    set_self_pin(0);

    // ---------------------------------------------------------------- syscall census
    std::map<std::string, Census> census;  // server -> legacy-era census
    const std::string strace = no_census ? "" : resolve_in_path("strace");
    if (!no_census && strace.empty()) std::printf("  syscall census SKIPPED: strace not found in PATH\n");
    if (census_calls <= 0) census_calls = P.quick ? 2000 : 5000;
    if (!strace.empty()) {
        std::fprintf(stderr, "syscall census:");
        for (Server* s : active) {
            census[s->name] = run_census(*s, false, ctx, strace, census_calls);
            std::fprintf(stderr, " %s %s", s->name.c_str(), census[s->name].ok ? "ok" : census[s->name].err.c_str());
        }
        std::fprintf(stderr, "\n");
    }
    // ---------------------------------------------------------------- allocations
    std::pair<double, double> allocations{NAN, NAN};
    std::string alloc_err;
#ifdef OFFICE_MCP_COUNTING_BINARY
    const Server* office_server = nullptr;
    for (const auto& s : servers)
        if (s.key == "office" && s.available) office_server = &s;
    if (office_server) {
        std::fprintf(stderr, "allocation census ...\n");
        const fs::path counting = fs::path(office_server->argv[0]).parent_path() / "../tests/bench/office-mcp-counting";
        const std::string binary = fs::exists(counting) ? counting.lexically_normal().string() : OFFICE_MCP_COUNTING_BINARY;
        allocations = run_alloc_census(binary, ctx, alloc_err);
    }
#else
    alloc_err = "office-mcp-counting was not built";
#endif

    // ---------------------------------------------------------------- Node client
    std::map<std::string, std::vector<double>> node_cps;  // server -> calls/s per run
    const std::string node_bin = resolve_in_path("node");
#ifdef OFFICE_BENCH_SOURCE_DIR
    const std::string node_script = std::string(OFFICE_BENCH_SOURCE_DIR) + "/node-client.mjs";
#else
    const std::string node_script = (self_dir / "node-client.mjs").string();
#endif
    const bool node_ok = !no_node && !node_bin.empty() && fs::exists(node_script) &&
                         fs::exists(fs::path(peers_dir) / "node_modules/@modelcontextprotocol/sdk");
    if (!no_node && !node_ok)
        std::printf("  Node client SKIPPED: needs node, %s and the SDK in %s/node_modules\n", node_script.c_str(),
                    peers_dir.c_str());
    if (node_ok) {
        std::fprintf(stderr, "Node client:");
        const long long calls = P.quick ? 5000 : 20000;
        for (int run = 0; run < std::min(P.runs, 3); ++run)
            for (size_t k = 0; k < active.size(); ++k) {
                const Server* s = active[(k + size_t(run)) % active.size()];
                std::string err;
                const double cps = run_node_client(*s, ctx, node_bin, peers_dir, node_script, calls, err);
                if (std::isfinite(cps)) node_cps[s->name].push_back(cps);
                else failures[s->name].push_back("Node client: " + err);
                std::fprintf(stderr, " %s %s", s->name.c_str(), std::isfinite(cps) ? "ok" : "FAIL");
            }
        std::fprintf(stderr, "\n");
    }
    const double bench_seconds = double(now_ns() - bench_t0) / 1e9;

    // ---------------------------------------------------------------- table
    const auto figures = figure_list();
    const Server* office = nullptr;
    const Server* echo = nullptr;
    for (const auto& s : servers) {
        if (s.key == "office") office = &s;
        if (s.key == "echo") echo = &s;
    }
    auto get = [&](int pinned, const std::string& server, const std::string& fig) -> Stat {
        auto a = values.find(pinned);
        if (a == values.end()) return {};
        auto b = a->second.find(server);
        if (b == a->second.end()) return {};
        auto c = b->second.find(fig);
        if (c == b->second.end()) return {};
        return stat_of(c->second);
    };
    auto cell = [&](const Server& s, const Figure& f, int pinned) -> std::string {
        if (f.modern && !s.modern) return "n/a";
        if (!s.available) return "skipped";
        Stat st = get(pinned, s.name, f.key);
        if (st.n == 0) return "fail";
        if (st.n == 1) return fmt_num(st.median);
        return fmt_num(st.median) + " (" + fmt_num(st.min) + "–" + fmt_num(st.max) + ")";
    };
    auto ratio = [&](const Server* num, const Server* den, const Figure& f, int pinned) -> double {
        if (!num || !den) return NAN;
        Stat a = get(pinned, num->name, f.key), b = get(pinned, den->name, f.key);
        if (a.n == 0 || b.n == 0 || b.median == 0) return NAN;
        return a.median / b.median;
    };
    std::vector<const Server*> peers;
    for (const auto& s : servers)
        if (s.key.rfind("peer", 0) == 0) peers.push_back(&s);

    ojson out;
    out["tool"] = "office-bench";
    out["date"] = datebuf;
    out["kernel"] = std::string(un.sysname) + " " + un.release;
    out["cpus"] = ncpu;
    out["pin_cpu"] = ctx.pin_cpu;
    out["mode"] = P.quick ? "quick" : "full";
    out["params"] = {{"runs", P.runs},
                     {"warmup_calls_per_tool", P.warmup},
                     {"seq_calls_per_tool", P.seq_calls},
                     {"load_min_calls", P.load_calls},
                     {"load_min_ms", P.load_min_ms},
                     {"load_max_ms", P.load_max_ms},
                     {"inflight", P.inflight}};
    out["tmpdir"] = tmpdir;
    out["tmpdir_fs"] = fs_type(tmpdir);
    out["node_version"] = node_version;
    out["seconds"] = bench_seconds;
    out["load_average_start"] = load_start;
    out["load_average_end"] = loadavg();
    out["methods"] = {
        {"cold_start_ms", "CLOCK_MONOTONIC from just before fork() to the read() that completes the tools/list "
                          "answer; legacy = initialize, wait, initialized+tools/list in one write; 2026 = one "
                          "tools/list carrying the _meta envelope, written right after fork"},
        {"discover_exit_ms", "fork -> server/discover answered -> stdin closed -> pidfd readable (process exit)"},
        {"discover_session_cpu_ms", "the child's user+system CPU from wait4's rusage for that whole session"},
        {"first_call_ms", "latency of the first tools/call (order_lunch) of the process, right after tools/list; "
                          "includes a lazily opened or created database"},
        {"exit_after_load_ms", "stdin closed after the throughput phase -> process exit (includes e.g. a WAL "
                               "checkpoint at close)"},
        {"startup_cpu_ms", "child's process CPU clock (clock_getcpuclockid, all threads) when the first tools/list "
                           "answer arrives"},
        {"seq_pXX_us", "one request written, answer read, next request; per run nearest-rank percentile of the "
                       "timed calls after warm-up"},
        {"cpu_per_call_us", "child's process CPU clock read when the child is idle before and after the phase, "
                            "difference / calls (includes the server's wakeups, parsing, DB work and writes)"},
        {"throughput_cps", "calls / wall time with exactly 64 order_lunch requests outstanding; replacements for "
                           "all answers of one read() go out in one write()"},
        {"client_cpu_per_call_load_us", "the bench's own CPU per call in the throughput phase (shows the client is "
                                        "not the bottleneck)"},
        {"peak_rss_mib", "VmHWM from /proc/PID/status after the throughput phase, just before stdin is closed"},
        {"db_files_mib", "total size of the files the server created in its private session directory (database, "
                         "-wal, -shm) at the same moment; grows with the calls made if the WAL never checkpoints"},
        {"spread", "median over runs of the per-run figure, with min and max (and IQR in JSON)"}};
    for (const auto& s : servers) {
        ojson sj;
        sj["key"] = s.key;
        sj["available"] = s.available;
        if (!s.available) sj["skip_reason"] = s.skip_reason;
        sj["argv"] = s.argv;
        sj["eras"] = s.modern ? ojson::array({"2025-11-25", "2026-07-28"}) : ojson::array({"2025-11-25"});
        if (ctx.tools_listed.count(s.name)) sj["tools_listed"] = ctx.tools_listed[s.name];
        out["servers"][s.name] = sj;
    }

    for (int pinned : pins) {
        std::printf("\n%s\n", pinned ? strprintf("PINNED: client and server on CPU %d", ctx.pin_cpu).c_str()
                                     : "UNPINNED");
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> head = {"figure (median (min–max) over runs)", "unit"};
        for (const auto& s : servers) head.push_back(s.name);
        for (const auto* pr : peers) head.push_back(pr->key == "peer1" ? "v1÷office" : "v2÷office");
        head.push_back("office÷echo");
        rows.push_back(head);
        for (const auto& f : figures) {
            std::vector<std::string> r = {f.label, f.unit};
            for (const auto& s : servers) r.push_back(cell(s, f, pinned));
            for (const auto* pr : peers) r.push_back(f.modern && !pr->modern ? "n/a" : fmt_ratio(ratio(pr, office, f, pinned)));
            r.push_back(fmt_ratio(ratio(office, echo, f, pinned)));
            rows.push_back(r);

            ojson fj;
            fj["label"] = f.label;
            fj["unit"] = f.unit;
            fj["better"] = f.higher_better ? "higher" : "lower";
            for (const auto& s : servers) {
                if (f.modern && !s.modern) {
                    fj["servers"][s.name] = "n/a";
                    continue;
                }
                Stat st = get(pinned, s.name, f.key);
                if (st.n == 0) {
                    fj["servers"][s.name] = nullptr;
                    continue;
                }
                fj["servers"][s.name] = {{"median", st.median}, {"min", st.min},  {"max", st.max},
                                         {"q1", st.q1},         {"q3", st.q3},    {"runs", values[pinned][s.name][f.key]}};
            }
            for (const auto* pr : peers) {
                double rr = ratio(pr, office, f, pinned);
                fj["ratios"][pr->name + " ÷ office-mcp"] = std::isfinite(rr) ? ojson(rr) : ojson(nullptr);
            }
            double re = ratio(office, echo, f, pinned);
            fj["ratios"]["office-mcp ÷ echo floor"] = std::isfinite(re) ? ojson(re) : ojson(nullptr);
            out["figures"][pinned ? "pinned" : "unpinned"][f.key] = fj;
        }
        std::vector<size_t> w(rows[0].size(), 0);
        for (const auto& r : rows)
            for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], display_width(r[i]));
        for (size_t ri = 0; ri < rows.size(); ++ri) {
            std::string line;
            for (size_t i = 0; i < rows[ri].size(); ++i) {
                line += pad(rows[ri][i], w[i], i >= 2 && ri > 0);
                line += i + 1 < rows[ri].size() ? "  " : "";
            }
            std::printf("%s\n", line.c_str());
            if (ri == 0) {
                size_t total = 0;
                for (auto x : w) total += x + 2;
                std::printf("%s\n", std::string(total - 2, '-').c_str());
            }
        }
    }
    std::printf("\nRatios are medians divided: peer ÷ office-mcp > 1 means office-mcp is lower (better for times, "
                "CPU, RSS);\nfor throughput (higher is better) office-mcp is ahead when peer ÷ office-mcp < 1.\n");

    // ---------------------------------------------------------------- durability
    // What the power-safe default (an fdatasync of the WAL before every write's reply, one per
    // burst) costs against --durability process, per write call, from the same runs.
    const Server* process = nullptr;
    for (const auto& s : servers)
        if (s.key == "process") process = &s;
    ojson durability_json;
    if (office && process && office->available && process->available) {
        std::printf("\nDURABILITY (issue 17): order_lunch, power (default) vs --durability process, unpinned\n");
        const std::pair<const char*, const char*> rows_d[] = {
            {"seq_p50_us.order_lunch", "latency p50, sequential"},
            {"seq_p99_us.order_lunch", "latency p99, sequential"},
            {"cpu_per_call_us.order_lunch", "server CPU/call, sequential"},
            {"throughput_cps", "throughput, 64 in flight"},
            {"cpu_per_call_load_us", "server CPU/call, 64 in flight"},
        };
        for (const char* era : {"legacy", "modern"})
            for (const auto& [suffix, label] : rows_d) {
                const std::string key = std::string(era) + "." + suffix;
                const double pw = get(0, office->name, key).median, pr = get(0, process->name, key).median;
                const Figure f = figure_list_lookup(figures, key);
                std::printf("  %-32s %-7s power %10s %-7s process %10s %-7s power÷process %s\n", label,
                            era[0] == 'l' ? "legacy" : "2026", fmt_num(pw).c_str(), f.unit.c_str(), fmt_num(pr).c_str(),
                            f.unit.c_str(), std::isfinite(pw / pr) ? fmt_ratio(pw / pr).c_str() : "-");
                durability_json[key] = {{"power", std::isfinite(pw) ? ojson(pw) : ojson(nullptr)},
                                        {"process", std::isfinite(pr) ? ojson(pr) : ojson(nullptr)},
                                        {"unit", f.unit}};
            }
    }
    out["durability"] = durability_json;

    // ---------------------------------------------------------------- census table
    if (!census.empty()) {
        std::printf("\nSYSCALLS PER CALL: order_lunch, 64 in flight, one write() per message, legacy (strace -c "
                    "attached for %lld calls)\n",
                    census_calls);
        std::set<std::string> names;
        for (const auto& [server, cs] : census)
            for (const auto& [name, count] : cs.syscalls)
                if (cs.calls > 0 && double(count) / double(cs.calls) >= 0.005) names.insert(name);
        std::string head = strprintf("  %-16s", "syscall");
        for (const Server* s : active) head += strprintf(" %19s", s->name.c_str());
        std::printf("%s\n", head.c_str());
        ojson cj;
        auto row = [&](const std::string& name, auto value) {
            std::string line = strprintf("  %-16s", name.c_str());
            for (const Server* s : active) {
                const Census& cs = census[s->name];
                const double v = cs.ok && cs.calls > 0 ? value(cs) / double(cs.calls) : NAN;
                line += strprintf(" %19s", cs.ok ? fmt_num(v).c_str() : "fail");
                if (cs.ok) cj[s->name][name] = v;
            }
            std::printf("%s\n", line.c_str());
        };
        for (const auto& name : names)
            row(name, [&](const Census& cs) {
                auto it = cs.syscalls.find(name);
                return it == cs.syscalls.end() ? 0.0 : double(it->second);
            });
        row("all", [](const Census& cs) {
            double total = 0;
            for (const auto& [n, v] : cs.syscalls) total += double(v);
            return total;
        });
        for (const Server* s : active)
            if (!census[s->name].ok) std::printf("  %s: %s\n", s->name.c_str(), census[s->name].err.c_str());
        out["syscalls_per_call"] = cj;
    }

    // ---------------------------------------------------------------- issue 16 targets
    {
        std::printf("\nHEAP ALLOCATIONS per order_lunch call (office-mcp-counting, legacy): ");
        if (std::isfinite(allocations.first))
            std::printf("%s sequential, %s at 64 in flight one write per message\n", fmt_num(allocations.first).c_str(),
                        fmt_num(allocations.second).c_str());
        else
            std::printf("not measured (%s)\n", alloc_err.c_str());
        out["allocations_per_call"] = {{"sequential", std::isfinite(allocations.first) ? ojson(allocations.first) : ojson(nullptr)},
                                       {"load_single", std::isfinite(allocations.second) ? ojson(allocations.second) : ojson(nullptr)}};
        std::printf("\nTARGETS (issue 16: order_lunch, one message per write(), unpinned)\n");
        ojson t16 = ojson::array();
        auto report16 = [&](const std::string& name, std::optional<bool> met, const std::string& detail) {
            std::printf("  [%s] %s: %s\n", !met ? "n/a     " : *met ? "met     " : "NOT MET ", name.c_str(), detail.c_str());
            t16.push_back({{"target", name}, {"met", met ? ojson(*met) : ojson(nullptr)}, {"detail", detail}});
        };
        const Server* peer1s = nullptr;
        for (const auto* pr : peers)
            if (pr->key == "peer1") peer1s = pr;
        auto m = [&](const Server* s, const std::string& key) { return s ? get(0, s->name, key).median : NAN; };
        if (office && census.count(office->name) && census[office->name].ok) {
            const Census& cs = census[office->name];
            const double brk = cs.syscalls.count("brk") ? double(cs.syscalls.at("brk")) / double(cs.calls) : 0.0;
            report16("0 brk per call in steady state", brk == 0.0, strprintf("%s brk/call", fmt_num(brk).c_str()));
        } else {
            report16("0 brk per call in steady state", std::nullopt, "no syscall census of office-mcp");
        }
        for (const char* era : {"legacy", "modern"}) {
            const double f = m(office, std::string(era) + ".minflt_per_call_load_single");
            report16(strprintf("≤ 0.01 page faults per call (%s)", era), std::isfinite(f) ? std::optional<bool>(f <= 0.01) : std::nullopt,
                     strprintf("%s faults/call", fmt_num(f).c_str()));
        }
        auto vs = [&](const std::string& name, const std::string& key, double factor) {
            const double o = m(office, key), p1 = m(peer1s, key);
            if (!std::isfinite(o) || !std::isfinite(p1)) {
                report16(name, std::nullopt, "missing figures");
                return;
            }
            report16(name, p1 / o >= factor,
                     strprintf("%s× (office-mcp %s µs, peer-server.mjs %s µs)", fmt_num(p1 / o).c_str(), fmt_num(o).c_str(),
                               fmt_num(p1).c_str()));
        };
        vs("CPU per call ≥ 20× less than peer-server.mjs, sequential", "legacy.cpu_per_call_us.order_lunch", 20);
        vs("CPU per call ≥ 20× less than peer-server.mjs, 64 in flight", "legacy.cpu_per_call_load_us_single", 20);
        {
            auto node_median = [&](const Server* s) { return s ? stat_of(node_cps[s->name]).median : NAN; };
            ojson nj;
            for (const auto& [name, v] : node_cps) nj[name] = v;
            out["node_client_cps"] = nj;
            const double o = node_median(office), p1 = node_median(peer1s), e = node_median(echo);
            report16("throughput at 64 in flight ≥ 4× peer-server.mjs through the SDK's Node client",
                     std::isfinite(o / p1) ? std::optional<bool>(o / p1 >= 4) : std::nullopt,
                     strprintf("%s× (office-mcp %s, peer-server.mjs %s, echo floor %s calls/s; office-mcp process %s)",
                               fmt_num(o / p1).c_str(), fmt_num(o).c_str(), fmt_num(p1).c_str(), fmt_num(e).c_str(),
                               fmt_num(node_median(process)).c_str()));
        }
        for (const char* era : {"legacy", "modern"}) {
            const std::string key = std::string(era) + ".throughput_cps_single";
            const double o = m(office, key), e = m(echo, key);
            report16(strprintf("throughput at 64 in flight ≥ half the echo floor (%s)", era),
                     std::isfinite(o / e) ? std::optional<bool>(o >= e / 2) : std::nullopt,
                     strprintf("%s of the floor (office-mcp %s, echo %s calls/s)", fmt_num(o / e).c_str(), fmt_num(o).c_str(),
                               fmt_num(e).c_str()));
        }
        for (const char* era : {"legacy", "modern"}) {
            const double r = m(office, std::string(era) + ".peak_rss_mib");
            report16(strprintf("peak RSS < 8 MiB (%s)", era), std::isfinite(r) ? std::optional<bool>(r < 8) : std::nullopt,
                     strprintf("%s MiB", fmt_num(r).c_str()));
        }
        out["targets_issue16"] = t16;
    }

    // ---------------------------------------------------------------- targets
    std::printf("\nTARGETS (issue #6)\n");
    ojson targets = ojson::array();
    const Server* peer1 = nullptr;
    for (const auto* pr : peers)
        if (pr->key == "peer1") peer1 = pr;
    auto figure_by_key = [&](const std::string& k) -> Figure {
        for (const auto& f : figures)
            if (f.key == k) return f;
        return {k, k, "", false, false};
    };
    auto report = [&](const std::string& name, std::optional<bool> met, const std::string& detail) {
        const char* tag = !met ? "n/a     " : *met ? "met     " : "NOT MET ";
        std::printf("  [%s] %s: %s\n", tag, name.c_str(), detail.c_str());
        ojson tj;
        tj["target"] = name;
        tj["met"] = met ? ojson(*met) : ojson(nullptr);
        tj["detail"] = detail;
        targets.push_back(tj);
    };
    auto med = [&](const Server* s, const std::string& k, int pinned) -> double {
        if (!s) return NAN;
        return get(pinned, s->name, k).median;
    };
    // "office-mcp is ≥ N× less/faster than peer": peer ÷ office ≥ N (lower-better figures).
    auto vs_peer = [&](const std::string& name, const std::string& key, double factor, int pinned) {
        const double o = med(office, key, pinned), p = med(peer1, key, pinned);
        const Figure f = figure_by_key(key);
        if (!std::isfinite(o) || !std::isfinite(p)) {
            report(name, std::nullopt, "missing figures (office-mcp or peer-server.mjs not measured)");
            return;
        }
        const double r = f.higher_better ? o / p : p / o;
        report(name, r >= factor,
               strprintf("%s× (office-mcp %s %s, peer-server.mjs %s %s; need ≥ %s×)", fmt_num(r).c_str(),
                         fmt_num(o).c_str(), f.unit.c_str(), fmt_num(p).c_str(), f.unit.c_str(), fmt_num(factor).c_str()));
    };
    auto below = [&](const std::string& name, const std::string& key, double limit, int pinned) {
        const double o = med(office, key, pinned);
        if (!std::isfinite(o)) {
            report(name, std::nullopt, "office-mcp not measured");
            return;
        }
        const Figure f = figure_by_key(key);
        report(name, o < limit, strprintf("%s %s (need < %s %s)", fmt_num(o).c_str(), f.unit.c_str(),
                                          fmt_num(limit).c_str(), f.unit.c_str()));
    };
    vs_peer("cold start to tools/list ≥100× faster than peer-server.mjs (legacy)", "legacy.cold_start_ms", 100, 0);
    below("cold start to tools/list < 5 ms (legacy)", "legacy.cold_start_ms", 5, 0);
    below("cold start to tools/list < 5 ms (2026-07-28)", "modern.cold_start_ms", 5, 0);
    vs_peer("CPU per order_lunch call ≥20× less than peer-server.mjs (sequential)", "legacy.cpu_per_call_us.order_lunch",
            20, 0);
    vs_peer("CPU per order_lunch call ≥20× less than peer-server.mjs (64 in flight)", "legacy.cpu_per_call_load_us", 20,
            0);
    vs_peer("CPU per find_customer call ≥10× less than peer-server.mjs (sequential)",
            "legacy.cpu_per_call_us.find_customer", 10, 0);
    vs_peer("throughput at 64 in flight ≥12× peer-server.mjs (legacy)", "legacy.throughput_cps", 12, 0);
    for (const char* era : {"legacy", "modern"}) {
        const std::string key = std::string(era) + ".throughput_cps";
        const double o = med(office, key, 0), e = med(echo, key, 0);
        const std::string name = std::string("throughput at 64 in flight ≥ half the echo floor (") +
                                 (era[0] == 'l' ? "legacy" : "2026-07-28") + ")";
        if (!std::isfinite(o) || !std::isfinite(e))
            report(name, std::nullopt, "missing figures");
        else
            report(name, o >= e / 2,
                   strprintf("%s of the floor (office-mcp %s, echo %s calls/s)", fmt_num(o / e).c_str(),
                             fmt_num(o).c_str(), fmt_num(e).c_str()));
    }
    for (int pinned : pins)
        for (const char* era : {"legacy", "modern"}) {
            std::string detail;
            bool all = true, any = false;
            for (const auto& t : kTools) {
                const std::string key = std::string(era) + ".seq_p50_us." + t.name;
                const double o = med(office, key, pinned), e = med(echo, key, pinned);
                if (!std::isfinite(o) || !std::isfinite(e)) continue;
                any = true;
                all = all && o <= 1.3 * e;
                detail += strprintf("%s%s %s µs = %s×", detail.empty() ? "" : ", ", t.name, fmt_num(o).c_str(),
                                    fmt_num(o / e).c_str());
            }
            const double e0 = med(echo, std::string(era) + ".seq_p50_us.order_lunch", pinned);
            if (std::isfinite(e0)) detail += strprintf(" (echo %s µs; need ≤ 1.3×)", fmt_num(e0).c_str());
            report(strprintf("sequential p50 within 1.3× of the echo floor (%s, %s)", pinned ? "pinned" : "unpinned",
                             era[0] == 'l' ? "legacy" : "2026-07-28"),
                   any ? std::optional<bool>(all) : std::nullopt, any ? detail : "missing figures");
        }
    vs_peer("peak RSS under load ≥20× less than peer-server.mjs (legacy)", "legacy.peak_rss_mib", 20, 0);
    below("peak RSS under load < 8 MiB (legacy)", "legacy.peak_rss_mib", 8, 0);
    below("peak RSS under load < 8 MiB (2026-07-28)", "modern.peak_rss_mib", 8, 0);
    out["targets"] = targets;

    // ---------------------------------------------------------------- checks
    std::printf("\nCHECKS\n");
    ojson checks;
    for (const auto& s : servers) {
        if (!s.available) {
            std::printf("  %-19s skipped: %s\n", s.name.c_str(), s.skip_reason.c_str());
            continue;
        }
        const Counters& cc = counters[s.name];
        std::string line = strprintf("%ld error responses, %ld isError results, %ld stray lines", cc.error_responses,
                                     cc.tool_errors, cc.stray_lines);
        if (unclean_exits[s.name]) line += strprintf(", %ld sessions without a clean exit(0) after EOF", unclean_exits[s.name]);
        if (calls_made[s.name] > 0)
            line += strprintf(", stderr %.1f bytes/call", double(stderr_bytes[s.name]) / double(calls_made[s.name]));
        std::printf("  %-19s %s\n", s.name.c_str(), line.c_str());
        checks[s.name] = {{"error_responses", cc.error_responses},
                          {"tool_errors", cc.tool_errors},
                          {"stray_lines", cc.stray_lines},
                          {"unclean_exits", unclean_exits[s.name]},
                          {"stderr_bytes", stderr_bytes[s.name]}};
        for (const auto& m : failures[s.name]) std::printf("    FAILED %s\n", m.c_str());
        if (!failures[s.name].empty()) checks[s.name]["failures"] = failures[s.name];
    }
    out["checks"] = checks;
    out["sample_responses"] = ctx.sample_responses;
    out["sessions"] = sessions_json;
    std::printf("\nload average: %.2f at start, %.2f at the end%s\n", load_start, loadavg(),
                loadavg() > 0.5 * ncpu ? " (busy machine: treat the figures as rough)" : "");
    std::printf("%.1f s. CPU per call: the child's process CPU clock (all threads, ns resolution) read while it\n"
                "is idle before and after each phase; wait4 rusage totals per session are in the JSON.\n",
                bench_seconds);

    if (!json_path.empty()) {
        std::ofstream jf(json_path);
        jf << out.dump(2) << "\n";
        if (!jf) std::fprintf(stderr, "office-bench: cannot write %s\n", json_path.c_str());
        else std::printf("JSON written to %s\n", json_path.c_str());
    }
    fs::remove_all(ctx.tmp_root, ec);
    return 0;
}
