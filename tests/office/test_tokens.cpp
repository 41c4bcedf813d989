// Who is calling (issue 13, "tokens"): the tokens file (core/office/tokens.h) and its checks, the
// `office-mcp token` commands through the real binary, and the proved caller (the principal)
// carried into the log, the audit, `office-mcp audit` and the refund texts; the 3→4 migration
// of a database the schema-3 binary wrote (tests/fixtures/office-schema3.db, made by
// tests/fixtures/make_office_schema3.py).

#include "log.h"
#include "server_process.h"
#include "session_harness.h"
#include "sqlite_office_store.h"
#include "tokens.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>

#include <sys/stat.h>

using nlohmann::json;
using namespace office::testing;
using office::TokenError;
using office::TokenFile;

namespace {

std::string contents(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_file(const std::string& path, const std::string& text, mode_t mode = 0600) {
    std::ofstream(path, std::ios::binary) << text;
    REQUIRE(::chmod(path.c_str(), mode) == 0);
}

mode_t mode_of(const std::string& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

std::string load_error(const std::string& path) {
    try {
        TokenFile::load(path);
    } catch (const TokenError& e) {
        return e.what();
    }
    return "<loaded>";
}

const std::string kHash(64, 'a');

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The columns of one line of a text table (two spaces or more between columns).
std::vector<std::string> columns_of(const std::string& row) {
    static const std::regex gap(R"( {2,})");
    return {std::sregex_token_iterator(row.begin(), row.end(), gap, -1), std::sregex_token_iterator()};
}

}  // namespace

// ---- the tokens file --------------------------------------------------------------------------

TEST_CASE("a tokens file keeps name, profile, creation time and only the hash of each token", "[tokens]") {
    TempDir dir;
    const auto path = dir.file("office-mcp.tokens");
    std::string alice, bob;
    {
        auto file = TokenFile::load(path);  // no file yet: no tokens
        CHECK(file.empty());
        alice = file.add("alice", "all", "2026-11-30T10:00:00Z");
        bob = file.add("bob.scheduler", "scheduling", "2026-11-30T11:00:00Z");
        file.save();
    }
    CHECK(std::regex_match(alice, std::regex("omcp_[A-Za-z0-9_-]{43}")));  // 32 random bytes, base64url
    CHECK(alice != bob);

    const auto text = contents(path);
    CHECK(text.find(alice) == std::string::npos);  // never the token itself
    CHECK(text.find(alice.substr(5)) == std::string::npos);
    const auto loaded = TokenFile::load(path);
    REQUIRE(loaded.entries().size() == 2);
    CHECK(loaded.entries()[0].name == "alice");
    CHECK(loaded.entries()[0].profile == "all");
    CHECK(loaded.entries()[0].created == "2026-11-30T10:00:00Z");
    CHECK(std::regex_match(loaded.entries()[0].sha256, std::regex("[0-9a-f]{64}")));
    CHECK(loaded.entries()[1].name == "bob.scheduler");
    CHECK(loaded.entries()[1].profile == "scheduling");
    // A person reads it: a header comment, then one tab-separated line per token.
    CHECK(text.rfind("# office-mcp tokens: NAME<TAB>PROFILE<TAB>CREATED<TAB>SHA256", 0) == 0);
    CHECK(text.find("\nalice\tall\t2026-11-30T10:00:00Z\t" + loaded.entries()[0].sha256 + "\n") != std::string::npos);
}

TEST_CASE("the tokens file is written with mode 0600 and leaves no temporary file behind", "[tokens]") {
    TempDir dir;
    const auto path = dir.file("sub/dir/office-mcp.tokens");  // a missing directory is made, 0700
    auto file = TokenFile::load(path);
    file.add("alice", "all", "2026-11-30T10:00:00Z");
    file.save();
    CHECK(mode_of(path) == 0600);
    CHECK(mode_of(dir.file("sub/dir")) == 0700);
    CHECK(std::distance(std::filesystem::directory_iterator(dir.file("sub/dir")), {}) == 1);
}

TEST_CASE("a tokens file readable or writable by group or others is refused", "[tokens]") {
    TempDir dir;
    const auto path = dir.file("office-mcp.tokens");
    write_file(path, "alice\tall\t2026-11-30T10:00:00Z\t" + kHash + "\n", 0640);
    CHECK(load_error(path) == "the tokens file " + path + " has mode 0640: it must be readable and writable by its owner only (chmod 600 " + path + ")");
    REQUIRE(::chmod(path.c_str(), 0604) == 0);
    CHECK(load_error(path) == "the tokens file " + path + " has mode 0604: it must be readable and writable by its owner only (chmod 600 " + path + ")");
    REQUIRE(::chmod(path.c_str(), 0620) == 0);
    CHECK(load_error(path) == "the tokens file " + path + " has mode 0620: it must be readable and writable by its owner only (chmod 600 " + path + ")");
    REQUIRE(::chmod(path.c_str(), 0600) == 0);
    CHECK(TokenFile::load(path).entries().size() == 1);
}

TEST_CASE("a malformed line refuses the whole tokens file, naming the line and what is wrong", "[tokens]") {
    TempDir dir;
    const auto path = dir.file("office-mcp.tokens");
    const std::string good = "alice\tall\t2026-11-30T10:00:00Z\t" + kHash + "\n";
    const std::string format =
        " (each line is NAME<TAB>PROFILE<TAB>CREATED<TAB>SHA256[<TAB>approver|-[<TAB>admin]], or a comment starting with #)";
    const std::map<std::string, std::string> cases{
        {"bob all 2026-11-30T10:00:00Z " + kHash, "it has 1 tab-separated fields, not 4 to 6"},
        {"bob\tall\t2026-11-30T10:00:00Z", "it has 3 tab-separated fields, not 4 to 6"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + kHash + "\textra", "the fifth field can only be approver"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + kHash + "\tapprover\tx", "the sixth field can only be admin"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + kHash + "\tyes\tadmin", "the fifth field can only be approver or -"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + kHash + "\t-\tadmin\tx", "it has 7 tab-separated fields, not 4 to 6"},
        {"bob\tadmin\t2026-11-30T10:00:00Z\t" + kHash, "unknown profile admin (all, scheduling, billing or lunch)"},
        {"bob smith\tall\t2026-11-30T10:00:00Z\t" + kHash,
         "a token name is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit"},
        {"alice\tall\t2026-11-30T10:00:00Z\t" + std::string(64, 'b'), "the name alice is already on an earlier line"},
        {"bob\tall\tyesterday\t" + kHash, "the created time must look like 2026-11-30T01:27:19Z"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + std::string(63, 'a'), "the hash must be 64 lowercase hex characters"},
        {"bob\tall\t2026-11-30T10:00:00Z\t" + std::string(64, 'A'), "the hash must be 64 lowercase hex characters"},
        {" # not a comment", "it has 1 tab-separated fields, not 4 to 6"},
    };
    for (const auto& [line, why] : cases) {
        INFO(line);
        write_file(path, "# a comment\n" + good + "\n" + line + "\n");
        CHECK(load_error(path) == "the tokens file " + path + " line 4 is not a token entry: " + why + format);
    }
    // Comments and empty lines are not entries; the good line alone loads.
    write_file(path, "# a comment\n\n" + good);
    CHECK(TokenFile::load(path).entries().size() == 1);
}

TEST_CASE("verify accepts the right token and refuses a wrong one, one differing in its last byte, and an empty one", "[tokens]") {
    TempDir dir;
    auto file = TokenFile::load(dir.file("office-mcp.tokens"));
    const auto alice = file.add("alice", "billing", "2026-11-30T10:00:00Z");
    const auto bob = file.add("bob", "lunch", "2026-11-30T10:00:00Z");
    file.save();
    const auto loaded = TokenFile::load(dir.file("office-mcp.tokens"));
    for (const TokenFile* tokens : std::vector<const TokenFile*>{&file, &loaded}) {
        const auto a = tokens->verify(alice);
        REQUIRE(a);
        CHECK(a->name == "alice");
        CHECK(a->profile == "billing");
        const auto b = tokens->verify(bob);
        REQUIRE(b);
        CHECK(b->name == "bob");
        CHECK(b->profile == "lunch");

        std::string last = alice;
        last.back() = last.back() == 'A' ? 'B' : 'A';
        CHECK_FALSE(tokens->verify(last));
        CHECK_FALSE(tokens->verify(alice.substr(0, alice.size() - 1)));
        CHECK_FALSE(tokens->verify(alice + "x"));
        CHECK_FALSE(tokens->verify("omcp_not-a-token"));
        CHECK_FALSE(tokens->verify(""));
        CHECK_FALSE(tokens->verify(tokens->entries()[0].sha256));  // the stored hash is not a token
    }
}

TEST_CASE("a revoked token is refused, and revoking an unknown name says so", "[tokens]") {
    TempDir dir;
    const auto path = dir.file("office-mcp.tokens");
    auto file = TokenFile::load(path);
    const auto alice = file.add("alice", "all", "2026-11-30T10:00:00Z");
    const auto bob = file.add("bob", "all", "2026-11-30T10:00:00Z");
    file.save();
    file.revoke("alice");
    file.save();
    const auto loaded = TokenFile::load(path);
    CHECK_FALSE(loaded.verify(alice));
    CHECK(loaded.verify(bob));
    REQUIRE(loaded.entries().size() == 1);
    CHECK_THROWS_WITH(file.revoke("alice"), "no token is named alice (office-mcp token list shows them)");
}

TEST_CASE("adding a duplicate name, a bad name or an unknown profile is refused", "[tokens]") {
    auto file = TokenFile::load("/nonexistent/office-mcp.tokens");
    file.add("alice", "all", "2026-11-30T10:00:00Z");
    CHECK_THROWS_WITH(file.add("alice", "lunch", "2026-11-30T10:00:00Z"),
                      "a token named alice already exists (office-mcp token revoke alice first)");
    CHECK_THROWS_WITH(file.add("-alice", "all", "2026-11-30T10:00:00Z"),
                      "-alice is not a token name: a token name is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit");
    CHECK_THROWS_WITH(file.add("al\tice", "all", "2026-11-30T10:00:00Z"), Catch::StartsWith("al\tice is not a token name"));
    CHECK_THROWS_WITH(file.add(std::string(65, 'a'), "all", "2026-11-30T10:00:00Z"), Catch::Contains("is not a token name"));
    CHECK_THROWS_WITH(file.add("bob", "admin", "2026-11-30T10:00:00Z"), "unknown profile admin (all, scheduling, billing or lunch)");
    CHECK(file.entries().size() == 1);
}

// ---- office-mcp token ---------------------------------------------------------------------------

TEST_CASE("token add prints the new token once on stdout and stores it beside the database", "[tokens][command]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const auto added = run_office_mcp({"token", "add", "alice", "--profile", "billing", "--db", db});
    REQUIRE(added.status == 0);
    REQUIRE(std::regex_match(added.out, std::regex("omcp_[A-Za-z0-9_-]{43}\n")));
    const auto path = dir.file("office.db.tokens");  // named after the database, as its key is
    CHECK(added.err == "office-mcp: token alice (profile billing) is stored in " + path +
                           " as a hash only; it will not be shown again, so keep it now\n");
    CHECK(mode_of(path) == 0600);
    const auto token = added.out.substr(0, added.out.size() - 1);
    const auto alice = TokenFile::load(path).verify(token);
    REQUIRE(alice);
    CHECK(alice->name == "alice");
    CHECK(alice->profile == "billing");
    CHECK_FALSE(std::filesystem::exists(db));  // the database is not touched

    // Options before the command work too; the profile defaults to all.
    const auto bob = run_office_mcp({"--db", db, "token", "add", "bob"});
    REQUIRE(bob.status == 0);
    CHECK(TokenFile::load(path).verify(bob.out.substr(0, bob.out.size() - 1))->profile == "all");
    CHECK_FALSE(TokenFile::load(path).verify(bob.out.substr(0, bob.out.size() - 1))->approver);
}

TEST_CASE("token add --approver gives the approver right, kept as a fifth field that older lines do without", "[tokens][command]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    const auto path = dir.file("office.db.tokens");
    const auto carol = run_office_mcp({"token", "add", "carol", "--profile", "billing", "--approver", "--db", db});
    REQUIRE(carol.status == 0);
    CHECK(carol.err == "office-mcp: token carol (profile billing, approver) is stored in " + path +
                           " as a hash only; it will not be shown again, so keep it now\n");
    REQUIRE(run_office_mcp({"token", "add", "dave", "--db", db}).status == 0);
    const auto file = TokenFile::load(path);
    const auto proved = file.verify(carol.out.substr(0, carol.out.size() - 1));
    REQUIRE(proved);
    CHECK(proved->approver);
    // carol's line has the fifth field, dave's is the four-field line older versions wrote.
    const auto text = contents(path);
    CHECK(text.find("\t" + file.entries()[0].sha256 + "\tapprover\n") != std::string::npos);
    CHECK(text.find("\t" + file.entries()[1].sha256 + "\n") != std::string::npos);
    const auto listed = run_office_mcp({"token", "list", "--db", db});
    CHECK(listed.out.find("carol  billing  yes") != std::string::npos);
    CHECK(listed.out.find("dave   all      no ") != std::string::npos);
    const auto stray = run_office_mcp({"token", "revoke", "dave", "--approver", "--db", db});
    CHECK(stray.status == 2);
    CHECK(stray.err == "office-mcp: --approver belongs to token add\n");
}

TEST_CASE("each database has its own tokens file, and an office made before keeps reading office-mcp.tokens", "[tokens][command]") {
    TempDir dir;
    // The old shared file, beside an existing office.
    write_file(dir.file("office.db"), "");
    REQUIRE(run_office_mcp({"token", "add", "alice", "--tokens", dir.file("office-mcp.tokens")}).status == 0);
    CHECK(office::tokens_path_for(dir.file("office.db")) == dir.file("office-mcp.tokens"));
    // A fresh database beside it does not inherit its callers (it would answer 401 to everyone).
    CHECK(office::tokens_path_for(dir.file("o.db")) == dir.file("o.db.tokens"));
    CHECK(run_office_mcp({"token", "list", "--db", dir.file("o.db")}).out == "No tokens in " + dir.file("o.db.tokens") + ".\n");
    // Once the office has its own file, that one is read.
    REQUIRE(run_office_mcp({"token", "add", "bob", "--tokens", dir.file("office.db.tokens")}).status == 0);
    CHECK(office::tokens_path_for(dir.file("office.db")) == dir.file("office.db.tokens"));
    CHECK(office::default_tokens_path("/srv/office/office.db") == "/srv/office/office.db.tokens");
}

TEST_CASE("token add refuses a duplicate name, a bad name and an unknown profile and leaves the file byte-identical", "[tokens][command]") {
    TempDir dir;
    const auto path = dir.file("callers.tokens");
    REQUIRE(run_office_mcp({"token", "add", "alice", "--tokens", path}).status == 0);
    const auto before = contents(path);
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"token", "add", "alice", "--tokens", path}, "a token named alice already exists (office-mcp token revoke alice first)"},
        {{"token", "add", "al ice", "--tokens", path},
         "al ice is not a token name: a token name is 1 to 64 of the characters A-Z a-z 0-9 . _ - and starts with a letter or digit"},
        {{"token", "add", "bob", "--profile", "admin", "--tokens", path}, "unknown profile admin (all, scheduling, billing or lunch)"},
        {{"token", "revoke", "carol", "--tokens", path}, "no token is named carol (office-mcp token list shows them)"},
    };
    for (const auto& [args, sentence] : cases) {
        INFO(args[2]);
        const auto refused = run_office_mcp(args);
        CHECK(refused.status == 1);
        CHECK(refused.out.empty());
        CHECK(refused.err == "office-mcp: " + sentence + "\n");
        CHECK(contents(path) == before);
    }
}

