// Telling a service manager how the server is (systemd's notify protocol, sd_notify(3)): one
// datagram of "KEY=VALUE" lines to the Unix socket named by $NOTIFY_SOCKET. Written here rather
// than linked from libsystemd, so the static office-mcp needs nothing more; without
// $NOTIFY_SOCKET (not started by systemd with Type=notify) it does nothing.

#pragma once

#include <chrono>
#include <string_view>

namespace service_manager {

// Sends `state` ("READY=1", "STOPPING=1", "WATCHDOG=1", ...); false when it could not be sent.
bool notify(std::string_view state);

// How often to ping the watchdog: half of $WATCHDOG_USEC when it is set for this process
// ($WATCHDOG_PID, when set, is ours), else 0 (no watchdog).
std::chrono::microseconds watchdog_interval();

}  // namespace service_manager
