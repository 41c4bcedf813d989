// Idempotency keys (issue 28, core/office/idempotency.h): a write repeated under its key answers
// the first call's result and writes nothing; the same key for another call is refused; keys
// belong to their caller and expire. Driven in-process through the session (stdio's path), on
// either backend ([tools] also runs as postgres.*).

#include "idempotency.h"
#include "server_process.h"
#include "session_harness.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

using office::json;
using Office = office::testing::InProcessServer;
using office::testing::is_error;
using office::testing::kForms;
using office::testing::text_of;

json keyed(json message, const std::string& key) {
    message["params"]["_meta"][std::string(office::kMetaIdempotencyKey)] = key;
    return message;
}

json call(int id, const std::string& tool, json arguments, const std::string& key, json capabilities = json::object(),
          const std::string& client = "retrying-client") {
    return keyed(office::testing::tools_call(id, tool, std::move(arguments), std::move(capabilities), client), key);
}

json lunch(const std::string& note) { return {{"item", "tortilla"}, {"quantity", 2}, {"note", note}}; }

bool replayed(const json& result) { return result.value("_meta", json::object()).value(office::kMetaReplayed, false); }

}  // namespace

TEST_CASE("order_lunch sent twice with one key is one order, and the same result twice, the second marked a replay", "[tools][idempotency]") {
    Office office;
    const auto first = office.result(call(1, "order_lunch", lunch("k1"), "order-1"));
    const auto again = office.result(call(2, "order_lunch", lunch("k1"), "order-1"));
    CHECK(office.number("SELECT count(*) FROM lunch_orders WHERE note = 'k1'") == 1);
    CHECK(office.number("SELECT count(*) FROM audit WHERE action = 'lunch_ordered'") == 1);
    CHECK(text_of(again) == text_of(first));
    CHECK(again["structuredContent"] == first["structuredContent"]);
    CHECK_FALSE(replayed(first));
    CHECK(replayed(again));
    // Another key is another order; no key is exactly as before: every call writes.
    office.result(call(3, "order_lunch", lunch("k1"), "order-2"));
    office.result(office::testing::tools_call(4, "order_lunch", lunch("k1"), json::object(), "retrying-client"));
    office.result(office::testing::tools_call(5, "order_lunch", lunch("k1"), json::object(), "retrying-client"));
    CHECK(office.number("SELECT count(*) FROM lunch_orders WHERE note = 'k1'") == 4);
}

TEST_CASE("the same key with other arguments or another tool is refused, and nothing is written", "[tools][idempotency]") {
    Office office;
    office.result(call(1, "order_lunch", lunch("first"), "k"));
    const auto other = office.error(call(2, "order_lunch", lunch("second"), "k"));
    CHECK(other["code"] == -32602);
    const std::string message = other["message"];
    CHECK(message.rfind("Invalid params: idempotency key \"k\" was used at ", 0) == 0);
    CHECK(message.find("for another call (order_lunch with other arguments); nothing was done. Use a new key for a new call.") !=
          std::string::npos);
    const auto tool = office.error(call(3, "book_slot", {{"slot_id", 5}, {"customer_id", 1}}, "k"));
    CHECK(tool["message"].get<std::string>().find("for another call (order_lunch); nothing was done.") != std::string::npos);
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 1);
    CHECK(office.number("SELECT count(*) FROM slots WHERE id = 5 AND customer_id IS NOT NULL") == 0);
    CHECK(office.number("SELECT count(*) FROM audit") == 1);
}

TEST_CASE("a retried book_slot with its key gets the original success, not \"already booked\"", "[tools][idempotency]") {
    Office office;
    const auto booked = office.result(call(1, "book_slot", {{"slot_id", 4}, {"customer_id", 2}}, "book-4"));
    REQUIRE_FALSE(is_error(booked));
    const auto retried = office.result(call(2, "book_slot", {{"slot_id", 4}, {"customer_id", 2}}, "book-4"));
    CHECK_FALSE(is_error(retried));
    CHECK(text_of(retried) == text_of(booked));
    CHECK(replayed(retried));
    // Without the key the truth is told as before: the slot is taken.
    const auto unkeyed = office.result(office::testing::tools_call(3, "book_slot", {{"slot_id", 4}, {"customer_id", 2}}));
    CHECK(is_error(unkeyed));
    CHECK(text_of(unkeyed).find("is already booked") != std::string::npos);
}

