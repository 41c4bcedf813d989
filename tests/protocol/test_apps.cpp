// MCP Apps (core/protocol/office_apps.h): tools/list links the three tools to their ui:// views
// and resources/read serves them, only for a client that declares the extension in a revision
// with structuredContent (initialize in 2025 eras, each request's envelope in 2026-07-28); a
// hidden tool's view, an unknown ui:// URI and every other client get "Resource not found".

#include "office_apps.h"
#include "session_harness.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace office;
using namespace office::testing;

namespace {

const json kApps = {{"extensions", {{"io.modelcontextprotocol/ui", {{"mimeTypes", {"text/html;profile=mcp-app"}}}}}}};
const std::map<std::string, std::string> kLinked = {
    {"list_availability", "ui://office/availability"}, {"open_invoices", "ui://office/invoices"}, {"order_lunch", "ui://office/lunch"}};
const std::vector<std::string> kViews = {"ui://office/availability", "ui://office/invoices", "ui://office/lunch"};

json request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
json modern(int id, const std::string& method, json params = json::object(), json capabilities = json::object()) {
    return request(id, method, modern_params(std::move(params), std::move(capabilities)));
}

void open_legacy(InProcessServer& server, const std::string& version, const json& capabilities) {
    server.result(initialize_request(version, capabilities, "apps-test", "1.0"));
    CHECK(server.send(kInitialized).empty());
}

// Each listed tool's _meta.ui.resourceUri ("" for none), and that nothing else is in its _meta.
std::map<std::string, std::string> links(const json& list) {
    std::map<std::string, std::string> found;
    for (const auto& tool : list["tools"]) {
        INFO(tool.dump());
        std::string uri;
        if (tool.contains("_meta")) {
            CHECK(tool["_meta"].size() == 1);
            CHECK(tool["_meta"]["ui"].size() == 1);
            uri = tool["_meta"]["ui"]["resourceUri"];
        }
        found[tool["name"]] = uri;
    }
    return found;
}

std::map<std::string, std::string> expected_links(const std::vector<std::string>& tools) {
    std::map<std::string, std::string> expected;
    for (const auto& name : tools) expected[name] = kLinked.count(name) ? kLinked.at(name) : "";
    return expected;
}

json not_found(const std::string& uri, int code) { return json{{"code", code}, {"message", "Resource not found"}, {"data", {{"uri", uri}}}}; }

}  // namespace

TEST_CASE("MCP Apps: 2026-07-28 tools/list links the three tools to their views only for a request declaring the extension", "[session]") {
    InProcessServer server;
    const json plain = server.result(modern(1, "tools/list"));
    std::vector<std::string> names;
    for (const auto& [tool, uri] : links(plain)) {
        CHECK(uri.empty());
        names.push_back(tool);
    }
    for (const auto& [tool, uri] : kLinked) CHECK(std::find(names.begin(), names.end(), tool) != names.end());

    const json apps = server.result(modern(2, "tools/list", json::object(), kApps));
    CHECK(links(apps) == expected_links(names));
    // The same list but for the links, and the next plain request gets the plain list again
    // (the session keeps one list per kind of client).
    json unlinked = apps;
    for (auto& tool : unlinked["tools"]) tool.erase("_meta");
    CHECK(unlinked == plain);
    CHECK(server.result(modern(3, "tools/list")) == plain);
    CHECK(server.result(modern(4, "tools/list", json::object(), kApps)) == apps);
}

TEST_CASE("MCP Apps: a 2025 session's tools/list links the views when initialize declared the extension", "[session]") {
    for (const std::string version : {"2025-06-18", "2025-11-25"}) {
        INFO(version);
        InProcessServer apps;
        open_legacy(apps, version, kApps);
        CHECK(links(apps.result(request(1, "tools/list")))["open_invoices"] == "ui://office/invoices");
        CHECK(links(apps.result(request(2, "tools/list")))["order_lunch"] == "ui://office/lunch");
        CHECK(apps.result(request(3, "resources/read", {{"uri", "ui://office/lunch"}}))["contents"][0]["mimeType"] ==
              "text/html;profile=mcp-app");

        InProcessServer plain;
        open_legacy(plain, version, json::object());
        for (const auto& [tool, uri] : links(plain.result(request(1, "tools/list")))) CHECK(uri.empty());
        CHECK(plain.error(request(2, "resources/read", {{"uri", "ui://office/lunch"}})) == not_found("ui://office/lunch", -32002));
    }
}

TEST_CASE("MCP Apps: revisions without structuredContent get no links from tools/list and no views", "[session]") {
    // A view draws the result's structuredContent, which 2024-11-05 and 2025-03-26 do not have.
    for (const std::string version : {"2024-11-05", "2025-03-26"}) {
        INFO(version);
        InProcessServer server;
        open_legacy(server, version, kApps);
        for (const auto& [tool, uri] : links(server.result(request(1, "tools/list")))) CHECK(uri.empty());
        CHECK(server.error(request(2, "resources/read", {{"uri", "ui://office/availability"}})) ==
              not_found("ui://office/availability", -32002));
    }
}

