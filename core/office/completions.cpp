#include "completions.h"

#include "calendar.h"
#include "office_store.h"
#include "prompts.h"

#include <algorithm>
#include <cctype>

namespace office {

namespace {

std::string folded(const std::string& text) {
    std::string out = text;
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// `values` without duplicates, those starting with `typed` (ASCII case folded) first, each group
// in the order given; at most kMaxCompletionValues, `total` counting them all.
Completion ordered(const std::vector<std::string>& values, const std::string& typed) {
    const std::string want = folded(typed);
    std::vector<std::string> first, then;
    for (const auto& v : values) {
        if (std::find(first.begin(), first.end(), v) != first.end() || std::find(then.begin(), then.end(), v) != then.end()) continue;
        (folded(v).starts_with(want) ? first : then).push_back(v);
    }
    Completion completion;
    completion.values = std::move(first);
    completion.values.insert(completion.values.end(), then.begin(), then.end());
    completion.total = static_cast<std::int64_t>(completion.values.size());
    if (completion.values.size() > kMaxCompletionValues) {
        completion.values.resize(kMaxCompletionValues);
        completion.has_more = true;
    }
    return completion;
}

// Customers' names: one page of find_customers (name or email holding the text, as the tool
// finds them), those whose name starts with it first. The page is kCustomerPage customers; the
// ones after it are counted by the store (up to kMoreCounted), so total is exact only then.
Completion customer_names(OfficeStore& store, const std::string& typed) {
    const CustomerPage page = store.customers().find_customers(typed);
    std::vector<std::string> names;
    for (const auto& c : page.customers) names.push_back(c.name);
    // Every customer on the page holds the text in its name or email: all are values.
    Completion completion = ordered(names, typed);
    if (page.more > 0) {
        completion.has_more = true;
        // A customer is an option: duplicate names on the page are one value, but every customer
        // beyond it counts.
        completion.total = page.more_exact ? std::optional(static_cast<std::int64_t>(page.customers.size()) + page.more)
                                           : std::nullopt;
    }
    return completion;
}

// The numbers of the invoices of the customer `context` names that have something left to
// refund, those starting with the digits typed.
Completion invoice_numbers(OfficeStore& store, const std::string& typed, const json& context) {
    const auto customer = context.find("customer");
    if (customer == context.end()) return {};
    const auto id = customer_named(store, customer->get<std::string>());
    if (!id) return {};
    std::vector<std::string> numbers;
    for (const auto& invoice : store.money().invoices_of(*id))
        if (invoice.left() > 0 && std::to_string(invoice.id).starts_with(typed)) numbers.push_back(std::to_string(invoice.id));
    return ordered(numbers, typed);
}

// The days from today to the horizon with a free slot, YYYY-MM-DD, those starting with the
// text typed (2026-12 gives December's); a calendar that cannot be read offers none.
Completion free_days(OfficeStore& store, const std::string& typed, std::int64_t now) {
    std::vector<std::string> days;
    try {
        const OfficeCalendar calendar(store, now);
        const std::int64_t today = days_from_civil(calendar.today_date());
        std::string why_none;
        for (std::int64_t d = today; d <= today + calendar.settings().horizon_days && days.size() <= kMaxCompletionValues; ++d) {
            const CivilDate day = civil_from_days(d);
            const std::string text = day_text(day);
            if (text.starts_with(typed) && !calendar.free_on(day, why_none).empty()) days.push_back(text);
        }
    } catch (const std::invalid_argument&) {
        return {};
    }
    return ordered(days, typed);
}

}  // namespace

Completion complete_from(const std::vector<std::string>& candidates, const std::string& typed) {
    const std::string want = folded(typed);
    std::vector<std::string> holding;
    for (const auto& c : candidates)
        if (folded(c).find(want) != std::string::npos) holding.push_back(c);
    return ordered(holding, typed);
}

Completion complete_prompt_argument(const std::string& argument, const std::string& typed, const json& context,
                                    OfficeStore& store, std::int64_t now) {
    // An argument means the same in every prompt that takes it.
    if (argument == "customer") return customer_names(store, typed);
    if (argument == "invoice") return invoice_numbers(store, typed, context);
    if (argument == "day") return free_days(store, typed, now);
    if (argument == "item") {
        std::vector<std::string> names;
        for (const auto& item : store.lunch().menu()) names.push_back(item.name);
        return complete_from(names, typed);
    }
    return {};  // quantity: any whole number
}

json completion_json(const Completion& completion) {
    json out{{"values", completion.values}};
    if (completion.total) out["total"] = *completion.total;
    if (completion.has_more) out["hasMore"] = true;
    return out;
}

}  // namespace office
