// The operator's commands that are not records, backups or tokens: db, config, log tail, audit,
// approvals and help. Each is an entry of the command table (command_table.cpp), which has
// checked the words, operands and flags before it runs; the words are o.command.

#pragma once

#include "options.h"

int run_db_command(const Options& o);         // db init | reset | path
int run_config_command(const Options& o);     // config CLIENT
int run_log_command(const Options& o);        // log tail [FILE]
int run_audit_command(const Options& o);      // audit
int run_approvals_command(const Options& o);  // approvals list | reopen N
int run_help_command(const Options& o);       // help [COMMAND] [--man-page TEMPLATE]
