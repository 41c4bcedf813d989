// The office's prompts (core/office/prompts.h) through the session, in process: what each
// profile lists, what a prompt renders (a customer named by name resolved to its id, or the model
// told to ask), the refusals, the menu, the office's language, and both eras.

#include "prompts.h"
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
json get(int id, const std::string& name, json arguments) {
    return modern(id, "prompts/get", {{"name", name}, {"arguments", std::move(arguments)}});
}

std::vector<std::string> listed(InProcessServer& server) {
    std::vector<std::string> names;
    const json result = server.result(modern(1, "prompts/list"));
    for (const auto& p : result["prompts"]) names.push_back(p["name"]);
    return names;
}

std::vector<std::string> profile(const std::string& name) {
    std::vector<std::string> tools;
    REQUIRE(profile_tools(name, tools));
    return tools;
}

std::string message(const json& result) {
    INFO(result.dump());
    REQUIRE(result["messages"].size() == 1);
    CHECK(result["messages"][0]["role"] == "user");
    CHECK(result["messages"][0]["content"]["type"] == "text");
    return result["messages"][0]["content"]["text"];
}

}  // namespace

TEST_CASE("a server with every tool lists the four prompts with their arguments, in both eras") {
    InProcessServer server;
    CHECK(listed(server) == std::vector<std::string>{"book-appointment", "refund-invoice", "order-lunch", "customer-summary"});
    json list = server.result(modern(1, "prompts/list"));
    CHECK(list["prompts"][0]["icons"].size() == 1);  // test_icons.cpp
    list["prompts"][0].erase("icons");
    CHECK(list["prompts"][0] == json::parse(R"({"name":"book-appointment","title":"Book an appointment",
        "description":"Books a free slot for a customer, found by name, on a day or the next free one.",
        "arguments":[{"name":"customer","description":"The customer's name or email, or part of it.","required":true},
                     {"name":"day","description":"The day, YYYY-MM-DD (else the next free slots).","required":false}]})"));
    CHECK(list["ttlMs"] == 1000);
    CHECK(server.result(modern(2, "server/discover"))["capabilities"]["prompts"] == json{{"listChanged", true}});  // the menu

    InProcessServer legacy;
    const json init = legacy.result(initialize_request("2025-06-18", json::object(), "legacy-test", "1.0"));
    CHECK(init["capabilities"]["prompts"] == json{{"listChanged", true}});
    const json legacy_list = legacy.result(legacy_request(1, "prompts/list"));
    CHECK(legacy_list["prompts"].size() == 4);
    CHECK(!legacy_list.contains("ttlMs"));
}

TEST_CASE("a profile lists only the prompts whose tools it serves, and a hidden prompt is unknown") {
    InProcessServer scheduling(profile("scheduling"));
    CHECK(listed(scheduling) == std::vector<std::string>{"book-appointment"});
    InProcessServer billing(profile("billing"));
    CHECK(listed(billing) == std::vector<std::string>{"refund-invoice", "customer-summary"});
    InProcessServer lunch(profile("lunch"));
    CHECK(listed(lunch) == std::vector<std::string>{"order-lunch"});
    CHECK(lunch.error(get(2, "book-appointment", {{"customer", "Maria"}})) ==
          json{{"code", -32602}, {"message", "Invalid params: unknown prompt \"book-appointment\""}, {"data", {{"name", "book-appointment"}}}});
    // A token that names only some tools is a profile of its own (the principal's tools).
    InProcessServer two({"find_customer", "book_slot"});
    CHECK(listed(two).empty());  // book-appointment also needs list_availability and add_customer
}

TEST_CASE("book-appointment gives the customer's id when one customer matches, and the calls in order") {
    InProcessServer server;
    const auto text = message(server.result(get(1, "book-appointment", {{"customer", "maria"}, {"day", "2026-09-04"}})));
    CHECK(text ==
          "Book an appointment for Maria Alvarez on 2026-09-04. Times are the office's, in its time zone.\n"
          "1. The customer is #1 Maria Alvarez <maria@example.com>: use customer_id 1.\n"
          "2. Call list_availability with {\"day\": \"2026-09-04\"} to see the free slots, and ask me which one I want.\n"
          "3. Then call book_slot with {\"slot_id\": <the slot I chose>, \"customer_id\": 1} and tell me what it booked.");
    // Without a day: the next free slots.
    CHECK(message(server.result(get(2, "book-appointment", {{"customer", "Tomas Reis"}}))).find("list_availability with {}") != std::string::npos);
}

