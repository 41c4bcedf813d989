// Picks the backend from the database's name (office_store_for.h).

#include "office_store_for.h"

#include "platform.h"
#include "postgres_backend.h"
#include "sqlite_office_store.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

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
    reset_office_file(db, kind);
}

void create_office(const std::string& db, OfficeKind kind) {
    if (is_postgres_uri(db)) return create_postgres_office(db, kind);
    create_office_file(db, kind);
}

std::string office_display_name(const std::string& db) {
    if (is_postgres_uri(db)) return masked_uri(db);
    std::error_code ec;
    auto p = std::filesystem::absolute(platform::u8path(db), ec);
    return ec ? db : p.lexically_normal().string();
}

std::string office_local_path(const std::string& db) {
    if (!is_postgres_uri(db)) return db;
    namespace fs = std::filesystem;
    const std::string data = platform::user_data_directory();
    if (data.empty())
        throw StoreError(0, "cannot choose where the state key of " + masked_uri(db) + " goes: set OFFICE_MCP_STATE_KEYS, XDG_DATA_HOME or HOME");
    const fs::path dir = platform::u8path(data) / "office-mcp";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {  // as the SQLite file's directory: its owner's alone
        fs::create_directories(dir.parent_path(), ec);
        if (platform::make_directory(dir.string()) != 0 && errno != EEXIST)
            throw StoreError(0, "cannot create directory " + dir.string() + ": " + std::strerror(errno));
    }
    return (dir / "postgres").string();
}

}  // namespace office
