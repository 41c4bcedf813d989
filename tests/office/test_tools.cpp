// Each office tool on the seeded database (docs/architecture.md), called the way a model calls
// it: a tools/call line into the session, the result line out, then a look at the rows. The
// refund's routes to a person are in test_session.cpp; here is what each tool does.

#include "session_harness.h"
#include "tool.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <latch>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <unistd.h>

namespace {

using office::json;
using office::testing::parse_lines;

// A server process on the seed data, spoken to in the 2026-07-28 era (results carry
// structuredContent) by a client named test-client/1.0 that cannot show forms.
class Desk : public office::testing::InProcessServer {
public:
    using InProcessServer::InProcessServer;

    json call(const std::string& tool, json arguments, json capabilities = json::object()) {
        return result(office::testing::tools_call(++next_id_, tool, std::move(arguments), std::move(capabilities), "test-client"));
    }

    json list_tools() {
        return result(json{{"jsonrpc", "2.0"},
                           {"id", ++next_id_},
                           {"method", "tools/list"},
                           {"params",
                            {{"_meta",
                              {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                               {"io.modelcontextprotocol/clientCapabilities", json::object()}}}}}});
    }

private:
    int next_id_ = 0;
};

using office::testing::is_error;
using office::testing::text_of;

json annotations_of(json list, const std::string& name) {
    for (auto& tool : list["tools"])
        if (tool["name"] == name) return tool["annotations"];
    FAIL("no tool " << name);
    return nullptr;
}

}  // namespace

// ---- the registry ------------------------------------------------------------------------

TEST_CASE("the office has the seed's six tools, add_customer, then the admin tools, in a stable order", "[tools]") {
    std::vector<std::string> names, admin;
    for (const auto& tool : office::office_tools()) (tool.admin ? admin : names).push_back(tool.name);
    CHECK(names == std::vector<std::string>{"find_customer", "list_availability", "book_slot", "open_invoices",
                                            "issue_refund", "order_lunch", "add_customer", "cancel_booking", "move_booking"});
    CHECK(admin == std::vector<std::string>{"edit_customer", "remove_customer", "add_invoice", "pay_invoice", "add_menu_item",
                                            "remove_menu_item", "set_office", "set_hours", "close_days", "open_day"});
    for (const auto& tool : office::office_tools()) {
        INFO(tool.name);
        CHECK(!tool.title.empty());
        CHECK(!tool.description.empty());
        CHECK(tool.input_schema["type"] == "object");
        CHECK(tool.input_schema["additionalProperties"] == false);
        CHECK(tool.output_schema["type"] == "object");
    }
}

TEST_CASE("each profile names the tools it serves and an unknown profile is refused", "[tools]") {
    std::vector<std::string> names{"stale"};
    CHECK(office::profile_tools("all", names));
    CHECK(names.empty());  // empty: every tool
    CHECK(office::profile_tools("scheduling", names));
    CHECK(names == std::vector<std::string>{"find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"});
    CHECK(office::profile_tools("billing", names));
    CHECK(names == std::vector<std::string>{"find_customer", "open_invoices", "issue_refund", "add_customer"});
    CHECK(office::profile_tools("lunch", names));
    CHECK(names == std::vector<std::string>{"order_lunch"});
    CHECK_FALSE(office::profile_tools("admin", names));
}

TEST_CASE("the served tools are the profile's, or exactly the ones --tools names, and unknown names are refused", "[tools]") {
    std::vector<std::string> names;
    CHECK(office::select_tools("billing", {}, names) == "");
    CHECK(names == std::vector<std::string>{"find_customer", "open_invoices", "issue_refund", "add_customer"});
    CHECK(office::select_tools("all", {"order_lunch", "book_slot"}, names) == "");
    CHECK(names == std::vector<std::string>{"order_lunch", "book_slot"});
    CHECK(office::select_tools("admin", {}, names) == "unknown profile admin (all, scheduling, billing or lunch)");
    CHECK(office::select_tools("all", {"order_lunch", "drop_tables"}, names) == "unknown tool drop_tables in --tools");
}