TEST_CASE("a customer who is not one match is for the model to ask about, never guessed") {
    InProcessServer server;
    const auto several = message(server.result(get(1, "book-appointment", {{"customer", "example.com"}})));
    CHECK(several.find("Several customers match \"example.com\": #1 Maria Alvarez, #2 Tomas Reis, #3 Priya Nair. Ask me which one I mean") !=
          std::string::npos);
    CHECK(several.find("\"customer_id\": <their id>") != std::string::npos);
    const auto none = message(server.result(get(2, "book-appointment", {{"customer", "Nobody Here"}})));
    CHECK(none.find("No customer matches \"Nobody Here\": ask me for their name and email, add them with add_customer") != std::string::npos);
    // A refund never adds a customer: the model is told to look again or ask.
    const auto refund = message(server.result(get(3, "refund-invoice", {{"customer", "Nobody Here"}})));
    CHECK(refund.find("add_customer") == std::string::npos);
    CHECK(refund.find("call find_customer with another part") != std::string::npos);
}

TEST_CASE("refund-invoice and customer-summary name the invoices' tools with the customer's id") {
    InProcessServer server;
    const auto refund = message(server.result(get(1, "refund-invoice", {{"customer", "Maria"}, {"invoice", "2"}})));
    CHECK(refund.find("Refund invoice 2 of Maria Alvarez.") == 0);
    CHECK(refund.find("Call open_invoices with {\"customer_id\": 1}") != std::string::npos);
    CHECK(refund.find("invoice 2 must be one of them") != std::string::npos);
    CHECK(refund.find("call issue_refund with {\"invoice_id\": 2}. A person approves every refund") != std::string::npos);
    const auto summary = message(server.result(get(2, "customer-summary", {{"customer", "Priya"}})));
    CHECK(summary.find("Call open_invoices with {\"customer_id\": 3}") != std::string::npos);
}

TEST_CASE("order-lunch follows the menu: an item on it is ordered, one off it is asked about, an empty menu hides it") {
    InProcessServer server;
    CHECK(message(server.result(get(1, "order-lunch", {{"item", "tortilla"}, {"quantity", "2"}}))) ==
          "Order lunch: 2 × tortilla.\n1. Call order_lunch with {\"item\": \"tortilla\", \"quantity\": 2} and tell me what it "
          "ordered and what it costs.");
    const auto off = message(server.result(get(2, "order-lunch", {{"item", "paella"}})));
    CHECK(off.find("Order lunch: 1 × paella.") == 0);
    CHECK(off.find("paella is not on the menu (bocadillo, tortilla or ensalada)") != std::string::npos);
    server.exec("DELETE FROM menu");
    CHECK(listed(server) == std::vector<std::string>{"book-appointment", "refund-invoice", "customer-summary"});
    CHECK(server.error(get(3, "order-lunch", {{"item", "tortilla"}}))["message"] == "Invalid params: unknown prompt \"order-lunch\"");
}

TEST_CASE("a prompt's arguments are checked: what is missing or wrong is -32602 saying so") {
    InProcessServer server;
    const std::vector<std::pair<json, std::string>> cases = {
        {json::object(), "missing required argument \"customer\""},
        {{{"customer", ""}}, "missing required argument \"customer\""},
        {{{"customer", "Maria"}, {"day", "2026-02-30"}}, "argument \"day\" must be a day as YYYY-MM-DD, not \"2026-02-30\""},
        {{{"customer", "Maria"}, {"room", "2"}}, "unknown argument \"room\" (book-appointment takes customer, day)"},
        {{{"customer", 7}}, "argument \"customer\" must be a string"},
        {json::array(), "arguments must be an object of strings"},
        // Found over a real socket: 200 KB of customer reached SQLite's LIKE as an internal error.
        {{{"customer", std::string(101, 'a')}}, "argument \"customer\" is longer than 100 characters"},
    };
    for (const auto& [arguments, problem] : cases) {
        INFO(arguments.dump());
        CHECK(server.error(get(1, "book-appointment", arguments)) == json{{"code", -32602}, {"message", "Invalid params: " + problem}});
    }
    CHECK(server.error(get(2, "order-lunch", {{"item", "tortilla"}, {"quantity", "0"}}))["message"] ==
          "Invalid params: argument \"quantity\" must be a whole number of at least 1, not \"0\"");
    CHECK(server.error(get(3, "nothing", json::object()))["message"] == "Invalid params: unknown prompt \"nothing\"");
    CHECK(server.error(modern(4, "prompts/get"))["message"] == "Invalid params: name must be a string");
}

TEST_CASE("prompts speak the office's language with --locale, the tools' names and arguments as they are") {
    InProcessServer spanish({}, ":memory:", {}, nullptr, Locale::Es);
    CHECK(spanish.result(modern(1, "prompts/list"))["prompts"][0]["title"] == "Reservar una cita");
    const auto text = message(spanish.result(get(2, "book-appointment", {{"customer", "Maria"}})));
    CHECK(text.find("Reserve una cita para Maria Alvarez.") == 0);
    CHECK(text.find("\"customer_id\": 1") != std::string::npos);
    InProcessServer chinese({}, ":memory:", {}, nullptr, Locale::ZhCN);
    CHECK(chinese.result(modern(1, "prompts/list"))["prompts"][2]["title"] == "订午餐");
}
