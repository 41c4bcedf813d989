// The session driven exactly as the stdio server drives it: one line in, the reply lines out.
// Protocol errors, every era's handshake and shapes, batches, the modern envelope, profiles,
// and the three routes a refund takes to a person (input_required, elicitation, the queue).
// The database is a seeded ":memory:" one (a file where a restart is simulated), the sealing
// key is fixed and the clock is injected, so expiry is tested without waiting.

#include "session_harness.h"
#include "tool.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace {

using office::json;

constexpr const char* kVersionKey = "io.modelcontextprotocol/protocolVersion";
constexpr const char* kCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities";
constexpr const char* kClientInfoKey = "io.modelcontextprotocol/clientInfo";
constexpr const char* kServerInfoKey = "io.modelcontextprotocol/serverInfo";
constexpr const char* kProblemsKey = "office-mcp/problems";
constexpr const char* kDraft2020 = "https://json-schema.org/draft/2020-12/schema";

const std::vector<std::string> kLegacyVersions = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"};

const json kMariaFormMessage =
    "Refund invoice 2 (Maria Alvarez, open, 80.00)? Enter the amount to refund (at most 80.00) and the "
    "reason, or decline.";

using Office = office::testing::InProcessServer;
using office::testing::accept;
using office::testing::answer;
using office::testing::kForms;
using office::testing::kStart;
using office::testing::legacy_call;
using office::testing::parse_lines;
using office::testing::test_key;

json request(json id, std::string method, json params = json::object()) {
    return json{{"jsonrpc", "2.0"}, {"id", std::move(id)}, {"method", std::move(method)}, {"params", std::move(params)}};
}

json notification(std::string method, json params = json::object()) {
    return json{{"jsonrpc", "2.0"}, {"method", std::move(method)}, {"params", std::move(params)}};
}

json envelope(json capabilities = json::object()) {
    return json{{kVersionKey, "2026-07-28"},
                {kCapabilitiesKey, std::move(capabilities)},
                {kClientInfoKey, {{"name", "test-client"}, {"version", "1.0"}}}};
}

json modern(json id, std::string method, json params = json::object(), json capabilities = json::object()) {
    params["_meta"] = envelope(std::move(capabilities));
    return request(std::move(id), std::move(method), std::move(params));
}

json call_params(std::string tool, json arguments) {
    return json{{"name", std::move(tool)}, {"arguments", std::move(arguments)}};
}

json modern_call(json id, std::string tool, json arguments, json capabilities = json::object()) {
    return modern(std::move(id), "tools/call", call_params(std::move(tool), std::move(arguments)), std::move(capabilities));
}

// Round two of a modern refund: the same call plus the answers and the state.
json refund_retry(json id, json arguments, json responses, json state, json capabilities = kForms) {
    auto params = call_params("issue_refund", std::move(arguments));
    params["inputResponses"] = std::move(responses);
    params["requestState"] = std::move(state);
    return modern(std::move(id), "tools/call", std::move(params), std::move(capabilities));
}

json initialize(Office& office, const std::string& version, json capabilities = json::object()) {
    auto r = office.result(office::testing::initialize_request(version, std::move(capabilities), "legacy-client", "2.0"));
    CHECK(office.send(notification("notifications/initialized")).empty());
    return r;
}

using office::testing::is_error;
using office::testing::text_of;

// Where a refused call's problems travel as {path, rule, message}: result._meta, since
// structuredContent must match the tool's outputSchema. Null when the era has no room for them.
json problems_of(const json& result) {
    if (!result.contains("_meta") || !result["_meta"].contains(kProblemsKey)) return nullptr;
    return result["_meta"][kProblemsKey];
}

json server_info(bool with_title) {
    json info{{"name", "office-mcp"}, {"version", std::string(office::server_version())}};
    if (with_title) info["title"] = "Office";
    return info;
}

std::string edited(std::string state) {
    auto& c = state[state.size() / 2];
    c = c == 'A' ? 'B' : 'A';
    return state;
}

json tool_names(json list_result) {
    json names = json::array();
    for (const auto& tool : list_result["tools"]) names.push_back(tool["name"]);
    return names;
}

json refund_form_schema() {
    return json::parse(R"({"type":"object","properties":{
        "amount":{"type":"number","title":"Amount to refund","description":"At most 80.00, with at most two decimals.",
                  "minimum":0.01,"maximum":80.0},
        "reason":{"type":"string","title":"Reason","description":"Why the money goes back (3 to 200 characters).",
                  "minLength":3,"maxLength":200}},
        "required":["amount","reason"]})");
}

}  // namespace

// ---- issue 2: the lunch order and the two tiers of errors ----------------------------------

TEST_CASE("order_lunch with a known item and quantity orders it", "[session]") {
    Office office;
    auto r = office.result(modern_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(text_of(r) == "Ordered 2 tortillas.");
    CHECK(!r.contains("isError"));
    CHECK(r["structuredContent"] == json{{"order_id", 1}, {"item", "tortilla"}, {"quantity", 2}});
    CHECK(office.text("SELECT item || ' x' || quantity || ' by ' || client FROM lunch_orders") ==
          "tortilla x2 by test-client/1.0");
}

TEST_CASE("every problem with order_lunch's arguments is listed in one sentence", "[session]") {
    Office office;
    auto r = office.result(
        modern_call(1, "order_lunch", {{"item", "sopa"}, {"quantity", 9}, {"colour", "rojo"}}));
    CHECK(is_error(r));
    CHECK(text_of(r) ==
          "order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada; quantity: must be "
          "between 1 and 5; colour: is not an allowed argument");
    CHECK(problems_of(r) == json::parse(R"([
        {"path":"item","rule":"enum","message":"item: must be one of bocadillo, tortilla, ensalada"},
        {"path":"quantity","rule":"maximum","message":"quantity: must be between 1 and 5"},
        {"path":"colour","rule":"additionalProperties","message":"colour: is not an allowed argument"}])"));
    CHECK(!r.contains("structuredContent"));  // it would have to match order_lunch's outputSchema
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);
}

TEST_CASE("a refused order_lunch lists its problems only in eras that have structured results", "[session]") {
    const auto version = GENERATE(from_range(kLegacyVersions));
    CAPTURE(version);
    Office office;
    initialize(office, version);
    auto r = office.result(legacy_call(1, "order_lunch", {{"item", "sopa"}, {"quantity", 9}, {"colour", "rojo"}}));
    CHECK(is_error(r));
    CHECK(text_of(r) ==
          "order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada; quantity: must be "
          "between 1 and 5; colour: is not an allowed argument");
    CHECK(!r.contains("structuredContent"));
    if (version < "2025-06-18") {
        CHECK(!r.contains("_meta"));
    } else {
        REQUIRE(problems_of(r).is_array());
        CHECK(problems_of(r).size() == 3);
        CHECK(problems_of(r)[1] ==
              json{{"path", "quantity"}, {"rule", "maximum"}, {"message", "quantity: must be between 1 and 5"}});
    }
}

TEST_CASE("order_lunch with no arguments names both missing arguments", "[session]") {
    Office office;
    auto r = office.result(modern_call(1, "order_lunch", json::object()));
    CHECK(is_error(r));
    CHECK(text_of(r) == "order_lunch was not run: item: is required; quantity: is required");
    CHECK(problems_of(r) == json::parse(R"([
        {"path":"item","rule":"required","message":"item: is required"},
        {"path":"quantity","rule":"required","message":"quantity: is required"}])"));
}

