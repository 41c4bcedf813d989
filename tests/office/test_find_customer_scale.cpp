// find_customer in a large office (issue 37, "Scale"), on both stores ([tools]: the suite runs
// again as postgres.*): the index (SQLite schema 9's trigrams in customer_search and 10's
// words in customer_words; PostgreSQL 6's pg_trgm indexes and 7's customers_words) narrows,
// LIKE/ILIKE decides, so every query answers what the plain LIKE
// statement of before answers (checked against it here, short queries included); a page is at
// most 50 with the count of further matches (counted up to 1000); the index follows every
// write to customers. The speed is office-bench --customers' (a ratio), never timed here.

#include "server_process.h"
#include "session_harness.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

using office::json;
using office::testing::on_postgres;
using office::testing::text_of;

class Desk : public office::testing::InProcessServer {
public:
    using InProcessServer::InProcessServer;
    json call(const std::string& tool, json arguments) {
        return result(office::testing::tools_call(++next_id_, tool, std::move(arguments), json::object(), "test-client"));
    }

private:
    int next_id_ = 0;
};

// SQL text of a query as a literal.
std::string sql_literal(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

// The ids today's statement (before the index) answers: the plain LIKE (ILIKE) scan, by id.
std::vector<std::string> plain_like_ids(Desk& desk, const std::string& query, int limit) {
    std::string pattern = "%";
    for (char c : query) {
        if (c == '%' || c == '_' || c == '\\') pattern += '\\';
        pattern += c;
    }
    pattern += '%';
    const std::string like = on_postgres() ? " ILIKE " : " LIKE ";
    return desk.texts("SELECT id FROM customers WHERE name" + like + sql_literal(pattern) + " ESCAPE '\\' OR email" + like +
                      sql_literal(pattern) + " ESCAPE '\\' ORDER BY id LIMIT " + std::to_string(limit));
}

std::vector<std::string> found_ids(const json& result) {
    std::vector<std::string> ids;
    for (const auto& c : result["structuredContent"]["customers"]) ids.push_back(std::to_string(c["id"].get<long long>()));
    return ids;
}

// `n` generated customers after the seed's three: "Customer k Zed" <ck@example.org>, k = 1..n,
// in one statement (one transaction) that both backends understand.
void add_generated(Desk& desk, long long n) {
    desk.exec("WITH RECURSIVE g(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM g WHERE k < " + std::to_string(n) +
              ") INSERT INTO customers (name, email) SELECT 'Customer ' || k || ' Zed', 'c' || k || '@example.org' FROM g");
}

}  // namespace

TEST_CASE("find_customer answers what the plain LIKE scan answers, short queries, non-ASCII, % and _ included", "[tools]") {
    Desk desk;
    desk.exec("INSERT INTO customers (name, email) VALUES ('Álvaro Núñez', 'alvaro@correo.es'), "
              "('ÁLVARO GIL', 'GIL@CORREO.ES'), ('李明', 'li.ming@example.cn'), ('Ana 100% Pure', 'ana_p@example.com'), "
              "('Zoë O''Brien', 'zoe\"q@example.com'), ('Kelvin \u212A', 'k@k.k')");
    add_generated(desk, 200);
    // Short ones (1-2 characters) read the table; longer ones the index. Non-ASCII case is not
    // folded by either store's LIKE/ILIKE here (SQLite: ASCII only; the test server: C locale),
    // while the SQLite index folds it: "álvaro" must not find "ÁLVARO GIL" through it.
    const auto query = GENERATE(as<std::string>(), "a", "Z", "é", "李", "%", "_", "\\", "zé", "Al", "李明", "明", "co",
                                "álvaro", "ÁLVARO", "Álvaro", "ALVARO", "núñez", "NÚÑEZ", "100%", "a_p", "0% P", "O'B",
                                "e\"q", "\"q@", "kelvin k", "KELVIN \u212A", "customer 1", "CUSTOMER 12 ", "c19@", "zed",
                                "@example.org", "xyz", "ed c", "li.ming@", ".ming@", "ming.", ".MING@EXAMPLE.",
                                "Zoë O'", "ë O'Brien@", "zoe\"q@", "@correo.", " Núñez@", " Zed ", "r 123 Z", ".org",
                                "o 100% Pure", "100% Pure ", "ana_p@", " Álvaro ", "o Núñez", "Customer 150 Zed");
    CAPTURE(query);
    const json r = desk.call("find_customer", {{"query", query}});
    CHECK(found_ids(r) == plain_like_ids(desk, query, 50));
    const auto all = plain_like_ids(desk, query, 2000);
    const auto more = all.size() > 50 ? static_cast<long long>(all.size()) - 50 : 0;
    if (more == 0) {
        CHECK_FALSE(r["structuredContent"].contains("more_matches"));
    } else {
        CHECK(r["structuredContent"]["more_matches"] == more);
        CHECK(r["structuredContent"]["more_matches_exact"] == true);
    }
}

