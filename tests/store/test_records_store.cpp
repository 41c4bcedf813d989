// The office's own records at the store (issue 37): customers added once per email, edited and
// removed, invoices added, listed and paid, the menu as a table, and the two kinds of office.
// Tagged [store]: every case runs on SQLite and again on PostgreSQL (postgres.*), so the two
// stores are held to the same answers, ids included.

#include "office_store_for.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace office::testing;
using office::Customer;
using office::MenuItem;
using office::OfficeKind;
using office::OfficeStore;
using office::StoreError;
using office::WriteTransaction;

namespace {

std::vector<std::int64_t> ids_of(const std::vector<Customer>& customers) {
    std::vector<std::int64_t> ids;
    for (const auto& c : customers) ids.push_back(c.id);
    return ids;
}

std::vector<std::int64_t> ids_of(const std::vector<office::Invoice>& invoices) {
    std::vector<std::int64_t> ids;
    for (const auto& i : invoices) ids.push_back(i.id);
    return ids;
}

// One write unit, committed, as the tools and commands make them.
template <typename F>
auto written(OfficeStore& store, F&& body) {
    WriteTransaction write(store);
    auto result = body();
    write.commit();
    return result;
}

std::string customer_text(const std::optional<Customer>& c) {
    return c ? std::to_string(c->id) + "|" + c->name + "|" + c->email : "<none>";
}

}  // namespace

TEST_CASE("add_customer adds a customer once per email, compared case-insensitively, and a refused one takes no id", "[store]") {
    TestDatabase db;
    auto store = open_test_store(db);
    const auto ana = written(*store, [&] { return store->customers().add_customer("Ana Lima", "Ana.Lima@Example.com"); });
    CHECK(ana.added);
    CHECK(customer_text(ana.customer) == "4|Ana Lima|Ana.Lima@Example.com");

    // The same address in other letters is Ana: she is returned as she is, nothing changes.
    const auto again = written(*store, [&] { return store->customers().add_customer("Someone Else", "ana.lima@EXAMPLE.COM"); });
    CHECK_FALSE(again.added);
    CHECK(customer_text(again.customer) == "4|Ana Lima|Ana.Lima@Example.com");
    const auto maria = written(*store, [&] { return store->customers().add_customer("M. Alvarez", "MARIA@example.com"); });  // the seed's
    CHECK_FALSE(maria.added);
    CHECK(customer_text(maria.customer) == "1|Maria Alvarez|maria@example.com");
    CHECK(db.number("SELECT count(*) FROM customers") == 4);

    // The next customer is 5: a refused one took no id (PostgreSQL's identity would have,
    // had the store tried the INSERT first).
    const auto tomas = written(*store, [&] { return store->customers().add_customer("Tomás Ruiz", "tomas.ruiz@example.com"); });
    CHECK(customer_text(tomas.customer) == "5|Tomás Ruiz|tomas.ruiz@example.com");

    CHECK(customer_text(store->customers().customer_with_email("ANA.lima@example.com")) == "4|Ana Lima|Ana.Lima@Example.com");
    CHECK(customer_text(store->customers().customer_with_email("ana.lima@example.co")) == "<none>");
    CHECK(customer_text(store->customers().customer_with_email("%@example.com")) == "<none>");  // an address, not a pattern
    CHECK(customer_text(store->customers().load_customer(5)) == "5|Tomás Ruiz|tomas.ruiz@example.com");
    CHECK(customer_text(store->customers().load_customer(99)) == "<none>");

    // Case is folded for ASCII letters only, on both stores (SQLite's lower(); PostgreSQL's
    // lower() under the "C" collation, whatever the database's locale): É and é are two addresses.
    CHECK(written(*store, [&] { return store->customers().add_customer("Émile Upper", "ÉMILE@example.com"); }).added);
    CHECK(written(*store, [&] { return store->customers().add_customer("Émile Lower", "émile@example.com"); }).added);

    // The schema itself keeps one customer per email, whoever writes (the unique index).
    CHECK_THROWS(db.exec("INSERT INTO customers (name, email) VALUES ('Copy', 'TOMAS.RUIZ@EXAMPLE.COM')"));
    CHECK(db.number("SELECT count(*) FROM customers") == 7);
}