TEST_CASE("a quantity written as a string is not an integer", "[session]") {
    Office office;
    auto r = office.result(modern_call(1, "order_lunch", {{"item", "ensalada"}, {"quantity", "2"}}));
    CHECK(is_error(r));
    CHECK(text_of(r) == "order_lunch was not run: quantity: must be an integer");
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);
}

TEST_CASE("a quantity of 2.0 is the integer 2", "[session]") {
    Office office;
    auto r = office.result(modern_call(1, "order_lunch", json::parse(R"({"item":"ensalada","quantity":2.0})")));
    CHECK(!is_error(r));
    CHECK(text_of(r) == "Ordered 2 ensaladas.");
    CHECK(office.number("SELECT quantity FROM lunch_orders") == 2);
}

TEST_CASE("a lunch note may hold 20 characters but not 21", "[session]") {
    Office office;
    auto refused = office.result(
        modern_call(1, "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", "sin cebolla, por favo"}}));
    CHECK(is_error(refused));
    CHECK(text_of(refused) == "order_lunch was not run: note: must be at most 20 characters");
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);

    // Characters, not bytes: "ñ" is two bytes in UTF-8 and still one character.
    auto ordered = office.result(
        modern_call(2, "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", "sin cebolla, mañana!"}}));
    CHECK(!is_error(ordered));
    CHECK(text_of(ordered) == "Ordered 1 bocadillo (note: sin cebolla, mañana!).");
    CHECK(office.text("SELECT note FROM lunch_orders") == "sin cebolla, mañana!");
}

TEST_CASE("an unknown tool is a protocol error", "[session]") {
    Office office;
    auto e = office.error(modern_call(1, "order_pizza", {{"item", "margherita"}}));
    CHECK(e == json{{"code", -32602}, {"message", "Unknown tool: order_pizza"}});
}

TEST_CASE("tools/call without a tool name or with non-object arguments is invalid params", "[session]") {
    Office office;
    CHECK(office.error(modern(1, "tools/call", {{"arguments", json::object()}})) ==
          json{{"code", -32602}, {"message", "Invalid params: name must be a string"}});
    CHECK(office.error(modern_call(2, "order_lunch", json::array({"tortilla", 2}))) ==
          json{{"code", -32602}, {"message", "Invalid params: arguments must be an object"}});
    CHECK(office.error(request(3, "tools/list", json::array())) ==
          json{{"code", -32602}, {"message", "Invalid params: params must be an object"}});
}

TEST_CASE("an unknown method is method-not-found in both eras", "[session]") {
    Office office;
    CHECK(office.error(modern(1, "widgets/list")) ==
          json{{"code", -32601}, {"message", "Method not found: widgets/list"}});
    initialize(office, "2025-11-25");
    CHECK(office.error(request(2, "widgets/list")) ==
          json{{"code", -32601}, {"message", "Method not found: widgets/list"}});
}

TEST_CASE("a line that is not JSON is a parse error and the next line is still served", "[session]") {
    Office office;
    auto lines = office.send_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/list")");
    REQUIRE(lines.size() == 1);
    // MCP forbids a null id, so the id member is left out rather than sent as null.
    CHECK(lines[0] == json{{"jsonrpc", "2.0"}, {"error", {{"code", -32700}, {"message", "Parse error: the line is not valid JSON"}}}});

    CHECK(office.send_line("\xff\xfe not utf-8")[0]["error"]["code"] == -32700);
    CHECK(office.send_line(R"({"jsonrpc":"2.0","id":1,"method":"x","params":{"s":"\xc3"}})")[0]["error"]["code"] == -32700);

    auto next = office.result(modern_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(text_of(next) == "Ordered 2 tortillas.");
}

TEST_CASE("blank lines are not messages and get no reply", "[session]") {
    Office office;
    CHECK(office.send_line("").empty());
    CHECK(office.send_line("   \t ").empty());
}

TEST_CASE("a line over the size cap is answered with invalid request", "[session]") {
    Office office;
    std::string out;
    office.session.handle_overlong_line(1024, out);
    const auto lines = parse_lines(out);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == json{{"jsonrpc", "2.0"},
                           {"error", {{"code", -32600}, {"message", "Message too large: a line may hold at most 1024 bytes"}}}});
}

TEST_CASE("a notification is never answered, whatever it holds", "[session]") {
    Office office;
    const std::vector<std::string> notifications = {
        R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
        R"({"jsonrpc":"2.0","method":"notifications/no-such-thing","params":{"x":1}})",
        R"({"jsonrpc":"2.0","method":"no/such/method"})",
        R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}})",
        R"({"jsonrpc":"2.0","method":"notifications/cancelled"})",
        R"({"jsonrpc":"2.0","method":"notifications/progress","params":"not an object"})",
        R"({"jsonrpc":"2.0","method":"notifications/progress","params":[1,2]})",
        R"({"jsonrpc":"1.0","method":"notifications/initialized"})",
        R"({"method":"notifications/initialized"})",
        R"({"jsonrpc":"2.0","method":42})",
        R"({"jsonrpc":"2.0","method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1999-01-01","io.modelcontextprotocol/clientCapabilities":{}}}})",
        R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"order_pizza"}})",
        R"({"jsonrpc":"2.0","method":"ping"})",
    };
    SECTION("before initialize") {
        for (const auto& line : notifications) {
            INFO(line);
            CHECK(office.send_line(line).empty());
        }
        CHECK(office.result(modern(1, "tools/list"))["tools"].size() == 9);
    }
    SECTION("in a legacy session") {
        initialize(office, "2025-11-25");
        for (const auto& line : notifications) {
            INFO(line);
            CHECK(office.send_line(line).empty());
        }
        CHECK(office.result(request(1, "ping")) == json::object());
    }
}

TEST_CASE("a notification method sent with an id is answered once, as an invalid request", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}})).size() == 1);
    CHECK(office.error(request(5, "notifications/initialized")) ==
          json{{"code", -32600}, {"message", "Invalid Request: notifications/initialized is a notification and takes no id"}});
    CHECK(office.error(request(6, "notifications/cancelled", {{"requestId", 7}}))["code"] == -32600);
    CHECK(office.session.parked_calls() == 1);  // a refused message cancels nothing
}

TEST_CASE("a tools/call sent as a notification never produces a message, even when it would ask a person",
          "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    CHECK(office.send(notification("tools/call", call_params("issue_refund", {{"invoice_id", 2}}))).empty());
    CHECK(office.session.parked_calls() == 0);
    // Nothing was asked, so an "answer" is a response to nothing and is ignored.
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}}).empty());
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("initialize echoes a legacy version it supports and answers the latest otherwise", "[session]") {
    SECTION("each supported legacy version is echoed") {
        const auto version = GENERATE(from_range(kLegacyVersions));
        CAPTURE(version);
        Office office;
        auto r = initialize(office, version);
        // The icons (2025-11-25 on) are test_icons.cpp's; completions came with 2025-03-26.
        CHECK(r["serverInfo"].contains("icons") == (version >= "2025-11-25"));
        r["serverInfo"].erase("icons");
        json capabilities{{"tools", {{"listChanged", true}}},
                          {"resources", {{"subscribe", true}, {"listChanged", false}}},
                          {"prompts", {{"listChanged", true}}},
                          {"logging", json::object()}};
        if (version >= "2025-03-26") capabilities["completions"] = json::object();
        CHECK(r == json{{"protocolVersion", version},
                        {"capabilities", capabilities},
                        {"serverInfo", server_info(version >= "2025-06-18")},
                        {"instructions",
                         "Office tools for a small practice: find customers, see free appointment slots and book "
                         "them, read a customer's invoices, refund an invoice (a person approves every refund) and "
                         "order lunch. Call find_customer first to learn the customer ids the other tools take. "
                         "Appointment times are local to the office, in its time zone; list_availability says which "
                         "zone and what day today is there."}});
    }
    SECTION("an unknown version is answered with 2025-11-25") {
        Office office;
        CHECK(initialize(office, "2031-01-01")["protocolVersion"] == "2025-11-25");
    }
    SECTION("the modern version is not a legacy one: initialize answers 2025-11-25") {
        Office office;
        CHECK(initialize(office, "2026-07-28")["protocolVersion"] == "2025-11-25");
    }
}

