// libFuzzer target for the checks on text a person or an agent writes and others read (issue
// 58): the name, e-mail and menu item rules (core/office/records.h), the control and
// bidirectional-control finders (core/office/person_text.h), the terminal's escaping
// (core/support/text_table.h) and the CSV writer's formula mark (core/support/csv.h). Each is
// checked against a decoder of its own here, strict UTF-8 written from RFC 3629, so a rule that
// lets a control through, or refuses a good name, is a crash:
//   - a name, item or e-mail is accepted exactly when it is UTF-8 without a control character
//     or a bidirectional control (U+202A–U+202E, U+2066–U+2069) and within its length;
//   - bidi_control names the first such control, and its refusal names it as U+XXXX;
//   - terminal_safe leaves UTF-8 with no control character or bidi control, and leaves text
//     that had none as it was;
//   - a cell a spreadsheet would evaluate is written after a ' and reads back as written.
// The seeds in corpus/person/ are the issue's hostile names and a few real ones.

#include "csv.h"
#include "person_text.h"
#include "records.h"
#include "text_table.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void broken(const char* what, std::string_view input) {
    std::fprintf(stderr, "person text promise broken: %s (input of %zu bytes)\n", what, input.size());
    std::abort();
}

// The code points of `s`, or nothing when it is not UTF-8 (RFC 3629: no overlong form, no
// surrogate, nothing past U+10FFFF).
std::optional<std::vector<char32_t>> decode(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return std::nullopt;
        char32_t cp = n == 1 ? c : c & (0xFF >> (n + 1));
        for (std::size_t k = 1; k < n; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0) != 0x80) return std::nullopt;
            cp = (cp << 6) | (b & 0x3F);
        }
        static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
        out.push_back(cp);
        i += n;
    }
    return out;
}

bool is_control(char32_t cp) { return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F); }
bool is_bidi(char32_t cp) { return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069); }

// What the rules for a name of at most `max` characters must answer.
bool good_text(const std::optional<std::vector<char32_t>>& cps, std::size_t max) {
    if (!cps || cps->empty() || cps->size() > max) return false;
    for (const char32_t cp : *cps) {
        if (is_control(cp) || is_bidi(cp)) return false;
    }
    return true;
}

void check_rules(std::string_view text) {
    const auto cps = decode(text);
    if (office::customer_name_problem(text).empty() != good_text(cps, office::kMaxCustomerName))
        broken("customer_name_problem disagrees", text);
    if (office::menu_item_problem(text).empty() != good_text(cps, office::kMaxMenuItem)) broken("menu_item_problem disagrees", text);
    if (office::email_problem(text).empty()) {
        if (!good_text(cps, office::kMaxEmail) || text.size() > office::kMaxEmail) broken("an e-mail with a forbidden character", text);
        if (text.find('@') == std::string_view::npos || text.find('@') != text.rfind('@')) broken("an e-mail without one @", text);
    }
    if (!cps) return;
    char32_t first_bidi = 0;
    bool control = false, control_but_newline = false;
    for (const char32_t cp : *cps) {
        if (!first_bidi && is_bidi(cp)) first_bidi = cp;
        control = control || is_control(cp);
        control_but_newline = control_but_newline || (is_control(cp) && cp != '\n');
    }
    if (office::bidi_control(text) != first_bidi) broken("bidi_control names another character", text);
    if (office::has_control_character(text) != control) broken("has_control_character disagrees", text);
    if (office::has_control_character(text, '\n') != control_but_newline) broken("has_control_character with a newline allowed disagrees", text);
    if (first_bidi) {
        char name[16];
        std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(first_bidi));
        if (office::bidi_control_refusal(first_bidi).find(name) == std::string::npos) broken("a refusal that does not name the control", text);
    }
    const std::string trimmed = office::trim_whitespace(text);
    if (text.find(trimmed) == std::string_view::npos) broken("trimming made text that was not there", text);
    if (office::trim_whitespace(trimmed) != trimmed) broken("trimming twice trims more", text);
}

void check_terminal(std::string_view text) {
    const std::string shown = office::terminal_safe(text);
    const auto cps = decode(shown);
    if (!cps) broken("terminal_safe wrote bytes that are not UTF-8", text);
    for (const char32_t cp : *cps) {
        if (is_control(cp) || is_bidi(cp)) broken("terminal_safe let a control through", text);
    }
    const auto original = decode(text);
    bool harmless = original.has_value();
    for (const char32_t cp : original.value_or(std::vector<char32_t>{})) harmless = harmless && !is_control(cp) && !is_bidi(cp);
    if (harmless && shown != text) broken("terminal_safe changed harmless text", text);
}

void check_csv(std::string_view text) {
    if (!decode(text) || text.find('\0') != std::string_view::npos) return;  // the writer takes text
    const std::vector<std::string> row{std::string(text), "x"};
    std::string written;
    office::csv::append_row(written, row);
    const auto again = office::csv::read(written);
    if (again.error || again.records.size() != 1 || again.records.front().fields != row) broken("a cell does not read back as written", text);
    const bool formula = !text.empty() && std::string_view("=+-@\t\r'").find(text.front()) != std::string_view::npos;
    const std::size_t start = written.front() == '"' ? 1 : 0;
    if (formula && written[start] != '\'') broken("a cell a spreadsheet evaluates was written without the mark", text);
    if (!formula && written[start] == '\'') broken("a mark before a harmless cell", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_rules(text);
    check_terminal(text);
    check_csv(text);
    return 0;
}
