#pragma once
// The store floor (issue 16): what SQLite alone costs for the rows one order_lunch call writes
// (its lunch_orders row and its audit row), with nothing else — no JSON, no pipe, no log, no
// savepoint — through prepared statements that bind without copying, in a fresh office
// database made by office-mcp's own code (same schema, indexes, pragmas). No server that keeps
// these rows in SQLite can spend less per call than this, which bounds every ratio a target
// can ask of it: the CPU the peer spends per call divided by (this floor + the echo floor's
// per-call cost) is the most any such server can be ahead of the peer.

#include <string>

namespace bench {

struct StoreFloor {
    bool ok = false;
    std::string err;
    // CPU per call (µs, the measuring thread's clock: user and system time) with one COMMIT
    // per call (a sequential client) and one per 64 calls (64 in flight, grouped), for
    // synchronous=FULL (power, the default) and NORMAL (process).
    double power_sequential_us = 0, process_sequential_us = 0;
    double power_grouped_us = 0, process_grouped_us = 0;
    // One COMMIT per 64 with each call in a SAVEPOINT of its own, as office-mcp's group commit
    // keeps one call's failure its own: what that isolation costs (not part of the floor).
    double power_grouped_savepoints_us = 0;
};

// The calling thread's CPU time (user and system), µs: what the floors measure.
double thread_cpu_us();

// `calls` calls per figure, in a fresh database under `dir` (removed afterwards).
StoreFloor measure_store_floor(const std::string& dir, int calls);

}  // namespace bench
