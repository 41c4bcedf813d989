// MCP over Streamable HTTP as data: core/http/http_endpoint.h driven in-process (no sockets), over a
// seeded in-memory office. The bytes on real sockets are tested in test_http_server.cpp.

#include "contained.h"
#include "faulty_store.h"
#include "fuzz/replay_http.h"
#include "http_endpoint.h"
#include "http_internal.h"
#include "records.h"
#include "session_harness.h"
#include "tokens.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

using namespace office;
using office::testing::kStart;
using office::testing::test_key;

namespace {

const json kEnvelope = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                        {"io.modelcontextprotocol/clientInfo", {{"name", "test"}, {"version", "1"}}},
                        {"io.modelcontextprotocol/clientCapabilities", json::object()}};

struct Push {
    std::uint64_t stream;
    std::string events;
    bool end;
};

// An office behind the endpoint, and what it pushed to open streams.
struct Office {
    std::shared_ptr<SqliteOfficeStore> store = open_office_store(":memory:");
    std::int64_t now = kStart;
    std::vector<Push> pushes;
    http::Endpoint endpoint;

    explicit Office(std::function<void(http::EndpointOptions&)> tweak = {})
        : endpoint(options(std::move(tweak)), [this](std::uint64_t s, std::string_view e, bool end) {
              pushes.push_back({s, std::string(e), end});
          }) {}

    http::EndpointOptions options(std::function<void(http::EndpointOptions&)> tweak) {
        http::EndpointOptions o;
        o.store = store;
        o.open_sealer = [] { return std::make_unique<StateSealer>(std::vector<StateSealer::Key>{test_key(0x11)}); };
        o.now = [this] { return now; };
        if (tweak) tweak(o);
        return o;
    }

    http::Response send(http::Request request) {
        http::Exchange exchange{std::move(request), {}};
        endpoint.handle({&exchange});
        return exchange.response;
    }

    // A POST of `body` with the headers a client sends, plus `extra`.
    http::Response post(const json& body, const http::Headers& extra = {}) {
        http::Request request{"POST", "/mcp", {{"content-type", "application/json"}, {"accept", "application/json, text/event-stream"}}, body.dump()};
        for (const auto& [name, value] : extra) request.headers[name] = value;
        return send(std::move(request));
    }

    // A 2026-07-28 request with its envelope and mirrored headers.
    http::Response modern(const std::string& method, json params = json::object(), http::Headers extra = {}) {
        params["_meta"] = kEnvelope;
        http::Headers headers{{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", method}};
        if (params.contains("name")) headers["mcp-name"] = params["name"].get<std::string>();
        for (const auto& [name, value] : extra) headers[name] = value;
        return post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", params}}, headers);
    }

    std::int64_t count(const std::string& table) {
        auto& st = store->database().prepare("SELECT count(*) FROM " + table);
        REQUIRE(st.step());
        const auto n = st.column_int(0);
        st.reset();
        return n;
    }
};

std::string header(const http::Response& response, std::string_view name) {
    for (const auto& [n, v] : response.headers)
        if (n == name) return v;
    return {};
}

json body(const http::Response& response) {
    INFO(response.body);
    const json message = json::parse(response.body, nullptr, false);
    REQUIRE(!message.is_discarded());
    return message;
}

json lunch(const std::string& item = "tortilla") { return {{"name", "order_lunch"}, {"arguments", {{"item", item}, {"quantity", 1}}}}; }

// The JSON of each SSE event in `events`.
std::vector<json> events_of(const std::string& events) {
    std::vector<json> out;
    std::size_t at = 0;
    while ((at = events.find("data: ", at)) != std::string::npos) {
        const auto end = events.find('\n', at);
        out.push_back(json::parse(events.substr(at + 6, end - at - 6)));
        at = end;
    }
    return out;
}

}  // namespace

TEST_CASE("a 2026-07-28 tools/call over HTTP is one POST answered with JSON") {
    Office office;
    const auto response = office.modern("tools/call", lunch());
    CHECK(response.status == 200);
    CHECK(header(response, "Content-Type") == "application/json");
    CHECK(header(response, "Mcp-Session-Id").empty());
    CHECK_FALSE(office::testing::is_error(body(response)["result"]));
    CHECK(office.count("lunch_orders") == 1);
    CHECK(office.endpoint.sessions() == 0);
}

TEST_CASE("headers that do not match the body are refused with 400 and -32020, and nothing is done") {
    Office office;
    SECTION("Mcp-Name names another tool") {
        const auto response = office.modern("tools/call", lunch(), {{"mcp-name", "book_slot"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["code"] == -32020);
        CHECK(body(response)["error"]["message"] ==
              "Header mismatch: Mcp-Name header value 'book_slot' does not match body value 'order_lunch'");
        CHECK(body(response)["id"] == 1);
    }
    SECTION("Mcp-Method says another method") {
        const auto response = office.modern("tools/call", lunch(), {{"mcp-method", "tools/list"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["code"] == -32020);
    }
    SECTION("MCP-Protocol-Version says another version") {
        const auto response = office.modern("tools/call", lunch(), {{"mcp-protocol-version", "2025-11-25"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["message"] ==
              "Header mismatch: MCP-Protocol-Version header value '2025-11-25' does not match body value '2026-07-28'");
    }
    SECTION("a required header is missing") {
        json params = lunch();
        params["_meta"] = kEnvelope;
        const json request{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", params}};
        const auto response =
            office.post(request, {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["message"] == "Header mismatch: Mcp-Name header is missing");
    }
    CHECK(office.count("lunch_orders") == 0);
}

TEST_CASE("a 2026-07-28 request whose envelope lacks a required field is 400 with -32602") {
    Office office;
    json params = lunch();
    params["_meta"] = kEnvelope;
    params["_meta"].erase("io.modelcontextprotocol/clientCapabilities");
    const auto response = office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", params}},
                                      {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"}, {"mcp-name", "order_lunch"}});
    CHECK(response.status == 400);
    CHECK(body(response)["error"]["code"] == -32602);
    CHECK(office.count("lunch_orders") == 0);
}

TEST_CASE("an Mcp-Name in the spec's base64 form is decoded before it is compared") {
    Office office;
    const auto response = office.modern("tools/call", lunch(), {{"mcp-name", "=?base64?b3JkZXJfbHVuY2g=?="}});
    CHECK(response.status == 200);
    CHECK(office.count("lunch_orders") == 1);
}

TEST_CASE("a 2026-07-28 request for an unknown method is 404, an unknown version 400") {
    Office office;
    const auto unknown = office.modern("widgets/list");
    CHECK(unknown.status == 404);
    CHECK(body(unknown)["error"]["code"] == -32601);

    json params = json::object();
    params["_meta"] = kEnvelope;
    params["_meta"]["io.modelcontextprotocol/protocolVersion"] = "2099-01-01";
    const auto version = office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}, {"params", params}},
                                     {{"mcp-protocol-version", "2099-01-01"}, {"mcp-method", "tools/list"}});
    CHECK(version.status == 400);
    CHECK(body(version)["error"]["code"] == -32022);
    CHECK(body(version)["error"]["data"]["supported"] == json::array({"2026-07-28"}));
}

TEST_CASE("what is not a JSON POST to /mcp gets the HTTP status that says why") {
    Office office;
    CHECK(office.send({"GET", "/mcp", {}, ""}).status == 405);
    CHECK(header(office.send({"GET", "/mcp", {}, ""}), "Allow") == "POST, DELETE");
    CHECK(office.send({"DELETE", "/mcp", {}, ""}).status == 405);
    CHECK(office.send({"POST", "/other", {{"content-type", "application/json"}}, "{}"}).status == 404);
    CHECK(office.send({"POST", "/mcp", {{"content-type", "text/plain"}, {"accept", "*/*"}}, "{}"}).status == 415);
    CHECK(office.send({"POST", "/mcp", {{"content-type", "application/json"}, {"accept", "application/json"}}, "{}"}).status == 406);
    const auto garbage = office.send({"POST", "/mcp", {{"content-type", "application/json"}, {"accept", "*/*"}}, "{nope"});
    CHECK(garbage.status == 400);
    CHECK(body(garbage)["error"]["code"] == -32700);
}

TEST_CASE("a browser page from another origin is refused with 403, this machine's pages and listed origins pass") {
    Office office([](http::EndpointOptions& o) { o.allowed_origins = {"https://desk.example.org"}; });
    CHECK(office.modern("tools/list", {}, {{"origin", "http://evil.example"}}).status == 403);
    CHECK(office.modern("tools/list", {}, {{"origin", "http://localhost.evil.example"}}).status == 403);
    CHECK(office.modern("tools/list", {}, {{"origin", "http://localhost:6274"}}).status == 200);
    CHECK(office.modern("tools/list", {}, {{"origin", "https://desk.example.org"}}).status == 200);
    CHECK(office.modern("tools/list").status == 200);  // no Origin: not a browser

    Office exposed([](http::EndpointOptions& o) { o.allow_loopback_origins = false; });
    CHECK(exposed.modern("tools/list", {}, {{"origin", "http://localhost:6274"}}).status == 403);
}

TEST_CASE("with tokens, a request without a valid bearer token is 401, and a token's profile limits its tools") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "good") return http::Principal{"alice", {}};
            if (token == "lunch") return http::Principal{"bob", {"order_lunch"}};
            return std::nullopt;
        };
    });
    const auto missing = office.modern("tools/list");
    CHECK(missing.status == 401);
    CHECK(header(missing, "WWW-Authenticate") == R"(Bearer realm="office-mcp")");
    const auto wrong = office.modern("tools/list", {}, {{"authorization", "Bearer bad"}});
    CHECK(wrong.status == 401);
    CHECK(header(wrong, "WWW-Authenticate") == R"(Bearer realm="office-mcp", error="invalid_token")");
    CHECK(office.modern("tools/list", {}, {{"authorization", "Basic Z29vZA=="}}).status == 401);

    const auto all = office.modern("tools/list", {}, {{"authorization", "Bearer good"}});
    CHECK(all.status == 200);
    CHECK(body(all)["result"]["tools"].size() == 9);
    const auto limited = office.modern("tools/list", {}, {{"authorization", "bearer lunch"}});
    REQUIRE(body(limited)["result"]["tools"].size() == 1);
    CHECK(body(limited)["result"]["tools"][0]["name"] == "order_lunch");
    const auto refused = office.modern("tools/call", {{"name", "find_customer"}, {"arguments", {{"query", "a"}}}},
                                       {{"authorization", "Bearer lunch"}});
    CHECK(body(refused)["error"]["code"] == -32602);
}

namespace {

// A 2025 client's session: initialize, then requests naming the session.
struct LegacyClient {
    Office& office;
    std::string session;
    http::Headers auth;

    LegacyClient(Office& o, bool elicitation = true, http::Headers a = {}) : office(o), auth(std::move(a)) {
        json caps = elicitation ? json{{"elicitation", json::object()}} : json::object();
        const auto response = office.post({{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
                                           {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", caps},
                                                       {"clientInfo", {{"name", "legacy"}, {"version", "2"}}}}}},
                                          auth);
        REQUIRE(response.status == 200);
        session = header(response, "Mcp-Session-Id");
        REQUIRE(office.post({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, headers()).status == 202);
    }
    http::Headers headers() const {
        auto h = auth;
        h["mcp-session-id"] = session;
        h["mcp-protocol-version"] = "2025-11-25";
        return h;
    }
    http::Response request(int id, const std::string& method, json params = json::object()) {
        return office.post({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}, headers());
    }
    http::Response answer(const json& id, json result) {
        return office.post({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}, headers());
    }
};

}  // namespace

TEST_CASE("initialize opens a session named by a random Mcp-Session-Id, DELETE ends it, an unknown one is 404") {
    Office office;
    LegacyClient client(office);
    CHECK(client.session.size() == 32);
    CHECK(client.session.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(LegacyClient(office).session != client.session);
    CHECK(client.request(1, "tools/list").status == 200);
    CHECK(body(client.request(1, "tools/list"))["result"]["tools"].size() == 9);

    http::Request end{"DELETE", "/mcp", {{"mcp-session-id", client.session}}, ""};
    CHECK(office.send(end).status == 204);
    CHECK(office.send(end).status == 404);
    const auto gone = client.request(2, "tools/list");
    CHECK(gone.status == 404);
    CHECK(body(gone)["error"]["message"] == "Session not found: initialize again");
}

TEST_CASE("a session belongs to the token that opened it") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            return token == "a" || token == "b" ? std::optional<http::Principal>(http::Principal{std::string(*token), {}}) : std::nullopt;
        };
    });
    LegacyClient alice(office, true, {{"authorization", "Bearer a"}});
    CHECK(alice.request(1, "tools/list").status == 200);
    alice.auth = {{"authorization", "Bearer b"}};
    CHECK(alice.request(2, "tools/list").status == 404);
}

