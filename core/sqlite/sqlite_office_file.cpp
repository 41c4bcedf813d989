// The office's SQLite file: the schema's life (create, seed, migrate, refuse what is not ours)
// lives here and in two siblings, so no other file reasons about user_version: the steps and
// migrate in sqlite_migrations.cpp, the comparison of a file's objects with this build's in
// sqlite_schema_check.cpp (what the three share: sqlite_office_store_internal.h). Where the file
// goes and the checks on its place are here too. The statements about office tables are in
// sqlite_office_store.cpp, sqlite_office_money.cpp and sqlite_office_protocol.cpp.

#include "sqlite_office_store_internal.h"

#include "platform.h"
#include "resources.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace office {

using namespace sqlite_store_internal;

namespace {

using namespace sqlite_code;

// PRAGMA application_id set by schema.sql: 'OFFC'.
constexpr std::int64_t kApplicationId = 0x4F464643;

// A refusal we decided on (not ours, too new); already names the path, so it is not wrapped.
struct Refusal : StoreError {
    using StoreError::StoreError;
};

// One statement, so the three come from one snapshot even while another process is seeding.
constexpr std::string_view kHeaderSql =
    "SELECT application_id, user_version, EXISTS (SELECT 1 FROM sqlite_master) "
    "FROM pragma_application_id, pragma_user_version";

struct Header {
    std::int64_t application_id = 0;
    std::int64_t user_version = 0;
    bool has_objects = false;

    bool ours() const { return application_id == kApplicationId; }
    bool current() const { return ours() && user_version == kSchemaVersion; }
    bool empty() const { return application_id == 0 && user_version == 0 && !has_objects; }
};

Header read_header(Database& db) {
    Statement& st = db.prepare(kHeaderSql);
    Header h;
    if (st.step()) h = {st.column_int(0), st.column_int(1), st.column_int(2) != 0};
    st.reset();  // see query_int (sqlite_office_store_internal.h)
    return h;
}

void create_office(Database& db, OfficeKind kind) {
    db.exec(resources::schema_sql);
    if (kind == OfficeKind::Demo) db.exec(resources::seed_sql);
    for (const Migration& step : kMigrations) db.exec(step.sql);
    if (kind == OfficeKind::Empty) db.exec("DELETE FROM menu");  // step 8 gave it the seed's menu
    set_user_version(db, kSchemaVersion);
}

Refusal not_ours(const Database& db) {
    return Refusal(kNotADb, "database " + db.path() + " is not an office-mcp database");
}

Refusal too_new(const Database& db, std::int64_t version) {
    return Refusal(kError, "database " + db.path() + " was written by a newer office-mcp (schema " +
                                     std::to_string(version) + "; this build knows " +
                                     std::to_string(kSchemaVersion) + ")");
}

Refusal foreign_schema(const Database& db, std::int64_t version, const std::string& difference) {
    return Refusal(kCorrupt, "database " + db.path() + " is not an office this build can open: at schema " +
                                 std::to_string(version) + ", " + difference + "; nothing in it was run or changed");
}

void ensure_schema_unwrapped(Database& db, OfficeKind kind) {
    Header h = read_header(db);
    if (h.current()) {
        if (const auto difference = schema_difference(db, kSchemaVersion); !difference.empty())
            throw foreign_schema(db, h.user_version, difference);
        return;
    }

    // Decide outside any transaction first, so a file that is not ours never sees a write lock.
    if (!h.ours()) {
        if (!h.empty()) throw not_ours(db);
        // Looks empty. Check again under the write lock: another process may be seeding it now.
        Transaction tx(db);
        h = read_header(db);
        if (h.empty()) {
            create_office(db, kind);
            tx.commit();
            return;
        }
        if (!h.ours()) throw not_ours(db);
        // Another process made it ours meanwhile; judge its version below.
    }

    if (h.user_version > kSchemaVersion) throw too_new(db, h.user_version);
    if (h.user_version < 1) {
        throw Refusal(kCorrupt, "database " + db.path() + " is damaged: it has the office-mcp mark but no schema version");
    }
    if (h.user_version < kSchemaVersion) {
        // What the steps will change must be what an older build made, before any step runs.
        if (const auto difference = schema_difference(db, static_cast<int>(h.user_version)); !difference.empty())
            throw foreign_schema(db, h.user_version, difference);
        db.trust_schema();
        migrate(db);
    }
}

template <typename F>
void naming_the_path(Database& db, const char* what, F&& body) {
    try {
        body();
    } catch (const Refusal&) {
        throw;
    } catch (const StoreError& e) {
        throw StoreError(e, std::string("cannot ") + what + " database " + db.path() + ": " + e.what());
    }
}

[[noreturn]] void throw_errno(const std::string& message, int err) {
    throw StoreError(kCantOpen, message + ": " + std::strerror(err));
}

// A new file or directory is only as durable as its directory entry: SQLite syncs the
// entries of the journals it creates, not of the database file we create for it. Once per
// new file, so the first acknowledged write cannot lose its file to a power cut.
void sync_directory(const std::filesystem::path& dir) { platform::sync_directory(dir.string()); }

// Creates the missing directories above `path`, each 0700 (the database holds customer data).
// Directories that already exist are left as they are.
void create_parent_directories(const std::string& path) {
    namespace fs = std::filesystem;
    std::vector<fs::path> missing;
    for (fs::path dir = platform::u8path(path).parent_path(); !dir.empty(); dir = dir.parent_path()) {
        if (const auto info = platform::stat(dir.string())) {
            if (!info->directory) {
                throw StoreError(kCantOpen, "cannot create database " + path + ": " + dir.string() + " is not a directory");
            }
            break;
        }
        if (int err = errno; err != ENOENT) throw_errno("cannot create directory " + dir.string() + " for database " + path, err);
        missing.push_back(dir);
        if (dir == dir.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (platform::make_directory(it->string()) == 0) {
            sync_directory(it->parent_path());
        } else if (int err = errno; err != EEXIST) {  // EEXIST: another process got there first
            throw_errno("cannot create directory " + it->string() + " for database " + path, err);
        }
    }
}

// Creates the file 0600 before SQLite sees it, so it is never world-readable, not even for a
// moment; SQLite gives the -wal and -shm files the database file's permissions.
void create_private_file(const std::string& path) {
    int fd = platform::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        if (err == EEXIST) return;  // exists (or another process just created it)
        throw_errno("cannot create database " + path, err);
    }
    platform::make_owner_only(fd);  // whatever the umask
    ::close(fd);
    sync_directory(platform::u8path(path).parent_path());
}

}  // namespace