TEST_CASE("initialize needs a protocolVersion and happens once", "[session]") {
    Office office;
    CHECK(office.error(request(1, "initialize", {{"capabilities", json::object()}})) ==
          json{{"code", -32602}, {"message", "Invalid params: protocolVersion must be a string"}});
    initialize(office, "2025-06-18");
    CHECK(office.error(request(2, "initialize", {{"protocolVersion", "2025-06-18"}})) ==
          json{{"code", -32600}, {"message", "Invalid Request: already initialized"}});
}

TEST_CASE("the lunch calls behave the same in every legacy era", "[session]") {
    const auto version = GENERATE(as<std::string>(), "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2030-01-01");
    CAPTURE(version);
    Office office;
    initialize(office, version);
    const bool structured = version >= "2025-06-18";

    auto ordered = office.result(legacy_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(text_of(ordered) == "Ordered 2 tortillas.");
    CHECK(ordered.contains("structuredContent") == structured);
    CHECK(!ordered.contains("resultType"));  // a legacy result
    CHECK(!ordered.contains("_meta"));

    auto missing = office.result(legacy_call(2, "order_lunch", json::object()));
    CHECK(text_of(missing) == "order_lunch was not run: item: is required; quantity: is required");
    auto string_quantity = office.result(legacy_call(3, "order_lunch", {{"item", "ensalada"}, {"quantity", "2"}}));
    CHECK(text_of(string_quantity) == "order_lunch was not run: quantity: must be an integer");
    auto float_quantity = office.result(legacy_call(4, "order_lunch", json::parse(R"({"item":"ensalada","quantity":2.0})")));
    CHECK(text_of(float_quantity) == "Ordered 2 ensaladas.");
    CHECK(office.error(legacy_call(5, "order_pizza", json::object()))["code"] == -32602);
    CHECK(office.error(request(6, "widgets/list"))["code"] == -32601);
    CHECK(office.number("SELECT count(*) FROM lunch_orders WHERE client = 'legacy-client/2.0'") == 2);
}

TEST_CASE("the lunch calls are served statelessly to modern requests without initialize", "[session]") {
    Office office;
    auto ordered = office.result(modern_call("a", "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(text_of(ordered) == "Ordered 2 tortillas.");
    CHECK(ordered["resultType"] == "complete");
    auto refused = office.result(modern_call("b", "order_lunch", {{"item", "ensalada"}, {"quantity", "2"}}));
    CHECK(text_of(refused) == "order_lunch was not run: quantity: must be an integer");
    CHECK(refused["resultType"] == "complete");
}

TEST_CASE("modern requests are served statelessly even after a legacy initialize", "[session]") {
    Office office;
    initialize(office, "2024-11-05");
    auto modern_result = office.result(modern_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(modern_result["resultType"] == "complete");
    CHECK(modern_result["structuredContent"]["item"] == "tortilla");
    CHECK(modern_result["_meta"][kServerInfoKey] == server_info(true));
    CHECK(office.number("SELECT count(*) FROM lunch_orders WHERE client = 'test-client/1.0'") == 1);
    // ... and the legacy session is still 2024-11-05.
    auto legacy_result = office.result(legacy_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    CHECK(!legacy_result.contains("structuredContent"));
    CHECK(!legacy_result.contains("resultType"));
}

TEST_CASE("a 2025-03-26 batch is answered with one array and notifications get no entry", "[session]") {
    Office office;
    initialize(office, "2025-03-26");
    const json batch = json::array({
        request(1, "ping"),
        notification("notifications/progress", {{"progressToken", 1}, {"progress", 1}}),
        legacy_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}),
        request("three", "widgets/list"),
        json(7),
    });
    auto lines = office.send(batch);
    REQUIRE(lines.size() == 1);
    auto& replies = lines[0];
    REQUIRE(replies.is_array());
    REQUIRE(replies.size() == 4);
    CHECK(replies[0] == json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", json::object()}});
    CHECK(replies[1]["id"] == 2);
    CHECK(text_of(replies[1]["result"]) == "Ordered 2 tortillas.");
    CHECK(replies[2] == json{{"jsonrpc", "2.0"}, {"id", "three"}, {"error", {{"code", -32601}, {"message", "Method not found: widgets/list"}}}});
    CHECK(replies[3] == json{{"jsonrpc", "2.0"},
                             {"error", {{"code", -32600}, {"message", "Invalid Request: a message must be a JSON object"}}}});

    SECTION("a batch of notifications only gets no line at all") {
        CHECK(office.send(json::array({notification("notifications/initialized"), notification("x/y")})).empty());
    }
    SECTION("an empty batch is an invalid request") {
        CHECK(office.send(json::array()) ==
              std::vector<json>{{{"jsonrpc", "2.0"}, {"error", {{"code", -32600}, {"message", "An empty batch is not a request"}}}}});
    }
}

TEST_CASE("batches are refused in every era but 2025-03-26", "[session]") {
    const json batch = json::array({request(1, "ping"), legacy_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}})});
    const json refused = {{"jsonrpc", "2.0"},
                          {"error", {{"code", -32600}, {"message", "Batches are only allowed in protocol version 2025-03-26"}}}};
    SECTION("modern, without initialize") {
        Office office;
        CHECK(office.send(json::array({modern(1, "tools/list")})) == std::vector<json>{refused});
    }
    SECTION("legacy sessions of other versions") {
        const auto version = GENERATE(as<std::string>(), "2024-11-05", "2025-06-18", "2025-11-25");
        CAPTURE(version);
        Office office;
        initialize(office, version);
        CHECK(office.send(batch) == std::vector<json>{refused});
        CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);
    }
}

TEST_CASE("a modern request without its protocol version or capabilities is invalid params", "[session]") {
    Office office;
    SECTION("no protocolVersion") {
        json params{{"_meta", {{kCapabilitiesKey, json::object()}}}};
        CHECK(office.error(request(1, "tools/list", params)) ==
              json{{"code", -32602},
                   {"message", "Invalid params: missing _meta[\"io.modelcontextprotocol/protocolVersion\"] (send it on "
                               "every request, or initialize first)"}});
    }
    SECTION("no _meta at all, and no initialize") {
        CHECK(office.error(request(1, "tools/list"))["code"] == -32602);
    }
    SECTION("no clientCapabilities") {
        json params{{"_meta", {{kVersionKey, "2026-07-28"}}}};
        CHECK(office.error(request(1, "tools/list", params)) ==
              json{{"code", -32602}, {"message", "Invalid params: missing _meta[\"io.modelcontextprotocol/clientCapabilities\"]"}});
    }
    SECTION("clientCapabilities that are not an object") {
        json params{{"_meta", {{kVersionKey, "2026-07-28"}, {kCapabilitiesKey, "all"}}}};
        CHECK(office.error(request(1, "tools/list", params)) ==
              json{{"code", -32602},
                   {"message", "Invalid params: _meta[\"io.modelcontextprotocol/clientCapabilities\"] must be an object"}});
    }
}

