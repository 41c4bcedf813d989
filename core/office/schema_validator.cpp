// The schema is turned into plain structs once, with every message already written, so that a
// check does no schema lookups and, when the arguments are valid, no heap allocation.

#include "schema_validator.h"

#include "schema_internal.h"

#include "utf8.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <regex>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace office {
namespace {

using namespace schema_internal;

// ---- the compiled schema ----------------------------------------------------------------------

enum TypeBit : unsigned {
    type_string = 1u << 0,
    type_integer = 1u << 1,
    type_number = 1u << 2,
    type_boolean = 1u << 3,
    type_object = 1u << 4,
    type_array = 1u << 5,
    type_null = 1u << 6,
};

struct TypeName {
    std::string_view name;
    unsigned bit;
    std::string_view phrase;
};

constexpr std::array<TypeName, 7> type_names{{
    {"string", type_string, "a string"},
    {"integer", type_integer, "an integer"},
    {"number", type_number, "a number"},
    {"boolean", type_boolean, "a boolean"},
    {"object", type_object, "an object"},
    {"array", type_array, "an array"},
    {"null", type_null, "null"},
}};

// The type bits a value satisfies: an integer is also a number, and a float with no fraction
// is also an integer (JSON-Schema semantics).
unsigned type_bits_of(const nlohmann::json& v) {
    switch (v.type()) {
    case nlohmann::json::value_t::string: return type_string;
    case nlohmann::json::value_t::boolean: return type_boolean;
    case nlohmann::json::value_t::null: return type_null;
    case nlohmann::json::value_t::object: return type_object;
    case nlohmann::json::value_t::array: return type_array;
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return type_integer | type_number;
    case nlohmann::json::value_t::number_float: {
        const double d = v.get_ref<const double&>();
        return std::isfinite(d) && std::trunc(d) == d ? (type_integer | type_number) : type_number;
    }
    default: return 0;
    }
}

struct Bound {
    Number at;
    bool exclusive = false;
};

struct Property {
    std::string name;

    unsigned types = 0;  // 0: any type
    std::string type_message;

    std::vector<nlohmann::json> enum_values;
    bool has_enum = false;
    std::string enum_message;

    std::optional<Bound> lower;
    std::optional<Bound> upper;
    std::string range_message;

    std::optional<std::size_t> min_length;
    std::optional<std::size_t> max_length;
    std::string length_message;

    std::optional<std::regex> pattern;
    std::string pattern_message;

