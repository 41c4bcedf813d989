#pragma once
// What the validator's files share, and nothing outside them includes: numbers compared exactly
// (schema_validator.cpp), and the pattern rules std::regex does not enforce (schema_pattern.cpp).

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>

namespace office::schema_internal {

// ---- numbers, compared exactly (int64, uint64 and double, as nlohmann stores them) ----------

struct Number {
    enum class Kind { negative, unsigned_, floating } kind = Kind::unsigned_;
    std::int64_t i = 0;   // kind == negative: always < 0
    std::uint64_t u = 0;  // kind == unsigned_
    double d = 0;         // kind == floating
};

template <class Json>
Number to_number(const Json& j) {
    Number n;
    if (j.is_number_unsigned()) {
        n.kind = Number::Kind::unsigned_;
        n.u = j.template get<std::uint64_t>();
    } else if (j.is_number_integer()) {
        const auto i = j.template get<std::int64_t>();
        if (i >= 0) {
            n.kind = Number::Kind::unsigned_;
            n.u = static_cast<std::uint64_t>(i);
        } else {
            n.kind = Number::Kind::negative;
            n.i = i;
        }
    } else {
        n.kind = Number::Kind::floating;
        n.d = j.template get<double>();
    }
    return n;
}

inline int sign_of(double a, double b) { return a < b ? -1 : (a > b ? 1 : 0); }

// -1, 0 or 1 as i is below, at or above d, without rounding i to a double.
inline int compare_int_double(std::int64_t i, double d) {
    constexpr double two63 = 9223372036854775808.0;
    if (d >= two63) return -1;
    if (d < -two63) return 1;
    const double f = std::floor(d);
    const auto fi = static_cast<std::int64_t>(f);
    if (i != fi) return i < fi ? -1 : 1;
    return d > f ? -1 : 0;
}

inline int compare_uint_double(std::uint64_t u, double d) {
    constexpr double two64 = 18446744073709551616.0;
    if (d < 0) return 1;
    if (d >= two64) return -1;
    const double f = std::floor(d);
    const auto fu = static_cast<std::uint64_t>(f);
    if (u != fu) return u < fu ? -1 : 1;
    return d > f ? -1 : 0;
}

inline int compare(const Number& a, const Number& b) {
    using K = Number::Kind;
    switch (a.kind) {
    case K::negative:
        switch (b.kind) {
        case K::negative: return a.i < b.i ? -1 : (a.i > b.i ? 1 : 0);
        case K::unsigned_: return -1;
        case K::floating: return compare_int_double(a.i, b.d);
        }
        break;
    case K::unsigned_:
        switch (b.kind) {
        case K::negative: return 1;
        case K::unsigned_: return a.u < b.u ? -1 : (a.u > b.u ? 1 : 0);
        case K::floating: return compare_uint_double(a.u, b.d);
        }
        break;
    case K::floating:
        switch (b.kind) {
        case K::negative: return -compare_int_double(b.i, a.d);
        case K::unsigned_: return -compare_uint_double(b.u, a.d);
        case K::floating: return sign_of(a.d, b.d);
        }
        break;
    }
    return 0;
}

// Shortest text that reads back as the same number: 1 not 1.0, 80.5, 0.1.
inline std::string to_text(const Number& n) {
    std::array<char, 64> buffer{};
    std::to_chars_result r{};
    switch (n.kind) {
    case Number::Kind::negative: r = std::to_chars(buffer.data(), buffer.data() + buffer.size(), n.i); break;
    case Number::Kind::unsigned_: r = std::to_chars(buffer.data(), buffer.data() + buffer.size(), n.u); break;
    case Number::Kind::floating:
        r = std::to_chars(buffer.data(), buffer.data() + buffer.size(), n.d == 0 ? 0.0 : n.d);
        break;
    }
    return std::string(buffer.data(), r.ptr);
}

// The problem with a schema's `pattern` that std::regex would not report, or "" for none
// (schema_pattern.cpp).
std::string pattern_problem(std::string_view pattern);

}  // namespace office::schema_internal
