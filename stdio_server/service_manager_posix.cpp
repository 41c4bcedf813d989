// service_manager.h on POSIX: systemd's notify socket.
#include "service_manager.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace service_manager {

bool notify(std::string_view state) {
    const char* socket_path = std::getenv("NOTIFY_SOCKET");
    if (!socket_path || !*socket_path) return false;
    const std::string path = socket_path;
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof address.sun_path || (path[0] != '/' && path[0] != '@')) return false;
    std::memcpy(address.sun_path, path.data(), path.size());
    if (path[0] == '@') address.sun_path[0] = '\0';  // the abstract namespace
    const int fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + path.size());
    ssize_t sent;
    do {
        sent = ::sendto(fd, state.data(), state.size(), MSG_NOSIGNAL, reinterpret_cast<const sockaddr*>(&address), length);
    } while (sent < 0 && errno == EINTR);
    ::close(fd);
    return sent == static_cast<ssize_t>(state.size());
}

std::chrono::microseconds watchdog_interval() {
    const char* usec = std::getenv("WATCHDOG_USEC");
    if (!usec || !*usec) return std::chrono::microseconds(0);
    if (const char* pid = std::getenv("WATCHDOG_PID"); pid && *pid && std::atoll(pid) != ::getpid())
        return std::chrono::microseconds(0);
    const long long interval = std::atoll(usec);
    return std::chrono::microseconds(interval > 0 ? interval / 2 : 0);
}
}  // namespace service_manager
