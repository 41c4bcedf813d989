// The sealed requestState is the only thing standing between a client and approving its own
// refund, so these tests attack it: every edit, forgeries, foreign keys, expiry, malformed
// plaintext under a valid tag, and the key loading that must survive a restart.

#include "request_state.h"

#include <catch2/catch.hpp>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using office::StateClaims;
using office::StateSealer;

constexpr std::int64_t kNow = 1'780'000'000;
constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

StateSealer::Key random_key() {
    StateSealer::Key key(32);
    REQUIRE(RAND_bytes(key.data(), static_cast<int>(key.size())) == 1);
    return key;
}

StateClaims refund_claims() {
    StateClaims claims;
    claims.tool = "issue_refund";
    claims.args_digest = office::args_digest({{"invoice_id", 42}, {"amount_cents", 1500}});
    claims.input_key = "approve_refund";
    return claims;
}

std::string to_hex(const std::vector<unsigned char>& bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += kDigits[b >> 4];
        out += kDigits[b & 0x0F];
    }
    return out;
}

StateSealer::Key sha256(const std::vector<unsigned char>& bytes) {
    StateSealer::Key digest(EVP_MAX_MD_SIZE);
    unsigned int length = 0;
    REQUIRE(EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(),
                       nullptr) == 1);
    digest.resize(length);
    return digest;
}

bool is_lower_hex(const std::string& text) {
    return text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// An independent base64url encoder (OpenSSL's base64, translated), so the tests do not
// trust the encoder under test.
std::string base64url(const std::vector<unsigned char>& bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                       bytes.data(), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(length));
    while (!out.empty() && out.back() == '=') out.pop_back();
    for (char& c : out) {
        if (c == '+') c = '-';
        if (c == '/') c = '_';
    }
    return out;
}

// Seals an arbitrary plaintext exactly as the server would (so the tag is valid), to reach
// the claim parsing behind the tag check.
std::string seal_plaintext(const StateSealer::Key& key, const std::string& plaintext,
                           const std::string& aad = "v1.", const std::string& prefix = "v1.") {
    std::vector<unsigned char> sealed(12 + plaintext.size() + 16);
    REQUIRE(RAND_bytes(sealed.data(), 12) == 1);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    REQUIRE(ctx != nullptr);
    int length = 0;
    int final_length = 0;
    const bool ok =
        EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, key.data(), sealed.data()) == 1 &&
        EVP_EncryptUpdate(ctx, nullptr, &length,
                          reinterpret_cast<const unsigned char*>(aad.data()),
                          static_cast<int>(aad.size())) == 1 &&
        EVP_EncryptUpdate(ctx, sealed.data() + 12, &length,
                          reinterpret_cast<const unsigned char*>(plaintext.data()),
                          static_cast<int>(plaintext.size())) == 1 &&
        EVP_EncryptFinal_ex(ctx, sealed.data() + 12 + length, &final_length) == 1 &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16,
                            sealed.data() + 12 + plaintext.size()) == 1;
    EVP_CIPHER_CTX_free(ctx);
    REQUIRE(ok);
    return prefix + base64url(sealed);
}

std::string claims_json(std::int64_t issued_at = kNow, std::int64_t expires_at = kNow + 600) {
    return nlohmann::json{{"t", "issue_refund"}, {"d", "ab"},        {"k", "approve_refund"},
                          {"i", issued_at},      {"e", expires_at}, {"n", "00ff"}}
        .dump();
}

// Sets or clears an environment variable for one test and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_)
            ::setenv(name_.c_str(), old_->c_str(), 1);
        else
            ::unsetenv(name_.c_str());
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    std::string name_;
    std::optional<std::string> old_;
};

