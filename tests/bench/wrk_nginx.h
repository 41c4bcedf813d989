#pragma once
// office-bench --http's tools nobody here wrote (issue 29): wrk, a neutral load generator, run with
// wrk-mcp.lua so that it sends the bench's own request and checks every answer; and nginx, the
// HTTP floor, one process answering every POST with a canned result (nginx-floor.conf). Both are
// Debian packages; a missing one fails the session that needs it, with kInstall in its sentence.

#include "http_client.h"
#include "process.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace bench {

namespace fs = std::filesystem;

constexpr const char* kInstall = "apt-get install wrk nginx-light";

// `name` in PATH, else in /usr/sbin (where Debian puts nginx); "" when in neither.
std::string find_program(const std::string& name);

struct WrkOut {
    std::string err;  // empty when wrk ran to its end and every answer was a 200 with a successful result
    long long requests = 0;  // answers wrk counted
    long long sent = 0;      // requests written: what the server worked on
    double duration_s = 0, p50_us = 0, p99_us = 0;
    double cpu_ns = 0;  // wrk's own CPU (wait4), start-up included
};

// wrk (at `wrk`) with `script` (wrk-mcp.lua), one thread, `connections` connections, sending `call`
// with ids from first_id for `ms` milliseconds from the script's "ready": wrk's -d takes whole
// seconds, so it gets more and is stopped with SIGINT when the phase is over (it then ends and
// reports as at -d's end). It stops with up to `connections` requests unanswered, which the server
// still works on: see idle_cpu_ns.
WrkOut run_wrk(const std::string& wrk, const std::string& script, const HttpCall& call, int connections, int ms,
               long long first_id, const fs::path& dir);

// The server's CPU (`cpu`, ns) once it stood still for 20 ms (at most 10 s): after a wrk run, when
// the requests wrk left unanswered are done, so the next phase starts on an idle server and a
// phase's CPU covers every request wrk sent.
int64_t idle_cpu_ns(const std::function<int64_t()>& cpu);

// The floor's command: writes dir/nginx.conf from `conf_template` (nginx-floor.conf: @PREFIX@ is
// dir, @PORT@ a port nothing listens on now); false with `err` when it cannot.
bool nginx_floor_argv(const std::string& nginx, const std::string& conf_template, const fs::path& dir,
                      std::vector<std::string>& argv, int& port, std::string& err);

// Waits until 127.0.0.1:port accepts a connection; false with `err` when the child exits or 30 s pass.
bool wait_for_port(Child& c, int port, std::string& err);

}  // namespace bench
