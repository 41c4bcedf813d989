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

json parse_message(std::string_view text, int max_depth, bool& too_deep) {
    too_deep = false;
    // JSON never holds a raw NUL byte, but nlohmann's parser takes one for the end of input and
    // would act on "{...}\0anything"; such a text is not JSON.
    if (text.find('\0') != std::string_view::npos) return json(json::value_t::discarded);
    // Fewer brackets than the limit cannot nest deeper: the fast path.
    std::size_t brackets = 0;
    for (const char c : text) brackets += c == '[' || c == '{';
    if (brackets <= static_cast<std::size_t>(max_depth)) return json::parse(text, nullptr, /*allow_exceptions=*/false);
    const json::parser_callback_t limit = [&too_deep, max_depth](int depth, json::parse_event_t event, json&) {
        if (depth < max_depth || (event != json::parse_event_t::object_start && event != json::parse_event_t::array_start))
            return true;
        too_deep = true;
        return false;
    };
    return json::parse(text, limit, /*allow_exceptions=*/false);
}

}  // namespace office
