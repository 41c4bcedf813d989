#include "commands.h"

#include "approvals.h"
#include "audit.h"
#include "backup_command.h"
#include "clock.h"
#include "platform.h"
#include "records_command.h"
#include "session.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace {

constexpr const char* kUsage = R"(office-mcp: a small office (customers, appointments, invoices, refunds, lunch) served to
AI assistants over the Model Context Protocol on stdin/stdout.

Usage:
  office-mcp [options]                  serve MCP on stdin/stdout (what AI clients launch)
  office-mcp db init [--demo|--empty]   create the office: the demo (the default, what a new database
                                        gets on first use) or an empty one for your own records
  office-mcp db reset [--demo|--empty]  replace the office (everything in it is lost) / db path
  office-mcp customers list [--query TEXT] | add --name NAME --email EMAIL
                                        | edit ID [--name NAME] [--email EMAIL] | remove ID
                                        | import FILE.csv [--dry-run] [--update] | export [FILE.csv]
                                        keep the office's customers (import: one transaction, the
                                        CSV your spreadsheet or address book writes; an email that
                                        is already a customer's is skipped, or renamed with --update)
  office-mcp invoices list [--customer ID] | add --customer ID --amount 1234.56 [--status open|paid]
                                        | pay ID
  office-mcp menu list | add NAME [--price 4.50] | remove NAME
                                        the lunch menu order_lunch offers (empty: not offered)
  office-mcp office set [--time-zone ZONE] [--name NAME] [--horizon DAYS] | office show
                                        the office's IANA zone (all its times are local to it),
                                        name, and how many days ahead it takes bookings
  office-mcp hours set DAYS RANGES [--slot MINUTES] | closed DATE[..DATE] [--reason TEXT]
                                        | open DATE | show
                                        opening hours make the free slots (hours set mon-fri
                                        09:00-13:00,15:00-18:00 --slot 30; hours set sun closed)
  office-mcp calendar export [FILE.ics] the bookings as iCalendar (the office's zone, one event
                                        per booking), for a calendar app; also GET /calendar.ics
  office-mcp backup FILE [--force]      a consistent copy of the office in FILE while servers keep
                                        writing (one snapshot, synced to disk, mode 0600), with its
                                        key and tokens files as FILE.key and FILE.tokens; checked as
                                        restore checks it; prints its rows per table, size, schema
                                        and last audit id. An existing FILE only with --force. A
                                        PostgreSQL office is backed up into the same kind of file
  office-mcp backup --dir DIR [--keep N]  the same as DIR/office-TIME.db; --keep: the newest N stay
  office-mcp restore FILE [--check] [--force]
                                        check FILE (an office, a schema this build knows, SQLite's
                                        integrity and foreign key checks, every invoice's refunds
                                        adding up; --check: only that), then put it in place of the
                                        office in one rename (PostgreSQL: one transaction); the old
                                        one is kept as DATABASE.before-restore-TIME. Refused while
                                        a process has a SQLite office open; --force replaces it
                                        anyway: a stdio server serves the restored office from its
                                        next request, an HTTP server exits 75 to be restarted
  office-mcp export DIR                 the whole office as files: a CSV per table, audit.jsonl,
                                        calendar.ics and manifest.json (SHA-256 of each)
  office-mcp import DIR                 an export back into an empty office, ids included
  office-mcp config CLIENT              print a ready-to-paste configuration for CLIENT:
                                        claude-desktop, claude-code, vscode or cursor (it carries
                                        every serving option given: --db, --profile, --tools, ...)
  office-mcp log tail [FILE]            print a log file for people (default: --log-file, else stdin)
  office-mcp audit [--since YYYY-MM-DD] [--invoice N] [--slot N] [--trace ID]
                                        list the audit trail: every write, its client, era, time
                                        and trace id (--trace: the writes of one trace)
  office-mcp approvals list             list the refund approval requests office-desk clears
  office-mcp approvals reopen N         make declined approval request N wait for a person again
  office-mcp token add NAME [--profile P] [--approver] [--admin]
                                        make a bearer token for HTTP caller NAME, limited to profile P
                                        (default all); printed once, only its hash is stored.
                                        --approver: NAME may approve refunds (receive the form);
                                        --admin: NAME may keep customers, invoices and the menu
  office-mcp token list | revoke NAME   list the tokens (name, profile, approver, created) / remove
                                        one (token commands take --tokens FILE; default: the file
                                        DATABASE.tokens beside the database, mode 0600)
  office-mcp --http [HOST:]PORT          serve MCP over Streamable HTTP at http://HOST:PORT/mcp
                                        (HOST defaults to 127.0.0.1; PORT 0 picks a free one;
                                        https:// with --tls-cert and --tls-key), with health
                                        checks at /healthz (serving) and /readyz (serving and its
                                        database answers), 200 or 503, no token needed
  office-mcp --help | --version

Options:
  --db PATH              the SQLite database (default: $OFFICE_MCP_DB, else
                         $XDG_DATA_HOME/office-mcp/office.db, else ~/.local/share/office-mcp/office.db),
                         or a PostgreSQL office as a libpq URI: postgresql://USER@HOST/DB, or
                         postgresql:///DB?host=/socket/dir (served by office-mcp-pg only)
  --profile NAME         which tools to serve: all (default), scheduling, billing, lunch
  --tools a,b,c          serve exactly these tools
  --admin                serve the admin tools too (edit_customer, add_invoice, add_menu_item, ...):
                         for the office's people (office-desk starts its office-mcp so), never an agent
  --state-ttl SECONDS    how long a refund form stays answerable (default 600; env OFFICE_MCP_STATE_TTL)
  --task-ttl SECONDS     how long a refund followed as a task is kept (default 604800, a week)
  --rate-limit TOOL=N/PERIOD
                         at most N calls of TOOL per s, m or h by each caller (TOOL * for every
                         tool; repeatable); past it: HTTP 429 + Retry-After, on stdio an error result
  --locale LANG          the language of what a person reads (the refund form, the approval queue's
                         outcomes): en (default), es or zh_CN; the model's texts stay English
  --log-level LEVEL      error, warn, info (default: one line per request) or debug (adds arguments)
  --log-file PATH        append the log to PATH instead of stderr
  --durability MODE      when a write is acknowledged (env OFFICE_MCP_DURABILITY):
                         power (default): after it is flushed to the disk; survives a crash,
                           kill -9, a power cut or a kernel panic (on a disk that honours flushes)
                         process: once the kernel has it; survives a crash or kill -9, but a power
                           cut or kernel panic can lose the last acknowledged bookings, orders
                           and refunds. Faster; only for data you can afford to lose.

HTTP options:
  --tokens FILE          the tokens file (default: DATABASE.tokens, e.g. office.db.tokens); when it
                         has tokens, every request needs Authorization: Bearer TOKEN. It is re-read
                         when it changes: token add/revoke take effect at once
  --oauth-issuer URL     accept OAuth access tokens (JWTs) from this authorization server (its
                         issuer URL, exactly): the office serves its protected resource metadata
                         and the token's scopes (office:scheduling, office:billing, office:lunch,
                         office:all, office:approve) decide what the caller may do. Static tokens
                         keep working beside it
  --resource URL         this server's canonical URL, the audience tokens must name (default:
                         http(s)://HOST:PORT/mcp of --http; set it behind a proxy or a DNS name)
  --ca-file FILE         the CA certificates (PEM) the authorization server's must chain to, in
                         place of the system's (/etc/ssl; the Windows certificate store)
  --oauth-leeway S       seconds of clock difference allowed on a token's exp and nbf (default 60)
  --oauth-refetch S      the provider's keys are fetched again for a token naming an unknown key,
                         at most once per S seconds (default 30), and every hour anyway
  --allow-origin ORIGIN  a browser origin (scheme://host[:port]) allowed to call; loopback origins
                         pass when serving on a loopback address
  --request-timeout S    a request must arrive whole, and a response be taken, within S seconds;
                         an idle connection is closed after S seconds too (default 30)
  --max-connections N    open connections at most; more are answered 503 (default 8192, about
                         56 MiB if every one holds an open stream; the open-files limit is
                         raised to match, as far as the hard limit allows)
  --max-sessions N       2025 sessions kept at most; past it the least recently used idle one
                         ends, or a new one is refused 503 (default 1000)
  --drain-delay S        on SIGTERM, /readyz answers 503 at once and requests are served S seconds
                         more (each with Connection: close) before the listener closes (default 5;
                         longer than the balancer takes to see /readyz fail)
  --drain-timeout S      then the server waits for requests in hand and ends at most S seconds
                         after the SIGTERM (default 30). A second SIGTERM, or SIGINT, stops at once.
                         SIGHUP re-reads the tokens and the TLS files and reopens --log-file
  --tls-cert FILE        serve https: the certificate, PEM, followed by its chain (e.g. Let's
                         Encrypt's fullchain.pem); with --tls-key. TLS 1.2 or 1.3 only
  --tls-key FILE         its private key, PEM, not encrypted (e.g. privkey.pem). Both files are
                         read again on SIGHUP and when they change on disk: new connections get
                         the new certificate; files that cannot serve keep the old one
  --insecure-no-auth     serve a non-loopback address without tokens (anyone who reaches the port
                         can book, order and ask for refunds)
  --metrics-open         GET /metrics (Prometheus) without a token; by default it needs one
                         whenever /mcp does. It shows counts and timings, never ids or callers

Environment:
  OFFICE_MCP_STATE_KEYS  comma-separated hex keys (>= 32 bytes each) sealing requestState; the first
                         seals, all open. Default: a key file created beside the database.
)";

std::string self_path() {
    const std::string path = office::platform::executable_path();
    return path.empty() ? "office-mcp" : path;
}

int run_db_command(const Options& o) {
    const std::string what = o.command.size() > 1 ? o.command[1] : "";
    if (what == "path") {
        std::printf("%s\n", office::office_display_name(o.db).c_str());
        return 0;
    }
    if (what != "init" && what != "reset") fail("db needs init, reset or path");
    const auto kind = o.records.kind;
    const char* kind_name = kind == office::OfficeKind::Empty ? "an empty office" : "the demo office";
    try {
        if (what == "reset") office::reset_office(o.db, kind.value_or(office::OfficeKind::Demo));
        else if (kind) office::create_office(o.db, *kind);
        else office::open_office_store_for(o.db);  // as on first use: the demo when it is new
        const std::string name = office::office_display_name(o.db);
        if (what == "reset") std::fprintf(stderr, "office-mcp: database %s is reset: %s\n", name.c_str(), kind_name);
        else if (kind) std::fprintf(stderr, "office-mcp: database %s is %s\n", name.c_str(), kind_name);
        else std::fprintf(stderr, "office-mcp: database %s is ready\n", name.c_str());
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

// The serving options given, as arguments for the pasted configuration. Paths absolute: the
// client that launches the server runs it from anywhere.
std::vector<std::string> serving_args(const Options& o) {
    std::vector<std::string> args = {"--db", office::is_postgres_uri(o.db) ? o.db : absolute(o.db)};
    if (!o.given.profile.empty()) args.insert(args.end(), {"--profile", o.given.profile});
    if (!o.given.tools.empty()) args.insert(args.end(), {"--tools", o.given.tools});
    if (!o.given.state_ttl.empty()) args.insert(args.end(), {"--state-ttl", std::to_string(o.state_ttl)});
    if (!o.given.task_ttl.empty()) args.insert(args.end(), {"--task-ttl", std::to_string(o.task_ttl)});
    for (const auto& rule : o.rate_limits) args.insert(args.end(), {"--rate-limit", rule.text});
    if (!o.given.log_level.empty()) args.insert(args.end(), {"--log-level", o.given.log_level});
    if (!o.given.locale.empty()) args.insert(args.end(), {"--locale", office::locale_code(o.locale)});
    if (!o.log_file.empty()) args.insert(args.end(), {"--log-file", absolute(o.log_file)});
    if (o.durability == office::Durability::Process) args.insert(args.end(), {"--durability", "process"});
    return args;
}

int run_config_command(const Options& o) {
    const std::string client = o.command.size() > 1 ? o.command[1] : "";
    enabled_tools(o);  // a profile or tool that does not exist is refused here, not in the client
    const auto exe = self_path();
    const office::json args = serving_args(o);
    office::json server{{"command", exe}, {"args", args}};
    if (client == "claude-desktop" || client == "cursor") {
        std::printf("%s\n", office::json{{"mcpServers", {{"office", server}}}}.dump(2).c_str());
        // Where it goes, on stderr so that stdout stays the JSON alone (Windows: %APPDATA%\Claude;
        // Linux builds of Claude Desktop use ~/.config/Claude; macOS's is ~/Library/Application Support/Claude).
        if (const std::string config = office::platform::user_config_directory(); client == "claude-desktop" && !config.empty())
            std::fprintf(stderr, "office-mcp: merge this into %s\n",
                         (office::platform::u8path(config) / "Claude" / "claude_desktop_config.json").string().c_str());
    } else if (client == "vscode") {
        server["type"] = "stdio";
        std::printf("%s\n", office::json{{"servers", {{"office", server}}}}.dump(2).c_str());
    } else if (client == "claude-code") {
        std::string line = "claude mcp add office -- " + shell_quoted(exe);
        for (const auto& a : serving_args(o)) line += " " + shell_quoted(a);
        std::printf("%s\n", line.c_str());
    } else {
        fail("config needs one of claude-desktop, claude-code, vscode, cursor");
    }
    return 0;
}

// office-mcp log tail [FILE]: the log as a person reads it.
int run_log_command(const Options& o) {
    if (o.command.size() < 2 || o.command[1] != "tail") fail("log needs tail (office-mcp log tail [FILE])");
    const std::string path = o.command.size() > 2 ? o.command[2] : o.log_file;
    std::ifstream file;
    if (!path.empty() && path != "-") {
        file.open(office::platform::u8path(path));
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
    if (o.command.size() > 1) fail("audit takes options only (--since, --invoice, --slot, --trace, --db)");
    if (!office::is_postgres_uri(o.db) && !std::filesystem::exists(office::platform::u8path(o.db)))
        fail("database " + absolute(o.db) + " does not exist: nothing was written yet");
    std::vector<office::AuditEntry> entries;
    try {
        auto store = office::open_office_store_for(o.db);  // brings an older file forward first
        entries = store->read_audit(o.audit);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    std::fputs(office::audit_table(entries, o.audit.since || o.audit.invoice || o.audit.slot || o.audit.trace).c_str(), stdout);
    return 0;
}

// office-mcp approvals list | reopen N: the approval queue outside any session.
int run_approvals_command(const Options& o) {
    const std::string what = o.command.size() > 1 ? o.command[1] : "";
    const bool list = what == "list" && o.command.size() == 2;
    const bool reopen = what == "reopen" && o.command.size() == 3;
    if (!list && !reopen) fail("approvals needs list or reopen N (office-mcp approvals reopen 3)");
    if (!office::is_postgres_uri(o.db) && !std::filesystem::exists(office::platform::u8path(o.db)))
        fail("database " + absolute(o.db) + " does not exist: nothing was queued yet");
    try {
        auto store = office::open_office_store_for(o.db);  // brings an older file forward first
        if (reopen) {
            const auto id = positive_number("approvals reopen", o.command[2]);
            const auto outcome =
                office::reopen_approval_request(*store, id, "office-mcp", std::string(office::server_version()),
                                                office::utc_now(), o.locale);
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

const char* usage_text() { return kUsage; }

std::optional<int> run_command(const Options& o) {
    if (o.command.empty()) return std::nullopt;
    const auto& name = o.command[0];
    if (name == "db") return run_db_command(o);
    if (name == "config") return run_config_command(o);
    if (name == "log") return run_log_command(o);
    if (name == "audit") return run_audit_command(o);
    if (name == "approvals") return run_approvals_command(o);
    if (const auto status = run_records_command(o)) return status;
    if (const auto status = run_backup_command(o)) return status;
    fail("unknown command " + name + " (see --help)");
}
