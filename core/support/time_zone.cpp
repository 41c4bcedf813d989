#include "time_zone.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#ifdef OFFICE_EMBED_TZDATA
// The tz database compiled in (cmake -DOFFICE_EMBED_TZDATA=ON): defined in tzdata_embedded.cpp,
// which tzdata_embed.cmake writes with this very Entry. A build without it has no such symbols,
// and compiled_in says so with nullopt.
namespace office::tzdata {
struct Entry {
    const char* name;
    std::uint32_t offset, size;  // the zone's TZif file: blob[offset] on, size bytes
};
extern const char version[];
extern const char blob[];
extern const Entry index[];  // sorted by name
extern const std::size_t count;
}  // namespace office::tzdata
#endif

namespace office {

// Howard Hinnant's days_from_civil and civil_from_days (public domain algorithms).
std::int64_t days_from_civil(const CivilDate& d) {
    const std::int64_t y = d.year - (d.month <= 2);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (d.month + (d.month > 2 ? -3 : 9)) + 2) / 5 + d.day - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

CivilDate civil_from_days(std::int64_t z) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {static_cast<int>(yoe + era * 400 + (month <= 2)), month, day};
}

int weekday_of(std::int64_t days) { return static_cast<int>(((days + 4) % 7 + 7) % 7); }  // 1970-01-01 was a Thursday

namespace {

[[noreturn]] void bad(const std::string& name, const std::string& why) {
    throw std::invalid_argument("time zone " + name + ": " + why);
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

// An IANA name: letters, digits and - _ + in parts joined by '/', none of them "." or "..".
bool is_zone_name(const std::string& name) {
    if (name.empty() || name.size() > 64 || name.front() == '/' || name.back() == '/') return false;
    std::size_t part = 0;
    for (std::size_t i = 0; i <= name.size(); ++i) {
        if (i == name.size() || name[i] == '/') {
            const std::string p = name.substr(part, i - part);
            if (p.empty() || p == "." || p == "..") return false;
            part = i + 1;
            continue;
        }
        const char c = name[i];
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '+')) return false;
    }
    return true;
}

class Reader {
public:
    Reader(const std::string& name, const std::string& bytes) : name_(name), bytes_(bytes) {}
    std::int64_t be(int n) {
        if (at_ + static_cast<std::size_t>(n) > bytes_.size()) bad(name_, "its file is cut short");
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i) v = v << 8 | static_cast<unsigned char>(bytes_[at_++]);
        if (n == 4) return static_cast<std::int32_t>(v);
        return static_cast<std::int64_t>(v);
    }
    unsigned char byte() { return static_cast<unsigned char>(be(1)); }
    void skip(std::size_t n) {
        if (at_ + n > bytes_.size()) bad(name_, "its file is cut short");
        at_ += n;
    }
    std::size_t at() const { return at_; }
    const std::string& bytes() const { return bytes_; }

private:
    const std::string& name_;
    const std::string& bytes_;
    std::size_t at_ = 0;
};

struct Counts {
    std::int64_t isut, isstd, leap, time, type, chars;
};

Counts header(Reader& r, const std::string& name, char& version) {
    if (r.bytes().compare(r.at(), 4, "TZif") != 0) bad(name, "its file is not a TZif file");
    r.skip(4);
    version = static_cast<char>(r.byte());
    r.skip(15);
    Counts c{};
    c.isut = r.be(4), c.isstd = r.be(4), c.leap = r.be(4), c.time = r.be(4), c.type = r.be(4), c.chars = r.be(4);
    if (c.type < 1 || c.time < 0 || c.chars < 0 || c.leap < 0) bad(name, "its file is damaged");
    return c;
}

}  // namespace

TimeZone TimeZone::load(const std::string& name) {
    if (!is_zone_name(name)) bad(name, "not a time zone name (IANA names are like Europe/Madrid or America/Mexico_City)");
    const char* env = std::getenv("TZDIR");
    const bool tzdir = env && *env;
    const std::string dir = tzdir ? env : "/usr/share/zoneinfo";
    const bool has_table = !compiled_in_version().empty();
    const auto compiled = compiled_in(name);
    // A build with the zones compiled in looks on the disk only for the names it knows: on
    // Windows a name such as AUX or COM1 opens a device in any folder (reading AUX hangs), and
    // every real zone is in the table. $TZDIR, the operator's own choice, is read as asked.
    if (tzdir || !has_table || compiled) {
        // The system's files first: apt keeps them newer than a build's copy.
        if (std::ifstream in(dir + "/" + name, std::ios::binary); in)
            return from_tzif(name, std::string(std::istreambuf_iterator<char>(in), {}));
    }
    if (tzdir || !has_table)
        bad(name, "no such zone in " + dir + (tzdir ? " ($TZDIR)" : "") +
                      " (a misspelt name, or the tz database is not installed: apt-get install tzdata)");
    if (compiled) return from_tzif(name, std::string(*compiled));  // no /usr/share/zoneinfo: Windows
    bad(name, "no such zone in the tz database compiled into this build (tzdata " + std::string(compiled_in_version()) +
                  "; a misspelt name)");
}

