#pragma once
// MCP Apps (extension io.modelcontextprotocol/ui, revision 2026-01-26; docs/architecture.md,
// "MCP Apps"): three views, each one HTML document compiled in from resources/apps/, a ui://
// resource linked from the tool whose result it draws. Only a client that declares the
// extension with the view MIME type sees the links and can read the views; every other client
// gets the office exactly as before.

#include "json_rpc.h"

#include <string_view>

namespace office {

inline constexpr std::string_view kAppsExtension = "io.modelcontextprotocol/ui";
inline constexpr std::string_view kAppMimeType = "text/html;profile=mcp-app";

struct AppView {
    std::string_view uri;   // ui://office/...
    std::string_view tool;  // the tool linked to it (tools/list _meta.ui.resourceUri)
    std::string_view html;  // the document (resources/apps/*.html)
};

// The three views: availability (list_availability), invoices (open_invoices), lunch (order_lunch).
const AppView* app_view(std::string_view uri);
const AppView* app_view_of_tool(std::string_view tool);

// The client's capabilities declare extensions["io.modelcontextprotocol/ui"] with mimeTypes
// holding text/html;profile=mcp-app.
bool declares_apps(const json& capabilities);

// The resources/read content of a view: uri, mimeType, text and _meta.ui (prefersBorder).
json app_view_contents(const AppView& view);

}  // namespace office
