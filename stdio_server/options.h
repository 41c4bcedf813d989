// The command line once parsed (command_line.h reads argv into it), and the small helpers that
// the flags of the command table and the operator's commands share.

#pragma once

#include "audit.h"
#include "log.h"
#include "office_store_for.h"
#include "person_texts.h"
#include "sqlite_office_store.h"
#include "rate_limits.h"
#include "serving_settings.h"
#include "tasks.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct Options {
    std::string db;
    std::string profile = "all";
    std::vector<std::string> tools;
    std::int64_t state_ttl = 600;
    // --locale, --task-ttl and --rate-limit, as every session gets them (core/protocol/serving_settings.h).
    office::ServingSettings settings;
    std::vector<office::RateRule> rate_limits;  // --rate-limit TOOL=N/PERIOD as given, repeatable: settings.limits counts them
    office::LogLevel log_level = office::LogLevel::Info;
    std::string log_file;  // empty: stderr
    // The serving options as given (command line or environment; empty: not given), so
    // `config` can carry every one of them into the pasted configuration.
    struct {
        std::string profile, tools, state_ttl, task_ttl, log_level, locale;
    } given;
    office::Durability durability = office::Durability::Power;
    office::AuditFilter audit;
    // --admin: serve the admin tools over stdio (the office's people: office-desk starts its
    // office-mcp so; `config` never writes it into an AI client's configuration).
    bool admin = false;
    bool approver = false;      // token add --approver: the caller may approve refunds
    std::string man_template;   // help --man-page TEMPLATE (command_line.h)
    // The values of `db init|reset --demo|--empty` and `customers|invoices|menu ...` (records_command.h).
    struct {
        std::optional<office::OfficeKind> kind;
        std::optional<std::string> name, email, amount, status, price, query;
        std::optional<std::string> time_zone, horizon, reason;  // office set, hours closed (issue 38)
        std::optional<std::int64_t> customer;
        bool dry_run = false, update = false;
    } records;
    bool force = false;  // backup FILE --force: replace FILE; restore --force: replace an office that is open
    // backup --dir DIR --keep N: a backup named by its time in DIR, the newest N kept;
    // restore FILE --check: only check FILE and say what it holds.
    struct {
        std::string dir;
        std::int64_t keep = 0;
        bool check = false;
    } backup;
    std::vector<std::string> command;  // "db init", "config vscode", ...
    // --http [HOST:]PORT: serve Streamable HTTP instead of stdio (serve_http.h).
    std::string http;
    std::vector<std::string> allowed_origins;
    std::string tokens_file;  // empty: <database>.tokens (core/office/tokens.h)
    // OAuth 2.1 resource server (core/http/oauth.h): the authorization server whose access
    // tokens are accepted, and this server's canonical URL (empty: derived from --http).
    std::string oauth_issuer;
    std::string resource;
    std::string ca_file;  // --ca-file: the CAs the issuer's certificate must chain to, instead of the system's
    std::int64_t oauth_leeway = 60;   // --oauth-leeway: seconds of clock skew allowed on exp and nbf
    std::int64_t oauth_refetch = 30;  // --oauth-refetch: at most one fetch of the provider's keys per this
    bool insecure_no_auth = false;
    bool metrics_open = false;  // GET /metrics without a token (--metrics-open)
    // --tls-cert, --tls-key: serve https (PEM files; both or neither; http_server/tls_context.h).
    std::string tls_cert, tls_key;
    std::int64_t request_timeout = 30;
    std::int64_t max_connections = 8192;  // why this many: HttpServerOptions::max_connections
    std::int64_t max_sessions = 1000;  // --max-sessions: 2025 sessions kept (core/http/http_endpoint.h)
    // SIGTERM's drain (http_server.h): served this long after the signal, done by the timeout.
    std::int64_t drain_delay_ms = 5000;
    std::int64_t drain_timeout_ms = 30000;
};

// "office-mcp: MESSAGE" on stderr, exit status 2: every refusal of the command line.
[[noreturn]] void fail(const std::string& message);

// `path` absolute and normal: the client that launches the server runs it from anywhere.
std::string absolute(const std::string& path);

std::vector<std::string> split_commas(const std::string& text);

// `text` as a whole number >= 1, else fail() naming `option`.
std::int64_t positive_number(const std::string& option, const std::string& text);

// `text` as seconds (a whole or decimal number >= 0, e.g. 5 or 0.5) in milliseconds, else fail()
// naming `option`.
std::int64_t milliseconds_of(const std::string& option, const std::string& text);

office::Durability durability_named(const std::string& name);

// --locale's value (en, es, zh_CN), else fail().
office::Locale locale_option(const std::string& name);

// The tools the profile and --tools select (empty: all); fail() on a name that does not exist.
std::vector<std::string> enabled_tools(const Options& o);
