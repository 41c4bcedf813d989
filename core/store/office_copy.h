#pragma once
// An office copied table by table between stores and files (issue 41): a PostgreSQL office
// backed up into a SQLite office file, a file restored into PostgreSQL, an office exported to a
// directory of CSV files and imported back. A source gives every stored table of the office, in
// kStoredTables' order, to a RowSink; whoever writes them maps the columns by name, so two
// stores whose columns stand in another order copy exactly.

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct StoredTable {
    std::string_view name;
    std::string_view order_by;  // the primary key: rows are given in its order
};

// Every table an office keeps (not the indexes a store derives from them: SQLite's
// customer_search and customer_words, or PostgreSQL's office_schema), each after the tables it
// refers to, so rows inserted in this order never refer to a row not yet there. A source that
// finds a table not in this list refuses to copy (a table added by a schema must be added here).
inline constexpr std::array<StoredTable, 14> kStoredTables{{
    {"office_settings", "name"},
    {"opening_hours", "weekday, opens"},
    {"closures", "day"},
    {"customers", "id"},
    {"menu", "id"},
    {"slots", "id"},
    {"invoices", "id"},
    {"approval_requests", "id"},
    {"refunds", "id"},
    {"tasks", "id"},
    {"lunch_orders", "id"},
    {"used_request_states", "nonce"},
    {"audit", "id"},
    {"idempotency_keys", "scope, key"},
}};

// A stored value as text (an integer in decimal), nullopt for NULL.
using StoredValue = std::optional<std::string>;

struct StoredColumn {
    std::string name;
    bool integer = false;  // an integer column (ids, cents, counts); else text
};

class RowSink {
public:
    virtual ~RowSink() = default;
    // Each table of kStoredTables once, in that order, with its columns; then its rows.
    virtual void table(std::string_view name, const std::vector<StoredColumn>& columns) = 0;
    virtual void row(const std::vector<StoredValue>& values) = 0;  // one per column, in table()'s order
    // After the last table's rows.
    virtual void done() {}
};

// Whatever gives an office's tables to a sink: an office file (sqlite_backup.h), a PostgreSQL
// snapshot (postgres_backend.h), an export directory (office_export.h).
using RowSource = std::function<void(RowSink&)>;

}  // namespace office
