// Limits per caller (issue 27, core/office/rate_limits.h): a token bucket per caller and tool,
// N calls at once and N per period; the rule for a tool, else the "*" rule; a bad rule refused.
// The refusals over stdio (an isError result, nothing written) are in
// tests/e2e/test_operator_view.cpp, over HTTP (429 + Retry-After) in tests/http/test_http_endpoint.cpp.

#include "rate_limits.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

namespace {

using namespace std::chrono_literals;

office::RateRule rule(const std::string& text) {
    std::string problem;
    const auto parsed = office::parse_rate_rule(text, problem);
    INFO(problem);
    REQUIRE(parsed);
    CHECK(problem.empty());
    return *parsed;
}

}  // namespace

TEST_CASE("rate rules are TOOL=N/s, /m or /h, and anything else is refused with the form it must have", "[limits]") {
    const auto lunch = rule("order_lunch=10/m");
    CHECK(lunch.tool == "order_lunch");
    CHECK(lunch.calls == 10);
    CHECK(lunch.period_s == 60);
    CHECK(rule("*=100/s").period_s == 1);
    CHECK(rule("book_slot=3/h").period_s == 3600);
    for (const char* bad : {"order_lunch", "order_lunch=10", "=10/m", "order_lunch=/m", "order_lunch=10/d", "order_lunch=-1/m",
                            "order_lunch=1.5/m", "order_lunch=0/m", "order_lunch=9999999999/m", "order_lunch=10/m/s"}) {
        std::string problem;
        INFO(bad);
        CHECK_FALSE(office::parse_rate_rule(bad, problem));
        CHECK(problem.rfind(std::string("--rate-limit ") + bad + ": ", 0) == 0);
    }
}

TEST_CASE("a caller gets N calls at once, then one more as the bucket refills, and says how long to wait", "[limits]") {
    auto now = std::chrono::steady_clock::time_point{} + 1h;
    office::RateLimits limits({rule("order_lunch=3/m"), rule("*=1/s")}, [&] { return now; });
    for (int i = 0; i < 3; ++i) CHECK_FALSE(limits.take("token:alice", "order_lunch"));
    auto refused = limits.take("token:alice", "order_lunch");
    REQUIRE(refused);
    CHECK(refused->rule->text == "order_lunch=3/m");
    CHECK(refused->retry_after_s == 20);  // one call comes back every 20 s
    now += 19s;
    REQUIRE(limits.take("token:alice", "order_lunch"));
    CHECK(limits.take("token:alice", "order_lunch")->retry_after_s == 1);
    now += 1s;
    CHECK_FALSE(limits.take("token:alice", "order_lunch"));
    // Another caller has a bucket of its own; another tool falls under "*".
    CHECK_FALSE(limits.take("token:bob", "order_lunch"));
    CHECK_FALSE(limits.take("token:alice", "find_customer"));
    CHECK(limits.take("token:alice", "find_customer")->rule->text == "*=1/s");
    now += 10min;  // a long pause fills the bucket to N, never beyond
    for (int i = 0; i < 3; ++i) CHECK_FALSE(limits.take("token:alice", "order_lunch"));
    CHECK(limits.take("token:alice", "order_lunch"));
}

TEST_CASE("without a rule for a tool and without \"*\", the tool is not limited", "[limits]") {
    office::RateLimits limits({rule("order_lunch=1/h")});
    for (int i = 0; i < 100; ++i) CHECK_FALSE(limits.take("client:x", "find_customer"));
    CHECK_FALSE(limits.take("client:x", "order_lunch"));
    CHECK(limits.take("client:x", "order_lunch"));
}
