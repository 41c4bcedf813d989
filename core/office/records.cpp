#include "records.h"

#include "calendar.h"

#include "money.h"
#include "person_text.h"
#include "utf8.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <utility>

namespace office {
namespace {

using json = nlohmann::json;

RecordOutcome refused(std::string sentence) { return {false, std::move(sentence), nullptr}; }

void audit(OfficeStore& store, const AuditEntry& stamp, std::string_view action, std::string_view subject_type,
           std::int64_t subject_id, const std::string& detail) {
    AuditEntry entry = stamp;
    entry.action = action;
    entry.subject_type = subject_type;
    entry.subject_id = subject_id;
    entry.detail = detail;
    store.append_audit(entry);
}

bool valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto n = utf8::sequence_length(text.substr(i));
        if (n == 0) return false;
        i += n;
    }
    return true;
}

// JSON strings are UTF-8 already; a command line's arguments need not be.
std::string text_problem(std::string_view what, std::string_view text, std::size_t max) {
    if (text.empty()) return std::string(what) + " must not be blank";
    if (!valid_utf8(text)) return std::string(what) + " must be UTF-8 text";
    if (has_control_character(text)) return std::string(what) + " must not contain control characters";
    if (const auto c = bidi_control(text)) return std::string(what) + " " + bidi_control_refusal(c);
    if (utf8::count_characters(text) > max)
        return std::string(what) + " must be at most " + std::to_string(max) + " characters";
    return {};
}

json customer_json(const Customer& c) { return json{{"id", c.id}, {"name", c.name}, {"email", c.email}}; }

std::string in_quotes(std::string_view text) { return "\"" + std::string(text) + "\""; }

}  // namespace

std::string customer_name_problem(std::string_view name) { return text_problem("name", name, kMaxCustomerName); }

std::string menu_item_problem(std::string_view name) { return text_problem("item", name, kMaxMenuItem); }

std::string email_problem(std::string_view email) {
    if (email.empty()) return "email must not be blank";
    if (email.size() > kMaxEmail) return "email must be at most " + std::to_string(kMaxEmail) + " bytes";
    if (!valid_utf8(email)) return "email must be UTF-8 text";
    if (has_control_character(email)) return "email must not contain control characters";
    if (const auto c = bidi_control(email)) return "email " + bidi_control_refusal(c);
    const auto at = email.find('@');
    const auto plausible = [&] {
        if (at == std::string_view::npos || at == 0 || email.find('@', at + 1) != std::string_view::npos) return false;
        if (email.find_first_of(" \t") != std::string_view::npos) return false;
        const auto domain = email.substr(at + 1);
        const auto dot = domain.find('.');
        return dot != std::string_view::npos && dot > 0 && domain.back() != '.' && domain.find("..") == std::string_view::npos;
    };
    if (!plausible()) return "email " + in_quotes(email) + " is not an address like name@example.com";
    return {};
}

std::optional<std::int64_t> cents_of(std::string_view text) {
    const auto point = text.find('.');
    const auto whole = text.substr(0, point);
    const auto fraction = point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
    const auto digits = [](std::string_view t) { return t.find_first_not_of("0123456789") == std::string_view::npos; };
    if (whole.empty() || !digits(whole) || !digits(fraction) || fraction.size() > 2) return std::nullopt;
    if (point != std::string_view::npos && fraction.empty()) return std::nullopt;  // "12." is not how money is written
    if (whole.size() > 13) return std::nullopt;  // beyond 10^13 units no office bills; int64 cents stay far away
    std::int64_t cents = 0;
    for (char c : whole) cents = cents * 10 + (c - '0');
    cents *= 100;
    if (fraction.size() >= 1) cents += (fraction[0] - '0') * 10;
    if (fraction.size() == 2) cents += fraction[1] - '0';
    return cents;
}

