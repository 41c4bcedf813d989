#pragma once
// The one error every store reports, whatever its backend (docs/architecture.md, "Store").
// The protocol layer catches it to answer -32603 without knowing which database failed.

#include <stdexcept>
#include <string>

namespace office {

// Any failure of a store. `what()` is one sentence fit for stderr.
struct StoreError : std::runtime_error {
    StoreError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
    int code;  // the backend's own code (SQLite: its extended result code)
};

}  // namespace office
