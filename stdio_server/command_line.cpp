#include "command_line.h"

#include "session.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

namespace {

// ---- a command's synopsis, read -----------------------------------------------------------------

// One thing the synopsis names: an operand (ID, [FILE.csv]), a flag with the value it shows
// (--amount 1234.56), or a group of flags ([options]).
struct Item {
    enum class What { Operand, Flag, Group } what;
    std::string text;   // the operand's or the group's name; the flag's name
    std::string value;  // the flag's value as the synopsis shows it
    bool required = false;
};

const Flag* flag_named(std::string_view name) {
    for (const auto& f : flags())
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<std::string> split_spaces(std::string_view text) {
    std::vector<std::string> parts;
    std::istringstream in{std::string(text)};
    for (std::string word; in >> word;) parts.push_back(word);
    return parts;
}

// The words of a synopsis part: flags (each with its value when it takes one), operands.
void read_words(const std::vector<std::string>& words, bool required, std::vector<Item>& items) {
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i].rfind("--", 0) != 0) {
            items.push_back({Item::What::Operand, words[i], "", required});
            continue;
        }
        std::size_t start = 0;  // --demo|--empty: either flag
        for (;;) {
            const auto bar = words[i].find('|', start);
            const std::string name = words[i].substr(start, bar == std::string::npos ? bar : bar - start);
            const Flag* flag = flag_named(name);
            if (!flag) {  // a typo in the table: the tests run every command's help, which lands here
                std::fprintf(stderr, "office-mcp: the command table names %s, which is no flag\n", name.c_str());
                std::abort();
            }
            std::string value;
            if (!flag->value.empty() && i + 1 < words.size()) value = words[++i];
            items.push_back({Item::What::Flag, name, value, required});
            if (bar == std::string::npos) break;
            start = bar + 1;
        }
    }
}

std::vector<Item> read_synopsis(std::string_view synopsis) {
    std::vector<Item> items;
    std::size_t at = 0;
    while (at < synopsis.size()) {
        if (synopsis[at] == ' ') {
            ++at;
        } else if (synopsis[at] == '[') {
            const auto end = synopsis.find(']', at);
            const std::string inside(synopsis.substr(at + 1, end - at - 1));
            if (inside == "options" || inside == "serving options") items.push_back({Item::What::Group, inside, "", false});
            else read_words(split_spaces(inside), false, items);
            at = end + 1;
        } else {
            auto end = synopsis.find(' ', at);
            if (end == std::string::npos) end = synopsis.size();
            // A required flag takes the next word as its value: read the two together.
            std::vector<std::string> words{std::string(synopsis.substr(at, end - at))};
            const Flag* flag = words[0].rfind("--", 0) == 0 ? flag_named(words[0]) : nullptr;
            if (flag && !flag->value.empty() && end < synopsis.size()) {
                auto next = synopsis.find(' ', end + 1);
                if (next == std::string::npos) next = synopsis.size();
                words.emplace_back(synopsis.substr(end + 1, next - end - 1));
                end = next;
            }
            read_words(words, true, items);
            at = end;
        }
    }
    return items;
}

bool group_takes(const std::string& group, const Flag& flag) {
    return flag.kind == Flag::Kind::Serving || (group == "options" && flag.kind == Flag::Kind::Http);
}

// Whether a synopsis item names `flag`: the flag itself, or a group that holds it.
bool names(const Item& item, const Flag& flag) {
    return (item.what == Item::What::Flag && item.text == flag.name) || (item.what == Item::What::Group && group_takes(item.text, flag));
}

bool takes(const Command& command, const Flag& flag) {
    if (flag.kind == Flag::Kind::Global) return true;
    const auto items = read_synopsis(command.synopsis);
    return std::any_of(items.begin(), items.end(), [&](const Item& item) { return names(item, flag); });
}

std::string first_word(std::string_view words) { return std::string(words.substr(0, words.find(' '))); }

std::string join(const std::vector<std::string>& parts, const char* last = " and ") {
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : i + 1 == parts.size() ? last : ", ") + parts[i];
    return text;
}

std::string usage_line(const Command& c) {
    return "office-mcp " + std::string(c.words) + (c.words.empty() || c.synopsis.empty() ? "" : " ") + std::string(c.synopsis);
}

// ---- text for a console, and for roff -------------------------------------------------------------

