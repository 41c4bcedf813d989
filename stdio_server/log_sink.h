// Where the server's log lines go: stderr, or the file --log-file names. Each line leaves
// whole; a line a full pipe cannot take is dropped and the requests go on, and the next line
// written says how many were dropped ("event":"log_dropped").

#pragma once

#include <string>
#include <string_view>

class LogSink {
public:
    // Writes all of `data` to `fd`, or gives up (false): main.cpp's, which gives up once a
    // stop signal's grace is over, so the log can never hold a stop.
    using WriteAll = bool (*)(std::string_view data, int fd);

    // Opens `log_file` for appending (empty: stderr); fail()s when it cannot.
    LogSink(const std::string& log_file, WriteAll write_all);
    LogSink(const LogSink&) = delete;
    LogSink& operator=(const LogSink&) = delete;

    void write(std::string_view line);  // the Logger's sink
    void flush();                       // lines held back, written now (before a round's replies)
    bool on_stderr() const;
    // SIGHUP after logrotate moved the file: appends to a new file at the same path from now
    // on. False (and the old file kept) when it cannot be opened.
    bool reopen();

private:
    bool try_write(std::string_view line);

    std::string path_;
    int fd_;
    bool pipe_;    // a pipe or socket: lines leave one by one, when it has room
    bool socket_;
    std::size_t dropped_ = 0;
    WriteAll write_all_;
    std::string pending_;
};
