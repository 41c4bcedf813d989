// Money handled exactly (issue 11, the server's rules): partial refunds up to what is left, a
// reason that is a reason, asking again at most three times, precise errors for a retry that
// answers the wrong question, and who asked and who approved a queued refund. Driven
// in-process through the session, as the stdio server drives it.

#include "session_harness.h"
#include "tool.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using office::json;
using Office = office::testing::InProcessServer;
using office::testing::accept;
using office::testing::answer;
using office::testing::kForms;
using office::testing::tools_call;

// This file's calls come from client "queue-client" unless they name another.
json modern_call(int id, const std::string& tool, json arguments, json capabilities = json::object(),
                 const std::string& client = "queue-client") {
    return tools_call(id, tool, std::move(arguments), std::move(capabilities), client);
}

// Round two of a modern refund: the same call with the answers and the state.
json retry(int id, int invoice, json responses, json state, const std::string& client = "office-desk") {
    auto message = modern_call(id, "issue_refund", {{"invoice_id", invoice}}, kForms, client);
    message["params"]["inputResponses"] = std::move(responses);
    message["params"]["requestState"] = std::move(state);
    return message;
}

using office::testing::is_error;
using office::testing::text_of;

std::string question_of(const json& asked) {
    INFO(asked.dump());
    REQUIRE(asked["resultType"] == "input_required");
    return asked["inputRequests"]["approve_refund"]["params"]["message"].get<std::string>();
}

// Both rounds of a modern refund by `client`, answered with `responses`.
json refund(Office& office, int invoice, json responses, const std::string& client = "office-desk") {
    static int id = 100;
    const auto asked = office.result(modern_call(++id, "issue_refund", {{"invoice_id", invoice}}, kForms, client));
    REQUIRE(asked["resultType"] == "input_required");
    return office.result(retry(++id, invoice, std::move(responses), asked["requestState"], client));
}

void initialize(Office& office, json capabilities = kForms) {
    office.result(office::testing::initialize_request("2025-11-25", std::move(capabilities), "office-desk", "1.0"));
    office.send(office::testing::kInitialized);
}

json legacy_call(int id, int invoice) {
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "tools/call"},
                {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", invoice}}}}}};
}

json elicitation_answer(const std::string& id, const json& responses) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", responses["approve_refund"]}};
}

// Every invoice whose refunded_cents is not the sum of its refund rows (none, always).
std::int64_t inconsistent_invoices(Office& office) {
    return office.number(
        "SELECT count(*) FROM invoices i WHERE refunded_cents <> "
        "(SELECT coalesce(sum(amount_cents), 0) FROM refunds r WHERE r.invoice_id = i.id)");
}

}  // namespace

// ---- partial refunds ----------------------------------------------------------------------