std::string menu_sentence(const std::vector<MenuItem>& menu) {
    std::string text;
    for (std::size_t i = 0; i < menu.size(); ++i) {
        if (i > 0) text += i + 1 == menu.size() ? " or " : ", ";
        text += menu[i].name;
        if (menu[i].price_cents) text += " (" + format_cents(*menu[i].price_cents) + ")";
    }
    return text;
}

// ---- customers ------------------------------------------------------------------------------

RecordOutcome add_customer(OfficeStore& store, const AuditEntry& stamp, std::string_view typed_name, std::string_view typed_email) {
    const std::string name = trim_whitespace(typed_name);
    const std::string email = trim_whitespace(typed_email);
    if (auto p = customer_name_problem(name); !p.empty()) return refused("The customer was not added: " + p + ".");
    if (auto p = email_problem(email); !p.empty()) return refused("The customer was not added: " + p + ".");
    const auto added = store.customers().add_customer(name, email);
    const auto& c = added.customer;
    if (!added.added)
        return refused("The customer was not added: " + email + " is already customer " + std::to_string(c.id) + " (" + c.name +
                       ", " + c.email + "). Use that id.");
    const std::string sentence = "Added customer " + std::to_string(c.id) + ": " + c.name + " <" + c.email + ">.";
    audit(store, stamp, "customer_added", "customer", c.id, sentence);
    return {true, sentence, customer_json(c)};
}

RecordOutcome edit_customer(OfficeStore& store, const AuditEntry& stamp, std::int64_t id, const std::optional<std::string>& typed_name,
                            const std::optional<std::string>& typed_email) {
    auto customer = store.customers().load_customer(id);
    if (!customer) return refused("No customer has id " + std::to_string(id) + ".");
    if (!typed_name && !typed_email) return refused("Nothing to change: give a new name, a new email or both.");
    const Customer before = *customer;
    if (typed_name) {
        customer->name = trim_whitespace(*typed_name);
        if (auto p = customer_name_problem(customer->name); !p.empty()) return refused("Customer " + std::to_string(id) + " was not changed: " + p + ".");
    }
    if (typed_email) {
        customer->email = trim_whitespace(*typed_email);
        if (auto p = email_problem(customer->email); !p.empty()) return refused("Customer " + std::to_string(id) + " was not changed: " + p + ".");
        if (auto other = store.customers().customer_with_email(customer->email); other && other->id != id)
            return refused("Customer " + std::to_string(id) + " was not changed: " + customer->email + " is already customer " +
                           std::to_string(other->id) + " (" + other->name + ").");
    }
    store.customers().update_customer(*customer);
    const std::string sentence = "Customer " + std::to_string(id) + " is now " + customer->name + " <" + customer->email + "> (was " +
                                 before.name + " <" + before.email + ">).";
    audit(store, stamp, "customer_edited", "customer", id, sentence);
    return {true, sentence, customer_json(*customer)};
}

RecordOutcome remove_customer(OfficeStore& store, const AuditEntry& stamp, std::int64_t id) {
    const auto customer = store.customers().load_customer(id);
    if (!customer) return refused("No customer has id " + std::to_string(id) + ".");
    if (const auto use = store.customers().customer_use(id); use.invoices > 0 || use.bookings > 0) {
        std::string what;
        if (use.invoices > 0) what = std::to_string(use.invoices) + (use.invoices == 1 ? " invoice" : " invoices");
        if (use.bookings > 0)
            what += (what.empty() ? "" : " and ") + std::to_string(use.bookings) + (use.bookings == 1 ? " booking" : " bookings");
        return refused("Customer " + std::to_string(id) + " (" + customer->name + ") was not removed: they have " + what +
                       ", which keep their name.");
    }
    store.customers().remove_customer(id);
    const std::string sentence = "Removed customer " + std::to_string(id) + ": " + customer->name + " <" + customer->email + ">.";
    audit(store, stamp, "customer_removed", "customer", id, sentence);
    return {true, sentence, customer_json(*customer)};
}

// ---- invoices -------------------------------------------------------------------------------

