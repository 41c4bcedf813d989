// process_life.h on Windows: the console's control events for a stop, stdin read by a thread of
// its own, the C runtime's descriptors in binary mode, the command line as UTF-8.
#include "process_life.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <io.h>
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <shellapi.h>

namespace process {
namespace {
std::atomic<const char*> g_stop{nullptr};
void wake_the_reader();  // a stop wakes whoever waits for stdin (below)
std::atomic<bool> g_grace_over{false};
HANDLE g_main_thread = nullptr;  // whose blocked ReadFile or WriteFile a stop cancels
std::mutex g_handler_mutex;
std::function<void(const char*)> g_handler;  // on_console_stop's
constexpr DWORD kGraceMs = 2000;  // as SIGALRM's two seconds on POSIX

// Runs on a thread of its own. Ctrl+C and Ctrl+Break are answered (TRUE: handled); for the
// console's close, a logoff or a shutdown, Windows ends the process when this returns, so it
// waits instead: main's clean stop ends the process (Windows allows it 5 seconds).
BOOL WINAPI on_console_event(DWORD event) {
    const char* reason = event == CTRL_C_EVENT       ? "console Ctrl+C"
                         : event == CTRL_BREAK_EVENT ? "console Ctrl+Break"
                         : event == CTRL_CLOSE_EVENT ? "console closed"
                                                     : "session ending";
    {
        std::lock_guard lock(g_handler_mutex);
        if (g_handler) {
            g_handler(reason);
            if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) return TRUE;
        }
    }
    const char* none = nullptr;
    if (g_stop.compare_exchange_strong(none, reason)) {
        wake_the_reader();  // main's wait for a line of stdin returns now
        Sleep(kGraceMs);
        g_grace_over = true;
        CancelSynchronousIo(g_main_thread);  // and a write the client does not read is abandoned
    }
    if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) return TRUE;
    Sleep(INFINITE);
    return TRUE;
}

HANDLE handle_of(int fd) { return reinterpret_cast<HANDLE>(_get_osfhandle(fd)); }

std::string narrow(const wchar_t* text) {
    const int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
    std::string out(n > 0 ? static_cast<std::size_t>(n - 1) : 0, '\0');
    if (n > 1) WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), n, nullptr, nullptr);
    return out;
}
}  // namespace

void start(int& argc, char**& argv) {
    DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(), &g_main_thread, 0, FALSE,
                    DUPLICATE_SAME_ACCESS);
    SetConsoleCtrlHandler(on_console_event, TRUE);
    // "\n" stays "\n": protocol lines, logs and every file the server writes are the same bytes as on Linux.
    _setmode(0, _O_BINARY);
    _setmode(1, _O_BINARY);
    _setmode(2, _O_BINARY);
    // Arguments as typed, in UTF-8 (the narrow argv is in the ANSI code page). Kept for the
    // process's life, as argv is.
    static std::vector<std::string> args;
    static std::vector<char*> pointers;
    int n = 0;
    if (wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &n)) {
        for (int i = 0; i < n; ++i) args.push_back(narrow(wide[i]));
        LocalFree(wide);
        for (auto& a : args) pointers.push_back(a.data());
        pointers.push_back(nullptr);
        argc = n;
        argv = pointers.data();
    }
    // No parent-death signal to ask for: when the client dies, its end of our stdin closes and
    // the next read sees the end of input.
}

void on_console_stop(std::function<void(const char*)> handler) {
    std::lock_guard lock(g_handler_mutex);
    g_handler = std::move(handler);
}

const char* stop_reason() { return g_stop.load(); }

bool grace_over() { return g_grace_over; }

