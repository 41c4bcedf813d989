#pragma once
// The office's texts meant for a person, in the office's language (--locale en|es|zh_CN):
// the refund form's message, its field titles and descriptions, why an answer was not
// accepted, and the approval queue's outcomes (`office-mcp approvals reopen`). Chosen once at
// startup and carried to the tools in CallContext::locale. Texts meant for the model (tool
// descriptions, results, error sentences) stay English (docs/architecture.md, "Languages").

#include "schema_validator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace office {

struct Invoice;

enum class Locale { En, Es, ZhCN };

// "en", "es", "zh_CN" (also "zh-CN"); nullopt for anything else.
std::optional<Locale> locale_named(std::string_view name);
const char* locale_code(Locale locale);
inline constexpr const char* kLocaleChoices = "en, es or zh_CN";

// One language's texts. {name} marks where a value goes; every language names the same ones.
struct PersonTexts {
    char decimal_separator;
    const char* amount_title;        // the refund form's fields
    const char* amount_description;  // {left}
    const char* reason_title;
    const char* reason_description;
    const char* question;            // {invoice} {left}: the form's message
    const char* not_accepted;        // {problems} {question}: the message when asked again
    const char* problem_separator;
    const char* invoice;             // {id} {customer} {status} {amount}
    const char* invoice_partly;      // ... {refunded} {left}
    const char* status_open;
    const char* status_paid;
    const char* status_refunded;
    // Why an answer was not accepted, per field and rule ({field} for an unexpected one).
    const char* amount_required;
    const char* amount_not_number;
    const char* amount_range;        // {min} {left}
    const char* amount_decimals;
    const char* reason_required;
    const char* reason_not_text;
    const char* reason_length;
    const char* reason_blank;
    const char* reason_control;
    const char* not_a_field;         // {field}
    const char* no_content;
    const char* bad_action;
    // `approvals reopen N`: {id} {invoice} {status} {other}
    const char* reopen_done;
    const char* reopen_missing;
    const char* reopen_not_declined;
    const char* reopen_nothing_left;
    const char* reopen_other_pending;
    const char* request_pending;
    const char* request_approved;
    const char* request_declined;
};

const PersonTexts& person_texts(Locale locale);

// `pattern` with each {name} replaced by its value; an unknown {name} is left as it is.
std::string fill(std::string_view pattern, const std::vector<std::pair<std::string_view, std::string>>& values);

// Money as a person of this locale reads it: "80.00" (en, zh_CN), "80,00" (es). Exact cents.
std::string person_money(Locale locale, std::int64_t cents);
// An invoice's or an approval request's status in words ("open" is "abierta" in es).
std::string person_invoice_status(Locale locale, const std::string& status);
std::string person_request_status(Locale locale, const std::string& status);
// "invoice 2 (Maria Alvarez, open, 80.00)", with what was refunded and is left once partly refunded.
std::string person_invoice(Locale locale, const Invoice& invoice);
// Problems of a person's refund answer (check_refund_answer's, with the validator's rules),
// in this locale's words and joined; English keeps the validator's own sentences.
std::string person_problems(Locale locale, const std::vector<Problem>& problems, const Invoice& invoice);

}  // namespace office
