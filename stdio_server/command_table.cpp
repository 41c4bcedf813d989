// The console's table: every flag and every command office-mcp takes (command_line.h says how
// it is read). The man page's SYNOPSIS, COMMANDS and OPTIONS, --help and `help COMMAND` are
// written from what is here: change a command's help here, never in packaging/office-mcp.1.in.

#include "command_line.h"

#include "backup_command.h"
#include "commands.h"
#include "records_command.h"
#include "token_command.h"
#include "schema_validator.h"
#include "trace.h"

using Kind = Flag::Kind;

const std::vector<Flag>& flags() {
    static const std::vector<Flag> table = {
        // ---- every command ----------------------------------------------------------------------
        {"--db", "PATH", Kind::Global,
         "the SQLite database (default: $OFFICE_MCP_DB, else $XDG_DATA_HOME/office-mcp/office.db, else "
         "~/.local/share/office-mcp/office.db), or a PostgreSQL office as a libpq URI: postgresql://USER@HOST/DB, or "
         "postgresql:///DB?host=/socket/dir (served by office-mcp-pg only)",
         R"(The SQLite database, or a PostgreSQL office given as a libpq URI
(\fIpostgresql://user@host/office\fR, or \fIpostgresql:///office?host=/run/postgresql\fR for a Unix
socket); a URI is served by \fBoffice-mcp-pg\fR only (the static \fBoffice-mcp\fR has no PostgreSQL
client and says so). Default: \fB$OFFICE_MCP_DB\fR, else \fI$XDG_DATA_HOME/office-mcp/office.db\fR,
else \fI~/.local/share/office-mcp/office.db\fR (on Windows, \fI%LOCALAPPDATA%\eoffice-mcp\eoffice.db\fR).)",
         [](Options& o, const std::string& v) { o.db = v; }},
        {"--durability", "MODE", Kind::Global,
         "when a write is acknowledged (env OFFICE_MCP_DURABILITY): power (default): after it is flushed to the disk; "
         "survives a crash, kill -9, a power cut or a kernel panic (on a disk that honours flushes). process: once the "
         "kernel has it; survives a crash or kill -9, but a power cut or kernel panic can lose the last acknowledged "
         "bookings, orders and refunds. Faster; only for data you can afford to lose.",
         R"(What an acknowledged write survives. \fBpower\fR (the default): every
write is on stable storage (fsynced) before its reply leaves, so it survives a crash of the process, of
the system and a power cut, as far as the disk honours flushes. \fBprocess\fR skips the sync: a write
survives a crash of \fBoffice-mcp\fR but may be lost in a power cut or a system crash.)",
         [](Options& o, const std::string& v) { o.durability = durability_named(v); }},

        // ---- serving, over stdio or HTTP --------------------------------------------------------
        {"--profile", "NAME", Kind::Serving, "which tools to serve: all (default), scheduling, billing, lunch",
         R"(Which tools to serve: \fBall\fR (the default), \fBscheduling\fR
(\fBfind_customer\fR, \fBlist_availability\fR, \fBbook_slot\fR), \fBbilling\fR (\fBfind_customer\fR,
\fBopen_invoices\fR, \fBissue_refund\fR) or \fBlunch\fR (\fBorder_lunch\fR). A tool left out is neither
listed nor callable. With \fBtoken add\fR: the tools the token is limited to.)",
         [](Options& o, const std::string& v) { o.profile = o.given.profile = v; }},
        {"--tools", "a,b,c", Kind::Serving, "serve exactly these tools",
         R"(Serve exactly these tools.)",
         [](Options& o, const std::string& v) { o.tools = split_commas(o.given.tools = v); }},
        {"--admin", "", Kind::Serving,
         "serve the admin tools too (edit_customer, add_invoice, add_menu_item, ...): for the office's people "
         "(office-desk starts its office-mcp so), never an agent",
         R"(Serve the admin tools too (\fBedit_customer\fR, \fBremove_customer\fR,
\fBadd_invoice\fR, \fBpay_invoice\fR, \fBadd_menu_item\fR, \fBremove_menu_item\fR, \fBset_office\fR,
\fBset_hours\fR, \fBclose_days\fR, \fBopen_day\fR), for the office's people: \fBoffice-desk\fR starts
its own \fBoffice-mcp\fR so. Never given to an AI client (\fBconfig\fR does not write it). Over HTTP the
admin right is a token's (\fBtoken add \fIname\fB --admin\fR) or the OAuth scope \fBoffice:admin\fR.)",
         [](Options& o, const std::string&) { o.admin = true; }},
        {"--state-ttl", "SECONDS", Kind::Serving, "how long a refund form stays answerable (default 600; env OFFICE_MCP_STATE_TTL)",
         R"(How long a refund form stays answerable by a 2026-07-28 client (default
600).)",
         [](Options& o, const std::string& v) { o.state_ttl = std::atoll((o.given.state_ttl = v).c_str()); }},
        {"--task-ttl", "SECONDS", Kind::Serving, "how long a refund followed as a task is kept (default 604800, a week)",
         R"(How long a refund followed as a task is kept (default 604800, a week; at
most a year). After that \fBtasks/get\fR says it has expired; a request nobody decided still waits in
\fBoffice-desk\fR.)",
         [](Options& o, const std::string& v) { o.task_ttl = std::atoll((o.given.task_ttl = v).c_str()); }},
        {"--rate-limit", "TOOL=N/PERIOD", Kind::Serving,
         "at most N calls of TOOL per s, m or h by each caller (TOOL * for every tool; repeatable); past it: HTTP 429 + "
         "Retry-After, on stdio an error result",
         R"(At most \fIn\fR calls of \fItool\fR by each caller (the token's name,
else the client's) at once and per \fIperiod\fR (\fBs\fR, \fBm\fR or \fBh\fR); \fB*\fR names every tool
without a rule of its own. Repeatable. A call past it does nothing: over HTTP it is answered 429 with
\fBRetry-After\fR and a JSON-RPC error, over stdio with an error result saying when to try again. Each
process keeps its own counts.)",
         [](Options& o, const std::string& v) {
             std::string problem;
             const auto rule = office::parse_rate_rule(v, problem);
             if (!rule) fail(problem);
             o.rate_limits.push_back(*rule);
         }},
        {"--locale", "LANG", Kind::Serving,
         "the language of what a person reads (the refund form, the approval queue's outcomes): en (default), es or "
         "zh_CN; the model's texts stay English",
         R"(The language (\fBen\fR, \fBes\fR or \fBzh_CN\fR) of the texts a person
reads: the refund form's message, field titles and descriptions, and the sentences of
\fBapprovals reopen\fR. Default \fBen\fR. Tool descriptions, results and errors, which the model reads,
stay English.)",
         [](Options& o, const std::string& v) { o.locale = locale_option(o.given.locale = v); }},
        {"--log-level", "LEVEL", Kind::Serving, "error, warn, info (default: one line per request) or debug (adds arguments)",
         R"(Keep the log lines at or above \fIlevel\fR: \fBerror\fR (requests that
failed on the server's side), \fBwarn\fR (also refused calls and protocol errors), \fBinfo\fR (the
default: also one line per request, and start and stop) or \fBdebug\fR (also notifications, and the
arguments of each tool call). Request states, a person's answers and keys are never logged.)",
         [](Options& o, const std::string& v) {
             const auto parsed = office::parse_log_level(o.given.log_level = v);
             if (!parsed) fail("unknown log level " + v + " (error, warn, info or debug)");
             o.log_level = *parsed;
         }},
        {"--log-file", "PATH", Kind::Serving, "append the log to PATH instead of stderr",
         R"(Append the log to \fIpath\fR (created with mode 0600) instead of standard
error. \fBlog tail\fR prints it when given no \fIfile\fR.)",
         [](Options& o, const std::string& v) { o.log_file = v; }},

        // ---- the HTTP server ----------------------------------------------------------------------
        {"--http", "[HOST:]PORT", Kind::Http,
         "serve MCP over Streamable HTTP at http://HOST:PORT/mcp (HOST defaults to 127.0.0.1; PORT 0 picks a free one; "
         "https:// with --tls-cert and --tls-key), with health checks at /healthz (serving) and /readyz (serving and its "
         "database answers), 200 or 503, no token needed",
         R"(Serve MCP over Streamable HTTP at
\fBhttp://\fR\fIhost\fR\fB:\fR\fIport\fR\fB/mcp\fR (\fBhttps://\fR with \fB--tls-cert\fR) instead of
standard input and output (host defaults to 127.0.0.1; \fBlocalhost\fR is 127.0.0.1; port 0 picks a
free one, named on standard error). 2026-07-28 clients are served statelessly; older clients get a
session (\fBMcp-Session-Id\fR). When the tokens file has tokens, every request needs
\fBAuthorization: Bearer \fR\fItoken\fR; the file is re-read when it changes. A non-loopback address is
refused without tokens, and served without TLS only with a warning in the log: tokens would cross the
network in clear. Health checks, answered without a token and revealing nothing of the office:
\fBGET /healthz\fR is 200 while the process serves; \fBGET /readyz\fR is 200 while its database answers
a query and it is not draining, else 503. Each body is one line of JSON naming the state
(\fBserving\fR, \fBready\fR, \fBdraining\fR, \fBdatabase unavailable\fR). A call that meets an
unavailable database (PostgreSQL down, a SQLite file that cannot be written) is answered 503 with
\fBRetry-After\fR and the JSON-RPC error. \fBSIGTERM\fR drains (see \fB--drain-delay\fR), \fBSIGINT\fR
stops at once, \fBSIGHUP\fR re-reads the tokens file and the TLS files and reopens the
\fB--log-file\fR (for logrotate). Under systemd with \fBType=notify\fR it says READY, RELOADING and
STOPPING, and pings the watchdog when one is set.)",
         [](Options& o, const std::string& v) { o.http = v; }},
        {"--tokens", "FILE", Kind::Http,
         "the tokens file (default: DATABASE.tokens, e.g. office.db.tokens); when it has tokens, every request needs "
         "Authorization: Bearer TOKEN. It is re-read when it changes: token add/revoke take effect at once",
         R"((HTTP, the token commands, backup and restore) The tokens file. Default:
the database's path with \fI.tokens\fR added (\fIoffice.db.tokens\fR). An office made before this name
keeps reading \fIoffice-mcp.tokens\fR in its directory until it has a file of its own.)",
         [](Options& o, const std::string& v) { o.tokens_file = v; }},
        {"--oauth-issuer", "URL", Kind::Http,
         "accept OAuth access tokens (JWTs) from this authorization server (its issuer URL, exactly): the office serves "
         "its protected resource metadata and the token's scopes (office:scheduling, office:billing, office:lunch, "
         "office:all, office:approve) decide what the caller may do. Static tokens keep working beside it",
         R"((HTTP) Accept OAuth 2.1 access tokens from this authorization server
(its issuer URL, compared exactly; https://, or http:// on this machine only). The server serves its
protected resource metadata (RFC 9728) at \fB/.well-known/oauth-protected-resource/mcp\fR and names it
in every 401; access tokens are JWTs checked against the issuer's keys, found through its metadata
(RFC 8414, else OpenID Connect discovery) over HTTPS with the system's CAs (on Linux OpenSSL's, or
\fBSSL_CERT_FILE\fR; on Windows the certificate store's trusted roots) or \fB--ca-file\fR's: RS256,
PS256, ES256 or EdDSA only, the issuer exact, the audience this server's URL (\fB--resource\fR), not
expired. The scopes say what the caller may do: \fBoffice:scheduling\fR, \fBoffice:billing\fR,
\fBoffice:lunch\fR (the profiles of the same names), \fBoffice:all\fR (every tool) and
\fBoffice:approve\fR (the approver right, as \fBtoken add --approver\fR). A call no scope allows is
answered 403 with \fBerror="insufficient_scope"\fR naming the scope it needs. The token's \fBsub\fR is
the principal in the log and the audit, its \fBpreferred_username\fR (or email) the name shown. Static
tokens keep working beside it.)",
         [](Options& o, const std::string& v) { o.oauth_issuer = v; }},
        {"--resource", "URL", Kind::Http,
         "this server's canonical URL, the audience tokens must name (default: http(s)://HOST:PORT/mcp of --http; set it "
         "behind a proxy or a DNS name)",
         R"((HTTP, with \fB--oauth-issuer\fR) This server's canonical URL, the
audience every access token must name (RFC 8707). Default: the URL it serves,
http(s)://host:port/mcp; give the public one behind a proxy or a DNS name.)",
         [](Options& o, const std::string& v) { o.resource = v; }},
        {"--ca-file", "FILE", Kind::Http,
         "the CA certificates (PEM) the authorization server's must chain to, in place of the system's (/etc/ssl; the "
         "Windows certificate store)",
         R"((HTTP, with \fB--oauth-issuer\fR) The CA certificates (PEM) the
authorization server's certificate must chain to, trusted in place of the system's: a private CA, or
a provider the system does not know.)",
         [](Options& o, const std::string& v) { o.ca_file = v; }},
        {"--oauth-leeway", "S", Kind::Http, "seconds of clock difference allowed on a token's exp and nbf (default 60)",
         R"(Clock difference allowed on a token's expiry and not-before times
(default 60).)",
         [](Options& o, const std::string& v) { o.oauth_leeway = milliseconds_of("--oauth-leeway", v) / 1000; }},
        {"--oauth-refetch", "S", Kind::Http,
         "the provider's keys are fetched again for a token naming an unknown key, at most once per S seconds (default "
         "30), and every hour anyway",
         R"(The issuer's keys are fetched at start, for a token naming a key not
yet seen (a rotation), and hourly, but never more than once per this many seconds (default 30), so
tokens naming made-up keys cannot make the server fetch. A fetch waits at most 5 seconds.)",
         [](Options& o, const std::string& v) { o.oauth_refetch = milliseconds_of("--oauth-refetch", v) / 1000; }},
        {"--allow-origin", "ORIGIN", Kind::Http,
         "a browser origin (scheme://host[:port]) allowed to call; loopback origins pass when serving on a loopback address",
         R"((HTTP) A browser origin (\fIscheme\fR://\fIhost\fR[:\fIport\fR])
allowed to call; requests from any other Origin get 403. On a loopback address this machine's origins
pass too.)",
         [](Options& o, const std::string& v) { o.allowed_origins.push_back(v); }},
        {"--request-timeout", "S", Kind::Http,
         "a request must arrive whole, and a response be taken, within S seconds; an idle connection is closed after S "
         "seconds too (default 30)",
         R"((HTTP) A request must arrive whole, and a response be taken, within
this time; idle connections close after it (default 30).)",
         [](Options& o, const std::string& v) { o.request_timeout = positive_number("--request-timeout", v); }},
        {"--max-connections", "N", Kind::Http,
         "open connections at most; more are answered 503 (default 8192, about 56 MiB if every one holds an open stream; "
         "the open-files limit is raised to match, as far as the hard limit allows)",
         R"((HTTP) At most this many open connections; more are answered 503
(default 8192: about 56 MiB if every one holds an open stream, 25 MiB if all are idle keep-alive
connections). The soft limit on open files is raised to this many and 64 more, as far as the hard
limit allows; when that is short of it, the log says so at start (event \fBopen_files\fR).)",
         [](Options& o, const std::string& v) { o.max_connections = positive_number("--max-connections", v); }},
        {"--max-sessions", "N", Kind::Http,
         "2025 sessions kept at most; past it the least recently used idle one ends, or a new one is refused 503 (default 1000)",
         R"((HTTP) At most this many 2025 sessions (\fBMcp-Session-Id\fR); past it
the least recently used idle one ends to make room, or, when none is idle, a new one is answered 503
(default 1000).)",
         [](Options& o, const std::string& v) { o.max_sessions = positive_number("--max-sessions", v); }},
        {"--drain-delay", "S", Kind::Http,
         "on SIGTERM, /readyz answers 503 at once and requests are served S seconds more (each with Connection: close) "
         "before the listener closes (default 5; longer than the balancer takes to see /readyz fail)",
         R"((HTTP) On \fBSIGTERM\fR, \fB/readyz\fR answers 503 at once and requests
are still served for this long, each response with \fBConnection: close\fR, before the listener closes
(default 5; decimals allowed). Make it longer than the balancer takes to see a failed check (interval
times fall count).)",
         [](Options& o, const std::string& v) { o.drain_delay_ms = milliseconds_of("--drain-delay", v); }},
        {"--drain-timeout", "S", Kind::Http,
         "then the server waits for requests in hand and ends at most S seconds after the SIGTERM (default 30). A second "
         "SIGTERM, or SIGINT, stops at once. SIGHUP re-reads the tokens and the TLS files and reopens --log-file",
         R"((HTTP) After the delay, idle connections close, open streams get
their last events, and the requests in hand are answered; the process exits 0 once every connection
is done, at most this long after the \fBSIGTERM\fR (default 30). A second \fBSIGTERM\fR ends it at
once.)",
         [](Options& o, const std::string& v) { o.drain_timeout_ms = milliseconds_of("--drain-timeout", v); }},
        {"--tls-cert", "FILE", Kind::Http,
         "serve https: the certificate, PEM, followed by its chain (e.g. Let's Encrypt's fullchain.pem); with --tls-key. "
         "TLS 1.2 or 1.3 only",
         R"((HTTP) Serve \fBhttps://\fR without a proxy, with the certificate in
\fIfile\fR: PEM, the server's certificate followed by its chain (as Let's Encrypt's
\fIfullchain.pem\fR). Needs \fB--tls-key\fR. TLS 1.2 (ECDHE with AES-GCM or ChaCha20-Poly1305 only) or
TLS 1.3, no compression, no renegotiation, ALPN http/1.1. A client must finish its handshake within
\fB--request-timeout\fR; a plain HTTP request to the port gets no answer and its connection is closed.
Both files are read again on \fBSIGHUP\fR and when either changes on disk (looked at every second): new
connections get the new certificate, open ones keep theirs, and the listener never closes. Files that
cannot serve stop the server at start (exit status 2); at a renewal they keep the certificate served
before and log an error.)",
         [](Options& o, const std::string& v) { o.tls_cert = v; }},
        {"--tls-key", "FILE", Kind::Http,
         "its private key, PEM, not encrypted (e.g. privkey.pem). Both files are read again on SIGHUP and when they change "
         "on disk: new connections get the new certificate; files that cannot serve keep the old one",
         R"((HTTP) The private key of \fB--tls-cert\fR: PEM, not encrypted (as Let's
Encrypt's \fIprivkey.pem\fR). Keep it readable by the server's user only.)",
         [](Options& o, const std::string& v) { o.tls_key = v; }},
        {"--insecure-no-auth", "", Kind::Http,
         "serve a non-loopback address without tokens (anyone who reaches the port can book, order and ask for refunds)",
         R"((HTTP) Serve a non-loopback address without tokens: anyone who
reaches the port can book, order and ask for refunds.)",
         [](Options& o, const std::string&) { o.insecure_no_auth = true; }},
        {"--metrics-open", "", Kind::Http,
         "GET /metrics (Prometheus) without a token; by default it needs one whenever /mcp does. It shows counts and "
         "timings, never ids or callers",
         R"((HTTP) Answer \fBGET /metrics\fR (Prometheus text format: request
counts and durations by method, tool and outcome, HTTP statuses, group commits, open connections,
sessions and streams, the approval queue's depth) without a bearer token. By default it needs a valid
token whenever \fB/mcp\fR does. It never shows ids, callers or arguments.)",
         [](Options& o, const std::string&) { o.metrics_open = true; }},

        // ---- the commands' own --------------------------------------------------------------------
        {"--demo", "", Kind::Command, "db init, db reset: the demo office (the default)",
         R"(\fBdb init\fR, \fBdb reset\fR: the demo office (three customers, invoices, six slots, the seed's
lunch menu), the default.)",
         [](Options& o, const std::string&) {
             if (o.records.kind == office::OfficeKind::Empty) fail("--demo and --empty: give one of them");
             o.records.kind = office::OfficeKind::Demo;
         }},
        {"--empty", "", Kind::Command, "db init, db reset: an empty office, for a business's own records",
         R"(\fBdb init\fR, \fBdb reset\fR: an empty office (the schema and keys, no customers, invoices,
slots, orders or menu items) for a business's own records, instead of the demo.)",
         [](Options& o, const std::string&) {
             if (o.records.kind == office::OfficeKind::Demo) fail("--demo and --empty: give one of them");
             o.records.kind = office::OfficeKind::Empty;
         }},
        {"--name", "NAME", Kind::Command, "customers add, edit: the customer's name; office set: the office's name",
         R"(\fBcustomers add\fR, \fBcustomers edit\fR: the customer's name, 1 to 100 characters without control
characters. \fBoffice set\fR: the office's name.)",
         [](Options& o, const std::string& v) { o.records.name = v; }},
        {"--email", "EMAIL", Kind::Command, "customers add, edit: the customer's email address",
         R"(\fBcustomers add\fR, \fBcustomers edit\fR: the customer's email, a plausible address that is not
already a customer's (compared case-insensitively).)",
         [](Options& o, const std::string& v) { o.records.email = v; }},
        {"--query", "TEXT", Kind::Command, "customers list: only those whose name or email contains TEXT",
         R"(\fBcustomers list\fR: print only the customers whose name or email contains \fItext\fR, a page of 50
and how many more match.)",
         [](Options& o, const std::string& v) { o.records.query = v; }},
        {"--dry-run", "", Kind::Command, "customers import: say what would happen and change nothing",
         R"(\fBcustomers import\fR: say what would happen and change nothing.)",
         [](Options& o, const std::string&) { o.records.dry_run = true; }},
        {"--update", "", Kind::Command, "customers import: a customer already there gets the file's name",
         R"(\fBcustomers import\fR: a row whose email is already a customer's gives that customer the file's
name, instead of being skipped and counted.)",
         [](Options& o, const std::string&) { o.records.update = true; }},
        {"--customer", "ID", Kind::Command, "invoices add: the invoice's customer; invoices list: only theirs",
         R"(\fBinvoices add\fR: the customer the invoice is for. \fBinvoices list\fR: print only that
customer's invoices.)",
         [](Options& o, const std::string& v) { o.records.customer = positive_number("--customer", v); }},
        {"--amount", "AMOUNT", Kind::Command, "invoices add: the amount as written, at most two decimals (1234.56)",
         R"(\fBinvoices add\fR: the invoice's amount as written, at most two decimals, exact cents
(\fB1234.56\fR); anything else is refused.)",
         [](Options& o, const std::string& v) { o.records.amount = v; }},
        {"--status", "STATUS", Kind::Command, "invoices add: open (the default) or paid",
         R"(\fBinvoices add\fR: the invoice's status, \fBopen\fR (the default) or \fBpaid\fR.)",
         [](Options& o, const std::string& v) { o.records.status = v; }},
        {"--price", "PRICE", Kind::Command, "menu add: the item's price (4.50), optional",
         R"(\fBmenu add\fR: the item's price (\fB4.50\fR); optional.)",
         [](Options& o, const std::string& v) { o.records.price = v; }},
        {"--time-zone", "ZONE", Kind::Command, "office set: the office's IANA time zone (Europe/Madrid)",
         R"(\fBoffice set\fR: the office's IANA time zone, checked against the system's tz database
(\fI/usr/share/zoneinfo\fR, or \fB$TZDIR\fR): \fBEurope/Madrid\fR, \fBAmerica/Mexico_City\fR,
\fBAsia/Shanghai\fR; an unknown zone is refused. Times of slots are the office's, in its zone.)",
         [](Options& o, const std::string& v) { o.records.time_zone = v; }},
        {"--horizon", "DAYS", Kind::Command, "office set: how many days ahead the office takes bookings (default 90)",
         R"(\fBoffice set\fR: how many days ahead the office takes bookings (default 90).)",
         [](Options& o, const std::string& v) { o.records.horizon = v; }},
        {"--slot", "N", Kind::Command, "hours set: the slots' length in minutes (default 30); audit: about slot N",
         R"(\fBhours set\fR: the length of the slots the hours make, in minutes (default 30).

\fBaudit\fR: keep the entries about slot \fIn\fR. With \fB--invoice\fR too, keep the entries about
either.)",
         [](Options& o, const std::string& v) { o.audit.slot = positive_number("--slot", v); }},
        {"--reason", "TEXT", Kind::Command, "hours closed: why the office is closed (a holiday)",
         R"(\fBhours closed\fR: why the office is closed on those days (a holiday, say).)",
         [](Options& o, const std::string& v) { o.records.reason = v; }},
        {"--force", "", Kind::Command, "backup: replace an existing FILE; restore: even while the office is open",
         R"(\fBbackup\fR: replace an existing \fIfile\fR. \fBrestore\fR: replace the office even while another
process (a server, \fBoffice-desk\fR) has it open: a stdio server that had it open serves the restored
office from its next request; an HTTP server stops within a second with exit status 75, for its
manager to start it again.)",
         [](Options& o, const std::string&) { o.force = true; }},
        {"--dir", "DIR", Kind::Command, "backup: write DIR/office-TIME.db instead of FILE",
         R"(\fBbackup\fR: instead of a file, write the backup as \fIdir\fR\fB/office-\fR\fItime\fR\fB.db\fR (the
directory made 0700 if needed).)",
         [](Options& o, const std::string& v) { o.backup.dir = v; }},
        {"--keep", "N", Kind::Command, "backup --dir: keep the newest N backups there, remove the rest",
         R"(\fBbackup --dir\fR: remove the backups there beyond the newest \fIn\fR, with their key and tokens
files.)",
         [](Options& o, const std::string& v) { o.backup.keep = positive_number("--keep", v); }},
        {"--check", "", Kind::Command, "restore: only check FILE and print what it holds; change nothing",
         R"(\fBrestore\fR: only make the checks and print what the file holds; nothing changes.)",
         [](Options& o, const std::string&) { o.backup.check = true; }},
        {"--since", "YYYY-MM-DD", Kind::Command, "audit: the entries from that day on (UTC)",
         R"(\fBaudit\fR: keep the entries from that day on (UTC).)",
         [](Options& o, const std::string& v) {
             if (!office::is_calendar_date(v)) fail("--since needs a day as YYYY-MM-DD");
             o.audit.since = v;
         }},
        {"--invoice", "N", Kind::Command, "audit: the entries about invoice N",
         R"(\fBaudit\fR: keep the entries about invoice \fIn\fR.)",
         [](Options& o, const std::string& v) { o.audit.invoice = positive_number("--invoice", v); }},
        {"--trace", "ID", Kind::Command, "audit: the entries written in trace ID",
         R"(\fBaudit\fR: keep the entries written in trace \fIid\fR (32 lowercase hex digits).)",
         [](Options& o, const std::string& v) {
             if (!office::parse_traceparent("00-" + v + "-0000000000000001-00"))
                 fail("--trace needs a trace id: 32 lowercase hex digits, as the log's trace_id");
             o.audit.trace = v;
         }},
        {"--approver", "", Kind::Command, "token add: the caller may approve refunds (is handed the refund form)",
         R"(\fBtoken add\fR: the caller may approve refunds: over HTTP only an approver is handed the refund
form (and so can settle a queued request); anyone else's refund waits in the approval queue. The OAuth
scope \fBoffice:approve\fR gives the same right.)",
         [](Options& o, const std::string&) { o.approver = true; }},
        {"--man-page", "TEMPLATE", Kind::Command, "help: print the man page made from TEMPLATE",
         R"(\fBhelp\fR: print the man page made from \fItemplate\fR, its SYNOPSIS, COMMANDS and OPTIONS written
from the commands and flags \fBoffice-mcp\fR takes. The build makes \fIoffice-mcp.1\fR so, from
\fIpackaging/office-mcp.1.in\fR.)",
         [](Options& o, const std::string& v) { o.man_template = v; }},
    };
    return table;
}

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"", "[options]", "serve MCP on stdin/stdout (what AI clients launch), or over HTTP with --http",
         R"(Serve MCP on standard input and output until the input ends or a signal (\fBSIGTERM\fR,
