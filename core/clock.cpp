#include "clock.h"

#include <ctime>

namespace office {

std::int64_t system_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

std::string utc_time(std::int64_t unix_seconds) {
    const std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

}  // namespace office
