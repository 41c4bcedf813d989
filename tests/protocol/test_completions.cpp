// completion/complete (core/office/completions.h) through the session, in process: customers'
// names as typed (those starting with it first, a large office bounded with total and hasMore),
// a customer's invoices, the days with free slots, the menu, the template's tables; only what the
// caller's prompts may show; the refusals; the capability per era; and the prompts' list_changed
// when the menu empties or fills.

#include "session_harness.h"

#include <catch2/catch.hpp>

using namespace office;
using namespace office::testing;

namespace {

json legacy_request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
json modern(int id, const std::string& method, json params = json::object()) {
    return legacy_request(id, method, modern_params(std::move(params)));
}
json complete(int id, const std::string& prompt, const std::string& argument, const std::string& value, json context = nullptr) {
    json params{{"ref", {{"type", "ref/prompt"}, {"name", prompt}}}, {"argument", {{"name", argument}, {"value", value}}}};
    if (!context.is_null()) params["context"] = {{"arguments", std::move(context)}};
    return modern(id, "completion/complete", std::move(params));
}
json completion(InProcessServer& server, const json& request) { return server.result(request)["completion"]; }

std::vector<std::string> profile(const std::string& name) {
    std::vector<std::string> tools;
    REQUIRE(profile_tools(name, tools));
    return tools;
}

}  // namespace

TEST_CASE("a customer argument completes to the names find_customer matches, those starting with the text first") {
    InProcessServer server;
    CHECK(completion(server, complete(1, "book-appointment", "customer", "")) ==
          json{{"values", {"Maria Alvarez", "Tomas Reis", "Priya Nair"}}, {"total", 3}});
    server.exec("INSERT INTO customers (name, email) VALUES ('Amaranta Ruiz', 'ar@example.com'), ('Maria Alvarez', 'm2@example.com')");
    // "ma": Maria starts with it (and is one value for two customers); Amaranta and Tomas hold it.
    CHECK(completion(server, complete(2, "refund-invoice", "customer", "ma")) ==
          json{{"values", {"Maria Alvarez", "Tomas Reis", "Amaranta Ruiz"}}, {"total", 3}});
    // Found by email, as find_customer finds them: the value is the name.
    CHECK(completion(server, complete(3, "customer-summary", "customer", "priya@")) == json{{"values", {"Priya Nair"}}, {"total", 1}});
    CHECK(completion(server, complete(4, "customer-summary", "customer", "zzz")) == json{{"values", json::array()}, {"total", 0}});
}

TEST_CASE("a large office completes one page of customers and says how many more there are") {
    InProcessServer server;
    server.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
                "INSERT INTO customers (name, email) SELECT 'Client ' || i, 'client' || i || '@example.org' FROM n");
    const json page = completion(server, complete(1, "book-appointment", "customer", "client"));
    CHECK(page["values"].size() == 50);  // find_customers' page, well under the spec's 100
    CHECK(page["values"][0] == "Client 1");
    CHECK(page["total"] == 300);
    CHECK(page["hasMore"] == true);
    // Past what the store counts (kMoreCounted), the total is not known and is not given.
    server.exec("WITH RECURSIVE n(i) AS (SELECT 301 UNION ALL SELECT i + 1 FROM n WHERE i < 1200) "
                "INSERT INTO customers (name, email) SELECT 'Client ' || i, 'client' || i || '@example.org' FROM n");
    const json more = completion(server, complete(2, "book-appointment", "customer", "client"));
    CHECK(more["values"].size() == 50);
    CHECK(!more.contains("total"));
    CHECK(more["hasMore"] == true);
}

TEST_CASE("an invoice argument completes to the invoices with something left of the customer in the context") {
    InProcessServer server;
    // Maria (#1) has invoices 1 and 2; Tomas (#2) invoice 3.
    CHECK(completion(server, complete(1, "refund-invoice", "invoice", "", {{"customer", "Maria"}})) ==
          json{{"values", {"1", "2"}}, {"total", 2}});
    CHECK(completion(server, complete(2, "refund-invoice", "invoice", "", {{"customer", "2"}})) == json{{"values", {"3"}}, {"total", 1}});
    server.exec("UPDATE invoices SET status = 'refunded', refunded_cents = amount_cents WHERE id = 1");
    CHECK(completion(server, complete(3, "refund-invoice", "invoice", "", {{"customer", "maria@example.com"}})) ==
          json{{"values", {"2"}}, {"total", 1}});
    CHECK(completion(server, complete(4, "refund-invoice", "invoice", "3", {{"customer", "Maria"}}))["values"].empty());
    // No customer, one that is ambiguous, or none: nothing to offer (never another's invoices).
    CHECK(completion(server, complete(5, "refund-invoice", "invoice", ""))["values"].empty());
    CHECK(completion(server, complete(6, "refund-invoice", "invoice", "", {{"customer", "example.com"}}))["values"].empty());
    CHECK(completion(server, complete(7, "refund-invoice", "invoice", "", {{"customer", "99"}}))["values"].empty());
}

