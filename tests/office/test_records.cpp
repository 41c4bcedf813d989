// The office's own records (issue 37, core/office/records.h): the rules a value must meet, the
// agent's add_customer in both eras, the admin tools only for the admin right, and the menu that
// shapes order_lunch. The [tools] cases run on SQLite and on PostgreSQL (tests/CMakeLists.txt).

#include "person_text.h"
#include "records.h"
#include "server_process.h"
#include "session_harness.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using office::json;
using office::testing::is_error;
using office::testing::text_of;
using office::testing::initialize_request;
using office::testing::kInitialized;
using office::testing::legacy_call;
using office::testing::modern_params;
using office::testing::tools_call;
using Office = office::testing::InProcessServer;

json modern(const json& id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", modern_params(std::move(params))}};
}

std::vector<std::string> tool_names(Office& office) {
    std::vector<std::string> names;
    const json listed = office.result(modern(1, "tools/list"));  // kept: the loop reads into it
    for (const auto& tool : listed["tools"]) names.push_back(tool["name"]);
    return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

Office admin_office() { return Office({}, ":memory:", {}, nullptr, office::Locale::En, true); }

}  // namespace

TEST_CASE("money as a person writes it is exact cents, and nothing else is money", "[records]") {
    CHECK(office::cents_of("1234.56") == 123456);
    CHECK(office::cents_of("12") == 1200);
    CHECK(office::cents_of("4.5") == 450);
    CHECK(office::cents_of("0.01") == 1);
    CHECK(office::cents_of("0") == 0);
    CHECK(office::cents_of("9999999999999.99") == 999999999999999);
    for (const char* bad : {"12.345", "-1", "+1", "1e3", "12.", ".5", "", "1,000.00", "1 000", "12,50", "0x10", " 12", "12 ",
                            "99999999999999"})
        CHECK_FALSE(office::cents_of(bad).has_value());
}

TEST_CASE("names and emails are checked as the office keeps them", "[records]") {
    CHECK(office::customer_name_problem("Ana Torres") == "");
    CHECK(office::customer_name_problem("王小明") == "");
    CHECK(office::customer_name_problem(std::string(100, 'a')) == "");
    CHECK(office::customer_name_problem(std::string(101, 'a')) == "name must be at most 100 characters");
    CHECK(office::customer_name_problem("") == "name must not be blank");
    CHECK(office::customer_name_problem("Ana\tTorres") == "name must not contain control characters");
    CHECK(office::customer_name_problem("Ana\xff") == "name must be UTF-8 text");
    CHECK(office::email_problem("ana@example.com") == "");
    CHECK(office::email_problem("Ana.Torres+desk@mail.example.org") == "");
    for (const char* bad : {"ana", "ana@", "@example.com", "ana@example", "ana@@example.com", "ana @example.com", "ana@example.",
                            "ana@.example.com", "ana@example..com"})
        CHECK(office::email_problem(bad).find("is not an address like name@example.com") != std::string::npos);
    CHECK(office::email_problem("") == "email must not be blank");
}

TEST_CASE("names, e-mails and menu items refuse the bidirectional controls that make text read otherwise, naming them", "[records]") {
    // Ann + RIGHT-TO-LEFT OVERRIDE + "elif.exe" is shown as "Annexe.file".
    CHECK(office::customer_name_problem("Ann\u202Eelif.exe") ==
          "name must not contain U+202E (RIGHT-TO-LEFT OVERRIDE), which changes the direction of the text shown around it");
    CHECK(office::customer_name_problem("Ana \u2066Torres\u2069").find("U+2066 (LEFT-TO-RIGHT ISOLATE)") != std::string::npos);
    CHECK(office::customer_name_problem("\u202A").find("U+202A (LEFT-TO-RIGHT EMBEDDING)") != std::string::npos);
    CHECK(office::customer_name_problem("x\u2069").find("U+2069 (POP DIRECTIONAL ISOLATE)") != std::string::npos);
    CHECK(office::menu_item_problem("tortilla\u202D").find("item must not contain U+202D (LEFT-TO-RIGHT OVERRIDE)") == 0);
    CHECK(office::email_problem("ana\u202E@example.com").find("email must not contain U+202E") == 0);
    // Right-to-left scripts need none of them, and the marks beside them (U+200E, U+200F) stay allowed.
    CHECK(office::customer_name_problem("مريم الحسن") == "");
    CHECK(office::customer_name_problem("שרה כהן") == "");
    CHECK(office::customer_name_problem("Ana \u200FTorres") == "");
    CHECK(office::bidi_control("no controls here") == 0);
    CHECK(office::bidi_control("a\u2067b\u202Bc") == 0x2067);  // the first one
}

