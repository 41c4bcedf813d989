// The reply to a completed tools/call is written straight into the line (tool_reply.h, issue 16).
// It must be byte for byte the line append_line writes for the same reply built as json, for
// every shape (legacy, with structuredContent, 2026-07-28, errors) and for every text the
// tools can produce, including control characters, quotes, non-ASCII and invalid UTF-8.

#include "json_rpc.h"
#include "tool_reply.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>

namespace {

using office::json;
using office::ToolReplyShape;
using office::ToolResult;

std::string via_json(const json& id, const ToolResult& result, ToolReplyShape shape) {
    std::string line;
    office::append_line(line, office::tool_reply(id, result, shape));
    return line;
}

std::string direct(const json& id, ToolResult result, ToolReplyShape shape) {
    std::string line = "before\n";  // appends, never replaces
    office::append_tool_reply(line, id, result, shape);
    return line.substr(7);
}

const json kServerInfo{{"name", "office-mcp"}, {"title", "Office"}, {"version", "1.2.3"}};

}  // namespace

TEST_CASE("A completed tool's reply written directly is the line the json reply dumps to, in every shape") {
    const ToolResult ordered{"Ordered 2 tortillas.", json{{"order_id", 7}, {"item", "tortilla"}, {"quantity", 2}}};
    const ToolResult refused{"Slot 3 is taken.", nullptr, true};
    ToolResult linked{"Booked slot 1 for \"Zoë\" \\ García.", json{{"slot_id", 1}}};
    linked.links = {{office::OfficeTable::slots, 1, "slot 1 (2026-09-04 09:00)"}, {office::OfficeTable::customers, 7, "\"Zoë\" \\ García"}};
    for (const json& id : {json(1), json(-42), json("abc-\"1\""), json(9007199254740993LL)}) {
        for (const bool structured : {false, true}) {
            for (const bool links : {false, true}) {
                for (const json* info : {static_cast<const json*>(nullptr), &kServerInfo}) {
                    const ToolReplyShape shape{.structured_content = structured, .resource_links = links, .server_info = info};
                    CHECK(direct(id, ordered, shape) == via_json(id, ordered, shape));
                    CHECK(direct(id, refused, shape) == via_json(id, refused, shape));
                    CHECK(direct(id, linked, shape) == via_json(id, linked, shape));
                }
            }
        }
    }
    // The links as the era that has them sees them, after the text.
    const json content = json::parse(direct(1, linked, {.resource_links = true}))["result"]["content"];
    CHECK(content[1] == json{{"type", "resource_link"}, {"uri", "office://slots/1"}, {"name", "slots/1"},
                             {"title", "slot 1 (2026-09-04 09:00)"}, {"mimeType", "application/json"}});
    CHECK(content[2]["title"] == "\"Zoë\" \\ García");
    CHECK(json::parse(direct(1, linked, {}))["result"]["content"].size() == 1);
}

TEST_CASE("A 2026-07-28 reply given its server info already written is the line the json reply dumps to") {
    const ToolResult ordered{"Ordered 2 tortillas.", json{{"order_id", 7}, {"item", "tortilla"}, {"quantity", 2}}};
    const std::string written = kServerInfo.dump();
    for (const bool structured : {false, true}) {
        const ToolReplyShape shape{.structured_content = structured, .server_info = &kServerInfo, .server_info_text = written};
        CHECK(direct(5, ordered, shape) == via_json(5, ordered, {.structured_content = structured, .server_info = &kServerInfo}));
    }
}

TEST_CASE("A reply whose text holds the characters JSON escapes and invalid UTF-8 matches the json reply") {
    const std::string texts[] = {
        std::string("quote \" backslash \\ slash / tab \t newline \n cr \r bell \b ff \f nul ") + '\0' + " del \x7f",
        "Mar\xC3\xAD" "a \xE2\x82\xAC \xF0\x9F\x98\x80",  // í (split: \xADa would be one escape), euro, emoji
        "cut \xC3 in \xE2\x82 the \xF0\x9F middle \xFF\xFE end \xC3",  // invalid UTF-8: U+FFFD
        "",
    };
    for (const auto& text : texts) {
        const ToolResult result{text, json{{"note", text}}};
        for (const json* info : {static_cast<const json*>(nullptr), &kServerInfo})
            CHECK(direct(1, result, {.structured_content = true, .server_info = info}) ==
                  via_json(1, result, {.structured_content = true, .server_info = info}));
    }
}

TEST_CASE("Random texts give the same reply line written directly as through json") {
    std::mt19937 random(16);  // fixed seed: a failure is repeatable
    std::uniform_int_distribution<int> byte(0, 255), length(0, 40);
    for (int round = 0; round < 2000; ++round) {
        std::string text(static_cast<std::size_t>(length(random)), ' ');
        for (auto& c : text) c = static_cast<char>(byte(random));
        const ToolResult result{text, json{{"query", text}}, round % 3 == 0};
        const ToolReplyShape shape{.structured_content = round % 2 == 0, .server_info = round % 5 == 0 ? &kServerInfo : nullptr};
        REQUIRE(direct(round, result, shape) == via_json(round, result, shape));
    }
}

TEST_CASE("Writing a reply directly leaves the result's text as it was") {
    ToolResult result{"Ordered 1 bocadillo.", nullptr};
    std::string line;
    office::append_tool_reply(line, 5, result, {});
    CHECK(result.text == "Ordered 1 bocadillo.");
}