TEST_CASE("a partial refund leaves the rest refundable, and the form asks for at most what is left", "[refunds]") {
    Office office;
    auto first = refund(office, 2, accept(30, "Charged twice"));
    CHECK(!is_error(first));
    CHECK(text_of(first) == "Refunded 30.00 of invoice 2 (Maria Alvarez); 50.00 is left to refund. Reason: Charged twice");
    CHECK(first["structuredContent"] ==
          json{{"invoice_id", 2}, {"status", "refunded"}, {"refund_id", 1}, {"amount", 30.0}, {"refunded", 30.0}, {"left", 50.0}});
    CHECK(office.invoice_status(2) == "open");
    CHECK(office.number("SELECT refunded_cents FROM invoices WHERE id = 2") == 3000);

    const auto asked = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    CHECK(question_of(asked) ==
          "Refund invoice 2 (Maria Alvarez, open, 80.00, 30.00 refunded, 50.00 left)? Enter the amount to refund (at most "
          "50.00) and the reason, or decline.");
    const auto& amount = asked["inputRequests"]["approve_refund"]["params"]["requestedSchema"]["properties"]["amount"];
    CHECK(amount["maximum"] == 50.0);
    CHECK(amount["description"] == "At most 50.00, with at most two decimals.");

    // More than what is left is refused and asked again, with the smaller maximum.
    const auto again = office.result(retry(2, 2, accept(50.01, "The rest"), asked["requestState"]));
    CHECK(question_of(again) ==
          "The answer was not accepted: amount: must be between 0.01 and 50. Refund invoice 2 (Maria Alvarez, open, "
          "80.00, 30.00 refunded, 50.00 left)? Enter the amount to refund (at most 50.00) and the reason, or decline.");
    CHECK(office.refunds() == 1);

    const auto rest = office.result(retry(3, 2, accept(50, "The rest"), again["requestState"]));
    CHECK(text_of(rest) == "Refunded 50.00 of invoice 2 (Maria Alvarez). Reason: The rest");
    CHECK(rest["structuredContent"] ==
          json{{"invoice_id", 2}, {"status", "refunded"}, {"refund_id", 2}, {"amount", 50.0}, {"refunded", 80.0}, {"left", 0.0}});
    CHECK(office.invoice_status(2) == "refunded");
    CHECK(office.number("SELECT refunded_cents FROM invoices WHERE id = 2") == 8000);
    CHECK(inconsistent_invoices(office) == 0);

    // Nothing left: refused without asking anyone.
    const auto none = office.result(modern_call(4, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    CHECK(is_error(none));
    CHECK(text_of(none) == "Invoice 2 was already refunded; nothing changed.");
}

TEST_CASE("an approval answered after another refund took part of the money is judged on what is left now", "[refunds]") {
    Office office;
    const auto a = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    const auto b = office.result(modern_call(2, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    CHECK(!is_error(office.result(retry(3, 2, accept(60, "First"), a["requestState"]))));
    const auto late = office.result(retry(4, 2, accept(30, "Second"), b["requestState"]));
    CHECK(question_of(late).starts_with("The answer was not accepted: amount: must be between 0.01 and 20. Refund invoice 2 "
                                        "(Maria Alvarez, open, 80.00, 60.00 refunded, 20.00 left)?"));
    CHECK(office.number("SELECT refunded_cents FROM invoices WHERE id = 2") == 6000);
    CHECK(inconsistent_invoices(office) == 0);
}

TEST_CASE("open_invoices says what was refunded and what is left, in text and structured content", "[refunds]") {
    Office office;
    REQUIRE(!is_error(refund(office, 2, accept(30, "Charged twice"))));
    REQUIRE(!is_error(refund(office, 1, accept(240, "Cancelled"))));
    const auto r = office.result(modern_call(1, "open_invoices", {{"customer_id", 1}}));
    CHECK(text_of(r) == "Invoices of Maria Alvarez:\n- invoice 1: 240.00, refunded\n- invoice 2: 80.00, open, 30.00 refunded, 50.00 left");
    CHECK(r["structuredContent"] == json::parse(R"({"customer_id":1,"customer":"Maria Alvarez","invoices":[
        {"invoice_id":1,"amount":240.0,"status":"refunded","refunded":240.0,"left":0.0},
        {"invoice_id":2,"amount":80.0,"status":"open","refunded":30.0,"left":50.0}]})"));
    const auto untouched = office.result(modern_call(2, "open_invoices", {{"customer_id", 3}}));
    CHECK(text_of(untouched) == "Invoices of Priya Nair:\n- invoice 4: 410.00, open");
    CHECK(untouched["structuredContent"]["invoices"][0] ==
          json{{"invoice_id", 4}, {"amount", 410.0}, {"status", "open"}, {"refunded", 0.0}, {"left", 410.0}});

    const auto list = office.result(json{{"jsonrpc", "2.0"}, {"id", 3}, {"method", "tools/list"},
                                         {"params", {{"_meta", {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                                                                {"io.modelcontextprotocol/clientCapabilities", json::object()}}}}}});
    json items;
    for (const auto& tool : list["tools"])
        if (tool["name"] == "open_invoices") items = tool["outputSchema"]["properties"]["invoices"]["items"];
    CHECK(items["required"] == json::array({"invoice_id", "amount", "status", "refunded", "left"}));
    CHECK(items["properties"]["refunded"]["type"] == "number");
    CHECK(items["properties"]["left"]["type"] == "number");
}

TEST_CASE("the database itself refuses an invoice refunded beyond its amount", "[refunds]") {
    Office office;
    REQUIRE_NOTHROW(office.exec("UPDATE invoices SET refunded_cents = amount_cents WHERE id = 1"));  // the column exists
    CHECK_THROWS_AS(office.exec("UPDATE invoices SET refunded_cents = amount_cents + 1 WHERE id = 2"), office::StoreError);
    CHECK_THROWS_AS(office.exec("UPDATE invoices SET refunded_cents = -1 WHERE id = 2"), office::StoreError);
    CHECK(office.number("SELECT refunded_cents FROM invoices WHERE id = 2") == 0);
}

// ---- a reason is a reason -----------------------------------------------------------------

namespace {
struct BadReason {
    const char* what;
    std::string reason;
    std::string problem;
};
const std::vector<BadReason> kBadReasons = {
    {"spaces only", "   ", "reason: must not be blank"},
    {"tabs and newlines only", "\t\n\r\t", "reason: must not be blank"},
    {"no-break spaces only", "\u00a0\u00a0\u00a0", "reason: must not be blank"},
    {"two letters in spaces", "  ab  ", "reason: must be between 3 and 200 characters"},
    {"a tab inside", "Charged\ttwice", "reason: must not contain control characters"},
    {"a newline inside", "Charged\ntwice", "reason: must not contain control characters"},
    {"a bell", "Charged \a twice", "reason: must not contain control characters"},
    {"a C1 control", "Charged \u0085 twice", "reason: must not contain control characters"},
    {"DEL", "Charged \x7f twice", "reason: must not contain control characters"},
    {"a right-to-left override", "Charged \u202Etwice",
     "reason: must not contain U+202E (RIGHT-TO-LEFT OVERRIDE), which changes the direction of the text shown around it"},
};
}  // namespace

TEST_CASE("a blank or control-character reason is refused and asked again through input_required", "[refunds][reason]") {
    const auto bad = GENERATE(from_range(kBadReasons));
    CAPTURE(bad.what);
    Office office;
    const auto asked = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    const auto again = office.result(retry(2, 2, accept(10, bad.reason), asked["requestState"]));
    CHECK(question_of(again) == "The answer was not accepted: " + bad.problem +
                                    ". Refund invoice 2 (Maria Alvarez, open, 80.00)? Enter the amount to refund (at most "
                                    "80.00) and the reason, or decline.");
    CHECK(office.refunds() == 0);
}

TEST_CASE("a blank or control-character reason is refused and asked again through elicitation/create", "[refunds][reason]") {
    const auto bad = GENERATE(from_range(kBadReasons));
    CAPTURE(bad.what);
    Office office;
    initialize(office);
    REQUIRE(office.send(legacy_call(7, 2)).size() == 1);
    const auto again = office.send(elicitation_answer("elicit-1", accept(10, bad.reason)));
    REQUIRE(again.size() == 1);
    CHECK(again[0]["method"] == "elicitation/create");
    CHECK(again[0]["params"]["message"].get<std::string>().starts_with("The answer was not accepted: " + bad.problem + ". "));
    CHECK(office.refunds() == 0);
}

TEST_CASE("a blank or control-character reason is refused when the desk clears the approval queue", "[refunds][reason]") {
    const auto bad = GENERATE(from_range(kBadReasons));
    CAPTURE(bad.what);
    Office office;
    REQUIRE(office.result(modern_call(1, "issue_refund", {{"invoice_id", 4}}))["structuredContent"]["status"] == "pending");
    // office-desk reviews the request through its own session and form dialog.
    const auto asked = office.result(modern_call(2, "issue_refund", {{"invoice_id", 4}}, kForms, "office-desk"));
    const auto again = office.result(retry(3, 4, accept(10, bad.reason), asked["requestState"]));
    CHECK(question_of(again).starts_with("The answer was not accepted: " + bad.problem + ". "));
    CHECK(office.refunds() == 0);
    CHECK(office.text("SELECT status FROM approval_requests") == "pending");
}

TEST_CASE("a reason is stored trimmed, in the refund, the approval request and the reply", "[refunds][reason]") {
    Office office;
    REQUIRE(office.result(modern_call(1, "issue_refund", {{"invoice_id", 4}}))["structuredContent"]["status"] == "pending");
    const auto done = refund(office, 4, accept(10, " \tCharged twice\u00a0\n"));
    CHECK(text_of(done) == "Refunded 10.00 of invoice 4 (Priya Nair); 400.00 is left to refund. Reason: Charged twice");
    CHECK(office.text("SELECT reason FROM refunds") == "Charged twice");
    CHECK(office.text("SELECT reason FROM approval_requests") == "Charged twice");
}

// ---- asking again is bounded --------------------------------------------------------------

TEST_CASE("a person is asked at most three times in all, then the call ends with nothing refunded (2026-07-28)", "[refunds][asks]") {
    Office office;
    const auto asked = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    const auto second = office.result(retry(2, 2, accept(10, "   "), asked["requestState"]));
    CHECK(question_of(second).starts_with("The answer was not accepted: reason: must not be blank."));
    const auto third = office.result(retry(3, 2, accept(100, "Too much"), second["requestState"]));
    CHECK(question_of(third).starts_with("The answer was not accepted: amount: must be between 0.01 and 80."));
    const auto gave_up = office.result(retry(4, 2, answer("approve"), third["requestState"]));
    CHECK(gave_up["resultType"] == "complete");
    CHECK(is_error(gave_up));
    CHECK(text_of(gave_up) ==
          "Nothing was refunded: the person was asked 3 times about invoice 2 (Maria Alvarez, open, 80.00) and no answer "
          "was accepted (the last one: action must be accept, decline or cancel). Call issue_refund again to start over.");
    CHECK(office.refunds() == 0);
    CHECK(office.invoice_status(2) == "open");
    // The last state is spent like every other.
    CHECK(office.error(retry(5, 2, accept(10, "Charged twice"), third["requestState"]))["code"] == -32602);
}

TEST_CASE("a person is asked at most three times in all, then the call ends with nothing refunded (elicitation/create)", "[refunds][asks]") {
    Office office;
    initialize(office);
    REQUIRE(office.send(legacy_call(7, 2)).size() == 1);
    auto again = office.send(elicitation_answer("elicit-1", accept(10, "  ")));
    REQUIRE(again.size() == 1);
    CHECK(again[0]["id"] == "elicit-2");
    again = office.send(elicitation_answer("elicit-2", accept(10, "  ")));
    REQUIRE(again.size() == 1);
    CHECK(again[0]["id"] == "elicit-3");
    const auto gave_up = office.reply(elicitation_answer("elicit-3", accept(10, "  ")));
    CHECK(gave_up["id"] == 7);
    CHECK(is_error(gave_up["result"]));
    CHECK(text_of(gave_up["result"]) ==
          "Nothing was refunded: the person was asked 3 times about invoice 2 (Maria Alvarez, open, 80.00) and no answer "
          "was accepted (the last one: reason: must not be blank). Call issue_refund again to start over.");
    CHECK(office.session.parked_calls() == 0);
    CHECK(office.refunds() == 0);
}

TEST_CASE("a good third answer still refunds", "[refunds][asks]") {
    Office office;
    const auto asked = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    const auto second = office.result(retry(2, 2, accept(10, "   "), asked["requestState"]));
    const auto third = office.result(retry(3, 2, accept(10, "   "), second["requestState"]));
    const auto done = office.result(retry(4, 2, accept(10, "Charged twice"), third["requestState"]));
    CHECK(!is_error(done));
    CHECK(office.refunds() == 1);
}

// ---- precise errors -----------------------------------------------------------------------

TEST_CASE("a valid requestState whose inputResponses lack the asked key is invalid params naming the key", "[refunds][errors]") {
    const auto responses = GENERATE(json::object(), json{{"approve", {{"action", "accept"}}}});
    CAPTURE(responses);
    Office office;
    const auto asked = office.result(modern_call(1, "issue_refund", {{"invoice_id", 2}}, kForms, "office-desk"));
    CHECK(office.error(retry(2, 2, responses, asked["requestState"])) ==
          json{{"code", -32602},
               {"message", "Invalid params: inputResponses has no answer for approve_refund"},
               {"data", {{"reason", "missing_input_response"}, {"key", "approve_refund"}}}});
    // The state was not used up: the right answer still works.
    CHECK(!is_error(office.result(retry(3, 2, accept(10, "Charged twice"), asked["requestState"]))));
}

// ---- the approval queue with partial refunds ----------------------------------------------

TEST_CASE("an approved partial refund is reported once, then a further call queues a new request", "[refunds][queue]") {
    Office office;
    const json args{{"invoice_id", 2}};
    REQUIRE(office.result(modern_call(1, "issue_refund", args))["structuredContent"]["approval_request_id"] == 1);
    REQUIRE(!is_error(refund(office, 2, accept(30, "Charged twice"))));

    const auto seen = office.result(modern_call(2, "issue_refund", args));
    CHECK(text_of(seen) == "Approval request #1 for invoice 2 was approved by a person: 30.00 refunded, 50.00 left. "
                           "Call issue_refund again to ask for a further refund.");
    CHECK(seen["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 1}, {"status", "approved"},
                                            {"amount", 30.0}, {"refunded", 30.0}, {"left", 50.0}});
    CHECK(office.number("SELECT reported_at IS NOT NULL FROM approval_requests WHERE id = 1") == 1);

    const auto further = office.result(modern_call(3, "issue_refund", args));
    CHECK(text_of(further) ==
          "Refunding invoice 2 (Maria Alvarez, open, 80.00, 30.00 refunded, 50.00 left) needs a person's approval, and this "
          "client cannot show the approval form. Approval request #2 is queued; a person will review it in office-desk. "
          "Call issue_refund for invoice 2 again later to see whether it was approved.");
    CHECK(further["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 2}, {"status", "pending"}});

    // Pending is reported as waiting, however often, and never duplicated.
    const auto waiting = office.result(modern_call(4, "issue_refund", args));
    CHECK(text_of(waiting).starts_with("Approval request #2 for invoice 2 is still waiting"));
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 2);
}

TEST_CASE("an approval that refunds the rest is reported once, then the invoice is refunded", "[refunds][queue]") {
    Office office;
    const json args{{"invoice_id", 2}};
    office.result(modern_call(1, "issue_refund", args));
    REQUIRE(!is_error(refund(office, 2, accept(80, "Charged twice"))));
    CHECK(text_of(office.result(modern_call(2, "issue_refund", args))) ==
          "Approval request #1 for invoice 2 was approved by a person: 80.00 refunded.");
    const auto after = office.result(modern_call(3, "issue_refund", args));
    CHECK(is_error(after));
    CHECK(text_of(after) == "Invoice 2 was already refunded; nothing changed.");
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 1);
}

TEST_CASE("a declined request's reply says a person can re-open it, once, then a new call queues anew", "[refunds][queue]") {
    Office office;
    const json args{{"invoice_id", 4}};
    office.result(modern_call(1, "issue_refund", args));
    REQUIRE(!is_error(refund(office, 4, answer("decline"))));
    const auto seen = office.result(modern_call(2, "issue_refund", args));
    CHECK(text_of(seen) == "Approval request #1 for invoice 4 was declined by a person; nothing was refunded. A person can "
                           "re-open it in office-desk, or call issue_refund again to queue a new request.");
    CHECK(seen["structuredContent"] == json{{"invoice_id", 4}, {"approval_request_id", 1}, {"status", "declined"}});
    const auto anew = office.result(modern_call(3, "issue_refund", args));
    CHECK(anew["structuredContent"] == json{{"invoice_id", 4}, {"approval_request_id", 2}, {"status", "pending"}});
}

// ---- who asked, who approved --------------------------------------------------------------

TEST_CASE("a refund that settles a queued request records who asked and who approved it", "[refunds][who]") {
    Office office;
    office.result(modern_call(1, "issue_refund", {{"invoice_id", 4}}, json::object(), "queue-client"));
    REQUIRE(!is_error(refund(office, 4, accept(10, "Goodwill"), "office-desk")));
    CHECK(office.text("SELECT approval_request_id || '|' || requested_by || '|' || client || '|' || approved_via FROM refunds") ==
          "1|queue-client/1.0|office-desk/1.0|input_required");
    CHECK(office.text("SELECT status || '|' || resolved_by || '|' || amount_cents FROM approval_requests") ==
          "approved|office-desk/1.0|1000");
    CHECK(office.text("SELECT detail FROM audit WHERE action = 'refund_issued'") ==
          "Refunded 10.00 of invoice 4 (Priya Nair, open, 410.00), approved through input_required. Reason: Goodwill "
          "(asked by queue-client/1.0 in approval request #1, approved by office-desk/1.0)");

    // A refund that settles no request leaves both empty.
    REQUIRE(!is_error(refund(office, 2, accept(10, "Direct"), "form-client")));
    CHECK(office.number("SELECT count(*) FROM refunds WHERE invoice_id = 2 AND approval_request_id IS NULL AND requested_by IS NULL") == 1);
}

TEST_CASE("a declined queued request records who declined it", "[refunds][who]") {
    Office office;
    office.result(modern_call(1, "issue_refund", {{"invoice_id", 4}}, json::object(), "queue-client"));
    REQUIRE(!is_error(refund(office, 4, answer("decline"), "office-desk")));
    CHECK(office.text("SELECT status || '|' || resolved_by FROM approval_requests") == "declined|office-desk/1.0");
    CHECK(office.text("SELECT detail FROM audit WHERE action = 'refund_declined'") ==
          "A person declined the refund of invoice 4 (Priya Nair, open, 410.00). Approval request #1, asked by "
          "queue-client/1.0, is declined by office-desk/1.0.");
}
