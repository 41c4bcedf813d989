#pragma once
// Where office-desk finds office-mcp and the database by default, and how the choices made
// in the window persist between runs (QSettings, organisation "office-mcp").

#include "mcpclient.h"

class QSettings;

namespace DeskSettings {

// office-mcp beside office-desk (installed), then ../stdio_server/office-mcp (build tree),
// then office-mcp on PATH.
QString defaultServerProgram();
// The database `program` serves when given no --db, as `program db path` prints it: the server
// owns that rule ($OFFICE_MCP_DB, else $XDG_DATA_HOME/office-mcp/office.db, else
// ~/.local/share/office-mcp/office.db), so the desk cannot disagree with it. Waits a few
// seconds at most (the answer takes milliseconds). Empty when the server could not be asked;
// then *problem, when given, says why in a sentence.
QString defaultDatabasePath(const QString &program, QString *problem = nullptr);

// The default program; the database is left empty: "the server's default", which the window
// asks the server for (defaultDatabasePath) when it starts.
McpClient::Launch defaults();
// The token of a remote office is neither loaded nor saved here (TokenStore keeps it).
McpClient::Launch load(QSettings &settings);
void save(QSettings &settings, const McpClient::Launch &launch);

} // namespace DeskSettings
