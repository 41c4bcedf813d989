#include "serve_http.h"

#include "http_server.h"
#include "https_get.h"
#include "oauth.h"
#include "request_state.h"
#include "run_log.h"
#include "service_manager.h"
#include "office_store_for.h"
#include "platform.h"
#include "process_life.h"
#include "tls_context.h"
#include "tokens.h"
#include "tool.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

namespace {

// The tokens file as it is now: re-read when it changes on disk, so `office-mcp token add` and
// `token revoke` take effect on a running server from the next group of requests. A file that
// turns unreadable or malformed refuses every token (and says so in the log) until it is
// mended: fail closed. Within a group (hold) the file is looked at once, not per request.
class LiveTokens {
public:
    LiveTokens(std::string path, office::Logger& logger) : path_(std::move(path)), logger_(logger) {
        tokens_ = office::TokenFile::load(path_);  // at start a bad file stops the server (TokenError)
        seen_ = identity();
    }
    bool broken() const { return broken_; }
    void reload() { seen_.clear(); }  // SIGHUP: read the file at the next request, changed or not
    void hold(bool on) {
        held_ = false;
        if (on) look();
        held_ = on;
    }
    const office::TokenFile& now() {
        if (!held_) look();
        return tokens_;
    }

private:
    void look() {
        if (const auto id = identity(); id != seen_) {
            seen_ = id;
            try {
                tokens_ = office::TokenFile::load(path_);
                broken_ = false;
            } catch (const office::TokenError& e) {
                broken_ = true;
                logger_.event(office::LogLevel::Error, "tokens", nlohmann::ordered_json{{"problem", e.what()}});
            }
        }
    }

    // Enough to notice a rewrite (token commands replace the file by rename) or a chmod:
    // inode, size and the change time.
    std::string identity() const {
        const auto info = office::platform::stat(path_);
        if (!info) return "absent";
        return std::to_string(info->inode) + ":" + std::to_string(info->size) + ":" + std::to_string(info->changed_ns);
    }

    std::string path_;
    office::Logger& logger_;
    office::TokenFile tokens_;
    std::string seen_;
    bool broken_ = false;
    bool held_ = false;
};

// "[HOST:]PORT" into the options; fail() with the form it takes.
void parse_address(const std::string& text, office::HttpServerOptions& h) {
    std::string port = text;
    if (const auto colon = text.rfind(':'); colon != std::string::npos) {
        h.host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (h.host.size() > 1 && h.host.front() == '[' && h.host.back() == ']') h.host = h.host.substr(1, h.host.size() - 2);
    }
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535)
        fail("--http needs [HOST:]PORT, e.g. 8080 or 0.0.0.0:8080 (PORT 0 picks a free one)");
    h.port = static_cast<unsigned short>(std::stoi(port));
    if (h.host == "localhost") h.host = "127.0.0.1";
}

}  // namespace

