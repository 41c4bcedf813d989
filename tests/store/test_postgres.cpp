// What only a PostgreSQL office has to prove (the suites it shares with SQLite run on it too, as
// postgres.*): its schema, seed and migrations, the same rows as SQLite, refusals at start,
// the reconnect rule, and processes racing on one database. Tagged [.][postgres]: they run in
// the postgres.* registration only, on the test server of the `postgres` fixture.

#include "messages.h"
#include "office_store_for.h"
#include "postgres.h"
#include "postgres_office_store.h"
#include "server_process.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using nlohmann::json;
using namespace office::testing;
using office::PostgresOfficeStore;
using office::StoreError;

namespace {

const office::AuditEntry kAudit{0, "2026-12-01T00:00:00Z", "test", "1.0", "modern", "2026-07-28",
                                "lunch_ordered", "lunch_order", 1, "Ordered soup.", "", "", ""};

// Ends every other connection to the test database `name`, as an operator or a failover would.
int terminate_connections(const std::string& name) {
    office::pg::Connection admin(postgres_uri("postgres"));
    auto r = admin.query("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
                         {name});
    return static_cast<int>(r.integer(0, 0));
}

std::vector<std::string> rows_of(office::OfficeStore& store, office::OfficeTable table) {
    std::vector<std::string> out;
    for (const auto& row : store.read_rows(table, 0, 500)) out.push_back(row.dump());
    return out;
}

// The same writes on any store: a booking, a lunch order, a queued request declined, a refund
// settling another, each with its audit row.
void make_the_same_writes(office::OfficeStore& store) {
    office::WriteTransaction book(store);
    REQUIRE(store.calendar().book_slot(1, 3, "2026-12-01T09:00:00Z", "desk/1.0").status == office::Booking::Status::Booked);
    store.append_audit({0, "2026-12-01T09:00:00Z", "desk", "1.0", "modern", "2026-07-28", "slot_booked", "slot", 1,
                        "Booked slot 1.", "alice", "", ""});
    book.commit();
    office::WriteTransaction lunch(store);
    store.lunch().record_lunch_order({"tortilla", 2, std::nullopt, "desk/1.0", "2026-12-01T09:01:00Z"});
    store.lunch().record_lunch_order({"ensalada", 1, std::string("sin sal"), "desk/1.0", "2026-12-01T09:02:00Z"});
    lunch.commit();
    office::WriteTransaction queue(store);
    const auto declined = store.money().queue_approval(2, "cli/0.1", "2026-12-01T09:03:00Z");
    store.money().decline_request(declined, "2026-12-01T09:04:00Z", "desk/1.0");
    const auto approved = store.money().queue_approval(4, "cli/0.1", "2026-12-01T09:05:00Z");
    store.money().record_refund({4, 1050, "late", "elicitation", "desk/1.0", "2026-12-01T09:06:00Z", office::PendingRequest{approved, "cli/0.1"}});
    store.money().mark_reported(approved, "2026-12-01T09:07:00Z");
    REQUIRE(store.consume_request_state("nonce-1", "2026-12-01T09:06:00Z"));
    queue.commit();
}

// The office's own records (issue 37), the same on any store: customers added (one refused as a
// duplicate in other letters), edited and removed, invoices added and paid, the menu changed.
void make_the_same_record_writes(office::OfficeStore& store) {
    office::WriteTransaction write(store);
    const auto ana = store.customers().add_customer("Ana Lima", "ana@example.com").customer;
    REQUIRE_FALSE(store.customers().add_customer("Ana", "ANA@Example.com").added);
    const auto lone = store.customers().add_customer("Lone Caller", "lone@example.com").customer;
    store.customers().update_customer({ana.id, "Ana Lima Souza", "ana.souza@example.com"});
    store.customers().remove_customer(lone.id);
    const auto invoice = store.money().add_invoice(ana.id, 123456, "open");
    store.money().add_invoice(1, 99, "paid");
    REQUIRE(store.money().pay_invoice(invoice));
    REQUIRE_FALSE(store.money().pay_invoice(invoice));
    REQUIRE(store.lunch().add_menu_item({"sopa", 350}));
    REQUIRE_FALSE(store.lunch().add_menu_item({"sopa", 1}));
    REQUIRE(store.lunch().remove_menu_item("tortilla"));
    REQUIRE(store.lunch().add_menu_item({"agua", std::nullopt}));
    write.commit();
}

// What the catalog says of the current schema's tables, columns, constraints and indexes, to
// compare a migrated office with a new one.
std::vector<std::string> schema_of(const TestDatabase& db) {
    auto out = db.texts(
        "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || "
        "coalesce(column_default, '-') || ' ' || is_identity FROM information_schema.columns "
        "WHERE table_schema = current_schema() ORDER BY table_name, column_name");
    for (auto& line : db.texts("SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint "
                               "WHERE connamespace = current_schema()::regnamespace ORDER BY 1"))
        out.push_back(line);
    for (auto& line : db.texts("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname"))
        out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("a new PostgreSQL office is seeded exactly as seed.sql says, at schema version 1", "[.][postgres]") {
    TestDatabase db;
    auto store = open_test_store(db);
    CHECK(db.texts("SELECT id || '|' || name || '|' || email FROM customers ORDER BY id") ==
          std::vector<std::string>{"1|Maria Alvarez|maria@example.com", "2|Tomas Reis|tomas@example.com",
                                   "3|Priya Nair|priya@example.com"});
    CHECK(db.texts("SELECT id || '|' || day || '|' || time || '|' || coalesce(customer_id::text, '-') || '|' || "
                   "coalesce(booked_at, '-') || '|' || coalesce(booked_by, '-') FROM slots ORDER BY id") ==
          std::vector<std::string>{"1|2026-09-04|09:00|-|-|-", "2|2026-09-04|11:00|-|-|-",
                                   "3|2026-09-04|14:00|2|2026-08-20T10:00:00Z|seed", "4|2026-09-05|09:00|-|-|-",
                                   "5|2026-09-05|11:00|-|-|-", "6|2026-09-05|16:00|-|-|-"});
    CHECK(db.texts("SELECT id || '|' || customer_id || '|' || amount_cents || '|' || status FROM invoices ORDER BY id") ==
          std::vector<std::string>{"1|1|24000|paid", "2|1|8000|open", "3|2|15000|paid", "4|3|41000|open"});
    CHECK(db.texts("SELECT id || '|' || name || '|' || coalesce(price_cents::text, '-') FROM menu ORDER BY id") ==
          std::vector<std::string>{"1|bocadillo|-", "2|tortilla|-", "3|ensalada|-"});
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    // Money and ids are BIGINT; the identities go on after the seeded ids.
    CHECK(db.texts("SELECT data_type FROM information_schema.columns WHERE table_name = 'invoices' "
                   "AND column_name IN ('id', 'amount_cents', 'refunded_cents') ORDER BY column_name") ==
          std::vector<std::string>{"bigint", "bigint", "bigint"});
    db.exec("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')");
    CHECK(db.number("SELECT id FROM customers WHERE name = 'Ana Lima'") == 4);
    // Opening it again migrates nothing and seeds nothing twice.
    open_test_store(db);
    CHECK(db.number("SELECT count(*) FROM invoices") == 4);
}

TEST_CASE("the schema's constraints hold on PostgreSQL: one pending request per invoice, single-use nonces, no over-refund", "[.][postgres]") {
    TestDatabase db;
    auto store = open_test_store(db);
    {
        office::WriteTransaction write(*store);
        store->money().queue_approval(2, "a", "t");
        CHECK_THROWS_AS(store->money().queue_approval(2, "b", "t"), StoreError);
        // The failed statement doomed the transaction (PostgreSQL's COMMIT would quietly roll
        // it back): committing it anyway is an error, not a silent loss of the first request.
        CHECK_THROWS_WITH(write.commit(), "the write to " + db.arg() + " was rolled back after an earlier error");
    }
    CHECK(db.number("SELECT count(*) FROM approval_requests") == 0);

    office::WriteTransaction nonce(*store);
    CHECK(store->consume_request_state("n", "t"));
    CHECK_FALSE(store->consume_request_state("n", "t"));
    nonce.commit();
    CHECK(store->request_state_used("n"));

    office::WriteTransaction over(*store);
    CHECK_THROWS_AS(store->money().record_refund({2, 8001, "too much", "elicitation", "c", "t", std::nullopt}), StoreError);
}

TEST_CASE("SQLite and PostgreSQL return identical rows for the seed and for the same writes", "[.][postgres]") {
    auto sqlite = office::open_office_store(":memory:");
    TestDatabase db;
    auto postgres = open_test_store(db);
    for (const auto& info : office::kOfficeTables) {
        if (!office::has_rows(info)) continue;
        INFO(info.name);
        CHECK(rows_of(*postgres, info.table) == rows_of(*sqlite, info.table));
    }
    make_the_same_writes(*sqlite);
    make_the_same_writes(*postgres);
    make_the_same_record_writes(*sqlite);
    make_the_same_record_writes(*postgres);
    for (const auto& info : office::kOfficeTables) {
        if (!office::has_rows(info)) continue;
        INFO(info.name);
        CHECK(rows_of(*postgres, info.table) == rows_of(*sqlite, info.table));
    }
    CHECK(postgres->lunch().menu() == sqlite->lunch().menu());
    CHECK(postgres->money().invoices_after(0, 100, 4).size() == 1);
    CHECK(postgres->change_mark() == sqlite->change_mark());
    CHECK(postgres->read_rows(office::OfficeTable::invoices, 3, 10)[0].dump() ==
          R"({"amount_cents":41000,"customer":"Priya Nair","customer_id":3,"id":4,"left_cents":39950,"refunded_cents":1050,"status":"open"})");
    CHECK(postgres->money().latest_approval(4)->reported == sqlite->money().latest_approval(4)->reported);
    CHECK(postgres->money().reopen_candidate(1)->left == sqlite->money().reopen_candidate(1)->left);
    CHECK(postgres->read_audit({std::nullopt, std::nullopt, 1, std::nullopt}).size() == 1);
    CHECK(postgres->read_audit({std::string("2026-12-02"), std::nullopt, std::nullopt, std::nullopt}).empty());
    CHECK(postgres->customers().find_customers("MARIA").customers.size() == 1);
    CHECK(postgres->customers().find_customers("%").customers.empty());
}

TEST_CASE("a PostgreSQL office at schema 1 migrates to the current schema, keeps its rows, and takes idempotency keys", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        const auto steps = office::postgres_migrations();
        office::migrate_postgres(conn, steps.first(1));  // what the schema-1 office-mcp made
        REQUIRE(db.number("SELECT version FROM office_schema") == 1);
        db.exec("INSERT INTO lunch_orders (item, quantity, client, created_at) VALUES ('tortilla', 2, 'old', 't')");
        CHECK(db.number("SELECT count(*) FROM pg_class WHERE relname = 'idempotency_keys'") == 0);
    }
    {
        PostgresOfficeStore store(db.arg());  // brings it forward
        CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
        CHECK(db.text("SELECT item || '|' || client FROM lunch_orders") == "tortilla|old");
        store.begin_write();
        store.remember_call("client:x", "k", {"order_lunch", "abc", "{}", "2026-12-01T00:00:00Z"}, "2026-11-30T00:00:00Z");
        store.commit_write();
        const auto found = store.remembered_call("client:x", "k", "2026-11-30T00:00:00Z");
        REQUIRE(found);
        CHECK(found->request == "abc");
        CHECK_FALSE(store.remembered_call("client:x", "k", "2026-12-02T00:00:00Z"));  // expired by then
    }
}

TEST_CASE("a PostgreSQL office at schema 2 migrates to 3: its approval requests kept, withdrawn allowed, and takes tasks", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(2));  // what the schema-2 office-mcp made
        db.exec("INSERT INTO approval_requests (invoice_id, status, client, created_at) VALUES (2, 'pending', 'q/1', 't1'), "
                "(4, 'approved', 'q/1', 't2')");
        db.exec("INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, "
                "requested_by) VALUES (4, 100, 'r', 'elicitation', 'desk', 't3', 2, 'q/1')");
        CHECK_THROWS(db.exec("UPDATE approval_requests SET status = 'withdrawn' WHERE id = 1"));
    }
    PostgresOfficeStore store(db.arg());
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    CHECK(db.text("SELECT string_agg(id || '|' || status || '|' || task, ',' ORDER BY id) FROM approval_requests") ==
          "1|pending|0,2|approved|0");
    CHECK(db.number("SELECT approval_request_id FROM refunds") == 2);
    store.begin_write();
    store.money().create_task({"t", "client:x", 1, "working", "waits", "", "a", "a", "z", 1000}, "a");
    CHECK(store.money().withdraw_request(1, "b", "x/1") == 2);
    CHECK_FALSE(store.money().withdraw_request(1, "b", "x/1"));  // no longer pending
    store.commit_write();
    CHECK(db.text("SELECT status || '|' || task || '|' || resolved_by FROM approval_requests WHERE id = 1") == "withdrawn|1|x/1");
    CHECK(store.money().load_task("t")->approval_request_id == 1);
    CHECK(store.money().task_of_request(1)->id == "t");
}

