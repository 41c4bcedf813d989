#pragma once
// What the parts of the office's SQLite file share, and nothing outside them includes (only
// these three files of core/sqlite/ include it). The schema's life (sqlite_office_store.h)
// lives in files named for what they do:
//   sqlite_office_file.cpp    create, seed, reset and open a file, refuse what is not ours;
//                             where the file goes and the checks on its place
//   sqlite_migrations.cpp     the steps 2 ... kSchemaVersion (kMigrations) and migrate
//   sqlite_schema_check.cpp   a file's objects compared with this build's at its version

#include "sqlite_office_store.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace office::sqlite_store_internal {

// Step N turns a version N-1 database into version N (sqlite_migrations.cpp says how).
struct Migration {
    int version;
    std::string_view sql;
};
// Steps 2, 3, ... kSchemaVersion in order, defined in sqlite_migrations.cpp.
extern const Migration kMigrations[kSchemaVersion - 1];

// Reads one integer from a one-row query and resets the statement at once: a statement left
// on a row keeps its read snapshot, which would make a later BEGIN IMMEDIATE fail with
// SQLITE_BUSY_SNAPSHOT once another process has committed.
inline std::int64_t query_int(Database& db, std::string_view sql) {
    Statement& st = db.prepare(sql);
    std::int64_t value = st.step() ? st.column_int(0) : 0;
    st.reset();
    return value;
}

inline void set_user_version(Database& db, int version) {
    db.exec("PRAGMA user_version = " + std::to_string(version));
}

// Runs every step an older office lacks, each in its own transaction (sqlite_migrations.cpp).
void migrate(Database& db);

// The first way the file's objects differ from this build's at `version`, as a sentence naming
// the object; "" when they are the same. SQLite's own tables and indexes are compared too
// (sqlite_schema_check.cpp).
std::string schema_difference(Database& db, int version);

}  // namespace office::sqlite_store_internal
