#include "echo_server.h"

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

#include "wire.h"

namespace bench {

int echo_server_main() {
    static constexpr std::string_view kInit =
        R"({"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"echo-floor","version":"1"}})";
    static constexpr std::string_view kToolsList =
        R"({"tools":[{"name":"order_lunch","inputSchema":{"type":"object"}},{"name":"find_customer","inputSchema":{"type":"object"}},{"name":"list_availability","inputSchema":{"type":"object"}}],"resultType":"complete","ttlMs":0,"cacheScope":"public"})";
    static constexpr std::string_view kDiscover =
        R"({"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"public","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"echo-floor","version":"1"}}})";
    static constexpr std::string_view kCall =
        R"({"content":[{"type":"text","text":"Ordered 2 tortilla."}],"isError":false,"resultType":"complete"})";
    std::vector<char> in(1 << 16);
    size_t start = 0, end = 0;
    std::string out;
    out.reserve(1 << 16);
    for (;;) {
        if (in.size() - end < 4096) {
            if (start > 0) {
                std::memmove(in.data(), in.data() + start, end - start);
                end -= start;
                start = 0;
            }
            if (in.size() - end < 4096) in.resize(in.size() * 2);
        }
        ssize_t n = read(0, in.data() + end, in.size() - end);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        end += size_t(n);
        for (;;) {
            const void* nl = std::memchr(in.data() + start, '\n', end - start);
            if (!nl) break;
            const size_t e = size_t(static_cast<const char*>(nl) - in.data());
            std::string_view line(in.data() + start, e - start);
            start = e + 1;
            TopLevel t;
            if (!scan_top(line, t) || t.id.empty() || t.method.empty()) continue;  // notification/garbage
            std::string_view result = kCall;
            if (t.method == "initialize")
                result = kInit;
            else if (t.method == "tools/list")
                result = kToolsList;
            else if (t.method == "server/discover")
                result = kDiscover;
            out += R"({"jsonrpc":"2.0","id":)";
            out += t.id;
            out += R"(,"result":)";
            out += result;
            out += "}\n";
        }
        if (start == end) start = end = 0;
        if (!out.empty()) {
            if (!write_all_fd(1, out.data(), out.size())) break;
            out.clear();
        }
    }
    return 0;
}

}  // namespace bench