TEST_CASE("a day argument completes to the days with a free slot up to the horizon, and an item to the menu") {
    InProcessServer server({}, ":memory:", {}, nullptr, Locale::En, /*admin=*/true);
    // Now is Monday 2026-09-21, 16:13 in Madrid: today's slots have begun.
    for (const auto& [tool, args] : std::vector<std::pair<std::string, json>>{
             {"set_office", {{"time_zone", "Europe/Madrid"}, {"horizon_days", 14}}},
             {"set_hours", {{"days", "mon-fri"}, {"ranges", "09:00-10:00"}}},
             {"close_days", {{"from", "2026-09-24"}, {"reason", "Inventory"}}}}) {
        const json result = server.result(tools_call(1, tool, args));
        INFO(result.dump());
        REQUIRE(!is_error(result));
    }
    CHECK(completion(server, complete(2, "book-appointment", "day", "2026-09")) ==
          json{{"values", {"2026-09-22", "2026-09-23", "2026-09-25", "2026-09-28", "2026-09-29", "2026-09-30"}}, {"total", 6}});
    CHECK(completion(server, complete(3, "book-appointment", "day", "")) ==
          json{{"values", {"2026-09-22", "2026-09-23", "2026-09-25", "2026-09-28", "2026-09-29", "2026-09-30", "2026-10-01",
                           "2026-10-02", "2026-10-05"}},
               {"total", 9}});
    // Both of a day's slots booked: the day is no longer offered.
    for (const std::string slot : {"202609220900", "202609220930"})
        REQUIRE(!is_error(server.result(tools_call(4, "book_slot", {{"slot_id", std::stoll(slot)}, {"customer_id", 1}}))));
    CHECK(completion(server, complete(5, "book-appointment", "day", "2026-09-2"))["values"] ==
          json{"2026-09-23", "2026-09-25", "2026-09-28", "2026-09-29"});

    CHECK(completion(server, complete(6, "order-lunch", "item", "ILL")) == json{{"values", {"bocadillo", "tortilla"}}, {"total", 2}});
    CHECK(completion(server, complete(7, "order-lunch", "item", "to")) == json{{"values", {"tortilla"}}, {"total", 1}});
    // Any whole number is a quantity: nothing to offer, and no total claimed.
    CHECK(completion(server, complete(8, "order-lunch", "quantity", "")) == json{{"values", json::array()}});
}

TEST_CASE("the resource template's table completes to the tables this caller is shown") {
    const json ref{{"type", "ref/resource"}, {"uri", "office://{table}{?after,limit}"}};
    InProcessServer all;
    CHECK(completion(all, modern(1, "completion/complete", {{"ref", ref}, {"argument", {{"name", "table"}, {"value", "s"}}}})) ==
          json{{"values", {"slots", "customers", "invoices", "refunds", "lunch_orders", "approval_requests"}}, {"total", 6}});
    InProcessServer scheduling(profile("scheduling"));
    CHECK(completion(scheduling, modern(1, "completion/complete", {{"ref", ref}, {"argument", {{"name", "table"}, {"value", ""}}}})) ==
          json{{"values", {"customers", "slots"}}, {"total", 2}});
    CHECK(completion(all, modern(2, "completion/complete", {{"ref", ref}, {"argument", {{"name", "limit"}, {"value", "1"}}}}))["values"].empty());
}

TEST_CASE("completion/complete refuses what it cannot complete with -32602, and a hidden prompt is unknown") {
    InProcessServer server;
    const auto message = [&](const json& params) { return server.error(modern(1, "completion/complete", params))["message"]; };
    const json arg{{"name", "customer"}, {"value", "m"}};
    CHECK(message({{"argument", arg}}) == "Invalid params: ref must be an object");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "book-appointment"}}}}) == "Invalid params: argument must be an object");
    CHECK(message({{"ref", {{"type", "ref/tool"}}}, {"argument", arg}}) ==
          "Invalid params: ref.type must be \"ref/prompt\" or \"ref/resource\"");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "nothing"}}}, {"argument", arg}}) == "Invalid params: unknown prompt \"nothing\"");
    CHECK(message({{"ref", {{"type", "ref/resource"}, {"uri", "file:///{x}"}}}, {"argument", arg}}) ==
          "Invalid params: unknown resource template \"file:///{x}\"");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "order-lunch"}}}, {"argument", arg}}) ==
          "Invalid params: unknown argument \"customer\" (it takes item, quantity)");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "book-appointment"}}}, {"argument", {{"name", "customer"}, {"value", 7}}}}) ==
          "Invalid params: argument.value must be a string");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "book-appointment"}}},
                   {"argument", {{"name", "customer"}, {"value", std::string(101, 'a')}}}}) ==
          "Invalid params: argument.value is longer than 100 characters");
    CHECK(message({{"ref", {{"type", "ref/prompt"}, {"name", "refund-invoice"}}}, {"argument", arg}, {"context", {{"arguments", {{"customer", 1}}}}}}) ==
          "Invalid params: context.arguments.customer must be a string of at most 100 characters");

    // A profile without the refund's tools is not offered refund-invoice: its customers are not
    // completed through it either.
    InProcessServer lunch(profile("lunch"));
    CHECK(lunch.error(complete(2, "refund-invoice", "customer", "m"))["message"] == "Invalid params: unknown prompt \"refund-invoice\"");
    CHECK(completion(lunch, complete(3, "order-lunch", "item", "")) ==
          json{{"values", {"bocadillo", "tortilla", "ensalada"}}, {"total", 3}});
}