RecordOutcome add_invoice(OfficeStore& store, const AuditEntry& stamp, std::int64_t customer_id, std::string_view amount,
                          std::string_view status) {
    const auto cents = cents_of(amount);
    if (!cents || *cents == 0)
        return refused("The invoice was not added: amount " + in_quotes(amount) +
                       " is not an amount like 1234.56 (more than 0, at most two decimals, no sign or separators).");
    if (status != "open" && status != "paid")
        return refused("The invoice was not added: status must be open or paid, not " + in_quotes(status) + ".");
    const auto customer = store.customers().load_customer(customer_id);
    if (!customer) return refused("The invoice was not added: no customer has id " + std::to_string(customer_id) + ".");
    const auto id = store.money().add_invoice(customer_id, *cents, std::string(status));
    const std::string sentence = "Added invoice " + std::to_string(id) + ": " + format_cents(*cents) + " for " + customer->name +
                                 " (customer " + std::to_string(customer_id) + "), " + std::string(status) + ".";
    audit(store, stamp, "invoice_added", "invoice", id, sentence);
    return {true, sentence,
            json{{"invoice_id", id}, {"customer_id", customer_id}, {"amount", cents_to_amount(*cents)}, {"status", status}}};
}

RecordOutcome pay_invoice(OfficeStore& store, const AuditEntry& stamp, std::int64_t id) {
    const auto invoice = store.money().load_invoice(id);
    if (!invoice) return refused("No invoice has id " + std::to_string(id) + ".");
    if (!store.money().pay_invoice(id))
        return refused("Invoice " + std::to_string(id) + " was not marked paid: it is " + invoice->status + ", not open.");
    const std::string sentence = "Invoice " + std::to_string(id) + " (" + invoice->customer + ", " + format_cents(invoice->cents) +
                                 ") is paid.";
    audit(store, stamp, "invoice_paid", "invoice", id, sentence);
    return {true, sentence, json{{"invoice_id", id}, {"status", "paid"}}};
}

// ---- the menu -------------------------------------------------------------------------------

RecordOutcome add_menu_item(OfficeStore& store, const AuditEntry& stamp, std::string_view typed_name,
                            const std::optional<std::string>& price) {
    const std::string name = trim_whitespace(typed_name);
    if (auto p = menu_item_problem(name); !p.empty()) return refused("The menu was not changed: " + p + ".");
    MenuItem item{name, std::nullopt};
    if (price) {
        item.price_cents = cents_of(*price);
        if (!item.price_cents)
            return refused("The menu was not changed: price " + in_quotes(*price) + " is not an amount like 4.50 (at most two decimals).");
    }
    const auto id = store.lunch().add_menu_item(item);
    if (!id) return refused("The menu was not changed: " + name + " is on it already.");
    std::string sentence = "Added " + name + (item.price_cents ? " (" + format_cents(*item.price_cents) + ")" : "") + " to the menu.";
    audit(store, stamp, "menu_item_added", "menu_item", *id, sentence);
    json data{{"item", name}};
    if (item.price_cents) data["price"] = cents_to_amount(*item.price_cents);
    return {true, sentence, data};
}

RecordOutcome remove_menu_item(OfficeStore& store, const AuditEntry& stamp, std::string_view typed_name) {
    const std::string name = trim_whitespace(typed_name);
    const auto id = store.lunch().remove_menu_item(name);
    if (!id) {
        const auto menu = store.lunch().menu();
        return refused("The menu was not changed: " + name + " is not on it (" +
                       (menu.empty() ? std::string("the menu is empty") : "the menu: " + menu_sentence(menu)) + ").");
    }
    const std::string sentence = "Removed " + name + " from the menu.";
    audit(store, stamp, "menu_item_removed", "menu_item", *id, sentence);
    return {true, sentence, json{{"item", name}}};
}

// ---- the calendar ------------------------------------------------------------------------------

