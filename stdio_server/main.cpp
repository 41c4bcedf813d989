// office-mcp: the stdio MCP server. Reads newline-delimited JSON-RPC on stdin, writes
// replies on stdout (protocol messages only) and logs JSON lines on stderr or --log-file.
// Everything else lives in office_core; this file is the command line, the process life,
// the read/write loop and the operator's commands (log tail, audit).

#include "approvals.h"
#include "audit.h"
#include "log.h"
#include "request_state.h"
#include "schema_validator.h"
#include "session.h"
#include "clock.h"
#include "connection.h"
#include "sqlite_office_store.h"
#include "token_command.h"

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/prctl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr std::size_t kMaxLine = 4 * 1024 * 1024;
// Group commit: at most this many reads of waiting input share one commit.
constexpr int kMaxReadsPerCommit = 64;
// Log lines of a round wait for its end up to this size.
constexpr std::size_t kMaxPendingLog = 64 * 1024;

// True when stdin has input (or EOF) waiting right now: reading it will not block.
bool input_waiting() {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    return ::poll(&in, 1, 0) == 1 && (in.revents & (POLLIN | POLLHUP));
}

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

struct Options {
    std::string db;
    std::string profile = "all";
    std::vector<std::string> tools;
    std::int64_t state_ttl = 600;
    office::LogLevel log_level = office::LogLevel::Info;
    std::string log_file;  // empty: stderr
    // The serving options as given (command line or environment), so `config` can carry
    // every one of them into the pasted configuration.
    std::vector<std::string> serving_args;
    office::Durability durability = office::Durability::Power;
    office::AuditFilter audit;
    std::vector<std::string> command;  // "db init", "config vscode", ...
};

constexpr const char* kUsage = R"(office-mcp: a small office (customers, appointments, invoices, refunds, lunch) served to
AI assistants over the Model Context Protocol on stdin/stdout.

Usage:
  office-mcp [options]                  serve MCP on stdin/stdout (what AI clients launch)
  office-mcp db init|reset|path         create the database / reset it to the seed / print its path
  office-mcp config CLIENT              print a ready-to-paste configuration for CLIENT:
                                        claude-desktop, claude-code, vscode or cursor (it carries
                                        every serving option given: --db, --profile, --tools, ...)
  office-mcp log tail [FILE]            print a log file for people (default: --log-file, else stdin)
  office-mcp audit [--since YYYY-MM-DD] [--invoice N] [--slot N]
                                        list the audit trail: every write, its client, era and time
  office-mcp approvals list             list the refund approval requests office-desk clears
  office-mcp approvals reopen N         make declined approval request N wait for a person again
  office-mcp token add NAME [--profile P]
                                        make a bearer token for HTTP caller NAME, limited to profile P
                                        (default all); printed once, only its hash is stored
  office-mcp token list | revoke NAME   list the tokens (name, profile, created) / remove one
                                        (token commands take --tokens FILE; default: the file
                                        office-mcp.tokens beside the database, mode 0600)
  office-mcp --help | --version

Options:
  --db PATH              the SQLite database (default: $OFFICE_MCP_DB, else
                         $XDG_DATA_HOME/office-mcp/office.db, else ~/.local/share/office-mcp/office.db)
  --profile NAME         which tools to serve: all (default), scheduling, billing, lunch
  --tools a,b,c          serve exactly these tools
  --state-ttl SECONDS    how long a refund form stays answerable (default 600; env OFFICE_MCP_STATE_TTL)
  --log-level LEVEL      error, warn, info (default: one line per request) or debug (adds arguments)
  --log-file PATH        append the log to PATH instead of stderr
  --durability MODE      when a write is acknowledged (env OFFICE_MCP_DURABILITY):
                         power (default): after it is flushed to the disk; survives a crash,
                           kill -9, a power cut or a kernel panic (on a disk that honours flushes)
                         process: once the kernel has it; survives a crash or kill -9, but a power
                           cut or kernel panic can lose the last acknowledged bookings, orders
                           and refunds. Faster; only for data you can afford to lose.

