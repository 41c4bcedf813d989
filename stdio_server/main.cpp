// office-mcp: the stdio MCP server. Reads newline-delimited JSON-RPC on stdin, writes
// replies on stdout (protocol messages only) and logs JSON lines on stderr or --log-file.
// Everything else lives in office_core (docs/architecture.md); this file is the read/write loop
// on the file descriptors; the process's life (signals, console events) is process_life.h's, and
// the command line, with every command and flag, is the table of command_line.h.

#include "command_line.h"
#include "connection.h"
#include "log_sink.h"
#include "platform.h"
#include "process_life.h"
#include "request_state.h"
#include "run_log.h"
#include "serve_http.h"
#include "session.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <errno.h>

namespace {

constexpr std::size_t kMaxLine = 4 * 1024 * 1024;
// Group commit: at most this many reads of waiting input share one commit.
constexpr int kMaxReadsPerCommit = 64;
// While a client watches a resource, how long stdin may stay quiet before the office is looked
// at again for writes by other processes (change notifications; core/protocol/connection.h, poll).
constexpr int kWatchPollMs = 500;

bool write_all(std::string_view data, int fd = 1) {
    std::size_t done = 0;
    while (done < data.size()) {
        if (process::grace_over()) return false;  // stopping, and the reader is not reading
        const auto n = process::write_to(fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // stdout closed: nobody is listening any more
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

int serve(const Options& o) {
    const auto tools = enabled_tools(o);
    // A location that cannot work is refused now, not at the first tool call (which a client
    // shows as a dropped connection). Nothing is created: a server/discover probe leaves no file.
    try {
        office::check_office_location(o.db);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    LogSink log(o.log_file, write_all);
    office::Logger logger(o.log_level, [&](std::string_view line) { log.write(line); });
    logger.event(office::LogLevel::Info, "start", start_line(o, tools));
    log.flush();
    // The last line of every run: why it ended and with which status.
    const auto stop = [&](const std::string& reason, int status, const std::string& problem = {}) {
        logger.event(status == 0 ? office::LogLevel::Info : office::LogLevel::Error, "stop",
                     stop_line(o, reason, status, problem));
        log.flush();
        // A client that shows stderr should still see why we stopped when the log is a file.
        if (!problem.empty() && !log.on_stderr()) std::fprintf(stderr, "office-mcp: %s\n", problem.c_str());
        return status;
    };

    office::ConnectionOptions options;
    options.tools = tools;
    options.admin = o.admin;
    // The admin tools change the office in a person's name. Over stdio that person is whoever
    // started office-mcp --admin (office-desk, for them), as `office-mcp customers add` records
    // the person logged in: so the audit names them, as it names a token's NAME over HTTP.
    if (o.admin) options.principal = office::platform::login_name();
    options.settings = o.settings;
    options.open_store = [&] { return office::open_office_store_for(o.db, o.durability); };
    options.open_sealer = [&] {
        return std::make_unique<office::StateSealer>(office::load_state_keys(office::office_local_path(o.db)), o.state_ttl);
    };
    options.logger = &logger;
    options.max_line = kMaxLine;
    office::Connection connection(std::move(options));

    std::vector<char> buffer(64 * 1024);
    std::string reason = "end of input";
    bool at_end = false;  // EOF or a read error: after this round's replies, stop
    // One read() into the buffer: how many bytes, 0 at the end of input (or a read error).
    const auto read_input = [&]() -> std::size_t {
        for (;;) {
            const auto n = process::read_input(buffer.data(), buffer.size());
            if (n > 0) return static_cast<std::size_t>(n);
            if (n < 0 && errno == EINTR && !process::stop_reason()) continue;
            if (n < 0) reason = std::string("read error: ") + std::strerror(errno);
            at_end = true;
            return 0;
        }
    };
    // Change notifications for what others (or this round) wrote; false once stdout is closed.
    const auto notify = [&] {
        connection.poll();
        if (connection.replies().empty()) return true;
        if (!write_all(connection.replies())) return false;
        connection.replies_sent();
        return true;
    };
    while (!process::stop_reason() && !at_end) {
        if (connection.watching()) {
            // Someone watches: wait for input at most kWatchPollMs, then look for changes.
            const int ready = process::wait_for_input(kWatchPollMs);
            if (ready == 0) {
                if (!notify()) {
                    reason = "stdout closed";
                    break;
                }
                continue;
            }
            if (ready < 0) continue;  // a stop: the loop's condition sees it
        }
        const std::size_t n = read_input();
        // A round is every line waiting now: several in this read, or more input already
        // behind it (a client that writes each message with its own write() still sends
        // bursts). Their writes commit together (one sync), and their replies leave after that
        // (core/protocol/connection.h). With a write in the round, further waiting input joins it, for
        // at most kMaxReadsPerCommit reads (a client that never pauses still gets answers).
        const std::string_view chunk(buffer.data(), n);
        connection.begin_round(n > 0 && (std::count(chunk.begin(), chunk.end(), '\n') > 1 || process::input_waiting()));
        connection.feed(chunk);
        for (int reads = 1; connection.wants_more() && reads < kMaxReadsPerCommit && !process::stop_reason() && process::input_waiting(); ++reads) {
            const std::size_t more = read_input();
            if (more == 0) break;
            connection.feed(std::string_view(buffer.data(), more));
        }
        if (!connection.end_round(at_end && reason == "end of input")) return stop("database error", 2, connection.fatal());
        log.flush();
        if (!connection.replies().empty()) {
            if (!write_all(connection.replies())) {
                reason = "stdout closed";
                break;
            }
            connection.replies_sent();
        }
        if (!connection.fatal().empty()) return stop("database error", 2, connection.fatal());
        if (connection.watching() && !notify()) {
            reason = "stdout closed";
            break;
        }
    }
    if (const char* stopped = process::stop_reason()) reason = stopped;
    connection.close();
    log.flush();
    if (!connection.replies().empty()) write_all(connection.replies());
    if (!connection.fatal().empty()) return stop("database error", 2, connection.fatal());
    return stop(reason, 0);
}

}  // namespace

int main(int argc, char** argv) {
    process::start(argc, argv);

    const auto line = parse_command_line(argc, argv);
    const Options& options = line.options;
    if (line.command->run) return line.command->run(options);
    process::settle_heap();
    if (options.http.empty() && (!options.tls_cert.empty() || !options.tls_key.empty()))
        fail("--tls-cert and --tls-key go with --http: stdin and stdout need no TLS");
    return options.http.empty() ? serve(options) : serve_http(options, write_all);
}
