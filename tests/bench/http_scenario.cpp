#include "http_scenario.h"

#include "http_client.h"
#include "process.h"
#include "report.h"
#include "statistics.h"
#include "wrk_nginx.h"

#include "../exit_status.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bench {

namespace {

using ojson = nlohmann::ordered_json;

// Waits for the server's "serving MCP at http://HOST:PORT/PATH" line on its stderr (the file
// the bench redirected it to); false with `err` when it exits or the deadline passes first.
bool wait_for_url(Child& c, const fs::path& errlog, HttpCall& call, std::string& err) {
    constexpr std::string_view kSays = "serving MCP at http://";
    const int64_t deadline = c.t_spawn + kStartTimeout;
    while (now_ns() < deadline) {
        std::ifstream f(errlog);
        for (std::string line; std::getline(f, line);) {
            const size_t at = line.find(kSays);
            if (at == std::string::npos) continue;
            const std::string url = line.substr(at + kSays.size());  // HOST:PORT/PATH
            const size_t colon = url.find(':'), slash = url.find('/');
            if (colon == std::string::npos || slash == std::string::npos || slash < colon) break;
            call.host = url.substr(0, colon);
            call.port = std::atoi(url.substr(colon + 1, slash - colon - 1).c_str());
            call.path = url.substr(slash);
            return call.port > 0;
        }
        int status = 0;
        if (waitpid(c.pid, &status, WNOHANG) == c.pid) {
            c.reaped = true;
            err = strprintf("exited (status %d) before saying where it serves", office::testing::exit_code(status));
            return false;
        }
        sleep_us(2000);
    }
    err = "did not say where it serves within 30 s";
    return false;
}

// The replicas' pids, from office-replicas' "replica K pid P serves ..." lines.
std::vector<pid_t> replica_pids(const fs::path& errlog) {
    std::vector<pid_t> pids;
    std::ifstream f(errlog);
    for (std::string line; std::getline(f, line);) {
        const auto at = line.find(" pid ");
        if (line.rfind("office-replicas: replica ", 0) == 0 && at != std::string::npos)
            pids.push_back(pid_t(std::atoi(line.c_str() + at + 5)));
    }
    return pids;
}

// CPU (ns, kernel-tick sampled: meaningful over a whole phase) and peak RSS (MiB) summed over pids.
int64_t cpu_ns_of(const std::vector<pid_t>& pids) {
    double us = 0;
    for (pid_t pid : pids) {
        const ProcStat st = proc_stat(pid);
        if (!st.ok) return -1;
        us += st.utime_us + st.stime_us;
    }
    return int64_t(us * 1e3);
}

double rss_mib_of(const std::vector<pid_t>& pids) {
    double mib = 0;
    for (pid_t pid : pids) mib += vm_hwm_mib(pid);
    return mib;
}

// tools/call `tool` (order_lunch or find_customer, with the stdio scenarios' arguments: Maria,
// one customer), 2026-07-28 stateless: the headers the spec requires to match the body.
HttpCall tool_call(const std::string& tool) {
    const Tool* t = &kTools[0];
    for (const Tool& k : kTools)
        if (tool == k.name) t = &k;
    HttpCall call;
    call.headers = std::string("Content-Type: application/json\r\n"
                               "Accept: application/json, text/event-stream\r\n"
                               "MCP-Protocol-Version: 2026-07-28\r\n"
                               "Mcp-Method: tools/call\r\n"
                               "Mcp-Name: ") + t->name + "\r\n";
    call.body_pre = R"({"jsonrpc":"2.0","id":)";
    call.body_post = std::string(R"(,"method":"tools/call","params":{"name":")") + t->name + R"(","arguments":)" +
                     t->arguments + "," + std::string(kMeta) + "}}";
    return call;
}

struct HttpSession {
    bool ok = false;
    std::string err;
    std::map<std::string, double> fig;
    std::string sample;
};

// Runs argv to its end (its output into `log`); "" when it exited 0, else what happened.
std::string run_to_end(const std::vector<std::string>& argv, const fs::path& log) {
    Child c;
    std::string err;
    if (!spawn(c, argv, {}, -1, log.string(), err)) return err;
    const ExitInfo x = close_and_wait(c, now_ns() + kStartTimeout);
    if (!x.exited) return argv[0] + " did not finish within 30 s";
    if (office::testing::exit_code(x.status) != 0)
        return strprintf("%s exited with status %d: %s", argv[0].c_str(), office::testing::exit_code(x.status),
                         tail_of_file(log).c_str());
    return "";
}

// One session: a fresh server (or floor) on a fresh database and port, warmed up and measured by
// `client`: "bench" (http_client.h) or "wrk" (wrk_nginx.h), each for its own warm-up and phase.
HttpSession run_http_session(const Server& s, int connections, const std::string& client, const HttpParams& hp,
                             Ctx& ctx) {
    HttpSession o;
    SessionDir dir(ctx.tmp_root);
    if (!s.reset.empty()) {
        if (o.err = run_to_end(s.reset, dir.path / "reset.log"); !o.err.empty()) return o;
    }
    if (client == "wrk" && hp.wrk.empty()) {
        o.err = std::string("wrk not found in PATH: ") + kInstall;
        return o;
    }
    Child c;
    const fs::path errlog = dir.path / "stderr.log";
    auto fail = [&](const std::string& what) {
        o.ok = false;
        o.err = what;
        kill_child(c);
        if (const std::string t = tail_of_file(errlog); !t.empty()) o.err += "; stderr: " + t;
        return o;
    };
    HttpCall call = tool_call(hp.tool);
    if (s.key == "nginx") {
        // The floor: nginx with nginx-floor.conf on a free port; its canned answer has a fixed id.
        std::vector<std::string> argv;
        if (s.argv.empty()) {
            o.err = std::string("nginx not found in PATH or /usr/sbin: ") + kInstall;
            return o;
        }
        if (!nginx_floor_argv(s.argv[0], hp.nginx_conf, dir.path, argv, call.port, o.err)) return o;
        if (!spawn(c, argv, {}, -1, errlog.string(), o.err)) return o;
        if (!wait_for_port(c, call.port, o.err)) return fail(o.err);
        call.host = "127.0.0.1";
        call.check_id = false;
    } else {
        SessionOut spawned;
        if (!spawn_server(s, dir, -1, c, spawned)) {
            o.err = spawned.err;
            return o;
        }
        const std::string path = std::move(call.path);
        if (!wait_for_url(c, errlog, call, o.err)) return fail(o.err);
        if (call.path != path) return fail("serves at " + call.path + ", not " + path);
    }

    // Behind HAProxy the work is done by the replicas, not by office-replicas itself.
    const std::vector<pid_t> workers = s.replicas > 0 ? replica_pids(errlog) : std::vector<pid_t>{};
    if (s.replicas > 0 && int(workers.size()) != s.replicas)
        return fail(strprintf("office-replicas named %zu replicas, not %d", workers.size(), s.replicas));
    auto server_cpu = [&] { return s.replicas > 0 ? cpu_ns_of(workers) : settled_cpu_ns(c); };
    const std::string at = " at " + std::to_string(connections) + " connections";

    int64_t cpu0 = 0, cpu1 = 0;
    long long calls = 0, worked = 0;  // answered calls; calls the server worked on (wrk: answered or not)
    if (client == "wrk") {
        // The bench's warm-up, in wrk runs: at least warm_ms, until 4 calls per connection were
        // answered or 4 × warm_ms passed (a cold peer may answer none in the first).
        long long warmed = 0;
        for (const int64_t until = now_ns() + int64_t(hp.warm_ms) * 4'000'000; warmed < 4LL * connections && now_ns() < until;) {
            const WrkOut w = run_wrk(hp.wrk, hp.wrk_script, call, connections, hp.warm_ms, 1 + warmed, dir.path);
            if (!w.err.empty()) return fail("warm-up" + at + ": " + w.err);
            warmed += w.requests;
            idle_cpu_ns(server_cpu);
        }
        // A short phase (--quick: 200 ms) on a loaded machine can end before the first answer
        // arrives (one group commit's sync waiting on a busy disk): such a phase measured nothing
        // and is run again, at most three more times; a server that answers none of them fails.
        WrkOut l;
        for (int phase = 0; phase < 4 && l.requests == 0; ++phase) {
            cpu0 = idle_cpu_ns(server_cpu);
            l = run_wrk(hp.wrk, hp.wrk_script, call, connections, hp.phase_ms, 1'000'000'000 + phase * 100'000'000LL, dir.path);
            cpu1 = idle_cpu_ns(server_cpu);
            if (!l.err.empty()) return fail(at.substr(1) + ": " + l.err);
        }
        if (l.requests == 0 || l.duration_s <= 0) return fail("no call was answered in 4 timed phases" + at);
        calls = l.requests;
        worked = l.sent;
        o.fig["calls_per_s"] = double(l.requests) / l.duration_s;
        o.fig["p50_ms"] = l.p50_us / 1e3;
        o.fig["p99_ms"] = l.p99_us / 1e3;
        o.fig["client_cpu_us_per_call"] = l.cpu_ns / 1e3 / double(l.requests);
    } else {
        HttpLoadSpec warm{connections, 4LL * connections, int64_t(hp.warm_ms) * 1'000'000,
                          int64_t(hp.warm_ms) * 4'000'000};
        const HttpLoadOut w = run_http_load(call, warm, 1);
        if (!w.err.empty()) return fail("warm-up" + at + ": " + w.err);
        o.sample = w.sample;

        HttpLoadSpec spec{connections, 8LL * connections, int64_t(hp.phase_ms) * 1'000'000,
                          int64_t(hp.phase_ms) * 4'000'000};
        cpu0 = server_cpu();
        const int64_t self0 = self_cpu_ns();
        const HttpLoadOut l = run_http_load(call, spec, 1'000'000'000);
        const int64_t self1 = self_cpu_ns();
        cpu1 = server_cpu();
        if (!l.err.empty()) return fail(at.substr(1) + ": " + l.err);
        if (l.calls == 0 || l.t1 <= l.t0) return fail("no call was answered");
        calls = worked = l.calls;
        o.fig["calls_per_s"] = double(l.calls) / (double(l.t1 - l.t0) / 1e9);
        o.fig["p50_ms"] = percentile(l.latency_us, 0.50) / 1e3;
        o.fig["p99_ms"] = percentile(l.latency_us, 0.99) / 1e3;
        o.fig["client_cpu_us_per_call"] = double(self1 - self0) / 1e3 / double(l.calls);
    }
    o.fig["peak_rss_mib"] = s.replicas > 0 ? rss_mib_of(workers) : vm_hwm_mib(c.pid);
    if (cpu0 >= 0 && cpu1 >= 0) o.fig["server_cpu_us_per_call"] = double(cpu1 - cpu0) / 1e3 / double(worked);
    o.fig["calls"] = double(calls);

    // SIGTERM is how every server is told to stop; each must then exit 0 on its own.
    kill(c.pid, SIGTERM);
    const ExitInfo x = close_and_wait(c, now_ns() + kExitTimeout);
    if (!x.exited) return fail("did not exit within 10 s of SIGTERM");
    if (office::testing::exit_code(x.status) != 0)
        return fail(strprintf("exited with status %d after SIGTERM", office::testing::exit_code(x.status)));
    o.ok = true;
    return o;
}

// The same office-mcp over stdio (issue 29's HTTP target compares the two): a fresh server and
// database, the tool of the HTTP phase, 2026-07-28, 64 calls in flight written one message per
// write() as an SDK client does; server CPU µs per call over a phase of hp.phase_ms, or NAN with `err`.
double stdio_cpu_us_per_call(const Server& http_server, const HttpParams& hp, Ctx& ctx, std::string& err) {
    Server s = http_server;
    for (const char* flag : {"--http", "--drain-delay"})
        if (auto at = std::find(s.argv.begin(), s.argv.end(), flag); at != s.argv.end() && at + 1 != s.argv.end())
            s.argv.erase(at, at + 2);
    SessionDir dir(ctx.tmp_root);
    Child c;
    SessionOut o;
    if (!spawn_server(s, dir, -1, c, o)) {
        err = o.err;
        return NAN;
    }
    const Tool* tool = &kTools[0];
    for (const Tool& t : kTools)
        if (hp.tool == t.name) tool = &t;
    const Request r = tool_call(*tool, true);
    long long id = 1;
    LoadSpec spec;
    spec.single = true;
    spec.inflight = 64;
    spec.min_calls = 2000;  // warm-up
    spec.max_ns = kCallTimeout;
    if (LoadOut w = run_load(c, r, id, spec, o.k); !w.err.empty()) {
        kill_child(c);
        err = "stdio warm-up: " + w.err;
        return NAN;
    }
    spec.min_calls = 512;
    spec.min_ns = int64_t(hp.phase_ms) * 1'000'000;
    spec.max_ns = spec.min_ns + kCallTimeout;
    const int64_t cpu0 = settled_cpu_ns(c);
    const LoadOut l = run_load(c, r, id, spec, o.k);
    const int64_t cpu1 = settled_cpu_ns(c);
    close_and_wait(c, now_ns() + kExitTimeout);
    if (!l.err.empty() || l.sent == 0 || cpu0 < 0 || cpu1 < 0) {
        err = "stdio: " + (l.err.empty() ? std::string("no CPU figure") : l.err);
        return NAN;
    }
    return double(cpu1 - cpu0) / 1e3 / double(l.sent);
}

struct Col {
    const char* key;
    const char* label;
};
constexpr Col kCols[] = {{"calls_per_s", "calls/s"},
                         {"p50_ms", "p50 ms"},
                         {"p99_ms", "p99 ms"},
                         {"peak_rss_mib", "peak RSS MiB"},
                         {"server_cpu_us_per_call", "server CPU µs/call"},
                         {"client_cpu_us_per_call", "client CPU µs/call"}};

// The issue's targets, office-mcp against the peer: throughput ≥ 20× at 64 connections,
// p99 ≤ 1/10 and peak RSS ≥ 10× less (at every connection count).
struct Target {
    const char* what;
    const char* key;
    bool higher_better;  // ratio = office/peer when higher is better, else peer/office
    double at_least;
    int only_at;  // 0: every connection count
};
constexpr Target kTargets[] = {{"throughput office/peer", "calls_per_s", true, 20, 64},
                               {"p99 peer/office", "p99_ms", false, 10, 0},
                               {"peak RSS peer/office", "peak_rss_mib", false, 10, 0}};

// The key of a server's figures under a client: its name for the bench's own client.
std::string row_of(const std::string& server, const std::string& client) {
    return client == "bench" ? server : server + " [" + client + "]";
}

using StatOf = std::function<Stat(int connections, const std::string& server, const std::string& key)>;

// --replicas: what the issue asks to see, as ratios of medians. Scaling: calls/s of N replicas over
// the fewest replicas of the same server. Against the peer (both behind HAProxy, one replica each):
// office-mcp's calls/s, p99 and CPU per call. Backends (office-mcp-pg, when it runs): PostgreSQL's
// p50 and replica CPU per call over SQLite's, at the same replica count.
ojson replica_ratios(const std::vector<Server*>& active, const HttpParams& hp, const StatOf& stat) {
    ojson out = ojson::object();
    const Server* peer = nullptr;
    std::map<std::string, std::vector<const Server*>> by_key;  // office-mcp builds, fewest replicas first
    for (const Server* s : active) {
        if (s->key == "peer2") peer = s;
        else by_key[s->key].push_back(s);
    }
    for (auto& [key, list] : by_key)
        std::sort(list.begin(), list.end(), [](const Server* a, const Server* b) { return a->replicas < b->replicas; });
    struct Row {
        std::string what;
        const Server* a;
        const Server* b;
        const char* figure;
        bool a_over_b;
    };
    std::vector<Row> rows;
    for (const auto& [key, list] : by_key)
        for (size_t i = 1; i < list.size(); ++i)
            rows.push_back({"scaling: calls/s " + list[i]->name + " / " + list[0]->name, list[i], list[0], "calls_per_s", true});
    if (peer && by_key.count("office")) {
        const Server* o = by_key["office"].front();
        rows.push_back({"calls/s " + o->name + " / " + peer->name, o, peer, "calls_per_s", true});
        rows.push_back({"p99 " + peer->name + " / " + o->name, peer, o, "p99_ms", true});
        rows.push_back({"CPU/call " + peer->name + " / " + o->name, peer, o, "server_cpu_us_per_call", true});
    }
    if (by_key.count("pg") && by_key.count("office"))
        for (const Server* pg : by_key["pg"])
            for (const Server* sq : by_key["office"])
                if (pg->replicas == sq->replicas) {
                    rows.push_back({"p50 " + pg->name + " / " + sq->name, pg, sq, "p50_ms", true});
                    rows.push_back({"replica CPU/call " + pg->name + " / " + sq->name, pg, sq, "server_cpu_us_per_call", true});
                    rows.push_back({"calls/s " + sq->name + " / " + pg->name, sq, pg, "calls_per_s", true});
                }
    std::printf("\nratios of medians, everything through HAProxy\n%s%s%s\n", pad("conns", 6).c_str(),
                pad("", 52).c_str(), pad("ratio", 10, true).c_str());
    for (int n : hp.connections)
        for (const Row& r : rows) {
            const Stat a = stat(n, r.a->name, r.figure), b = stat(n, r.b->name, r.figure);
            const double ratio = a.n && b.n ? a.median / b.median : NAN;
            std::printf("%s%s%s\n", pad(std::to_string(n), 6).c_str(), pad(r.what, 52).c_str(),
                        pad(fmt_ratio(ratio), 10, true).c_str());
            out[std::to_string(n)][r.what] = std::isfinite(ratio) ? ojson(ratio) : ojson();
        }
    return out;
}

}  // namespace

std::vector<Server> behind_haproxy(const std::vector<Server>& servers, const std::vector<int>& counts,
                                   const fs::path& self_dir) {
    std::string driver = (self_dir / "../replicas/office-replicas").lexically_normal().string();
#ifdef OFFICE_REPLICAS_BINARY
    if (access(driver.c_str(), X_OK) != 0) driver = OFFICE_REPLICAS_BINARY;
#endif
    const bool have_driver = access(driver.c_str(), X_OK) == 0;
    std::vector<Server> out;
    for (const Server& s : servers) {
        // The durability trade-off and the floor are --http's questions, not this one's.
        if (s.key == "process" || s.key == "baseline" || s.key == "nginx") continue;
        for (int n : s.key == "peer2" ? std::vector<int>{1} : counts) {
            Server r = s;
            r.replicas = n;
            r.name = (s.key == "peer2" ? std::string("peer-v2-http") : s.name) + " x" + std::to_string(n);
            if (!have_driver) {
                r.available = false;
                r.skip_reason = "office-replicas not found at " + driver;
            }
            if (r.available) {
                r.argv = {driver, "--replicas", std::to_string(n), "--"};
                // The peer has no /readyz, and under load would answer one too late: no checks for it.
                if (s.key == "peer2") r.argv.insert(r.argv.end() - 1, "--no-health-check");
                r.argv.insert(r.argv.end(), s.argv.begin(), s.argv.end());
            }
            out.push_back(r);
        }
    }
    return out;
}

int run_http_bench(std::vector<Server>& servers, const HttpParams& hp, Ctx& ctx, const std::string& json_path,
                   const std::string& header) {
    std::vector<Server*> active;
    std::printf("%s", header.c_str());
    std::printf("HTTP: tools/call %s over Streamable HTTP (2026-07-28, stateless POST /mcp), N keep-alive "
                "connections each\n      one request at a time; per session a fresh server, database and port; %d ms "
                "warm-up, then a %d ms timed phase; %d runs\n",
                hp.tool.c_str(), hp.warm_ms, hp.phase_ms, hp.runs);
    std::printf("clients: ");
    for (const auto& client : hp.clients)
        std::printf("%s", client == "bench" ? "bench (its own, http_client.cpp)  "
                          : strprintf("wrk (%s -t1, %s: the same request bytes)  ",
                                      hp.wrk.empty() ? "NOT FOUND" : hp.wrk.c_str(), hp.wrk_script.c_str()).c_str());
    std::printf("\n");
    for (auto& s : servers) {
        std::string cmd;
        for (const auto& a : s.argv) cmd += (cmd.empty() ? "" : " ") + a;
        if (s.db == Server::Db::Arg) cmd += " --db <fresh tmp>/office.db";
        if (s.db == Server::Db::Uri) cmd += " --db '" + s.db_uri + "' (db reset before each session)";
        if (s.db == Server::Db::PeerEnv) cmd = "PEER_DB=<fresh tmp>/peer.db " + cmd;
        if (s.key == "nginx")
            cmd = (s.argv.empty() ? std::string("nginx NOT FOUND (") + kInstall + ")" : s.argv[0]) +
                  " -p <fresh tmp>/ -e stderr -c <fresh tmp>/nginx.conf (" + hp.nginx_conf + " on a free port)";
        if (s.available) {
            std::printf("  %-19s %s\n", s.name.c_str(), cmd.c_str());
            active.push_back(&s);
        } else {
            std::printf("  %-19s SKIPPED: %s\n", s.name.c_str(), s.skip_reason.c_str());
        }
    }
    std::fflush(stdout);

    // values[connections][row][figure] = per-run values; a row is a server under one client
    // (row_of: the server's name for the bench's own client, so the targets and --replicas read it).
    std::map<int, std::map<std::string, std::map<std::string, std::vector<double>>>> values;
    std::vector<std::string> failures;
    ojson sessions = ojson::array();
    std::set<std::string> failed_rows;
    std::map<std::string, std::vector<double>> stdio_cpu;  // server -> µs per call over stdio, a value per run
    for (int run = 0; run < hp.runs; ++run) {
        std::fprintf(stderr, "http run %d/%d:", run + 1, hp.runs);
        for (int n : hp.connections)
            for (size_t k = 0; k < active.size(); ++k)
                for (const std::string& client : hp.clients) {
                    const Server& s = *active[(k + size_t(run)) % active.size()];
                    const std::string row = row_of(s.name, client);
                    if (failed_rows.count(row)) continue;  // one failure says enough; do not wait on it again
                    const HttpSession o = run_http_session(s, n, client, hp, ctx);
                    ojson sj{{"run", run + 1}, {"connections", n}, {"server", s.name}, {"client", client}, {"ok", o.ok}};
                    if (o.ok) {
                        for (const auto& [f, v] : o.fig) {
                            values[n][row][f].push_back(v);
                            sj["figures"][f] = v;
                        }
                        if (ctx.verbose && run == 0 && !o.sample.empty())
                            std::fprintf(stderr, "\n  %s answered: %s\n", s.name.c_str(), o.sample.c_str());
                    } else {
                        sj["error"] = o.err;
                        failures.push_back(strprintf("a session of %s failed: run %d, %d connections%s: %s", s.name.c_str(),
                                                     run + 1, n, client == "bench" ? "" : (", " + client).c_str(),
                                                     o.err.c_str()));
                        failed_rows.insert(row);
                    }
                    sessions.push_back(sj);
                    std::fprintf(stderr, " %s@%d%s %s", s.name.c_str(), n, client == "bench" ? "" : ("/" + client).c_str(),
                                 o.ok ? "ok" : "FAIL");
                }
        // The same servers over stdio, once a run: the other half of the HTTP CPU target.
        if (!hp.replicas)
            for (const Server* s : active) {
                if (s->key != "office" && s->key != "process" && s->key != "baseline") continue;
                std::string err;
                const double us = stdio_cpu_us_per_call(*s, hp, ctx, err);
                if (std::isfinite(us)) stdio_cpu[s->name].push_back(us);
                else failures.push_back("the stdio session of " + s->name + " failed: " + err);
                std::fprintf(stderr, " %s@stdio %s", s->name.c_str(), std::isfinite(us) ? "ok" : "FAIL");
            }
        std::fprintf(stderr, "\n");
    }

    auto stat = [&](int n, const std::string& server, const std::string& key) {
        auto a = values[n].find(server);
        if (a == values[n].end()) return Stat{};
        auto b = a->second.find(key);
        return b == a->second.end() ? Stat{} : stat_of(b->second);
    };
    auto cell = [](const Stat& st) {
        if (st.n == 0) return std::string("-");
        if (st.n == 1) return fmt_num(st.median);
        return fmt_num(st.median) + " (" + fmt_num(st.min) + "–" + fmt_num(st.max) + ")";
    };
    std::vector<const Server*> offices;  // office-mcp, and again with --durability process
    const Server* peer = nullptr;
    const Server* floor = nullptr;
    for (const Server* s : active) {
        if (s->key == "peer2") peer = s;
        else if (s->key == "nginx") floor = s;
        else offices.push_back(s);
    }

    std::printf("\nmedian (min–max) of the runs\n");
    std::string line = pad("conns", 6) + pad("server", 20) + pad("client", 7);
    for (const auto& c : kCols) line += pad(c.label, 24, true);
    std::printf("%s\n", line.c_str());
    for (int n : hp.connections)
        for (const Server* s : active)
            for (const std::string& client : hp.clients) {
                line = pad(std::to_string(n), 6) + pad(s->name, 20) + pad(client, 7);
                for (const auto& c : kCols) line += pad(cell(stat(n, row_of(s->name, client), c.key)), 24, true);
                std::printf("%s\n", line.c_str());
            }

    // Every row against the floor and the peer under the same client and connections: this row's
    // median over theirs, for each figure (calls/s below 1× is slower, the others above 1× more).
    ojson to_refs = ojson::object();
    if (!hp.replicas && (floor || peer)) {  // --replicas has its own ratios
        std::printf("\nratios of medians, this row ÷ the nginx floor / ÷ %s (same client, same connections)\n",
                    peer ? peer->name.c_str() : "the peer (did not run)");
        line = pad("conns", 6) + pad("server", 20) + pad("client", 7);
        for (const auto& c : kCols)
            if (std::string_view(c.key) != "client_cpu_us_per_call") line += pad(c.label, 22, true);
        std::printf("%s\n", line.c_str());
        for (int n : hp.connections)
            for (const Server* s : active)
                for (const std::string& client : hp.clients) {
                    line = pad(std::to_string(n), 6) + pad(s->name, 20) + pad(client, 7);
                    for (const auto& c : kCols) {
                        if (std::string_view(c.key) == "client_cpu_us_per_call") continue;
                        auto over = [&](const Server* ref) {
                            const Stat a = stat(n, row_of(s->name, client), c.key);
                            const Stat b = ref ? stat(n, row_of(ref->name, client), c.key) : Stat{};
                            return a.n && b.n && b.median > 0 ? a.median / b.median : NAN;
                        };
                        const double f = over(floor), p = over(peer);
                        line += pad(fmt_ratio(f) + " / " + fmt_ratio(p), 22, true);
                        to_refs[std::to_string(n)][s->name][client][c.key] = {
                            {"floor", std::isfinite(f) ? ojson(f) : ojson()}, {"peer", std::isfinite(p) ? ojson(p) : ojson()}};
                    }
                    std::printf("%s\n", line.c_str());
                }
    }

    // Issue 29's target for the HTTP path: office-mcp's CPU per HTTP call at the most connections
    // (wrk's figure when wrk ran) at most its CPU per stdio call (same tool and durability) plus
    // the nginx floor's CPU per call: HTTP should cost office-mcp no more than it costs nginx.
    ojson cpu_target = ojson::object();
    if (!hp.replicas && floor && !stdio_cpu.empty()) {
        const int n = hp.connections.back();
        const std::string client =
            std::find(hp.clients.begin(), hp.clients.end(), "wrk") != hp.clients.end() ? "wrk" : "bench";
        std::printf("\nserver CPU per call at %d connections (%s) against the target: HTTP ≤ stdio (64 in flight, same tool "
                    "and durability) + the nginx floor\n%s%s%s%s%s%s\n",
                    n, client.c_str(), pad("server", 20).c_str(), pad("HTTP µs", 10, true).c_str(),
                    pad("stdio µs", 10, true).c_str(), pad("floor µs", 10, true).c_str(), pad("target µs", 11, true).c_str(),
                    "   HTTP ÷ target");
        const Stat f = stat(n, row_of(floor->name, client), "server_cpu_us_per_call");
        for (const Server* s : offices) {
            const Stat h = stat(n, row_of(s->name, client), "server_cpu_us_per_call");
            const Stat io = stdio_cpu.count(s->name) ? stat_of(stdio_cpu[s->name]) : Stat{};
            if (!h.n || !io.n || !f.n) continue;
            const double target = io.median + f.median;
            std::printf("%s%s%s%s%s   %s %s\n", pad(s->name, 20).c_str(), pad(fmt_num(h.median), 10, true).c_str(),
                        pad(fmt_num(io.median), 10, true).c_str(), pad(fmt_num(f.median), 10, true).c_str(),
                        pad(fmt_num(target), 11, true).c_str(), fmt_ratio(h.median / target).c_str(),
                        h.median <= target ? "met" : "MISSED");
            cpu_target[s->name] = {{"connections", n},       {"client", client},   {"http_us", h.median},
                                   {"stdio_us", io.median},  {"floor_us", f.median}, {"target_us", target},
                                   {"met", h.median <= target}};
        }
    }

    ojson ratios = ojson::object();
    if (hp.replicas) {
        ratios = replica_ratios(active, hp, stat);
        offices.clear();  // the issue's targets compare office-mcp and the peer without a proxy
    }
    int missed = 0;
    for (const Server* office : offices) {
        if (!peer) break;
        std::printf("\nratios of medians against the issue's targets (%s vs %s)\n", office->name.c_str(),
                    peer->name.c_str());
        std::printf("%s%s%s%s\n", pad("conns", 6).c_str(), pad("", 30).c_str(), pad("ratio", 10, true).c_str(),
                    "   target");
        for (int n : hp.connections)
            for (const auto& t : kTargets) {
                const Stat a = stat(n, office->name, t.key), b = stat(n, peer->name, t.key);
                double r = NAN;
                if (a.n && b.n) r = t.higher_better ? a.median / b.median : b.median / a.median;
                const bool applies = t.only_at == 0 || t.only_at == n;
                const bool met = std::isfinite(r) && r >= t.at_least;
                if (applies && !met && office->key == "office") ++missed;
                std::printf("%s%s%s   %s\n", pad(std::to_string(n), 6).c_str(), pad(t.what, 30).c_str(),
                            pad(fmt_ratio(r), 10, true).c_str(),
                            applies ? strprintf("≥ %g× %s", t.at_least, met ? "met" : "MISSED").c_str() : "(no target)");
                ratios[office->name][std::to_string(n)][t.key] = {
                    {"what", t.what}, {"ratio", std::isfinite(r) ? ojson(r) : ojson()},
                    {"target", applies ? ojson(t.at_least) : ojson()}, {"met", applies ? ojson(met) : ojson()}};
            }
    }
    if (peer && !offices.empty())
        std::printf("targets missed by office-mcp with its default durability: %d\n", missed);
    else if (!hp.replicas)
        std::printf("\nno ratios: office-mcp and the peer did not both run\n");

    if (!json_path.empty()) {
        ojson out;
        out["mode"] = "http";
        out["params"] = {{"connections", hp.connections}, {"runs", hp.runs},     {"warm_ms", hp.warm_ms},
                         {"phase_ms", hp.phase_ms},       {"tool", hp.tool},     {"clients", hp.clients},
                         {"load_average_at_end", loadavg()}};
        for (const Server* s : active) {
            std::string cmd;
            for (const auto& a : s->argv) cmd += (cmd.empty() ? "" : " ") + a;
            out["servers"][s->name] = cmd;
        }
        for (int n : hp.connections)
            for (const Server* s : active)
                for (const std::string& client : hp.clients)
                    for (const auto& c : kCols) {
                        const std::string row = row_of(s->name, client);
                        const Stat st = stat(n, row, c.key);
                        if (st.n == 0) continue;
                        out[client == "bench" ? "figures" : "figures_" + client][std::to_string(n)][s->name][c.key] = {
                            {"median", st.median}, {"min", st.min}, {"max", st.max}, {"runs", values[n][row][c.key]}};
                    }
        out["ratios"] = ratios;
        out["ratios_to_floor_and_peer"] = to_refs;
        out["http_cpu_target"] = cpu_target;
        out["sessions"] = sessions;
        out["failures"] = failures;
        std::ofstream(json_path) << out.dump(2) << "\n";
    }
    for (const auto& f : failures) std::fprintf(stderr, "office-bench: %s\n", f.c_str());
    return failures.empty() ? 0 : 1;
}

}  // namespace bench