Environment:
  OFFICE_MCP_STATE_KEYS  comma-separated hex keys (>= 32 bytes each) sealing requestState; the first
                         seals, all open. Default: a key file created beside the database.
)";

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "office-mcp: %s\n", message.c_str());
    std::exit(2);
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find(',', start);
        auto part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!part.empty()) parts.push_back(part);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return parts;
}

std::int64_t positive_number(const std::string& option, const std::string& text) {
    std::int64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || n > 100'000'000'000) fail(option + " needs a positive whole number");
        n = n * 10 + (c - '0');
    }
    if (n < 1) fail(option + " needs a positive whole number");
    return n;
}

std::string absolute(const std::string& path);

office::Durability durability_named(const std::string& name) {
    if (name == "power") return office::Durability::Power;
    if (name == "process") return office::Durability::Process;
    fail("unknown durability " + name + " (power or process)");
}

Options parse_options(int argc, char** argv) {
    Options o;
    std::string profile, tools, state_ttl, log_level;
    if (const char* ttl = std::getenv("OFFICE_MCP_STATE_TTL"); ttl && *ttl) {
        o.state_ttl = std::atoll(ttl);
        state_ttl = ttl;
    }
    if (const char* d = std::getenv("OFFICE_MCP_DURABILITY"); d && *d) o.durability = durability_named(d);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) fail(arg + " needs a value (see --help)");
            return argv[++i];
        };
        if (arg == "--help" || arg == "-h") {
            std::fputs(kUsage, stdout);
            std::exit(0);
        } else if (arg == "--version") {
            std::printf("office-mcp %s\n", std::string(office::server_version()).c_str());
            std::exit(0);
        } else if (arg == "--db") {
            o.db = value();
        } else if (arg == "--profile") {
            o.profile = profile = value();
        } else if (arg == "--tools") {
            tools = value();
            o.tools = split_commas(tools);
        } else if (arg == "--state-ttl") {
            state_ttl = value();
            o.state_ttl = std::atoll(state_ttl.c_str());
        } else if (arg == "--log-level") {
            log_level = value();
            const auto parsed = office::parse_log_level(log_level);
            if (!parsed) fail("unknown log level " + log_level + " (error, warn, info or debug)");
            o.log_level = *parsed;
        } else if (arg == "--log-file") {
            o.log_file = value();
        } else if (arg == "--durability") {
            o.durability = durability_named(value());
        } else if (arg == "--since") {
            o.audit.since = value();
            if (!office::is_calendar_date(*o.audit.since)) fail("--since needs a day as YYYY-MM-DD");
        } else if (arg == "--invoice") {
            o.audit.invoice = positive_number(arg, value());
        } else if (arg == "--slot") {
            o.audit.slot = positive_number(arg, value());
        } else if (!arg.empty() && arg[0] == '-') {
            fail("unknown option " + arg + " (see --help)");
        } else {
            o.command.push_back(arg);
        }
    }
    if (o.state_ttl <= 0) fail("the state TTL must be a positive number of seconds");
    if (o.db.empty()) o.db = office::default_database_path();
    // Paths absolute: the client that launches the server runs it from anywhere.
    o.serving_args = {"--db", absolute(o.db)};
    if (!profile.empty()) o.serving_args.insert(o.serving_args.end(), {"--profile", profile});
    if (!tools.empty()) o.serving_args.insert(o.serving_args.end(), {"--tools", tools});
    if (!state_ttl.empty()) o.serving_args.insert(o.serving_args.end(), {"--state-ttl", std::to_string(o.state_ttl)});
    if (!log_level.empty()) o.serving_args.insert(o.serving_args.end(), {"--log-level", log_level});
    if (!o.log_file.empty()) o.serving_args.insert(o.serving_args.end(), {"--log-file", absolute(o.log_file)});
    if (o.durability == office::Durability::Process) o.serving_args.insert(o.serving_args.end(), {"--durability", "process"});
    return o;
}

