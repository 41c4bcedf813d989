// Picks the backend from the database's name (office_store_for.h).

#include "office_store_for.h"

#include "postgres_backend.h"
#include "sqlite_office_store.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <sys/stat.h>

namespace office {

std::unique_ptr<OfficeStore> open_office_store_for(const std::string& db, Durability durability) {
    if (is_postgres_uri(db)) return open_postgres_office(db, durability);
    return open_office_store(db, durability);
}

void check_office_location(const std::string& db) {
    if (is_postgres_uri(db)) return check_postgres_office(db);
    check_database_location(db);
}

void reset_office(const std::string& db, OfficeKind kind) {
    if (is_postgres_uri(db)) return reset_postgres_office(db, kind);
    auto store = open_office_store(db);
    reset_database(store->database(), kind);
}

void create_office(const std::string& db, OfficeKind kind) {
    if (is_postgres_uri(db)) return create_postgres_office(db, kind);
    create_office_file(db, kind);
}

std::string office_display_name(const std::string& db) {
    if (is_postgres_uri(db)) return masked_uri(db);
    std::error_code ec;
    auto p = std::filesystem::absolute(db, ec);
    return ec ? db : p.lexically_normal().string();
}

std::string office_local_path(const std::string& db) {
    if (!is_postgres_uri(db)) return db;
    namespace fs = std::filesystem;
    fs::path dir;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && xdg[0] == '/') dir = fs::path(xdg) / "office-mcp";
    else if (const char* home = std::getenv("HOME"); home && *home) dir = fs::path(home) / ".local" / "share" / "office-mcp";
    else throw StoreError(0, "cannot choose where the state key of " + masked_uri(db) + " goes: set OFFICE_MCP_STATE_KEYS, XDG_DATA_HOME or HOME");
    std::error_code ec;
    if (fs::create_directories(dir, ec)) ::chmod(dir.c_str(), 0700);  // as the SQLite file's directory
    if (ec) throw StoreError(0, "cannot create directory " + dir.string() + ": " + ec.message());
    return (dir / "postgres").string();
}

}  // namespace office
