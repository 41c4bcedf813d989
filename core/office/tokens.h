#pragma once
// Who is calling over HTTP (issue 13, docs/architecture.md "Identity"): a bearer token names the
// caller, and its profile limits the tools that caller sees. Self-reported clientInfo is shown,
// never trusted; a token is the one thing a caller proves.
//
// The tokens file holds one line per token, NAME<TAB>PROFILE<TAB>CREATED<TAB>SHA256[<TAB>approver|-[<TAB>admin]],
// and only the SHA-256 of each token (hex): a copy of the file (a backup, a leaked disk) lets nobody
// call the office. The token itself is shown once, by `office-mcp token add`. Lines starting
// with '#' are comments and empty lines are nothing; any other line that is not a whole entry
// refuses the file, so a hand edit gone wrong is said, never half-read.
//
// Default place: `<database>.tokens` (`office.db.tokens`), beside the database because it belongs
// to that office (an operator backs up and moves the directory as one), and named after it as the
// state key is (`office.db.key`), so a fresh `o.db` beside another office does not inherit that
// office's callers. Offices made before this name kept `office-mcp.tokens` in the directory; it is
// still read for an office that already exists (see tokens_path_for). `--tokens FILE` overrides it.
//
// The approver right (`token add NAME --approver`, the fifth field): answering a refund form *is*
// approving the refund, so over HTTP only an approver receives the form or settles a queued request
// (docs/security.md, "Money needs a person"). A file without the field is read as before.
//
// The admin right (`token add NAME --admin`, the sixth field; the fifth is then `approver` or
// `-`): the office's people edit its customers, invoices and menu through the admin tools
// (core/office/records.h), which nobody else sees. Files written before it are read as before.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace office {

// The caller a token proved: the token's NAME and the profile its tools are limited to.
struct Principal {
    std::string name;
    std::string profile;  // all, scheduling, billing or lunch
    bool approver = false;
    bool admin = false;
};

struct TokenEntry {
    std::string name;
    std::string profile;
    std::string created;  // UTC, 2026-11-30T01:27:19Z
    std::string sha256;   // 64 lowercase hex characters: the hash of the token, never the token
    bool approver = false;
    bool admin = false;
};

// A tokens file that cannot be used, or a change to it that is refused: one sentence.
struct TokenError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// OAuth scopes (an access token from the office's identity provider, core/http/oauth.h) name the
// same profiles: office:scheduling, office:billing, office:lunch, and office:all for every tool;
// several together allow the tools of each. office:approve is the approver right.
inline constexpr std::string_view kScopeAll = "office:all";
inline constexpr std::string_view kScopeApprove = "office:approve";
inline constexpr std::string_view kScopeAdmin = "office:admin";  // the admin right: the admin tools
// Every office scope, for the protected resource metadata's scopes_supported.
std::vector<std::string> office_scopes();
// The tools `scopes` allow into `tools` (empty: every tool); false when they name no office
// scope that allows a tool (then `tools` is untouched).
bool scope_tools(const std::vector<std::string>& scopes, std::vector<std::string>& tools);
// The narrowest scope that allows `tool`: office:scheduling for find_customer, ...
std::string scope_for_tool(std::string_view tool);

// Prefix of every token, so a token in a log or a paste is recognised for what it is.
inline constexpr std::string_view kTokenPrefix = "omcp_";

// `<database_path>.tokens`.
std::string default_tokens_path(const std::string& database_path);
// The tokens file of the office at `database_path`: `<database_path>.tokens`, unless it is absent
// while the office already exists (its database file or its state key `<database_path>.key` is
// there) and the directory has the old shared `office-mcp.tokens`: then that one.
std::string tokens_path_for(const std::string& database_path);

// The sentence refusing `name`, or "" when it is a good token name: 1 to 64 of A-Z a-z 0-9 . _ -
// starting with a letter or digit (it appears in logs, the audit and a table, unquoted).
std::string token_name_problem(std::string_view name);

// An exclusive lock (flock) on the tokens file's directory, held while a command reads, changes
// and writes the file: without it two `token add` at once each write the list they read, and
// one of the new tokens is lost. The directory, not the file, because save() replaces the file.
// Creates a missing directory (mode 0700). Throws TokenError.
class TokenFileLock {
public:
    explicit TokenFileLock(const std::string& path);
    ~TokenFileLock();
    TokenFileLock(const TokenFileLock&) = delete;
    TokenFileLock& operator=(const TokenFileLock&) = delete;

private:
    int fd_ = -1;
};

class TokenFile {
public:
    // Reads `path`. A missing file is an empty list (no tokens yet). Throws TokenError when the
    // file is not a regular file, is readable or writable by group or others, cannot be read,
    // or holds a line that is not a whole entry (the sentence names the line).
    static TokenFile load(const std::string& path);

    bool empty() const { return entries_.empty(); }
    const std::string& path() const { return path_; }
    const std::vector<TokenEntry>& entries() const { return entries_; }

    // The caller `bearer` proves, or nullopt. The presented token is hashed and compared with
    // every stored hash in constant time (CRYPTO_memcmp), always all of them, so neither the
    // time taken nor an early exit tells which entry, or whether any, came close.
    std::optional<Principal> verify(std::string_view bearer) const;

    // Adds a new random token (32 bytes from RAND_bytes, "omcp_" + base64url) for `name` and
    // returns it; only its hash is kept. Throws TokenError for a bad or duplicate name or an
    // unknown profile. Changes only this object: save() writes it.
    std::string add(const std::string& name, const std::string& profile, const std::string& created, bool approver = false,
                    bool admin = false);
    // Removes `name`; throws TokenError when no token has that name.
    void revoke(const std::string& name);

    // Writes the file atomically with mode 0600: a temporary file beside it, fsync, rename over
    // it, fsync of the directory. A crash leaves the old list or the new one, never half of one.
    // Creates a missing directory (mode 0700). Throws TokenError.
    void save() const;

private:
    std::string path_;
    std::vector<TokenEntry> entries_;
    std::vector<std::vector<unsigned char>> hashes_;  // entries_[i].sha256 as 32 bytes, for verify
};

}  // namespace office
