#pragma once
// Completions (issue 39): what completion/complete offers for an argument as a person types it —
// a prompt's customer, invoice, day and item, and the office:// template's table. Every value is
// one the caller could find with the tools its prompt names (find_customer, open_invoices,
// list_availability, the menu of order_lunch), and the work is bounded: customers come from one
// page of find_customers (the store's index), days from the calendar up to its horizon.

#include "json_rpc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace office {

class OfficeStore;

inline constexpr std::size_t kMaxCompletionValues = 100;  // the spec's limit

struct Completion {
    std::vector<std::string> values;   // at most kMaxCompletionValues, those starting with the text first
    std::optional<std::int64_t> total;  // how many match in all, when that is known
    bool has_more = false;              // more match than `values` holds
};

// The completion of a prompt's argument named `argument`, typed so far as `typed`; `context` is the
// request's context.arguments (an object of strings, maybe empty): the invoices are those of
// the customer it names. `now`: unix seconds, for the days with free slots.
Completion complete_prompt_argument(const std::string& argument, const std::string& typed, const json& context,
                                    OfficeStore& store, std::int64_t now);

// Of `candidates`, those holding `typed` (ASCII case folded): those starting with it first, each
// group in the candidates' order, duplicates dropped, at most kMaxCompletionValues.
Completion complete_from(const std::vector<std::string>& candidates, const std::string& typed);

// The completion result's JSON: {"values": [...], "total"?: N, "hasMore"?: true}.
json completion_json(const Completion& completion);

}  // namespace office
