// process_life.h on POSIX: signals, poll(2), prctl(2), mallopt(3), RLIMIT_NOFILE.
#include "process_life.h"

#include <algorithm>
#include <cerrno>
#include <csignal>

#include <malloc.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace process {
namespace {
volatile std::sig_atomic_t g_stop = 0;  // the signal that asked us to stop
// After a stop signal, writes get kGraceSeconds to finish; then a write still blocked on a
// client that does not read is abandoned (SIGALRM interrupts it), so stopping never hangs.
constexpr unsigned kGraceSeconds = 2;
volatile std::sig_atomic_t g_grace_over = 0;
void on_signal(int signal) {
    if (!g_stop) ::alarm(kGraceSeconds);
    g_stop = signal;
}
void on_alarm(int) { g_grace_over = 1; }
}  // namespace

void start(int&, char**&) {
    std::signal(SIGPIPE, SIG_IGN);  // a closed stdout is an EPIPE from write(), and a clean exit
    std::signal(SIGXFSZ, SIG_IGN);  // a file size limit (ulimit -f) is an EFBIG SQLite reports, not a kill
    struct sigaction sa {};
    sa.sa_handler = on_signal;  // no SA_RESTART: a blocked read() returns and the loop ends
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, nullptr);
    // The client that launched us died: so do we. If it died before prctl took effect we were
    // already re-parented, and no signal will ever come, so look once.
    const pid_t parent = ::getppid();
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::raise(SIGTERM);
}

void on_console_stop(std::function<void(const char*)>) {}

const char* stop_reason() {
    if (!g_stop) return nullptr;
    return g_stop == SIGTERM ? "signal SIGTERM" : g_stop == SIGINT ? "signal SIGINT" : "signal";
}

bool grace_over() { return g_grace_over; }

bool input_waiting() {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    return ::poll(&in, 1, 0) == 1 && (in.revents & (POLLIN | POLLHUP));
}

int wait_for_input(int ms) {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    const int ready = ::poll(&in, 1, ms);
    return ready < 0 && errno == EINTR ? -1 : ready != 0;  // another error: the read says it
}

long long id() { return ::getpid(); }

long read_input(char* buffer, std::size_t size) { return ::read(STDIN_FILENO, buffer, size); }

long write_to(int fd, const char* data, std::size_t size) { return ::write(fd, data, size); }

Output output_of(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return Output::file;
    return S_ISSOCK(st.st_mode) ? Output::socket : S_ISFIFO(st.st_mode) ? Output::pipe : Output::file;
}

// A pipe has room for PIPE_BUF bytes when poll says writable, and log lines are shorter.
bool pipe_has_room(int fd, std::size_t) {
    pollfd ready{fd, POLLOUT, 0};
    return ::poll(&ready, 1, 0) == 1 && (ready.revents & POLLOUT);
}

long send_now(int fd, std::string_view data) { return ::send(fd, data.data(), data.size(), MSG_DONTWAIT | MSG_NOSIGNAL); }

// A server answers the same small messages for hours: its heap should reach a steady size and
// stay there. glibc's defaults give memory back (trim) whenever 128 KiB is free at the top of
// the heap and move the mmap threshold as large blocks come and go, so every call could shrink
// the heap with brk and fault it back in on the next (issue 16 measured 2 brk and 1 page fault
// per call). Keep what was freed (trimmed only past 16 MiB), grow in 1 MiB steps, and serve
// blocks up to 1 MiB from the heap rather than from a fresh mmap each time.
void settle_heap() {
    mallopt(M_TRIM_THRESHOLD, 16 * 1024 * 1024);
    mallopt(M_TOP_PAD, 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
}

std::pair<std::int64_t, std::int64_t> raise_open_files(std::int64_t needed) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return {needed, 0};
    const auto wanted = static_cast<rlim_t>(needed);
    if (limit.rlim_cur < wanted && limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = std::min(wanted, limit.rlim_max);  // RLIM_INFINITY is the largest value
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return {needed, limit.rlim_cur == RLIM_INFINITY ? INT64_MAX : static_cast<std::int64_t>(limit.rlim_cur)};
}

}  // namespace process
