#include "office_resources.h"

#include "calendar.h"
#include "office_store.h"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <utility>

namespace office {

namespace {

constexpr std::string_view kScheme = "office://";

std::set<OfficeTable> every_table() {
    std::set<OfficeTable> all;
    for (const auto& info : kOfficeTables) all.insert(info.table);
    return all;
}

// What each tool touches, so a profile shows exactly the rows its tools read or write.
struct ToolTables {
    std::string_view tool;
    std::vector<OfficeTable> tables;
};
// The seed's six first: the audit trail shows only for a server that serves all six.
constexpr std::size_t kSeedTools = 6;
const std::array<ToolTables, 7>& tool_tables() {
    static const std::array<ToolTables, 7> map{{
        {"find_customer", {OfficeTable::customers}},
        {"list_availability", {OfficeTable::slots, OfficeTable::calendar}},
        {"book_slot", {OfficeTable::slots}},
        {"open_invoices", {OfficeTable::invoices}},
        {"issue_refund", {OfficeTable::invoices, OfficeTable::refunds, OfficeTable::approval_requests}},
        {"order_lunch", {OfficeTable::lunch_orders, OfficeTable::menu}},
        {"add_customer", {OfficeTable::customers}},
    }};
    return map;
}

// A query value: decimal digits only (no sign, no spaces, no exponent), small enough for int64.
std::optional<std::int64_t> whole_number(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

std::set<OfficeTable> visible_tables(const std::vector<std::string>& tools) {
    if (tools.empty()) return every_table();
    std::set<OfficeTable> tables;
    std::size_t served = 0;
    for (std::size_t i = 0; i < tool_tables().size(); ++i) {
        const auto& entry = tool_tables()[i];
        if (std::find(tools.begin(), tools.end(), entry.tool) == tools.end()) continue;
        if (i < kSeedTools) ++served;
        tables.insert(entry.tables.begin(), entry.tables.end());
    }
    // Who did what to whom, for every part of the office: only for a server that serves it all.
    if (served == kSeedTools) tables.insert(OfficeTable::audit);
    return tables;
}

std::optional<ResourcePage> parse_office_uri(std::string_view uri, UriProblem& problem) {
    problem = {};
    const auto not_found = [&] {
        problem.not_found = true;
        problem.message = "Resource not found";
        return std::nullopt;
    };
    const auto invalid = [&](std::string message) {
        problem.message = "Invalid params: " + std::move(message) + " (" + std::string(uri) + ")";
        return std::nullopt;
    };
    if (!uri.starts_with(kScheme)) return not_found();
    std::string_view rest = uri.substr(kScheme.size());
    const auto question = rest.find('?');
    const auto slash = rest.substr(0, question).find('/');
    const auto table = table_named(rest.substr(0, std::min(question, slash)));
    if (!table) return not_found();
    ResourcePage page{*table};
    if (slash != std::string_view::npos) {  // a row: office://<table>/<id>, nothing after it
        const auto id = whole_number(rest.substr(slash + 1, question == std::string_view::npos ? question : question - slash - 1));
        if (std::find(std::begin(kRowTables), std::end(kRowTables), *table) == std::end(kRowTables) || !id || *id < 1)
            return not_found();
        if (question != std::string_view::npos) return invalid("a row's URI takes no after or limit");
        page.row = *id;
        return page;
    }
    if (question == std::string_view::npos) return page;
    if (!has_rows(table_info(*table))) return invalid("office://calendar is one document: it takes no after or limit");

    std::string_view query = rest.substr(question + 1);
    if (query.empty()) return invalid("the query after ? is empty");
    bool seen_after = false, seen_limit = false;
    while (true) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        const std::string_view key = pair.substr(0, eq);
        if (key != "after" && key != "limit")
            return invalid("unknown parameter \"" + std::string(key) + "\": an office:// URI takes after and limit");
        bool& seen = key == "after" ? seen_after : seen_limit;
        if (seen) return invalid(std::string(key) + " is given twice");
        seen = true;
        const auto value = eq == std::string_view::npos ? std::nullopt : whole_number(pair.substr(eq + 1));
        if (key == "after") {
            if (!value) return invalid("after must be a whole number of at least 0");
            page.after = *value;
        } else {
            if (!value || *value < 1 || *value > kMaxPageSize)
                return invalid("limit must be a whole number from 1 to " + std::to_string(kMaxPageSize));
            page.limit = static_cast<int>(*value);
        }
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return page;
}

json resource_list(const std::set<OfficeTable>& tables) {
    json list = json::array();
    for (const auto& info : kOfficeTables) {
        if (!tables.count(info.table)) continue;
        list.push_back({{"uri", std::string(kScheme) + std::string(info.name)},
                        {"name", info.name},
                        {"title", info.title},
                        {"description", info.description},
                        {"mimeType", kResourceMimeType}});
    }
    return list;
}

std::string row_link_uri(OfficeTable table, std::int64_t id) {
    return std::string(kScheme) + row_link_name(table, id);
}

std::string row_link_name(OfficeTable table, std::int64_t id) {
    return std::string(table_info(table).name) + "/" + std::to_string(id);
}

std::string row_template(OfficeTable table) { return std::string(kScheme) + std::string(table_info(table).name) + "/{id}"; }

json resource_templates(const std::set<OfficeTable>& tables) {
    json templates = json::array({json{{"uriTemplate", kResourceTemplate},
                                       {"name", "office-table-page"},
                                       {"title", "A page of an office table"},
                                       {"description",
                                        "Rows of one office table (customers, slots, invoices, refunds, lunch_orders, "
                                        "approval_requests, audit) with id greater than after (default 0), at most limit "
                                        "(1 to 500, default 100), as JSON; next names the following page."},
                                       {"mimeType", kResourceMimeType}}});
    static constexpr std::string_view kRowTitles[] = {"A customer", "An invoice", "A booked slot"};
    for (std::size_t i = 0; i < std::size(kRowTables); ++i) {
        if (!tables.count(kRowTables[i])) continue;
        const std::string name(table_info(kRowTables[i]).name);
        templates.push_back({{"uriTemplate", row_template(kRowTables[i])},
                             {"name", "office-" + name + "-row"},
                             {"title", kRowTitles[i]},
                             {"description", "One row of office://" + name + " by its id, as JSON (what a tool's result links to)."},
                             {"mimeType", kResourceMimeType}});
    }
    return templates;
}

namespace {

// The zone named in the settings, else the machine's; none when this machine's tz database
// lacks it (the calendar then has no instants to give).
std::optional<TimeZone> office_zone(const OfficeSettings& settings) {
    try {
        return TimeZone::load(settings.time_zone.empty() ? machine_time_zone() : settings.time_zone);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

std::string calendar_document(OfficeStore& store) {
    const auto settings = store.calendar().office_settings();
    nlohmann::ordered_json text;
    text["table"] = "calendar";
    text["time_zone"] = settings.time_zone.empty() ? machine_time_zone() : settings.time_zone;
    text["time_zone_set"] = !settings.time_zone.empty();  // false: the machine's, until office set --time-zone
    text["name"] = settings.name;
    text["horizon_days"] = settings.horizon_days;
    auto& hours = text["hours"] = nlohmann::ordered_json::array();
    for (const auto& r : store.calendar().opening_hours())
        hours.push_back({{"weekday", r.weekday}, {"opens", r.opens}, {"closes", r.closes}, {"slot_minutes", r.slot_minutes}});
    auto& closures = text["closures"] = nlohmann::ordered_json::array();
    for (const auto& c : store.calendar().closures()) closures.push_back({{"day", c.day}, {"reason", c.reason}});
    return text.dump();
}

}  // namespace

std::optional<std::string> read_page(OfficeStore& store, const ResourcePage& page) {
    if (page.table == OfficeTable::calendar) return calendar_document(store);
    const auto found = page.row ? store.read_rows(page.table, *page.row - 1, 1) : store.read_rows(page.table, page.after, page.limit);
    if (page.row && (found.empty() || found.front().at("id") != *page.row)) return std::nullopt;
    const TableInfo& info = table_info(page.table);
    // Keys in the contract's order (table, columns, rows, next) and each row's in column order,
    // so the text reads like the table it is.
    nlohmann::ordered_json text;
    text["table"] = info.name;
    auto& columns = text["columns"] = nlohmann::ordered_json::array();
    for (const auto& column : info.columns)
        if (!column.empty()) columns.push_back(column);
    // Slots also say when they begin, as list_availability does: the instant in the office's zone
    // (RFC 3339 with its offset then), null when that zone cannot be read here.
    const bool instants = page.table == OfficeTable::slots;
    std::optional<TimeZone> zone;
    if (instants) {
        columns.push_back("starts_at");
        zone = office_zone(store.calendar().office_settings());
    }
    auto& rows = text["rows"] = nlohmann::ordered_json::array();
    for (const auto& row : found) {
        nlohmann::ordered_json ordered = nlohmann::ordered_json::object();
        for (const auto& column : info.columns)
            if (!column.empty()) ordered[std::string(column)] = nlohmann::ordered_json(row.at(std::string(column)));
        if (instants) {
            const auto at = zone ? local_starts_at(*zone, row.at("day").get<std::string>(), row.at("time").get<std::string>())
                                 : std::nullopt;
            ordered["starts_at"] = at ? nlohmann::ordered_json(*at) : nlohmann::ordered_json();
        }
        rows.push_back(std::move(ordered));
    }
    if (page.row) {  // the one row, not a page of them
        text["row"] = std::move(rows.front());
        text.erase("rows");
        return text.dump();
    }
    // A full page may have more behind it; a short one is the end.
    if (!found.empty() && found.size() == static_cast<std::size_t>(page.limit))
        text["next"] = std::string(kScheme) + std::string(info.name) + "?after=" +
                       std::to_string(found.back().at("id").get<std::int64_t>()) + "&limit=" + std::to_string(page.limit);
    return text.dump();
}

std::set<OfficeTable> tables_changed_by(std::string_view action) {
    using T = OfficeTable;
    std::set<OfficeTable> tables{T::audit};
    if (action == "slot_booked" || action == "booking_cancelled" || action == "booking_moved") tables.insert(T::slots);
    else if (action == "lunch_ordered") tables.insert(T::lunch_orders);
    else if (action == "refund_queued" || action == "refund_declined" || action == "refund_reopened" ||
             action == "refund_withdrawn")
        tables.insert(T::approval_requests);
    else if (action == "refund_issued") tables.insert({T::refunds, T::invoices, T::approval_requests});
    else if (action == "customer_added" || action == "customer_removed") tables.insert(T::customers);
    // Invoices show their customer's name: an edit, or an import that renamed (--update), changes them.
    else if (action == "customer_edited" || action == "customers_imported") tables.insert({T::customers, T::invoices});
    else if (action == "invoice_added" || action == "invoice_paid") tables.insert(T::invoices);
    else if (action == "menu_item_added" || action == "menu_item_removed") tables.insert(T::menu);
    // A new zone moves every slot's instant; hours and closures change only what is offered.
    else if (action == "office_changed") tables.insert({T::calendar, T::slots});
    else if (action == "hours_set" || action == "days_closed" || action == "day_opened") tables.insert(T::calendar);
    else return every_table();
    return tables;
}

std::set<OfficeTable> tables_changed(OfficeStore& store, std::int64_t from, std::int64_t to) {
    if (to == from) return {};
    if (to < from) return every_table();  // reset: the office started again
    std::set<OfficeTable> changed;
    std::int64_t after = from;
    while (after < to) {
        const auto rows = store.read_rows(OfficeTable::audit, after, kMaxPageSize);
        for (const auto& row : rows) {
            after = row.at("id").get<std::int64_t>();
            if (after > to) break;  // committed since `to` was read: the next mark's news
            const auto& action = row.at("action");
            const auto tables = tables_changed_by(action.is_string() ? action.get_ref<const std::string&>() : "");
            changed.insert(tables.begin(), tables.end());
        }
        if (rows.size() < static_cast<std::size_t>(kMaxPageSize)) break;
    }
    // The mark moved, yet no row says how (rows gone): say everything changed rather than nothing.
    return changed.empty() ? every_table() : changed;
}

}  // namespace office
