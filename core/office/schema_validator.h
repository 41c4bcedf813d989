#pragma once
// Tool arguments arrive from a model and are checked against the tool's own inputSchema
// before any tool code runs. The schema is compiled once; checking collects every problem
// in a fixed order (see check()), so the model can fix them all in one retry.

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct Problem {
    std::string path;     // the argument's name ("quantity"), or "" for the whole object
    std::string rule;     // the JSON-Schema keyword that failed: "required", "type", "enum", ...
    std::string message;  // "quantity: must be between 1 and 5"
};

// Compiled from an object schema {type:"object", properties, required, additionalProperties
// (true or false), $schema (draft-06, draft-07, 2019-09 or 2020-12)}.
// Supported per property: type (string, integer, number, boolean, object, array, null, or an
// array of these; JSON-Schema integer semantics, so 2.0 is an integer and "2" is not), enum,
// minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength/maxLength (in Unicode
// characters), pattern (ECMA-style, anchored as written), format "date" (a real calendar date
// YYYY-MM-DD). Anywhere, the annotations title, description, default, examples and $comment,
// which change no result, are allowed and not used.
// Any other keyword (items, const, oneOf, multipleOf, $ref, properties inside a property, ...),
// another format ("email"), additionalProperties given as a schema and a boolean schema are
// refused, never ignored, since ignoring them would accept arguments the schema refuses: the
// constructor throws std::invalid_argument("unsupported schema: quantity: the schema keyword
// \"multipleOf\" is not supported"). A schema that is malformed (not an object, a keyword of
// the wrong kind, a pattern that does not compile) throws std::invalid_argument("malformed
// schema: ..."). tests/office/test_schema_validator.cpp runs the official JSON-Schema-Test-Suite on it.
class SchemaValidator {
public:
    // Properties are checked in the order the schema declares them, which only an ordered_json
    // remembers: the tool registry passes that. A plain json has sorted its keys, so properties
    // are then checked in name order.
    explicit SchemaValidator(const nlohmann::ordered_json& schema);
    explicit SchemaValidator(const nlohmann::json& schema);
    ~SchemaValidator();
    SchemaValidator(SchemaValidator&&) noexcept;
    SchemaValidator& operator=(SchemaValidator&&) noexcept;

    // Every problem with `value`, in order: (1) each missing required property in schema
    // order; (2) each declared property present, in schema order: type first (a wrong type
    // stops that property's other checks), then enum, range, length, pattern/format;
    // (3) each property not declared (when additionalProperties is false), sorted by name.
    // A `value` that is not an object is one problem with path "" and rule "type".
    std::vector<Problem> check(const nlohmann::json& value) const;

private:
    struct Compiled;
    std::unique_ptr<Compiled> compiled_;
};

// "item: must be one of bocadillo, tortilla, ensalada; quantity: must be between 1 and 5"
std::string join_messages(const std::vector<Problem>& problems);

// True for a real calendar date written exactly as YYYY-MM-DD (leap years honoured).
bool is_calendar_date(std::string_view text);

}  // namespace office
