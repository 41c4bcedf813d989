// The only file that sees <libpq-fe.h>. Everything libpq reports becomes a pg::Error whose
// message is one sentence a person can act on. No office knowledge here.

#include "postgres.h"

#include "database_uri.h"
#include "store_sql.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <cstring>

namespace office::pg {
namespace {

// libpq's messages end in a newline and may span lines ("ERROR: ...\nDETAIL: ..."): one line.
std::string one_line(const char* message) {
    std::string out = message ? message : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    for (char& c : out)
        if (c == '\n' || c == '\t') c = ' ';
    return out.empty() ? "unknown error" : out;
}

// PostgreSQL's text cannot hold a NUL, and libpq sends text parameters as C strings, so a NUL
// would silently cut the value short: refuse it instead of storing less than was given.
void check_no_nul(const std::optional<std::string>& text) {
    if (text && text->find('\0') != std::string::npos)
        throw Error("PostgreSQL text cannot hold a NUL character; nothing was written", "22021", false);
}

// The parameters as libpq takes them: C strings, NULL for SQL NULL.
std::vector<const char*> texts_of(const std::vector<Param>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) {
        check_no_nul(p.text);
        values.push_back(p.text ? p.text->c_str() : nullptr);
    }
    return values;
}

}  // namespace

// ---- Result -------------------------------------------------------------------------------

Result::Result(pg_result* result) : result_(result) {}
Result::~Result() { PQclear(result_); }
Result::Result(Result&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }

int Result::rows() const { return PQntuples(result_); }
int Result::columns() const { return PQnfields(result_); }
bool Result::is_null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

std::string Result::text(int row, int column) const {
    if (is_null(row, column)) return {};
    return std::string(PQgetvalue(result_, row, column), static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

bool Result::boolean(int row, int column) const { return !is_null(row, column) && PQgetvalue(result_, row, column)[0] == 't'; }

std::int64_t Result::integer(int row, int column) const {
    if (is_null(row, column)) return 0;
    const char* value = PQgetvalue(result_, row, column);
    if (value[0] == 't') return 1;  // a boolean column
    if (value[0] == 'f') return 0;
    return std::strtoll(value, nullptr, 10);
}

bool Result::is_integer_column(int column) const {
    const Oid type = PQftype(result_, column);
    return type == 20 || type == 21 || type == 23;  // int8, int2, int4 (pg_type.h)
}

std::int64_t Result::affected() const {
    const char* n = PQcmdTuples(result_);
    return n && *n ? std::strtoll(n, nullptr, 10) : 0;
}

std::string Result::command() const {
    const char* tag = PQcmdStatus(result_);
    return tag ? tag : "";
}

// ---- Connection ---------------------------------------------------------------------------

Connection::Connection(const std::string& uri) : uri_(uri) {
    conn_ = PQconnectdb(uri.c_str());
    if (conn_ == nullptr) throw Error("cannot connect to PostgreSQL at " + masked_uri(uri) + ": out of memory", "", true);
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string why = one_line(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        throw Error("cannot connect to PostgreSQL at " + masked_uri(uri) + ": " + why, "", true);
    }
    // Notices (e.g. "relation already exists, skipping") are not errors: keep them off stderr,
    // which is the server's log.
    PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
}

Connection::~Connection() {
    if (conn_) PQfinish(conn_);
}

bool Connection::ok() const { return PQstatus(conn_) == CONNECTION_OK; }

bool Connection::reset() {
    PQreset(conn_);  // a new connection, out of pipeline mode and without prepared statements
    pipelined_ = false;
    queued_.clear();
    prepared_.clear();
    if (ok()) PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
    return ok();
}

bool Connection::in_transaction() const { return PQtransactionStatus(conn_) != PQTRANS_IDLE; }

Error Connection::failure(pg_result* raw, std::string_view sql) {
    const char* state = raw ? PQresultErrorField(raw, PG_DIAG_SQLSTATE) : nullptr;
    const std::string sqlstate = state ? state : "";
    // Lost: the connection is gone, or the server is shutting it (57P01 admin shutdown,
    // 57P02 crash shutdown, 57P03 cannot connect now, 08xxx connection exceptions).
    const bool lost = PQstatus(conn_) != CONNECTION_OK || sqlstate.starts_with("08") || sqlstate.starts_with("57P");
    const std::string message = one_line(raw ? PQresultErrorMessage(raw) : PQerrorMessage(conn_));
    return Error(message + " (in \"" + sql_for_message(sql) + "\")", sqlstate, lost);
}

Result Connection::check(pg_result* raw, std::string_view sql) {
    Result result(raw);
    const auto status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
    throw failure(raw, sql);
}

void Connection::broken(std::string_view doing) {
    throw Error("cannot " + std::string(doing) + ": " + one_line(PQerrorMessage(conn_)), "", !ok());
}

Result Connection::query(std::string_view sql, std::initializer_list<Param> params) {
    return query(sql, std::vector<Param>(params));
}

Result Connection::query(std::string_view sql, const std::vector<Param>& params) {
    if (pipelined_) {
        send_params(sql, params);
        // The server keeps results until asked to flush: ask, then send everything queued.
        if (PQsendFlushRequest(conn_) != 1 || PQflush(conn_) != 0) broken("send to PostgreSQL");
        return collect(false);
    }
    const auto values = texts_of(params);
    const std::string& name = prepared(sql);
    return check(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0),
                 sql);
}

const std::string& Connection::prepared(std::string_view sql) {
    const std::string text(sql);
    if (const auto it = prepared_.find(text); it != prepared_.end()) return it->second;
    const std::string name = "office_" + std::to_string(++statements_);  // never reused: a forgotten one may exist
    if (pipelined_) {
        if (PQsendPrepare(conn_, name.c_str(), text.c_str(), 0, nullptr) != 1) broken("send to PostgreSQL");
        queued_.push_back({text, name});
    } else {
        check(PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr), sql);
    }
    return prepared_.emplace(text, name).first->second;
}