TEST_CASE("update_customer changes a name and an email, customer_use counts invoices and bookings, remove_customer removes", "[store]") {
    TestDatabase db;
    auto store = open_test_store(db);
    // The seed: Maria has invoices 1 and 2, Tomas invoice 3 and slot 3, Priya invoice 4.
    CHECK(store->customers().customer_use(1).invoices == 2);
    CHECK(store->customers().customer_use(1).bookings == 0);
    CHECK(store->customers().customer_use(2).invoices == 1);
    CHECK(store->customers().customer_use(2).bookings == 1);
    CHECK(store->customers().customer_use(99).invoices == 0);
    CHECK(store->customers().customer_use(99).bookings == 0);

    const auto ana = written(*store, [&] { return store->customers().add_customer("Ana Lima", "ana@example.com"); }).customer;
    written(*store, [&] {
        store->customers().update_customer({ana.id, "Ana Lima Souza", "ana.souza@example.org"});
        return 0;
    });
    CHECK(customer_text(store->customers().load_customer(ana.id)) == "4|Ana Lima Souza|ana.souza@example.org");
    CHECK(customer_text(store->customers().customer_with_email("ana@example.com")) == "<none>");
    CHECK(customer_text(store->customers().customer_with_email("ANA.SOUZA@example.org")) == "4|Ana Lima Souza|ana.souza@example.org");

    // Another customer's email, in other letters, is refused by the schema and nothing changes.
    {
        WriteTransaction write(*store);
        CHECK_THROWS_AS(store->customers().update_customer({ana.id, "Ana", "PRIYA@example.com"}), StoreError);
    }
    CHECK(customer_text(store->customers().load_customer(ana.id)) == "4|Ana Lima Souza|ana.souza@example.org");

    written(*store, [&] { return store->calendar().book_slot(1, ana.id, "2026-12-01T09:00:00Z", "desk/1.0"); });
    written(*store, [&] { return store->money().add_invoice(ana.id, 5000, "open"); });
    CHECK(store->customers().customer_use(ana.id).invoices == 1);
    CHECK(store->customers().customer_use(ana.id).bookings == 1);

    const auto lone = written(*store, [&] { return store->customers().add_customer("Lone Caller", "lone@example.com"); }).customer;
    CHECK(lone.id == 5);
    CHECK(store->customers().customer_use(lone.id).invoices == 0);
    CHECK(store->customers().customer_use(lone.id).bookings == 0);
    written(*store, [&] {
        store->customers().remove_customer(lone.id);
        return 0;
    });
    CHECK(customer_text(store->customers().load_customer(lone.id)) == "<none>");
    CHECK(ids_of(store->customers().customers_after(0, 100)) == std::vector<std::int64_t>{1, 2, 3, 4});
    // The schema keeps a customer who still has invoices (records.h checks customer_use first).
    {
        WriteTransaction write(*store);
        CHECK_THROWS_AS(store->customers().remove_customer(ana.id), StoreError);
    }
    CHECK(customer_text(store->customers().load_customer(ana.id)) == "4|Ana Lima Souza|ana.souza@example.org");
}

TEST_CASE("customers_after pages the customers by id", "[store]") {
    TestDatabase db;
    auto store = open_test_store(db);
    written(*store, [&] { return store->customers().add_customer("Ana Lima", "ana@example.com"); });
    const auto first = store->customers().customers_after(0, 2);
    CHECK(ids_of(first) == std::vector<std::int64_t>{1, 2});
    CHECK(customer_text(first[0]) == "1|Maria Alvarez|maria@example.com");
    CHECK(ids_of(store->customers().customers_after(2, 2)) == std::vector<std::int64_t>{3, 4});
    CHECK(store->customers().customers_after(4, 2).empty());
    CHECK(ids_of(store->customers().customers_after(3, 100)) == std::vector<std::int64_t>{4});
}