TEST_CASE("a 2025 client's refund: the question goes on the call's SSE stream, the result follows it") {
    Office office;
    LegacyClient client(office);
    const auto call = client.request(7, "tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}});
    REQUIRE(call.status == 200);
    CHECK(header(call, "Content-Type") == "text/event-stream");
    REQUIRE(call.open_stream);
    const auto asked = events_of(call.body);
    REQUIRE(asked.size() == 1);
    CHECK(asked[0]["method"] == "elicitation/create");

    SECTION("a refused answer asks again on the same stream; a good one ends it with the result") {
        CHECK(client.answer(asked[0]["id"], {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", " "}}}}).status == 202);
        REQUIRE(office.pushes.size() == 1);
        CHECK(office.pushes[0].stream == call.stream);
        CHECK_FALSE(office.pushes[0].end);
        const auto again = events_of(office.pushes[0].events);
        REQUIRE(again.size() == 1);
        CHECK(again[0]["method"] == "elicitation/create");

        CHECK(client.answer(again[0]["id"], {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "broken cup"}}}}).status == 202);
        REQUIRE(office.pushes.size() == 2);
        CHECK(office.pushes[1].stream == call.stream);
        CHECK(office.pushes[1].end);
        const auto result = events_of(office.pushes[1].events);
        REQUIRE(result.size() == 1);
        CHECK(result[0]["id"] == 7);
        CHECK_FALSE(office::testing::is_error(result[0]["result"]));
        CHECK(office.count("refunds") == 1);
    }
    SECTION("the client closed the stream: the answer is still taken, its result has nowhere to go") {
        office.endpoint.stream_closed(call.stream);
        CHECK(client.answer(asked[0]["id"], {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "broken cup"}}}}).status == 202);
        CHECK(office.pushes.empty());
    }
    SECTION("ending the session ends its stream with nothing refunded") {
        CHECK(office.send({"DELETE", "/mcp", {{"mcp-session-id", client.session}}, ""}).status == 204);
        REQUIRE(office.pushes.size() == 1);
        CHECK(office.pushes[0].end);
        CHECK(office.count("refunds") == 0);
    }
}

TEST_CASE("a 2025 client without forms gets the approval queue over HTTP, as on stdio") {
    Office office;
    LegacyClient client(office, false);
    const auto call = client.request(3, "tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}});
    CHECK(call.status == 200);
    CHECK_FALSE(call.open_stream);
    CHECK(office::testing::text_of(body(call)["result"]).find("queued") != std::string::npos);
    CHECK(office.count("approval_requests") == 1);
}

TEST_CASE("sessions are bounded: idle ones expire, and past the cap the least recently used idle one goes") {
    Office office([](http::EndpointOptions& o) {
        o.max_sessions = 2;
        o.session_idle = std::chrono::seconds(60);
    });
    LegacyClient first(office);
    office.now += 10;
    LegacyClient second(office);
    office.now += 10;
    CHECK(first.request(1, "tools/list").status == 200);  // first is now the more recent
    LegacyClient third(office);
    CHECK(office.endpoint.sessions() == 2);
    CHECK(second.request(2, "tools/list").status == 404);
    CHECK(first.request(3, "tools/list").status == 200);

    office.now += 61;
    office.endpoint.expire_sessions();
    CHECK(office.endpoint.sessions() == 0);
    CHECK(third.request(4, "tools/list").status == 404);
}

TEST_CASE("requests at hand together are answered together, each with its own response") {
    Office office;
    json a = lunch("tortilla"), b = lunch("ensalada");
    a["_meta"] = b["_meta"] = kEnvelope;
    const http::Headers h{{"content-type", "application/json"}, {"accept", "*/*"}, {"mcp-protocol-version", "2026-07-28"},
                          {"mcp-method", "tools/call"}, {"mcp-name", "order_lunch"}};
    http::Exchange one{{"POST", "/mcp", h, json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", a}}.dump()}, {}};
    http::Exchange two{{"POST", "/mcp", h, json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/call"}, {"params", b}}.dump()}, {}};
    http::Exchange bad{{"GET", "/mcp", {}, ""}, {}};
    office.endpoint.handle({&one, &bad, &two});
    CHECK(body(one.response)["id"] == 1);
    CHECK(body(two.response)["id"] == 2);
    CHECK(bad.response.status == 405);
    CHECK(office.count("lunch_orders") == 2);
}

TEST_CASE("header values: plain visible ASCII, or the spec's base64 form, anything else is refused") {
    CHECK(http::decode_header_value("order_lunch") == "order_lunch");
    CHECK(http::decode_header_value("=?base64?SGVsbG8sIOS4lueVjA==?=") == "Hello, \xe4\xb8\x96\xe7\x95\x8c");
    CHECK(http::decode_header_value("=?base64?IHBhZGRlZCA=?=") == " padded ");
    CHECK(http::decode_header_value("=?base64?YQ==?=") == "a");
    CHECK(http::decode_header_value("=?base64?YWI=?=") == "ab");
    CHECK(http::decode_header_value("=?base64?" "?=") == "");  // split: "??=" is a trigraph
    CHECK_FALSE(http::decode_header_value("=?base64?Y?="));
    CHECK_FALSE(http::decode_header_value("=?base64?YQ=a?="));
    CHECK_FALSE(http::decode_header_value("=?base64?Y*==?="));
    CHECK_FALSE(http::decode_header_value("line\nbreak"));
    CHECK_FALSE(http::decode_header_value("caf\xc3\xa9"));
}

TEST_CASE("bearer tokens and loopback origins are recognised exactly") {
    CHECK(http::bearer_token("Bearer abc") == std::string_view("abc"));
    CHECK(http::bearer_token("bearer  abc ") == std::string_view("abc"));
    CHECK_FALSE(http::bearer_token("Bearer "));
    CHECK_FALSE(http::bearer_token("Bearer a b"));
    CHECK_FALSE(http::bearer_token("Basic abc"));
    CHECK(http::is_loopback_origin("http://localhost"));
    CHECK(http::is_loopback_origin("http://127.0.0.1:8080"));
    CHECK(http::is_loopback_origin("https://[::1]:443"));
    CHECK_FALSE(http::is_loopback_origin("http://localhost.evil.example"));
    CHECK_FALSE(http::is_loopback_origin("http://localhost:80x"));
    CHECK_FALSE(http::is_loopback_origin("null"));
    CHECK_FALSE(http::is_loopback_origin("file://localhost"));
}

// ---- resources over HTTP: reads are ordinary POSTs; change notifications go on a listen
// stream (2026-07-28) or a session's GET stream (2025).

namespace {

json listen_params(json uris) { return {{"notifications", {{"resourceSubscriptions", std::move(uris)}}}}; }

// A file office: a second store on the same file is another process writing.
struct FileOffice {
    std::string dir = [] {
        std::string d = (std::filesystem::temp_directory_path() / "office-http-res-XXXXXX").string();
        if (::mkdtemp(d.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        return d;
    }();
    ~FileOffice() { std::filesystem::remove_all(dir); }
    std::string path() const { return dir + "/office.db"; }
};

void book_elsewhere(const std::string& path, int slot) {
    auto other = open_office_store(path);
    CallContext ctx;
    ctx.store = [&]() -> OfficeStore& { return *other; };
    ctx.caller.era = "modern";
    const auto& tools = office_tools();
    const auto book = std::find_if(tools.begin(), tools.end(), [](const Tool& t) { return t.name == "book_slot"; });
    const auto outcome = book->run(ctx, {{"slot_id", slot}, {"customer_id", 1}});
    REQUIRE_FALSE(std::get<ToolResult>(outcome).is_error);
}

}  // namespace

TEST_CASE("a 2026-07-28 resources/read over HTTP is one POST whose Mcp-Name is the URI") {
    Office office;
    const auto read = office.modern("resources/read", {{"uri", "office://customers?limit=1"}}, {{"mcp-name", "office://customers?limit=1"}});
    CHECK(read.status == 200);
    const auto result = body(read)["result"];
    CHECK(result["cacheScope"] == "public");
    CHECK(json::parse(result["contents"][0]["text"].get<std::string>())["next"] == "office://customers?after=1&limit=1");
    const auto mismatch = office.modern("resources/read", {{"uri", "office://slots"}}, {{"mcp-name", "office://customers"}});
    CHECK(mismatch.status == 400);
    CHECK(body(mismatch)["error"]["code"] == -32020);
}

TEST_CASE("only a caller with the admin right sees and calls the admin tools, in both eras") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "agent") return http::Principal{"agent", {}};
            if (token == "desk") {
                http::Principal desk{"desk", {}};
                desk.admin = true;
                return desk;
            }
            return std::nullopt;
        };
    });
    const auto names = [&](const http::Headers& who) {
        std::vector<std::string> listed;
        const json list = body(office.modern("tools/list", {}, who));  // kept: the loop reads into it
        for (const auto& tool : list["result"]["tools"]) listed.push_back(tool["name"]);
        return listed;
    };
    const http::Headers agent{{"authorization", "Bearer agent"}}, desk{{"authorization", "Bearer desk"}};
    const json edit{{"name", "edit_customer"}, {"arguments", {{"customer_id", 1}, {"name", "Maria A."}}}};
    const auto agent_tools = names(agent);
    CHECK(agent_tools.size() == 9);
    CHECK(std::find(agent_tools.begin(), agent_tools.end(), "edit_customer") == agent_tools.end());
    const auto refused = office.modern("tools/call", edit, agent);
    CHECK(body(refused)["error"]["message"] == "Unknown tool: edit_customer");
    CHECK(names(desk).size() == 19);
    const auto edited = office.modern("tools/call", edit, desk);
    CHECK(body(edited)["result"]["content"][0]["text"] ==
          "Customer 1 is now Maria A. <maria@example.com> (was Maria Alvarez <maria@example.com>).");
    const auto trail = office.store->read_audit();
    REQUIRE_FALSE(trail.empty());
    CHECK(trail.back().principal + " " + trail.back().action == "desk customer_edited");
}

TEST_CASE("a token's profile limits the resources over HTTP, privately cached") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "lunch") return http::Principal{"bob", {"order_lunch"}};
            return std::nullopt;
        };
    });
    const http::Headers bob{{"authorization", "Bearer lunch"}};
    const auto list = body(office.modern("resources/list", {}, bob))["result"];
    REQUIRE(list["resources"].size() == 2);  // the orders and the menu they are made from
    CHECK(list["resources"][0]["uri"] == "office://lunch_orders");
    CHECK(list["cacheScope"] == "private");
    auto headers = bob;
    headers["mcp-name"] = "office://invoices";
    CHECK(body(office.modern("resources/read", {{"uri", "office://invoices"}}, headers))["error"]["message"] == "Resource not found");
}

