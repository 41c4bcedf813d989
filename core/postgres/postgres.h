#pragma once
// Generic PostgreSQL behind a small RAII layer, the libpq counterpart of sqlite.h: a connection,
// query results, text parameters. It knows nothing of the office (postgres_office_store.h
// does); <libpq-fe.h> is included only in postgres.cpp, and no raw handle leaves this layer.

#include "store_error.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace office::pg {

// A failure PostgreSQL reported. `sqlstate` is its five-character code ("23505": unique
// violation), empty when the connection itself failed; `connection_lost` when the server can no
// longer be reached on this connection (what the store's reconnect rule looks at), which also
// makes the database unavailable for now (StoreError::unavailable), as does a server out of
// resources (53xxx: too many connections, out of memory or disk).
struct Error : StoreError {
    Error(std::string message, std::string sqlstate, bool connection_lost)
        : StoreError(0, message, connection_lost || sqlstate.starts_with("53")),
          sqlstate(std::move(sqlstate)),
          connection_lost(connection_lost) {}
    std::string sqlstate;
    bool connection_lost;
    // The statement that failed was an earlier one, sent in pipeline mode without waiting
    // (Connection::send): the transaction it was in has failed with it.
    bool earlier = false;
};

// One parameter, sent as text ($1, $2, ...); nullopt is SQL NULL.
struct Param {
    Param(std::nullptr_t) {}
    Param(std::int64_t v) : text(std::to_string(v)) {}
    Param(int v) : text(std::to_string(v)) {}
    Param(std::string_view v) : text(std::string(v)) {}
    Param(const std::string& v) : text(v) {}
    Param(const char* v) : text(std::string(v)) {}
    template <typename T>
    Param(const std::optional<T>& v) {
        if (v) text = Param(*v).text;
    }
    std::optional<std::string> text;
};

class Result {
public:
    explicit Result(pg_result* result);
    ~Result();
    Result(Result&& other) noexcept;
    Result& operator=(Result&&) = delete;
    Result(const Result&) = delete;

    int rows() const;
    int columns() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const;  // "" for NULL
    std::int64_t integer(int row, int column) const;  // 0 for NULL; a boolean is 1 or 0
    bool boolean(int row, int column) const;
    bool is_integer_column(int column) const;  // int2, int4 or int8
    std::int64_t affected() const;             // rows an INSERT/UPDATE/DELETE touched
    std::string command() const;               // the command tag: "COMMIT", or "ROLLBACK" for a doomed one

private:
    pg_result* result_;
};

class Connection {
public:
    // Connects to `uri` (any libpq connection string). Throws Error with one sentence naming
    // the URI with its password masked.
    explicit Connection(const std::string& uri);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // One statement with $n parameters, prepared on this connection the first time its text is
    // seen (the server parses and plans it once, not at every call). Throws Error.
    Result query(std::string_view sql, std::initializer_list<Param> params = {});
    Result query(std::string_view sql, const std::vector<Param>& params);
    // One or more statements without parameters (PQexec), for what cannot be prepared (BEGIN,
    // DECLARE, FETCH, DDL). The last statement's result. Throws Error. Not in pipeline mode.
    Result exec(std::string_view sql);

    // Pipeline mode (libpq 14+, any server): a write transaction's statements without waiting
    // for each. send() queues a statement whose result nobody needs and returns at once; query()
    // sends its own after the queued ones and waits once for all their results; end_pipeline()
    // sends the last statement and waits for it and whatever is still queued, and leaves the
    // mode (also when it throws). So a transaction costs one round
    // trip per statement whose answer is needed, plus one at its end. A queued statement's
    // failure is thrown by the next query() or end_pipeline() (Error::earlier); the rest of the
    // pipeline is skipped by the server, and the transaction has failed.
    void begin_pipeline();
    void send(std::string_view sql, std::initializer_list<Param> params = {});
    Result end_pipeline(std::string_view last);  // sends `last` ("COMMIT"), reads all; its result
    bool pipelined() const { return pipelined_; }

    // Whether the connection is usable now, and one attempt to make it so again.
    bool ok() const;
    bool reset();
    // A transaction is open (or failed and not yet rolled back) on this connection.
    bool in_transaction() const;
    const std::string& uri() const { return uri_; }

private:
    Result check(pg_result* result, std::string_view sql);
    Error failure(pg_result* result, std::string_view sql);
    [[noreturn]] void broken(std::string_view doing);
    void send_params(std::string_view sql, const std::vector<Param>& params);
    // The name `sql` is prepared under on this connection, preparing it first (queued in
    // pipeline mode, at once otherwise).
    const std::string& prepared(std::string_view sql);
    // Reads the queued statements' results up to the last one sent, returned; with `sync`, a
    // Sync was sent after it and is read too. Throws the first failure, once the pipeline is
    // drained up to a Sync (sent here if it was not).
    Result collect(bool synced);
    std::string uri_;
    pg_conn* conn_ = nullptr;
    bool pipelined_ = false;
    struct Queued {
        std::string sql;       // for messages
        std::string prepares;  // a Parse: the name it prepares (forgotten if the server skips it)
    };
    std::vector<Queued> queued_;  // sent and not yet read, in order
    std::size_t own_from_ = 0;    // where the last statement sent begins in queued_ (its Parse, if any)
    std::unordered_map<std::string, std::string> prepared_;  // SQL text -> statement name
    std::uint64_t statements_ = 0;                           // names given on this connection
};

}  // namespace office::pg
