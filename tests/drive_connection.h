#pragma once
// Feeds bytes to an office::Connection the way the stdio server does: in uneven chunks, as
// reads from a pipe arrive (so lines also span chunk boundaries), each chunk one round that is
// grouped when it holds more than one line, so group commit runs here too. Shared by the
// fuzzer and the in-process tests; no test framework, so libFuzzer targets can include it.

#include "connection.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace office::testing {

// Every reply the connection gave, in order, once the input has ended and the connection closed.
inline std::string drive_connection(Connection& connection, std::string_view input) {
    std::string out;
    for (std::size_t chunk = 1; !input.empty(); chunk = chunk * 3 % 509 + 1) {
        const auto part = input.substr(0, chunk);
        input.remove_prefix(part.size());
        connection.begin_round(std::count(part.begin(), part.end(), '\n') > 1);
        connection.feed(part);
        if (!connection.end_round(false)) break;  // a failed commit: nothing more is answered
        out += connection.replies();
        connection.replies_sent();
    }
    if (connection.fatal().empty()) {
        connection.begin_round(false);
        connection.end_round(true);
    }
    connection.close();
    out += connection.replies();
    connection.replies_sent();
    return out;
}

}  // namespace office::testing
