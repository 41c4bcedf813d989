// Time zones from the tz database (core/support/time_zone.h), checked against glibc's own
// reading of the same files (localtime_r under TZ=:<zone>) hour by hour over fifteen years, for
// zones with northern, southern, half-hour, negative and no daylight saving; and the local times
// that a change of the clocks skips or repeats, in Madrid and Santiago (issue 38's DST cases);
// and the zones a build compiles in (Windows'), byte for byte the files of /usr/share/zoneinfo.

#include "time_zone.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>

using office::CivilDate;
using office::TimeZone;

namespace {

std::int64_t local_seconds(CivilDate d, int hour, int minute) {
    return office::days_from_civil(d) * 86400 + hour * 3600 + minute * 60;
}

// glibc's offset for `utc` in `zone` (tm_gmtoff).
long glibc_offset(const std::string& zone, std::int64_t utc) {
    static std::string current;
    if (current != zone) {
        ::setenv("TZ", (":" + zone).c_str(), 1);
        ::tzset();
        current = zone;
    }
    const std::time_t t = static_cast<std::time_t>(utc);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    return tm.tm_gmtoff;
}

}  // namespace

TEST_CASE("civil dates: days since 1970 and weekdays", "[time-zone]") {
    CHECK(office::days_from_civil({1970, 1, 1}) == 0);
    CHECK(office::days_from_civil({2026, 12, 3}) == 20790);
    CHECK(office::civil_from_days(20790) == CivilDate{2026, 12, 3});
    CHECK(office::civil_from_days(-1) == CivilDate{1969, 12, 31});
    CHECK(office::weekday_of(20790) == 4);  // a Thursday
    CHECK(office::weekday_of(-1) == 3);
    CHECK(office::days_from_civil({2028, 3, 1}) - office::days_from_civil({2028, 2, 28}) == 2);  // a leap year
    for (std::int64_t d = -800000; d < 800000; d += 997) CHECK(office::days_from_civil(office::civil_from_days(d)) == d);
}

TEST_CASE("every zone's offset is glibc's, hour by hour from 2025 to 2040", "[time-zone]") {
    const char* saved = std::getenv("TZ");
    const std::string before = saved ? saved : "";
    for (const std::string zone : {"Europe/Madrid", "America/Santiago", "America/Mexico_City", "Asia/Shanghai",
                                   "Australia/Lord_Howe", "America/New_York", "Europe/Dublin", "Pacific/Chatham",
                                   "America/Sao_Paulo", "Africa/Casablanca", "UTC"}) {
        CAPTURE(zone);
        const auto tz = TimeZone::load(zone);
        int differences = 0;
        const std::int64_t from = local_seconds({2025, 1, 1}, 0, 0), to = local_seconds({2041, 1, 1}, 0, 0);
        for (std::int64_t t = from; t < to; t += 1800) {
            if (tz.offset_at(t) != glibc_offset(zone, t) && ++differences <= 3) {
                CAPTURE(t);
                CHECK(tz.offset_at(t) == glibc_offset(zone, t));
            }
            // The local time of every instant leads back to it.
            const auto back = tz.instants_of(t + tz.offset_at(t));
            if (std::find(back.begin(), back.end(), t) == back.end() && ++differences <= 3) CHECK(false);
        }
        CHECK(differences == 0);
    }
    if (saved) ::setenv("TZ", before.c_str(), 1);
    else ::unsetenv("TZ");
    ::tzset();
}

