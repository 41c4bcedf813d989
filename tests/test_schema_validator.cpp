// The argument validator: every problem, in a fixed order (schema_validator.h), with
// exactly the words a model will read.

#include "schema_validator.h"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using office::is_calendar_date;
using office::join_messages;
using office::Problem;
using office::SchemaValidator;
using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const char* const lunch_schema = R"({
  "type": "object",
  "properties": {
    "item": {"type": "string", "enum": ["bocadillo", "tortilla", "ensalada"]},
    "quantity": {"type": "integer", "minimum": 1, "maximum": 5},
    "note": {"type": "string", "maxLength": 20}
  },
  "required": ["item", "quantity"],
  "additionalProperties": false
})";

SchemaValidator lunch() { return SchemaValidator(ordered_json::parse(lunch_schema)); }

// A validator for one property `name` with the given property schema, nothing required.
SchemaValidator one(const std::string& name, const std::string& property_schema) {
    return SchemaValidator(ordered_json::parse(R"({"type":"object","properties":{")" + name + "\":" +
                                               property_schema + "}}"));
}

std::string messages(const SchemaValidator& v, const std::string& arguments) {
    return join_messages(v.check(json::parse(arguments)));
}

std::vector<std::string> rules(const SchemaValidator& v, const std::string& arguments) {
    std::vector<std::string> out;
    for (const auto& p : v.check(json::parse(arguments))) out.push_back(p.rule);
    return out;
}

std::string repeat(const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

}  // namespace

// ---- the lunch order --------------------------------------------------------------------------

TEST_CASE("a valid lunch order has no problems") {
    const auto v = lunch();
    CHECK(v.check(json::parse(R"({"item":"tortilla","quantity":2})")).empty());
    CHECK(v.check(json::parse(R"({"item":"bocadillo","quantity":5,"note":"sin tomate"})")).empty());
}

TEST_CASE("every problem with a lunch order is listed at once, in the fixed order") {
    const auto problems = lunch().check(json::parse(R"({"item":"sopa","quantity":9,"colour":"rojo"})"));
    CHECK(join_messages(problems) ==
          "item: must be one of bocadillo, tortilla, ensalada; quantity: must be between 1 and 5; "
          "colour: is not an allowed argument");
    REQUIRE(problems.size() == 3);
    CHECK(problems[0].path == "item");
    CHECK(problems[0].rule == "enum");
    CHECK(problems[1].path == "quantity");
    CHECK(problems[1].rule == "maximum");
    CHECK(problems[2].path == "colour");
    CHECK(problems[2].rule == "additionalProperties");
    CHECK(problems[2].message == "colour: is not an allowed argument");
}

TEST_CASE("missing required arguments are named in the order of the schema's required list") {
    const auto problems = lunch().check(json::object());
    CHECK(join_messages(problems) == "item: is required; quantity: is required");
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].path == "item");
    CHECK(problems[0].rule == "required");
    CHECK(problems[1].path == "quantity");
    CHECK(problems[1].rule == "required");

    const SchemaValidator reversed(ordered_json::parse(
        R"({"type":"object","properties":{"a":{},"b":{}},"required":["b","a"]})"));
    CHECK(messages(reversed, "{}") == "b: is required; a: is required");
}

TEST_CASE("missing arguments come before the problems of those present") {
    CHECK(messages(lunch(), R"({"quantity":0,"zzz":1})") ==
          "item: is required; quantity: must be between 1 and 5; zzz: is not an allowed argument");
}

TEST_CASE("a string is not an integer, even when it holds digits") {
    const auto problems = lunch().check(json::parse(R"({"item":"ensalada","quantity":"2"})"));
    CHECK(join_messages(problems) == "quantity: must be an integer");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rule == "type");
    CHECK(problems[0].path == "quantity");
}

TEST_CASE("a wrong type stops that argument's other checks") {
    // "sopa" would break the enum and 9 the range, but the type is what is wrong.
    CHECK(messages(lunch(), R"({"item":7,"quantity":"9"})") ==
          "item: must be a string; quantity: must be an integer");
}