TEST_CASE("add_customer adds a customer in both eras, once per email, and the audit says who", "[tools]") {
    Office office;
    auto added = office.result(tools_call(1, "add_customer", {{"name", "  Ana Torres "}, {"email", "ana@example.com"}}));
    REQUIRE_FALSE(is_error(added));
    CHECK(text_of(added) == "Added customer 4: Ana Torres <ana@example.com>.");
    CHECK(added["structuredContent"] == json{{"id", 4}, {"name", "Ana Torres"}, {"email", "ana@example.com"}});
    CHECK(office.text("SELECT client_name || ' ' || action || ' ' || subject_id || ': ' || detail FROM audit ORDER BY id DESC LIMIT 1") ==
          "e2e-test customer_added 4: Added customer 4: Ana Torres <ana@example.com>.");

    // The same address in other letters is the same customer: refused with the one the office has.
    auto again = office.result(tools_call(2, "add_customer", {{"name", "Ana T."}, {"email", "ANA@Example.com"}}));
    CHECK(is_error(again));
    CHECK(text_of(again) == "The customer was not added: ANA@Example.com is already customer 4 (Ana Torres, ana@example.com). Use that id.");
    auto maria = office.result(tools_call(3, "add_customer", {{"name", "Maria"}, {"email", "maria@example.com"}}));
    CHECK(text_of(maria).find("is already customer 1 (Maria Alvarez") != std::string::npos);

    // A legacy session: the same tool, the same rules.
    office.result(initialize_request("2025-06-18", json::object(), "legacy-client", "2.0"));
    office.send(kInitialized);
    auto legacy = office.result(legacy_call(4, "add_customer", {{"name", "李华"}, {"email", "li.hua@example.cn"}}));
    CHECK(text_of(legacy) == "Added customer 5: 李华 <li.hua@example.cn>.");
    auto blank = office.result(legacy_call(5, "add_customer", {{"name", "   "}, {"email", "x@example.com"}}));
    CHECK(is_error(blank));
    CHECK(text_of(blank) == "The customer was not added: name must not be blank.");
    auto bad_email = office.result(legacy_call(6, "add_customer", {{"name", "Ana"}, {"email", "ana at example"}}));
    CHECK(text_of(bad_email) == "The customer was not added: email \"ana at example\" is not an address like name@example.com.");
    CHECK(office.number("SELECT count(*) FROM customers") == 5);
    // The new customer is found, and can be booked.
    auto found = office.result(legacy_call(7, "find_customer", {{"query", "李"}}));
    CHECK(text_of(found) == "Found 1 customer matching \"李\":\n- #5 李华 <li.hua@example.cn>");
    auto booked = office.result(legacy_call(8, "book_slot", {{"slot_id", 1}, {"customer_id", 5}}));
    CHECK_FALSE(is_error(booked));
}

TEST_CASE("the admin tools are neither listed nor callable without the admin right", "[tools]") {
    Office office;
    const auto names = tool_names(office);
    CHECK(has(names, "add_customer"));
    for (const char* admin : {"edit_customer", "remove_customer", "add_invoice", "pay_invoice", "add_menu_item", "remove_menu_item"}) {
        CAPTURE(admin);
        CHECK_FALSE(has(names, admin));
        auto refused = office.error(tools_call(2, admin, {{"customer_id", 1}}));
        CHECK(refused["code"] == -32602);
        CHECK(refused["message"] == std::string("Unknown tool: ") + admin);
    }
    CHECK(office.number("SELECT count(*) FROM audit") == 0);
}