TEST_CASE("add_invoice adds one, invoices_after lists all or one customer's, pay_invoice pays an open one once", "[store]") {
    TestDatabase db;
    auto store = open_test_store(db);
    const auto five = written(*store, [&] { return store->money().add_invoice(3, 123456, "open"); });
    const auto six = written(*store, [&] { return store->money().add_invoice(1, 100, "paid"); });
    CHECK(five == 5);
    CHECK(six == 6);

    CHECK(ids_of(store->money().invoices_after(0, 100)) == std::vector<std::int64_t>{1, 2, 3, 4, 5, 6});
    CHECK(ids_of(store->money().invoices_after(0, 100, 1)) == std::vector<std::int64_t>{1, 2, 6});
    CHECK(ids_of(store->money().invoices_after(2, 1, 1)) == std::vector<std::int64_t>{6});
    CHECK(ids_of(store->money().invoices_after(0, 2)) == std::vector<std::int64_t>{1, 2});
    CHECK(store->money().invoices_after(6, 100).empty());
    CHECK(store->money().invoices_after(0, 100, 99).empty());
    const auto page = store->money().invoices_after(4, 10);
    REQUIRE(page.size() == 2);
    CHECK(page[0].id == 5);
    CHECK(page[0].customer == "Priya Nair");
    CHECK(page[0].customer_id == 3);
    CHECK(page[0].cents == 123456);
    CHECK(page[0].status == "open");
    CHECK(page[0].refunded == 0);
    CHECK(page[1].status == "paid");
    // invoices_of and load_invoice say whose it is too.
    CHECK(store->money().load_invoice(4)->customer_id == 3);
    CHECK(store->money().invoices_of(1).back().customer_id == 1);
    CHECK(ids_of(store->money().invoices_of(1)) == std::vector<std::int64_t>{1, 2, 6});

    CHECK(written(*store, [&] { return store->money().pay_invoice(5); }));
    CHECK(store->money().load_invoice(5)->status == "paid");
    CHECK_FALSE(written(*store, [&] { return store->money().pay_invoice(5); }));  // paid already
    CHECK_FALSE(written(*store, [&] { return store->money().pay_invoice(1); }));  // the seed's paid one
    CHECK_FALSE(written(*store, [&] { return store->money().pay_invoice(99); }));
    // A refunded invoice is not open either, and stays refunded.
    written(*store, [&] {
        return store->money().record_refund({2, 8000, "cancelled", "elicitation", "desk/1.0", "2026-12-01T09:00:00Z", std::nullopt});
    });
    REQUIRE(store->money().load_invoice(2)->status == "refunded");
    CHECK_FALSE(written(*store, [&] { return store->money().pay_invoice(2); }));
    CHECK(store->money().load_invoice(2)->status == "refunded");
    CHECK(store->money().load_invoice(4)->status == "open");  // only the one asked for was paid
}

TEST_CASE("the menu is the seed's three items in order, an item is added at its end once, and removed by name", "[store]") {
    TestDatabase db;
    auto store = open_test_store(db);
    CHECK(store->lunch().menu() == std::vector<MenuItem>{{"bocadillo", std::nullopt}, {"tortilla", std::nullopt}, {"ensalada", std::nullopt}});

    CHECK(written(*store, [&] { return store->lunch().add_menu_item({"café con leche", 450}); }));
    CHECK_FALSE(written(*store, [&] { return store->lunch().add_menu_item({"tortilla", 300}); }));  // there already: unchanged
    CHECK(written(*store, [&] { return store->lunch().add_menu_item({"Tortilla", 0}); }));  // names are compared exactly
    CHECK(store->lunch().menu() == std::vector<MenuItem>{{"bocadillo", std::nullopt},
                                                 {"tortilla", std::nullopt},
                                                 {"ensalada", std::nullopt},
                                                 {"café con leche", 450},
                                                 {"Tortilla", 0}});

    CHECK(written(*store, [&] { return store->lunch().remove_menu_item("tortilla"); }));
    CHECK_FALSE(written(*store, [&] { return store->lunch().remove_menu_item("tortilla"); }));
    CHECK_FALSE(written(*store, [&] { return store->lunch().remove_menu_item("pizza"); }));
    CHECK(written(*store, [&] { return store->lunch().add_menu_item({"sopa", std::nullopt}); }));
    CHECK(store->lunch().menu() == std::vector<MenuItem>{{"bocadillo", std::nullopt},
                                                 {"ensalada", std::nullopt},
                                                 {"café con leche", 450},
                                                 {"Tortilla", 0},
                                                 {"sopa", std::nullopt}});
    // The resource's rows: ids in the order of insertion, the refused duplicate took none.
    std::vector<std::string> rows;
    for (const auto& row : store->read_rows(office::OfficeTable::menu, 0, 100)) rows.push_back(row.dump());
    CHECK(rows == std::vector<std::string>{R"({"id":1,"name":"bocadillo","price_cents":null})",
                                           R"({"id":3,"name":"ensalada","price_cents":null})",
                                           R"({"id":4,"name":"café con leche","price_cents":450})",
                                           R"({"id":5,"name":"Tortilla","price_cents":0})",
                                           R"({"id":6,"name":"sopa","price_cents":null})"});
    CHECK_THROWS(db.exec("INSERT INTO menu (name, price_cents) VALUES ('agua', -1)"));  // no negative price
}

