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
    PQreset(conn_);
    if (ok()) PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
    return ok();
}

bool Connection::in_transaction() const { return PQtransactionStatus(conn_) != PQTRANS_IDLE; }

Result Connection::check(pg_result* raw, std::string_view sql) {
    Result result(raw);
    const auto status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
    const char* state = raw ? PQresultErrorField(raw, PG_DIAG_SQLSTATE) : nullptr;
    const std::string sqlstate = state ? state : "";
    // Lost: the connection is gone, or the server is shutting it (57P01 admin shutdown,
    // 57P02 crash shutdown, 57P03 cannot connect now, 08xxx connection exceptions).
    const bool lost = PQstatus(conn_) != CONNECTION_OK || sqlstate.starts_with("08") || sqlstate.starts_with("57P");
    const std::string message = one_line(raw ? PQresultErrorMessage(raw) : PQerrorMessage(conn_));
    throw Error(message + " (in \"" + sql_for_message(sql) + "\")", sqlstate, lost);
}

Result Connection::query(std::string_view sql, std::initializer_list<Param> params) {
    return query(sql, std::vector<Param>(params));
}

Result Connection::query(std::string_view sql, const std::vector<Param>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) {
        check_no_nul(p.text);
        values.push_back(p.text ? p.text->c_str() : nullptr);
    }
    const std::string text(sql);
    return check(PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr,
                              nullptr, 0),
                 sql);
}

void Connection::exec(std::string_view sql) {
    const std::string text(sql);
    check(PQexec(conn_, text.c_str()), sql);
}

}  // namespace office::pg