\fBSIGINT\fR, \fBSIGHUP\fR) arrives, or the client that started it exits.

With \fB--http\fR it serves MCP over Streamable HTTP instead: see \fB--http\fR and the other HTTP
options.)",
         nullptr},
        {"db init", "[--demo|--empty]",
         "create the office: the demo (the default, what a new database gets on first use) or an empty one for your own records",
         R"(Create the database and fill it with the demo office (three customers, invoices,
six slots, the seed's lunch menu), unless it exists.

With \fB--demo\fR or \fB--empty\fR, create a new office: the demo, or an empty one (the schema and
keys, no customers, invoices, slots, orders or menu items) for a business's own records. Refused,
changing nothing, when the database already holds an office.)",
         run_db_command},
        {"db reset", "[--demo|--empty]", "replace the office (everything in it is lost)",
         R"(Replace the office with the demo (the default) or an empty one; everything in it
is lost.)",
         run_db_command},
        {"db path", "", "print the database's path",
         R"(Print the database's absolute path (a PostgreSQL URI with its password masked).)",
         run_db_command},
        {"customers list", "[--query TEXT]", "the office's customers (--query: those whose name or email holds TEXT)",
         R"(Print the customers (with \fB--query\fR, those whose name or email contains
it, a page of 50 and how many more match).)",
         run_customers_command},
        {"customers add", "--name NAME --email EMAIL", "add a customer",
         R"(Add a customer: a name of 1 to 100 characters without control characters, a
plausible address that is not already a customer's (compared case-insensitively).)",
         run_customers_command},
        {"customers edit", "ID [--name NAME] [--email EMAIL]", "change a customer's name or email",
         R"(Change a customer's \fB--name\fR or \fB--email\fR.)",
         run_customers_command},
        {"customers remove", "ID", "remove a customer who has no invoices or bookings",
         R"(Remove a customer; refused, saying why, while they have invoices or
bookings.)",
         run_customers_command},
        {"customers import", "FILE.csv [--dry-run] [--update]",
         "import customers in one transaction from the CSV your spreadsheet or address book writes (an email that is "
         "already a customer's is skipped, or renamed with --update)",
         R"(Import customers from a CSV file (RFC 4180, UTF-8 with or without a
byte-order mark, the headers of a spreadsheet or of Outlook's, Google Contacts' or Thunderbird's
exports), in one transaction: a file with any row that cannot be a customer imports nothing, and every
such row is named by its line (at most 20, then a count). A row whose email is already a customer's is
skipped and counted; \fB--update\fR gives that customer the file's name instead. \fB--dry-run\fR says
what would happen and changes nothing.)",
         run_customers_command},
        {"customers export", "[FILE.csv]", "the customers as CSV, to FILE.csv or stdout",
         R"(Write every customer as CSV (\fBid,name,email\fR), to standard output
without a file; the import reads it back exactly.)",
         run_customers_command},
        {"invoices list", "[--customer ID]", "the invoices, what was refunded and what is left",
         R"(Print the invoices with their amounts, status, what was refunded and what is
left.)",
         run_invoices_command},
        {"invoices add", "--customer ID --amount 1234.56 [--status open|paid]", "add an invoice",
         R"(Add an invoice: the amount as written, at most two decimals, exact cents;
anything else is refused. \fB--status\fR is open (the default) or paid.)",
         run_invoices_command},
        {"invoices pay", "ID", "mark an open invoice paid",
         R"(Mark an open invoice paid.)",
         run_invoices_command},
        {"menu list", "", "the lunch menu order_lunch offers (empty: not offered)",
         R"(The lunch menu that \fBorder_lunch\fR offers (names of 1 to 40 characters, an
optional \fB--price\fR); an empty menu hides \fBorder_lunch\fR.)",
         run_menu_command},
        {"menu add", "NAME [--price 4.50]", "add an item to the lunch menu",
         R"(Add \fIname\fR (1 to 40 characters, an optional \fB--price\fR) to the lunch menu
that \fBorder_lunch\fR offers; an empty menu hides \fBorder_lunch\fR, and a change is announced to the
clients connected.)",
         run_menu_command},
        {"menu remove", "NAME", "take an item off the lunch menu",
         R"(Take \fIname\fR off the lunch menu that \fBorder_lunch\fR offers; an empty menu
hides \fBorder_lunch\fR, and a change is announced to the clients connected.)",
         run_menu_command},
        {"office set", "[--time-zone ZONE] [--name NAME] [--horizon DAYS]",
         "the office's IANA zone (all its times are local to it), name, and how many days ahead it takes bookings",
         R"(Set the office's time zone, name and horizon. \fB--time-zone\fR is an IANA time
zone, checked against the system's tz database (\fI/usr/share/zoneinfo\fR, or \fB$TZDIR\fR):
\fBEurope/Madrid\fR, \fBAmerica/Mexico_City\fR, \fBAsia/Shanghai\fR; an unknown zone is refused. Times
of slots are the office's, in its zone. The horizon (default 90) is how many days ahead the office
takes bookings.)",
         run_office_command},
        {"office show", "", "the office's name, zone, today there and horizon",
         R"(The office's name, time zone (the machine's until one is set), today there, and
horizon.)",
         run_office_command},
        {"hours set", "DAYS RANGES [--slot MINUTES]",
         "opening hours make the free slots (hours set mon-fri 09:00-13:00,15:00-18:00 --slot 30; hours set sun closed)",
         R"(The opening hours of \fIdays\fR (\fBmon-fri\fR, \fBsat\fR, \fBtue,thu\fR) as
\fIranges\fR (\fB09:00-13:00,15:00-18:00\fR, or \fBclosed\fR), in slots of \fIminutes\fR (default 30).
The hours make the slots \fBlist_availability\fR offers (an office without hours offers the slots it
holds, as the demo does). A slot made by the hours has the id of its local day and time
(\fB202612081030\fR); a change of hours never touches a booking.)",
         run_hours_command},
        {"hours closed", "DATE[..DATE] [--reason TEXT]", "close the office on a day or a range of days",
         R"(Close the office on a day or a range of days (holidays): nothing is offered
then.)",
         run_hours_command},
        {"hours open", "DATE", "undo a closed day",
         R"(Undo a closed day.)",
         run_hours_command},
        {"hours show", "", "the hours of each weekday and the days closed",
         R"(The hours of each weekday and the days closed.)",
         run_hours_command},
        {"calendar export", "[FILE.ics]",
         "the bookings as iCalendar (the office's zone, one event per booking), for a calendar app; also GET /calendar.ics",
         R"(The bookings as iCalendar (RFC 5545) to \fIfile\fR or standard output: the
office's zone as a VTIMEZONE, one event per booking at its local time in that zone, as long as its
slot (30 minutes for a slot the hours do not make), with the booking's own UID, raised SEQUENCE when
it moved, the customer as SUMMARY and ATTENDEE. A cancelled booking is absent. For a calendar app to
import; to subscribe, use \fBGET /calendar.ics\fR of an HTTP server.)",
         run_calendar_command},
        {"backup", "[FILE] [--force] [--dir DIR] [--keep N] [--tokens FILE]",
         "a consistent copy of the office in FILE while servers keep writing (one snapshot, synced to disk, mode 0600), "
         "with its key and tokens files as FILE.key and FILE.tokens, checked as restore checks it; an existing FILE only "
         "with --force. --dir DIR instead of FILE: DIR/office-TIME.db, the newest N kept with --keep",
         R"(Write a consistent copy of the SQLite office to \fIfile\fR while servers keep
writing to it: one read snapshot (\fBVACUUM INTO\fR), never a file copy. The copy is made as
\fIfile\fR\fB.partial\fR (left behind only by a backup that was killed, and cleared by the next one),
checked as \fBrestore\fR checks a file, synced, renamed to \fIfile\fR and its directory synced before
the command says it is done; mode 0600. The office's key and tokens files are copied beside it as
\fIfile\fR\fB.key\fR and \fIfile\fR\fB.tokens\fR. Prints the rows of every table, the size, the schema
version and the last audit id. An existing \fIfile\fR is replaced only with \fB--force\fR. A PostgreSQL
office (office-mcp-pg) is backed up from one REPEATABLE READ snapshot into the same kind of SQLite
office file, so a backup is one file whatever the store and restores into either. With
\fB--dir \fR\fIdir\fR instead of a file, the backup is \fIdir\fR\fB/office-\fR\fItime\fR\fB.db\fR (the
directory made 0700 if needed), and with \fB--keep \fR\fIn\fR the backups there beyond the newest
\fIn\fR are removed with their key and tokens files: what \fBoffice-mcp-backup.service\fR runs every
day.)",
         run_backup},
        {"restore", "FILE [--check] [--force] [--tokens FILE]",
         "check FILE (--check: only that), then put it in place of the office in one rename (PostgreSQL: one transaction), "
         "the old one kept as DATABASE.before-restore-TIME; refused while a process has a SQLite office open unless --force",
         R"(Check \fIfile\fR and put it in place of the office: it must be an office-mcp
office (its application id), of a schema no newer than this build, clean under SQLite's integrity and
foreign key checks, and every invoice's refunded amount must be the sum of its refunds. A file that
fails is refused with one sentence (exit status 1) and nothing changes. Otherwise the old office is
checkpointed, kept as \fIdatabase\fR\fB.before-restore-\fR\fItime\fR (with its key and tokens files
under the same name), and the checked copy renamed over it. Refused while another process (a server,
office-desk) has the office open; with \fB--force\fR the office is replaced anyway: a stdio server that
had it open serves the restored office from its next request; an HTTP server stops within a second
with exit status 75, for its manager to start it again. With \fB--check\fR only the checks are made and
what the file holds is printed; nothing changes. Restoring into a PostgreSQL office first backs up the
office it replaces to \fIlocal\fR\fB.before-restore-\fR\fItime\fR\fB.db\fR (beside its key, see
FILES), then replaces every row in one transaction under the office's lock: servers serving it see the
old office until the commit and the restored one after it.)",
         run_restore},
        {"export", "DIR", "the whole office as files: a CSV per table, audit.jsonl, calendar.ics and manifest.json (SHA-256 of each)",
         R"(Write the whole office as the new directory \fIdir\fR, files read without
office-mcp: one CSV file per table (a header row of the column names; an empty field is NULL, empty
text is \fB""\fR; \fIcustomers.csv\fR is what \fBcustomers import\fR reads), the audit trail as
\fIaudit.jsonl\fR (JSON Lines), the booked slots as \fIcalendar.ics\fR (iCalendar), and
\fImanifest.json\fR with the rows, size and SHA-256 of every file. From one snapshot; written as
\fIdir\fR\fB.partial\fR and renamed. The key and tokens files are secrets and are not exported (a
backup carries them). A \fIdir\fR that exists and is not empty is refused.)",
         run_export},
        {"import", "DIR", "an export back into an empty office, ids included",
         R"(Bring an export back into an empty office (a new database, or one made by
\fBdb init --empty\fR), ids included: every file is checked against the manifest first (size,
SHA-256, rows), the office is built and checked as \fBrestore\fR checks a file, and only then put in
place. An office that holds any row is refused (restore replaces one), as is an export of another
schema.)",
         run_import},
        {"config", "CLIENT [serving options]",
         "print a ready-to-paste configuration for CLIENT: claude-desktop, claude-code, vscode or cursor (it carries every "
         "serving option given: --db, --profile, --tools, ...)",
         R"(Print a ready-to-paste configuration that starts this \fBoffice-mcp\fR (absolute
paths) for \fIclient\fR: \fBclaude-desktop\fR (JSON for \fBclaude_desktop_config.json\fR),
\fBclaude-code\fR (a \fBclaude mcp add\fR command line), \fBvscode\fR (JSON for
\fB.vscode/mcp.json\fR) or \fBcursor\fR (JSON for \fB~/.cursor/mcp.json\fR). It carries the serving
options given with it, such as \fB--db\fR and \fB--profile\fR.)",
         run_config_command},
        {"log tail", "[FILE] [--log-file PATH]", "print a log file for people (default: --log-file, else stdin)",
         R"(Print a log written by \fBoffice-mcp\fR for people, one line per entry: time,
outcome, method and tool, duration, client, id and problem. \fIfile\fR defaults to the
\fB--log-file\fR given, else standard input. Lines that are not \fBoffice-mcp\fR's are printed as they
are.)",
         run_log_command},
        {"audit", "[--since YYYY-MM-DD] [--invoice N] [--slot N] [--trace ID]",
         "list the audit trail: every write, its client, era, time and trace id (--trace: the writes of one trace)",
         R"(Print the audit trail, oldest first: every write (bookings, lunch orders, refunds
queued, issued, declined and re-opened), the client and protocol era that made it, when, and the trace
id of the request that wrote it (the log line's \fBtrace_id\fR). \fB--since\fR, \fB--invoice\fR,
\fB--slot\fR and \fB--trace\fR keep only some of the entries.)",
         run_audit_command},
        {"approvals list", "", "list the refund approval requests office-desk clears",
         R"(Print the approval queue, one line per request: its number, the invoice,
its status, the client that asked, when it was made, and who resolved it.)",
         run_approvals_command},
        {"approvals reopen", "N [--locale LANG]", "make declined approval request N wait for a person again",
         R"(Re-open the declined refund request \fIn\fR: it becomes pending again,
for a person to review in \fBoffice-desk\fR. Prints one sentence on standard output; when \fIn\fR does
not exist, is not declined, its invoice has nothing left to refund or another request of that invoice
is pending, it prints why on standard error and exits 1.)",
         run_approvals_command},
        {"token add", "NAME [--profile P] [--approver] [--admin] [--tokens FILE]",
         "make a bearer token for HTTP caller NAME, limited to profile P (default all); printed once, only its hash is "
         "stored. --approver: NAME may approve refunds (receive the form); --admin: NAME may keep customers, invoices and "
         "the menu",
         R"(Make a bearer token for the HTTP caller \fIname\fR, limited to the tools of
\fB--profile\fR (default \fBall\fR). With \fB--approver\fR, the caller may approve refunds: over HTTP
only an approver is handed the refund form (and so can settle a queued request); anyone else's refund
waits in the approval queue. With \fB--admin\fR, the caller sees and may call the admin tools that keep
customers, invoices and the menu (nobody else sees them at all). The token (\fBomcp_\fR and 43
characters) is printed once on standard output and never again: the tokens file keeps only its
SHA-256. \fIname\fR is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit;
it is the caller the log and the audit record. A name already in use, a bad name or an unknown profile
is refused with one sentence on standard error and exit status 1, and the file is left as it was.)",
         office::token_command},
        {"token list", "[--tokens FILE]", "list the tokens (name, profile, approver, admin, created)",
         R"(Print the tokens: name, profile, whether it may approve, and when each was made
(never a hash).)",
         office::token_command},
        {"token revoke", "NAME [--tokens FILE]", "remove a token (the tokens file: --tokens FILE, default DATABASE.tokens)",
         R"(Remove the token of \fIname\fR; requests bearing it are refused. An unknown
name is refused with exit status 1.)",
         office::token_command},
        {"help", "[COMMAND] [SUBCOMMAND] [--man-page TEMPLATE]",
         "what a command does and the flags it takes (--man-page: the man page, from its template)",
         R"(Print what \fIcommand\fR does and the flags it takes (of every command that starts with
that word: \fBhelp customers\fR shows them all). With no \fIcommand\fR, print the overview \fB--help\fR
prints. With \fB--man-page \fR\fItemplate\fR, print the man page made from \fItemplate\fR instead: its
SYNOPSIS, COMMANDS and OPTIONS written from the commands and flags \fBoffice-mcp\fR takes. The build
makes \fIoffice-mcp.1\fR so, from \fIpackaging/office-mcp.1.in\fR.)",
         run_help_command},
    };
    return table;
}