class TempDir {
public:
    TempDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "office-mcp-state-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

void write_file(const std::string& path, const std::string& content) {
    std::ofstream out(path, std::ios::binary);
    out << content;
    REQUIRE(out.good());
}

std::string error_message(const std::string& database_path) {
    try {
        office::load_state_keys(database_path);
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return "(no exception)";
}

}  // namespace

TEST_CASE("a state sealed by this server opens with the same claims") {
    const StateSealer sealer({random_key()});
    const std::string sealed = sealer.seal(refund_claims(), kNow);

    REQUIRE(sealed.rfind("v1.", 0) == 0);
    CHECK(sealed.find_first_not_of(kAlphabet, 3) == std::string::npos);
    CHECK(sealed.find("issue_refund") == std::string::npos);

    const auto claims = sealer.open(sealed, kNow);
    REQUIRE(claims);
    CHECK(claims->tool == "issue_refund");
    CHECK(claims->args_digest == refund_claims().args_digest);
    CHECK(claims->input_key == "approve_refund");
    CHECK(claims->issued_at == kNow);
    CHECK(claims->expires_at == kNow + 600);
    CHECK(claims->nonce.size() == 32);
    CHECK(is_lower_hex(claims->nonce));
}

TEST_CASE("seal sets the times and the nonce itself, whatever the caller filled in") {
    const StateSealer sealer({random_key()}, 90);
    StateClaims claims = refund_claims();
    claims.issued_at = 1;
    claims.expires_at = 2;
    claims.nonce = "chosen-by-the-caller";

    const auto opened = sealer.open(sealer.seal(claims, kNow), kNow);
    REQUIRE(opened);
    CHECK(opened->issued_at == kNow);
    CHECK(opened->expires_at == kNow + 90);
    CHECK(opened->nonce != "chosen-by-the-caller");
    CHECK(sealer.ttl_seconds() == 90);
}

TEST_CASE("claims with unusual text survive the round trip") {
    const StateSealer sealer({random_key()});
    StateClaims claims;
    claims.tool = "";
    claims.args_digest = "quote \" backslash \\ newline \n nul " + std::string(1, '\0');
    claims.input_key = "r\xC3\xA9sum\xC3\xA9 \xF0\x9F\x93\x8E";

    const auto opened = sealer.open(sealer.seal(claims, kNow), kNow);
    REQUIRE(opened);
    CHECK(opened->tool == claims.tool);
    CHECK(opened->args_digest == claims.args_digest);
    CHECK(opened->input_key == claims.input_key);
}

TEST_CASE("invalid UTF-8 in the claims does not make seal throw") {
    const StateSealer sealer({random_key()});
    StateClaims claims = refund_claims();
    claims.input_key = "bad \xFF\xFE byte";
    std::string sealed;
    REQUIRE_NOTHROW(sealed = sealer.seal(claims, kNow));
    const auto opened = sealer.open(sealed, kNow);
    REQUIRE(opened);
    CHECK(opened->input_key == "bad \xEF\xBF\xBD\xEF\xBF\xBD byte");
}

TEST_CASE("every single-character edit of a sealed state fails to open") {
    const StateSealer sealer({random_key()});
    const std::string sealed = sealer.seal(refund_claims(), kNow);

    std::vector<std::string> opened_edits;
    std::size_t edits = 0;
    for (std::size_t i = 0; i < sealed.size(); ++i) {
        for (char c : kAlphabet) {
            if (c == sealed[i]) continue;
            std::string edited = sealed;
            edited[i] = c;
            ++edits;
            if (sealer.open(edited, kNow)) opened_edits.push_back(edited);
        }
    }
    CHECK(edits == sealed.size() * 63 + 1);  // the "." of "v1." is not in the alphabet
    CHECK(opened_edits.empty());
}

TEST_CASE("every truncation or extension of a sealed state fails to open") {
    const StateSealer sealer({random_key()});
    const std::string sealed = sealer.seal(refund_claims(), kNow);

    std::vector<std::size_t> opened_lengths;
    for (std::size_t length = 0; length < sealed.size(); ++length)
        if (sealer.open(std::string_view(sealed).substr(0, length), kNow))
            opened_lengths.push_back(length);
    CHECK(opened_lengths.empty());

    for (char c : kAlphabet) CHECK_FALSE(sealer.open(sealed + c, kNow));
    CHECK_FALSE(sealer.open(sealed + "AAAA", kNow));
    CHECK_FALSE(sealer.open(sealed + "=", kNow));
    CHECK_FALSE(sealer.open(sealed + "\n", kNow));
}

TEST_CASE("forged random strings never open and never throw") {
    const StateSealer sealer({random_key()});
    std::mt19937 random(20260728);
    std::uniform_int_distribution<int> length(0, 300);
    std::uniform_int_distribution<int> letter(0, 63);
    std::uniform_int_distribution<int> byte(0, 255);

    for (int round = 0; round < 3000; ++round) {
        std::string alphabet_only = "v1.";
        std::string anything = round % 2 ? "v1." : "";
        const int n = length(random);
        for (int i = 0; i < n; ++i) {
            alphabet_only += kAlphabet[static_cast<std::size_t>(letter(random))];
            anything += static_cast<char>(byte(random));
        }
        std::optional<StateClaims> a;
        std::optional<StateClaims> b;
        REQUIRE_NOTHROW(a = sealer.open(alphabet_only, kNow));
        REQUIRE_NOTHROW(b = sealer.open(anything, kNow));
        REQUIRE_FALSE(a);
        REQUIRE_FALSE(b);
    }
    // One enormous input, past any sane size.
    CHECK_FALSE(sealer.open("v1." + std::string(1 << 20, 'A'), kNow));
}

TEST_CASE("a state sealed with key B does not open with key A") {
    const StateSealer sealer_a({random_key()});
    const StateSealer sealer_b({random_key()});
    CHECK_FALSE(sealer_a.open(sealer_b.seal(refund_claims(), kNow), kNow));
    CHECK_FALSE(sealer_b.open(sealer_a.seal(refund_claims(), kNow), kNow));
}

TEST_CASE("after a key rotation the old key still opens states and the new key seals") {
    const auto old_key = random_key();
    const auto new_key = random_key();
    const StateSealer before({old_key});
    const StateSealer after({new_key, old_key});

    const auto reopened = after.open(before.seal(refund_claims(), kNow), kNow);
    REQUIRE(reopened);
    CHECK(reopened->tool == "issue_refund");

    const std::string sealed_after = after.seal(refund_claims(), kNow);
    CHECK(after.open(sealed_after, kNow));
    CHECK_FALSE(before.open(sealed_after, kNow));
    CHECK(StateSealer({new_key}).open(sealed_after, kNow));
}

TEST_CASE("a state no longer opens once now reaches expires_at") {
    const StateSealer sealer({random_key()}, 600);
    const std::string sealed = sealer.seal(refund_claims(), kNow);
    CHECK(sealer.open(sealed, kNow + 599));
    CHECK_FALSE(sealer.open(sealed, kNow + 600));
    CHECK_FALSE(sealer.open(sealed, kNow + 601));
    CHECK_FALSE(sealer.open(sealed, kNow + 1'000'000));
}

TEST_CASE("a state issued more than 60 seconds in the future is refused") {
    const StateSealer sealer({random_key()});
    CHECK(sealer.open(sealer.seal(refund_claims(), kNow + 60), kNow));
    CHECK_FALSE(sealer.open(sealer.seal(refund_claims(), kNow + 61), kNow));
}

TEST_CASE("a state with any other version prefix is refused") {
    const auto key = random_key();
    const StateSealer sealer({key});
    const std::string sealed = sealer.seal(refund_claims(), kNow);
    const std::string body = sealed.substr(3);

    CHECK_FALSE(sealer.open("v2." + body, kNow));
    CHECK_FALSE(sealer.open("V1." + body, kNow));
    CHECK_FALSE(sealer.open("v1" + body, kNow));
    CHECK_FALSE(sealer.open(body, kNow));
    CHECK_FALSE(sealer.open("v1.v1." + body, kNow));

    // The prefix is bound as AAD: a state sealed for "v2." does not open as "v1.", and a
    // state under a "v2." prefix is not even tried.
    CHECK(sealer.open(seal_plaintext(key, claims_json()), kNow));
    CHECK_FALSE(sealer.open(seal_plaintext(key, claims_json(), "v2."), kNow));
    CHECK_FALSE(sealer.open(seal_plaintext(key, claims_json(), "v2.", "v2."), kNow));
    CHECK_FALSE(sealer.open(seal_plaintext(key, claims_json(), "", "v1."), kNow));
}

TEST_CASE("an empty string does not open") {
    const StateSealer sealer({random_key()});
    CHECK_FALSE(sealer.open("", kNow));
    CHECK_FALSE(sealer.open("v1.", kNow));
}

TEST_CASE("a state that is not strict unpadded base64url is refused") {
    const auto key = random_key();
    const StateSealer sealer({key});
    const std::string sealed = sealer.seal(refund_claims(), kNow);

    std::string standard = sealed;  // the standard alphabet for the same bytes
    for (char& c : standard) {
        if (c == '-') c = '+';
        if (c == '_') c = '/';
    }
    if (standard != sealed) CHECK_FALSE(sealer.open(standard, kNow));

    const std::vector<std::string> insertions = {"=", " ", "\n", "+", "/", ".",
                                                 std::string(1, '\0'), "\xC3\xA9"};
    for (const auto& inserted : insertions) {
        std::string edited = sealed;
        edited.insert(sealed.size() / 2, inserted);
        CHECK_FALSE(sealer.open(edited, kNow));
    }
    CHECK_FALSE(sealer.open(sealed + "==", kNow));
    CHECK_FALSE(sealer.open("v1.A", kNow));  // a length no encoding has
    CHECK_FALSE(sealer.open("v1." + std::string(4 * 9, 'A'), kNow));  // 27 bytes: too short
}

TEST_CASE("a sealed plaintext that is not well-formed claims is refused") {
    const auto key = random_key();
    const StateSealer sealer({key});
    CHECK(sealer.open(seal_plaintext(key, claims_json()), kNow));  // the forger works

    auto without = [](const char* field) {
        auto json = nlohmann::json::parse(claims_json());
        json.erase(field);
        return json.dump();
    };
    auto with = [](const char* field, nlohmann::json value) {
        auto json = nlohmann::json::parse(claims_json());
        json[field] = std::move(value);
        return json.dump();
    };

    const std::vector<std::string> plaintexts = {
        "",
        "not json",
        "{\"t\":",
        "[]",
        "null",
        "42",
        "\"issue_refund\"",
        claims_json() + " trailing",
        without("t"),
        without("d"),
        without("k"),
        without("i"),
        without("e"),
        without("n"),
        with("t", 1),
        with("d", nullptr),
        with("k", nlohmann::json::array()),
        with("n", nlohmann::json::object()),
        with("i", "1780000000"),
        with("e", 1.78e9 + 600.5),
        with("e", true),
        with("e", std::uint64_t{18446744073709551615u}),
        R"({"t":"x","d":"x","k":"x","n":"x","i":1780000000,"e":1e400})",
        R"({"t":"x","d":"x","k":"x","n":"x","i":1780000000,"e":99999999999999999999999})",
        std::string("{\"t\":\"\xFF\"}"),
    };
    for (const auto& plaintext : plaintexts) {
        INFO(plaintext);
        std::optional<StateClaims> opened;
        REQUIRE_NOTHROW(opened = sealer.open(seal_plaintext(key, plaintext), kNow));
        CHECK_FALSE(opened);
    }
}

TEST_CASE("nonces and ciphertexts differ between two seals of the same claims") {
    const StateSealer sealer({random_key()});
    const std::string first = sealer.seal(refund_claims(), kNow);
    const std::string second = sealer.seal(refund_claims(), kNow);
    CHECK(first != second);
    CHECK(sealer.open(first, kNow)->nonce != sealer.open(second, kNow)->nonce);
}

TEST_CASE("args_digest is the hex SHA-256 of the compact, key-sorted arguments") {
    CHECK(office::args_digest(nlohmann::json::object()) ==
          "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    CHECK(office::args_digest(nlohmann::json::parse(R"({"b": [true, null],  "a": 1})")) ==
          "1cc69c7fa23616ca2ec3ee70d24390a6225c8832db8a4c814c7e0e7f942f8668");
}

TEST_CASE("args_digest does not depend on key order and differs for different arguments") {
    const auto one = nlohmann::json::parse(R"({"invoice_id":42,"reason":{"x":1,"y":2}})");
    const auto same = nlohmann::json::parse(R"({"reason":{"y":2,"x":1},"invoice_id":42})");
    const auto other = nlohmann::json::parse(R"({"invoice_id":43,"reason":{"x":1,"y":2}})");
    CHECK(office::args_digest(one) == office::args_digest(same));
    CHECK(office::args_digest(one) != office::args_digest(other));
    CHECK(office::args_digest(nlohmann::json::object()) !=
          office::args_digest(nlohmann::json::array()));
}

TEST_CASE("args_digest of arguments holding invalid UTF-8 does not throw") {
    std::string digest;
    REQUIRE_NOTHROW(digest = office::args_digest({{"note", "bad \xFF byte"}}));
    CHECK(digest.size() == 64);
    CHECK(is_lower_hex(digest));
}

TEST_CASE("a sealer refuses no keys, a key that is not 32 bytes, and a ttl that is not positive") {
    auto message = [](std::vector<StateSealer::Key> keys, std::int64_t ttl) -> std::string {
        try {
            StateSealer sealer(std::move(keys), ttl);
        } catch (const std::invalid_argument& error) {
            return error.what();
        }
        return "(no exception)";
    };
    CHECK(message({}, 600) == "StateSealer needs at least one key");
    CHECK(message({StateSealer::Key(31)}, 600) == "every StateSealer key must be exactly 32 bytes");
    CHECK(message({random_key(), StateSealer::Key(33)}, 600) ==
          "every StateSealer key must be exactly 32 bytes");
    CHECK(message({random_key()}, 0) == "a StateSealer ttl must be positive");
    CHECK(message({random_key()}, -5) == "a StateSealer ttl must be positive");
    CHECK(message({StateSealer::Key(32)}, 1) == "(no exception)");
}

TEST_CASE("the keys come from OFFICE_MCP_STATE_KEYS when it is set, hashed to 32 bytes") {
    std::vector<unsigned char> first(32);
    std::vector<unsigned char> second(48);
    for (std::size_t i = 0; i < first.size(); ++i) first[i] = static_cast<unsigned char>(i);
    for (std::size_t i = 0; i < second.size(); ++i)
        second[i] = static_cast<unsigned char>(0xF0 ^ i);
    std::string second_hex = to_hex(second);
    for (char& c : second_hex) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));

    const std::string value = "  " + to_hex(first) + " ,\t" + second_hex + "  ";
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", value.c_str());
    TempDir dir;
    const auto keys = office::load_state_keys(dir.path() + "/office.db");

    REQUIRE(keys.size() == 2);
    CHECK(keys[0] == sha256(first));
    CHECK(keys[1] == sha256(second));
    CHECK_FALSE(std::filesystem::exists(dir.path() + "/office.db.key"));

    const StateSealer sealer(keys);
    CHECK(sealer.open(sealer.seal(refund_claims(), kNow), kNow));
}