int serve_http(const Options& o, LogSink::WriteAll write_all) {
    office::HttpServerOptions h;
    parse_address(o.http, h);
    const auto loopback = office::is_loopback_address(h.host);
    if (!loopback) fail("--http needs an IP address to listen on (or localhost), not " + h.host);
    LogSink log(o.log_file, write_all);
    // A group of requests answered together (h.round) writes its lines in one go, before its
    // responses; any other line leaves at once.
    bool in_round = false;
    office::Logger logger(o.log_level, [&](std::string_view line) {
        log.write(line);
        if (!in_round) log.flush();
    });
    const std::string tokens_path = o.tokens_file.empty() ? office::tokens_path_for(office::office_local_path(o.db)) : o.tokens_file;
    std::optional<LiveTokens> tokens;
    try {
        tokens.emplace(tokens_path, logger);
    } catch (const office::TokenError& e) {
        fail(e.what());
    }
    // OAuth (core/http/oauth.h): the provider's keys are read now; a provider that does not
    // answer yet does not stop the office (static tokens still work, and OAuth callers are told
    // 503 until it answers).
    std::shared_ptr<office::http::ProtectedResource> resource;
    std::optional<office::http::OAuthIssuer> issuer;
    if (!o.oauth_issuer.empty()) {
        if (!o.oauth_issuer.starts_with("https://") && !o.oauth_issuer.starts_with("http://127.") &&
            !o.oauth_issuer.starts_with("http://localhost") && !o.oauth_issuer.starts_with("http://[::1]"))
            fail("--oauth-issuer needs the authorization server's https:// URL (http:// only on this machine), not " +
                 o.oauth_issuer);
        if (!o.resource.empty() && !o.resource.starts_with("https://") && !o.resource.starts_with("http://"))
            fail("--resource needs this server's URL, e.g. https://office.example.com/mcp, not " + o.resource);
        resource = std::make_shared<office::http::ProtectedResource>(
            office::http::ProtectedResource{o.resource, {o.oauth_issuer}, office::office_scopes()});
        h.endpoint.protected_resource = resource;
        if (!o.ca_file.empty() && !office::platform::stat(o.ca_file))
            fail("--ca-file " + o.ca_file + " cannot be read");
        issuer.emplace(office::http::OAuthSettings{o.oauth_issuer, o.resource, o.oauth_leeway, o.oauth_refetch},
                       [ca_file = o.ca_file](const std::string& url) { return office::https_get(url, ca_file); });
        if (!issuer->refresh()) logger.event(office::LogLevel::Error, "oauth", nlohmann::ordered_json{{"problem", issuer->problem()}});
    } else if (!o.resource.empty()) {
        fail("--resource belongs with --oauth-issuer (it is the audience of the access tokens)");
    } else if (!o.ca_file.empty()) {
        fail("--ca-file belongs with --oauth-issuer (the authorization server's certificate is checked against it)");
    }
    h.listening = [&](const std::string& url) {
        if (!resource || !resource->resource.empty()) return;
        resource->resource = url;  // derived from --http: the URL clients are given
        issuer->set_resource(url);
    };

    // Off loopback a token is always needed (an emptied list refuses everyone), unless the
    // operator said otherwise; on loopback, once the file has any. With OAuth, always.
    const bool always_need_token = (!*loopback && !o.insecure_no_auth) || issuer;
    if (!*loopback && !o.insecure_no_auth && !issuer && tokens->now().empty())
        fail("refusing to serve " + h.host + " without tokens: anyone who reaches the port could call issue_refund "
             "(add tokens with `office-mcp token add NAME`, or pass --insecure-no-auth)");
    // https: both files or neither; files that cannot serve stop the server before it listens.
    if (o.tls_cert.empty() != o.tls_key.empty())
        fail("--tls-cert and --tls-key go together: give both (the certificate chain and its private key, PEM) or neither");
    if (!o.tls_cert.empty()) {
        try {
            h.tls = std::make_shared<office::TlsContext>(o.tls_cert, o.tls_key, &logger);
        } catch (const std::exception& e) {  // TlsError, or OpenSSL out of memory
            fail(e.what());
        }
    }
    h.request_timeout = std::chrono::seconds(o.request_timeout);
    h.max_connections = static_cast<std::size_t>(o.max_connections);
    // Each connection is an open file, and the usual soft limit (1024) runs out long before
    // --max-connections: it is raised to what they need (plus the listener, the database, the
    // log, the tokens and TLS files), as far as the hard limit allows.
    const auto [files_needed, files_allowed] = process::raise_open_files(o.max_connections + 64);
    h.endpoint.max_sessions = static_cast<std::size_t>(o.max_sessions);
    if (o.admin) fail("--admin is for stdio; over HTTP the admin right is a token's (office-mcp token add NAME --admin) or the office:admin scope");
    const auto tools = enabled_tools(o);
    h.endpoint.tools = tools;
    h.endpoint.settings = o.settings;
    // Unlike stdio, the store opens now: an HTTP office is a service, and a database that
    // cannot work should stop it before it listens, not at the first call.
    try {
        office::check_office_location(o.db);
        h.endpoint.store = office::open_office_store_for(o.db, o.durability);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    h.endpoint.open_sealer = [&] {
        return std::make_unique<office::StateSealer>(office::load_state_keys(office::office_local_path(o.db)), o.state_ttl);
    };
    h.endpoint.allowed_origins = o.allowed_origins;
    h.endpoint.allow_loopback_origins = *loopback;
    h.endpoint.metrics_open = o.metrics_open;

    // Only the one local user of a loopback office may approve money without a token.
    h.endpoint.anonymous_may_approve = *loopback;
    h.endpoint.authenticate = [&](std::optional<std::string_view> token) -> office::http::Authentication {
        const auto& file = tokens->now();
        if (tokens->broken()) return {};
        office::http::Authentication admitted;
        if (file.empty() && !always_need_token) {
            admitted.caller.emplace();  // anonymous
            return admitted;
        }
        // A static token says what it is (omcp_...); anything else is for the provider to vouch for.
        if (issuer && token && !token->starts_with(office::kTokenPrefix)) return issuer->authenticate(*token);
        const auto principal = token ? file.verify(*token) : std::nullopt;
        if (!principal) return {};
        auto& caller = admitted.caller.emplace();
        caller.name = principal->name;
        caller.approver = principal->approver;
        caller.admin = principal->admin;
        office::profile_tools(principal->profile, caller.tools);
        return admitted;
    };
    h.endpoint.logger = &logger;
    h.drain_delay = std::chrono::milliseconds(o.drain_delay_ms);
    h.drain_timeout = std::chrono::milliseconds(o.drain_timeout_ms);
    h.watch_console = [](std::function<void(const char*)> handler) { process::on_console_stop(std::move(handler)); };
    h.reload = [&, tls = h.tls] {
        tokens->reload();
        const bool reopened = log.reopen();
        nlohmann::ordered_json fields{{"tokens", tokens_path}, {"log_file", reopened ? "reopened" : "cannot reopen; still the old file"}};
        const bool renewed = !tls || tls->refresh(true);  // logs its own "tls" line, the problem included
        if (tls) fields["tls"] = renewed ? "reloaded" : "cannot reload; still the old certificate";
        logger.event(reopened && renewed ? office::LogLevel::Info : office::LogLevel::Error, "reload", fields);
    };
    h.round = [&](bool starting) {
        tokens->hold(starting);
        in_round = starting;
        if (!starting) log.flush();
    };
    h.notify = [](std::string_view state) { service_manager::notify(state); };
    h.watchdog = service_manager::watchdog_interval();
    auto start = start_line(o, tools);
    start["http"] = o.http;
    start["tokens"] = tokens_path;
    if (issuer) start["oauth_issuer"] = o.oauth_issuer;
    start["tls"] = h.tls != nullptr;
    if (h.tls) {
        const auto& c = h.tls->certificate();
        start["certificate"] = {{"file", o.tls_cert}, {"subject", c.subject}, {"not_after", c.not_after}, {"serial", c.serial}};
    }
    logger.event(office::LogLevel::Info, "start", start);
    if (h.tls && h.tls->certificate().expired)
        logger.event(office::LogLevel::Warn, "tls",
                     nlohmann::ordered_json{{"problem", "the TLS certificate " + o.tls_cert + " expired at " + h.tls->certificate().not_after +
                                                            "; clients will refuse it until it is renewed"}});
    if (files_allowed < files_needed)
        logger.event(office::LogLevel::Warn, "open_files",
                     nlohmann::ordered_json{{"problem", "--max-connections " + std::to_string(o.max_connections) + " needs " +
                                                            std::to_string(files_needed) + " open files and only " +
                                                            std::to_string(files_allowed) +
                                                            " are allowed: raise the hard limit (LimitNOFILE= in the "
                                                            "service, ulimit -Hn) or lower --max-connections"}});
    if (!*loopback && !h.tls && (issuer || !tokens->now().empty()))
        logger.event(office::LogLevel::Warn, "plaintext",
                     nlohmann::ordered_json{{"problem", "bearer tokens cross the network in clear on " + h.host +
                                                            ": serve https with --tls-cert and --tls-key, or put a TLS proxy in front"}});
    int status = 0;
    try {
        status = office::serve_http(std::move(h));
    } catch (const std::exception& e) {
        fail("cannot serve HTTP on " + o.http + ": " + e.what());
    }
    logger.event(status == 0 ? office::LogLevel::Info : office::LogLevel::Warn, "stop",
                 stop_line(o, status == office::kReplacedStatus ? "office replaced" : "signal", status, {}));
    log.flush();
    return status;
}
