// Backups taken while the office serves, and restores that are checked (issue 41), with the
// real binary: four servers order numbered lunches and book slots while `backup` runs, and every
// backup holds a prefix of each writer's orders and of its bookings with no gap; `restore` refuses each kind of bad file with its
// sentence and leaves the office as it was; and `backup` and `restore` killed with SIGKILL at
// random moments leave the office whole, old or new, never a mix. The backup under load runs on
// both stores (a PostgreSQL office is backed up from one snapshot into the same kind of file);
// the rest is about SQLite files. The figures go to stdout on lines starting "backup: ".

#include "server_process.h"
#include "sqlite_backup.h"
#include "sqlite_office_store.h"
#include "test_database.h"
#include "time_zone.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include <unistd.h>

using nlohmann::json;
using namespace office::testing;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kKeys = {
    "OFFICE_MCP_STATE_KEYS=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"};

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes; }

std::int64_t number(office::Database& db, const std::string& sql) {
    auto& q = db.prepare(sql);
    const auto value = q.step() ? q.column_int(0) : -1;
    q.reset();
    return value;
}

// The lunch orders' notes of `path`, "wK-N" read as writer K's order N.
std::map<int, std::set<int>> orders_by_writer(const std::string& path) {
    office::Database db(path, office::Database::Mode::ReadOnly);
    std::map<int, std::set<int>> seen;
    auto& q = db.prepare("SELECT note FROM lunch_orders WHERE note LIKE 'w%'");
    while (q.step()) {
        const auto note = q.column_text(0);
        const auto dash = note.find('-');
        seen[std::stoi(note.substr(1, dash - 1))].insert(std::stoi(note.substr(dash + 1)));
    }
    return seen;
}

// What an office holds, as one text: the rows a restore must bring back whole (orders, audit,
// customers), so two offices compare equal only when they are the same office.
std::string fingerprint(const std::string& path) {
    office::Database db(path, office::Database::Mode::ReadOnly);
    std::string text;
    for (const char* sql : {"SELECT group_concat(id || ':' || ifnull(note, ''), ',') FROM (SELECT * FROM lunch_orders ORDER BY id)",
                            "SELECT group_concat(id || ':' || action, ',') FROM (SELECT * FROM audit ORDER BY id)",
                            "SELECT group_concat(id || ':' || email, ',') FROM (SELECT * FROM customers ORDER BY id)"}) {
        auto& q = db.prepare(sql);
        text += (q.step() ? q.column_text(0) : "") + "|";
        q.reset();
    }
    return text;
}

// Writer w's k-th booking (k from 0): a slot the office's hours make (00:00-23:59 in UTC, every
// 5 minutes: 00:00 … 23:50), on its own days — day `first_day` + w + 4·(k / 287) — so no two
// writers meet.
constexpr int kSlotsPerDay = 287;
std::int64_t writer_slot(std::int64_t first_day, int w, int k) {
    const auto date = office::civil_from_days(first_day + w + 4 * (k / kSlotsPerDay));
    const int minute = (k % kSlotsPerDay) * 5;
    return ((date.year * 100LL + date.month) * 100 + date.day) * 10000 + (minute / 60) * 100 + minute % 60;
}

// The slot ids booked in the office file at `path`.
std::set<std::int64_t> booked_slots(const std::string& path) {
    office::Database db(path, office::Database::Mode::ReadOnly);
    std::set<std::int64_t> ids;
    auto& q = db.prepare("SELECT id FROM slots WHERE customer_id IS NOT NULL");
    while (q.step()) ids.insert(q.column_int(0));
    return ids;
}

bool ordered(const json& reply) { return reply.contains("result") && !reply["result"].value("isError", false); }

std::uint32_t test_seed() {
    if (const char* s = std::getenv("OFFICE_TEST_SEED"); s && *s) return static_cast<std::uint32_t>(std::stoul(s));
    return std::random_device{}();
}

// An office with `orders` lunch orders noted "<tag>-i", made through a real server.
void order_lunches(const std::string& db, const std::string& tag, int orders) {
    ServerProcess server({"--db", db, "--durability", "process"}, kKeys);
    for (int i = 1; i <= orders; ++i) {
        const auto reply = server.request(tools_call(i, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}, {"note", tag + "-" + std::to_string(i)}}));
        REQUIRE(ordered(reply));
    }
    server.close_stdin();
    REQUIRE(server.wait() == 0);
}

