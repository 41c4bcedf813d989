#include "rate_limits.h"

#include <algorithm>
#include <cmath>

namespace office {

namespace {

// Buckets of callers that stopped calling are forgotten once there are this many: a full
// bucket is the same as none, so dropping the full ones changes nothing a caller can see.
constexpr std::size_t kMaxBuckets = 10'000;

}  // namespace

std::optional<RateRule> parse_rate_rule(std::string_view text, std::string& problem) {
    const auto eq = text.find('=');
    const auto slash = text.find('/', eq == std::string_view::npos ? 0 : eq);
    problem = "--rate-limit " + std::string(text) + ": expected TOOL=N/PERIOD, e.g. order_lunch=10/m (PERIOD s, m or h; TOOL * for every tool)";
    if (eq == std::string_view::npos || eq == 0 || slash == std::string_view::npos) return std::nullopt;
    const auto number = text.substr(eq + 1, slash - eq - 1);
    const auto unit = text.substr(slash + 1);
    if (number.empty() || number.size() > 9 || !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    RateRule rule{std::string(text.substr(0, eq)), std::stoll(std::string(number)), 0, std::string(text)};
    if (unit == "s") rule.period_s = 1;
    else if (unit == "m") rule.period_s = 60;
    else if (unit == "h") rule.period_s = 3600;
    else return std::nullopt;
    if (rule.calls < 1) {
        problem = "--rate-limit " + std::string(text) + ": N must be at least 1";
        return std::nullopt;
    }
    problem.clear();
    return rule;
}

RateLimits::RateLimits(std::vector<RateRule> rules, Clock clock) : rules_(std::move(rules)), clock_(std::move(clock)) {}

const RateRule* RateLimits::rule_for(const std::string& tool) const {
    const RateRule* any = nullptr;
    for (const auto& rule : rules_) {
        if (rule.tool == tool) return &rule;
        if (rule.tool == "*") any = &rule;
    }
    return any;
}

std::optional<RateLimits::Refusal> RateLimits::take(const std::string& scope, const std::string& tool) {
    const RateRule* rule = rule_for(tool);
    if (!rule) return std::nullopt;
    const double capacity = static_cast<double>(rule->calls);
    const double per_second = capacity / static_cast<double>(rule->period_s);
    const auto now = clock_();
    std::lock_guard lock(mutex_);
    auto [it, fresh] = buckets_.try_emplace({scope, tool}, Bucket{capacity, now});
    Bucket& bucket = it->second;
    if (!fresh) {
        const double elapsed = std::chrono::duration<double>(now - bucket.at).count();
        bucket.tokens = std::min(capacity, bucket.tokens + elapsed * per_second);
        bucket.at = now;
    }
    if (bucket.tokens >= 1.0) {
        bucket.tokens -= 1.0;
        if (buckets_.size() > kMaxBuckets)
            std::erase_if(buckets_, [&](const auto& entry) {
                const RateRule* r = rule_for(entry.first.second);
                return r && entry.second.tokens +
                                    std::chrono::duration<double>(now - entry.second.at).count() * r->calls / r->period_s >=
                                static_cast<double>(r->calls);
            });
        return std::nullopt;
    }
    const double wait = (1.0 - bucket.tokens) / per_second;
    return Refusal{rule, std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(wait)))};
}

}  // namespace office