TEST_CASE("a modern request for an unknown protocol version is unsupported-version", "[session]") {
    Office office;
    json params{{"_meta", {{kVersionKey, "2027-01-01"}, {kCapabilitiesKey, json::object()}}}};
    auto e = office.error(request(1, "server/discover", params));
    CHECK(e == json{{"code", -32022},
                    {"message", "Unsupported protocol version"},
                    {"data", {{"supported", {"2026-07-28"}}, {"requested", "2027-01-01"}}}});
    // A legacy version in the envelope is not the modern one either.
    params["_meta"][kVersionKey] = "2025-11-25";
    CHECK(office.error(request(2, "tools/list", params))["data"]["requested"] == "2025-11-25");
}

TEST_CASE("every modern result says its type and who served it", "[session]") {
    Office office;
    std::vector<json> results = {
        office.result(modern(1, "server/discover")),
        office.result(modern(2, "tools/list")),
        office.result(modern_call(3, "find_customer", {{"query", "Maria"}})),
        office.result(modern_call(4, "order_lunch", json::object())),
        office.result(modern_call(5, "issue_refund", {{"invoice_id", 99}})),
        office.result(modern_call(6, "issue_refund", {{"invoice_id", 2}}, kForms)),
    };
    for (auto& r : results) {
        INFO(r.dump());
        CHECK((r["resultType"] == "complete" || r["resultType"] == "input_required"));
        // server/discover's alone has the icons too (test_icons.cpp).
        if (&r == &results[0]) r["_meta"][kServerInfoKey].erase("icons");
        CHECK(r["_meta"][kServerInfoKey] == server_info(true));
    }
    CHECK(results[5]["resultType"] == "input_required");
}

TEST_CASE("logging/setLevel takes a valid level in the legacy eras and does not exist in 2026-07-28", "[session]") {
    Office office;
    initialize(office, "2025-11-25");
    CHECK(office.result(request(1, "logging/setLevel", {{"level", "warning"}})) == json::object());
    const auto bad = office.reply(request(2, "logging/setLevel", {{"level", "loud"}}));
    CHECK(bad["error"]["code"] == -32602);
    CHECK(bad["error"]["message"] ==
          "Invalid params: level must be one of debug, info, notice, warning, error, critical, alert, emergency");
    const auto modern_reply = office.reply(modern(3, "logging/setLevel", {{"level", "info"}}));
    CHECK(modern_reply["error"]["code"] == -32601);
}

TEST_CASE("server/discover answers at once and tells how long to cache it", "[session]") {
    Office office;
    auto r = office.result(modern("d1", "server/discover"));
    CHECK(r["supportedVersions"] == json::array({"2026-07-28"}));
    CHECK(r["capabilities"] == json{{"tools", {{"listChanged", true}}},
                                    {"resources", {{"subscribe", true}, {"listChanged", false}}},
                                    {"prompts", {{"listChanged", true}}},
                                    {"completions", json::object()},
                                    {"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}});
    CHECK(r["ttlMs"] == 3600000);
    CHECK(r["cacheScope"] == "public");
    CHECK(r["instructions"].is_string());
    CHECK(office.database_opens == 0);  // a probe creates no database
}

TEST_CASE("server/discover is a modern method only", "[session]") {
    Office office;
    initialize(office, "2025-11-25");
    CHECK(office.error(request(1, "server/discover")) ==
          json{{"code", -32601}, {"message", "Method not found: server/discover"}});
    CHECK(office.result(modern(2, "server/discover"))["supportedVersions"] == json::array({"2026-07-28"}));
}

TEST_CASE("modern tools/list carries a public cache lifetime and legacy tools/list does not", "[session]") {
    Office office;
    auto modern_list = office.result(modern(1, "tools/list"));
    CHECK(modern_list["ttlMs"] == 1000);  // the menu shapes order_lunch: a second at most (issue 37)
    CHECK(modern_list["cacheScope"] == "public");
    CHECK(modern_list["resultType"] == "complete");
    initialize(office, "2025-11-25");
    auto legacy_list = office.result(request(2, "tools/list"));
    CHECK(!legacy_list.contains("ttlMs"));
    CHECK(!legacy_list.contains("cacheScope"));
    CHECK(!legacy_list.contains("resultType"));
    CHECK(legacy_list["tools"] == modern_list["tools"]);  // 2025-11-25 and 2026-07-28 describe tools alike
    CHECK(office.database_opens == 1);  // order_lunch's items are the office's menu
}

TEST_CASE("tools/list describes the tools as the negotiated era does", "[session]") {
    const auto version = GENERATE(from_range(kLegacyVersions));
    CAPTURE(version);
    Office office;
    initialize(office, version);
    auto list = office.result(request(1, "tools/list"));
    CHECK(tool_names(list) ==
          json::array({"find_customer", "list_availability", "book_slot", "open_invoices", "issue_refund", "order_lunch", "add_customer", "cancel_booking", "move_booking"}));
    for (auto& tool : list["tools"]) {
        INFO(tool.dump());
        CHECK(tool["description"].is_string());
        CHECK(tool["inputSchema"]["type"] == "object");
        CHECK(tool.contains("annotations") == (version >= "2025-03-26"));
        CHECK(tool.contains("title") == (version >= "2025-06-18"));
        CHECK(tool.contains("outputSchema") == (version >= "2025-06-18"));
        CHECK(tool["inputSchema"].contains("$schema") == (version >= "2025-11-25"));
        if (version >= "2025-11-25") {
            CHECK(tool["inputSchema"]["$schema"] == kDraft2020);
            CHECK(tool["outputSchema"]["$schema"] == kDraft2020);
        }
        if (version == "2025-06-18") CHECK(!tool["outputSchema"].contains("$schema"));
    }
    if (version == "2024-11-05") {
        CHECK(list["tools"][5] == json::parse(R"({"name":"order_lunch",
            "description":"Orders lunch for the office: one item (bocadillo, tortilla or ensalada), a quantity from 1 to 5, and an optional note of at most 20 characters. Returns the order's confirmation.",
            "inputSchema":{"type":"object","properties":{
              "item":{"type":"string","enum":["bocadillo","tortilla","ensalada"],"description":"What to order."},
              "quantity":{"type":"integer","minimum":1,"maximum":5,"description":"How many, 1 to 5."},
              "note":{"type":"string","maxLength":20,"description":"Optional note for the kitchen, e.g. \"sin cebolla\"."}},
              "required":["item","quantity"],"additionalProperties":false}})"));
    }
    if (version >= "2025-03-26") {
        CHECK(list["tools"][4]["annotations"] == json{{"title", "Refund an invoice"},
                                                      {"readOnlyHint", false},
                                                      {"destructiveHint", true},
                                                      {"idempotentHint", false},
                                                      {"openWorldHint", false}});
    }
    if (version >= "2025-06-18") CHECK(list["tools"][4]["title"] == "Refund an invoice");
}

TEST_CASE("a message that is not a JSON-RPC 2.0 request is an invalid request", "[session]") {
    Office office;
    SECTION("wrong jsonrpc version, id echoed") {
        CHECK(office.reply(json{{"jsonrpc", "1.0"}, {"id", 1}, {"method", "tools/list"}}) ==
              json{{"jsonrpc", "2.0"}, {"id", 1}, {"error", {{"code", -32600}, {"message", "Invalid Request: jsonrpc must be \"2.0\""}}}});
    }
    SECTION("no jsonrpc member") {
        CHECK(office.reply(json{{"id", "x"}, {"method", "tools/list"}})["error"]["code"] == -32600);
    }
    SECTION("ids that MCP does not allow: null, an object, a float, an array, a boolean") {
        const auto id = GENERATE(json(nullptr), json::object({{"n", 1}}), json(1.5), json::array({1}), json(true));
        CAPTURE(id);
        CHECK(office.reply(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "ping"}}) ==
              json{{"jsonrpc", "2.0"}, {"error", {{"code", -32600}, {"message", "Invalid Request: id must be a string or an integer"}}}});
    }
    SECTION("no method") {
        CHECK(office.reply(json{{"jsonrpc", "2.0"}, {"id", 4}}) ==
              json{{"jsonrpc", "2.0"}, {"id", 4}, {"error", {{"code", -32600}, {"message", "Invalid Request: no method"}}}});
    }
    SECTION("a method that is not a string") {
        CHECK(office.reply(json{{"jsonrpc", "2.0"}, {"id", 5}, {"method", 12}})["error"] ==
              json{{"code", -32600}, {"message", "Invalid Request: method must be a string"}});
    }
    SECTION("a JSON value that is not an object") {
        CHECK(office.send_line("42") ==
              std::vector<json>{{{"jsonrpc", "2.0"}, {"error", {{"code", -32600}, {"message", "Invalid Request: a message must be a JSON object"}}}}});
    }
    CHECK(office.result(modern(9, "tools/list"))["tools"].size() == 9);  // still serving
}

TEST_CASE("ping answers an empty result in a legacy session and is not a modern method", "[session]") {
    Office office;
    initialize(office, "2025-06-18");
    CHECK(office.reply(request("p", "ping")) == json{{"jsonrpc", "2.0"}, {"id", "p"}, {"result", json::object()}});
    CHECK(office.error(modern(2, "ping")) == json{{"code", -32601}, {"message", "Method not found: ping"}});
}

TEST_CASE("ping is answered before initialize", "[session]") {
    Office office;
    CHECK(office.result(request(1, "ping")) == json::object());
}

TEST_CASE("a profile hides tools from tools/list and makes them uncallable", "[session]") {
    std::vector<std::string> scheduling;
    REQUIRE(office::profile_tools("scheduling", scheduling));
    Office office(scheduling);
    CHECK(tool_names(office.result(modern(1, "tools/list"))) == json::array({"find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"}));
    CHECK(office.error(modern_call(2, "issue_refund", {{"invoice_id", 2}}, kForms)) ==
          json{{"code", -32602}, {"message", "Unknown tool: issue_refund"}});
    CHECK(office.error(modern_call(3, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}})) ==
          json{{"code", -32602}, {"message", "Unknown tool: order_lunch"}});
    CHECK(text_of(office.result(modern_call(4, "list_availability", {{"day", "2026-09-05"}}))).starts_with("Free slots"));

    initialize(office, "2025-11-25");
    CHECK(tool_names(office.result(request(5, "tools/list"))) == json::array({"find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"}));
    CHECK(office.error(legacy_call(6, "open_invoices", {{"customer_id", 1}})) ==
          json{{"code", -32602}, {"message", "Unknown tool: open_invoices"}});
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);
}

