#pragma once
// How office-bench reports: its figures for people (numbers, ratios, padded columns, the tables,
// targets and checks) and as JSON.

#include "scenarios.h"
#include "statistics.h"
#include "store_floor.h"
#include "wire.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include <sys/utsname.h>
#include <string>
#include <string_view>

namespace bench {

std::string strprintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

std::string strprintf(const char* fmt, ...);

std::string fmt_num(double v);

std::string fmt_ratio(double r);

size_t display_width(std::string_view s);

std::string pad(std::string s, size_t w, bool right = false);

// The 1-minute load average, NaN when /proc does not say.
double loadavg();

// The kind of file system `p` is on (tmpfs, ext4, ...), for the report's header.
std::string fs_type(const std::filesystem::path& p);

using ojson = nlohmann::ordered_json;

// Everything one run of office-bench measured, and how it ran: what the report is made of.
struct Run {
    const Params& P;
    Ctx& ctx;
    std::vector<Server>& servers;
    const std::vector<Server*>& active;  // the servers that ran
    const std::vector<int>& pins;        // 0: unpinned, 1: pinned to ctx.pin_cpu
    Values& values;
    std::map<std::string, Census>& census;  // server -> legacy-era syscall census
    long long census_calls;
    std::pair<double, double> allocations;  // heap allocations per call {sequential, load}
    std::string alloc_err;
    StoreFloor store_floor;  // SQLite alone: the bound of the per-call targets
    std::map<std::string, std::vector<double>>& node_cps;  // server -> calls/s per run
    std::map<std::string, Counters>& counters;
    std::map<std::string, size_t>& stderr_bytes;
    std::map<std::string, long>& calls_made;
    std::map<std::string, long>& unclean_exits;
    std::map<std::string, std::vector<std::string>>& failures;  // server -> messages
    ojson& sessions_json;
    double bench_seconds;
    double load_start;
    int ncpu;
    std::string date;
    utsname un;
    std::string tmpdir;
    std::string node_version;
    std::string json_path;  // empty: no JSON
};

// The tables, targets and checks on stdout, and the JSON file when asked for.
void print_report(Run& run);

}  // namespace bench