TEST_CASE("a local time the clocks skip has no instant, one they repeat has two: Madrid and Santiago", "[time-zone]") {
    const auto madrid = TimeZone::load("Europe/Madrid");
    // 2026-03-29: 02:00 CET becomes 03:00 CEST.
    CHECK(madrid.instants_of(local_seconds({2026, 3, 29}, 2, 30)).empty());
    CHECK(madrid.instants_of(local_seconds({2026, 3, 29}, 1, 30)) == std::vector<std::int64_t>{local_seconds({2026, 3, 29}, 0, 30)});
    CHECK(madrid.instants_of(local_seconds({2026, 3, 29}, 3, 30)) == std::vector<std::int64_t>{local_seconds({2026, 3, 29}, 1, 30)});
    // 2026-10-25: 03:00 CEST becomes 02:00 CET: 02:30 happens at 00:30 and at 01:30 UTC.
    CHECK(madrid.instants_of(local_seconds({2026, 10, 25}, 2, 30)) ==
          std::vector<std::int64_t>{local_seconds({2026, 10, 25}, 0, 30), local_seconds({2026, 10, 25}, 1, 30)});
    CHECK(madrid.offset_at(local_seconds({2026, 7, 1}, 12, 0)) == 7200);
    CHECK(madrid.offset_at(local_seconds({2026, 12, 1}, 12, 0)) == 3600);

    const auto santiago = TimeZone::load("America/Santiago");
    // Southern hemisphere: summer time (-03) until Sunday 2026-04-05 00:00, which becomes
    // Saturday 23:00 (-04) again; and from Sunday 2026-09-06 00:00, which becomes 01:00 (-03).
    CHECK(santiago.offset_at(local_seconds({2026, 1, 15}, 12, 0)) == -3 * 3600);
    CHECK(santiago.offset_at(local_seconds({2026, 7, 15}, 12, 0)) == -4 * 3600);
    CHECK(santiago.instants_of(local_seconds({2026, 4, 4}, 23, 30)).size() == 2);
    CHECK(santiago.instants_of(local_seconds({2026, 4, 4}, 22, 30)).size() == 1);
    CHECK(santiago.instants_of(local_seconds({2026, 9, 6}, 0, 30)).empty());
    CHECK(santiago.instants_of(local_seconds({2026, 9, 6}, 1, 30)) == std::vector<std::int64_t>{local_seconds({2026, 9, 6}, 4, 30)});
}

TEST_CASE("a name that is not a zone, or a zone the database lacks, is refused with a sentence", "[time-zone]") {
    CHECK_THROWS_WITH(TimeZone::load("../etc/passwd"), Catch::Contains("not a time zone name"));
    // A build with the zones compiled in (cmake -DOFFICE_EMBED_TZDATA=ON) names those instead.
    CHECK_THROWS_WITH(TimeZone::load("Europe/Atlantis"),
                      Catch::Contains(TimeZone::compiled_in_version().empty() ? "no such zone in /usr/share/zoneinfo"
                                                                              : "no such zone in the tz database compiled into this build"));
    CHECK_THROWS_WITH(TimeZone::load("Europe Madrid"), Catch::Contains("not a time zone name"));
    CHECK_THROWS_WITH(TimeZone::from_tzif("X/Y", "not a zone file"), Catch::Contains("not a TZif file"));
    ::setenv("TZDIR", "/nonexistent", 1);
    CHECK_THROWS_WITH(TimeZone::load("Europe/Madrid"), Catch::Contains("no such zone in /nonexistent ($TZDIR)"));
    ::unsetenv("TZDIR");
    CHECK(TimeZone::load("Asia/Shanghai").offset_at(0) == 8 * 3600);
}

