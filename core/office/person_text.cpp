#include "person_text.h"

#include <cstdint>
#include <cstdio>

namespace office {

namespace {

// The code point starting at text[i] and its length in bytes; {0xFFFFFFFF, 1} for a byte
// that does not start a well-formed sequence.
struct Decoded {
    std::uint32_t code;
    std::size_t length;
};

Decoded decode_at(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) return {b0, 1};
    const std::size_t length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
    if (length == 0 || b0 > 0xF4 || i + length > text.size()) return {0xFFFFFFFF, 1};
    std::uint32_t code = b0 & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return {0xFFFFFFFF, 1};
        code = (code << 6) | (byte(i + k) & 0x3F);
    }
    return {code, length};
}

bool is_white_space(std::uint32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// The byte offset where the last code point of text[0, end) starts.
std::size_t previous_start(std::string_view text, std::size_t end) {
    std::size_t start = end - 1;
    while (start > 0 && end - start < 4 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    // Only a well-formed sequence ending exactly at `end` counts as one code point.
    if (decode_at(text, start).length != end - start) return end - 1;
    return start;
}

}  // namespace

std::string trim_whitespace(std::string_view text) {
    std::size_t begin = 0;
    while (begin < text.size()) {
        const auto d = decode_at(text, begin);
        if (!is_white_space(d.code)) break;
        begin += d.length;
    }
    std::size_t end = text.size();
    while (end > begin) {
        const std::size_t start = previous_start(text, end);
        if (!is_white_space(decode_at(text, start).code)) break;
        end = start;
    }
    return std::string(text.substr(begin, end - begin));
}

bool has_control_character(std::string_view text, char allowed) {
    for (std::size_t i = 0; i < text.size();) {
        const auto d = decode_at(text, i);
        const bool control = d.code < 0x20 || d.code == 0x7F || (d.code >= 0x80 && d.code <= 0x9F);
        if (control && !(allowed != '\0' && d.code == static_cast<unsigned char>(allowed))) return true;
        i += d.length;
    }
    return false;
}

char32_t bidi_control(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto d = decode_at(text, i);
        if ((d.code >= 0x202A && d.code <= 0x202E) || (d.code >= 0x2066 && d.code <= 0x2069)) return d.code;
        i += d.length;
    }
    return 0;
}

std::string bidi_control_refusal(char32_t control) {
    static constexpr const char* kNames[] = {
        "LEFT-TO-RIGHT EMBEDDING", "RIGHT-TO-LEFT EMBEDDING", "POP DIRECTIONAL FORMATTING", "LEFT-TO-RIGHT OVERRIDE",
        "RIGHT-TO-LEFT OVERRIDE",  "LEFT-TO-RIGHT ISOLATE",   "RIGHT-TO-LEFT ISOLATE",      "FIRST STRONG ISOLATE",
        "POP DIRECTIONAL ISOLATE"};
    const std::size_t index = control <= 0x202E ? control - 0x202A : 5 + (control - 0x2066);
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(control));
    return std::string("must not contain ") + code + " (" + (index < 9 ? kNames[index] : "a bidirectional control") +
           "), which changes the direction of the text shown around it";
}

}  // namespace office
