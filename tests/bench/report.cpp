#include "report.h"

#include <sys/utsname.h>
#include <sys/vfs.h>

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
#include <cstdarg>

namespace bench {

std::string strprintf(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

std::string fmt_num(double v) {
    if (!std::isfinite(v)) return "-";
    const double a = std::fabs(v);
    if (a >= 1e6) return fmt_num(v / 1e6) + "M";
    if (a >= 1e4) return fmt_num(v / 1e3) + "k";
    const int dec = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : 4;
    return strprintf("%.*f", dec, v);
}

std::string fmt_ratio(double r) {
    if (!std::isfinite(r)) return "-";
    return fmt_num(r) + "×";
}

size_t display_width(std::string_view s) {
    size_t w = 0;
    for (unsigned char ch : s)
        if ((ch & 0xC0) != 0x80) ++w;
    return w;
}

std::string pad(std::string s, size_t w, bool right) {
    const size_t dw = display_width(s);
    if (dw >= w) return s;
    return right ? std::string(w - dw, ' ') + s : s + std::string(w - dw, ' ');
}

double loadavg() {
    double l = NAN;
    if (FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &l) != 1) l = NAN;
        std::fclose(f);
    }
    return l;
}

std::string fs_type(const std::filesystem::path& p) {
    struct statfs sf{};
    if (statfs(p.c_str(), &sf) != 0) return "?";
    switch (static_cast<unsigned long>(sf.f_type)) {
        case 0x01021994: return "tmpfs";
        case 0xEF53: return "ext4";
        case 0x9123683E: return "btrfs";
        case 0x58465342: return "xfs";
        case 0x794c7630: return "overlayfs";
        default: return strprintf("fs 0x%lx", static_cast<unsigned long>(sf.f_type));
    }
}