// The details' paragraphs as a console shows them: the font escapes dropped, each paragraph
// one line (wrap() breaks it).
std::vector<std::string> plain_paragraphs(std::string_view text) {
    std::vector<std::string> paragraphs(1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        auto& p = paragraphs.back();
        if (c == '\\' && i + 1 < text.size()) {
            const char next = text[++i];
            if (next == 'f') ++i;                     // \fB \fI \fR
            else if (next == 'e') p += '\\';
            else if (next == '(') i += 2, p += "\xE2\x80\x94";  // \(em
            else p += next;
        } else if (c == '\n' && i + 1 < text.size() && text[i + 1] == '\n') {
            while (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            paragraphs.emplace_back();
        } else {
            p += c == '\n' ? ' ' : c;
        }
    }
    paragraphs.erase(std::remove_if(paragraphs.begin(), paragraphs.end(), [](const std::string& p) {
                         return p.find_first_not_of(' ') == std::string::npos;
                     }),
                     paragraphs.end());
    return paragraphs;
}

// `text` broken into lines of at most `width` columns, each but the first indented `indent`.
std::string wrap(const std::string& text, std::size_t indent, std::size_t width = 100) {
    std::string out;
    std::size_t column = indent;
    bool first = true;
    for (const auto& word : split_spaces(text)) {
        if (!first && column + 1 + word.size() > width) {
            out += '\n';
            out.append(indent, ' ');
            column = indent;
        } else if (!first) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        first = false;
    }
    return out;
}

// Text for roff: '-' as \- (a minus, as options are written), escapes kept, and no line that
// starts a request.
std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (line_start && c == ' ') continue;
        line_start = c == '\n';
        if (c == '\\' && i + 1 < text.size()) {
            out += c;
            out += text[++i];
            if (text[i] == 'f' && i + 1 < text.size()) out += text[++i];
            else if (text[i] == '(' && i + 2 < text.size()) out += text.substr(++i, 2), ++i;
        } else if (c == '-') {
            out += "\\-";
        } else {
            out += c;
        }
    }
    return out;
}

// Details as the body of a .TP item: paragraphs after the first are .IP.
std::string roff_body(std::string_view details) {
    std::string text = roff(details), out;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    std::size_t at = 0;
    while (at <= text.size()) {
        const auto gap = text.find("\n\n", at);
        out += text.substr(at, gap == std::string::npos ? std::string::npos : gap - at) + "\n";
        if (gap == std::string::npos) break;
        out += ".IP\n";
        at = text.find_first_not_of('\n', gap);
    }
    return out;
}

std::string flag_text(const Flag& f) { return std::string(f.name) + (f.value.empty() ? "" : " " + std::string(f.value)); }

// A flag the command does not take: who takes it (the command's own family first, e.g. --profile
// belongs to token add), else what this command takes.
[[noreturn]] void fail_flag(const Command& command, const Flag& flag) {
    std::vector<std::string> owners, own;
    for (const auto& c : commands())
        if (!c.words.empty() && (command.words.empty() || first_word(c.words) == first_word(command.words)) && takes(c, flag))
            owners.emplace_back(c.words);
    if (!owners.empty()) fail(std::string(flag.name) + " belongs to " + join(owners));
    if (command.words.empty()) fail(std::string(flag.name) + " is no option of serving (see --help)");
    for (const auto& item : read_synopsis(command.synopsis))  // as its usage line shows them
        for (const auto& f : flags())
            if (names(item, f) && std::find(own.begin(), own.end(), f.name) == own.end()) own.emplace_back(f.name);
    fail(std::string(command.words) + " takes " + (own.empty() ? std::string("no options but --db") : join(own)) + ", not " +
         std::string(flag.name) + " (office-mcp help " + first_word(command.words) + ")");
}

}  // namespace

