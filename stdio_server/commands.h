// The operator's commands (db, config, log tail, audit, approvals, backup, restore) and the --help text: what
// office-mcp does when argv names a command instead of asking it to serve MCP on stdin/stdout.

#pragma once

#include "options.h"

#include <optional>

// The text --help prints.
const char* usage_text();

// Runs the command `o.command` names and gives its exit status; nullopt when argv named no
// command (then the caller serves). A command it does not know fails (exit 2).
std::optional<int> run_command(const Options& o);
