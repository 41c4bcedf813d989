#include "records.h"

#include "money.h"
#include "person_text.h"
#include "utf8.h"

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
    const auto added = store.add_customer(name, email);
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
    auto customer = store.load_customer(id);
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
        if (auto other = store.customer_with_email(customer->email); other && other->id != id)
            return refused("Customer " + std::to_string(id) + " was not changed: " + customer->email + " is already customer " +
                           std::to_string(other->id) + " (" + other->name + ").");
    }
    store.update_customer(*customer);
    const std::string sentence = "Customer " + std::to_string(id) + " is now " + customer->name + " <" + customer->email + "> (was " +
                                 before.name + " <" + before.email + ">).";
    audit(store, stamp, "customer_edited", "customer", id, sentence);
    return {true, sentence, customer_json(*customer)};
}

RecordOutcome remove_customer(OfficeStore& store, const AuditEntry& stamp, std::int64_t id) {
    const auto customer = store.load_customer(id);
    if (!customer) return refused("No customer has id " + std::to_string(id) + ".");
    if (const auto use = store.customer_use(id); use.invoices > 0 || use.bookings > 0) {
        std::string what;
        if (use.invoices > 0) what = std::to_string(use.invoices) + (use.invoices == 1 ? " invoice" : " invoices");
        if (use.bookings > 0)
            what += (what.empty() ? "" : " and ") + std::to_string(use.bookings) + (use.bookings == 1 ? " booking" : " bookings");
        return refused("Customer " + std::to_string(id) + " (" + customer->name + ") was not removed: they have " + what +
                       ", which keep their name.");
    }
    store.remove_customer(id);
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
    const auto customer = store.load_customer(customer_id);
    if (!customer) return refused("The invoice was not added: no customer has id " + std::to_string(customer_id) + ".");
    const auto id = store.add_invoice(customer_id, *cents, std::string(status));
    const std::string sentence = "Added invoice " + std::to_string(id) + ": " + format_cents(*cents) + " for " + customer->name +
                                 " (customer " + std::to_string(customer_id) + "), " + std::string(status) + ".";
    audit(store, stamp, "invoice_added", "invoice", id, sentence);
    return {true, sentence,
            json{{"invoice_id", id}, {"customer_id", customer_id}, {"amount", cents_to_amount(*cents)}, {"status", status}}};
}

RecordOutcome pay_invoice(OfficeStore& store, const AuditEntry& stamp, std::int64_t id) {
    const auto invoice = store.load_invoice(id);
    if (!invoice) return refused("No invoice has id " + std::to_string(id) + ".");
    if (!store.pay_invoice(id))
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
    const auto id = store.add_menu_item(item);
    if (!id) return refused("The menu was not changed: " + name + " is on it already.");
    std::string sentence = "Added " + name + (item.price_cents ? " (" + format_cents(*item.price_cents) + ")" : "") + " to the menu.";
    audit(store, stamp, "menu_item_added", "menu_item", *id, sentence);
    json data{{"item", name}};
    if (item.price_cents) data["price"] = cents_to_amount(*item.price_cents);
    return {true, sentence, data};
}

RecordOutcome remove_menu_item(OfficeStore& store, const AuditEntry& stamp, std::string_view typed_name) {
    const std::string name = trim_whitespace(typed_name);
    const auto id = store.remove_menu_item(name);
    if (!id) {
        const auto menu = store.menu();
        return refused("The menu was not changed: " + name + " is not on it (" +
                       (menu.empty() ? std::string("the menu is empty") : "the menu: " + menu_sentence(menu)) + ").");
    }
    const std::string sentence = "Removed " + name + " from the menu.";
    audit(store, stamp, "menu_item_removed", "menu_item", *id, sentence);
    return {true, sentence, json{{"item", name}}};
}

}  // namespace office
