// The office's tables as MCP resources (core/protocol/office_resources.h), driven in-process through the
// session: what each profile lists, the template, pages read as exact JSON, strict URIs, hidden
// tables, 2026-07-28 caching hints, and change notifications (resources/subscribe for 2025
// clients, subscriptions/listen for 2026-07-28) for writes made by another store on the same file.

#include "calendar.h"
#include "office_resources.h"
#include "session_harness.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace office;
using namespace office::testing;

namespace {

json request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
json modern(int id, const std::string& method, json params = json::object()) {
    return request(id, method, modern_params(std::move(params)));
}
json read_uri(int id, const std::string& uri) { return modern(id, "resources/read", {{"uri", uri}}); }

// A 2025-11-25 session, initialized.
void open_legacy(InProcessServer& server, const std::string& version = "2025-11-25") {
    server.result(initialize_request(version, json::object(), "legacy-test", "1.0"));
    CHECK(server.send(kInitialized).empty());
}

std::vector<std::string> listed_uris(InProcessServer& server) {
    std::vector<std::string> uris;
    const json result = server.result(modern(1, "resources/list"));
    for (const auto& r : result["resources"]) uris.push_back(r["uri"]);
    return uris;
}

std::vector<std::string> profile(const std::string& name) {
    std::vector<std::string> tools;
    REQUIRE(profile_tools(name, tools));
    return tools;
}

// The page a resources/read result holds, parsed.
json page_of(const json& result) {
    INFO(result.dump());
    REQUIRE(result["contents"].size() == 1);
    return json::parse(result["contents"][0]["text"].get<std::string>());
}

// A file office two servers (two processes, as far as the office knows) share.
struct SharedOffice {
    std::string dir = [] {
        std::string d = (std::filesystem::temp_directory_path() / "office-resources-XXXXXX").string();
        if (::mkdtemp(d.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        return d;
    }();
    std::string path = dir + "/office.db";
    ~SharedOffice() { std::filesystem::remove_all(dir); }
};

std::vector<std::string> updated_uris(const std::vector<json>& lines) {
    std::vector<std::string> uris;
    for (const auto& line : lines) {
        INFO(line.dump());
        CHECK(line["method"] == "notifications/resources/updated");
        uris.push_back(line["params"]["uri"]);
    }
    std::sort(uris.begin(), uris.end());
    return uris;
}

const json kBookSlot5 = {{"slot_id", 5}, {"customer_id", 1}};

}  // namespace

TEST_CASE("a server with every tool lists every table as a resource, audit included") {
    InProcessServer server;
    const auto result = server.result(modern(1, "resources/list"));
    REQUIRE(result["resources"].size() == 9);
    CHECK(result["resources"][2] == json{{"uri", "office://invoices"},
                                         {"name", "invoices"},
                                         {"title", "Invoices"},
                                         {"description", "Invoices with what was refunded and what is left, in cents."},
                                         {"mimeType", "application/json"}});
    CHECK(listed_uris(server) ==
          std::vector<std::string>{"office://customers", "office://slots", "office://invoices", "office://refunds",
                                   "office://lunch_orders", "office://approval_requests", "office://audit", "office://menu",
                                   "office://calendar"});
}

TEST_CASE("each profile lists the tables its tools touch and no audit") {
    InProcessServer scheduling(profile("scheduling"));
    CHECK(listed_uris(scheduling) == std::vector<std::string>{"office://customers", "office://slots", "office://calendar"});
    InProcessServer billing(profile("billing"));
    CHECK(listed_uris(billing) == std::vector<std::string>{"office://customers", "office://invoices", "office://refunds",
                                                           "office://approval_requests"});
    InProcessServer lunch(profile("lunch"));
    CHECK(listed_uris(lunch) == std::vector<std::string>{"office://lunch_orders", "office://menu"});
    InProcessServer chosen({"order_lunch", "book_slot"});
    CHECK(listed_uris(chosen) == std::vector<std::string>{"office://slots", "office://lunch_orders", "office://menu"});
}

TEST_CASE("naming all six tools with --tools shows the audit trail too") {
    std::vector<std::string> all;
    for (const auto& tool : office_tools()) all.push_back(tool.name);
    InProcessServer server(all);
    const auto uris = listed_uris(server);
    CHECK(std::find(uris.begin(), uris.end(), "office://audit") != uris.end());
}

TEST_CASE("the resource templates: one pages any table, three name a customer, an invoice and a slot") {
    InProcessServer server;
    const auto result = server.result(modern(1, "resources/templates/list"));
    REQUIRE(result["resourceTemplates"].size() == 4);
    CHECK(result["resourceTemplates"][1] == json{{"uriTemplate", "office://customers/{id}"},
                                                 {"name", "office-customers-row"},
                                                 {"title", "A customer"},
                                                 {"description", "One row of office://customers by its id, as JSON (what a tool's result links to)."},
                                                 {"mimeType", "application/json"}});
    CHECK(result["resourceTemplates"][2]["uriTemplate"] == "office://invoices/{id}");
    CHECK(result["resourceTemplates"][3]["uriTemplate"] == "office://slots/{id}");
    CHECK(result["resourceTemplates"][0]["uriTemplate"] == "office://{table}{?after,limit}");
    CHECK(result["resourceTemplates"][0]["mimeType"] == "application/json");
    CHECK(result["resourceTemplates"][0]["name"] == "office-table-page");
}

TEST_CASE("reading a table gives its rows as JSON text in column order") {
    InProcessServer server;
    const auto result = server.result(read_uri(1, "office://customers"));
    REQUIRE(result["contents"].size() == 1);
    CHECK(result["contents"][0]["uri"] == "office://customers");
    CHECK(result["contents"][0]["mimeType"] == "application/json");
    CHECK(result["contents"][0]["text"] ==
          R"({"table":"customers","columns":["id","name","email"],"rows":[)"
          R"({"id":1,"name":"Maria Alvarez","email":"maria@example.com"},)"
          R"({"id":2,"name":"Tomas Reis","email":"tomas@example.com"},)"
          R"({"id":3,"name":"Priya Nair","email":"priya@example.com"}]})");
}

TEST_CASE("invoices are read in cents with what was refunded and what is left") {
    InProcessServer server;
    const auto page = page_of(server.result(read_uri(1, "office://invoices?after=3")));
    CHECK(page["columns"] == json::array({"id", "customer_id", "customer", "amount_cents", "status", "refunded_cents", "left_cents"}));
    CHECK(page["rows"] == json::parse(R"([{"id":4,"customer_id":3,"customer":"Priya Nair","amount_cents":41000,"status":"open","refunded_cents":0,"left_cents":41000}])"));
    CHECK(!page.contains("next"));
}

TEST_CASE("slots say when they begin: the instant in the office's zone with its offset then") {
    InProcessServer server;
    server.store().calendar().save_office_settings({"Europe/Madrid", "", 90});
    const auto page = page_of(server.result(read_uri(1, "office://slots?limit=1")));
    CHECK(page["columns"] == json::array({"id", "day", "time", "customer_id", "booked_at", "booked_by", "starts_at"}));
    REQUIRE(page["rows"].size() == 1);
    CHECK(page["rows"][0]["day"] == "2026-09-04");
    CHECK(page["rows"][0]["time"] == "09:00");
    CHECK(page["rows"][0]["starts_at"] == "2026-09-04T09:00:00+02:00");  // summer time in Madrid
    server.store().calendar().save_office_settings({"America/Santiago", "", 90});
    CHECK(page_of(server.result(read_uri(2, "office://slots?limit=1")))["rows"][0]["starts_at"] == "2026-09-04T09:00:00-04:00");
    server.store().calendar().save_office_settings({"Nowhere/Atlantis", "", 90});  // a zone this machine cannot read: no instant
    CHECK(page_of(server.result(read_uri(3, "office://slots?limit=1")))["rows"][0]["starts_at"].is_null());
}

TEST_CASE("office://calendar is the office's zone, horizon, hours and closed days as one document") {
    InProcessServer server({}, ":memory:", {}, nullptr, Locale::En, /*admin=*/true);
    const auto call = [&](int id, const std::string& tool, json args) {
        const json result = server.result(tools_call(id, tool, std::move(args)));
        INFO(result.dump());
        CHECK(!is_error(result));
    };
    call(1, "set_office", {{"time_zone", "Europe/Madrid"}, {"name", "Clínica Sol"}, {"horizon_days", 60}});
    call(2, "set_hours", {{"days", "mon-fri"}, {"ranges", "09:00-13:00,15:00-18:00"}});
    call(3, "set_hours", {{"days", "sat"}, {"ranges", "10:00-14:00"}, {"slot_minutes", 60}});
    call(4, "close_days", {{"from", "2026-12-24"}, {"to", "2026-12-25"}, {"reason", "Navidad"}});
    call(5, "close_days", {{"from", "2027-01-06"}});
    call(6, "open_day", {{"day", "2026-12-24"}});
    const json result = server.result(read_uri(7, "office://calendar"));
    CHECK(result["contents"][0]["text"] ==
          R"({"table":"calendar","time_zone":"Europe/Madrid","time_zone_set":true,"name":"Clínica Sol","horizon_days":60,"hours":[)"
          R"({"weekday":1,"opens":"09:00","closes":"13:00","slot_minutes":30},{"weekday":1,"opens":"15:00","closes":"18:00","slot_minutes":30},)"
          R"({"weekday":2,"opens":"09:00","closes":"13:00","slot_minutes":30},{"weekday":2,"opens":"15:00","closes":"18:00","slot_minutes":30},)"
          R"({"weekday":3,"opens":"09:00","closes":"13:00","slot_minutes":30},{"weekday":3,"opens":"15:00","closes":"18:00","slot_minutes":30},)"
          R"({"weekday":4,"opens":"09:00","closes":"13:00","slot_minutes":30},{"weekday":4,"opens":"15:00","closes":"18:00","slot_minutes":30},)"
          R"({"weekday":5,"opens":"09:00","closes":"13:00","slot_minutes":30},{"weekday":5,"opens":"15:00","closes":"18:00","slot_minutes":30},)"
          R"({"weekday":6,"opens":"10:00","closes":"14:00","slot_minutes":60}],)"
          R"("closures":[{"day":"2026-12-25","reason":"Navidad"},{"day":"2027-01-06","reason":""}]})");
    // One document: no pages of it.
    CHECK(server.error(read_uri(8, "office://calendar?after=1"))["message"] ==
          "Invalid params: office://calendar is one document: it takes no after or limit (office://calendar?after=1)");
    // Each change is audited with the caller, as the desk's other edits are.
    CHECK(server.texts("SELECT action FROM audit WHERE subject_type = 'office' ORDER BY id") ==
          std::vector<std::string>{"office_changed", "hours_set", "hours_set", "days_closed", "days_closed", "day_opened"});
    // A bad value is refused by the records' rules and changes nothing.
    const json bad = server.result(tools_call(9, "set_hours", {{"days", "mon"}, {"ranges", "13:00-09:00"}}));
    CHECK(is_error(bad));
    CHECK(server.number("SELECT count(*) FROM audit WHERE subject_type = 'office'") == 6);
}

TEST_CASE("an office with no calendar of its own gives the machine's zone, not set, and no hours") {
    InProcessServer server;
    const auto page = page_of(server.result(read_uri(1, "office://calendar")));
    CHECK(page["time_zone"] == machine_time_zone());
    CHECK(page["time_zone_set"] == false);
    CHECK(page["horizon_days"] == 90);
    CHECK(page["hours"] == json::array());
    CHECK(page["closures"] == json::array());
}

TEST_CASE("a full page names the next one and the last page names none") {
    InProcessServer server;
    const auto first = server.result(read_uri(1, "office://slots?limit=4"));
    CHECK(first["contents"][0]["uri"] == "office://slots?limit=4");  // as asked
    const auto page1 = page_of(first);
    CHECK(page1["rows"].size() == 4);
    CHECK(page1["next"] == "office://slots?after=4&limit=4");
    const auto page2 = page_of(server.result(read_uri(2, page1["next"])));
    CHECK(page2["rows"].size() == 2);
    CHECK(page2["rows"][0]["id"] == 5);
    CHECK(!page2.contains("next"));

    // Exactly full: the next page may exist, and is empty.
    const auto full = page_of(server.result(read_uri(3, "office://slots?after=3&limit=3")));
    CHECK(full["next"] == "office://slots?after=6&limit=3");
    const auto empty = page_of(server.result(read_uri(4, full["next"])));
    CHECK(empty["rows"] == json::array());
    CHECK(!empty.contains("next"));
}

TEST_CASE("a page holds at most 100 rows unless the URI asks for another limit") {
    InProcessServer server;
    for (int i = 0; i < 101; ++i)
        REQUIRE(!is_error(server.result(tools_call(100 + i, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))));
    const auto page = page_of(server.result(read_uri(1, "office://lunch_orders")));
    CHECK(page["rows"].size() == 100);
    CHECK(page["next"] == "office://lunch_orders?after=100&limit=100");
    CHECK(page_of(server.result(read_uri(2, "office://lunch_orders?limit=500")))["rows"].size() == 101);
}

TEST_CASE("a row's URI reads that one row, in the table's columns, and a row that is not there is not found") {
    InProcessServer server;
    server.store().calendar().save_office_settings({"Europe/Madrid", "", 90});
    CHECK(page_of(server.result(read_uri(1, "office://customers/2"))) ==
          json::parse(R"({"table":"customers","columns":["id","name","email"],"row":{"id":2,"name":"Tomas Reis","email":"tomas@example.com"}})"));
    CHECK(page_of(server.result(read_uri(2, "office://invoices/1")))["row"]["left_cents"] == 24000);
    CHECK(page_of(server.result(read_uri(3, "office://slots/3")))["row"] ==
          json::parse(R"({"id":3,"day":"2026-09-04","time":"14:00","customer_id":2,"booked_at":"2026-08-20T10:00:00Z",
                          "booked_by":"seed","starts_at":"2026-09-04T14:00:00+02:00"})"));
    // No such row (the next one is not it), no number, a table without row URIs, a query: each refused.
    for (const std::string uri : {"office://customers/99", "office://customers/0", "office://customers/", "office://customers/2x",
                                  "office://customers/-1", "office://refunds/1", "office://customers/1/2"}) {
        INFO(uri);
        CHECK(server.error(read_uri(4, uri)) == json{{"code", -32602}, {"message", "Resource not found"}, {"data", {{"uri", uri}}}});
    }
    CHECK(server.error(read_uri(5, "office://customers/1?limit=2"))["message"] ==
          "Invalid params: a row's URI takes no after or limit (office://customers/1?limit=2)");
    InProcessServer legacy;
    open_legacy(legacy);
    CHECK(legacy.error(request(6, "resources/read", {{"uri", "office://customers/99"}}))["code"] == -32002);
    // The profile hides a table's rows as it hides the table.
    InProcessServer scheduling(profile("scheduling"));
    CHECK(scheduling.error(read_uri(7, "office://invoices/1"))["message"] == "Resource not found");
    const auto templates = scheduling.result(modern(8, "resources/templates/list"))["resourceTemplates"];
    REQUIRE(templates.size() == 3);
    CHECK(templates[1]["uriTemplate"] == "office://customers/{id}");
    CHECK(templates[2]["uriTemplate"] == "office://slots/{id}");
}

TEST_CASE("a tool's result links to the rows it names, where the era has resource_link, and each link reads") {
    InProcessServer server;
    const json found = server.result(tools_call(1, "find_customer", {{"query", "example.com"}}));
    CHECK(links_of(found) == std::vector<std::string>{"office://customers/1", "office://customers/2", "office://customers/3"});
    CHECK(found["content"][1] == json{{"type", "resource_link"}, {"uri", "office://customers/1"}, {"name", "customers/1"},
                                      {"title", "Maria Alvarez"}, {"mimeType", "application/json"}});
    CHECK(links_of(server.result(tools_call(2, "open_invoices", {{"customer_id", 1}}))) ==
          std::vector<std::string>{"office://customers/1", "office://invoices/1", "office://invoices/2"});
    const json booked = server.result(tools_call(3, "book_slot", {{"slot_id", 1}, {"customer_id", 2}}));
    CHECK(links_of(booked) == std::vector<std::string>{"office://slots/1", "office://customers/2"});
    CHECK(booked["content"][1]["title"] == "slot 1 (2026-09-04 09:00)");
    for (const auto& uri : links_of(booked)) CHECK(!server.result(read_uri(4, uri))["contents"].empty());
    // A refusal names nothing; a replay under its idempotency key links as the first answer did.
    CHECK(links_of(server.result(tools_call(5, "book_slot", {{"slot_id", 1}, {"customer_id", 2}}))).empty());
    json keyed = tools_call(6, "add_customer", {{"name", "Zoë Ångström"}, {"email", "zoe@example.com"}});
    keyed["params"]["_meta"]["office-mcp/idempotencyKey"] = "add-zoe";
    const json added = server.result(keyed);
    CHECK(links_of(added) == std::vector<std::string>{"office://customers/4"});
    keyed["id"] = 7;
    const json again = server.result(keyed);
    CHECK(again["content"] == added["content"]);

    // 2025-06-18 has resource_link; 2025-03-26 and 2024-11-05 do not.
    for (const std::string version : {"2024-11-05", "2025-03-26", "2025-06-18"}) {
        INFO(version);
        InProcessServer legacy;
        open_legacy(legacy, version);
        const json result = legacy.result(request(2, "tools/call", {{"name", "find_customer"}, {"arguments", {{"query", "Maria"}}}}));
        CHECK(links_of(result).size() == (version == "2025-06-18" ? 1u : 0u));
    }
}

TEST_CASE("a URI that is not an office table is not found, in the code of each era") {
    for (const std::string uri : {"office://nothing", "office://", "file:///etc/passwd", "office://slots/", "OFFICE://slots",
                                  "office://slots#top", "office://lunch%5Forders"}) {
        INFO(uri);
        InProcessServer modern_server;
        const auto error = modern_server.error(read_uri(1, uri));
        CHECK(error == json{{"code", -32602}, {"message", "Resource not found"}, {"data", {{"uri", uri}}}});

        InProcessServer legacy;
        open_legacy(legacy);
        CHECK(legacy.error(request(1, "resources/read", {{"uri", uri}})) ==
              json{{"code", -32002}, {"message", "Resource not found"}, {"data", {{"uri", uri}}}});
    }
}

TEST_CASE("a bad query is invalid params, saying what is wrong") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"office://slots?limit=0", "limit must be a whole number from 1 to 500"},
        {"office://slots?limit=501", "limit must be a whole number from 1 to 500"},
        {"office://slots?limit=1.5", "limit must be a whole number from 1 to 500"},
        {"office://slots?limit=", "limit must be a whole number from 1 to 500"},
        {"office://slots?limit", "limit must be a whole number from 1 to 500"},
        {"office://slots?after=-1", "after must be a whole number of at least 0"},
        {"office://slots?after=+1", "after must be a whole number of at least 0"},
        {"office://slots?after=abc", "after must be a whole number of at least 0"},
        {"office://slots?after=1e3", "after must be a whole number of at least 0"},
        {"office://slots?after=99999999999999999999", "after must be a whole number of at least 0"},
        {"office://slots?after=1&after=2", "after is given twice"},
        {"office://slots?colour=red", "unknown parameter \"colour\": an office:// URI takes after and limit"},
        {"office://slots?after=1&", "unknown parameter \"\": an office:// URI takes after and limit"},
        {"office://slots?", "the query after ? is empty"},
    };
    InProcessServer server;
    for (const auto& [uri, problem] : cases) {
        INFO(uri);
        CHECK(server.error(read_uri(1, uri)) ==
              json{{"code", -32602}, {"message", "Invalid params: " + problem + " (" + uri + ")"}, {"data", {{"uri", uri}}}});
    }
    CHECK(server.error(modern(2, "resources/read"))["message"] == "Invalid params: uri must be a string");
    CHECK(server.error(modern(3, "resources/read", {{"uri", 7}}))["message"] == "Invalid params: uri must be a string");
}