TEST_CASE("an integer may be written with a zero fraction, but not with any other") {
    const auto v = lunch();
    CHECK(v.check(json::parse(R"({"item":"tortilla","quantity":2.0})")).empty());
    CHECK(messages(v, R"({"item":"tortilla","quantity":2.5})") == "quantity: must be an integer");
    CHECK(messages(v, R"({"item":"tortilla","quantity":9.0})") == "quantity: must be between 1 and 5");
}

TEST_CASE("a boolean is neither an integer nor a number") {
    CHECK(messages(lunch(), R"({"item":"tortilla","quantity":true})") == "quantity: must be an integer");
    CHECK(messages(one("amount", R"({"type":"number"})"), R"({"amount":false})") == "amount: must be a number");
}

TEST_CASE("the note's length is counted in characters, not bytes") {
    const auto v = lunch();
    const std::string twenty = repeat("ñ", 20);  // 40 bytes
    CHECK(v.check(json{{"item", "tortilla"}, {"quantity", 1}, {"note", twenty}}).empty());

    const auto problems = v.check(json{{"item", "tortilla"}, {"quantity", 1}, {"note", twenty + "ñ"}});
    CHECK(join_messages(problems) == "note: must be at most 20 characters");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].rule == "maxLength");

    CHECK(messages(v, R"({"item":"tortilla","quantity":1,"note":"123456789012345678901"})") ==
          "note: must be at most 20 characters");
    CHECK(v.check(json{{"item", "tortilla"}, {"quantity", 1}, {"note", repeat("🥪", 20)}}).empty());
}

TEST_CASE("unexpected arguments are listed last, sorted by name") {
    CHECK(messages(lunch(), R"({"zeta":1,"item":"tortilla","colour":"rojo","quantity":2,"alpha":null})") ==
          "alpha: is not an allowed argument; colour: is not an allowed argument; "
          "zeta: is not an allowed argument");
}

TEST_CASE("unexpected arguments are allowed unless additionalProperties is false") {
    const SchemaValidator silent(ordered_json::parse(R"({"type":"object","properties":{"a":{}}})"));
    CHECK(silent.check(json::parse(R"({"a":1,"b":2})")).empty());
    const SchemaValidator open(
        ordered_json::parse(R"({"type":"object","properties":{"a":{}},"additionalProperties":true})"));
    CHECK(open.check(json::parse(R"({"a":1,"b":2})")).empty());
}

// ---- order of properties ------------------------------------------------------------------------

TEST_CASE("arguments are checked in the order the schema declares them") {
    const char* text = R"({"type":"object","properties":{
        "zulu":{"type":"string"}, "alpha":{"type":"string"}, "mike":{"type":"string"}}})";
    const auto arguments = json::parse(R"({"alpha":1,"mike":2,"zulu":3})");

    CHECK(join_messages(SchemaValidator(ordered_json::parse(text)).check(arguments)) ==
          "zulu: must be a string; alpha: must be a string; mike: must be a string");
}

TEST_CASE("a schema given as plain json, whose keys are sorted, is checked in name order") {
    const char* text = R"({"type":"object","properties":{
        "zulu":{"type":"string"}, "alpha":{"type":"string"}, "mike":{"type":"string"}}})";
    const auto arguments = json::parse(R"({"alpha":1,"mike":2,"zulu":3})");

    CHECK(join_messages(SchemaValidator(json::parse(text)).check(arguments)) ==
          "alpha: must be a string; mike: must be a string; zulu: must be a string");
}

TEST_CASE("within one argument, enum comes before range") {
    const auto v = one("size", R"({"type":"integer","enum":[1,2,3,10],"maximum":5})");
    const auto problems = v.check(json::parse(R"({"size":9})"));
    CHECK(join_messages(problems) == "size: must be one of 1, 2, 3, 10; size: must be at most 5");
    CHECK(rules(v, R"({"size":9})") == std::vector<std::string>{"enum", "maximum"});
    CHECK(rules(v, R"({"size":10})") == std::vector<std::string>{"maximum"});
}

