// office-bench: start-up, latency, throughput, CPU and memory of stdio MCP servers.
//
// Drives each server command over pipes with raw newline-delimited JSON-RPC (fork/exec,
// non-blocking pipes, poll) and measures, over several interleaved runs:
//   * cold start: spawn -> first tools/list answer, legacy (initialize + initialized +
//     tools/list, 2025-11-25) and 2026-07-28 (one tools/list carrying the _meta envelope);
//     spawn -> server/discover -> close stdin -> process exit;
//   * sequential round-trip latency p50/p99 of order_lunch, find_customer, list_availability;
//   * throughput with exactly 64 order_lunch requests in flight;
//   * server CPU per call (the child's process CPU clock, clock_getcpuclockid, read
//     before and after each phase; cross-checked against wait4's rusage at exit);
//   * peak RSS (VmHWM from /proc/PID/status just before stdin is closed);
//   * all of it again with client and server pinned to one CPU.
// Servers: office-mcp (a fresh temp database per run), the two TypeScript SDK peers
// (../shared/peers) and an echo floor built in (`office-bench --echo-server`).
// `office-bench --http` runs instead only the Streamable HTTP scenario (http_scenario.h:
// office-mcp --http against the SDK v2 peer over HTTP and an nginx floor at 1, 16 and 64
// connections, from the bench's own client and from wrk: wrk_nginx.h).
//
//   office-bench [--quick] [--server PATH] [--peers DIR] [--json FILE] ...   (see --help)
//
// This file: the command line, finding the servers, the order of the runs and the exit status
// (1 when any session failed). The parts: process.h (child processes, pipes, clocks), wire.h
// (JSON-RPC on the pipes), echo_server.h, scenarios.h (what is run against one server),
// statistics.h (the figures and their summaries), report.h (tables, targets, checks, JSON).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

#include "../exit_status.h"
#include "connection_census.h"
#include "customers_scenario.h"
#include "echo_server.h"
#include "http_scenario.h"
#ifdef OFFICE_BENCH_POSTGRES
#include "pg_store_floor.h"
#endif
#include "process.h"
#include "report.h"
#include "scenarios.h"
#include "statistics.h"
#include "wire.h"
#include "wrk_nginx.h"

