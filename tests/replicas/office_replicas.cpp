// office-replicas: N copies of an MCP HTTP server behind a real HAProxy (round-robin), for the
// replica tests (tests/replicas/*.test.mjs) and office-bench --replicas. Real processes, real
// sockets: the replicas, HAProxy and the clients talk over 127.0.0.1 only.
//
//   office-replicas [--replicas N] [--dir DIR] [--frontend-rules FILE] [--no-health-check] -- COMMAND [ARGS...]
//
// --frontend-rules FILE: lines added to HAProxy's frontend as they are (the edge recipe,
// packaging/haproxy/office-mcp-edge.cfg, tests/replicas/edge.test.mjs).
// Each replica is COMMAND ARGS (e.g. office-mcp --http 127.0.0.1:0 --db office.db); it must say
// "serving MCP at http://127.0.0.1:PORT/PATH" on stderr, which goes to DIR/replica-K.log. All
// replicas get one OFFICE_MCP_STATE_KEYS (the caller's, else a fresh key), so a refund's second
// round may land on any of them. The database is whatever ARGS name: one SQLite file or one
// PostgreSQL URI, the backend is the caller's choice. Then it writes DIR/haproxy.cfg, starts
// `haproxy -f DIR/haproxy.cfg -db` ($HAPROXY overrides the binary; its log: DIR/haproxy.log) and
// says, on stderr, one line per replica (its pid, URL and log), then
//   office-replicas: serving MCP at http://127.0.0.1:PORT/PATH
// the balancer's address, in the form office-mcp uses, so anything that starts office-mcp can
// start this instead. SIGTERM or SIGINT stops HAProxy and every replica (SIGTERM, then SIGKILL
// 10 s after the replicas' --drain-delay is over). Exit 0 when every replica still running at the
// end stopped cleanly (status 0 or by the SIGTERM); a replica that was already dead (a test's
// kill -9) is said, not a failure.
// Without --dir it works in a temp dir of its own, removed at the end (after a failure too:
// the sentence saying what failed carries the last lines of the log concerned).
// Exit 1 when something failed (named on stderr), 2 on a bad command line or no haproxy.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_stop = 0;
void on_stop(int) { g_stop = 1; }
volatile std::sig_atomic_t g_roll = 0;
void on_roll(int) { g_roll = 1; }

struct Process {
    std::string name;  // "replica 2", "haproxy"
    pid_t pid = -1;
    std::string log;
    bool reaped = false;
    int status = 0;
    std::string url;  // replicas: where they serve
};

[[noreturn]] void die(int code, const std::string& sentence) {
    std::fprintf(stderr, "office-replicas: %s\n", sentence.c_str());
    std::exit(code);
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "stopped";
}

// Starts argv with stdin /dev/null, stdout /dev/null (protocol bytes there would be a bug of the
// server, and nobody reads them) and stderr appended to `log`; `env` replaces the environment.
// -1 with `err` when it cannot be started.
pid_t start(const std::vector<std::string>& argv, const std::vector<std::string>& env, const std::string& log,
            std::string& err) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    std::vector<char*> args, envp;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        err = "cannot start " + argv[0] + ": " + std::strerror(rc);
        return -1;
    }
    return pid;
}

bool reap(Process& p, bool block) {
    if (p.reaped) return true;
    int status = 0;
    const pid_t r = waitpid(p.pid, &status, block ? 0 : WNOHANG);
    if (r == p.pid) {
        p.reaped = true;
        p.status = status;
    }
    return p.reaped;
}

