#include "calendar.h"

#include "bookings_calendar.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace office {

std::int64_t generated_slot_id(const CivilDate& d, int minute_of_day) {
    return ((static_cast<std::int64_t>(d.year) * 100 + d.month) * 100 + d.day) * 10000 + (minute_of_day / 60) * 100 +
           minute_of_day % 60;
}

std::optional<CivilDate> parse_day(const std::string& text) {
    int y = 0, m = 0, d = 0;
    char tail = 0;
    if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3) return std::nullopt;
    const CivilDate date{y, m, d};
    if (m < 1 || m > 12 || d < 1 || civil_from_days(days_from_civil(date)) != date) return std::nullopt;
    return date;
}

std::string day_text(const CivilDate& d) {
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02d-%02d", d.year, d.month, d.day);
    return text;
}

std::optional<int> parse_clock(const std::string& text) {
    if (text.size() != 5 || text[2] != ':') return std::nullopt;
    for (const int i : {0, 1, 3, 4})
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
    const int h = (text[0] - '0') * 10 + (text[1] - '0'), m = (text[3] - '0') * 10 + (text[4] - '0');
    if (m > 59 || h > 24 || (h == 24 && m != 0)) return std::nullopt;
    return h * 60 + m;
}

std::string clock_text(int minute) {
    char text[8];
    std::snprintf(text, sizeof text, "%02d:%02d", minute / 60, minute % 60);
    return text;
}

const char* weekday_name(int weekday) {
    static const char* const kNames[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    return kNames[weekday % 7];
}

std::string machine_time_zone() {
    if (const char* tz = std::getenv("TZ"); tz && *tz) {
        const std::string name = tz[0] == ':' ? tz + 1 : tz;
        try {
            TimeZone::load(name);
            return name;
        } catch (const std::invalid_argument&) {
        }
    }
    std::error_code ec;
    const auto target = std::filesystem::read_symlink("/etc/localtime", ec).string();
    if (const auto at = target.find("zoneinfo/"); !ec && at != std::string::npos) return target.substr(at + 9);
    return "UTC";
}

namespace {
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }
}  // namespace

OfficeCalendar::OfficeCalendar(OfficeStore& store, std::int64_t now)
    : store_(store),
      now_(now),
      settings_(store.calendar().office_settings()),
      zone_(TimeZone::load(settings_.time_zone.empty() ? machine_time_zone() : settings_.time_zone)),
      today_(civil_from_days(floor_div(now + zone_.offset_at(now), 86400))),
      hours_(store.calendar().opening_hours()),
      closures_(store.calendar().closures()) {}

std::string OfficeCalendar::icalendar(const std::string& version) const {
    return bookings_icalendar(store_.calendar().bookings(), hours_, &zone_, {settings_.name, version, now_});
}

int OfficeCalendar::today_weekday() const { return weekday_of(days_from_civil(today_)); }

std::string OfficeCalendar::starts_at(std::int64_t utc) const { return rfc3339_in(zone_, utc); }

std::optional<std::string> local_starts_at(const TimeZone& zone, const std::string& day, const std::string& time) {
    const auto d = parse_day(day);
    const auto minute = parse_clock(time);
    if (!d || !minute) return std::nullopt;
    const auto instants = zone.instants_of(days_from_civil(*d) * 86400 + *minute * 60);
    if (instants.empty()) return std::nullopt;
    return rfc3339_in(zone, instants.front());
}

std::string rfc3339_in(const TimeZone& zone, std::int64_t utc) {
    const int offset = zone.offset_at(utc);
    const std::int64_t local = utc + offset;
    const CivilDate d = civil_from_days(floor_div(local, 86400));
    const std::int64_t second = local - floor_div(local, 86400) * 86400;
    const int off = offset < 0 ? -offset : offset;
    char text[40];
    std::snprintf(text, sizeof text, "%sT%02d:%02d:%02d%c%02d:%02d", day_text(d).c_str(), static_cast<int>(second / 3600),
                  static_cast<int>(second / 60 % 60), static_cast<int>(second % 60), offset < 0 ? '-' : '+', off / 3600,
                  off / 60 % 60);
    return text;
}