TEST_CASE("within one argument, length comes before pattern") {
    const auto v = one("code", R"({"type":"string","minLength":3,"pattern":"^[A-Z]+$"})");
    CHECK(messages(v, R"({"code":"a"})") ==
          "code: must be at least 3 characters; code: must match the pattern ^[A-Z]+$");
}

// ---- types -------------------------------------------------------------------------------------

TEST_CASE("each type names itself in the message") {
    CHECK(messages(one("x", R"({"type":"integer"})"), R"({"x":"1"})") == "x: must be an integer");
    CHECK(messages(one("x", R"({"type":"number"})"), R"({"x":"1"})") == "x: must be a number");
    CHECK(messages(one("x", R"({"type":"string"})"), R"({"x":1})") == "x: must be a string");
    CHECK(messages(one("x", R"({"type":"boolean"})"), R"({"x":"true"})") == "x: must be a boolean");
    CHECK(messages(one("x", R"({"type":"object"})"), R"({"x":[]})") == "x: must be an object");
    CHECK(messages(one("x", R"({"type":"array"})"), R"({"x":{}})") == "x: must be an array");
    CHECK(messages(one("x", R"({"type":"null"})"), R"({"x":0})") == "x: must be null");
}

TEST_CASE("each type accepts its own values") {
    CHECK(one("x", R"({"type":"integer"})").check(json::parse(R"({"x":-3})")).empty());
    CHECK(one("x", R"({"type":"number"})").check(json::parse(R"({"x":7})")).empty());
    CHECK(one("x", R"({"type":"number"})").check(json::parse(R"({"x":0.25})")).empty());
    CHECK(one("x", R"({"type":"string"})").check(json::parse(R"({"x":""})")).empty());
    CHECK(one("x", R"({"type":"boolean"})").check(json::parse(R"({"x":false})")).empty());
    CHECK(one("x", R"({"type":"object"})").check(json::parse(R"({"x":{"a":1}})")).empty());
    CHECK(one("x", R"({"type":"array"})").check(json::parse(R"({"x":[1]})")).empty());
    CHECK(one("x", R"({"type":"null"})").check(json::parse(R"({"x":null})")).empty());
}

TEST_CASE("a list of types accepts any of them and names them all") {
    const auto v = one("note", R"({"type":["string","null"],"maxLength":3})");
    CHECK(v.check(json::parse(R"({"note":null})")).empty());
    CHECK(v.check(json::parse(R"({"note":"abc"})")).empty());
    CHECK(messages(v, R"({"note":3})") == "note: must be a string or null");
    CHECK(messages(v, R"({"note":"abcd"})") == "note: must be at most 3 characters");
    CHECK(messages(one("n", R"({"type":["integer","string","boolean"]})"), R"({"n":1.5})") ==
          "n: must be an integer or a string or a boolean");
}

// ---- enum --------------------------------------------------------------------------------------

TEST_CASE("enum values other than strings are written as JSON") {
    const auto v = one("pick", R"({"enum":[1, 2.5, true, null, "two words"]})");
    CHECK(messages(v, R"({"pick":3})") == "pick: must be one of 1, 2.5, true, null, two words");
    CHECK(rules(v, R"({"pick":3})") == std::vector<std::string>{"enum"});
    CHECK(v.check(json::parse(R"({"pick":null})")).empty());
    CHECK(v.check(json::parse(R"({"pick":"two words"})")).empty());
    CHECK(v.check(json::parse(R"({"pick":1.0})")).empty());  // the same number, as JSON Schema says
    CHECK(messages(v, R"({"pick":"1"})") == "pick: must be one of 1, 2.5, true, null, two words");
}

// ---- range -------------------------------------------------------------------------------------

TEST_CASE("a minimum and maximum are described as a range, and the bounds are included") {
    const auto v = lunch();
    CHECK(v.check(json::parse(R"({"item":"tortilla","quantity":1})")).empty());
    CHECK(v.check(json::parse(R"({"item":"tortilla","quantity":5})")).empty());
    CHECK(rules(v, R"({"item":"tortilla","quantity":0})") == std::vector<std::string>{"minimum"});
    CHECK(rules(v, R"({"item":"tortilla","quantity":6})") == std::vector<std::string>{"maximum"});
    CHECK(messages(v, R"({"item":"tortilla","quantity":-4})") == "quantity: must be between 1 and 5");
}