TEST_CASE("the tools' hints say which ones only read and which one destroys", "[tools]") {
    Desk desk;
    const auto list = desk.list_tools();
    for (const std::string name : {"find_customer", "list_availability", "open_invoices"}) {
        INFO(name);
        const auto hints = annotations_of(list, name);
        CHECK(hints["readOnlyHint"] == true);
        CHECK(!hints.contains("destructiveHint"));  // meaningless for a read-only tool
        CHECK(hints["openWorldHint"] == false);
    }
    const auto refund = annotations_of(list, "issue_refund");
    CHECK(refund["readOnlyHint"] == false);
    CHECK(refund["destructiveHint"] == true);
    CHECK(refund["idempotentHint"] == false);
    for (const std::string name : {"book_slot", "order_lunch"}) {
        INFO(name);
        const auto hints = annotations_of(list, name);
        CHECK(hints["readOnlyHint"] == false);
        CHECK(hints["destructiveHint"] == false);  // they add rows, they destroy nothing
    }
}

// ---- find_customer -----------------------------------------------------------------------

TEST_CASE("find_customer finds Maria by part of her name", "[tools]") {
    Desk desk;
    auto r = desk.call("find_customer", {{"query", "Maria"}});
    CHECK(!is_error(r));
    CHECK(text_of(r) == "Found 1 customer matching \"Maria\":\n- #1 Maria Alvarez <maria@example.com>");
    CHECK(r["structuredContent"] ==
          json{{"customers", {{{"id", 1}, {"name", "Maria Alvarez"}, {"email", "maria@example.com"}}}}});
}

TEST_CASE("find_customer ignores case and searches emails too", "[tools]") {
    Desk desk;
    CHECK(text_of(desk.call("find_customer", {{"query", "mARIA"}})) ==
          "Found 1 customer matching \"mARIA\":\n- #1 Maria Alvarez <maria@example.com>");
    CHECK(text_of(desk.call("find_customer", {{"query", "EXAMPLE.COM"}})) ==
          "Found 3 customers matching \"EXAMPLE.COM\":\n- #1 Maria Alvarez <maria@example.com>\n"
          "- #2 Tomas Reis <tomas@example.com>\n- #3 Priya Nair <priya@example.com>");
    CHECK(text_of(desk.call("find_customer", {{"query", "priya@"}})) ==
          "Found 1 customer matching \"priya@\":\n- #3 Priya Nair <priya@example.com>");
}

TEST_CASE("find_customer matches % and _ literally", "[tools]") {
    Desk desk;
    // As LIKE wildcards each of these would match someone; literally, nobody has them.
    const auto query = GENERATE(as<std::string>(), "%", "_", "M%z", "Mar_a", "%@example.com", "\\", "a\\%");
    CAPTURE(query);
    auto r = desk.call("find_customer", {{"query", query}});
    CHECK(!is_error(r));
    CHECK(text_of(r) == "No customer's name or email contains \"" + query + "\".");
    CHECK(r["structuredContent"] == json{{"customers", json::array()}});
}

TEST_CASE("find_customer needs a query of 1 to 100 characters", "[tools]") {
    Desk desk;
    CHECK(text_of(desk.call("find_customer", {{"query", ""}})) ==
          "find_customer was not run: query: must be between 1 and 100 characters");
    CHECK(text_of(desk.call("find_customer", {{"query", std::string(101, 'a')}})) ==
          "find_customer was not run: query: must be between 1 and 100 characters");
    CHECK(is_error(desk.call("find_customer", {{"query", 7}})));
    CHECK(text_of(desk.call("find_customer", {{"query", std::string(100, 'a')}})) ==
          "No customer's name or email contains \"" + std::string(100, 'a') + "\".");
}

// ---- open_invoices -----------------------------------------------------------------------

TEST_CASE("find_customer then open_invoices shows Maria's two invoices", "[tools]") {
    Desk desk;
    auto found = desk.call("find_customer", {{"query", "Maria"}});
    const auto id = found["structuredContent"]["customers"][0]["id"];
    auto r = desk.call("open_invoices", {{"customer_id", id}});
    CHECK(!is_error(r));
    CHECK(text_of(r) == "Invoices of Maria Alvarez:\n- invoice 1: 240.00, paid\n- invoice 2: 80.00, open");
    CHECK(r["structuredContent"] ==
          json::parse(R"({"customer_id":1,"customer":"Maria Alvarez","invoices":[
              {"invoice_id":1,"amount":240.0,"status":"paid","refunded":0.0,"left":240.0},
              {"invoice_id":2,"amount":80.0,"status":"open","refunded":0.0,"left":80.0}]})"));
}

