#include "tools_internal.h"

#include "clock.h"
#include "money.h"
#include "person_text.h"
#include "person_texts.h"
#include "schema_validator.h"
#include "tasks.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace office::tools_internal {

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
    const auto name = store.customers().customer_name(customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    json invoices = json::array();
    std::string lines;
    std::vector<RowLink> links{customer_link(customer_id, *name)};
    for (auto& invoice : store.money().invoices_of(customer_id)) {
        links.push_back(invoice_link(invoice.id));
        lines += "\n- invoice " + std::to_string(invoice.id) + ": " +
                 money_state(invoice.cents, invoice.status, invoice.refunded);
        invoices.push_back({{"invoice_id", invoice.id},
                            {"amount", cents_to_amount(invoice.cents)},
                            {"status", std::move(invoice.status)},
                            {"refunded", cents_to_amount(invoice.refunded)},
                            {"left", cents_to_amount(invoice.left())}});
    }
    std::string text = invoices.empty() ? *name + " has no invoices." : "Invoices of " + *name + ":" + lines;
    ToolResult result{std::move(text), json{{"customer_id", customer_id}, {"customer", *name}, {"invoices", std::move(invoices)}}};
    result.links = std::move(links);
    return result;
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

// The amount a person may enter is what is left of the invoice. Titles, descriptions and the
// message are for the person, in the office's language (person_texts.h).
json refund_form_schema(const Invoice& invoice, Locale locale) {
    const auto& t = person_texts(locale);
    const json amount{{"type", "number"},
                      {"title", t.amount_title},
                      {"description", fill(t.amount_description, {{"left", person_money(locale, invoice.left())}})},
                      {"minimum", 0.01},
                      {"maximum", cents_to_amount(invoice.left())}};
    const json reason{{"type", "string"},
                      {"title", t.reason_title},
                      {"description", t.reason_description},
                      {"minLength", 3},
                      {"maxLength", 200}};
    return json{{"type", "object"},
                {"properties", {{"amount", amount}, {"reason", reason}}},
                {"required", {"amount", "reason"}}};
}

InputRequired ask_for_refund(const Invoice& invoice, const std::vector<Problem>& problems, Locale locale) {
    const auto& t = person_texts(locale);
    std::string message = fill(t.question, {{"invoice", person_invoice(locale, invoice)},
                                            {"left", person_money(locale, invoice.left())}});
    if (!problems.empty())
        message = fill(t.not_accepted, {{"problems", person_problems(locale, problems, invoice)}, {"question", message}});
    return InputRequired{std::string(kApproveRefund), std::move(message), refund_form_schema(invoice, locale)};
}

// Checks a person's answer against the form and the business rules; none when it is good. The
// reason comes back trimmed, as it is stored; its length is judged on that text. The rules
// beyond the validator's are "content", "blank", "control", "bidi", "decimals" and "range".
std::vector<Problem> check_refund_answer(const Invoice& invoice, const json& content, std::int64_t& cents, std::string& reason) {
    if (!content.is_object()) return {Problem{"", "content", "the answer has no form content"}};
    json checked = content;
    std::optional<Problem> reason_problem;
    if (const auto it = content.find("reason"); it != content.end() && it->is_string()) {
        reason = trim_whitespace(it->get_ref<const std::string&>());
        if (reason.empty()) reason_problem = Problem{"reason", "blank", "reason: must not be blank"};
        else if (has_control_character(reason))
            reason_problem = Problem{"reason", "control", "reason: must not contain control characters"};
        else if (const auto c = bidi_control(reason))
            reason_problem = Problem{"reason", "bidi", "reason: " + bidi_control_refusal(c)};
        // With a problem of its own the reason is checked no further: a stand-in the form's
        // rules accept keeps the schema from adding a second message about it.
        checked["reason"] = reason_problem ? std::string("n/a") : reason;
    }
    auto schema = refund_form_schema(invoice, Locale::En);
    schema["additionalProperties"] = false;
    auto problems = SchemaValidator(schema).check(checked);
    if (reason_problem) {
        // In the validator's order: after amount's problems, before unexpected fields.
        const auto at = std::find_if(problems.begin(), problems.end(),
                                     [](const Problem& p) { return p.rule == "additionalProperties"; });
        problems.insert(at, *reason_problem);
    }
    if (!problems.empty()) return problems;
    const double amount = content["amount"].get<double>();
    const double scaled = amount * 100.0;
    cents = std::llround(scaled);
    if (std::fabs(scaled - static_cast<double>(cents)) > 1e-6)
        return {Problem{"amount", "decimals", "amount: must have at most two decimals"}};
    if (cents <= 0 || cents > invoice.left())
        return {Problem{"amount", "range", "amount: must be between 0.01 and " + format_cents(invoice.left())}};
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
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    const auto invoice = store.money().load_invoice(invoice_id);
    if (!invoice) return refuse("There is no invoice " + std::to_string(invoice_id) + ".");
    const auto now = utc_time(ctx.now());
    // A pending request first (re-opened ones too), then an outcome not yet reported.
    if (const auto latest = store.money().latest_approval(invoice_id)) {
        const auto id = latest->id;
        const auto& status = latest->status;
        const auto cents = latest->cents;
        const bool reported = latest->reported;
        const std::string request = "Approval request #" + std::to_string(id) + " for invoice " + std::to_string(invoice_id);
        json structured{{"invoice_id", invoice_id}, {"approval_request_id", id}, {"status", status}};
        if (status == "pending" && ctx.tasks) {
            // The caller's own task for it, asked again (a retry without a key): the same task.
            const auto task = store.money().task_of_request(id);
            if (task && task->status == "working" && task->scope == caller_scope(ctx.caller) && task->expires_at >= now) {
                ToolResult again{task->status_message, structured};
                again.queued = true;
                again.task = task_members(*task);
                return again;
            }
        }
        if (status == "pending") {
            ToolResult waiting{request + " is still waiting for a person to review it in office-desk; nothing has "
                                         "been refunded yet. Call issue_refund for this invoice later to check again.",
                               structured};
            waiting.queued = true;
            return waiting;
        }
        if (!reported) {
            store.money().mark_reported(id, now);
            if (status == "declined")
                return commit_with_result(
                    tx, store, ctx,
                    ToolResult{request + " was declined by a person; nothing was refunded. A person can re-open it in "
                                         "office-desk, or call issue_refund again to queue a new request.",
                               structured});
            structured["amount"] = cents_to_amount(cents);
            structured["refunded"] = cents_to_amount(invoice->refunded);
            structured["left"] = cents_to_amount(invoice->left());
            std::string text = request + " was approved by a person: " + format_cents(cents) + " refunded";
            text += invoice->left() > 0 ? ", " + format_cents(invoice->left()) +
                                              " left. Call issue_refund again to ask for a further refund."
                                        : ".";
            return commit_with_result(tx, store, ctx, ToolResult{std::move(text), structured});
        }
    }
    if (invoice->left() == 0) return already_refunded(invoice_id);
    const auto id = store.money().queue_approval(invoice_id, ctx.caller.label, now);
    // Why no form: the client cannot show one, or the caller may not approve money (HTTP without
    // the approver right) whatever it can show.
    const std::string why = ctx.may_approve ? "the client cannot show the approval form" : "the caller may not approve refunds";
    audit(store, ctx, "refund_queued", "invoice", invoice_id,
          "Approval request #" + std::to_string(id) + " queued for the refund of " + describe(*invoice) + "; " + why +
              (ctx.tasks ? " and follows the request as a task." : "."),
          now);
    const json structured{{"invoice_id", invoice_id}, {"approval_request_id", id}, {"status", "pending"}};
    if (ctx.tasks) {
        // No sentence to interpret: a handle the client polls until the person has decided.
        const auto task = start_task(store, ctx, id,
                                     "Approval request #" + std::to_string(id) + " for the refund of " + describe(*invoice) +
                                         " waits for a person in office-desk; nothing has been refunded yet.");
        ToolResult handed{task.status_message, structured};
        handed.queued = true;
        handed.task = task_members(task);
        return commit_with_result(tx, store, ctx, std::move(handed));
    }
    ToolResult queued{"Refunding " + describe(*invoice) + " needs a person's approval, and " +
                          (ctx.may_approve ? "this client cannot show the approval form" : "this caller may not approve refunds") +
                          ". Approval request #" + std::to_string(id) +
                          " is queued; a person will review it in office-desk. Call issue_refund for invoice " +
                          std::to_string(invoice_id) + " again later to see whether it was approved.",
                      structured};
    queued.queued = true;
    return commit_with_result(tx, store, ctx, std::move(queued));
}

ToolOutcome issue_refund(CallContext& ctx, const json& args) {
    const auto invoice_id = id_argument(args["invoice_id"]);
    auto& store = ctx.store();
    // A call repeated under its key gets its first result, whichever round it repeats.
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    auto invoice = store.money().load_invoice(invoice_id);
    if (!invoice)
        return refuse("There is no invoice " + std::to_string(invoice_id) +
                      "; call open_invoices with the customer's id to see their invoices.");
    if (!ctx.can_elicit) return queue_refund(store, invoice_id, ctx);
    if (!ctx.input_responses) {
        if (invoice->left() == 0) return already_refunded(invoice_id);
        return ask_for_refund(*invoice, {}, ctx.locale);
    }

    // Round two, under the write lock, judged on the invoice as it is now: another refund may
    // have taken part of the money since the person was asked.
    WriteTransaction tx(store);
    // Again under the lock: a racing call with the same key may have finished meanwhile. Before
    // the state is consumed, so that a retried round two answers its result, not "spent".
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    consume_request_state(store, ctx.state_nonce, utc_time(ctx.now()));  // single use, whatever the answer
    invoice = store.money().load_invoice(invoice_id);
    if (invoice->left() == 0) return commit_with_result(tx, store, ctx, already_refunded(invoice_id));
    const auto answer_it = ctx.input_responses->find(std::string(kApproveRefund));
    const json answer = answer_it != ctx.input_responses->end() ? *answer_it : json();
    const json* action_member = find_member(answer, "action");
    const json action = action_member ? *action_member : json();
    if (action == "decline" || action == "cancel") {
        if (action == "decline") {
            // A person said no: a queued request for this invoice is settled as declined.
            const auto now = utc_time(ctx.now());
            std::string detail = "A person declined the refund of " + describe(*invoice) + ".";
            if (const auto request = store.money().pending_request(invoice_id)) {
                store.money().decline_request(request->id, now, ctx.caller.label);
                detail += " Approval request #" + std::to_string(request->id) + ", asked by " + request->client +
                          ", is declined by " + ctx.caller.label + ".";
                complete_task(store, request->id,
                              ToolResult{"Approval request #" + std::to_string(request->id) + " for invoice " +
                                             std::to_string(invoice_id) + " was declined by a person (" + ctx.caller.label +
                                             "); nothing was refunded.",
                                         json{{"invoice_id", invoice_id},
                                              {"approval_request_id", request->id},
                                              {"status", "declined"}}},
                              now);
            }
            audit(store, ctx, "refund_declined", "invoice", invoice_id, std::move(detail), now);
        }
        const std::string what = action == "decline" ? "declined" : "cancelled";
        return commit_with_result(
            tx, store, ctx,
            ToolResult{"The refund of " + describe(*invoice) + " was " + what + " by the person; nothing changed.",
                       json{{"invoice_id", invoice_id}, {"status", what}}});
    }
    std::int64_t cents = 0;
    std::string reason;
    const json* content = find_member(answer, "content");
    const auto problems = action == "accept"
                              ? check_refund_answer(*invoice, content ? *content : json(), cents, reason)
                              : std::vector<Problem>{{"", "action", "action must be accept, decline or cancel"}};
    if (!problems.empty()) {
        const std::string problem = join_messages(problems);  // the model's words, in its result
        if (ctx.asks >= kMaxAsks)
            return commit_with_result(
                tx, store, ctx,
                refuse("Nothing was refunded: the person was asked " + std::to_string(ctx.asks) + " times about " +
                       describe(*invoice) + " and no answer was accepted (the last one: " + problem +
                       "). Call issue_refund again to start over."));
        tx.commit();  // the state is spent; the person is asked again with a fresh one
        return ask_for_refund(*invoice, problems, ctx.locale);
    }

    const auto now = utc_time(ctx.now());
    const auto request = store.money().pending_request(invoice_id);
    const auto refund_id = store.money().record_refund(
        RefundRecord{invoice_id, cents, reason, route_name(ctx.route), ctx.caller.label, now, request});
    std::string detail = "Refunded " + format_cents(cents) + " of " + describe(*invoice) + ", approved through " +
                         route_name(ctx.route) + ". Reason: " + reason;
    const auto refunded = invoice->refunded + cents;
    const auto left = invoice->left() - cents;
    if (request) {
        detail += " (asked by " + request->client + " in approval request #" + std::to_string(request->id) +
                  ", approved by " + ctx.caller.label + ")";
        // What the client that queued it would have been told, now told through its task.
        complete_task(store, request->id,
                      ToolResult{"Approval request #" + std::to_string(request->id) + " for invoice " +
                                     std::to_string(invoice_id) + " was approved by a person (" + ctx.caller.label + "): " +
                                     format_cents(cents) + " refunded" +
                                     (left > 0 ? ", " + format_cents(left) + " left." : ".") + " Reason: " + reason,
                                 json{{"invoice_id", invoice_id},
                                      {"approval_request_id", request->id},
                                      {"status", "approved"},
                                      {"amount", cents_to_amount(cents)},
                                      {"refunded", cents_to_amount(refunded)},
                                      {"left", cents_to_amount(left)}}},
                      now);
    }
    audit(store, ctx, "refund_issued", "invoice", invoice_id, std::move(detail), now);
    ToolResult result{"Refunded " + format_cents(cents) + " of invoice " + std::to_string(invoice_id) + " (" + invoice->customer + ")" +
                          (left > 0 ? "; " + format_cents(left) + " is left to refund" : "") + ". Reason: " + reason,
                      json{{"invoice_id", invoice_id},
                           {"status", "refunded"},
                           {"refund_id", refund_id},
                           {"amount", cents_to_amount(cents)},
                           {"refunded", cents_to_amount(refunded)},
                           {"left", cents_to_amount(left)}}};
    result.links = {invoice_link(invoice_id)};
    return commit_with_result(tx, store, ctx, std::move(result));
}

}  // namespace office::tools_internal
