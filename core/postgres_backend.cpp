// PostgreSQL for office_store_for.cpp, in office_pg (office-mcp-pg and the tests).

#include "postgres_backend.h"

#include "database_uri.h"
#include "postgres_office_store.h"

namespace office {

std::unique_ptr<OfficeStore> open_postgres_office(const std::string& uri, Durability durability) {
    return std::make_unique<PostgresOfficeStore>(uri, durability);
}

void check_postgres_office(const std::string& uri) {
    pg::Connection conn(uri);
    // Only looks: the steps given are none, so an office of any known version passes, and a
    // database holding someone else's tables is refused.
    try {
        auto r = conn.query(
            "SELECT to_regclass('office_schema') IS NOT NULL, "
            "(SELECT count(*) FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace "
            "AND c.relkind IN ('r', 'v', 'm', 'f', 'p'))");
        const bool ours = r.boolean(0, 0);
        if (!ours && r.integer(0, 1) != 0)
            throw StoreError(0, "database " + masked_uri(uri) +
                                    " is not an office-mcp database: it holds tables of another application");
        if (ours) {
            const auto version = conn.query("SELECT max(version) FROM office_schema").integer(0, 0);
            if (version > kPostgresSchemaVersion)
                throw StoreError(0, "database " + masked_uri(uri) + " was written by a newer office-mcp (schema " +
                                        std::to_string(version) + "; this build knows " +
                                        std::to_string(kPostgresSchemaVersion) + ")");
        }
    } catch (const pg::Error& e) {
        throw StoreError(0, "cannot use database " + masked_uri(uri) + ": " + e.what());
    }
}

void reset_postgres_office(const std::string& uri) {
    pg::Connection conn(uri);
    reset_postgres(conn);
}

}  // namespace office
