// The PostgresOfficeStore itself (postgres_office_store.h): the connection and the reconnect
// rule, write transactions under the office lock in pipeline mode, alone or as a batch. Its
// statements, as sqlite_office_store.cpp holds SQLite's, are in three files by what they serve:
// postgres_office_calendar.cpp (customers and the calendar), postgres_office_money.cpp
// (invoices, the menu, refunds, the approval queue, lunch orders) and postgres_office_protocol.cpp
// (tasks, request states, idempotency keys, the audit, tables read as pages); the schema's life
// is in postgres_office_schema.cpp.

#include "postgres_office_store.h"

#include "database_uri.h"

#include <algorithm>
#include <string>
#include <thread>
#include <utility>

namespace office {

// ---- The store ----------------------------------------------------------------------------

PostgresOfficeStore::PostgresOfficeStore(const std::string& uri, Durability durability)
    : conn_(std::make_unique<pg::Connection>(uri)), durability_(durability) {
    try {
        configure();
        migrate_postgres(*conn_, postgres_migrations());
    } catch (const pg::Error& e) {
        throw StoreError(0, "cannot set up database " + masked_uri(uri) + ": " + e.what());
    }
}

PostgresOfficeStore::~PostgresOfficeStore() = default;

// The server restarting, failing over or briefly unreachable: try again with backoff (10, 20,
// 40 ... ms) for at most kReconnectWait, so that a blip costs a request a short wait rather than
// an error. Past that the database is down: StoreError::unavailable (HTTP 503, Retry-After).
// While it stays down, a request within kDownHold of the last wait fails at once, so a group
// of requests waits once, not once per request.
void PostgresOfficeStore::reconnect() {
    using Clock = std::chrono::steady_clock;
    const auto now = Clock::now();
    const bool waited_just_now = down_since_ && now - *down_since_ < kDownHold;
    const auto deadline = now + (waited_just_now ? Clock::duration::zero() : kReconnectWait);
    for (auto pause = std::chrono::milliseconds(10);; pause *= 2) {
        if (conn_->reset()) {
            try {
                configure();
                down_since_.reset();
                return;
            } catch (const pg::Error& e) {
                if (!e.connection_lost) throw;
            }
        }
        const auto left = deadline - Clock::now();
        if (left <= Clock::duration::zero()) break;
        std::this_thread::sleep_for(std::min<Clock::duration>(pause, left));
    }
    down_since_ = Clock::now();
    throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) + " was lost and could not be made again",
                     true);
}

void PostgresOfficeStore::configure() {
    conn_->exec(durability_ == Durability::Power ? "SET synchronous_commit = on" : "SET synchronous_commit = off");
}

void PostgresOfficeStore::lost(const pg::Error& e) {
    last_order_id_.reset();
    // The transaction went with the connection: nothing of it was committed, except that a
    // COMMIT whose answer was lost may have been. Either way it must not be reported done.
    write_open_ = false;
    if (batch_open_) batch_lost_ = true;
    batch_open_ = false;
    throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                            " was lost during a write, which may not have been committed (" + e.what() + ")",
                     true);
}

void PostgresOfficeStore::failed_in_pipeline(const pg::Error& e) {
    if (e.connection_lost) lost(e);
    if (!e.earlier) throw;
    // A statement sent earlier without waiting failed, and the transaction with it: maybe a
    // unit already released into the group, so the group as a whole must not commit.
    doomed_ = true;
    throw StoreError(0, std::string("an earlier write of this transaction failed: ") + e.what());
}

pg::Result PostgresOfficeStore::run(std::string_view sql, std::initializer_list<pg::Param> params) {
    const bool may_retry = !open();
    if (may_retry && !conn_->ok()) reconnect();
    try {
        return conn_->query(sql, params);
    } catch (const pg::Error& e) {
        if (conn_->pipelined()) failed_in_pipeline(e);
        if (!e.connection_lost) throw;
        if (!may_retry) lost(e);
        reconnect();
        return conn_->query(sql, params);
    }
}

void PostgresOfficeStore::defer(std::string_view sql, std::initializer_list<pg::Param> params) {
    if (!conn_->pipelined()) {
        run(sql, params);
        return;
    }
    try {
        conn_->send(sql, params);
    } catch (const pg::Error& e) {
        failed_in_pipeline(e);
    }
}

pg::Result PostgresPart::run(std::string_view sql, std::initializer_list<pg::Param> params) { return store_.run(sql, params); }
void PostgresPart::defer(std::string_view sql, std::initializer_list<pg::Param> params) { store_.defer(sql, params); }

