// The office's tools. Each is a schema, a description written for a model that sees
// nothing else, and a body of a few calls to the office store (office_store.h). Problems the model can act on are
// results with is_error, never exceptions.

#include "tools_internal.h"

#include "money.h"

namespace office {

using namespace tools_internal;

namespace {

using ojson = nlohmann::ordered_json;

ojson schema(std::string_view text) { return ojson::parse(text); }

const ojson kCustomerOutput = schema(R"({"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},
    "email":{"type":"string"}},"required":["id","name","email"]})");
const ojson kMenuOutput = schema(R"({"type":"object","properties":{"item":{"type":"string"},"price":{"type":"number"}},
    "required":["item"]})");

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
            "Lists free appointment slots with their ids: on one day (day), on the days from..to (at most "
            "31), or, with neither, the next 10 from now. Booked slots, and slots that have begun, are not "
            "shown. Times are local to the office, in its time zone; the result says which zone and what "
            "day today is there, so you need no date of your own. Pass a slot id to book_slot to book it.",
        .input_schema = schema(R"({"type":"object","properties":{
            "day":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$","description":"One day, as YYYY-MM-DD, e.g. 2026-09-04."},
            "from":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$","description":"The first day of a range, YYYY-MM-DD (to alone: from today)."},
            "to":{"type":"string","format":"date","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$","description":"The last day of a range, YYYY-MM-DD (from alone: a week)."}},
            "additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"day":{"type":"string"},
            "from":{"type":"string"},"to":{"type":"string"},"slots":{"type":"array",
            "items":{"type":"object","properties":{"slot_id":{"type":"integer"},"time":{"type":"string"},
            "day":{"type":"string"},"weekday":{"type":"string"},
            "starts_at":{"type":"string","description":"The instant it starts, RFC 3339 with the office's offset then."}},
            "required":["slot_id","time"]}},
            "time_zone":{"type":"string","description":"The office's IANA time zone, e.g. Europe/Madrid."},
            "today":{"type":"string","description":"Today's date in the office's zone, YYYY-MM-DD."},
            "today_weekday":{"type":"string"}},"required":["slots"]})"),
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
    tools.push_back(lunch_tool({{"bocadillo", std::nullopt}, {"tortilla", std::nullopt}, {"ensalada", std::nullopt}}));
    tools.push_back(Tool{
        .name = "add_customer",
        .title = "Add a customer",
        .description =
            "Adds a new customer with their name and email, for a caller the office does not know yet: use "
            "find_customer first. An email that is already a customer's is refused with that customer's id, "
            "which you can use instead. Returns the new customer's id for book_slot and open_invoices.",
        .input_schema = schema(R"({"type":"object","properties":{
            "name":{"type":"string","minLength":1,"maxLength":100,"description":"The customer's full name, e.g. \"Ana Torres\"."},
            "email":{"type":"string","minLength":3,"maxLength":254,"description":"The customer's email address, e.g. \"ana@example.com\"."}},
            "required":["name","email"],"additionalProperties":false})"),
        .output_schema = kCustomerOutput,
        .run = add_customer_tool,
    });
    tools.push_back(Tool{
        .name = "cancel_booking",
        .title = "Cancel a booking",
        .description =
            "Cancels the booking of an appointment slot, which is free again. Refused, changing nothing, "
            "for a slot that is not booked or whose time (the office's, in its time zone) has begun.",
        .input_schema = schema(R"({"type":"object","properties":{
            "slot_id":{"type":"integer","minimum":1,"description":"The booked slot's id, as book_slot reported it."}},
            "required":["slot_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"slot_id":{"type":"integer"},"customer_id":{"type":"integer"},
            "day":{"type":"string"},"time":{"type":"string"},"status":{"type":"string","enum":["cancelled"]}},
            "required":["slot_id","customer_id","day","time","status"]})"),
        .destructive = true,
        .run = cancel_booking,
    });
    tools.push_back(Tool{
        .name = "move_booking",
        .title = "Move a booking",
        .description =
            "Moves a booking to another free slot, for the same customer, in one step: if the new slot is "
            "taken, unknown or has begun, nothing changes and the booking stays where it was. Get the new "
            "slot's id from list_availability; times are the office's, in its time zone.",
        .input_schema = schema(R"({"type":"object","properties":{
            "slot_id":{"type":"integer","minimum":1,"description":"The booked slot's id, as book_slot reported it."},
            "to_slot_id":{"type":"integer","minimum":1,"description":"The free slot's id from list_availability."}},
            "required":["slot_id","to_slot_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"slot_id":{"type":"integer","description":"The new slot."},
            "from_slot_id":{"type":"integer"},"customer_id":{"type":"integer"},"day":{"type":"string"},"time":{"type":"string"}},
            "required":["slot_id","from_slot_id","customer_id","day","time"]})"),
        .destructive = true,
        .run = move_booking,
    });
    // The admin tools: the office's people keep its records (core/office/records.h). Never an
    // agent's: only a caller with the admin right sees or calls them (tool.h, Tool::admin).
    tools.push_back(Tool{
        .name = "edit_customer",
        .title = "Edit a customer",
        .description = "Changes a customer's name, email or both. The email must not be another customer's.",
        .input_schema = schema(R"({"type":"object","properties":{
            "customer_id":{"type":"integer","minimum":1,"description":"The customer's id."},
            "name":{"type":"string","minLength":1,"maxLength":100,"description":"The new name."},
            "email":{"type":"string","minLength":3,"maxLength":254,"description":"The new email address."}},
            "required":["customer_id"],"additionalProperties":false})"),
        .output_schema = kCustomerOutput,
        .idempotent = true,
        .admin = true,
        .run = edit_customer_tool,
    });
    tools.push_back(Tool{
        .name = "remove_customer",
        .title = "Remove a customer",
        .description = "Removes a customer who has no invoices and no bookings (those keep their name).",
        .input_schema = schema(R"({"type":"object","properties":{
            "customer_id":{"type":"integer","minimum":1,"description":"The customer's id."}},
            "required":["customer_id"],"additionalProperties":false})"),
        .output_schema = kCustomerOutput,
        .destructive = true,
        .idempotent = true,
        .admin = true,
        .run = remove_customer_tool,
    });
    tools.push_back(Tool{
        .name = "add_invoice",
        .title = "Add an invoice",
        .description = "Adds an invoice for a customer: the amount exactly as written (at most two decimals), open or paid.",
        .input_schema = schema(R"({"type":"object","properties":{
            "customer_id":{"type":"integer","minimum":1,"description":"The customer's id."},
            "amount":{"type":"string","pattern":"^[0-9]{1,13}(\\.[0-9]{1,2})?$","description":"The amount, e.g. 1234.56."},
            "status":{"type":"string","enum":["open","paid"],"default":"open","description":"open (default) or paid."}},
            "required":["customer_id","amount"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer"},"customer_id":{"type":"integer"},
            "amount":{"type":"number"},"status":{"type":"string"}},"required":["invoice_id","customer_id","amount","status"]})"),
        .admin = true,
        .run = add_invoice_tool,
    });
    tools.push_back(Tool{
        .name = "pay_invoice",
        .title = "Mark an invoice paid",
        .description = "Marks an open invoice paid.",
        .input_schema = schema(R"({"type":"object","properties":{
            "invoice_id":{"type":"integer","minimum":1,"description":"The invoice's id."}},
            "required":["invoice_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer"},"status":{"type":"string"}},
            "required":["invoice_id","status"]})"),
        .idempotent = true,
        .admin = true,
        .run = pay_invoice_tool,
    });
    tools.push_back(Tool{
        .name = "add_menu_item",
        .title = "Add to the menu",
        .description = "Adds an item to the lunch menu that order_lunch offers, with an optional price.",
        .input_schema = schema(R"({"type":"object","properties":{
            "item":{"type":"string","minLength":1,"maxLength":40,"description":"The item's name, e.g. \"gazpacho\"."},
            "price":{"type":"string","pattern":"^[0-9]{1,13}(\\.[0-9]{1,2})?$","description":"Its price, e.g. 4.50 (optional)."}},
            "required":["item"],"additionalProperties":false})"),
        .output_schema = kMenuOutput,
        .admin = true,
        .run = add_menu_item_tool,
    });
    tools.push_back(Tool{
        .name = "remove_menu_item",
        .title = "Remove from the menu",
        .description = "Takes an item off the lunch menu; orders already made keep it.",
        .input_schema = schema(R"({"type":"object","properties":{
            "item":{"type":"string","minLength":1,"maxLength":40,"description":"The item's name as the menu has it."}},
            "required":["item"],"additionalProperties":false})"),
        .output_schema = kMenuOutput,
        .destructive = true,
        .idempotent = true,
        .admin = true,
        .run = remove_menu_item_tool,
    });
    // The office's calendar (records.h: set_office, set_hours, close_days, open_day), for the desk.
    tools.push_back(Tool{
        .name = "set_office",
        .title = "Set the office's zone and name",
        .description = "Sets the office's time zone (an IANA name such as Europe/Madrid), its name, and how many days "
                       "ahead it takes bookings. Bookings made keep their local day and time.",
        .input_schema = schema(R"({"type":"object","properties":{
            "time_zone":{"type":"string","minLength":1,"maxLength":64,"description":"An IANA time zone, e.g. Europe/Madrid."},
            "name":{"type":"string","minLength":1,"maxLength":100,"description":"The office's name."},
            "horizon_days":{"type":"integer","minimum":1,"maximum":730,"description":"Bookings up to this many days ahead."}},
            "additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"time_zone":{"type":"string"},"name":{"type":"string"},
            "horizon_days":{"type":"integer"}},"required":["time_zone","name","horizon_days"]})"),
        .idempotent = true,
        .admin = true,
        .run = set_office_tool,
    });
    tools.push_back(Tool{
        .name = "set_hours",
        .title = "Set the opening hours",
        .description = "Sets the opening hours of some weekdays, which make the slots offered. Bookings made are never "
                       "touched, even outside the new hours.",
        .input_schema = schema(R"({"type":"object","properties":{
            "days":{"type":"string","minLength":3,"maxLength":60,"description":"Weekdays: mon, tue, ... sun, ranges and lists: mon-fri, sat, mon,wed,fri."},
            "ranges":{"type":"string","minLength":6,"maxLength":120,"description":"Hours as 09:00-13:00,15:00-18:00, or closed."},
            "slot_minutes":{"type":"integer","minimum":5,"maximum":720,"default":30,"description":"Each slot's length in minutes."}},
            "required":["days","ranges"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"weekdays":{"type":"array","items":{"type":"string"}},
            "ranges":{"type":"array","items":{"type":"object","properties":{"opens":{"type":"string"},"closes":{"type":"string"}}}},
            "slot_minutes":{"type":"integer"}},"required":["weekdays","ranges","slot_minutes"]})"),
        .idempotent = true,
        .admin = true,
        .run = set_hours_tool,
    });
    tools.push_back(Tool{
        .name = "close_days",
        .title = "Close the office on some days",
        .description = "Closes the office on a day or on the days from one to another (holidays): no slots are offered "
                       "then; bookings made are kept.",
        .input_schema = schema(R"({"type":"object","properties":{
            "from":{"type":"string","format":"date","description":"The first day closed, YYYY-MM-DD."},
            "to":{"type":"string","format":"date","description":"The last day closed (the first if not given)."},
            "reason":{"type":"string","maxLength":200,"description":"Why, e.g. Christmas."}},
            "required":["from"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"},
            "reason":{"type":"string"}},"required":["from","to","reason"]})"),
        .idempotent = true,
        .admin = true,
        .run = close_days_tool,
    });
    tools.push_back(Tool{
        .name = "open_day",
        .title = "Open a closed day",
        .description = "Opens a day the office was closed on, as its hours say.",
        .input_schema = schema(R"({"type":"object","properties":{
            "day":{"type":"string","format":"date","description":"The closed day, YYYY-MM-DD."}},
            "required":["day"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"day":{"type":"string"}},"required":["day"]})"),
        .idempotent = true,
        .admin = true,
        .run = open_day_tool,
    });
    return tools;
}

}  // namespace

