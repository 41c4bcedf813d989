#include "statistics.h"

#include "wire.h"

#include <algorithm>
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

namespace bench {

double percentile(std::vector<double> v, double p) {  // nearest rank
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    size_t idx = size_t(std::ceil(p * double(v.size())));
    idx = std::clamp<size_t>(idx, 1, v.size()) - 1;
    return v[idx];
}

double quantile_lin(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return NAN;
    const double pos = q * double(sorted.size() - 1);
    const size_t lo = size_t(std::floor(pos)), hi = size_t(std::ceil(pos));
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - double(lo));
}

Stat stat_of(std::vector<double> v) {
    Stat s;
    std::erase_if(v, [](double x) { return !std::isfinite(x); });
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.n = v.size();
    s.min = v.front();
    s.max = v.back();
    s.median = quantile_lin(v, 0.5);
    s.q1 = quantile_lin(v, 0.25);
    s.q3 = quantile_lin(v, 0.75);
    return s;
}

std::vector<Figure> figure_list() {
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, std::string unit, bool hb = false) {
        const bool modern = key.rfind("modern.", 0) == 0;
        f.push_back({std::move(key), std::move(label), std::move(unit), hb, modern});
    };
    add("legacy.cold_start_ms", "cold start → tools/list, legacy", "ms");
    add("modern.cold_start_ms", "cold start → tools/list, 2026", "ms");
    add("modern.discover_exit_ms", "spawn → discover → EOF → exit", "ms");
    add("modern.discover_session_cpu_ms", "server CPU spawn→discover→exit (wait4)", "ms");
    add("legacy.startup_cpu_ms", "server CPU to 1st tools/list, legacy", "ms");
    add("modern.startup_cpu_ms", "server CPU to 1st tools/list, 2026", "ms");
    add("legacy.first_call_ms", "first tools/call after start, legacy", "ms");
    add("modern.first_call_ms", "first tools/call after start, 2026", "ms");
    for (const auto& t : kTools) {
        for (const char* q : {"p50", "p99"})
            for (const char* era : {"legacy", "modern"})
                add(std::string(era) + ".seq_" + q + "_us." + t.name,
                    std::string("seq ") + q + " " + t.name + ", " + (era[0] == 'l' ? "legacy" : "2026"), "µs");
    }
    for (const auto& t : kTools)
        for (const char* era : {"legacy", "modern"})
            add(std::string(era) + ".cpu_per_call_us." + t.name,
                std::string("server CPU/call seq ") + t.name + ", " + (era[0] == 'l' ? "legacy" : "2026"), "µs");
    for (const char* era : {"legacy", "modern"}) {
        const std::string e = era[0] == 'l' ? "legacy" : "2026";
        add(std::string(era) + ".user_us_per_call.order_lunch", "server user CPU/call seq order_lunch, " + e, "µs");
        add(std::string(era) + ".sys_us_per_call.order_lunch", "server sys CPU/call seq order_lunch, " + e, "µs");
        add(std::string(era) + ".minflt_per_call.order_lunch", "server page faults/call seq order_lunch, " + e, "");
    }
    // The 64-in-flight phases: burst (replacements batched in one write) and single (one
    // write() per request, as the SDK clients write).
    for (const char* mode : {"", "_single"}) {
        const std::string m = mode[0] ? "one write/msg" : "burst writes";
        for (const char* era : {"legacy", "modern"}) {
            const std::string e = era[0] == 'l' ? "legacy" : "2026";
            const std::string k = std::string(era) + ".";
            add(k + "throughput_cps" + mode, "throughput, 64 in flight, " + m + ", " + e, "calls/s", true);
            add(k + "cpu_per_call_load_us" + mode, "server CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "user_us_per_call_load" + mode, "server user CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "sys_us_per_call_load" + mode, "server sys CPU/call 64 in flight, " + m + ", " + e, "µs");
            add(k + "minflt_per_call_load" + mode, "server page faults/call 64 in flight, " + m + ", " + e, "");
            add(k + "client_cpu_per_call_load_us" + mode, "client CPU/call 64 in flight, " + m + ", " + e, "µs");
        }
    }
    add("legacy.peak_rss_mib", "peak RSS after load, legacy", "MiB");
    add("modern.peak_rss_mib", "peak RSS after load, 2026", "MiB");
    add("legacy.db_files_mib", "database files on disk after load, legacy", "MiB");
    add("modern.db_files_mib", "database files on disk after load, 2026", "MiB");
    add("legacy.exit_after_load_ms", "stdin EOF → exit after load, legacy", "ms");
    add("modern.exit_after_load_ms", "stdin EOF → exit after load, 2026", "ms");
    return f;
}

Figure figure_list_lookup(const std::vector<Figure>& figures, const std::string& key) {
    for (const auto& f : figures)
        if (f.key == key) return f;
    return {key, key, "", false, false};
}

}  // namespace bench
