// office-mcp: the stdio MCP server. Reads newline-delimited JSON-RPC on stdin, writes
// replies on stdout (protocol messages only) and logs JSON lines on stderr or --log-file.
// Everything else lives in office_core (docs/architecture.md); this file is the command line
// and the read/write loop on the file descriptors; the process's life (signals, console events)
// is process_life.h's. The operator's
// commands (db, config, log tail, audit, approvals) and --help are in commands.cpp.

#include "commands.h"
#include "connection.h"
#include "log_sink.h"
#include "platform.h"
#include "process_life.h"
#include "request_state.h"
#include "run_log.h"
#include "serve_http.h"
#include "token_command.h"
#include "trace.h"
#include "schema_validator.h"
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

Options parse_options(int argc, char** argv) {
    Options o;
    if (const char* ttl = std::getenv("OFFICE_MCP_STATE_TTL"); ttl && *ttl) {
        o.state_ttl = std::atoll(ttl);
        o.given.state_ttl = ttl;
    }
    if (const char* d = std::getenv("OFFICE_MCP_DURABILITY"); d && *d) o.durability = durability_named(d);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) fail(arg + " needs a value (see --help)");
            return argv[++i];
        };
        if (arg == "--help" || arg == "-h") {
            std::fputs(usage_text(), stdout);
            std::exit(0);
        } else if (arg == "--version") {
            std::printf("office-mcp %s\n", std::string(office::server_version()).c_str());
            std::exit(0);
        } else if (arg == "--db") {
            o.db = value();
        } else if (arg == "--profile") {
            o.profile = o.given.profile = value();
        } else if (arg == "--tools") {
            o.tools = split_commas(o.given.tools = value());
        } else if (arg == "--state-ttl") {
            o.state_ttl = std::atoll((o.given.state_ttl = value()).c_str());
        } else if (arg == "--task-ttl") {
            o.task_ttl = std::atoll((o.given.task_ttl = value()).c_str());
        } else if (arg == "--rate-limit") {
            std::string problem;
            const auto rule = office::parse_rate_rule(value(), problem);
            if (!rule) fail(problem);
            o.rate_limits.push_back(*rule);
        } else if (arg == "--log-level") {
            const auto parsed = office::parse_log_level(o.given.log_level = value());
            if (!parsed) fail("unknown log level " + o.given.log_level + " (error, warn, info or debug)");
            o.log_level = *parsed;
        } else if (arg == "--locale") {
            o.locale = locale_option(o.given.locale = value());
        } else if (arg == "--log-file") {
            o.log_file = value();
        } else if (arg == "--durability") {
            o.durability = durability_named(value());
        } else if (arg == "--http") {
            o.http = value();
        } else if (arg == "--tokens") {
            o.tokens_file = value();
        } else if (arg == "--oauth-issuer") {
            o.oauth_issuer = value();
        } else if (arg == "--resource") {
            o.resource = value();
        } else if (arg == "--ca-file") {
            o.ca_file = value();
        } else if (arg == "--oauth-leeway") {
            o.oauth_leeway = milliseconds_of(arg, value()) / 1000;
        } else if (arg == "--oauth-refetch") {
            o.oauth_refetch = milliseconds_of(arg, value()) / 1000;
        } else if (arg == "--allow-origin") {
            o.allowed_origins.push_back(value());
        } else if (arg == "--request-timeout") {
            o.request_timeout = positive_number(arg, value());
        } else if (arg == "--max-connections") {
            o.max_connections = positive_number(arg, value());
        } else if (arg == "--max-sessions") {
            o.max_sessions = positive_number(arg, value());
        } else if (arg == "--drain-delay") {
            o.drain_delay_ms = milliseconds_of(arg, value());
        } else if (arg == "--drain-timeout") {
            o.drain_timeout_ms = milliseconds_of(arg, value());
        } else if (arg == "--insecure-no-auth") {
            o.insecure_no_auth = true;
        } else if (arg == "--metrics-open") {
            o.metrics_open = true;
        } else if (arg == "--tls-cert") {
            o.tls_cert = value();
        } else if (arg == "--tls-key") {
            o.tls_key = value();
        } else if (arg == "--since") {
            o.audit.since = value();
            if (!office::is_calendar_date(*o.audit.since)) fail("--since needs a day as YYYY-MM-DD");
        } else if (arg == "--invoice") {
            o.audit.invoice = positive_number(arg, value());
        } else if (arg == "--trace") {
            o.audit.trace = value();
            if (!office::parse_traceparent("00-" + *o.audit.trace + "-0000000000000001-00"))
                fail("--trace needs a trace id: 32 lowercase hex digits, as the log's trace_id");
        } else if (arg == "--slot") {
            o.audit.slot = positive_number(arg, value());
        } else if (arg == "--admin") {
            o.admin = true;
        } else if (arg == "--demo" || arg == "--empty") {
            const auto kind = arg == "--demo" ? office::OfficeKind::Demo : office::OfficeKind::Empty;
            if (o.records.kind && *o.records.kind != kind) fail("--demo and --empty: give one of them");
            o.records.kind = kind;
        } else if (arg == "--name") {
            o.records.name = value();
        } else if (arg == "--email") {
            o.records.email = value();
        } else if (arg == "--amount") {
            o.records.amount = value();
        } else if (arg == "--status") {
            o.records.status = value();
        } else if (arg == "--price") {
            o.records.price = value();
        } else if (arg == "--time-zone") {
            o.records.time_zone = value();
        } else if (arg == "--horizon") {
            o.records.horizon = value();
        } else if (arg == "--reason") {
            o.records.reason = value();
        } else if (arg == "--query") {
            o.records.query = value();
        } else if (arg == "--customer") {
            o.records.customer = positive_number(arg, value());
        } else if (arg == "--dry-run") {
            o.records.dry_run = true;
        } else if (arg == "--update") {
            o.records.update = true;
        } else if (arg == "--force") {
            o.force = true;
        } else if (arg == "--dir") {
            o.backup.dir = value();
        } else if (arg == "--keep") {
            o.backup.keep = positive_number(arg, value());
        } else if (arg == "--check") {
            o.backup.check = true;
        } else if (!arg.empty() && arg[0] == '-') {
            fail("unknown option " + arg + " (see --help)");
        } else {
            o.command.push_back(arg);
        }
    }
    if (o.state_ttl <= 0) fail("the state TTL must be a positive number of seconds");
    if (o.task_ttl <= 0 || o.task_ttl > 366LL * 24 * 60 * 60)
        fail("the task TTL must be a number of seconds from 1 to 31622400 (a year)");
    if (o.db.empty()) o.db = office::default_database_path();
    return o;
}

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
    options.locale = o.locale;
    options.task_ttl = o.task_ttl;
    if (!o.rate_limits.empty()) options.limits = std::make_shared<office::RateLimits>(o.rate_limits);
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

    if (const auto status = office::token_command(argc, argv)) return *status;  // its own options (--tokens)
    const auto options = parse_options(argc, argv);
    if (const auto status = run_command(options)) return *status;
    process::settle_heap();
    if (options.http.empty() && (!options.tls_cert.empty() || !options.tls_key.empty()))
        fail("--tls-cert and --tls-key go with --http: stdin and stdout need no TLS");
    return options.http.empty() ? serve(options) : serve_http(options, write_all);
}