TEST_CASE("a malformed OFFICE_MCP_STATE_KEYS is refused without echoing the key") {
    const std::string good(64, 'a');
    const std::string not_hex = std::string(62, 'b') + "zz";
    struct Case {
        std::string value;
        std::string message;
    };
    const std::vector<Case> cases = {
        {good + "," + not_hex, "OFFICE_MCP_STATE_KEYS: key 2 is not hex of at least 32 bytes"},
        {std::string(62, 'c'), "OFFICE_MCP_STATE_KEYS: key 1 is not hex of at least 32 bytes"},
        {std::string(65, 'd'), "OFFICE_MCP_STATE_KEYS: key 1 is not hex of at least 32 bytes"},
        {good + ",," + good, "OFFICE_MCP_STATE_KEYS: key 2 is not hex of at least 32 bytes"},
        {good + "," + good + ",", "OFFICE_MCP_STATE_KEYS: key 3 is not hex of at least 32 bytes"},
        {"   ", "OFFICE_MCP_STATE_KEYS: key 1 is not hex of at least 32 bytes"},
        {"0x" + good, "OFFICE_MCP_STATE_KEYS: key 1 is not hex of at least 32 bytes"},
        {std::string(32, 'e') + " " + std::string(32, 'e'),
         "OFFICE_MCP_STATE_KEYS: key 1 is not hex of at least 32 bytes"},
    };
    for (const auto& c : cases) {
        INFO(c.value);
        const ScopedEnv env("OFFICE_MCP_STATE_KEYS", c.value.c_str());
        const std::string message = error_message(":memory:");
        CHECK(message == c.message);
        CHECK(message.find(std::string(32, c.value.back())) == std::string::npos);
        CHECK(message.find(good.substr(0, 16)) == std::string::npos);
    }
}

