#pragma once
// What a person types into a form (a refund's reason) is stored and shown to others, so it is
// taken as meant: without the spaces around it, and never blank or holding control characters
// (a tab, a newline, a bell or a terminal escape in the audit or the desk's tables).

#include <string>
#include <string_view>

namespace office {

// `text` without Unicode White_Space (spaces, tabs, line breaks, no-break spaces, ...) at
// either end. Invalid UTF-8 is left as it is.
std::string trim_whitespace(std::string_view text);

// True when `text` holds a control character: U+0000–U+001F, U+007F or U+0080–U+009F.
// `allowed` may name one that is not counted ('\n' for a note of several lines).
bool has_control_character(std::string_view text, char allowed = '\0');

// The first of Unicode's bidirectional formatting controls in `text` (the embeddings and
// overrides U+202A–U+202E, the isolates U+2066–U+2069), or 0 when it holds none. They change
// the order in which the text around them is shown ("Ann\u202Eelif.exe" reads "Annexe.file"),
// so what a person sees is not what was written; no name needs them (Arabic and Hebrew are
// shown right to left by their own letters).
char32_t bidi_control(std::string_view text);
// The refusal for such a character, naming it: "must not contain U+202E (RIGHT-TO-LEFT
// OVERRIDE), which changes the direction of the text shown around it".
std::string bidi_control_refusal(char32_t control);

}  // namespace office