namespace {

std::optional<int> weekday_named(std::string_view word) {
    static const char* const kShort[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
    const auto lower = [](std::string_view w) {
        std::string l;
        for (char c : w) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return l;
    };
    for (int d = 0; d < 7; ++d)
        if (lower(word) == kShort[d] || lower(word) == lower(weekday_name(d))) return d;
    return std::nullopt;
}

std::vector<std::string_view> split(std::string_view text, char at) {
    std::vector<std::string_view> parts;
    for (std::size_t from = 0;;) {
        const auto to = text.find(at, from);
        parts.push_back(text.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
        if (to == std::string_view::npos) return parts;
        from = to + 1;
    }
}

std::string days_sentence(const std::vector<int>& days) {
    std::string text;
    for (std::size_t i = 0; i < days.size(); ++i) text += (i == 0 ? "" : i + 1 == days.size() ? " and " : ", ") + std::string(weekday_name(days[i]));
    return text;
}

}  // namespace

RecordOutcome set_office(OfficeStore& store, const AuditEntry& stamp, const std::optional<std::string>& time_zone,
                         const std::optional<std::string>& name, const std::optional<std::string>& horizon_days) {
    auto settings = store.calendar().office_settings();
    std::vector<std::string> changed;
    if (time_zone) {
        try {
            TimeZone::load(*time_zone);
        } catch (const std::invalid_argument& e) {
            return refused(std::string("The office was not changed: ") + e.what() + ".");
        }
        settings.time_zone = *time_zone;
        changed.push_back("time zone " + *time_zone);
    }
    if (name) {
        const std::string trimmed = trim_whitespace(*name);
        if (const auto problem = text_problem("the name", trimmed, 100); !problem.empty())
            return refused("The office was not changed: " + problem + ".");
        settings.name = trimmed;
        changed.push_back("name " + trimmed);
    }
    if (horizon_days) {
        std::int64_t days = 0;
        for (char c : *horizon_days) days = std::isdigit(static_cast<unsigned char>(c)) && days < 1000 ? days * 10 + (c - '0') : -1;
        if (horizon_days->empty() || days < 1 || days > 730)
            return refused("The office was not changed: the horizon must be a number of days from 1 to 730, not " + *horizon_days + ".");
        settings.horizon_days = days;
        changed.push_back("bookings up to " + std::to_string(days) + " days ahead");
    }
    if (changed.empty()) return refused("Nothing to change: give --time-zone ZONE, --name NAME or --horizon DAYS.");
    store.calendar().save_office_settings(settings);
    std::string sentence = "The office's ";
    for (std::size_t i = 0; i < changed.size(); ++i) sentence += (i ? ", " : "") + changed[i];
    sentence += ".";
    audit(store, stamp, "office_changed", "office", 0, sentence);
    return {true, sentence, json{{"time_zone", settings.time_zone}, {"name", settings.name}, {"horizon_days", settings.horizon_days}}};
}

RecordOutcome set_hours(OfficeStore& store, const AuditEntry& stamp, std::string_view days_text, std::string_view ranges_text,
                        std::int64_t slot_minutes) {
    const std::string not_changed = "The hours were not changed: ";
    std::vector<int> days;
    for (const auto part : split(days_text, ',')) {
        const auto ends = split(part, '-');
        const auto first = weekday_named(ends.front()), last = weekday_named(ends.back());
        if (ends.size() > 2 || !first || !last)
            return refused(not_changed + "\"" + std::string(part) + "\" is not a day or a range of days (mon, tue, ... sun; mon-fri).");
        for (int d = *first;; d = (d + 1) % 7) {
            if (std::find(days.begin(), days.end(), d) == days.end()) days.push_back(d);
            if (d == *last) break;
        }
    }
    if (slot_minutes < 5 || slot_minutes > 720) return refused(not_changed + "a slot is 5 to 720 minutes long.");
    std::vector<std::pair<int, int>> spans;
    if (ranges_text != "closed") {
        for (const auto part : split(ranges_text, ',')) {
            const auto ends = split(part, '-');
            const auto opens = ends.size() == 2 ? parse_clock(std::string(ends[0])) : std::nullopt;
            const auto closes = ends.size() == 2 ? parse_clock(std::string(ends[1])) : std::nullopt;
            if (!opens || !closes || *opens >= *closes)
                return refused(not_changed + "\"" + std::string(part) + "\" is not a range of hours like 09:00-13:00 (or say closed).");
            if (*closes - *opens < slot_minutes)
                return refused(not_changed + std::string(part) + " is shorter than one slot of " + std::to_string(slot_minutes) + " minutes.");
            for (const auto& [o, c] : spans)
                if (*opens < c && o < *closes) return refused(not_changed + "the ranges " + std::string(ranges_text) + " overlap.");
            spans.emplace_back(*opens, *closes);
        }
    }
    std::sort(days.begin(), days.end());
    std::sort(spans.begin(), spans.end());
    std::vector<OpeningRange> ranges;
    std::string hours;
    for (const auto& [o, c] : spans) hours += (hours.empty() ? "" : ", ") + clock_text(o) + "-" + clock_text(c);
    for (const int d : days)
        for (const auto& [o, c] : spans) ranges.push_back({d, clock_text(o), clock_text(c), slot_minutes});
    store.calendar().replace_opening_hours(days, ranges);
    const std::string sentence = spans.empty() ? "The office is closed on " + days_sentence(days) + "."
                                               : "Open on " + days_sentence(days) + " " + hours + ", slots of " +
                                                     std::to_string(slot_minutes) + " minutes.";
    audit(store, stamp, "hours_set", "office", 0, sentence);
    json hour_ranges = json::array(), weekdays = json::array();
    for (const auto& [o, c] : spans) hour_ranges.push_back({{"opens", clock_text(o)}, {"closes", clock_text(c)}});
    for (const int d : days) weekdays.push_back(weekday_name(d));
    return {true, sentence, json{{"weekdays", weekdays}, {"ranges", hour_ranges}, {"slot_minutes", slot_minutes}}};
}

RecordOutcome close_days(OfficeStore& store, const AuditEntry& stamp, std::string_view days_text, std::string_view reason_text) {
    const auto at = days_text.find("..");
    const auto first = parse_day(std::string(days_text.substr(0, at)));
    const auto last = at == std::string_view::npos ? first : parse_day(std::string(days_text.substr(at + 2)));
    if (!first || !last || days_from_civil(*last) < days_from_civil(*first))
        return refused("No day was closed: give a day as YYYY-MM-DD or days as YYYY-MM-DD..YYYY-MM-DD, the first one first.");
    const auto count = days_from_civil(*last) - days_from_civil(*first) + 1;
    if (count > 366) return refused("No day was closed: at most 366 days at once.");
    const std::string reason = trim_whitespace(reason_text);
    if (!reason.empty())
        if (const auto problem = text_problem("the reason", reason, 200); !problem.empty()) return refused("No day was closed: " + problem + ".");
    for (auto d = days_from_civil(*first); d <= days_from_civil(*last); ++d) store.calendar().add_closure({day_text(civil_from_days(d)), reason});
    const std::string sentence = "Closed on " + day_text(*first) + (count > 1 ? " to " + day_text(*last) : "") +
                                 (reason.empty() ? "" : " (" + reason + ")") + ": no slots are offered then; bookings made are kept.";
    audit(store, stamp, "days_closed", "office", 0, sentence);
    return {true, sentence, json{{"from", day_text(*first)}, {"to", day_text(*last)}, {"reason", reason}}};
}

RecordOutcome open_day(OfficeStore& store, const AuditEntry& stamp, std::string_view day_text_in) {
    const auto day = parse_day(std::string(day_text_in));
    if (!day) return refused("No day was opened: give the day as YYYY-MM-DD.");
    if (!store.calendar().remove_closure(day_text(*day))) return refused("No day was opened: the office is not closed on " + day_text(*day) + ".");
    const std::string sentence = "Open again on " + day_text(*day) + ", as its hours say.";
    audit(store, stamp, "day_opened", "office", 0, sentence);
    return {true, sentence, json{{"day", day_text(*day)}}};
}

}  // namespace office