TEST_CASE("a minimum alone reads at least") {
    const auto v = one("customer_id", R"({"type":"integer","minimum":1})");
    CHECK(v.check(json::parse(R"({"customer_id":1})")).empty());
    CHECK(messages(v, R"({"customer_id":0})") == "customer_id: must be at least 1");
    CHECK(rules(v, R"({"customer_id":0})") == std::vector<std::string>{"minimum"});
}

TEST_CASE("a maximum alone reads at most") {
    const auto v = one("quantity", R"({"type":"number","maximum":5})");
    CHECK(v.check(json::parse(R"({"quantity":5})")).empty());
    CHECK(messages(v, R"({"quantity":5.01})") == "quantity: must be at most 5");
    CHECK(rules(v, R"({"quantity":5.01})") == std::vector<std::string>{"maximum"});
}

TEST_CASE("an exclusive minimum reads greater than and excludes the bound") {
    const auto v = one("amount", R"({"type":"number","exclusiveMinimum":0})");
    CHECK(v.check(json::parse(R"({"amount":0.01})")).empty());
    CHECK(messages(v, R"({"amount":0})") == "amount: must be greater than 0");
    CHECK(rules(v, R"({"amount":0})") == std::vector<std::string>{"exclusiveMinimum"});
    CHECK(rules(v, R"({"amount":-0.0})") == std::vector<std::string>{"exclusiveMinimum"});
}

TEST_CASE("an exclusive maximum reads less than and excludes the bound") {
    const auto v = one("level", R"({"type":"number","exclusiveMaximum":10})");
    CHECK(v.check(json::parse(R"({"level":9.999})")).empty());
    CHECK(messages(v, R"({"level":10})") == "level: must be less than 10");
    CHECK(rules(v, R"({"level":10.0})") == std::vector<std::string>{"exclusiveMaximum"});
}

TEST_CASE("an exclusive minimum with a maximum reads greater than ... and at most") {
    const auto v = one("amount", R"({"type":"number","exclusiveMinimum":0,"maximum":80})");
    CHECK(v.check(json::parse(R"({"amount":80})")).empty());
    CHECK(messages(v, R"({"amount":0})") == "amount: must be greater than 0 and at most 80");
    CHECK(rules(v, R"({"amount":0})") == std::vector<std::string>{"exclusiveMinimum"});
    CHECK(rules(v, R"({"amount":80.5})") == std::vector<std::string>{"maximum"});
}

TEST_CASE("other pairs of bounds are joined with and") {
    CHECK(messages(one("x", R"({"minimum":1,"exclusiveMaximum":10})"), R"({"x":10})") ==
          "x: must be at least 1 and less than 10");
    CHECK(messages(one("x", R"({"exclusiveMinimum":0,"exclusiveMaximum":1})"), R"({"x":1})") ==
          "x: must be greater than 0 and less than 1");
    CHECK(messages(one("x", R"({"minimum":3,"maximum":3})"), R"({"x":4})") == "x: must be exactly 3");
}

TEST_CASE("bounds are written in their shortest exact form") {
    CHECK(messages(one("x", R"({"minimum":1.0,"maximum":80.5})"), R"({"x":81})") ==
          "x: must be between 1 and 80.5");
    CHECK(messages(one("x", R"({"minimum":0.1})"), R"({"x":0.05})") == "x: must be at least 0.1");
    CHECK(messages(one("x", R"({"maximum":-2.5})"), R"({"x":0})") == "x: must be at most -2.5");
}