TEST_CASE("with the admin right the office's people keep customers, invoices and the menu", "[tools]") {
    Office office = admin_office();
    const auto names = tool_names(office);
    for (const char* admin : {"edit_customer", "remove_customer", "add_invoice", "pay_invoice", "add_menu_item", "remove_menu_item"})
        CHECK(has(names, admin));

    auto invoice = office.result(tools_call(1, "add_invoice", {{"customer_id", 3}, {"amount", "1234.56"}}));
    CHECK(text_of(invoice) == "Added invoice 5: 1234.56 for Priya Nair (customer 3), open.");
    CHECK(office.number("SELECT amount_cents FROM invoices WHERE id = 5") == 123456);
    // Money the schema cannot take is refused by it, before anything is written.
    auto three_decimals = office.result(tools_call(2, "add_invoice", {{"customer_id", 3}, {"amount", "12.345"}}));
    CHECK(is_error(three_decimals));
    auto negative = office.result(tools_call(3, "add_invoice", {{"customer_id", 3}, {"amount", "-1"}}));
    CHECK(is_error(negative));
    auto zero = office.result(tools_call(4, "add_invoice", {{"customer_id", 3}, {"amount", "0.00"}}));
    CHECK(is_error(zero));
    CHECK(office.number("SELECT count(*) FROM invoices") == 5);

    CHECK(text_of(office.result(tools_call(5, "pay_invoice", {{"invoice_id", 5}}))) == "Invoice 5 (Priya Nair, 1234.56) is paid.");
    auto twice = office.result(tools_call(6, "pay_invoice", {{"invoice_id", 5}}));
    CHECK(is_error(twice));
    CHECK(text_of(twice) == "Invoice 5 was not marked paid: it is paid, not open.");

    auto renamed = office.result(tools_call(7, "edit_customer", {{"customer_id", 3}, {"name", "Priya N. Nair"}}));
    CHECK(text_of(renamed) == "Customer 3 is now Priya N. Nair <priya@example.com> (was Priya Nair <priya@example.com>).");
    auto taken = office.result(tools_call(8, "edit_customer", {{"customer_id", 3}, {"email", "TOMAS@example.com"}}));
    CHECK(text_of(taken) == "Customer 3 was not changed: TOMAS@example.com is already customer 2 (Tomas Reis).");

    // A customer with invoices or bookings keeps them: not removed, and told why.
    auto kept = office.result(tools_call(9, "remove_customer", {{"customer_id", 2}}));
    CHECK(text_of(kept) == "Customer 2 (Tomas Reis) was not removed: they have 1 invoice and 1 booking, which keep their name.");
    office.result(tools_call(10, "add_customer", {{"name", "Nadie"}, {"email", "nadie@example.com"}}));
    CHECK(text_of(office.result(tools_call(11, "remove_customer", {{"customer_id", 4}}))) ==
          "Removed customer 4: Nadie <nadie@example.com>.");
    CHECK(office.number("SELECT count(*) FROM customers") == 3);

    CHECK(office.texts("SELECT action FROM audit ORDER BY id") ==
          std::vector<std::string>{"invoice_added", "invoice_paid", "customer_edited", "customer_added", "customer_removed"});
}