TEST_CASE("a PostgreSQL office at schema 3 migrates to 4: its audit rows kept without a trace, new rows with one", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(3));  // what the schema-3 office-mcp made
        db.exec("INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
                "detail, principal) VALUES ('t1', 'old', '1', 'modern', '2026-07-28', 'slot_booked', 'slot', 1, 'Booked.', 'p')");
    }
    PostgresOfficeStore store(db.arg());
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    store.begin_write();
    store.append_audit({0, "t2", "new", "2", "modern", "2026-07-28", "lunch_ordered", "lunch_order", 1, "Ordered.", "",
                        "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"});
    store.commit_write();
    const auto all = store.read_audit();
    REQUIRE(all.size() == 2);
    CHECK(all[0].principal == "p");
    CHECK(all[0].trace_id.empty());
    CHECK(all[1].span_id == "00f067aa0ba902b7");
    office::AuditFilter one;
    one.trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const auto traced = store.read_audit(one);
    REQUIRE(traced.size() == 1);
    CHECK(traced[0].client_name == "new");
}

TEST_CASE("a PostgreSQL office at schema 4 migrates to 5: its customers kept, one per email from then on, and the seed's menu", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(4));  // what the schema-4 office-mcp made
        db.exec("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'Ana@Example.com')");
        db.exec("INSERT INTO lunch_orders (item, quantity, client, created_at) VALUES ('tortilla', 2, 'old', 't')");
        CHECK(db.text("SELECT to_regclass('menu') IS NULL") == "t");
    }
    PostgresOfficeStore store(db.arg());
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    CHECK(db.text("SELECT item || '|' || client FROM lunch_orders") == "tortilla|old");
    CHECK(store.lunch().menu() == std::vector<office::MenuItem>{{"bocadillo", std::nullopt}, {"tortilla", std::nullopt},
                                                        {"ensalada", std::nullopt}});
    store.begin_write();
    const auto again = store.customers().add_customer("Someone", "ana@example.COM");
    const auto priya = store.customers().add_customer("Priya", "PRIYA@example.com");
    const auto new_one = store.customers().add_customer("Tomás Ruiz", "tomas.ruiz@example.com");
    CHECK(store.lunch().add_menu_item({"sopa", 350}));
    store.commit_write();
    CHECK(again.customer.id == 4);
    CHECK_FALSE(again.added);
    CHECK(priya.customer.id == 3);
    CHECK_FALSE(priya.added);
    CHECK(new_one.customer.id == 5);
    CHECK(db.number("SELECT id FROM menu WHERE name = 'sopa'") == 4);
    CHECK(store.money().invoices_of(3)[0].customer_id == 3);

    // The migrated office's schema is exactly a new office's.
    TestDatabase fresh;
    PostgresOfficeStore made(fresh.arg());
    CHECK(schema_of(db) == schema_of(fresh));
}

