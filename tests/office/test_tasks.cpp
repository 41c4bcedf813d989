// Approvals as tasks (issue 28, core/office/tasks.h): a 2026-07-28 client that declares
// io.modelcontextprotocol/tasks and cannot show forms gets a task for a refund that waits for the
// desk; tasks/get follows it to the person's decision; tasks/cancel withdraws it while nobody has
// decided. Driven in-process through the session (stdio's path), on either backend ([tools] also
// runs as postgres.*). The extension's text: ../shared/reference/mcp-spec/docs/extensions/tasks/.

#include "messages.h"
#include "server_process.h"
#include "session_harness.h"
#include "sqlite_office_store.h"
#include "tasks.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>

namespace {

using office::json;
using Office = office::testing::InProcessServer;
using office::testing::kForms;
using office::testing::text_of;

const json kTasks = {{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}};

json refund(int id, int invoice, json capabilities = kTasks, const std::string& client = "task-client") {
    return office::testing::tools_call(id, "issue_refund", {{"invoice_id", invoice}}, std::move(capabilities), client);
}

json task_request(int id, const std::string& method, json params, json capabilities = kTasks,
                  const std::string& client = "task-client") {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method},
            {"params", office::testing::modern_params(std::move(params), std::move(capabilities), client)}};
}

json get(int id, const std::string& task, const std::string& client = "task-client") {
    return task_request(id, "tasks/get", {{"taskId", task}}, kTasks, client);
}

json cancel(int id, const std::string& task, const std::string& client = "task-client") {
    return task_request(id, "tasks/cancel", {{"taskId", task}}, kTasks, client);
}

// The desk's review: a client with forms refunds the invoice (round one, then the person's answer).
json desk_answers(Office& office, int invoice, json answer) {
    const auto asked = office.result(office::testing::tools_call(100, "issue_refund", {{"invoice_id", invoice}}, kForms, "office-desk"));
    REQUIRE(asked["resultType"] == "input_required");
    auto second = office::testing::tools_call(101, "issue_refund", {{"invoice_id", invoice}}, kForms, "office-desk");
    second["params"]["inputResponses"] = std::move(answer);
    second["params"]["requestState"] = asked["requestState"];
    return office.result(second);
}

}  // namespace

TEST_CASE("a task-aware client without forms gets a task for a refund that waits for the desk, stored before the reply", "[tools][tasks]") {
    Office office;
    const auto created = office.result(refund(1, 2));
    INFO(created.dump());
    CHECK(created["resultType"] == "task");
    const std::string id = created["taskId"];
    CHECK(std::regex_match(id, std::regex("[0-9a-f]{32}")));  // 128 random bits
    CHECK(created["status"] == "working");
    CHECK(created["ttlMs"] == office::kDefaultTaskTtlSeconds * 1000);
    CHECK(created["pollIntervalMs"] == office::kTaskPollIntervalMs);
    CHECK(created["createdAt"] == "2026-09-21T14:13:20Z");
    CHECK(created["lastUpdatedAt"] == created["createdAt"]);
    CHECK(created["statusMessage"] ==
          "Approval request #1 for the refund of invoice 2 (Maria Alvarez, open, 80.00) waits for a person in office-desk; "
          "nothing has been refunded yet.");
    for (const char* absent : {"content", "result", "error", "inputRequests", "requestState", "task"})
        CHECK_FALSE(created.contains(absent));
    // Durable: the task and its request are rows, committed with the reply.
    CHECK(office.text("SELECT status || ' ' || task FROM approval_requests WHERE id = 1") == "pending 1");
    CHECK(office.text("SELECT status || ' ' || scope FROM tasks WHERE id = '" + id + "'") == "working client:task-client");

    const auto polled = office.result(get(2, id));
    CHECK(polled["resultType"] == "complete");
    CHECK(polled["taskId"] == id);
    CHECK(polled["status"] == "working");
    CHECK_FALSE(polled.contains("result"));
    // Asked again by the same client (no key): the same task, not a second request.
    CHECK(office.result(refund(3, 2))["taskId"] == id);
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 1);
}

