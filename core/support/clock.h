#pragma once
// Time as the office records it: unix seconds from one injected clock (SessionOptions::now
// reaches every tool through CallContext::now), written as UTC text.

#include <cstdint>
#include <functional>
#include <string>

namespace office {

using UnixClock = std::function<std::int64_t()>;  // unix seconds

// The system's clock, for processes that are not under test; OFFICE_MCP_NOW (a UTC time as
// 2026-12-07T08:00:00Z) sets where it starts, for tests of the calendar.
std::int64_t system_now();

// 2026-11-30T01:27:19Z for 1796002039.
std::string utc_time(std::int64_t unix_seconds);

// The current UTC time as 2026-11-30T01:27:19Z, from the system's clock.
inline std::string utc_now() { return utc_time(system_now()); }

}  // namespace office
