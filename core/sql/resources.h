#pragma once
// SQL compiled into the binary from resources/*.sql (see resources/embed.cmake).
#include <string_view>
namespace office::resources {
extern const std::string_view schema_sql;
extern const std::string_view seed_sql;
}