TEST_CASE("subscriptions/listen over HTTP is an SSE stream: acknowledgment, notifications, completion at shutdown") {
    FileOffice file;
    Office office([&](http::EndpointOptions& o) { o.store = open_office_store(file.path()); });
    const auto listen = office.modern("subscriptions/listen", listen_params({"office://slots", "office://invoices"}));
    REQUIRE(listen.status == 200);
    CHECK(header(listen, "Content-Type") == "text/event-stream");
    CHECK(header(listen, "X-Accel-Buffering") == "no");
    REQUIRE(listen.open_stream);
    const auto ack = events_of(listen.body);
    REQUIRE(ack.size() == 1);
    CHECK(ack[0]["method"] == "notifications/subscriptions/acknowledged");
    CHECK(ack[0]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 1);

    book_elsewhere(file.path(), 5);  // another process
    office.endpoint.poll();
    REQUIRE(office.pushes.size() == 1);
    CHECK(office.pushes[0].stream == listen.stream);
    CHECK_FALSE(office.pushes[0].end);
    const auto updated = events_of(office.pushes[0].events);
    REQUIRE(updated.size() == 1);  // slots changed; invoices did not
    CHECK(updated[0] == json{{"jsonrpc", "2.0"},
                             {"method", "notifications/resources/updated"},
                             {"params", {{"_meta", {{"io.modelcontextprotocol/subscriptionId", 1}}}, {"uri", "office://slots"}}}});
    office.endpoint.poll();
    CHECK(office.pushes.size() == 1);  // told once

    // A write through this server is told without waiting for the timer.
    office.modern("tools/call", {{"name", "book_slot"}, {"arguments", {{"slot_id", 6}, {"customer_id", 1}}}});
    REQUIRE(office.pushes.size() == 2);
    CHECK(events_of(office.pushes[1].events)[0]["params"]["uri"] == "office://slots");

    office.endpoint.close();
    REQUIRE(office.pushes.size() == 3);
    CHECK(office.pushes[2].end);
    const auto end = events_of(office.pushes[2].events);
    REQUIRE(end.size() == 1);
    CHECK(end[0]["id"] == 1);
    CHECK(end[0]["result"]["resultType"] == "complete");
    CHECK(end[0]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 1);
}

TEST_CASE("closing a listen stream cancels the subscription") {
    FileOffice file;
    Office office([&](http::EndpointOptions& o) { o.store = open_office_store(file.path()); });
    const auto listen = office.modern("subscriptions/listen", listen_params({"office://slots"}));
    REQUIRE(listen.open_stream);
    office.endpoint.stream_closed(listen.stream);
    book_elsewhere(file.path(), 5);
    office.endpoint.poll();
    office.endpoint.close();
    CHECK(office.pushes.empty());
}

TEST_CASE("a listen with a bad filter is answered with its error, not a stream") {
    Office office;
    const auto refused = office.modern("subscriptions/listen", {{"notifications", 3}});
    CHECK(refused.status == 200);
    CHECK_FALSE(refused.open_stream);
    CHECK(body(refused)["error"]["message"] == "Invalid params: notifications must be an object");
}

TEST_CASE("a 2025 session hears of changes on its GET stream, one stream per session") {
    FileOffice file;
    Office office([&](http::EndpointOptions& o) { o.store = open_office_store(file.path()); });
    LegacyClient client(office, false);
    http::Request get{"GET", "/mcp", client.headers(), ""};
    get.headers["accept"] = "text/event-stream";
    const auto stream = office.send(get);
    REQUIRE(stream.status == 200);
    CHECK(header(stream, "Content-Type") == "text/event-stream");
    REQUIRE(stream.open_stream);
    CHECK(office.send(get).status == 409);

    const auto subscribe = client.request(1, "resources/subscribe", {{"uri", "office://slots"}});
    CHECK(subscribe.status == 200);
    CHECK(header(subscribe, "Content-Type") == "application/json");
    CHECK(body(subscribe)["result"] == json::object());

    book_elsewhere(file.path(), 5);
    office.endpoint.poll();
    REQUIRE(office.pushes.size() == 1);
    CHECK(office.pushes[0].stream == stream.stream);
    CHECK(events_of(office.pushes[0].events) ==
          std::vector<json>{{{"jsonrpc", "2.0"}, {"method", "notifications/resources/updated"}, {"params", {{"uri", "office://slots"}}}}});

    // Unknown sessions have no stream; without a session there is none (2026-07-28: 405).
    get.headers["mcp-session-id"] = "nope";
    CHECK(office.send(get).status == 404);
    CHECK(office.send({"GET", "/mcp", {{"accept", "text/event-stream"}}, ""}).status == 405);
}

TEST_CASE("a stream opened in a group hears that group's events in its own response: the transport knows it only then") {
    // Found by fuzz_http_endpoint (tests/fuzz/regressions/http/delete-beside-its-get-stream.txt):
    // a GET stream and its session's DELETE handled together. The end was pushed before the
    // transport had the GET's response, so a real server dropped it and left the stream open.
    FileOffice file;
    Office office([&](http::EndpointOptions& o) { o.store = open_office_store(file.path()); });
    LegacyClient client(office, false);
    http::Request get{"GET", "/mcp", client.headers(), ""};
    get.headers["accept"] = "text/event-stream";

    SECTION("a DELETE beside the GET: the stream is opened and ended in one whole response") {
        http::Exchange open{get, {}};
        http::Exchange end{{"DELETE", "/mcp", {{"mcp-session-id", client.session}}, ""}, {}};
        office.endpoint.handle({&open, &end});
        CHECK(end.response.status == 204);
        CHECK(open.response.status == 200);
        CHECK(header(open.response, "Content-Type") == "text/event-stream");
        CHECK_FALSE(open.response.open_stream);
        CHECK(office.pushes.empty());
        CHECK(office.send(get).status == 404);
    }
    SECTION("a DELETE after the GET's group: the open stream is ended once, by a push") {
        const auto open = office.send(get);
        REQUIRE(open.open_stream);
        http::Exchange end{{"DELETE", "/mcp", {{"mcp-session-id", client.session}}, ""}, {}};
        http::Exchange again{{"DELETE", "/mcp", {{"mcp-session-id", client.session}}, ""}, {}};
        office.endpoint.handle({&end, &again});
        CHECK(end.response.status == 204);
        CHECK(again.response.status == 404);
        REQUIRE(office.pushes.size() == 1);
        CHECK(office.pushes[0].stream == open.stream);
        CHECK(office.pushes[0].end);
    }
    SECTION("a change noticed as the GET is answered goes in the GET's response, which stays open") {
        CHECK(client.request(1, "resources/subscribe", {{"uri", "office://slots"}}).status == 200);
        book_elsewhere(file.path(), 5);
        const auto open = office.send(get);
        REQUIRE(open.open_stream);
        CHECK(office.pushes.empty());
        CHECK(events_of(open.body) ==
              std::vector<json>{{{"jsonrpc", "2.0"}, {"method", "notifications/resources/updated"}, {"params", {{"uri", "office://slots"}}}}});
    }
}

