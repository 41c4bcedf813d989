// A SQLite office file read as rows and written from rows (office_copy.h, sqlite_backup.h):
// read_office_file and read_office_rows give its tables to a RowSink, write_office_file makes a
// new office file of what a RowSource gives (a PostgreSQL office's backups, export and import).
// The snapshot copy, the side files and the checks are in sqlite_backup.cpp, what the two share
// in sqlite_backup_internal.h.

#include "sqlite_backup_internal.h"

#include "sqlite_office_store.h"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace office {

using namespace sqlite_backup_internal;

namespace {

using namespace sqlite_code;

// The stored tables of an office file (office_copy.h), checked against kStoredTables: a table
// the list does not know would be left out of every copy, so it is refused instead.
void check_stored_tables(Database& db, const std::string& path) {
    Statement& list = db.prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    std::vector<std::string> names;
    while (list.step()) names.push_back(list.column_text(0));
    for (const auto& name : names)
        if (std::none_of(kStoredTables.begin(), kStoredTables.end(), [&](const auto& t) { return t.name == name; }))
            refuse(path + " has a table this build does not copy: " + name);
    for (const auto& t : kStoredTables)
        if (std::find(names.begin(), names.end(), t.name) == names.end())
            refuse(path + " has no table " + std::string(t.name) + " (is it at schema " + std::to_string(kSchemaVersion) + "?)");
}

std::vector<StoredColumn> stored_columns(Database& db, std::string_view table) {
    std::vector<StoredColumn> columns;
    Statement& info = db.prepare("SELECT name, upper(type) FROM pragma_table_info(?1) ORDER BY cid");
    info.bind(1, table);
    while (info.step()) columns.push_back({info.column_text(0), info.column_text(1).find("INT") != std::string::npos});
    return columns;
}

// Inserts what a RowSource gives into an empty office `db`, in one transaction committed by
// done(); the source's columns mapped to the file's by name.
class InsertingSink : public RowSink {
public:
    explicit InsertingSink(Database& db) : db_(db), transaction_(db) {
        db_.exec("PRAGMA defer_foreign_keys = ON");
        for (const auto& t : kStoredTables) db_.exec("DELETE FROM " + quoted(std::string(t.name)));
    }

    void table(std::string_view name, const std::vector<StoredColumn>& columns) override {
        if (next_ >= kStoredTables.size() || kStoredTables[next_].name != name)
            refuse("table " + std::string(name) + " was given out of order (expected " + missing() + ")");
        ++next_;
        const auto own = stored_columns(db_, name);
        std::string list, marks;
        integer_.clear();
        for (const auto& c : columns) {
            const auto it = std::find_if(own.begin(), own.end(), [&](const auto& o) { return o.name == c.name; });
            if (it == own.end()) refuse("the office's table " + std::string(name) + " has no column " + c.name);
            list += (list.empty() ? "" : ", ") + quoted(c.name);
            marks += (marks.empty() ? "?" : ", ?");
            integer_.push_back(it->integer);
        }
        for (const auto& o : own)
            if (std::none_of(columns.begin(), columns.end(), [&](const auto& c) { return c.name == o.name; }))
                refuse("the rows given for table " + std::string(name) + " have no column " + o.name);
        insert_ = &db_.prepare("INSERT INTO " + quoted(std::string(name)) + " (" + list + ") VALUES (" + marks + ")");
    }

    void row(const std::vector<StoredValue>& values) override {
        if (!insert_ || values.size() != integer_.size()) refuse("a row does not have its table's columns");
        for (std::size_t k = 0; k < values.size(); ++k) {
            const int index = static_cast<int>(k) + 1;
            if (!values[k]) {
                insert_->bind_null(index);
                continue;
            }
            const std::string& text = *values[k];
            std::int64_t number = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
            if (integer_[k] && ec == std::errc() && end == text.data() + text.size()) insert_->bind(index, number);
            else insert_->bind(index, std::string_view(text));
        }
        insert_->step();
    }

    void done() override {
        if (next_ != kStoredTables.size()) return;  // finished() says so
        transaction_.commit();
        committed_ = true;
        // One segment per search index, as after a large import (OfficeStore::optimize_customer_search).
        db_.exec("INSERT INTO customer_words(customer_words) VALUES ('optimize');"
                 "INSERT INTO customer_search(customer_search) VALUES ('optimize');");
    }

    bool finished() const { return committed_; }
    std::string missing() const {
        return next_ < kStoredTables.size() ? "table " + std::string(kStoredTables[next_].name) : "nothing more";
    }

private:
    Database& db_;
    Transaction transaction_;
    std::size_t next_ = 0;
    Statement* insert_ = nullptr;
    std::vector<bool> integer_;
    bool committed_ = false;
};

}  // namespace

OfficeFileFacts write_office_file(const std::string& file, bool force, const std::vector<SideFile>& side_files,
                                  const RowSource& source) {
    if (exists(file) && !force) refuse(file + " already exists: --force replaces it");
    PartialFile partial(file + ".partial");
    {
        Database db(partial.path(), Database::Mode::ReadWrite, Durability::Power);
        ensure_schema(db, OfficeKind::Empty);  // an empty file: this build's schema, rollback journal
        InsertingSink sink(db);
        source(sink);
        if (!sink.finished()) refuse("the office to write was not given whole: " + sink.missing());
    }
    return finish_backup(partial, file, side_files);
}

void read_office_file(const std::string& path, RowSink& sink) {
    Database db(path, Database::Mode::ReadWrite, Durability::Power);  // read-write: see backup_office_file (sqlite_backup.cpp)
    Transaction snapshot(db, Transaction::Kind::Deferred);
    read_office_rows(db, path, sink);
    snapshot.commit();
}

void read_office_rows(Database& db, const std::string& path, RowSink& sink) {
    if (query_int(db, "PRAGMA application_id") != kApplicationId) refuse(path + " is not an office-mcp office", kNotADb);
    if (query_int(db, "PRAGMA user_version") != kSchemaVersion)
        refuse(path + " is at schema " + std::to_string(query_int(db, "PRAGMA user_version")) + ", not this build's " +
               std::to_string(kSchemaVersion));
    if (const auto difference = office_schema_difference(db); !difference.empty())
        refuse(path + " is not an office this build made: " + difference, kCorrupt);
    check_stored_tables(db, path);
    for (const auto& t : kStoredTables) {
        const auto columns = stored_columns(db, t.name);
        sink.table(t.name, columns);
        std::string list;
        for (const auto& c : columns) list += (list.empty() ? "" : ", ") + quoted(c.name);
        Statement& rows = db.prepare("SELECT " + list + " FROM " + quoted(std::string(t.name)) + " ORDER BY " +
                                     std::string(t.order_by));
        std::vector<StoredValue> values(columns.size());
        while (rows.step()) {
            for (std::size_t k = 0; k < columns.size(); ++k) {
                const int index = static_cast<int>(k);
                if (rows.column_is_null(index)) values[k].reset();
                else values[k] = rows.column_text(index);
            }
            sink.row(values);
        }
    }
    sink.done();
}

}  // namespace office