// The kept office a restore names on stdout ("... is kept as PATH.").
std::string kept_office(const std::string& out) {
    const std::string lead = "The office it replaced is kept as ";
    const auto at = out.find(lead);
    if (at == std::string::npos) return "";
    const auto end = out.find(".\n", at);
    return out.substr(at + lead.size(), end - at - lead.size());
}

std::set<std::string> names_in(const std::string& dir) {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

}  // namespace

TEST_CASE("backup under load: every backup of a serving office is a prefix of each writer's acknowledged orders and bookings", "[backup][e2e]") {
    std::signal(SIGPIPE, SIG_IGN);
    TempDir dir;
    TestDatabase office;
    const auto db = office.arg();
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    // Hours every day round the clock in UTC, so the writers book slots the hours make.
    REQUIRE(run_office_mcp({"office", "set", "--time-zone", "UTC", "--horizon", "730", "--db", db}).status == 0);
    REQUIRE(run_office_mcp({"hours", "set", "mon-sun", "00:00-23:59", "--slot", "5", "--db", db}).status == 0);
    const std::int64_t first_day = std::time(nullptr) / 86400 + 1;  // tomorrow: nothing has begun

    constexpr int kWriters = 4, kBackups = 10;
    std::atomic<int> acknowledged[kWriters] = {};
    std::atomic<int> bookings[kWriters] = {};  // acknowledged bookings: writer_slot(first_day, w, 0 … n-1)
    std::atomic<bool> stop{false};
    std::atomic<int> failures{0};
    std::mutex why_lock;
    std::vector<std::string> why;  // what each failed writer saw
    const auto failed_writer = [&](const std::string& what) {
        ++failures;
        std::lock_guard<std::mutex> hold(why_lock);
        why.push_back(what);
    };
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
        writers.emplace_back([&, w] {
            try {
                ServerProcess server({"--db", db, "--durability", "process"}, kKeys);
                for (int n = 1; !stop; ++n) {
                    const auto note = "w" + std::to_string(w) + "-" + std::to_string(n);
                    server.send(tools_call(n, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}, {"note", note}}));
                    const auto reply = server.read(30000);
                    if (!ordered(reply)) {
                        failed_writer("writer " + std::to_string(w) + ", order " + std::to_string(n) + ": " + reply.dump());
                        return;
                    }
                    acknowledged[w] = n;  // after the reply: acknowledged, so committed
                    const int k = bookings[w];
                    server.send(tools_call(-n, "book_slot", {{"slot_id", writer_slot(first_day, w, k)}, {"customer_id", 1 + w % 3}}));
                    const auto booked = server.read(30000);
                    if (!ordered(booked)) {
                        failed_writer("writer " + std::to_string(w) + ", booking " + std::to_string(k) + ": " + booked.dump());
                        return;
                    }
                    bookings[w] = k + 1;
                }
                server.close_stdin();
                server.wait();
            } catch (const std::exception& e) {
                failed_writer("writer " + std::to_string(w) + ": " + e.what());
            }
        });
    }
    const auto all_writing = [&] {
        for (auto& a : acknowledged)
            if (a < 10) return false;
        return true;
    };
    for (int i = 0; i < 3000 && !all_writing(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));

    int smallest = 1 << 30, largest = 0, total_bookings = 0;
    std::vector<std::string> failed;
    for (int b = 0; b < kBackups; ++b) {
        int before[kWriters], booked_before[kWriters];
        for (int w = 0; w < kWriters; ++w) before[w] = acknowledged[w], booked_before[w] = bookings[w];
        const auto file = dir.file("backup-" + std::to_string(b) + ".db");
        const auto made = run_office_mcp({"backup", file, "--db", db});
        int after[kWriters], booked_after[kWriters];
        for (int w = 0; w < kWriters; ++w) after[w] = acknowledged[w], booked_after[w] = bookings[w];
        INFO("backup " << b << ": " << made.err);
        REQUIRE(made.status == 0);
        CHECK(made.out.find("schema " + std::to_string(office::kSchemaVersion)) != std::string::npos);
        CHECK(office::testing::private_to_owner(file));
        CHECK(!fs::exists(file + "-wal"));  // self-contained
        CHECK_NOTHROW(office::check_office_file(file));  // what restore checks
        const auto seen = orders_by_writer(file);
        auto slots = booked_slots(file);
        for (int w = 0; w < kWriters; ++w) {
            // Writer w's bookings in the backup are its first ones, none missing in between.
            int count = 0;
            while (slots.erase(writer_slot(first_day, w, count))) ++count;
            INFO("writer " << w << ": its first " << count << " bookings, acknowledged " << booked_before[w] << " before and "
                           << booked_after[w] << " after");
            CHECK(count >= booked_before[w]);
            CHECK(count <= booked_after[w] + 1);
            total_bookings += count;
        }
        CHECK(slots == std::set<std::int64_t>{3});  // nothing else booked but the demo's own slot 3
        int total = 0;
        for (int w = 0; w < kWriters; ++w) {
            const auto it = seen.find(w);
            const int count = it == seen.end() ? 0 : static_cast<int>(it->second.size());
            const int highest = count == 0 ? 0 : *it->second.rbegin();
            INFO("writer " << w << ": " << count << " orders, highest " << highest << ", acknowledged " << before[w] << " before and "
                           << after[w] << " after");
            CHECK(highest == count);        // 1..count: a prefix, no gap
            CHECK(count >= before[w]);      // everything acknowledged before the backup began
            CHECK(count <= after[w] + 1);   // at most the one order in flight, committed but not yet answered
            total += count;
        }
        smallest = std::min(smallest, total);
        largest = std::max(largest, total);
    }
    stop = true;
    for (auto& t : writers) t.join();
    for (const auto& what : why) UNSCOPED_INFO(what);
    CHECK(failures == 0);
    int orders = 0, booked = 0;
    for (auto& a : acknowledged) orders += a;
    for (auto& b : bookings) booked += b;
    CHECK(largest > smallest);  // the writers kept writing while the backups were taken

    // The last backup restores into a new place (a file, and on PostgreSQL a new database too).
    const auto last = dir.file("backup-9.db");
    const auto restored = dir.file("restored.db");
    const auto put = run_office_mcp({"restore", last, "--db", restored});
    INFO(put.err);
    CHECK(put.status == 0);
    CHECK(fingerprint(restored) == fingerprint(last));
    if (on_postgres()) {
        TestDatabase other;
        const auto into = run_office_mcp({"restore", last, "--db", other.arg()});
        INFO(into.err);
        CHECK(into.status == 0);
        office::Database file(last, office::Database::Mode::ReadOnly);
        CHECK(other.number("SELECT count(*) FROM lunch_orders") == number(file, "SELECT count(*) FROM lunch_orders"));
        CHECK(other.number("SELECT max(id) FROM audit") == number(file, "SELECT max(id) FROM audit"));
    }
    std::printf("backup: under load (%s): %d backups while %d writers had %d orders and %d bookings acknowledged; each a "
                "prefix of every writer's, %d to %d orders (%d bookings in all the backups)\n",
                on_postgres() ? "PostgreSQL" : "SQLite", kBackups, kWriters, orders, booked, smallest, largest, total_bookings);
}

