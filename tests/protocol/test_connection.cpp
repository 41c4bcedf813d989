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

TEST_CASE("a transport hands a framed message over with what its framing said, and learns how it went, typed", "[connection]") {
    // The seam of core/protocol/transport.h, driven as a third transport would: no headers in
    // _meta, no reply text read again.
    TempDir dir;
    const auto path = dir.file("office.db");
    int opens = 0;
    office::Connection connection(options_for(path, opens));
    const auto round = [&](const office::Incoming& incoming) {
        connection.begin_round(false);
        const office::Handled handled = connection.feed_message(incoming);
        REQUIRE(connection.end_round(false));
        const json reply = json::parse(connection.take_replies());
        return std::pair{handled, reply};
    };
    const json order = json::parse(order_line(1));

    SECTION("the idempotency key of the transport keys the call as _meta's would") {
        auto [first, reply] = round({order, false, "k-1"});
        CHECK(first.error_code == 0);
        CHECK_FALSE(first.failed);
        CHECK_FALSE(reply["result"]["_meta"].contains("office-mcp/replayed"));
        auto [again, replayed] = round({order, false, "k-1"});
        CHECK(again.error_code == 0);
        CHECK(replayed["result"]["_meta"]["office-mcp/replayed"] == true);
        CHECK(committed_orders(path) == 1);
        CHECK_FALSE(order["params"]["_meta"].contains("office-mcp/idempotencyKey"));
        // An invalid one is refused, saying where it came from, and nothing is written.
        auto [bad, refused] = round({order, false, std::string(300, 'k')});
        CHECK(bad.error_code == -32602);
        CHECK(refused["error"]["message"].get<std::string>().ends_with("(the Idempotency-Key header)"));
        CHECK(committed_orders(path) == 1);
        // Without a key, each call is its own.
        round({order});
        CHECK(committed_orders(path) == 2);
    }
    SECTION("the JSON-RPC error code the message was answered with, 0 for a result or no answer") {
        json unknown = order;
        unknown["method"] = "tools/nothing";
        CHECK(round({unknown}).first.error_code == -32601);
        CHECK(round({json::parse("[1", nullptr, false)}).first.error_code == -32700);  // parse_message's "not JSON"
        CHECK(round({order, true}).first.error_code == -32600);  // deeper than kMaxNesting
        connection.begin_round(false);
        CHECK(connection.feed_message({json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}}).error_code == 0);
        REQUIRE(connection.end_round(false));
        CHECK(connection.take_replies().empty());
    }
}
