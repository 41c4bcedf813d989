// office::Connection in-process: the rounds, group commit and "a reply leaves only after its
// write is committed" that every transport relies on (core/protocol/connection.h).

#include "connection.h"
#include "server_process.h"
#include "sqlite_office_store.h"

#include <catch2/catch.hpp>

#include <string>

using office::json;
using office::testing::TempDir;

namespace {

std::string order_line(int id) {
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "tools/call"},
                {"params", office::testing::modern_params({{"name", "order_lunch"},
                                                           {"arguments", {{"item", "tortilla"}, {"quantity", 1}}}})}}
               .dump() +
           "\n";
}

// What another process would see in the file: committed orders only.
std::int64_t committed_orders(const std::string& path) {
    office::Database reader(path, office::Database::Mode::ReadOnly);
    auto& q = reader.prepare("SELECT count(*) FROM lunch_orders");
    const auto n = q.step() ? q.column_int(0) : -1;
    q.reset();
    return n;
}

std::size_t lines_in(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

office::ConnectionOptions options_for(const std::string& path, int& opens) {
    office::ConnectionOptions options;
    options.open_store = [&opens, path] {
        ++opens;
        return office::open_office_store(path);
    };
    options.open_sealer = [] {
        return std::make_unique<office::StateSealer>(std::vector<office::StateSealer::Key>{office::StateSealer::Key(32, 9)});
    };
    return options;
}

}  // namespace

TEST_CASE("a grouped round commits its writes once, and its replies are released only after that commit", "[connection]") {
    TempDir dir;
    const auto path = dir.file("office.db");
    int opens = 0;
    office::Connection connection(options_for(path, opens));

    // A lone line: its own round, committed on its own, answered at its end.
    connection.begin_round(false);
    connection.feed(order_line(1));
    CHECK(connection.replies().empty());
    REQUIRE(connection.end_round(false));
    CHECK(lines_in(connection.replies()) == 1);
    connection.replies_sent();
    CHECK(opens == 1);
    CHECK(committed_orders(path) == 1);

    // Three lines at once: one transaction. Until the round ends nothing of it is committed
    // and no reply is released.
    connection.begin_round(true);
    connection.feed(order_line(2) + order_line(3) + order_line(4));
    CHECK(connection.wants_more());
    CHECK(connection.replies().empty());
    CHECK(committed_orders(path) == 1);
    REQUIRE(connection.end_round(false));
    CHECK(committed_orders(path) == 4);
    CHECK(lines_in(connection.replies()) == 3);
    CHECK(connection.replies().find("\"id\":4") != std::string::npos);
    CHECK(connection.fatal().empty());
    CHECK(opens == 1);
}

TEST_CASE("a round of reads only has nothing to commit and asks for no more input", "[connection]") {
    TempDir dir;
    const auto path = dir.file("office.db");
    int opens = 0;
    office::Connection connection(options_for(path, opens));
    connection.begin_round(false);
    connection.feed(order_line(1));
    REQUIRE(connection.end_round(false));
    connection.replies_sent();

    const auto find = json{{"jsonrpc", "2.0"},
                           {"id", 2},
                           {"method", "tools/call"},
                           {"params", office::testing::modern_params({{"name", "find_customer"}, {"arguments", {{"query", "Maria"}}}})}}
                          .dump() + "\n";
    connection.begin_round(true);
    connection.feed(find + find);
    CHECK_FALSE(connection.wants_more());
    REQUIRE(connection.end_round(false));
    CHECK(lines_in(connection.replies()) == 2);
}

TEST_CASE("a last line without a newline is answered when the input ends, and closing drops nothing else", "[connection]") {
    TempDir dir;
    int opens = 0;
    office::Connection connection(options_for(dir.file("office.db"), opens));
    auto line = order_line(7);
    line.pop_back();
    connection.begin_round(false);
    connection.feed(line);
    REQUIRE(connection.end_round(false));
    CHECK(connection.replies().empty());
    connection.begin_round(false);
    REQUIRE(connection.end_round(true));
    CHECK(lines_in(connection.replies()) == 1);
    connection.replies_sent();
    connection.close();
    CHECK(connection.replies().empty());
}

TEST_CASE("a store that cannot be opened fails the request and sets the fatal side channel", "[connection]") {
    TempDir dir;
    office::ConnectionOptions options;
    options.open_store = [&]() -> std::unique_ptr<office::OfficeStore> {
        throw office::StoreError(14, "cannot open database " + dir.path() + "/x: no");
    };
    office::Connection connection(std::move(options));
    connection.begin_round(false);
    connection.feed(order_line(1));
    REQUIRE(connection.end_round(false));
    const auto reply = json::parse(connection.replies());
    CHECK(reply["error"]["code"] == -32603);
    CHECK(connection.fatal() == "cannot open database " + dir.path() + "/x: no");
}
