#pragma once
// The modern era keeps nothing between the two rounds of an input_required call: what the
// server must remember travels with the client as `requestState`, sealed with AES-256-GCM so
// a client can neither read, forge, edit nor replay it (docs/architecture.md).

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct StateClaims {
    std::string tool;         // "issue_refund"
    std::string args_digest;  // args_digest(arguments) of the first round
    std::string input_key;    // the inputRequests key that was asked, "approve_refund"
    std::int64_t issued_at = 0;   // unix seconds
    std::int64_t expires_at = 0;  // unix seconds
    std::string nonce;        // 128 random bits, hex; single use (consumed by the tool)
    int asks = 1;             // how often the person has been asked in this call, this ask included
};

// Hex SHA-256 of the arguments' canonical form (nlohmann's dump sorts object keys).
std::string args_digest(const nlohmann::json& arguments);

class StateSealer {
public:
    using Key = std::vector<unsigned char>;  // exactly 32 bytes

    // keys[0] seals; every key opens (rotation). Throws std::invalid_argument if empty, a
    // key is not 32 bytes, or ttl_seconds is not positive.
    explicit StateSealer(std::vector<Key> keys, std::int64_t ttl_seconds = 600);

    // Fills issued_at, expires_at (now + ttl) and a fresh nonce, and returns
    // "v1." + base64url(12-byte IV || ciphertext || 16-byte tag). The 3-byte "v1." prefix
    // is bound as AAD.
    std::string seal(StateClaims claims, std::int64_t now) const;

    // The claims of a state this server sealed and that has not expired at `now`, else
    // nullopt (wrong version, bad base64, any bit changed, unknown key, expired, malformed).
    std::optional<StateClaims> open(std::string_view sealed, std::int64_t now) const;

    std::int64_t ttl_seconds() const { return ttl_; }

private:
    std::vector<Key> keys_;
    std::int64_t ttl_;
};

// Keys from OFFICE_MCP_STATE_KEYS (comma-separated hex; each decodes to at least 32 bytes
// and is reduced to 32 with SHA-256; the first seals, all open), else from the key file
// `<database_path>.key` beside the database, created with mode 0600 holding 32 random bytes
// as hex when missing (so a retry works after a restart). For ":memory:" databases without
// the variable, one random key lives in memory. Throws std::runtime_error with one clear
// sentence when the variable is malformed or the file cannot be read or created.
std::vector<StateSealer::Key> load_state_keys(const std::string& database_path);

}  // namespace office