std::string read_file(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// The last `lines` lines of `text` (all of it when it has fewer).
std::string tail(const std::string& text, std::size_t lines = 20) {
    std::size_t from = text.size();
    for (std::size_t n = 0; n <= lines; ++n) {
        if (from == 0) return text;
        from = text.rfind('\n', from - 1);
        if (from == std::string::npos) return text;
    }
    return text.substr(from + 1);
}

// The URL a replica announced ("serving MCP at http://...") in its log past byte `from`,
// waiting for it up to 30 s; "" with `err` when it died or kept silent.
std::string wait_for_url(Process& p, std::string& err, std::size_t from = 0) {
    constexpr const char* kSays = "serving MCP at ";
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < deadline && !g_stop) {
        const auto text = read_file(p.log);
        if (const auto at = text.find(kSays, from); at != std::string::npos) {
            const auto end = text.find_first_of(" \r\n", at + std::strlen(kSays));
            if (end != std::string::npos) return text.substr(at + std::strlen(kSays), end - at - std::strlen(kSays));
        }
        if (reap(p, false)) {
            err = p.name + " " + describe_status(p.status) + " before saying where it serves; its stderr:\n" + tail(text);
            return "";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    err = g_stop ? "stopped while starting" : p.name + " did not say where it serves within 30 s; its stderr:\n" + tail(read_file(p.log));
    return "";
}

// "http://HOST:PORT/PATH" into its parts (the caller checked that it is an http:// URL).
void split_url(const std::string& url, std::string& host_port, std::string& path) {
    constexpr std::string_view kHttp = "http://";
    const auto slash = url.find('/', kHttp.size());
    host_port = url.substr(kHttp.size(), slash == std::string::npos ? std::string::npos : slash - kHttp.size());
    path = slash == std::string::npos ? "/" : url.substr(slash);
}

// A port of 127.0.0.1 free right now (the kernel's pick), for HAProxy's frontend; 0 if none.
int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    const bool ok = fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
    const int port = ok ? ntohs(a.sin_port) : 0;
    ::close(fd);
    return port;
}

bool accepts(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

// The balancer. Why each setting:
// - roundrobin, and HAProxy balances every request of a keep-alive connection on its own
//   (HTTP mode): 2026-07-28 requests are stateless, so consecutive calls go to different replicas.
// - `option httpchk GET /readyz` every 500 ms (down after 1 failure, up after 2 successes): a
//   replica that is dead, draining (SIGTERM) or without its database leaves the rotation within
//   half a second, so the replicas' --drain-delay must be longer than that (the tests use 1.5 s).
// - `stick on` the Mcp-Session-Id a 2025 client's initialize was answered with: its session
//   lives in one replica, so its requests go there; stateless requests carry no such header
//   and are balanced. A session whose replica is gone is 404 elsewhere: initialize again.
// - `retries 3` + `option redispatch 1`: a request whose connection to a replica FAILED (it never
//   reached it) is sent to another one. Only connection failures are retried (the default
//   retry-on): a POST that reached a replica which then died may have committed, so repeating it
//   is the client's decision (it gets a 502/503 and knows what it asked for), never the proxy's.
// - timeouts: `server`/`client` 1 h, because a 2025 client's refund form waits on an SSE stream
//   for a person; `http-request` 30 s keeps slow-header clients from holding connections.
// --no-health-check leaves the checks out (office-bench, for the SDK peer: it has no /readyz, and
// under load its one thread would answer one too late to stay in the rotation).
std::string haproxy_config(int port, const std::vector<Process>& replicas, const std::string& frontend_rules,
                           bool health_check) {
    std::string cfg =
        "# written by office-replicas\n"
        "global\n"
        "  maxconn 4096\n"
        "  log stderr format raw local0 info\n"
        "defaults\n"
        "  mode http\n"
        "  log global\n"
        "  option httplog\n"
        "  option dontlognull\n"
        "  timeout connect 2s\n"
        "  timeout client 1h\n"
        "  timeout server 1h\n"
        "  timeout http-request 30s\n"
        "  timeout http-keep-alive 30s\n"
        "  retries 3\n"
        "  option redispatch 1\n"
        "frontend mcp\n"
        "  bind 127.0.0.1:" + std::to_string(port) + "\n" + frontend_rules +
        "  default_backend replicas\n"
        "backend replicas\n"
        "  balance roundrobin\n"
        "  stick-table type string len 64 size 100k expire 1h\n"
        "  stick on req.hdr(mcp-session-id)\n"
        "  stick store-response res.hdr(mcp-session-id)\n";
    if (health_check)
        cfg += "  option httpchk GET /readyz\n"
               "  http-check expect status 200\n"
               "  default-server check inter 500ms fall 1 rise 2\n";
    for (std::size_t i = 0; i < replicas.size(); ++i) {
        std::string host_port, path;
        split_url(replicas[i].url, host_port, path);
        cfg += "  server replica" + std::to_string(i + 1) + " " + host_port + "\n";
    }
    return cfg;
}

std::string fresh_state_key() {
    std::random_device random;
    std::string hex;
    for (int i = 0; i < 32; ++i) {
        char byte[3];
        std::snprintf(byte, sizeof byte, "%02x", static_cast<unsigned>(random() & 0xff));
        hex += byte;
    }
    return hex;
}

// How long a replica started with `command` keeps serving after SIGTERM: its --drain-delay, or
// office-mcp's default of 5 s.
std::chrono::milliseconds drain_of(const std::vector<std::string>& command) {
    for (std::size_t i = 0; i + 1 < command.size(); ++i)
        if (command[i] == "--drain-delay") return std::chrono::milliseconds(std::lround(std::atof(command[i + 1].c_str()) * 1000));
    return std::chrono::seconds(5);
}

// SIGTERM to everyone still running, then wait: SIGKILL 10 s after the replicas' drain (`drain`)
// is over. True when every process running at this point stopped cleanly.
bool stop_all(std::vector<Process*> all, std::chrono::milliseconds drain) {
    bool clean = true;
    std::vector<Process*> running;
    for (auto* p : all) {
        if (reap(*p, false)) {
            std::fprintf(stderr, "office-replicas: %s (pid %d) had already ended: %s\n", p->name.c_str(), p->pid,
                         describe_status(p->status).c_str());
            continue;
        }
        ::kill(p->pid, SIGTERM);
        running.push_back(p);
    }
    const auto deadline = Clock::now() + drain + std::chrono::seconds(10);
    for (auto* p : running) {
        while (!reap(*p, false) && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!p->reaped) {
            ::kill(p->pid, SIGKILL);
            reap(*p, true);
            std::fprintf(stderr, "office-replicas: %s (pid %d) did not stop within 10 s of the end of its drain (--drain-delay of %lld ms)\n",
                         p->name.c_str(), p->pid, static_cast<long long>(drain.count()));
            clean = false;
            continue;
        }
        const bool ok = (WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0) ||
                        (WIFSIGNALED(p->status) && WTERMSIG(p->status) == SIGTERM);
        if (!ok) {
            std::fprintf(stderr, "office-replicas: %s (pid %d) %s when asked to stop; its stderr:\n%s\n", p->name.c_str(),
                         p->pid, describe_status(p->status).c_str(), tail(read_file(p->log)).c_str());
            clean = false;
        }
    }
    return clean;
}

bool on_path(const std::string& name) {
    if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0;
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');)
        if (::access((dir + "/" + name).c_str(), X_OK) == 0) return true;
    // Debian puts haproxy in /usr/sbin, which a non-root PATH may lack.
    return false;
}

std::string find_haproxy() {
    if (const char* given = std::getenv("HAPROXY"); given && *given) {
        if (!on_path(given)) die(2, std::string("HAPROXY=") + given + " is not an executable");
        return given;
    }
    for (const char* candidate : {"haproxy", "/usr/sbin/haproxy", "/usr/local/sbin/haproxy"})
        if (on_path(candidate)) return candidate;
    die(2, "haproxy is not installed, and the replicas are tested behind it: install it (apt-get install haproxy, "
           "./setup.sh does) or name it with HAPROXY=/path/to/haproxy");
}

// The command with `--http`'s address replaced by where the replica serves now, so that its
// restart binds the same port (HAProxy's configuration names it).
std::vector<std::string> on_same_port(std::vector<std::string> command, const std::string& url) {
    std::string host_port, path;
    split_url(url, host_port, path);
    for (std::size_t i = 0; i + 1 < command.size(); ++i)
        if (command[i] == "--http") command[i + 1] = host_port;
    return command;
}

// SIGUSR1: one replica after the other is stopped (SIGTERM: it drains), started again on its
// port, and given HAProxy's `rise` checks to come back before the next. "" or what failed.
std::string roll(std::vector<Process>& replicas, const std::vector<std::string>& command, const std::vector<std::string>& env) {
    for (auto& r : replicas) {
        if (reap(r, false)) return r.name + " had already ended: " + describe_status(r.status);
        const pid_t old = r.pid;
        ::kill(old, SIGTERM);
        const auto deadline = Clock::now() + std::chrono::seconds(60);
        while (!reap(r, false)) {
            if (Clock::now() > deadline) return r.name + " (pid " + std::to_string(old) + ") did not exit within 60 s of SIGTERM";
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        const std::string exited = describe_status(r.status);
        if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0)
            return r.name + " (pid " + std::to_string(old) + ") " + exited + " when drained; its stderr:\n" + tail(read_file(r.log));
        std::string err;
        // The port may still be held a moment by the old process's last connections.
        for (int attempt = 0; attempt < 50; ++attempt) {
            const auto log_size = read_file(r.log).size();
            r.reaped = false;
            r.pid = start(on_same_port(command, r.url), env, r.log, err);
            if (r.pid < 0) return err;
            if (!wait_for_url(r, err, log_size).empty()) break;
            if (!r.reaped) return err;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (r.reaped) return r.name + " could not be started again on " + r.url + ": " + err;
        std::fprintf(stderr, "office-replicas: rolled %s: pid %d %s, pid %d serves %s\n", r.name.c_str(), old, exited.c_str(),
                     r.pid, r.url.c_str());
        std::fflush(stderr);
        // HAProxy takes it back after `rise 2` checks of `inter 500ms`: wait those and a margin.
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    int count = 3;
    std::string dir;
    std::string frontend_rules;
    bool health_check = true;
    std::vector<std::string> command;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") {
            command.assign(argv + i + 1, argv + argc);
            break;
        }
        if (a == "--replicas" && i + 1 < argc) count = std::atoi(argv[++i]);
        else if (a == "--dir" && i + 1 < argc) dir = argv[++i];
        else if (a == "--no-health-check") health_check = false;
        else if (a == "--frontend-rules" && i + 1 < argc) {
            std::ifstream in(argv[++i]);
            if (!in) die(2, std::string("cannot read ") + argv[i]);
            frontend_rules.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
            if (!frontend_rules.empty() && frontend_rules.back() != '\n') frontend_rules += '\n';
        }
        else die(2, "usage: office-replicas [--replicas N] [--dir DIR] [--frontend-rules FILE] [--no-health-check] -- COMMAND [ARGS...] (unknown: " + a + ")");
    }
    if (command.empty() || count < 1 || count > 64)
        die(2, "usage: office-replicas [--replicas N (1-64)] [--dir DIR] -- COMMAND [ARGS...]");
    const std::string haproxy = find_haproxy();
    const bool own_dir = dir.empty();  // a temp dir of its own is removed at the end (logs and all)
    if (own_dir) {
        char tmpl[] = "/tmp/office-replicas-XXXXXX";
        if (!::mkdtemp(tmpl)) die(1, std::string("cannot make a temporary directory: ") + std::strerror(errno));
        dir = tmpl;
    } else if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
        die(1, "cannot make " + dir + ": " + std::strerror(errno));
    }

    std::signal(SIGTERM, on_stop);
    std::signal(SIGINT, on_stop);
    std::signal(SIGUSR1, on_roll);
    std::signal(SIGPIPE, SIG_IGN);

    std::vector<std::string> env;
    std::string keys;
    for (char** e = environ; *e; ++e) {
        if (std::strncmp(*e, "OFFICE_MCP_STATE_KEYS=", 22) == 0) keys = *e + 22;
        else env.emplace_back(*e);
    }
    env.push_back("OFFICE_MCP_STATE_KEYS=" + (keys.empty() ? fresh_state_key() : keys));

    // One at a time: the first creates and seeds the database, the others find it ready.
    std::vector<Process> replicas(static_cast<std::size_t>(count));
    Process balancer;
    balancer.name = "haproxy";
    balancer.log = dir + "/haproxy.log";
    std::vector<Process*> all;
    auto fail = [&](const std::string& sentence) {
        stop_all(all, drain_of(command));
        std::error_code ignored;
        if (own_dir) std::filesystem::remove_all(dir, ignored);  // what went wrong is in `sentence`
        die(1, sentence);
    };
    for (int i = 0; i < count; ++i) {
        auto& r = replicas[static_cast<std::size_t>(i)];
        r.name = "replica " + std::to_string(i + 1);
        r.log = dir + "/replica-" + std::to_string(i + 1) + ".log";
        std::string err;
        r.pid = start(command, env, r.log, err);
        if (r.pid < 0) fail(err);
        all.push_back(&r);
        r.url = wait_for_url(r, err);
        if (r.url.empty()) fail(err);
        if (r.url.rfind("http://", 0) != 0) fail(r.name + " serves at " + r.url + ", not at an http:// URL");
        std::fprintf(stderr, "office-replicas: %s pid %d serves %s, log %s\n", r.name.c_str(), r.pid, r.url.c_str(),
                     r.log.c_str());
    }
    std::string host_port, path;
    split_url(replicas[0].url, host_port, path);

    const int port = free_port();
    if (port == 0) fail(std::string("cannot find a free port: ") + std::strerror(errno));
    const std::string cfg_path = dir + "/haproxy.cfg";
    std::ofstream(cfg_path) << haproxy_config(port, replicas, frontend_rules, health_check);
    std::string err;
    balancer.pid = start({haproxy, "-f", cfg_path, "-db"}, env, balancer.log, err);
    if (balancer.pid < 0) fail(err);
    all.push_back(&balancer);
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    while (!accepts(port)) {
        if (reap(balancer, false))
            fail("haproxy " + describe_status(balancer.status) + " at start; its log:\n" + tail(read_file(balancer.log)));
        if (Clock::now() > deadline || g_stop) fail("haproxy did not listen on 127.0.0.1:" + std::to_string(port) + " within 20 s");
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::fprintf(stderr, "office-replicas: haproxy pid %d, config %s, log %s\n", balancer.pid, cfg_path.c_str(),
                 balancer.log.c_str());
    std::fprintf(stderr, "office-replicas: serving MCP at http://127.0.0.1:%d%s\n", port, path.c_str());
    std::fflush(stderr);

    while (!g_stop) {
        if (reap(balancer, false))
            fail("haproxy " + describe_status(balancer.status) + " while serving; its log:\n" + tail(read_file(balancer.log)));
        if (g_roll) {
            g_roll = 0;
            if (const auto problem = roll(replicas, command, env); !problem.empty()) fail("rolling restart: " + problem);
            std::fprintf(stderr, "office-replicas: rolling restart done\n");
            std::fflush(stderr);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const bool clean = stop_all(all, drain_of(command));
    if (own_dir && clean) {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
    return clean ? 0 : 1;
}
