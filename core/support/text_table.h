#pragma once
// Rows as columns for a terminal: what the operator's commands print (audit, approvals list).
// Stored text was written by clients and agents: it is shown, never obeyed (terminal_safe).

#include "utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace office {

// The code point of the well-formed UTF-8 sequence of `n` bytes at text[i].
inline std::uint32_t code_point_at(std::string_view text, std::size_t i, std::size_t n) {
    std::uint32_t cp = static_cast<unsigned char>(text[i]);
    if (n > 1) {
        cp &= 0x7Fu >> n;
        for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    }
    return cp;
}

// How many columns a terminal gives `text`: a column per character, two for the wide ones of
// East Asian scripts (a Chinese name is as wide as twice its characters), so columns line up.
inline std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = std::max<std::size_t>(1, utf8::sequence_length(text.substr(i)));
        const std::uint32_t cp = code_point_at(text, i, n);
        const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                          (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                          (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
        width += wide ? 2 : 1;
        i += n;
    }
    return width;
}

// `text` as a terminal should show it, never as something it obeys: each control character
// (C0, DEL, C1: an escape sequence can set the title, clear the screen, write the clipboard)
// written as \xNN, a bidirectional control (which reorders what is shown around it) as <U+202E>,
// and a byte that is not UTF-8 as \xNN too. Everything else, newlines excepted, as it is.
inline std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char escaped[16];
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8::sequence_length(text.substr(i));
        if (n == 0) {  // not UTF-8
            std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(text[i]));
            out += escaped;
            ++i;
            continue;
        }
        const std::uint32_t cp = code_point_at(text, i, n);
        if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) {
            std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned>(cp));
            out += escaped;
        } else if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
            std::snprintf(escaped, sizeof escaped, "<U+%04X>", static_cast<unsigned>(cp));
            out += escaped;
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

// Each row one line, its columns two spaces apart or more; the first row is the header. Every
// cell through terminal_safe.
inline std::string text_table(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::vector<std::string>> shown;
    std::vector<std::size_t> width;
    for (const auto& row : rows) {
        auto& cells = shown.emplace_back();
        for (const auto& cell : row) cells.push_back(terminal_safe(cell));
        if (width.size() < cells.size()) width.resize(cells.size());
        for (std::size_t c = 0; c < cells.size(); ++c) width[c] = std::max(width[c], display_width(cells[c]));
    }
    std::string out;
    for (const auto& row : shown) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            out += row[c];
            if (c + 1 < row.size()) out.append(width[c] - display_width(row[c]) + 2, ' ');
        }
        out += '\n';
    }
    return out;
}

}  // namespace office