Tool lunch_tool(const std::vector<MenuItem>& menu) {
    ojson items = ojson::array();
    std::string names, prices;
    for (std::size_t i = 0; i < menu.size(); ++i) {
        items.push_back(menu[i].name);
        if (i > 0) names += i + 1 == menu.size() ? " or " : ", ";
        names += menu[i].name;
        if (menu[i].price_cents) prices += (prices.empty() ? " Prices: " : ", ") + menu[i].name + " " + format_cents(*menu[i].price_cents);
    }
    if (!prices.empty()) prices += ".";
    ojson input = schema(R"({"type":"object","properties":{
            "item":{"type":"string"},
            "quantity":{"type":"integer","minimum":1,"maximum":5,"description":"How many, 1 to 5."},
            "note":{"type":"string","maxLength":20,"description":"Optional note for the kitchen, e.g. \"sin cebolla\"."}},
            "required":["item","quantity"],"additionalProperties":false})");
    auto& item = input["properties"]["item"];
    item["enum"] = std::move(items);
    item["description"] = "What to order." + prices;
    ojson output = schema(R"({"type":"object","properties":{"order_id":{"type":"integer"},"item":{"type":"string"},
            "quantity":{"type":"integer"},"note":{"type":"string"}},"required":["order_id","item","quantity"]})");
    if (!prices.empty()) {
        output["properties"]["price"] = ojson{{"type", "number"}, {"description", "Each, as the menu has it."}};
        output["properties"]["total"] = ojson{{"type", "number"}, {"description", "price times quantity."}};
    }
    return Tool{
        .name = "order_lunch",
        .title = "Order lunch",
        .description = "Orders lunch for the office: one item (" + names +
                       "), a quantity from 1 to 5, and an optional note of at most 20 characters. Returns the order's "
                       "confirmation.",
        .input_schema = std::move(input),
        .output_schema = std::move(output),
        .shaped_by_menu = true,
        .run = order_lunch,
    };
}

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
    else if (profile == "scheduling") names = {"find_customer", "list_availability", "book_slot", "add_customer", "cancel_booking", "move_booking"};
    else if (profile == "billing") names = {"find_customer", "open_invoices", "issue_refund", "add_customer"};
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
