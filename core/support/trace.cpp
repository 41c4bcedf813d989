#include "trace.h"

#include <random>

namespace office {

namespace {

bool lower_hex(std::string_view text) {
    for (const char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

bool all_zero(std::string_view text) { return text.find_first_not_of('0') == std::string_view::npos; }

// Random ids need not be secret, only unlikely to collide: a generator seeded once per thread.
void append_random_hex(std::string& out, int digits) {
    thread_local std::mt19937_64 generator{std::random_device{}()};
    static constexpr char kHex[] = "0123456789abcdef";
    while (digits > 0) {
        auto bits = generator();
        for (int i = 0; i < 16 && digits > 0; ++i, --digits, bits >>= 4) out += kHex[bits & 0xF];
    }
}

std::string random_id(int digits) {
    std::string id;
    id.reserve(static_cast<std::size_t>(digits));
    do {
        id.clear();
        append_random_hex(id, digits);
    } while (all_zero(id));  // all zeros is the invalid id
    return id;
}

}  // namespace

std::optional<TraceParent> parse_traceparent(std::string_view value) {
    // version "-" trace-id "-" parent-id "-" flags: 2 + 1 + 32 + 1 + 16 + 1 + 2 = 55 characters.
    if (value.size() < 55) return std::nullopt;
    const auto version = value.substr(0, 2);
    if (!lower_hex(version) || version == "ff") return std::nullopt;
    if (value[2] != '-' || value[35] != '-' || value[52] != '-') return std::nullopt;
    const auto trace_id = value.substr(3, 32);
    const auto parent = value.substr(36, 16);
    if (!lower_hex(trace_id) || all_zero(trace_id) || !lower_hex(parent) || all_zero(parent)) return std::nullopt;
    if (!lower_hex(value.substr(53, 2))) return std::nullopt;
    // Version 00 is exactly 55 characters; a later version may add "-..." after them.
    if (value.size() > 55 && (version == "00" || value[55] != '-')) return std::nullopt;
    return TraceParent{std::string(trace_id), std::string(parent)};
}

TraceIds trace_for(std::string_view traceparent) {
    TraceIds ids;
    if (const auto parent = parse_traceparent(traceparent)) {
        ids.trace_id = parent->trace_id;
        ids.parent_span_id = parent->parent_span_id;
    } else {
        ids.trace_id = random_id(32);
    }
    ids.span_id = random_id(16);
    return ids;
}

}  // namespace office
