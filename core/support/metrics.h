#pragma once
// What a running HTTP office has done, for Prometheus (GET /metrics; docs/architecture.md,
// "Metrics"; README, "Operating office-mcp"). One Metrics per process, fed on the server's one
// thread by the sessions (a request's method, tool, outcome and duration, where its log line is
// written), by the endpoint (each HTTP response's status, each group commit) and read as the
// text exposition format (version 0.0.4) when scraped. Label values are bounded: a method the
// server does not serve is "other", a tool it does not serve is "other", and no id or principal
// is ever a label.
//
// Names follow the OpenTelemetry semantic conventions for MCP mapped to Prometheus
// (mcp.server.operation.duration → mcp_server_operation_duration_seconds, mcp.method.name →
// mcp_method_name, gen_ai.tool.name → gen_ai_tool_name, error.type → error_type: the JSON-RPC
// error code, or "tool_error" for a result with isError); office-mcp's own are office_mcp_*.
// Written by hand rather than with prometheus-cpp: the format is a page of text, a library
// would bring its own registry, locks and a second shared library into the static binary.

#include "log.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace office {

// Counts per upper bound (non-cumulative here; cumulative when written), their sum and count.
struct Histogram {
    explicit Histogram(std::span<const double> bounds) : bounds(bounds), counts(bounds.size() + 1) {}
    void observe(double value);
    std::span<const double> bounds;
    std::vector<std::uint64_t> counts;  // the last one: above every bound (+Inf)
    double sum = 0;
    std::uint64_t count = 0;
};

// Sampled when scraped by whoever knows them (the transport, the endpoint, the store); a
// negative value is not written.
struct MetricsGauges {
    std::string_view version;              // office_mcp_build_info's label
    std::int64_t http_connections = -1;    // TCP connections open
    std::int64_t sessions = -1;            // 2025 sessions (Mcp-Session-Id)
    std::int64_t sse_streams = -1;         // open text/event-stream responses
    std::int64_t approvals_waiting = -1;   // approval requests a person has not decided
};

class Metrics {
public:
    Metrics();

    // One answered request (not a notification). `method` and `tool` must already be bounded:
    // the callers pass "other" for what the server does not serve.
    void operation(std::string_view method, std::string_view tool, Outcome outcome, int code, std::int64_t duration_us);
    void http_response(int status);
    // A group of `requests` HTTP requests answered under one commit, which took `duration_us`.
    void group_commit(std::size_t requests, std::int64_t duration_us);
    void store_error();  // the office database failed a request (or a commit)

    // Everything, as Prometheus reads it (Content-Type text/plain; version=0.0.4).
    std::string text(const MetricsGauges& gauges) const;

private:
    // A label set of the operation histogram, found by views (no allocation per request).
    struct OperationKey {
        std::string method, tool;
        Outcome outcome;
        int code;
    };
    struct OperationLess {
        using is_transparent = void;
        using View = std::tuple<std::string_view, std::string_view, Outcome, int>;
        static View view(const OperationKey& k) { return {k.method, k.tool, k.outcome, k.code}; }
        static View view(const View& v) { return v; }
        template <class A, class B>
        bool operator()(const A& a, const B& b) const { return view(a) < view(b); }
    };
    std::map<OperationKey, Histogram, OperationLess> operations_;
    std::map<int, std::uint64_t> http_responses_;  // by status
    Histogram group_size_;
    Histogram commit_duration_;
    std::uint64_t store_errors_ = 0;
};

}  // namespace office
