// office-mcp backup | restore | export | import: a SQLite office copied while it serves, a copy
// checked and put back, and the office as files (core/sqlite/sqlite_backup.h holds how;
// docs/operating.md, "Backups"). Entries of the command table (command_table.cpp).

#pragma once

#include "options.h"

int run_backup(const Options& o);   // backup FILE | backup --dir DIR [--keep N]
int run_restore(const Options& o);  // restore FILE [--check]
int run_export(const Options& o);   // export DIR
int run_import(const Options& o);   // import DIR