TEST_CASE("open_invoices for an unknown customer says how to find one", "[tools]") {
    Desk desk;
    auto r = desk.call("open_invoices", {{"customer_id", 99}});
    CHECK(is_error(r));
    CHECK(text_of(r) == "There is no customer 99; call find_customer to look up the customer's id.");
    CHECK(text_of(desk.call("open_invoices", {{"customer_id", 0}})) ==
          "open_invoices was not run: customer_id: must be at least 1");
}

TEST_CASE("open_invoices shows a refunded invoice as refunded", "[tools]") {
    Desk desk;
    desk.exec("UPDATE invoices SET status = 'refunded', refunded_cents = amount_cents WHERE id = 4");
    CHECK(text_of(desk.call("open_invoices", {{"customer_id", 3}})) == "Invoices of Priya Nair:\n- invoice 4: 410.00, refunded");
}

// ---- list_availability -------------------------------------------------------------------

// The demo's explicit slots (no opening hours), in a zone the test sets: the machine's is the default.
const std::string kMadrid = "INSERT INTO office_settings (name, value) VALUES ('time_zone', 'Europe/Madrid')";
const std::string kToday = "\nTimes are the office's, in Europe/Madrid; today is Monday 2026-09-21.";  // kStart

TEST_CASE("list_availability lists a day's free slots by time and leaves out booked ones", "[tools]") {
    Desk desk;
    desk.exec(kMadrid);
    auto r = desk.call("list_availability", {{"day", "2026-09-04"}});
    CHECK(!is_error(r));
    CHECK(text_of(r) == "Free slots on Friday 2026-09-04 (book one with book_slot):\n- slot 1 at 09:00\n- slot 2 at 11:00" + kToday);
    CHECK(r["structuredContent"] == json::parse(R"({"day":"2026-09-04","time_zone":"Europe/Madrid","today":"2026-09-21",
        "today_weekday":"Monday","slots":[
        {"slot_id":1,"time":"09:00","day":"2026-09-04","weekday":"Friday","starts_at":"2026-09-04T09:00:00+02:00"},
        {"slot_id":2,"time":"11:00","day":"2026-09-04","weekday":"Friday","starts_at":"2026-09-04T11:00:00+02:00"}]})"));
    CHECK(text_of(desk.call("list_availability", {{"day", "2026-09-05"}})) ==
          "Free slots on Saturday 2026-09-05 (book one with book_slot):\n- slot 4 at 09:00\n- slot 5 at 11:00\n- slot 6 at 16:00" +
              kToday);
}

TEST_CASE("list_availability on a day without slots says so", "[tools]") {
    Desk desk;
    desk.exec(kMadrid);
    auto r = desk.call("list_availability", {{"day", "2028-02-29"}});  // a leap day is a real date
    CHECK(!is_error(r));
    CHECK(text_of(r) == "No free slots on Tuesday 2028-02-29. Times are the office's, in Europe/Madrid; today is Monday 2026-09-21.");
    CHECK(r["structuredContent"] == json{{"day", "2028-02-29"}, {"slots", json::array()}, {"time_zone", "Europe/Madrid"},
                                         {"today", "2026-09-21"}, {"today_weekday", "Monday"}});
}

TEST_CASE("list_availability refuses a day that is not a real date", "[tools]") {
    Desk desk;
    SECTION("February 30th") {
        auto r = desk.call("list_availability", {{"day", "2026-02-30"}});
        CHECK(is_error(r));
        CHECK(text_of(r) == "list_availability was not run: day: must be a real calendar date (YYYY-MM-DD)");
    }
    SECTION("February 29th of a common year") {
        CHECK(text_of(desk.call("list_availability", {{"day", "2026-02-29"}})) ==
              "list_availability was not run: day: must be a real calendar date (YYYY-MM-DD)");
    }
    SECTION("not written as YYYY-MM-DD") {
        auto r = desk.call("list_availability", {{"day", "4 Sept 2026"}});
        CHECK(is_error(r));
        CHECK(text_of(r).starts_with("list_availability was not run: day: must "));
    }
}

