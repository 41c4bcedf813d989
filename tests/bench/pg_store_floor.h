#pragma once
// The PostgreSQL store floor (issue 29), the counterpart of store_floor.h: what libpq alone
// costs for the two rows of an order_lunch call (its lunch_orders row and its audit row),
// under the office lock as office-mcp-pg takes it, in the database office-bench --postgres is
// given (migrated by office-mcp's own code; its rows are reset before each session anyway).
// Each figure is the CPU per call of this process (what a replica spends in libpq and the
// kernel) and of the PostgreSQL backend serving it (/proc/PID/stat, tick-sampled: the server
// must run on this machine, as the tests' throwaway one does).
//
//   one round trip per statement, one COMMIT per call   office-mcp-pg before pipelining, sequential
//   one round trip per statement, one COMMIT per 64     the same, grouped (64 in flight)
//   pipelined, a wait per call, one COMMIT per 64       office-mcp-pg's group commit now: each
//                                                       call waits once, for its order's id
//   pipelined, one COMMIT per 64                        the floor: one round trip per group, the
//                                                       audit row taking the id as lastval()

#include <string>

namespace bench {

struct PgCost {
    double client_us = 0;  // this process
    double server_us = 0;  // the PostgreSQL backend
};

struct PgStoreFloor {
    bool ok = false;
    std::string err;
    PgCost sequential, grouped, pipelined_waiting, pipelined;
};

PgStoreFloor measure_pg_store_floor(const std::string& uri, int calls);

// office-bench --replicas --postgres: both floors (this one and SQLite's, store_floor.h, in a
// file under `tmp_dir`) printed as a table and added to the JSON report at `json_path` (when
// given) as "store_floors"; false when either could not be measured (said on stderr).
bool report_store_floors(const std::string& uri, const std::string& tmp_dir, int calls, const std::string& json_path);

}  // namespace bench
