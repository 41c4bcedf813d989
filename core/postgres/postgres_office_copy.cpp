// A PostgreSQL office copied out and in, table by table (postgres_office_store.h,
// office_copy.h): what backup, restore, export and import of office-mcp-pg do.

#include "postgres_office_store.h"

#include "database_uri.h"

#include <algorithm>
#include <string>
#include <vector>

namespace office {
namespace {

std::string identifier(std::string_view name) {
    std::string q = "\"";
    for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

[[noreturn]] void refuse(const pg::Connection& conn, const std::string& why) {
    throw StoreError(0, "database " + masked_uri(conn.uri()) + " " + why);
}

bool holds_office(pg::Connection& conn) {
    return conn.query("SELECT to_regclass('office_schema') IS NOT NULL").boolean(0, 0);
}

// The office's own tables, checked against kStoredTables (office_schema aside), as
// sqlite_office_copy.cpp checks a file's: a table not in the list would be left out of every copy.
void check_stored_tables(pg::Connection& conn) {
    const auto r = conn.query(
        "SELECT c.relname::text FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace "
        "AND c.relkind IN ('r', 'p') AND c.relname <> 'office_schema' ORDER BY 1");
    std::vector<std::string> names;
    for (int i = 0; i < r.rows(); ++i) names.push_back(r.text(i, 0));
    for (const auto& name : names)
        if (std::none_of(kStoredTables.begin(), kStoredTables.end(), [&](const auto& t) { return t.name == name; }))
            refuse(conn, "has a table this build does not copy: " + name);
    for (const auto& t : kStoredTables)
        if (std::find(names.begin(), names.end(), t.name) == names.end())
            refuse(conn, "has no table " + std::string(t.name));
}

std::vector<StoredColumn> columns_of(pg::Connection& conn, std::string_view table) {
    const auto r = conn.query(
        "SELECT column_name::text, data_type IN ('bigint', 'integer', 'smallint') FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        {table});
    std::vector<StoredColumn> columns;
    for (int i = 0; i < r.rows(); ++i) columns.push_back({r.text(i, 0), r.boolean(i, 1)});
    return columns;
}

template <typename F>
void in_transaction(pg::Connection& conn, std::string_view begin, F&& body) {
    conn.exec(begin);
    try {
        body();
        conn.exec("COMMIT");
    } catch (...) {
        rollback_quietly(conn);
        throw;
    }
}

// Inserts a source's rows, many to a statement (a round trip per batch, not per row), mapped
// to the table's columns by name.
class LoadingSink : public RowSink {
public:
    explicit LoadingSink(pg::Connection& conn) : conn_(conn) {}

    void table(std::string_view name, const std::vector<StoredColumn>& columns) override {
        flush();
        if (next_ >= kStoredTables.size() || kStoredTables[next_].name != name)
            refuse(conn_, "was given table " + std::string(name) + " out of order");
        ++next_;
        const auto own = columns_of(conn_, name);
        std::string list;
        for (const auto& c : columns) {
            if (std::none_of(own.begin(), own.end(), [&](const auto& o) { return o.name == c.name; }))
                refuse(conn_, "has no column " + c.name + " in table " + std::string(name));
            list += (list.empty() ? "" : ", ") + identifier(c.name);
        }
        for (const auto& o : own)
            if (std::none_of(columns.begin(), columns.end(), [&](const auto& c) { return c.name == o.name; }))
                refuse(conn_, "was given rows of table " + std::string(name) + " without its column " + o.name);
        insert_ = "INSERT INTO " + identifier(name) + " (" + list + ") VALUES ";
        width_ = columns.size();
        batch_rows_ = std::max<std::size_t>(1, std::min<std::size_t>(1000, 30000 / std::max<std::size_t>(1, width_)));
    }

    void row(const std::vector<StoredValue>& values) override {
        if (values.size() != width_) refuse(conn_, "was given a row that does not have its table's columns");
        for (const auto& v : values) params_.emplace_back(v);
        if (++rows_ == batch_rows_) flush();
    }

    void done() override {
        flush();
        done_ = next_ == kStoredTables.size();
    }

    bool finished() const { return done_; }

private:
    void flush() {
        if (rows_ == 0) return;
        std::string sql = insert_;
        for (std::size_t r = 0, n = 1; r < rows_; ++r) {
            sql += r ? ", (" : "(";
            for (std::size_t c = 0; c < width_; ++c, ++n) sql += (c ? ", $" : "$") + std::to_string(n);
            sql += ')';
        }
        conn_.query(sql, params_);
        params_.clear();
        rows_ = 0;
    }

    pg::Connection& conn_;
    std::size_t next_ = 0, width_ = 0, rows_ = 0, batch_rows_ = 1;
    std::string insert_;
    std::vector<pg::Param> params_;
    bool done_ = false;
};

}  // namespace

void read_postgres_office(pg::Connection& conn, RowSink& sink) {
    if (!holds_office(conn)) refuse(conn, "holds no office");
    migrate_postgres(conn, postgres_migrations());
    in_transaction(conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [&] {
        check_stored_tables(conn);
        for (const auto& t : kStoredTables) {
            const auto columns = columns_of(conn, t.name);
            sink.table(t.name, columns);
            std::string list;
            for (const auto& c : columns) list += (list.empty() ? "" : ", ") + identifier(c.name);
            conn.exec("DECLARE office_rows NO SCROLL CURSOR FOR SELECT " + list + " FROM " + identifier(t.name) +
                      " ORDER BY " + std::string(t.order_by));
            std::vector<StoredValue> values(columns.size());
            for (;;) {
                const auto r = conn.exec("FETCH 5000 FROM office_rows");
                if (r.rows() == 0) break;
                for (int i = 0; i < r.rows(); ++i) {
                    for (std::size_t k = 0; k < columns.size(); ++k) {
                        const int column = static_cast<int>(k);
                        if (r.is_null(i, column)) values[k].reset();
                        else values[k] = r.text(i, column);
                    }
                    sink.row(values);
                }
            }
            conn.exec("CLOSE office_rows");
        }
    });
    sink.done();
}

void load_postgres_office(pg::Connection& conn, const RowSource& source, bool only_if_empty) {
    if (!holds_office(conn)) create_postgres(conn, OfficeKind::Empty);
    migrate_postgres(conn, postgres_migrations());
    in_transaction(conn, "BEGIN; " + kLock, [&] {
        check_stored_tables(conn);
        std::string tables;
        for (const auto& t : kStoredTables) {
            tables += (tables.empty() ? "" : ", ") + identifier(t.name);
            if (only_if_empty) {
                const auto n = conn.query("SELECT count(*) FROM " + identifier(t.name)).integer(0, 0);
                if (n > 0)
                    refuse(conn, "is not an empty office: its table " + std::string(t.name) + " holds " + std::to_string(n) +
                                     " rows (import goes into an empty office; restore replaces one)");
            }
        }
        conn.exec("TRUNCATE " + tables + " RESTART IDENTITY");
        LoadingSink sink(conn);
        source(sink);
        if (!sink.finished()) refuse(conn, "was not given the whole office to load");
        // Each identity past the largest id loaded, as the rows' own inserts would have left it.
        const auto identities = conn.query(
            "SELECT table_name::text, column_name::text FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY 1");
        for (int i = 0; i < identities.rows(); ++i) {
            const auto table = identifier(identities.text(i, 0)), column = identifier(identities.text(i, 1));
            conn.query("SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(" + column + ") FROM " + table +
                           "), 0) + 1, false)",
                       {table, identities.text(i, 1)});
        }
    });
    conn.exec("ANALYZE");  // the planner's statistics of the new rows (find_customer's plans at 1M)
}

}  // namespace office
