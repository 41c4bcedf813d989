#include "tokens.h"

#include "base64url.h"
#include "platform.h"
#include "tool.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace office {
namespace {

constexpr std::size_t kTokenBytes = 32;
constexpr std::size_t kHashBytes = 32;
constexpr std::size_t kMaxFileSize = 1024 * 1024;  // thousands of tokens; refuse to slurp more

constexpr std::string_view kHeader =
    "# office-mcp tokens: NAME<TAB>PROFILE<TAB>CREATED<TAB>SHA256 of the token[<TAB>approver|-[<TAB>admin]], one per line.\n"
    "# Only hashes are kept; a token is shown once, by `office-mcp token add`. Keep this file mode 0600.\n";

std::string system_message(int error) { return std::generic_category().message(error); }

std::vector<unsigned char> sha256(std::string_view data) {
    std::vector<unsigned char> digest(kHashBytes);
    unsigned int size = 0;
    if (EVP_Digest(data.data(), data.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 || size != kHashBytes)
        throw TokenError("cannot hash a token: OpenSSL's SHA-256 failed");
    return digest;
}

std::string to_hex(const std::vector<unsigned char>& bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    for (unsigned char b : bytes) {
        hex += digits[b >> 4];
        hex += digits[b & 15];
    }
    return hex;
}

// Lowercase hex only: the file is written by us, so another spelling is an edit gone wrong.
std::optional<std::vector<unsigned char>> from_hex(std::string_view hex) {
    const auto value = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    if (hex.size() % 2 != 0) return std::nullopt;
    std::vector<unsigned char> bytes;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = value(hex[i]), lo = value(hex[i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        bytes.push_back(static_cast<unsigned char>(hi * 16 + lo));
    }
    return bytes;
}

// 2026-11-30T01:27:19Z, as clock.h writes it.
bool is_utc_time(std::string_view t) {
    static constexpr std::string_view shape = "dddd-dd-ddTdd:dd:ddZ";
    if (t.size() != shape.size()) return false;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (shape[i] == 'd' ? (t[i] < '0' || t[i] > '9') : t[i] != shape[i]) return false;
    }
    return true;
}

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (;;) {
        const auto tab = line.find('\t');
        fields.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) return fields;
        line.remove_prefix(tab + 1);
    }
}

bool known_profile(std::string_view profile) {
    std::vector<std::string> names;
    return profile_tools(profile, names);
}

std::string profile_problem(std::string_view profile) {
    return known_profile(profile) ? ""
                                  : "unknown profile " + std::string(profile) + " (all, scheduling, billing or lunch)";
}

// Reads the whole file; nullopt when it does not exist.
std::optional<std::string> read_file(const std::string& path) {
    const int fd = platform::open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT) return std::nullopt;
        if (error == ELOOP) throw TokenError("the tokens file " + path + " is a symbolic link; point --tokens at the file itself");
        throw TokenError("cannot read the tokens file " + path + ": " + system_message(error));
    }
    const auto info = platform::fstat(fd);
    std::string problem;
    if (!info) problem = "cannot read the tokens file " + path + ": " + system_message(errno);
    else if (!info->regular) problem = "the tokens file " + path + " is not a regular file";
    else if ((info->mode & 077) != 0) {
        // Hashes cannot be turned back into tokens, but whoever can write the file can add one.
        problem = "the tokens file " + path + " " + platform::others_access(*info) +
                  ": it must be readable and writable by its owner only (" + platform::owner_only_command(path) + ")";
    } else if (static_cast<std::uint64_t>(info->size) > kMaxFileSize) {
        problem = "the tokens file " + path + " is larger than 1 MiB: it is not a tokens file";
    }
    std::string content;
    char buffer[4096];
    while (problem.empty()) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) problem = "cannot read the tokens file " + path + ": " + system_message(errno);
        if (n <= 0) break;
        content.append(buffer, static_cast<std::size_t>(n));
        if (content.size() > kMaxFileSize) problem = "the tokens file " + path + " is larger than 1 MiB: it is not a tokens file";
    }
    ::close(fd);
    if (!problem.empty()) throw TokenError(problem);
    return content;
}

// 0, or the errno that stopped the write.
int write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