TEST_CASE("a PostgreSQL office at schema 6 migrates to 7: its customers, those written by hand too, are found by their words", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(6));  // what the schema-6 office-mcp made
        db.exec("INSERT INTO customers (name, email) SELECT 'Person ' || k, 'p' || k || '.zeta' || k || '@example.net' "
                "FROM generate_series(1, 200) k");
        CHECK(db.text("SELECT to_regclass('customers_words') IS NULL") == "t");
    }
    PostgresOfficeStore store(db.arg());
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    CHECK(db.text("SELECT to_regclass('customers_words') IS NOT NULL") == "t");
    // "zeta123" is a whole word of the query: the word index's statement answers it.
    auto page = store.customers().find_customers("p123.ZETA123@");
    REQUIRE(page.customers.size() == 1);
    CHECK(page.customers[0].email == "p123.zeta123@example.net");
    store.begin_write();
    store.customers().add_customer("Late Comer", "late.comer@example.net");
    store.commit_write();
    CHECK(store.customers().find_customers("e.comer@").customers.size() == 1);
    store.customers().optimize_customer_search();  // VACUUM (ANALYZE), outside a write
    CHECK(store.customers().find_customers(" Comer").customers.size() == 1);

    TestDatabase fresh;
    PostgresOfficeStore made(fresh.arg());
    CHECK(schema_of(db) == schema_of(fresh));
}