TEST_CASE("a table hidden by the profile cannot be read: it is not found") {
    InProcessServer scheduling(profile("scheduling"));
    for (const std::string uri : {"office://invoices", "office://refunds", "office://audit", "office://approval_requests",
                                  "office://lunch_orders?limit=5"}) {
        INFO(uri);
        CHECK(scheduling.error(read_uri(1, uri)) ==
              json{{"code", -32602}, {"message", "Resource not found"}, {"data", {{"uri", uri}}}});
    }
    CHECK(page_of(scheduling.result(read_uri(2, "office://slots")))["rows"].size() == 6);

    InProcessServer billing(profile("billing"));
    CHECK(billing.error(read_uri(1, "office://audit"))["message"] == "Resource not found");
}

TEST_CASE("a token's profile limits the resources like the server's") {
    // Over HTTP the endpoint gives a token's session only the tools both allow (core/http/http_endpoint.cpp);
    // the session sees them as its tools, so its resources follow.
    InProcessServer lunchbot(profile("lunch"), ":memory:", "lunchbot");
    CHECK(listed_uris(lunchbot) == std::vector<std::string>{"office://lunch_orders", "office://menu"});
    CHECK(lunchbot.error(read_uri(1, "office://customers"))["message"] == "Resource not found");
}

TEST_CASE("2026-07-28 resource results carry resultType and caching hints") {
    InProcessServer server;
    const auto list = server.result(modern(1, "resources/list"));
    CHECK(list["resultType"] == "complete");
    CHECK(list["ttlMs"] == 3'600'000);
    CHECK(list["cacheScope"] == "public");
    const auto templates = server.result(modern(2, "resources/templates/list"));
    CHECK(templates["ttlMs"] == 3'600'000);
    CHECK(templates["cacheScope"] == "public");
    const auto read = server.result(read_uri(3, "office://slots"));
    CHECK(read["resultType"] == "complete");
    CHECK(read["ttlMs"] == 1'000);  // rows change with every write
    CHECK(read["cacheScope"] == "public");
    CHECK(read["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "office-mcp");
}

TEST_CASE("resources read by a caller a token names are private to that caller") {
    InProcessServer alice({}, ":memory:", "alice");
    CHECK(alice.result(modern(1, "resources/list"))["cacheScope"] == "private");
    CHECK(alice.result(read_uri(2, "office://slots"))["cacheScope"] == "private");
    CHECK(alice.result(modern(3, "resources/templates/list"))["cacheScope"] == "private");  // the rows' follow the profile
}

TEST_CASE("2025 resource results have no caching hints and no resultType") {
    InProcessServer server;
    open_legacy(server, "2024-11-05");
    const auto list = server.result(request(1, "resources/list"));
    CHECK(list.size() == 1);
    CHECK(list["resources"].size() == 9);
    const auto read = server.result(request(2, "resources/read", {{"uri", "office://customers?limit=1"}}));
    CHECK(read.size() == 1);
    CHECK(page_of(read)["next"] == "office://customers?after=1&limit=1");
    CHECK(server.result(request(3, "resources/templates/list")).size() == 1);
}

TEST_CASE("a cursor on the resource lists is one the server never gave") {
    InProcessServer server;
    CHECK(server.error(modern(1, "resources/list", {{"cursor", "abc"}})) ==
          json{{"code", -32602}, {"message", "Invalid params: unknown cursor (this list has one page)"}});
    CHECK(server.error(modern(2, "resources/templates/list", {{"cursor", ""}}))["code"] == -32602);
}

TEST_CASE("initialize and server/discover declare resources with subscriptions and no list changes") {
    const json expected = {{"subscribe", true}, {"listChanged", false}};
    InProcessServer legacy;
    CHECK(legacy.result(initialize_request("2025-06-18", json::object(), "c", "1"))["capabilities"]["resources"] == expected);
    InProcessServer modern_server;
    CHECK(modern_server.result(modern(1, "server/discover"))["capabilities"]["resources"] == expected);
}

TEST_CASE("reading a resource does not open the database for server/discover or the lists") {
    InProcessServer server;
    server.result(modern(1, "server/discover"));
    server.result(modern(2, "resources/list"));
    server.result(modern(3, "resources/templates/list"));
    CHECK(server.database_opens == 0);
    server.result(read_uri(4, "office://slots"));
    CHECK(server.database_opens == 1);
}

// ---- change notifications

TEST_CASE("an audit action changes the tables it names and the audit trail") {
    using T = OfficeTable;
    CHECK(tables_changed_by("slot_booked") == std::set<T>{T::slots, T::audit});
    CHECK(tables_changed_by("lunch_ordered") == std::set<T>{T::lunch_orders, T::audit});
    CHECK(tables_changed_by("refund_queued") == std::set<T>{T::approval_requests, T::audit});
    CHECK(tables_changed_by("refund_declined") == std::set<T>{T::approval_requests, T::audit});
    CHECK(tables_changed_by("refund_reopened") == std::set<T>{T::approval_requests, T::audit});
    CHECK(tables_changed_by("refund_issued") == std::set<T>{T::invoices, T::refunds, T::approval_requests, T::audit});
    CHECK(tables_changed_by("menu_item_added") == std::set<T>{T::menu, T::audit});
    CHECK(tables_changed_by("customer_edited") == std::set<T>{T::customers, T::invoices, T::audit});
    CHECK(tables_changed_by("booking_cancelled") == std::set<T>{T::slots, T::audit});
    CHECK(tables_changed_by("booking_moved") == std::set<T>{T::slots, T::audit});
    CHECK(tables_changed_by("hours_set") == std::set<T>{T::calendar, T::audit});
    CHECK(tables_changed_by("days_closed") == std::set<T>{T::calendar, T::audit});
    CHECK(tables_changed_by("day_opened") == std::set<T>{T::calendar, T::audit});
    CHECK(tables_changed_by("office_changed") == std::set<T>{T::calendar, T::slots, T::audit});  // instants move with the zone
    CHECK(tables_changed_by("something_new").size() == kOfficeTables.size());  // unknown: assume everything
}

TEST_CASE("the tables changed between two marks come from the audit rows after the first") {
    using T = OfficeTable;
    SharedOffice office;
    InProcessServer server({}, office.path);
    server.result(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    auto store = open_office_store(office.path);  // another process's view of the same file
    const auto after_lunch = store->change_mark();
    server.result(tools_call(2, "book_slot", kBookSlot5));
    const auto after_booking = store->change_mark();
    REQUIRE(after_booking > after_lunch);
    CHECK(tables_changed(*store, 0, after_booking) == std::set<T>{T::slots, T::lunch_orders, T::audit});
    CHECK(tables_changed(*store, after_lunch, after_booking) == std::set<T>{T::slots, T::audit});
    CHECK(tables_changed(*store, 0, after_lunch) == std::set<T>{T::lunch_orders, T::audit});  // not what came later
    CHECK(tables_changed(*store, after_booking, after_booking).empty());
    CHECK(tables_changed(*store, after_booking + 5, after_booking).size() == kOfficeTables.size());  // the mark went down: a reset
}

TEST_CASE("a 2025 subscriber hears of a booking by another process once per changed resource") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    open_legacy(watcher);
    for (const std::string uri : {"office://slots", "office://audit", "office://invoices"})
        CHECK(watcher.result(request(1, "resources/subscribe", {{"uri", uri}})) == json::object());
    CHECK(watcher.poll().empty());  // nothing happened yet

    InProcessServer other({}, office.path);  // another process on the same file
    REQUIRE(!is_error(other.result(tools_call(1, "book_slot", kBookSlot5))));

    CHECK(updated_uris(watcher.poll()) == std::vector<std::string>{"office://audit", "office://slots"});
    CHECK(watcher.poll().empty());  // told once
    // A notification is exactly the 2025 shape: no subscriptionId.
    REQUIRE(!is_error(other.result(tools_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))));
    const auto lines = watcher.poll();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == json{{"jsonrpc", "2.0"}, {"method", "notifications/resources/updated"}, {"params", {{"uri", "office://audit"}}}});
}

TEST_CASE("a 2025 subscriber hears of new opening hours set by another process on office://calendar") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    open_legacy(watcher);
    for (const std::string uri : {"office://calendar", "office://slots"})
        CHECK(watcher.result(request(1, "resources/subscribe", {{"uri", uri}})) == json::object());
    InProcessServer desk({}, office.path, {}, nullptr, Locale::En, /*admin=*/true);
    REQUIRE(!is_error(desk.result(tools_call(1, "set_hours", {{"days", "mon-fri"}, {"ranges", "09:00-17:00"}}))));
    CHECK(updated_uris(watcher.poll()) == std::vector<std::string>{"office://calendar"});
    REQUIRE(!is_error(desk.result(tools_call(2, "set_office", {{"time_zone", "Asia/Shanghai"}}))));
    CHECK(updated_uris(watcher.poll()) == std::vector<std::string>{"office://calendar", "office://slots"});
}

