#pragma once
// `office-mcp token add NAME [--profile P] [--approver] [--admin] | list | revoke NAME
// [--tokens FILE]`: the operator's hand on the tokens file (core/office/tokens.h) that names HTTP
// callers. An entry of the command table (command_table.cpp); it touches no database.

#include "options.h"

namespace office {

// 0 done, 1 refused (one sentence on stderr, the file unchanged).
int token_command(const Options& o);

}  // namespace office
