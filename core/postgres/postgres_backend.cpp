// PostgreSQL for office_store_for.cpp, in office_pg (office-mcp-pg and the tests).

#include "postgres_backend.h"

#include "database_uri.h"
#include "postgres_office_store.h"

namespace office {

std::unique_ptr<OfficeStore> open_postgres_office(const std::string& uri, Durability durability) {
    return std::make_unique<PostgresOfficeStore>(uri, durability);
}

void check_postgres_office(const std::string& uri) {
    pg::Connection conn(uri);  // an unreachable server: "cannot connect to PostgreSQL at ..."
    try {
        check_postgres_schema(conn);
    } catch (const pg::Error& e) {
        throw StoreError(0, "cannot use database " + masked_uri(uri) + ": " + e.what());
    }
}

void reset_postgres_office(const std::string& uri, OfficeKind kind) {
    pg::Connection conn(uri);
    reset_postgres(conn, kind);
}

void create_postgres_office(const std::string& uri, OfficeKind kind) {
    pg::Connection conn(uri);
    create_postgres(conn, kind);
}

void read_postgres_office_at(const std::string& uri, RowSink& sink) {
    pg::Connection conn(uri);
    read_postgres_office(conn, sink);
}

void load_postgres_office_at(const std::string& uri, const RowSource& source, bool only_if_empty) {
    pg::Connection conn(uri);
    load_postgres_office(conn, source, only_if_empty);
}

}  // namespace office