CommandLine parse_command_line(int argc, char** argv) {
    CommandLine line;
    Options& o = line.options;
    if (const char* ttl = std::getenv("OFFICE_MCP_STATE_TTL"); ttl && *ttl) {
        o.state_ttl = std::atoll(ttl);
        o.given.state_ttl = ttl;
    }
    if (const char* d = std::getenv("OFFICE_MCP_DURABILITY"); d && *d) o.durability = durability_named(d);

    // Words and flags apart; nothing is refused before --help and --version are seen.
    std::vector<std::pair<const Flag*, std::string>> given;
    std::string problem;
    bool help = false, version = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.empty() || arg[0] != '-') {
            o.command.push_back(arg);
        } else if (arg == "--help" || arg == "-h") {
            help = true;
        } else if (arg == "--version") {
            version = true;
        } else if (const Flag* flag = flag_named(arg); !flag) {
            if (problem.empty()) problem = "unknown option " + arg + " (see --help)";
        } else if (flag->value.empty()) {
            given.emplace_back(flag, "");
        } else if (i + 1 >= argc) {
            if (problem.empty()) problem = arg + " needs a value (see --help)";
        } else {
            given.emplace_back(flag, argv[++i]);
        }
    }
    if (version) {
        std::printf("office-mcp %s\n", std::string(office::server_version()).c_str());
        std::exit(0);
    }

    // The command: the entry whose words begin the command line, the longest such.
    std::size_t matched = 0;
    for (const auto& c : commands()) {
        const auto words = split_spaces(c.words);
        if (words.size() >= matched && words.size() <= o.command.size() &&
            std::equal(words.begin(), words.end(), o.command.begin()) && (!line.command || words.size() > matched))
            line.command = &c, matched = words.size();
    }
    if (help) {
        const std::string text = o.command.empty() ? usage_text() : help_text(line.command && matched ? std::string(line.command->words) : o.command[0]);
        std::fputs((text.empty() ? usage_text() : text).c_str(), stdout);
        std::exit(0);
    }
    if (!problem.empty()) fail(problem);
    const Command& command = *line.command;
    if (matched == 0 && !o.command.empty()) {
        std::vector<std::string> choices;  // `customers frob`: say what customers does
        for (const auto& c : commands())
            if (first_word(c.words) == o.command[0]) {
                std::string choice = std::string(c.words.substr(c.words.find(' ') + 1));
                for (const auto& item : read_synopsis(c.synopsis))
                    if (item.what == Item::What::Operand && item.required) choice += " " + item.text;
                choices.push_back(choice);
            }
        if (choices.empty()) fail("unknown command " + o.command[0] + " (see --help)");
        fail(o.command[0] + " needs " + join(choices, " or ") + " (office-mcp help " + o.command[0] + ")");
    }

    for (const auto& [flag, value] : given) {
        if (!takes(command, *flag)) fail_flag(command, *flag);
        flag->set(o, value);
    }
    std::size_t required = 0, optional = 0;
    std::vector<std::string> missing;
    for (const auto& item : read_synopsis(command.synopsis)) {
        if (item.what == Item::What::Operand) ++(item.required ? required : optional);
        const bool is_given = std::any_of(given.begin(), given.end(), [&](const auto& g) { return g.first->name == item.text; });
        if (item.what == Item::What::Flag && item.required && !is_given) missing.push_back(item.text + " " + item.value);
    }
    const std::size_t operands = o.command.size() - matched;
    if (operands < required || operands > required + optional) fail("usage: " + usage_line(command));
    if (!missing.empty()) fail(std::string(command.words) + " needs " + join(missing));

    if (o.state_ttl <= 0) fail("the state TTL must be a positive number of seconds");
    if (o.settings.task_ttl <= 0 || o.settings.task_ttl > 366LL * 24 * 60 * 60)
        fail("the task TTL must be a number of seconds from 1 to 31622400 (a year)");
    if (!o.rate_limits.empty()) o.settings.limits = std::make_shared<office::RateLimits>(o.rate_limits);
    if (o.db.empty()) o.db = office::default_database_path();
    return line;
}

