// The static office-mcp has no libpq (docs/architecture.md, "PostgreSQL": it cannot be linked
// statically on Debian), so a PostgreSQL URI is refused with one sentence naming the binary
// that can serve it.

#include "postgres_backend.h"

namespace office {
namespace {
[[noreturn]] void refuse() {
    throw StoreError(0, "this office-mcp is built without PostgreSQL: use office-mcp-pg for a postgresql:// database");
}
}  // namespace

std::unique_ptr<OfficeStore> open_postgres_office(const std::string&, Durability) { refuse(); }
void check_postgres_office(const std::string&) { refuse(); }
void reset_postgres_office(const std::string&, OfficeKind) { refuse(); }
void create_postgres_office(const std::string&, OfficeKind) { refuse(); }
void read_postgres_office_at(const std::string&, RowSink&) { refuse(); }
void load_postgres_office_at(const std::string&, const RowSource&, bool) { refuse(); }

}  // namespace office