TEST_CASE("a zone's changes of offset, to the second, as a VTIMEZONE lists them", "[time-zone]") {
    const auto year = [](int y) { return std::pair{office::days_from_civil({y, 1, 1}) * 86400, office::days_from_civil({y + 1, 1, 1}) * 86400}; };
    const auto [from, to] = year(2027);
    // Europe/Madrid: the last Sundays of March and October at 01:00 UTC.
    const auto madrid = TimeZone::load("Europe/Madrid").changes_between(from, to);
    REQUIRE(madrid.size() == 2);
    CHECK(madrid[0].utc == local_seconds({2027, 3, 28}, 1, 0));
    CHECK((madrid[0].before == 3600 && madrid[0].after == 7200));
    CHECK(madrid[1].utc == local_seconds({2027, 10, 31}, 1, 0));
    CHECK((madrid[1].before == 7200 && madrid[1].after == 3600));
    // A change that falls exactly on a six-hour step of the search is found at its second.
    const std::int64_t spring = local_seconds({2027, 3, 28}, 1, 0);
    const auto stepped = TimeZone::load("Europe/Madrid").changes_between(spring - 4 * 6 * 3600, spring + 3600);
    REQUIRE(stepped.size() == 1);
    CHECK(stepped[0].utc == spring);
    // Southern hemisphere, and none at all.
    const auto santiago = TimeZone::load("America/Santiago").changes_between(from, to);
    REQUIRE(santiago.size() == 2);
    CHECK(santiago[0].utc == local_seconds({2027, 4, 4}, 3, 0));
    CHECK(santiago[0].after == -4 * 3600);
    CHECK(santiago[1].utc == local_seconds({2027, 9, 5}, 4, 0));
    CHECK(santiago[1].after == -3 * 3600);
    CHECK(TimeZone::load("Asia/Shanghai").changes_between(from, to).empty());
    // Every change glibc sees in 2025..2040, and no other.
    for (const char* zone : {"Europe/Madrid", "America/Mexico_City", "Australia/Adelaide", "America/New_York"}) {
        const auto tz = TimeZone::load(zone);
        const auto changes = tz.changes_between(year(2025).first, year(2040).second);
        std::size_t seen = 0;
        for (std::int64_t t = year(2025).first; t < year(2040).second; t += 3600)
            if (glibc_offset(zone, t) != glibc_offset(zone, t + 3600)) {
                INFO(zone << " at " << t);
                REQUIRE(seen < changes.size());
                CHECK(changes[seen].utc > t);
                CHECK(changes[seen].utc <= t + 3600);
                CHECK(changes[seen].after == glibc_offset(zone, t + 3600));
                ++seen;
            }
        CHECK(seen == changes.size());
    }
}

// The zones compiled in (cmake -DOFFICE_EMBED_TZDATA=ON, the default on Windows) must be the tz
// database's own bytes, an alias the very bytes of its zone. A build without them must say it has
// none, rather than pass here as one that has them.
TEST_CASE("the zones compiled into the build are the files of /usr/share/zoneinfo and their aliases", "[time-zone]") {
    if (TimeZone::compiled_in_version().empty()) {
        CHECK_FALSE(TimeZone::compiled_in("Europe/Madrid"));
        CHECK_FALSE(TimeZone::compiled_in("UTC"));
        return;
    }
    const auto file = [](const std::string& name) {
        std::ifstream in("/usr/share/zoneinfo/" + name, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    for (const std::string zone : {"Europe/Madrid", "America/Mexico_City", "UTC", "Etc/GMT+5", "Africa/Abidjan", "Pacific/Wake"}) {
        CAPTURE(zone);
        const auto bytes = TimeZone::compiled_in(zone);
        REQUIRE(bytes);
        CHECK(*bytes == file(zone));
        CHECK(TimeZone::from_tzif(zone, std::string(*bytes)).offset_at(1'800'000'000) == TimeZone::load(zone).offset_at(1'800'000'000));
    }
    // Symlinks in Debian's tzdata: one copy of the bytes, under both names.
    CHECK(TimeZone::compiled_in("UTC")->data() == TimeZone::compiled_in("Etc/UTC")->data());
    CHECK(TimeZone::compiled_in("Europe/Belfast")->data() == TimeZone::compiled_in("Europe/London")->data());
    // Not zones: the tables, the source text, the duplicate trees, the machine's own link.
    for (const char* other : {"zone.tab", "tzdata.zi", "leapseconds", "posix/Europe/Madrid", "right/UTC", "localtime",
                              "posixrules", "Europe", "Europe/Atlantis", "europe/madrid"}) {
        CAPTURE(other);
        CHECK_FALSE(TimeZone::compiled_in(other));
    }
    // The version said is the one compiled in (tzdata.zi's first line, "# version 2025b").
    std::ifstream zi("/usr/share/zoneinfo/tzdata.zi");
    std::string first;
    std::getline(zi, first);
    CHECK(first == "# version " + std::string(TimeZone::compiled_in_version()));
    // A name the table lacks is not looked for on the disk (on Windows AUX is a device).
    CHECK_THROWS_WITH(TimeZone::load("AUX"), Catch::Contains("no such zone in the tz database compiled into this build (tzdata"));
}
