// Issue 11 through the real binary: the 2→3 migration of a database the schema-2 binary wrote
// (tests/fixtures/office-schema2.db, made by tests/fixtures/make_office_schema2.py), the
// approval queue's commands (approvals list, approvals reopen), the audit of who asked and who
// approved, a database location refused at start, `config` carrying every serving option,
// and lunch in the plural.

#include "server_process.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

using nlohmann::json;
using namespace office::testing;

namespace {

const std::string kFixture = std::string(OFFICE_TEST_FIXTURES) + "/office-schema2.db";

// This file's calls come from client "queue-client" unless they name another.
json call(int id, const std::string& tool, json arguments, const std::string& client = "queue-client",
          json capabilities = json::object()) {
    return tools_call(id, tool, std::move(arguments), std::move(capabilities), client);
}

// Both rounds of a modern refund answered by `client` (office-desk reviewing the queue).
json refund(ServerProcess& server, int id, int invoice, json answer, const std::string& client = "office-desk") {
    const auto asked = server.request(call(id, "issue_refund", {{"invoice_id", invoice}}, client, kForms));
    REQUIRE(asked["result"]["resultType"] == "input_required");
    auto retry = call(id + 1, "issue_refund", {{"invoice_id", invoice}}, client, kForms);
    retry["params"]["inputResponses"] = {{"approve_refund", std::move(answer)}};
    retry["params"]["requestState"] = asked["result"]["requestState"];
    return server.request(retry);
}

json accept(double amount, const std::string& reason) {
    return {{"action", "accept"}, {"content", {{"amount", amount}, {"reason", reason}}}};
}

std::string scalar(office::Database& db, const std::string& sql) {
    auto& q = db.prepare(sql);
    std::string value = q.step() ? q.column_text(0) : "<no row>";
    q.reset();
    return value;
}

std::vector<std::string> rows(office::Database& db, const std::string& sql) {
    std::vector<std::string> out;
    auto& q = db.prepare(sql);
    while (q.step()) out.push_back(q.column_text(0));
    return out;
}

// The columns `table` has in `db`, in order, joined for a SELECT of quoted values.
std::string quoted_columns(office::Database& db, const std::string& table) {
    return scalar(db, "SELECT group_concat('quote(\"' || name || '\")', ' || ''|'' || ') FROM pragma_table_info('" + table + "')");
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> columns_of(const std::string& row) {
    static const std::regex gap(R"( {2,})");
    std::vector<std::string> columns;
    std::sregex_token_iterator it(row.begin(), row.end(), gap, -1), end;
    for (; it != end; ++it) columns.push_back(*it);
    return columns;
}

std::vector<std::string> entries_in(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

const json kDiscover = {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "server/discover"}, {"params", modern_params()}};

}  // namespace

// ---- the migration from schema 2 ----------------------------------------------------------

TEST_CASE("a database made by schema 2 migrates to 3, keeps every row and knows what each invoice refunded", "[money][migration]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    std::filesystem::copy_file(kFixture, db);
    const std::vector<std::string> tables = {"customers", "slots", "invoices", "refunds", "lunch_orders",
                                             "approval_requests", "used_request_states", "audit"};
    std::map<std::string, std::vector<std::string>> before;
    std::map<std::string, std::string> old_columns;
    {
        office::Database old(db, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "2");
        for (const auto& table : tables) {
            old_columns[table] = quoted_columns(old, table);
            before[table] = rows(old, "SELECT " + old_columns[table] + " FROM " + table + " ORDER BY 1");
        }
        // What schema 2 left: invoice 2 marked refunded after 30.00 of 80.00.
        REQUIRE(before["invoices"] == std::vector<std::string>{"1|1|24000|'refunded'", "2|1|8000|'refunded'", "3|2|15000|'paid'",
                                                               "4|3|41000|'refunded'"});
    }
    {
        auto migrated = office::open_office_database(db);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));  // 3, then 4 (issue 13)
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        CHECK(scalar(*migrated, "SELECT count(*) FROM pragma_foreign_key_check") == "0");
        // Every row, every old column as it was, but the status schema 2 got wrong.
        for (const auto& table : tables) {
            INFO(table);
            auto now = rows(*migrated, "SELECT " + old_columns[table] + " FROM " + table + " ORDER BY 1");
            if (table != "invoices") CHECK(now == before[table]);
        }
        CHECK(rows(*migrated, "SELECT id || '|' || status || '|' || refunded_cents FROM invoices ORDER BY id") ==
              std::vector<std::string>{"1|refunded|24000", "2|open|3000", "3|paid|0", "4|open|10000"});
        // The refund that settled the queued request knows it; the others settled none.
        CHECK(rows(*migrated, "SELECT id || '|' || ifnull(approval_request_id, '-') || '|' || ifnull(requested_by, '-') FROM refunds ORDER BY id") ==
              std::vector<std::string>{"1|-|-", "2|-|-", "3|1|queue-client/0.9"});
        CHECK(rows(*migrated, "SELECT id || '|' || ifnull(resolved_by, '-') || '|' || ifnull(reported_at, '-') FROM approval_requests ORDER BY id") ==
              std::vector<std::string>{"1|-|-", "2|-|-"});
        // Several refunds per invoice are allowed now.
        CHECK(scalar(*migrated, "SELECT count(*) FROM pragma_index_list('refunds') WHERE \"unique\"") == "0");
    }
    {
        // A migrated file and a new one have the same schema.
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        office::Database migrated(db, office::Database::Mode::ReadOnly);
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(migrated, schema));
    }
    // The real binary refunds the rest of invoice 2 on the migrated file.
    {
        ServerProcess server({"--db", db});
        const auto invoices = server.request(call(1, "open_invoices", {{"customer_id", 1}}));
        CHECK(reply_text(invoices) == "Invoices of Maria Alvarez:\n- invoice 1: 240.00, refunded\n- invoice 2: 80.00, open, 30.00 refunded, 50.00 left");
        const auto done = refund(server, 2, 2, accept(50, "The rest"));
        CHECK(reply_text(done) == "Refunded 50.00 of invoice 2 (Maria Alvarez). Reason: The rest");
    }
    office::Database after(db, office::Database::Mode::ReadOnly);
    CHECK(scalar(after, "SELECT status || '|' || refunded_cents FROM invoices WHERE id = 2") == "refunded|8000");
}

