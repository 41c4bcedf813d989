#pragma once
// The real office-mcp binary in a child process, spoken to over pipes, for end-to-end tests.

#include "messages.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace office::testing {

class ServerProcess {
public:
    // Runs office-mcp with `args`; `env` entries ("NAME=value") are added to the environment.
    // A `wrapper` command line, when given, runs office-mcp (e.g. setpriv to drop root).
    explicit ServerProcess(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
                           const std::vector<std::string>& wrapper = {});
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    void send(const std::string& line);  // a '\n' is appended
    void send(const nlohmann::json& message) { send(message.dump()); }
    std::optional<std::string> read_line(int timeout_ms = 10000);
    nlohmann::json read(int timeout_ms = 10000);  // the next line, parsed; throws on timeout or EOF
    nlohmann::json request(const nlohmann::json& message) { send(message); return read(); }
    void close_stdin();
    void close_stdout();  // stop listening: the server's next write gets EPIPE
    void kill(int signal);
    // Asks it to stop, as its system's service manager would: SIGTERM; for office-mcp.exe under
    // Wine (OFFICE_WINDOWS_EXE set, tests/windows) SIGINT, which Wine gives the program as the
    // console's Ctrl+C, Windows' way to stop a console program (SIGTERM just ends a Wine process).
    void stop();
    // The exit status (0..255), 128+signal when killed, or -1 when it did not exit in time.
    int wait(int timeout_ms = 10000);
    std::string stderr_text() const;
    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string stderr_path_;
    std::string buffer_;
    std::optional<int> status_;
};

struct CommandResult {
    int status;
    std::string out;
    std::string err;
};
// A file office-mcp made for its owner alone: mode 0600; for office-mcp.exe under Wine
// (OFFICE_WINDOWS_EXE), whose files keep their access list as the Unix mode (the owner's entry in
// the user and group bits), nothing for others.
bool private_to_owner(const std::string& path);

// Runs office-mcp to completion with `args` and no input.
CommandResult run_office_mcp(const std::vector<std::string>& args, const std::vector<std::string>& env = {});

// A fresh temporary directory, removed at destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

// Sends initialize for `version` and notifications/initialized; throws unless the server
// agreed to `version`.
void initialize(ServerProcess& server, const std::string& version, nlohmann::json capabilities = nlohmann::json::object(),
                const std::string& name = "e2e-legacy", const std::string& client_version = "2.0");

}  // namespace office::testing