TEST_CASE("find_customer answers a page of 50 with the number of further matches and asks for a longer query", "[tools]") {
    Desk desk;
    add_generated(desk, 1200);
    // "ustomer 1" matches k = 1, 10-19, 100-199, 1000-1200: 1 + 10 + 100 + 201 = 312.
    json r = desk.call("find_customer", {{"query", "ustomer 1"}});
    CHECK(r["structuredContent"]["customers"].size() == 50);
    CHECK(r["structuredContent"]["customers"][0]["id"] == 4);  // the first by id: customer 1
    CHECK(r["structuredContent"]["more_matches"] == 262);
    CHECK(r["structuredContent"]["more_matches_exact"] == true);
    CHECK(text_of(r).rfind("Found 312 customers matching \"ustomer 1\"; these are the first 50 by id, 262 more are not "
                           "shown. Refine the query (more of the name or the email) to find the one you want:\n- #4 "
                           "Customer 1 Zed <c1@example.org>\n",
                           0) == 0);
    // Everyone: counting stops after 1000 further matches, and says so.
    r = desk.call("find_customer", {{"query", "e"}});
    CHECK(r["structuredContent"]["customers"].size() == 50);
    CHECK(r["structuredContent"]["more_matches"] == 1000);
    CHECK(r["structuredContent"]["more_matches_exact"] == false);
    CHECK(text_of(r).rfind("Found more than 1050 customers matching \"e\"; these are the first 50 by id, more than 1000 "
                           "more are not shown. Refine",
                           0) == 0);
    r = desk.call("find_customer", {{"query", "@example.org"}});  // through the index: the same
    CHECK(r["structuredContent"]["more_matches"] == 1000);
    CHECK(r["structuredContent"]["more_matches_exact"] == false);
    // Exactly 1050: 1000 further, counted to the end, so exact.
    desk.exec("DELETE FROM customers WHERE id > 1050");  // the seed's 3 and customers 1-1047
    r = desk.call("find_customer", {{"query", "e"}});
    CHECK(r["structuredContent"]["more_matches"] == 1000);
    CHECK(r["structuredContent"]["more_matches_exact"] == true);
    CHECK(text_of(r).rfind("Found 1050 customers matching \"e\"; these are the first 50 by id, 1000 more", 0) == 0);
    // 50 exactly: a plain answer, as in the 3-customer office.
    desk.exec("DELETE FROM customers WHERE id > 50");
    r = desk.call("find_customer", {{"query", "e"}});
    CHECK(r["structuredContent"]["customers"].size() == 50);
    CHECK_FALSE(r["structuredContent"].contains("more_matches"));
    CHECK(text_of(r).rfind("Found 50 customers matching \"e\":\n- #1 ", 0) == 0);
}

TEST_CASE("find_customer's index follows every write to customers", "[tools]") {
    Desk desk;
    auto ids = [&](const std::string& query) { return found_ids(desk.call("find_customer", {{"query", query}})); };
    add_generated(desk, 100);  // past the size below which SQLite's store reads the table instead
    // Queries with a whole word ("@yarrowmail.") go through the stores' word indexes, the
    // others through their trigrams.
    desk.exec("INSERT INTO customers (name, email) VALUES ('Quentin Yarrow', 'qy@yarrowmail.net')");
    const std::string id = desk.text("SELECT id FROM customers WHERE email = 'qy@yarrowmail.net'");
    CHECK(ids("yarrow") == std::vector<std::string>{id});
    CHECK(ids("@yarrowmail.") == std::vector<std::string>{id});
    desk.exec("UPDATE customers SET name = 'Quentin Zimmer' WHERE id = " + id);
    CHECK(ids("yarrow") == std::vector<std::string>{id});  // the email still holds it
    CHECK(ids("n Yarrow").empty());
    CHECK(ids("zimmer") == std::vector<std::string>{id});
    desk.exec("UPDATE customers SET email = 'qz@zimmermail.net' WHERE id = " + id);
    CHECK(ids("qy@ya").empty());
    CHECK(ids("@yarrowmail.").empty());
    CHECK(ids("qz@zi") == std::vector<std::string>{id});
    CHECK(ids("@zimmermail.") == std::vector<std::string>{id});
    desk.exec("DELETE FROM customers WHERE id = " + id);
    CHECK(ids("zimmer").empty());
    CHECK(ids("@zimmermail.").empty());
    CHECK(ids("Alvarez") == std::vector<std::string>{"1"});  // the seed's, untouched
    if (!on_postgres()) {
        // A REPLACE that deletes the row holding the email (its delete trigger fires: the store
        // turns recursive triggers on), and FTS5's own check of index against table.
        desk.exec("INSERT INTO customers (name, email) VALUES ('Rosa Quill', 'rq@example.net')");
        CHECK(ids("quill").size() == 1);
        desk.exec("INSERT OR REPLACE INTO customers (name, email) VALUES ('Rosa Replaced', 'rq@example.net')");
        CHECK(ids("quill").empty());
        CHECK(ids("replaced").size() == 1);
        desk.exec("INSERT INTO customer_search(customer_search) VALUES ('integrity-check')");
        desk.exec("INSERT INTO customer_words(customer_words) VALUES ('integrity-check')");
    }
}

