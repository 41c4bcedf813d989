// The sealed requestState: AES-256-GCM through OpenSSL's EVP interface, nothing hand-written
// but base64url and hex. open() is fed raw client input, so every path in it returns nullopt
// rather than throwing.

#include "request_state.h"

#include "base64url.h"
#include "platform.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace office {

namespace {

constexpr std::string_view kPrefix = "v1.";
constexpr std::size_t kKeySize = 32;
constexpr std::size_t kIvSize = 12;
constexpr std::size_t kTagSize = 16;
constexpr std::size_t kNonceSize = 16;
constexpr std::int64_t kClockSkewSeconds = 60;
// Real states are a few hundred characters; the cap keeps hostile input from costing
// memory and keeps every length inside OpenSSL's int.
constexpr std::size_t kMaxSealedSize = 64 * 1024;

struct CipherCtxFree {
    void operator()(EVP_CIPHER_CTX* ctx) const { EVP_CIPHER_CTX_free(ctx); }
};
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree>;




std::string to_hex(const unsigned char* data, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out += kDigits[data[i] >> 4];
        out += kDigits[data[i] & 0x0F];
    }
    return out;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool from_hex(std::string_view text, std::vector<unsigned char>& out) {
    out.clear();
    if (text.size() % 2 != 0) return false;
    out.reserve(text.size() / 2);
    for (std::size_t i = 0; i < text.size(); i += 2) {
        const int hi = hex_value(text[i]);
        const int lo = hex_value(text[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out.push_back(static_cast<unsigned char>((hi << 4) | lo));
    }
    return true;
}

std::string_view trim(std::string_view text) {
    constexpr std::string_view kSpace = " \t\r\n";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(kSpace);
    return text.substr(first, last - first + 1);
}

void random_bytes(unsigned char* out, std::size_t size) {
    if (RAND_bytes(out, static_cast<int>(size)) != 1)
        throw std::runtime_error("the system random number generator failed");
}

StateSealer::Key sha256(const unsigned char* data, std::size_t size) {
    StateSealer::Key digest(EVP_MAX_MD_SIZE);
    unsigned int length = 0;
    if (EVP_Digest(data, size, digest.data(), &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
    digest.resize(length);
    return digest;
}

// Authenticated decryption under one key; nullopt on any failure, tag mismatch included.
std::optional<std::string> decrypt(const StateSealer::Key& key, const unsigned char* iv,
                                   const unsigned char* ciphertext, std::size_t size,
                                   const unsigned char* tag) {
    CipherCtx ctx(EVP_CIPHER_CTX_new());
    if (!ctx) return std::nullopt;
    std::string plaintext(size, '\0');
    auto* out = reinterpret_cast<unsigned char*>(plaintext.data());
    int length = 0;
    int final_length = 0;
    if (EVP_DecryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(kIvSize),
                            nullptr) != 1 ||
        EVP_DecryptInit_ex(ctx.get(), nullptr, nullptr, key.data(), iv) != 1 ||
        EVP_DecryptUpdate(ctx.get(), nullptr, &length,
                          reinterpret_cast<const unsigned char*>(kPrefix.data()),
                          static_cast<int>(kPrefix.size())) != 1 ||
        EVP_DecryptUpdate(ctx.get(), out, &length, ciphertext, static_cast<int>(size)) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kTagSize),
                            const_cast<unsigned char*>(tag)) != 1 ||
        EVP_DecryptFinal_ex(ctx.get(), out + length, &final_length) != 1)
        return std::nullopt;
    plaintext.resize(static_cast<std::size_t>(length + final_length));
    return plaintext;
}

const nlohmann::json* string_field(const nlohmann::json& object, const char* name) {
    const auto it = object.find(name);
    return it != object.end() && it->is_string() ? &*it : nullptr;
}

std::optional<std::int64_t> int_field(const nlohmann::json& object, const char* name) {
    const auto it = object.find(name);
    if (it == object.end()) return std::nullopt;
    if (it->is_number_unsigned()) {
        const auto value = it->get<std::uint64_t>();
        if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(value);
    }
    if (it->is_number_integer()) return it->get<std::int64_t>();
    return std::nullopt;
}

std::optional<StateClaims> claims_from_json(std::string_view text) {
    const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!json.is_object()) return std::nullopt;  // also covers a discarded (unparsable) value
    const auto* tool = string_field(json, "t");
    const auto* digest = string_field(json, "d");
    const auto* input_key = string_field(json, "k");
    const auto* nonce = string_field(json, "n");
    const auto issued_at = int_field(json, "i");
    const auto expires_at = int_field(json, "e");
    if (!tool || !digest || !input_key || !nonce || !issued_at || !expires_at)
        return std::nullopt;
    // "a" (asks) came later than the rest: a state sealed before it was the first ask.
    std::int64_t asks = 1;
    if (json.contains("a")) {
        const auto a = int_field(json, "a");
        if (!a || *a < 1 || *a > 1000) return std::nullopt;
        asks = *a;
    }
    StateClaims claims;
    claims.tool = tool->get<std::string>();
    claims.args_digest = digest->get<std::string>();
    claims.input_key = input_key->get<std::string>();
    claims.nonce = nonce->get<std::string>();
    claims.issued_at = *issued_at;
    claims.expires_at = *expires_at;
    claims.asks = static_cast<int>(asks);
    return claims;
}

std::vector<StateSealer::Key> one_key(StateSealer::Key&& key) {
    std::vector<StateSealer::Key> keys;
    keys.push_back(std::move(key));  // a braced list would leave a stray copy of the key
    return keys;
}

std::string system_message(int error) { return std::generic_category().message(error); }

// Reads the whole (small) key file; nullopt with open_error set when it cannot be opened.
std::optional<std::string> read_key_file(const std::string& path, int& open_error) {
    const int fd = platform::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        open_error = errno;
        return std::nullopt;
    }
    if (const auto info = platform::fstat(fd); !info || !info->regular) {
        ::close(fd);
        throw std::runtime_error("the state key file " + path + " is not a regular file");
    }
    char buffer[256];
    std::string content;
    content.reserve(4096 + sizeof buffer);  // no reallocation leaves key bytes behind
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            OPENSSL_cleanse(buffer, sizeof buffer);
            throw std::runtime_error("cannot read the state key file " + path + ": " +
                                     system_message(error));
        }
        if (n == 0) break;
        content.append(buffer, static_cast<std::size_t>(n));
        if (content.size() > 4096) break;  // a key file is 65 bytes; refuse to slurp more
    }
    OPENSSL_cleanse(buffer, sizeof buffer);
    ::close(fd);
    return content;
}

