#pragma once
// The office's calendar as agents and people see it (issue 38): the slots its opening hours
// make in its time zone, minus the days it is closed, the slots booked and those already begun,
// up to its horizon; beside them the explicit slot rows of an office without hours (the demo's
// six, kept exactly as the seed has them, dates included). Reads the office only through the
// store; knows the time only from the caller's clock.

#include "office_store.h"
#include "time_zone.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace office {

// The id of the slot the hours make at a local day and time: YYYYMMDDHHMM as a number
// (202612081030 is 2026-12-08 10:30), the same slot for as long as that time is one.
std::int64_t generated_slot_id(const CivilDate& day, int minute_of_day);
// Whether `id` has that form: a slot the hours make, whose row exists only while it is booked.
bool is_generated_slot_id(std::int64_t id);

// "YYYY-MM-DD" as a date, or none (also for 2026-02-30).
std::optional<CivilDate> parse_day(const std::string& text);
std::string day_text(const CivilDate& day);
// "HH:MM" as minutes after midnight (00:00 to 24:00), or none.
std::optional<int> parse_clock(const std::string& text);
std::string clock_text(int minute_of_day);
const char* weekday_name(int weekday);  // 0 "Sunday" ... 6 "Saturday"

// The instant `utc` as RFC 3339 in `zone`, with the offset then in force: 2026-12-08T10:30:00+01:00.
std::string rfc3339_in(const TimeZone& zone, std::int64_t utc);
// When the local `day` `time` (YYYY-MM-DD, HH:MM) begins in `zone`, as rfc3339_in: the first of
// two in an overlap; none for a time the clocks skip or text that is not a day and time.
std::optional<std::string> local_starts_at(const TimeZone& zone, const std::string& day, const std::string& time);

// The machine's own zone: $TZ when it names one, else what /etc/localtime links to, else "UTC".
std::string machine_time_zone();

struct OfferedSlot {
    std::int64_t id = 0;
    std::string day, time;  // local, in the office's zone
    int weekday = 0;
    std::string starts_at;  // RFC 3339 with the offset then in force: 2026-12-08T10:30:00+01:00
};

class OfficeCalendar {
public:
    // Reads the office's settings, hours and closures. Throws std::invalid_argument when its
    // zone cannot be read (TimeZone::load's sentence).
    OfficeCalendar(OfficeStore& store, std::int64_t now);

    const TimeZone& zone() const { return zone_; }
    const OfficeSettings& settings() const { return settings_; }
    std::string today() const { return day_text(today_); }
    const CivilDate& today_date() const { return today_; }
    int today_weekday() const;
    bool has_hours() const { return !hours_.empty(); }

    // The free slots on `day`, by time. When there are none for a reason other than all being
    // booked (a closed day, past the horizon, a day gone by), `why_none` says it in a sentence.
    std::vector<OfferedSlot> free_on(const CivilDate& day, std::string& why_none) const;
    // The slot `id` names if the hours offer it (begun or booked ones aside); none otherwise.
    std::optional<OfferedSlot> offered(std::int64_t id) const;
    // Whether the slot at local `day` `time` has begun (a slot whose day or time cannot be read
    // has: nothing is done to it).
    bool begun(const std::string& day, const std::string& time) const;
    // Every booking as iCalendar in the office's zone (core/store/bookings_calendar.h); `version`
    // is office-mcp's, for PRODID.
    std::string icalendar(const std::string& version) const;

private:
    // Every slot the hours make on `day` that has not begun, as local times (one per local time,
    // none in a gap, the first of two in an overlap).
    std::vector<OfferedSlot> made_on(const CivilDate& day) const;
    std::string starts_at(std::int64_t utc) const;
    OfficeStore& store_;
    std::int64_t now_;
    OfficeSettings settings_;
    TimeZone zone_;
    CivilDate today_;
    std::vector<OpeningRange> hours_;
    std::vector<Closure> closures_;
};

}  // namespace office