TEST_CASE("a tool list of exactly one tool serves only that tool", "[session]") {
    Office office({"order_lunch"});
    CHECK(tool_names(office.result(modern(1, "tools/list"))) == json::array({"order_lunch"}));
    CHECK(office.error(modern_call(2, "find_customer", {{"query", "Maria"}}))["code"] == -32602);
}

// ---- issue 4: refunds through input_required (2026-07-28) ----------------------------------

TEST_CASE("a modern client that can show forms is asked for the refund through input_required", "[session]") {
    Office office;
    auto r = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms));
    CHECK(r["resultType"] == "input_required");
    CHECK(r["inputRequests"] == json{{"approve_refund",
                                      {{"method", "elicitation/create"},
                                       {"params", {{"mode", "form"}, {"message", kMariaFormMessage}, {"requestedSchema", refund_form_schema()}}}}}});
    auto& schema = r["inputRequests"]["approve_refund"]["params"]["requestedSchema"];
    CHECK(schema["properties"]["amount"]["maximum"] == 80);
    CHECK(schema["properties"]["reason"]["minLength"] == 3);
    CHECK(schema["properties"]["reason"]["maxLength"] == 200);
    REQUIRE(r["requestState"].is_string());
    CHECK(r["requestState"].get<std::string>().starts_with("v1."));
    CHECK(!r.contains("content"));
    CHECK(!r.contains("ttlMs"));
    // Nothing happens until a person answers.
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 0);
}