    bool date_format = false;
    std::string format_message;
};

struct CompiledSchema {
    std::vector<Property> properties;   // in the order the schema declares them
    std::vector<std::string> required;  // in the order of the schema's `required`
    std::vector<std::string> declared;  // property names, sorted, for the additionalProperties pass
    bool additional_allowed = true;
};

[[noreturn]] void malformed(const std::string& where, const std::string& what) {
    throw std::invalid_argument("malformed schema: " + (where.empty() ? what : where + ": " + what));
}

// A schema that is well formed JSON Schema but asks for something this validator does not
// check. Refused like a malformed one, since passing it would accept arguments it should not.
[[noreturn]] void unsupported(const std::string& where, const std::string& what) {
    throw std::invalid_argument("unsupported schema: " + (where.empty() ? what : where + ": " + what));
}

// The keywords the validator implements, and the annotations: keywords that change no
// validation result anywhere in JSON Schema, so that ignoring them is exact. $schema, $id,
// $ref, $defs, readOnly, writeOnly, deprecated, contentMediaType ... are not annotations in
// that sense (they change what a schema means, or ask an application to refuse something).
constexpr std::array<std::string_view, 5> annotation_keywords{"title", "description", "default", "examples",
                                                              "$comment"};
constexpr std::array<std::string_view, 10> property_keywords{
    "type",      "enum",      "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minLength", "maxLength", "pattern", "format"};
constexpr std::array<std::string_view, 5> top_level_keywords{"type", "properties", "required",
                                                             "additionalProperties", "$schema"};

// The dialects whose meaning of the keywords above is this validator's (from draft 6 on,
// exclusiveMinimum is a number and 2.0 is an integer). What the server sends names 2020-12.
constexpr std::array<std::string_view, 4> known_dialects{
    "http://json-schema.org/draft-06/schema", "http://json-schema.org/draft-07/schema",
    "https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Every keyword of `s` must be one of `known` or an annotation; the first that is not (in the
// schema's order) is named. `where` is the property's name, or "" for the top level.
template <class Json, std::size_t N>
void refuse_unknown_keywords(const Json& s, const std::array<std::string_view, N>& known, const std::string& where) {
    for (auto it = s.begin(); it != s.end(); ++it) {
        const std::string& key = it.key();
        if (listed(known, key)) continue;
        if (!listed(annotation_keywords, key))
            unsupported(where, "the schema keyword \"" + key + "\" is not supported" + (where.empty() ? " at the top level" : ""));
        const bool text = key == "title" || key == "description" || key == "$comment";
        if (text && !it->is_string()) malformed(where, key + " must be a string");
        if (key == "examples" && !it->is_array()) malformed(where, "examples must be an array");
    }
}

template <class Json>
Bound read_bound(const Json& v, const std::string& name, const char* keyword, bool exclusive) {
    if (!v.is_number()) malformed(name, std::string(keyword) + " must be a number");
    return Bound{to_number(v), exclusive};
}

template <class Json>
std::size_t read_length(const Json& v, const std::string& name, const char* keyword) {
    // 3.0 is an integer here too; lengths past 2^53 mean nothing for a tool argument.
    if (v.is_number()) {
        const Number n = to_number(v);
        if (n.kind == Number::Kind::unsigned_) return static_cast<std::size_t>(n.u);
        if (n.kind == Number::Kind::floating && n.d >= 0 && n.d < 9007199254740992.0 && std::trunc(n.d) == n.d)
            return static_cast<std::size_t>(n.d);
    }
    malformed(name, std::string(keyword) + " must be a non-negative integer");
}

template <class Json>
void compile_type(const Json& type, Property& p) {
    std::vector<const TypeName*> listed;
    auto add = [&](const Json& t) {
        if (!t.is_string()) malformed(p.name, "type must be a type name or an array of them");
        const auto& text = t.template get_ref<const std::string&>();
        const auto found = std::find_if(type_names.begin(), type_names.end(),
                                        [&](const TypeName& n) { return n.name == text; });
        if (found == type_names.end()) malformed(p.name, "unknown type \"" + text + "\"");
        p.types |= found->bit;
        listed.push_back(&*found);
    };
    if (type.is_array()) {
        if (type.empty()) malformed(p.name, "type must not be an empty array");
        for (const auto& t : type) add(t);
    } else {
        add(type);
    }
    p.type_message = p.name + ": must be ";
    for (std::size_t i = 0; i < listed.size(); ++i) {
        if (i > 0) p.type_message += " or ";
        p.type_message += listed[i]->phrase;
    }
}

template <class Json>
void compile_enum(const Json& values, Property& p) {
    if (!values.is_array() || values.empty()) malformed(p.name, "enum must be a non-empty array");
    p.has_enum = true;
    p.enum_message = p.name + ": must be one of ";
    bool first = true;
    for (const auto& v : values) {
        p.enum_values.emplace_back(v);  // converts an ordered_json value to a json one
        if (!first) p.enum_message += ", ";
        first = false;
        p.enum_message += v.is_string() ? v.template get_ref<const std::string&>() : v.dump();
    }
}

// minimum/exclusiveMinimum and maximum/exclusiveMaximum: where both of a side are given, only
// the stricter one can ever fail, so it alone is kept.
template <class Json>
void compile_range(const Json& s, Property& p) {
    auto tighter_lower = [](std::optional<Bound> a, std::optional<Bound> b) -> std::optional<Bound> {
        if (!a) return b;
        if (!b) return a;
        const int c = compare(a->at, b->at);
        if (c != 0) return c > 0 ? a : b;
        return a->exclusive ? a : b;
    };
    auto tighter_upper = [](std::optional<Bound> a, std::optional<Bound> b) -> std::optional<Bound> {
        if (!a) return b;
        if (!b) return a;
        const int c = compare(a->at, b->at);
        if (c != 0) return c < 0 ? a : b;
        return a->exclusive ? a : b;
    };
    std::optional<Bound> minimum, exclusive_minimum, maximum, exclusive_maximum;
    if (auto it = s.find("minimum"); it != s.end()) minimum = read_bound(*it, p.name, "minimum", false);
    if (auto it = s.find("exclusiveMinimum"); it != s.end())
        exclusive_minimum = read_bound(*it, p.name, "exclusiveMinimum", true);
    if (auto it = s.find("maximum"); it != s.end()) maximum = read_bound(*it, p.name, "maximum", false);
    if (auto it = s.find("exclusiveMaximum"); it != s.end())
        exclusive_maximum = read_bound(*it, p.name, "exclusiveMaximum", true);
    p.lower = tighter_lower(minimum, exclusive_minimum);
    p.upper = tighter_upper(maximum, exclusive_maximum);
    if (!p.lower && !p.upper) return;

    auto lower_phrase = [&] { return (p.lower->exclusive ? "greater than " : "at least ") + to_text(p.lower->at); };
    auto upper_phrase = [&] { return (p.upper->exclusive ? "less than " : "at most ") + to_text(p.upper->at); };
    std::string range;
    if (p.lower && p.upper && !p.lower->exclusive && !p.upper->exclusive) {
        range = compare(p.lower->at, p.upper->at) == 0
                    ? "exactly " + to_text(p.lower->at)
                    : "between " + to_text(p.lower->at) + " and " + to_text(p.upper->at);
    } else if (p.lower && p.upper) {
        range = lower_phrase() + " and " + upper_phrase();
    } else if (p.lower) {
        range = lower_phrase();
    } else {
        range = upper_phrase();
    }
    p.range_message = p.name + ": must be " + range;
}

template <class Json>
void compile_length(const Json& s, Property& p) {
    if (auto it = s.find("minLength"); it != s.end()) p.min_length = read_length(*it, p.name, "minLength");
    if (auto it = s.find("maxLength"); it != s.end()) p.max_length = read_length(*it, p.name, "maxLength");
    if (!p.min_length && !p.max_length) return;

    auto characters = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " character" : " characters"); };
    std::string length;
    if (p.min_length && p.max_length) {
        length = *p.min_length == *p.max_length
                     ? "exactly " + characters(*p.min_length)
                     : "between " + std::to_string(*p.min_length) + " and " + characters(*p.max_length);
    } else if (p.min_length) {
        length = "at least " + characters(*p.min_length);
    } else {
        length = "at most " + characters(*p.max_length);
    }
    p.length_message = p.name + ": must be " + length;
}

