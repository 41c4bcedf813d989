#include "log_sink.h"

#include "clock.h"
#include "options.h"
#include "platform.h"
#include "process_life.h"

#include <cerrno>
#include <cstring>

namespace {
// Log lines of a round wait for its end up to this size.
constexpr std::size_t kMaxPendingLog = 64 * 1024;
constexpr int kStderr = 2;
}  // namespace

// Each line whole, in one write() where the kernel allows (O_APPEND keeps lines from several
// processes sharing a file apart).
LogSink::LogSink(const std::string& log_file, WriteAll write_all) : path_(log_file), fd_(kStderr), write_all_(write_all) {
    if (!log_file.empty()) {
        fd_ = office::platform::open(log_file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC);
        if (fd_ < 0) fail("cannot open log file " + log_file + ": " + std::strerror(errno));
    }
    // A client may hand us a stderr pipe it never reads. Once that pipe is full a log line is
    // dropped rather than written, so the log can never stall the protocol.
    const auto output = process::output_of(fd_);
    socket_ = output == process::Output::socket;
    pipe_ = output != process::Output::file;
}

// A log file gets a round's lines in one write, just before the round's replies: whole lines
// still (O_APPEND keeps them apart from other processes'), one system call instead of one per
// request. A pipe keeps one write per line, each only when the pipe has room.
// Lines dropped are counted, and the count is the next line written, so a gap is never silent.
void LogSink::write(std::string_view line) {
    if (!pipe_) {
        pending_.append(line);
        if (pending_.size() >= kMaxPendingLog) flush();
        return;
    }
    if (dropped_ > 0) {
        const std::string note = R"({"ts":")" + office::utc_now() + R"(","level":"warn","event":"log_dropped","lines":)" +
                                 std::to_string(dropped_) + R"(,"why":"the log's reader did not keep up"})" + "\n";
        if (!try_write(note)) {
            ++dropped_;
            return;
        }
        dropped_ = 0;
    }
    if (!try_write(line)) ++dropped_;
}

// `line` written whole if the pipe or socket has room now; false (nothing written) if not. A
// socket is asked with a non-blocking send (its poll says writable only once a third of its
// buffer is free, which a burst of lines outruns while a write would still fit); a pipe with poll
// (it has room for PIPE_BUF bytes then, and our lines are shorter). O_NONBLOCK is not set on the
// descriptor: the client that gave us stderr shares it.
bool LogSink::try_write(std::string_view line) {
    if (socket_) {
        const long sent = process::send_now(fd_, line);
        if (sent <= 0) return false;
        // A line begun is finished (blocking for its rest only), so the log keeps whole lines.
        if (static_cast<std::size_t>(sent) < line.size()) write_all_(line.substr(static_cast<std::size_t>(sent)), fd_);
        return true;
    }
    if (!process::pipe_has_room(fd_, line.size())) return false;
    write_all_(line, fd_);
    return true;
}

void LogSink::flush() {
    if (pending_.empty()) return;
    write_all_(pending_, fd_);
    pending_.clear();
}

bool LogSink::on_stderr() const { return fd_ == kStderr; }

bool LogSink::reopen() {
    if (path_.empty()) return true;  // stderr: nothing to reopen
    flush();
    const int fd = office::platform::open(path_, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC);
    if (fd < 0) return false;
    ::dup2(fd, fd_);  // the same descriptor, now the new file
    ::close(fd);
    return true;
}