TEST_CASE("restore refuses a bad file with one sentence and leaves the office untouched, and a good one restores and serves", "[restore]") {
    TempDir dir;
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    order_lunches(db, "kept", 3);
    // Side files as the office has them (the servers here take their keys from the environment).
    write_bytes(db + ".key", "the key of the backed-up office\n");
    write_bytes(db + ".tokens", "# the tokens of the backed-up office\n");
    const auto good = dir.file("good.db");
    {
        const auto made = run_office_mcp({"backup", good, "--db", db});
        INFO(made.err);
        REQUIRE(made.status == 0);
        CHECK(made.out.find("With " + good + ".key (mode 0600).") != std::string::npos);
        for (const char* side : {".key", ".tokens"}) {
            CHECK(bytes_of(good + side) == bytes_of(db + side));
            CHECK(office::testing::private_to_owner(good + side));
        }
    }
    write_bytes(db + ".key", "a newer key\n");
    order_lunches(db, "later", 2);  // the office now differs from the backup
    const auto office_bytes = bytes_of(db);
    const auto office_print = fingerprint(db);

    // Each bad file from the good one (or from nothing), and the sentence it must be refused with.
    struct Bad {
        std::string name, sentence;
    };
    std::vector<Bad> bads;
    {
        const auto path = dir.file("other.db");
        office::Database other(path);
        other.exec("CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('not an office')");
        bads.push_back({path, "is not an office-mcp office: it is a SQLite database of another application"});
    }
    {
        const auto path = dir.file("truncated.db");
        const auto bytes = bytes_of(good);
        write_bytes(path, bytes.substr(0, bytes.size() / 2));
        bads.push_back({path, "is truncated: its header says " + std::to_string(bytes.size()) + " bytes"});
    }
    {
        // Customers whose emails fill one table page, then bytes overwritten in that page's middle:
        // the emails there no longer match the office's index of them.
        const auto path = dir.file("corrupted.db");
        fs::copy_file(good, path);
        std::int64_t page = 0, page_size = 0;
        {
            office::Database copy(path, office::Database::Mode::ReadWrite);
            copy.trust_schema();  // an office this build made: its search triggers run
            copy.exec("DELETE FROM customers WHERE id NOT IN (SELECT customer_id FROM invoices UNION SELECT customer_id FROM slots WHERE customer_id IS NOT NULL)");
            for (int i = 0; i < 40; ++i)
                copy.prepare("INSERT INTO customers (name, email) VALUES ('c', printf('customer%02d.with.a.long.address.for.the.page@example.com', ?1))")
                    .bind(1, i)
                    .step();
            page = number(copy, "SELECT rootpage FROM sqlite_master WHERE name = 'customers'");
            page_size = number(copy, "PRAGMA page_size");
        }
        REQUIRE(office::check_office_file(path).schema_version == office::kSchemaVersion);  // whole before the damage
        auto bytes = bytes_of(path);
        const auto middle = static_cast<std::size_t>((page - 1) * page_size + page_size / 2);
        for (std::size_t i = 0; i < 48; ++i) bytes[middle + i] = static_cast<char>(0xA5);
        write_bytes(path, bytes);
        bads.push_back({path, "is damaged: SQLite's integrity check says"});
    }
    {
        // A file format version SQLite opens read-only (byte 18 of its header; found by fuzz_office_file).
        const auto path = dir.file("readonly-format.db");
        auto bytes = bytes_of(good);
        bytes[18] = static_cast<char>(0xF5);
        write_bytes(path, bytes);
        bads.push_back({path, "is damaged: its SQLite header gives file format versions 245 and "});
    }
    {
        const auto path = dir.file("newer.db");
        fs::copy_file(good, path);
        office::Database copy(path, office::Database::Mode::ReadWrite);
        copy.exec("PRAGMA user_version = " + std::to_string(office::kSchemaVersion + 1));
        bads.push_back({path, "was written by a newer office-mcp (schema " + std::to_string(office::kSchemaVersion + 1)});
    }
    {
        const auto path = dir.file("refunds.db");
        fs::copy_file(good, path);
        office::Database copy(path, office::Database::Mode::ReadWrite);
        copy.exec("UPDATE invoices SET refunded_cents = 1 WHERE id = (SELECT min(id) FROM invoices)");
        bads.push_back({path, "'s money does not add up: invoice "});
    }

    const auto before = names_in(dir.path());
    int refused = 0;
    for (const auto& bad : bads) {
        CAPTURE(bad.name);
        const auto r = run_office_mcp({"restore", bad.name, "--db", db});
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("nothing was restored, the office is unchanged: " + bad.name) != std::string::npos);
        CHECK(r.err.find(bad.sentence) != std::string::npos);
        CHECK(r.out.empty());
        CHECK(bytes_of(db) == office_bytes);
        CHECK(names_in(dir.path()) == before);  // no kept file, no copy left behind
        refused += r.status == 1 && bytes_of(db) == office_bytes;
    }
    CHECK(refused == static_cast<int>(bads.size()));

    // The good one: restored, the old office kept whole, and a server serves the restored one.
    const auto r = run_office_mcp({"restore", good, "--db", db});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(fingerprint(db) == fingerprint(good));
    const auto kept = kept_office(r.out);
    REQUIRE(kept.starts_with(db + ".before-restore-"));
    REQUIRE(fs::exists(kept));
    CHECK(fingerprint(kept) == office_print);
    CHECK(bytes_of(db + ".key") == bytes_of(good + ".key"));  // the backup's key, and the replaced one kept
    CHECK(bytes_of(kept + ".key") == "a newer key\n");
    CHECK(bytes_of(db + ".tokens") == bytes_of(good + ".tokens"));
    CHECK(!fs::exists(db + "-wal"));
    {
        ServerProcess server({"--db", db}, kKeys);
        const auto reply = server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}, {"note", "after restore"}}));
        INFO(reply.dump());
        REQUIRE(ordered(reply));
        CHECK(reply["result"]["structuredContent"]["order_id"] == 4);  // the backup's three, then this one
        server.close_stdin();
        CHECK(server.wait() == 0);
    }
    std::printf("backup: restore refused %d bad files (not an office, truncated, corrupted page, a read-only file format, newer schema, refunds "
                "that do not add up), office unchanged each time; 1 good one restored and served\n", refused);
}