TEST_CASE("without OFFICE_MCP_STATE_KEYS an in-memory database gets a fresh random key") {
    for (const char* value : {static_cast<const char*>(nullptr), ""}) {
        const ScopedEnv env("OFFICE_MCP_STATE_KEYS", value);
        for (const char* path : {":memory:", ""}) {
            const auto first = office::load_state_keys(path);
            const auto second = office::load_state_keys(path);
            REQUIRE(first.size() == 1);
            REQUIRE(second.size() == 1);
            CHECK(first[0].size() == 32);
            CHECK(first[0] != second[0]);
            CHECK_FALSE(std::filesystem::exists(std::string(path) + ".key"));
        }
    }
}

TEST_CASE("the key file is created with mode 0600 and the same key is loaded after a restart") {
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", nullptr);
    TempDir dir;
    const std::string database = dir.path() + "/office.db";
    const std::string key_file = database + ".key";

    const mode_t old_umask = ::umask(0);  // the mode must come from open(), not the umask
    std::vector<StateSealer::Key> first;
    try {
        first = office::load_state_keys(database);
    } catch (...) {
        ::umask(old_umask);
        throw;
    }
    ::umask(old_umask);

    REQUIRE(first.size() == 1);
    CHECK(first[0].size() == 32);
    struct stat info {};
    REQUIRE(::stat(key_file.c_str(), &info) == 0);
    CHECK(S_ISREG(info.st_mode));
    CHECK((info.st_mode & 07777) == 0600);
    CHECK(read_file(key_file) == to_hex(first[0]) + "\n");

    const auto second = office::load_state_keys(database);  // the restarted process
    REQUIRE(second.size() == 1);
    CHECK(second[0] == first[0]);

    const std::string sealed = StateSealer(first).seal(refund_claims(), kNow);
    CHECK(StateSealer(second).open(sealed, kNow));
}