TEST_CASE("order_lunch's items are the menu, and an empty menu hides order_lunch", "[tools]") {
    Office office = admin_office();
    const auto item_enum = [&] {
        const json listed = office.result(modern(1, "tools/list"));
        for (const auto& tool : listed["tools"])
            if (tool["name"] == "order_lunch") return tool["inputSchema"]["properties"]["item"]["enum"];
        return json(nullptr);
    };
    CHECK(item_enum() == json{"bocadillo", "tortilla", "ensalada"});
    auto added = office.result(tools_call(2, "add_menu_item", {{"item", "gazpacho"}, {"price", "4.50"}}));
    CHECK(text_of(added) == "Added gazpacho (4.50) to the menu.");
    CHECK(item_enum() == json{"bocadillo", "tortilla", "ensalada", "gazpacho"});
    auto ordered = office.result(tools_call(3, "order_lunch", {{"item", "gazpacho"}, {"quantity", 2}}));
    CHECK(text_of(ordered) == "Ordered 2 gazpachos, 4.50 each, 9.00 in all.");
    CHECK(ordered["structuredContent"]["total"] == 9.0);
    CHECK(is_error(office.result(tools_call(4, "add_menu_item", {{"item", "gazpacho"}}))));

    for (const char* item : {"bocadillo", "tortilla", "ensalada"}) office.result(tools_call(5, "remove_menu_item", {{"item", item}}));
    // An item that left the menu is refused, with the menu in the sentence.
    auto gone = office.result(tools_call(6, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    CHECK(is_error(gone));
    CHECK(text_of(gone) == "order_lunch was not run: item: must be one of gazpacho");
    office.result(tools_call(7, "remove_menu_item", {{"item", "gazpacho"}}));
    CHECK(item_enum().is_null());  // not offered at all
    auto none = office.error(tools_call(8, "order_lunch", {{"item", "gazpacho"}, {"quantity", 1}}));
    CHECK(none["message"] == "Unknown tool: order_lunch");
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 1);
}

TEST_CASE("a 2025 session is told when the menu changes, whoever changed it", "[tools][sqlite]") {
    office::testing::TestDatabase db;
    Office office({}, db.arg());
    office.result(initialize_request("2025-11-25", json::object(), "legacy-client", "1.0"));
    office.send(kInitialized);
    CHECK(office.session.watching() == false);
    office.result({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}});
    CHECK(office.session.watching());
    CHECK(office.poll().empty());
    {
        // Another process: a store of its own on the same file.
        auto other = office::testing::open_test_store(db);
        office::WriteTransaction tx(*other);
        office::AuditEntry stamp{0, "2026-12-03T10:00:00Z", "office-mcp", "test", "command", "", "", "", 0, "", "", "", ""};
        REQUIRE(office::add_menu_item(*other, stamp, "flan", std::nullopt).ok);
        tx.commit();
    }
    const auto told = office.poll();
    REQUIRE(told.size() == 1);
    CHECK(told[0] == json{{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}});
    CHECK(office.poll().empty());  // once
    const auto listed = office.result({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/list"}});
    bool flan = false;
    for (const auto& tool : listed["tools"])
        if (tool["name"] == "order_lunch") flan = tool["inputSchema"]["properties"]["item"]["enum"].back() == "flan";
    CHECK(flan);
}

TEST_CASE("an office made before the menu table migrates to the current schema with the seed's menu and every row kept",
          "[records][migration][sqlite]") {
    // office-schema6.db was made by the schema-6 binary (tests/fixtures/make_office_schema6.py):
    // steps 7 and 8 run on it here, as they do on an office a person has used.
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    std::filesystem::copy_file(std::string(OFFICE_TEST_FIXTURES) + "/office-schema6.db", path);
    const auto scalar = [](office::Database& d, const std::string& sql) {
        auto& q = d.prepare(sql);
        std::string value = q.step() ? q.column_text(0) : "<no row>";
        q.reset();
        return value;
    };
    const std::string customers = "SELECT group_concat(id || '|' || name || '|' || email, ',') FROM (SELECT * FROM customers ORDER BY id)";
    const std::string invoices =
        "SELECT group_concat(id || '|' || customer_id || '|' || amount_cents || '|' || status || '|' || refunded_cents, ',') "
        "FROM (SELECT * FROM invoices ORDER BY id)";
    std::string before_customers, before_invoices, before_orders;
    {
        office::Database old(path, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "6");
        before_customers = scalar(old, customers);
        before_invoices = scalar(old, invoices);
        before_orders = scalar(old, "SELECT count(*) FROM lunch_orders");
    }
    auto migrated = office::open_office_database(path);
    CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));
    CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
    CHECK(scalar(*migrated, customers) == before_customers);
    CHECK(scalar(*migrated, invoices) == before_invoices);
    CHECK(scalar(*migrated, "SELECT count(*) FROM lunch_orders") == before_orders);
    CHECK(scalar(*migrated, "SELECT group_concat(name, ',') FROM (SELECT name FROM menu ORDER BY id)") == "bocadillo,tortilla,ensalada");
    CHECK_THROWS(migrated->exec("INSERT INTO customers (name, email) VALUES ('Again', 'MARIA@example.com')"));
    auto fresh = office::open_office_database(dir.file("fresh.db"));
    const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
    CHECK(scalar(*fresh, schema) == scalar(*migrated, schema));
}

TEST_CASE("an empty office has the schema and nothing else, and takes its own records from id 1", "[records][sqlite]") {
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    office::create_office(path, office::OfficeKind::Empty);
    CHECK_THROWS_WITH(office::create_office(path, office::OfficeKind::Demo),
                      Catch::Contains("already holds an office: `office-mcp db reset --demo` replaces it"));
    Office office({}, path);
    for (const char* table : {"customers", "slots", "invoices", "refunds", "lunch_orders", "approval_requests", "menu", "audit"})
        CHECK(office.number(std::string("SELECT count(*) FROM ") + table) == 0);
    CHECK(tool_names(office) == std::vector<std::string>{"find_customer", "list_availability", "book_slot", "open_invoices",
                                                         "issue_refund", "add_customer", "cancel_booking", "move_booking"});  // no menu: no order_lunch
    CHECK(text_of(office.result(tools_call(1, "add_customer", {{"name", "Ana"}, {"email", "ana@example.com"}}))) ==
          "Added customer 1: Ana <ana@example.com>.");
}