// ---- who asked, who approved; re-opening ---------------------------------------------------

TEST_CASE("office-mcp audit shows who asked for a queued refund and who approved or declined it", "[money][audit]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        ServerProcess server({"--db", db});
        REQUIRE(server.request(call(1, "issue_refund", {{"invoice_id", 4}}, "queue-client"))["result"]["structuredContent"]["status"] == "pending");
        REQUIRE(!refund(server, 2, 4, accept(10, "Goodwill"))["result"].value("isError", false));
        REQUIRE(server.request(call(4, "issue_refund", {{"invoice_id", 3}}, "queue-client"))["result"]["structuredContent"]["status"] == "pending");
        REQUIRE(!refund(server, 5, 3, {{"action", "decline"}})["result"].value("isError", false));
    }
    const auto listed = run_office_mcp({"audit", "--db", db});
    REQUIRE(listed.status == 0);
    const auto lines = split_lines(listed.out);
    REQUIRE(lines.size() == 5);
    CHECK(columns_of(lines[2]).at(5) ==
          "Refunded 10.00 of invoice 4 (Priya Nair, open, 410.00), approved through input_required. Reason: Goodwill "
          "(asked by queue-client/1.0 in approval request #1, approved by office-desk/1.0)");
    CHECK(columns_of(lines[4]).at(5) ==
          "A person declined the refund of invoice 3 (Tomas Reis, paid, 150.00). Approval request #2, asked by "
          "queue-client/1.0, is declined by office-desk/1.0.");
}