TEST_CASE("an accepted refund answer refunds the invoice and records who approved it", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    auto done = office.result(refund_retry(2, args, accept(80, "Double charge"), first["requestState"]));
    CHECK(done["resultType"] == "complete");
    CHECK(!is_error(done));
    CHECK(text_of(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Double charge");
    CHECK(done["structuredContent"] == json{{"invoice_id", 2}, {"status", "refunded"}, {"refund_id", 1}, {"amount", 80.0},
                                            {"refunded", 80.0}, {"left", 0.0}});
    CHECK(office.invoice_status(2) == "refunded");
    CHECK(office.text("SELECT invoice_id || '|' || amount_cents || '|' || reason || '|' || approved_via || '|' || client "
                      "FROM refunds") == "2|8000|Double charge|input_required|test-client/1.0");
    CHECK(office.number("SELECT count(*) FROM used_request_states") == 1);
}

TEST_CASE("a partial refund is stored in exact cents", "[session]") {
    Office office;
    const json args{{"invoice_id", 4}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    auto done = office.result(refund_retry(2, args, accept(0.29, "Rounding"), first["requestState"]));
    CHECK(text_of(done) == "Refunded 0.29 of invoice 4 (Priya Nair); 409.71 is left to refund. Reason: Rounding");
    CHECK(office.number("SELECT amount_cents FROM refunds WHERE invoice_id = 4") == 29);
}

TEST_CASE("a declined or cancelled refund answer leaves the invoice open", "[session]") {
    const auto action = GENERATE(as<std::string>(), "decline", "cancel");
    CAPTURE(action);
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    auto done = office.result(refund_retry(2, args, answer(action), first["requestState"]));
    const std::string what = action == "decline" ? "declined" : "cancelled";
    CHECK(!is_error(done));
    CHECK(text_of(done) == "The refund of invoice 2 (Maria Alvarez, open, 80.00) was " + what + " by the person; nothing changed.");
    CHECK(done["structuredContent"] == json{{"invoice_id", 2}, {"status", what}});
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("a requestState the server did not issue for this very call is refused", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    const std::string state = first["requestState"].get<std::string>();
    const json refused{{"code", -32602},
                       {"message", "Invalid or expired requestState"},
                       {"data", {{"reason", "invalid_request_state"}}}};

    SECTION("forged: well formed and sealed, but with a key this server does not have") {
        const office::StateSealer other({test_key(0x33)});
        office::StateClaims claims;
        claims.tool = "issue_refund";
        claims.args_digest = office::args_digest(args);
        claims.input_key = "approve_refund";
        CHECK(office.error(refund_retry(2, args, accept(80, "Double charge"), other.seal(claims, office.now))) == refused);
    }
    SECTION("forged: made up") {
        const auto fake = GENERATE_COPY(as<std::string>(), "", "v1.", "v1.AAAA", "v2." + state.substr(3), "eyJ0b29sIjoiaXNzdWVfcmVmdW5kIn0");
        CAPTURE(fake);
        CHECK(office.error(refund_retry(2, args, accept(80, "Double charge"), fake)) == refused);
    }
    SECTION("edited: one character changed") {
        CHECK(office.error(refund_retry(2, args, accept(80, "Double charge"), edited(state))) == refused);
    }
    SECTION("expired: the clock moved past 600 seconds") {
        office.now += 601;
        CHECK(office.error(refund_retry(2, args, accept(80, "Double charge"), state)) == refused);
    }
    SECTION("replayed after a decline") {
        CHECK(text_of(office.result(refund_retry(2, args, answer("decline"), state))).find("declined") != std::string::npos);
        CHECK(office.error(refund_retry(3, args, accept(80, "Double charge"), state)) == refused);
    }
    SECTION("replayed after an accepted refund") {
        CHECK(!is_error(office.result(refund_retry(2, args, accept(10, "Double charge"), state))));
        CHECK(office.error(refund_retry(3, args, accept(80, "Double charge"), state)) == refused);
        CHECK(office.number("SELECT amount_cents FROM refunds") == 1000);
        CHECK(office.refunds() == 1);
        return;  // invoice 2 was refunded here, on purpose
    }
    SECTION("used for another invoice") {
        CHECK(office.error(refund_retry(2, {{"invoice_id", 4}}, accept(80, "Double charge"), state)) == refused);
        CHECK(office.invoice_status(4) == "open");
    }
    SECTION("used for another tool") {
        auto params = call_params("open_invoices", {{"customer_id", 1}});
        params["inputResponses"] = accept(80, "Double charge");
        params["requestState"] = state;
        CHECK(office.error(modern(2, "tools/call", params, kForms)) == refused);
    }
    SECTION("inputResponses without requestState") {
        auto params = call_params("issue_refund", args);
        params["inputResponses"] = accept(80, "Double charge");
        CHECK(office.error(modern(2, "tools/call", params, kForms)) == refused);
    }
    SECTION("requestState without inputResponses") {
        auto params = call_params("issue_refund", args);
        params["requestState"] = state;
        CHECK(office.error(modern(2, "tools/call", params, kForms)) == refused);
    }
    SECTION("inputResponses with an extra key") {
        auto responses = accept(80, "Double charge");
        responses["approve_more"] = {{"action", "accept"}, {"content", {{"amount", 80}, {"reason", "Twice"}}}};
        CHECK(office.error(refund_retry(2, args, responses, state)) == refused);
    }
    SECTION("inputResponses under another key: the missing key is named (issue 11)") {
        CHECK(office.error(refund_retry(2, args, json{{"approve", accept(80, "Double charge")["approve_refund"]}}, state)) ==
              json{{"code", -32602},
                   {"message", "Invalid params: inputResponses has no answer for approve_refund"},
                   {"data", {{"reason", "missing_input_response"}, {"key", "approve_refund"}}}});
    }
    SECTION("inputResponses that are not an object, or a requestState that is not a string") {
        CHECK(office.error(refund_retry(2, args, json::array({accept(80, "Double charge")}), state)) == refused);
        CHECK(office.error(refund_retry(3, args, accept(80, "Double charge"), json{{"state", state}})) == refused);
    }
    SECTION("sent in a legacy session, which has no requestState") {
        initialize(office, "2025-11-25", kForms);
        auto params = call_params("issue_refund", args);
        params["inputResponses"] = accept(80, "Double charge");
        params["requestState"] = state;
        CHECK(office.error(request(2, "tools/call", params)) == refused);
        CHECK(office.session.parked_calls() == 0);
    }
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("a requestState is still good shortly before it expires", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    office.now += 599;
    auto done = office.result(refund_retry(2, args, accept(80, "Double charge"), first["requestState"]));
    CHECK(text_of(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Double charge");
}

TEST_CASE("a hostile refund answer never moves money and the person is asked again", "[session]") {
    struct Hostile {
        const char* what;
        json content;  // null: no content at all
        std::string problem;
    };
    const auto hostile = GENERATE(
        Hostile{"negative amount", {{"amount", -5}, {"reason", "Double charge"}}, "amount: must be between 0.01 and 80"},
        Hostile{"more than the invoice", {{"amount", 80.01}, {"reason", "Double charge"}}, "amount: must be between 0.01 and 80"},
        Hostile{"zero", {{"amount", 0}, {"reason", "Double charge"}}, "amount: must be between 0.01 and 80"},
        Hostile{"a fraction of a cent", {{"amount", 10.005}, {"reason", "Double charge"}}, "amount: must have at most two decimals"},
        Hostile{"no reason", {{"amount", 10}}, "reason: is required"},
        Hostile{"a reason too short", {{"amount", 10}, {"reason", "no"}}, "reason: must be between 3 and 200 characters"},
        Hostile{"a reason too long", {{"amount", 10}, {"reason", std::string(201, 'x')}}, "reason: must be between 3 and 200 characters"},
        Hostile{"the amount as a string", {{"amount", "80"}, {"reason", "Double charge"}}, "amount: must be a number"},
        Hostile{"an extra field", {{"amount", 10}, {"reason", "Double charge"}, {"invoice_id", 4}}, "invoice_id: is not an allowed argument"},
        Hostile{"content that is not an object", json::array({80, "Double charge"}), "the answer has no form content"},
        Hostile{"no content", nullptr, "the answer has no form content"});
    CAPTURE(hostile.what);
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    json responses{{"approve_refund", {{"action", "accept"}}}};
    if (!hostile.content.is_null()) responses["approve_refund"]["content"] = hostile.content;

    auto again = office.result(refund_retry(2, args, responses, first["requestState"]));
    CHECK(again["resultType"] == "input_required");
    CHECK(again["inputRequests"]["approve_refund"]["params"]["message"] ==
          "The answer was not accepted: " + hostile.problem + ". " + kMariaFormMessage.get<std::string>());
    CHECK(again["inputRequests"]["approve_refund"]["params"]["requestedSchema"] == refund_form_schema());
    REQUIRE(again["requestState"].is_string());
    CHECK(again["requestState"] != first["requestState"]);
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);

    // The answered state is spent; the new one takes a good answer.
    CHECK(office.error(refund_retry(3, args, accept(80, "Double charge"), first["requestState"]))["code"] == -32602);
    auto done = office.result(refund_retry(4, args, accept(80, "Double charge"), again["requestState"]));
    CHECK(text_of(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Double charge");
}

TEST_CASE("an answer with an unknown action is asked again", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args, kForms));
    auto again = office.result(refund_retry(2, args, answer("approve"), first["requestState"]));
    CHECK(again["resultType"] == "input_required");
    CHECK(again["inputRequests"]["approve_refund"]["params"]["message"] ==
          "The answer was not accepted: action must be accept, decline or cancel. " + kMariaFormMessage.get<std::string>());
    CHECK(office.invoice_status(2) == "open");
}

TEST_CASE("two approvals for one invoice never refund it twice", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto a = office.result(modern_call(1, "issue_refund", args, kForms));
    auto b = office.result(modern_call(2, "issue_refund", args, kForms));
    CHECK(!is_error(office.result(refund_retry(3, args, accept(80, "Double charge"), a["requestState"]))));
    auto second = office.result(refund_retry(4, args, accept(80, "Double charge"), b["requestState"]));
    CHECK(is_error(second));
    CHECK(text_of(second) == "Invoice 2 was already refunded; nothing changed.");
    CHECK(office.refunds() == 1);
    // The second state is spent too.
    CHECK(office.error(refund_retry(5, args, accept(80, "Double charge"), b["requestState"]))["code"] == -32602);
    // A new request for a refunded invoice is refused without asking anyone.
    auto third = office.result(modern_call(6, "issue_refund", args, kForms));
    CHECK(third["resultType"] == "complete");
    CHECK(text_of(third) == "Invoice 2 was already refunded; nothing changed.");
}

TEST_CASE("a refund retry may reach a restarted process", "[session]") {
    namespace fs = std::filesystem;
    std::string dir = (fs::temp_directory_path() / "office-session-XXXXXX").string();
    REQUIRE(::mkdtemp(dir.data()) != nullptr);
    struct Cleanup {
        std::string dir;
        ~Cleanup() {
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        }
    } cleanup{dir};
    const auto path = dir + "/office.db";
    const json args{{"invoice_id", 2}};

    std::string state;
    {
        Office before({}, path);
        state = before.result(modern_call(1, "issue_refund", args, kForms))["requestState"].get<std::string>();
    }
    {
        Office after({}, path);
        auto done = after.result(refund_retry(2, args, accept(80, "Double charge"), state));
        CHECK(text_of(done) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Double charge");
    }
    {
        Office again({}, path);  // and the used state stays used across restarts
        CHECK(again.error(refund_retry(3, args, accept(80, "Double charge"), state))["code"] == -32602);
        CHECK(again.refunds() == 1);
        CHECK(again.invoice_status(2) == "refunded");
    }
}

// ---- issue 4: refunds through elicitation/create (legacy sessions) -------------------------

TEST_CASE("a legacy client that declared elicitation is asked with elicitation/create", "[session]") {
    const auto version = GENERATE(as<std::string>(), "2025-06-18", "2025-11-25");
    CAPTURE(version);
    Office office;
    initialize(office, version, kForms);

    auto asked = office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}}));
    REQUIRE(asked.size() == 1);  // our request only, no reply to 7 yet
    json params{{"message", kMariaFormMessage}, {"requestedSchema", refund_form_schema()}};
    if (version == "2025-11-25") params["mode"] = "form";
    CHECK(asked[0] == json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"method", "elicitation/create"}, {"params", params}});
    CHECK(office.session.parked_calls() == 1);
    CHECK(office.invoice_status(2) == "open");

    // The session keeps reading while the person thinks.
    CHECK(office.result(request(8, "ping")) == json::object());

    auto answered = office.send(
        json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}});
    REQUIRE(answered.size() == 1);
    CHECK(answered[0]["id"] == 7);
    auto& r = answered[0]["result"];
    CHECK(text_of(r) == "Refunded 80.00 of invoice 2 (Maria Alvarez). Reason: Double charge");
    CHECK(!r.contains("resultType"));
    CHECK(r["structuredContent"] == json{{"invoice_id", 2}, {"status", "refunded"}, {"refund_id", 1}, {"amount", 80.0},
                                         {"refunded", 80.0}, {"left", 0.0}});
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.invoice_status(2) == "refunded");
    CHECK(office.text("SELECT amount_cents || '|' || reason || '|' || approved_via || '|' || client FROM refunds") ==
          "8000|Double charge|elicitation|legacy-client/2.0");

    // The same answer again is a response to nothing.
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}}).empty());
    CHECK(office.refunds() == 1);
}

