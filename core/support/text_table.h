#pragma once
// Rows as columns for a terminal: what the operator's commands print (audit, approvals list).

#include <algorithm>
#include <string>
#include <vector>

namespace office {

// Each row one line, its columns two spaces apart or more; the first row is the header.
inline std::string text_table(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> width;
    for (const auto& row : rows) {
        if (width.size() < row.size()) width.resize(row.size());
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    }
    std::string out;
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            out += row[c];
            if (c + 1 < row.size()) out.append(width[c] - row[c].size() + 2, ' ');
        }
        out += '\n';
    }
    return out;
}

}  // namespace office
