// The restore of a SQLite office from a backup (restore_office_file, sqlite_backup.h): the backup
// checked and copied beside the office, the old office locked, checkpointed and kept under a
// second name, then the copy renamed over it. Backups and the checks (check_office_file) are in
// sqlite_backup.cpp, an office file read and written as rows in sqlite_office_copy.cpp; what the
// three share in sqlite_backup_internal.h.

#include "sqlite_backup_internal.h"

#include <cerrno>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>

namespace office {

using namespace sqlite_backup_internal;

namespace {

using namespace sqlite_code;
namespace fs = std::filesystem;

// "20261203T172443Z": the UTC time in a file name (no colons: some tools split names at them).
std::string utc_stamp() {
    const std::time_t now = std::time(nullptr);
    std::tm tm {};
    platform::utc_tm(now, tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &tm);
    return text;
}

// A name beside `db` that nothing has yet: `db`.before-restore-<time>, -2, -3 ... when two
// restores fall in one second.
std::string kept_name(const std::string& db) {
    const std::string base = db + ".before-restore-" + utc_stamp();
    std::string name = base;
    for (int n = 2; exists(name) || exists(name + ".key"); ++n) name = base + "-" + std::to_string(n);
    return name;
}

// Whether another connection has `db` open, asked of SQLite itself: every connection to a WAL
// database holds a SHARED lock on the file for as long as it is open (that is how the last one
// to close knows it may checkpoint and delete the -wal), so an EXCLUSIVE lock is granted only
// when nobody else has it open. `locking_mode = EXCLUSIVE` makes the next write transaction
// take that lock and keep it until the connection closes. The lock is tried for a moment only:
// a server never lets go of its SHARED lock while it runs.
bool lock_exclusively(Database& db) {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    for (;;) {
        try {
            db.exec("BEGIN IMMEDIATE; COMMIT");
            return true;
        } catch (const StoreError& e) {
            if ((e.code & 0xff) != 5 /* SQLITE_BUSY */ && (e.code & 0xff) != 6 /* SQLITE_LOCKED */) throw;
            if (db.in_transaction()) db.exec("ROLLBACK");
        }
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace

RestoreOutcome restore_office_file(const std::string& file, const std::string& db, bool force,
                                   const std::vector<SideFile>& side_files) {
    RestoreOutcome outcome;
    outcome.facts = check_office_file(file);
    std::error_code ec;
    if (file == db || fs::equivalent(file, db, ec)) refuse("the backup " + file + " is the office itself");
    PartialFile partial(db + ".restore-partial");
    {
        Database source(file, Database::Mode::ReadOnly, Durability::Power);
        copy_office(source, partial);
    }
    partial.sync();
    sync_directory(directory_of(db));

    const std::string dir = directory_of(db);
    std::unique_ptr<Database> old;  // held until the swap: the EXCLUSIVE lock keeps every other opener out
    if (exists(db)) {
        try {
            old = std::make_unique<Database>(db, Database::Mode::ReadWrite, Durability::Power);
            if (query_int(*old, "PRAGMA application_id") != kApplicationId && !force)
                refuse("database " + db + " is not an office-mcp database: restore replaces an office only (--force replaces it anyway)",
                       kNotADb);
        } catch (const StoreError& e) {
            if (!force) {
                if (std::string(e.what()).find("restore replaces") != std::string::npos) throw;
                refuse("database " + db + " cannot be opened (" + e.what() + "): --force replaces it anyway", e.code);
            }
            old.reset();  // a damaged office: replaced without its lock or checkpoint
        }
        if (old && !lock_exclusively(*old)) {
            if (!force)
                refuse("database " + db + " is open in another process (a server or office-desk): stop it first, or --force "
                       "replaces the office under it (see office-mcp --help)");
            if (!platform::replaces_open_files())
                refuse("database " + db + " is open in another process (a server or office-desk): stop it first; on Windows "
                       "a file in use cannot be replaced, not even with --force");
            outcome.forced_past_open = true;
        }
        // With the lock: the old office's WAL is checkpointed into it and deleted (with its
        // -shm) by leaving WAL mode, so the file kept is whole by itself and no -wal of the old
        // office is left under the name the restored one will use. A -wal beside a database is
        // applied to whatever file has that name: the old WAL beside the restored file would
        // write old pages into it.
        if (old && !outcome.forced_past_open) old->exec("PRAGMA journal_mode = DELETE");

        outcome.kept = kept_name(db);
        // A second name for the old file, then the restored one renamed over the first: the
        // office's name always names a whole office, old or new, even if this process dies
        // between the two (link, not rename, or there would be a moment with no office).
        if (platform::hard_link(db, outcome.kept) != 0) refuse_errno("cannot keep " + db + " as " + outcome.kept, errno);
        if (outcome.forced_past_open || !old) {
            // Without the lock (--force while servers have it open, or a damaged file): their
            // -wal and -shm go with the file they belong to, renamed, never deleted; the
            // servers keep both open and so keep writing to the kept office.
            for (const char* suffix : {"-wal", "-shm"})
                if (exists(db + suffix)) rename_or_refuse(db + suffix, outcome.kept + suffix);
        } else {
            for (const char* suffix : {"-wal", "-shm"}) remove_if_there(db + suffix);
        }
        sync_directory(dir);
    }
    // The side files before the office's rename, as in a backup: killed in between, the old
    // office runs with the backup's key and tokens (both kept under the old name too), which
    // costs at most a refund form sealed a moment ago; never the other way round.
    for (const auto& side : side_files) {
        if (!exists(side.from)) continue;  // the office keeps its own
        if (exists(side.to) && !outcome.kept.empty()) {
            // office.db.key -> office.db.before-restore-T.key; a tokens file elsewhere -> NAME.before-restore-T
            const std::string kept_side = side.to.rfind(db, 0) == 0 ? outcome.kept + side.to.substr(db.size())
                                                                     : side.to + outcome.kept.substr(db.size());
            if (platform::hard_link(side.to, kept_side) != 0 && errno != EEXIST)
                refuse_errno("cannot keep " + side.to + " as " + kept_side, errno);
        }
        copy_private_file(side.from, side.to);
    }
    // Windows renames nothing over a file SQLite has open, our own connection's included: it
    // lets go of the office here, and an opener that slips in before the rename makes it fail
    // (refused, the office the old one).
    if (!platform::replaces_open_files()) old.reset();
    partial.renamed_to(db);
    sync_directory(dir);
    old.reset();  // its locks go with it; it names the kept file now
    outcome.facts.bytes = static_cast<std::int64_t>(fs::file_size(platform::u8path(db)));
    return outcome;
}

}  // namespace office
