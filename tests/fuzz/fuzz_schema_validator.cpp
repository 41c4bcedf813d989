// libFuzzer target for the schema validator with arbitrary schemas and values. The input is a
// schema (first line) and a value (the rest), both JSON. A schema that is malformed must be
// refused with std::invalid_argument and nothing else; a compiled one must check any value
// without crashing, and report problems in the promised order with a message for each.

#include "schema_validator.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "validator promise broken: %s\n", what);
    std::abort();
}

int stage(const office::Problem& p) {
    if (p.rule == "required") return 0;
    if (p.rule == "additionalProperties") return 2;
    return 1;
}

void check_problems(const std::vector<office::Problem>& problems) {
    int last = 0;
    for (const auto& p : problems) {
        if (p.message.empty() || p.rule.empty()) broken("a problem without a rule or message");
        if (stage(p) < last) broken("problems out of the documented order");
        last = stage(p);
    }
    (void)office::join_messages(problems);
}

template <class Schema>
void exercise(const Schema& schema, const nlohmann::json& value) {
    try {
        const office::SchemaValidator validator(schema);
        check_problems(validator.check(value));
    } catch (const std::invalid_argument&) {
        // A malformed schema: refused, as documented.
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto nl = input.find('\n');
    const auto schema_text = input.substr(0, nl);
    const auto value_text = nl == std::string_view::npos ? std::string_view() : input.substr(nl + 1);

    const auto value = nlohmann::json::parse(value_text, nullptr, false);
    if (value.is_string()) (void)office::is_calendar_date(value.get_ref<const std::string&>());
    const auto ordered = nlohmann::ordered_json::parse(schema_text, nullptr, false);
    if (ordered.is_discarded() || value.is_discarded()) return 0;
    exercise(ordered, value);
    exercise(nlohmann::json(nlohmann::json::parse(schema_text, nullptr, false)), value);
    return 0;
}
