#include "tool_reply.h"

namespace office {

namespace {

constexpr std::string_view kServerInfoKey = "io.modelcontextprotocol/serverInfo";

// Writes json values with nlohmann's serializer, as dump() does, but into `out` directly.
class Writer {
public:
    explicit Writer(std::string& out)
        : serializer_(nlohmann::detail::output_adapter<char, std::string>(out), ' ', json::error_handler_t::replace) {}
    void value(const json& v) { serializer_.dump(v, false, false, 0); }

private:
    nlohmann::detail::serializer<json> serializer_;
};

}  // namespace

json tool_reply(const json& id, const ToolResult& result, ToolReplyShape shape) {
    json r{{"content", json::array({json{{"type", "text"}, {"text", result.text}}})}};
    if (result.is_error) r["isError"] = true;
    if (!result.structured.is_null() && shape.structured_content) r["structuredContent"] = result.structured;
    if (shape.server_info) {
        r["resultType"] = "complete";
        r["_meta"][kServerInfoKey] = *shape.server_info;
    }
    return make_result(id, std::move(r));
}

void append_tool_reply(std::string& out, const json& id, ToolResult& result, ToolReplyShape shape) {
    Writer w(out);
    // Keys in std::map order: id < jsonrpc < result; _meta < content < isError < resultType <
    // structuredContent; text < type.
    out += "{\"id\":";
    w.value(id);
    out += ",\"jsonrpc\":\"2.0\",\"result\":{";
    if (shape.server_info) {
        out += "\"_meta\":{\"";
        out += kServerInfoKey;
        out += "\":";
        w.value(*shape.server_info);
        out += "},";
    }
    out += "\"content\":[{\"text\":";
    // The text as a json string value: moved in and back out, so never copied.
    json text(std::move(result.text));
    w.value(text);
    result.text = std::move(text.get_ref<std::string&>());
    out += ",\"type\":\"text\"}]";
    if (result.is_error) out += ",\"isError\":true";
    if (shape.server_info) out += ",\"resultType\":\"complete\"";
    if (!result.structured.is_null() && shape.structured_content) {
        out += ",\"structuredContent\":";
        w.value(result.structured);
    }
    out += "}}\n";
}

}  // namespace office
