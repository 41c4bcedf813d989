#include "scenarios.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
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
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"
#include "statistics.h"

namespace bench {

std::string tail_of_file(const fs::path& p, size_t max) {
    std::ifstream f(p, std::ios::binary);
    std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (s.size() > max) s = "..." + s.substr(s.size() - max);
    for (auto& ch : s)
        if (ch == '\n') ch = ' ';
    return s;
}

std::vector<std::string> server_argv(const Server& s, const SessionDir& d, std::vector<std::string>& env) {
    std::vector<std::string> argv = s.argv;
    if (s.db == Server::Db::Arg) {
        argv.push_back("--db");
        argv.push_back((d.path / "office.db").string());
    } else if (s.db == Server::Db::Uri) {
        argv.push_back("--db");
        argv.push_back(s.db_uri);
    } else if (s.db == Server::Db::PeerEnv) {
        env.push_back("PEER_DB=" + (d.path / "peer.db").string());
    }
    return argv;
}

LoadOut run_load(Child& c, const Request& r, long long& id, const LoadSpec& spec, Counters& k) {
    LoadOut lo;
    const long long max_calls = spec.min_calls * 100;
    const long long floor_calls = std::min<long long>(spec.min_calls, 8LL * spec.inflight);
    const long long base = id;
    std::vector<uint8_t> answered;
    answered.reserve(size_t(spec.min_calls) * 4);
    std::string req;
    long long sent = 0, done = 0;
    lo.t0 = now_ns();
    auto send = [&](std::string& data) {
        const bool ok = data.empty() || send_all(c, data, now_ns() + kCallTimeout);
        data.clear();
        return ok;
    };
    for (; sent < std::min<long long>(spec.min_calls, spec.inflight); ++sent) {
        r.append(req, base + sent);
        answered.push_back(0);
        if (spec.single && !send(req)) {
            lo.err = "write failed";
            return lo;
        }
    }
    if (!send(req)) {
        lo.err = "write failed";
        return lo;
    }
    int64_t deadline = now_ns() + kCallTimeout;
    for (;;) {
        std::string_view l;
        const int64_t elapsed = now_ns() - lo.t0;
        const bool more_time = elapsed < spec.min_ns;
        const bool over_time = elapsed >= spec.max_ns;  // slow server: stop early (>= 8 × inflight calls)
        bool wrote = false;
        while (next_line(c, l)) {
            TopLevel t;
            long long got = 0;
            if (scan_top(l, t) && t.method.empty() && id_as_int(t.id, got) && got >= base && got < base + sent &&
                !answered[size_t(got - base)]) {
                answered[size_t(got - base)] = 1;
                ++done;
                check_response(l, t, k);
                if ((sent < spec.min_calls && !(over_time && sent >= floor_calls)) ||
                    (more_time && sent < max_calls)) {
                    r.append(req, base + sent++);
                    answered.push_back(0);
                    wrote = true;
                    if (spec.single && !send(req)) {
                        lo.err = "write failed under load";
                        return lo;
                    }
                }
            } else {
                ++k.stray_lines;
            }
        }
        if (!send(req)) {
            lo.err = "write failed under load";
            return lo;
        }
        if (wrote) deadline = now_ns() + kCallTimeout;
        if (done >= sent) break;
        Rd rd = read_some(c, deadline);
        if (rd != Rd::Ok) {
            lo.err = strprintf("under load after %lld of %lld answers: %s", done, sent,
                               rd == Rd::Timeout ? "timed out" : rd == Rd::Eof ? "server closed stdout" : "read error");
            return lo;
        }
    }
    lo.t1 = now_ns();
    lo.sent = sent;
    id = base + sent;
    return lo;
}

bool spawn_server(const Server& s, const SessionDir& dir, int pin_cpu, Child& c, SessionOut& o) {
    o.ok = false;
    if (dir.path.empty()) {
        o.err = "mkdtemp failed";
        return false;
    }
    std::vector<std::string> env;
    const auto argv = server_argv(s, dir, env);
    if (!spawn(c, argv, env, pin_cpu, (dir.path / "stderr.log").string(), o.err)) return false;
    o.ok = true;
    return true;
}

SessionOut run_full(const Server& s, bool modern, int pin_cpu, Ctx& ctx, bool warmup_only) {
    SessionOut o;
    const std::string era = modern ? "modern" : "legacy";
    SessionDir dir(ctx.tmp_root);
    const fs::path errlog = dir.path / "stderr.log";
    Child c;
    if (!spawn_server(s, dir, pin_cpu, c, o)) return o;
    auto fail = [&](const std::string& what) {
        o.ok = false;
        o.err = what;
        kill_child(c);
        const std::string t = tail_of_file(errlog);
        if (!t.empty()) o.err += "; stderr: " + t;
        return o;
    };
    long long id = 1;
    std::string req, line;
    const int64_t start_deadline = c.t_spawn + kStartTimeout;
    if (!modern) {
        initialize_req().append(req, id);
        if (!send_all(c, req, start_deadline)) return fail("cannot write initialize");
        Wait w = wait_for(c, id, start_deadline, o.k, &line);
        if (w != Wait::Ok) return fail(std::string("initialize: ") + wait_text(w));
        if (!contains(line, "\"result\"")) return fail("initialize failed: " + line.substr(0, 300));
        ++id;
        req.assign(kInitialized);
        simple("tools/list", false).append(req, id);
    } else {
        req.clear();
        simple("tools/list", true).append(req, id);
    }
    if (!send_all(c, req, start_deadline)) return fail("cannot write tools/list");
    Wait w = wait_for(c, id, start_deadline, o.k, &line);
    if (w != Wait::Ok) return fail(std::string("tools/list: ") + wait_text(w));
    const int64_t t_cold = now_ns();
    o.fig[era + ".cold_start_ms"] = double(t_cold - c.t_spawn) / 1e6;
    if (int64_t cpu = child_cpu_ns(c); cpu >= 0) o.fig[era + ".startup_cpu_ms"] = double(cpu) / 1e6;
    {
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.contains("result") || !j["result"].contains("tools") ||
            !j["result"]["tools"].is_array())
            return fail("tools/list answer is not a tool list: " + line.substr(0, 300));
        std::set<std::string> names;
        for (const auto& t : j["result"]["tools"])
            if (t.contains("name") && t["name"].is_string()) names.insert(t["name"].get<std::string>());
        for (const auto& t : kTools)
            if (!names.count(t.name)) return fail(std::string("tools/list lacks ") + t.name);
        ctx.tools_listed[s.name] = long(names.size());
    }
    ++id;