// The key a key file holds, or nullopt when its first line is not 64 hex characters.
std::optional<StateSealer::Key> parse_key_file(std::string& content) {
    const auto line = trim(std::string_view(content).substr(0, content.find('\n')));
    StateSealer::Key key;
    const bool ok = line.size() == 2 * kKeySize && from_hex(line, key);
    OPENSSL_cleanse(content.data(), content.size());
    if (!ok) {
        OPENSSL_cleanse(key.data(), key.size());
        return std::nullopt;
    }
    return key;
}

// Creates the key file with O_EXCL and mode 0600, so it is never readable by others, not
// even for a moment. Returns nullopt when another process created it first.
std::optional<StateSealer::Key> create_key_file(const std::string& path) {
    const int fd = platform::open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        if (error == EEXIST) return std::nullopt;
        throw std::runtime_error("cannot create the state key file " + path + ": " +
                                 system_message(error));
    }
    StateSealer::Key key(kKeySize);
    std::string line;
    try {
        random_bytes(key.data(), key.size());
        line = to_hex(key.data(), key.size()) + "\n";
    } catch (...) {
        ::close(fd);
        platform::remove(path);
        throw;
    }
    std::size_t written = 0;
    int error = 0;
    while (written < line.size()) {
        const ssize_t n = ::write(fd, line.data() + written, line.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = errno;
            break;
        }
        written += static_cast<std::size_t>(n);
    }
    if (error == 0 && platform::sync(fd) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    OPENSSL_cleanse(line.data(), line.size());
    if (error != 0) {
        platform::remove(path);  // never leave a half-written key behind for the next start
        OPENSSL_cleanse(key.data(), key.size());
        throw std::runtime_error("cannot write the state key file " + path + ": " +
                                 system_message(error));
    }
    return key;
}