TEST_CASE("approvals reopen makes a declined request wait again, and the client that asked sees it waiting", "[money][approvals]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        ServerProcess server({"--db", db});
        server.request(call(1, "issue_refund", {{"invoice_id", 4}}));
        REQUIRE(!refund(server, 2, 4, {{"action", "decline"}})["result"].value("isError", false));
        CHECK(reply_text(server.request(call(4, "issue_refund", {{"invoice_id", 4}}))) ==
              "Approval request #1 for invoice 4 was declined by a person; nothing was refunded. A person can re-open it "
              "in office-desk, or call issue_refund again to queue a new request.");
    }
    const auto reopened = run_office_mcp({"approvals", "reopen", "1", "--db", db});
    CHECK(reopened.status == 0);
    CHECK(reopened.out == "Approval request #1 for invoice 4 is pending again; a person can review it in office-desk.\n");
    CHECK(reopened.err.empty());
    {
        office::Database store(db, office::Database::Mode::ReadOnly);
        CHECK(scalar(store, "SELECT status || '|' || ifnull(resolved_at, '-') || '|' || ifnull(resolved_by, '-') || '|' || "
                            "ifnull(reported_at, '-') FROM approval_requests WHERE id = 1") == "pending|-|-|-");
        CHECK(scalar(store, "SELECT client_name || '|' || era || '|' || action || '|' || subject_id || '|' || detail FROM audit "
                            "ORDER BY id DESC LIMIT 1") ==
              "office-mcp|command|refund_reopened|4|Approval request #1 for invoice 4 was declined and is re-opened: it "
              "waits for a person in office-desk again.");
    }
    {
        ServerProcess server({"--db", db});
        CHECK(reply_text(server.request(call(1, "issue_refund", {{"invoice_id", 4}}))).starts_with(
            "Approval request #1 for invoice 4 is still waiting for a person to review it in office-desk"));
        REQUIRE(!refund(server, 2, 4, accept(410, "Goodwill"))["result"].value("isError", false));
    }
    const auto listed = run_office_mcp({"approvals", "list", "--db", db});
    CHECK(listed.status == 0);
    const auto lines = split_lines(listed.out);
    REQUIRE(lines.size() == 2);
    CHECK(columns_of(lines[0]) == std::vector<std::string>{"ID", "INVOICE", "STATUS", "CLIENT", "CREATED", "RESOLVED_BY"});
    const auto row = columns_of(lines[1]);
    REQUIRE(row.size() == 6);
    CHECK(row[0] == "#1");
    CHECK(row[1] == "invoice 4");
    CHECK(row[2] == "approved");
    CHECK(row[3] == "queue-client/1.0");
    CHECK(std::regex_match(row[4], std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
    CHECK(row[5] == "office-desk/1.0");
}

TEST_CASE("approvals reopen refuses, with one sentence and exit 1, what it cannot re-open", "[money][approvals]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    {
        ServerProcess server({"--db", db});
        server.request(call(1, "issue_refund", {{"invoice_id", 4}}));   // #1, approved below
        REQUIRE(!refund(server, 2, 4, accept(10, "Goodwill"))["result"].value("isError", false));
        server.request(call(4, "issue_refund", {{"invoice_id", 2}}));   // #2, declined below
        REQUIRE(!refund(server, 5, 2, {{"action", "decline"}})["result"].value("isError", false));
        server.request(call(7, "issue_refund", {{"invoice_id", 2}}));   // reports #2 declined
        server.request(call(8, "issue_refund", {{"invoice_id", 2}}));   // #3, pending
        server.request(call(9, "issue_refund", {{"invoice_id", 1}}));   // #4, declined, then invoice 1 refunded in full
        REQUIRE(!refund(server, 10, 1, {{"action", "decline"}})["result"].value("isError", false));
        REQUIRE(!refund(server, 12, 1, accept(240, "Cancelled"))["result"].value("isError", false));
    }
    struct Case {
        std::string id;
        std::string sentence;
    };
    const auto c = GENERATE(
        Case{"9", "There is no approval request #9."},
        Case{"1", "Approval request #1 for invoice 4 is approved, not declined; only a declined request can be re-opened."},
        Case{"3", "Approval request #3 for invoice 2 is pending, not declined; only a declined request can be re-opened."},
        Case{"2", "Approval request #2 cannot be re-opened: approval request #3 for invoice 2 is already waiting in office-desk."},
        Case{"4", "Approval request #4 cannot be re-opened: invoice 1 has nothing left to refund."});
    CAPTURE(c.id);
    const auto refused = run_office_mcp({"approvals", "reopen", c.id, "--db", db});
    CHECK(refused.status == 1);
    CHECK(refused.out.empty());
    CHECK(refused.err == "office-mcp: " + c.sentence + "\n");
    office::Database store(db, office::Database::Mode::ReadOnly);
    CHECK(scalar(store, "SELECT group_concat(id || status, ',') FROM approval_requests") == "1approved,2declined,3pending,4declined");
    CHECK(scalar(store, "SELECT count(*) FROM audit WHERE action = 'refund_reopened'") == "0");
}

