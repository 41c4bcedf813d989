#pragma once
// The office's bookings as iCalendar (RFC 5545), what `calendar export`, GET /calendar.ics and
// the export's calendar.ics all write: a VCALENDAR with the office's VTIMEZONE (its changes over
// the years the events span, read from the zone itself), and one VEVENT per booking at its local
// time in that zone (DTSTART;TZID=…, DTEND from the slot's length). Knows nothing of the office
// beyond these events.

#include "time_zone.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct CalendarEvent {
    std::string uid;             // the booking's own (it stays with it when the booking moves)
    std::int64_t sequence = 0;   // how often it moved
    std::int64_t slot_id = 0;
    std::string day, time;       // local: YYYY-MM-DD, HH:MM
    std::int64_t minutes = 30;   // the slot's length
    std::string customer, email;
    std::string booked_at;       // UTC (2026-12-04T10:00:00Z): when it was booked or moved; "" unknown
};

struct CalendarHeader {
    std::string office_name;  // X-WR-CALNAME; "" none
    std::string version;      // office-mcp's, in PRODID
    std::int64_t now = 0;     // unix seconds: DTSTAMP of an event whose booked_at is unknown
};

// The calendar text, CRLF lines folded at 75 octets. `zone` null: floating local times and no
// VTIMEZONE (an office whose zone this machine cannot read).
std::string icalendar(const std::vector<CalendarEvent>& events, const TimeZone* zone, const CalendarHeader& header);

// RFC 5545 text (3.3.11) and content lines (3.1), for callers that write their own.
std::string ical_text(std::string_view text);
void ical_line(std::string& out, std::string_view line);

}  // namespace office