std::vector<StateSealer::Key> keys_from_variable(std::string_view value) {
    std::vector<StateSealer::Key> keys;
    std::size_t number = 0;
    std::size_t start = 0;
    for (;;) {
        const auto comma = value.find(',', start);
        const auto item = trim(value.substr(start, comma == std::string_view::npos
                                                       ? std::string_view::npos
                                                       : comma - start));
        ++number;
        StateSealer::Key bytes;
        const bool ok = from_hex(item, bytes) && bytes.size() >= kKeySize;
        if (ok) keys.push_back(sha256(bytes.data(), bytes.size()));
        OPENSSL_cleanse(bytes.data(), bytes.size());
        if (!ok) {
            for (auto& key : keys) OPENSSL_cleanse(key.data(), key.size());
            throw std::runtime_error("OFFICE_MCP_STATE_KEYS: key " + std::to_string(number) +
                                     " is not hex of at least 32 bytes");
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return keys;
}

std::vector<StateSealer::Key> keys_from_file(const std::string& path) {
    // A file shorter than a key may be one another process is still writing; give it a
    // moment before calling it malformed.
    constexpr int kAttempts = 20;
    for (int attempt = 1;; ++attempt) {
        int open_error = 0;
        if (auto content = read_key_file(path, open_error)) {
            const bool maybe_partial = content->size() < 2 * kKeySize;
            if (auto key = parse_key_file(*content)) return one_key(std::move(*key));
            if (!maybe_partial || attempt >= kAttempts)
                throw std::runtime_error("the state key file " + path +
                                         " does not hold a key of 64 hex characters");
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        if (open_error != ENOENT)
            throw std::runtime_error("cannot read the state key file " + path + ": " +
                                     system_message(open_error));
        if (auto key = create_key_file(path)) return one_key(std::move(*key));
        if (attempt >= kAttempts)  // created and deleted under us again and again
            throw std::runtime_error("cannot create the state key file " + path +
                                     ": it keeps appearing and disappearing");
    }
}

}  // namespace

std::string args_digest(const nlohmann::json& arguments) {
    const std::string canonical =
        arguments.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const auto digest =
        sha256(reinterpret_cast<const unsigned char*>(canonical.data()), canonical.size());
    return to_hex(digest.data(), digest.size());
}

StateSealer::StateSealer(std::vector<Key> keys, std::int64_t ttl_seconds)
    : keys_(std::move(keys)), ttl_(ttl_seconds) {
    if (ttl_ <= 0) throw std::invalid_argument("a StateSealer ttl must be positive");
    if (keys_.empty()) throw std::invalid_argument("StateSealer needs at least one key");
    for (const auto& key : keys_)
        if (key.size() != kKeySize)
            throw std::invalid_argument("every StateSealer key must be exactly 32 bytes");
}

std::string StateSealer::seal(StateClaims claims, std::int64_t now) const {
    std::array<unsigned char, kNonceSize> nonce{};
    random_bytes(nonce.data(), nonce.size());
    claims.issued_at = now;
    if (__builtin_add_overflow(now, ttl_, &claims.expires_at))  // ttl_ > 0 (constructor)
        claims.expires_at = std::numeric_limits<std::int64_t>::max();
    claims.nonce = to_hex(nonce.data(), nonce.size());

    const nlohmann::json json = {{"t", claims.tool},       {"d", claims.args_digest},
                                 {"k", claims.input_key},  {"i", claims.issued_at},
                                 {"e", claims.expires_at}, {"n", claims.nonce},
                                 {"a", claims.asks}};
    const std::string plaintext =
        json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (plaintext.size() > kMaxSealedSize / 2)
        throw std::invalid_argument("the request state claims are too large to seal");

    // IV || ciphertext || tag, in one buffer.
    std::vector<unsigned char> sealed(kIvSize + plaintext.size() + kTagSize);
    unsigned char* iv = sealed.data();
    unsigned char* out = iv + kIvSize;
    random_bytes(iv, kIvSize);

    CipherCtx ctx(EVP_CIPHER_CTX_new());
    int length = 0;
    int final_length = 0;
    if (!ctx ||
        EVP_EncryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(kIvSize),
                            nullptr) != 1 ||
        EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, keys_.front().data(), iv) != 1 ||
        EVP_EncryptUpdate(ctx.get(), nullptr, &length,
                          reinterpret_cast<const unsigned char*>(kPrefix.data()),
                          static_cast<int>(kPrefix.size())) != 1 ||
        EVP_EncryptUpdate(ctx.get(), out, &length,
                          reinterpret_cast<const unsigned char*>(plaintext.data()),
                          static_cast<int>(plaintext.size())) != 1 ||
        EVP_EncryptFinal_ex(ctx.get(), out + length, &final_length) != 1 ||
        static_cast<std::size_t>(length + final_length) != plaintext.size() ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagSize),
                            out + plaintext.size()) != 1)
        throw std::runtime_error("OpenSSL could not seal the request state");

    return std::string(kPrefix) + base64url_encode(sealed.data(), sealed.size());
}

std::optional<StateClaims> StateSealer::open(std::string_view sealed, std::int64_t now) const {
    if (sealed.size() > kMaxSealedSize || sealed.substr(0, kPrefix.size()) != kPrefix)
        return std::nullopt;
    const auto raw = base64url_decode(sealed.substr(kPrefix.size()));
    if (!raw || raw->size() <= kIvSize + kTagSize) return std::nullopt;

    const auto* iv = reinterpret_cast<const unsigned char*>(raw->data());
    const unsigned char* ciphertext = iv + kIvSize;
    const std::size_t ciphertext_size = raw->size() - kIvSize - kTagSize;
    const unsigned char* tag = ciphertext + ciphertext_size;

    std::optional<std::string> plaintext;
    for (const auto& key : keys_)
        if ((plaintext = decrypt(key, iv, ciphertext, ciphertext_size, tag))) break;
    if (!plaintext) return std::nullopt;

    auto claims = claims_from_json(*plaintext);
    if (!claims) return std::nullopt;
    if (claims->expires_at <= now) return std::nullopt;
    // Clock-skew guard, written so that now + skew cannot overflow.
    if (now <= std::numeric_limits<std::int64_t>::max() - kClockSkewSeconds &&
        claims->issued_at > now + kClockSkewSeconds)
        return std::nullopt;
    return claims;
}

std::vector<StateSealer::Key> load_state_keys(const std::string& database_path) {
    if (const char* variable = std::getenv("OFFICE_MCP_STATE_KEYS"); variable && *variable)
        return keys_from_variable(variable);
    if (database_path.empty() || database_path == ":memory:") {
        StateSealer::Key key(kKeySize);
        random_bytes(key.data(), key.size());
        return one_key(std::move(key));
    }
    return keys_from_file(database_path + ".key");
}

}  // namespace office