TEST_CASE("a 2025 session that listed the tools hears on its GET stream when another process changes the menu") {
    FileOffice file;
    Office office([&](http::EndpointOptions& o) { o.store = open_office_store(file.path()); });
    LegacyClient client(office, false);
    http::Request get{"GET", "/mcp", client.headers(), ""};
    get.headers["accept"] = "text/event-stream";
    const auto stream = office.send(get);
    REQUIRE(stream.open_stream);
    REQUIRE(client.request(1, "tools/list").status == 200);
    office.endpoint.poll();
    CHECK(office.pushes.empty());  // nothing changed yet

    {
        auto other = open_office_store(file.path());  // the console's `menu add`, in another process
        WriteTransaction tx(*other);
        const AuditEntry by{0, "2026-12-03T10:00:00Z", "office-mcp", "test", "command", "", "", "", 0, "", "", "", ""};
        REQUIRE(add_menu_item(*other, by, "flan", std::nullopt).ok);
        tx.commit();
    }
    office.endpoint.poll();
    REQUIRE(office.pushes.size() == 1);
    CHECK(office.pushes[0].stream == stream.stream);
    CHECK(events_of(office.pushes[0].events) == std::vector<json>{{{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}}});
    const auto listed = body(client.request(2, "tools/list"))["result"]["tools"];
    const auto lunch = std::find_if(listed.begin(), listed.end(), [](const json& t) { return t["name"] == "order_lunch"; });
    REQUIRE(lunch != listed.end());
    CHECK((*lunch)["inputSchema"]["properties"]["item"]["enum"].back() == "flan");
}

// ---- one request never stops the office (core/support/contained.h, docs/security.md) ---------------

TEST_CASE("a method that is not a string is refused with -32600 over HTTP, as on stdio, in both eras") {
    Office office;
    const auto before = contained_failures.load();
    const json bad{{"jsonrpc", "2.0"}, {"id", 1}, {"method", 7}};
    SECTION("stateless, without an envelope") {
        const auto response = office.post(bad);
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["message"] == "Invalid Request: method must be a string");
    }
    SECTION("stateless, with the envelope and its headers") {
        json message = bad;
        message["params"] = {{"_meta", kEnvelope}};
        const auto response = office.post(message, {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "7"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["message"] == "Invalid Request: method must be a string");
    }
    SECTION("in a 2025 session") {
        LegacyClient client(office);
        const auto response = office.post(bad, client.headers());
        CHECK(response.status == 200);
        CHECK(body(response)["error"]["code"] == rpc::kInvalidRequest);
        CHECK(client.request(2, "tools/list").status == 200);
    }
    CHECK(office.modern("tools/list").status == 200);
    CHECK(contained_failures.load() == before);  // refused by checks, not caught as a defect
}

TEST_CASE("every HTTP input that ever broke the fuzzer is now answered, with no exception at the boundary") {
    // tests/fuzz/regressions/http, replayed as fuzz_http_endpoint feeds it, in every build.
    int replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(OFFICE_FUZZ_REGRESSIONS "/http")) {
        if (entry.path().filename() == "README") continue;
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        Office office;
        const auto before = contained_failures.load();
        int answered = 0;
        office::testing::replay_http(
            office.endpoint, input,
            [&](const http::Exchange& e) {
                INFO(e.response.body);
                CHECK(e.response.status >= 200);
                CHECK(e.response.status < 500);
                ++answered;
            },
            [](const std::string&) {});
        CHECK(answered >= 1);
        CHECK(contained_failures.load() == before);
        CHECK(office.modern("tools/list").status == 200);
        ++replayed;
    }
    CHECK(replayed >= 2);
}

TEST_CASE("a defect while handling one request ends that request with 500 and -32603, the rest of its group is committed") {
    // FaultyStore throws a std::logic_error from inside the write unit of a lunch order noted "defect".
    std::vector<std::string> log;
    Logger logger(LogLevel::Info, [&](std::string_view line) { log.emplace_back(line); });
    Office office([&](http::EndpointOptions& o) {
        o.store = std::make_shared<office::testing::FaultyStore>(o.store);
        o.logger = &logger;
    });
    const auto before = contained_failures.load();
    const auto call = [](int id, json arguments) {
        json params{{"name", "order_lunch"}, {"arguments", std::move(arguments)}, {"_meta", kEnvelope}};
        return http::Exchange{{"POST", "/mcp",
                               {{"content-type", "application/json"}, {"accept", "*/*"}, {"mcp-protocol-version", "2026-07-28"},
                                {"mcp-method", "tools/call"}, {"mcp-name", "order_lunch"}},
                               json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}}.dump()},
                              {}};
    };
    auto one = call(1, {{"item", "tortilla"}, {"quantity", 1}});
    auto two = call(2, {{"item", "ensalada"}, {"quantity", 2}, {"note", "defect"}});
    auto three = call(3, {{"item", "bocadillo"}, {"quantity", 3}});
    office.endpoint.handle({&one, &two, &three});

    CHECK(one.response.status == 200);
    CHECK(three.response.status == 200);
    CHECK_FALSE(office::testing::is_error(body(one.response)["result"]));
    CHECK_FALSE(office::testing::is_error(body(three.response)["result"]));
    CHECK(two.response.status == 500);
    CHECK(body(two.response)["id"] == 2);
    CHECK(body(two.response)["error"]["code"] == rpc::kInternalError);
    CHECK(body(two.response)["error"]["message"] == "Internal error: a defect on purpose (tests/faulty_store.h)");
    CHECK(contained_failures.load() == before + 1);
    // The failed call's row was rolled back with its write unit; the other two were committed.
    CHECK(office.count("lunch_orders") == 2);
    CHECK(office.count("lunch_orders WHERE quantity = 2") == 0);
    CHECK(office.count("audit WHERE action = 'lunch_ordered'") == 2);
    // Its log line is an error naming the call and what failed.
    const auto line = std::find_if(log.begin(), log.end(), [](const std::string& l) { return l.find("-32603") != std::string::npos; });
    REQUIRE(line != log.end());
    const json entry = json::parse(*line);
    CHECK(entry["level"] == "error");
    CHECK(entry["method"] == "tools/call");
    CHECK(entry["tool"] == "order_lunch");
    CHECK(entry["problem"] == "Internal error: a defect on purpose (tests/faulty_store.h)");

    // The office goes on: the next call, in either era, is served.
    CHECK(office.modern("tools/call", lunch()).status == 200);
    LegacyClient client(office);
    const auto failed = client.request(9, "tools/call", {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 1}, {"note", "defect"}}}});
    CHECK(failed.status == 500);
    CHECK(body(failed)["id"] == 9);
    CHECK(client.request(10, "tools/list").status == 200);
    CHECK(office.count("lunch_orders") == 3);
}

TEST_CASE("over stdio a defect while handling one line is answered -32603, and the lines around it are served") {
    auto real = std::shared_ptr<OfficeStore>(open_office_store(":memory:"));
    ConnectionOptions options;
    options.open_store = [&] { return std::make_shared<office::testing::FaultyStore>(real); };
    options.open_sealer = [] { return std::make_unique<StateSealer>(std::vector<StateSealer::Key>{test_key(0x11)}); };
    Connection connection(std::move(options));
    const auto before = contained_failures.load();
    std::string input;
    for (const auto& [id, note] : std::vector<std::pair<int, std::string>>{{1, "fine"}, {2, "defect"}, {3, "fine"}}) {
        json params{{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", id}, {"note", note}}}, {"_meta", kEnvelope}};
        input += json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}}.dump() + "\n";
    }
    // First a round of its own (it opens the store), then the rest grouped, as stdio groups a burst.
    connection.begin_round(false);
    connection.feed(input.substr(0, input.find('\n') + 1));
    REQUIRE(connection.end_round(false));
    connection.begin_round(true);
    connection.feed(input.substr(input.find('\n') + 1));
    REQUIRE(connection.end_round(false));
    std::vector<json> replies;
    std::istringstream lines(connection.replies());
    for (std::string line; std::getline(lines, line);) replies.push_back(json::parse(line));
    REQUIRE(replies.size() == 3);
    CHECK(replies[0]["id"] == 1);
    CHECK(replies[0].contains("result"));
    CHECK(replies[1]["id"] == 2);
    CHECK(replies[1]["error"]["code"] == rpc::kInternalError);
    CHECK(replies[2]["id"] == 3);
    CHECK(replies[2].contains("result"));
    CHECK(contained_failures.load() == before + 1);
    auto& count = dynamic_cast<SqliteOfficeStore&>(*real).database().prepare("SELECT count(*) FROM lunch_orders");
    REQUIRE(count.step());
    CHECK(count.column_int(0) == 2);
    count.reset();
}

TEST_CASE("a notification over HTTP is 202 with no body, even a listen or an initialize, an envelope's capabilities must be an object") {
    Office office;
    SECTION("subscriptions/listen without an id opens no stream") {
        json message{{"jsonrpc", "2.0"}, {"method", "subscriptions/listen"},
                     {"params", {{"notifications", {{"resourceSubscriptions", {"office://lunch_orders"}}}}, {"_meta", kEnvelope}}}};
        const auto response = office.post(message, {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "subscriptions/listen"}});
        CHECK(response.status == 202);
        CHECK(response.body.empty());
        CHECK_FALSE(response.open_stream);
    }
    SECTION("initialize without an id opens no session") {
        json message{{"jsonrpc", "2.0"}, {"method", "initialize"},
                     {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()},
                                 {"clientInfo", {{"name", "t"}, {"version", "1"}}}}}};
        const auto response = office.post(message);
        CHECK(response.status == 202);
        CHECK(response.body.empty());
        CHECK(header(response, "Mcp-Session-Id").empty());
        CHECK(office.endpoint.sessions() == 0);
    }
    SECTION("capabilities that are not an object make the envelope incomplete: 400") {
        json envelope = kEnvelope;
        envelope["io.modelcontextprotocol/clientCapabilities"] = 7;
        const auto response = office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}, {"params", {{"_meta", envelope}}}},
                                          {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/list"}});
        CHECK(response.status == 400);
        CHECK(body(response)["error"]["code"] == rpc::kInvalidParams);
    }
}