    const Params& p = ctx.p;
    const int warm = warmup_only ? 3 : p.warmup;
    std::vector<double> lat;
    lat.reserve(size_t(p.seq_calls));
    for (const Tool& tool : kTools) {
        const Request r = tool_call(tool, modern);
        for (int i = 0; i < warm; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t tw0 = now_ns();
            if (!send_all(c, req, tw0 + kCallTimeout)) return fail("write failed");
            Wait ww = wait_for(c, id, tw0 + kCallTimeout, o.k, i == 0 ? &line : nullptr);
            if (ww != Wait::Ok) return fail(std::string(tool.name) + ": " + wait_text(ww));
            // The very first tools/call of the process: a server that opens (or creates and
            // seeds) its database lazily pays for it here rather than in the cold start.
            if (i == 0 && &tool == &kTools[0]) o.fig[era + ".first_call_ms"] = double(now_ns() - tw0) / 1e6;
            if (i == 0) {
                auto j = nlohmann::json::parse(line, nullptr, false);
                const std::string sk = s.name + " " + era + " " + tool.name;
                if (!ctx.sample_responses.count(sk)) ctx.sample_responses[sk] = line;
                if (j.is_discarded() || !j.contains("result") || !j["result"].is_object())
                    return fail(std::string(tool.name) + " did not return a result: " + line.substr(0, 300));
                if (j["result"].value("isError", false))
                    return fail(std::string(tool.name) + " returned isError: " + line.substr(0, 300));
            }
        }
        if (warmup_only) continue;
        const int64_t cpu0 = settled_cpu_ns(c);
        const ProcStat st0 = proc_stat(c.pid);
        lat.clear();
        for (int i = 0; i < p.seq_calls; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t t0 = now_ns();
            if (!send_all(c, req, t0 + kCallTimeout)) return fail("write failed");
            Wait ww = wait_for(c, id, t0 + kCallTimeout, o.k);
            const int64_t t1 = now_ns();
            if (ww != Wait::Ok) return fail(std::string(tool.name) + ": " + wait_text(ww));
            lat.push_back(double(t1 - t0) / 1e3);
        }
        const int64_t cpu1 = settled_cpu_ns(c);
        const ProcStat st1 = proc_stat(c.pid);
        if (st0.ok && st1.ok) {
            o.fig[era + ".user_us_per_call." + tool.name] = (st1.utime_us - st0.utime_us) / p.seq_calls;
            o.fig[era + ".sys_us_per_call." + tool.name] = (st1.stime_us - st0.stime_us) / p.seq_calls;
            o.fig[era + ".minflt_per_call." + tool.name] = double(st1.minflt - st0.minflt) / p.seq_calls;
        }
        o.fig[era + ".seq_p50_us." + tool.name] = percentile(lat, 0.50);
        o.fig[era + ".seq_p99_us." + tool.name] = percentile(lat, 0.99);
        if (cpu0 >= 0 && cpu1 >= 0)
            o.fig[era + ".cpu_per_call_us." + tool.name] = double(cpu1 - cpu0) / 1e3 / p.seq_calls;
    }