// ---- The office schema --------------------------------------------------------------------

void ensure_schema(Database& db, OfficeKind kind) {
    naming_the_path(db, "set up", [&] { ensure_schema_unwrapped(db, kind); });
    db.trust_schema();  // this build's, made or checked above
}

void reset_database(Database& db, OfficeKind kind) {
    naming_the_path(db, "reset", [&] {
        Transaction tx(db);
        Header h = read_header(db);
        if (!h.ours() && !h.empty()) throw not_ours(db);
        // Dropping a table deletes its rows first; deferring the foreign keys to COMMIT lets the
        // tables go in any order (nothing references anything by then). Resets itself at COMMIT.
        db.exec("PRAGMA defer_foreign_keys = ON");
        // A virtual table's shadow tables go with it (FTS5's customer_search_data, ...).
        std::vector<std::pair<std::string, std::string>> objects;  // views first, then tables
        Statement& list = db.prepare(
            "SELECT type, name FROM pragma_table_list WHERE schema = 'main' AND type IN ('view', 'table', 'virtual') "
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type <> 'view'");
        while (list.step()) objects.emplace_back(list.column_text(0), list.column_text(1));
        for (const auto& [type, name] : objects) {
            std::string quoted;
            for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            // Indexes and triggers go with their tables.
            db.exec((type == "view" ? "DROP VIEW \"" : "DROP TABLE \"") + quoted + "\"");
        }
        create_office(db, kind);
        tx.commit();
    });
    db.trust_schema();  // made again by this build
}

// ---- Where and how ------------------------------------------------------------------------

std::string default_database_path() {
    namespace fs = std::filesystem;
    if (const std::string db = platform::environment("OFFICE_MCP_DB"); !db.empty()) return db;
    const std::string data = platform::user_data_directory();
    if (data.empty()) {
#ifdef _WIN32
        throw StoreError(kCantOpen, "cannot choose a database path: set OFFICE_MCP_DB or LOCALAPPDATA");
#else
        throw StoreError(kCantOpen, "cannot choose a database path: set OFFICE_MCP_DB, XDG_DATA_HOME or HOME");
#endif
    }
    return (platform::u8path(data) / "office-mcp" / "office.db").string();
}

std::unique_ptr<Database> open_office_database(const std::string& path, Durability durability, OfficeKind kind) {
    if (path.empty()) throw StoreError(kCantOpen, "cannot open database: the path is empty");
    if (path != ":memory:") {
        create_parent_directories(path);
        create_private_file(path);
    }
    // ReadWrite, not ReadWriteCreate: if the file vanished since, fail rather than let SQLite
    // create it with the umask's permissions.
    auto db = std::make_unique<Database>(path, path == ":memory:" ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite,
                                         durability);
    // WAL only for a file that is empty or already ours: someone else's database is left
    // exactly as it was (ensure_schema then refuses it).
    if (path != ":memory:") {
        try {
            const Header h = read_header(*db);
            // A file whose objects are not this build's is refused before anything in it changes,
            // the switch to WAL included.
            if (h.ours() && h.user_version >= 1 && h.user_version <= kSchemaVersion)
                if (const auto difference = schema_difference(*db, static_cast<int>(h.user_version)); !difference.empty())
                    throw foreign_schema(*db, h.user_version, difference);
            if (h.ours() || h.empty()) db->use_wal();
        } catch (const Refusal&) {
            throw;
        } catch (const StoreError& e) {
            throw StoreError(e, "cannot open database " + path + ": " + e.what());
        }
    }
    ensure_schema(*db, kind);
    return db;
}

std::unique_ptr<SqliteOfficeStore> open_office_store(const std::string& path, Durability durability, OfficeKind kind) {
    return std::make_unique<SqliteOfficeStore>(open_office_database(path, durability, kind));
}

void reset_office_file(const std::string& path, OfficeKind kind) {
    if (path == ":memory:") return;  // nothing to reset: it is made anew on every open
    create_parent_directories(path);  // as open_office_database: a reset of a new path makes it
    create_private_file(path);
    Database db(path, Database::Mode::ReadWrite, Durability::Power);
    if (const Header h = read_header(db); h.ours() || h.empty()) db.use_wal();
    reset_database(db, kind);
}

void create_office_file(const std::string& path, OfficeKind kind) {
    if (path != ":memory:") {
        create_parent_directories(path);
        create_private_file(path);
    }
    Database db(path, path == ":memory:" ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite, Durability::Power);
    naming_the_path(db, "create", [&] {
        if (!read_header(db).empty())
            throw Refusal(kError, "database " + db.path() + " already holds an office: `office-mcp db reset --" +
                                      (kind == OfficeKind::Empty ? "empty" : "demo") +
                                      "` replaces it (everything in it is lost)");
    });
    if (path != ":memory:") db.use_wal();
    ensure_schema(db, kind);
}

namespace {
// Whether `dir` takes new files, found by making one that never has a name (O_TMPFILE), or,
// where the file system has no O_TMPFILE, one that is unlinked at once. Asking the file system
// itself is the only answer that holds for root too (access() says yes to root even on /proc).
int directory_takes_files(const std::string& dir) {
    int fd = -1;
#ifdef O_TMPFILE
    fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        return 0;
    }
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) return errno;
#endif
    std::string probe = dir + "/.office-mcp-probe-XXXXXX";
    fd = platform::make_temp(probe);
    if (fd < 0) return errno;
    platform::remove(probe);
    ::close(fd);
    return 0;
}
}  // namespace

