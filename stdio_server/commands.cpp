#include "commands.h"

#include "command_line.h"

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
#include <iterator>

namespace {

std::string self_path() {
    const std::string path = office::platform::executable_path();
    return path.empty() ? "office-mcp" : path;
}

}  // namespace

int run_db_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "path") {
        std::printf("%s\n", office::office_display_name(o.db).c_str());
        return 0;
    }
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

namespace {

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
    if (!o.given.task_ttl.empty()) args.insert(args.end(), {"--task-ttl", std::to_string(o.settings.task_ttl)});
    for (const auto& rule : o.rate_limits) args.insert(args.end(), {"--rate-limit", rule.text});
    if (!o.given.log_level.empty()) args.insert(args.end(), {"--log-level", o.given.log_level});
    if (!o.given.locale.empty()) args.insert(args.end(), {"--locale", office::locale_code(o.settings.locale)});
    if (!o.log_file.empty()) args.insert(args.end(), {"--log-file", absolute(o.log_file)});
    if (o.durability == office::Durability::Process) args.insert(args.end(), {"--durability", "process"});
    return args;
}

}  // namespace

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
    const bool reopen = o.command[1] == "reopen";
    if (!office::is_postgres_uri(o.db) && !std::filesystem::exists(office::platform::u8path(o.db)))
        fail("database " + absolute(o.db) + " does not exist: nothing was queued yet");
    try {
        auto store = office::open_office_store_for(o.db);  // brings an older file forward first
        if (reopen) {
            const auto id = positive_number("approvals reopen", o.command[2]);
            const auto outcome =
                office::reopen_approval_request(*store, id, "office-mcp", std::string(office::server_version()),
                                                office::utc_now(), o.settings.locale);
            std::fprintf(outcome.ok ? stdout : stderr, "%s%s\n", outcome.ok ? "" : "office-mcp: ", outcome.sentence.c_str());
            return outcome.ok ? 0 : 1;
        }
        std::fputs(office::approvals_table(store->money().approval_requests()).c_str(), stdout);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
    return 0;
}


int run_help_command(const Options& o) {
    if (!o.man_template.empty()) {
        std::ifstream file(office::platform::u8path(o.man_template), std::ios::binary);
        if (!file) fail("cannot read " + o.man_template + ": " + std::strerror(errno));
        std::fputs(man_page(std::string(std::istreambuf_iterator<char>(file), {})).c_str(), stdout);
        return 0;
    }
    std::string word;  // help customers add: the words after help
    for (std::size_t i = 1; i < o.command.size(); ++i) word += (i > 1 ? " " : "") + o.command[i];
    const std::string text = word.empty() ? usage_text() : help_text(word);
    if (text.empty()) fail("no command " + word + " (see --help)");
    std::fputs(text.c_str(), stdout);
    return 0;
}
