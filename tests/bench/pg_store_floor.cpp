#include "pg_store_floor.h"

#include "postgres_office_store.h"
#include "process.h"
#include "store_floor.h"

#include <nlohmann/json.hpp>

#include <libpq-fe.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>


namespace bench {
namespace {

// utime + stime of the PostgreSQL backend (µs), from /proc (process.h).
double process_cpu_us(int pid) {
    const ProcStat st = proc_stat(pid);
    if (!st.ok) throw std::runtime_error("cannot read the PostgreSQL backend's CPU time (is the server on this machine?)");
    return st.utime_us + st.stime_us;
}

const std::string kLock = "SELECT pg_advisory_xact_lock(" + std::to_string(office::kOfficeLockKey) + ")";
constexpr const char* kOrder = "INSERT INTO lunch_orders (item, quantity, note, client, created_at) VALUES ($1, $2, $3, $4, $5)";
constexpr const char* kAudit =
    "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail, "
    "principal) VALUES ($1, 'office-bench', '1.0', 'legacy', '2025-11-25', 'lunch_ordered', 'lunch_order', $2, $3, '')";
constexpr const char* kAuditLastval =
    "INSERT INTO audit (at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail, "
    "principal) VALUES ($1, 'office-bench', '1.0', 'legacy', '2025-11-25', 'lunch_ordered', 'lunch_order', lastval(), "
    "'Lunch order #' || lastval() || ': Ordered 2 bocadillos.', '')";
constexpr const char* kAt = "2026-12-01T05:00:00Z";
const std::string kOrderReturning = std::string(kOrder) + " RETURNING id";

class Floor {
public:
    explicit Floor(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
        if (PQstatus(conn_) != CONNECTION_OK) throw std::runtime_error(std::string("cannot connect: ") + PQerrorMessage(conn_));
        pid_ = PQbackendPID(conn_);
        PQclear(PQexec(conn_, "SET synchronous_commit = on"));
        // Every statement prepared once, as office-mcp-pg's connection does (postgres.h).
        for (const std::string& sql : {std::string("BEGIN"), kLock, std::string("COMMIT"), std::string("SAVEPOINT unit"),
                                       std::string("RELEASE unit"), std::string(kOrder), kOrderReturning,
                                       std::string(kAudit), std::string(kAuditLastval)}) {
            const std::string name = "floor_" + std::to_string(names_.size());
            PGresult* r = PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr);
            const auto status = PQresultStatus(r);
            PQclear(r);
            if (status != PGRES_COMMAND_OK) fail("prepare a statement");
            names_[sql] = name;
        }
    }
    ~Floor() { PQfinish(conn_); }

    // One round trip per statement: BEGIN and the lock, then per call the order (RETURNING its
    // id) and the audit row, COMMIT after every `per_commit` calls.
    PgCost waiting(int calls, int per_commit) {
        return measure(calls, [&](int n) {
            exec("BEGIN");
            exec(kLock.c_str());
            for (int i = 0; i < n; ++i) audit(order_returning_id());
            exec("COMMIT");
        }, per_commit);
    }

