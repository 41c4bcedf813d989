#pragma once
// The seam between a transport and the session (docs/architecture.md, "How to add a
// transport"). A transport moves bytes and frames them into messages; the protocol is the
// session's. What crosses between the two is typed, both ways:
//
//   Incoming: one parsed message, and what the transport's own framing says about it that the
//             protocol reads (over HTTP, the Idempotency-Key and traceparent headers).
//   Handled:  what the transport needs to answer it in its own terms (HTTP's status and
//             Retry-After): the JSON-RPC error the message was answered with, and whether a
//             defect, an outage or a rate limit stopped it.
//
// Nothing travels by writing headers into the body's _meta or by reading reply text again.
// A line transport (stdio) hands bytes to Connection::feed, which frames them itself; a
// transport that frames its own messages (HTTP bodies) parses each with parse_message and
// hands it to Connection::feed_message. Either way the replies come from Connection::replies.

#include "json_rpc.h"

#include <cstdint>
#include <string_view>

namespace office {

struct Incoming {
    const json& message;    // parse_message's result (discarded when the bytes were not JSON)
    bool too_deep = false;  // parse_message stopped at kMaxNesting (session.h)
    // A tools/call's idempotency key from the transport (HTTP's Idempotency-Key header, the
    // IETF httpapi draft's name), as _meta's office-mcp/idempotencyKey keys it; "" for none.
    // The transport refuses a message whose _meta names another key before handing it over.
    std::string_view idempotency_key = {};
    // W3C trace context from the transport (HTTP's traceparent header), used unless the
    // message's _meta has its own; "" for none (core/support/trace.h judges it).
    std::string_view traceparent = {};
};

struct Handled {
    // The JSON-RPC error code the message itself was answered with; 0 for a result, for no
    // answer (a notification, a call parked on a person) and for a batch.
    int error_code = 0;
    bool failed = false;       // a defect of ours was contained (contained.h): answered -32603
    bool unavailable = false;  // answered with an error: the office's database is unavailable for now
    std::int64_t retry_after_s = 0;  // over its caller's limit: may be tried again after this (limits_as_errors)
};

}  // namespace office
