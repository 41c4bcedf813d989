#pragma once
// IANA time zones read from the system's tz database (TZif files, RFC 8536), for an office's
// calendar in its own zone (issue 38). GCC 12's libstdc++ has no std::chrono::tzdb, and the
// static office-mcp cannot lean on glibc's TZ handling from several threads, so the files are
// read here: the transitions they list, and past the last one the POSIX TZ rule in their footer
// (how modern, "slim" tzdata gives the future). Windows has no tz database of its own: there the
// build compiles Debian's in (tzdata_embed.cmake), the same files for the same reader. Knows
// nothing of the office.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office {

// A civil date and the days since 1970-01-01 (proleptic Gregorian; negative before 1970).
struct CivilDate {
    int year = 1970, month = 1, day = 1;
    bool operator==(const CivilDate&) const = default;
};
std::int64_t days_from_civil(const CivilDate& date);
CivilDate civil_from_days(std::int64_t days);
int weekday_of(std::int64_t days);  // 0 Sunday ... 6 Saturday

// A change of a zone's offset: from `utc` on, `after` seconds east of UTC instead of `before`.
struct OffsetChange {
    std::int64_t utc = 0;
    int before = 0, after = 0;
};

class TimeZone {
public:
    // The zone `name` ("Europe/Madrid") from $TZDIR when it is set; else from
    // /usr/share/zoneinfo, and when that has no such file, from the zones compiled into the
    // build (compiled_in; such a build reads the disk only for the names it has compiled in).
    // Throws std::invalid_argument with one sentence: a name that is not an IANA zone name, or
    // no such zone where looked (named), or a file that is not TZif.
    static TimeZone load(const std::string& name);
    // The TZif bytes of the zone `name` compiled into this build (cmake -DOFFICE_EMBED_TZDATA=ON,
    // the default for Windows, which has no /usr/share/zoneinfo); nullopt when this build has
    // none, or none of that name.
    static std::optional<std::string_view> compiled_in(std::string_view name);
    // The version of the tz database compiled in ("2025b"); empty when this build has none.
    static std::string_view compiled_in_version();
    // The zone from a TZif file's bytes (tests; load reads the file).
    static TimeZone from_tzif(const std::string& name, const std::string& bytes);

    const std::string& name() const { return name_; }
    // Seconds east of UTC at the UTC instant `utc` (unix seconds).
    int offset_at(std::int64_t utc) const;
    // The UTC instants whose local wall-clock time is `local` (seconds since 1970-01-01 00:00
    // local): none in a gap (the clocks jumped over it), two in an overlap (the clocks went back
    // over it), in ascending order; else one.
    std::vector<std::int64_t> instants_of(std::int64_t local) const;
    // Every change of offset in (from, to] (UTC), in order: what a VTIMEZONE lists.
    std::vector<OffsetChange> changes_between(std::int64_t from, std::int64_t to) const;

private:
    std::string name_;
    std::vector<std::int64_t> transitions_;  // UTC, ascending
    std::vector<int> offsets_;               // offsets_[i] from transitions_[i] on
    int initial_offset_ = 0;                 // before the first transition
    // The footer: standard offset, and when it has daylight saving, its offset and the two
    // changes (each a date rule and a local time of day, in seconds).
    bool has_footer_ = false;
    int std_offset_ = 0, dst_offset_ = 0;
    bool has_dst_ = false;
    struct Change {
        char kind = 'M';  // 'M' month.week.weekday, 'J' day 1-365 without Feb 29, 'D' day 0-365
        int month = 0, week = 0, weekday = 0, day = 0;
        int time = 7200;  // seconds after local midnight (may be negative or past 24 h)
    } start_, end_;
    int footer_offset(std::int64_t utc) const;
    std::int64_t change_at(const Change& change, int year, int offset_before) const;  // UTC
    void parse_footer(const std::string& tz);
};

}  // namespace office