std::string usage_text() {
    std::string text =
        "office-mcp: a small office (customers, appointments, invoices, refunds, lunch) served to\n"
        "AI assistants over the Model Context Protocol on stdin/stdout.\n\nUsage:\n";
    constexpr std::size_t kColumn = 40;
    for (const auto& c : commands()) {
        const std::string left = "  " + usage_line(c);
        text += left.size() + 1 < kColumn ? left + std::string(kColumn - left.size(), ' ') : left + "\n" + std::string(kColumn, ' ');
        text += wrap(std::string(c.summary), kColumn) + "\n";
    }
    text += "  office-mcp --help | --version | COMMAND --help\n";
    const auto section = [&](const char* title, auto keep) {
        text += std::string("\n") + title + ":\n";
        constexpr std::size_t kFlagColumn = 25;
        for (const auto& f : flags()) {
            if (!keep(f.kind)) continue;
            const std::string left = "  " + flag_text(f);
            text += left.size() + 1 < kFlagColumn ? left + std::string(kFlagColumn - left.size(), ' ')
                                                  : left + "\n" + std::string(kFlagColumn, ' ');
            text += wrap(std::string(f.summary), kFlagColumn) + "\n";
        }
    };
    section("Options", [](Flag::Kind k) { return k == Flag::Kind::Global || k == Flag::Kind::Serving; });
    section("HTTP options", [](Flag::Kind k) { return k == Flag::Kind::Http; });
    section("Command options (office-mcp help COMMAND says more)", [](Flag::Kind k) { return k == Flag::Kind::Command; });
    text +=
        "\nEnvironment:\n"
        "  OFFICE_MCP_STATE_KEYS  comma-separated hex keys (>= 32 bytes each) sealing requestState; the first\n"
        "                         seals, all open. Default: a key file created beside the database.\n";
    return text;
}

std::string help_text(const std::string& word) {
    std::string text;
    for (const auto& c : commands()) {
        if (c.words.empty() || (c.words != word && first_word(c.words) != word)) continue;
        text += (text.empty() ? "" : "\n") + usage_line(c) + "\n";
        for (const auto& p : plain_paragraphs(c.details)) text += "    " + wrap(p, 4) + "\n\n";
        std::vector<std::string> seen;
        for (const auto& item : read_synopsis(c.synopsis)) {
            if (item.what != Item::What::Flag || std::find(seen.begin(), seen.end(), item.text) != seen.end()) continue;
            seen.push_back(item.text);
            text += "  " + item.text + (item.value.empty() ? "" : " " + item.value) + "\n";
            for (const auto& p : plain_paragraphs(flag_named(item.text)->details)) text += "        " + wrap(p, 8) + "\n";
        }
    }
    if (!text.empty()) text += "\nEvery command also takes --db PATH and --durability MODE (office-mcp --help).\n";
    return text;
}

std::string man_page(const std::string& template_text) {
    std::string synopsis, command_items, option_items;
    for (const auto& c : commands()) {
        synopsis += ".SY office\\-mcp\n";
        if (!c.words.empty()) synopsis += ".B " + std::string(c.words) + "\n";
        std::string tag = ".B " + (c.words.empty() ? std::string("office\\-mcp") : std::string(c.words));
        for (const auto& item : read_synopsis(c.synopsis)) {
            const std::string name = roff(item.text), value = roff(item.value);
            if (item.what == Item::What::Group) {
                synopsis += ".RI [ " + name + " ]\n";
                tag += " [\\fI" + name + "\\fB]";
            } else if (item.what == Item::What::Operand) {
                synopsis += item.required ? ".I " + name + "\n" : ".RI [ " + name + " ]\n";
                tag += item.required ? " \\fI" + name + "\\fB" : " [\\fI" + name + "\\fB]";
            } else {
                const std::string shown = value.empty() ? name : name + " \\fI" + value + "\\fB";
                synopsis += item.required ? (value.empty() ? ".B " + name : ".BI " + name + " \" " + value + "\"") + "\n"
                                          : ".OP " + name + (value.empty() ? "" : " " + value) + "\n";
                tag += item.required ? " " + shown : " [" + shown + "]";
            }
        }
        synopsis += ".YS\n";
        command_items += ".TP\n" + tag + "\n" + roff_body(c.details);
    }
    for (const auto& f : flags()) {
        option_items += ".TP\n" + (f.value.empty() ? ".B " + roff(f.name) : ".BI " + roff(f.name) + " \" " + roff(f.value) + "\"") + "\n";
        option_items += roff_body(f.details);
    }
    option_items += ".TP\n.BR \\-h \", \" \\-\\-help\nPrint the usage and exit; after a command, that command's help.\n"
                    ".TP\n.B \\-\\-version\nPrint\n.B office\\-mcp\nand its version, and exit.\n";
    std::string page = template_text;
    for (const auto& [marker, section] :
         std::map<std::string, std::string>{{"%SYNOPSIS%\n", synopsis}, {"%COMMANDS%\n", command_items}, {"%OPTIONS%\n", option_items}}) {
        const auto at = page.find(marker);
        if (at == std::string::npos) fail("the man page template has no line " + marker.substr(0, marker.size() - 1));
        page.replace(at, marker.size(), section);
    }
    return page;
}