TEST_CASE("a PostgreSQL office at schema 4 with two customers whose emails differ only in case is refused, left at 4", "[.][postgres]") {
    // One email, one customer is new in 5; an office that someone wrote both into by hand must
    // choose which stays: the step fails, in its transaction, and says which address.
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(4));
        db.exec("INSERT INTO customers (name, email) VALUES ('Maria Again', 'MARIA@example.com')");
    }
    REQUIRE_THROWS_WITH(PostgresOfficeStore(db.arg()),
                        Catch::Matchers::StartsWith("cannot set up database " + db.arg() + ": ") &&
                            Catch::Matchers::Contains("customers_by_email") && Catch::Matchers::Contains("maria@example.com"));
    CHECK(db.number("SELECT version FROM office_schema") == 4);
    CHECK(db.text("SELECT to_regclass('menu') IS NULL") == "t");
    CHECK(db.number("SELECT count(*) FROM customers") == 4);
}

TEST_CASE("a new empty PostgreSQL office and a new empty SQLite office return identical rows for the same writes", "[.][postgres]") {
    auto sqlite = office::open_office_store(":memory:", office::Durability::Power, office::OfficeKind::Empty);
    TestDatabase db;
    office::create_office(db.arg(), office::OfficeKind::Empty);
    auto postgres = open_test_store(db);
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    for (office::OfficeStore* store : {static_cast<office::OfficeStore*>(sqlite.get()), postgres.get()}) {
        office::WriteTransaction write(*store);
        store->customers().add_customer("Maria Alvarez", "maria@example.com");
        store->lunch().add_menu_item({"tortilla", 450});
        store->lunch().add_menu_item({"bocadillo", std::nullopt});
        write.commit();
        make_the_same_record_writes(*store);
    }
    for (const auto& info : office::kOfficeTables) {
        if (!office::has_rows(info)) continue;
        INFO(info.name);
        CHECK(rows_of(*postgres, info.table) == rows_of(*sqlite, info.table));
    }
    CHECK(rows_of(*postgres, office::OfficeTable::customers).front() == R"({"email":"maria@example.com","id":1,"name":"Maria Alvarez"})");
}

TEST_CASE("create on a PostgreSQL database holding another application's tables is refused and leaves them", "[.][postgres]") {
    TestDatabase db;
    db.exec("CREATE TABLE orders (id int); INSERT INTO orders VALUES (7)");
    REQUIRE_THROWS_WITH(office::create_office(db.arg(), office::OfficeKind::Empty),
                        "database " + db.arg() + " is not an office-mcp database: it holds tables of another application");
    CHECK(db.text("SELECT to_regclass('office_schema') IS NULL") == "t");
    CHECK(db.number("SELECT id FROM orders") == 7);
}

