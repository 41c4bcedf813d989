#include "server_process.h"

#include "test_database.h"

#include "exit_status.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace office::testing {

ServerProcess::ServerProcess(const std::vector<std::string>& args, const std::vector<std::string>& env,
                             const std::vector<std::string>& wrapper) {
    char err_template[] = "/tmp/office-e2e-stderr-XXXXXX";
    const int err_fd = mkstemp(err_template);
    stderr_path_ = err_template;
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    // OFFICE_MCP_TEST_BINARY runs the tests against another build (e.g. to see a new test
    // fail on the code before a fix); else office-mcp, or office-mcp-pg when the suites run on
    // PostgreSQL (test_database.h). Chosen before fork: the child only execs.
    std::string binary = std::getenv("OFFICE_MCP_TEST_BINARY") ? std::getenv("OFFICE_MCP_TEST_BINARY") : office_mcp_binary();
    pid_ = fork();
    if (pid_ == 0) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        dup2(err_fd, STDERR_FILENO);
        for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
        std::vector<char*> argv;
        for (const auto& w : wrapper) argv.push_back(const_cast<char*>(w.c_str()));
        argv.push_back(binary.data());
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(err_fd);
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
}

ServerProcess::~ServerProcess() {
    if (in_ >= 0) close(in_);
    if (!status_ && pid_ > 0) {
        ::kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) close(out_);
    unlink(stderr_path_.c_str());
}

void ServerProcess::send(const std::string& line) {
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const auto n = write(in_, data.data() + done, data.size() - done);
        if (n <= 0) throw std::runtime_error("office-mcp stopped reading stdin");
        done += static_cast<std::size_t>(n);
    }
}

std::optional<std::string> ServerProcess::read_line(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return std::nullopt;
        pollfd p{out_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        char chunk[65536];
        const auto n = ::read(out_, chunk, sizeof chunk);
        if (n <= 0) return std::nullopt;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

nlohmann::json ServerProcess::read(int timeout_ms) {
    const auto line = read_line(timeout_ms);
    if (!line) throw std::runtime_error("no line from office-mcp in time; stderr: " + stderr_text());
    return nlohmann::json::parse(*line);
}

void ServerProcess::close_stdin() {
    if (in_ >= 0) close(in_);
    in_ = -1;
}

void ServerProcess::close_stdout() {
    if (out_ >= 0) close(out_);
    out_ = -1;
}

void ServerProcess::kill(int signal) { ::kill(pid_, signal); }

bool private_to_owner(const std::string& path) {
    namespace fs = std::filesystem;
    const auto perms = fs::status(path).permissions() & fs::perms::all;
    if (std::getenv("OFFICE_WINDOWS_EXE")) return (perms & fs::perms::others_all) == fs::perms::none && perms != fs::perms::none;
    return perms == (fs::perms::owner_read | fs::perms::owner_write);
}

void ServerProcess::stop() { kill(std::getenv("OFFICE_WINDOWS_EXE") ? SIGINT : SIGTERM); }

int ServerProcess::wait(int timeout_ms) {
    if (status_) return *status_;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            status_ = exit_code(status);
            return *status_;
        }
        usleep(1000);
    }
    return -1;
}

std::string ServerProcess::stderr_text() const {
    std::ifstream in(stderr_path_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

CommandResult run_office_mcp(const std::vector<std::string>& args, const std::vector<std::string>& env) {
    ServerProcess process(args, env);
    process.close_stdin();
    // A command runs until it is done: an import of a large office can be silent for a
    // minute on a slow machine. The limit only keeps a hung command from hanging the suite.
    constexpr int kLimitMs = 600000;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kLimitMs);
    const auto left = [&] {
        return std::max<int>(0, static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    deadline - std::chrono::steady_clock::now()).count()));
    };
    std::string out;
    while (auto line = process.read_line(left())) out += *line + "\n";
    const int status = process.wait(left());
    std::string err = process.stderr_text();
    if (status == -1) err += "\n(the test stopped waiting: office-mcp had not exited after " + std::to_string(kLimitMs / 1000) + " s)";
    return CommandResult{status, out, err};
}

TempDir::TempDir() {
    char templ[] = "/tmp/office-test-XXXXXX";
    path_ = mkdtemp(templ);
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

void initialize(ServerProcess& server, const std::string& version, nlohmann::json capabilities, const std::string& name,
                const std::string& client_version) {
    const auto reply = server.request(initialize_request(version, std::move(capabilities), name, client_version));
    if (reply["result"]["protocolVersion"] != version)
        throw std::runtime_error("initialize for " + version + " was answered " + reply.dump());
    server.send(kInitialized);
}

}  // namespace office::testing
