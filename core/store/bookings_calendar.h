#pragma once
// The office's bookings as iCalendar (core/support/icalendar.h), each event as long as the slot
// its opening hours make at that time: what `calendar export`, GET /calendar.ics and the
// export's calendar.ics write, whichever store the bookings came from.

#include "icalendar.h"
#include "office_store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace office {

// A slot's length in minutes: that of the opening range of `weekday` (0 Sunday) the local
// `time` (HH:MM) falls in; 30 for a time no range holds (an explicit slot such as the demo's,
// or a booking the hours no longer offer). Lengths are not kept with bookings: a booking shows
// the length its hours give now.
std::int64_t slot_minutes_at(const std::vector<OpeningRange>& hours, int weekday, const std::string& time);

// `zone` null: floating local times (icalendar()).
std::string bookings_icalendar(const std::vector<BookedSlot>& bookings, const std::vector<OpeningRange>& hours,
                               const TimeZone* zone, const CalendarHeader& header);

}  // namespace office