// ---- book_slot ---------------------------------------------------------------------------

TEST_CASE("book_slot books a free slot once and refuses it after", "[tools]") {
    Desk desk;
    auto booked = desk.call("book_slot", {{"slot_id", 1}, {"customer_id", 1}});
    CHECK(!is_error(booked));
    CHECK(text_of(booked) == "Booked slot 1 (2026-09-04 09:00) for Maria Alvarez.");
    CHECK(booked["structuredContent"] ==
          json{{"slot_id", 1}, {"customer_id", 1}, {"day", "2026-09-04"}, {"time", "09:00"}});
    CHECK(desk.text("SELECT customer_id || '|' || booked_by FROM slots WHERE id = 1") == "1|test-client/1.0");
    CHECK(desk.number("SELECT booked_at LIKE '____-__-__T__:__:__Z' FROM slots WHERE id = 1") == 1);

    auto again = desk.call("book_slot", {{"slot_id", 1}, {"customer_id", 2}});
    CHECK(is_error(again));
    CHECK(text_of(again) == "Slot 1 (2026-09-04 09:00) is already booked; call list_availability to find a free slot.");
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 1") == 1);

    desk.exec(kMadrid);
    CHECK(text_of(desk.call("list_availability", {{"day", "2026-09-04"}})) ==
          "Free slots on Friday 2026-09-04 (book one with book_slot):\n- slot 2 at 11:00" + kToday);
}

TEST_CASE("two processes racing for the same slot cannot both book it", "[tools]") {
    office::testing::TestDatabase file;  // one office, on either backend
    Desk first({}, file.arg());
    Desk second({}, file.arg());
    first.text("SELECT 1");  // created and seeded once, before the race
    second.text("SELECT 1");
    for (const int slot : {1, 2, 4, 5, 6}) {
        CAPTURE(slot);
        // Catch's assertions are not thread-safe: the threads only fill in the replies.
        std::string replies[2];
        std::latch start(2);
        const auto book = [&](Desk& desk, int customer, std::string& out) {
            const json line{{"jsonrpc", "2.0"},
                            {"id", customer},
                            {"method", "tools/call"},
                            {"params",
                             {{"name", "book_slot"},
                              {"arguments", {{"slot_id", slot}, {"customer_id", customer}}},
                              {"_meta",
                               {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                                {"io.modelcontextprotocol/clientCapabilities", json::object()}}}}}};
            start.arrive_and_wait();
            desk.session.handle_line(line.dump(), out);
        };
        std::thread a(book, std::ref(first), 1, std::ref(replies[0]));
        std::thread b(book, std::ref(second), 3, std::ref(replies[1]));
        a.join();
        b.join();
        int winners = 0;
        for (const auto& out : replies) {
            auto lines = parse_lines(out);
            REQUIRE(lines.size() == 1);
            INFO(lines[0].dump());
            REQUIRE(lines[0].contains("result"));
            if (!is_error(lines[0]["result"])) {
                ++winners;
            } else {
                CHECK(text_of(lines[0]["result"]).ends_with(") is already booked; call list_availability to find a free slot."));
            }
        }
        CHECK(winners == 1);
        CHECK(first.number("SELECT customer_id IS NOT NULL FROM slots WHERE id = " + std::to_string(slot)) == 1);
    }
}

TEST_CASE("book_slot refuses the slot the seed gave Tomas", "[tools]") {
    Desk desk;
    auto r = desk.call("book_slot", {{"slot_id", 3}, {"customer_id", 1}});
    CHECK(is_error(r));
    CHECK(text_of(r) == "Slot 3 (2026-09-04 14:00) is already booked; call list_availability to find a free slot.");
    CHECK(desk.text("SELECT customer_id || '|' || booked_by FROM slots WHERE id = 3") == "2|seed");
}

