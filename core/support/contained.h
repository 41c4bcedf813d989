#pragma once
// The one boundary an unexpected exception may reach (docs/security.md, "One request never
// stops the office"). Errors with a meaning are caught where they mean something: a
// ProtocolError becomes its JSON-RPC error, a StoreError a -32603 naming the database's
// problem. Anything else that escapes — a json type_error, bad_alloc, a logic error — is a
// defect of ours, and contain() keeps it to the work in hand: one message, one HTTP exchange,
// one poll. Its callers are the places where such a unit of work starts; each answers the
// failure its own way (a -32603 reply, an HTTP 500, an error log line) and goes on serving.

#include <atomic>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>

namespace office {

// How many exceptions contain() has caught in this process: each is a defect to find. The fuzz
// targets abort on the first, so a throw is a finding there rather than a quiet 500.
inline std::atomic<std::uint64_t> contained_failures{0};

// Runs `work`; nullopt when it finished, else what the exception that ended it said.
template <class Work>
std::optional<std::string> contain(Work&& work) {
    try {
        work();
        return std::nullopt;
    } catch (const std::exception& e) {
        ++contained_failures;
        return std::string(e.what());
    } catch (...) {
        ++contained_failures;
        return std::string("an exception that is not a std::exception");
    }
}

}  // namespace office