TEST_CASE("token add run many times at once keeps every token", "[tokens][command]") {
    TempDir dir;
    const auto path = dir.file("callers.tokens");
    constexpr int kAtOnce = 16;
    std::vector<std::unique_ptr<ServerProcess>> adds;
    for (int i = 0; i < kAtOnce; ++i)
        adds.push_back(std::make_unique<ServerProcess>(std::vector<std::string>{"token", "add", "caller-" + std::to_string(i), "--tokens", path}));
    std::vector<std::string> tokens;
    for (auto& add : adds) {
        const auto token = add->read_line();
        REQUIRE(token);
        tokens.push_back(*token);
        CHECK(add->wait() == 0);
    }
    const auto file = TokenFile::load(path);
    CHECK(file.entries().size() == kAtOnce);
    for (int i = 0; i < kAtOnce; ++i) {
        const auto caller = file.verify(tokens[i]);
        CHECK(caller);
        if (caller) CHECK(caller->name == "caller-" + std::to_string(i));
    }
}

TEST_CASE("token list shows name, profile and creation time, never a hash", "[tokens][command]") {
    TempDir dir;
    const auto path = dir.file("callers.tokens");
    const auto empty = run_office_mcp({"token", "list", "--tokens", path});
    CHECK(empty.status == 0);
    CHECK(empty.out == "No tokens in " + path + ".\n");
    REQUIRE(run_office_mcp({"token", "add", "alice", "--tokens", path}).status == 0);
    REQUIRE(run_office_mcp({"token", "add", "desk-2", "--profile", "scheduling", "--tokens", path}).status == 0);
    const auto listed = run_office_mcp({"token", "list", "--tokens", path});
    REQUIRE(listed.status == 0);
    const auto entries = TokenFile::load(path).entries();
    CHECK(listed.out == "NAME    PROFILE     APPROVER  ADMIN  CREATED\n"
                        "alice   all         no        no     " + entries[0].created + "\n"
                        "desk-2  scheduling  no        no     " + entries[1].created + "\n");
    CHECK(std::regex_match(entries[0].created, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
    for (const auto& e : entries) CHECK(listed.out.find(e.sha256.substr(0, 8)) == std::string::npos);
}

TEST_CASE("token revoke removes the token: it no longer verifies", "[tokens][command]") {
    TempDir dir;
    const auto path = dir.file("callers.tokens");
    const auto added = run_office_mcp({"token", "add", "alice", "--tokens", path});
    REQUIRE(added.status == 0);
    const auto revoked = run_office_mcp({"token", "revoke", "alice", "--tokens", path});
    CHECK(revoked.status == 0);
    CHECK(revoked.out.empty());
    CHECK(revoked.err == "office-mcp: token alice is revoked (removed from " + path + ")\n");
    const auto file = TokenFile::load(path);
    CHECK(file.empty());
    CHECK_FALSE(file.verify(added.out.substr(0, added.out.size() - 1)));
}

TEST_CASE("the token commands refuse a tokens file others can read, and a command line they do not understand", "[tokens][command]") {
    TempDir dir;
    const auto path = dir.file("callers.tokens");
    write_file(path, "", 0644);
    const auto listed = run_office_mcp({"token", "list", "--tokens", path});
    CHECK(listed.status == 1);
    CHECK(listed.err == "office-mcp: the tokens file " + path +
                            " has mode 0644: it must be readable and writable by its owner only (chmod 600 " + path + ")\n");
    const auto nothing = run_office_mcp({"token", "--tokens", path});
    CHECK(nothing.status == 2);
    CHECK(nothing.err == "office-mcp: token needs add NAME, list or revoke NAME (office-mcp help token)\n");
    const auto foreign = run_office_mcp({"token", "list", "--log-level", "debug", "--tokens", path});
    CHECK(foreign.status == 2);
    CHECK(foreign.err == "office-mcp: token list takes --tokens, not --log-level (office-mcp help token)\n");
    const auto stray = run_office_mcp({"token", "list", "--profile", "lunch", "--tokens", path});
    CHECK(stray.status == 2);
    CHECK(stray.err == "office-mcp: --profile belongs to token add\n");
}

// ---- the principal in the log, the audit and the refund texts -----------------------------------

namespace {

// The principal tests' calls come from claude-code, so the labels read "alice (claude-code/1.0)".
json call(int id, const std::string& tool, json arguments, json capabilities = json::object(),
          const std::string& client = "claude-code") {
    return tools_call(id, tool, std::move(arguments), std::move(capabilities), client);
}

}  // namespace

TEST_CASE("the caller a token proved is in the log line and the audit row, beside the self-reported client", "[tokens][principal]") {
    std::vector<json> lines;
    office::Logger logger(office::LogLevel::Info, [&](std::string_view line) { lines.push_back(json::parse(line)); });
    InProcessServer office({}, ":memory:", "alice", &logger);
    REQUIRE(!is_error(office.result(call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}))));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["principal"] == "alice");
    CHECK(lines[0]["client"] == json{{"name", "claude-code"}, {"version", "1.0"}});
    CHECK(office.text("SELECT principal || '|' || client_name || '|' || client_version FROM audit") == "alice|claude-code|1.0");
    CHECK(office.text("SELECT booked_by FROM slots WHERE id = 1") == "alice (claude-code/1.0)");
    CHECK(office::pretty_log_line(lines[0].dump()).find("alice (claude-code/1.0)") != std::string::npos);

    // A legacy session over the same connection carries it too.
    lines.clear();
    office.result(json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "initialize"},
                       {"params", {{"protocolVersion", "2025-06-18"}, {"capabilities", json::object()},
                                   {"clientInfo", {{"name", "vscode"}, {"version", "1.99"}}}}}});
    REQUIRE(!is_error(office.result(json{{"jsonrpc", "2.0"}, {"id", 3}, {"method", "tools/call"},
                                         {"params", {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 1}}}}}})));
    REQUIRE(lines.size() == 2);
    CHECK(lines[0]["principal"] == "alice");
    CHECK(lines[1]["principal"] == "alice");
    CHECK(office.text("SELECT principal || '|' || client_name || '|' || era FROM audit WHERE action = 'lunch_ordered'") ==
          "alice|vscode|legacy");
    CHECK(office.text("SELECT client FROM lunch_orders") == "alice (vscode/1.99)");
}

