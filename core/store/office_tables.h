#pragma once
// The office's tables as rows: what the MCP resources (office://customers, ...) show and what
// office-desk displays. One list of tables and columns for every backend, so a SQLite office
// and a PostgreSQL office read the same; OfficeStore::read_rows fills them.

#include <array>
#include <optional>
#include <string_view>

namespace office {

enum class OfficeTable { customers, slots, invoices, refunds, lunch_orders, approval_requests, audit, menu, calendar };

struct TableInfo {
    OfficeTable table;
    std::string_view name;  // the resource is office://<name>
    std::string_view title;
    std::string_view description;
    std::array<std::string_view, 12> columns;  // in order; the rest empty (all: not a table of rows)
};

// Row values: integers (money in integer cents, ids) as JSON numbers, text as strings, NULL as
// null. invoices.customer is the customer's name and left_cents = amount_cents - refunded_cents.
inline constexpr std::array<TableInfo, 9> kOfficeTables{{
    {OfficeTable::customers, "customers", "Customers", "The office's customers.",
     {"id", "name", "email"}},
    {OfficeTable::slots, "slots", "Appointment slots", "The calendar: every slot, free (customer_id null) or booked.",
     {"id", "day", "time", "customer_id", "booked_at", "booked_by"}},
    {OfficeTable::invoices, "invoices", "Invoices", "Invoices with what was refunded and what is left, in cents.",
     {"id", "customer_id", "customer", "amount_cents", "status", "refunded_cents", "left_cents"}},
    {OfficeTable::refunds, "refunds", "Refunds", "Every refund issued, in cents, with who approved it.",
     {"id", "invoice_id", "amount_cents", "reason", "approved_via", "client", "created_at", "approval_request_id",
      "requested_by"}},
    {OfficeTable::lunch_orders, "lunch_orders", "Lunch orders", "Today's lunch orders.",
     {"id", "item", "quantity", "note", "client", "created_at"}},
    {OfficeTable::approval_requests, "approval_requests", "Approval queue",
     "Refunds asked for by clients without forms, waiting for a person or settled.",
     {"id", "invoice_id", "status", "client", "created_at", "resolved_at", "resolved_by", "reported_at",
      "amount_cents", "reason", "task"}},
    {OfficeTable::audit, "audit", "Audit trail", "Who changed what, through which protocol era, and when.",
     {"id", "at", "client_name", "client_version", "era", "protocol_version", "action", "subject_type",
      "subject_id", "detail", "principal"}},
    {OfficeTable::menu, "menu", "Lunch menu", "What order_lunch offers, with prices in cents where the office set one.",
     {"id", "name", "price_cents"}},
    // Not rows but one document (office_resources.cpp, read_page): the zone, hours and closures
    // that make the slots, so a view can draw the office's week.
    {OfficeTable::calendar, "calendar", "The office's calendar",
     "Its time zone, how far ahead it takes bookings, its opening hours per weekday and its closed days.", {}},
}};

inline const TableInfo& table_info(OfficeTable table) { return kOfficeTables[static_cast<std::size_t>(table)]; }
// Whether OfficeStore::read_rows reads it (every table but the calendar, which is a document).
inline bool has_rows(const TableInfo& info) { return !info.columns[0].empty(); }

inline std::optional<OfficeTable> table_named(std::string_view name) {
    for (const auto& info : kOfficeTables)
        if (info.name == name) return info.table;
    return std::nullopt;
}

}  // namespace office