TEST_CASE("clients that do not declare the extension, or can show forms, keep today's behaviour exactly", "[tools][tasks]") {
    Office office;
    const auto queued = office.result(refund(1, 2, json::object()));
    CHECK(queued["resultType"] == "complete");
    CHECK(text_of(queued).find("Approval request #1 is queued") != std::string::npos);
    const auto asked = office.result(refund(2, 4, {{"elicitation", json::object()}, {"extensions", kTasks["extensions"]}}));
    CHECK(asked["resultType"] == "input_required");
    CHECK(office.number("SELECT count(*) FROM tasks") == 0);
    CHECK(office.number("SELECT count(*) FROM approval_requests WHERE task = 1") == 0);
    // A task-aware client asking about a request another client queued is told about it as before.
    const auto other = office.result(refund(3, 2));
    CHECK(other["resultType"] == "complete");
    CHECK(text_of(other).find("is still waiting for a person") != std::string::npos);
}

TEST_CASE("the desk's approval completes the task with the result a synchronous call would report", "[tools][tasks][refunds]") {
    Office office;
    const std::string id = office.result(refund(1, 2))["taskId"];
    office.now += 90;
    const auto desk = desk_answers(office, 2, office::testing::accept(30, "Charged twice"));
    REQUIRE(text_of(desk).rfind("Refunded 30.00 of invoice 2", 0) == 0);

    const auto done = office.result(get(2, id));
    INFO(done.dump());
    CHECK(done["status"] == "completed");
    CHECK(done["lastUpdatedAt"] == "2026-09-21T14:14:50Z");
    CHECK(text_of(done["result"]) ==
          "Approval request #1 for invoice 2 was approved by a person (office-desk/1.0): 30.00 refunded, 50.00 left. "
          "Reason: Charged twice");
    CHECK(done["statusMessage"] == text_of(done["result"]));
    CHECK(done["result"]["structuredContent"] == json{{"invoice_id", 2}, {"approval_request_id", 1}, {"status", "approved"},
                                                      {"amount", 30.0}, {"refunded", 30.0}, {"left", 50.0}});
    CHECK_FALSE(done["result"].contains("isError"));
    CHECK(office.refunds() == 1);
    // Cancelling a finished task is acknowledged and changes nothing (the extension: cooperative).
    CHECK(office.result(cancel(3, id)) == json{{"resultType", "complete"}, {"_meta", done["_meta"]}});
    CHECK(office.result(get(4, id))["status"] == "completed");
    CHECK(office.text("SELECT status FROM approval_requests WHERE id = 1") == "approved");
    // The client learnt the outcome from its task: the next call for the invoice queues anew.
    const auto next = office.result(refund(5, 2));
    CHECK(next["resultType"] == "task");
    CHECK(next["taskId"] != id);
    CHECK(office.text("SELECT status FROM approval_requests WHERE id = 2") == "pending");
}

TEST_CASE("a decline completes the task saying who declined, nothing is refunded", "[tools][tasks][refunds]") {
    Office office;
    const std::string id = office.result(refund(1, 4))["taskId"];
    desk_answers(office, 4, office::testing::answer("decline"));
    const auto done = office.result(get(2, id));
    CHECK(done["status"] == "completed");
    CHECK(text_of(done["result"]) == "Approval request #1 for invoice 4 was declined by a person (office-desk/1.0); nothing was refunded.");
    CHECK(done["result"]["structuredContent"]["status"] == "declined");
    CHECK(office.refunds() == 0);
}

TEST_CASE("tasks/cancel before a decision withdraws the request: nothing refunded, audited, and the desk can see it", "[tools][tasks][refunds]") {
    Office office;
    const std::string id = office.result(refund(1, 2))["taskId"];
    office.now += 5;
    const auto ack = office.result(cancel(2, id));
    CHECK(ack["resultType"] == "complete");
    for (const char* absent : {"taskId", "status", "result", "error", "inputRequests"}) CHECK_FALSE(ack.contains(absent));
    const auto after = office.result(get(3, id));
    CHECK(after["status"] == "cancelled");
    CHECK(after["statusMessage"] ==
          "Approval request #1 for invoice 2 was withdrawn by task-client/1.0 before a person decided; nothing was refunded.");
    CHECK_FALSE(after.contains("result"));
    CHECK(office.text("SELECT status || ' ' || resolved_by || ' ' || resolved_at FROM approval_requests WHERE id = 1") ==
          "withdrawn task-client/1.0 2026-09-21T14:13:25Z");
    CHECK(office.text("SELECT action FROM audit ORDER BY id DESC LIMIT 1") == "refund_withdrawn");
    // The queue has nothing pending: the desk's review of the invoice is a new refund, settling
    // no request, and the cancelled task stays cancelled.
    desk_answers(office, 2, office::testing::accept(10, "Goodwill"));
    CHECK(office.number("SELECT count(*) FROM refunds WHERE approval_request_id IS NULL") == 1);
    CHECK(office.result(get(4, id))["status"] == "cancelled");
    // Cancelling again is acknowledged; nothing changes.
    office.result(cancel(5, id));
    CHECK(office.number("SELECT count(*) FROM audit WHERE action = 'refund_withdrawn'") == 1);
}

