#include "icalendar.h"

#include "clock.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace office {

std::string ical_text(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\\' || c == ';' || c == ',') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '\r') continue;
        out += c;
    }
    return out;
}

void ical_line(std::string& out, std::string_view line) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < line.size();) {
        std::size_t n = 1;  // never split a UTF-8 character
        while (i + n < line.size() && (static_cast<unsigned char>(line[i + n]) & 0xC0) == 0x80) ++n;
        if (width + n > 75) {
            out += "\r\n ";
            width = 1;
        }
        out.append(line.substr(i, n));
        width += n;
        i += n;
    }
    out += "\r\n";
}

namespace {

// Seconds since 1970-01-01 00:00 as iCalendar's DATE-TIME form: 20261208T103000.
std::string date_time(std::int64_t seconds) {
    const std::int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
    const std::int64_t of_day = seconds - days * 86400;
    const CivilDate d = civil_from_days(days);
    char text[32];
    std::snprintf(text, sizeof text, "%04d%02d%02dT%02d%02d%02d", d.year, d.month, d.day, static_cast<int>(of_day / 3600),
                  static_cast<int>(of_day / 60 % 60), static_cast<int>(of_day % 60));
    return text;
}

// A UTC offset as UTC-OFFSET (3.3.14): +0100, -0600, +0530; seconds only when there are some.
std::string utc_offset(int seconds) {
    const int a = std::abs(seconds);
    char text[16];
    if (a % 60) std::snprintf(text, sizeof text, "%c%02d%02d%02d", seconds < 0 ? '-' : '+', a / 3600, a / 60 % 60, a % 60);
    else std::snprintf(text, sizeof text, "%c%02d%02d", seconds < 0 ? '-' : '+', a / 3600, a / 60 % 60);
    return text;
}

// An event's local start as seconds since 1970-01-01 00:00 local; its day and time were
// checked when it was booked, and one that does not read is left at 1970 rather than dropped.
std::int64_t local_seconds(const std::string& day, const std::string& time) {
    int y = 1970, mo = 1, d = 1, h = 0, mi = 0;
    std::sscanf(day.c_str(), "%d-%d-%d", &y, &mo, &d);
    std::sscanf(time.c_str(), "%d:%d", &h, &mi);
    return days_from_civil({y, mo, d}) * 86400 + h * 3600 + mi * 60;
}

// 2026-12-04T10:00:00Z (or with a fraction) as 20261204T100000Z.
std::string utc_stamp(const std::string& utc) {
    std::string out;
    for (char c : utc.substr(0, 19))
        if (c != '-' && c != ':') out += c;
    return out + "Z";
}

// The zone's definition over [from, to) local years: its offset at the start, then each change
// (a change to a larger offset is daylight time, back is standard: RFC 5545 asks only that
// each observance's onset and offsets be right, which they are).
void write_vtimezone(std::string& out, const TimeZone& zone, int first_year, int last_year) {
    const std::int64_t from = days_from_civil({first_year, 1, 1}) * 86400 - 86400;
    const std::int64_t to = days_from_civil({last_year + 1, 1, 1}) * 86400 + 86400;
    const auto changes = zone.changes_between(from, to);
    const int start_offset = zone.offset_at(from);
    const auto observance = [&](bool daylight, std::int64_t onset_local, int before, int after) {
        const char* kind = daylight ? "DAYLIGHT" : "STANDARD";
        ical_line(out, std::string("BEGIN:") + kind);
        ical_line(out, "DTSTART:" + date_time(onset_local));
        ical_line(out, "TZOFFSETFROM:" + utc_offset(before));
        ical_line(out, "TZOFFSETTO:" + utc_offset(after));
        ical_line(out, std::string("END:") + kind);
    };
    ical_line(out, "BEGIN:VTIMEZONE");
    ical_line(out, "TZID:" + zone.name());
    observance(!changes.empty() && changes.front().after < changes.front().before, from + start_offset, start_offset,
               start_offset);
    for (const auto& c : changes) observance(c.after > c.before, c.utc + c.before, c.before, c.after);
    ical_line(out, "END:VTIMEZONE");
}

}  // namespace

std::string icalendar(const std::vector<CalendarEvent>& events, const TimeZone* zone, const CalendarHeader& header) {
    std::string out;
    ical_line(out, "BEGIN:VCALENDAR");
    ical_line(out, "VERSION:2.0");
    ical_line(out, "PRODID:-//office-mcp//office-mcp " + header.version + "//EN");
    ical_line(out, "CALSCALE:GREGORIAN");
    if (!header.office_name.empty()) ical_line(out, "X-WR-CALNAME:" + ical_text(header.office_name));
    if (zone) {
        ical_line(out, "X-WR-TIMEZONE:" + zone->name());
        const int this_year = civil_from_days(header.now / 86400).year;
        int first = this_year, last = this_year;
        for (const auto& e : events) {
            const int year = civil_from_days(local_seconds(e.day, e.time) / 86400).year;
            first = std::min(first, year), last = std::max(last, year);
        }
        write_vtimezone(out, *zone, first, last);
    }
    const std::string tzid = zone ? ";TZID=" + zone->name() : "";
    for (const auto& e : events) {
        const std::int64_t start = local_seconds(e.day, e.time);
        std::string name = e.customer;
        std::erase(name, '"');  // a quoted parameter value cannot hold one (3.2)
        ical_line(out, "BEGIN:VEVENT");
        ical_line(out, "UID:" + e.uid + "@office-mcp");
        ical_line(out, "DTSTAMP:" + (e.booked_at.empty() ? utc_stamp(utc_time(header.now)) : utc_stamp(e.booked_at)));
        if (e.sequence > 0) ical_line(out, "SEQUENCE:" + std::to_string(e.sequence));
        ical_line(out, "DTSTART" + tzid + ":" + date_time(start));
        ical_line(out, "DTEND" + tzid + ":" + date_time(start + e.minutes * 60));
        ical_line(out, "SUMMARY:" + ical_text(e.customer));
        ical_line(out, "DESCRIPTION:" + ical_text("Slot " + std::to_string(e.slot_id) + ", booked for " + e.customer + " <" +
                                                  e.email + ">"));
        ical_line(out, "ATTENDEE;CN=\"" + name + "\":mailto:" + e.email);
        ical_line(out, "END:VEVENT");
    }
    ical_line(out, "END:VCALENDAR");
    return out;
}

}  // namespace office