TEST_CASE("when a side has both an inclusive and an exclusive bound, the stricter one counts") {
    const auto v = one("x", R"({"minimum":0,"exclusiveMinimum":0})");
    CHECK(messages(v, R"({"x":0})") == "x: must be greater than 0");
    CHECK(rules(v, R"({"x":0})") == std::vector<std::string>{"exclusiveMinimum"});
    const auto w = one("x", R"({"maximum":5,"exclusiveMaximum":10})");
    CHECK(messages(w, R"({"x":6})") == "x: must be at most 5");
    const auto u = one("x", R"({"exclusiveMinimum":2,"minimum":5})");
    CHECK(messages(u, R"({"x":3})") == "x: must be at least 5");
    CHECK(rules(u, R"({"x":3})") == std::vector<std::string>{"minimum"});
}

TEST_CASE("large integers are compared exactly, not as doubles") {
    const auto v = one("id", R"({"type":"integer","maximum":9007199254740992})");
    CHECK(v.check(json::parse(R"({"id":9007199254740992})")).empty());
    CHECK(messages(v, R"({"id":9007199254740993})") == "id: must be at most 9007199254740992");
    const auto w = one("id", R"({"maximum":9007199254740992.0})");
    CHECK(rules(w, R"({"id":9007199254740993})") == std::vector<std::string>{"maximum"});
    const auto u = one("id", R"({"minimum":-1})");
    CHECK(u.check(json::parse(R"({"id":18446744073709551615})")).empty());
    CHECK(rules(u, R"({"id":-9223372036854775808})") == std::vector<std::string>{"minimum"});
    CHECK(rules(u, R"({"id":-1.5})") == std::vector<std::string>{"minimum"});
}

TEST_CASE("range and length rules pass over values they do not apply to") {
    const auto v = one("x", R"({"minimum":1,"maxLength":1,"pattern":"^a$","format":"date"})");
    CHECK(v.check(json::parse(R"({"x":"2026-09-04"})")).size() == 2);  // length and pattern only
    CHECK(v.check(json::parse(R"({"x":0})")).size() == 1);              // range only
    CHECK(v.check(json::parse(R"({"x":[0,1,2]})")).empty());
    CHECK(v.check(json::parse(R"({"x":true})")).empty());
}

// ---- length ------------------------------------------------------------------------------------

TEST_CASE("a minimum and maximum length are described as a range of characters") {
    const auto v = one("reason", R"({"type":"string","minLength":3,"maxLength":200})");
    CHECK(v.check(json::parse(R"({"reason":"abc"})")).empty());
    CHECK(v.check(json{{"reason", std::string(200, 'x')}}).empty());
    CHECK(messages(v, R"({"reason":"ab"})") == "reason: must be between 3 and 200 characters");
    CHECK(rules(v, R"({"reason":"ab"})") == std::vector<std::string>{"minLength"});
    const auto long_reason = json{{"reason", std::string(201, 'x')}};
    CHECK(join_messages(v.check(long_reason)) == "reason: must be between 3 and 200 characters");
    CHECK(v.check(long_reason).at(0).rule == "maxLength");
}

TEST_CASE("a minimum length alone reads at least, singular for one character") {
    CHECK(messages(one("reason", R"({"minLength":3})"), R"({"reason":"éé"})") ==
          "reason: must be at least 3 characters");
    CHECK(messages(one("query", R"({"type":"string","minLength":1})"), R"({"query":""})") ==
          "query: must be at least 1 character");
    CHECK(messages(one("code", R"({"minLength":2,"maxLength":2})"), R"({"code":"abc"})") ==
          "code: must be exactly 2 characters");
}

// ---- pattern and format ------------------------------------------------------------------------

TEST_CASE("a pattern must match and is quoted as written") {
    const auto v = one("code", R"({"type":"string","pattern":"^[A-Z]{3}$"})");
    CHECK(v.check(json::parse(R"({"code":"EUR"})")).empty());
    CHECK(messages(v, R"({"code":"EURO"})") == "code: must match the pattern ^[A-Z]{3}$");
    CHECK(rules(v, R"({"code":"eur"})") == std::vector<std::string>{"pattern"});
}

TEST_CASE("a pattern is not anchored unless it says so") {
    const auto v = one("ref", R"({"pattern":"[0-9]"})");
    CHECK(v.check(json::parse(R"({"ref":"abc1def"})")).empty());
    CHECK(messages(v, R"({"ref":"abcdef"})") == "ref: must match the pattern [0-9]");
}

