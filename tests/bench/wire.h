#pragma once
// JSON-RPC on office-bench's pipes: the top-level scanner that finds a response's id without a
// full parse, the requests prebuilt for the hot loops, and waiting for one response by id.

#include "process.h"

#include <charconv>
#include <string>
#include <string_view>

namespace bench {

// The hot loops only need a response's top-level "id" and whether it carries "result" or
// "error"; a full parse per response would make the client the bottleneck against a fast
// server. This walks the top-level object once and skips nested values (strings with
// escapes, objects, arrays), so an "id" inside a result is never mistaken for the
// response's id. Key order does not matter.
struct TopLevel {
    std::string_view id;      // raw token: 5 or "x"
    std::string_view method;  // unquoted
    bool result = false;
    bool error = false;
};

inline size_t skip_ws(std::string_view s, size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
    return i;
}

inline size_t skip_string(std::string_view s, size_t i) {  // s[i] == '"'
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

inline size_t skip_value(std::string_view s, size_t i) {
    if (i >= s.size()) return std::string_view::npos;
    if (s[i] == '"') return skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char ch = s[i];
            if (ch == '"') {
                i = skip_string(s, i);
                if (i == std::string_view::npos) return i;
                continue;
            }
            if (ch == '{' || ch == '[') {
                ++depth;
            } else if (ch == '}' || ch == ']') {
                if (--depth == 0) return i + 1;
            }
            ++i;
        }
        return std::string_view::npos;
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\t' &&
           s[i] != '\r' && s[i] != '\n')
        ++i;
    return i;
}

bool scan_top(std::string_view s, TopLevel& t);

bool id_as_int(std::string_view raw, long long& out);

inline bool contains(std::string_view hay, std::string_view needle) {
    return hay.find(needle) != std::string_view::npos;
}

struct Counters {
    long error_responses = 0;  // JSON-RPC error
    long tool_errors = 0;      // result.isError == true
    long stray_lines = 0;      // notifications, server requests, unknown ids, garbage
};

inline void check_response(std::string_view line, const TopLevel& t, Counters& k) {
    if (t.error || !t.result) ++k.error_responses;
    size_t i = line.find("\"isError\"");
    if (i != std::string_view::npos) {
        i = skip_ws(line, i + 9);
        if (i < line.size() && line[i] == ':' && (i = skip_ws(line, i + 1)) < line.size() && line[i] == 't')
            ++k.tool_errors;
    }
}

// Waits for the response to `id`; other lines are counted as stray.
enum class Wait { Ok, Timeout, Eof, Err };

Wait wait_for(Child& c, long long id, int64_t deadline, Counters& k, std::string* copy = nullptr);

constexpr std::string_view kMeta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";

struct Tool {
    const char* name;
    const char* arguments;
};

constexpr Tool kTools[] = {
    {"order_lunch", R"({"item":"tortilla","quantity":2})"},
    {"find_customer", R"({"query":"Maria"})"},
    {"list_availability", R"({"day":"2026-09-04"})"},
};

struct Request {  // pre + id + post, built without formatting in the hot loop
    std::string pre = R"({"jsonrpc":"2.0","id":)";
    std::string post;
    void append(std::string& out, long long id) const {
        out += pre;
        char b[24];
        auto r = std::to_chars(b, b + sizeof b, id);
        out.append(b, r.ptr);
        out += post;
    }
};

Request tool_call(const Tool& t, bool modern);

Request simple(std::string_view method, bool modern);

Request initialize_req();

constexpr std::string_view kInitialized = R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                                          "\n";

const char* wait_text(Wait w);

}  // namespace bench
