#include "utf8.h"

namespace office::utf8 {

namespace {
bool is_continuation(unsigned char c) { return (c & 0xC0u) == 0x80u; }
}  // namespace

std::size_t sequence_length(std::string_view s) {
    if (s.empty()) return 0;
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const auto cont = [&](std::size_t i) { return i < s.size() && is_continuation(b(i)); };
    const unsigned char c = b(0);
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && b(1) < 0xA0) return 0;  // overlong
        if (c == 0xED && b(1) > 0x9F) return 0;  // surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && b(1) < 0x90) return 0;  // overlong
        if (c == 0xF4 && b(1) > 0x8F) return 0;  // beyond U+10FFFF
        return 4;
    }
    return 0;
}

std::size_t count_characters(std::string_view s) {
    std::size_t n = 0;
    for (const unsigned char c : s) n += !is_continuation(c);
    return n;
}

std::string clip(std::string_view s, std::size_t max_bytes) {
    if (s.size() <= max_bytes) return std::string(s);
    std::size_t end = max_bytes;
    while (end > 0 && is_continuation(static_cast<unsigned char>(s[end]))) --end;
    return std::string(s.substr(0, end));
}

}  // namespace office::utf8