    // Pipeline mode: a group is sent as it is made and read at one Sync; with `wait_per_call`
    // each call's order is flushed and its id read before the audit row, inside a savepoint, as
    // office-mcp-pg's group commit does.
    PgCost pipelined(int calls, int per_commit, bool wait_per_call) {
        if (PQenterPipelineMode(conn_) != 1) fail("enter pipeline mode");
        const PgCost cost = measure(calls, [&](int n) {
            int sent = 0;
            const auto send = [&](const char* sql, std::initializer_list<const char*> params) {
                if (PQsendQueryPrepared(conn_, name(sql), int(params.size()), params.begin(), nullptr, nullptr, 0) != 1)
                    fail("send");
                ++sent;
            };
            send("BEGIN", {});
            send(kLock.c_str(), {});
            for (int i = 0; i < n; ++i) {
                if (wait_per_call) {
                    send("SAVEPOINT unit", {});
                    const std::string id = std::to_string(order_id_pipelined(sent));
                    sent = 0;
                    send(kAudit, {kAt, id.c_str(), "Lunch order: Ordered 2 bocadillos."});
                    send("RELEASE unit", {});
                } else {
                    send(kOrder, {"bocadillo", "2", nullptr, "office-bench/1.0", kAt});
                    send(kAuditLastval, {kAt});
                }
            }
            send("COMMIT", {});
            if (PQpipelineSync(conn_) != 1) fail("sync");
            read(sent);
            PGresult* sync = PQgetResult(conn_);
            if (PQresultStatus(sync) != PGRES_PIPELINE_SYNC) fail("read the sync");
            PQclear(sync);
        }, per_commit);
        if (PQexitPipelineMode(conn_) != 1) fail("leave pipeline mode");
        return cost;
    }

private:
    template <typename Group>
    PgCost measure(int calls, Group group, int per_commit) {
        const double client = thread_cpu_us(), server = process_cpu_us(pid_);
        for (int done = 0; done < calls; done += per_commit) group(std::min(per_commit, calls - done));
        return {(thread_cpu_us() - client) / calls, (process_cpu_us(pid_) - server) / calls};
    }

    [[noreturn]] void fail(const char* doing) { throw std::runtime_error(std::string("cannot ") + doing + ": " + PQerrorMessage(conn_)); }

    void exec(const char* sql) {
        PGresult* r = PQexecPrepared(conn_, name(sql), 0, nullptr, nullptr, nullptr, 0);
        const auto status = PQresultStatus(r);
        PQclear(r);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(sql);
    }

    long long order_returning_id() {
        const char* values[] = {"bocadillo", "2", nullptr, "office-bench/1.0", kAt};
        PGresult* r = PQexecPrepared(conn_, name(kOrderReturning), 5, values, nullptr, nullptr, 0);
        if (PQresultStatus(r) != PGRES_TUPLES_OK) {
            PQclear(r);
            fail("insert the order");
        }
        const long long id = std::atoll(PQgetvalue(r, 0, 0));
        PQclear(r);
        return id;
    }

    void audit(long long id) {
        const std::string subject = std::to_string(id);
        const std::string detail = "Lunch order #" + subject + ": Ordered 2 bocadillos.";
        const char* values[] = {kAt, subject.c_str(), detail.c_str()};
        PGresult* r = PQexecPrepared(conn_, name(kAudit), 3, values, nullptr, nullptr, 0);
        const auto status = PQresultStatus(r);
        PQclear(r);
        if (status != PGRES_COMMAND_OK) fail("insert the audit row");
    }

    // Sends the order with RETURNING, flushes, and reads the `before` results queued ahead of it
    // and then its own: the id.
    long long order_id_pipelined(int before) {
        const char* values[] = {"bocadillo", "2", nullptr, "office-bench/1.0", kAt};
        if (PQsendQueryPrepared(conn_, name(kOrderReturning), 5, values, nullptr, nullptr, 0) != 1) fail("send the order");
        if (PQsendFlushRequest(conn_) != 1 || PQflush(conn_) != 0) fail("flush");
        read(before);
        PGresult* r = PQgetResult(conn_);
        if (PQresultStatus(r) != PGRES_TUPLES_OK) fail("insert the order");
        const long long id = std::atoll(PQgetvalue(r, 0, 0));
        PQclear(r);
        PQclear(PQgetResult(conn_));  // the NULL after it
        return id;
    }

    // Reads `n` statements' results (each followed by a NULL), failing on any error.
    void read(int n) {
        for (int i = 0; i < n; ++i) {
            PGresult* r = PQgetResult(conn_);
            const auto status = PQresultStatus(r);
            PQclear(r);
            if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("run a pipelined statement");
            while (PGresult* more = PQgetResult(conn_)) PQclear(more);
        }
    }

    const char* name(const std::string& sql) const { return names_.at(sql).c_str(); }