TEST_CASE("a date must be a real calendar date written YYYY-MM-DD") {
    const auto v = one("day", R"({"type":"string","format":"date"})");
    CHECK(v.check(json::parse(R"({"day":"2026-09-04"})")).empty());
    CHECK(v.check(json::parse(R"({"day":"2024-02-29"})")).empty());
    CHECK(messages(v, R"({"day":"2026-02-29"})") == "day: must be a real calendar date (YYYY-MM-DD)");
    CHECK(rules(v, R"({"day":"2026-13-01"})") == std::vector<std::string>{"format"});
    CHECK(messages(v, R"({"day":"2026-9-4"})") == "day: must be a real calendar date (YYYY-MM-DD)");
}

TEST_CASE("a date is only judged once its pattern holds") {
    const auto v = one("day", R"({"type":"string","pattern":"^2026-","format":"date"})");
    CHECK(messages(v, R"({"day":"2025-02-30"})") == "day: must match the pattern ^2026-");
    CHECK(messages(v, R"({"day":"2026-02-30"})") == "day: must be a real calendar date (YYYY-MM-DD)");
}

TEST_CASE("formats other than date are not checked") {
    CHECK(one("mail", R"({"type":"string","format":"email"})").check(json::parse(R"({"mail":"nope"})")).empty());
}

TEST_CASE("is_calendar_date accepts only real dates in exactly YYYY-MM-DD") {
    CHECK(is_calendar_date("2026-09-04"));
    CHECK(is_calendar_date("2024-02-29"));
    CHECK(is_calendar_date("2000-02-29"));  // divisible by 400
    CHECK(is_calendar_date("2026-12-31"));
    CHECK(is_calendar_date("2026-01-31"));
    CHECK(is_calendar_date("2026-04-30"));
    CHECK_FALSE(is_calendar_date("1900-02-29"));  // divisible by 100, not 400
    CHECK_FALSE(is_calendar_date("2026-02-29"));
    CHECK_FALSE(is_calendar_date("2026-04-31"));
    CHECK_FALSE(is_calendar_date("2026-13-01"));
    CHECK_FALSE(is_calendar_date("2026-00-10"));
    CHECK_FALSE(is_calendar_date("2026-01-00"));
    CHECK_FALSE(is_calendar_date("2026-01-32"));
    CHECK_FALSE(is_calendar_date("2026-9-4"));
    CHECK_FALSE(is_calendar_date("2026/09/04"));
    CHECK_FALSE(is_calendar_date("2026-09-04T10:00"));
    CHECK_FALSE(is_calendar_date(" 2026-09-04"));
    CHECK_FALSE(is_calendar_date("2026-0a-04"));
    CHECK_FALSE(is_calendar_date("+026-09-04"));
    CHECK_FALSE(is_calendar_date(""));
}

// ---- the whole value, and the schema itself ----------------------------------------------------

TEST_CASE("arguments that are not an object are one problem about the whole") {
    for (const char* text : {"[]", "null", "\"tortilla\"", "3"}) {
        const auto problems = lunch().check(json::parse(text));
        REQUIRE(problems.size() == 1);
        CHECK(problems[0].path == "");
        CHECK(problems[0].rule == "type");
        CHECK(problems[0].message == "arguments must be an object");
    }
}

TEST_CASE("join_messages puts a semicolon between messages") {
    CHECK(join_messages({}) == "");
    CHECK(join_messages({Problem{"a", "type", "a: must be a string"}}) == "a: must be a string");
    CHECK(join_messages({Problem{"a", "required", "a: is required"}, Problem{"b", "required", "b: is required"}}) ==
          "a: is required; b: is required");
}

