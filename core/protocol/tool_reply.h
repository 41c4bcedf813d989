#pragma once
// The reply to a tools/call whose tool completed: the hottest message office-mcp writes.
// tool_reply() builds it as a json value (a 2025-03-26 batch collects values); append_tool_reply()
// writes the same bytes straight into the output line without building the value (issue 16:
// building, dumping and freeing the json cost about a fifth of an order_lunch call).

#include "era.h"
#include "json_rpc.h"
#include "tool.h"

#include <string>
#include <string_view>

namespace office {

// What the reply carries besides the tool's result. `server_info` non-null: a 2026-07-28
// request, whose result also has resultType "complete" and _meta[serverInfo] = *server_info.
struct ToolReplyShape {
    bool structured_content = false;  // the era has structuredContent
    bool resource_links = false;      // the era has resource_link content: result.links follow the text
    const json* server_info = nullptr;
    // *server_info as dump() writes it, when the caller keeps it written (the session does: it
    // is the same for every 2026-07-28 reply, and dumping it was a third of the reply's cost).
    // Empty: append_tool_reply dumps *server_info itself.
    std::string_view server_info_text = {};
};

// What a tool's reply carries in the revision that `has` (without the 2026-07-28 serverInfo).
inline ToolReplyShape reply_shape(const Revision& has) {
    return {.structured_content = has.structured_content, .resource_links = has.resource_links};
}

// A tool's result as a CallToolResult: content, isError, and structuredContent and the links
// where the era has them (not resultType or _meta: the reply adds those).
json call_tool_result(const ToolResult& result, ToolReplyShape shape);

// {"jsonrpc":"2.0","id":id,"result":{content:[{type:"text",text}, resource_link...], isError?, structuredContent?, ...}}
// A link: {"type":"resource_link","uri":"office://customers/2","name":"customers/2","title":...,
// "mimeType":"application/json"} (row_link_uri, office_resources.h).
json tool_reply(const json& id, const ToolResult& result, ToolReplyShape shape);

// Appends exactly append_line(out, tool_reply(id, result, shape)): the same members in the
// same order (nlohmann's objects sort their keys), strings escaped by nlohmann's own
// serializer (invalid UTF-8 repaired with U+FFFD, as append_line does). result.text is
// borrowed while it is written (swapped into a json string and back), so it is never copied.
void append_tool_reply(std::string& out, const json& id, ToolResult& result, ToolReplyShape shape);

}  // namespace office