TEST_CASE("restore is refused while a server has the office open, and with --force that server serves the restored office", "[restore]") {
    std::signal(SIGPIPE, SIG_IGN);
    TempDir dir;
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    const auto good = dir.file("good.db");
    REQUIRE(run_office_mcp({"backup", good, "--db", db}).status == 0);

    ServerProcess server({"--db", db}, kKeys);
    const auto order = [&](int id) {
        return server.request(tools_call(id, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}, {"note", "n" + std::to_string(id)}}));
    };
    REQUIRE(ordered(order(1)));  // the server has the office open now
    const auto office_bytes = bytes_of(db);
    const auto refused = run_office_mcp({"restore", good, "--db", db});
    CHECK(refused.status == 1);
    CHECK(refused.err.find("is open in another process") != std::string::npos);
    CHECK(bytes_of(db) == office_bytes);

    const auto forced = run_office_mcp({"restore", good, "--db", db, "--force"});
    INFO(forced.err);
    if (std::getenv("OFFICE_WINDOWS_EXE")) {
        // Windows renames nothing over a file a server has open: --force is refused as well,
        // saying so, and the office and its server go on unchanged.
        CHECK(forced.status == 1);
        CHECK(forced.err.find("on Windows a file in use cannot be replaced, not even with --force") != std::string::npos);
        CHECK(bytes_of(db) == office_bytes);
        CHECK(ordered(order(2)));
        server.close_stdin();
        CHECK(server.wait() == 0);
        return;
    }
    REQUIRE(forced.status == 0);
    CHECK(forced.err.find("a stdio server that had it open serves the restored office from its next request") != std::string::npos);
    // The server sees the other file under the name at its next request and opens it: the
    // order goes into the restored office, the kept one holds only what came before.
    const auto after = order(2);
    CHECK(ordered(after));
    server.close_stdin();
    CHECK(server.wait() == 0);
    CHECK(server.stderr_text().find("\"office_replaced\"") != std::string::npos);
    const auto kept = kept_office(forced.out);
    REQUIRE(kept.starts_with(db + ".before-restore-"));
    office::Database restored(db, office::Database::Mode::ReadWrite);
    CHECK(number(restored, "SELECT count(*) FROM lunch_orders WHERE note = 'n2'") == 1);
    CHECK(number(restored, "SELECT count(*) FROM lunch_orders WHERE note = 'n1'") == 0);  // the backup was taken before it
    office::Database old(kept, office::Database::Mode::ReadWrite);
    CHECK(number(old, "SELECT count(*) FROM lunch_orders") == 1);  // n1 only
    CHECK(number(old, "SELECT count(*) FROM lunch_orders WHERE note = 'n1'") == 1);
}

