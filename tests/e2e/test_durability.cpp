// Money must not be lost or doubled, whatever happens to the processes holding the database:
// writers killed with SIGKILL at random moments lose no acknowledged booking, order or refund
// and leave an intact file; processes racing on one database never double-book, never
// double-refund and never lose a row; and a locked, read-only, unreachable, full or corrupted
// database gives a clear error and is not damaged further. Real binaries over pipes, except
// the full database, whose page limit can only be set on the connection itself.

#include "server_process.h"
#include "session.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <thread>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

using nlohmann::json;
using namespace office::testing;

namespace {

// A fixed key, so every process (and every restart) opens every other's request states.
const std::vector<std::string> kKeys = {
    "OFFICE_MCP_STATE_KEYS=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"};

// This file's calls come from client "durability" unless they name another.
json call(const json& id, const std::string& tool, json arguments, json capabilities = json::object(),
          const std::string& client = "durability") {
    return tools_call(id, tool, std::move(arguments), std::move(capabilities), client);
}

json refund_retry(const json& id, std::int64_t invoice, const std::string& state, std::int64_t cents,
                  const std::string& client = "durability") {
    auto message = call(id, "issue_refund", {{"invoice_id", invoice}}, kForms, client);
    message["params"]["inputResponses"] = {
        {"approve_refund", {{"action", "accept"}, {"content", {{"amount", static_cast<double>(cents) / 100.0}, {"reason", "durability test"}}}}}};
    message["params"]["requestState"] = state;
    return message;
}

bool succeeded(const json& reply) {
    return reply.contains("result") && !reply["result"].value("isError", false) &&
           reply["result"].value("resultType", "") == "complete";
}

std::unique_ptr<office::Database> open_db(const std::string& path) {
    // Read-write: the first connection after a SIGKILL may have to recover the WAL.
    return std::make_unique<office::Database>(path, office::Database::Mode::ReadWrite);
}

std::string scalar(office::Database& db, const std::string& sql) {
    auto& q = db.prepare(sql);
    std::string value = q.step() ? q.column_text(0) : "<no row>";
    q.reset();
    return value;
}

std::int64_t number(office::Database& db, const std::string& sql) { return std::stoll(scalar(db, sql)); }

// Rows the tests use beyond the seed: slots from id 1000 and open invoices from id 1000.
void add_rows(const std::string& db_path, int slots, int invoices) {
    auto db = office::open_office_database(db_path);
    office::Transaction tx(*db);
    for (int i = 0; i < slots; ++i)
        db->prepare("INSERT INTO slots (id, day, time) VALUES (?1, '2030-01-01', printf('%06d', ?1))").bind(1, 1000 + i).step();
    for (int i = 0; i < invoices; ++i)
        db->prepare("INSERT INTO invoices (id, customer_id, amount_cents, status) VALUES (?1, 1 + ?1 % 3, 100000, 'open')")
            .bind(1, 1000 + i)
            .step();
    tx.commit();
}

// For the moves' race: per round, kMoves booked slots of each of `processes` (ids 5000 + 100 *
// round + kMoves * p + j, booked with the uid race-ID) and kMoves free ones to move them into
// (5000 + 100 * round + 50 + j); on their own days, at real times of day, in 2030.
constexpr int kMoves = 5;
void add_move_rows(const std::string& db_path, int rounds, int processes) {
    auto db = office::open_office_database(db_path);
    office::Transaction tx(*db);
    auto add = [&](int id, bool booked) {
        const int minute = 8 * 60 + id % 100 * 5;
        char day[16], time[8];
        std::snprintf(day, sizeof day, "2030-01-%02d", 2 + (id - 5000) / 100);
        std::snprintf(time, sizeof time, "%02d:%02d", minute / 60, minute % 60);
        db->prepare(booked ? "INSERT INTO slots (id, day, time, customer_id, booked_at, booked_by, booking_uid) "
                             "VALUES (?1, ?2, ?3, 1, '2029-12-01T00:00:00Z', 'setup', 'race-' || ?1)"
                           : "INSERT INTO slots (id, day, time) VALUES (?1, ?2, ?3)")
            .bind(1, id)
            .bind(2, std::string(day))
            .bind(3, std::string(time))
            .step();
    };
    for (int round = 0; round < rounds; ++round)
        for (int j = 0; j < kMoves; ++j) {
            for (int p = 0; p < processes; ++p) add(5000 + 100 * round + kMoves * p + j, true);
            add(5000 + 100 * round + 50 + j, false);
        }
    tx.commit();
}

// The first round of a modern refund: the sealed state the second round needs.
std::string ask_refund(ServerProcess& server, std::int64_t invoice, const std::string& client = "durability") {
    const auto asked = server.request(call("ask", "issue_refund", {{"invoice_id", invoice}}, kForms, client));
    INFO(asked.dump());
    REQUIRE(asked["result"]["resultType"] == "input_required");
    return asked["result"]["requestState"].get<std::string>();
}

std::uint32_t test_seed() {
    if (const char* s = std::getenv("OFFICE_TEST_SEED"); s && *s) return static_cast<std::uint32_t>(std::stoul(s));
    return std::random_device{}();
}

int env_int(const char* name, int fallback) {
    const char* s = std::getenv(name);
    return s && *s ? std::atoi(s) : fallback;
}

void ignore_sigpipe() { std::signal(SIGPIPE, SIG_IGN); }  // a writer may outlive the server it feeds

}  // namespace

