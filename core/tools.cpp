// The six office tools. Each is a schema, a description written for a model that sees
// nothing else, and a body of a few SQL statements. Problems the model can act on are
// results with is_error, never exceptions.

#include "tool.h"

#include "audit.h"
#include "store.h"

#include <cmath>
#include <limits>

namespace office {

namespace {

using ojson = nlohmann::ordered_json;

ToolResult refuse(std::string text) { return ToolResult{std::move(text), nullptr, true}; }

std::string plural(std::int64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

double cents_to_amount(std::int64_t cents) { return static_cast<double>(cents) / 100.0; }

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
void audit(Database& db, const CallContext& ctx, std::string_view action, std::string_view subject_type,
           std::int64_t subject_id, std::string detail, const std::string& at) {
    record_audit(db, AuditEntry{0, at, ctx.caller.name, ctx.caller.version, ctx.caller.era, ctx.caller.protocol_version,
                                std::string(action), std::string(subject_type), subject_id, std::move(detail)});
}

std::optional<std::string> customer_name(Database& db, std::int64_t id) {
    auto& q = db.prepare("SELECT name FROM customers WHERE id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    auto name = q.column_text(0);
    q.reset();
    return name;
}

// ---- find_customer ----------------------------------------------------------------------

std::string like_literal(std::string_view text) {
    std::string pattern = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\') pattern += '\\';
        pattern += c;
    }
    return pattern + "%";
}

ToolOutcome find_customer(CallContext& ctx, const json& args) {
    const auto& query = args["query"].get_ref<const std::string&>();
    auto& q = ctx.database().prepare(
        "SELECT id, name, email FROM customers "
        "WHERE name LIKE ?1 ESCAPE '\\' OR email LIKE ?1 ESCAPE '\\' ORDER BY id LIMIT 50");
    q.bind(1, like_literal(query));
    // LIKE ends a pattern at a NUL byte, so "\u0000" would match everyone: a query holding one
    // matches nobody (no name or email holds a NUL) and never reaches LIKE.
    const bool has_nul = query.find('\0') != std::string::npos;
    json customers = json::array();
    std::string lines;
    while (!has_nul && q.step()) {
        const auto id = q.column_int(0);
        auto name = q.column_text(1);
        auto email = q.column_text(2);
        lines += "\n- #" + std::to_string(id) + " " + name + " <" + email + ">";
        customers.push_back({{"id", id}, {"name", std::move(name)}, {"email", std::move(email)}});
    }
    std::string text = customers.empty()
                           ? "No customer's name or email contains \"" + query + "\"."
                           : "Found " + plural(static_cast<std::int64_t>(customers.size()), "customer", "customers") +
                                 " matching \"" + query + "\":" + lines;
    return ToolResult{std::move(text), json{{"customers", std::move(customers)}}};
}

// ---- list_availability ------------------------------------------------------------------

ToolOutcome list_availability(CallContext& ctx, const json& args) {
    const auto& day = args["day"].get_ref<const std::string&>();
    auto& q = ctx.database().prepare(
        "SELECT id, time FROM slots WHERE day = ?1 AND customer_id IS NULL ORDER BY time");
    q.bind(1, day);
    json slots = json::array();
    std::string lines;
    while (q.step()) {
        const auto id = q.column_int(0);
        auto time = q.column_text(1);
        lines += "\n- slot " + std::to_string(id) + " at " + time;
        slots.push_back({{"slot_id", id}, {"time", std::move(time)}});
    }
    std::string text = slots.empty() ? "No free slots on " + day + "."
                                     : "Free slots on " + day + " (book one with book_slot):" + lines;
    return ToolResult{std::move(text), json{{"day", day}, {"slots", std::move(slots)}}};
}

// ---- book_slot --------------------------------------------------------------------------

ToolOutcome book_slot(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    const auto customer_id = id_argument(args["customer_id"]);
    auto& db = ctx.database();
    Transaction tx(db);
    const auto name = customer_name(db, customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    // The guard is in the statement itself, so two racing clients cannot both win.
    auto& book = db.prepare(
        "UPDATE slots SET customer_id = ?2, booked_at = ?3, booked_by = ?4 "
        "WHERE id = ?1 AND customer_id IS NULL RETURNING day, time");
    const auto now = utc_now();
    book.bind(1, slot_id).bind(2, customer_id).bind(3, now).bind(4, ctx.caller.label);
    if (!book.step()) {
        book.reset();
        auto& exists = db.prepare("SELECT day, time FROM slots WHERE id = ?1");
        if (!exists.bind(1, slot_id).step())
            return refuse("There is no slot " + std::to_string(slot_id) +
                          "; call list_availability with a day to see the free slots and their ids.");
        const auto when = exists.column_text(0) + " " + exists.column_text(1);
        exists.reset();
        return refuse("Slot " + std::to_string(slot_id) + " (" + when +
                      ") is already booked; call list_availability to find a free slot.");
    }
    auto day = book.column_text(0);
    auto time = book.column_text(1);
    book.reset();
    audit(db, ctx, "slot_booked", "slot", slot_id,
          "Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + " (customer " +
              std::to_string(customer_id) + ").",
          now);
    tx.commit();
    return ToolResult{"Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + ".",
                      json{{"slot_id", slot_id}, {"customer_id", customer_id}, {"day", day}, {"time", time}}};
}

// ---- open_invoices ----------------------------------------------------------------------

ToolOutcome open_invoices(CallContext& ctx, const json& args) {
    const auto customer_id = id_argument(args["customer_id"]);
    auto& db = ctx.database();
    const auto name = customer_name(db, customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    auto& q = db.prepare("SELECT id, amount_cents, status FROM invoices WHERE customer_id = ?1 ORDER BY id");
    q.bind(1, customer_id);
    json invoices = json::array();
    std::string lines;
    while (q.step()) {
        const auto id = q.column_int(0);
        const auto cents = q.column_int(1);
        auto status = q.column_text(2);
        lines += "\n- invoice " + std::to_string(id) + ": " + format_cents(cents) + ", " + status;
        invoices.push_back({{"invoice_id", id}, {"amount", cents_to_amount(cents)}, {"status", std::move(status)}});
    }
    std::string text = invoices.empty() ? *name + " has no invoices." : "Invoices of " + *name + ":" + lines;
    return ToolResult{std::move(text),
                      json{{"customer_id", customer_id}, {"customer", *name}, {"invoices", std::move(invoices)}}};
}

// ---- issue_refund -----------------------------------------------------------------------

constexpr std::string_view kApproveRefund = "approve_refund";

struct Invoice {
    std::int64_t id;
    std::string customer;
    std::int64_t cents;
    std::string status;
};

std::optional<Invoice> load_invoice(Database& db, std::int64_t id) {
    auto& q = db.prepare(
        "SELECT i.id, c.name, i.amount_cents, i.status FROM invoices i JOIN customers c ON c.id = i.customer_id "
        "WHERE i.id = ?1");
    if (!q.bind(1, id).step()) return std::nullopt;
    Invoice invoice{q.column_int(0), q.column_text(1), q.column_int(2), q.column_text(3)};
    q.reset();
    return invoice;
}

std::string describe(const Invoice& invoice) {
    return "invoice " + std::to_string(invoice.id) + " (" + invoice.customer + ", " + invoice.status + ", " +
           format_cents(invoice.cents) + ")";
}

json refund_form_schema(const Invoice& invoice) {
    const json amount{{"type", "number"},
                      {"title", "Amount to refund"},
                      {"description", "At most " + format_cents(invoice.cents) + ", with at most two decimals."},
                      {"minimum", 0.01},
                      {"maximum", cents_to_amount(invoice.cents)}};
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
                          format_cents(invoice.cents) + ") and the reason, or decline.";
    if (!problem.empty()) message = "The answer was not accepted: " + problem + ". " + message;
    return InputRequired{std::string(kApproveRefund), std::move(message), refund_form_schema(invoice)};
}

// Checks a person's answer against the form and the business rules; "" when it is good.
std::string check_refund_answer(const Invoice& invoice, const json& content, std::int64_t& cents, std::string& reason) {
    if (!content.is_object()) return "the answer has no form content";
    auto schema = refund_form_schema(invoice);
    schema["additionalProperties"] = false;
    if (auto problems = SchemaValidator(schema).check(content); !problems.empty()) return join_messages(problems);
    const double amount = content["amount"].get<double>();
    const double scaled = amount * 100.0;
    cents = std::llround(scaled);
    if (std::fabs(scaled - static_cast<double>(cents)) > 1e-6) return "amount: must have at most two decimals";
    if (cents <= 0 || cents > invoice.cents)
        return "amount: must be between 0.01 and " + format_cents(invoice.cents);
    reason = content["reason"].get<std::string>();
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

// Clients that cannot show a form get the refund queued for a person in office-desk.
ToolOutcome queue_refund(Database& db, const Invoice& invoice, const CallContext& ctx) {
    auto& latest = db.prepare(
        "SELECT id, status, amount_cents FROM approval_requests WHERE invoice_id = ?1 ORDER BY id DESC LIMIT 1");
    if (latest.bind(1, invoice.id).step()) {
        const auto id = latest.column_int(0);
        const auto status = latest.column_text(1);
        const auto cents = latest.column_int(2);
        latest.reset();
        const std::string request = "Approval request #" + std::to_string(id) + " for invoice " + std::to_string(invoice.id);
        json structured{{"invoice_id", invoice.id}, {"approval_request_id", id}, {"status", status}};
        if (status == "approved") {
            structured["amount"] = cents_to_amount(cents);
            return ToolResult{request + " was approved by a person: " + format_cents(cents) + " refunded.", structured};
        }
        if (status == "declined")
            return ToolResult{request + " was declined by a person; nothing was refunded.", structured};
        ToolResult waiting{request + " is still waiting for a person to review it in office-desk; nothing has "
                                     "been refunded yet. Call issue_refund for this invoice later to check again.",
                           structured};
        waiting.queued = true;
        return waiting;
    }
    if (invoice.status == "refunded")
        return refuse("Invoice " + std::to_string(invoice.id) + " was already refunded; nothing changed.");
    Transaction tx(db);
    auto& insert = db.prepare(
        "INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (?1, 'pending', ?2, ?3) "
        "ON CONFLICT DO NOTHING RETURNING id");
    const auto now = utc_now();
    if (!insert.bind(1, invoice.id).bind(2, ctx.caller.label).bind(3, now).step()) {
        // Another process queued it a moment ago: report that one.
        insert.reset();
        tx.commit();
        return queue_refund(db, invoice, ctx);
    }
    const auto id = insert.column_int(0);
    insert.reset();
    audit(db, ctx, "refund_queued", "invoice", invoice.id,
          "Approval request #" + std::to_string(id) + " queued for the refund of " + describe(invoice) +
              "; the client cannot show the approval form.",
          now);
    tx.commit();
    ToolResult queued{"Refunding " + describe(invoice) + " needs a person's approval, and this client cannot show "
                      "the approval form. Approval request #" + std::to_string(id) +
                          " is queued; a person will review it in office-desk. Call issue_refund for invoice " +
                          std::to_string(invoice.id) + " again later to see whether it was approved.",
                      json{{"invoice_id", invoice.id}, {"approval_request_id", id}, {"status", "pending"}}};
    queued.queued = true;
    return queued;
}

ToolOutcome issue_refund(CallContext& ctx, const json& args) {
    const auto invoice_id = id_argument(args["invoice_id"]);
    auto& db = ctx.database();
    const auto invoice = load_invoice(db, invoice_id);
    if (!invoice)
        return refuse("There is no invoice " + std::to_string(invoice_id) +
                      "; call open_invoices with the customer's id to see their invoices.");
    if (!ctx.can_elicit) return queue_refund(db, *invoice, ctx);
    if (invoice->status == "refunded") {
        if (!ctx.state_nonce.empty()) {
            Transaction tx(db);
            consume_request_state(db, ctx.state_nonce);
            tx.commit();
        }
        return refuse("Invoice " + std::to_string(invoice_id) + " was already refunded; nothing changed.");
    }
    if (!ctx.input_responses) return ask_for_refund(*invoice, "");

    const json& answer = (*ctx.input_responses)[std::string(kApproveRefund)];
    const json action = answer.is_object() ? answer.value("action", json()) : json();
    Transaction tx(db);
    consume_request_state(db, ctx.state_nonce);  // single use, whatever the answer
    if (action == "decline" || action == "cancel") {
        if (action == "decline") {
            // A person said no: a queued request for this invoice is settled as declined.
            const auto now = utc_now();
            std::string detail = "A person declined the refund of " + describe(*invoice) + ".";
            auto& settle = db.prepare("UPDATE approval_requests SET status = 'declined', resolved_at = ?2 "
                                      "WHERE invoice_id = ?1 AND status = 'pending' RETURNING id");
            if (settle.bind(1, invoice_id).bind(2, now).step()) {
                detail += " Approval request #" + std::to_string(settle.column_int(0)) + " is declined.";
                settle.reset();
            }
            audit(db, ctx, "refund_declined", "invoice", invoice_id, std::move(detail), now);
        }
        tx.commit();
        const std::string what = action == "decline" ? "declined" : "cancelled";
        return ToolResult{"The refund of " + describe(*invoice) + " was " + what + " by the person; nothing changed.",
                          json{{"invoice_id", invoice_id}, {"status", what}}};
    }
    std::int64_t cents = 0;
    std::string reason;
    std::string problem = action == "accept" ? check_refund_answer(*invoice, answer.value("content", json()), cents, reason)
                                             : "action must be accept, decline or cancel";
    if (!problem.empty()) {
        tx.commit();
        return ask_for_refund(*invoice, problem);
    }
    const auto now = utc_now();
    auto& mark = db.prepare("UPDATE invoices SET status = 'refunded' WHERE id = ?1 AND status <> 'refunded'");
    mark.bind(1, invoice_id).step();
    if (db.changes() == 0) return refuse("Invoice " + std::to_string(invoice_id) + " was already refunded; nothing changed.");
    auto& record = db.prepare(
        "INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id");
    record.bind(1, invoice_id).bind(2, cents).bind(3, reason).bind(4, route_name(ctx.route)).bind(5, ctx.caller.label).bind(6, now);
    record.step();
    const auto refund_id = record.column_int(0);
    record.reset();
    std::string detail = "Refunded " + format_cents(cents) + " of " + describe(*invoice) + ", approved through " +
                         route_name(ctx.route) + ". Reason: " + reason;
    auto& settle = db.prepare(
        "UPDATE approval_requests SET status = 'approved', resolved_at = ?2, amount_cents = ?3, reason = ?4 "
        "WHERE invoice_id = ?1 AND status = 'pending' RETURNING id");
    if (settle.bind(1, invoice_id).bind(2, now).bind(3, cents).bind(4, reason).step()) {
        detail += " (approval request #" + std::to_string(settle.column_int(0)) + " is approved)";
        settle.reset();
    }
    audit(db, ctx, "refund_issued", "invoice", invoice_id, std::move(detail), now);
    tx.commit();
    return ToolResult{"Refunded " + format_cents(cents) + " of invoice " + std::to_string(invoice_id) + " (" +
                          invoice->customer + "). Reason: " + reason,
                      json{{"invoice_id", invoice_id},
                           {"status", "refunded"},
                           {"refund_id", refund_id},
                           {"amount", cents_to_amount(cents)}}};
}

// ---- order_lunch ------------------------------------------------------------------------

ToolOutcome order_lunch(CallContext& ctx, const json& args) {
    const auto& item = args["item"].get_ref<const std::string&>();
    const auto quantity = args["quantity"].get<std::int64_t>();
    const auto note_it = args.find("note");
    auto& db = ctx.database();
    Transaction tx(db);
    const auto now = utc_now();
    auto& insert = db.prepare(
        "INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id");
    insert.bind(1, item).bind(2, quantity).bind(4, ctx.caller.label).bind(5, now);
    if (note_it != args.end()) insert.bind(3, note_it->get_ref<const std::string&>());
    insert.step();
    const auto order_id = insert.column_int(0);
    insert.reset();
    json structured{{"order_id", order_id}, {"item", item}, {"quantity", quantity}};
    std::string text = "Ordered " + std::to_string(quantity) + " " + item;
    if (note_it != args.end()) {
        text += " (note: " + note_it->get<std::string>() + ")";
        structured["note"] = *note_it;
    }
    text += ".";
    audit(db, ctx, "lunch_ordered", "lunch_order", order_id, "Lunch order #" + std::to_string(order_id) + ": " + text, now);
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
            "Lists a customer's invoices with their ids, amounts and status (open, paid or refunded). Get "
            "the customer id from find_customer; pass an invoice id to issue_refund to refund it.",
        .input_schema = schema(R"({"type":"object","properties":{"customer_id":{"type":"integer","minimum":1,
            "description":"The customer's id from find_customer."}},"required":["customer_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"customer_id":{"type":"integer"},"customer":{"type":"string"},
            "invoices":{"type":"array","items":{"type":"object","properties":{"invoice_id":{"type":"integer"},
            "amount":{"type":"number"},"status":{"type":"string","enum":["open","paid","refunded"]}},
            "required":["invoice_id","amount","status"]}}},"required":["customer_id","customer","invoices"]})"),
        .read_only = true,
        .run = open_invoices,
    });
    tools.push_back(Tool{
        .name = "issue_refund",
        .title = "Refund an invoice",
        .description =
            "Starts the refund of one invoice. A person always decides the amount and the reason: the "
            "client shows them a form, or, if it cannot, the request is queued for a person in office-desk "
            "and this tool reports its number (call it again later for its state). Never refunds an "
            "invoice twice. Get invoice ids from open_invoices.",
        .input_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer","minimum":1,
            "description":"The invoice's id from open_invoices."}},"required":["invoice_id"],"additionalProperties":false})"),
        .output_schema = schema(R"({"type":"object","properties":{"invoice_id":{"type":"integer"},
            "status":{"type":"string","enum":["refunded","declined","cancelled","pending","approved"]},
            "amount":{"type":"number"},"refund_id":{"type":"integer"},"approval_request_id":{"type":"integer"}},
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

void consume_request_state(Database& db, const std::string& nonce) {
    if (nonce.empty()) return;
    auto& use = db.prepare("INSERT INTO used_request_states (nonce, used_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING");
    use.bind(1, nonce).bind(2, utc_now()).step();
    if (db.changes() == 0) throw invalid_request_state();
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

}  // namespace office