TEST_CASE("a task is its caller's: another client, a client without the extension, and a wrong id are refused", "[tools][tasks]") {
    Office office;
    const std::string id = office.result(refund(1, 2))["taskId"];
    const auto other = office.error(get(2, id, "someone-else"));
    CHECK(other["code"] == -32602);
    CHECK(other["message"] == "Failed to retrieve task: task " + id + " not found");
    CHECK(office.error(cancel(3, id, "someone-else"))["code"] == -32602);
    CHECK(office.text("SELECT status FROM approval_requests WHERE id = 1") == "pending");
    CHECK(office.error(get(4, "no-such-task"))["message"] == "Failed to retrieve task: task no-such-task not found");
    for (const char* method : {"tasks/get", "tasks/update", "tasks/cancel"}) {
        const auto refused = office.error(task_request(5, method, {{"taskId", id}, {"inputResponses", json::object()}}, json::object()));
        INFO(method);
        CHECK(refused["code"] == -32021);
        CHECK(refused["data"] == json{{"requiredCapabilities", {{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}}}});
    }
    for (const char* removed : {"tasks/result", "tasks/list"})
        CHECK(office.error(task_request(6, removed, {{"taskId", id}}))["code"] == -32601);
    CHECK(office.error(task_request(7, "tasks/get", {{"taskId", 7}}))["message"] == "Invalid params: taskId must be a string");
    // tasks/update: nothing is ever outstanding, so every response is ignored; the ack is empty.
    CHECK(office.result(task_request(8, "tasks/update", {{"taskId", id}, {"inputResponses", {{"x", {{"action", "accept"}}}}}}))
              .value("resultType", "") == "complete");
    CHECK(office.error(task_request(9, "tasks/update", {{"taskId", id}}))["code"] == -32602);
    CHECK(office.text("SELECT status FROM tasks") == "working");
}

