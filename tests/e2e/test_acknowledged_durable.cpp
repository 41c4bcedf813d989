// Acknowledged means durable (issue 17): a reply that reports a write leaves only after that
// write is on stable storage. Proven on the real binary by the order of its system calls:
// strace records every write to the WAL, every fdatasync/fsync and every write to stdout, and
// each confirmation must come after a sync of the WAL that follows the WAL's last write.
// The same check run on `--durability process` must find the missing sync, so it can fail.

#include "server_process.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using nlohmann::json;
using namespace office::testing;

namespace {

// One traced system call that matters here.
struct Event {
    enum Kind { WalWrite, WalSync, Reply } kind;
    std::string text;  // the strace line (for a Reply, what was written to stdout)
};

// strace -y names each descriptor's file: pwrite64(4</tmp/x/office.db-wal>, ...),
// fdatasync(4</tmp/x/office.db-wal>), write(1<pipe:[123]>, "{\"id\"...", 80).
std::vector<Event> read_trace(const std::string& path) {
    std::vector<Event> events;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        // With -f every line starts with the pid.
        const auto call = line.find_first_not_of("0123456789 ");
        if (call == std::string::npos) continue;
        const std::string_view rest = std::string_view(line).substr(call);
        const bool on_wal = rest.find("-wal>") != std::string_view::npos && rest.find("-wal>") < rest.find(')');
        if ((rest.starts_with("write(") || rest.starts_with("pwrite64(")) && on_wal) {
            events.push_back({Event::WalWrite, line});
        } else if ((rest.starts_with("fdatasync(") || rest.starts_with("fsync(")) && on_wal) {
            events.push_back({Event::WalSync, line});
        } else if (rest.starts_with("write(1<")) {
            events.push_back({Event::Reply, line});
        }
    }
    return events;
}

// The escaped form in which strace shows "id":"ack-order" inside a written string.
std::string id_marker(const std::string& id) { return "\\\"id\\\":\\\"" + id + "\\\""; }

// Empty when the reply carrying `id` was written after a sync of the WAL that follows the
// WAL's last write before it, and after at least one WAL write since the previous reply
// (its write did reach the WAL). Otherwise the sentence saying what went wrong.
std::string acknowledgement_problem(const std::vector<Event>& events, const std::string& id) {
    const std::string marker = id_marker(id);
    long last_wal_write = -1, last_sync = -1, previous_reply = -1;
    for (long i = 0; i < static_cast<long>(events.size()); ++i) {
        const Event& e = events[static_cast<std::size_t>(i)];
        if (e.kind == Event::WalWrite) last_wal_write = i;
        if (e.kind == Event::WalSync) last_sync = i;
        if (e.kind != Event::Reply) continue;
        if (e.text.find(marker) == std::string::npos) {
            previous_reply = i;
            continue;
        }
        if (last_wal_write <= previous_reply) return "reply " + id + " was written with no write to the WAL before it";
        if (last_sync < last_wal_write) return "reply " + id + " was written with no sync of the WAL after its last WAL write";
        return "";
    }
    return "no reply " + id + " in the trace";
}

// How many times the WAL was synced between the reply before the one carrying `id` and it.
int syncs_before_reply(const std::vector<Event>& events, const std::string& id) {
    int syncs = 0;
    for (const Event& e : events) {
        if (e.kind == Event::WalSync) ++syncs;
        if (e.kind != Event::Reply) continue;
        if (e.text.find(id_marker(id)) != std::string::npos) return syncs;
        syncs = 0;
    }
    return -1;
}

std::string strace_path() {
    for (const char* dir : {"/usr/bin", "/bin", "/usr/local/bin"}) {
        const std::string path = std::string(dir) + "/strace";
        if (::access(path.c_str(), X_OK) == 0) return path;
    }
    return "";
}

// office-mcp under strace, writing its trace to `trace`; `more` are further strace options.
// (strace tampers only with system calls it traces, so an inject=read needs read traced too.)
std::vector<std::string> traced(const std::string& trace, const std::vector<std::string>& more = {}) {
    const auto strace = strace_path();
    INFO("strace is needed (Debian package strace; ./test.sh installs it)");
    REQUIRE_FALSE(strace.empty());
    const bool injects_read = !more.empty() && more.back().starts_with("inject=read:");
    std::vector<std::string> command = {strace, "-f", "-qq", "-y", "-s", "65536", "-e",
                                        std::string("trace=write,pwrite64,fdatasync,fsync") + (injects_read ? ",read" : "")};
    // LeakSanitizer cannot run under ptrace and fails the traced server at exit, so a sanitizer
    // build checks leaks everywhere but here (the same runs without strace check them).
    const char* asan = std::getenv("ASAN_OPTIONS");
    command.insert(command.end(), {"-E", std::string("ASAN_OPTIONS=") + (asan && *asan ? std::string(asan) + ":" : "") + "detect_leaks=0"});
    command.insert(command.end(), more.begin(), more.end());
    command.insert(command.end(), {"-o", trace});
    return command;
}