namespace {

using namespace bench;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

std::string resolve_in_path(const std::string& prog) {
    if (prog.find('/') != std::string::npos) return access(prog.c_str(), X_OK) == 0 ? prog : "";
    const char* path = getenv("PATH");
    std::stringstream ss(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(ss, dir, ':')) {
        if (dir.empty()) continue;
        std::string cand = dir + "/" + prog;
        if (access(cand.c_str(), X_OK) == 0) return cand;
    }
    return "";
}
std::string run_capture(const std::string& cmd) {
    std::string out;
    if (FILE* f = popen(cmd.c_str(), "r")) {
        char b[256];
        while (fgets(b, sizeof b, f)) out += b;
        pclose(f);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
}

void usage() {
    std::printf(
        "usage: office-bench [options]\n"
        "  --quick            3 runs, fewer calls (under a minute on 2 cores)\n"
        "  --runs N           runs per server and CPU mode (default 5; quick 3)\n"
        "  --seq-calls N      timed sequential calls per tool per run (default 1000; quick 200)\n"
        "  --load-calls N     minimum calls in the 64-in-flight phase per run (default 20000; quick 2500);\n"
        "                     the phase also lasts at least 1 s (quick 150 ms) and stops after 4 s\n"
        "                     (quick 400 ms) once 512 calls were made\n"
        "  --server PATH      office-mcp binary (default: ../../stdio_server/office-mcp beside this\n"
        "                     binary, else the path CMake compiled in)\n"
        "  --baseline PATH    another office-mcp binary (e.g. an older commit's), measured beside\n"
        "                     --server in every scenario as \"office-mcp baseline\" (--only key: baseline)\n"
        "  --peers DIR        folder holding peer-server*.mjs + node_modules (default: what\n"
        "                     ../shared/peers/setup.sh prints, ~/.cache/office-mcp-peers)\n"
        "  --only LIST        comma list of echo,office,process,peer1,peer2 (process: office-mcp\n"
        "                     --durability process, beside the power-safe default)\n"
        "  --no-pin           skip the pinned-to-one-CPU pass\n"
        "  --no-census        skip the syscall census (strace -c attached to each server for one\n"
        "                     64-in-flight phase written one message per write)\n"
        "  --census-calls N   calls in that phase (default 5000; quick 2000)\n"
        "  --no-node          skip the throughput through the SDK's Node client (node-client.mjs)\n"
        "  --json FILE        write all figures, per-run values and ratios as JSON\n"
        "  --tmpdir DIR       where the per-run databases go (default $TMPDIR or /tmp)\n"
        "  --http             only the HTTP scenario: office-mcp --http against the SDK v2 peer served\n"
        "                     over Streamable HTTP (peer-v2-http.mjs) and the HTTP floor (nginx with\n"
        "                     nginx-floor.conf: one process answering a canned result), tools/call\n"
        "                     order_lunch at 1, 16 and 64 keep-alive connections (3 runs of 2 s phases;\n"
        "                     quick: 1 run, 300 ms), each measured by the bench's own client and by wrk\n"
        "                     (wrk-mcp.lua: the same request; -t1, the same connections and phase); every\n"
        "                     row also as ratios to the floor and to the peer. --only office,process,\n"
        "                     peer2,nginx and --runs apply. A missing wrk or nginx fails the run\n"
        "                     (apt-get install wrk nginx-light)\n"
        "  --http-tool NAME   the tool --http calls: order_lunch (default) or find_customer (its\n"
        "                     argument finds one customer)\n"
        "  --http-clients LIST comma list of bench,wrk: --http's load generators (default both)\n"
        "  --http-memory      only office-mcp --http's resident memory per idle connection, 2025 session\n"
        "                     (its connection kept, and closed) and SSE stream, N of each held\n"
        "                     (connection_census.h; about 20 s)\n"
        "  --hold N           how many of each --http-memory holds (default 2000)\n"
        "  --connections LIST comma list of connection counts for --http (default 1,16,64)\n"
        "  --phase-ms N       length of each timed --http phase\n"
        "  --customers LIST   only find_customer in large offices (customers_scenario.h): the 3-customer\n"
        "                     office and one of each comma-listed number of generated customers (e.g.\n"
        "                     100000,1000000): the import's time and the server's CPU per call, as\n"
        "                     ratios to the 3-customer office; with --postgres on office-mcp-pg too\n"
        "  --customer-calls N sequential calls per --customers query kind (default 1000, at most 1.5 s each)\n"
        "  --postgres URI     with --replicas or --customers: office-mcp-pg on this PostgreSQL database too (RESET to\n"
        "                     the seed before each session: give it a database of its own), for the\n"
        "                     per-call cost of PostgreSQL against SQLite\n"
        "  --server-pg PATH   office-mcp-pg binary (default: beside office-mcp, else where CMake built it)\n"
        "  --replicas LIST    the HTTP scenario through HAProxy (office-replicas): office-mcp with each\n"
        "                     comma-listed number of replicas on one database (default 1,3), and the\n"
        "                     SDK v2 peer as one replica; reports the scaling ratio instead of targets\n"
        "  --echo-server      act as the echo floor server (used by the bench itself)\n"
        "exit status: 0 when every session ran to its end, 1 when any failed (each named on\n"
        "stderr; the report is still printed), 2 for a command line it does not understand\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "--echo-server") return echo_server_main();

    Ctx ctx;
    Params& P = ctx.p;
    std::string server_path, baseline_path, peers_dir, json_path, only, tmpdir;
    bool no_pin = false, no_census = false, no_node = false, http = false, http_memory = false;
    MemoryParams mp;
    CustomersParams cp;
    std::vector<int> replica_counts;  // --replicas: the HTTP scenario through HAProxy
    std::string postgres_uri, server_pg_path;
    HttpParams hp;
    std::optional<int> phase_ms;
    long long census_calls = 0;
    std::optional<int> runs, seq, load;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "office-bench: %s needs a value\n", argv[i]);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick")
            P.quick = true;
        else if (a == "--runs")
            runs = std::atoi(val().c_str());
        else if (a == "--seq-calls")
            seq = std::atoi(val().c_str());
        else if (a == "--load-calls")
            load = std::atoi(val().c_str());
        else if (a == "--server")
            server_path = val();
        else if (a == "--baseline")
            baseline_path = val();
        else if (a == "--peers")
            peers_dir = val();
        else if (a == "--json")
            json_path = val();
        else if (a == "--only")
            only = val();
        else if (a == "--tmpdir")
            tmpdir = val();
        else if (a == "--no-pin")
            no_pin = true;
        else if (a == "--no-census")
            no_census = true;
        else if (a == "--no-node")
            no_node = true;
        else if (a == "--http")
            http = true;
        else if (a == "--http-memory")
            http_memory = true;
        else if (a == "--hold") {
            mp.hold = std::atoi(val().c_str());
            if (mp.hold < 1) {
                std::fprintf(stderr, "office-bench: --hold needs a positive count\n");
                return 2;
            }
        }
        else if (a == "--customers") {
            std::stringstream ss(val());
            for (std::string n; std::getline(ss, n, ',');)
                if (std::atoll(n.c_str()) > 3) cp.counts.push_back(std::atoll(n.c_str()));
            if (cp.counts.empty()) {
                std::fprintf(stderr, "office-bench: --customers needs counts above 3 (e.g. 100000,1000000)\n");
                return 2;
            }
        } else if (a == "--customer-calls")
            cp.calls = std::max(20, std::atoi(val().c_str()));
        else if (a == "--replicas") {
            http = true;
            std::stringstream ss(val());
            for (std::string n; std::getline(ss, n, ',');)
                if (std::atoi(n.c_str()) > 0) replica_counts.push_back(std::atoi(n.c_str()));
            if (replica_counts.empty()) {
                std::fprintf(stderr, "office-bench: --replicas needs positive counts (e.g. 1,3)\n");
                return 2;
            }
        } else if (a == "--postgres")
            postgres_uri = val();
        else if (a == "--server-pg")
            server_pg_path = val();
        else if (a == "--phase-ms")
            phase_ms = std::atoi(val().c_str());
        else if (a == "--http-tool") {
            hp.tool = val();
            if (hp.tool != "order_lunch" && hp.tool != "find_customer") {
                std::fprintf(stderr, "office-bench: --http-tool is order_lunch or find_customer, not %s\n", hp.tool.c_str());
                return 2;
            }
        } else if (a == "--http-clients") {
            hp.clients.clear();
            std::stringstream ss(val());
            for (std::string c; std::getline(ss, c, ',');) {
                if (c != "bench" && c != "wrk") {
                    std::fprintf(stderr, "office-bench: --http-clients lists bench and wrk, not %s\n", c.c_str());
                    return 2;
                }
                hp.clients.push_back(c);
            }
            if (hp.clients.empty()) {
                std::fprintf(stderr, "office-bench: --http-clients needs bench, wrk or both\n");
                return 2;
            }
        }
        else if (a == "--connections") {
            hp.connections.clear();
            std::stringstream ss(val());
            for (std::string n; std::getline(ss, n, ',');)
                if (std::atoi(n.c_str()) > 0) hp.connections.push_back(std::atoi(n.c_str()));
            if (hp.connections.empty()) {
                std::fprintf(stderr, "office-bench: --connections needs positive counts\n");
                return 2;
            }
        } else if (a == "--census-calls")
            census_calls = std::atoll(val().c_str());
        else if (a == "-v" || a == "--verbose")
            ctx.verbose = true;
        else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else {
            std::fprintf(stderr, "office-bench: unknown option %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    if (P.quick) {
        P.runs = 3;
        P.warmup = 30;
        P.seq_calls = 200;
        P.load_calls = 2500;
        P.load_min_ms = 150;
        P.load_max_ms = 400;
    }
    if (runs) P.runs = std::max(1, *runs);
    if (seq) P.seq_calls = std::max(10, *seq);
    if (load) P.load_calls = std::max(P.inflight, *load);
    signal(SIGPIPE, SIG_IGN);

    // Self path for the echo floor.
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    const fs::path self_dir = self.parent_path();

    // ---------------------------------------------------------------- servers
    std::vector<Server> servers;
    {
        Server e;
        e.name = "echo floor";
        e.key = "echo";
        e.argv = {self.string(), "--echo-server"};
        e.modern = true;
        servers.push_back(e);
    }
    {
        Server o;
        o.name = "office-mcp";
        o.key = "office";
        o.modern = true;
        o.db = Server::Db::Arg;
        std::vector<std::string> tried;
        std::string path = server_path;
        if (path.empty()) {
            std::vector<std::string> cands = {(self_dir / "../../stdio_server/office-mcp").lexically_normal().string()};
#ifdef OFFICE_MCP_BINARY
            cands.push_back(OFFICE_MCP_BINARY);
#endif
            for (const auto& cnd : cands) {
                tried.push_back(cnd);
                if (access(cnd.c_str(), X_OK) == 0) {
                    path = cnd;
                    break;
                }
            }
        } else {
            tried.push_back(path);
            if (access(path.c_str(), X_OK) != 0) path.clear();
        }
        if (path.empty()) {
            o.available = false;
            std::string t;
            for (const auto& x : tried) t += (t.empty() ? "" : ", ") + x;
            o.skip_reason = "binary not found (tried " + t + "); pass --server PATH";
        } else {
            o.argv = {fs::absolute(path).lexically_normal().string()};
        }
        servers.push_back(o);
        // The same binary trading durability away (issue 17): what the power-safe default
        // costs per write, measured in the same run.
        Server p = o;
        p.name = "office-mcp process";
        p.key = "process";
        if (!p.argv.empty()) p.argv.insert(p.argv.end(), {"--durability", "process"});
        servers.push_back(p);
        // Another build of office-mcp (--baseline), measured beside this one in the same run and
        // the same way: what a change costs or saves per call, as ratios rather than absolute times.
        if (!baseline_path.empty()) {
            Server b = o;
            b.name = "office-mcp baseline";
            b.key = "baseline";
            b.available = access(baseline_path.c_str(), X_OK) == 0;
            b.skip_reason = b.available ? "" : baseline_path + " is not an executable";
            b.argv = {fs::absolute(baseline_path).lexically_normal().string()};
            servers.push_back(b);
        }
    }
    {
        const std::string node = resolve_in_path("node");
        if (peers_dir.empty()) {
            const char* xdg = getenv("XDG_CACHE_HOME");
            const char* home = getenv("HOME");
            peers_dir = xdg && *xdg ? std::string(xdg) + "/office-mcp-peers"
                                    : std::string(home ? home : "/root") + "/.cache/office-mcp-peers";
        }
        for (int v = 1; v <= 2; ++v) {
            Server s;
            s.name = v == 1 ? "peer-server.mjs" : "peer-server-v2.mjs";
            s.key = v == 1 ? "peer1" : "peer2";
            s.modern = v == 2;
            s.db = Server::Db::PeerEnv;
            const fs::path script = fs::path(peers_dir) / s.name;
            if (node.empty()) {
                s.available = false;
                s.skip_reason = "node not found in PATH";
            } else if (!fs::exists(script)) {
                s.available = false;
                s.skip_reason = script.string() + " not found; run ../shared/peers/setup.sh or pass --peers DIR";
            } else if (!fs::exists(fs::path(peers_dir) / "node_modules")) {
                s.available = false;
                s.skip_reason = peers_dir + "/node_modules missing; run ../shared/peers/setup.sh";
            } else {
                s.argv = {node, script.string()};
            }
            servers.push_back(s);
        }
    }
    if (http && replica_counts.empty()) {
        // The HTTP floor (wrk_nginx.h): nginx from the PATH or /usr/sbin; without it its sessions fail.
        Server f;
        f.name = "nginx floor";
        f.key = "nginx";
        if (const std::string nginx = find_program("nginx"); !nginx.empty()) f.argv = {nginx};
        servers.push_back(f);
    }
    if (!only.empty()) {
        std::set<std::string> keep;
        std::stringstream ss(only);
        std::string k;
        while (std::getline(ss, k, ',')) keep.insert(k);
        for (auto& s : servers)
            if (!keep.count(s.key) && s.available) {
                s.available = false;
                s.skip_reason = "not in --only";
            }
    }

    // ---------------------------------------------------------------- environment
    if (tmpdir.empty()) tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    {
        std::string tmpl = (fs::path(tmpdir) / "office-bench.XXXXXX").string();
        if (!mkdtemp(tmpl.data())) {
            std::fprintf(stderr, "office-bench: cannot create a directory in %s: %s\n", tmpdir.c_str(),
                         strerror(errno));
            return 1;
        }
        ctx.tmp_root = tmpl;
    }
    sched_getaffinity(0, sizeof ctx.orig_affinity, &ctx.orig_affinity);
    int ncpu = CPU_COUNT(&ctx.orig_affinity);
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; --cpu)
        if (CPU_ISSET(cpu, &ctx.orig_affinity)) {
            ctx.pin_cpu = cpu;
            break;
        }
    std::vector<int> pins = {0};
    if (!no_pin) pins.push_back(1);

    utsname un{};
    uname(&un);
    std::string node_version;
    for (const auto& s : servers)
        if (s.key == "peer1" && !s.argv.empty()) node_version = run_capture(s.argv[0] + " --version 2>/dev/null");
    char datebuf[64];
    const time_t tnow = time(nullptr);
    strftime(datebuf, sizeof datebuf, "%Y-%m-%d %H:%M:%S UTC", gmtime(&tnow));

    // ---------------------------------------------------------------- --http-memory: its own run
    if (http_memory) {
        const Server& office = *std::find_if(servers.begin(), servers.end(), [](const Server& s) { return s.key == "office"; });
        int status = 1;
        if (!office.available) std::fprintf(stderr, "office-bench: office-mcp: %s\n", office.skip_reason.c_str());
        else
            status = run_http_memory(office.argv[0], mp, ctx, json_path,
                                     strprintf("office-bench --http-memory — %s, %s %s, load average %.2f\n", datebuf,
                                               un.sysname, un.release, loadavg()));
        fs::remove_all(ctx.tmp_root, ec);
        return status;
    }

    // ---------------------------------------------------------------- --customers: its own run
    if (!cp.counts.empty()) {
        const Server& office = *std::find_if(servers.begin(), servers.end(), [](const Server& s) { return s.key == "office"; });
        int status = 1;
        cp.postgres_uri = postgres_uri;
        if (!postgres_uri.empty()) {
            std::vector<std::string> cands;
            if (!server_pg_path.empty()) cands.push_back(server_pg_path);
            if (!office.argv.empty()) cands.push_back((fs::path(office.argv[0]).parent_path() / "office-mcp-pg").string());
#ifdef OFFICE_MCP_PG_BINARY
            cands.push_back(OFFICE_MCP_PG_BINARY);
#endif
            for (const auto& cnd : cands)
                if (cp.server_pg.empty() && access(cnd.c_str(), X_OK) == 0) cp.server_pg = fs::absolute(cnd).lexically_normal().string();
        }
        if (!office.available) std::fprintf(stderr, "office-bench: office-mcp: %s\n", office.skip_reason.c_str());
        else if (!postgres_uri.empty() && cp.server_pg.empty()) std::fprintf(stderr, "office-bench: office-mcp-pg not found; pass --server-pg PATH\n");
        else
            status = run_customers(office.argv[0], cp, ctx, json_path,
                                   strprintf("office-bench --customers — %s, %s %s, load average %.2f\n", datebuf,
                                             un.sysname, un.release, loadavg()));
        fs::remove_all(ctx.tmp_root, ec);
        return status;
    }

    // ---------------------------------------------------------------- --http: its own run
    if (http) {
        if (P.quick) {
            hp.runs = 1;
            hp.warm_ms = 150;
            hp.phase_ms = 300;
        }
        if (runs) hp.runs = std::max(1, *runs);
        if (phase_ms) hp.phase_ms = std::max(50, *phase_ms);
        std::vector<Server> hs;
        for (const auto& s : servers) {
            if (s.key == "office" || s.key == "process" || s.key == "baseline") {  // process: like for like with the peer's sync
                Server o = s;
                // No drain delay: each run stops it with SIGTERM, and nothing balances it.
                if (o.available) o.argv.insert(o.argv.end(), {"--http", "127.0.0.1:0", "--drain-delay", "0"});
                hs.push_back(o);
            } else if (s.key == "peer2") {
                // The peer over the SDK's Streamable HTTP entry (peer-v2-http.mjs, run from the source tree).
#ifdef OFFICE_BENCH_SOURCE_DIR
                const std::string script = std::string(OFFICE_BENCH_SOURCE_DIR) + "/peer-v2-http.mjs";
#else
                const std::string script = (self_dir / "peer-v2-http.mjs").string();
#endif
                Server p = s;
                p.name = "peer-v2-http.mjs";
                if (p.available && !fs::exists(script)) {
                    p.available = false;
                    p.skip_reason = script + " not found";
                }
                if (p.available) p.argv = {s.argv[0], script, peers_dir, "127.0.0.1:0"};
                hs.push_back(p);
            } else if (s.key == "nginx") {
                hs.push_back(s);
            }
        }
        // wrk and the floor's configuration, like the peer's script, from the source tree.
#ifdef OFFICE_BENCH_SOURCE_DIR
        const fs::path sources = OFFICE_BENCH_SOURCE_DIR;
#else
        const fs::path sources = self_dir;
#endif
        hp.wrk = find_program("wrk");
        hp.wrk_script = (sources / "wrk-mcp.lua").string();
        hp.nginx_conf = (sources / "nginx-floor.conf").string();
        if (!replica_counts.empty() && !postgres_uri.empty()) {
            // office-mcp-pg: the same server on PostgreSQL (built only where libpq is).
            Server g;
            g.name = "office-mcp-pg";
            g.key = "pg";
            g.modern = true;
            g.db = Server::Db::Uri;
            g.db_uri = postgres_uri;
            std::vector<std::string> cands;
            if (!server_pg_path.empty()) cands.push_back(server_pg_path);
            for (const Server& s : hs)
                if (s.key == "office" && !s.argv.empty())
                    cands.push_back((fs::path(s.argv[0]).parent_path() / "office-mcp-pg").string());
#ifdef OFFICE_MCP_PG_BINARY
            cands.push_back(OFFICE_MCP_PG_BINARY);
#endif
            for (const auto& cnd : cands)
                if (access(cnd.c_str(), X_OK) == 0) {
                    g.argv = {fs::absolute(cnd).lexically_normal().string(), "--http", "127.0.0.1:0", "--drain-delay", "0"};
                    break;
                }
            if (g.argv.empty()) {
                g.available = false;
                g.skip_reason = "office-mcp-pg not found; pass --server-pg PATH";
            } else {
                g.reset = {g.argv[0], "db", "reset", "--db", postgres_uri};
            }
            hs.push_back(g);
        }
        if (!replica_counts.empty()) {
            hp.replicas = true;
            hp.clients = {"bench"};  // HAProxy's scaling, from the bench's own client only
            hs = behind_haproxy(hs, replica_counts, self_dir);
        }
        const double load = loadavg();
        std::string header = strprintf("office-bench --http — %s, %s %s, %d CPUs allowed, load average %.2f\n", datebuf,
                                       un.sysname, un.release, ncpu, load);
        if (load > 0.5 * ncpu)
            header += strprintf("WARNING: the machine is busy (1-minute load %.2f on %d CPUs): figures will be noisy\n",
                                load, ncpu);
        if (!node_version.empty()) header += "node " + node_version + "\n";
        int status = run_http_bench(hs, hp, ctx, json_path, header);
#ifdef OFFICE_BENCH_POSTGRES
        // What the two backends cost for an order's rows alone: the floor under the replicas' figures.
        if (!replica_counts.empty() && !postgres_uri.empty() &&
            !report_store_floors(postgres_uri, ctx.tmp_root.string(), P.quick ? 5000 : 20000, json_path))
            status = 1;
#endif
        fs::remove_all(ctx.tmp_root, ec);
        return status;
    }

    const double load_start = loadavg();
    std::printf("office-bench — %s, %s %s, %d CPUs allowed, pinned pass on CPU %d, load average %.2f\n", datebuf,
                un.sysname, un.release, ncpu, ctx.pin_cpu, load_start);
    if (load_start > 0.5 * ncpu)
        std::printf("WARNING: the machine is busy (1-minute load %.2f on %d CPUs): figures will be noisy\n", load_start,
                    ncpu);
    std::printf("mode %s: %d runs × {unpinned%s}, %d warm-up + %d timed sequential calls per tool, ≥%d calls and "
                "%d–%d ms at %d in flight; databases in %s (%s)\n",
                P.quick ? "quick" : "full", P.runs, no_pin ? "" : ", pinned", P.warmup, P.seq_calls, P.load_calls,
                P.load_min_ms, P.load_max_ms, P.inflight, tmpdir.c_str(), fs_type(tmpdir).c_str());
    if (P.quick)
        std::printf("note: --quick's short load phases leave the Node peers' JIT cold (about 3× more CPU per call "
                    "under load than in\n      the full run), so its peer ratios flatter office-mcp: use the full run "
                    "for peer comparisons\n");
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    std::printf("WARNING: office-bench was built with sanitizers: the client is slow, figures are not representative\n");
#endif
    for (const auto& s : servers) {
        if (s.available) {
            std::string cmd;
            for (const auto& a : s.argv) cmd += (cmd.empty() ? "" : " ") + a;
            if (s.db == Server::Db::Arg) cmd += " --db <fresh tmp>/office.db";
            if (s.db == Server::Db::PeerEnv) cmd = "PEER_DB=<fresh tmp>/peer.db " + cmd;
            std::printf("  %-19s %s%s\n", s.name.c_str(), cmd.c_str(),
                        s.key.rfind("peer", 0) == 0 && !node_version.empty() ? ("  (node " + node_version + ")").c_str()
                                                                             : "");
        } else {
            std::printf("  %-19s SKIPPED: %s\n", s.name.c_str(), s.skip_reason.c_str());
        }
    }
    std::fflush(stdout);

    auto set_self_pin = [&](int pinned) {
        if (pinned && ctx.pin_cpu >= 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(ctx.pin_cpu, &one);
            sched_setaffinity(0, sizeof one, &one);
        } else {
            sched_setaffinity(0, sizeof ctx.orig_affinity, &ctx.orig_affinity);
        }
    };

    // ---------------------------------------------------------------- warm-up (page cache, JIT caches)
    std::map<std::string, std::vector<std::string>> failures;  // server -> messages
    for (auto& s : servers) {
        if (!s.available) continue;
        std::fprintf(stderr, "warm-up %s ...\n", s.name.c_str());
        SessionOut o = run_full(s, false, -1, ctx, true);
        if (!o.ok) {
            s.available = false;
            s.skip_reason = "failed in warm-up: " + o.err;
            failures[s.name].push_back("warm-up: " + o.err);
            std::fprintf(stderr, "  %s: %s\n", s.name.c_str(), s.skip_reason.c_str());
            std::printf("  %-19s SKIPPED: %s\n", s.name.c_str(), s.skip_reason.c_str());
        }
    }

    // ---------------------------------------------------------------- measured runs
    Values values;
    nlohmann::ordered_json sessions_json = nlohmann::ordered_json::array();
    std::map<std::string, Counters> counters;
    std::map<std::string, size_t> stderr_bytes;
    std::map<std::string, long> calls_made;
    std::map<std::string, long> unclean_exits;
    const int64_t bench_t0 = now_ns();
    std::vector<Server*> active;
    for (auto& s : servers)
        if (s.available) active.push_back(&s);
    for (int run = 0; run < P.runs; ++run) {
        std::vector<int> pin_order = pins;
        if (run % 2 == 1) std::reverse(pin_order.begin(), pin_order.end());
        for (int pinned : pin_order) {
            std::fprintf(stderr, "run %d/%d %-8s:", run + 1, P.runs, pinned ? "pinned" : "unpinned");
            set_self_pin(pinned);
            const int child_pin = pinned ? ctx.pin_cpu : -1;
            // Round-robin, rotating the starting server every run.
            for (size_t k = 0; k < active.size(); ++k) {
                Server& s = *active[(k + size_t(run)) % active.size()];
                std::vector<std::pair<std::string, SessionOut>> outs;
                outs.emplace_back("legacy", run_full(s, false, child_pin, ctx));
                if (s.modern) {
                    outs.emplace_back("modern", run_full(s, true, child_pin, ctx));
                    outs.emplace_back("discover", run_discover(s, child_pin, ctx));
                }
                bool all_ok = true;
                for (auto& [kind, o] : outs) {
                    ojson sj;
                    sj["run"] = run + 1;
                    sj["pinned"] = bool(pinned);
                    sj["server"] = s.name;
                    sj["session"] = kind;
                    sj["ok"] = o.ok;
                    if (!o.ok) {
                        all_ok = false;
                        sj["error"] = o.err;
                        failures[s.name].push_back(strprintf("run %d %s %s: ", run + 1, pinned ? "pinned" : "unpinned",
                                                             kind.c_str()) +
                                                   o.err);
                    }
                    for (auto& [f, v] : o.fig) {
                        values[pinned][s.name][f].push_back(v);
                        sj["figures"][f] = v;
                    }
                    if (kind != "discover" && o.ok) {
                        sj["server_cpu_total_ms_wait4"] = o.wait4_cpu_ms;
                        sj["server_cpu_clock_before_eof_ms"] = o.cpu_clock_last_ms;
                        sj["maxrss_mib_wait4"] = o.wait4_maxrss_mib;
                        sj["stderr_bytes"] = o.stderr_bytes;
                        stderr_bytes[s.name] += o.stderr_bytes;
                        calls_made[s.name] += long(P.warmup + P.seq_calls) * 3 + long(o.load_calls);
                        sj["load_calls"] = o.load_calls;
                    }
                    if (o.ok) {
                        sj["exit_status"] = o.exit.exited ? office::testing::exit_code(o.exit.status)
                                                          : -1;
                        if (!o.exit_ok) ++unclean_exits[s.name];
                    }
                    sj["error_responses"] = o.k.error_responses;
                    sj["tool_errors"] = o.k.tool_errors;
                    sj["stray_lines"] = o.k.stray_lines;
                    auto& cc = counters[s.name];
                    cc.error_responses += o.k.error_responses;
                    cc.tool_errors += o.k.tool_errors;
                    cc.stray_lines += o.k.stray_lines;
                    sessions_json.push_back(sj);
                }
                std::fprintf(stderr, " %s %s", s.name.c_str(), all_ok ? "ok" : "FAIL");
            }
            std::fprintf(stderr, "\n");
        }
    }
    set_self_pin(0);

    // ---------------------------------------------------------------- syscall census
    std::map<std::string, Census> census;  // server -> legacy-era census
    const std::string strace = no_census ? "" : resolve_in_path("strace");
    if (!no_census && strace.empty()) std::printf("  syscall census SKIPPED: strace not found in PATH\n");
    if (census_calls <= 0) census_calls = P.quick ? 2000 : 5000;
    if (!strace.empty()) {
        std::fprintf(stderr, "syscall census:");
        for (Server* s : active) {
            census[s->name] = run_census(*s, false, ctx, strace, census_calls);
            std::fprintf(stderr, " %s %s", s->name.c_str(), census[s->name].ok ? "ok" : census[s->name].err.c_str());
        }
        std::fprintf(stderr, "\n");
    }
    // ---------------------------------------------------------------- allocations
    std::pair<double, double> allocations{NAN, NAN};
    std::string alloc_err;
    bool alloc_failed = false;  // it ran and failed (not: it could not run here)
#ifdef OFFICE_MCP_COUNTING_BINARY
    const Server* office_server = nullptr;
    for (const auto& s : servers)
        if (s.key == "office" && s.available) office_server = &s;
    if (office_server) {
        std::fprintf(stderr, "allocation census ...\n");
        const fs::path counting = fs::path(office_server->argv[0]).parent_path() / "../tests/bench/office-mcp-counting";
        const std::string binary = fs::exists(counting) ? counting.lexically_normal().string() : OFFICE_MCP_COUNTING_BINARY;
        allocations = run_alloc_census(binary, ctx, alloc_err);
        alloc_failed = !alloc_err.empty();
    }
#else
    alloc_err = "office-mcp-counting was not built";
#endif

    // ---------------------------------------------------------------- store floor
    // SQLite alone, the rows of an order_lunch call (store_floor.h): the bound of the targets.
    StoreFloor store_floor;  // neither ok nor err when office-mcp did not run
    for (const auto* s : active)
        if (s->key == "office") {
            std::fprintf(stderr, "store floor ...\n");
            store_floor = measure_store_floor(ctx.tmp_root.string(), P.quick ? 2000 : 10000);
        }

    // ---------------------------------------------------------------- Node client
    std::map<std::string, std::vector<double>> node_cps;  // server -> calls/s per run
    const std::string node_bin = resolve_in_path("node");
#ifdef OFFICE_BENCH_SOURCE_DIR
    const std::string node_script = std::string(OFFICE_BENCH_SOURCE_DIR) + "/node-client.mjs";
#else
    const std::string node_script = (self_dir / "node-client.mjs").string();
#endif
    const bool node_ok = !no_node && !node_bin.empty() && fs::exists(node_script) &&
                         fs::exists(fs::path(peers_dir) / "node_modules/@modelcontextprotocol/sdk");
    if (!no_node && !node_ok)
        std::printf("  Node client SKIPPED: needs node, %s and the SDK in %s/node_modules\n", node_script.c_str(),
                    peers_dir.c_str());
    if (node_ok) {
        std::fprintf(stderr, "Node client:");
        const long long calls = P.quick ? 5000 : 20000;
        for (int run = 0; run < std::min(P.runs, 3); ++run)
            for (size_t k = 0; k < active.size(); ++k) {
                const Server* s = active[(k + size_t(run)) % active.size()];
                std::string err;
                const double cps = run_node_client(*s, ctx, node_bin, peers_dir, node_script, calls, err);
                if (std::isfinite(cps)) node_cps[s->name].push_back(cps);
                else failures[s->name].push_back("Node client: " + err);
                std::fprintf(stderr, " %s %s", s->name.c_str(), std::isfinite(cps) ? "ok" : "FAIL");
            }
        std::fprintf(stderr, "\n");
    }
    const double bench_seconds = double(now_ns() - bench_t0) / 1e9;

    Run run{P, ctx, servers, active, pins, values, census, census_calls, allocations, alloc_err,
            store_floor, node_cps, counters, stderr_bytes, calls_made, unclean_exits, failures, sessions_json,
            bench_seconds, load_start, ncpu, datebuf, un, tmpdir, node_version, json_path};
    print_report(run);
    fs::remove_all(ctx.tmp_root, ec);

    // The figures stand only when every session ran to its end: a failure is the exit status,
    // with a sentence for each, so a script or ctest cannot read a broken run as a good one.
    int failed = 0;
    for (const auto& s : servers)
        for (const auto& m : failures[s.name]) {
            std::fprintf(stderr, "office-bench: a session of %s failed: %s\n", s.name.c_str(), m.c_str());
            ++failed;
        }
    for (const auto& [name, cs] : census)
        if (!cs.ok) {
            std::fprintf(stderr, "office-bench: the syscall census of %s failed: %s\n", name.c_str(), cs.err.c_str());
            ++failed;
        }
    if (alloc_failed) {
        std::fprintf(stderr, "office-bench: the allocation census of office-mcp failed: %s\n", alloc_err.c_str());
        ++failed;
    }
    if (!store_floor.ok && !store_floor.err.empty()) {
        std::fprintf(stderr, "office-bench: the store floor failed: %s\n", store_floor.err.c_str());
        ++failed;
    }
    return failed ? 1 : 0;
}