TEST_CASE("health checks: /healthz while serving, /readyz while the database answers and the server is not draining") {
    std::shared_ptr<office::testing::FaultyStore> faulty;
    Office office([&](http::EndpointOptions& o) {
        o.store = faulty = std::make_shared<office::testing::FaultyStore>(o.store);
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "good") return http::Principal{"alice", {}};
            return std::nullopt;
        };
        o.allow_loopback_origins = false;
    });
    const auto get = [&](std::string target, http::Headers headers = {}) {
        return office.send({"GET", std::move(target), std::move(headers), ""});
    };
    // No token and no Origin rule: a balancer has neither. The body says only which state.
    const auto healthy = get("/healthz", {{"origin", "https://evil.example"}});
    CHECK(healthy.status == 200);
    CHECK(healthy.body == "{\"status\":\"serving\"}\n");
    CHECK(header(healthy, "Content-Type") == "application/json");
    CHECK(header(healthy, "Cache-Control") == "no-store");
    CHECK(get("/readyz").body == "{\"status\":\"ready\"}\n");
    CHECK(get("/readyz").status == 200);
    // ... while the MCP endpoint itself still wants its token.
    CHECK(office.modern("tools/list").status == 401);
    const auto posted = office.send({"POST", "/readyz", {}, ""});
    CHECK(posted.status == 405);
    CHECK(header(posted, "Allow") == "GET, HEAD");
    CHECK(get("/readyz?x=1").status == 404);
    // HEAD, as some balancers send: the GET's answer (the transport leaves out the body).
    const auto head = office.send({"HEAD", "/healthz", {}, ""});
    CHECK(head.status == 200);
    CHECK(head.body == healthy.body);

    faulty->down = true;
    const auto down = get("/readyz");
    CHECK(down.status == 503);
    CHECK(down.body == "{\"status\":\"database unavailable\"}\n");  // not the database's address or error
    CHECK(get("/healthz").status == 200);  // the process still serves: a restart would not help
    faulty->down = false;
    CHECK(get("/readyz").status == 200);

    office.endpoint.start_draining();
    const auto draining = get("/readyz");
    CHECK(draining.status == 503);
    CHECK(draining.body == "{\"status\":\"draining\"}\n");
    CHECK(get("/healthz").status == 200);
    CHECK(office.modern("tools/list", {}, {{"authorization", "Bearer good"}}).status == 200);  // still served
}

TEST_CASE("a database outage is 503 with Retry-After and the JSON-RPC error, never 200, the office recovers by itself") {
    std::shared_ptr<office::testing::FaultyStore> faulty;
    Office office([&](http::EndpointOptions& o) { o.store = faulty = std::make_shared<office::testing::FaultyStore>(o.store); });
    CHECK(office.modern("tools/call", lunch()).status == 200);
    faulty->down = true;
    for (const auto& call : {lunch(), json{{"name", "find_customer"}, {"arguments", {{"query", "a"}}}}}) {
        const auto refused = office.modern("tools/call", call);
        CHECK(refused.status == 503);
        CHECK(header(refused, "Retry-After") == "1");
        CHECK(body(refused)["id"] == 1);
        CHECK(body(refused)["error"]["code"] == rpc::kInternalError);
        CHECK(body(refused)["error"]["message"] == "the database cannot be reached (an outage on purpose, tests/faulty_store.h)");
    }
    // A 2025 session's call is 503 too.
    faulty->down = false;
    LegacyClient client(office);
    faulty->down = true;
    const auto legacy = client.request(7, "tools/call", lunch());
    CHECK(legacy.status == 503);
    CHECK(header(legacy, "Retry-After") == "1");
    CHECK(body(legacy)["id"] == 7);
    // A call its schema refuses never reaches the database: its error result, as always. (Not
    // order_lunch's: its items are the office's menu, read from the database.)
    CHECK(office.modern("tools/call", {{"name", "book_slot"}, {"arguments", {{"slot_id", 0}, {"customer_id", 1}}}}).status == 200);

    faulty->down = false;
    CHECK(office.modern("tools/call", lunch()).status == 200);
    CHECK(client.request(8, "tools/call", lunch()).status == 200);
    CHECK(office.count("lunch_orders") == 3);
}

TEST_CASE("an Idempotency-Key header keys a tools/call as _meta does, the two naming different keys is 400", "[idempotency]") {
    Office office;
    const json order = {{"name", "order_lunch"}, {"arguments", {{"item", "tortilla"}, {"quantity", 1}, {"note", "h"}}}};
    const auto first = office.modern("tools/call", order, {{"idempotency-key", "h-1"}});
    const auto again = office.modern("tools/call", order, {{"idempotency-key", "h-1"}});
    CHECK(first.status == 200);
    CHECK(again.status == 200);
    CHECK(body(again)["result"]["structuredContent"] == body(first)["result"]["structuredContent"]);
    CHECK(body(again)["result"]["_meta"]["office-mcp/replayed"] == true);
    CHECK_FALSE(body(first)["result"]["_meta"].contains("office-mcp/replayed"));
    CHECK(office.count("lunch_orders") == 1);
    // The header and _meta agreeing is one key; disagreeing is refused, nothing done.
    json params = order;
    params["_meta"] = kEnvelope;
    params["_meta"]["office-mcp/idempotencyKey"] = "h-1";
    const auto keyed = [&](const std::string& header_key) {
        return office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", params}},
                           {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"}, {"mcp-name", "order_lunch"},
                            {"idempotency-key", header_key}});
    };
    CHECK(body(keyed("h-1"))["result"]["_meta"]["office-mcp/replayed"] == true);
    const auto clash = keyed("h-2");
    CHECK(clash.status == 400);
    CHECK(body(clash)["error"]["code"] == -32602);
    CHECK(body(clash)["error"]["message"] ==
          "Invalid params: the Idempotency-Key header and _meta.office-mcp/idempotencyKey name different keys");
    CHECK(office.count("lunch_orders") == 1);
    // A 2025 session's call takes the header too.
    LegacyClient client(office);
    auto headers = client.headers();
    headers["idempotency-key"] = "legacy-1";
    const json call{{"jsonrpc", "2.0"}, {"id", 5}, {"method", "tools/call"}, {"params", order}};
    CHECK(office.post(call, headers).status == 200);
    CHECK(body(office.post(call, headers))["result"]["_meta"]["office-mcp/replayed"] == true);
    CHECK(office.count("lunch_orders") == 2);
}

TEST_CASE("tasks/get, tasks/update and tasks/cancel over HTTP carry Mcp-Name = the taskId, checked like a tool's name", "[tasks]") {
    Office office;
    json meta = kEnvelope;
    meta["io.modelcontextprotocol/clientCapabilities"] = {{"extensions", {{"io.modelcontextprotocol/tasks", json::object()}}}};
    const auto post = [&](const std::string& method, json params, const std::string& name) {
        params["_meta"] = meta;
        http::Headers headers{{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", method}};
        if (!name.empty()) headers["mcp-name"] = name;
        return office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", params}}, headers);
    };
    const auto created = post("tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}}, "issue_refund");
    REQUIRE(created.status == 200);
    const std::string id = body(created)["result"]["taskId"];
    CHECK(body(created)["result"]["resultType"] == "task");

    const auto polled = post("tasks/get", {{"taskId", id}}, id);
    CHECK(polled.status == 200);
    CHECK(body(polled)["result"]["status"] == "working");
    for (const std::string method : {"tasks/get", "tasks/update", "tasks/cancel"}) {
        INFO(method);
        const auto other = post(method, {{"taskId", id}, {"inputResponses", json::object()}}, "another-task");
        CHECK(other.status == 400);
        CHECK(body(other)["error"]["code"] == -32020);
        CHECK(body(other)["error"]["message"] ==
              "Header mismatch: Mcp-Name header value 'another-task' does not match body value '" + id + "'");
        CHECK(post(method, {{"taskId", id}, {"inputResponses", json::object()}}, "").status == 400);
    }
    CHECK(office.count("approval_requests WHERE status = 'pending'") == 1);  // the refused cancels did nothing
    CHECK(post("tasks/cancel", {{"taskId", id}}, id).status == 200);
    CHECK(office.count("approval_requests WHERE status = 'withdrawn'") == 1);
}

TEST_CASE("the fuzzer's tasks seed reaches a real task: $TASK is the taskId the office handed out", "[tasks]") {
    // tests/fuzz/corpus/http/modern-tasks.txt, replayed as fuzz_http_endpoint feeds it: without
    // the substitution no fuzz input could name a task (their ids are random).
    std::ifstream in(std::string(OFFICE_FUZZ_REGRESSIONS) + "/../corpus/http/modern-tasks.txt", std::ios::binary);
    const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!input.empty());
    Office office;
    std::vector<json> replies;
    office::testing::replay_http(
        office.endpoint, input,
        [&](const http::Exchange& e) {
            replies.push_back(e.response.open_stream ? json("stream") : json::parse(e.response.body, nullptr, false));
        },
        [](const std::string&) {});
    REQUIRE(replies.size() == 10);
    const std::string id = replies[0]["result"]["taskId"];
    CHECK(replies[1]["result"]["taskId"] == id);
    CHECK(replies[1]["result"]["status"] == "working");
    CHECK(replies[2] == "stream");                          // the listen, honouring the task
    CHECK(replies[4]["error"]["code"] == -32020);           // Mcp-Name names another task
    CHECK(replies[5]["error"]["code"] == -32021);           // without the extension
    CHECK(replies[7]["result"]["status"] == "cancelled");   // after tasks/cancel
    CHECK(replies[8]["error"]["code"] == -32601);           // tasks/result is not a method
    CHECK(replies[9]["result"]["resultType"] == "task");    // a keyed task
}

TEST_CASE("a call over its caller's limit is 429 with Retry-After and a JSON-RPC error, writes nothing, and spares other callers", "[limits]") {
    auto clock = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
    Office office([&](http::EndpointOptions& o) {
        std::string problem;
        o.settings.limits = std::make_shared<RateLimits>(std::vector{*parse_rate_rule("order_lunch=2/m", problem)}, [&] { return clock; });
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "a") return http::Principal{"alice", {}};
            if (token == "b") return http::Principal{"bob", {}};
            return std::nullopt;
        };
    });
    const http::Headers alice{{"authorization", "Bearer a"}};
    CHECK(office.modern("tools/call", lunch(), alice).status == 200);
    CHECK(office.modern("tools/call", lunch(), alice).status == 200);
    const auto refused = office.modern("tools/call", lunch(), alice);
    CHECK(refused.status == 429);
    CHECK(header(refused, "Retry-After") == "30");
    CHECK(body(refused)["error"]["code"] == -32000);
    CHECK(body(refused)["error"]["message"] ==
          "Rate limited: order_lunch was not run: alice (test/1) may call it 2 times a minute (--rate-limit order_lunch=2/m); "
          "try again in 30 s.");
    CHECK(body(refused)["error"]["data"]["retryAfterSeconds"] == 30);
    CHECK(office.count("lunch_orders") == 2);
    CHECK(office.modern("tools/call", lunch(), {{"authorization", "Bearer b"}}).status == 200);  // bob's own bucket
    CHECK(office.modern("tools/list", {}, alice).status == 200);  // only the tool with a rule is limited
    clock += std::chrono::seconds(30);
    CHECK(office.modern("tools/call", lunch(), alice).status == 200);
    CHECK(office.count("lunch_orders") == 4);
}

