// Backups of a SQLite office (sqlite_backup.h) and the checks every office file passes, backup
// or restore (check_office_file). Why the copy is consistent:
// VACUUM INTO reads the whole office inside one read transaction, which in WAL mode is one
// snapshot (every commit before it, none after) and never blocks a writer; the stepped online
// backup API (sqlite3_backup_step) would also not block writers between steps, but it starts
// over whenever another process commits between two steps, so under steady writes it may never
// finish. A file copy could take half a transaction, or miss what is still in the -wal.
// A restore is in sqlite_restore.cpp; an office file read as rows and written from rows in
// sqlite_office_copy.cpp; what the three share is declared in sqlite_backup_internal.h and
// defined here.

#include "sqlite_backup_internal.h"

#include "sqlite_office_store.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>

namespace office {
namespace {

using namespace sqlite_code;
namespace fs = std::filesystem;

}  // namespace

// ---- What backup, restore and the copy as rows share (sqlite_backup_internal.h) -----------

namespace sqlite_backup_internal {

[[noreturn]] void refuse(const std::string& sentence, int code) { throw StoreError(code, sentence); }

[[noreturn]] void refuse_errno(const std::string& what, int err) { refuse(what + ": " + std::strerror(err), kCantOpen); }

std::int64_t query_int(Database& db, const std::string& sql) {
    Statement& st = db.prepare(sql);
    const std::int64_t value = st.step() ? st.column_int(0) : 0;
    st.reset();
    return value;
}

std::string quoted(const std::string& name) {
    std::string q = "\"";
    for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string directory_of(const std::string& path) {
    const auto dir = platform::u8path(path).parent_path();
    return dir.empty() ? "." : dir.string();
}


void remove_if_there(const std::string& path) {
    if (platform::remove(path) != 0 && errno != ENOENT) refuse_errno("cannot remove " + path, errno);
}

void rename_or_refuse(const std::string& from, const std::string& to) {
    if (platform::replace(from, to) != 0) refuse_errno("cannot rename " + from + " to " + to, errno);
}

bool exists(const std::string& path) { return platform::lstat(path).has_value(); }

void copy_office(Database& source, PartialFile& partial) {
    source.prepare("VACUUM INTO ?1").bind(1, partial.path()).step();
    Database copy(partial.path(), Database::Mode::ReadWrite, Durability::Power);
    copy.exec("PRAGMA journal_mode = DELETE");
}

void copy_private_file(const std::string& from, const std::string& to) {
    const int in = platform::open(from, O_RDONLY | O_CLOEXEC);
    if (in < 0) refuse_errno("cannot read " + from, errno);
    const std::string partial = to + ".partial";
    const int out = platform::open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
    if (out < 0) {
        const int err = errno;
        ::close(in);
        refuse_errno("cannot create " + partial, err);
    }
    char buffer[65536];
    bool ok = platform::make_owner_only(out) == 0;
    for (ssize_t n; ok && (n = ::read(in, buffer, sizeof buffer)) != 0;) {
        if (n < 0) {
            ok = errno == EINTR;
            continue;
        }
        for (ssize_t done = 0; ok && done < n;) {
            const ssize_t w = ::write(out, buffer + done, static_cast<std::size_t>(n - done));
            if (w < 0) ok = errno == EINTR;
            else done += w;
        }
    }
    ok = ok && platform::sync(out) == 0;
    const int err = errno;
    ::close(in);
    ::close(out);
    if (!ok) {
        platform::remove(partial);
        refuse_errno("cannot copy " + from + " to " + partial, err);
    }
    rename_or_refuse(partial, to);
}

OfficeFileFacts finish_backup(PartialFile& partial, const std::string& file, const std::vector<SideFile>& side_files) {
    auto facts = check_office_file(partial.path());
    partial.sync();
    // The side files first: once `file` exists it looks complete, so its own must be there.
    for (const auto& side : side_files) {
        if (exists(side.from)) copy_private_file(side.from, side.to);
        else remove_if_there(side.to);
    }
    partial.renamed_to(file);
    sync_directory(directory_of(file));
    facts.bytes = static_cast<std::int64_t>(fs::file_size(platform::u8path(file)));
    return facts;
}

}  // namespace sqlite_backup_internal

using namespace sqlite_backup_internal;

namespace {

// The SQLite header read by hand, so that a file that is not SQLite, or a copy cut short, is
// said so in those words (SQLite itself only says "file is not a database" or "malformed").
void check_header(const std::string& path) {
    const int fd = platform::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) refuse_errno("cannot read " + path, errno);
    unsigned char h[100] = {};
    const auto info = platform::fstat(fd);
    ssize_t n = -1;  // the first 100 bytes, or the whole file if it is shorter
    if (info)
        while ((n = ::read(fd, h, sizeof h)) < 0 && errno == EINTR) {
        }
    const int err = errno;
    ::close(fd);
    if (!info || n < 0) refuse_errno("cannot read " + path, err);
    if (!info->regular) refuse(path + " is not a regular file");
    if (n < 100 || std::memcmp(h, "SQLite format 3", 16) != 0) refuse(path + " is not an office backup: it is not a SQLite database", kNotADb);
    // The file format versions that may write and read it (bytes 18 and 19: 1 rollback journal,
    // 2 WAL). SQLite opens a file with any other read-only or not at all: no office to serve.
    if ((h[18] != 1 && h[18] != 2) || (h[19] != 1 && h[19] != 2))
        refuse(path + " is damaged: its SQLite header gives file format versions " + std::to_string(h[18]) + " and " +
                   std::to_string(h[19]) + " (1 or 2 each)", kCorrupt);
    const std::int64_t page_size = h[16] == 0 && h[17] == 1 ? 65536 : (h[16] << 8 | h[17]);
    const std::int64_t pages = std::int64_t(h[28]) << 24 | h[29] << 16 | h[30] << 8 | h[31];
    // The header's page count is valid when its change counter matches (bytes 24 and 92).
    const bool count_valid = pages > 0 && std::memcmp(h + 24, h + 92, 4) == 0;
    if (count_valid && info->size < pages * page_size)
        refuse(path + " is truncated: its header says " + std::to_string(pages * page_size) + " bytes, the file has " +
                   std::to_string(info->size), kCorrupt);
}

OfficeFileFacts facts_of(Database& db, const std::string& path) {
    OfficeFileFacts facts;
    facts.schema_version = query_int(db, "PRAGMA user_version");
    std::vector<std::string> tables;
    // Tables only: FTS5's shadow tables are listed as 'shadow' and its indexes as 'virtual'.
    Statement& list = db.prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (list.step()) tables.push_back(list.column_text(0));
    for (const auto& t : tables) {
        facts.rows.emplace_back(t, query_int(db, "SELECT count(*) FROM " + quoted(t)));
        if (t == "audit") facts.last_audit_id = query_int(db, "SELECT ifnull(max(id), 0) FROM audit");
    }
    if (const auto info = platform::stat(path)) facts.bytes = info->size;
    return facts;
}

OfficeFileFacts check_open_office(Database& db, const std::string& path) {
    const auto application_id = query_int(db, "PRAGMA application_id");
    if (application_id != kApplicationId)
        refuse(path + " is not an office-mcp office: it is a SQLite database of another application (application id " +
                   std::to_string(application_id) + ")", kNotADb);
    const auto version = query_int(db, "PRAGMA user_version");
    if (version > kSchemaVersion)
        refuse(path + " was written by a newer office-mcp (schema " + std::to_string(version) + "; this build knows " +
                   std::to_string(kSchemaVersion) + "): restore it with that version or a newer one");
    if (version < 1) refuse(path + " is damaged: it has the office-mcp mark but no schema version", kCorrupt);
    // Its tables, indexes, triggers and views are this build's at that version, SQL and all:
    // well-formed files can still carry code (a trigger that rewrites every invoice).
    if (const auto difference = office_schema_difference(db); !difference.empty())
        refuse(path + " is not an office this build made: at schema " + std::to_string(version) + ", " + difference, kCorrupt);
    {
        Statement& check = db.prepare("PRAGMA integrity_check(1)");
        const std::string said = check.step() ? check.column_text(0) : "no answer";
        check.reset();
        if (said != "ok") refuse(path + " is damaged: SQLite's integrity check says \"" + said + "\"", kCorrupt);
    }
    {
        Statement& check = db.prepare("PRAGMA foreign_key_check");
        if (check.step()) {
            const std::string sentence = path + " is damaged: row " + std::to_string(check.column_int(1)) + " of " +
                                         check.column_text(0) + " refers to a row of " + check.column_text(2) +
                                         " that is not there";
            check.reset();
            refuse(sentence, kCorrupt);
        }
    }
    // Money (schema 3 on): an invoice's refunded_cents is the sum of its refunds, kept so by each
    // refund's transaction. A file where it is not was edited by hand or is damaged.
    if (version >= 3) {
        Statement& check = db.prepare(
            "SELECT i.id, i.refunded_cents, ifnull((SELECT sum(r.amount_cents) FROM refunds r WHERE r.invoice_id = i.id), 0) AS s "
            "FROM invoices i WHERE i.refunded_cents <> s ORDER BY i.id LIMIT 1");
        if (check.step()) {
            const std::string sentence = path + "'s money does not add up: invoice " + std::to_string(check.column_int(0)) +
                                         " says " + std::to_string(check.column_int(1)) + " cents were refunded, its refunds add up to " +
                                         std::to_string(check.column_int(2));
            check.reset();
            refuse(sentence, kCorrupt);
        }
    }
    return facts_of(db, path);
}

}  // namespace

void sync_directory(const std::string& dir) {
    if (platform::sync_directory(dir) != 0) refuse_errno("cannot sync directory " + dir, errno);
}

void copy_side_file(const std::string& from, const std::string& to) { copy_private_file(from, to); }

OfficeFileFacts check_office_file(const std::string& path) {
    if (!exists(path)) refuse(path + " does not exist", kCantOpen);
    check_header(path);
    try {
        Database db(path, Database::Mode::ReadOnly, Durability::Power);
        return check_open_office(db, path);
    } catch (const StoreError& e) {
        if (std::string_view(e.what()).starts_with(path)) throw;  // a refusal of ours: it names the file first
        refuse(path + " cannot be read as an office: " + e.what(), e.code);
    }
}

OfficeFileFacts backup_office_file(const std::string& db, const std::string& file, bool force,
                                   const std::vector<SideFile>& side_files) {
    if (!exists(db)) refuse("database " + db + " does not exist: there is nothing to back up", kCantOpen);
    if (exists(file) && !force) refuse(file + " already exists: --force replaces it");
    std::error_code ec;
    if (file == db || fs::equivalent(db, file, ec)) refuse("the backup cannot be the office itself");
    PartialFile partial(file + ".partial");
    {
        // Read-write, as every opener of a live office: a read-only connection could not
        // recover the -wal of a server that was killed.
        Database source(db, Database::Mode::ReadWrite, Durability::Power);
        if (query_int(source, "PRAGMA application_id") != kApplicationId)
            refuse("database " + db + " is not an office-mcp database", kNotADb);
        copy_office(source, partial);
    }
    return finish_backup(partial, file, side_files);
}

}  // namespace office