TEST_CASE("an empty office holds its schema and no rows, and its first records take id 1", "[store]") {
    TestDatabase db;
    office::create_office(db.arg(), OfficeKind::Empty);
    auto store = open_test_store(db);  // opening it seeds nothing
    for (const auto& info : office::kOfficeTables) {
        if (!office::has_rows(info)) continue;
        INFO(info.name);
        CHECK(store->read_rows(info.table, 0, 10).empty());
    }
    for (const auto* table : {"customers", "slots", "invoices", "refunds", "lunch_orders", "approval_requests", "audit",
                              "menu", "tasks", "idempotency_keys", "used_request_states"}) {
        INFO(table);
        CHECK(db.number(std::string("SELECT count(*) FROM ") + table) == 0);
    }
    CHECK(store->lunch().menu().empty());
    CHECK(store->customers().find_customers("").customers.empty());
    CHECK(store->calendar().free_slots("2026-09-04").empty());
    CHECK(store->change_mark() == 0);

    const auto ana = written(*store, [&] { return store->customers().add_customer("Ana Lima", "ana@example.com"); });
    CHECK(customer_text(ana.customer) == "1|Ana Lima|ana@example.com");
    CHECK(written(*store, [&] { return store->money().add_invoice(1, 2500, "open"); }) == 1);
    CHECK(written(*store, [&] { return store->lunch().add_menu_item({"sopa", 350}); }));
    CHECK(store->read_rows(office::OfficeTable::menu, 0, 10)[0].dump() == R"({"id":1,"name":"sopa","price_cents":350})");
    CHECK(written(*store, [&] { return store->lunch().record_lunch_order({"sopa", 1, std::nullopt, "desk/1.0", "2026-12-01T12:00:00Z"}); }) == 1);
    db.exec("INSERT INTO slots (day, time) VALUES ('2026-12-04', '09:00')");
    CHECK(db.number("SELECT id FROM slots") == 1);
    // Unique emails hold in an empty office too.
    CHECK_FALSE(written(*store, [&] { return store->customers().add_customer("Ana", "ANA@example.com"); }).added);
}

TEST_CASE("db reset makes the office again of either kind", "[store]") {
    TestDatabase db;
    open_test_store(db);
    db.exec("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')");
    office::reset_office(db.arg(), OfficeKind::Empty);
    CHECK(db.number("SELECT count(*) FROM customers") == 0);
    CHECK(db.number("SELECT count(*) FROM menu") == 0);
    CHECK(db.number("SELECT count(*) FROM slots") == 0);
    auto store = open_test_store(db);
    CHECK(written(*store, [&] { return store->customers().add_customer("Ana Lima", "ana@example.com"); }).customer.id == 1);
    store.reset();

    office::reset_office(db.arg(), OfficeKind::Demo);
    store = open_test_store(db);
    CHECK(ids_of(store->customers().customers_after(0, 100)) == std::vector<std::int64_t>{1, 2, 3});
    CHECK(store->lunch().menu().size() == 3);
    CHECK(db.number("SELECT count(*) FROM slots") == 6);
    CHECK(written(*store, [&] { return store->customers().add_customer("Ana Lima", "ana@example.com"); }).customer.id == 4);
}

TEST_CASE("create_office makes an office of either kind and refuses, changing nothing, a database that holds one", "[store]") {
    TestDatabase db;
    office::create_office(db.arg(), OfficeKind::Demo);
    CHECK(db.number("SELECT count(*) FROM customers") == 3);
    CHECK(db.number("SELECT count(*) FROM menu") == 3);
    db.exec("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')");

    const std::string holds = "database " + office::office_display_name(db.arg()) + " already holds an office: ";
    CHECK_THROWS_WITH(office::create_office(db.arg(), OfficeKind::Empty),
                      holds + "`office-mcp db reset --empty` replaces it (everything in it is lost)");
    CHECK_THROWS_WITH(office::create_office(db.arg(), OfficeKind::Demo),
                      holds + "`office-mcp db reset --demo` replaces it (everything in it is lost)");
    CHECK(db.number("SELECT count(*) FROM customers") == 4);
    CHECK(db.text("SELECT name FROM customers WHERE id = 4") == "Ana Lima");
    CHECK(db.number("SELECT count(*) FROM menu") == 3);

    // An empty office is an office as well.
    TestDatabase empty;
    office::create_office(empty.arg(), OfficeKind::Empty);
    CHECK_THROWS_AS(office::create_office(empty.arg(), OfficeKind::Empty), StoreError);
    CHECK(empty.number("SELECT count(*) FROM customers") == 0);
}
