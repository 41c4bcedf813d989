// office-mcp backup FILE | restore FILE: a SQLite office copied while it serves, and a copy
// checked and put back (core/sqlite/sqlite_backup.h holds how; docs/operating.md, "Backups").

#pragma once

#include "options.h"

#include <optional>

// Runs `backup FILE` or `restore FILE`; nullopt when o.command names neither.
std::optional<int> run_backup_command(const Options& o);
