// The office's records kept from the console (issue 37): the real binary's `db init --empty`,
// `customers import|export|add|list`, `invoices` and `menu`, on files as people have them
// (tests/fixtures/csv, made by hand from LibreOffice Calc's, Google Contacts' and Outlook's
// published formats: see tests/office/test_customer_csv.cpp), then an agent over stdio using
// that office. On SQLite and PostgreSQL ([e2e]).

#include "server_process.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace {

using json = nlohmann::json;
using office::testing::run_office_mcp;

const std::string kCsv = std::string(OFFICE_TEST_FIXTURES) + "/csv/";

struct EmptyOffice {
    office::testing::TestDatabase db;
    office::testing::TempDir dir;
    EmptyOffice() {
        const auto made = run_office_mcp({"db", "init", "--empty", "--db", db.arg()});
        INFO(made.err);
        REQUIRE(made.status == 0);
    }
    office::testing::CommandResult run(std::vector<std::string> args) {
        args.insert(args.end(), {"--db", db.arg()});
        return run_office_mcp(args);
    }
};

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// An export's lines without their first field (the id: digits, never quoted).
std::string without_ids(const std::string& csv) {
    std::string out;
    for (std::size_t at = 0; at < csv.size();) {
        const auto comma = csv.find(',', at);
        const auto end = csv.find('\n', at);
        out += csv.substr(comma + 1, end - comma);
        at = end == std::string::npos ? csv.size() : end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("an empty office imports the customers its address book exports, exactly, in one transaction", "[e2e]") {
    EmptyOffice office;
    for (const char* file : {"libreoffice-calc.csv", "google-contacts.csv", "google-contacts-old.csv", "outlook.csv"}) {
        CAPTURE(file);
        const auto dry = office.run({"customers", "import", kCsv + file, "--dry-run"});
        INFO(dry.err);
        REQUIRE(dry.status == 0);
        CHECK(dry.out.starts_with("Dry run, nothing changed: Imported "));
    }
    CHECK(office.db.number("SELECT count(*) FROM customers") == 0);  // --dry-run changed nothing
    CHECK(office.db.number("SELECT count(*) FROM audit") == 0);

    const auto calc = office.run({"customers", "import", kCsv + "libreoffice-calc.csv"});
    INFO(calc.err);
    REQUIRE(calc.status == 0);
    CHECK(calc.err.find("ignoring the columns Phone, Notes") != std::string::npos);
    // Names with commas, doubled quotes and accents, as the person typed them.
    CHECK(office.db.text("SELECT name FROM customers WHERE email = 'maria.alvarez@example.com'") == "Alvarez, Maria");
    CHECK(office.db.text("SELECT name FROM customers WHERE email = 'pepe@example.es'") == "José \"Pepe\" García");
    const auto imported = office.db.number("SELECT count(*) FROM customers");

    // Outlook's file has Maria and Zoë again: skipped and counted, not doubled.
    const auto outlook = office.run({"customers", "import", kCsv + "outlook.csv"});
    INFO(outlook.err);
    REQUIRE(outlook.status == 0);
    CHECK(outlook.out.find("2 were already customers, skipped") != std::string::npos);
    CHECK(office.db.number("SELECT count(*) FROM customers WHERE lower(email) = 'maria.alvarez@example.com'") == 1);
    CHECK(office.db.number("SELECT count(*) FROM customers") > imported);
    CHECK(office.db.text("SELECT action FROM audit ORDER BY id DESC LIMIT 1") == "customers_imported");

    // Export writes what import reads: into another empty office, the same customers in the same
    // order. (The ids an import gives are the new office's: on PostgreSQL the dry runs above used
    // some of the first office's, as a rolled-back insert does there.)
    const auto exported = office.run({"customers", "export", office.dir.file("out.csv")});
    REQUIRE(exported.status == 0);
    EmptyOffice other;
    REQUIRE(other.run({"customers", "import", office.dir.file("out.csv")}).status == 0);
    CHECK(without_ids(other.run({"customers", "export"}).out) == without_ids(office.run({"customers", "export"}).out));
    const auto again = other.run({"customers", "export", office.dir.file("again.csv")});
    REQUIRE(again.status == 0);
    EmptyOffice third;
    REQUIRE(third.run({"customers", "import", office.dir.file("again.csv")}).status == 0);
    CHECK(third.run({"customers", "export"}).out == other.run({"customers", "export"}).out);  // exact, ids included
}

TEST_CASE("a file with any bad row imports nothing, and says which rows and why", "[e2e]") {
    EmptyOffice office;
    write(office.dir.file("bad.csv"),
          "name,email\nAna Torres,ana@example.com\n,nobody@example.com\nBad Email,bad-email\nLuis,luis@example.com\n");
    const auto refused = office.run({"customers", "import", office.dir.file("bad.csv")});
    CHECK(refused.status == 1);
    CHECK(refused.out.empty());
    CHECK(refused.err.find("was not imported, nothing changed: 2 rows are not a customer") != std::string::npos);
    CHECK(refused.err.find("  line 3: ") != std::string::npos);
    CHECK(refused.err.find("  line 4: email \"bad-email\" is not an address like name@example.com") != std::string::npos);
    CHECK(office.db.number("SELECT count(*) FROM customers") == 0);

    for (const char* file : {"broken-unterminated-quote.csv", "broken-no-header.csv", "broken-duplicate-header.csv",
                             "broken-empty-email.csv", "broken-nul.csv", "broken-invalid-utf8.csv"}) {
        CAPTURE(file);
        const auto broken = office.run({"customers", "import", kCsv + file});
        INFO(broken.err);
        CHECK(broken.status == 1);
        CHECK(broken.err.find("was not imported, nothing changed") != std::string::npos);
        CHECK(broken.err.find("line ") != std::string::npos);
    }
    CHECK(office.db.number("SELECT count(*) FROM customers") == 0);
    CHECK(office.db.number("SELECT count(*) FROM audit") == 0);
}

TEST_CASE("invoices and the menu from the console, then an agent books, bills and orders against that office", "[e2e]") {
    EmptyOffice office;
    REQUIRE(office.run({"customers", "add", "--name", "Ana Torres", "--email", "ana@example.com"}).status == 0);
    CHECK(office.run({"invoices", "add", "--customer", "1", "--amount", "12.345"}).status == 1);
    CHECK(office.run({"invoices", "add", "--customer", "1", "--amount", "-1"}).status != 0);
    const auto invoice = office.run({"invoices", "add", "--customer", "1", "--amount", "1234.56"});
    CHECK(invoice.out == "Added invoice 1: 1234.56 for Ana Torres (customer 1), open.\n");
    CHECK(office.db.number("SELECT amount_cents FROM invoices WHERE id = 1") == 123456);
    const auto listed = office.run({"invoices", "list", "--customer", "1"});
    CHECK(listed.out.find("1234.56") != std::string::npos);
    CHECK(office.run({"menu", "add", "gazpacho", "--price", "4.50"}).out == "Added gazpacho (4.50) to the menu.\n");
    CHECK(office.run({"menu", "add", "gazpacho"}).status == 1);
    CHECK(office.run({"customers", "remove", "1"}).err.find("they have 1 invoice") != std::string::npos);

    office::testing::ServerProcess server({"--db", office.db.arg()});
    office::testing::initialize(server, "2025-11-25");
    const json tools = server.request({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}});
    std::vector<std::string> names;
    for (const auto& tool : tools["result"]["tools"]) names.push_back(tool["name"]);
    CHECK(names == std::vector<std::string>{"find_customer", "list_availability", "book_slot", "open_invoices", "issue_refund",
                                            "order_lunch", "add_customer", "cancel_booking", "move_booking"});
    const auto call = [&](int id, const std::string& tool, json args) {
        return server.request(office::testing::legacy_call(id, tool, std::move(args)))["result"];
    };
    CHECK(call(2, "find_customer", {{"query", "ana"}})["structuredContent"]["customers"][0]["id"] == 1);
    CHECK(call(3, "open_invoices", {{"customer_id", 1}})["structuredContent"]["invoices"][0]["amount"] == 1234.56);
    CHECK(call(4, "order_lunch", {{"item", "gazpacho"}, {"quantity", 3}})["content"][0]["text"] ==
          "Ordered 3 gazpachos, 4.50 each, 13.50 in all.");
    CHECK(call(5, "add_customer", {{"name", "Luis"}, {"email", "luis@example.com"}})["structuredContent"]["id"] == 2);

    // Another process changes the menu: this session is told within about a second.
    REQUIRE(office.run({"menu", "add", "flan"}).status == 0);
    const auto told = server.read(3000);
    CHECK(told == json{{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}});
    server.close_stdin();
    CHECK(server.wait() == 0);
}

TEST_CASE("a large import leaves the customer search compact, and an agent finds one customer among thousands", "[e2e]") {
    // Two imports of 2500 rows, each past the size from which customers import makes the search
    // indexes compact again (optimize_customer_search: FTS5's optimize on SQLite, VACUUM
    // ANALYZE on PostgreSQL); without it, SQLite's indexes would hold a segment per import.
    EmptyOffice office;
    for (int part = 0; part < 2; ++part) {
        std::string csv = "name,email\n";
        for (int k = part * 2500 + 1; k <= (part + 1) * 2500; ++k)
            csv += "Person " + std::to_string(k) + ",p" + std::to_string(k) + ".house@example.net\n";
        const std::string file = office.dir.file("part" + std::to_string(part) + ".csv");
        write(file, csv);
        const auto imported = office.run({"customers", "import", file});
        INFO(imported.err);
        REQUIRE(imported.status == 0);
        CHECK(imported.out == "Imported 2500 customers (ids " + std::to_string(part * 2500 + 1) + " to " +
                                  std::to_string((part + 1) * 2500) + ") from " + file + "; 0 were already customers, skipped.\n");
    }
    if (!office::testing::on_postgres()) {
        CHECK(office.db.number("SELECT count(DISTINCT segid) FROM customer_words_idx") == 1);
        CHECK(office.db.number("SELECT count(DISTINCT segid) FROM customer_search_idx") == 1);
    }
    office::testing::ServerProcess server({"--db", office.db.arg()});
    office::testing::initialize(server, "2025-11-25");
    const json found = server.request(office::testing::legacy_call(1, "find_customer", {{"query", "p4321.house@"}}))["result"];
    CHECK(found["content"][0]["text"] == "Found 1 customer matching \"p4321.house@\":\n- #4321 Person 4321 <p4321.house@example.net>");
    server.close_stdin();
    CHECK(server.wait() == 0);
}
