// The argument validator: every problem, in a fixed order (schema_validator.h), with
// exactly the words a model will read.

#include "schema_validator.h"
#include "tool.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
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

TEST_CASE("a format other than date is refused when compiled, since it would not be checked", "[schema]") {
    CHECK_THROWS_WITH(one("mail", R"({"type":"string","format":"email"})"),
                      "unsupported schema: mail: the format \"email\" is not supported (only \"date\" is checked)");
    CHECK_THROWS_WITH(one("at", R"({"type":"string","format":"date-time"})"),
                      "unsupported schema: at: the format \"date-time\" is not supported (only \"date\" is checked)");
    CHECK_THROWS_WITH(one("day", R"({"format":7})"), "malformed schema: day: format must be a string");
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

TEST_CASE("a pattern with a backreference is refused when compiled") {
    // Found by tests/fuzz/fuzz_schema_validator: libstdc++ overflowed reading \999999999999999999999
    // (tests/fuzz/regressions/schema/regex-backreference-overflow.txt).
    CHECK_THROWS_WITH(one("d", R"({"pattern":"^(a)\\1$"})"), "malformed schema: d: pattern ^(a)\\1$ uses a backreference");
    CHECK_THROWS_AS(one("d", R"({"pattern":"Z\\\\\\999999999999999999999"})"), std::invalid_argument);
    CHECK_THROWS_AS(one("d", R"({"pattern":"[\\9]"})"), std::invalid_argument);
    // An escaped backslash before a digit is a backslash and a digit, and \0 no backreference.
    CHECK(messages(one("d", R"({"pattern":"^\\\\9$"})"), R"({"d":"\\9"})").empty());
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

// ---- keywords the validator does not implement: refused, never ignored -------------------------

TEST_CASE("each schema keyword the validator does not implement is refused inside a property, by name", "[schema]") {
    // Each would make the validator accept arguments the schema refuses, were it ignored; the
    // last ones are misspellings, which an ignoring validator would also let through.
    const std::vector<std::pair<std::string, std::string>> keywords{
        {"items", R"({"type":"integer"})"}, {"prefixItems", "[{}]"}, {"additionalItems", "false"},
        {"contains", "{}"}, {"minItems", "1"}, {"maxItems", "1"}, {"uniqueItems", "true"},
        {"const", "3"}, {"multipleOf", "2"}, {"oneOf", "[{},{}]"}, {"anyOf", "[{}]"}, {"allOf", "[{}]"},
        {"not", "{}"}, {"if", "{}"}, {"then", "{}"}, {"else", "{}"},
        {"$ref", R"("#/definitions/a")"}, {"$defs", "{}"}, {"definitions", "{}"}, {"$id", R"("x")"},
        {"$anchor", R"("a")"}, {"$schema", R"("https://json-schema.org/draft/2020-12/schema")"},
        {"properties", R"({"a":{"type":"string"}})"}, {"required", R"(["a"])"},
        {"additionalProperties", "false"}, {"patternProperties", "{}"}, {"propertyNames", "{}"},
        {"minProperties", "1"}, {"maxProperties", "1"}, {"dependencies", "{}"},
        {"dependentRequired", "{}"}, {"dependentSchemas", "{}"}, {"unevaluatedProperties", "false"},
        {"unevaluatedItems", "false"}, {"contentMediaType", R"("application/json")"},
        {"contentEncoding", R"("base64")"}, {"readOnly", "true"}, {"writeOnly", "true"},
        {"deprecated", "true"}, {"maxLenght", "5"}, {"tpye", R"("string")"}, {"Minimum", "1"},
    };
    for (const auto& [keyword, value] : keywords) {
        INFO(keyword);
        CHECK_THROWS_WITH(one("quantity", R"({"type":"integer","minimum":1,")" + keyword + "\":" + value + "}"),
                          "unsupported schema: quantity: the schema keyword \"" + keyword + "\" is not supported");
    }
    // The first one in the schema's order is named, before any other check of the property.
    CHECK_THROWS_WITH(one("q", R"({"const":1,"multipleOf":"not even a number","maximum":"nor this"})"),
                      "unsupported schema: q: the schema keyword \"const\" is not supported");
}

TEST_CASE("each schema keyword the validator does not implement is refused at the top level, by name", "[schema]") {
    const std::vector<std::pair<std::string, std::string>> keywords{
        {"patternProperties", R"({"^x":{"type":"string"}})"}, {"propertyNames", R"({"maxLength":3})"},
        {"minProperties", "1"}, {"maxProperties", "2"}, {"dependencies", R"({"a":["b"]})"},
        {"dependentRequired", R"({"a":["b"]})"}, {"dependentSchemas", "{}"}, {"unevaluatedProperties", "false"},
        {"allOf", R"([{"required":["b"]}])"}, {"anyOf", "[{}]"}, {"oneOf", "[{},{}]"}, {"not", "{}"},
        {"if", "{}"}, {"then", "{}"}, {"else", "{}"}, {"const", "{}"}, {"enum", R"([{"a":1}])"},
        {"$ref", R"("#/$defs/args")"}, {"$defs", "{}"}, {"definitions", "{}"}, {"$id", R"("urn:x")"},
        {"minimum", "1"}, {"maxLength", "3"}, {"pattern", R"("a")"}, {"format", R"("date")"},
        {"items", "{}"}, {"readOnly", "true"}, {"requried", R"(["a"])"},
    };
    for (const auto& [keyword, value] : keywords) {
        INFO(keyword);
        const auto schema = ordered_json::parse(R"({"type":"object","properties":{"a":{}},")" + keyword + "\":" + value + "}");
        CHECK_THROWS_WITH(SchemaValidator(schema),
                          "unsupported schema: the schema keyword \"" + keyword + "\" is not supported at the top level");
        CHECK_THROWS_AS(SchemaValidator(json(schema)), std::invalid_argument);
    }
}

TEST_CASE("a schema for the extra arguments, a boolean property schema or an unknown dialect is refused", "[schema]") {
    CHECK_THROWS_WITH(SchemaValidator(ordered_json::parse(
                          R"({"type":"object","properties":{"a":{}},"additionalProperties":{"type":"string"}})")),
                      "unsupported schema: additionalProperties as a schema is not supported (only true or false)");
    CHECK_THROWS_AS(SchemaValidator(ordered_json::parse(R"({"type":"object","additionalProperties":{}})")),
                    std::invalid_argument);
    CHECK_THROWS_WITH(SchemaValidator(ordered_json::parse(R"({"type":"object","additionalProperties":"no"})")),
                      "malformed schema: additionalProperties must be a boolean or a schema");
    CHECK_THROWS_WITH(one("a", "false"), "unsupported schema: a: a boolean schema (true or false) is not supported");
    CHECK_THROWS_WITH(one("a", "true"), "unsupported schema: a: a boolean schema (true or false) is not supported");
    // draft-04 read exclusiveMinimum as a boolean and 1.0 as no integer: not what is checked here.
    CHECK_THROWS_WITH(SchemaValidator(ordered_json::parse(
                          R"({"$schema":"http://json-schema.org/draft-04/schema#","type":"object"})")),
                      "unsupported schema: $schema names a dialect that is not supported: "
                      "http://json-schema.org/draft-04/schema#");
    CHECK_THROWS_WITH(SchemaValidator(ordered_json::parse(R"({"type":"object","$schema":"x"})")),
                      "unsupported schema: $schema names a dialect that is not supported: x");
    CHECK_THROWS_WITH(SchemaValidator(ordered_json::parse(R"({"type":"object","$schema":1})")),
                      "malformed schema: $schema must be a string");
}

TEST_CASE("annotations are accepted anywhere and change no result", "[schema]") {
    const SchemaValidator v(ordered_json::parse(R"({
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "Lunch", "description": "An order", "default": {}, "examples": [{"q": 2}], "$comment": "top",
      "type": "object",
      "properties": {"q": {"type": "integer", "minimum": 1, "maximum": 5, "title": "Quantity",
                           "description": "How many", "default": 9, "examples": [7, "x"], "$comment": "c"}},
      "required": ["q"], "additionalProperties": false})"));
    CHECK(v.check(json::parse(R"({"q":2})")).empty());
    CHECK(messages(v, R"({"q":7})") == "q: must be between 1 and 5");  // an example or default is no exception
    CHECK(messages(v, "{}") == "q: is required");                       // nor is a default filled in
    CHECK(messages(v, R"({"q":"x"})") == "q: must be an integer");
    CHECK(messages(v, R"({"q":1,"r":2})") == "r: is not an allowed argument");

    for (const char* dialect : {"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-06/schema#",
                                "https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema"}) {
        INFO(dialect);
        CHECK_NOTHROW(SchemaValidator(ordered_json{{"$schema", dialect}, {"type", "object"}}));
    }
    CHECK_THROWS_WITH(one("q", R"({"title":3})"), "malformed schema: q: title must be a string");
    CHECK_THROWS_WITH(one("q", R"({"examples":3})"), "malformed schema: q: examples must be an array");
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

TEST_CASE("every tool's input schema compiles, using only what the validator checks", "[schema]") {
    // office_tools() compiles each schema itself, and would throw here if one were refused.
    const auto& tools = office::office_tools();
    REQUIRE(tools.size() == 19);  // the seed's six, add_customer, cancel_booking, move_booking, ten admin tools
    for (const auto& tool : tools) {
        INFO(tool.name);
        CHECK_NOTHROW(SchemaValidator(tool.input_schema));
    }
}

// ---- the official JSON-Schema-Test-Suite --------------------------------------------------------

namespace {

namespace fs = std::filesystem;

// Where a suite's case was decided, and how.
struct SuiteCounts {
    int passed = 0;
    int failed = 0;
    int unsupported = 0;  // the schema uses what the validator refuses as unsupported
    int not_object = 0;   // an object schema given a datum that is not an object (see below)
    int applicable() const { return passed + failed; }
    int total() const { return passed + failed + unsupported + not_object; }
};

// The validator compiles an object schema whose keywords sit on its properties. A suite
// schema S about one value is run as {"type":"object","properties":{"v":S},"required":["v"]}
// on {"v": D}; one that uses the object keywords (properties, required, additionalProperties)
// is run as it is, on D itself. Then a datum that is not an object is not applicable: arguments
// are always an object, and the validator refuses anything else (check()), while JSON Schema
// lets properties ignore it.
bool uses_object_keywords(const ordered_json& schema) {
    return schema.is_object() &&
           (schema.contains("properties") || schema.contains("required") || schema.contains("additionalProperties"));
}

void run_suite_file(const fs::path& file, const std::string& label, SuiteCounts& counts,
                    std::vector<std::string>& failures) {
    std::ifstream in(file);
    const auto groups = ordered_json::parse(in);
    for (const auto& group : groups) {
        const auto& schema = group.at("schema");
        const bool direct = uses_object_keywords(schema);
        ordered_json compiled = schema;
        if (!direct) {
            ordered_json property = schema;
            compiled = ordered_json::object();
            if (property.is_object() && property.contains("$schema")) {  // the dialect names the whole
                compiled["$schema"] = property["$schema"];
                property.erase("$schema");
            }
            compiled["type"] = "object";
            compiled["properties"] = ordered_json{{"v", property}};
            compiled["required"] = {"v"};
        }
        const std::string where = label + " / " + group.at("description").get<std::string>();
        std::optional<SchemaValidator> validator;
        std::string refusal;
        try {
            validator.emplace(compiled);
        } catch (const std::invalid_argument& e) {
            refusal = e.what();
        }
        for (const auto& test : group.at("tests")) {
            const json datum = json(test.at("data"));
            const bool valid = test.at("valid").get<bool>();
            const std::string case_name = where + " / " + test.at("description").get<std::string>();
            if (!validator) {
                // Every suite schema is good JSON Schema: called malformed, it is a wrong answer.
                if (refusal.rfind("unsupported schema: ", 0) == 0) {
                    ++counts.unsupported;
                } else {
                    ++counts.failed;
                    failures.push_back(case_name + ": the schema was refused: " + refusal);
                }
                continue;
            }
            if (direct && !datum.is_object()) {
                ++counts.not_object;
                continue;
            }
            const auto problems = validator->check(direct ? datum : json{{"v", datum}});
            if (problems.empty() == valid) {
                ++counts.passed;
            } else {
                ++counts.failed;
                failures.push_back(case_name + ": the suite says " + (valid ? "valid" : "invalid") +
                                   ", the validator says " + (problems.empty() ? "valid" : join_messages(problems)));
            }
        }
    }
}

}  // namespace

TEST_CASE("the official json schema test suite: every applicable case gives the suite's answer", "[schema][suite]") {
    // Debian's json-schema-test-suite (2.0.0 has draft3 to draft7): draft7 and every later
    // draft it has, every file, optional ones included (format/date.json is the one format
    // checked). A case is applicable when its schema compiles; a schema refused as
    // unsupported is counted apart, never as a pass.
    const fs::path root = fs::path(OFFICE_JSON_SCHEMA_TEST_SUITE) / "tests";
    if (!fs::is_directory(root / "draft7"))
        FAIL("the JSON-Schema-Test-Suite is not in " + root.string() +
             ": apt-get install json-schema-test-suite (./test.sh installs it)");

    std::vector<std::string> drafts;
    for (const auto& entry : fs::directory_iterator(root)) {
        const std::string name = entry.path().filename().string();
        // draft7, then draft2019-09, draft2020-12, draft-next: the ones with draft 7's meaning of
        // exclusiveMinimum and integers and later.
        if (entry.is_directory() && (name == "draft7" || name.rfind("draft20", 0) == 0 || name == "draft-next"))
            drafts.push_back(name);
    }
    std::sort(drafts.begin(), drafts.end(), [](const std::string& a, const std::string& b) {
        return (a == "draft7") != (b == "draft7") ? a == "draft7" : a < b;
    });

    // The files about what the validator checks: each must have a case that applies, so that
    // a validator refusing everything cannot pass.
    const std::vector<std::string> must_apply{
        "type.json",      "enum.json",         "minimum.json",    "maximum.json",
        "exclusiveMinimum.json", "exclusiveMaximum.json", "minLength.json", "maxLength.json",
        "pattern.json",   "properties.json",   "required.json",   "additionalProperties.json",
        "default.json",   "optional/format/date.json"};

    SuiteCounts counts;
    std::vector<std::string> failures;
    for (const auto& draft : drafts) {
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(root / draft))
            if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& file : files) {
            const std::string relative = fs::relative(file, root / draft).generic_string();
            SuiteCounts here;
            run_suite_file(file, draft + "/" + relative, here, failures);
            if (std::find(must_apply.begin(), must_apply.end(), relative) != must_apply.end()) {
                INFO(draft + "/" + relative + ": no case applies");
                CHECK(here.applicable() > 0);
            }
            counts.passed += here.passed;
            counts.failed += here.failed;
            counts.unsupported += here.unsupported;
            counts.not_object += here.not_object;
        }
        for (const auto& name : must_apply) {
            INFO(draft + "/" + name + " is missing");
            CHECK(fs::is_regular_file(root / draft / name));
        }
    }

    std::string drafts_text;
    for (const auto& d : drafts) drafts_text += (drafts_text.empty() ? "" : ", ") + d;
    std::cerr << "json schema test suite: " << counts.passed << " of " << counts.applicable()
              << " applicable cases pass (" << drafts_text << "; " << counts.unsupported + counts.not_object
              << " cases not applicable: " << counts.unsupported << " use what the validator refuses as unsupported, "
              << counts.not_object << " give an object schema a value that is not an object)\n";
    for (const auto& f : failures) UNSCOPED_INFO(f);
    CHECK(failures.empty());
    CHECK(counts.failed == 0);
    CHECK(counts.applicable() > 0);
}