TEST_CASE("a million generated customers: one is found, a broad query is a page of 50 with the count", "[tools][million]") {
    // About 20 s on SQLite on the 2-core machine (the index written by the trigger for each
    // row), less on PostgreSQL: one statement, one transaction, through the store's connection.
    Desk desk;
    add_generated(desk, 1'000'000);
    CHECK(desk.number("SELECT count(*) FROM customers") == 1'000'003);
    json r = desk.call("find_customer", {{"query", "c765432@"}});
    CHECK(text_of(r) == "Found 1 customer matching \"c765432@\":\n- #765435 Customer 765432 Zed <c765432@example.org>");
    r = desk.call("find_customer", {{"query", "r 765432 Z"}});  // a whole word: the word index
    CHECK(found_ids(r) == std::vector<std::string>{"765435"});
    r = desk.call("find_customer", {{"query", "Customer 99999"}});  // 99999 and 999990-999999
    CHECK(found_ids(r).size() == 11);
    CHECK_FALSE(r["structuredContent"].contains("more_matches"));
    r = desk.call("find_customer", {{"query", "example.org"}});
    CHECK(r["structuredContent"]["customers"].size() == 50);
    CHECK(r["structuredContent"]["customers"][0]["id"] == 4);
    CHECK(r["structuredContent"]["more_matches"] == 1000);
    CHECK(r["structuredContent"]["more_matches_exact"] == false);
    r = desk.call("find_customer", {{"query", "c7"}});  // short: read from the table, bounded the same way
    CHECK(r["structuredContent"]["customers"].size() == 50);
    CHECK(r["structuredContent"]["more_matches_exact"] == false);
    r = desk.call("find_customer", {{"query", "ü"}});  // short and matching nobody: the whole table read
    CHECK(text_of(r) == "No customer's name or email contains \"ü\".");
}

TEST_CASE("a database made by schema 7 migrates to the current schema: its customers, those written by hand too, are in the index", "[tools][migration][sqlite]") {
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    std::filesystem::copy_file(std::string(OFFICE_TEST_FIXTURES) + "/office-schema7.db", path);
    const auto scalar = [](office::Database& d, const std::string& sql) {
        auto& q = d.prepare(sql);
        std::string value = q.step() ? q.column_text(0) : "<no row>";
        q.reset();
        return value;
    };
    const std::string customers = "SELECT group_concat(id || '|' || name || '|' || email, char(10)) FROM (SELECT * FROM customers ORDER BY id)";
    std::string before;
    {
        office::Database old(path, office::Database::Mode::ReadOnly);
        REQUIRE(scalar(old, "PRAGMA user_version") == "7");
        before = scalar(old, customers);
        REQUIRE(scalar(old, "SELECT count(*) FROM customers") == "5");  // two of them written by hand
    }
    {
        auto migrated = office::open_office_database(path);
        CHECK(scalar(*migrated, "PRAGMA user_version") == std::to_string(office::kSchemaVersion));
        CHECK(scalar(*migrated, "PRAGMA integrity_check") == "ok");
        CHECK(scalar(*migrated, customers) == before);
        CHECK(scalar(*migrated, "SELECT group_concat(rowid) FROM customer_search WHERE customer_search MATCH '\"ller-l\"'") == "4");
        auto fresh = office::open_office_database(dir.file("fresh.db"));
        const std::string schema = "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
        CHECK(scalar(*fresh, schema) == scalar(*migrated, schema));
    }
    Desk desk({}, path);
    CHECK(text_of(desk.call("find_customer", {{"query", "müller"}})) ==
          "Found 1 customer matching \"müller\":\n- #4 Zoë Müller-Lüdenscheidt <zoe.mueller@beispiel.de>");
    CHECK(text_of(desk.call("find_customer", {{"query", "陈静"}})) ==  // two characters: read from the table
          "Found 1 customer matching \"陈静\":\n- #5 陈静 <chen.jing@example.cn>");
    CHECK(text_of(desk.call("find_customer", {{"query", "jing@example"}})) ==
          "Found 1 customer matching \"jing@example\":\n- #5 陈静 <chen.jing@example.cn>");
}

TEST_CASE("db reset drops the index with its table and makes it again", "[tools][sqlite]") {
    office::testing::TempDir dir;
    const auto path = dir.file("office.db");
    {
        auto db = office::open_office_database(path);
        db->exec("INSERT INTO customers (name, email) VALUES ('Ana Lima', 'ana@example.com')");
        office::reset_database(*db);
        auto& q = db->prepare("SELECT count(*) FROM customer_search WHERE customer_search MATCH '\"lima\"'");
        REQUIRE(q.step());
        CHECK(q.column_int(0) == 0);
        q.reset();
    }
    Desk desk({}, path);
    CHECK(text_of(desk.call("find_customer", {{"query", "Alvarez"}})) ==
          "Found 1 customer matching \"Alvarez\":\n- #1 Maria Alvarez <maria@example.com>");
}
