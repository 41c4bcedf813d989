#pragma once
// The PostgreSQL half of office_store_for.cpp, chosen when linking: postgres_backend.cpp (in
// office_pg, with libpq) or no_postgres_backend.cpp (the static office-mcp), whose functions
// throw StoreError with the sentence that names office-mcp-pg.

#include "office_copy.h"
#include "office_store.h"
#include "durability.h"

#include <memory>
#include <string>

namespace office {

std::unique_ptr<OfficeStore> open_postgres_office(const std::string& uri, Durability durability);
void check_postgres_office(const std::string& uri);
void reset_postgres_office(const std::string& uri, OfficeKind kind);
// An office of `kind` in a database whose office schema is empty; StoreError when it holds one.
void create_postgres_office(const std::string& uri, OfficeKind kind);
// The office copied out (one snapshot) and in (one transaction): postgres_office_store.h.
void read_postgres_office_at(const std::string& uri, RowSink& sink);
void load_postgres_office_at(const std::string& uri, const RowSource& source, bool only_if_empty);

}  // namespace office