    // Throughput: exactly `inflight` order_lunch requests outstanding, twice: "burst" writes
    // the replacements for all answers of one read() in one write() (what group commit loves);
    // "single" writes every request with its own write(), as the official SDK clients do
    // (issue 16). Each phase lasts at least load_calls calls and at least load_min_ms (so a
    // fast server is measured for long enough), at most 100 × load_calls calls.
    LoadSpec spec;
    spec.min_calls = warmup_only ? 200 : p.load_calls;
    spec.min_ns = warmup_only ? 0 : int64_t(p.load_min_ms) * 1'000'000;
    spec.max_ns = warmup_only ? kCallTimeout : int64_t(p.load_max_ms) * 1'000'000;
    spec.inflight = p.inflight;
    const Request r = tool_call(kTools[0], modern);
    for (const bool single : {false, true}) {
        spec.single = single;
        const std::string tag = single ? "_single" : "";
        const int64_t cpu0 = warmup_only ? -1 : settled_cpu_ns(c);
        const ProcStat st0 = proc_stat(c.pid);
        const int64_t self0 = self_cpu_ns();
        LoadOut lo = run_load(c, r, id, spec, o.k);
        if (!lo.err.empty()) return fail(lo.err);
        const int64_t self1 = self_cpu_ns();
        o.load_calls += lo.sent;
        if (warmup_only) continue;
        const int64_t cpu1 = settled_cpu_ns(c);
        const ProcStat st1 = proc_stat(c.pid);
        const double n = double(lo.sent);
        o.fig[era + ".throughput_cps" + tag] = n / (double(lo.t1 - lo.t0) / 1e9);
        if (cpu0 >= 0 && cpu1 >= 0) o.fig[era + ".cpu_per_call_load_us" + tag] = double(cpu1 - cpu0) / 1e3 / n;
        o.fig[era + ".client_cpu_per_call_load_us" + tag] = double(self1 - self0) / 1e3 / n;
        if (st0.ok && st1.ok) {
            o.fig[era + ".user_us_per_call_load" + tag] = (st1.utime_us - st0.utime_us) / n;
            o.fig[era + ".sys_us_per_call_load" + tag] = (st1.stime_us - st0.stime_us) / n;
            o.fig[era + ".minflt_per_call_load" + tag] = double(st1.minflt - st0.minflt) / n;
        }
    }
    if (!warmup_only) {
        o.fig[era + ".peak_rss_mib"] = vm_hwm_mib(c.pid);
        // The server's database files (db, -wal, -shm) in its private session directory: a WAL
        // that never checkpoints shows up here as growth proportional to the calls made.
        std::error_code dec;
        uintmax_t bytes = 0;
        for (const auto& e : fs::directory_iterator(dir.path, dec))
            if (e.path().filename() != "stderr.log" && e.is_regular_file(dec)) bytes += e.file_size(dec);
        o.fig[era + ".db_files_mib"] = double(bytes) / (1024.0 * 1024.0);
        o.cpu_clock_last_ms = double(child_cpu_ns(c)) / 1e6;
    }
    const int64_t t_eof = now_ns();
    o.exit = close_and_wait(c, t_eof + kExitTimeout);
    o.exit_ok = o.exit.exited && WIFEXITED(o.exit.status) && WEXITSTATUS(o.exit.status) == 0;
    if (o.exit.exited && !warmup_only) o.fig[era + ".exit_after_load_ms"] = double(o.exit.t_exit - t_eof) / 1e6;
    o.wait4_cpu_ms = (o.exit.ru.ru_utime.tv_sec + o.exit.ru.ru_stime.tv_sec) * 1e3 +
                     (o.exit.ru.ru_utime.tv_usec + o.exit.ru.ru_stime.tv_usec) / 1e3;
    o.wait4_maxrss_mib = double(o.exit.ru.ru_maxrss) / 1024.0;
    std::error_code ec;
    o.stderr_bytes = size_t(fs::file_size(errlog, ec));
    if (ec) o.stderr_bytes = 0;
    return o;
}

