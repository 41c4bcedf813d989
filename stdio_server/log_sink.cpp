#include "log_sink.h"

#include "options.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
// Log lines of a round wait for its end up to this size.
constexpr std::size_t kMaxPendingLog = 64 * 1024;
}  // namespace

// Each line whole, in one write() where the kernel allows (O_APPEND keeps lines from several
// processes sharing a file apart).
LogSink::LogSink(const std::string& log_file, WriteAll write_all) : path_(log_file), fd_(STDERR_FILENO), write_all_(write_all) {
    if (!log_file.empty()) {
        fd_ = ::open(log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd_ < 0) fail("cannot open log file " + log_file + ": " + std::strerror(errno));
    }
    // A client may hand us a stderr pipe it never reads. Once that pipe is full a log line is
    // dropped rather than written, so the log can never stall the protocol.
    struct stat log_stat {};
    pipe_ = fstat(fd_, &log_stat) == 0 && (S_ISFIFO(log_stat.st_mode) || S_ISSOCK(log_stat.st_mode));
}

// A log file gets a round's lines in one write, just before the round's replies: whole lines
// still (O_APPEND keeps them apart from other processes'), one system call instead of one per
// request. A pipe keeps one write per line, each only when the pipe has room.
void LogSink::write(std::string_view line) {
    if (!pipe_) {
        pending_.append(line);
        if (pending_.size() >= kMaxPendingLog) flush();
        return;
    }
    pollfd ready{fd_, POLLOUT, 0};
    if (::poll(&ready, 1, 0) != 1 || !(ready.revents & POLLOUT)) return;
    write_all_(line, fd_);
}

void LogSink::flush() {
    if (pending_.empty()) return;
    write_all_(pending_, fd_);
    pending_.clear();
}

bool LogSink::on_stderr() const { return fd_ == STDERR_FILENO; }

bool LogSink::reopen() {
    if (path_.empty()) return true;  // stderr: nothing to reopen
    flush();
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    ::dup2(fd, fd_);  // the same descriptor, now the new file
    ::close(fd);
    return true;
}
