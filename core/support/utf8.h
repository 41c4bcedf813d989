#pragma once
// UTF-8 in one place: the log writer repairs invalid bytes, the schema validator counts
// characters for minLength/maxLength, and the session clips client-supplied names. Each needs
// the same idea of where a character starts and ends (docs/architecture.md, "core").

#include <cstddef>
#include <string>
#include <string_view>

namespace office::utf8 {

// Length of the valid UTF-8 sequence at the start of `s` (1 for ASCII), or 0 when it is not
// valid (overlong forms, surrogates and code points beyond U+10FFFF are not).
std::size_t sequence_length(std::string_view s);

// Code points in `s`, which must already be valid UTF-8 (as every parsed JSON string is):
// every byte that is not a continuation byte starts one.
std::size_t count_characters(std::string_view s);

// At most `max_bytes` of `s`, cut between characters.
std::string clip(std::string_view s, std::size_t max_bytes);

}  // namespace office::utf8