TEST_CASE("a refund issued by another process updates invoices, refunds and the approval queue") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    open_legacy(watcher);
    for (const std::string uri : {"office://invoices", "office://refunds", "office://approval_requests", "office://slots?limit=2"})
        watcher.result(request(1, "resources/subscribe", {{"uri", uri}}));
    InProcessServer other({}, office.path);
    const auto ask = other.result(tools_call(1, "issue_refund", {{"invoice_id", 1}}, kForms));
    REQUIRE(ask["resultType"] == "input_required");
    auto retry = tools_call(2, "issue_refund", {{"invoice_id", 1}}, kForms);
    retry["params"]["inputResponses"] = accept(10, "damaged goods");
    retry["params"]["requestState"] = ask["requestState"];
    REQUIRE(!is_error(other.result(retry)));
    CHECK(updated_uris(watcher.poll()) ==
          std::vector<std::string>{"office://approval_requests", "office://invoices", "office://refunds"});
}

TEST_CASE("unsubscribing stops the notifications") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    open_legacy(watcher);
    watcher.result(request(1, "resources/subscribe", {{"uri", "office://slots"}}));
    CHECK(watcher.result(request(2, "resources/unsubscribe", {{"uri", "office://slots"}})) == json::object());
    InProcessServer other({}, office.path);
    other.result(tools_call(1, "book_slot", kBookSlot5));
    CHECK(watcher.poll().empty());
}

