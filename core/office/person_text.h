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
bool has_control_character(std::string_view text);

}  // namespace office
