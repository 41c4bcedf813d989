#pragma once
// What the tools' files share, and nothing outside them includes. One file per part of the
// office, each tool a function of (context, arguments):
//   tools.cpp            the registry: every tool's schema, description and hints; profiles
//   tools_calendar.cpp   find_customer, list_availability, book_slot, cancel_booking, move_booking
//   tools_refunds.cpp    open_invoices, issue_refund (the person's form, the approval queue)
//   tools_lunch.cpp      order_lunch
//   tools_records.cpp    add_customer, and the admin tools that keep customers, invoices, the menu

#include "tool.h"

#include "idempotency.h"
#include "office_store.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace office::tools_internal {

inline ToolResult refuse(std::string text) { return ToolResult{std::move(text), nullptr, true}; }

inline std::string plural(std::int64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// An id argument the schema accepted. JSON Schema calls 1e300 and 2^64-1 integers too, and
// converting those to int64 is undefined behaviour (found by tests/fuzz/fuzz_session), so they
// saturate: no row has such an id, and the tool reports it as unknown.
inline std::int64_t id_argument(const json& value) {
    constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() > static_cast<std::uint64_t>(kMax) ? kMax : value.get<std::int64_t>();
    if (value.is_number_integer()) return value.get<std::int64_t>();
    const double d = value.get<double>();  // integral: the schema checked its type
    if (d >= 9223372036854775808.0) return kMax;
    if (d < -9223372036854775808.0) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(d);
}

// Who writes, as the audit trail records it: the caller at `at`; the action and subject are the write's.
inline AuditEntry stamp(const CallContext& ctx, std::string at) {
    return AuditEntry{0, std::move(at), ctx.caller.name, ctx.caller.version, ctx.caller.era, ctx.caller.protocol_version,
                      "", "", 0, "", ctx.caller.principal, ctx.caller.trace.trace_id, ctx.caller.trace.span_id};
}

// One row of the audit trail, written in the caller's open transaction with the write itself.
inline void audit(OfficeStore& store, const CallContext& ctx, std::string_view action, std::string_view subject_type,
           std::int64_t subject_id, std::string detail, std::string at) {
    AuditEntry entry = stamp(ctx, std::move(at));
    entry.action = action;
    entry.subject_type = subject_type;
    entry.subject_id = subject_id;
    entry.detail = std::move(detail);
    store.append_audit(entry);
}

// Links to the rows a result names (RowLink): a customer by its name, an invoice and a slot by
// their number.
inline RowLink customer_link(std::int64_t id, std::string name) { return {OfficeTable::customers, id, std::move(name)}; }
inline RowLink invoice_link(std::int64_t id) { return {OfficeTable::invoices, id, "invoice " + std::to_string(id)}; }
inline RowLink slot_link(std::int64_t id, const std::string& day, const std::string& time) {
    return {OfficeTable::slots, id, "slot " + std::to_string(id) + " (" + day + " " + time + ")"};
}

ToolOutcome find_customer(CallContext& ctx, const json& args);
ToolOutcome list_availability(CallContext& ctx, const json& args);
ToolOutcome book_slot(CallContext& ctx, const json& args);
ToolOutcome cancel_booking(CallContext& ctx, const json& args);
ToolOutcome move_booking(CallContext& ctx, const json& args);
ToolOutcome open_invoices(CallContext& ctx, const json& args);
ToolOutcome issue_refund(CallContext& ctx, const json& args);
ToolOutcome order_lunch(CallContext& ctx, const json& args);
ToolOutcome add_customer_tool(CallContext& ctx, const json& args);
ToolOutcome edit_customer_tool(CallContext& ctx, const json& args);
ToolOutcome remove_customer_tool(CallContext& ctx, const json& args);
ToolOutcome add_invoice_tool(CallContext& ctx, const json& args);
ToolOutcome pay_invoice_tool(CallContext& ctx, const json& args);
ToolOutcome add_menu_item_tool(CallContext& ctx, const json& args);
ToolOutcome remove_menu_item_tool(CallContext& ctx, const json& args);
ToolOutcome set_office_tool(CallContext& ctx, const json& args);
ToolOutcome set_hours_tool(CallContext& ctx, const json& args);
ToolOutcome close_days_tool(CallContext& ctx, const json& args);
ToolOutcome open_day_tool(CallContext& ctx, const json& args);

}  // namespace office::tools_internal