TEST_CASE("acknowledged bookings, orders and refunds survive kill -9 at any moment", "[durability][kill]") {
    ignore_sigpipe();
    TempDir dir;
    const auto db_path = dir.file("office.db");
    const int rounds = env_int("OFFICE_KILL_ROUNDS", 40);
    constexpr int kOrders = 200, kBookings = 200, kRefunds = 8;
    add_rows(db_path, rounds * kBookings, rounds * kRefunds);
    const auto seed = test_seed();
    std::mt19937 random(seed);
    INFO("seed " << seed << " (OFFICE_TEST_SEED repeats it)");

    long acknowledged = 0, lost = 0, killed_mid_burst = 0;
    for (int round = 0; round < rounds; ++round) {
        INFO("round " << round);
        ServerProcess server({"--db", db_path}, kKeys);
        // Refunds need their first round answered before the burst: those states go in it.
        std::map<std::int64_t, std::string> states;
        for (int k = 0; k < kRefunds; ++k) {
            const std::int64_t invoice = 1000 + round * kRefunds + k;
            states[invoice] = ask_refund(server, invoice);
        }
        // One pipelined burst: orders, bookings and refund approvals interleaved.
        std::string burst;
        std::map<std::string, json> expected;  // by request id
        for (int i = 0; i < kOrders; ++i) {
            const std::string note = "r" + std::to_string(round) + "-" + std::to_string(i);
            const std::string id = "o" + std::to_string(i);
            burst += call(id, "order_lunch", {{"item", "tortilla"}, {"quantity", 1 + i % 5}, {"note", note}}).dump() + "\n";
            expected[id] = note;
            const std::int64_t slot = 1000 + round * kBookings + i;
            const std::string booking = "b" + std::to_string(i);
            burst += call(booking, "book_slot", {{"slot_id", slot}, {"customer_id", 1 + i % 3}}).dump() + "\n";
            expected[booking] = {slot, 1 + i % 3};
            if (i % (kOrders / kRefunds) == 0 && !states.empty()) {
                const auto [invoice, state] = *states.begin();
                states.erase(states.begin());
                const std::int64_t cents = 1 + static_cast<std::int64_t>(random() % 100000);
                const std::string refund = "f" + std::to_string(invoice);
                burst += refund_retry(refund, invoice, state, cents).dump() + "\n";
                expected[refund] = {invoice, cents};
            }
        }
        burst.pop_back();
        const std::size_t total = expected.size();
        std::thread writer([&] {
            try {
                server.send(burst);
            } catch (const std::exception&) {
                // killed mid-write: expected
            }
        });
        // Read a random number of replies, wait a random moment, then kill -9.
        const std::size_t to_read = random() % (total + 1);
        std::vector<json> replies;
        while (replies.size() < to_read) {
            const auto line = server.read_line(30000);
            REQUIRE(line);
            replies.push_back(json::parse(*line));
        }
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 3000));
        server.kill(SIGKILL);
        CHECK(server.wait() == 128 + SIGKILL);
        writer.join();
        if (replies.size() < total) ++killed_mid_burst;

        // Every acknowledged write is there, and the file is whole.
        auto db = open_db(db_path);
        CHECK(scalar(*db, "PRAGMA integrity_check") == "ok");
        CHECK(number(*db, "SELECT count(*) FROM invoices i WHERE (i.status = 'refunded') <> (i.refunded_cents = i.amount_cents) "
                          "OR i.refunded_cents <> (SELECT ifnull(sum(amount_cents), 0) FROM refunds r WHERE r.invoice_id = i.id)") ==
              0);  // nothing half-written
        for (const auto& reply : replies) {
            INFO(reply.dump());
            REQUIRE(succeeded(reply));
            ++acknowledged;
            const std::string id = reply["id"];
            const auto& want = expected.at(id);
            bool present = false;
            if (id[0] == 'o') {
                const auto order = reply["result"]["structuredContent"]["order_id"].get<std::int64_t>();
                present = scalar(*db, "SELECT note FROM lunch_orders WHERE id = " + std::to_string(order)) == want.get<std::string>();
            } else if (id[0] == 'b') {
                present = number(*db, "SELECT ifnull(customer_id, 0) FROM slots WHERE id = " + std::to_string(want[0].get<std::int64_t>())) ==
                          want[1].get<std::int64_t>();
            } else {
                present = number(*db, "SELECT ifnull((SELECT amount_cents FROM refunds WHERE invoice_id = " +
                                          std::to_string(want[0].get<std::int64_t>()) + "), 0)") == want[1].get<std::int64_t>();
            }
            if (!present) ++lost;
            CHECK(present);
        }
    }
    std::fprintf(stderr, "durability: %d kill -9 rounds (%ld mid-burst), %ld acknowledged writes, %ld lost (seed %u)\n", rounds,
                 killed_mid_burst, acknowledged, lost, seed);
    CHECK(lost == 0);
}