TEST_CASE("without a principal (stdio) the log line has no principal and the audit row an empty one", "[tokens][principal]") {
    std::vector<json> lines;
    office::Logger logger(office::LogLevel::Info, [&](std::string_view line) { lines.push_back(json::parse(line)); });
    InProcessServer office({}, ":memory:", "", &logger);
    REQUIRE(!is_error(office.result(call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}))));
    REQUIRE(lines.size() == 1);
    CHECK_FALSE(lines[0].contains("principal"));
    CHECK(office.text("SELECT '[' || principal || ']' FROM audit") == "[]");
    CHECK(office.text("SELECT booked_by FROM slots WHERE id = 1") == "claude-code/1.0");
}

TEST_CASE("a queued refund's requester and approver are named by token and client", "[tokens][principal]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        InProcessServer bob({}, db, "bob");
        const auto queued = bob.result(call(1, "issue_refund", {{"invoice_id", 4}}, json::object(), "cursor"));
        REQUIRE(queued["structuredContent"]["status"] == "pending");
    }
    InProcessServer alice({}, db, "alice");
    const auto asked = alice.result(call(2, "issue_refund", {{"invoice_id", 4}}, kForms, "office-desk"));
    REQUIRE(asked["resultType"] == "input_required");
    auto retry = call(3, "issue_refund", {{"invoice_id", 4}}, kForms, "office-desk");
    retry["params"]["inputResponses"] = accept(10, "Goodwill");
    retry["params"]["requestState"] = asked["requestState"];
    const auto done = alice.result(retry);
    REQUIRE(!is_error(done));
    CHECK(alice.text("SELECT requested_by || '|' || client FROM refunds") == "bob (cursor/1.0)|alice (office-desk/1.0)");
    CHECK(alice.text("SELECT client || '|' || resolved_by FROM approval_requests") == "bob (cursor/1.0)|alice (office-desk/1.0)");
    CHECK(alice.text("SELECT detail FROM audit WHERE action = 'refund_issued'") ==
          "Refunded 10.00 of invoice 4 (Priya Nair, open, 410.00), approved through input_required. Reason: Goodwill "
          "(asked by bob (cursor/1.0) in approval request #1, approved by alice (office-desk/1.0))");

    // office-mcp audit shows the proved caller first, the client beside it.
    const auto listed = run_office_mcp({"audit", "--db", db});
    REQUIRE(listed.status == 0);
    const auto lines = split_lines(listed.out);
    REQUIRE(lines.size() == 3);
    CHECK(columns_of(lines[0]).at(1) == "CLIENT");
    CHECK(columns_of(lines[1]).at(1) == "bob (cursor/1.0)");
    CHECK(columns_of(lines[2]).at(1) == "alice (office-desk/1.0)");
}

