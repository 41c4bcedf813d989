#include "clock.h"

#include "platform.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace office {

namespace {
// OFFICE_MCP_NOW=2026-12-07T08:00:00Z: the clock starts at that instant and runs on from it,
// so a test of "today" and "slots before now" needs no wait and no real date (issue 38).
std::int64_t pinned_offset() {
    const char* pin = std::getenv("OFFICE_MCP_NOW");
    if (!pin || !*pin) return 0;
    std::tm tm{};
    char z = 0;
    if (std::sscanf(pin, "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                    &tm.tm_sec, &z) != 7 || z != 'Z') {
        std::fprintf(stderr, "office-mcp: OFFICE_MCP_NOW must be a UTC time as 2026-12-07T08:00:00Z; ignored\n");
        return 0;
    }
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    return static_cast<std::int64_t>(platform::utc_seconds(tm)) - static_cast<std::int64_t>(std::time(nullptr));
}
}  // namespace

std::int64_t system_now() {
    static const std::int64_t offset = pinned_offset();
    return static_cast<std::int64_t>(std::time(nullptr)) + offset;
}

std::string utc_time(std::int64_t unix_seconds) {
    // Every write records the time, and consecutive calls fall in the same second: the text of
    // the last second is kept (per thread), sparing gmtime_r and strftime, about 1.5k
    // instructions, on all but the first call of each second (issue 16).
    thread_local std::int64_t cached_second = 0;
    thread_local char cached[32] = {};
    if (cached[0] == '\0' || unix_seconds != cached_second) {
        const std::time_t t = static_cast<std::time_t>(unix_seconds);
        std::tm tm {};
        platform::utc_tm(t, tm);
        std::strftime(cached, sizeof cached, "%Y-%m-%dT%H:%M:%SZ", &tm);
        cached_second = unix_seconds;
    }
    return cached;
}

}  // namespace office
