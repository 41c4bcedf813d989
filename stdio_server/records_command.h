// office-mcp customers|invoices|menu: the office's records kept from its console
// (core/office/records.h holds the rules; the admin tools are the same changes over MCP).

#pragma once

#include "options.h"

#include <optional>

// Runs `customers ...`, `invoices ...` or `menu ...`; nullopt when o.command names none of them.
std::optional<int> run_records_command(const Options& o);
