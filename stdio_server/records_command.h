// office-mcp customers|invoices|menu|office|hours|calendar: the office's records kept from its
// console (core/office/records.h holds the rules; the admin tools are the same changes over MCP).
// Entries of the command table (command_table.cpp), which has checked words, operands and flags.

#pragma once

#include "options.h"

int run_customers_command(const Options& o);  // customers list | add | edit ID | remove ID | import FILE | export [FILE]
int run_invoices_command(const Options& o);   // invoices list | add | pay ID
int run_menu_command(const Options& o);       // menu list | add NAME | remove NAME
int run_office_command(const Options& o);     // office set | show
int run_hours_command(const Options& o);      // hours set DAYS RANGES | closed DATE | open DATE | show
int run_calendar_command(const Options& o);   // calendar export [FILE]
