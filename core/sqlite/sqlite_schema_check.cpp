// A file's objects compared, SQL text and all, with those this build makes at the file's schema
// version (schema_difference; office_schema_difference, sqlite_office_store.h). The steps it
// replays are in sqlite_migrations.cpp; ensure_schema and open_office_database
// (sqlite_office_file.cpp) refuse a file that differs, check_office_file (sqlite_backup.cpp) a
// backup that does.

#include "sqlite_office_store_internal.h"

#include "resources.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace office {

using namespace sqlite_store_internal;

namespace {

// ---- The schema is the program's (issue 59) ------------------------------------------------
// A file's sqlite_schema holds code: triggers and views run, CHECK constraints guard money. An
// office file is refused unless its objects are exactly those this build makes at the file's
// schema version, SQL text and all, so a trigger added by someone else, a CHECK dropped by a
// table rebuilt without it, or tables that do not match the version the file claims never run.

struct SchemaObject {
    std::string type, name, table, sql;
};

std::vector<SchemaObject> objects_of(Database& db) {
    std::vector<SchemaObject> objects;
    Statement& list = db.prepare("SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_schema ORDER BY type, name");
    while (list.step()) objects.push_back({list.column_text(0), list.column_text(1), list.column_text(2), list.column_text(3)});
    return objects;
}

// What this build makes at schema `version`: schema.sql and each step up to it, run in memory
// (as a new file runs them, so new and migrated files compare alike), once per version.
const std::vector<SchemaObject>& expected_objects(int version) {
    static std::mutex mutex;
    static std::map<int, std::vector<SchemaObject>> made;
    std::lock_guard lock(mutex);
    auto& objects = made[version];
    if (objects.empty()) {
        Database memory(":memory:", Database::Mode::ReadWriteCreate);
        memory.trust_schema();  // our own
        memory.exec(resources::schema_sql);
        for (const Migration& step : kMigrations)
            if (step.version <= version) memory.exec(step.sql);
        objects = objects_of(memory);
    }
    return objects;
}

// The parts of a CREATE statement between its outer parentheses, split at the commas outside
// any inner ones, comments dropped and spaces collapsed: a table's columns and constraints.
std::vector<std::string> clauses_of(const std::string& sql) {
    std::vector<std::string> clauses;
    std::string current;
    int depth = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {  // a comment, to the line's end
            while (i < sql.size() && sql[i] != '\n') ++i;
            continue;
        }
        if (c == ')' && --depth == 0) break;
        if (depth >= 1 && !(depth == 1 && c == ',')) {
            const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space) current += c;
            else if (!current.empty() && current.back() != ' ') current += ' ';
        }
        if (depth == 1 && c == ',') {
            while (!current.empty() && current.back() == ' ') current.pop_back();
            clauses.push_back(current);
            current.clear();
        }
        if (c == '(') ++depth;
    }
    while (!current.empty() && current.back() == ' ') current.pop_back();
    if (!current.empty()) clauses.push_back(current);
    return clauses;
}

// How `found` differs from this build's `made`, said as what is missing or extra where it can be.
std::string how_sql_differs(const std::string& made, const std::string& found) {
    const auto expected = clauses_of(made), actual = clauses_of(found);
    const auto in = [](const std::vector<std::string>& list, const std::string& item) {
        return std::find(list.begin(), list.end(), item) != list.end();
    };
    for (const auto& item : expected) {
        if (in(actual, item)) continue;
        // The same column with less after it: "CHECK (amount_cents > 0) is missing".
        for (const auto& other : actual)
            if (item.size() > other.size() && item.compare(0, other.size() + 1, other + " ") == 0)
                return item.substr(other.size() + 1) + " is missing";
        return item + " is missing";
    }
    for (const auto& item : actual)
        if (!in(expected, item)) return "it has " + item + ", which this build does not make";
    return "its SQL is not this build's: " + found;
}

}  // namespace

std::string sqlite_store_internal::schema_difference(Database& db, int version) {
    const auto& expected = expected_objects(version);
    const auto actual = objects_of(db);
    const auto find = [](const std::vector<SchemaObject>& list, const SchemaObject& o) {
        return std::find_if(list.begin(), list.end(), [&](const SchemaObject& e) { return e.type == o.type && e.name == o.name; });
    };
    for (const auto& o : actual) {
        const auto made = find(expected, o);
        if (made == expected.end()) return o.type + " " + o.name + " is not part of an office";
        if (made->table != o.table) return o.type + " " + o.name + " belongs to " + o.table + ", not to " + made->table;
        if (made->sql != o.sql) return o.type + " " + o.name + " differs: " + how_sql_differs(made->sql, o.sql);
    }
    for (const auto& o : expected)
        if (find(actual, o) == actual.end()) return o.type + " " + o.name + " is missing";
    return "";
}

// ---- The office schema --------------------------------------------------------------------

std::string office_schema_difference(Database& db) {
    const auto version = query_int(db, "PRAGMA user_version");
    if (version < 1 || version > kSchemaVersion) return "schema version " + std::to_string(version) + " is not one this build knows";
    return schema_difference(db, static_cast<int>(version));
}

}  // namespace office