// Without this, a rename (or a new directory) can be lost in a crash even after fsync of the file.
void sync_directory(const std::filesystem::path& dir, const std::string& path) {
    if (platform::sync_directory(dir.string()) != 0)
        throw TokenError("cannot write the tokens file " + path + ": syncing its directory failed: " + system_message(errno));
}

void make_directories(const std::filesystem::path& dir, const std::string& path) {
    if (dir.empty() || std::filesystem::is_directory(dir)) return;
    make_directories(dir.parent_path(), path);
    if (platform::make_directory(dir.string()) != 0 && errno != EEXIST)
        throw TokenError("cannot create directory " + dir.string() + " for the tokens file " + path + ": " + system_message(errno));
    sync_directory(dir.parent_path(), path);
}

}  // namespace

std::vector<std::string> office_scopes() {
    return {"office:scheduling", "office:billing", "office:lunch", std::string(kScopeAll), std::string(kScopeApprove),
            std::string(kScopeAdmin)};
}

bool scope_tools(const std::vector<std::string>& scopes, std::vector<std::string>& tools) {
    std::vector<std::string> allowed;
    bool any = false;
    for (const auto& scope : scopes) {
        if (scope == kScopeAll) {
            tools.clear();
            return true;
        }
        std::vector<std::string> names;
        if (!scope.starts_with("office:") || scope == kScopeApprove || scope == kScopeAdmin || scope.substr(7) == "all" ||
            !profile_tools(std::string_view(scope).substr(7), names))
            continue;
        any = true;
        for (auto& name : names)
            if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) allowed.push_back(std::move(name));
    }
    if (any) tools = std::move(allowed);
    return any;
}

std::string scope_for_tool(std::string_view tool) {
    for (std::string_view profile : {"scheduling", "billing", "lunch"}) {
        std::vector<std::string> names;
        profile_tools(profile, names);
        if (std::find(names.begin(), names.end(), tool) != names.end()) return "office:" + std::string(profile);
    }
    return std::string(kScopeAll);
}

std::string default_tokens_path(const std::string& database_path) { return database_path + ".tokens"; }

std::string tokens_path_for(const std::string& database_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto path = default_tokens_path(database_path);
    const auto old = platform::u8path(database_path).parent_path() / "office-mcp.tokens";
    const bool office_exists = fs::exists(platform::u8path(database_path), ec) || fs::exists(platform::u8path(database_path + ".key"), ec);
    if (!fs::exists(platform::u8path(path), ec) && office_exists && fs::exists(old, ec)) return old.string();
    return path;
}

std::string token_name_problem(std::string_view name) {
    const auto allowed = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    };
    bool ok = !name.empty() && name.size() <= 64 && allowed(name[0]) && name[0] != '.' && name[0] != '_' && name[0] != '-';
    for (char c : name) ok = ok && allowed(c);
    if (ok) return "";
    return "a token name is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit";
}

TokenFileLock::TokenFileLock(const std::string& path) {
    const std::filesystem::path dir = platform::u8path(path).parent_path();
    make_directories(dir, path);
    fd_ = platform::lock_directory(dir.string());
    if (fd_ < 0) throw TokenError("cannot lock the directory of the tokens file " + path + ": " + system_message(errno));
}

TokenFileLock::~TokenFileLock() { ::close(fd_); }  // closing releases the lock

TokenFile TokenFile::load(const std::string& path) {
    TokenFile file;
    file.path_ = path;
    const auto content = read_file(path);
    if (!content) return file;
    std::string_view rest = *content;
    for (std::size_t number = 1; !rest.empty(); ++number) {
        const auto end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        if (line.empty() || line[0] == '#') continue;
        const auto refuse = [&](const std::string& why) {
            throw TokenError("the tokens file " + path + " line " + std::to_string(number) + " is not a token entry: " + why +
                             " (each line is NAME<TAB>PROFILE<TAB>CREATED<TAB>SHA256[<TAB>approver|-[<TAB>admin]], or a comment starting with #)");
        };
        const auto fields = split_tabs(line);
        if (fields.size() < 4 || fields.size() > 6)
            refuse("it has " + std::to_string(fields.size()) + " tab-separated fields, not 4 to 6");
        if (fields.size() == 5 && fields[4] != "approver") refuse("the fifth field can only be approver");
        if (fields.size() == 6 && fields[4] != "approver" && fields[4] != "-") refuse("the fifth field can only be approver or -");
        if (fields.size() == 6 && fields[5] != "admin") refuse("the sixth field can only be admin");
        TokenEntry entry{std::string(fields[0]), std::string(fields[1]), std::string(fields[2]), std::string(fields[3]),
                         fields.size() >= 5 && fields[4] == "approver", fields.size() == 6};
        if (const auto problem = token_name_problem(entry.name); !problem.empty()) refuse(problem);
        for (const auto& other : file.entries_) {
            if (other.name == entry.name) refuse("the name " + entry.name + " is already on an earlier line");
        }
        if (!known_profile(entry.profile)) refuse(profile_problem(entry.profile));
        if (!is_utc_time(entry.created)) refuse("the created time must look like 2026-11-30T01:27:19Z");
        auto hash = from_hex(entry.sha256);
        if (!hash || hash->size() != kHashBytes) refuse("the hash must be 64 lowercase hex characters");
        file.entries_.push_back(std::move(entry));
        file.hashes_.push_back(std::move(*hash));
    }
    return file;
}