TEST_CASE("a refund's round two, carrying the person's answer, is the call already counted, not another", "[limits]") {
    Office office([](http::EndpointOptions& o) {
        std::string problem;
        o.settings.limits = std::make_shared<RateLimits>(std::vector{*parse_rate_rule("issue_refund=1/h", problem)});
    });
    json params{{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}};
    json meta = kEnvelope;
    meta["io.modelcontextprotocol/clientCapabilities"] = office::testing::kForms;
    const auto post = [&](json p) {
        p["_meta"] = meta;
        return office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", p}},
                           {{"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"}, {"mcp-name", "issue_refund"}});
    };
    const auto asked = post(params);
    REQUIRE(asked.status == 200);
    REQUIRE(body(asked)["result"]["resultType"] == "input_required");
    json answer = params;
    answer["inputResponses"] = office::testing::accept(10, "Charged twice");
    answer["requestState"] = body(asked)["result"]["requestState"];
    const auto refunded = post(answer);
    CHECK(refunded.status == 200);
    CHECK(office.count("refunds") == 1);
    CHECK(post(params).status == 429);  // a new call: over the limit
}

namespace {

// A /metrics body as "name{labels}" → value (comments dropped), checking each line's shape.
std::map<std::string, double> samples_of(const std::string& text) {
    std::map<std::string, double> samples;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto space = line.rfind(' ');
        REQUIRE(space != std::string::npos);
        samples[line.substr(0, space)] = std::stod(line.substr(space + 1));
    }
    return samples;
}

}  // namespace

TEST_CASE("/metrics counts every request by method, tool and outcome, with bounded labels and no caller in them") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "good") return http::Principal{"alice", {}};
            return std::nullopt;
        };
    });
    const http::Headers alice{{"authorization", "Bearer good"}};
    const auto call = [&](const json& params) { return office.modern("tools/call", params, alice); };
    for (int i = 0; i < 3; ++i) CHECK(call({{"name", "find_customer"}, {"arguments", {{"query", "Maria"}}}}).status == 200);
    CHECK(call({{"name", "find_customer"}, {"arguments", json::object()}}).status == 200);  // not run: a tool error
    CHECK(call(lunch()).status == 200);
    CHECK(call(lunch("ensalada")).status == 200);
    CHECK(call({{"name", "no_such_tool"}, {"arguments", json::object()}}).status == 200);  // -32602
    CHECK(office.modern("tools/list", {}, alice).status == 200);
    CHECK(office.modern("made/up", {}, alice).status == 404);  // -32601, its name never a label
    CHECK(office.modern("tools/list", {}, {{"authorization", "Bearer good"}, {"mcp-method", "tools/call"}}).status == 400);
    CHECK(office.modern("tools/list").status == 401);

    // Behind the token, as /mcp is.
    CHECK(office.send({"GET", "/metrics", {}, ""}).status == 401);
    const auto scraped = office.send({"GET", "/metrics", alice, ""});
    REQUIRE(scraped.status == 200);
    CHECK(header(scraped, "Content-Type") == "text/plain; version=0.0.4; charset=utf-8");
    INFO(scraped.body);
    CHECK(scraped.body.find("alice") == std::string::npos);
    CHECK(scraped.body.find("made/up") == std::string::npos);
    CHECK(scraped.body.find("no_such_tool") == std::string::npos);
    auto s = samples_of(scraped.body);

    const std::string calls = R"(mcp_method_name="tools/call",gen_ai_tool_name=)";
    const std::string duration = "mcp_server_operation_duration_seconds";
    CHECK(s[duration + "_count{" + calls + R"("find_customer",outcome="ok"})"] == 3);
    CHECK(s[duration + "_count{" + calls + R"("find_customer",outcome="tool_error",error_type="tool_error"})"] == 1);
    CHECK(s[duration + "_count{" + calls + R"("order_lunch",outcome="ok"})"] == 2);
    CHECK(s[duration + "_count{" + calls + R"("other",outcome="protocol_error",error_type="-32602"})"] == 1);
    CHECK(s[duration + R"(_count{mcp_method_name="tools/list",outcome="ok"})"] == 1);
    CHECK(s[duration + R"(_count{mcp_method_name="other",outcome="protocol_error",error_type="-32601"})"] == 1);
    // The buckets are cumulative, and +Inf is the count.
    const std::string lunch_labels = calls + R"("order_lunch",outcome="ok")";
    CHECK(s[duration + "_bucket{" + lunch_labels + R"(,le="+Inf"})"] == 2);
    CHECK(s[duration + "_bucket{" + lunch_labels + R"(,le="0.0001"})"] <= s[duration + "_bucket{" + lunch_labels + R"(,le="60"})"]);
    CHECK(s[duration + "_sum{" + lunch_labels + "}"] > 0);

    CHECK(s["mcp_server_requests_total{" + calls + "\"find_customer\"}"] == 4);
    CHECK(s["mcp_server_requests_total{" + calls + "\"order_lunch\"}"] == 2);
    CHECK(s["mcp_server_errors_total{" + calls + R"("find_customer",error_type="tool_error"})"] == 1);
    CHECK(s["mcp_server_errors_total{" + calls + R"("order_lunch",error_type="tool_error"})"] == 0);  // none: no series
    CHECK(s[R"(office_mcp_http_responses_total{status="200"})"] == 8);
    CHECK(s[R"(office_mcp_http_responses_total{status="404"})"] == 1);
    CHECK(s[R"(office_mcp_http_responses_total{status="400"})"] == 1);
    CHECK(s[R"(office_mcp_http_responses_total{status="401"})"] == 2);  // the call and the first scrape
    CHECK(s["office_mcp_approval_requests_waiting"] == 0);
    CHECK(s["office_mcp_legacy_sessions"] == 0);
    CHECK(s["office_mcp_store_errors_total"] == 0);
    CHECK(s.count(R"(office_mcp_build_info{version=")" + std::string(server_version()) + "\"}") == 1);

    // A refund for a client without forms waits for a person: the queue's depth.
    call({{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}});
    s = samples_of(office.send({"GET", "/metrics", alice, ""}).body);
    CHECK(s["office_mcp_approval_requests_waiting"] == 1);
    CHECK(s["mcp_server_operation_duration_seconds_count{" + calls + R"("issue_refund",outcome="queued"})"] == 1);
    CHECK(office.send({"POST", "/metrics", alice, ""}).status == 405);
}

TEST_CASE("/metrics is open to anyone with --metrics-open, and a group commit and a store outage are counted") {
    std::shared_ptr<office::testing::FaultyStore> faulty;
    Office office([&](http::EndpointOptions& o) {
        o.store = faulty = std::make_shared<office::testing::FaultyStore>(o.store);
        o.authenticate = [](std::optional<std::string_view>) -> std::optional<http::Principal> { return std::nullopt; };
        o.metrics_open = true;
        o.open_connections = [] { return std::int64_t{7}; };
    });
    const auto scrape = [&] {
        const auto r = office.send({"GET", "/metrics", {}, ""});
        REQUIRE(r.status == 200);
        return samples_of(r.body);
    };
    CHECK(scrape()["office_mcp_http_connections"] == 7);

    Office open_office([&](http::EndpointOptions& o) { o.store = faulty; });
    const auto post = [](const json& params) {
        json p = params;
        p["_meta"] = kEnvelope;
        return http::Request{"POST", "/mcp", {{"content-type", "application/json"}, {"accept", "application/json, text/event-stream"},
                                             {"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"},
                                             {"mcp-name", "order_lunch"}},
                             json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", p}}.dump()};
    };
    http::Exchange a{post(lunch("tortilla")), {}}, b{post(lunch("ensalada")), {}};
    open_office.endpoint.handle({&a, &b});
    CHECK(a.response.status == 200);
    auto s = samples_of(open_office.send({"GET", "/metrics", {}, ""}).body);
    CHECK(s["office_mcp_group_commit_requests_count"] == 1);
    CHECK(s["office_mcp_group_commit_requests_sum"] == 2);
    CHECK(s["office_mcp_commit_duration_seconds_count"] == 1);

    faulty->down = true;
    http::Exchange c{post(lunch("tortilla")), {}};
    open_office.endpoint.handle({&c});
    CHECK(c.response.status == 503);
    s = samples_of(open_office.send({"GET", "/metrics", {}, ""}).body);
    CHECK(s["office_mcp_store_errors_total"] >= 1);
    CHECK(s.count("office_mcp_approval_requests_waiting") == 0);  // the database does not answer: left out
    CHECK(s[R"(office_mcp_http_responses_total{status="503"})"] == 1);
}

TEST_CASE("trace context over HTTP: the traceparent header, unless _meta has its own, and malformed ones ignored") {
    std::vector<json> lines;
    Logger logger(LogLevel::Info, [&](std::string_view line) { lines.push_back(json::parse(line)); });
    Office office([&](http::EndpointOptions& o) { o.logger = &logger; });
    const std::string header_trace = "0af7651916cd43dd8448eb211c80319c";
    const std::string meta_trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    CHECK(office.modern("tools/call", lunch(), {{"traceparent", "00-" + header_trace + "-b7ad6b7169203331-01"}}).status == 200);
    auto params = lunch();  // a traceparent of its own in _meta, and the header too
    http::Request request{"POST", "/mcp", {{"content-type", "application/json"}, {"accept", "application/json, text/event-stream"},
                                          {"mcp-protocol-version", "2026-07-28"}, {"mcp-method", "tools/call"},
                                          {"mcp-name", "order_lunch"},
                                          {"traceparent", "00-" + header_trace + "-b7ad6b7169203331-01"}}, ""};
    params["_meta"] = kEnvelope;
    params["_meta"]["traceparent"] = "00-" + meta_trace + "-00f067aa0ba902b7-01";
    request.body = json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/call"}, {"params", params}}.dump();
    CHECK(office.send(request).status == 200);
    CHECK(office.modern("tools/call", lunch(), {{"traceparent", "garbage"}}).status == 200);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0]["trace_id"] == header_trace);
    CHECK(lines[0]["parent_span_id"] == "b7ad6b7169203331");
    CHECK(lines[1]["trace_id"] == meta_trace);  // _meta wins
    CHECK(lines[1]["parent_span_id"] == "00f067aa0ba902b7");
    CHECK(lines[2]["trace_id"] != "garbage");
    CHECK(lines[2]["trace_id"].get<std::string>().size() == 32);
    CHECK_FALSE(lines[2].contains("parent_span_id"));
    const auto audit = office.store->read_audit();
    REQUIRE(audit.size() == 3);
    CHECK(audit[0].trace_id == header_trace);
    CHECK(audit[0].span_id == lines[0]["span_id"]);
    CHECK(audit[1].trace_id == meta_trace);
}