TEST_CASE("a write in the same session is heard at the next poll") {
    SharedOffice office;
    InProcessServer server({}, office.path);
    open_legacy(server);
    server.result(request(1, "resources/subscribe", {{"uri", "office://lunch_orders"}}));
    server.result(legacy_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}));
    CHECK(updated_uris(server.poll()) == std::vector<std::string>{"office://lunch_orders"});
}

TEST_CASE("subscribing to a hidden or unknown resource is refused like reading it") {
    InProcessServer scheduling(profile("scheduling"));
    open_legacy(scheduling);
    CHECK(scheduling.error(request(1, "resources/subscribe", {{"uri", "office://invoices"}})) ==
          json{{"code", -32002}, {"message", "Resource not found"}, {"data", {{"uri", "office://invoices"}}}});
    CHECK(scheduling.error(request(2, "resources/subscribe", {{"uri", "office://slots?limit=0"}}))["code"] == -32602);
    CHECK(scheduling.error(request(3, "resources/subscribe"))["message"] == "Invalid params: uri must be a string");
    CHECK(!scheduling.session.watching());
}

TEST_CASE("resources/subscribe is a 2025 method and subscriptions/listen a 2026-07-28 one") {
    InProcessServer server;
    CHECK(server.error(modern(1, "resources/subscribe", {{"uri", "office://slots"}}))["code"] == -32601);
    open_legacy(server);
    CHECK(server.error(request(2, "subscriptions/listen", {{"notifications", json::object()}}))["code"] == -32601);
}

