#pragma once
// The re-entrant tool model (docs/architecture.md, "Layers"). A tool never blocks and never waits for a
// person: it returns either a complete result or the questions it needs answered. The
// session's era adapter carries the questions to a person and calls the tool again, from the
// top, with the answers in CallContext::input_responses.

#include "trace.h"
#include "clock.h"
#include "json_rpc.h"
#include "office_tables.h"
#include "person_texts.h"
#include "schema_validator.h"

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace office {

class OfficeStore;

// A row a result names (a customer found, a slot booked): the reply links to its resource,
// office://<table>/<id> (core/protocol/office_resources.h), where the era has resource_link.
struct RowLink {
    OfficeTable table;
    std::int64_t id = 0;
    std::string title;  // what a person calls it: the customer's name, "invoice 2", "slot 1 (2026-09-04 09:00)"
    bool operator==(const RowLink&) const = default;
};

// A result the model reads: text for people and models, plus the same data as
// structuredContent where the era has it (null: none).
struct ToolResult {
    std::string text;
    json structured = nullptr;
    bool is_error = false;
    bool queued = false;  // the call waits in office-desk's approval queue (the log's "queued")
    bool replayed = false;  // an earlier call's result, answered again for its idempotency key
    // Not null: the call goes on as this task (core/office/tasks.h), and the reply is its
    // CreateTaskResult; text and structured are what the task's status says.
    json task = nullptr;
    std::vector<RowLink> links;  // after the text, as resource_link content
};

// "Ask a person": one elicitation form under a key the tool chooses.
struct InputRequired {
    std::string key;
    std::string message;
    json requested_schema;
};

using ToolOutcome = std::variant<ToolResult, InputRequired>;

// A tool asks a person at most this many times per call; an answer it cannot accept after
// the last ask ends the call (a client that keeps answering badly cannot keep it going).
inline constexpr int kMaxAsks = 3;

// How the answers reached the tool; recorded with every refund.
enum class Route { None, InputRequired, Elicitation };

// Who is calling, as the handshake or the request's envelope said (self-reported: shown and
// recorded with every write, never used to decide anything), and, over HTTP, the token that
// proved who it is (core/office/tokens.h).
struct Caller {
    std::string name;
    std::string version;           // "" when the client gave none
    std::string principal;         // the bearer token's NAME; "" on stdio and without tokens
    std::string label;             // "name/version", or "principal (name/version)" with a principal
    std::string era;               // "legacy" or "modern"
    std::string protocol_version;  // e.g. 2025-11-25
    TraceIds trace;                // this request's trace context (core/support/trace.h), for the audit
};

// A write tool's call under an idempotency key: who made it, the key, and what it asked.
struct IdempotencyKey {
    std::string scope;    // "token:NAME", or "client:NAME" without a token
    std::string key;
    std::string tool;
    std::string request;  // SHA-256 (hex) of the tool's name and its arguments
};

struct CallContext {
    std::function<OfficeStore&()> store;  // opened on first use
    UnixClock now = system_now;               // the session's clock: every time a tool records
    Caller caller;
    bool can_elicit = false;              // some route to a person exists for this call
    bool may_approve = true;              // the caller may approve money (over HTTP: the approver right)
    Route route = Route::None;
    // Second round only: the answers, keyed as InputRequired::key ({action, content}).
    const json* input_responses = nullptr;
    // How often a person was already asked in this call (0 in the first round). Carried in the
    // sealed state (modern) or the parked call (legacy), so asking again can be bounded.
    int asks = 0;
    // Modern round two: the sealed state's single-use id. The tool consumes it (see
    // consume_request_state) in the same transaction as the write it authorizes.
    std::string state_nonce;
    // The call's idempotency key, when it has one (core/office/idempotency.h); null: none.
    const IdempotencyKey* idempotency = nullptr;
    // The language of the texts meant for a person (the refund form): --locale (person_texts.h).
    Locale locale = Locale::En;
    // The client declared the tasks extension on this 2026-07-28 request (core/office/tasks.h):
    // a call that must wait for a person may become a task, kept this long.
    bool tasks = false;
    std::int64_t task_ttl_seconds = 0;
};

// Records `nonce` as used at `at`, inside the caller's open transaction. Throws the
// invalid-request-state ProtocolError when it was used before (a replay). Empty: no-op.
void consume_request_state(OfficeStore& store, const std::string& nonce, const std::string& at);

ProtocolError invalid_request_state();

struct Tool {
    std::string name;
    std::string title;
    std::string description;
    nlohmann::ordered_json input_schema;
    nlohmann::ordered_json output_schema;  // null: none
    bool read_only = false;
    bool destructive = false;
    bool idempotent = false;
    // For the office's people only (issue 37): listed and callable only by a caller with the
    // admin right (an admin token, office:admin, or stdio's --admin), whatever its profile.
    bool admin = false;
    // The office's menu shapes this tool (order_lunch): `lunch_tool(menu)` is the tool for the
    // menu of the moment, and with an empty menu it is not offered at all.
    bool shaped_by_menu = false;
    std::function<ToolOutcome(CallContext&, const json& arguments)> run;
    SchemaValidator validator{input_schema};  // built from input_schema; keep it last
};

// Every office tool, in a stable order: the six of the seed, add_customer, then the admin tools.
const std::vector<Tool>& office_tools();

struct MenuItem;
// order_lunch for `menu` (not empty): its item enum and description are the menu's.
Tool lunch_tool(const std::vector<MenuItem>& menu);

// Profiles: which tools a process exposes. Returns false for an unknown profile name. "all"
// gives an empty list, which means every tool that is not an admin tool.
bool profile_tools(std::string_view profile, std::vector<std::string>& names);

// The tools a process serves: exactly `chosen` when it names any (--tools), else the
// profile's (empty: all six). Returns the sentence refusing an unknown profile or tool, "" when
// both are known.
std::string select_tools(std::string_view profile, const std::vector<std::string>& chosen, std::vector<std::string>& names);

}  // namespace office
