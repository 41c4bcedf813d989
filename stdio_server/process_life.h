#pragma once
// The process's life where POSIX and Windows differ, for main.cpp and the log (process_life_posix.cpp,
// process_life_windows.cpp): how a stop is asked for (SIGTERM, SIGINT, SIGHUP / the console's Ctrl+C,
// Ctrl+Break and close), the waits on stdin, what stderr is, the heap and open-file limits.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

namespace process {

// Once, first thing in main: the stop handlers; stdin, stdout and stderr in binary mode (no CRLF
// for "\n"); a stop when the client that launched us dies; argv as UTF-8 (Windows: from the
// wide command line, whatever the code page).
void start(int& argc, char**& argv);
// Why a stop was asked for ("signal SIGTERM", "console Ctrl+C" ...), or nullptr while none was.
// The read and write below return early once it is (-1, errno EINTR).
const char* stop_reason();
// A few seconds after the stop: a write still blocked on a client that does not read is abandoned.
bool grace_over();
// Windows: the console's Ctrl+C, Ctrl+Break and close (and a logoff or shutdown) go to `handler`
// instead, each time one comes, on the console's own thread, with what it was ("console Ctrl+C"):
// office-mcp --http drains on them as on SIGTERM. nullptr gives them back to stop_reason(). POSIX:
// nothing, since the signals reach such a loop directly (an Asio signal_set).
void on_console_stop(std::function<void(const char* what)> handler);

// stdin has input (or its end) waiting: a read will not block.
bool input_waiting();
// Waits at most `ms` for input: 1 there is some, 0 none came, -1 a stop interrupted the wait.
int wait_for_input(int ms);
// read(2) of stdin and write(2) of a descriptor, as the C runtime's descriptors.
long read_input(char* buffer, std::size_t size);
long write_to(int fd, const char* data, std::size_t size);

enum class Output { file, pipe, socket };
// What a log descriptor writes to: a pipe or socket may be one its reader never empties.
Output output_of(int fd);
// A pipe with room for `bytes` now (a write of them will not block).
bool pipe_has_room(int fd, std::size_t bytes);
// A non-blocking send on a socket: bytes sent, or -1 (POSIX; Windows has no socket as stderr).
long send_now(int fd, std::string_view data);

// This process's id, as the log's start and stop lines name it.
long long id();

// Keep freed memory for the next calls rather than give it back at once (glibc's mallopt).
void settle_heap();
// Room for `needed` open files (RLIMIT_NOFILE raised toward it): needed, and the limit now.
std::pair<std::int64_t, std::int64_t> raise_open_files(std::int64_t needed);

}  // namespace process