TEST_CASE("MCP Apps: a declaration without the view MIME type is no declaration for tools/list", "[session]") {
    InProcessServer server;
    for (const json& capabilities :
         {json{{"extensions", {{"io.modelcontextprotocol/ui", json::object()}}}},
          json{{"extensions", {{"io.modelcontextprotocol/ui", {{"mimeTypes", {"text/html"}}}}}}},
          json{{"extensions", {{"io.modelcontextprotocol/ui", {{"mimeTypes", "text/html;profile=mcp-app"}}}}}},
          json{{"extensions", {{"io.modelcontextprotocol/ui", true}}}},
          json{{"extensions", {"io.modelcontextprotocol/ui"}}},
          json{{"io.modelcontextprotocol/ui", {{"mimeTypes", {"text/html;profile=mcp-app"}}}}}}) {
        INFO(capabilities.dump());
        for (const auto& [tool, uri] : links(server.result(modern(1, "tools/list", json::object(), capabilities)))) CHECK(uri.empty());
        CHECK(server.error(modern(2, "resources/read", {{"uri", "ui://office/lunch"}}, capabilities)) ==
              not_found("ui://office/lunch", -32602));
    }
    CHECK(declares_apps(json{{"extensions", {{"io.modelcontextprotocol/ui", {{"mimeTypes", {"text/plain", "text/html;profile=mcp-app"}}}}}}}));
}

TEST_CASE("MCP Apps: resources/read gives each view as one HTML document of the view MIME type", "[session]") {
    InProcessServer server;
    for (const auto& uri : kViews) {
        INFO(uri);
        const json result = server.result(modern(1, "resources/read", {{"uri", uri}}, kApps));
        REQUIRE(result["contents"].size() == 1);
        const json& view = result["contents"][0];
        CHECK(view["uri"] == uri);
        CHECK(view["mimeType"] == "text/html;profile=mcp-app");
        CHECK(view["_meta"] == json{{"ui", {{"prefersBorder", true}}}});
        const std::string html = view["text"];
        CHECK(html.starts_with("<!doctype html>"));
        CHECK(html.ends_with("</html>\n"));
        CHECK(html.find("ui/initialize") != std::string::npos);
        // Self-contained: nothing fetched from anywhere (the default CSP allows no origin).
        for (const char* outside : {"http://", "https://", "src=", "href=", "@import", "fetch(", "XMLHttpRequest"}) {
            INFO(outside);
            CHECK(html.find(outside) == std::string::npos);
        }
        CHECK(result["ttlMs"] == 3'600'000);
        CHECK(result["cacheScope"] == "public");
        CHECK(result["resultType"] == "complete");
    }
    // Reading a view opens no database: it is part of the binary.
    CHECK(server.database_opens == 0);
}

TEST_CASE("MCP Apps: the views resources/read gives share one postMessage bridge, the same text in each", "[session]") {
    InProcessServer server;
    std::vector<std::string> bridges;
    for (const auto& uri : kViews) {
        const std::string html = server.result(modern(1, "resources/read", {{"uri", uri}}, kApps))["contents"][0]["text"];
        const auto begin = html.find("// ---- the view's side of MCP Apps");
        const auto end = html.find("// ---- end of the shared part ----");
        INFO(uri);
        REQUIRE(begin != std::string::npos);
        REQUIRE(end != std::string::npos);
        bridges.push_back(html.substr(begin, end - begin));
    }
    CHECK(bridges[0] == bridges[1]);
    CHECK(bridges[1] == bridges[2]);
}

TEST_CASE("MCP Apps: an unknown ui:// URI is not found by resources/read, in the code of each era", "[session]") {
    for (const std::string uri : {"ui://office/", "ui://office/calendar", "ui://office/lunch/", "ui://office/Lunch", "ui://office/lunch?x=1",
                                  "ui://other/lunch", "ui://", "UI://office/lunch"}) {
        INFO(uri);
        InProcessServer modern_server;
        CHECK(modern_server.error(modern(1, "resources/read", {{"uri", uri}}, kApps)) == not_found(uri, -32602));
        InProcessServer legacy;
        open_legacy(legacy, "2025-11-25", kApps);
        CHECK(legacy.error(request(1, "resources/read", {{"uri", uri}})) == not_found(uri, -32002));
    }
}

TEST_CASE("MCP Apps: a hidden tool has no view: tools/list links only what it lists, resources/read finds only their views", "[session]") {
    const std::vector<std::pair<std::string, std::vector<std::string>>> profiles = {
        {"scheduling", {"ui://office/availability"}}, {"billing", {"ui://office/invoices"}}, {"lunch", {"ui://office/lunch"}}};
    for (const auto& [name, readable] : profiles) {
        INFO(name);
        std::vector<std::string> tools;
        REQUIRE(profile_tools(name, tools));
        InProcessServer server(tools, ":memory:", "token-" + name);  // a token's profile, as over HTTP
        const auto listed = links(server.result(modern(1, "tools/list", json::object(), kApps)));
        CHECK(listed == expected_links(tools));
        for (const auto& uri : kViews) {
            INFO(uri);
            const bool visible = std::find(readable.begin(), readable.end(), uri) != readable.end();
            const json reply = server.reply(modern(2, "resources/read", {{"uri", uri}}, kApps));
            if (visible) CHECK(reply["result"]["contents"][0]["uri"] == uri);
            else CHECK(reply["error"] == not_found(uri, -32602));
        }
        // The views never show in resources/list, and subscribing to one is refused like any unknown URI.
        const json resources = server.result(modern(3, "resources/list", json::object(), kApps))["resources"];
        for (const auto& resource : resources)
            CHECK(resource["uri"].get<std::string>().starts_with("office://"));
    }
}

TEST_CASE("MCP Apps: with an empty menu order_lunch is not in tools/list, and nothing links to the lunch view", "[session]") {
    InProcessServer server;
    server.exec("DELETE FROM menu");
    const auto listed = links(server.result(modern(1, "tools/list", json::object(), kApps)));
    CHECK(listed.count("order_lunch") == 0);
    CHECK(listed.at("list_availability") == "ui://office/availability");
}
