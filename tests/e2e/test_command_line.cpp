// The console's command table (stdio_server/command_line.h): every command is in --help, in
// `help COMMAND` and in the man page the build wrote, and the real binary refuses a flag its
// command does not take, naming the flags it does, before it touches anything.

#include "command_line.h"
#include "server_process.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

using office::testing::run_office_mcp;

std::string read(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    REQUIRE(file);
    return std::string(std::istreambuf_iterator<char>(file), {});
}

// What a line shows of a synopsis once written for roff: '-' as \-.
std::string roffed(std::string_view text) {
    std::string out;
    for (char c : text) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

}  // namespace

TEST_CASE("every command of the table is in --help, in help COMMAND and in the man page", "[command]") {
    const auto usage = run_office_mcp({"--help"});
    REQUIRE(usage.status == 0);
    const std::string page = read(OFFICE_MAN_PAGE);
    for (const auto& c : commands()) {
        const std::string words(c.words);
        INFO("command: " << (words.empty() ? "(serve)" : words));
        CHECK(usage.out.find("  office-mcp " + words + (words.empty() ? "" : " ") + std::string(c.synopsis)) != std::string::npos);
        CHECK(page.find(".TP\n.B " + (words.empty() ? std::string("office\\-mcp") : words)) != std::string::npos);
        CHECK_FALSE(c.details.empty());
        if (words.empty()) continue;
        CHECK(page.find(".SY office\\-mcp\n.B " + words + "\n") != std::string::npos);
        const auto help = run_office_mcp({"help", words});
        CHECK(help.status == 0);
        CHECK(help.out.rfind("office-mcp " + words, 0) == 0);
        // `COMMAND --help` is the same text.
        std::vector<std::string> args;
        for (std::size_t at = 0; at <= words.size();) {
            const auto space = words.find(' ', at);
            args.push_back(words.substr(at, space == std::string::npos ? std::string::npos : space - at));
            if (space == std::string::npos) break;
            at = space + 1;
        }
        args.push_back("--help");
        CHECK(run_office_mcp(args).out == help.out);
    }
    for (const auto& f : flags()) {
        INFO("flag: " << f.name);
        CHECK_FALSE(f.details.empty());
        CHECK(page.find(".TP\n.B" + std::string(f.value.empty() ? " " : "I ") + roffed(f.name)) != std::string::npos);
        const auto at = usage.out.find("\n  " + std::string(f.name));  // its line in --help, by kind
        REQUIRE(at != std::string::npos);
        CHECK((usage.out[at + 3 + f.name.size()] == ' ' || usage.out[at + 3 + f.name.size()] == '\n'));
    }
}

TEST_CASE("a flag the command does not take is refused, naming what it takes, and nothing is touched", "[command]") {
    office::testing::TempDir dir;
    const auto db = dir.file("office.db"), copy = dir.file("copy.db");

    const auto backup = run_office_mcp({"backup", copy, "--price", "3", "--db", db});
    CHECK(backup.status == 2);
    CHECK(backup.err == "office-mcp: backup takes --force, --dir, --keep and --tokens, not --price (office-mcp help backup)\n");
    CHECK_FALSE(std::filesystem::exists(db));
    CHECK_FALSE(std::filesystem::exists(copy));

    // A flag of the same family: who takes it.
    const auto list = run_office_mcp({"customers", "list", "--name", "Ann", "--db", db});
    CHECK(list.status == 2);
    CHECK(list.err == "office-mcp: --name belongs to customers add and customers edit\n");
    const auto serving = run_office_mcp({"--reason", "x", "--db", db});
    CHECK(serving.status == 2);
    CHECK(serving.err == "office-mcp: --reason belongs to hours closed\n");
    const auto config = run_office_mcp({"config", "cursor", "--http", "8080", "--db", db});
    CHECK(config.status == 2);
    CHECK(config.err.find("office-mcp: config takes --profile, --tools, --admin, ") == 0);
    CHECK(config.err.find(", not --http (office-mcp help config)\n") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(db));

    // Flags go anywhere on the line; an unknown one is still unknown.
    CHECK(run_office_mcp({"--db", db, "db", "init", "--empty"}).status == 0);
    const auto anywhere = run_office_mcp({"customers", "--db", db, "add", "--email", "ann@example.org", "--name", "Ann"});
    INFO(anywhere.err);
    CHECK(anywhere.status == 0);
    const auto unknown = run_office_mcp({"customers", "list", "--frob", "--db", db});
    CHECK(unknown.status == 2);
    CHECK(unknown.err == "office-mcp: unknown option --frob (see --help)\n");
}

TEST_CASE("a command line missing its words, operands or required flags says what the command needs", "[command]") {
    office::testing::TempDir dir;
    const auto db = dir.file("office.db");
    const auto frob = run_office_mcp({"customers", "frob", "--db", db});
    CHECK(frob.status == 2);
    CHECK(frob.err ==
          "office-mcp: customers needs list, add, edit ID, remove ID, import FILE.csv or export (office-mcp help customers)\n");
    const auto edit = run_office_mcp({"customers", "edit", "--db", db});
    CHECK(edit.status == 2);
    CHECK(edit.err == "office-mcp: usage: office-mcp customers edit ID [--name NAME] [--email EMAIL]\n");
    const auto add = run_office_mcp({"invoices", "add", "--customer", "1", "--db", db});
    CHECK(add.status == 2);
    CHECK(add.err == "office-mcp: invoices add needs --amount 1234.56\n");
    const auto unknown = run_office_mcp({"frobnicate", "--db", db});
    CHECK(unknown.status == 2);
    CHECK(unknown.err == "office-mcp: unknown command frobnicate (see --help)\n");
    CHECK_FALSE(std::filesystem::exists(db));
}

TEST_CASE("help COMMAND shows each of its commands with the details and flags it takes", "[command]") {
    const auto help = run_office_mcp({"help", "customers"});
    REQUIRE(help.status == 0);
    for (const char* line : {"office-mcp customers list [--query TEXT]\n", "office-mcp customers add --name NAME --email EMAIL\n",
                             "office-mcp customers import FILE.csv [--dry-run] [--update]\n", "  --dry-run\n", "  --update\n"})
        CHECK(help.out.find(line) != std::string::npos);
    CHECK(help.out.find("\\f") == std::string::npos);  // no roff escape reaches a console
    const auto none = run_office_mcp({"help", "frobnicate"});
    CHECK(none.status == 2);
    CHECK(none.err == "office-mcp: no command frobnicate (see --help)\n");
}
