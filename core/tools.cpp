// The six office tools. Each is a schema, a description written for a model that sees
// nothing else, and a body of a few calls to the office store (office_store.h). Problems the model can act on are
// results with is_error, never exceptions.

#include "tool.h"

#include "clock.h"
#include "money.h"
#include "office_store.h"
#include "person_text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace office {

namespace {

using ojson = nlohmann::ordered_json;

ToolResult refuse(std::string text) { return ToolResult{std::move(text), nullptr, true}; }

std::string plural(std::int64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// An id argument the schema accepted. JSON Schema calls 1e300 and 2^64-1 integers too, and
// converting those to int64 is undefined behaviour (found by tests/fuzz/fuzz_session), so they
// saturate: no row has such an id, and the tool reports it as unknown.
std::int64_t id_argument(const json& value) {
    constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() > static_cast<std::uint64_t>(kMax) ? kMax : value.get<std::int64_t>();
    if (value.is_number_integer()) return value.get<std::int64_t>();
    const double d = value.get<double>();  // integral: the schema checked its type
    if (d >= 9223372036854775808.0) return kMax;
    if (d < -9223372036854775808.0) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(d);
}

// One row of the audit trail, written in the caller's open transaction with the write itself.
void audit(OfficeStore& store, const CallContext& ctx, std::string_view action, std::string_view subject_type,
           std::int64_t subject_id, std::string detail, std::string at) {
    store.append_audit(AuditEntry{0, std::move(at), ctx.caller.name, ctx.caller.version, ctx.caller.era, ctx.caller.protocol_version,
                                std::string(action), std::string(subject_type), subject_id, std::move(detail),
                                ctx.caller.principal});
}

// ---- find_customer ----------------------------------------------------------------------

ToolOutcome find_customer(CallContext& ctx, const json& args) {
    const auto& query = args["query"].get_ref<const std::string&>();
    json customers = json::array();
    std::string lines;
    for (auto& c : ctx.store().find_customers(query)) {
        lines += "\n- #";
        lines += std::to_string(c.id);
        lines += ' ';
        lines += c.name;
        lines += " <";
        lines += c.email;
        lines += '>';
        // Member by member, as order_lunch: no json array built and copied per member.
        json& customer = customers.emplace_back(json::value_t::object);
        customer["id"] = c.id;
        customer["name"] = std::move(c.name);
        customer["email"] = std::move(c.email);
    }
    std::string text = customers.empty()
                           ? "No customer's name or email contains \"" + query + "\"."
                           : "Found " + plural(static_cast<std::int64_t>(customers.size()), "customer", "customers") +
                                 " matching \"" + query + "\":" + lines;
    json structured(json::value_t::object);
    structured["customers"] = std::move(customers);
    return ToolResult{std::move(text), std::move(structured)};
}

// ---- list_availability ------------------------------------------------------------------

ToolOutcome list_availability(CallContext& ctx, const json& args) {
    const auto& day = args["day"].get_ref<const std::string&>();
    json slots = json::array();
    std::string lines;
    for (auto& slot : ctx.store().free_slots(day)) {
        lines += "\n- slot " + std::to_string(slot.id) + " at " + slot.time;
        slots.push_back({{"slot_id", slot.id}, {"time", std::move(slot.time)}});
    }
    std::string text = slots.empty() ? "No free slots on " + day + "."
                                     : "Free slots on " + day + " (book one with book_slot):" + lines;
    return ToolResult{std::move(text), json{{"day", day}, {"slots", std::move(slots)}}};
}

// ---- book_slot --------------------------------------------------------------------------

ToolOutcome book_slot(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    const auto customer_id = id_argument(args["customer_id"]);
    auto& store = ctx.store();
    WriteTransaction tx(store);
    const auto name = store.customer_name(customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    const auto now = utc_time(ctx.now());
    const Booking booking = store.book_slot(slot_id, customer_id, now, ctx.caller.label);
    if (booking.status == Booking::Status::NoSuchSlot)
        return refuse("There is no slot " + std::to_string(slot_id) +
                      "; call list_availability with a day to see the free slots and their ids.");
    if (booking.status == Booking::Status::Taken)
        return refuse("Slot " + std::to_string(slot_id) + " (" + booking.day + " " + booking.time +
                      ") is already booked; call list_availability to find a free slot.");
    const auto& day = booking.day;
    const auto& time = booking.time;
    audit(store, ctx, "slot_booked", "slot", slot_id,
          "Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + " (customer " +
              std::to_string(customer_id) + ").",
          now);
    tx.commit();
    return ToolResult{"Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + ".",
                      json{{"slot_id", slot_id}, {"customer_id", customer_id}, {"day", day}, {"time", time}}};
}

// ---- open_invoices ----------------------------------------------------------------------

// "80.00, open", and once part of it was refunded "80.00, open, 30.00 refunded, 50.00 left"
// (an invoice refunded in full says so in its status).
std::string money_state(std::int64_t cents, const std::string& status, std::int64_t refunded) {
    std::string text = format_cents(cents) + ", " + status;
    if (refunded > 0 && refunded < cents)
        text += ", " + format_cents(refunded) + " refunded, " + format_cents(cents - refunded) + " left";
    return text;
}

ToolOutcome open_invoices(CallContext& ctx, const json& args) {
    const auto customer_id = id_argument(args["customer_id"]);
    auto& store = ctx.store();
    const auto name = store.customer_name(customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    json invoices = json::array();
    std::string lines;
    for (auto& invoice : store.invoices_of(customer_id)) {
        lines += "\n- invoice " + std::to_string(invoice.id) + ": " +
                 money_state(invoice.cents, invoice.status, invoice.refunded);
        invoices.push_back({{"invoice_id", invoice.id},
                            {"amount", cents_to_amount(invoice.cents)},
                            {"status", std::move(invoice.status)},
                            {"refunded", cents_to_amount(invoice.refunded)},
                            {"left", cents_to_amount(invoice.left())}});
    }
    std::string text = invoices.empty() ? *name + " has no invoices." : "Invoices of " + *name + ":" + lines;
    return ToolResult{std::move(text),
                      json{{"customer_id", customer_id}, {"customer", *name}, {"invoices", std::move(invoices)}}};
}

// ---- issue_refund -----------------------------------------------------------------------

constexpr std::string_view kApproveRefund = "approve_refund";

// "invoice 2 (Maria Alvarez, open, 80.00)", with ", 30.00 refunded, 50.00 left" once partly refunded.
std::string describe(const Invoice& invoice) {
    std::string text = "invoice " + std::to_string(invoice.id) + " (" + invoice.customer + ", " + invoice.status + ", " +
                       format_cents(invoice.cents);
    if (invoice.refunded > 0 && invoice.left() > 0)
        text += ", " + format_cents(invoice.refunded) + " refunded, " + format_cents(invoice.left()) + " left";
    return text + ")";
}

ToolResult already_refunded(std::int64_t invoice_id) {
    return refuse("Invoice " + std::to_string(invoice_id) + " was already refunded; nothing changed.");
}

// The amount a person may enter is what is left of the invoice.
json refund_form_schema(const Invoice& invoice) {
    const json amount{{"type", "number"},
                      {"title", "Amount to refund"},
                      {"description", "At most " + format_cents(invoice.left()) + ", with at most two decimals."},
                      {"minimum", 0.01},
                      {"maximum", cents_to_amount(invoice.left())}};
    const json reason{{"type", "string"},
                      {"title", "Reason"},
                      {"description", "Why the money goes back (3 to 200 characters)."},
                      {"minLength", 3},
                      {"maxLength", 200}};
    return json{{"type", "object"},
                {"properties", {{"amount", amount}, {"reason", reason}}},
                {"required", {"amount", "reason"}}};
}

InputRequired ask_for_refund(const Invoice& invoice, const std::string& problem) {
    std::string message = "Refund " + describe(invoice) + "? Enter the amount to refund (at most " +
                          format_cents(invoice.left()) + ") and the reason, or decline.";
    if (!problem.empty()) message = "The answer was not accepted: " + problem + ". " + message;
    return InputRequired{std::string(kApproveRefund), std::move(message), refund_form_schema(invoice)};
}

// Checks a person's answer against the form and the business rules; "" when it is good. The
// reason comes back trimmed, as it is stored; its length is judged on that text.
std::string check_refund_answer(const Invoice& invoice, const json& content, std::int64_t& cents, std::string& reason) {
    if (!content.is_object()) return "the answer has no form content";
    json checked = content;
    std::string reason_problem;
    if (const auto it = content.find("reason"); it != content.end() && it->is_string()) {
        reason = trim_whitespace(it->get_ref<const std::string&>());
        if (reason.empty()) reason_problem = "reason: must not be blank";
        else if (has_control_character(reason)) reason_problem = "reason: must not contain control characters";
        // With a problem of its own the reason is checked no further: a stand-in the form's
        // rules accept keeps the schema from adding a second message about it.
        checked["reason"] = reason_problem.empty() ? reason : std::string("n/a");
    }
    auto schema = refund_form_schema(invoice);
    schema["additionalProperties"] = false;
    auto problems = SchemaValidator(schema).check(checked);
    if (!reason_problem.empty()) {
        // In the validator's order: after amount's problems, before unexpected fields.
        const auto at = std::find_if(problems.begin(), problems.end(),
                                     [](const Problem& p) { return p.rule == "additionalProperties"; });
        problems.insert(at, Problem{"reason", "text", reason_problem});
    }
    if (!problems.empty()) return join_messages(problems);
    const double amount = content["amount"].get<double>();
    const double scaled = amount * 100.0;
    cents = std::llround(scaled);
    if (std::fabs(scaled - static_cast<double>(cents)) > 1e-6) return "amount: must have at most two decimals";
    if (cents <= 0 || cents > invoice.left())
        return "amount: must be between 0.01 and " + format_cents(invoice.left());
    return {};
}

const char* route_name(Route route) {
    switch (route) {
        case Route::InputRequired: return "input_required";
        case Route::Elicitation: return "elicitation";
        case Route::None: break;
    }
    return "none";
}

// Clients that cannot show a form get the refund queued for a person in office-desk. The
// outcome of the invoice's latest request is reported to a calling client once (reported_at);
// after that, a call for an invoice with money left queues a new request. One write
// transaction, so what is read, reported and queued is what is there.
ToolOutcome queue_refund(OfficeStore& store, std::int64_t invoice_id, const CallContext& ctx) {
    WriteTransaction tx(store);
    const auto invoice = store.load_invoice(invoice_id);
    if (!invoice) return refuse("There is no invoice " + std::to_string(invoice_id) + ".");
    const auto now = utc_time(ctx.now());
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    if (const auto latest = store.latest_approval(invoice_id)) {
        const auto id = latest->id;
        const auto& status = latest->status;
        const auto cents = latest->cents;
        const bool reported = latest->reported;
        const std::string request = "Approval request #" + std::to_string(id) + " for invoice " + std::to_string(invoice_id);
        json structured{{"invoice_id", invoice_id}, {"approval_request_id", id}, {"status", status}};
        if (status == "pending") {
            ToolResult waiting{request + " is still waiting for a person to review it in office-desk; nothing has "
                                         "been refunded yet. Call issue_refund for this invoice later to check again.",
                               structured};
            waiting.queued = true;
            return waiting;
        }
        if (!reported) {
            store.mark_reported(id, now);
            tx.commit();
            if (status == "declined")
                return ToolResult{request + " was declined by a person; nothing was refunded. A person can re-open it in "
                                            "office-desk, or call issue_refund again to queue a new request.",
                                  structured};
            structured["amount"] = cents_to_amount(cents);
            structured["refunded"] = cents_to_amount(invoice->refunded);
            structured["left"] = cents_to_amount(invoice->left());
            std::string text = request + " was approved by a person: " + format_cents(cents) + " refunded";
            text += invoice->left() > 0 ? ", " + format_cents(invoice->left()) +
                                              " left. Call issue_refund again to ask for a further refund."
                                        : ".";
            return ToolResult{std::move(text), structured};
        }
    }
    if (invoice->left() == 0) return already_refunded(invoice_id);
    const auto id = store.queue_approval(invoice_id, ctx.caller.label, now);
    audit(store, ctx, "refund_queued", "invoice", invoice_id,
          "Approval request #" + std::to_string(id) + " queued for the refund of " + describe(*invoice) +
              "; the client cannot show the approval form.",
          now);
    tx.commit();
    ToolResult queued{"Refunding " + describe(*invoice) + " needs a person's approval, and this client cannot show "
                      "the approval form. Approval request #" + std::to_string(id) +
                          " is queued; a person will review it in office-desk. Call issue_refund for invoice " +
                          std::to_string(invoice_id) + " again later to see whether it was approved.",
                      json{{"invoice_id", invoice_id}, {"approval_request_id", id}, {"status", "pending"}}};
    queued.queued = true;
    return queued;
}

ToolOutcome issue_refund(CallContext& ctx, const json& args) {
    const auto invoice_id = id_argument(args["invoice_id"]);
    auto& store = ctx.store();
    auto invoice = store.load_invoice(invoice_id);
    if (!invoice)
        return refuse("There is no invoice " + std::to_string(invoice_id) +
                      "; call open_invoices with the customer's id to see their invoices.");
    if (!ctx.can_elicit) return queue_refund(store, invoice_id, ctx);
    if (!ctx.input_responses) {
        if (invoice->left() == 0) return already_refunded(invoice_id);
        return ask_for_refund(*invoice, "");
    }

    // Round two, under the write lock, judged on the invoice as it is now: another refund may
    // have taken part of the money since the person was asked.
    WriteTransaction tx(store);
    consume_request_state(store, ctx.state_nonce, utc_time(ctx.now()));  // single use, whatever the answer
    invoice = store.load_invoice(invoice_id);
    if (invoice->left() == 0) {
        tx.commit();
        return already_refunded(invoice_id);
    }
    const auto answer_it = ctx.input_responses->find(std::string(kApproveRefund));
    const json answer = answer_it != ctx.input_responses->end() ? *answer_it : json();
    const json* action_member = find_member(answer, "action");
    const json action = action_member ? *action_member : json();
    if (action == "decline" || action == "cancel") {
        if (action == "decline") {
            // A person said no: a queued request for this invoice is settled as declined.
            const auto now = utc_time(ctx.now());
            std::string detail = "A person declined the refund of " + describe(*invoice) + ".";
            if (const auto request = store.pending_request(invoice_id)) {
                store.decline_request(request->id, now, ctx.caller.label);
                detail += " Approval request #" + std::to_string(request->id) + ", asked by " + request->client +
                          ", is declined by " + ctx.caller.label + ".";
            }
            audit(store, ctx, "refund_declined", "invoice", invoice_id, std::move(detail), now);
        }
        tx.commit();
        const std::string what = action == "decline" ? "declined" : "cancelled";
        return ToolResult{"The refund of " + describe(*invoice) + " was " + what + " by the person; nothing changed.",
                          json{{"invoice_id", invoice_id}, {"status", what}}};
    }
    std::int64_t cents = 0;
    std::string reason;
    const json* content = find_member(answer, "content");
    std::string problem = action == "accept" ? check_refund_answer(*invoice, content ? *content : json(), cents, reason)
                                             : "action must be accept, decline or cancel";
    if (!problem.empty()) {
        tx.commit();
        if (ctx.asks >= kMaxAsks)
            return refuse("Nothing was refunded: the person was asked " + std::to_string(ctx.asks) + " times about " +
                          describe(*invoice) + " and no answer was accepted (the last one: " + problem +
                          "). Call issue_refund again to start over.");
        return ask_for_refund(*invoice, problem);
    }

    const auto now = utc_time(ctx.now());
    const auto request = store.pending_request(invoice_id);
    const auto refund_id = store.record_refund(
        RefundRecord{invoice_id, cents, reason, route_name(ctx.route), ctx.caller.label, now, request});
    std::string detail = "Refunded " + format_cents(cents) + " of " + describe(*invoice) + ", approved through " +
                         route_name(ctx.route) + ". Reason: " + reason;
    if (request) {
        detail += " (asked by " + request->client + " in approval request #" + std::to_string(request->id) +
                  ", approved by " + ctx.caller.label + ")";
    }
    audit(store, ctx, "refund_issued", "invoice", invoice_id, std::move(detail), now);
    tx.commit();
    const auto refunded = invoice->refunded + cents;
    const auto left = invoice->left() - cents;
    return ToolResult{"Refunded " + format_cents(cents) + " of invoice " + std::to_string(invoice_id) + " (" +
                          invoice->customer + ")" + (left > 0 ? "; " + format_cents(left) + " is left to refund" : "") +
                          ". Reason: " + reason,
                      json{{"invoice_id", invoice_id},
                           {"status", "refunded"},
                           {"refund_id", refund_id},
                           {"amount", cents_to_amount(cents)},
                           {"refunded", cents_to_amount(refunded)},
                           {"left", cents_to_amount(left)}}};
}

// ---- order_lunch ------------------------------------------------------------------------

ToolOutcome order_lunch(CallContext& ctx, const json& args) {
    const auto& item = args["item"].get_ref<const std::string&>();
    const auto quantity = args["quantity"].get<std::int64_t>();
    const auto note_it = args.find("note");
    auto& store = ctx.store();
    WriteTransaction tx(store);
    LunchOrder order{item, quantity, std::nullopt, ctx.caller.label, utc_time(ctx.now())};
    if (note_it != args.end()) order.note = note_it->get<std::string>();
    const auto order_id = store.record_lunch_order(order);
    // Member by member: an initializer list builds and copies a json array per member, and
    // was a tenth of the tool's own cost (issue 16).
    json structured(json::value_t::object);
    structured["order_id"] = order_id;
    structured["item"] = item;
    structured["quantity"] = quantity;
    // The items are Spanish words with regular plurals: bocadillos, tortillas, ensaladas.
    std::string text = "Ordered ";
    text += std::to_string(quantity);
    text += ' ';
    text += item;
    if (quantity > 1) text += 's';
    if (note_it != args.end()) {
        text += " (note: ";
        text += note_it->get_ref<const std::string&>();
        text += ')';
        structured["note"] = *note_it;
    }
    text += '.';
    std::string detail = "Lunch order #";
    detail += std::to_string(order_id);
    detail += ": ";
    detail += text;
    audit(store, ctx, "lunch_ordered", "lunch_order", order_id, std::move(detail), std::move(order.at));  // its last use
    tx.commit();
    return ToolResult{std::move(text), std::move(structured)};
}

ojson schema(std::string_view text) { return ojson::parse(text); }

std::vector<Tool> make_tools() {
    std::vector<Tool> tools;
    tools.push_back(Tool{
        .name = "find_customer",
        .title = "Find customer",
        .description =
            "Finds customers whose name or email contains the query (case-insensitive; % and _ match "
            "themselves). Returns each match's id, name and email. Use it first: book_slot and "
            "open_invoices take the customer's id.",
        .input_schema = schema(R"({"type":"object","properties":{"query":{"type":"string","minLength":1,"maxLength":100,
            "description":"Part of the customer's name or email, e.g. \"Maria\"."}},"required":["query"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"customers":{"type":"array","items":{"type":"object",
            "properties":{"id":{"type":"integer"},"name":{"type":"string"},"email":{"type":"string"}},
            "required":["id","name","email"]}}},"required":["customers"]})"),
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