TEST_CASE("book_slot with an unknown slot or customer changes nothing and says what to call", "[tools]") {
    Desk desk;
    auto no_slot = desk.call("book_slot", {{"slot_id", 99}, {"customer_id", 1}});
    CHECK(is_error(no_slot));
    CHECK(text_of(no_slot) == "There is no slot 99; call list_availability with a day to see the free slots and their ids.");

    auto no_customer = desk.call("book_slot", {{"slot_id", 2}, {"customer_id", 99}});
    CHECK(is_error(no_customer));
    CHECK(text_of(no_customer) == "There is no customer 99; call find_customer to look up the customer's id.");
    CHECK(desk.number("SELECT count(*) FROM slots WHERE customer_id IS NOT NULL") == 1);  // Tomas's only
}

TEST_CASE("book_slot needs two positive integer ids", "[tools]") {
    Desk desk;
    CHECK(text_of(desk.call("book_slot", {{"slot_id", 0}, {"customer_id", 1.5}})) ==
          "book_slot was not run: slot_id: must be at least 1; customer_id: must be an integer");
    CHECK(text_of(desk.call("book_slot", json::object())) ==
          "book_slot was not run: slot_id: is required; customer_id: is required");
}

// ---- issue_refund (what the tool itself decides; the routes are in test_session.cpp) -----

TEST_CASE("issue_refund for an unknown invoice says how to find one", "[tools]") {
    Desk desk;
    auto r = desk.call("issue_refund", {{"invoice_id", 99}}, {{"elicitation", json::object()}});
    CHECK(is_error(r));
    CHECK(r["resultType"] == "complete");
    CHECK(text_of(r) == "There is no invoice 99; call open_invoices with the customer's id to see their invoices.");
    CHECK(is_error(desk.call("issue_refund", {{"invoice_id", 99}})));
    CHECK(desk.number("SELECT count(*) FROM approval_requests") == 0);
}

TEST_CASE("issue_refund for a refunded invoice refuses without asking anyone", "[tools]") {
    Desk desk;
    desk.exec("UPDATE invoices SET status = 'refunded', refunded_cents = amount_cents WHERE id = 4");
    SECTION("a client with forms") {
        auto r = desk.call("issue_refund", {{"invoice_id", 4}}, {{"elicitation", json::object()}});
        CHECK(r["resultType"] == "complete");
        CHECK(is_error(r));
        CHECK(text_of(r) == "Invoice 4 was already refunded; nothing changed.");
    }
    SECTION("a client without forms queues nothing") {
        auto r = desk.call("issue_refund", {{"invoice_id", 4}});
        CHECK(is_error(r));
        CHECK(text_of(r) == "Invoice 4 was already refunded; nothing changed.");
        CHECK(desk.number("SELECT count(*) FROM approval_requests") == 0);
    }
}

TEST_CASE("issue_refund may refund a paid invoice, up to its amount", "[tools]") {
    Desk desk;
    auto r = desk.call("issue_refund", {{"invoice_id", 1}}, {{"elicitation", json::object()}});
    CHECK(r["resultType"] == "input_required");
    CHECK(r["inputRequests"]["approve_refund"]["params"]["message"] ==
          "Refund invoice 1 (Maria Alvarez, paid, 240.00)? Enter the amount to refund (at most 240.00) and the reason, or decline.");
    CHECK(r["inputRequests"]["approve_refund"]["params"]["requestedSchema"]["properties"]["amount"]["maximum"] == 240);
}

// ---- order_lunch -------------------------------------------------------------------------

TEST_CASE("order_lunch takes a note of several lines but refuses terminal escapes and bidirectional overrides", "[tools]") {
    Desk desk;
    auto lines = desk.call("order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", "sin\ncebolla"}});
    CHECK(!is_error(lines));
    for (const std::string note : {"hi\x1b[2J", "a\tb", "bell\a", "\x1b]0;owned\a"}) {
        auto r = desk.call("order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", note}});
        CHECK(is_error(r));
        CHECK(text_of(r) == "order_lunch was not run: the note must not contain control characters (a new line is fine).");
    }
    auto bidi = desk.call("order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", "sin \u202Ecebolla"}});
    CHECK(is_error(bidi));
    CHECK(text_of(bidi).find("the note must not contain U+202E (RIGHT-TO-LEFT OVERRIDE)") != std::string::npos);
    CHECK(desk.number("SELECT count(*) FROM lunch_orders") == 1);  // the refused ones changed nothing
}

