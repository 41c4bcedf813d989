#pragma once
// W3C Trace Context for each request (docs/architecture.md, "Trace context"). A caller's
// `traceparent` (params._meta.traceparent, as the 2026-07-28 spec reserves it; over HTTP also the
// `traceparent` header) makes the request a child span in the caller's trace; without one, or
// with one that is not valid W3C syntax (ignored, as the Trace Context spec says), the request
// starts a trace of its own. Either way the request has a trace id and a span id of its own, on
// its log lines and on every audit row it writes, so the two can always be joined. Spans are
// not exported (no OTLP): the ids are for joining what office-mcp writes.

#include <optional>
#include <string>
#include <string_view>

namespace office {

// The _meta key (2026-07-28 basic, "OpenTelemetry trace context") and the HTTP header name.
inline constexpr std::string_view kTraceparent = "traceparent";

struct TraceIds {
    std::string trace_id;        // 32 lowercase hex digits
    std::string span_id;         // 16: this request's span
    std::string parent_span_id;  // 16: the caller's span; "" when the request started the trace
};

// The trace id and parent span id of a valid `traceparent` value
// ("00-<32 hex>-<16 hex>-<2 hex>", a later version's longer form too); nullopt when invalid.
struct TraceParent {
    std::string trace_id;
    std::string parent_span_id;
};
std::optional<TraceParent> parse_traceparent(std::string_view value);

// The ids of a request whose caller sent `traceparent` ("": none sent).
TraceIds trace_for(std::string_view traceparent);

}  // namespace office
