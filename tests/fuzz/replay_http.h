#pragma once
// The input format of fuzz_http_endpoint, replayed through an Endpoint: by the fuzzer, and by
// the tests that replay tests/fuzz/regressions/http in every build. No test framework here.
//
// Requests are separated by a line "---". Each is "METHOD TARGET", header lines
// "name: value", an empty line, then the body. A header value "$SID" becomes the last
// Mcp-Session-Id the endpoint handed out, so inputs reach sessions; "$TASK" in a header value
// or a body becomes the last taskId a response carried (task ids are random: the tasks
// extension, core/office/tasks.h), so inputs reach tasks. A line "===" after a request's "---"
// ends a group: the requests before it are handled together (one commit).

#include "http_endpoint.h"

#include <string>
#include <string_view>
#include <vector>

namespace office::testing {

namespace replay_detail {
inline void replace_all(std::string& text, std::string_view what, const std::string& with) {
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
}

// The value of the first "taskId":"..." in `body`, or "" when it has none.
inline std::string task_id_in(const std::string& body) {
    constexpr std::string_view kKey = "\"taskId\":\"";
    const auto at = body.find(kKey);
    if (at == std::string::npos) return {};
    const auto end = body.find('"', at + kKey.size());
    return end == std::string::npos ? std::string() : body.substr(at + kKey.size(), end - at - kKey.size());
}

inline std::string_view next_line(std::string_view& text) {
    const auto nl = text.find('\n');
    const auto line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    return line;
}
}  // namespace replay_detail

// Handles every request of `input` on `endpoint`; `on_response(exchange)` sees each answered
// exchange, and `on_header(value)` each header value read (the fuzzer hands it to the parsers).
template <class OnResponse, class OnHeader>
void replay_http(http::Endpoint& endpoint, std::string_view input, OnResponse&& on_response, OnHeader&& on_header) {
    using replay_detail::next_line;
    std::string session;
    std::string task;
    std::vector<http::Exchange> group;
    const auto flush = [&] {
        std::vector<http::Exchange*> pointers;
        for (auto& e : group) pointers.push_back(&e);
        endpoint.handle(pointers);
        for (auto& e : group) {
            on_response(e);
            for (const auto& [name, value] : e.response.headers)
                if (name == "Mcp-Session-Id") session = value;
            if (auto id = replay_detail::task_id_in(e.response.body); !id.empty()) task = std::move(id);
        }
        group.clear();
    };
    while (!input.empty()) {
        const auto first = next_line(input);
        if (first == "===") {
            flush();
            continue;
        }
        http::Request request;
        const auto space = first.find(' ');
        request.method = std::string(first.substr(0, space));
        request.target = space == std::string_view::npos ? "/mcp" : std::string(first.substr(space + 1));
        for (auto line = next_line(input); !line.empty() && !input.empty(); line = next_line(input)) {
            const auto colon = line.find(": ");
            if (colon == std::string_view::npos) continue;
            std::string value(line.substr(colon + 2));
            if (value == "$SID") value = session;
            if (value == "$TASK") value = task;
            on_header(value);
            request.headers[std::string(line.substr(0, colon))] = value;
        }
        const auto end = input.find("\n---\n");
        request.body = std::string(input.substr(0, end));
        replay_detail::replace_all(request.body, "$TASK", task);
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 5);
        group.push_back({std::move(request), {}});
    }
    flush();
}

}  // namespace office::testing
