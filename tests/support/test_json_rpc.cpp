// JSON-RPC basics (core/support/json_rpc.h): parsing a message whatever its shape, and the
// checked reads that never throw.

#include "json_rpc.h"

#include <catch2/catch.hpp>

#include <string>

using office::json;

namespace {

std::string nest(int depth, const std::string& inner = "1") {
    return std::string(static_cast<std::size_t>(depth), '[') + inner + std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST_CASE("a message with many brackets but shallow nesting is parsed whole, like any other", "[json_rpc]") {
    // 10^5 small objects in one array: many brackets, depth 2. (It once went through nlohmann's
    // callback parser, which is quadratic in the length of an array.)
    std::string text = "[";
    for (int i = 0; i < 100'000; ++i) text += std::string(i ? "," : "") + R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
    text += "]";
    bool too_deep = true;
    const json message = office::parse_message(text, 64, too_deep);
    CHECK_FALSE(too_deep);
    REQUIRE(message.is_array());
    CHECK(message.size() == 100'000);
    CHECK(message == json::parse(text));
}

TEST_CASE("nesting is counted in brackets outside strings: 64 levels are parsed, 65 are not built", "[json_rpc]") {
    bool too_deep = true;
    const json at_limit = office::parse_message(R"({"jsonrpc":"2.0","id":1,"method":"x","params":{"a":)" + nest(62) + "}}", 64, too_deep);
    CHECK_FALSE(too_deep);  // the object, params and 62 arrays: 64 levels
    CHECK(at_limit["params"]["a"] == json::parse(nest(62)));

    const std::string brackets_in_a_string = "\"" + std::string(200, '[') + "\\\"" + std::string(200, '{') + "\"";
    const json in_string = office::parse_message(R"({"jsonrpc":"2.0","id":2,"method":)" + brackets_in_a_string + "}", 64, too_deep);
    CHECK_FALSE(too_deep);
    CHECK(in_string["method"].get<std::string>().size() == 401);

    const json over = office::parse_message(R"({"jsonrpc":"2.0","id":3,"method":"x","params":{"a":)" + nest(63) + "}}", 64, too_deep);
    CHECK(too_deep);
    // What the refusal needs is kept: the members of the top level, any array or object as null.
    CHECK(over == json{{"jsonrpc", "2.0"}, {"id", 3}, {"method", "x"}, {"params", nullptr}});

    const json deep_array = office::parse_message(nest(100'000), 64, too_deep);
    CHECK(too_deep);
    CHECK(deep_array == json::array());
}

TEST_CASE("a text that is not JSON is discarded, however deep it looks", "[json_rpc]") {
    bool too_deep = false;
    CHECK(office::parse_message(std::string(100'000, '['), 64, too_deep).is_discarded());
    CHECK(office::parse_message(nest(100, "1,"), 64, too_deep).is_discarded());
    CHECK(office::parse_message(std::string("{\"a\":1}\0x", 9), 64, too_deep).is_discarded());
}

TEST_CASE("checked reads never throw, whatever the JSON's shape", "[json_rpc]") {
    for (const json& value : {json(nullptr), json(7), json("method"), json::array({1}), json{{"method", 7}}, json{{"method", "ping"}}}) {
        INFO(value.dump());
        CHECK_NOTHROW(office::find_member(value, "method"));
        CHECK_NOTHROW(office::string_member(value, "method"));
    }
    CHECK(office::find_member(json(7), "method") == nullptr);
    CHECK(*office::find_member(json{{"method", 7}}, "method") == 7);
    CHECK(office::string_member(json{{"method", 7}}, "method", "none") == "none");
    CHECK(office::string_member(json{{"method", "ping"}}, "method") == "ping");
}