TEST_CASE("processes starting at the same moment all load the one key file that was created") {
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", nullptr);
    TempDir dir;
    const std::string database = dir.path() + "/office.db";

    constexpr int kProcesses = 8;
    std::vector<pid_t> children;
    std::vector<int> pipes;
    for (int i = 0; i < kProcesses; ++i) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {  // the child reports its key as hex, or "error", and leaves at once
            ::close(fds[0]);
            std::string report;
            try {
                report = to_hex(office::load_state_keys(database).at(0));
            } catch (...) {
                report = "error";
            }
            const ssize_t ignored = ::write(fds[1], report.data(), report.size());
            (void)ignored;
            ::_exit(0);
        }
        ::close(fds[1]);
        children.push_back(pid);
        pipes.push_back(fds[0]);
    }
    std::vector<std::string> reports;
    for (int i = 0; i < kProcesses; ++i) {
        std::string report;
        char buffer[128];
        ssize_t n;
        while ((n = ::read(pipes[static_cast<std::size_t>(i)], buffer, sizeof buffer)) > 0)
            report.append(buffer, static_cast<std::size_t>(n));
        ::close(pipes[static_cast<std::size_t>(i)]);
        ::waitpid(children[static_cast<std::size_t>(i)], nullptr, 0);
        reports.push_back(report);
    }
    const std::string in_file = read_file(database + ".key");
    REQUIRE(in_file.size() == 65);
    for (const auto& report : reports) CHECK(report == in_file.substr(0, 64));
}

