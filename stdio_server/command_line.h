// The console as one table: every command office-mcp runs (its words, the operands and flags it
// takes, its help and the function that runs it) and every flag (its value, its help and where it
// goes in Options). The table is command_table.cpp (commands) and command_flags.cpp (flags); this
// header is how it is read:
// parse_command_line() checks argv against it (a flag that no command takes, or that this command
// does not take, is refused naming the flags it does take), and --help, `help COMMAND` and the
// man page's SYNOPSIS, COMMANDS and OPTIONS are all written from it.
//
// A new command is one entry in commands(): its words, its synopsis (which says its operands and
// flags: `ID [--name NAME]`), its summary and details, and its run function. A new flag is one
// entry in flags() (command_flags.cpp). docs/architecture.md, "How to add a command".

#pragma once

#include "options.h"

#include <string>
#include <string_view>
#include <vector>

struct Flag {
    enum class Kind {
        Global,   // every command takes it (--db, --durability)
        Serving,  // how MCP is served, over stdio or HTTP; `config` carries them
        Http,     // how the HTTP server serves (with --http)
        Command,  // taken by the commands whose synopsis names it
    };
    std::string_view name;   // "--db"
    std::string_view value;  // what follows it in --help ("PATH"); empty: a switch
    Kind kind;
    std::string_view summary;  // its lines in --help
    // `help COMMAND` and the man page: text with roff's font escapes (\fB bold \fI italic \fR
    // roman), \e for a backslash, \(em for a dash; a blank line starts a new paragraph.
    std::string_view details;
    void (*set)(Options& o, const std::string& value);
};

struct Command {
    std::string_view words;  // "customers add"; empty: serve MCP (no command)
    // What follows the words, as the usage line shows it: operands (ID, [FILE.csv]) and flags
    // ([--name NAME] optional, --amount 1234.56 required). "[serving options]" takes the Serving
    // flags, "[options]" the Serving and Http flags; every command takes the Global ones.
    std::string_view synopsis;
    std::string_view summary;  // --help's line for it
    std::string_view details;  // `help COMMAND` and the man page, as Flag::details
    int (*run)(const Options& o);
};

const std::vector<Flag>& flags();
const std::vector<Command>& commands();

// argv checked against the table: the options it sets, and the command it names (nullptr: help
// or the version was printed, exit 0). fail()s (exit 2, one sentence) on anything else.
struct CommandLine {
    Options options;
    const Command* command = nullptr;
};
CommandLine parse_command_line(int argc, char** argv);

// --help: every command's usage line and summary, then every flag's summary by kind.
std::string usage_text();
// `help WORD`: the usage, details and flags of every command that starts with WORD; empty when
// none does.
std::string help_text(const std::string& word);
// The man page: `template_text` with its lines %SYNOPSIS%, %COMMANDS% and %OPTIONS% replaced by
// those sections written from the table (packaging/office-mcp.1.in).
std::string man_page(const std::string& template_text);