TEST_CASE("subscriptions/listen is acknowledged with what it honours and its notifications carry its id") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    const auto ack = watcher.send(modern(7, "subscriptions/listen",
                                         {{"notifications",
                                           {{"toolsListChanged", true},
                                            {"resourceSubscriptions", {"office://slots", "office://nothing", "office://audit"}}}}}));
    REQUIRE(ack.size() == 1);  // the acknowledgment, and no response: the stream stays open
    CHECK(ack[0] == json{{"jsonrpc", "2.0"},
                         {"method", "notifications/subscriptions/acknowledged"},
                         {"params", {{"_meta", {{"io.modelcontextprotocol/subscriptionId", 7}}},
                                     {"notifications", {{"resourceSubscriptions", {"office://slots", "office://audit"}},
                                                        {"toolsListChanged", true}}}}}});

    InProcessServer other({}, office.path);
    other.result(tools_call(1, "book_slot", kBookSlot5));
    const auto lines = watcher.poll();
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == json{{"jsonrpc", "2.0"},
                           {"method", "notifications/resources/updated"},
                           {"params", {{"_meta", {{"io.modelcontextprotocol/subscriptionId", 7}}}, {"uri", "office://slots"}}}});
    CHECK(lines[1]["params"]["uri"] == "office://audit");
    CHECK(lines[1]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 7);
}