TEST_CASE("PostgreSQL migrations run from an empty database and from an older version, and a newer one is refused", "[.][postgres]") {
    TestDatabase db;
    office::pg::Connection conn(db.arg());
    const auto steps = office::postgres_migrations();
    // From empty (version 0) to this build's version.
    office::migrate_postgres(conn, steps);
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    CHECK(db.number("SELECT count(*) FROM slots") == 6);
    db.exec("INSERT INTO lunch_orders (item, quantity, client, created_at) VALUES ('tortilla', 2, 'old', 't')");

    // An older database (this build's schema) brought forward by a later step, as the next
    // release will: the step runs once, the rows stay.
    std::vector<office::PostgresMigration> later(steps.begin(), steps.end());
    const int next = office::kPostgresSchemaVersion + 1;
    later.push_back({next, "ALTER TABLE lunch_orders ADD COLUMN delivered_at TEXT"});
    office::migrate_postgres(conn, later);
    office::migrate_postgres(conn, later);  // again: nothing left to do
    CHECK(db.number("SELECT version FROM office_schema") == next);
    CHECK(db.text("SELECT item || '|' || coalesce(delivered_at, 'not yet') FROM lunch_orders") == "tortilla|not yet");

    // This build meets a database a newer one wrote: refused, untouched.
    REQUIRE_THROWS_WITH(PostgresOfficeStore(db.arg()),
                        "database " + office::masked_uri(db.arg()) + " was written by a newer office-mcp (schema " +
                            std::to_string(next) + "; this build knows " + std::to_string(office::kPostgresSchemaVersion) + ")");
    CHECK(db.number("SELECT version FROM office_schema") == next);
    ServerProcess server({"--db", db.arg()});  // serving refuses it at start
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text().find("office-mcp: database " + db.arg() + " was written by a newer office-mcp (schema ") !=
          std::string::npos);
}

TEST_CASE("a PostgreSQL database holding another application's tables is refused and left as it was", "[.][postgres]") {
    TestDatabase db;
    db.exec("CREATE TABLE orders (id int); INSERT INTO orders VALUES (7)");
    const std::string sentence =
        "database " + db.arg() + " is not an office-mcp database: it holds tables of another application";
    REQUIRE_THROWS_WITH(PostgresOfficeStore(db.arg()), sentence);
    CHECK(db.text("SELECT to_regclass('office_schema') IS NULL") == "t");
    CHECK(db.number("SELECT id FROM orders") == 7);

    const auto init = run_office_mcp({"db", "init", "--db", db.arg()});
    CHECK(init.status == 2);
    CHECK(init.err.find("office-mcp: ") == 0);
    CHECK(init.err.find("is not an office-mcp database: it holds tables of another application") != std::string::npos);
    CHECK(std::count(init.err.begin(), init.err.end(), '\n') == 1);
    // Serving refuses it at start, before reading any request.
    ServerProcess server({"--db", db.arg()});
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text().find("office-mcp: " + sentence) != std::string::npos);
    CHECK(db.number("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 1);
}

TEST_CASE("an unreachable PostgreSQL server stops office-mcp-pg at start with one sentence and status 2", "[.][postgres]") {
    TempDir dir;  // no server listens here
    const std::string uri = "postgresql:///office?host=" + dir.path() + "&user=postgres";
    const auto init = run_office_mcp({"db", "init", "--db", uri});
    CHECK(init.status == 2);
    CHECK(init.err.rfind("office-mcp: cannot connect to PostgreSQL at " + uri + ": ", 0) == 0);
    CHECK(std::count(init.err.begin(), init.err.end(), '\n') == 1);
    ServerProcess server({"--db", uri});
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text().find("cannot connect to PostgreSQL at " + uri + ": ") != std::string::npos);
    ServerProcess http({"--db", uri, "--http", "0"});
    CHECK(http.wait() == 2);
    CHECK(http.stderr_text().find("cannot connect to PostgreSQL at " + uri + ": ") != std::string::npos);
}

TEST_CASE("the static office-mcp given a PostgreSQL URI says to use office-mcp-pg and exits 2", "[.][postgres]") {
    TestDatabase db;
    const std::string sentence =
        "office-mcp: this office-mcp is built without PostgreSQL: use office-mcp-pg for a postgresql:// database\n";
    setenv("OFFICE_MCP_TEST_BINARY", OFFICE_MCP_BINARY, 1);
    const auto init = run_office_mcp({"db", "init", "--db", db.arg()});
    ServerProcess server({"--db", db.arg()});
    const int served = server.wait();
    const auto err = server.stderr_text();
    unsetenv("OFFICE_MCP_TEST_BINARY");
    CHECK(init.status == 2);
    CHECK(init.err == sentence);
    CHECK(served == 2);
    CHECK(err.find(sentence) != std::string::npos);
    CHECK(db.text("SELECT to_regclass('office_schema') IS NULL") == "t");  // nothing was created
}

