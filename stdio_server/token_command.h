#pragma once
// `office-mcp token add NAME [--profile P] | list | revoke NAME [--tokens FILE] [--db PATH]`:
// the operator's hand on the tokens file (core/office/tokens.h) that names HTTP callers. Kept out of
// main.cpp: it has its own options (--tokens) and touches no database.

#include <optional>

namespace office {

// Runs the token command when the command line is one (its first word that is not an option
// or an option's value is "token") and returns the exit status: 0 done, 1 refused (one sentence
// on stderr, the file unchanged), 2 a command line that is not understood. nullopt: not a
// token command, nothing done.
std::optional<int> token_command(int argc, char** argv);

}  // namespace office