template <class Json>
Property compile_property(const std::string& name, const Json& s) {
    Property p;
    p.name = name;
    if (s.is_boolean()) unsupported(name, "a boolean schema (true or false) is not supported");
    if (!s.is_object()) malformed(name, "a property's schema must be an object");
    refuse_unknown_keywords(s, property_keywords, name);

    if (auto it = s.find("type"); it != s.end()) compile_type(*it, p);
    if (auto it = s.find("enum"); it != s.end()) compile_enum(*it, p);
    compile_range(s, p);
    compile_length(s, p);
    if (auto it = s.find("pattern"); it != s.end()) {
        if (!it->is_string()) malformed(name, "pattern must be a string");
        const auto& text = it->template get_ref<const std::string&>();
        if (const auto problem = pattern_problem(text); !problem.empty())
            malformed(name, "pattern " + text + " " + problem);
        try {
            p.pattern.emplace(text, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            malformed(name, "pattern " + text + " does not compile: " + e.what());
        }
        p.pattern_message = name + ": must match the pattern " + text;
    }
    if (auto it = s.find("format"); it != s.end()) {
        if (!it->is_string()) malformed(name, "format must be a string");
        // JSON Schema lets a validator treat a format as an annotation, but a schema's author
        // who writes "email" means it to be checked: only "date" is, any other is refused.
        const auto& format = it->template get_ref<const std::string&>();
        if (format != "date") unsupported(name, "the format \"" + format + "\" is not supported (only \"date\" is checked)");
        p.date_format = true;
        p.format_message = name + ": must be a real calendar date (YYYY-MM-DD)";
    }
    return p;
}

template <class Json>
void compile(const Json& schema, CompiledSchema& c) {
    if (!schema.is_object()) malformed("", "the schema must be an object");
    refuse_unknown_keywords(schema, top_level_keywords, "");
    if (auto it = schema.find("type"); it != schema.end() && *it != "object")
        malformed("", "the schema's type must be \"object\"");
    if (auto it = schema.find("$schema"); it != schema.end()) {
        if (!it->is_string()) malformed("", "$schema must be a string");
        std::string_view dialect = it->template get_ref<const std::string&>();
        if (!dialect.empty() && dialect.back() == '#') dialect.remove_suffix(1);
        if (!listed(known_dialects, dialect))
            unsupported("", "$schema names a dialect that is not supported: " + it->template get<std::string>());
    }

    if (auto it = schema.find("properties"); it != schema.end()) {
        if (!it->is_object()) malformed("", "properties must be an object");
        for (const auto& [name, property] : it->items()) {
            c.properties.push_back(compile_property(name, property));
            c.declared.push_back(name);
        }
    }
    std::sort(c.declared.begin(), c.declared.end());

    if (auto it = schema.find("required"); it != schema.end()) {
        if (!it->is_array()) malformed("", "required must be an array of names");
        for (const auto& name : *it) {
            if (!name.is_string()) malformed("", "required must be an array of names");
            const auto& text = name.template get_ref<const std::string&>();
            if (std::find(c.required.begin(), c.required.end(), text) == c.required.end())
                c.required.push_back(text);
        }
    }

    if (auto it = schema.find("additionalProperties"); it != schema.end()) {
        // A schema here would constrain the extra arguments, which is not checked: refused.
        if (it->is_object())
            unsupported("", "additionalProperties as a schema is not supported (only true or false)");
        if (!it->is_boolean()) malformed("", "additionalProperties must be a boolean or a schema");
        c.additional_allowed = it->template get<bool>();
    }
}

void check_property(const Property& p, const nlohmann::json& v, std::vector<Problem>& problems) {
    if (p.types != 0 && (type_bits_of(v) & p.types) == 0) {
        problems.push_back({p.name, "type", p.type_message});
        return;
    }
    if (p.has_enum && std::find(p.enum_values.begin(), p.enum_values.end(), v) == p.enum_values.end())
        problems.push_back({p.name, "enum", p.enum_message});

    if ((p.lower || p.upper) && v.is_number()) {
        const Number n = to_number(v);
        if (p.lower && (p.lower->exclusive ? compare(n, p.lower->at) <= 0 : compare(n, p.lower->at) < 0))
            problems.push_back({p.name, p.lower->exclusive ? "exclusiveMinimum" : "minimum", p.range_message});
        else if (p.upper && (p.upper->exclusive ? compare(n, p.upper->at) >= 0 : compare(n, p.upper->at) > 0))
            problems.push_back({p.name, p.upper->exclusive ? "exclusiveMaximum" : "maximum", p.range_message});
    }

    if (!v.is_string()) return;
    const auto& text = v.get_ref<const std::string&>();
    if (p.min_length || p.max_length) {
        const std::size_t n = utf8::count_characters(text);
        if (p.min_length && n < *p.min_length)
            problems.push_back({p.name, "minLength", p.length_message});
        else if (p.max_length && n > *p.max_length)
            problems.push_back({p.name, "maxLength", p.length_message});
    }
    if (p.pattern && !std::regex_search(text, *p.pattern)) {
        problems.push_back({p.name, "pattern", p.pattern_message});
        return;  // the format is only worth a word once the pattern holds
    }
    if (p.date_format && !is_calendar_date(text)) problems.push_back({p.name, "format", p.format_message});
}

}  // namespace

