#pragma once
// The office's tables as MCP resources (docs/architecture.md, "Resources"): which tables a
// server shows (the tables its tools touch), the office:// URIs that name a page of one, the
// page itself as JSON text, and which tables an audit action changed (change notifications).
// The contract the desk and the other stores build against is /work/wt/CONTRACT-resources.md;
// the session (session.cpp) only wires these into resources/* and the subscriptions.

#include "json_rpc.h"
#include "office_tables.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace office {

class OfficeStore;

inline constexpr std::string_view kResourceMimeType = "application/json";
inline constexpr std::string_view kResourceTemplate = "office://{table}{?after,limit}";
inline constexpr int kDefaultPageSize = 100;
inline constexpr int kMaxPageSize = 500;

// The tables a server serving `tools` shows (empty: every tool, so every table, audit
// included). Each tool shows what it touches; the audit trail only when every tool is served.
std::set<OfficeTable> visible_tables(const std::vector<std::string>& tools);

// A page of a table: office://<table>[?after=N][&limit=M]; or one row of it,
// office://<table>/<id> (customers, invoices and slots: the rows a tool's result links to).
struct ResourcePage {
    OfficeTable table;
    std::int64_t after = 0;
    int limit = kDefaultPageSize;
    std::optional<std::int64_t> row;
};

// The tables whose rows are resources of their own, each a template office://<table>/{id}.
inline constexpr OfficeTable kRowTables[] = {OfficeTable::customers, OfficeTable::invoices, OfficeTable::slots};
// A row's URI and its resource_link name: office://customers/2, customers/2.
std::string row_link_uri(OfficeTable table, std::int64_t id);
std::string row_link_name(OfficeTable table, std::int64_t id);
// office://customers/{id}: the template of a row table's rows.
std::string row_template(OfficeTable table);

// What is wrong with a URI: no such resource (unknown scheme or table), or a query that breaks
// the template's rules (after ≥ 0, 1 ≤ limit ≤ 500, nothing else, each at most once).
struct UriProblem {
    bool not_found = false;
    std::string message;
};

// The page `uri` names, or the problem with it. Strict: every byte of the URI is accounted for.
std::optional<ResourcePage> parse_office_uri(std::string_view uri, UriProblem& problem);

// The resources/list entries of `tables`, in the order of kOfficeTables.
json resource_list(const std::set<OfficeTable>& tables);
// The resources/templates/list entries: the pages' template, and the rows' of those of `tables`
// that have them.
json resource_templates(const std::set<OfficeTable>& tables);
// The text of a page: {"table","columns","rows","next"?}; next only when the page was full. Of
// a row: {"table","columns","row"}, or none when there is no such row.
std::optional<std::string> read_page(OfficeStore& store, const ResourcePage& page);

// The tables an audit action changes (the audit table is changed by every action). An action
// this list does not know changes every table: a needless notice costs a re-read, a missing
// one a stale view.
std::set<OfficeTable> tables_changed_by(std::string_view action);

// The tables changed between change marks `from` and `to` (OfficeStore::change_mark), read
// from the audit rows after `from`. A mark that went down (the office was reset) changed all.
std::set<OfficeTable> tables_changed(OfficeStore& store, std::int64_t from, std::int64_t to);

}  // namespace office