TEST_CASE("order_lunch records the order with its note and who ordered", "[tools]") {
    Desk desk;
    auto r = desk.call("order_lunch", {{"item", "bocadillo"}, {"quantity", 5}, {"note", "sin cebolla"}});
    CHECK(!is_error(r));
    CHECK(text_of(r) == "Ordered 5 bocadillos (note: sin cebolla).");
    CHECK(r["structuredContent"] == json{{"order_id", 1}, {"item", "bocadillo"}, {"quantity", 5}, {"note", "sin cebolla"}});
    CHECK(desk.text("SELECT item || '|' || quantity || '|' || note || '|' || client FROM lunch_orders") ==
          "bocadillo|5|sin cebolla|test-client/1.0");

    auto second = desk.call("order_lunch", {{"item", "ensalada"}, {"quantity", 1}});
    CHECK(text_of(second) == "Ordered 1 ensalada.");
    CHECK(second["structuredContent"] == json{{"order_id", 2}, {"item", "ensalada"}, {"quantity", 1}});
    CHECK(desk.number("SELECT note IS NULL FROM lunch_orders WHERE id = 2") == 1);
}

TEST_CASE("order_lunch refuses quantities outside 1 to 5", "[tools]") {
    Desk desk;
    const auto quantity = GENERATE(0, 6, -1);
    CAPTURE(quantity);
    CHECK(text_of(desk.call("order_lunch", {{"item", "tortilla"}, {"quantity", quantity}})) ==
          "order_lunch was not run: quantity: must be between 1 and 5");
    CHECK(desk.number("SELECT count(*) FROM lunch_orders") == 0);
}

// ---- the clock ---------------------------------------------------------------------------

TEST_CASE("every time a tool records comes from the session's clock, not the wall clock", "[tools][clock]") {
    Desk desk;
    desk.now = office::testing::kStart;  // 2026-09-21T14:13:20Z
    CHECK(!is_error(desk.call("book_slot", {{"slot_id", 1}, {"customer_id", 1}})));
    desk.now += 3600;
    CHECK(!is_error(desk.call("order_lunch", {{"item", "tortilla"}, {"quantity", 1}})));
    CHECK(desk.call("issue_refund", {{"invoice_id", 2}})["structuredContent"]["status"] == "pending");

    // A refund approved through a form, an hour later again.
    desk.now += 3600;
    const json forms{{"elicitation", json::object()}};
    const auto asked = desk.call("issue_refund", {{"invoice_id", 4}}, forms);
    REQUIRE(asked["resultType"] == "input_required");
    const auto refunded = desk.result(json{
        {"jsonrpc", "2.0"},
        {"id", 99},
        {"method", "tools/call"},
        {"params",
         {{"name", "issue_refund"},
          {"arguments", {{"invoice_id", 4}}},
          {"requestState", asked["requestState"]},
          {"inputResponses", {{"approve_refund", {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "late"}}}}}}},
          {"_meta",
           {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
            {"io.modelcontextprotocol/clientCapabilities", forms},
            {"io.modelcontextprotocol/clientInfo", {{"name", "test-client"}, {"version", "1.0"}}}}}}}});
    CHECK(refunded["structuredContent"]["status"] == "refunded");

    CHECK(desk.texts("SELECT at || ' ' || action FROM audit ORDER BY id") ==
          std::vector<std::string>{"2026-09-21T14:13:20Z slot_booked", "2026-09-21T15:13:20Z lunch_ordered",
                                   "2026-09-21T15:13:20Z refund_queued", "2026-09-21T16:13:20Z refund_issued"});
    CHECK(desk.text("SELECT booked_at FROM slots WHERE id = 1") == "2026-09-21T14:13:20Z");
    CHECK(desk.text("SELECT created_at FROM lunch_orders") == "2026-09-21T15:13:20Z");
    CHECK(desk.text("SELECT created_at FROM approval_requests") == "2026-09-21T15:13:20Z");
    CHECK(desk.text("SELECT created_at FROM refunds") == "2026-09-21T16:13:20Z");
    CHECK(desk.text("SELECT used_at FROM used_request_states") == "2026-09-21T16:13:20Z");
}