std::vector<OfferedSlot> OfficeCalendar::made_on(const CivilDate& day) const {
    std::vector<OfferedSlot> made;
    const std::int64_t days = days_from_civil(day);
    const int weekday = weekday_of(days);
    for (const auto& range : hours_) {
        if (range.weekday != weekday) continue;
        const auto opens = parse_clock(range.opens), closes = parse_clock(range.closes);
        if (!opens || !closes || range.slot_minutes <= 0) continue;
        for (int minute = *opens; minute + range.slot_minutes <= *closes; minute += static_cast<int>(range.slot_minutes)) {
            const auto instants = zone_.instants_of(days * 86400 + minute * 60);
            if (instants.empty() || instants.front() <= now_) continue;  // a time the clocks skip; begun already
            made.push_back({generated_slot_id(day, minute), day_text(day), clock_text(minute), weekday, starts_at(instants.front())});
        }
    }
    std::sort(made.begin(), made.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    made.erase(std::unique(made.begin(), made.end(), [](const auto& a, const auto& b) { return a.time == b.time; }), made.end());
    return made;
}

std::vector<OfferedSlot> OfficeCalendar::free_on(const CivilDate& day, std::string& why_none) const {
    why_none.clear();
    const std::string text = day_text(day);
    const auto rows = store_.calendar().slot_rows(text, text);
    std::vector<OfferedSlot> free;
    const std::int64_t days = days_from_civil(day);
    // Explicit slots (an office's own rows that the hours did not make): offered as they are.
    for (const auto& row : rows) {
        if (row.customer_id) continue;
        const auto minute = parse_clock(row.time);
        const auto instants = minute ? zone_.instants_of(days * 86400 + *minute * 60) : std::vector<std::int64_t>{};
        free.push_back({row.id, row.day, row.time, weekday_of(days), instants.empty() ? "" : starts_at(instants.front())});
    }
    if (!hours_.empty()) {
        const std::int64_t from_today = days - days_from_civil(today_);
        const auto closed = std::find_if(closures_.begin(), closures_.end(), [&](const auto& c) { return c.day == text; });
        if (from_today < 0) {
            why_none = text + " is before today (" + today() + ").";
        } else if (from_today > settings_.horizon_days) {
            why_none = text + " is beyond the " + std::to_string(settings_.horizon_days) + " days ahead the office takes bookings for.";
        } else if (closed != closures_.end()) {
            why_none = "The office is closed on " + text + (closed->reason.empty() ? "" : " (" + closed->reason + ")") + ".";
        } else {
            for (auto& slot : made_on(day)) {
                const bool taken = std::any_of(rows.begin(), rows.end(), [&](const auto& r) { return r.time == slot.time; });
                if (!taken) free.push_back(std::move(slot));
            }
        }
    }
    std::sort(free.begin(), free.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    if (!free.empty()) why_none.clear();
    return free;
}

bool is_generated_slot_id(std::int64_t id) { return id >= 100000000000LL && id <= 999999999999LL; }

bool OfficeCalendar::begun(const std::string& day, const std::string& time) const {
    const auto date = parse_day(day);
    const auto minute = parse_clock(time);
    if (!date || !minute) return true;
    const std::int64_t local = days_from_civil(*date) * 86400 + *minute * 60;
    const auto instants = zone_.instants_of(local);
    // A time the clocks skipped: it began when the local time passed it.
    return instants.empty() ? local <= now_ + zone_.offset_at(now_) : instants.front() <= now_;
}

std::optional<OfferedSlot> OfficeCalendar::offered(std::int64_t id) const {
    if (!is_generated_slot_id(id)) return std::nullopt;
    const CivilDate day{static_cast<int>(id / 100000000), static_cast<int>(id / 1000000 % 100), static_cast<int>(id / 10000 % 100)};
    if (civil_from_days(days_from_civil(day)) != day) return std::nullopt;
    const std::int64_t from_today = days_from_civil(day) - days_from_civil(today_);
    if (from_today < 0 || from_today > settings_.horizon_days) return std::nullopt;
    if (std::any_of(closures_.begin(), closures_.end(), [&](const auto& c) { return c.day == day_text(day); })) return std::nullopt;
    for (auto& slot : made_on(day))
        if (slot.id == id) return slot;
    return std::nullopt;
}

}  // namespace office