void check_database_location(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) throw StoreError(kCantOpen, "cannot open database: the path is empty");
    if (path == ":memory:") return;
    if (const auto info = platform::stat(path)) {
        if (info->directory) throw StoreError(kCantOpen, "database " + path + " is a directory, not a file");
        const int fd = platform::open(path, O_RDWR | O_CLOEXEC);
        if (fd < 0) throw_errno("cannot open database " + path + " for reading and writing", errno);
        ::close(fd);
        return;
    }
    if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot use database " + path, errno);
    // A new file: the nearest directory that exists must take new files (the missing ones
    // below it are created 0700 on first use, as open_office_database does).
    for (fs::path dir = platform::u8path(path).parent_path();; dir = dir.parent_path()) {
        const std::string name = dir.empty() ? "." : dir.string();
        if (const auto info = platform::stat(name)) {
            if (!info->directory)
                throw StoreError(kCantOpen, "cannot create database " + path + ": " + name + " is not a directory");
            if (const int err = directory_takes_files(name); err != 0)
                throw StoreError(kCantOpen, "cannot create database " + path + ": the directory " + name +
                                                      " does not take new files (" + std::strerror(err) + ")");
            return;
        }
        if (errno != ENOENT && errno != ENOTDIR) throw_errno("cannot create database " + path + ": cannot look at " + name, errno);
        if (dir.empty() || dir == dir.parent_path()) return;  // nothing exists above it; open will say why
    }
}

}  // namespace office