// True when one write to stdout carries the replies to both ids.
bool replied_together(const std::vector<Event>& events, const std::string& a, const std::string& b) {
    for (const Event& e : events)
        if (e.kind == Event::Reply && e.text.find(id_marker(a)) != std::string::npos)
            return e.text.find(id_marker(b)) != std::string::npos;
    return false;
}

bool completed(const json& reply) {
    return reply.contains("result") && !reply["result"].value("isError", false);
}

// A lunch order, a booking, a refund through the 2026-07-28 input_required round and a refund
// through legacy elicitation/create, one after another; then reads. Returns the trace.
std::vector<Event> writes_one_by_one(const std::vector<std::string>& extra_args) {
    TempDir dir;
    const auto trace = dir.file("trace.txt");
    std::vector<std::string> args = {"--db", dir.file("office.db")};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    {
        ServerProcess server(args, {}, traced(trace));
        // Opens (creates and seeds) the database: those syncs belong to no reply below.
        REQUIRE(completed(server.request(tools_call("open", "find_customer", {{"query", "Maria"}}))));
        REQUIRE(completed(server.request(tools_call("ack-order", "order_lunch", {{"item", "tortilla"}, {"quantity", 2}}))));
        REQUIRE(completed(server.request(tools_call("ack-booking", "book_slot", {{"slot_id", 1}, {"customer_id", 1}}))));

        const json forms = {{"elicitation", json::object()}};
        const auto asked = server.request(tools_call("ask-refund", "issue_refund", {{"invoice_id", 2}}, forms));
        REQUIRE(asked["result"]["resultType"] == "input_required");
        auto retry = tools_call("ack-refund", "issue_refund", {{"invoice_id", 2}}, forms);
        retry["params"]["inputResponses"] = {
            {"approve_refund", {{"action", "accept"}, {"content", {{"amount", 80}, {"reason", "Charged twice"}}}}}};
        retry["params"]["requestState"] = asked["result"]["requestState"];
        REQUIRE(completed(server.request(retry)));

        const auto initialized = server.request({{"jsonrpc", "2.0"}, {"id", "init"}, {"method", "initialize"},
                                                 {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", forms},
                                                             {"clientInfo", {{"name", "strace-test"}, {"version", "1"}}}}}});
        REQUIRE(initialized.contains("result"));
        server.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
        server.send(json{{"jsonrpc", "2.0"}, {"id", "ack-legacy-refund"}, {"method", "tools/call"},
                         {"params", {{"name", "issue_refund"}, {"arguments", {{"invoice_id", 4}}}}}});
        const auto elicit = server.read();
        REQUIRE(elicit["method"] == "elicitation/create");
        REQUIRE(completed(server.request({{"jsonrpc", "2.0"}, {"id", elicit["id"]},
                                          {"result", {{"action", "accept"}, {"content", {{"amount", 410}, {"reason", "Wrong order"}}}}}})));

        REQUIRE(completed(server.request(tools_call("read-customer", "find_customer", {{"query", "Priya"}}))));
        REQUIRE(completed(server.request(tools_call("read-slots", "list_availability", {{"day", "2026-09-05"}}))));
        REQUIRE(completed(server.request(tools_call("read-invoices", "open_invoices", {{"customer_id", 1}}))));
        server.close_stdin();
        REQUIRE(server.wait() == 0);
    }
    return read_trace(trace);
}

}  // namespace

TEST_CASE("a lunch order, a booking and refunds in both eras are confirmed only after the WAL is synced",
          "[durability][strace]") {
    const auto events = writes_one_by_one({});
    for (const std::string id : {"ack-order", "ack-booking", "ack-refund", "ack-legacy-refund"}) {
        INFO(id);
        CHECK(acknowledgement_problem(events, id) == "");
        CHECK(syncs_before_reply(events, id) == 1);
    }
}

TEST_CASE("reads are answered without syncing anything", "[durability][strace]") {
    const auto events = writes_one_by_one({});
    for (const std::string id : {"read-customer", "read-slots", "read-invoices"}) {
        INFO(id);
        CHECK(syncs_before_reply(events, id) == 0);
        CHECK(acknowledgement_problem(events, id) == "reply " + id + " was written with no write to the WAL before it");
    }
}

TEST_CASE("with --durability process the trace shows the confirmations leaving before any sync",
          "[durability][strace]") {
    // The same check on a server that knowingly skips the sync must fail: the test can tell.
    const auto events = writes_one_by_one({"--durability", "process"});
    for (const std::string id : {"ack-order", "ack-booking", "ack-refund", "ack-legacy-refund"}) {
        INFO(id);
        CHECK(acknowledgement_problem(events, id) == "reply " + id + " was written with no sync of the WAL after its last WAL write");
        CHECK(syncs_before_reply(events, id) == 0);
    }
}