TEST_CASE("an existing key file holding 64 hex characters is read as its 32 bytes") {
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", nullptr);
    TempDir dir;
    const std::string database = dir.path() + "/office.db";
    std::vector<unsigned char> expected(32);
    for (std::size_t i = 0; i < expected.size(); ++i)
        expected[i] = static_cast<unsigned char>(255 - i);
    std::string hex = to_hex(expected);
    for (char& c : hex) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    write_file(database + ".key", hex + "\r\nanything after the first line\n");

    const auto keys = office::load_state_keys(database);
    REQUIRE(keys.size() == 1);
    CHECK(keys[0] == expected);
}

TEST_CASE("a key file that does not hold a key is refused with a sentence naming it") {
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", nullptr);
    TempDir dir;
    const std::string database = dir.path() + "/office.db";
    const std::string key_file = database + ".key";

    write_file(key_file, std::string(63, 'a') + "g\n");
    CHECK(error_message(database) ==
          "the state key file " + key_file + " does not hold a key of 64 hex characters");

    write_file(key_file, std::string(66, 'a') + "\n");
    CHECK(error_message(database) ==
          "the state key file " + key_file + " does not hold a key of 64 hex characters");

    std::filesystem::remove(key_file);
    std::filesystem::create_directory(key_file);
    CHECK(error_message(database) == "the state key file " + key_file + " is not a regular file");
}

