// libFuzzer target for the restore check (check_office_file, core/sqlite/sqlite_backup.h) and the
// schema comparison behind it (issue 59): office files mutated the ways a file handed over can
// be. The input is a recipe applied to a clean demo office made once at start:
//   byte 0 % 3 = 0  flipped bytes: then 4-byte groups, a 3-byte offset into the file and a value
//              = 1  the same, then the file truncated to a length the next 3 bytes give
//              = 2  a schema row changed: the rest is SQL text put in place of one object's SQL
//                   (byte 1 picks which), through writable_schema, as a SQLite tool can
// What is checked, besides not crashing, hanging or leaking: a file the check accepts passes
// SQLite's integrity check, opens as an office of this build (its schema the same, to the
// object) and serves a read.

#include "sqlite.h"
#include "sqlite_backup.h"
#include "sqlite_office_store.h"
#include "store_error.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace {

[[noreturn]] void broken(const std::string& what) {
    std::fprintf(stderr, "office file promise broken: %s\n", what.c_str());
    std::abort();
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string g_dir;   // this process's own folder
std::string g_base;  // the clean office, one file (no -wal)

void make_base() {
    char templ[] = "/tmp/fuzz-office-XXXXXX";
    g_dir = ::mkdtemp(templ);
    const std::string path = g_dir + "/base.db";
    office::create_office_file(path, office::OfficeKind::Demo);
    {
        office::Database db(path, office::Database::Mode::ReadWrite);
        db.exec("PRAGMA journal_mode = DELETE");  // the WAL folded in: one file, as a backup is
        // Small pages: a file of a few dozen KiB, so each run writes and checks little and a
        // flipped byte more often lands in a page that matters.
        db.exec("PRAGMA page_size = 512");
        db.exec("VACUUM");
    }
    g_base = read_all(path);
}

// Puts `sql` in place of the SQL of the object number `which` (of those that have SQL).
void change_schema_row(const std::string& path, unsigned which, const std::string& sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) == SQLITE_OK) {
        sqlite3_exec(db, "PRAGMA writable_schema = ON", nullptr, nullptr, nullptr);
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db,
                               "UPDATE sqlite_schema SET sql = ?1 WHERE rowid = (SELECT rowid FROM sqlite_schema "
                               "WHERE sql IS NOT NULL ORDER BY rowid LIMIT 1 OFFSET ?2 % (SELECT count(*) FROM sqlite_schema WHERE sql IS NOT NULL))",
                               -1, &statement, nullptr) == SQLITE_OK) {
            sqlite3_bind_text(statement, 1, sql.data(), static_cast<int>(sql.size()), SQLITE_TRANSIENT);
            sqlite3_bind_int(statement, 2, static_cast<int>(which));
            sqlite3_step(statement);
        }
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    make_base();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string path = g_dir + "/office.db";
    std::filesystem::remove(path + "-journal");
    std::string file = g_base;
    const unsigned mode = data[0] % 3;
    std::size_t at = 1;
    const auto three = [&](std::size_t i) { return (std::size_t(data[i]) << 16) | (std::size_t(data[i + 1]) << 8) | data[i + 2]; };
    if (mode == 2) {
        write_all(path, file);
        const unsigned which = size > 1 ? data[1] : 0;
        const char* text = reinterpret_cast<const char*>(data);
        change_schema_row(path, which, std::string(text + std::min<std::size_t>(2, size), text + size));
    } else {
        for (; at + 4 <= size && (mode == 0 || at + 7 <= size); at += 4) file[three(at) % file.size()] = static_cast<char>(data[at + 3]);
        if (mode == 1 && at + 3 <= size) file.resize(three(at) % (file.size() + 1));
        write_all(path, file);
    }

    try {
        office::check_office_file(path);
    } catch (const office::StoreError&) {
        return 0;  // refused, with its sentence: what a bad file must get
    }
    // Accepted: then it is whole, and an office this build can open and serve.
    try {
        office::Database db(path, office::Database::Mode::ReadOnly);
        auto& check = db.prepare("PRAGMA integrity_check");
        const std::string said = check.step() ? check.column_text(0) : "no answer";
        check.reset();
        if (said != "ok") broken("an accepted file fails SQLite's integrity check: " + said);
        if (const auto difference = office::office_schema_difference(db); !difference.empty())
            broken("an accepted file differs from this build's schema: " + difference);
    } catch (const office::StoreError& e) {
        broken(std::string("an accepted file cannot be read: ") + e.what());
    }
    try {
        auto store = office::open_office_store(path);
        store->customers().find_customers("Maria");
    } catch (const office::StoreError& e) {
        broken(std::string("an accepted file does not serve: ") + e.what());
    }
    std::filesystem::remove(path + "-wal");
    std::filesystem::remove(path + "-shm");
    return 0;
}