struct SchemaValidator::Compiled : CompiledSchema {};

SchemaValidator::SchemaValidator(const nlohmann::ordered_json& schema) : compiled_(std::make_unique<Compiled>()) {
    compile(schema, *compiled_);
}

SchemaValidator::SchemaValidator(const nlohmann::json& schema) : compiled_(std::make_unique<Compiled>()) {
    compile(schema, *compiled_);
}

SchemaValidator::~SchemaValidator() = default;
SchemaValidator::SchemaValidator(SchemaValidator&&) noexcept = default;
SchemaValidator& SchemaValidator::operator=(SchemaValidator&&) noexcept = default;

std::vector<Problem> SchemaValidator::check(const nlohmann::json& value) const {
    std::vector<Problem> problems;
    if (!value.is_object()) {
        problems.push_back({"", "type", "arguments must be an object"});
        return problems;
    }
    const Compiled& c = *compiled_;

    for (const auto& name : c.required)
        if (value.find(name) == value.end()) problems.push_back({name, "required", name + ": is required"});

    std::size_t declared_present = 0;
    for (const auto& p : c.properties) {
        const auto it = value.find(p.name);
        if (it == value.end()) continue;
        ++declared_present;
        check_property(p, *it, problems);
    }

    // Every argument was declared unless there are more than were found. A json object keeps
    // its keys sorted by name, so the extra ones come out in the promised order.
    if (!c.additional_allowed && declared_present < value.size()) {
        for (const auto& [name, _] : value.items()) {
            if (!std::binary_search(c.declared.begin(), c.declared.end(), name))
                problems.push_back({name, "additionalProperties", name + ": is not an allowed argument"});
        }
    }
    return problems;
}

std::string join_messages(const std::vector<Problem>& problems) {
    std::size_t size = 0;
    for (const auto& p : problems) size += p.message.size() + 2;
    std::string joined;
    joined.reserve(size);
    for (std::size_t i = 0; i < problems.size(); ++i) {
        if (i > 0) joined += "; ";
        joined += problems[i].message;
    }
    return joined;
}

bool is_calendar_date(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
    auto digits = [&](std::size_t from, std::size_t count, int& out) {
        out = 0;
        for (std::size_t i = from; i < from + count; ++i) {
            if (text[i] < '0' || text[i] > '9') return false;
            out = out * 10 + (text[i] - '0');
        }
        return true;
    };
    int year = 0, month = 0, day = 0;
    if (!digits(0, 4, year) || !digits(5, 2, month) || !digits(8, 2, day)) return false;
    if (month < 1 || month > 12 || day < 1) return false;
    constexpr std::array<int, 12> days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int last = month == 2 && leap ? 29 : days[static_cast<std::size_t>(month - 1)];
    return day <= last;
}

}  // namespace office
