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

bool scan_top(std::string_view s, TopLevel& t) {
    t = {};
    size_t i = skip_ws(s, 0);
    if (i >= s.size() || s[i] != '{') return false;
    ++i;
    for (;;) {
        i = skip_ws(s, i);
        if (i >= s.size()) return false;
        if (s[i] == '}') return true;
        if (s[i] != '"') return false;
        const size_t key_end = skip_string(s, i);
        if (key_end == std::string_view::npos) return false;
        const std::string_view key = s.substr(i + 1, key_end - i - 2);
        i = skip_ws(s, key_end);
        if (i >= s.size() || s[i] != ':') return false;
        i = skip_ws(s, i + 1);
        const size_t value_end = skip_value(s, i);
        if (value_end == std::string_view::npos) return false;
        const std::string_view value = s.substr(i, value_end - i);
        if (key == "id")
            t.id = value;
        else if (key == "method")
            t.method = value.size() >= 2 ? value.substr(1, value.size() - 2) : value;
        else if (key == "result")
            t.result = true;
        else if (key == "error")
            t.error = true;
        i = skip_ws(s, value_end);
        if (i >= s.size()) return false;
        if (s[i] == ',') {
            ++i;
            continue;
        }
        return s[i] == '}';
    }
}

bool id_as_int(std::string_view raw, long long& out) {
    if (raw.size() >= 2 && raw.front() == '"') raw = raw.substr(1, raw.size() - 2);
    if (raw.empty()) return false;
    auto r = std::from_chars(raw.data(), raw.data() + raw.size(), out);
    return r.ec == std::errc() && r.ptr == raw.data() + raw.size();
}

Wait wait_for(Child& c, long long id, int64_t deadline, Counters& k, std::string* copy) {
    for (;;) {
        std::string_view line;
        while (next_line(c, line)) {
            TopLevel t;
            long long got = 0;
            if (scan_top(line, t) && t.method.empty() && id_as_int(t.id, got) && got == id) {
                check_response(line, t, k);
                if (copy) copy->assign(line);
                return Wait::Ok;
            }
            ++k.stray_lines;
        }
        switch (read_some(c, deadline)) {
            case Rd::Ok: break;
            case Rd::Timeout: return Wait::Timeout;
            case Rd::Eof: return Wait::Eof;
            case Rd::Err: return Wait::Err;
        }
    }
}

Request tool_call(const Tool& t, bool modern) {
    Request r;
    r.post = R"(,"method":"tools/call","params":{)";
    if (modern) {
        r.post += kMeta;
        r.post += ',';
    }
    r.post += R"("name":")";
    r.post += t.name;
    r.post += R"(","arguments":)";
    r.post += t.arguments;
    r.post += "}}\n";
    return r;
}

Request simple(std::string_view method, bool modern) {
    Request r;
    r.post = R"(,"method":")" + std::string(method) + R"(","params":{)";
    if (modern) r.post += kMeta;
    r.post += "}}\n";
    return r;
}

Request initialize_req() {
    Request r;
    r.post =
        R"(,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"office-bench","version":"1"}}})"
        "\n";
    return r;
}

const char* wait_text(Wait w) {
    switch (w) {
        case Wait::Ok: return "ok";
        case Wait::Timeout: return "timed out";
        case Wait::Eof: return "server closed stdout";
        case Wait::Err: return "read error";
    }
    return "?";
}

}  // namespace bench