TEST_CASE("the legacy eras have no tasks: the capability is ignored and tasks/get is not a method", "[tools][tasks]") {
    Office office;
    office.result(office::testing::initialize_request("2025-11-25", kTasks, "legacy", "1"));
    office.send(office::testing::kInitialized);
    const auto queued = office.result(office::testing::legacy_call(1, "issue_refund", {{"invoice_id", 2}}));
    CHECK_FALSE(queued.contains("taskId"));
    CHECK(text_of(queued).find("is queued") != std::string::npos);
    CHECK(office.error({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tasks/get"}, {"params", {{"taskId", "x"}}}})["code"] == -32601);
}

TEST_CASE("an expired task is gone, the request still waits for the desk, and the next write sweeps the task", "[tools][tasks]") {
    Office office;
    const std::string id = office.result(refund(1, 2))["taskId"];
    office.now += office::kDefaultTaskTtlSeconds;
    CHECK(office.result(get(2, id))["status"] == "working");  // for exactly its ttlMs, and no less
    office.now += 1;
    CHECK(office.error(get(3, id))["message"] == "Failed to retrieve task: task " + id + " has expired");
    CHECK(office.error(cancel(4, id))["code"] == -32602);
    CHECK(office.text("SELECT status FROM approval_requests WHERE id = 1") == "pending");
    // Decided after the task expired: nobody was told, so the next call for the invoice is.
    desk_answers(office, 2, office::testing::accept(80, "Full refund"));
    const auto told = office.result(refund(5, 2));
    CHECK(told["resultType"] == "complete");
    CHECK(text_of(told).find("was approved by a person: 80.00 refunded") != std::string::npos);
    office.result(refund(6, 4));  // a new task: the expired one is swept
    CHECK(office.number("SELECT count(*) FROM tasks") == 1);
}

TEST_CASE("a task created under an idempotency key is the same task when the call is retried", "[tools][tasks][idempotency]") {
    Office office;
    auto keyed = refund(1, 2);
    keyed["params"]["_meta"]["office-mcp/idempotencyKey"] = "refund-2";
    const auto first = office.result(keyed);
    const auto again = office.result(keyed);
    CHECK(again["resultType"] == "task");
    CHECK(again["taskId"] == first["taskId"]);
    CHECK(again["_meta"]["office-mcp/replayed"] == true);
    CHECK(office.number("SELECT count(*) FROM tasks") == 1);
}

TEST_CASE("subscriptions/listen with taskIds sends notifications/tasks when the person decides", "[tools][tasks]") {
    Office office;
    const std::string id = office.result(refund(1, 2))["taskId"];
    const auto acked = office.send(task_request(2, "subscriptions/listen", {{"notifications", {{"taskIds", {id, "not-mine"}}}}}));
    REQUIRE(acked.size() == 1);
    CHECK(acked[0]["method"] == "notifications/subscriptions/acknowledged");
    CHECK(acked[0]["params"]["notifications"]["taskIds"] == json::array({id}));
    CHECK(office.poll().empty());
    desk_answers(office, 2, office::testing::accept(30, "Charged twice"));
    const auto notes = office.poll();
    REQUIRE(notes.size() == 1);
    CHECK(notes[0]["method"] == "notifications/tasks");
    CHECK(notes[0]["params"]["taskId"] == id);
    CHECK(notes[0]["params"]["status"] == "completed");
    CHECK(notes[0]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 2);
    CHECK(notes[0]["params"]["result"]["structuredContent"]["status"] == "approved");
    CHECK(office.poll().empty());  // told once
    // Without the extension, asking for task notifications is refused.
    const auto refused = office.error(task_request(3, "subscriptions/listen", {{"notifications", {{"taskIds", {id}}}}}, json::object()));
    CHECK(refused["code"] == -32021);
}

TEST_CASE("server/discover advertises the tasks extension", "[tools][tasks]") {
    Office office;
    const auto discovered = office.result(task_request(1, "server/discover", json::object(), json::object()));
    CHECK(discovered["capabilities"]["extensions"] == json{{"io.modelcontextprotocol/tasks", json::object()}});
    CHECK_FALSE(discovered["capabilities"].contains("tasks"));
}

TEST_CASE("a database made by schema 5 migrates to 6 with every row and reference kept, and takes tasks", "[tasks][migration][sqlite]") {
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    std::filesystem::copy_file(std::string(OFFICE_TEST_FIXTURES) + "/office-schema5.db", path);
    const auto scalar = [](office::Database& d, const std::string& sql) {
        auto& q = d.prepare(sql);
        std::string value = q.step() ? q.column_text(0) : "<no row>";
        q.reset();
        return value;
    };
    const std::string requests =
        "SELECT group_concat(id || '|' || invoice_id || '|' || status || '|' || client || '|' || created_at || '|' || "
        "ifnull(resolved_at, '') || '|' || ifnull(amount_cents, '') || '|' || ifnull(reason, '') || '|' || "
        "ifnull(resolved_by, '') || '|' || ifnull(reported_at, ''), char(10)) FROM (SELECT * FROM approval_requests ORDER BY id)";
    const std::string refunds =
        "SELECT group_concat(id || '|' || ifnull(approval_request_id, '-'), ',') FROM (SELECT * FROM refunds ORDER BY id)";
    std::string before_requests, before_refunds;
    {
        office::Database old(path, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "5");
        before_requests = scalar(old, requests);
        before_refunds = scalar(old, refunds);
        REQUIRE(before_refunds.find("|1") != std::string::npos);  // a refund that settled request 1
        REQUIRE(scalar(old, "SELECT count(*) FROM approval_requests WHERE status = 'pending'") == "2");
    }
    {
        auto migrated = office::open_office_database(path);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        CHECK(scalar(*migrated, "SELECT count(*) FROM pragma_foreign_key_check") == "0");
        CHECK(scalar(*migrated, "PRAGMA foreign_keys") == "1");  // on again after the rebuild
        CHECK(scalar(*migrated, requests) == before_requests);
        CHECK(scalar(*migrated, refunds) == before_refunds);
        CHECK(scalar(*migrated, "SELECT count(*) FROM approval_requests WHERE task = 0") == "3");
        CHECK(scalar(*migrated, "SELECT count(*) FROM idempotency_keys") == "1");
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(*migrated, schema));
    }
    Office office({}, path);
    // Invoice 2 has money left and no request: a task-aware client's refund of it is a task.
    const auto created = office.result(refund(1, 2));
    CHECK(created["resultType"] == "task");
    CHECK(office.number("SELECT count(*) FROM tasks") == 1);
    // The one-pending-request rule survived the rebuild.
    CHECK_THROWS(office.exec("INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (2, 'pending', 'x', 'now')"));
}