TEST_CASE("a legacy elicitation that is declined changes nothing", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 4}})).size() == 1);
    auto r = office.reply(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", {{"action", "decline"}}}});
    CHECK(r["id"] == 7);
    CHECK(text_of(r["result"]) == "The refund of invoice 4 (Priya Nair, open, 410.00) was declined by the person; nothing changed.");
    CHECK(office.invoice_status(4) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("a hostile answer to a legacy elicitation asks again with the problem stated", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}})).size() == 1);
    auto again = office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80.01, "Double charge")["approve_refund"]}});
    REQUIRE(again.size() == 1);
    CHECK(again[0]["id"] == "elicit-2");
    CHECK(again[0]["method"] == "elicitation/create");
    CHECK(again[0]["params"]["message"] ==
          "The answer was not accepted: amount: must be between 0.01 and 80. " + kMariaFormMessage.get<std::string>());
    CHECK(office.session.parked_calls() == 1);
    CHECK(office.invoice_status(2) == "open");
    // The first question is settled; only the new one is open.
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}}).empty());
    auto done = office.reply(json{{"jsonrpc", "2.0"}, {"id", "elicit-2"}, {"result", accept(79.99, "Double charge")["approve_refund"]}});
    CHECK(done["id"] == 7);
    CHECK(text_of(done["result"]) == "Refunded 79.99 of invoice 2 (Maria Alvarez); 0.01 is left to refund. Reason: Double charge");
}

TEST_CASE("notifications/cancelled for a parked refund drops it", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}})).size() == 1);
    CHECK(office.send(notification("notifications/cancelled", {{"requestId", 8}, {"reason", "other call"}})).empty());
    CHECK(office.session.parked_calls() == 1);  // another id: nothing dropped
    CHECK(office.send(notification("notifications/cancelled", {{"requestId", 7}, {"reason", "user gave up"}})).empty());
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}}).empty());
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("an error response to the form request ends the call with nothing changed", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}})).size() == 1);
    auto r = office.reply(
        json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"error", {{"code", -32601}, {"message", "Method not found"}}}});
    CHECK(r == json{{"jsonrpc", "2.0"},
                    {"id", 7},
                    {"result",
                     {{"content",
                       {{{"type", "text"},
                         {"text", "The person could not be asked (the client answered the form request with an error), "
                                  "so issue_refund did nothing."}}}},
                      {"isError", true}}}});
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("end of input drops parked calls with nothing changed", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    REQUIRE(office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}})).size() == 1);
    REQUIRE(office.send(legacy_call(8, "issue_refund", {{"invoice_id", 4}})).size() == 1);
    CHECK(office.session.parked_calls() == 2);
    office.session.end_of_input();
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-2"}, {"result", accept(80, "Double charge")["approve_refund"]}}).empty());
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.invoice_status(4) == "open");
    CHECK(office.refunds() == 0);
}

TEST_CASE("a response to a request the server never sent is ignored", "[session]") {
    Office office;
    initialize(office, "2025-11-25", kForms);
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", "elicit-9"}, {"result", {{"action", "accept"}}}}).empty());
    CHECK(office.send(json{{"jsonrpc", "2.0"}, {"id", 3}, {"error", {{"code", 1}, {"message", "x"}}}}).empty());
}

// ---- issue 4: the approval queue for clients without forms ---------------------------------