void print_report(Run& run) {
    const Params& P = run.P;
    Ctx& ctx = run.ctx;
    std::vector<Server>& servers = run.servers;
    const std::vector<Server*>& active = run.active;
    const std::vector<int>& pins = run.pins;
    Values& values = run.values;
    std::map<std::string, Census>& census = run.census;
    const long long census_calls = run.census_calls;
    const std::pair<double, double>& allocations = run.allocations;
    const std::string& alloc_err = run.alloc_err;
    std::map<std::string, std::vector<double>>& node_cps = run.node_cps;
    std::map<std::string, Counters>& counters = run.counters;
    std::map<std::string, size_t>& stderr_bytes = run.stderr_bytes;
    std::map<std::string, long>& calls_made = run.calls_made;
    std::map<std::string, long>& unclean_exits = run.unclean_exits;
    std::map<std::string, std::vector<std::string>>& failures = run.failures;
    ojson& sessions_json = run.sessions_json;
    const double bench_seconds = run.bench_seconds;
    const double load_start = run.load_start;
    const int ncpu = run.ncpu;
    const std::string& datebuf = run.date;
    const utsname& un = run.un;
    const std::string& tmpdir = run.tmpdir;
    const std::string& node_version = run.node_version;
    const std::string& json_path = run.json_path;

    // ---------------------------------------------------------------- table
    const auto figures = figure_list();
    const Server* office = nullptr;
    const Server* echo = nullptr;
    for (const auto& s : servers) {
        if (s.key == "office") office = &s;
        if (s.key == "echo") echo = &s;
    }
    auto get = [&](int pinned, const std::string& server, const std::string& fig) -> Stat {
        auto a = values.find(pinned);
        if (a == values.end()) return {};
        auto b = a->second.find(server);
        if (b == a->second.end()) return {};
        auto c = b->second.find(fig);
        if (c == b->second.end()) return {};
        return stat_of(c->second);
    };
    auto cell = [&](const Server& s, const Figure& f, int pinned) -> std::string {
        if (f.modern && !s.modern) return "n/a";
        if (!s.available) return "skipped";
        Stat st = get(pinned, s.name, f.key);
        if (st.n == 0) return "fail";
        if (st.n == 1) return fmt_num(st.median);
        return fmt_num(st.median) + " (" + fmt_num(st.min) + "–" + fmt_num(st.max) + ")";
    };
    auto ratio = [&](const Server* num, const Server* den, const Figure& f, int pinned) -> double {
        if (!num || !den) return NAN;
        Stat a = get(pinned, num->name, f.key), b = get(pinned, den->name, f.key);
        if (a.n == 0 || b.n == 0 || b.median == 0) return NAN;
        return a.median / b.median;
    };
    std::vector<const Server*> peers;
    for (const auto& s : servers)
        if (s.key.rfind("peer", 0) == 0) peers.push_back(&s);

    ojson out;
    out["tool"] = "office-bench";
    out["date"] = datebuf;
    out["kernel"] = std::string(un.sysname) + " " + un.release;
    out["cpus"] = ncpu;
    out["pin_cpu"] = ctx.pin_cpu;
    out["mode"] = P.quick ? "quick" : "full";
    out["params"] = {{"runs", P.runs},
                     {"warmup_calls_per_tool", P.warmup},
                     {"seq_calls_per_tool", P.seq_calls},
                     {"load_min_calls", P.load_calls},
                     {"load_min_ms", P.load_min_ms},
                     {"load_max_ms", P.load_max_ms},
                     {"inflight", P.inflight}};
    out["tmpdir"] = tmpdir;
    out["tmpdir_fs"] = fs_type(tmpdir);
    out["node_version"] = node_version;
    out["seconds"] = bench_seconds;
    out["load_average_start"] = load_start;
    out["load_average_end"] = loadavg();
    out["methods"] = {
        {"cold_start_ms", "CLOCK_MONOTONIC from just before fork() to the read() that completes the tools/list "
                          "answer; legacy = initialize, wait, initialized+tools/list in one write; 2026 = one "
                          "tools/list carrying the _meta envelope, written right after fork"},
        {"discover_exit_ms", "fork -> server/discover answered -> stdin closed -> pidfd readable (process exit)"},
        {"discover_session_cpu_ms", "the child's user+system CPU from wait4's rusage for that whole session"},
        {"first_call_ms", "latency of the first tools/call (order_lunch) of the process, right after tools/list; "
                          "includes a lazily opened or created database"},
        {"exit_after_load_ms", "stdin closed after the throughput phase -> process exit (includes e.g. a WAL "
                               "checkpoint at close)"},
        {"startup_cpu_ms", "child's process CPU clock (clock_getcpuclockid, all threads) when the first tools/list "
                           "answer arrives"},
        {"seq_pXX_us", "one request written, answer read, next request; per run nearest-rank percentile of the "
                       "timed calls after warm-up"},
        {"cpu_per_call_us", "child's process CPU clock read when the child is idle before and after the phase, "
                            "difference / calls (includes the server's wakeups, parsing, DB work and writes)"},
        {"throughput_cps", "calls / wall time with exactly 64 order_lunch requests outstanding; replacements for "
                           "all answers of one read() go out in one write()"},
        {"client_cpu_per_call_load_us", "the bench's own CPU per call in the throughput phase (shows the client is "
                                        "not the bottleneck)"},
        {"peak_rss_mib", "VmHWM from /proc/PID/status after the throughput phase, just before stdin is closed"},
        {"db_files_mib", "total size of the files the server created in its private session directory (database, "
                         "-wal, -shm) at the same moment; grows with the calls made if the WAL never checkpoints"},
        {"spread", "median over runs of the per-run figure, with min and max (and IQR in JSON)"}};
    for (const auto& s : servers) {
        ojson sj;
        sj["key"] = s.key;
        sj["available"] = s.available;
        if (!s.available) sj["skip_reason"] = s.skip_reason;
        sj["argv"] = s.argv;
        sj["eras"] = s.modern ? ojson::array({"2025-11-25", "2026-07-28"}) : ojson::array({"2025-11-25"});
        if (ctx.tools_listed.count(s.name)) sj["tools_listed"] = ctx.tools_listed[s.name];
        out["servers"][s.name] = sj;
    }

    for (int pinned : pins) {
        std::printf("\n%s\n", pinned ? strprintf("PINNED: client and server on CPU %d", ctx.pin_cpu).c_str()
                                     : "UNPINNED");
        std::vector<std::vector<std::string>> rows;
        std::vector<std::string> head = {"figure (median (min–max) over runs)", "unit"};
        for (const auto& s : servers) head.push_back(s.name);
        for (const auto* pr : peers) head.push_back(pr->key == "peer1" ? "v1÷office" : "v2÷office");
        head.push_back("office÷echo");
        rows.push_back(head);
        for (const auto& f : figures) {
            std::vector<std::string> r = {f.label, f.unit};
            for (const auto& s : servers) r.push_back(cell(s, f, pinned));
            for (const auto* pr : peers) r.push_back(f.modern && !pr->modern ? "n/a" : fmt_ratio(ratio(pr, office, f, pinned)));
            r.push_back(fmt_ratio(ratio(office, echo, f, pinned)));
            rows.push_back(r);

            ojson fj;
            fj["label"] = f.label;
            fj["unit"] = f.unit;
            fj["better"] = f.higher_better ? "higher" : "lower";
            for (const auto& s : servers) {
                if (f.modern && !s.modern) {
                    fj["servers"][s.name] = "n/a";
                    continue;
                }
                Stat st = get(pinned, s.name, f.key);
                if (st.n == 0) {
                    fj["servers"][s.name] = nullptr;
                    continue;
                }
                fj["servers"][s.name] = {{"median", st.median}, {"min", st.min},  {"max", st.max},
                                         {"q1", st.q1},         {"q3", st.q3},    {"runs", values[pinned][s.name][f.key]}};
            }
            for (const auto* pr : peers) {
                double rr = ratio(pr, office, f, pinned);
                fj["ratios"][pr->name + " ÷ office-mcp"] = std::isfinite(rr) ? ojson(rr) : ojson(nullptr);
            }
            double re = ratio(office, echo, f, pinned);
            fj["ratios"]["office-mcp ÷ echo floor"] = std::isfinite(re) ? ojson(re) : ojson(nullptr);
            out["figures"][pinned ? "pinned" : "unpinned"][f.key] = fj;
        }
        std::vector<size_t> w(rows[0].size(), 0);
        for (const auto& r : rows)
            for (size_t i = 0; i < r.size(); ++i) w[i] = std::max(w[i], display_width(r[i]));
        for (size_t ri = 0; ri < rows.size(); ++ri) {
            std::string line;
            for (size_t i = 0; i < rows[ri].size(); ++i) {
                line += pad(rows[ri][i], w[i], i >= 2 && ri > 0);
                line += i + 1 < rows[ri].size() ? "  " : "";
            }
            std::printf("%s\n", line.c_str());
            if (ri == 0) {
                size_t total = 0;
                for (auto x : w) total += x + 2;
                std::printf("%s\n", std::string(total - 2, '-').c_str());
            }
        }
    }
    std::printf("\nRatios are medians divided: peer ÷ office-mcp > 1 means office-mcp is lower (better for times, "
                "CPU, RSS);\nfor throughput (higher is better) office-mcp is ahead when peer ÷ office-mcp < 1.\n");

    // ---------------------------------------------------------------- durability
    // What the power-safe default (an fdatasync of the WAL before every write's reply, one per
    // burst) costs against --durability process, per write call, from the same runs.
    const Server* process = nullptr;
    for (const auto& s : servers)
        if (s.key == "process") process = &s;
    ojson durability_json;
    if (office && process && office->available && process->available) {
        std::printf("\nDURABILITY (issue 17): order_lunch, power (default) vs --durability process, unpinned\n");
        const std::pair<const char*, const char*> rows_d[] = {
            {"seq_p50_us.order_lunch", "latency p50, sequential"},
            {"seq_p99_us.order_lunch", "latency p99, sequential"},
            {"cpu_per_call_us.order_lunch", "server CPU/call, sequential"},
            {"throughput_cps", "throughput, 64 in flight"},
            {"cpu_per_call_load_us", "server CPU/call, 64 in flight"},
        };
        for (const char* era : {"legacy", "modern"})
            for (const auto& [suffix, label] : rows_d) {
                const std::string key = std::string(era) + "." + suffix;
                const double pw = get(0, office->name, key).median, pr = get(0, process->name, key).median;
                const Figure f = figure_list_lookup(figures, key);
                std::printf("  %-32s %-7s power %10s %-7s process %10s %-7s power÷process %s\n", label,
                            era[0] == 'l' ? "legacy" : "2026", fmt_num(pw).c_str(), f.unit.c_str(), fmt_num(pr).c_str(),
                            f.unit.c_str(), std::isfinite(pw / pr) ? fmt_ratio(pw / pr).c_str() : "-");
                durability_json[key] = {{"power", std::isfinite(pw) ? ojson(pw) : ojson(nullptr)},
                                        {"process", std::isfinite(pr) ? ojson(pr) : ojson(nullptr)},
                                        {"unit", f.unit}};
            }
    }
    out["durability"] = durability_json;

    // ---------------------------------------------------------------- census table
    if (!census.empty()) {
        std::printf("\nSYSCALLS PER CALL: order_lunch, 64 in flight, one write() per message, legacy (strace -c "
                    "attached for %lld calls)\n",
                    census_calls);
        std::set<std::string> names;
        for (const auto& [server, cs] : census)
            for (const auto& [name, count] : cs.syscalls)
                if (cs.calls > 0 && double(count) / double(cs.calls) >= 0.005) names.insert(name);
        std::string head = strprintf("  %-16s", "syscall");
        for (const Server* s : active) head += strprintf(" %19s", s->name.c_str());
        std::printf("%s\n", head.c_str());
        ojson cj;
        auto row = [&](const std::string& name, auto value) {
            std::string line = strprintf("  %-16s", name.c_str());
            for (const Server* s : active) {
                const Census& cs = census[s->name];
                const double v = cs.ok && cs.calls > 0 ? value(cs) / double(cs.calls) : NAN;
                line += strprintf(" %19s", cs.ok ? fmt_num(v).c_str() : "fail");
                if (cs.ok) cj[s->name][name] = v;
            }
            std::printf("%s\n", line.c_str());
        };
        for (const auto& name : names)
            row(name, [&](const Census& cs) {
                auto it = cs.syscalls.find(name);
                return it == cs.syscalls.end() ? 0.0 : double(it->second);
            });
        row("all", [](const Census& cs) {
            double total = 0;
            for (const auto& [n, v] : cs.syscalls) total += double(v);
            return total;
        });
        for (const Server* s : active)
            if (!census[s->name].ok) std::printf("  %s: %s\n", s->name.c_str(), census[s->name].err.c_str());
        out["syscalls_per_call"] = cj;
    }

    // ---------------------------------------------------------------- issue 16 targets
    {
        std::printf("\nHEAP ALLOCATIONS per order_lunch call (office-mcp-counting, legacy): ");
        if (std::isfinite(allocations.first))
            std::printf("%s sequential, %s at 64 in flight one write per message\n", fmt_num(allocations.first).c_str(),
                        fmt_num(allocations.second).c_str());
        else
            std::printf("not measured (%s)\n", alloc_err.c_str());
        out["allocations_per_call"] = {{"sequential", std::isfinite(allocations.first) ? ojson(allocations.first) : ojson(nullptr)},
                                       {"load_single", std::isfinite(allocations.second) ? ojson(allocations.second) : ojson(nullptr)}};
        // The store floor: SQLite alone for the rows of one order_lunch call (store_floor.h).
        const StoreFloor& floor = run.store_floor;
        std::printf("\nSTORE FLOOR: SQLite alone writing one order_lunch call's two rows (prepared, no copies, no JSON, no pipe)\n");
        if (floor.ok) {
            std::printf("  CPU per call, one COMMIT per call    power %s µs   process %s µs\n", fmt_num(floor.power_sequential_us).c_str(),
                        fmt_num(floor.process_sequential_us).c_str());
            std::printf("  CPU per call, one COMMIT per 64      power %s µs   process %s µs\n", fmt_num(floor.power_grouped_us).c_str(),
                        fmt_num(floor.process_grouped_us).c_str());
            std::printf("  the same, each call in a SAVEPOINT  power %s µs   (office-mcp's group commit: one call's failure stays its own)\n",
                        fmt_num(floor.power_grouped_savepoints_us).c_str());
            out["store_floor_us"] = {{"power_sequential", floor.power_sequential_us},
                                     {"power_grouped_savepoints", floor.power_grouped_savepoints_us},
                                     {"process_sequential", floor.process_sequential_us},
                                     {"power_grouped", floor.power_grouped_us},
                                     {"process_grouped", floor.process_grouped_us}};
        } else {
            std::printf("  not measured (%s)\n", floor.err.empty() ? "office-mcp did not run" : floor.err.c_str());
        }
        std::printf("\nTARGETS (issue 16: order_lunch, one message per write(), unpinned)\n");
        ojson t16 = ojson::array();
        auto report16 = [&](const std::string& name, std::optional<bool> met, const std::string& detail) {
            std::printf("  [%s] %s: %s\n", !met ? "n/a     " : *met ? "met     " : "NOT MET ", name.c_str(), detail.c_str());
            t16.push_back({{"target", name}, {"met", met ? ojson(*met) : ojson(nullptr)}, {"detail", detail}});
        };
        const Server* peer1s = nullptr;
        for (const auto* pr : peers)
            if (pr->key == "peer1") peer1s = pr;
        auto m = [&](const Server* s, const std::string& key) { return s ? get(0, s->name, key).median : NAN; };
        if (office && census.count(office->name) && census[office->name].ok) {
            const Census& cs = census[office->name];
            const double brk = cs.syscalls.count("brk") ? double(cs.syscalls.at("brk")) / double(cs.calls) : 0.0;
            report16("0 brk per call in steady state", brk == 0.0, strprintf("%s brk/call", fmt_num(brk).c_str()));
        } else {
            report16("0 brk per call in steady state", std::nullopt, "no syscall census of office-mcp");
        }
        for (const char* era : {"legacy", "modern"}) {
            const double f = m(office, std::string(era) + ".minflt_per_call_load_single");
            report16(strprintf("≤ 0.01 page faults per call (%s)", era), std::isfinite(f) ? std::optional<bool>(f <= 0.01) : std::nullopt,
                     strprintf("%s faults/call", fmt_num(f).c_str()));
        }
        // The most any server keeping these rows in SQLite can reach: the peer's CPU over the store
        // floor plus what the echo floor spends on the same pipe traffic.
        auto bound = [&](double peer, double echo_us, double power_us, double process_us) {
            if (!floor.ok || !std::isfinite(echo_us)) return std::string();
            return strprintf("; bound on SQLite: %s× power, %s× process (store floor %s / %s µs + echo %s µs)",
                             fmt_num(peer / (power_us + echo_us)).c_str(), fmt_num(peer / (process_us + echo_us)).c_str(),
                             fmt_num(power_us).c_str(), fmt_num(process_us).c_str(), fmt_num(echo_us).c_str());
        };
        auto vs = [&](const std::string& name, const std::string& key, double factor, double power_us, double process_us) {
            const double o = m(office, key), p1 = m(peer1s, key);
            if (!std::isfinite(o) || !std::isfinite(p1)) {
                report16(name, std::nullopt, "missing figures");
                return;
            }
            report16(name, p1 / o >= factor,
                     strprintf("%s× (office-mcp %s µs, peer-server.mjs %s µs)", fmt_num(p1 / o).c_str(), fmt_num(o).c_str(),
                               fmt_num(p1).c_str()) +
                         bound(p1, m(echo, key), power_us, process_us));
        };
        vs("CPU per call ≥ 20× less than peer-server.mjs, sequential", "legacy.cpu_per_call_us.order_lunch", 20,
           floor.power_sequential_us, floor.process_sequential_us);
        vs("CPU per call ≥ 20× less than peer-server.mjs, 64 in flight", "legacy.cpu_per_call_load_us_single", 20,
           floor.power_grouped_us, floor.process_grouped_us);
        {
            auto node_median = [&](const Server* s) { return s ? stat_of(node_cps[s->name]).median : NAN; };
            ojson nj;
            for (const auto& [name, v] : node_cps) nj[name] = v;
            out["node_client_cps"] = nj;
            const double o = node_median(office), p1 = node_median(peer1s), e = node_median(echo);
            report16("throughput at 64 in flight ≥ 4× peer-server.mjs through the SDK's Node client",
                     std::isfinite(o / p1) ? std::optional<bool>(o / p1 >= 4) : std::nullopt,
                     strprintf("%s× (office-mcp %s, peer-server.mjs %s, echo floor %s calls/s; office-mcp process %s); "
                               "bound: %s× (the Node client against the echo floor)",
                               fmt_num(o / p1).c_str(), fmt_num(o).c_str(), fmt_num(p1).c_str(), fmt_num(e).c_str(),
                               fmt_num(node_median(process)).c_str(), fmt_num(e / p1).c_str()));
        }
        for (const char* era : {"legacy", "modern"}) {
            const std::string key = std::string(era) + ".throughput_cps_single";
            const double o = m(office, key), e = m(echo, key);
            // One thread spending the store floor on every call cannot answer faster than this.
            const double echo_us = m(echo, std::string(era) + ".cpu_per_call_load_us_single");
            const std::string limit =
                floor.ok && std::isfinite(echo_us)
                    ? strprintf("; bound on SQLite: %s power, %s process", fmt_num(1e6 / (floor.power_grouped_us + echo_us) / e).c_str(),
                                fmt_num(1e6 / (floor.process_grouped_us + echo_us) / e).c_str())
                    : std::string();
            report16(strprintf("throughput at 64 in flight ≥ half the echo floor (%s)", era),
                     std::isfinite(o / e) ? std::optional<bool>(o >= e / 2) : std::nullopt,
                     strprintf("%s of the floor (office-mcp %s, echo %s calls/s)", fmt_num(o / e).c_str(), fmt_num(o).c_str(),
                               fmt_num(e).c_str()) + limit);
        }
        for (const char* era : {"legacy", "modern"}) {
            const double r = m(office, std::string(era) + ".peak_rss_mib");
            report16(strprintf("peak RSS < 8 MiB (%s)", era), std::isfinite(r) ? std::optional<bool>(r < 8) : std::nullopt,
                     strprintf("%s MiB", fmt_num(r).c_str()));
        }
        out["targets_issue16"] = t16;
    }

    // ---------------------------------------------------------------- targets
    std::printf("\nTARGETS (issue #6)\n");
    ojson targets = ojson::array();
    const Server* peer1 = nullptr;
    for (const auto* pr : peers)
        if (pr->key == "peer1") peer1 = pr;
    auto figure_by_key = [&](const std::string& k) -> Figure {
        for (const auto& f : figures)
            if (f.key == k) return f;
        return {k, k, "", false, false};
    };
    auto report = [&](const std::string& name, std::optional<bool> met, const std::string& detail) {
        const char* tag = !met ? "n/a     " : *met ? "met     " : "NOT MET ";
        std::printf("  [%s] %s: %s\n", tag, name.c_str(), detail.c_str());
        ojson tj;
        tj["target"] = name;
        tj["met"] = met ? ojson(*met) : ojson(nullptr);
        tj["detail"] = detail;
        targets.push_back(tj);
    };
    auto med = [&](const Server* s, const std::string& k, int pinned) -> double {
        if (!s) return NAN;
        return get(pinned, s->name, k).median;
    };
    // "office-mcp is ≥ N× less/faster than peer": peer ÷ office ≥ N (lower-better figures).
    auto vs_peer = [&](const std::string& name, const std::string& key, double factor, int pinned) {
        const double o = med(office, key, pinned), p = med(peer1, key, pinned);
        const Figure f = figure_by_key(key);
        if (!std::isfinite(o) || !std::isfinite(p)) {
            report(name, std::nullopt, "missing figures (office-mcp or peer-server.mjs not measured)");
            return;
        }
        const double r = f.higher_better ? o / p : p / o;
        report(name, r >= factor,
               strprintf("%s× (office-mcp %s %s, peer-server.mjs %s %s; need ≥ %s×)", fmt_num(r).c_str(),
                         fmt_num(o).c_str(), f.unit.c_str(), fmt_num(p).c_str(), f.unit.c_str(), fmt_num(factor).c_str()));
    };
    auto below = [&](const std::string& name, const std::string& key, double limit, int pinned) {
        const double o = med(office, key, pinned);
        if (!std::isfinite(o)) {
            report(name, std::nullopt, "office-mcp not measured");
            return;
        }
        const Figure f = figure_by_key(key);
        report(name, o < limit, strprintf("%s %s (need < %s %s)", fmt_num(o).c_str(), f.unit.c_str(),
                                          fmt_num(limit).c_str(), f.unit.c_str()));
    };
    vs_peer("cold start to tools/list ≥100× faster than peer-server.mjs (legacy)", "legacy.cold_start_ms", 100, 0);
    below("cold start to tools/list < 5 ms (legacy)", "legacy.cold_start_ms", 5, 0);
    below("cold start to tools/list < 5 ms (2026-07-28)", "modern.cold_start_ms", 5, 0);
    vs_peer("CPU per order_lunch call ≥20× less than peer-server.mjs (sequential)", "legacy.cpu_per_call_us.order_lunch",
            20, 0);
    vs_peer("CPU per order_lunch call ≥20× less than peer-server.mjs (64 in flight)", "legacy.cpu_per_call_load_us", 20,
            0);
    vs_peer("CPU per find_customer call ≥10× less than peer-server.mjs (sequential)",
            "legacy.cpu_per_call_us.find_customer", 10, 0);
    vs_peer("throughput at 64 in flight ≥12× peer-server.mjs (legacy)", "legacy.throughput_cps", 12, 0);
    for (const char* era : {"legacy", "modern"}) {
        const std::string key = std::string(era) + ".throughput_cps";
        const double o = med(office, key, 0), e = med(echo, key, 0);
        const std::string name = std::string("throughput at 64 in flight ≥ half the echo floor (") +
                                 (era[0] == 'l' ? "legacy" : "2026-07-28") + ")";
        if (!std::isfinite(o) || !std::isfinite(e))
            report(name, std::nullopt, "missing figures");
        else
            report(name, o >= e / 2,
                   strprintf("%s of the floor (office-mcp %s, echo %s calls/s)", fmt_num(o / e).c_str(),
                             fmt_num(o).c_str(), fmt_num(e).c_str()));
    }
    for (int pinned : pins)
        for (const char* era : {"legacy", "modern"}) {
            std::string detail;
            bool all = true, any = false;
            for (const auto& t : kTools) {
                const std::string key = std::string(era) + ".seq_p50_us." + t.name;
                const double o = med(office, key, pinned), e = med(echo, key, pinned);
                if (!std::isfinite(o) || !std::isfinite(e)) continue;
                any = true;
                all = all && o <= 1.3 * e;
                detail += strprintf("%s%s %s µs = %s×", detail.empty() ? "" : ", ", t.name, fmt_num(o).c_str(),
                                    fmt_num(o / e).c_str());
            }
            const double e0 = med(echo, std::string(era) + ".seq_p50_us.order_lunch", pinned);
            if (std::isfinite(e0)) detail += strprintf(" (echo %s µs; need ≤ 1.3×)", fmt_num(e0).c_str());
            report(strprintf("sequential p50 within 1.3× of the echo floor (%s, %s)", pinned ? "pinned" : "unpinned",
                             era[0] == 'l' ? "legacy" : "2026-07-28"),
                   any ? std::optional<bool>(all) : std::nullopt, any ? detail : "missing figures");
        }
    vs_peer("peak RSS under load ≥20× less than peer-server.mjs (legacy)", "legacy.peak_rss_mib", 20, 0);
    below("peak RSS under load < 8 MiB (legacy)", "legacy.peak_rss_mib", 8, 0);
    below("peak RSS under load < 8 MiB (2026-07-28)", "modern.peak_rss_mib", 8, 0);
    out["targets"] = targets;

    // ---------------------------------------------------------------- checks
    std::printf("\nCHECKS\n");
    ojson checks;
    for (const auto& s : servers) {
        if (!s.available) {
            std::printf("  %-19s skipped: %s\n", s.name.c_str(), s.skip_reason.c_str());
            continue;
        }
        const Counters& cc = counters[s.name];
        std::string line = strprintf("%ld error responses, %ld isError results, %ld stray lines", cc.error_responses,
                                     cc.tool_errors, cc.stray_lines);
        if (unclean_exits[s.name]) line += strprintf(", %ld sessions without a clean exit(0) after EOF", unclean_exits[s.name]);
        if (calls_made[s.name] > 0)
            line += strprintf(", stderr %.1f bytes/call", double(stderr_bytes[s.name]) / double(calls_made[s.name]));
        std::printf("  %-19s %s\n", s.name.c_str(), line.c_str());
        checks[s.name] = {{"error_responses", cc.error_responses},
                          {"tool_errors", cc.tool_errors},
                          {"stray_lines", cc.stray_lines},
                          {"unclean_exits", unclean_exits[s.name]},
                          {"stderr_bytes", stderr_bytes[s.name]}};
        for (const auto& m : failures[s.name]) std::printf("    FAILED %s\n", m.c_str());
        if (!failures[s.name].empty()) checks[s.name]["failures"] = failures[s.name];
    }
    out["checks"] = checks;
    out["sample_responses"] = ctx.sample_responses;
    out["sessions"] = sessions_json;
    std::printf("\nload average: %.2f at start, %.2f at the end%s\n", load_start, loadavg(),
                loadavg() > 0.5 * ncpu ? " (busy machine: treat the figures as rough)" : "");
    std::printf("%.1f s. CPU per call: the child's process CPU clock (all threads, ns resolution) read while it\n"
                "is idle before and after each phase; wait4 rusage totals per session are in the JSON.\n",
                bench_seconds);

    if (!json_path.empty()) {
        std::ofstream jf(json_path);
        jf << out.dump(2) << "\n";
        if (!jf) std::fprintf(stderr, "office-bench: cannot write %s\n", json_path.c_str());
        else std::printf("JSON written to %s\n", json_path.c_str());
    }
}

}  // namespace bench