Census run_census(const Server& s, bool modern, Ctx& ctx, const std::string& strace, long long calls) {
    Census out;
    SessionDir dir(ctx.tmp_root);
    Child c;
    SessionOut o;
    if (!spawn_server(s, dir, -1, c, o)) {
        out.err = o.err;
        return out;
    }
    long long id = 1;
    std::string req, line;
    const int64_t start_deadline = c.t_spawn + kStartTimeout;
    if (!modern) {
        initialize_req().append(req, id);
        if (!send_all(c, req, start_deadline) || wait_for(c, id, start_deadline, o.k, &line) != Wait::Ok) {
            kill_child(c);
            out.err = "initialize failed";
            return out;
        }
        ++id;
        req.assign(kInitialized);
        if (!send_all(c, req, start_deadline)) {
            kill_child(c);
            out.err = "cannot write initialized";
            return out;
        }
    }
    const Request r = tool_call(kTools[0], modern);
    LoadSpec spec;
    spec.single = true;
    spec.inflight = ctx.p.inflight;
    spec.min_calls = std::max<long long>(500, spec.inflight);
    spec.max_ns = kCallTimeout;
    if (LoadOut w = run_load(c, r, id, spec, o.k); !w.err.empty()) {
        kill_child(c);
        out.err = "warm-up: " + w.err;
        return out;
    }
    const std::string file = (dir.path / "census.txt").string();
    const std::string pid = std::to_string(c.pid);
    const pid_t tracer = fork();
    if (tracer == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execl(strace.c_str(), strace.c_str(), "-c", "-f", "-p", pid.c_str(), "-o", file.c_str(), (char*)nullptr);
        _exit(127);
    }
    // Attached once the kernel names a tracer; a little longer for the threads of a Node server.
    const int64_t attach_deadline = now_ns() + 5'000'000'000;
    for (bool attached = false; !attached;) {
        std::ifstream st("/proc/" + pid + "/status");
        for (std::string l; std::getline(st, l);)
            if (l.rfind("TracerPid:", 0) == 0) attached = std::atoi(l.c_str() + 10) != 0;
        if (!attached && now_ns() > attach_deadline) {
            kill(tracer, SIGKILL);
            waitpid(tracer, nullptr, 0);
            kill_child(c);
            out.err = "strace did not attach (ptrace not permitted?)";
            return out;
        }
        sleep_us(1000);
    }
    sleep_us(100'000);
    spec.min_calls = calls;
    LoadOut lo = run_load(c, r, id, spec, o.k);
    kill(tracer, SIGINT);  // detaches and writes the summary
    int status = 0;
    waitpid(tracer, &status, 0);
    close_and_wait(c, now_ns() + kExitTimeout);
    if (!lo.err.empty()) {
        out.err = lo.err;
        return out;
    }
    // % time     seconds  usecs/call     calls    errors syscall
    std::ifstream f(file);
    for (std::string l; std::getline(f, l);) {
        std::istringstream in(l);
        std::vector<std::string> t;
        for (std::string w; in >> w;) t.push_back(w);
        if (t.size() < 5 || t.back() == "total" || !std::isdigit(static_cast<unsigned char>(t[0][0]))) continue;
        out.syscalls[t.back()] += std::atoll(t[3].c_str());
    }
    out.calls = lo.sent;
    out.ok = !out.syscalls.empty();
    if (!out.ok) out.err = "strace -c reported nothing";
    return out;
}

std::pair<double, double> run_alloc_census(const std::string& binary, Ctx& ctx, std::string& err) {
    const std::pair<double, double> none{NAN, NAN};
    SessionDir dir(ctx.tmp_root);
    const std::string counter = (dir.path / "allocations").string();
    {
        const int fd = open(counter.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd < 0 || ftruncate(fd, sizeof(uint64_t)) != 0) {
            err = "cannot create the counter file";
            if (fd >= 0) close(fd);
            return none;
        }
        close(fd);
    }
    const int fd = open(counter.c_str(), O_RDONLY | O_CLOEXEC);
    void* mapped = fd < 0 ? MAP_FAILED : mmap(nullptr, sizeof(uint64_t), PROT_READ, MAP_SHARED, fd, 0);
    if (fd >= 0) close(fd);
    if (mapped == MAP_FAILED) {
        err = "cannot map the counter file";
        return none;
    }
    const volatile uint64_t* count = static_cast<const volatile uint64_t*>(mapped);
    Server s;
    s.name = "office-mcp-counting";
    s.argv = {binary};
    s.db = Server::Db::Arg;
    Child c;
    SessionOut o;
    std::vector<std::string> env = {"OFFICE_BENCH_ALLOC_COUNTER=" + counter};
    auto argv = server_argv(s, dir, env);
    std::pair<double, double> result = none;
    if (!spawn(c, argv, env, -1, (dir.path / "stderr.log").string(), err)) {
        munmap(mapped, sizeof(uint64_t));
        return none;
    }
    long long id = 1;
    std::string req, line;
    const int64_t deadline = c.t_spawn + kStartTimeout;
    initialize_req().append(req, id++);
    req += kInitialized;
    const Request r = tool_call(kTools[0], false);
    LoadSpec spec;
    spec.single = true;
    spec.inflight = ctx.p.inflight;
    spec.min_calls = 1000;
    spec.max_ns = kCallTimeout;
    if (!send_all(c, req, deadline) || wait_for(c, 1, deadline, o.k, &line) != Wait::Ok) {
        err = "initialize failed";
    } else if (LoadOut w = run_load(c, r, id, spec, o.k); !w.err.empty()) {
        err = "warm-up: " + w.err;
    } else {
        const int seq_calls = 1000;
        const uint64_t a0 = *count;
        bool ok = true;
        for (int i = 0; i < seq_calls && ok; ++i, ++id) {
            req.clear();
            r.append(req, id);
            const int64_t t0 = now_ns();
            ok = send_all(c, req, t0 + kCallTimeout) && wait_for(c, id, t0 + kCallTimeout, o.k) == Wait::Ok;
        }
        const uint64_t a1 = *count;
        spec.min_calls = 5000;
        LoadOut lo = ok ? run_load(c, r, id, spec, o.k) : LoadOut{};
        const uint64_t a2 = *count;
        if (!ok || !lo.err.empty()) err = ok ? lo.err : "sequential calls failed";
        else result = {double(a1 - a0) / seq_calls, double(a2 - a1) / double(lo.sent)};
    }
    close_and_wait(c, now_ns() + kExitTimeout);
    munmap(mapped, sizeof(uint64_t));
    return result;
}

double run_node_client(const Server& s, Ctx& ctx, const std::string& node, const std::string& peers_dir,
                       const std::string& script, long long calls, std::string& err) {
    SessionDir dir(ctx.tmp_root);
    std::vector<std::string> env;
    const auto server = server_argv(s, dir, env);
    std::vector<std::string> argv = {node, script, peers_dir, std::to_string(calls), std::to_string(ctx.p.inflight), "--"};
    argv.insert(argv.end(), server.begin(), server.end());
    Child c;
    if (!spawn(c, argv, env, -1, (dir.path / "stderr.log").string(), err)) return NAN;
    std::string line;
    close_fd(c.wfd);
    const int64_t deadline = now_ns() + 120'000'000'000;
    for (;;) {
        std::string_view l;
        if (next_line(c, l)) {
            line.assign(l);
            break;
        }
        if (read_some(c, deadline) != Rd::Ok) break;
    }
    close_and_wait(c, now_ns() + kExitTimeout);
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.contains("seconds") || j.value("errors", 1) != 0) {
        err = "no result" + (line.empty() ? std::string() : ": " + line.substr(0, 200)) + "; stderr: " +
              tail_of_file(dir.path / "stderr.log");
        return NAN;
    }
    return double(j["calls"].get<long long>()) / j["seconds"].get<double>();
}

