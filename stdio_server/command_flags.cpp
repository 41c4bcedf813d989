// The console's flags: every flag office-mcp takes, with its value, kind, help and where it
// goes in Options (command_line.h says how they are read; the commands are command_table.cpp).
// The man page's OPTIONS, --help and `help COMMAND` are written from these entries.

#include "command_line.h"

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
         [](Options& o, const std::string& v) { o.settings.task_ttl = std::atoll((o.given.task_ttl = v).c_str()); }},
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
         [](Options& o, const std::string& v) { o.settings.locale = locale_option(o.given.locale = v); }},
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