TEST_CASE("notifications/cancelled ends a listen: nothing more is sent for it") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    watcher.send(modern(7, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", {"office://slots"}}}}}));
    // As the spec's example sends it: no envelope.
    CHECK(watcher.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", 7}}}}).empty());
    CHECK(!watcher.session.watching());
    InProcessServer other({}, office.path);
    other.result(tools_call(1, "book_slot", kBookSlot5));
    CHECK(watcher.poll().empty());
    CHECK(watcher.close().empty());  // no completion result either: the client ended it
}

TEST_CASE("two listens are told apart by their ids and each ends gracefully when the server stops") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    watcher.send(modern(1, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", {"office://slots"}}}}}));
    watcher.send(modern(2, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", {"office://lunch_orders"}}}}}));
    InProcessServer other({}, office.path);
    other.result(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    const auto lines = watcher.poll();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 2);

    const auto ends = watcher.close();
    REQUIRE(ends.size() == 2);
    CHECK(ends[0]["id"] == 1);
    CHECK(ends[0]["result"]["resultType"] == "complete");
    CHECK(ends[0]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 1);
    CHECK(ends[1]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 2);
}

TEST_CASE("a listen needs a notifications filter and cannot reuse an open listen's id") {
    InProcessServer server;
    CHECK(server.error(modern(1, "subscriptions/listen"))["message"] == "Invalid params: notifications must be an object");
    CHECK(server.error(modern(1, "subscriptions/listen", {{"notifications", {{"resourceSubscriptions", "office://slots"}}}}))["message"] ==
          "Invalid params: resourceSubscriptions must be an array of URIs");
    CHECK(server.send(modern(1, "subscriptions/listen", {{"notifications", json::object()}})).size() == 1);
    CHECK(server.error(modern(1, "subscriptions/listen", {{"notifications", json::object()}}))["message"] ==
          "Invalid Request: subscription 1 is already open");
}

TEST_CASE("a listen on a scheduling server is not acknowledged for invoices") {
    InProcessServer scheduling(profile("scheduling"));
    const auto ack = scheduling.send(modern(1, "subscriptions/listen",
                                            {{"notifications", {{"resourceSubscriptions", {"office://invoices", "office://slots"}}}}}));
    REQUIRE(ack.size() == 1);
    CHECK(ack[0]["params"]["notifications"] == json{{"resourceSubscriptions", {"office://slots"}}});
}

TEST_CASE("a reset office tells every subscriber that everything changed") {
    SharedOffice office;
    InProcessServer watcher({}, office.path);
    open_legacy(watcher);
    InProcessServer other({}, office.path);
    other.result(tools_call(1, "book_slot", kBookSlot5));
    other.result(tools_call(2, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
    watcher.result(request(1, "resources/subscribe", {{"uri", "office://customers"}}));
    other.db().exec("DELETE FROM audit");  // what a reset does to the mark: back to 0
    CHECK(updated_uris(watcher.poll()) == std::vector<std::string>{"office://customers"});
}