Result Connection::exec(std::string_view sql) {
    const std::string text(sql);
    return check(PQexec(conn_, text.c_str()), sql);
}

// ---- Pipeline mode ------------------------------------------------------------------------

void Connection::begin_pipeline() {
    if (PQenterPipelineMode(conn_) != 1) broken("enter pipeline mode");
    pipelined_ = true;
}

void Connection::send(std::string_view sql, std::initializer_list<Param> params) {
    send_params(sql, std::vector<Param>(params));
}

void Connection::send_params(std::string_view sql, const std::vector<Param>& params) {
    const auto values = texts_of(params);
    own_from_ = queued_.size();
    const std::string& name = prepared(sql);
    // Only queued: libpq sends when its buffer fills, or at the next flush.
    if (PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0) != 1)
        broken("send to PostgreSQL");
    queued_.push_back({std::string(sql), {}});
}

Result Connection::end_pipeline(std::string_view last) {
    send(last);
    if (PQpipelineSync(conn_) != 1) {
        pipelined_ = false;  // the connection is gone (what else fails here): so is its pipeline
        queued_.clear();
        broken("send to PostgreSQL");
    }
    struct Leave {
        Connection& c;
        ~Leave() {
            c.pipelined_ = false;
            PQexitPipelineMode(c.conn_);  // every result read; refused (and moot) only on a lost connection
        }
    } leave{*this};
    return collect(true);
}

Result Connection::collect(bool synced) {
    std::optional<Error> failed;
    pg_result* last = nullptr;
    for (std::size_t i = 0; i < queued_.size(); ++i) {
        pg_result* raw = PQgetResult(conn_);
        while (pg_result* more = PQgetResult(conn_)) PQclear(more);  // the NULL that ends each statement's results
        const auto status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
        if (i + 1 == queued_.size() && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)) {
            last = raw;
            continue;
        }
        const bool done = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
        if (!done && !queued_[i].prepares.empty()) prepared_.erase(queued_[i].sql);  // skipped or refused: not there
        if (!done && status != PGRES_PIPELINE_ABORTED && !failed) {
            failed = failure(raw, queued_[i].sql);
            failed->earlier = i < own_from_;
        }
        PQclear(raw);
        if (!raw && !ok()) break;  // lost: nothing more will come
    }
    queued_.clear();
    // After a failure the server skips everything up to the next Sync: ask for one if it was
    // not sent, and read up to it, so that the connection takes statements again.
    if (failed && !synced && ok() && PQpipelineSync(conn_) == 1) synced = true;
    if (synced)
        for (int nothing = 0; nothing < 2 && ok();) {
            pg_result* raw = PQgetResult(conn_);
            if (!raw) {
                ++nothing;
                continue;
            }
            const auto status = PQresultStatus(raw);
            PQclear(raw);
            if (status == PGRES_PIPELINE_SYNC) break;
            nothing = 0;
        }
    Result result(last);
    if (failed) throw *failed;
    if (!last) broken("read from PostgreSQL");
    return result;
}

}  // namespace office::pg
