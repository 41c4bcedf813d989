#include "wrk_nginx.h"

#include "report.h"
#include "scenarios.h"

#include "../exit_status.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bench {

std::string find_program(const std::string& name) {
    const char* path = getenv("PATH");
    std::stringstream dirs(std::string(path ? path : "/usr/bin:/bin") + ":/usr/sbin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        const std::string cand = dir + "/" + name;
        if (!dir.empty() && access(cand.c_str(), X_OK) == 0) return cand;
    }
    return "";
}

WrkOut run_wrk(const std::string& wrk, const std::string& script, const HttpCall& call, int connections, int ms,
               long long first_id, const fs::path& dir) {
    WrkOut o;
    const std::string url = strprintf("http://%s:%d%s", call.host.c_str(), call.port, call.path.c_str());
    const std::vector<std::string> argv = {wrk, "-t1", "-c" + std::to_string(connections),
                                           "-d" + std::to_string(ms / 1000 + 2) + "s", "--timeout", "10s", "-s",
                                           script, url, "--", http_request_head(call), call.body_pre, call.body_post,
                                           std::to_string(first_id)};
    const fs::path errlog = dir / "wrk.stderr.log";
    Child c;
    if (!spawn(c, argv, {}, -1, errlog.string(), o.err)) return o;
    // The phase starts when the script says it is ready (wrk then ignores SIGINT until its handler
    // is in place, instead of dying of it) and ends with a SIGINT to wrk's main thread, which sleeps
    // for -d and reports when woken (one that lands on the load thread would leave main asleep to
    // -d's end); sent again after 500 ms in case the first came before the handler.
    const int64_t deadline = c.t_spawn + kStartTimeout + int64_t(ms) * 1'000'000;
    int64_t stop_at = deadline;
    int stops = 0;
    std::string said;  // the script's report
    for (;;) {
        const Rd r = read_some(c, std::min(stop_at, deadline));
        if (r == Rd::Timeout && now_ns() < deadline && stops < 2) {
            syscall(SYS_tgkill, c.pid, c.pid, SIGINT);
            ++stops;
            stop_at = now_ns() + 500'000'000;
            continue;
        }
        if (r != Rd::Ok) break;
        for (std::string_view line; next_line(c, line);) {
            if (line == "wrk-mcp: ready" && stops == 0) stop_at = now_ns() + int64_t(ms) * 1'000'000;
            if (line.starts_with("wrk-mcp: {")) said = line.substr(9);
        }
    }
    const ExitInfo x = close_and_wait(c, now_ns() + kExitTimeout);
    o.cpu_ns = (double(x.ru.ru_utime.tv_sec) + double(x.ru.ru_stime.tv_sec)) * 1e9 +
               (double(x.ru.ru_utime.tv_usec) + double(x.ru.ru_stime.tv_usec)) * 1e3;
    const int status = x.exited ? office::testing::exit_code(x.status) : -1;
    const auto j = nlohmann::json::parse(said, nullptr, false);
    if (status != 0 || !j.is_object()) {
        o.err = x.exited ? strprintf("wrk exited with status %d", status) : "wrk did not end within 30 s of the phase";
        o.err += said.empty() ? " without the script's wrk-mcp line" : "";
        if (const std::string t = tail_of_file(errlog); !t.empty()) o.err += "; stderr: " + t;
        return o;
    }
    const long long not_200 = j.value("not_200", 0LL), no_result = j.value("no_result", 0LL),
                    closed = j.value("closed", 0LL), errors = j.value("errors", 0LL);
    o.requests = j.value("requests", 0LL);
    o.sent = j.value("sent", 0LL);
    o.duration_s = j.value("duration_us", 0.0) / 1e6;
    o.p50_us = j.value("p50_us", 0.0);
    o.p99_us = j.value("p99_us", 0.0);
    if (not_200 + no_result + closed > 0)
        o.err = strprintf("wrk saw %lld of %lld answers that were not a 200 with a successful result on a kept "
                          "connection (%lld not 200, %lld without a result, %lld closing their connection); the first: %s",
                          not_200 + no_result + closed, o.requests, not_200, no_result, closed,
                          j.value("first_bad", std::string()).c_str());
    else if (errors > 0)
        o.err = strprintf("wrk counted %lld socket errors (connect, read, write or a 10 s timeout)", errors);
    return o;
}

int64_t idle_cpu_ns(const std::function<int64_t()>& cpu) {
    int64_t a = cpu();
    for (const int64_t until = now_ns() + kCallTimeout; a >= 0 && now_ns() < until;) {
        sleep_us(20'000);
        const int64_t b = cpu();
        if (b - a < 20'000) return b;  // under 0.1% of a CPU
        a = b;
    }
    return a;
}

bool nginx_floor_argv(const std::string& nginx, const std::string& conf_template, const fs::path& dir,
                      std::vector<std::string>& argv, int& port, std::string& err) {
    std::ifstream in(conf_template);
    std::string conf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (conf.empty()) {
        err = "cannot read " + conf_template;
        return false;
    }
    // A port the kernel hands out and nothing holds once this socket is closed.
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    const bool got = fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
                     getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
    if (fd >= 0) close(fd);
    if (!got) {
        err = std::string("cannot find a free port: ") + strerror(errno);
        return false;
    }
    port = ntohs(addr.sin_port);
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"@PREFIX@", dir.string()},
                                   std::pair<std::string, std::string>{"@PORT@", std::to_string(port)}})
        for (size_t at; (at = conf.find(from)) != std::string::npos;) conf.replace(at, from.size(), to);
    const fs::path path = dir / "nginx.conf";
    if (!(std::ofstream(path) << conf)) {
        err = "cannot write " + path.string();
        return false;
    }
    argv = {nginx, "-p", dir.string() + "/", "-e", "stderr", "-c", path.string()};
    return true;
}

bool wait_for_port(Child& c, int port, std::string& err) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(uint16_t(port));
    while (now_ns() < c.t_spawn + kStartTimeout) {
        const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const bool up = fd >= 0 && connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
        if (fd >= 0) close(fd);
        if (up) return true;
        int status = 0;
        if (waitpid(c.pid, &status, WNOHANG) == c.pid) {
            c.reaped = true;
            err = strprintf("exited (status %d) before accepting connections on port %d",
                            office::testing::exit_code(status), port);
            return false;
        }
        sleep_us(2000);
    }
    err = strprintf("did not accept connections on port %d within 30 s", port);
    return false;
}

}  // namespace bench
