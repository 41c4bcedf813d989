#include "bookings_calendar.h"

#include <cstdio>

namespace office {

std::int64_t slot_minutes_at(const std::vector<OpeningRange>& hours, int weekday, const std::string& time) {
    for (const auto& range : hours)  // HH:MM texts compare as the times they are
        if (range.weekday == weekday && range.opens <= time && time < range.closes) return range.slot_minutes;
    return 30;
}

std::string bookings_icalendar(const std::vector<BookedSlot>& bookings, const std::vector<OpeningRange>& hours,
                               const TimeZone* zone, const CalendarHeader& header) {
    std::vector<CalendarEvent> events;
    events.reserve(bookings.size());
    for (const auto& b : bookings) {
        int y = 1970, m = 1, d = 1;
        std::sscanf(b.day.c_str(), "%d-%d-%d", &y, &m, &d);
        const int weekday = weekday_of(days_from_civil({y, m, d}));
        events.push_back({b.uid, b.sequence, b.slot_id, b.day, b.time, slot_minutes_at(hours, weekday, b.time), b.customer,
                          b.email, b.booked_at});
    }
    return icalendar(events, zone, header);
}

}  // namespace office
