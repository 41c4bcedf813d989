#pragma once
// A session driven in-process through the same office::Connection the stdio server uses: one
// line in (one round), the reply lines out, over a lazily opened seeded database, fixed sealing
// keys and a clock the test moves. Shared by the session and tool tests.

#include "connection.h"
#include "messages.h"
#include "request_state.h"
#include "session.h"
#include "office_store_for.h"
#include "sqlite_office_store.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office::testing {

inline constexpr std::int64_t kStart = 1'790'000'000;  // 2026-09-21, a fixed "now"

inline StateSealer::Key test_key(unsigned char fill) { return StateSealer::Key(32, fill); }

// The one text block of a tools/call result (first; what follows it are links to the rows it
// names, links_of).
inline std::string text_of(const json& result) {
    INFO(result.dump());
    REQUIRE(result.contains("content"));
    REQUIRE(!result["content"].empty());
    CHECK(result["content"][0]["type"] == "text");
    for (std::size_t i = 1; i < result["content"].size(); ++i) CHECK(result["content"][i]["type"] == "resource_link");
    return result["content"][0]["text"].get<std::string>();
}

// The URIs of a tools/call result's resource_link blocks, in order.
inline std::vector<std::string> links_of(const json& result) {
    std::vector<std::string> uris;
    for (const auto& block : result.value("content", json::array()))
        if (block.value("type", "") == "resource_link") uris.push_back(block["uri"]);
    return uris;
}

inline bool is_error(const json& result) { return result.value("isError", false); }

// inputResponses of a person who approves a refund of `amount` for `reason`.
inline json accept(json amount, std::string reason) {
    return {{"approve_refund", {{"action", "accept"}, {"content", {{"amount", std::move(amount)}, {"reason", std::move(reason)}}}}}};
}

// inputResponses of a person who answers the refund form with `action` (decline, cancel).
inline json answer(std::string action) { return {{"approve_refund", {{"action", std::move(action)}}}}; }

inline std::vector<json> parse_lines(const std::string& out) {
    std::vector<json> lines;
    std::size_t start = 0;
    while (start < out.size()) {
        const auto nl = out.find('\n', start);
        INFO(out);
        REQUIRE(nl != std::string::npos);  // every message ends its own line
        const auto line = out.substr(start, nl - start);
        const json message = json::parse(line, nullptr, false);
        INFO(line);
        REQUIRE(!message.is_discarded());
        lines.push_back(message);
        start = nl + 1;
    }
    return lines;
}

// One server process: a session over a lazily opened database, fixed keys and a clock the
// test moves. Not movable: the session's callbacks point back at it.
class InProcessServer {
public:
    // `principal`: the caller a bearer token proved (HTTP); `logger`: where request lines go;
    // `locale`: the language of texts for people (--locale); `admin`: the admin right (--admin).
    explicit InProcessServer(std::vector<std::string> tools = {}, std::string path = ":memory:", std::string principal = {},
                             Logger* logger = nullptr, Locale locale = Locale::En, bool admin = false)
        : path_(std::move(path)),
          connection_(make_options(std::move(tools), std::move(principal), logger, locale, admin)),
          session(connection_.session()) {}
    InProcessServer(const InProcessServer&) = delete;
    InProcessServer& operator=(const InProcessServer&) = delete;

    std::vector<json> send_line(std::string_view line) {
        connection_.begin_round(false);
        connection_.feed(line);
        connection_.feed("\n");
        REQUIRE(connection_.end_round(false));
        const std::string out = connection_.replies();
        connection_.replies_sent();
        return parse_lines(out);
    }
    std::vector<json> send(const json& message) { return send_line(message.dump()); }
    // What the transport's timer would write now: change notifications (Connection::poll).
    std::vector<json> poll() { return take([&] { connection_.poll(); }); }
    // What the server writes as it stops (Connection::close).
    std::vector<json> close() { return take([&] { connection_.close(); }); }

    // The one reply a request gets.
    json reply(const json& message) {
        const auto lines = send(message);
        INFO(message.dump());
        REQUIRE(lines.size() == 1);
        return lines[0];
    }
    json result(const json& message) {
        auto r = reply(message);
        INFO(r.dump());
        REQUIRE(r.contains("result"));
        CHECK(r["id"] == message.at("id"));
        return r["result"];
    }
    json error(const json& message) {
        auto r = reply(message);
        INFO(r.dump());
        REQUIRE(r.contains("error"));
        CHECK(!r.contains("result"));
        return r["error"];
    }

    // The SQLite database itself, for the suites that run on SQLite only.
    Database& db() {
        auto* sqlite = dynamic_cast<SqliteOfficeStore*>(&connection_.store());
        REQUIRE(sqlite != nullptr);
        return sqlite->database();
    }
    OfficeStore& store() { return connection_.store(); }
    // Rows through the store's own connection, with SQL both backends understand.
    void exec(const std::string& sql) { store_exec(connection_.store(), sql); }
    std::string text(const std::string& sql) {
        const auto rows = store_texts(connection_.store(), sql);
        return rows.empty() ? "<no row>" : rows[0];
    }
    std::vector<std::string> texts(const std::string& sql) { return store_texts(connection_.store(), sql); }
    std::int64_t number(const std::string& sql) { return store_number(connection_.store(), sql); }
    std::string invoice_status(int id) { return text("SELECT status FROM invoices WHERE id = " + std::to_string(id)); }
    std::int64_t refunds() { return number("SELECT count(*) FROM refunds"); }

    int database_opens = 0;
    std::int64_t now = kStart;

private:
    template <class F>
    std::vector<json> take(F&& act) {
        act();
        const std::string out = connection_.replies();
        connection_.replies_sent();
        return parse_lines(out);
    }

    ConnectionOptions make_options(std::vector<std::string> tools, std::string principal, Logger* logger, Locale locale, bool admin) {
        ConnectionOptions options;
        options.admin = admin;
        options.settings.locale = locale;
        options.tools = std::move(tools);
        options.principal = std::move(principal);
        options.logger = logger;
        // ":memory:" is a fresh office: on PostgreSQL a database of its own (test_database.h).
        options.open_store = [this]() -> std::unique_ptr<OfficeStore> {
            if (path_ == ":memory:" && on_postgres() && !own_) own_.emplace();
            auto store = open_office_store_for(own_ ? own_->arg() : path_);
            ++database_opens;
            return store;
        };
        options.open_sealer = [] { return std::make_unique<StateSealer>(std::vector{test_key(0x11), test_key(0x22)}); };
        options.now = [this] { return now; };
        return options;
    }

    std::string path_;
    std::optional<TestDatabase> own_;  // before connection_: the store closes before its database is dropped
    Connection connection_;

public:
    Session& session;
};

}  // namespace office::testing