// ---- OAuth 2.1 resource server and the approver right (issue 25) -------------------------------

namespace {

// The office as an OAuth resource server whose bearer check is scripted: "lunch" is an OAuth user
// allowed order_lunch only, "none" one with no office scope, "approver" a billing user with
// office:approve, "clerk" a billing user without it, "down" a token the provider cannot vouch for
// now, anything else refused with the verifier's sentence.
void oauth_office(http::EndpointOptions& o, std::vector<std::string>* log = nullptr) {
    o.protected_resource = std::make_shared<http::ProtectedResource>(
        http::ProtectedResource{"https://office.example/mcp", {"https://id.example"}, office_scopes()});
    o.authenticate = [](std::optional<std::string_view> token) {
        http::Authentication a;
        const auto user = [&](std::string name, std::vector<std::string> tools, bool approver) {
            auto& p = a.caller.emplace();
            p.name = std::move(name);
            p.label = p.name + "@example.com";
            p.tools = std::move(tools);
            p.approver = approver;
            p.oauth = true;
        };
        const std::vector<std::string> billing{"find_customer", "open_invoices", "issue_refund"};
        if (token == "lunch") user("sub-bob", {"order_lunch"}, false);
        else if (token == "none") user("sub-eve", {""}, false);
        else if (token == "approver") user("sub-ana", billing, true);
        else if (token == "clerk") user("sub-carl", billing, false);
        else if (token == "down") a.unavailable = true, a.problem = "the office cannot check access tokens now";
        else if (token) a.problem = "the token has expired";
        return a;
    };
    if (log) {
        // The refusals only: the requests the session answers have log lines of their own.
        static std::optional<Logger> logger;
        logger.emplace(LogLevel::Info, [log](std::string_view line) {
            if (line.find(R"("event":"refused")") != std::string_view::npos) log->emplace_back(line);
        });
        o.logger = &*logger;
    }
}

json with_forms(json params) {
    params["_meta"] = kEnvelope;
    params["_meta"]["io.modelcontextprotocol/clientCapabilities"] = {{"elicitation", {{"form", json::object()}}}};
    return params;
}

http::Response modern_with_forms(Office& office, const json& params, const std::string& token) {
    return office.post({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", with_forms(params)}},
                       {{"mcp-protocol-version", "2026-07-28"},
                        {"mcp-method", "tools/call"},
                        {"mcp-name", params["name"].get<std::string>()},
                        {"authorization", "Bearer " + token}});
}

const json kRefund{{"name", "issue_refund"}, {"arguments", {{"invoice_id", 2}}}};

}  // namespace

TEST_CASE("OAuth: the protected resource metadata is served at both well-known places, without a token") {
    Office office([](http::EndpointOptions& o) { oauth_office(o); });
    for (const std::string target : {"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"}) {
        INFO(target);
        const auto got = office.send({"GET", target, {}, ""});
        CHECK(got.status == 200);
        CHECK(header(got, "Content-Type") == "application/json");
        CHECK(body(got) == json{{"resource", "https://office.example/mcp"},
                                {"authorization_servers", {"https://id.example"}},
                                {"scopes_supported", {"office:scheduling", "office:billing", "office:lunch", "office:all", "office:approve", "office:admin"}},
                                {"bearer_methods_supported", {"header"}},
                                {"resource_name", "office-mcp"}});
    }
    CHECK(office.send({"POST", "/.well-known/oauth-protected-resource", {}, ""}).status == 405);
    CHECK(office.send({"GET", "/.well-known/oauth-protected-resource/other", {}, ""}).status == 404);
    // Without OAuth there is nothing there.
    Office plain;
    CHECK(plain.send({"GET", "/.well-known/oauth-protected-resource/mcp", {}, ""}).status == 404);
    CHECK(http::resource_metadata_url("https://office.example") == "https://office.example/.well-known/oauth-protected-resource");
    CHECK(http::resource_metadata_url("https://office.example:8443/tenant/mcp") ==
          "https://office.example:8443/.well-known/oauth-protected-resource/tenant/mcp");
}

TEST_CASE("OAuth with CORS: the metadata is readable from any origin, a 401 to an allowed page names it and exposes the challenge") {
    Office office([](http::EndpointOptions& o) {
        oauth_office(o);
        o.allowed_origins = {"https://desk.example.org"};
    });
    const auto preflight = office.send({"OPTIONS", "/.well-known/oauth-protected-resource/mcp",
                                        {{"origin", "https://elsewhere.example.org"}, {"access-control-request-method", "GET"}}, ""});
    CHECK(preflight.status == 204);
    CHECK(header(preflight, "Access-Control-Allow-Origin") == "*");
    CHECK(header(preflight, "Access-Control-Allow-Methods") == "GET, OPTIONS");
    const auto metadata = office.send({"GET", "/.well-known/oauth-protected-resource", {{"origin", "https://elsewhere.example.org"}}, ""});
    CHECK(header(metadata, "Access-Control-Allow-Origin") == "*");
    CHECK(std::count_if(metadata.headers.begin(), metadata.headers.end(), [](const auto& h) { return h.first.starts_with("Access-Control-"); }) == 1);

    const auto challenged = office.modern("tools/list", {}, {{"origin", "https://desk.example.org"}});
    CHECK(challenged.status == 401);
    CHECK(header(challenged, "Access-Control-Allow-Origin") == "https://desk.example.org");
    CHECK(header(challenged, "Access-Control-Expose-Headers").find("WWW-Authenticate") != std::string::npos);
    CHECK(header(challenged, "Vary") == "Origin");
    // Not on the MCP endpoint from an origin not allowed: its preflight is refused without CORS.
    const auto other = office.send({"OPTIONS", "/mcp", {{"origin", "https://elsewhere.example.org"}}, ""});
    CHECK(other.status == 403);
    CHECK(header(other, "Access-Control-Allow-Origin").empty());
}

TEST_CASE("screen() refuses on the headers alone what handle() would, and lets the rest wait for the body") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "good") return http::Principal{"alice", {}};
            return std::nullopt;
        };
        o.allow_loopback_origins = false;
    });
    const auto screened = [&](http::Request request) {
        http::Exchange exchange{std::move(request), {}};
        const bool go = office.endpoint.screen(exchange);
        return go ? 100 : exchange.response.status;
    };
    const http::Headers json_post{{"content-type", "application/json"}, {"accept", "application/json, text/event-stream"},
                                  {"authorization", "Bearer good"}};
    CHECK(screened({"POST", "/mcp", json_post, ""}) == 100);
    auto no_token = json_post;
    no_token.erase("authorization");
    CHECK(screened({"POST", "/mcp", no_token, ""}) == 401);
    auto foreign = json_post;
    foreign["origin"] = "https://elsewhere.example.org";
    CHECK(screened({"POST", "/mcp", foreign, ""}) == 403);
    auto text = json_post;
    text["content-type"] = "text/plain";
    CHECK(screened({"POST", "/mcp", text, ""}) == 415);
    auto no_accept = json_post;
    no_accept.erase("accept");
    CHECK(screened({"POST", "/mcp", no_accept, ""}) == 406);
    CHECK(screened({"POST", "/elsewhere", json_post, ""}) == 404);
    CHECK(screened({"POST", "/metrics", no_token, ""}) == 401);
    CHECK(screened({"POST", "/healthz", {}, ""}) == 100);  // handle() answers it (405) once read
    // The body decides the rest: a body that is not JSON passes the screen and is 400 once read.
    CHECK(screened({"POST", "/mcp", json_post, "{"}) == 100);
    CHECK(office.send({"POST", "/mcp", json_post, "{"}).status == 400);
}

TEST_CASE("the transport's framing and Expect rules, as RFC 9112 and 9110 put them") {
    const auto te = [](std::optional<std::string_view> value, bool content_length = false, bool http_1_0 = false) {
        return http::framing_refusal(value, content_length, http_1_0).status;
    };
    CHECK(te(std::nullopt) == 0);
    CHECK(te(std::nullopt, true) == 0);
    CHECK(te("chunked") == 0);
    CHECK(te(" Chunked ") == 0);
    CHECK(te("chunked, identity") == 400);
    CHECK(te("xchunked") == 400);
    CHECK(te("identity") == 400);
    CHECK(te("") == 400);
    CHECK(te(",") == 400);
    CHECK(te("chunked, chunked") == 400);
    CHECK(te("gzip, chunked") == 501);
    CHECK(te("gzip,, chunked") == 501);
    CHECK(te("chunked;q=1") == 400);
    CHECK(te("chunked", true) == 400);
    CHECK(te("chunked", false, true) == 400);
    CHECK(http::framing_refusal("gzip, chunked", false, false).reason == "Not Implemented: transfer coding gzip (only chunked is read)");

    CHECK_FALSE(http::expectation(std::nullopt, false).wait_for_100);
    CHECK(http::expectation("100-continue", false).wait_for_100);
    CHECK(http::expectation("100-Continue", false).wait_for_100);
    CHECK_FALSE(http::expectation("100-continue", true).wait_for_100);  // HTTP/1.0: ignored
    CHECK(http::expectation("100-continue", true).refusal.status == 0);
    CHECK(http::expectation("the-unexpected", false).refusal.status == 417);
    CHECK(http::expectation("100-continue, 100-continue", false).refusal.status == 417);
    CHECK(http::expectation("", false).refusal.status == 417);
}