std::optional<std::string_view> TimeZone::compiled_in([[maybe_unused]] std::string_view name) {
#ifdef OFFICE_EMBED_TZDATA
    const tzdata::Entry* end = tzdata::index + tzdata::count;
    const tzdata::Entry* it = std::lower_bound(tzdata::index, end, name, [](const tzdata::Entry& e, std::string_view n) {
        return std::string_view(e.name) < n;
    });
    if (it != end && it->name == name) return std::string_view(tzdata::blob + it->offset, it->size);
#endif
    return std::nullopt;
}

std::string_view TimeZone::compiled_in_version() {
#ifdef OFFICE_EMBED_TZDATA
    return tzdata::version;
#else
    return {};
#endif
}

TimeZone TimeZone::from_tzif(const std::string& name, const std::string& bytes) {
    TimeZone z;
    z.name_ = name;
    Reader r(name, bytes);
    char version = 0;
    Counts c = header(r, name, version);
    int time_size = 4;
    if (version >= '2') {  // skip the 32-bit block: the 64-bit one follows with its own header
        r.skip(static_cast<std::size_t>(c.time * 5 + c.type * 6 + c.chars + c.leap * 8 + c.isstd + c.isut));
        c = header(r, name, version);
        time_size = 8;
    }
    std::vector<std::int64_t> times(static_cast<std::size_t>(c.time));
    for (auto& t : times) t = r.be(time_size);
    std::vector<unsigned char> index(static_cast<std::size_t>(c.time));
    for (auto& i : index) i = r.byte();
    std::vector<int> offsets(static_cast<std::size_t>(c.type));
    for (auto& o : offsets) {
        o = static_cast<int>(r.be(4));
        r.skip(2);  // isdst, abbreviation index
    }
    r.skip(static_cast<std::size_t>(c.chars + c.leap * (time_size + 4) + c.isstd + c.isut));
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (index[i] >= offsets.size()) bad(name, "its file is damaged");
        z.transitions_.push_back(times[i]);
        z.offsets_.push_back(offsets[index[i]]);
    }
    z.initial_offset_ = offsets[0];  // local time type 0 before the first transition (RFC 8536 3.2)
    if (version >= '2' && r.at() < bytes.size() && bytes[r.at()] == '\n') {
        const auto end = bytes.find('\n', r.at() + 1);
        if (end != std::string::npos && end > r.at() + 1) z.parse_footer(bytes.substr(r.at() + 1, end - r.at() - 1));
    }
    return z;
}

