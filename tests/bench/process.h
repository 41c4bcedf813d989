#pragma once
// office-bench's child processes: spawn a server on non-blocking pipes (optionally pinned to
// one CPU), read its output line by line against a deadline, write without deadlocking, wait
// for its exit with the rusage, and read its CPU clock, peak RSS and /proc stat. Also the
// clocks every measurement uses.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

namespace bench {

// CLOCK_MONOTONIC in nanoseconds: every time the bench measures.
int64_t now_ns();

// The bench's own CPU time (its share of a phase: is the client the bottleneck?).
int64_t self_cpu_ns();

void sleep_us(long us);

// Writes all of p[0..n) to fd (blocking), retrying on EINTR; false on any other error.
bool write_all_fd(int fd, const char* p, size_t n);

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

void close_fd(int& fd);

// Builds argv/envp before fork (the child only calls async-signal-safe functions).
bool spawn(Child& c, const std::vector<std::string>& argv, const std::vector<std::string>& env_extra,
           int pin_cpu, const std::string& stderr_path, std::string& err);

int64_t child_cpu_ns(const Child& c);

// Reads the child's CPU clock once it has gone idle (two readings 300 us apart that
// differ by < 5 us), so trailing work of one phase is not charged to the next.
int64_t settled_cpu_ns(const Child& c);

int poll_ms(int64_t deadline);

enum class Rd { Ok, Timeout, Eof, Err };

// One poll + one read into the line buffer.
Rd read_some(Child& c, int64_t deadline);

// Next complete line already in the buffer (views stay valid until the next read_some).
bool next_line(Child& c, std::string_view& line);

// Writes everything with as few write() calls as the pipe allows; while the pipe is full
// it keeps draining the child's stdout so neither side can deadlock.
bool send_all(Child& c, std::string_view data, int64_t deadline);

struct ExitInfo {
    bool exited = false;  // on its own after stdin closed (false: killed at the deadline)
    int status = 0;
    int64_t t_exit = 0;
    rusage ru{};
};

// Closes the child's stdin and waits (draining its stdout) until it exits or the deadline
// passes, in which case it is killed.
ExitInfo close_and_wait(Child& c, int64_t deadline);

void kill_child(Child& c);

double vm_hwm_mib(pid_t pid);

// The child's minor page faults and user/system CPU from /proc/PID/stat. The CPU split is
// sampled by the kernel at each tick (scaled to the exact total), so it is meaningful over a
// phase of many milliseconds, not per call; the fault count is exact.
struct ProcStat {
    bool ok = false;
    long long minflt = 0;
    double utime_us = 0, stime_us = 0;
};

ProcStat proc_stat(pid_t pid);

}  // namespace bench
