#pragma once
// What office-bench does with one server: a full session in one era (cold start, sequential
// latency, throughput, CPU, memory, exit), a server/discover probe, the syscall and allocation
// censuses, and throughput through the SDK's Node client. Each returns what it measured, or
// why it failed.

#include "process.h"
#include "wire.h"

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <sched.h>

namespace bench {

namespace fs = std::filesystem;

struct Server {
    std::string name;  // "echo floor", "office-mcp", "peer-server.mjs", "peer-server-v2.mjs"
    std::string key;   // echo, office, peer1, peer2
    std::vector<std::string> argv;
    bool modern = false;  // speaks 2026-07-28
    enum class Db { None, Arg, PeerEnv, Uri } db = Db::None;
    bool available = true;
    std::string skip_reason;
    std::string version;
    int replicas = 0;  // > 0: argv is office-replicas running that many copies behind HAProxy
    // Db::Uri: --db this URI (a PostgreSQL database), after `reset` (office-mcp-pg db reset --db
    // URI) has put it back to the seed: every session starts from the same office.
    std::string db_uri;
    std::vector<std::string> reset;
};

struct Params {
    int runs = 5;
    int warmup = 100;     // untimed calls per tool before the sequential phase
    int seq_calls = 1000;  // timed sequential calls per tool
    int load_calls = 20000;
    int load_min_ms = 1000;  // the load phase lasts at least this long
    int load_max_ms = 4000;  // ... and stops early after this long once >= 8 × inflight calls were made
    int inflight = 64;
    bool quick = false;
};

struct Ctx {
    Params p;
    fs::path tmp_root;
    int pin_cpu = -1;
    cpu_set_t orig_affinity{};
    bool verbose = false;
    std::map<std::string, std::string> sample_responses;  // first answer per server/era/tool
    std::map<std::string, long> tools_listed;             // server -> number of tools
};

struct SessionOut {
    bool ok = true;
    std::string err;
    std::map<std::string, double> fig;
    Counters k;
    ExitInfo exit;
    bool exit_ok = true;
    size_t stderr_bytes = 0;
    double wait4_cpu_ms = NAN, wait4_maxrss_mib = NAN, cpu_clock_last_ms = NAN;
    long long load_calls = 0;
};

std::string tail_of_file(const fs::path& p, size_t max = 400);

struct SessionDir {
    fs::path path;
    explicit SessionDir(const fs::path& root) {
        std::string tmpl = (root / "s.XXXXXX").string();
        if (mkdtemp(tmpl.data())) path = tmpl;
    }
    ~SessionDir() {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
};

std::vector<std::string> server_argv(const Server& s, const SessionDir& d, std::vector<std::string>& env);

constexpr int64_t kStartTimeout = 30'000'000'000;  // 30 s
constexpr int64_t kCallTimeout = 10'000'000'000;   // 10 s per answer
constexpr int64_t kExitTimeout = 10'000'000'000;

struct LoadSpec {
    long long min_calls = 0;
    int64_t min_ns = 0, max_ns = 0;
    int inflight = 64;
    bool single = false;  // one write() per request instead of one per batch of replacements
};

struct LoadOut {
    long long sent = 0;
    int64_t t0 = 0, t1 = 0;
    std::string err;  // empty when every answer came
};

// Keeps exactly spec.inflight requests `r` outstanding until the phase is over (see run_full);
// ids continue from `id`, which is left after the last one sent.
LoadOut run_load(Child& c, const Request& r, long long& id, const LoadSpec& spec, Counters& k);

// Full session in one era: cold start, sequential latency and CPU per tool, throughput
// and CPU under load, peak RSS, exit.
// Starts server `s` in its own fresh directory (its database and stderr.log live there);
// false, with o.ok and o.err set, when that fails.
bool spawn_server(const Server& s, const SessionDir& dir, int pin_cpu, Child& c, SessionOut& o);

SessionOut run_full(const Server& s, bool modern, int pin_cpu, Ctx& ctx, bool warmup_only = false);

// Syscalls by kind per call (issue 16). In a session of its own, after a warm-up, strace -c
// attaches to the server (-f: every thread) for one 64-in-flight order_lunch phase written
// one message per write(), and detaches at its end; the counts cover that phase only.
// strace slows every syscall, so this session's times are not used anywhere.
struct Census {
    bool ok = false;
    std::string err;
    long long calls = 0;
    std::map<std::string, long long> syscalls;  // name -> count in the phase
};

Census run_census(const Server& s, bool modern, Ctx& ctx, const std::string& strace, long long calls);

// Heap allocations per order_lunch call (issue 16): office-mcp-counting (the same server,
// counting malloc/calloc/realloc into a shared file) after a warm-up, sequential and at 64
// in flight written one message per write(). {seq, load} per call, or NaN with `err`.
std::pair<double, double> run_alloc_census(const std::string& binary, Ctx& ctx, std::string& err);

// Throughput through the official SDK's Node client (node-client.mjs beside this source),
// which writes one message per write(): `calls` order_lunch calls, `inflight` outstanding.
// Calls per second, or NaN with `err` set.
double run_node_client(const Server& s, Ctx& ctx, const std::string& node, const std::string& peers_dir,
                       const std::string& script, long long calls, std::string& err);

// spawn -> server/discover -> answer -> close stdin -> process exit.
SessionOut run_discover(const Server& s, int pin_cpu, Ctx& ctx);

}  // namespace bench