TEST_CASE("keys belong to their caller, expire after 24 hours, and are ignored by the tools that only read", "[tools][idempotency]") {
    Office office;
    office.result(call(1, "order_lunch", lunch("a"), "same", json::object(), "client-a"));
    const auto b = office.result(call(2, "order_lunch", lunch("a"), "same", json::object(), "client-b"));
    CHECK_FALSE(replayed(b));  // another caller's key of the same name is another key
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 2);

    office.now += office::kIdempotencyTtlSeconds - 1;
    CHECK(replayed(office.result(call(3, "order_lunch", lunch("a"), "same", json::object(), "client-a"))));
    office.now += 2;  // a day and a second after the first call: the key is new again
    CHECK_FALSE(replayed(office.result(call(4, "order_lunch", lunch("a"), "same", json::object(), "client-a"))));
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 3);
    // That write swept both expired rows (client-a's and client-b's): only its own is left.
    CHECK(office.number("SELECT count(*) FROM idempotency_keys") == 1);

    const auto found = office.result(call(5, "find_customer", {{"query", "a"}}, "same"));
    const auto found_again = office.result(call(6, "find_customer", {{"query", "b"}}, "same"));
    CHECK_FALSE(replayed(found));
    CHECK_FALSE(replayed(found_again));
}

TEST_CASE("a key that is not 1 to 255 visible ASCII characters is refused before anything runs", "[tools][idempotency]") {
    Office office;
    for (const json& bad : {json(""), json(std::string(256, 'k')), json("with space"), json("caf\xc3\xa9"), json(7), json(nullptr)}) {
        auto message = office::testing::tools_call(1, "order_lunch", lunch("bad"));
        message["params"]["_meta"][std::string(office::kMetaIdempotencyKey)] = bad;
        const auto error = office.error(message);
        INFO(bad.dump());
        CHECK(error["code"] == -32602);
        CHECK(error["message"].get<std::string>().find("(_meta.office-mcp/idempotencyKey)") != std::string::npos);
    }
    CHECK(office.number("SELECT count(*) FROM lunch_orders") == 0);
}

TEST_CASE("a refund's round two retried with its key answers the refund again, not a spent requestState", "[tools][idempotency]") {
    Office office;
    const auto asked = office.result(call(1, "issue_refund", {{"invoice_id", 2}}, "refund-2", kForms));
    REQUIRE(asked["resultType"] == "input_required");
    auto second = call(2, "issue_refund", {{"invoice_id", 2}}, "refund-2", kForms);
    second["params"]["inputResponses"] = office::testing::accept(30, "Charged twice");
    second["params"]["requestState"] = asked["requestState"];
    const auto refunded = office.result(second);
    REQUIRE(text_of(refunded).rfind("Refunded 30.00 of invoice 2", 0) == 0);
    const auto again = office.result(second);  // the reply was lost: the client sends it again
    CHECK(text_of(again) == text_of(refunded));
    CHECK(replayed(again));
    CHECK(office.refunds() == 1);
    // Round one sent again under the key: the call is done, so its result, not a new form.
    const auto first_again = office.result(call(3, "issue_refund", {{"invoice_id", 2}}, "refund-2", kForms));
    CHECK(text_of(first_again) == text_of(refunded));
    // Without the key, the spent state says so, as before.
    second["params"]["_meta"].erase(std::string(office::kMetaIdempotencyKey));
    CHECK(office.error(second)["message"] == "Invalid or expired requestState");
    CHECK(office.refunds() == 1);
}

