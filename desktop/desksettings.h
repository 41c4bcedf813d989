#pragma once
// Where office-desk finds office-mcp and the database by default, and how the choices made
// in the window persist between runs (QSettings, organisation "office-mcp").

#include "mcpclient.h"

class QSettings;

namespace DeskSettings {

// office-mcp beside office-desk (installed), then ../stdio_server/office-mcp (build tree),
// then office-mcp on PATH.
QString defaultServerProgram();
// The server's own default: $OFFICE_MCP_DB, else $XDG_DATA_HOME/office-mcp/office.db, else
// ~/.local/share/office-mcp/office.db.
QString defaultDatabasePath();

McpClient::Launch defaults();
McpClient::Launch load(QSettings &settings);
void save(QSettings &settings, const McpClient::Launch &launch);

} // namespace DeskSettings