std::optional<Principal> TokenFile::verify(std::string_view bearer) const {
    if (bearer.empty()) return std::nullopt;
    const auto presented = sha256(bearer);
    // Every entry is compared, whatever matched before: the loop's time does not depend on
    // which hash matches. (Comparing hashes, not tokens, also hides the tokens' lengths.)
    std::size_t match = entries_.size();
    for (std::size_t i = 0; i < hashes_.size(); ++i) {
        const bool same = CRYPTO_memcmp(presented.data(), hashes_[i].data(), kHashBytes) == 0;
        match = same ? i : match;
    }
    if (match == entries_.size()) return std::nullopt;
    return Principal{entries_[match].name, entries_[match].profile, entries_[match].approver, entries_[match].admin};
}

std::string TokenFile::add(const std::string& name, const std::string& profile, const std::string& created, bool approver,
                           bool admin) {
    if (const auto problem = token_name_problem(name); !problem.empty()) throw TokenError(name + " is not a token name: " + problem);
    if (const auto problem = profile_problem(profile); !problem.empty()) throw TokenError(problem);
    for (const auto& entry : entries_) {
        if (entry.name == name)
            throw TokenError("a token named " + name + " already exists (office-mcp token revoke " + name + " first)");
    }
    unsigned char random[kTokenBytes];
    if (RAND_bytes(random, sizeof random) != 1) throw TokenError("cannot make a token: the system's random source failed");
    std::string token = std::string(kTokenPrefix) + base64url_encode(random, sizeof random);
    OPENSSL_cleanse(random, sizeof random);
    auto hash = sha256(token);
    entries_.push_back(TokenEntry{name, profile, created, to_hex(hash), approver, admin});
    hashes_.push_back(std::move(hash));
    return token;
}

void TokenFile::revoke(const std::string& name) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].name != name) continue;
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        hashes_.erase(hashes_.begin() + static_cast<std::ptrdiff_t>(i));
        return;
    }
    throw TokenError("no token is named " + name + " (office-mcp token list shows them)");
}

void TokenFile::save() const {
    std::string content(kHeader);
    for (const auto& e : entries_) {
        content += e.name + "\t" + e.profile + "\t" + e.created + "\t" + e.sha256;
        // The fifth field only when there is something after it (files stay as before without admin).
        if (e.admin) content += e.approver ? "\tapprover\tadmin" : "\t-\tadmin";
        else if (e.approver) content += "\tapprover";
        content += '\n';
    }

    const std::filesystem::path target = platform::u8path(path_);
    make_directories(target.parent_path(), path_);
    std::string temp = path_ + ".XXXXXX";
    const int fd = platform::make_temp(temp);  // its owner's alone, a name nobody else holds
    if (fd < 0) throw TokenError("cannot write the tokens file " + path_ + ": " + system_message(errno));
    int error = platform::make_owner_only(fd) != 0 ? errno : 0;
    if (error == 0) error = write_all(fd, content);
    if (error == 0 && platform::sync(fd) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error != 0) {
        platform::remove(temp);  // the old file is untouched
        throw TokenError("cannot write the tokens file " + path_ + ": " + system_message(error));
    }
    if (platform::replace(temp, path_) != 0) {
        const int error = errno;
        platform::remove(temp);
        throw TokenError("cannot write the tokens file " + path_ + ": " + system_message(error));
    }
    sync_directory(target.parent_path(), path_);
}

}  // namespace office