// ---- schema 4 -----------------------------------------------------------------------------------

TEST_CASE("a database made by schema 3 migrates to 4, keeps every row and gives each audit row an empty principal", "[tokens][migration]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    std::filesystem::copy_file(std::string(OFFICE_TEST_FIXTURES) + "/office-schema3.db", db);
    const std::vector<std::string> tables = {"customers", "slots", "invoices", "refunds", "lunch_orders",
                                             "approval_requests", "used_request_states", "audit"};
    const auto scalar = [](office::Database& d, const std::string& sql) {
        auto& q = d.prepare(sql);
        std::string value = q.step() ? q.column_text(0) : "<no row>";
        q.reset();
        return value;
    };
    // Every row of `table`, each column quoted, in the columns the old file has.
    std::map<std::string, std::string> columns;
    const auto dump = [&](office::Database& d, const std::string& table) {
        std::vector<std::string> out;
        auto& q = d.prepare("SELECT " + columns[table] + " FROM " + table + " ORDER BY 1");
        while (q.step()) out.push_back(q.column_text(0));
        q.reset();
        return out;
    };
    std::map<std::string, std::vector<std::string>> before;
    std::string old_audit;
    {
        office::Database old(db, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "3");
        for (const auto& table : tables) {
            columns[table] = scalar(old, "SELECT group_concat('quote(\"' || name || '\")', ' || ''|'' || ') FROM pragma_table_info('" + table + "')");
            before[table] = dump(old, table);
        }
        REQUIRE(before["audit"].size() == 10);
        old_audit = scalar(old, "SELECT group_concat(id || '|' || at || '|' || client_name || '|' || client_version || '|' || era || '|' || "
                                "protocol_version || '|' || action || '|' || subject_type || '|' || subject_id || '|' || detail, char(10)) FROM audit");
    }
    {
        auto migrated = office::open_office_database(db);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));  // through 4, and on
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        for (const auto& table : tables) {
            INFO(table);
            CHECK(dump(*migrated, table) == before[table]);
        }
        CHECK(scalar(*migrated, "SELECT group_concat(id || '|' || at || '|' || client_name || '|' || client_version || '|' || era || '|' || "
                                "protocol_version || '|' || action || '|' || subject_type || '|' || subject_id || '|' || detail, char(10)) FROM audit") ==
              old_audit);
        CHECK(scalar(*migrated, "SELECT count(*) FROM audit WHERE principal = ''") == "10");
    }
    {
        // A migrated file and a new one have the same schema.
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        office::Database migrated(db, office::Database::Mode::ReadOnly);
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(migrated, schema));
    }
    // A caller with a token writes to the migrated file; office-mcp audit shows old rows as before.
    {
        InProcessServer alice({}, db, "alice");
        REQUIRE(!is_error(alice.result(call(1, "order_lunch", {{"item", "ensalada"}, {"quantity", 1}}))));
    }
    const auto listed = run_office_mcp({"audit", "--db", db});
    REQUIRE(listed.status == 0);
    CHECK(listed.out.find("legacy-client/2.1") != std::string::npos);
    CHECK(listed.out.find("alice (claude-code/1.0)") != std::string::npos);
}
