#include "clock.h"

#include <ctime>

namespace office {

std::int64_t system_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

std::string utc_time(std::int64_t unix_seconds) {
    // Every write records the time, and consecutive calls fall in the same second: the text of
    // the last second is kept (per thread), sparing gmtime_r and strftime, about 1.5k
    // instructions, on all but the first call of each second (issue 16).
    thread_local std::int64_t cached_second = 0;
    thread_local char cached[32] = {};
    if (cached[0] == '\0' || unix_seconds != cached_second) {
        const std::time_t t = static_cast<std::time_t>(unix_seconds);
        std::tm tm {};
        gmtime_r(&t, &tm);
        std::strftime(cached, sizeof cached, "%Y-%m-%dT%H:%M:%SZ", &tm);
        cached_second = unix_seconds;
    }
    return cached;
}

}  // namespace office