TEST_CASE("the completions capability is declared from 2025-03-26 on, and completion/complete answers in a 2025 session") {
    for (const std::string version : {"2025-03-26", "2025-06-18", "2025-11-25"}) {
        InProcessServer server;
        const json init = server.result(initialize_request(version, json::object(), "legacy-test", "1.0"));
        CHECK(init["capabilities"]["completions"] == json::object());
        CHECK(init["capabilities"]["prompts"] == json{{"listChanged", true}});
    }
    InProcessServer old;
    CHECK(!old.result(initialize_request("2024-11-05", json::object(), "legacy-test", "1.0"))["capabilities"].contains("completions"));
    CHECK(old.send(kInitialized).empty());
    const json result = old.result(legacy_request(2, "completion/complete",
                                                  {{"ref", {{"type", "ref/prompt"}, {"name", "book-appointment"}}},
                                                   {"argument", {{"name", "customer"}, {"value", "tom"}}}}));
    CHECK(result == json{{"completion", {{"values", {"Tomas Reis"}}, {"total", 1}}}});
    InProcessServer modern_server;
    CHECK(modern_server.result(modern(1, "server/discover"))["capabilities"]["completions"] == json::object());
}

TEST_CASE("a client that listed the prompts hears when order-lunch leaves or joins them with the menu") {
    // Menu changes through the admin's tools, as the desk and the console make them (audited).
    const auto menu = [](InProcessServer& server, const std::string& tool, const std::string& item) {
        const json result = server.result(tools_call(90, tool, {{"item", item}}));
        INFO(result.dump());
        REQUIRE(!is_error(result));
    };
    const auto empty_menu = [&](InProcessServer& server) {
        for (const std::string item : {"bocadillo", "tortilla", "ensalada"}) menu(server, "remove_menu_item", item);
    };
    InProcessServer legacy({}, ":memory:", {}, nullptr, Locale::En, /*admin=*/true);
    legacy.result(initialize_request("2025-11-25", json::object(), "legacy-test", "1.0"));
    CHECK(legacy.send(kInitialized).empty());
    CHECK(legacy.result(legacy_request(2, "prompts/list"))["prompts"].size() == 4);
    const json changed{{"jsonrpc", "2.0"}, {"method", "notifications/prompts/list_changed"}};
    menu(legacy, "add_menu_item", "gazpacho");  // one more item: the same prompts
    CHECK(legacy.poll().empty());  // (and the tools were not listed: no tools/list_changed)
    empty_menu(legacy);
    CHECK(legacy.poll().empty());  // gazpacho is left
    menu(legacy, "remove_menu_item", "gazpacho");
    CHECK(legacy.poll() == std::vector<json>{changed});
    CHECK(legacy.result(legacy_request(3, "prompts/list"))["prompts"].size() == 3);
    menu(legacy, "add_menu_item", "gazpacho");
    CHECK(legacy.poll() == std::vector<json>{changed});

    // 2026-07-28: asked for on subscriptions/listen, and acknowledged only where it can change.
    InProcessServer stateless({}, ":memory:", {}, nullptr, Locale::En, /*admin=*/true);
    const auto lines = stateless.send(modern(7, "subscriptions/listen", {{"notifications", {{"promptsListChanged", true}}}}));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["params"]["notifications"] == json{{"promptsListChanged", true}});
    empty_menu(stateless);
    const auto heard = stateless.poll();
    REQUIRE(heard.size() == 1);
    CHECK(heard[0]["method"] == "notifications/prompts/list_changed");
    CHECK(heard[0]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 7);
    InProcessServer scheduling(profile("scheduling"));
    const auto ack = scheduling.send(modern(8, "subscriptions/listen", {{"notifications", {{"promptsListChanged", true}}}}));
    REQUIRE(ack.size() == 1);
    CHECK(ack[0]["params"]["notifications"] == json::object());  // its prompts never change
}
