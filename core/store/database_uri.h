#pragma once
// What kind of database a --db / OFFICE_MCP_DB value names: a libpq URI (postgresql://... or
// postgres://...) is a PostgreSQL office, anything else a SQLite file. Header-only: the static
// office-mcp, which has no libpq, needs it too, to refuse a URI in one sentence.

#include <string>
#include <string_view>

namespace office {

inline bool is_postgres_uri(std::string_view db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

// The database a libpq URI names (postgresql://host/NAME?...), "" when it names none.
inline std::string uri_database(std::string_view uri) {
    const auto scheme = uri.find("://");
    if (scheme == std::string_view::npos) return "";
    const auto slash = uri.find('/', scheme + 3);
    if (slash == std::string_view::npos) return "";
    const auto end = uri.find('?', slash);
    return std::string(uri.substr(slash + 1, end == std::string_view::npos ? std::string_view::npos : end - slash - 1));
}

// `uri` with its password (postgresql://user:PASSWORD@host/..., or password=... in the query)
// replaced by ***: what messages and `office-mcp db path` show.
inline std::string masked_uri(const std::string& uri) {
    std::string out = uri;
    const auto scheme = out.find("://");
    if (scheme != std::string::npos) {
        const auto start = scheme + 3;
        const auto end = out.find_first_of("/?", start);
        const auto at = out.rfind('@', end == std::string::npos ? out.size() : end);
        if (at != std::string::npos && at >= start) {
            const auto colon = out.find(':', start);
            if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
        }
    }
    for (std::size_t p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
        if (p > 0 && out[p - 1] != '?' && out[p - 1] != '&') continue;
        const auto value = p + 9;
        const auto end = out.find('&', value);
        out.replace(value, (end == std::string::npos ? out.size() : end) - value, "***");
    }
    return out;
}

}  // namespace office