TEST_CASE("a pipelined burst of writes is confirmed after one sync of the WAL", "[durability][strace]") {
    TempDir dir;
    const auto trace = dir.file("trace.txt");
    constexpr int kOrders = 20;
    {
        ServerProcess server({"--db", dir.file("office.db")}, {}, traced(trace));
        REQUIRE(completed(server.request(tools_call("open", "find_customer", {{"query", "Maria"}}))));
        // One write() of every line: the server reads them as one burst.
        std::string burst;
        for (int i = 0; i < kOrders; ++i)
            burst += tools_call("burst-" + std::to_string(i), "order_lunch", {{"item", "ensalada"}, {"quantity", 1}}).dump() + "\n";
        burst += tools_call("burst-booking", "book_slot", {{"slot_id", 4}, {"customer_id", 2}}).dump();
        server.send(burst);
        for (int i = 0; i <= kOrders; ++i) REQUIRE(completed(server.read()));
        server.close_stdin();
        REQUIRE(server.wait() == 0);
    }
    const auto events = read_trace(trace);
    for (int i = 0; i < kOrders; ++i) {
        const auto id = "burst-" + std::to_string(i);
        INFO(id);
        CHECK(acknowledgement_problem(events, id) == "");
    }
    CHECK(acknowledgement_problem(events, "burst-booking") == "");
    // Every reply of the burst leaves in the first write after the commit, after one sync.
    CHECK(syncs_before_reply(events, "burst-0") == 1);
    CHECK(syncs_before_reply(events, "burst-booking") == 1);
    CHECK(replied_together(events, "burst-0", "burst-booking"));
}

TEST_CASE("orders written one write() at a time while the server is busy share one sync", "[durability][strace]") {
    // The SDK clients write every message on its own. strace holds each of the server's
    // read() calls for 300 ms after it returns, so the first order is read alone and the
    // next nine, each written separately meanwhile, are waiting when it looks again: they
    // join the first order's commit, and all ten are confirmed after one sync.
    TempDir dir;
    const auto trace = dir.file("trace.txt");
    constexpr int kOrders = 10;
    {
        ServerProcess server({"--db", dir.file("office.db")}, {}, traced(trace, {"-e", "inject=read:delay_exit=300000"}));
        // Every read() of the process is held, its start-up's too (a sanitizer build reads
        // /proc at start): give the first answer time.
        server.send(tools_call("open", "find_customer", {{"query", "Maria"}}));
        REQUIRE(completed(server.read(60000)));
        for (int i = 0; i < kOrders; ++i) {
            server.send(tools_call("one-" + std::to_string(i), "order_lunch", {{"item", "bocadillo"}, {"quantity", 1}}));
            if (i == 0) ::usleep(100'000);  // the server is now inside its first read
        }
        for (int i = 0; i < kOrders; ++i) REQUIRE(completed(server.read()));
        server.close_stdin();
        REQUIRE(server.wait() == 0);
    }
    const auto events = read_trace(trace);
    for (int i = 0; i < kOrders; ++i) {
        const auto id = "one-" + std::to_string(i);
        INFO(id);
        CHECK(acknowledgement_problem(events, id) == "");
    }
    CHECK(syncs_before_reply(events, "one-0") == 1);
    CHECK(replied_together(events, "one-0", "one-9"));
}

TEST_CASE("the durability is chosen by --durability or OFFICE_MCP_DURABILITY, and config carries a non-default one",
          "[durability][cli]") {
    TempDir dir;
    const auto refused = run_office_mcp({"--durability", "fast"});
    CHECK(refused.status == 2);
    CHECK(refused.err == "office-mcp: unknown durability fast (power or process)\n");
    const auto from_env = run_office_mcp({"--db", dir.file("office.db"), "config", "cursor"}, {"OFFICE_MCP_DURABILITY=process"});
    CHECK(from_env.status == 0);
    CHECK(json::parse(from_env.out)["mcpServers"]["office"]["args"] ==
          json::array({"--db", dir.file("office.db"), "--durability", "process"}));
    const auto by_default = run_office_mcp({"--db", dir.file("office.db"), "config", "cursor"});
    CHECK(json::parse(by_default.out)["mcpServers"]["office"]["args"] == json::array({"--db", dir.file("office.db")}));
    // The start line of the log names the setting in use.
    ServerProcess server({"--db", dir.file("office.db"), "--durability", "process"});
    server.close_stdin();
    REQUIRE(server.wait() == 0);
    CHECK(json::parse(server.stderr_text().substr(0, server.stderr_text().find('\n')))["durability"] == "process");
}
