#pragma once
// The one error every store reports, whatever its backend (docs/architecture.md, "Store").
// The protocol layer catches it to answer -32603 without knowing which database failed.

#include <stdexcept>
#include <string>

namespace office {

// Any failure of a store. `what()` is one sentence fit for stderr.
struct StoreError : std::runtime_error {
    StoreError(int code, const std::string& message, bool unavailable = false)
        : std::runtime_error(message), code(code), unavailable(unavailable) {}
    // The same failure said with more context (what was being done, which database).
    StoreError(const StoreError& cause, const std::string& message)
        : std::runtime_error(message), code(cause.code), unavailable(cause.unavailable) {}
    int code;  // the backend's own code (SQLite: its extended result code)
    // The database cannot be reached or written for now (PostgreSQL down or unreachable, a
    // SQLite file locked, full, unwritable or gone), as opposed to a failure of this request:
    // the same request may work later. Over HTTP it is answered 503 with Retry-After.
    bool unavailable;
};

}  // namespace office
