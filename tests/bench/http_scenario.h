#pragma once
// office-bench --http: office-mcp --http against the TypeScript SDK v2 peer served through the
// SDK's own Streamable HTTP entry (peer-v2-http.mjs), at 1, 16 and 64 keep-alive connections,
// each sending tools/call order_lunch (2026-07-28, stateless) one request at a time.
// Per (run, connections, server) a fresh server on a fresh database and an ephemeral port:
// warm-up, then a timed phase measuring calls/s, p50/p99 latency, the server's CPU per call
// and its peak RSS (VmHWM) at the phase's end. The report (text and JSON) gives the ratios
// against the targets; any answer that is not a 200 with a successful result fails the
// session and so the run (exit 1).

#include "scenarios.h"

#include <string>
#include <vector>

namespace bench {

struct HttpParams {
    std::vector<int> connections = {1, 16, 64};
    int runs = 3;
    int warm_ms = 500;    // untimed calls before the phase (the peer's JIT)
    int phase_ms = 2000;  // the timed phase lasts this long (and at least 8 calls per connection)
    bool replicas = false;  // servers are behind HAProxy (behind_haproxy): scaling ratios, no targets
};

// office-bench --replicas: each office-mcp of `servers` again as `counts` replicas on one database
// behind HAProxy (office-replicas, found beside the bench or where CMake built it), and the SDK v2
// HTTP peer as one replica behind it, so every server pays the same proxy hop. The CPU and peak
// RSS of such a server are the sums over its replicas (HAProxy and the database server excluded).
std::vector<Server> behind_haproxy(const std::vector<Server>& servers, const std::vector<int>& counts,
                                   const fs::path& self_dir);

// `servers`: office-mcp (key "office", argv = the binary, db Arg) and the peer (key "peer2",
// argv = node peer-v2-http.mjs PEERS_DIR, db PeerEnv); unavailable ones are listed as skipped.
// Prints the report on stdout, writes `json_path` when not empty; returns the exit status.
int run_http_bench(std::vector<Server>& servers, const HttpParams& hp, Ctx& ctx, const std::string& json_path,
                   const std::string& header);

}  // namespace bench