std::vector<std::string> enabled_tools(const Options& o) {
    std::vector<std::string> names;
    if (const auto problem = office::select_tools(o.profile, o.tools, names); !problem.empty()) fail(problem);
    return names;
}

std::string absolute(const std::string& path) {
    std::error_code ec;
    auto p = std::filesystem::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

std::string self_path() {
    std::error_code ec;
    auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? "office-mcp" : p.string();
}

int run_db_command(const Options& o) {
    const std::string what = o.command.size() > 1 ? o.command[1] : "";
    if (what == "path") {
        std::printf("%s\n", absolute(o.db).c_str());
        return 0;
    }
    if (what != "init" && what != "reset") fail("db needs init, reset or path");
    try {
        auto store = office::open_office_store(o.db);
        if (what == "reset") office::reset_database(store->database());
        std::fprintf(stderr, "office-mcp: database %s is %s\n", absolute(o.db).c_str(),
                     what == "reset" ? "reset to the seed data" : "ready");
        return 0;
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
}

// `text` as one word for a POSIX shell: single quotes keep everything literal but a single
// quote, which closes the quotes, is escaped, and opens them again.
std::string shell_quoted(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

int run_config_command(const Options& o) {
    const std::string client = o.command.size() > 1 ? o.command[1] : "";
    enabled_tools(o);  // a profile or tool that does not exist is refused here, not in the client
    const auto exe = self_path();
    const office::json args = o.serving_args;
    office::json server{{"command", exe}, {"args", args}};
    if (client == "claude-desktop" || client == "cursor") {
        std::printf("%s\n", office::json{{"mcpServers", {{"office", server}}}}.dump(2).c_str());
    } else if (client == "vscode") {
        server["type"] = "stdio";
        std::printf("%s\n", office::json{{"servers", {{"office", server}}}}.dump(2).c_str());
    } else if (client == "claude-code") {
        std::string line = "claude mcp add office -- " + shell_quoted(exe);
        for (const auto& a : o.serving_args) line += " " + shell_quoted(a);
        std::printf("%s\n", line.c_str());
    } else {
        fail("config needs one of claude-desktop, claude-code, vscode, cursor");
    }
    return 0;
}

bool write_all(std::string_view data, int fd = STDOUT_FILENO) {
    std::size_t done = 0;
    while (done < data.size()) {
        if (g_grace_over) return false;  // stopping, and the reader is not reading
        const auto n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // stdout closed: nobody is listening any more
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// The log's sink: each line whole, in one write() where the kernel allows (O_APPEND keeps
// lines from several processes sharing a file apart). A log that cannot be written is
// dropped; the requests go on.
int open_log(const Options& o) {
    if (o.log_file.empty()) return STDERR_FILENO;
    const int fd = ::open(o.log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) fail("cannot open log file " + o.log_file + ": " + std::strerror(errno));
    return fd;
}

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

int serve(const Options& o) {
    settle_heap();
    const auto tools = enabled_tools(o);
    // A location that cannot work is refused now, not at the first tool call (which a client
    // shows as a dropped connection). Nothing is created: a server/discover probe leaves no file.
    try {
        office::check_database_location(o.db);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    const int log_fd = open_log(o);
    // A client may hand us a stderr pipe it never reads. Once that pipe is full a log line is
    // dropped rather than written, so the log can never stall the protocol.
    struct stat log_stat {};
    const bool log_is_pipe = fstat(log_fd, &log_stat) == 0 && (S_ISFIFO(log_stat.st_mode) || S_ISSOCK(log_stat.st_mode));
    // A log file gets a round's lines in one write, just before the round's replies: whole
    // lines still (O_APPEND keeps them apart from other processes'), one system call instead of
    // one per request. A pipe keeps one write per line, each only when the pipe has room.
    std::string pending_log;
    const auto flush_log = [&] {
        if (pending_log.empty()) return;
        write_all(pending_log, log_fd);
        pending_log.clear();
    };
    office::Logger logger(o.log_level, [&](std::string_view line) {
        if (!log_is_pipe) {
            pending_log.append(line);
            if (pending_log.size() >= kMaxPendingLog) flush_log();
            return;
        }
        pollfd ready{log_fd, POLLOUT, 0};
        if (log_is_pipe && (::poll(&ready, 1, 0) != 1 || !(ready.revents & POLLOUT))) return;
        write_all(line, log_fd);
    });
    // Start and stop lines both say which server, on which database, served what.
    const auto identity = [&] {
        nlohmann::ordered_json line;
        line["version"] = office::server_version();
        line["db"] = absolute(o.db);
        line["profile"] = o.profile;
        line["pid"] = static_cast<long long>(::getpid());
        return line;
    };
    {
        auto start = identity();
        start["tools"] = nlohmann::ordered_json::array();
        for (const auto& tool : office::office_tools()) {
            if (tools.empty() || std::find(tools.begin(), tools.end(), tool.name) != tools.end())
                start["tools"].push_back(tool.name);
        }
        start["log_level"] = office::log_level_name(o.log_level);
        start["durability"] = o.durability == office::Durability::Power ? "power" : "process";
        logger.event(office::LogLevel::Info, "start", start);
        flush_log();
    }
    // The last line of every run: why it ended and with which status.
    const auto stop = [&](const std::string& reason, int status, const std::string& problem = {}) {
        auto line = identity();
        line["reason"] = reason;
        line["exit_code"] = status;
        if (!problem.empty()) line["problem"] = problem;
        logger.event(status == 0 ? office::LogLevel::Info : office::LogLevel::Error, "stop", line);
        flush_log();
        // A client that shows stderr should still see why we stopped when the log is a file.
        if (!problem.empty() && log_fd != STDERR_FILENO) std::fprintf(stderr, "office-mcp: %s\n", problem.c_str());
        return status;
    };

    office::ConnectionOptions options;
    options.tools = tools;
    options.open_store = [&] { return office::open_office_store(o.db, o.durability); };
    options.open_sealer = [&] { return std::make_unique<office::StateSealer>(office::load_state_keys(o.db), o.state_ttl); };
    options.logger = &logger;
    options.max_line = kMaxLine;
    office::Connection connection(std::move(options));

    std::vector<char> buffer(64 * 1024);
    std::string reason = "end of input";
    bool at_end = false;  // EOF or a read error: after this round's replies, stop
    // One read() into the buffer: how many bytes, 0 at the end of input (or a read error).
    const auto read_input = [&]() -> std::size_t {
        for (;;) {
            const auto n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
            if (n > 0) return static_cast<std::size_t>(n);
            if (n < 0 && errno == EINTR && !g_stop) continue;
            if (n < 0) reason = std::string("read error: ") + std::strerror(errno);
            at_end = true;
            return 0;
        }
    };
    while (!g_stop && !at_end) {
        const std::size_t n = read_input();
        // A round is every line waiting now: several in this read, or more input already
        // behind it (a client that writes each message with its own write() still sends
        // bursts). Their writes commit together (one sync), and their replies leave after that
        // (core/connection.h). With a write in the round, further waiting input joins it, for
        // at most kMaxReadsPerCommit reads (a client that never pauses still gets answers).
        const std::string_view chunk(buffer.data(), n);
        connection.begin_round(n > 0 && (std::count(chunk.begin(), chunk.end(), '\n') > 1 || input_waiting()));
        connection.feed(chunk);
        for (int reads = 1; connection.wants_more() && reads < kMaxReadsPerCommit && !g_stop && input_waiting(); ++reads) {
            const std::size_t more = read_input();
            if (more == 0) break;
            connection.feed(std::string_view(buffer.data(), more));
        }
        if (!connection.end_round(at_end && reason == "end of input")) return stop("database error", 2, connection.fatal());
        flush_log();
        if (!connection.replies().empty()) {
            if (!write_all(connection.replies())) {
                reason = "stdout closed";
                break;
            }
            connection.replies_sent();
        }
        if (!connection.fatal().empty()) return stop("database error", 2, connection.fatal());
    }
    if (g_stop) reason = g_stop == SIGTERM ? "signal SIGTERM" : g_stop == SIGINT ? "signal SIGINT" : "signal";
    connection.close();
    flush_log();
    if (!connection.replies().empty()) write_all(connection.replies());
    if (!connection.fatal().empty()) return stop("database error", 2, connection.fatal());
    return stop(reason, 0);
}

// office-mcp log tail [FILE]: the log as a person reads it.
int run_log_command(const Options& o) {
    if (o.command.size() < 2 || o.command[1] != "tail") fail("log needs tail (office-mcp log tail [FILE])");
    const std::string path = o.command.size() > 2 ? o.command[2] : o.log_file;
    std::ifstream file;
    if (!path.empty() && path != "-") {
        file.open(path);
        if (!file) fail("cannot read log file " + path + ": " + std::strerror(errno));
    }
    std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::fputs(office::pretty_log_line(line).c_str(), stdout);
        std::fputc('\n', stdout);
    }
    return 0;
}

// office-mcp audit: the trail as a table, oldest first.
int run_audit_command(const Options& o) {
    if (o.command.size() > 1) fail("audit takes options only (--since, --invoice, --slot, --db)");
    if (!std::filesystem::exists(o.db)) fail("database " + absolute(o.db) + " does not exist: nothing was written yet");
    std::vector<office::AuditEntry> entries;
    try {
        auto store = office::open_office_store(o.db);  // brings an older file forward first
        entries = store->read_audit(o.audit);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    std::fputs(office::audit_table(entries, o.audit.since || o.audit.invoice || o.audit.slot).c_str(), stdout);
    return 0;
}

// office-mcp approvals list | reopen N: the approval queue outside any session.
int run_approvals_command(const Options& o) {
    const std::string what = o.command.size() > 1 ? o.command[1] : "";
    const bool list = what == "list" && o.command.size() == 2;
    const bool reopen = what == "reopen" && o.command.size() == 3;
    if (!list && !reopen) fail("approvals needs list or reopen N (office-mcp approvals reopen 3)");
    if (!std::filesystem::exists(o.db)) fail("database " + absolute(o.db) + " does not exist: nothing was queued yet");
    try {
        auto store = office::open_office_store(o.db);  // brings an older file forward first
        if (reopen) {
            const auto id = positive_number("approvals reopen", o.command[2]);
            const auto outcome =
                office::reopen_approval_request(*store, id, "office-mcp", std::string(office::server_version()),
                                                office::utc_now());
            std::fprintf(outcome.ok ? stdout : stderr, "%s%s\n", outcome.ok ? "" : "office-mcp: ", outcome.sentence.c_str());
            return outcome.ok ? 0 : 1;
        }
        std::fputs(office::approvals_table(store->approval_requests()).c_str(), stdout);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
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

    if (const auto status = office::token_command(argc, argv)) return *status;  // its own options (--tokens)
    const auto options = parse_options(argc, argv);
    if (!options.command.empty()) {
        if (options.command[0] == "db") return run_db_command(options);
        if (options.command[0] == "config") return run_config_command(options);
        if (options.command[0] == "log") return run_log_command(options);
        if (options.command[0] == "audit") return run_audit_command(options);
        if (options.command[0] == "approvals") return run_approvals_command(options);
        fail("unknown command " + options.command[0] + " (see --help)");
    }
    return serve(options);
}
