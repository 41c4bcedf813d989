#include "json_rpc.h"

namespace office {

void append_line(std::string& out, const json& message) {
    // dump() escapes control characters, so the line never holds a raw '\n'.
    out += message.dump(-1, ' ', false, json::error_handler_t::replace);
    out += '\n';
}

json make_result(const json& id, json result) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json make_error(const json& id, int code, std::string_view message, json data) {
    json error{{"code", code}, {"message", message}};
    if (!data.is_null()) error["data"] = std::move(data);
    json reply{{"jsonrpc", "2.0"}, {"error", std::move(error)}};
    if (is_valid_id(id)) reply["id"] = id;
    return reply;
}

bool is_valid_id(const json& id) {
    return id.is_string() || id.is_number_integer() || id.is_number_unsigned();
}

const json* find_member(const json& value, std::string_view key) {
    if (!value.is_object()) return nullptr;
    const auto it = value.find(key);
    return it == value.end() ? nullptr : &*it;
}

std::string_view string_member(const json& value, std::string_view key, std::string_view fallback) {
    const json* member = find_member(value, key);
    return member && member->is_string() ? std::string_view(member->get_ref<const std::string&>()) : fallback;
}

namespace {

// Whether `text`'s brackets, outside strings, nest deeper than `max_depth`. One pass, no value
// built. (On a text that is not JSON the answer does not matter: its parse fails either way.)
bool nests_deeper_than(std::string_view text, int max_depth) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > max_depth) return true;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return false;
}

// A message too deep to build keeps only what its refusal needs: the top level's kind and, for
// an object, its members, a member that is itself an array or object kept as null. Read by a SAX
// pass, which is iterative and builds nothing deeper. (nlohmann's parse with a callback, used
// before, scans the whole parent after every element it ends: quadratic, 6.5 s for a 4 MB array
// of small objects.)
class Shallow final : public nlohmann::json_sax<json> {
public:
    json value;

    bool null() override { return scalar(nullptr); }
    bool boolean(bool b) override { return scalar(b); }
    bool number_integer(number_integer_t n) override { return scalar(n); }
    bool number_unsigned(number_unsigned_t n) override { return scalar(n); }
    bool number_float(number_float_t n, const string_t&) override { return scalar(n); }
    bool string(string_t& s) override { return scalar(std::move(s)); }
    bool binary(binary_t&) override { return scalar(nullptr); }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        if (depth_ == 1) key_ = std::move(k);
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool scalar(json v) {
        if (depth_ == 0) value = std::move(v);
        else if (depth_ == 1 && value.is_object()) value[key_] = std::move(v);
        return true;
    }
    bool open(json empty) {
        if (depth_ == 0) value = std::move(empty);
        else if (depth_ == 1 && value.is_object()) value[key_] = nullptr;
        ++depth_;
        return true;
    }
    bool close() {
        --depth_;
        return true;
    }
    int depth_ = 0;
    std::string key_;
};

}  // namespace

json parse_message(std::string_view text, int max_depth, bool& too_deep) {
    too_deep = false;
    // JSON never holds a raw NUL byte, but nlohmann's parser takes one for the end of input and
    // would act on "{...}\0anything"; such a text is not JSON.
    if (text.find('\0') != std::string_view::npos) return json(json::value_t::discarded);
    // Fewer brackets than the limit cannot nest deeper: the fast path, a message's usual one.
    std::size_t brackets = 0;
    for (const char c : text) brackets += c == '[' || c == '{';
    if (brackets <= static_cast<std::size_t>(max_depth) || !nests_deeper_than(text, max_depth))
        return json::parse(text, nullptr, /*allow_exceptions=*/false);
    Shallow shallow;
    if (!json::sax_parse(text, &shallow)) return json(json::value_t::discarded);
    too_deep = true;
    return std::move(shallow.value);
}

}  // namespace office