// ---- a database location that cannot work -------------------------------------------------

TEST_CASE("a database location that cannot work stops serving at start with one line on stderr and exit 2", "[money][start]") {
    const auto which = GENERATE(0, 1, 2);  // first: the test directory below is made anew for each
    TempDir dir;
    std::ofstream(dir.file("plain-file")) << "x";
    std::filesystem::create_directory(dir.file("a-directory"));
    struct Case {
        std::string path;
        std::string line;
    };
    const Case cases[] = {
        {"/proc/x.db", "office-mcp: cannot create database /proc/x.db: the directory /proc does not take new files "
                       "(No such file or directory)\n"},
        {dir.file("a-directory"), "office-mcp: database " + dir.file("a-directory") + " is a directory, not a file\n"},
        {dir.file("plain-file/office.db"), "office-mcp: cannot create database " + dir.file("plain-file/office.db") + ": " +
                                               dir.file("plain-file") + " is not a directory\n"}};
    const Case& c = cases[which];
    CAPTURE(c.path);
    ServerProcess server({}, {"OFFICE_MCP_DB=" + c.path});
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text() == c.line);
    CHECK(entries_in(dir.path()) == std::vector<std::string>{"a-directory", "plain-file"});
    CHECK(entries_in(dir.file("a-directory")).empty());
}

TEST_CASE("a read-only directory is refused at start for a database that would be created in it", "[money][start]") {
    TempDir dir;
    const auto readonly = dir.file("read-only");
    std::filesystem::create_directory(readonly);
    REQUIRE(::chmod(dir.path().c_str(), 0755) == 0);
    REQUIRE(::chmod(readonly.c_str(), 0555) == 0);
    // root writes anywhere; the server runs as nobody here, as an ordinary user would.
    std::vector<std::string> wrapper;
    if (::geteuid() == 0) wrapper = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
    ServerProcess server({"--db", readonly + "/office.db"}, {}, wrapper);
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text() == "office-mcp: cannot create database " + readonly + "/office.db: the directory " + readonly +
                                      " does not take new files (Permission denied)\n");
    CHECK(entries_in(readonly).empty());
}

TEST_CASE("server/discover on a good location still leaves nothing behind, not even the missing directories", "[money][start]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("new/sub/office.db")});
    CHECK(server.request(kDiscover)["result"]["supportedVersions"] == json::array({"2026-07-28"}));
    server.close_stdin();
    CHECK(server.wait() == 0);
    CHECK(entries_in(dir.path()).empty());
}

// ---- config carries every serving option ---------------------------------------------------

TEST_CASE("config carries every serving option given into the pasted configuration", "[money][config]") {
    TempDir dir;
    const std::vector<std::string> serving = {"--db", dir.file("office.db"), "--profile", "billing", "--tools", "find_customer,issue_refund",
                                              "--state-ttl", "900", "--log-level", "debug", "--log-file", dir.file("office.log")};
    const json expected = serving;
    for (const std::string client : {"claude-desktop", "cursor", "vscode"}) {
        CAPTURE(client);
        std::vector<std::string> args = {"config", client};
        args.insert(args.end(), serving.begin(), serving.end());
        const auto printed = run_office_mcp(args);
        REQUIRE(printed.status == 0);
        const auto config = json::parse(printed.out);
        const auto& server = client == "vscode" ? config["servers"]["office"] : config["mcpServers"]["office"];
        CHECK(server["args"] == expected);
    }
    // From the environment too, and a relative path made absolute.
    const auto from_env = run_office_mcp({"config", "cursor", "--db", "rel.db"}, {"OFFICE_MCP_STATE_TTL=120"});
    CHECK(json::parse(from_env.out)["mcpServers"]["office"]["args"] ==
          json::array({"--db", std::filesystem::current_path().string() + "/rel.db", "--state-ttl", "120"}));
    // A tool that does not exist is refused here, not later in the client.
    const auto unknown = run_office_mcp({"config", "cursor", "--tools", "find_customer,nope"});
    CHECK(unknown.status == 2);
    CHECK(unknown.err == "office-mcp: unknown tool nope in --tools\n");
}

