// The office's bookings as iCalendar (core/support/icalendar.h, core/store/bookings_calendar.h):
// the text RFC 5545 asks for, line by line. That real readers read it as meant is
// tests/e2e/test_calendar_export.cpp's (python3-icalendar and khal).

#include "bookings_calendar.h"
#include "icalendar.h"
#include "utf8.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace office;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < text.size();) {
        const auto end = text.find("\r\n", at);
        REQUIRE(end != std::string::npos);  // every line ends in CRLF, the last too
        lines.push_back(text.substr(at, end - at));
        at = end + 2;
    }
    return lines;
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

const std::int64_t kNow = 1'806'048'000;  // 2027-03-26T08:00:00Z

}  // namespace

TEST_CASE("bookings as iCalendar: the zone's VTIMEZONE, local starts and ends, uid, sequence, the customer", "[icalendar]") {
    const auto madrid = TimeZone::load("Europe/Madrid");
    const std::vector<OpeningRange> hours{{6, "09:00", "12:00", 45}, {1, "09:00", "13:00", 30}};
    const std::vector<BookedSlot> bookings{
        {202703270900, "2027-03-27", "09:00", "aa11", 0, "2027-03-20T10:00:00Z", "Ana \"Pe, ña\"", "ana@example.com"},
        {202703291030, "2027-03-29", "10:30", "bb22", 2, "", "李小龙", "li@example.cn"},
        {7, "2027-03-29", "18:00", "slot-7", 0, "", "Bo; Ek\\", "bo@example.com"},  // outside the hours: 30 minutes
    };
    const auto text = bookings_icalendar(bookings, hours, &madrid, {"Clínica Sol", "1.2.3", kNow});
    const auto lines = lines_of(text);
    CHECK(lines.front() == "BEGIN:VCALENDAR");
    CHECK(lines.back() == "END:VCALENDAR");
    CHECK(has(lines, "PRODID:-//office-mcp//office-mcp 1.2.3//EN"));
    CHECK(has(lines, "X-WR-CALNAME:Clínica Sol"));
    // The zone over 2027: its offset on 1 January, then spring forward and fall back, each
    // onset in the local time it replaces.
    CHECK(has(lines, "TZID:Europe/Madrid"));
    const std::string vtimezone = text.substr(text.find("BEGIN:VTIMEZONE"), text.find("END:VTIMEZONE") - text.find("BEGIN:VTIMEZONE"));
    CHECK(vtimezone ==
          "BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n"
          "BEGIN:STANDARD\r\nDTSTART:20261231T010000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
          "BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\n"
          "BEGIN:STANDARD\r\nDTSTART:20271031T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n");
    // Each booking: its own uid, its local start in the zone and its slot's length.
    CHECK(has(lines, "UID:aa11@office-mcp"));
    CHECK(has(lines, "DTSTAMP:20270320T100000Z"));  // when it was booked
    CHECK(has(lines, "DTSTART;TZID=Europe/Madrid:20270327T090000"));
    CHECK(has(lines, "DTEND;TZID=Europe/Madrid:20270327T094500"));  // Saturday's 45-minute slots
    CHECK(has(lines, "SUMMARY:Ana \"Pe\\, ña\""));
    CHECK(has(lines, "ATTENDEE;CN=\"Ana Pe, ña\":mailto:ana@example.com"));
    CHECK(has(lines, "UID:bb22@office-mcp"));
    CHECK(has(lines, "SEQUENCE:2"));  // moved twice
    CHECK(has(lines, "DTSTAMP:20270326T080000Z"));  // booked_at unknown: now
    CHECK(has(lines, "DTEND;TZID=Europe/Madrid:20270329T110000"));  // Monday's 30
    CHECK(has(lines, "SUMMARY:李小龙"));
    CHECK(has(lines, "DTEND;TZID=Europe/Madrid:20270329T183000"));  // no range holds 18:00
    CHECK(has(lines, "SUMMARY:Bo\\; Ek\\\\"));
    CHECK(std::count(lines.begin(), lines.end(), "BEGIN:VEVENT") == 3);
    CHECK(std::count(lines.begin(), lines.end(), "SEQUENCE:0") == 0);  // absent until it moves
}

TEST_CASE("iCalendar lines are folded at 75 octets without splitting a character, and a zone that cannot be read leaves times floating", "[icalendar]") {
    const std::string name(40, 'x');
    const std::vector<BookedSlot> bookings{{1, "2026-09-04", "09:00", "u1", 0, "", name + "王王王王王王王王王王王王王王", "a@b.c"}};
    const auto text = bookings_icalendar(bookings, {}, nullptr, {"", "1", kNow});
    std::string unfolded;
    for (const auto& line : lines_of(text)) {
        CHECK(line.size() <= 75);
        if (!line.empty() && line[0] == ' ') unfolded += line.substr(1);
        else unfolded += "\n" + line;
        for (std::size_t i = 0; i < line.size();) {  // each line whole characters: none cut in two
            const auto n = utf8::sequence_length(std::string_view(line).substr(i));
            REQUIRE(n > 0);
            i += n;
        }
    }
    CHECK(unfolded.find("\nSUMMARY:" + name + "王王王王王王王王王王王王王王\n") != std::string::npos);
    CHECK(text.find("VTIMEZONE") == std::string::npos);
    CHECK(text.find("\r\nDTSTART:20260904T090000\r\n") != std::string::npos);
    CHECK(text.find("\r\nDTEND:20260904T093000\r\n") != std::string::npos);
}

TEST_CASE("a zone without daylight saving has one observance, and a calendar without bookings is still a calendar", "[icalendar]") {
    const auto shanghai = TimeZone::load("Asia/Shanghai");
    const auto lines = lines_of(bookings_icalendar({}, {}, &shanghai, {"", "1", kNow}));
    CHECK(has(lines, "BEGIN:STANDARD"));
    CHECK(!has(lines, "BEGIN:DAYLIGHT"));
    CHECK(has(lines, "TZOFFSETFROM:+0800"));
    CHECK(has(lines, "TZOFFSETTO:+0800"));
    CHECK(!has(lines, "BEGIN:VEVENT"));
    CHECK(lines.back() == "END:VCALENDAR");
}
