#include "metrics.h"

#include <array>
#include <cstdio>

namespace office {

namespace {

// Seconds. A tool call here takes tens of microseconds and a commit with a sync milliseconds,
// so the buckets start far below the semantic conventions' advice (10 ms) and end at a minute.
constexpr std::array<double, 18> kSecondsBounds{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                0.1,    0.25,    0.5,    1,     2.5,    5,     10,   30,    60};
constexpr std::array<double, 9> kGroupBounds{1, 2, 4, 8, 16, 32, 64, 128, 256};

void append_number(std::string& out, double value) {
    char text[32];
    const int n = std::snprintf(text, sizeof text, "%.12g", value);
    out.append(text, static_cast<std::size_t>(n));
}

void append_label_value(std::string& out, std::string_view value) {
    for (const char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
}

// `labels`: `name="value",…` already written (may be empty).
void append_histogram(std::string& out, std::string_view name, const std::string& labels, const Histogram& h) {
    std::uint64_t cumulative = 0;
    const std::string separator = labels.empty() ? "" : ",";
    for (std::size_t i = 0; i <= h.bounds.size(); ++i) {
        cumulative += h.counts[i];
        out.append(name).append("_bucket{").append(labels).append(separator).append("le=\"");
        if (i < h.bounds.size()) append_number(out, h.bounds[i]);
        else out += "+Inf";
        out.append("\"} ").append(std::to_string(cumulative)).append("\n");
    }
    const std::string braces = labels.empty() ? "" : "{" + labels + "}";
    out.append(name).append("_sum").append(braces).append(" ");
    append_number(out, h.sum);
    out.append("\n").append(name).append("_count").append(braces).append(" ").append(std::to_string(h.count)).append("\n");
}

void append_header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
    out.append("# HELP ").append(name).append(" ").append(help).append("\n");
    out.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

void append_gauge(std::string& out, std::string_view name, std::string_view help, std::int64_t value) {
    if (value < 0) return;
    append_header(out, name, "gauge", help);
    out.append(name).append(" ").append(std::to_string(value)).append("\n");
}

std::string error_type(Outcome outcome, int code) {
    if (outcome == Outcome::ProtocolError) return std::to_string(code);
    if (outcome == Outcome::ToolError) return "tool_error";
    return "";
}

}  // namespace

void Histogram::observe(double value) {
    std::size_t i = 0;
    while (i < bounds.size() && value > bounds[i]) ++i;
    ++counts[i];
    sum += value;
    ++count;
}

Metrics::Metrics() : group_size_(kGroupBounds), commit_duration_(kSecondsBounds) {}

void Metrics::operation(std::string_view method, std::string_view tool, Outcome outcome, int code, std::int64_t duration_us) {
    if (outcome != Outcome::ProtocolError) code = 0;
    auto it = operations_.find(OperationLess::View{method, tool, outcome, code});
    if (it == operations_.end())
        it = operations_.emplace(OperationKey{std::string(method), std::string(tool), outcome, code}, Histogram(kSecondsBounds)).first;
    it->second.observe(static_cast<double>(duration_us) / 1e6);
}

void Metrics::http_response(int status) { ++http_responses_[status]; }

void Metrics::group_commit(std::size_t requests, std::int64_t duration_us) {
    group_size_.observe(static_cast<double>(requests));
    commit_duration_.observe(static_cast<double>(duration_us) / 1e6);
}

void Metrics::store_error() { ++store_errors_; }

std::string Metrics::text(const MetricsGauges& gauges) const {
    std::string out;
    out.reserve(4096 + operations_.size() * 2048);

    constexpr std::string_view kDuration = "mcp_server_operation_duration_seconds";
    append_header(out, kDuration, "histogram",
                  "MCP request duration as observed by the server, from the request read to its answer written.");
    std::map<std::string, std::uint64_t> requests, errors;  // label sets without outcome, and with error_type
    for (const auto& [key, histogram] : operations_) {
        const auto& [method, tool, outcome, code] = key;
        std::string common = "mcp_method_name=\"";
        append_label_value(common, method);
        common += '"';
        if (!tool.empty()) {
            common += ",gen_ai_tool_name=\"";
            append_label_value(common, tool);
            common += '"';
        }
        std::string labels = common + ",outcome=\"" + std::string(outcome_name(outcome)) + '"';
        const std::string type = error_type(outcome, code);
        if (!type.empty()) {
            labels += ",error_type=\"" + type + '"';
            errors[common + ",error_type=\"" + type + '"'] += histogram.count;
        }
        requests[common] += histogram.count;
        append_histogram(out, kDuration, labels, histogram);
    }
    append_header(out, "mcp_server_requests_total", "counter", "MCP requests answered, by method and tool.");
    for (const auto& [labels, n] : requests)
        out.append("mcp_server_requests_total{").append(labels).append("} ").append(std::to_string(n)).append("\n");
    append_header(out, "mcp_server_errors_total", "counter",
                  "MCP requests answered with a JSON-RPC error (error_type = its code) or a tool error (tool_error).");
    for (const auto& [labels, n] : errors)
        out.append("mcp_server_errors_total{").append(labels).append("} ").append(std::to_string(n)).append("\n");

    append_header(out, "office_mcp_http_responses_total", "counter",
                  "HTTP responses by status: refused requests are the 4xx and 5xx ones.");
    for (const auto& [status, n] : http_responses_)
        out.append("office_mcp_http_responses_total{status=\"")
            .append(std::to_string(status))
            .append("\"} ")
            .append(std::to_string(n))
            .append("\n");

    append_header(out, "office_mcp_group_commit_requests", "histogram",
                  "HTTP requests answered under one database commit (group commit).");
    append_histogram(out, "office_mcp_group_commit_requests", "", group_size_);
    append_header(out, "office_mcp_commit_duration_seconds", "histogram",
                  "Time to commit (and sync, by the durability chosen) one group's writes.");
    append_histogram(out, "office_mcp_commit_duration_seconds", "", commit_duration_);
    append_header(out, "office_mcp_store_errors_total", "counter",
                  "Requests or commits the office database failed (unavailable, or refused the write).");
    out.append("office_mcp_store_errors_total ").append(std::to_string(store_errors_)).append("\n");

    append_header(out, "office_mcp_build_info", "gauge", "The office-mcp that serves: always 1, its version a label.");
    out.append("office_mcp_build_info{version=\"");
    append_label_value(out, gauges.version);
    out.append("\"} 1\n");
    append_gauge(out, "office_mcp_http_connections", "HTTP connections open.", gauges.http_connections);
    append_gauge(out, "office_mcp_legacy_sessions", "2025-era sessions open (Mcp-Session-Id).", gauges.sessions);
    append_gauge(out, "office_mcp_sse_streams", "Server-sent event streams open.", gauges.sse_streams);
    append_gauge(out, "office_mcp_approval_requests_waiting", "Approval requests waiting for a person at the desk.",
                 gauges.approvals_waiting);
    return out;
}

}  // namespace office
