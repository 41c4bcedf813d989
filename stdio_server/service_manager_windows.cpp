// service_manager.h on Windows: systemd's notify protocol has no counterpart here (a Windows
// service would speak to the Service Control Manager, and office-mcp.exe is not one), so there is
// never anyone to tell and no watchdog to ping.
#include "service_manager.h"

namespace service_manager {

bool notify(std::string_view) { return false; }

std::chrono::microseconds watchdog_interval() { return std::chrono::microseconds(0); }

}  // namespace service_manager