TEST_CASE("a refund queued for the desk is queued once under its key", "[tools][idempotency]") {
    Office office;
    const auto queued = office.result(call(1, "issue_refund", {{"invoice_id", 2}}, "queue-2"));
    REQUIRE(text_of(queued).find("is queued") != std::string::npos);
    const auto again = office.result(call(2, "issue_refund", {{"invoice_id", 2}}, "queue-2"));
    CHECK(text_of(again) == text_of(queued));
    CHECK(replayed(again));
    CHECK(office.number("SELECT count(*) FROM approval_requests") == 1);
    CHECK(office.number("SELECT count(*) FROM audit WHERE action = 'refund_queued'") == 1);
}

TEST_CASE("a database made by schema 4 migrates to 5, keeps every row, and takes idempotency keys", "[idempotency][migration][sqlite]") {
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    std::filesystem::copy_file(std::string(OFFICE_TEST_FIXTURES) + "/office-schema4.db", path);
    const auto scalar = [](office::Database& d, const std::string& sql) {
        auto& q = d.prepare(sql);
        std::string value = q.step() ? q.column_text(0) : "<no row>";
        q.reset();
        return value;
    };
    // Every row of every table the old file has, as text, before and after.
    const std::string every_row =
        "SELECT group_concat(t, char(10)) FROM ("
        "SELECT 'customer|' || id || '|' || name || '|' || email AS t FROM customers UNION ALL "
        "SELECT 'slot|' || id || '|' || ifnull(customer_id, '') || '|' || ifnull(booked_by, '') FROM slots UNION ALL "
        "SELECT 'invoice|' || id || '|' || status || '|' || refunded_cents FROM invoices UNION ALL "
        "SELECT 'refund|' || id || '|' || amount_cents || '|' || reason FROM refunds UNION ALL "
        "SELECT 'lunch|' || id || '|' || item || '|' || client FROM lunch_orders UNION ALL "
        "SELECT 'approval|' || id || '|' || status || '|' || client FROM approval_requests UNION ALL "
        "SELECT 'state|' || nonce FROM used_request_states UNION ALL "
        "SELECT 'audit|' || id || '|' || action || '|' || detail || '|' || principal FROM audit ORDER BY 1)";
    std::string before;
    {
        office::Database old(path, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "4");
        before = scalar(old, every_row);
        REQUIRE(before.find("audit|10|") != std::string::npos);
    }
    {
        auto migrated = office::open_office_database(path);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));  // 5, and on
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        CHECK(scalar(*migrated, every_row) == before);
        CHECK(scalar(*migrated, "SELECT count(*) FROM idempotency_keys") == "0");
        // The same schema as a new file.
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(*migrated, schema));
    }
    Office office({}, path);
    const auto first = office.result(call(1, "order_lunch", lunch("after migration"), "m"));
    CHECK(replayed(office.result(call(2, "order_lunch", lunch("after migration"), "m"))));
    CHECK(office.number("SELECT count(*) FROM lunch_orders WHERE note = 'after migration'") == 1);
}

TEST_CASE("four office-mcp processes racing one key on one database make one write, and all four answer it", "[e2e][idempotency]") {
    office::testing::TestDatabase db;  // on either backend: also run as postgres.*
    office::testing::run_office_mcp({"db", "init", "--db", db.arg()});
    for (int round = 0; round < 5; ++round) {
        std::vector<std::unique_ptr<office::testing::ServerProcess>> servers;
        for (int i = 0; i < 4; ++i)
            servers.push_back(std::make_unique<office::testing::ServerProcess>(std::vector<std::string>{"--db", db.arg()}));
        const std::string key = "race-" + std::to_string(round);
        const auto message = call(1, "order_lunch", lunch(key), key);
        for (auto& server : servers) server->send(message);  // all four at once
        std::set<std::int64_t> ids;
        int replays = 0;
        for (auto& server : servers) {
            const auto reply = server->read();
            INFO(reply.dump());
            REQUIRE(reply.contains("result"));
            ids.insert(reply["result"]["structuredContent"]["order_id"].get<std::int64_t>());
            replays += replayed(reply["result"]) ? 1 : 0;
        }
        CHECK(ids.size() == 1);
        CHECK(replays == 3);
        CHECK(db.number("SELECT count(*) FROM lunch_orders WHERE note = '" + key + "'") == 1);
    }
}
