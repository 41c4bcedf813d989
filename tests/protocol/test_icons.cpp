// Icons (core/protocol/icons.h): the server's in initialize and server/discover, one per tool and
// prompt, each a data: URI that decodes to the image it says (a PNG of the size it names); only in
// the revisions whose schema has icons, and never in the serverInfo every 2026-07-28 result carries.

#include "base64url.h"
#include "session_harness.h"

#include <catch2/catch.hpp>

using namespace office;
using namespace office::testing;

namespace {

json legacy_request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

// The bytes of a data: URI in standard base64 (its own decoder: the one under test encodes).
std::string decoded(const std::string& src, const std::string& mime_type) {
    const std::string prefix = "data:" + mime_type + ";base64,";
    REQUIRE(src.starts_with(prefix));
    std::string text = src.substr(prefix.size());
    REQUIRE(text.size() % 4 == 0);
    while (!text.empty() && text.back() == '=') text.pop_back();
    for (char& c : text) c = c == '+' ? '-' : c == '/' ? '_' : c;
    const auto bytes = base64url_decode(text);
    REQUIRE(bytes);
    return *bytes;
}

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
    return v;
}

// Each icon is what it says: a PNG whose header has the size named, or an SVG document.
void check_icons(const json& icons) {
    INFO(icons.dump().substr(0, 200));
    REQUIRE(icons.is_array());
    REQUIRE(!icons.empty());
    for (const auto& icon : icons) {
        const std::string mime = icon["mimeType"];
        const std::string bytes = decoded(icon["src"], mime);
        if (mime == "image/png") {
            REQUIRE(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
            CHECK(bytes.substr(12, 4) == "IHDR");
            const std::string size = std::to_string(big_endian(bytes, 16)) + "x" + std::to_string(big_endian(bytes, 20));
            CHECK(icon["sizes"] == json::array({size}));
        } else {
            CHECK(mime == "image/svg+xml");
            CHECK(icon["sizes"] == json::array({"any"}));
            CHECK(bytes.find("<svg") != std::string::npos);
        }
    }
}

}  // namespace

TEST_CASE("a 2025-11-25 session gets the server's icons and one for every tool and prompt") {
    InProcessServer server({}, ":memory:", {}, nullptr, Locale::En, /*admin=*/true);
    const json init = server.result(initialize_request("2025-11-25", json::object(), "icons-test", "1.0"));
    const json& icons = init["serverInfo"]["icons"];
    check_icons(icons);
    CHECK(icons.size() == 3);
    CHECK(icons[0]["mimeType"] == "image/svg+xml");
    CHECK(icons[2]["sizes"] == json::array({"96x96"}));
    CHECK(server.send(kInitialized).empty());
    const json tools = server.result(legacy_request(2, "tools/list"))["tools"];
    CHECK(tools.size() == 19);  // every tool, the admin's included
    for (const auto& tool : tools) {
        INFO(tool["name"]);
        check_icons(tool["icons"]);
    }
    const json prompts = server.result(legacy_request(3, "prompts/list"))["prompts"];
    for (const auto& prompt : prompts) {
        INFO(prompt["name"]);
        check_icons(prompt["icons"]);
    }
    // The same kind, the same icon: book_slot and book-appointment are both the calendar.
    CHECK(tools[2]["name"] == "book_slot");
    CHECK(tools[2]["icons"] == server.result(legacy_request(4, "prompts/list"))["prompts"][0]["icons"]);
}

TEST_CASE("earlier revisions get no icons: their schemas have none") {
    for (const std::string version : {"2024-11-05", "2025-03-26", "2025-06-18"}) {
        INFO(version);
        InProcessServer server;
        CHECK(!server.result(initialize_request(version, json::object(), "icons-test", "1.0"))["serverInfo"].contains("icons"));
        CHECK(server.send(kInitialized).empty());
        const json tools = server.result(legacy_request(2, "tools/list"))["tools"];
        for (const auto& tool : tools) CHECK(!tool.contains("icons"));
        const json prompts = server.result(legacy_request(3, "prompts/list"))["prompts"];
        for (const auto& prompt : prompts) CHECK(!prompt.contains("icons"));
    }
}

TEST_CASE("a 2026-07-28 client finds the server's icons in server/discover only, and the tools' in tools/list") {
    InProcessServer server;
    const auto modern = [](int id, const std::string& method) { return legacy_request(id, method, modern_params(json::object())); };
    const json discover = server.result(modern(1, "server/discover"));
    check_icons(discover["_meta"]["io.modelcontextprotocol/serverInfo"]["icons"]);
    const json list = server.result(modern(2, "tools/list"));
    CHECK(!list["_meta"]["io.modelcontextprotocol/serverInfo"].contains("icons"));
    for (const auto& tool : list["tools"]) check_icons(tool["icons"]);
}
