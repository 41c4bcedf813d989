#pragma once
// office-bench --http-memory: what office-mcp --http keeps in memory for each client it holds
// (issue 29), the figures its --max-connections default is set from. Per kind a fresh server on
// a fresh database; after a warm-up of one of the kind, its resident memory (VmRSS, and RssAnon:
// the heap and stacks) is read, N of the kind are opened and held, and it is read again:
//   * an idle keep-alive connection that has served one stateless 2026-07-28 server/discover;
//   * a 2025 session (initialize, notifications/initialized), its connection kept;
//   * a 2025 session whose connection was closed (the session state alone);
//   * the session's SSE stream (GET /mcp, Accept: text/event-stream) held open, on its own connection.
// KiB each = (after - before) / N. The server's own /metrics must then count the N held (so
// no session was evicted, no connection refused); otherwise the run fails (exit 1).

#include "scenarios.h"

#include <string>

namespace bench {

struct MemoryParams {
    int hold = 2000;  // N of each kind
};

// `office_mcp`: the binary. Prints the report on stdout, writes `json_path` when not empty;
// returns the exit status (0, or 1 with the failure named on stderr).
int run_http_memory(const std::string& office_mcp, const MemoryParams& mp, Ctx& ctx, const std::string& json_path,
                    const std::string& header);

}  // namespace bench
