// The six office tools. Each is a schema, a description written for a model that sees
// nothing else, and a body of a few calls to the office store (office_store.h). Problems the model can act on are
// results with is_error, never exceptions.

#include "tools_internal.h"

namespace office {

using namespace tools_internal;

namespace {

using ojson = nlohmann::ordered_json;

ojson schema(std::string_view text) { return ojson::parse(text); }

std::vector<Tool> make_tools() {
    std::vector<Tool> tools;
    tools.push_back(Tool{
        .name = "find_customer",
        .title = "Find customer",
        .description =
            "Finds customers whose name or email contains the query (case-insensitive; % and _ match "
            "themselves). Returns each match's id, name and email, at most 50 (the first by id) and how many "
            "more match. Use it first: book_slot and open_invoices take the customer's id.",
        .input_schema = schema(R"({"type":"object","properties":{"query":{"type":"string","minLength":1,"maxLength":100,
            "description":"Part of the customer's name or email, e.g. \"Maria\"."}},"required":["query"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"customers":{"type":"array","items":{"type":"object",
            "properties":{"id":{"type":"integer"},"name":{"type":"string"},"email":{"type":"string"}},
            "required":["id","name","email"]}},
            "more_matches":{"type":"integer","minimum":1,"description":"Matches beyond these, counted up to 1000; absent when these are all."},
            "more_matches_exact":{"type":"boolean","description":"false: more than more_matches further matches."}},
            "required":["customers"]})"),
        .read_only = true,
        .run = find_customer,
    });
    tools.push_back(Tool{
        .name = "list_availability",
        .title = "List free slots",
        .description =
            "Lists the free appointment slots on one day, by time, with each slot's id. Booked slots are "
            "not shown. Pass a slot id to book_slot to book it.",
        .input_schema = schema(R"({"type":"object","properties":{"day":{"type":"string","format":"date",
            "pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$","description":"The day, as YYYY-MM-DD, e.g. 2026-09-04."}},
            "required":["day"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"day":{"type":"string"},"slots":{"type":"array",
            "items":{"type":"object","properties":{"slot_id":{"type":"integer"},"time":{"type":"string"}},
            "required":["slot_id","time"]}}},"required":["day","slots"]})"),
        .read_only = true,
        .run = list_availability,
    });
    tools.push_back(Tool{
        .name = "book_slot",
        .title = "Book a slot",
        .description =
            "Books a free appointment slot for a customer. Get the slot id from list_availability and the "
            "customer id from find_customer. Fails, changing nothing, if the slot is already taken or "
            "either id is unknown.",
        .input_schema = schema(R"({"type":"object","properties":{
            "slot_id":{"type":"integer","minimum":1,"description":"The slot's id from list_availability."},
            "customer_id":{"type":"integer","minimum":1,"description":"The customer's id from find_customer."}},
            "required":["slot_id","customer_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"slot_id":{"type":"integer"},"customer_id":{"type":"integer"},
            "day":{"type":"string"},"time":{"type":"string"}},"required":["slot_id","customer_id","day","time"]})"),
        .run = book_slot,
    });
    tools.push_back(Tool{
        .name = "open_invoices",
        .title = "Customer invoices",
        .description =
            "Lists a customer's invoices with their ids, amounts, status (open, paid or refunded, the last "
            "once nothing is left to refund) and how much of each was refunded and is left. Get the "
            "customer id from find_customer; pass an invoice id to issue_refund to refund it.",
        .input_schema = schema(R"({"type":"object","properties":{"customer_id":{"type":"integer","minimum":1,
            "description":"The customer's id from find_customer."}},"required":["customer_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"customer_id":{"type":"integer"},"customer":{"type":"string"},
            "invoices":{"type":"array","items":{"type":"object","properties":{"invoice_id":{"type":"integer"},
            "amount":{"type":"number"},"status":{"type":"string","enum":["open","paid","refunded"]},
            "refunded":{"type":"number","description":"The sum of the invoice's refunds."},
            "left":{"type":"number","description":"What can still be refunded: amount minus refunded."}},
            "required":["invoice_id","amount","status","refunded","left"]}}},"required":["customer_id","customer","invoices"]})"),
        .read_only = true,
        .run = open_invoices,
    });
    tools.push_back(Tool{
        .name = "issue_refund",
        .title = "Refund an invoice",
        .description =
            "Starts the refund of one invoice. A person always decides the amount and the reason: the "
            "client shows them a form, or, if it cannot, the request is queued for a person in office-desk "
            "and this tool reports its number (call it again later for its state). An invoice may be "
            "refunded in parts, never beyond its amount. Get invoice ids from open_invoices.",
        .input_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer","minimum":1,
            "description":"The invoice's id from open_invoices."}},"required":["invoice_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer"},
            "status":{"type":"string","enum":["refunded","declined","cancelled","pending","approved"]},
            "amount":{"type":"number"},"refund_id":{"type":"integer"},"approval_request_id":{"type":"integer"},
            "refunded":{"type":"number","description":"The invoice's refunds so far, this one included."},
            "left":{"type":"number","description":"What can still be refunded of the invoice."}},
            "required":["invoice_id","status"]})"),
        .destructive = true,
        .run = issue_refund,
    });
    tools.push_back(Tool{
        .name = "order_lunch",
        .title = "Order lunch",
        .description =
            "Orders lunch for the office: one item (bocadillo, tortilla or ensalada), a quantity from 1 "
            "to 5, and an optional note of at most 20 characters. Returns the order's confirmation.",
        .input_schema = schema(R"({"type":"object","properties":{
            "item":{"type":"string","enum":["bocadillo","tortilla","ensalada"],"description":"What to order."},
            "quantity":{"type":"integer","minimum":1,"maximum":5,"description":"How many, 1 to 5."},
            "note":{"type":"string","maxLength":20,"description":"Optional note for the kitchen, e.g. \"sin cebolla\"."}},
            "required":["item","quantity"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"order_id":{"type":"integer"},"item":{"type":"string"},
            "quantity":{"type":"integer"},"note":{"type":"string"}},"required":["order_id","item","quantity"]})"),
        .run = order_lunch,
    });
    return tools;
}

}  // namespace

ProtocolError invalid_request_state() {
    return ProtocolError{rpc::kInvalidParams, "Invalid or expired requestState",
                         json{{"reason", "invalid_request_state"}}};
}

void consume_request_state(OfficeStore& store, const std::string& nonce, const std::string& at) {
    if (nonce.empty()) return;
    if (!store.consume_request_state(nonce, at)) throw invalid_request_state();
}

const std::vector<Tool>& office_tools() {
    static const std::vector<Tool> tools = make_tools();
    return tools;
}

bool profile_tools(std::string_view profile, std::vector<std::string>& names) {
    if (profile == "all") names = {};
    else if (profile == "scheduling") names = {"find_customer", "list_availability", "book_slot"};
    else if (profile == "billing") names = {"find_customer", "open_invoices", "issue_refund"};
    else if (profile == "lunch") names = {"order_lunch"};
    else return false;
    return true;
}

std::string select_tools(std::string_view profile, const std::vector<std::string>& chosen, std::vector<std::string>& names) {
    if (!profile_tools(profile, names)) return "unknown profile " + std::string(profile) + " (all, scheduling, billing or lunch)";
    for (const auto& name : chosen) {
        bool known = false;
        for (const auto& tool : office_tools()) known = known || tool.name == name;
        if (!known) return "unknown tool " + name + " in --tools";
    }
    if (!chosen.empty()) names = chosen;
    return {};
}

}  // namespace office