namespace {

// A POSIX TZ string, read left to right.
struct Tz {
    const std::string& name;
    const std::string& s;
    std::size_t i = 0;
    [[noreturn]] void fail() const { bad(name, "its rule \"" + s + "\" is not a POSIX TZ string this build reads"); }
    bool more() const { return i < s.size(); }
    void abbreviation() {
        if (more() && s[i] == '<') {
            const auto close = s.find('>', i);
            if (close == std::string::npos) fail();
            i = close + 1;
            return;
        }
        const auto from = i;
        while (more() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
        if (i - from < 3) fail();
    }
    int number() {
        if (!more() || !std::isdigit(static_cast<unsigned char>(s[i]))) fail();
        int n = 0;
        while (more() && std::isdigit(static_cast<unsigned char>(s[i])) && n < 10000) n = n * 10 + (s[i++] - '0');
        return n;
    }
    // [+-]hh[:mm[:ss]] in seconds.
    int clock() {
        int sign = 1;
        if (more() && (s[i] == '+' || s[i] == '-')) sign = s[i++] == '-' ? -1 : 1;
        int seconds = number() * 3600;
        if (more() && s[i] == ':') ++i, seconds += number() * 60;
        if (more() && s[i] == ':') ++i, seconds += number();
        return sign * seconds;
    }
    bool at(char c) {
        if (more() && s[i] == c) return ++i, true;
        return false;
    }
};

}  // namespace

void TimeZone::parse_footer(const std::string& text) {
    Tz tz{name_, text};
    tz.abbreviation();
    std_offset_ = -tz.clock();  // POSIX counts west of Greenwich as positive
    has_footer_ = true;
    if (!tz.more()) return;
    tz.abbreviation();
    has_dst_ = true;
    dst_offset_ = std_offset_ + 3600;
    if (tz.more() && tz.s[tz.i] != ',') dst_offset_ = -tz.clock();
    if (!tz.at(',')) tz.fail();  // no rule: this build does not guess the US rules of old
    for (Change* change : {&start_, &end_}) {
        if (tz.at('M')) {
            change->kind = 'M';
            change->month = tz.number();
            if (!tz.at('.')) tz.fail();
            change->week = tz.number();
            if (!tz.at('.')) tz.fail();
            change->weekday = tz.number();
            if (change->month < 1 || change->month > 12 || change->week < 1 || change->week > 5 || change->weekday > 6) tz.fail();
        } else if (tz.at('J')) {
            change->kind = 'J';
            change->day = tz.number();
            if (change->day < 1 || change->day > 365) tz.fail();
        } else {
            change->kind = 'D';
            change->day = tz.number();
            if (change->day > 365) tz.fail();
        }
        change->time = 7200;
        if (tz.at('/')) change->time = tz.clock();
        if (change == &start_ && !tz.at(',')) tz.fail();
    }
    if (tz.more()) tz.fail();
}

// The UTC instant of `change` in `year`, its local time read in the offset in force before it.
std::int64_t TimeZone::change_at(const Change& change, int year, int offset_before) const {
    std::int64_t days = 0;
    if (change.kind == 'M') {
        const std::int64_t first = days_from_civil({year, change.month, 1});
        days = first + (change.weekday - weekday_of(first) + 7) % 7 + 7 * (change.week - 1);
        static const int kLength[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        const int length = kLength[change.month - 1] + (change.month == 2 && leap(year));
        while (days - first >= length) days -= 7;  // week 5: the last such weekday
    } else if (change.kind == 'J') {
        days = days_from_civil({year, 1, 1}) + change.day - 1 + (leap(year) && change.day >= 60);
    } else {
        days = days_from_civil({year, 1, 1}) + change.day;
    }
    return days * 86400 + change.time - offset_before;
}

int TimeZone::footer_offset(std::int64_t utc) const {
    if (!has_dst_) return std_offset_;
    const std::int64_t local = utc + std_offset_;
    const int year = civil_from_days(local / 86400 - (local % 86400 < 0)).year;
    const std::int64_t start = change_at(start_, year, std_offset_), end = change_at(end_, year, dst_offset_);
    const bool dst = start < end ? (utc >= start && utc < end) : (utc < end || utc >= start);  // south: the year's ends
    return dst ? dst_offset_ : std_offset_;
}

int TimeZone::offset_at(std::int64_t utc) const {
    if (transitions_.empty() || utc < transitions_.front()) return transitions_.empty() && has_footer_ ? footer_offset(utc) : initial_offset_;
    if (utc >= transitions_.back() && has_footer_) return footer_offset(utc);
    const auto it = std::upper_bound(transitions_.begin(), transitions_.end(), utc);
    return offsets_[static_cast<std::size_t>(it - transitions_.begin()) - 1];
}

std::vector<OffsetChange> TimeZone::changes_between(std::int64_t from, std::int64_t to) const {
    // Looked for every six hours (no zone changes twice within that), each found to the second
    // by halving: one rule for the listed transitions and the footer's alike.
    constexpr std::int64_t kStep = 6 * 3600;
    std::vector<OffsetChange> changes;
    int offset = offset_at(from);
    for (std::int64_t t = from; t < to;) {
        const std::int64_t next = std::min(t + kStep, to);
        const int later = offset_at(next);
        if (later != offset) {
            std::int64_t low = t, high = next;  // `offset` at low, `later` at high
            while (high - low > 1) {
                const std::int64_t mid = low + (high - low) / 2;
                (offset_at(mid) == offset ? low : high) = mid;
            }
            changes.push_back({high, offset, later});
            offset = later;
        }
        t = next;
    }
    return changes;
}

std::vector<std::int64_t> TimeZone::instants_of(std::int64_t local) const {
    // The offsets a day either side: changes are never closer together than that.
    std::vector<std::int64_t> found;
    for (const int offset : {offset_at(local - 86400), offset_at(local + 86400)}) {
        const std::int64_t utc = local - offset;
        if (offset_at(utc) == offset && std::find(found.begin(), found.end(), utc) == found.end()) found.push_back(utc);
    }
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace office