    PGconn* conn_;
    int pid_ = 0;
    std::map<std::string, std::string> names_;  // SQL -> prepared statement
};

}  // namespace

PgStoreFloor measure_pg_store_floor(const std::string& uri, int calls) {
    PgStoreFloor f;
    try {
        { office::PostgresOfficeStore migrate(uri); }  // the office's schema, made by office-mcp's code
        Floor floor(uri);
        floor.pipelined(calls / 10 + 64, 64, false);  // warm-up: the server's caches and plans
        f.sequential = floor.waiting(calls, 1);
        f.grouped = floor.waiting(calls, 64);
        f.pipelined_waiting = floor.pipelined(calls, 64, true);
        f.pipelined = floor.pipelined(calls, 64, false);
        f.ok = true;
    } catch (const std::exception& e) {
        f.err = e.what();
    }
    return f;
}

bool report_store_floors(const std::string& uri, const std::string& tmp_dir, int calls, const std::string& json_path) {
    const StoreFloor sqlite = measure_store_floor(tmp_dir, calls);
    const PgStoreFloor pg = measure_pg_store_floor(uri, calls);
    if (!sqlite.ok) std::fprintf(stderr, "office-bench: the SQLite store floor failed: %s\n", sqlite.err.c_str());
    if (!pg.ok) std::fprintf(stderr, "office-bench: the PostgreSQL store floor failed: %s\n", pg.err.c_str());
    if (!sqlite.ok || !pg.ok) return false;
    std::printf("\nstore floors: the two rows of an order_lunch call alone (no HTTP, no JSON), CPU µs per call\n"
                "  %-58s %8s %8s %8s\n", "", "replica", "database", "sum");
    const auto row = [](const char* what, double client, double server) {
        char database[16] = "-";  // SQLite's work is all in the replica
        if (server > 0) std::snprintf(database, sizeof database, "%.1f", server);
        std::printf("  %-58s %8.1f %8s %8.1f\n", what, client, database, client + server);
    };
    row("SQLite, power, one COMMIT per call", sqlite.power_sequential_us, 0);
    row("SQLite, power, one COMMIT per 64", sqlite.power_grouped_us, 0);
    row("SQLite, power, one COMMIT per 64, a SAVEPOINT per call", sqlite.power_grouped_savepoints_us, 0);
    row("PostgreSQL, a round trip per statement, COMMIT per call", pg.sequential.client_us, pg.sequential.server_us);
    row("PostgreSQL, a round trip per statement, COMMIT per 64", pg.grouped.client_us, pg.grouped.server_us);
    row("PostgreSQL, pipelined, a wait per call, COMMIT per 64", pg.pipelined_waiting.client_us, pg.pipelined_waiting.server_us);
    row("PostgreSQL, pipelined, one round trip per 64 (the floor)", pg.pipelined.client_us, pg.pipelined.server_us);
    if (!json_path.empty()) {
        nlohmann::ordered_json out;
        if (std::ifstream in(json_path); in) out = nlohmann::ordered_json::parse(in, nullptr, false);
        if (out.is_discarded()) out = nlohmann::ordered_json::object();
        const auto cost = [](const PgCost& c) { return nlohmann::ordered_json{{"replica_us", c.client_us}, {"database_us", c.server_us}}; };
        out["store_floors"] = {{"sqlite_power_per_call_us", sqlite.power_sequential_us},
                               {"sqlite_power_per_64_us", sqlite.power_grouped_us},
                               {"sqlite_power_per_64_savepoints_us", sqlite.power_grouped_savepoints_us},
                               {"postgres_round_trip_per_statement_per_call", cost(pg.sequential)},
                               {"postgres_round_trip_per_statement_per_64", cost(pg.grouped)},
                               {"postgres_pipelined_wait_per_call_per_64", cost(pg.pipelined_waiting)},
                               {"postgres_pipelined_per_64", cost(pg.pipelined)}};
        std::ofstream(json_path) << out.dump(2) << "\n";
    }
    return true;
}

}  // namespace bench