TEST_CASE("the claude-code line round-trips any path through sh -c", "[money][config]") {
    const auto name = GENERATE(as<std::string>(), "it's here.db", "a \"quoted\" $HOME `x` \\n.db", "ñandú café/データ.db",
                               "new\nline.db", "'';'.db");
    TempDir dir;
    // A fake `claude` that prints every argument it gets, each ended by a NUL.
    const auto bin = dir.file("bin");
    std::filesystem::create_directory(bin);
    std::ofstream(bin + "/claude") << "#!/bin/sh\nprintf '%s\\0' \"$@\"\n";
    REQUIRE(::chmod((bin + "/claude").c_str(), 0755) == 0);
    const auto path = dir.file(name);
    CAPTURE(path);
    const auto printed = run_office_mcp({"config", "claude-code", "--db", path, "--tools", "issue_refund", "--log-file", path + ".log"});
    REQUIRE(printed.status == 0);
    REQUIRE(printed.out.back() == '\n');
    const std::string line = printed.out.substr(0, printed.out.size() - 1);

    // Run the printed line as a person pasting it would: through a POSIX shell.
    const auto script = dir.file("run.sh");
    const auto out = dir.file("argv");
    {
        std::ofstream(dir.file("line")) << line;
        std::ofstream s(script);
        s << "PATH='" << bin << "':\"$PATH\" exec /bin/sh -c \"$(cat '" << dir.file("line") << "')\" > '" << out << "'\n";
    }
    REQUIRE(std::system(("/bin/sh '" + script + "'").c_str()) == 0);
    std::ifstream in(out, std::ios::binary);
    const std::string printed_argv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> argv;
    std::size_t start = 0;
    for (std::size_t nul; (nul = printed_argv.find('\0', start)) != std::string::npos; start = nul + 1)
        argv.push_back(printed_argv.substr(start, nul - start));
    REQUIRE(argv.size() == 11);
    CHECK(std::vector<std::string>(argv.begin(), argv.begin() + 4) == std::vector<std::string>{"mcp", "add", "office", "--"});
    CHECK(std::filesystem::equivalent(argv[4], OFFICE_MCP_BINARY));
    CHECK(std::vector<std::string>(argv.begin() + 5, argv.end()) ==
          std::vector<std::string>{"--db", path, "--tools", "issue_refund", "--log-file", path + ".log"});
}

// ---- lunch in the plural -------------------------------------------------------------------

TEST_CASE("a lunch order of more than one says the plural", "[money][lunch]") {
    TempDir dir;
    ServerProcess server({"--db", dir.file("office.db")});
    struct Case {
        std::string item;
        int quantity;
        std::string text;
    };
    int id = 0;
    for (const auto& c : {Case{"tortilla", 2, "Ordered 2 tortillas."}, Case{"bocadillo", 5, "Ordered 5 bocadillos."},
                          Case{"ensalada", 3, "Ordered 3 ensaladas."}, Case{"ensalada", 1, "Ordered 1 ensalada."}}) {
        CAPTURE(c.item, c.quantity);
        const auto reply = server.request(call(++id, "order_lunch", {{"item", c.item}, {"quantity", c.quantity}}));
        CHECK(reply_text(reply) == c.text);
        CHECK(reply["result"]["structuredContent"]["item"] == c.item);
    }
}
