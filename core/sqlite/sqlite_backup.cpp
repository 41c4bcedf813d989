// Backups of a SQLite office and their restore (sqlite_backup.h). Why the copy is consistent:
// VACUUM INTO reads the whole office inside one read transaction, which in WAL mode is one
// snapshot (every commit before it, none after) and never blocks a writer; the stepped online
// backup API (sqlite3_backup_step) would also not block writers between steps, but it starts
// over whenever another process commits between two steps, so under steady writes it may never
// finish. A file copy could take half a transaction, or miss what is still in the -wal.

#include "sqlite_backup.h"

#include "platform.h"
#include "sqlite_office_store.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string_view>
#include <thread>

namespace office {
namespace {

using namespace sqlite_code;
namespace fs = std::filesystem;

constexpr std::int64_t kApplicationId = 0x4F464643;  // 'OFFC', as sqlite_office_file.cpp

[[noreturn]] void refuse(const std::string& sentence, int code = kError) { throw StoreError(code, sentence); }

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

// The file a copy is made in before it gets its name: `path` as given, held with flock for as
// long as this object lives, so a second backup (or restore) to the same place is refused
// instead of writing into the first one's copy. A killed run leaves it behind; the next run
// clears it (it is never a finished file: only a rename makes one).
class PartialFile {
public:
    explicit PartialFile(std::string path) : path_(std::move(path)) {
        fd_ = platform::open(path_, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW);
        if (fd_ < 0) refuse_errno("cannot create " + path_, errno);
        if (platform::lock(fd_, false) != 0) {
            ::close(fd_);
            refuse("another backup or restore is writing " + path_ + " now; wait for it to finish", kError);
        }
        // Empty, as VACUUM INTO requires; a journal of a killed run's copy goes too.
        if (platform::resize(fd_, 0) != 0 || platform::make_owner_only(fd_) != 0) refuse_errno("cannot clear " + path_, errno);
        for (const char* suffix : {"-journal", "-wal", "-shm"}) remove_if_there(path_ + suffix);
    }
    ~PartialFile() {
        if (!renamed_) {
            platform::remove(path_);
            for (const char* suffix : {"-journal", "-wal", "-shm"}) platform::remove(path_ + suffix);
        }
        ::close(fd_);
    }
    PartialFile(const PartialFile&) = delete;
    PartialFile& operator=(const PartialFile&) = delete;

    const std::string& path() const { return path_; }
    void sync() {
        if (platform::sync(fd_) != 0) refuse_errno("cannot sync " + path_, errno);
    }
    void renamed_to(const std::string& to) {
        rename_or_refuse(path_, to);
        renamed_ = true;
    }

private:
    std::string path_;
    int fd_ = -1;
    bool renamed_ = false;
};

// The office at `source`, copied into the empty `partial` from one snapshot, then made a
// self-contained file: rollback journal mode, so it is read without a -wal or -shm beside it
// and a server that opens it (switching it to WAL) starts from the file alone.
void copy_office(Database& source, PartialFile& partial) {
    source.prepare("VACUUM INTO ?1").bind(1, partial.path()).step();
    Database copy(partial.path(), Database::Mode::ReadWrite, Durability::Power);
    copy.exec("PRAGMA journal_mode = DELETE");
}

// The copy of a key or tokens file, beside its place under `.partial`, synced, then renamed.
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

// The end of every backup: what was written is what restore accepts, or it is not called done.
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

void read_office_file(const std::string& path, RowSink& sink) {
    Database db(path, Database::Mode::ReadWrite, Durability::Power);  // read-write: see backup_office_file
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
