#include "schema_internal.h"

namespace office::schema_internal {

// What std::regex must not be given, found by tests/fuzz/fuzz_schema_validator. libstdc++ reads a
// repeat count {n} with a multiplication that overflows (undefined behaviour) and builds n
// copies of what it repeats, so nested counts multiply into an automaton of any size: the
// product of all counts must stay small (it over-counts counts side by side, never under-
// counts; the tools' one pattern multiplies to 16). And it accepts a repetition of a repetition
// ("a++", "}+{0}+"), which ECMAScript calls a syntax error and which backtracks exponentially:
// after a quantifier only one "?" (lazy) may follow. Nor may a backreference \N come (its number
// is read the same way). Returns the problem, or "" for none.
constexpr std::uint64_t kMaxRepeats = 100'000;
std::string pattern_problem(std::string_view pattern) {
    std::uint64_t product = 1;
    bool after_quantifier = false;  // the previous token repeats something
    bool lazy = false;              // ... and was already made lazy with "?"
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        const bool counted = c == '{' && i + 1 < pattern.size() && pattern[i + 1] >= '0' && pattern[i + 1] <= '9';
        if (c == '*' || c == '+' || c == '?' || counted) {
            if (after_quantifier && c == '?' && !lazy) {
                lazy = true;
                continue;
            }
            if (after_quantifier) return "repeats a repetition";
            after_quantifier = true;
            lazy = false;
            if (!counted) continue;
            std::uint64_t largest = 0;
            std::size_t j = i + 1;
            for (;; ++j) {  // {n}, {n,} or {n,m}
                std::uint64_t count = 0;
                for (; j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9'; ++j) {
                    count = count * 10 + static_cast<std::uint64_t>(pattern[j] - '0');
                    if (count > kMaxRepeats) return "repeats more than " + std::to_string(kMaxRepeats) + " times in all";
                }
                largest = std::max(largest, count);
                if (j >= pattern.size() || pattern[j] != ',') break;
            }
            product *= std::max<std::uint64_t>(largest, 1);
            if (product > kMaxRepeats) return "repeats more than " + std::to_string(kMaxRepeats) + " times in all";
            i = j < pattern.size() && pattern[j] == '}' ? j : j - 1;
            continue;
        }
        after_quantifier = false;
        // A backreference \1 ... \9...: libstdc++ reads its number with the same overflowing
        // multiplication, in a class too ("\\999999999999999999999" was found by the fuzzer).
        const auto backreference = [&](std::size_t at) {
            return at + 1 < pattern.size() && pattern[at] == '\\' && pattern[at + 1] >= '1' && pattern[at + 1] <= '9';
        };
        if (backreference(i)) return "uses a backreference";
        if (c == '\\') {
            ++i;  // an escaped character, \{ and \* included
        } else if (c == '[') {
            // A character class: its *, + and { are plain characters.
            for (++i; i < pattern.size() && pattern[i] != ']'; ++i) {
                if (backreference(i)) return "uses a backreference";
                if (pattern[i] == '\\') ++i;
            }
        }
    }
    return {};
}

}  // namespace office::schema_internal
