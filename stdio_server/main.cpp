// office-mcp: the stdio MCP server. Reads newline-delimited JSON-RPC on stdin, writes
// replies on stdout (protocol messages only) and logs on stderr. Everything else lives in
// office_core; this file is the command line, the process life and the read/write loop.

#include "request_state.h"
#include "session.h"
#include "store.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <errno.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {

constexpr std::size_t kMaxLine = 4 * 1024 * 1024;

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

struct Options {
    std::string db;
    std::string profile = "all";
    std::vector<std::string> tools;
    std::int64_t state_ttl = 600;
    std::vector<std::string> command;  // "db init", "config vscode", ...
};

constexpr const char* kUsage = R"(office-mcp: a small office (customers, appointments, invoices, refunds, lunch) served to
AI assistants over the Model Context Protocol on stdin/stdout.

Usage:
  office-mcp [options]                  serve MCP on stdin/stdout (what AI clients launch)
  office-mcp db init|reset|path         create the database / reset it to the seed / print its path
  office-mcp config CLIENT              print a ready-to-paste configuration for CLIENT:
                                        claude-desktop, claude-code, vscode or cursor
  office-mcp --help | --version

Options:
  --db PATH              the SQLite database (default: $OFFICE_MCP_DB, else
                         $XDG_DATA_HOME/office-mcp/office.db, else ~/.local/share/office-mcp/office.db)
  --profile NAME         which tools to serve: all (default), scheduling, billing, lunch
  --tools a,b,c          serve exactly these tools
  --state-ttl SECONDS    how long a refund form stays answerable (default 600; env OFFICE_MCP_STATE_TTL)

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

Options parse_options(int argc, char** argv) {
    Options o;
    if (const char* ttl = std::getenv("OFFICE_MCP_STATE_TTL"); ttl && *ttl) o.state_ttl = std::atoll(ttl);
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
            o.profile = value();
        } else if (arg == "--tools") {
            o.tools = split_commas(value());
        } else if (arg == "--state-ttl") {
            o.state_ttl = std::atoll(value().c_str());
        } else if (!arg.empty() && arg[0] == '-') {
            fail("unknown option " + arg + " (see --help)");
        } else {
            o.command.push_back(arg);
        }
    }
    if (o.state_ttl <= 0) fail("the state TTL must be a positive number of seconds");
    if (o.db.empty()) o.db = office::default_database_path();
    return o;
}

std::vector<std::string> enabled_tools(const Options& o) {
    std::vector<std::string> names;
    if (!office::profile_tools(o.profile, names))
        fail("unknown profile " + o.profile + " (all, scheduling, billing or lunch)");
    if (!o.tools.empty()) {
        for (const auto& name : o.tools) {
            bool known = false;
            for (const auto& tool : office::office_tools()) known = known || tool.name == name;
            if (!known) fail("unknown tool " + name + " in --tools");
        }
        names = o.tools;
    }
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
        auto db = office::open_office_database(o.db);
        if (what == "reset") office::reset_database(*db);
        std::fprintf(stderr, "office-mcp: database %s is %s\n", absolute(o.db).c_str(),
                     what == "reset" ? "reset to the seed data" : "ready");
        return 0;
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
}

int run_config_command(const Options& o) {
    const std::string client = o.command.size() > 1 ? o.command[1] : "";
    const auto exe = self_path();
    const auto db = absolute(o.db);
    office::json args = office::json::array({"--db", db});
    if (o.profile != "all") args.insert(args.end(), {"--profile", o.profile});
    office::json server{{"command", exe}, {"args", args}};
    if (client == "claude-desktop" || client == "cursor") {
        std::printf("%s\n", office::json{{"mcpServers", {{"office", server}}}}.dump(2).c_str());
    } else if (client == "vscode") {
        server["type"] = "stdio";
        std::printf("%s\n", office::json{{"servers", {{"office", server}}}}.dump(2).c_str());
    } else if (client == "claude-code") {
        std::string line = "claude mcp add office -- '" + exe + "'";
        for (const auto& a : args) line += " '" + a.get<std::string>() + "'";
        std::printf("%s\n", line.c_str());
    } else {
        fail("config needs one of claude-desktop, claude-code, vscode, cursor");
    }
    return 0;
}

bool write_all(const std::string& data) {
    std::size_t done = 0;
    while (done < data.size()) {
        const auto n = ::write(STDOUT_FILENO, data.data() + done, data.size() - done);
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

    // Nothing is opened until a request needs it: server/discover and tools/list never
    // touch the database, so a probe leaves no file behind.
    std::unique_ptr<office::Database> db;
    std::unique_ptr<office::StateSealer> sealer;
    std::string fatal;
    office::SessionOptions options;
    options.tools = tools;
    options.database = [&]() -> office::Database& {
        if (!db) {
            try {
                db = office::open_office_database(o.db);
            } catch (const office::StoreError& e) {
                fatal = e.what();
                throw;
            }
        }
        return *db;
    };
    options.sealer = [&]() -> const office::StateSealer& {
        if (!sealer) {
            try {
                sealer = std::make_unique<office::StateSealer>(office::load_state_keys(o.db), o.state_ttl);
            } catch (const std::exception& e) {
                throw office::ProtocolError{office::rpc::kInternalError, e.what()};
            }
        }
        return *sealer;
    };
    office::Session session(std::move(options));
    office::LineSplitter splitter(kMaxLine);

    std::string out;
    std::vector<char> buffer(64 * 1024);
    const auto on_line = [&](std::string_view line) { session.handle_line(line, out); };
    const auto on_overlong = [&] { session.handle_overlong_line(kMaxLine, out); };
    const char* reason = "end of input";
    while (!g_stop) {
        const auto n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            reason = "read error";
            break;
        }
        if (n == 0) {
            splitter.finish(on_line, on_overlong);
            break;
        }
        splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(n)), on_line, on_overlong);
        // One write per read: replies to a pipelined burst leave together.
        if (!out.empty()) {
            if (!write_all(out)) {
                reason = "stdout closed";
                break;
            }
            out.clear();
        }
        if (!fatal.empty()) {
            std::fprintf(stderr, "office-mcp: %s\n", fatal.c_str());
            return 2;
        }
    }
    if (g_stop) reason = "signal";
    session.end_of_input();
    if (!out.empty()) write_all(out);
    if (!fatal.empty()) {
        std::fprintf(stderr, "office-mcp: %s\n", fatal.c_str());
        return 2;
    }
    (void)reason;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);
    struct sigaction sa {};
    sa.sa_handler = on_signal;  // no SA_RESTART: a blocked read() returns and the loop ends
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    prctl(PR_SET_PDEATHSIG, SIGTERM);  // the client that launched us died: so do we

    const auto options = parse_options(argc, argv);
    if (!options.command.empty()) {
        if (options.command[0] == "db") return run_db_command(options);
        if (options.command[0] == "config") return run_config_command(options);
        fail("unknown command " + options.command[0] + " (see --help)");
    }
    return serve(options);
}