SessionOut run_discover(const Server& s, int pin_cpu, Ctx& ctx) {
    SessionOut o;
    SessionDir dir(ctx.tmp_root);
    Child c;
    if (!spawn_server(s, dir, pin_cpu, c, o)) return o;
    std::string req, line;
    simple("server/discover", true).append(req, 1);
    const int64_t deadline = c.t_spawn + kStartTimeout;
    Wait w = send_all(c, req, deadline) ? wait_for(c, 1, deadline, o.k, &line) : Wait::Err;
    if (w != Wait::Ok || !contains(line, "\"result\"")) {
        o.ok = false;
        o.err = "server/discover: " + (w == Wait::Ok ? line.substr(0, 300) : std::string(wait_text(w)));
        kill_child(c);
        return o;
    }
    const int64_t t_answer = now_ns();
    o.exit = close_and_wait(c, now_ns() + kExitTimeout);
    o.exit_ok = o.exit.exited && WIFEXITED(o.exit.status) && WEXITSTATUS(o.exit.status) == 0;
    if (!o.exit.exited) {
        o.ok = false;
        o.err = "did not exit within 10 s of stdin closing";
        return o;
    }
    o.fig["modern.discover_exit_ms"] = double(o.exit.t_exit - c.t_spawn) / 1e6;
    o.fig["modern.exit_after_eof_ms"] = double(o.exit.t_exit - t_answer) / 1e6;
    o.wait4_cpu_ms = (o.exit.ru.ru_utime.tv_sec + o.exit.ru.ru_stime.tv_sec) * 1e3 +
                     (o.exit.ru.ru_utime.tv_usec + o.exit.ru.ru_stime.tv_usec) / 1e3;
    o.fig["modern.discover_session_cpu_ms"] = o.wait4_cpu_ms;
    return o;
}

}  // namespace bench
