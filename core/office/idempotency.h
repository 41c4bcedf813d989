#pragma once
// Idempotency keys (docs/architecture.md, "Retries"): a write tool (book_slot, order_lunch,
// issue_refund) called with a key answers, for a repeat of the same call by the same caller,
// the first call's result instead of writing again. The key, what the call asked and its result
// are stored in the transaction of the write itself, so they hold across crashes, restarts and
// every replica on the database; the tool's write lock makes two racing calls with one key run
// one after the other, the second finding the first's result. A key names one call: the same
// key for another tool or other arguments is refused, and nothing is done.

#include "office_store.h"
#include "tool.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace office {

// Where a client puts the key in params._meta (any transport; over HTTP the Idempotency-Key
// header says the same), and where a replayed result says it is one.
inline constexpr std::string_view kMetaIdempotencyKey = "office-mcp/idempotencyKey";
inline constexpr std::string_view kMetaReplayed = "office-mcp/replayed";
// A key is remembered this long; after that the same key is a new call.
inline constexpr std::int64_t kIdempotencyTtlSeconds = 24 * 60 * 60;

// Whose keys (and tasks, tasks.h) are whose: "token:NAME" with a bearer token, else
// "client:NAME" (the name the client gave).
std::string caller_scope(const Caller& caller);

// A tool's result as the store keeps it (JSON text), and back.
std::string stored_form(const ToolResult& result);
ToolResult stored_result(const std::string& form);

// "" when `key` can be a key (a string of 1 to 255 visible ASCII characters), else why not.
std::string idempotency_key_problem(const json& key);

// The key of `caller`'s call of `tool` with `arguments`.
IdempotencyKey idempotency_key(std::string key, const Caller& caller, const std::string& tool, const json& arguments);

// The result of the earlier call under ctx.idempotency, marked replayed; nullopt when the call
// has no key or the key is new (or expired). Inside the tool's write transaction, so that a
// racing call with the same key is seen. Throws ProtocolError (-32602) when the key named
// another call.
std::optional<ToolResult> earlier_result(OfficeStore& store, const CallContext& ctx);

// Remembers `result` under ctx.idempotency (when the call has a key) in the open write
// transaction, commits it, and returns the result.
ToolResult commit_with_result(WriteTransaction& tx, OfficeStore& store, const CallContext& ctx, ToolResult result);

}  // namespace office
