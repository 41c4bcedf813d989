#include "process.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
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
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace bench {

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

void close_fd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

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

}  // namespace bench