TEST_CASE("db path masks the password of a URI, and db init, db reset, audit and approvals work on PostgreSQL", "[.][postgres]") {
    CHECK(run_office_mcp({"db", "path", "--db", "postgresql://office:s3cret@db.example.com:5432/office?sslmode=require"}).out ==
          "postgresql://office:***@db.example.com:5432/office?sslmode=require\n");
    CHECK(run_office_mcp({"db", "path"}, {"OFFICE_MCP_DB=postgres:///office?host=/run/pg&password=s3cret"}).out ==
          "postgres:///office?host=/run/pg&password=***\n");
    TestDatabase db;
    const auto init = run_office_mcp({"db", "init", "--db", db.arg()});
    CHECK(init.status == 0);
    CHECK(init.err == "office-mcp: database " + db.arg() + " is ready\n");
    {
        ServerProcess server({"--db", db.arg()});
        CHECK(reply_text(server.request(tools_call(1, "book_slot", {{"slot_id", 2}, {"customer_id", 3}}))) ==
              "Booked slot 2 (2026-09-04 11:00) for Priya Nair.");
        server.request(tools_call(2, "issue_refund", {{"invoice_id", 2}}));  // queued: no forms
    }
    const auto audit = run_office_mcp({"audit", "--slot", "2", "--db", db.arg()});
    CHECK(audit.status == 0);
    CHECK(audit.out.find("slot_booked") != std::string::npos);
    CHECK(audit.out.find("Booked slot 2 (2026-09-04 11:00) for Priya Nair") != std::string::npos);
    const auto approvals = run_office_mcp({"approvals", "list", "--db", db.arg()});
    CHECK(approvals.status == 0);
    CHECK(approvals.out.find("pending") != std::string::npos);
    CHECK(run_office_mcp({"db", "reset", "--db", db.arg()}).status == 0);
    CHECK(db.text("SELECT coalesce(customer_id::text, 'free') FROM slots WHERE id = 2") == "free");
    CHECK(db.number("SELECT count(*) FROM audit") == 0);
    CHECK(db.number("SELECT count(*) FROM approval_requests") == 0);
}

TEST_CASE("a connection ended between calls is made again once and the next calls succeed", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore store(db.arg());
    CHECK(store.customers().find_customers("Maria").customers.size() == 1);
    CHECK(terminate_connections(db.name()) == 1);
    CHECK(store.customers().find_customers("Maria").customers.size() == 1);  // a read: made again, run again

    CHECK(terminate_connections(db.name()) == 1);
    {
        office::WriteTransaction write(store);  // nothing written yet: made again at BEGIN
        CHECK(store.calendar().book_slot(1, 1, "t", "c").status == office::Booking::Status::Booked);
        write.commit();
    }
    CHECK(db.number("SELECT customer_id FROM slots WHERE id = 1") == 1);

    // Through the real binary: the backend serving it is ended between two calls.
    ServerProcess server({"--db", db.arg()});
    CHECK(reply_text(server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))) == "Ordered 1 tortilla.");
    CHECK(terminate_connections(db.name()) >= 1);
    CHECK(reply_text(server.request(tools_call(2, "order_lunch", {{"item", "ensalada"}, {"quantity", 2}}))) == "Ordered 2 ensaladas.");
    CHECK(db.number("SELECT count(*) FROM lunch_orders") == 2);
}

TEST_CASE("a connection that dies inside a write is an error, never a success, and the write is not there", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore store(db.arg());
    SECTION("a write unit on its own") {
        office::WriteTransaction write(store);
        store.lunch().record_lunch_order({"tortilla", 1, std::nullopt, "c", "t"});
        REQUIRE(terminate_connections(db.name()) == 1);
        store.append_audit(kAudit);  // only queued (pipeline mode): the loss shows at the COMMIT
        REQUIRE_THROWS_WITH(write.commit(),
                            Catch::Matchers::StartsWith("the connection to PostgreSQL at " + db.arg() +
                                                        " was lost during a write, which may not have been committed ("));
    }
    SECTION("a batch whose units were written before the connection died") {
        store.begin_batch();
        {
            office::WriteTransaction write(store);
            store.lunch().record_lunch_order({"tortilla", 1, std::nullopt, "c", "t"});
            write.commit();  // the unit is done, its reply waits for the batch's commit
        }
        REQUIRE(terminate_connections(db.name()) == 1);
        // A later unit of the same batch fails too (its SAVEPOINT is only queued: at its first
        // statement that waits), and so does any after it: a write would commit without the first.
        {
            office::WriteTransaction later(store);
            CHECK_THROWS_AS(store.calendar().book_slot(1, 1, "t", "c"), StoreError);
        }
        CHECK_THROWS_AS(office::WriteTransaction{store}, StoreError);
        REQUIRE_THROWS_WITH(store.end_batch(), Catch::Matchers::StartsWith("the connection to PostgreSQL at " + db.arg() +
                                                                           " was lost during "));
    }
    CHECK(db.number("SELECT count(*) FROM lunch_orders") == 0);
    // And the store goes on: the next call makes the connection again.
    office::WriteTransaction again(store);
    store.lunch().record_lunch_order({"ensalada", 1, std::nullopt, "c", "t"});
    again.commit();
    CHECK(db.number("SELECT count(*) FROM lunch_orders") == 1);
}

TEST_CASE("power durability waits for PostgreSQL's WAL flush at every commit, process durability does not, also after a reconnect", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore power(db.arg());
    PostgresOfficeStore process(db.arg(), office::Durability::Process);
    CHECK(store_texts(power, "SHOW synchronous_commit") == std::vector<std::string>{"on"});
    CHECK(store_texts(process, "SHOW synchronous_commit") == std::vector<std::string>{"off"});
    REQUIRE(terminate_connections(db.name()) == 2);
    CHECK(process.customers().find_customers("Maria").customers.size() == 1);  // made again...
    CHECK(store_texts(process, "SHOW synchronous_commit") == std::vector<std::string>{"off"});  // ...and set again
}