TEST_CASE("processes racing on one database never double-book, never double-refund and never lose a row",
          "[durability][race]") {
    ignore_sigpipe();
    TempDir dir;
    const auto db_path = dir.file("office.db");
    constexpr int kProcesses = 4, kRounds = 5, kSlots = 60, kInvoices = 10, kOrders = 100;
    // Per round: slots to book, invoices to refund through forms, and invoices to queue then approve.
    add_rows(db_path, kRounds * kSlots, kRounds * kInvoices * 2);
    add_move_rows(db_path, kRounds, kProcesses);
    std::vector<std::unique_ptr<ServerProcess>> servers;
    for (int p = 0; p < kProcesses; ++p) servers.push_back(std::make_unique<ServerProcess>(std::vector<std::string>{"--db", db_path}, kKeys));
    const auto client = [](int p) { return "racer-" + std::to_string(p); };

    // Sends each process its burst before reading any reply, so the processes really interleave.
    const auto race = [&](const std::function<std::string(int)>& burst_of) {
        std::vector<std::string> bursts;
        for (int p = 0; p < kProcesses; ++p) bursts.push_back(burst_of(p));
        std::vector<std::vector<json>> replies(kProcesses);
        for (int p = 0; p < kProcesses; ++p) servers[p]->send(bursts[p]);
        for (int p = 0; p < kProcesses; ++p) {
            const auto lines = std::count(bursts[p].begin(), bursts[p].end(), '\n') + 1;
            for (long i = 0; i < lines; ++i) replies[p].push_back(servers[p]->read(30000));
        }
        return replies;
    };
    long races = 0, double_bookings = 0, double_refunds = 0, double_queued = 0, lost_rows = 0;

    for (int round = 0; round < kRounds; ++round) {
        INFO("round " << round);
        // 1. Every process books the same slots, each for its own customer.
        const auto bookings = race([&](int p) {
            std::string burst;
            for (int i = 0; i < kSlots; ++i)
                burst += (i ? "\n" : "") + call(i, "book_slot", {{"slot_id", 1000 + round * kSlots + i}, {"customer_id", 1 + p % 3}},
                                                json::object(), client(p)).dump();
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            for (int i = 0; i < kSlots; ++i) {
                int winners = 0, winner = -1;
                for (int p = 0; p < kProcesses; ++p)
                    if (succeeded(bookings[p][i])) ++winners, winner = p;
                if (winners != 1) ++double_bookings;
                CHECK(winners == 1);
                CHECK(scalar(*db, "SELECT booked_by FROM slots WHERE id = " + std::to_string(1000 + round * kSlots + i)) ==
                      client(winner) + "/1.0");
            }
        }

        // 1b. Every process moves a booking of its own into the same free slots: one move wins each,
        // the others leave their booking where it was.
        const auto moves = race([&](int p) {
            std::string burst;
            for (int j = 0; j < kMoves; ++j)
                burst += (j ? "\n" : "") + call(j, "move_booking", {{"slot_id", 5000 + 100 * round + kMoves * p + j},
                                                                    {"to_slot_id", 5000 + 100 * round + 50 + j}},
                                                 json::object(), client(p)).dump();
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            for (int j = 0; j < kMoves; ++j) {
                int winners = 0, winner = -1;
                for (int p = 0; p < kProcesses; ++p) {
                    const auto from = std::to_string(5000 + 100 * round + kMoves * p + j);
                    if (succeeded(moves[p][j])) {
                        ++winners, winner = p;
                        CHECK(scalar(*db, "SELECT count(*) FROM slots WHERE id = " + from + " AND customer_id IS NULL") == "1");
                    } else {
                        INFO(moves[p][j].dump());
                        CHECK(reply_text(moves[p][j]).find("is already booked") != std::string::npos);
                        CHECK(scalar(*db, "SELECT booking_uid || ' ' || booking_sequence FROM slots WHERE id = " + from) == "race-" + from + " 0");
                    }
                }
                if (winners != 1) ++double_bookings;
                REQUIRE(winners == 1);
                CHECK(scalar(*db, "SELECT booking_uid || ' ' || booking_sequence || ' ' || booked_by FROM slots WHERE id = " +
                                      std::to_string(5000 + 100 * round + 50 + j)) ==
                      "race-" + std::to_string(5000 + 100 * round + kMoves * winner + j) + " 1 " + client(winner) + "/1.0");
            }
        }

        // 2. Every process asks for the same refunds, then all approve them at once.
        const int first_invoice = 1000 + round * kInvoices * 2;
        std::vector<std::vector<std::string>> states(kProcesses);
        for (int p = 0; p < kProcesses; ++p)
            for (int i = 0; i < kInvoices; ++i) states[p].push_back(ask_refund(*servers[p], first_invoice + i, client(p)));
        const auto refunds = race([&](int p) {
            std::string burst;
            for (int i = 0; i < kInvoices; ++i)
                burst += (i ? "\n" : "") + refund_retry(i, first_invoice + i, states[p][i], 100000, client(p)).dump();  // in full
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            for (int i = 0; i < kInvoices; ++i) {
                int winners = 0, winner = -1;
                for (int p = 0; p < kProcesses; ++p) {
                    if (succeeded(refunds[p][i])) ++winners, winner = p;
                    else CHECK(reply_text(refunds[p][i]) == "Invoice " + std::to_string(first_invoice + i) + " was already refunded; nothing changed.");
                }
                const auto rows = number(*db, "SELECT count(*) FROM refunds WHERE invoice_id = " + std::to_string(first_invoice + i));
                if (winners != 1 || rows != 1) ++double_refunds;
                CHECK(winners == 1);
                CHECK(rows == 1);
                CHECK(scalar(*db, "SELECT client FROM refunds WHERE invoice_id = " + std::to_string(first_invoice + i)) ==
                      client(winner) + "/1.0");
            }
        }

        // 3. Clients without forms all ask for the same refunds: one queued request per invoice.
        const int queued_invoice = first_invoice + kInvoices;
        const auto queued = race([&](int p) {
            std::string burst;
            for (int i = 0; i < kInvoices; ++i)
                burst += (i ? "\n" : "") + call(i, "issue_refund", {{"invoice_id", queued_invoice + i}}, json::object(), client(p)).dump();
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            for (int i = 0; i < kInvoices; ++i) {
                std::set<std::int64_t> ids;
                for (int p = 0; p < kProcesses; ++p) {
                    INFO(queued[p][i].dump());
                    REQUIRE(succeeded(queued[p][i]));
                    ids.insert(queued[p][i]["result"]["structuredContent"]["approval_request_id"].get<std::int64_t>());
                }
                const auto rows = number(*db, "SELECT count(*) FROM approval_requests WHERE invoice_id = " + std::to_string(queued_invoice + i));
                if (ids.size() != 1 || rows != 1) ++double_queued;
                CHECK(ids.size() == 1);
                CHECK(rows == 1);
            }
        }

        // 4. Several desks approve the same queued requests at once: one refund each.
        for (int p = 0; p < kProcesses; ++p)
            for (int i = 0; i < kInvoices; ++i) states[p][i] = ask_refund(*servers[p], queued_invoice + i, "desk-" + std::to_string(p));
        const auto approvals = race([&](int p) {
            std::string burst;
            for (int i = 0; i < kInvoices; ++i)
                burst += (i ? "\n" : "") + refund_retry(i, queued_invoice + i, states[p][i], 100000, "desk-" + std::to_string(p)).dump();
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            for (int i = 0; i < kInvoices; ++i) {
                int winners = 0, winner = -1;
                for (int p = 0; p < kProcesses; ++p)
                    if (succeeded(approvals[p][i])) ++winners, winner = p;
                const auto invoice = std::to_string(queued_invoice + i);
                const auto rows = number(*db, "SELECT count(*) FROM refunds WHERE invoice_id = " + invoice);
                if (winners != 1 || rows != 1) ++double_refunds;
                CHECK(winners == 1);
                CHECK(rows == 1);
                CHECK(scalar(*db, "SELECT status || '|' || amount_cents || '|' || resolved_by FROM approval_requests WHERE invoice_id = " +
                              invoice) == "approved|100000|desk-" + std::to_string(winner) + "/1.0");
            }
        }

        // 5. Every process orders lunch at once: every acknowledged order is a row, no more, no less.
        const auto before = [&] { auto db = open_db(db_path); return number(*db, "SELECT count(*) FROM lunch_orders"); }();
        const auto orders = race([&](int p) {
            std::string burst;
            for (int i = 0; i < kOrders; ++i)
                burst += (i ? "\n" : "") + call(i, "order_lunch", {{"item", "ensalada"}, {"quantity", 1 + (i + p) % 5}}, json::object(), client(p)).dump();
            return burst;
        });
        ++races;
        {
            auto db = open_db(db_path);
            std::set<std::int64_t> acknowledged;
            for (const auto& replies : orders)
                for (const auto& reply : replies)
                    if (succeeded(reply)) acknowledged.insert(reply["result"]["structuredContent"]["order_id"].get<std::int64_t>());
            const auto rows = number(*db, "SELECT count(*) FROM lunch_orders") - before;
            if (static_cast<std::int64_t>(acknowledged.size()) != rows || rows != kProcesses * kOrders) ++lost_rows;
            CHECK(acknowledged.size() == static_cast<std::size_t>(kProcesses * kOrders));
            CHECK(rows == kProcesses * kOrders);
            CHECK(scalar(*db, "PRAGMA integrity_check") == "ok");
        }
    }
    for (auto& server : servers) {
        server->close_stdin();
        CHECK(server->wait() == 0);
    }
    std::fprintf(stderr,
                 "races: %ld races of %d processes, %ld double bookings (or moves), %ld double refunds, %ld duplicate queued requests, "
                 "%ld lost rows\n",
                 races, kProcesses, double_bookings, double_refunds, double_queued, lost_rows);
}

// ---- storage that fails ------------------------------------------------------------------------

namespace {

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Every line the server wrote is a JSON-RPC message; returns them.
std::vector<json> drain(ServerProcess& server) {
    std::vector<json> messages;
    while (const auto line = server.read_line(10000)) {
        const auto message = json::parse(*line, nullptr, false);
        INFO(*line);
        CHECK(message.is_object());
        messages.push_back(message);
    }
    return messages;
}

}  // namespace

TEST_CASE("a locked database answers a clear error after the busy timeout and serves again once free", "[durability][storage]") {
    TempDir dir;
    const auto db_path = dir.file("office.db");
    ServerProcess server({"--db", db_path});
    REQUIRE(succeeded(server.request(call(1, "find_customer", {{"query", "Maria"}}))));
    {
        office::Database holder(db_path, office::Database::Mode::ReadWrite);
        holder.exec("BEGIN EXCLUSIVE");
        const auto start = std::chrono::steady_clock::now();
        server.send(call(2, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
        const auto reply = server.read(20000);
        INFO(reply.dump());
        CHECK(reply["error"]["code"] == -32603);
        CHECK(reply["error"]["message"].get<std::string>().find("database is locked") != std::string::npos);
        CHECK(std::chrono::steady_clock::now() - start >= std::chrono::seconds(4));  // it waited, then gave up
        CHECK(succeeded(server.request(call(3, "find_customer", {{"query", "Tomas"}}))));  // readers are not blocked
        holder.exec("ROLLBACK");
    }
    const auto booked = server.request(call(4, "book_slot", {{"slot_id", 1}, {"customer_id", 1}}));
    CHECK(reply_text(booked) == "Booked slot 1 (2026-09-04 09:00) for Maria Alvarez.");
    server.close_stdin();
    CHECK(server.wait() == 0);
}

TEST_CASE("a read-only database gives a clear error and is left unchanged", "[durability][storage]") {
    TempDir dir;
    const auto db_path = dir.file("office.db");
    {
        ServerProcess server({"--db", db_path});
        REQUIRE(succeeded(server.request(call(1, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}))));
    }  // killed: leaves its -wal and -shm as a crash would
    {
        auto db = open_db(db_path);  // a clean close checkpoints and removes them
    }
    std::vector<std::string> wrapper;
    if (::geteuid() == 0) {
        // Root writes through any mode bits: drop to nobody, to whom the file is read-only.
        wrapper = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
        ::chmod(dir.path().c_str(), 0755);
    }
    ::chmod(db_path.c_str(), 0444);
    ::chmod((db_path + ".key").c_str(), 0444);
    const auto before = file_bytes(db_path);
    ServerProcess server({"--db", db_path}, {}, wrapper);
    // Since issue 11 the location is checked when serving starts: one sentence on stderr and
    // status 2 before any request, rather than an error at the first write. It never crashes
    // and never writes a byte of the file.
    const int status = server.wait();
    CHECK(status == 2);
    CHECK(server.stderr_text() == "office-mcp: cannot open database " + db_path + " for reading and writing: Permission denied\n");
    CHECK(file_bytes(db_path) == before);
}

TEST_CASE("missing directories are created private, and a path that cannot be a directory is a clear error", "[durability][storage]") {
    TempDir dir;
    {
        const auto db_path = dir.file("a/b/c/office.db");
        ServerProcess server({"--db", db_path});
        CHECK(succeeded(server.request(call(1, "find_customer", {{"query", "Maria"}}))));
        struct stat st {};
        REQUIRE(::stat(dir.file("a/b").c_str(), &st) == 0);
        CHECK((st.st_mode & 0777) == 0700);
    }
    std::ofstream(dir.file("file.txt")) << "not a directory";
    const auto db_path = dir.file("file.txt/office.db");
    ServerProcess server({"--db", db_path});
    // Refused when serving starts (issue 11), before any request.
    CHECK(server.wait() == 2);
    CHECK(server.stderr_text() == "office-mcp: cannot create database " + db_path + ": " + dir.file("file.txt") + " is not a directory\n");
    CHECK(file_bytes(dir.file("file.txt")) == "not a directory");
}

TEST_CASE("a full database refuses the write that does not fit, keeps every earlier one and still serves reads",
          "[durability][storage]") {
    TempDir dir;
    const auto db_path = dir.file("office.db");
    auto db = office::open_office_database(db_path);
    // The page limit lives on the connection, so the session runs in-process on this one.
    db->exec("PRAGMA max_page_count = " + scalar(*db, "PRAGMA page_count"));
    office::SqliteOfficeStore store(std::move(db));
    office::SessionOptions options;
    options.store = [&]() -> office::OfficeStore& { return store; };
    options.sealer = []() -> const office::StateSealer& {
        static const office::StateSealer sealer(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 7)});
        return sealer;
    };
    office::Session session(options);
    const auto send = [&](const json& message) {
        std::string out;
        session.handle_line(message.dump(), out);
        REQUIRE(!out.empty());
        return json::parse(out);
    };
    std::vector<std::int64_t> orders;
    json refused;
    for (int i = 0; i < 10'000 && refused.is_null(); ++i) {
        const auto reply = send(call(i, "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}, {"note", std::string(20, 'x')}}));
        if (reply.contains("error")) refused = reply;
        else orders.push_back(reply["result"]["structuredContent"]["order_id"].get<std::int64_t>());
    }
    INFO(refused.dump());
    REQUIRE_FALSE(refused.is_null());
    CHECK(refused["error"]["code"] == -32603);
    CHECK(refused["error"]["message"].get<std::string>().find("database or disk is full") != std::string::npos);
    CHECK(succeeded(send(call("read", "find_customer", {{"query", "Maria"}}))));
    CHECK(scalar(store.database(), "PRAGMA integrity_check") == "ok");
    CHECK(number(store.database(), "SELECT count(*) FROM lunch_orders") == static_cast<std::int64_t>(orders.size()));
    std::fprintf(stderr, "full database: %zu orders fit, then: %s\n", orders.size(),
                 refused["error"]["message"].get<std::string>().c_str());
}

TEST_CASE("a file size limit (ulimit -f) is a clear error, not a crash", "[durability][storage]") {
    TempDir dir;
    const auto db_path = dir.file("office.db");
    {
        ServerProcess server({"--db", db_path});
        REQUIRE(succeeded(server.request(call(1, "find_customer", {{"query", "Maria"}}))));
    }
    {
        auto db = open_db(db_path);  // checkpointed, so the WAL starts empty
    }
    const auto size = std::filesystem::file_size(db_path);
    // The WAL may not grow past the limit: the first write that needs it fails with EFBIG.
    ServerProcess server({"--db", db_path}, {}, {"/usr/bin/prlimit", "--fsize=" + std::to_string(size), "--"});
    json failed;
    for (int i = 0; i < 200 && failed.is_null(); ++i) {
        const auto reply = server.request(call(i, "order_lunch", {{"item", "tortilla"}, {"quantity", 1}}));
        if (reply.contains("error")) failed = reply;
    }
    INFO(failed.dump());
    REQUIRE_FALSE(failed.is_null());
    CHECK(failed["error"]["code"] == -32603);
    CHECK(succeeded(server.request(call("read", "find_customer", {{"query", "Priya"}}))));
    server.close_stdin();
    CHECK(server.wait() == 0);  // 153 would be death by SIGXFSZ
    CHECK(scalar(*open_db(db_path), "PRAGMA integrity_check") == "ok");
    std::fprintf(stderr, "file size limit: %s\n", failed["error"]["message"].get<std::string>().c_str());
}

TEST_CASE("a corrupted database gives clear errors, never a crash or a malformed reply", "[durability][storage]") {
    TempDir dir;
    const auto db_path = dir.file("office.db");
    {
        auto db = office::open_office_database(db_path);
        office::Transaction tx(*db);
        for (int i = 0; i < 2000; ++i)
            db->prepare("INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES ('tortilla', 1, ?1, 'x', 'y')")
                .bind(1, std::string(20, 'n'))
                .step();
        tx.commit();
    }
    const auto pages = std::filesystem::file_size(db_path) / 4096;
    REQUIRE(pages > 10);
    std::mt19937 random(7);
    int errors = 0, answers = 0;
    // Pages are counted from 0 here; page 0 holds the header (tests/e2e/test_end_to_end.cpp covers it).
    const std::vector<std::vector<std::size_t>> plans = {{1}, {2}, {3}, {pages / 2}, {pages - 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}};
    for (const auto& plan : plans) {
        INFO("pages " << json(plan).dump());
        TempDir copy_dir;
        const auto copy = copy_dir.file("office.db");
        std::filesystem::copy_file(db_path, copy);
        for (const auto page : plan) {
            std::fstream f(copy, std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(static_cast<std::streamoff>(page * 4096 + 16));
            std::string garbage(4000, '\0');
            for (auto& c : garbage) c = static_cast<char>(random());
            f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        ServerProcess server({"--db", copy});
        int id = 0;
        for (const auto& [tool, arguments] : std::vector<std::pair<std::string, json>>{
                 {"find_customer", {{"query", "a"}}},
                 {"list_availability", {{"day", "2026-09-04"}}},
                 {"open_invoices", {{"customer_id", 1}}},
                 {"book_slot", {{"slot_id", 2}, {"customer_id", 1}}},
                 {"order_lunch", {{"item", "tortilla"}, {"quantity", 1}}},
                 {"issue_refund", {{"invoice_id", 2}}}}) {
            server.send(call(++id, tool, arguments));
        }
        server.close_stdin();
        const auto messages = drain(server);
        const int status = server.wait();
        INFO(server.stderr_text());
        CHECK((status == 0 || status == 2));  // served, or stopped with one clear line; never a crash
        for (const auto& m : messages) {
            if (m.contains("error")) {
                ++errors;
                CHECK(m["error"]["code"] == -32603);
            } else {
                ++answers;
            }
        }
    }
    std::fprintf(stderr, "corrupted database: %d clear errors, %d answers, no crash\n", errors, answers);
}
