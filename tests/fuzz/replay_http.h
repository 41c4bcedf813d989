#pragma once
// The input format of fuzz_http_endpoint, replayed through an Endpoint: by the fuzzer, and by
// the tests that replay tests/fuzz/regressions/http in every build. No test framework here.
//
// Requests are separated by a line "---". Each is "METHOD TARGET", header lines
// "name: value", an empty line, then the body. A header value "$SID" becomes the last
// Mcp-Session-Id the endpoint handed out, so inputs reach sessions. A line "===" ends a
// group: the requests before it are handled together (one commit).

#include "http_endpoint.h"

#include <string>
#include <string_view>
#include <vector>

namespace office::testing {

namespace replay_detail {
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
    std::vector<http::Exchange> group;
    const auto flush = [&] {
        std::vector<http::Exchange*> pointers;
        for (auto& e : group) pointers.push_back(&e);
        endpoint.handle(pointers);
        for (auto& e : group) {
            on_response(e);
            for (const auto& [name, value] : e.response.headers)
                if (name == "Mcp-Session-Id") session = value;
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
            on_header(value);
            request.headers[std::string(line.substr(0, colon))] = value;
        }
        const auto end = input.find("\n---\n");
        request.body = std::string(input.substr(0, end));
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 5);
        group.push_back({std::move(request), {}});
    }
    flush();
}

}  // namespace office::testing