TEST_CASE("a batch on PostgreSQL commits its units once at its end, and a rolled-back unit stays rolled back", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore store(db.arg());
    store.begin_batch();
    {
        office::WriteTransaction kept(store);
        store.lunch().record_lunch_order({"tortilla", 1, std::nullopt, "kept", "t"});
        kept.commit();
    }
    {
        office::WriteTransaction dropped(store);
        store.lunch().record_lunch_order({"ensalada", 1, std::nullopt, "dropped", "t"});
    }
    CHECK(store.batch_has_writes());
    CHECK(db.number("SELECT count(*) FROM lunch_orders") == 0);  // another connection sees nothing yet
    store.end_batch();
    CHECK(db.texts("SELECT client FROM lunch_orders") == std::vector<std::string>{"kept"});
}

TEST_CASE("a write transaction on PostgreSQL is pipelined: a queued statement that fails fails its whole group, a unit's own failure only that unit", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore store(db.arg());
    // The server refuses audit rows saying 'refuse' and bookings by 'refused': failures only
    // PostgreSQL can report, after the statement was sent.
    db.exec("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "IF to_jsonb(NEW)->>'detail' = 'refuse' OR to_jsonb(NEW)->>'booked_by' = 'refused' "
            "THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$");
    db.exec("CREATE TRIGGER refuse_audit BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION refuse()");
    db.exec("CREATE TRIGGER refuse_booking BEFORE UPDATE ON slots FOR EACH ROW EXECUTE FUNCTION refuse()");
    const auto book = [&](std::int64_t slot, const char* by) { return store.calendar().book_slot(slot, 1, "t", by).status; };
    auto refused = kAudit;
    refused.detail = "refuse";
    const auto order = [&](const char* item) { return store.lunch().record_lunch_order({item, 1, std::nullopt, "c", "t"}); };

    SECTION("a queued audit row that fails dooms the group, whose earlier units were released into it") {
        store.begin_batch();
        {
            office::WriteTransaction first(store);
            order("tortilla");
            store.append_audit(kAudit);
            first.commit();
        }
        {
            office::WriteTransaction second(store);
            order("ensalada");
            store.append_audit(refused);  // queued: nothing is known yet...
            second.commit();              // ...nor here (a RELEASE, queued too)
        }
        {
            office::WriteTransaction third(store);  // ...but the next statement that waits says so
            REQUIRE_THROWS_WITH(book(1, "desk"), Catch::Matchers::StartsWith("an earlier write of this transaction failed: ") &&
                                                     Catch::Matchers::Contains("refused by the test"));
        }
        CHECK_THROWS_WITH(office::WriteTransaction{store}, "an earlier write of this group failed; nothing more is written in it");
        REQUIRE_THROWS_WITH(store.end_batch(), "the group of writes to " + db.arg() + " was rolled back after an earlier error");
        CHECK(db.number("SELECT count(*) FROM lunch_orders") == 0);
        CHECK(db.number("SELECT count(*) FROM audit") == 0);
        CHECK(db.number("SELECT count(*) FROM slots WHERE booked_by = 'desk'") == 0);
    }
    SECTION("a unit whose own statement fails (one that waits) is rolled back alone, and the group commits the rest") {
        store.begin_batch();
        for (const std::int64_t slot : {1, 2, 4}) {  // free in the seed
            office::WriteTransaction unit(store);
            order("tortilla");
            if (slot == 2) {
                CHECK_THROWS_WITH(book(slot, "refused"), Catch::Matchers::Contains("refused by the test"));
                continue;  // rolled back to its savepoint, its order with it
            }
            CHECK(book(slot, "desk") == office::Booking::Status::Booked);
            store.append_audit(kAudit);
            unit.commit();
        }
        store.end_batch();
        CHECK(db.texts("SELECT id::text FROM slots WHERE booked_by = 'desk' ORDER BY id") == std::vector<std::string>{"1", "4"});
        CHECK(db.number("SELECT count(*) FROM lunch_orders") == 2);
        CHECK(db.number("SELECT count(*) FROM audit") == 2);
    }
    SECTION("a write unit on its own whose queued audit row fails does not commit") {
        office::WriteTransaction unit(store);
        order("tortilla");
        store.append_audit(refused);
        CHECK_THROWS_WITH(unit.commit(), Catch::Matchers::StartsWith("an earlier write of this transaction failed: "));
    }
    // Whatever failed, the connection takes the next transaction.
    office::WriteTransaction next(store);
    order("bocadillo");
    store.append_audit(kAudit);
    next.commit();
    CHECK(db.number("SELECT count(*) FROM lunch_orders WHERE item = 'bocadillo'") == 1);
}