TEST_CASE("backup and restore killed with SIGKILL at random moments: the office is always the old or the new one", "[backup][restore][kill]") {
    TempDir dir;
    const auto seed = test_seed();
    std::mt19937 random(seed);
    INFO("seed " << seed << " (OFFICE_TEST_SEED repeats it)");
    const auto db = dir.file("office.db");
    REQUIRE(run_office_mcp({"db", "init", "--db", db}).status == 0);
    order_lunches(db, "a", 30);
    {
        // Enough customers that a copy takes a while, so the kills land inside it.
        office::Database office(db, office::Database::Mode::ReadWrite);
        office.trust_schema();  // an office this build made: its search triggers run
        office.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) "
                    "INSERT INTO customers (name, email) SELECT 'Customer ' || i, 'customer' || i || '@example.com' FROM n");
    }
    const auto a_file = dir.file("a.db"), b_file = dir.file("b.db");
    REQUIRE(run_office_mcp({"backup", a_file, "--db", db}).status == 0);
    order_lunches(db, "b", 5);
    REQUIRE(run_office_mcp({"backup", b_file, "--db", db}).status == 0);
    const std::map<std::string, std::string> offices = {{fingerprint(a_file), "a"}, {fingerprint(b_file), "b"}};
    REQUIRE(offices.size() == 2);

    // How long a whole run takes, so the kills spread over it.
    const auto timed = [&](const std::vector<std::string>& args) {
        const auto start = std::chrono::steady_clock::now();
        const auto r = run_office_mcp(args);
        REQUIRE(r.status == 0);
        return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    };
    const auto kill_after = [&](const std::vector<std::string>& args, long long span) {
        ServerProcess run(args);
        std::this_thread::sleep_for(std::chrono::microseconds(random() % (span + 1)));
        run.kill(SIGKILL);
        return run.wait(30000) == 128 + SIGKILL;  // false: it had finished first
    };

    constexpr int kRounds = 20;
    const auto backup_span = timed({"backup", dir.file("timed.db"), "--db", db});
    int backups_killed = 0, partials_left = 0;
    for (int round = 0; round < kRounds; ++round) {
        INFO("backup round " << round);
        const auto file = dir.file("killed-" + std::to_string(round) + ".db");
        const bool killed = kill_after({"backup", file, "--db", db}, backup_span * 12 / 10);
        backups_killed += killed;
        // The office itself is untouched, and a FILE that exists is a whole backup.
        CHECK_NOTHROW(office::check_office_file(db));
        CHECK(offices.count(fingerprint(db)) == 1);
        if (fs::exists(file)) {
            CHECK_NOTHROW(office::check_office_file(file));
            CHECK(offices.count(fingerprint(file)) == 1);
        } else {
            CHECK(killed);
        }
        if (fs::exists(file + ".partial")) {
            ++partials_left;
            // The next backup of the same FILE clears what the killed one left.
            const auto again = run_office_mcp({"backup", file, "--db", db, "--force"});
            CHECK(again.status == 0);
            CHECK(!fs::exists(file + ".partial"));
            CHECK_NOTHROW(office::check_office_file(file));
        }
    }

    const auto restore_span = timed({"restore", a_file, "--db", db});  // the office is a now
    std::string current = "a";
    int restores_killed = 0, stayed_old = 0, became_new = 0;
    for (int round = 0; round < kRounds; ++round) {
        INFO("restore round " << round << ", office was " << current);
        const std::string other = current == "a" ? "b" : "a";
        const bool killed = kill_after({"restore", other == "a" ? a_file : b_file, "--db", db}, restore_span * 15 / 10);
        restores_killed += killed;
        CHECK(!fs::exists(db + "-wal"));
        CHECK_NOTHROW(office::check_office_file(db));
        const auto it = offices.find(fingerprint(db));
        REQUIRE(it != offices.end());  // old or new, never a mix
        if (it->second == current) ++stayed_old;
        else ++became_new;
        if (!killed) CHECK(it->second == other);
        current = it->second;
    }
    // And it still serves: a server opens what the last round left.
    ServerProcess server({"--db", db}, kKeys);
    CHECK(ordered(server.request(tools_call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))));
    server.close_stdin();
    CHECK(server.wait() == 0);
    std::printf("backup: kill -9: backup %d rounds (%d killed mid-run, %d left FILE.partial, each cleared by the next backup; "
                "no FILE that was not whole), restore %d rounds (%d killed mid-run; office stayed the old %d times, became the "
                "new %d times, never a mix)\n", kRounds, backups_killed, partials_left, kRounds, restores_killed, stayed_old, became_new);
    CHECK(stayed_old + became_new == kRounds);
}