TEST_CASE("legacy sessions without elicitation get the refund queued", "[session]") {
    struct Case {
        std::string version;
        json capabilities;
    };
    const auto c = GENERATE(Case{"2025-03-26", kForms},  // elicitation does not exist in 2025-03-26
                            Case{"2024-11-05", kForms},
                            Case{"2025-06-18", json::object()},
                            Case{"2025-11-25", json{{"elicitation", {{"url", json::object()}}}}});
    CAPTURE(c.version, c.capabilities);
    Office office;
    initialize(office, c.version, c.capabilities);
    auto lines = office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}}));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["id"] == 7);
    CHECK(text_of(lines[0]["result"]) ==
          "Refunding invoice 2 (Maria Alvarez, open, 80.00) needs a person's approval, and this client cannot show the "
          "approval form. Approval request #1 is queued; a person will review it in office-desk. Call issue_refund for "
          "invoice 2 again later to see whether it was approved.");
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.text("SELECT invoice_id || '|' || status || '|' || client FROM approval_requests") == "2|pending|legacy-client/2.0");
    CHECK(office.invoice_status(2) == "open");
}

TEST_CASE("a 2025-11-25 client that declared form elicitation explicitly is asked", "[session]") {
    Office office;
    initialize(office, "2025-11-25", json{{"elicitation", {{"form", json::object()}, {"url", json::object()}}}});
    auto lines = office.send(legacy_call(7, "issue_refund", {{"invoice_id", 2}}));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["method"] == "elicitation/create");
}

TEST_CASE("a client without forms gets one queued approval request however often it asks", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    auto first = office.result(modern_call(1, "issue_refund", args));
    CHECK(!is_error(first));
    CHECK(text_of(first) ==
          "Refunding invoice 2 (Maria Alvarez, open, 80.00) needs a person's approval, and this client cannot show the "
          "approval form. Approval request #1 is queued; a person will review it in office-desk. Call issue_refund for "
          "invoice 2 again later to see whether it was approved.");
    CHECK(first["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 1}, {"status", "pending"}});

    auto second = office.result(modern_call(2, "issue_refund", args));
    CHECK(text_of(second) ==
          "Approval request #1 for invoice 2 is still waiting for a person to review it in office-desk; nothing has "
          "been refunded yet. Call issue_refund for this invoice later to check again.");
    CHECK(second["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 1}, {"status", "pending"}});
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 1);
    CHECK(office.text("SELECT client FROM approval_requests") == "test-client/1.0");
    CHECK(office.invoice_status(2) == "open");
}

TEST_CASE("a refund accepted through a form settles the queued request as approved", "[session]") {
    Office office;
    const json args{{"invoice_id", 2}};
    REQUIRE(office.result(modern_call(1, "issue_refund", args))["structuredContent"]["status"] == "pending");

    SECTION("through input_required") {
        auto asked = office.result(modern_call(2, "issue_refund", args, kForms));
        CHECK(!is_error(office.result(refund_retry(3, args, accept(80, "Double charge"), asked["requestState"]))));
    }
    SECTION("through a legacy elicitation") {
        initialize(office, "2025-11-25", kForms);
        REQUIRE(office.send(legacy_call(2, "issue_refund", args)).size() == 1);
        CHECK(text_of(office.reply(json{{"jsonrpc", "2.0"}, {"id", "elicit-1"}, {"result", accept(80, "Double charge")["approve_refund"]}})["result"])
                  .starts_with("Refunded 80.00"));
    }
    CHECK(office.text("SELECT status || '|' || amount_cents || '|' || reason FROM approval_requests") == "approved|8000|Double charge");
    CHECK(office.number("SELECT resolved_at IS NOT NULL FROM approval_requests") == 1);

    auto seen = office.result(modern_call(9, "issue_refund", args));
    CHECK(!is_error(seen));
    CHECK(text_of(seen) == "Approval request #1 for invoice 2 was approved by a person: 80.00 refunded.");
    CHECK(seen["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 1}, {"status", "approved"}, {"amount", 80.0},
                                            {"refunded", 80.0}, {"left", 0.0}});
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 1);
}

TEST_CASE("a refund declined through a form settles the queued request as declined", "[session]") {
    Office office;
    const json args{{"invoice_id", 4}};
    REQUIRE(office.result(modern_call(1, "issue_refund", args))["structuredContent"]["status"] == "pending");
    auto asked = office.result(modern_call(2, "issue_refund", args, kForms));
    CHECK(!is_error(office.result(refund_retry(3, args, answer("decline"), asked["requestState"]))));
    CHECK(office.text("SELECT status FROM approval_requests") == "declined");
    CHECK(office.invoice_status(4) == "open");

    auto seen = office.result(modern_call(4, "issue_refund", args));
    CHECK(text_of(seen) == "Approval request #1 for invoice 4 was declined by a person; nothing was refunded. A person can "
                           "re-open it in office-desk, or call issue_refund again to queue a new request.");
    CHECK(seen["structuredContent"] == json{{"invoice_id", 4}, {"approval_request_id", 1}, {"status", "declined"}});
}

TEST_CASE("a cancelled form answer leaves the queued request pending", "[session]") {
    Office office;
    const json args{{"invoice_id", 4}};
    REQUIRE(office.result(modern_call(1, "issue_refund", args))["structuredContent"]["status"] == "pending");
    auto asked = office.result(modern_call(2, "issue_refund", args, kForms));
    CHECK(!is_error(office.result(refund_retry(3, args, answer("cancel"), asked["requestState"]))));
    CHECK(office.text("SELECT status FROM approval_requests") == "pending");
}

TEST_CASE("a 2025 refund asked through elicitation/create is one request line, the asking its own event", "[operator][log]") {
    // Issue 27's log defect: the parked call used to write a line "input_required" and then,
    // with its answer, a second line with the same id. One request is one line.
    std::vector<json> lines;
    office::Logger logger(office::LogLevel::Info, [&](std::string_view line) { lines.push_back(json::parse(line)); });
    office::testing::InProcessServer office({}, ":memory:", {}, &logger);
    office.result(office::testing::initialize_request("2025-11-25", office::testing::kForms, "legacy-desk", "3"));
    office.send(office::testing::kInitialized);
    const auto asked = office.send(office::testing::legacy_call(7, "issue_refund", {{"invoice_id", 2}}));
    REQUIRE(asked.size() == 1);
    REQUIRE(asked[0]["method"] == "elicitation/create");
    // A bad answer first: the person is asked again (a second event), then a good one.
    office.send({{"jsonrpc", "2.0"}, {"id", asked[0]["id"]}, {"result", {{"action", "accept"}, {"content", {{"amount", -1}}}}}});
    const auto again = lines.back();
    CHECK(again["event"] == "elicitation");
    CHECK(again["asks"] == 2);
    const auto done = office.send({{"jsonrpc", "2.0"}, {"id", "elicit-2"},
                                   {"result", {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "Late"}}}}}});
    REQUIRE(done.size() == 1);
    CHECK(done[0]["id"] == 7);
    std::vector<json> of_call;
    for (const auto& line : lines)
        if (line.value("id", json()) == 7) of_call.push_back(line);
    REQUIRE(of_call.size() == 3);
    CHECK(of_call[0]["event"] == "elicitation");
    CHECK(of_call[0]["elicitation"] == "elicit-1");
    CHECK(of_call[0]["tool"] == "issue_refund");
    CHECK(of_call[0]["client"] == json{{"name", "legacy-desk"}, {"version", "3"}});
    CHECK(of_call[1]["event"] == "elicitation");
    CHECK(of_call[2]["event"] == "request");
    CHECK(of_call[2]["outcome"] == "ok");
    CHECK(office::pretty_log_line(of_call[0].dump()).find("elicitation") != std::string::npos);
}