TEST_CASE("a key file that cannot be created is refused with a sentence naming it") {
    const ScopedEnv env("OFFICE_MCP_STATE_KEYS", nullptr);
    TempDir dir;
    const std::string database = dir.path() + "/missing/office.db";
    CHECK(error_message(database) == "cannot create the state key file " + database +
                                         ".key: No such file or directory");
}

// ---- issue 11: the count of asks travels in the state ---------------------------------------

TEST_CASE("the number of asks survives sealing, and a state sealed before asks were counted opens as the first ask") {
    const auto key = random_key();
    const StateSealer sealer({key});
    auto claims = refund_claims();
    claims.asks = 3;
    const auto opened = sealer.open(sealer.seal(claims, kNow), kNow);
    REQUIRE(opened);
    CHECK(opened->asks == 3);

    // claims_json() is the plaintext this build sealed before "a" existed.
    const auto old = sealer.open(seal_plaintext(key, claims_json()), kNow);
    REQUIRE(old);
    CHECK(old->asks == 1);
    CHECK(old->input_key == "approve_refund");

    for (const nlohmann::json& bad : {nlohmann::json(0), nlohmann::json(-1), nlohmann::json("2"), nlohmann::json(2.5),
                                      nlohmann::json(nullptr), nlohmann::json(100000)}) {
        INFO(bad.dump());
        auto plaintext = nlohmann::json::parse(claims_json());
        plaintext["a"] = bad;
        CHECK_FALSE(sealer.open(seal_plaintext(key, plaintext.dump()), kNow));
    }
}