TEST_CASE("lunch orders in one PostgreSQL transaction take consecutive ids from the sequence once, and the sequence goes on after them", "[.][postgres]") {
    TestDatabase db;
    PostgresOfficeStore store(db.arg());
    PostgresOfficeStore other(db.arg());  // another replica: it takes its ids with nextval
    const auto order = [](office::OfficeStore& s, const char* item) { return s.lunch().record_lunch_order({item, 1, std::nullopt, "c", "t"}); };
    store.begin_batch();
    std::vector<std::int64_t> ids;
    for (const char* item : {"tortilla", "sopa", "ensalada"}) {
        office::WriteTransaction unit(store);
        ids.push_back(order(store, item));
        unit.commit();
    }
    {
        office::WriteTransaction dropped(store);  // rolled back: its id is a gap, never reused
        order(store, "bocadillo");
    }
    {
        office::WriteTransaction unit(store);
        ids.push_back(order(store, "gazpacho"));
        unit.commit();
    }
    store.end_batch();
    CHECK(ids == std::vector<std::int64_t>{ids[0], ids[0] + 1, ids[0] + 2, ids[0] + 4});
    CHECK(db.texts("SELECT id || ' ' || item FROM lunch_orders ORDER BY id") ==
          std::vector<std::string>{std::to_string(ids[0]) + " tortilla", std::to_string(ids[0] + 1) + " sopa",
                                   std::to_string(ids[0] + 2) + " ensalada", std::to_string(ids[0] + 4) + " gazpacho"});
    office::WriteTransaction next(other);
    CHECK(order(other, "flan") == ids[0] + 5);  // after every id the group took
    next.commit();
}

TEST_CASE("processes racing refunds and queued requests on one PostgreSQL office never double either", "[.][postgres]") {
    TestDatabase db;
    REQUIRE(run_office_mcp({"db", "init", "--db", db.arg()}).status == 0);
    for (int round = 0; round < 5; ++round) {
        CAPTURE(round);
        run_office_mcp({"db", "reset", "--db", db.arg()});
        ServerProcess a({"--db", db.arg()}), b({"--db", db.arg()});
        // Both ask for a refund of the whole of invoice 4 with a form, then both accept at once.
        std::string state[2];
        ServerProcess* servers[2] = {&a, &b};
        for (int i = 0; i < 2; ++i) {
            const auto asked = servers[i]->request(tools_call(1, "issue_refund", {{"invoice_id", 4}}, kForms));
            REQUIRE(asked["result"]["resultType"] == "input_required");
            state[i] = asked["result"]["requestState"].get<std::string>();
        }
        for (int i = 0; i < 2; ++i) {
            auto retry = tools_call(2, "issue_refund", {{"invoice_id", 4}}, kForms);
            retry["params"]["requestState"] = state[i];
            retry["params"]["inputResponses"] = {
                {"approve_refund", {{"action", "accept"}, {"content", {{"amount", 410}, {"reason", "Broken"}}}}}};
            // Without elicitation, two queue requests for invoice 2 in the same burst.
            servers[i]->send(retry.dump() + "\n" + tools_call(3, "issue_refund", {{"invoice_id", 2}}).dump());
        }
        int refunded = 0;
        for (auto* server : servers) {
            for (int n = 0; n < 2; ++n) {
                const auto reply = server->read(30000);
                INFO(reply.dump());
                REQUIRE(reply.contains("result"));
                if (reply["id"] == 2 && reply_text(reply) == "Refunded 410.00 of invoice 4 (Priya Nair). Reason: Broken") ++refunded;
                if (reply["id"] == 3) CHECK(reply["result"]["structuredContent"]["status"] == "pending");
            }
        }
        CHECK(refunded == 1);
        CHECK(db.number("SELECT count(*) FROM refunds") == 1);
        CHECK(db.number("SELECT refunded_cents FROM invoices WHERE id = 4") == 41000);
        CHECK(db.number("SELECT count(*) FROM approval_requests WHERE invoice_id = 2") == 1);
    }
}

TEST_CASE("a PostgreSQL office at schema 4 migrates to the current schema: trigram indexes on its customers, those added by hand too", "[.][postgres]") {
    TestDatabase db;
    {
        office::pg::Connection conn(db.arg());
        office::migrate_postgres(conn, office::postgres_migrations().first(4));  // what the schema-4 office-mcp made
        db.exec("INSERT INTO customers (name, email) VALUES ('Zoë Müller-Lüdenscheidt', 'zoe.mueller@beispiel.de')");
    }
    PostgresOfficeStore store(db.arg());
    CHECK(db.number("SELECT version FROM office_schema") == office::kPostgresSchemaVersion);
    CHECK(db.text("SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes WHERE tablename = 'customers' "
                  "AND indexdef LIKE '%gin_trgm_ops%'") == "customers_email_trigrams,customers_name_trigrams");
    const auto page = store.customers().find_customers("müller-l");
    REQUIRE(page.customers.size() == 1);
    CHECK(page.customers[0].id == 4);
    CHECK(page.more == 0);
    // The planner may use them for a query of 3 characters or more (sequential scans off: the
    // office is too small for it to choose them by itself).
    db.exec("ALTER DATABASE \"" + db.name() + "\" SET enable_seqscan = off");  // for each new connection
    std::string plan;
    for (const auto& row : db.texts("EXPLAIN SELECT id FROM customers WHERE name ILIKE '%ller%' OR email ILIKE '%ller%'"))
        plan += row + "\n";
    CAPTURE(plan);
    CHECK(plan.find("customers_name_trigrams") != std::string::npos);
    CHECK(plan.find("customers_email_trigrams") != std::string::npos);
}
