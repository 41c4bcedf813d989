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

}  // namespace office
