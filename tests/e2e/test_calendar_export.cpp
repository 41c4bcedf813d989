// The bookings where people look (issue 38): an office with its own hours in Europe/Madrid,
// bookings made, moved and cancelled by an agent on both sides of a change of the clocks, then
// `calendar export` read by real readers, Debian's python3-icalendar (through the file's own
// VTIMEZONE, tests/fixtures/calendar/read_ics.py) and khal (imported into a calendar of its
// own, listed in UTC): every event at the instant the agent was told, as long as its slot.

#include "messages.h"
#include "server_process.h"
#include "test_database.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

namespace {

using json = nlohmann::json;
using office::testing::run_office_mcp;
using office::testing::ServerProcess;
using office::testing::tools_call;

const std::string kNow = "OFFICE_MCP_NOW=2027-03-26T08:00:00Z";  // Friday; Madrid's clocks go forward on Sunday

// `command` through the shell: its status and what it wrote (stdout and stderr together).
std::pair<int, std::string> shell(const std::string& command) {
    std::string out;
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p) return {-1, "popen failed"};
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
    const int status = ::pclose(p);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::vector<json> read_with_python_icalendar(const std::string& file) {
    const auto [status, out] = shell(std::string(OFFICE_TEST_FIXTURES) + "/calendar/read_ics.py " + file);
    INFO(out);
    REQUIRE(status == 0);
    std::vector<json> events;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) events.push_back(json::parse(line));
    return events;
}

// The one event of `events` whose SUMMARY is `summary`.
json only(const std::vector<json>& events, const std::string& summary) {
    std::vector<json> found;
    for (const auto& e : events)
        if (e["summary"] == summary) found.push_back(e);
    INFO(summary);
    REQUIRE(found.size() == 1);
    return found[0];
}

}  // namespace

TEST_CASE("calendar export: bookings made, moved and cancelled across a change of the clocks, read by python3-icalendar and khal", "[e2e][calendar]") {
    office::testing::TestDatabase db;
    office::testing::TempDir dir;
    const auto run = [&](std::vector<std::string> args) {
        args.insert(args.end(), {"--db", db.arg()});
        const auto result = run_office_mcp(args, {kNow});
        INFO(args[0] << ": " << result.err);
        REQUIRE(result.status == 0);
        return result;
    };
    run({"db", "init", "--empty"});
    run({"office", "set", "--time-zone", "Europe/Madrid", "--name", "Clínica Sol"});
    run({"hours", "set", "sat", "09:00-12:00", "--slot", "45"});
    run({"hours", "set", "mon", "09:00-13:00", "--slot", "30"});
    run({"customers", "add", "--name", "Ana \"Pe, ña\"", "--email", "ana@example.com"});
    run({"customers", "add", "--name", "李小龙", "--email", "li@example.cn"});

    ServerProcess server({"--db", db.arg()}, {kNow});
    office::testing::initialize(server, "2025-11-25");
    int id = 10;
    const auto call = [&](const std::string& tool, const json& args) {
        const json reply = server.request(tools_call(++id, tool, args));
        INFO(tool << " " << args.dump() << ": " << reply.dump());
        REQUIRE(reply.contains("result"));
        REQUIRE(!reply["result"].value("isError", false));
        return reply["result"]["structuredContent"];
    };
    // What the agent is told: Saturday 09:00 is +01:00, Monday 10:30 is +02:00.
    std::map<std::string, std::string> starts_at;
    for (const char* day : {"2027-03-27", "2027-03-29"}) {
        const json listed = call("list_availability", {{"day", day}});
        for (const auto& slot : listed.at("slots")) starts_at[slot["slot_id"].dump()] = slot["starts_at"];
    }
    CHECK(starts_at["202703270900"] == "2027-03-27T09:00:00+01:00");
    CHECK(starts_at["202703291030"] == "2027-03-29T10:30:00+02:00");
    call("book_slot", {{"slot_id", 202703270900}, {"customer_id", 1}});
    call("book_slot", {{"slot_id", 202703290930}, {"customer_id", 2}});
    call("book_slot", {{"slot_id", 202703291100}, {"customer_id", 1}});
    const std::string before_move = dir.file("before.ics");
    run({"calendar", "export", before_move});
    call("move_booking", {{"slot_id", 202703290930}, {"to_slot_id", 202703291030}});
    call("cancel_booking", {{"slot_id", 202703291100}});
    server.close_stdin();
    REQUIRE(server.wait() == 0);

    const std::string file = dir.file("office.ics");
    const auto exported = run({"calendar", "export", file});
    CHECK(exported.err.find("wrote 2 bookings in Europe/Madrid to " + file) != std::string::npos);
    std::ifstream in(file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    CHECK(run({"calendar", "export"}).out == text);  // stdout without a file

    const auto events = read_with_python_icalendar(file);
    REQUIRE(events.size() == 2);  // the cancelled one is gone
    const json ana = only(events, "Ana \"Pe, ña\"");
    CHECK(ana["start"] == "2027-03-27T08:00:00Z");  // 09:00+01:00
    CHECK(ana["end"] == "2027-03-27T08:45:00Z");    // Saturday's slots are 45 minutes
    CHECK(ana["cn"] == "Ana Pe, ña");
    CHECK(ana["attendee"] == "mailto:ana@example.com");
    CHECK(ana["sequence"] == 0);
    const json li = only(events, "李小龙");
    CHECK(li["start"] == "2027-03-29T08:30:00Z");  // 10:30+02:00, after the clocks went forward
    CHECK(li["end"] == "2027-03-29T09:00:00Z");
    CHECK(li["sequence"] == 1);  // moved once
    // The moved booking is the same event: its UID from before the move.
    const auto before = read_with_python_icalendar(before_move);
    REQUIRE(before.size() == 3);
    const json li_before = only(before, "李小龙");
    CHECK(li_before["uid"] == li["uid"]);
    CHECK(li_before["start"] == "2027-03-29T07:30:00Z");
    CHECK(li_before["sequence"] == 0);

    // khal imports the file into a calendar of its own and lists it in UTC.
    const auto [has_khal, where] = shell("command -v khal");
    INFO("khal is not installed (apt-get install khal): " << where);
    REQUIRE(has_khal == 0);
    const std::string home = dir.file("khal");
    std::filesystem::create_directories(home + "/calendar");
    std::ofstream(home + "/khal.conf") << "[calendars]\n[[office]]\npath = " << home << "/calendar\ntype = calendar\n"
                                       << "[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\n"
                                       << "datetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
                                       << "local_timezone = UTC\ndefault_timezone = UTC\n[sqlite]\npath = " << home << "/khal.db\n";
    const std::string khal = "HOME=" + home + " LC_ALL=C.UTF-8 khal -c " + home + "/khal.conf ";
    const auto imported = shell(khal + "import --batch -a office " + file);
    INFO(imported.second);
    REQUIRE(imported.first == 0);
    const auto listed = shell(khal + "list --format '{start} {end} {title}' 2027-03-01 60d");
    INFO(listed.second);
    REQUIRE(listed.first == 0);
    CHECK(listed.second.find("2027-03-27 08:00 2027-03-27 08:45 Ana \"Pe, ña\"") != std::string::npos);
    CHECK(listed.second.find("2027-03-29 08:30 2027-03-29 09:00 李小龙") != std::string::npos);
    CHECK(listed.second.find("07:30") == std::string::npos);
}
