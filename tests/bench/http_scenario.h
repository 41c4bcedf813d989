#pragma once
// office-bench --http: office-mcp --http against the TypeScript SDK v2 peer served through the
// SDK's own Streamable HTTP entry (peer-v2-http.mjs) and against an HTTP floor (nginx answering a
// canned result, wrk_nginx.h), at 1, 16 and 64 keep-alive connections, each sending tools/call
// order_lunch or find_customer (2026-07-28, stateless) one request at a time, from two clients:
// the bench's own (http_client.h) and wrk (wrk-mcp.lua, the same request bytes).
// Per (run, connections, server, client) a fresh server on a fresh database and an ephemeral
// port: the client's warm-up, then its timed phase measuring calls/s, p50/p99 latency, the
// server's CPU per call and its peak RSS (VmHWM) at the phase's end. The report (text and JSON)
// gives every row as ratios to the floor and to the peer under the same client, and the ratios
// against the targets; any answer that is not a 200 with a successful result, or a
// missing wrk or nginx, fails the session and so the run (exit 1).

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
    std::string tool = "order_lunch";  // or find_customer (one customer: Maria)
    std::vector<std::string> clients = {"bench", "wrk"};  // the bench's own client, wrk
    std::string wrk;         // wrk's path; empty: not found (its sessions fail)
    std::string wrk_script;  // wrk-mcp.lua
    std::string nginx_conf;  // nginx-floor.conf, the floor's configuration template
};

// office-bench --replicas: each office-mcp of `servers` again as `counts` replicas on one database
// behind HAProxy (office-replicas, found beside the bench or where CMake built it), and the SDK v2
// HTTP peer as one replica behind it, so every server pays the same proxy hop. The CPU and peak
// RSS of such a server are the sums over its replicas (HAProxy and the database server excluded).
std::vector<Server> behind_haproxy(const std::vector<Server>& servers, const std::vector<int>& counts,
                                   const fs::path& self_dir);

// `servers`: office-mcp (key "office", argv = the binary, db Arg), the peer (key "peer2",
// argv = node peer-v2-http.mjs PEERS_DIR, db PeerEnv) and the floor (key "nginx", argv = nginx's
// path, empty when not found); unavailable ones are listed as skipped.
// Prints the report on stdout, writes `json_path` when not empty; returns the exit status.
int run_http_bench(std::vector<Server>& servers, const HttpParams& hp, Ctx& ctx, const std::string& json_path,
                   const std::string& header);

}  // namespace bench
