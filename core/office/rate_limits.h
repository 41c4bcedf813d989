#pragma once
// Limits per caller (docs/architecture.md, "Limits"): --rate-limit TOOL=N/PERIOD, and *=N/PERIOD
// for every tool without a rule of its own. Each caller (caller_scope: the token's name, else
// the client's) has a token bucket per tool: N calls at once, refilled at N per PERIOD. A call
// past it is refused before anything runs, saying when to try again. The buckets live in this
// process: every replica keeps its own (README, "Limits").

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace office {

struct RateRule {
    std::string tool;          // "*": every tool without a rule of its own
    std::int64_t calls = 0;    // N: the burst, and the calls per period
    std::int64_t period_s = 1;  // 1 (s), 60 (m), 3600 (h)
    std::string text;          // as given: order_lunch=10/m
};

// "TOOL=N/s", "TOOL=N/m", "TOOL=N/h" (TOOL may be *); nullopt with `problem` said otherwise.
std::optional<RateRule> parse_rate_rule(std::string_view text, std::string& problem);

class RateLimits {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    explicit RateLimits(std::vector<RateRule> rules, Clock clock = std::chrono::steady_clock::now);

    // One call of `tool` by `scope`, taken from its bucket: nullopt when allowed, else the rule
    // it is over and the whole seconds until a call is allowed again (at least 1).
    struct Refusal {
        const RateRule* rule;
        std::int64_t retry_after_s;
    };
    std::optional<Refusal> take(const std::string& scope, const std::string& tool);

    bool empty() const { return rules_.empty(); }

private:
    struct Bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point at;
    };
    const RateRule* rule_for(const std::string& tool) const;

    std::vector<RateRule> rules_;
    Clock clock_;
    std::mutex mutex_;  // HTTP serves every connection from one loop today; the lock keeps it safe anyway
    std::map<std::pair<std::string, std::string>, Bucket> buckets_;
};

}  // namespace office