TEST_CASE("OAuth: 401 names the resource metadata and the scope, a bad token adds invalid_token and why, 503 when the provider is away") {
    std::vector<std::string> log;
    Office office([&](http::EndpointOptions& o) { oauth_office(o, &log); });
    const auto none = office.modern("tools/list");
    CHECK(none.status == 401);
    CHECK(header(none, "WWW-Authenticate") ==
          R"(Bearer resource_metadata="https://office.example/.well-known/oauth-protected-resource/mcp", scope="office:all")");
    const auto expired = office.modern("tools/list", {}, {{"authorization", "Bearer eyJ.secret.sig"}});
    CHECK(expired.status == 401);
    CHECK(header(expired, "WWW-Authenticate") ==
          R"(Bearer resource_metadata="https://office.example/.well-known/oauth-protected-resource/mcp", scope="office:all", )"
          R"(error="invalid_token", error_description="the token has expired")");
    CHECK(body(expired)["error"]["message"] == "Unauthorized: the token has expired");
    const auto away = office.modern("tools/list", {}, {{"authorization", "Bearer down"}});
    CHECK(away.status == 503);
    CHECK(header(away, "Retry-After") == "1");
    // Each refusal has its log line, with the reason and never the token.
    REQUIRE(log.size() == 3);
    CHECK(log[0].find(R"("event":"refused","status":401,"reason":"Unauthorized: a bearer token is required")") != std::string::npos);
    CHECK(log[1].find(R"("status":401,"reason":"Unauthorized: the token has expired")") != std::string::npos);
    CHECK(log[2].find(R"("status":503)") != std::string::npos);
    for (const auto& line : log) CHECK(line.find("secret") == std::string::npos);
}

TEST_CASE("OAuth: a call the token's scopes do not allow is 403 insufficient_scope naming the scope that would") {
    std::vector<std::string> log;
    Office office([&](http::EndpointOptions& o) { oauth_office(o, &log); });
    const http::Headers bob{{"authorization", "Bearer lunch"}};
    const auto tools = body(office.modern("tools/list", {}, bob))["result"]["tools"];
    REQUIRE(tools.size() == 1);
    CHECK(tools[0]["name"] == "order_lunch");
    CHECK(office.modern("tools/call", lunch(), bob).status == 200);
    const auto find = office.modern("tools/call", {{"name", "find_customer"}, {"arguments", {{"query", "Maria"}}}}, bob);
    CHECK(find.status == 403);
    CHECK(header(find, "WWW-Authenticate") ==
          R"(Bearer resource_metadata="https://office.example/.well-known/oauth-protected-resource/mcp", scope="office:scheduling", )"
          R"(error="insufficient_scope", error_description="the access token's scopes do not allow this; it needs office:scheduling")");
    const auto refund = office.modern("tools/call", kRefund, bob);
    CHECK(refund.status == 403);
    CHECK(header(refund, "WWW-Authenticate").find(R"(scope="office:billing")") != std::string::npos);
    // A tool that does not exist is still the session's unknown tool, not a scope to ask for.
    const auto unknown = office.modern("tools/call", {{"name", "drop_tables"}, {"arguments", json::object()}}, bob);
    CHECK(unknown.status == 200);
    CHECK(body(unknown)["error"]["code"] == -32602);
    // No office scope at all: nothing here, whatever is asked.
    const auto nothing = office.modern("tools/list", {}, {{"authorization", "Bearer none"}});
    CHECK(nothing.status == 403);
    CHECK(header(nothing, "WWW-Authenticate").find(R"(scope="office:all", error="insufficient_scope")") != std::string::npos);
    CHECK(office.count("refunds") == 0);
    REQUIRE(log.size() == 3);
    CHECK(log[0].find(R"("status":403)") != std::string::npos);
    CHECK(log[0].find(R"("principal":"sub-bob")") != std::string::npos);
}

TEST_CASE("the approver right: only an approver is handed the refund form, anyone else's refund is queued, in both eras") {
    Office office([](http::EndpointOptions& o) { oauth_office(o); });
    // 2026-07-28: the clerk declares forms and still gets the queue, not the form.
    const auto clerk = body(modern_with_forms(office, kRefund, "clerk"))["result"];
    CHECK(clerk["structuredContent"]["status"] == "pending");
    CHECK_FALSE(clerk.contains("inputRequests"));
    CHECK(office.count("approval_requests WHERE status = 'pending'") == 1);
    // The approver is asked, and its answer settles the clerk's queued request.
    const auto asked = body(modern_with_forms(office, kRefund, "approver"))["result"];
    CHECK(asked["resultType"] == "input_required");
    json answer = kRefund;
    answer["inputResponses"] = {{asked["inputRequests"].begin().key(), {{"action", "accept"}, {"content", {{"amount", 10}, {"reason", "broken cup"}}}}}};
    answer["requestState"] = asked["requestState"];
    // The clerk cannot use the approver's form: its answer is not taken, the request stays queued.
    CHECK(body(modern_with_forms(office, answer, "clerk"))["result"]["structuredContent"]["status"] == "pending");
    CHECK(office.count("refunds") == 0);
    const auto approved = body(modern_with_forms(office, answer, "approver"))["result"];
    CHECK(approved["structuredContent"]["status"] == "refunded");
    CHECK(office.count("approval_requests WHERE status = 'approved'") == 1);
    CHECK(office.count("audit WHERE action = 'refund_issued' AND detail LIKE '%approved by sub-ana@example.com (test/1)%'") == 1);

    // 2025-11-25: the clerk's session declares elicitation; no elicitation/create comes, the call is queued.
    LegacyClient legacy(office, true, {{"authorization", "Bearer clerk"}});
    const auto call = legacy.request(7, "tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 3}}}});
    CHECK_FALSE(call.open_stream);
    CHECK(body(call)["result"]["structuredContent"]["status"] == "pending");
    LegacyClient boss(office, true, {{"authorization", "Bearer approver"}});
    const auto form = boss.request(8, "tools/call", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 3}}}});
    REQUIRE(form.open_stream);
    CHECK(events_of(form.body)[0]["method"] == "elicitation/create");
}

TEST_CASE("without a token, only the local user of a loopback office may approve: a network office without auth queues") {
    Office local;
    CHECK(body(modern_with_forms(local, kRefund, "ignored"))["result"]["resultType"] == "input_required");
    Office open_network([](http::EndpointOptions& o) { o.anonymous_may_approve = false; });
    CHECK(body(modern_with_forms(open_network, kRefund, "ignored"))["result"]["structuredContent"]["status"] == "pending");
}

TEST_CASE("GET /calendar.ics: the bookings for a calendar app, behind a scheduling token, with an ETag that changes with them") {
    Office office([](http::EndpointOptions& o) {
        o.authenticate = [](std::optional<std::string_view> token) -> std::optional<http::Principal> {
            if (token == "good") return http::Principal{"alice", {}};
            if (token == "desk") return http::Principal{"dora", {"find_customer", "list_availability", "book_slot"}};
            if (token == "lunch") return http::Principal{"bob", {"order_lunch"}};
            return std::nullopt;
        };
    });
    office.store->calendar().save_office_settings({"Europe/Madrid", "Demo office", 90});
    const auto get = [&](const std::string& target, http::Headers headers = {}) {
        return office.send({"GET", target, std::move(headers), ""});
    };
    const auto events = [](const http::Response& r) {
        std::size_t n = 0;
        for (auto at = r.body.find("BEGIN:VEVENT"); at != std::string::npos; at = r.body.find("BEGIN:VEVENT", at + 1)) ++n;
        return n;
    };
    CHECK(get("/calendar.ics").status == 401);
    CHECK(get("/calendar.ics", {{"authorization", "Bearer lunch"}}).status == 403);  // no scheduling tools
    CHECK(get("/calendar.ics?token=bad").status == 401);

    const auto first = get("/calendar.ics", {{"authorization", "Bearer good"}});
    REQUIRE(first.status == 200);
    CHECK(header(first, "Content-Type") == "text/calendar; charset=utf-8");
    CHECK(first.body.starts_with("BEGIN:VCALENDAR\r\n"));
    CHECK(first.body.find("\r\nTZID:Europe/Madrid\r\n") != std::string::npos);
    CHECK(first.body.find("X-WR-CALNAME:Demo office") != std::string::npos);
    const std::string tag = header(first, "ETag");
    REQUIRE(tag.size() == 34);  // a strong tag: 32 hex digits, quoted
    CHECK(get("/calendar.ics?token=desk").body == first.body);  // the token in the URL, for apps that send no header

    // Asked again with the tag: nothing changed, 304 and no body; a list of tags, or a weak one, too.
    const auto same = get("/calendar.ics?token=good", {{"if-none-match", tag}});
    CHECK(same.status == 304);
    CHECK(same.body.empty());
    CHECK(header(same, "ETag") == tag);
    CHECK(get("/calendar.ics?token=good", {{"if-none-match", "\"other\", W/" + tag}}).status == 304);
    CHECK(get("/calendar.ics?token=good", {{"if-none-match", "\"other\""}}).status == 200);

    // A booking changes the calendar, its tag, and what the old tag gets.
    std::int64_t free_slot = 0;
    for (const auto& row : office.store->calendar().slot_rows("2026-09-04", "2026-09-05"))
        if (!row.customer_id) free_slot = row.id;
    REQUIRE(free_slot != 0);
    REQUIRE(office.store->calendar().book_slot(free_slot, 2, "2026-09-01T10:00:00Z", "test").status == Booking::Status::Booked);
    const auto after = get("/calendar.ics?token=good", {{"if-none-match", tag}});
    CHECK(after.status == 200);
    CHECK(events(after) == events(first) + 1);
    CHECK(header(after, "ETag") != tag);

    const auto post = office.send({"POST", "/calendar.ics?token=good", {}, ""});
    CHECK(post.status == 405);
    CHECK(header(post, "Allow") == "GET, HEAD");
    CHECK(http::internal::loggable_target("/calendar.ics?x=1&token=good&y=2") == "/calendar.ics?x=1&token=***&y=2");

    Office lunch_only([](http::EndpointOptions& o) { o.tools = {"order_lunch"}; });
    CHECK(lunch_only.send({"GET", "/calendar.ics", {}, ""}).status == 404);  // a server with no calendar
}