pg::Result PostgresOfficeStore::end_transaction(std::string_view last) {
    if (!conn_->pipelined()) return run(last);
    // Ids counted on from nextval (record_lunch_order): the sequence moves to the last of them.
    if (const auto counted = std::exchange(last_order_id_, std::nullopt); last == "COMMIT" && counted && *counted != first_order_id_)
        defer("SELECT setval(pg_get_serial_sequence('lunch_orders', 'id'), $1)", {*counted});
    try {
        return conn_->end_pipeline(last);
    } catch (const pg::Error& e) {
        failed_in_pipeline(e);
    }
}

void PostgresOfficeStore::begin(std::string_view then) {
    // A pipeline still open here was left by a transaction whose connection was lost (its
    // server said so before the socket closed): that connection is done for.
    if (!conn_->ok() || conn_->pipelined()) reconnect();
    const std::string sql = "BEGIN; " + kLock + (then.empty() ? "" : "; ") + std::string(then);
    try {
        conn_->exec(sql);
    } catch (const pg::Error& e) {
        if (!e.connection_lost) {
            rollback_quietly(*conn_);
            throw;
        }
        reconnect();  // nothing was written yet: once more on a new connection
        conn_->exec(sql);
    }
    conn_->begin_pipeline();
}

// A write transaction runs in pipeline mode from its first round trip (BEGIN and the lock) to
// its COMMIT: statements whose answer the tool needs (a RETURNING id, a guarded UPDATE) wait
// for it, the rest (savepoints, audit rows) are only queued and travel with the next one.
void PostgresOfficeStore::begin_write() {
    if (write_open_) throw StoreError(0, "a write transaction is already open on database " + masked_uri(conn_->uri()));
    if (batching_) {
        if (batch_lost_)
            throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                                    " was lost during this group of writes; nothing more is written in it",
                             true);
        if (doomed_) throw StoreError(0, "an earlier write of this group failed; nothing more is written in it");
        if (!batch_open_) {
            begin("SAVEPOINT unit");
            batch_open_ = true;
        } else {
            defer("SAVEPOINT unit");
        }
    } else {
        begin("");
    }
    write_open_ = true;
}

void PostgresOfficeStore::commit_write() {
    if (batch_open_) {
        defer("RELEASE unit");
        write_open_ = false;
        return;
    }
    const auto done = end_transaction("COMMIT");
    write_open_ = false;
    // COMMIT of a transaction a failed statement doomed rolls back and says only "ROLLBACK"
    // (SQLite would have kept the rest): never let that pass for a commit.
    if (done.command() == "ROLLBACK")
        throw StoreError(0, "the write to " + masked_uri(conn_->uri()) + " was rolled back after an earlier error");
}

void PostgresOfficeStore::rollback_write() noexcept {
    if (!write_open_) return;  // lost with the connection: nothing to roll back
    write_open_ = false;
    try {
        if (!batch_open_) {
            doomed_ = false;
            last_order_id_.reset();
            rollback_quietly(*conn_);
        } else if (!doomed_) {  // a doomed group is rolled back as a whole by end_batch
            conn_->send("ROLLBACK TO unit");
            conn_->send("RELEASE unit");
        }
    } catch (...) {
        // The connection is gone: so is the transaction, and the batch with it.
        if (batch_open_) batch_lost_ = true;
        batch_open_ = false;
    }
}

void PostgresOfficeStore::begin_batch() {
    batching_ = true;
    batch_lost_ = false;
}

void PostgresOfficeStore::end_batch() {
    batching_ = false;
    const bool doomed = std::exchange(doomed_, false);
    if (batch_lost_) {
        batch_lost_ = false;
        throw StoreError(0, "the connection to PostgreSQL at " + masked_uri(conn_->uri()) +
                                " was lost during a group of writes, which were not committed",
                         true);
    }
    if (!batch_open_) return;
    try {
        // open(): a lost connection is not retried but reported
        const auto done = end_transaction(doomed ? "ROLLBACK" : "COMMIT");
        batch_open_ = false;
        if (doomed || done.command() == "ROLLBACK")
            throw StoreError(0, "the group of writes to " + masked_uri(conn_->uri()) + " was rolled back after an earlier error");
    } catch (...) {
        batch_open_ = false;
        doomed_ = false;
        last_order_id_.reset();
        rollback_quietly(*conn_);
        throw;
    }
}

}  // namespace office