TEST_CASE("a pattern that does not compile is refused when the schema is compiled") {
    CHECK_THROWS_AS(one("code", R"({"type":"string","pattern":"[A-Z"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("code", R"({"pattern":"(unclosed"})"), std::invalid_argument);
}

TEST_CASE("a pattern that repeats a repetition is refused when compiled, as ECMAScript refuses it") {
    // Found by tests/fuzz/fuzz_schema_validator: libstdc++ accepted "l?}+++{0}++" and then
    // backtracked for longer than the fuzzer's 10-second limit on a ten-character value.
    CHECK_THROWS_WITH(one("d", R"({"pattern":"a++"})"), "malformed schema: d: pattern a++ repeats a repetition");
    CHECK_THROWS_AS(one("d", R"({"pattern":"l?}+++++{0}++$"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("d", R"({"pattern":"a{2}*"})"), std::invalid_argument);
    // One "?" after a quantifier makes it lazy, and inside a class * + ? { are characters.
    CHECK(messages(one("d", R"({"pattern":"^a+?b{1,2}?$"})"), R"({"d":"ab"})").empty());
    CHECK(messages(one("d", R"({"pattern":"^[*+?{]+$"})"), R"({"d":"*+?{"})").empty());
}

TEST_CASE("a pattern whose repeat counts would overflow or multiply past 100000 is refused when compiled") {
    // Found by tests/fuzz/fuzz_schema_validator: libstdc++ overflowed reading {3333...4}.
    CHECK_THROWS_WITH(one("d", R"({"pattern":"^[0-9]{333333333333333333333333333334}$"})"),
                      "malformed schema: d: pattern ^[0-9]{333333333333333333333333333334}$ repeats more than 100000 times in all");
    CHECK_THROWS_AS(one("d", R"({"pattern":"((a{100}){100}){100}"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("d", R"({"pattern":"a{2,100001}"})"), std::invalid_argument);
    // Escaped braces are not counts, and the tools' own pattern multiplies to 16.
    CHECK(messages(one("d", R"({"pattern":"^\\{999999999\\}$"})"), R"({"d":"{999999999}"})").empty());
    CHECK(messages(one("d", R"({"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"})"), R"({"d":"2026-09-04"})").empty());
    CHECK(messages(one("d", R"({"pattern":"^a{1000}b{100}$"})"), R"({"d":"ab"})") == "d: must match the pattern ^a{1000}b{100}$");
}

TEST_CASE("a malformed schema is refused when it is compiled") {
    CHECK_THROWS_AS(SchemaValidator(ordered_json::parse("[]")), std::invalid_argument);
    CHECK_THROWS_AS(SchemaValidator(json::parse("\"object\"")), std::invalid_argument);
    CHECK_THROWS_AS(SchemaValidator(ordered_json::parse(R"({"type":"array"})")), std::invalid_argument);
    CHECK_THROWS_AS(SchemaValidator(ordered_json::parse(R"({"properties":[]})")), std::invalid_argument);
    CHECK_THROWS_AS(SchemaValidator(ordered_json::parse(R"({"required":"item"})")), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"type":"text"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"minimum":"1"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"exclusiveMinimum":true})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"maxLength":-1})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"maxLength":2.5})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", R"({"enum":[]})"), std::invalid_argument);
    CHECK_THROWS_AS(one("x", "3"), std::invalid_argument);
}

TEST_CASE("schema keywords the validator does not know are ignored") {
    const auto v = one("x", R"({"type":"string","description":"anything","title":"X","default":"a"})");
    CHECK(v.check(json::parse(R"({"x":"b"})")).empty());
    CHECK(SchemaValidator(ordered_json::parse(R"({"type":"object","$schema":"x"})")).check(json::object()).empty());
}

TEST_CASE("a required argument need not be declared to be required") {
    const SchemaValidator v(ordered_json::parse(R"({"type":"object","required":["token"]})"));
    CHECK(messages(v, "{}") == "token: is required");
    CHECK(v.check(json::parse(R"({"token":1})")).empty());
}

TEST_CASE("a validator keeps working after it is moved") {
    auto first = lunch();
    SchemaValidator second(std::move(first));
    CHECK(messages(second, R"({"item":"sopa","quantity":1})") == "item: must be one of bocadillo, tortilla, ensalada");
    SchemaValidator third = one("x", "{}");
    third = std::move(second);
    CHECK(messages(third, "{}") == "item: is required; quantity: is required");
}
