#pragma once
// Money is integer cents everywhere; this is the one place that turns cents into text.

#include <cstdint>
#include <cstdio>
#include <string>

namespace office {

// "80.00" for 8000, "-0.05" for -5.
inline std::string format_cents(std::int64_t cents) {
    // Unsigned magnitude: -INT64_MIN does not fit in int64_t.
    std::uint64_t magnitude = cents < 0 ? 0 - static_cast<std::uint64_t>(cents) : static_cast<std::uint64_t>(cents);
    char text[32];
    std::snprintf(text, sizeof text, "%s%llu.%02llu", cents < 0 ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 100), static_cast<unsigned long long>(magnitude % 100));
    return text;
}

// 80.0 for 8000: the number a JSON reply carries (text for people uses format_cents).
inline double cents_to_amount(std::int64_t cents) { return static_cast<double>(cents) / 100.0; }

}  // namespace office
