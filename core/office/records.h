#pragma once
// The office's own records as its people keep them (issue 37): customers, invoices and the lunch
// menu. The rules every value must meet, and the changes themselves, each written with its audit
// row. Both ways in come here — the MCP tools (add_customer for agents, the admin tools for the
// office's people, core/office/tools_records.cpp) and the operator's commands (`office-mcp
// customers|invoices|menu`, stdio_server/records_command.cpp) — so one rule holds whichever way
// a change arrives.
//
// Each change runs inside the caller's open WriteTransaction (a tool's, with its idempotency
// key, or a command's) and writes nothing when it refuses: the caller commits only what was ok.

#include "audit.h"
#include "office_store.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace office {

// ---- the rules: each "" when the value is good, else the sentence saying why not

inline constexpr std::size_t kMaxCustomerName = 100;  // characters, after trimming
inline constexpr std::size_t kMaxEmail = 254;         // RFC 5321's path limit
inline constexpr std::size_t kMaxMenuItem = 40;

// A name as stored: trimmed (person_text.h); 1–100 characters, no control characters.
std::string customer_name_problem(std::string_view trimmed_name);
// A plausible address: local@domain, one @, no spaces or control characters, a dot in the
// domain, neither part empty, at most 254 bytes. Nobody can check more without mailing it.
std::string email_problem(std::string_view email);
// A menu item's name: trimmed, 1–40 characters, no control characters.
std::string menu_item_problem(std::string_view trimmed_name);

// Money as a person writes it: digits, then at most two decimals after a point ("1234.56",
// "12", "4.5"); no sign, no exponent, no thousands separators. Exact: never through a double.
std::optional<std::int64_t> cents_of(std::string_view text);

// ---- the changes

// What a change did: its sentence (for the model, the operator and the audit) and, when ok, its
// data (structuredContent of a tool; the id of what it made).
struct RecordOutcome {
    bool ok = false;
    std::string sentence;
    nlohmann::json data = nullptr;
};

// `stamp` is who changes the office, and when: an AuditEntry with at, client, era, protocol
// version, principal and trace filled in; each change fills in the rest.
RecordOutcome add_customer(OfficeStore& store, const AuditEntry& stamp, std::string_view name, std::string_view email);
RecordOutcome edit_customer(OfficeStore& store, const AuditEntry& stamp, std::int64_t id,
                            const std::optional<std::string>& name, const std::optional<std::string>& email);
RecordOutcome remove_customer(OfficeStore& store, const AuditEntry& stamp, std::int64_t id);
// `amount` as the person wrote it (cents_of); status open or paid.
RecordOutcome add_invoice(OfficeStore& store, const AuditEntry& stamp, std::int64_t customer_id, std::string_view amount,
                          std::string_view status);
RecordOutcome pay_invoice(OfficeStore& store, const AuditEntry& stamp, std::int64_t id);
// `price` as the person wrote it, or none.
RecordOutcome add_menu_item(OfficeStore& store, const AuditEntry& stamp, std::string_view name,
                            const std::optional<std::string>& price);
RecordOutcome remove_menu_item(OfficeStore& store, const AuditEntry& stamp, std::string_view name);

// The office's calendar (issue 38; core/office/calendar.h uses what these keep). Each value as
// the person wrote it: a zone name checked against the tz database, a horizon of 1 to 730 days.
RecordOutcome set_office(OfficeStore& store, const AuditEntry& stamp, const std::optional<std::string>& time_zone,
                         const std::optional<std::string>& name, const std::optional<std::string>& horizon_days);
// `days` as "mon-fri", "sat", "mon,wed,fri-sun"; `ranges` as "09:00-13:00,15:00-18:00" or
// "closed"; slots of `slot_minutes` (5 to 720). Bookings already made are never touched.
RecordOutcome set_hours(OfficeStore& store, const AuditEntry& stamp, std::string_view days, std::string_view ranges,
                        std::int64_t slot_minutes);
// `days` as YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD (at most 366 days).
RecordOutcome close_days(OfficeStore& store, const AuditEntry& stamp, std::string_view days, std::string_view reason);
RecordOutcome open_day(OfficeStore& store, const AuditEntry& stamp, std::string_view day);

// A menu as the model reads it: "bocadillo, tortilla or ensalada"; with prices "tortilla (4.50)".
std::string menu_sentence(const std::vector<MenuItem>& menu);

}  // namespace office
