#pragma once
// Which backend serves an office: the one place that looks at a --db / OFFICE_MCP_DB value
// and picks SQLite (a file path) or PostgreSQL (a libpq URI, postgresql://... or
// postgres://...). Every command and transport of office-mcp opens its store through here.
//
// PostgreSQL support is chosen when linking (postgres_backend.h): office-mcp-pg links it in;
// the static office-mcp does not, and refuses a URI with one sentence naming office-mcp-pg.

#include "database_uri.h"
#include "office_store.h"
#include "durability.h"

#include <memory>
#include <string>

namespace office {

// Opens the office `db` names, created, seeded or migrated as needed. Throws StoreError with
// one sentence (unreachable server, foreign schema, a file that is not ours, no PostgreSQL in
// this build, ...). `durability`: what a commit waits for, on either backend.
std::unique_ptr<OfficeStore> open_office_store_for(const std::string& db, Durability durability = Durability::Power);

// Refuses at start, with StoreError, a database that cannot work, creating nothing (a
// server/discover probe must leave nothing behind): for a file, check_database_location; for a
// URI, the server is reached and its schema looked at (not ours, or newer), not changed.
void check_office_location(const std::string& db);

// Drops the office's data and makes it again, of `kind` (office-mcp db reset [--demo|--empty]).
void reset_office(const std::string& db, OfficeKind kind = OfficeKind::Demo);

// Makes the new office `db` names, of `kind` (office-mcp db init --demo|--empty). Refuses with
// StoreError, changing nothing, when `db` already holds an office: `reset_office` replaces one.
void create_office(const std::string& db, OfficeKind kind);

// What people are shown for `db`: the absolute path, or the URI with its password masked.
std::string office_display_name(const std::string& db);

// The path the state key file and the tokens file go beside (`<path>.key`,
// office-mcp.tokens in its directory): the database file itself for SQLite; for PostgreSQL,
// which has no file, $XDG_DATA_HOME/office-mcp/postgres (else ~/.local/share/...), its
// directory created 0700. Replicas on several machines share keys through
// OFFICE_MCP_STATE_KEYS instead.
std::string office_local_path(const std::string& db);

}  // namespace office