// stdin is read by a thread of its own, which blocks in the read; main waits for what it read,
// for its end, or for a stop, whichever comes first. (A read blocked on a pipe cannot be
// interrupted on Windows as a signal interrupts read(2): CancelSynchronousIo does it on
// Windows 10, not under Wine; and a pipe cannot be waited on with a timeout.) The thread starts
// at the first wait or read, so commands that never read stdin leave it alone, and it stays a
// step ahead only: at most kAheadBytes read and not yet taken, as a pipe's buffer would hold.
namespace {
constexpr std::size_t kAheadBytes = 1 << 20;
struct StdinReader {
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::string> chunks;  // read, not yet taken
    std::size_t ahead = 0;           // their bytes
    bool ended = false;              // the end of input (or a read error: error)
    int error = 0;
};
std::atomic<StdinReader*> g_reader{nullptr};  // made by main at its first wait or read

// The reader thread: what it reads it queues, until the end of input.
void read_stdin(StdinReader* r) {
    std::vector<char> buffer(65536);
    for (;;) {
        const int n = _read(0, buffer.data(), static_cast<unsigned>(buffer.size()));
        const int error = errno;
        std::unique_lock lock(r->mutex);
        if (n <= 0) {
            r->ended = true;
            r->error = n < 0 && GetLastError() != ERROR_BROKEN_PIPE ? error : 0;  // a closed pipe is the end
            r->changed.notify_all();
            return;
        }
        r->chunks.emplace_back(buffer.data(), static_cast<std::size_t>(n));
        r->ahead += static_cast<std::size_t>(n);
        r->changed.notify_all();
        r->changed.wait(lock, [r] { return r->ahead < kAheadBytes || g_stop; });
    }
}

StdinReader& started_reader() {
    if (StdinReader* r = g_reader.load()) return *r;
    auto* r = new StdinReader;  // never freed: its thread may still be blocked in a read at exit
    std::thread(read_stdin, r).detach();
    g_reader = r;
    return *r;
}

void wake_the_reader() {
    if (StdinReader* r = g_reader.load()) {
        std::lock_guard lock(r->mutex);
        r->changed.notify_all();
    }
}
}  // namespace

bool input_waiting() {
    auto& r = started_reader();
    std::lock_guard lock(r.mutex);
    return !r.chunks.empty() || r.ended;
}

int wait_for_input(int ms) {
    auto& r = started_reader();
    std::unique_lock lock(r.mutex);
    const bool ready = r.changed.wait_for(lock, std::chrono::milliseconds(ms),
                                          [&r] { return !r.chunks.empty() || r.ended || g_stop; });
    if (g_stop) return -1;
    return ready ? 1 : 0;
}

long read_input(char* buffer, std::size_t size) {
    auto& r = started_reader();
    std::unique_lock lock(r.mutex);
    r.changed.wait(lock, [&r] { return !r.chunks.empty() || r.ended || g_stop; });
    if (g_stop) {
        errno = EINTR;  // as read(2) interrupted by a stop signal
        return -1;
    }
    if (r.chunks.empty()) {
        if (r.error == 0) return 0;
        errno = r.error;
        return -1;
    }
    std::string& first = r.chunks.front();
    const std::size_t n = std::min(size, first.size());
    std::copy_n(first.data(), n, buffer);
    if (n == first.size()) r.chunks.pop_front();
    else first.erase(0, n);
    r.ahead -= n;
    r.changed.notify_all();  // room again for the reader
    return static_cast<long>(n);
}

long long id() { return GetCurrentProcessId(); }

long write_to(int fd, const char* data, std::size_t size) {
    const int n = _write(fd, data, static_cast<unsigned>(size));
    if (n < 0 && g_stop) errno = EINTR;
    return n;
}

Output output_of(int fd) { return GetFileType(handle_of(fd)) == FILE_TYPE_PIPE ? Output::pipe : Output::file; }

// Room in the pipe: its buffer less what its reader has not taken yet.
bool pipe_has_room(int fd, std::size_t bytes) {
    const HANDLE h = handle_of(fd);
    DWORD size = 0, waiting = 0;
    if (!GetNamedPipeInfo(h, nullptr, &size, nullptr, nullptr) || size == 0) return true;
    if (!PeekNamedPipe(h, nullptr, 0, nullptr, &waiting, nullptr)) return true;  // not peekable: write and see
    return waiting + bytes <= size;
}

long send_now(int, std::string_view) { return -1; }

void settle_heap() {}

// Windows has no limit on a process's sockets and files to raise (only memory bounds them).
std::pair<std::int64_t, std::int64_t> raise_open_files(std::int64_t needed) { return {needed, INT64_MAX}; }

}  // namespace process
