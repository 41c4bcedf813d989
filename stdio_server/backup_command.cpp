// office-mcp backup | restore | export | import (issue 41): the command line around
// core/sqlite/sqlite_backup.h, core/sqlite/office_export.h and, for a PostgreSQL office,
// postgres_backend.h. It names the side files an office has (the state key `<db>.key`, the
// tokens file, see core/office/tokens.h), which the layers below cannot know, and says what
// was written. A backup is one SQLite office file whatever the store; a PostgreSQL office is
// backed up from one snapshot into such a file and restored from one.

#include "backup_command.h"

#include "clock.h"
#include "database_uri.h"
#include "office_export.h"
#include "office_version.h"
#include "platform.h"
#include "postgres_backend.h"
#include "sqlite_backup.h"
#include "text_table.h"
#include "tokens.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <regex>

namespace {

namespace fs = std::filesystem;
// The file system place of a path given as UTF-8 text (platform.h: not the ANSI code page on Windows).
fs::path at(const std::string& path) { return office::platform::u8path(path); }

bool postgres(const Options& o) { return office::is_postgres_uri(o.db); }

// The path the office's side files go beside: the file itself, or PostgreSQL's local path.
std::string local_path(const Options& o) { return postgres(o) ? office::office_local_path(o.db) : absolute(o.db); }

std::string tokens_file(const Options& o) {
    return o.tokens_file.empty() ? office::tokens_path_for(local_path(o)) : absolute(o.tokens_file);
}

// "20261203T172443Z": the UTC time in a file name (no colons: some tools split names at them).
std::string file_stamp() {
    std::string t = office::utc_now();
    std::erase(t, '-');
    std::erase(t, ':');
    return t;
}

// A file of its own beside the office for one step of a command (`what`: before-restore,
// restore, import): LOCAL.WHAT-TIME.db, -2, -3 ... when another is there. Every PostgreSQL
// office's local path is the same on a machine, so its database is named too: two offices'
// restores or imports at the same second never write one file.
std::string work_file(const Options& o, const std::string& what) {
    std::string base = local_path(o);
    if (postgres(o)) {
        std::string database = office::uri_database(o.db);
        for (char& c : database)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
        base += "-" + (database.empty() ? std::string("default") : database);
    }
    base += "." + what + "-" + file_stamp();
    std::string name = base + ".db";
    for (int n = 2; fs::exists(at(name)) || fs::exists(at(name + ".partial")) || fs::exists(at(name + ".key")); ++n)
        name = base + "-" + std::to_string(n) + ".db";
    return name;
}

std::string size_text(std::int64_t bytes) {
    if (bytes < 10 * 1024) return std::to_string(bytes) + " bytes";
    if (bytes < 10 * 1024 * 1024) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes / (1024 * 1024)) + " MiB";
}

void print_facts(const office::OfficeFileFacts& facts) {
    std::vector<std::vector<std::string>> rows{{"TABLE", "ROWS"}};
    for (const auto& [table, count] : facts.rows) rows.push_back({table, std::to_string(count)});
    std::fputs(office::text_table(rows).c_str(), stdout);
    std::printf("%s (%lld bytes), schema %lld, last audit id %lld.\n", size_text(facts.bytes).c_str(),
                static_cast<long long>(facts.bytes), static_cast<long long>(facts.schema_version),
                static_cast<long long>(facts.last_audit_id));
}

// The side files of the backup `file` of the office `o` names: from the office to the backup,
// or back.
std::vector<office::SideFile> side_files(const Options& o, const std::string& file, bool to_backup) {
    const std::string key = local_path(o) + ".key", tokens = tokens_file(o);
    if (to_backup) return {{key, file + ".key"}, {tokens, file + ".tokens"}};
    return {{file + ".key", key}, {file + ".tokens", tokens}};
}

// backup --dir DIR: the backups there, oldest first (their names sort by time).
std::vector<std::string> backups_in(const std::string& dir) {
    static const std::regex name(R"(office-\d{8}T\d{6}Z(-\d+)?\.db)");
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(at(dir)))
        if (entry.is_regular_file() && std::regex_match(entry.path().filename().string(), name))
            found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());
    return found;
}

office::OfficeFileFacts backup_to(const Options& o, const std::string& file, bool force) {
    if (postgres(o))
        return office::write_office_file(file, force, side_files(o, file, true),
                                         [&](office::RowSink& sink) { office::read_postgres_office_at(o.db, sink); });
    return office::backup_office_file(absolute(o.db), file, force, side_files(o, file, true));
}

}  // namespace

int run_backup(const Options& o) {
    const bool into_dir = !o.backup.dir.empty();
    if (o.command.size() != (into_dir ? 1u : 2u) || (o.backup.keep && !into_dir))
        fail("usage: office-mcp backup FILE [--db PATH] [--force] | backup --dir DIR [--keep N] [--db PATH]");
    std::string file;
    if (into_dir) {
        const std::string dir = absolute(o.backup.dir);
        std::error_code ec;
        if (fs::create_directories(at(dir), ec)) fs::permissions(at(dir), fs::perms::owner_all, ec);
        if (ec || !fs::is_directory(at(dir))) fail("cannot make directory " + dir + (ec ? ": " + ec.message() : ""));
        const std::string base = dir + "/office-" + file_stamp();
        file = base + ".db";
        for (int n = 2; fs::exists(at(file)); ++n) file = base + "-" + std::to_string(n) + ".db";
    } else {
        file = absolute(o.command[1]);
    }
    try {
        const auto facts = backup_to(o, file, o.force);
        std::printf("Backed up %s to %s, synced to disk:\n", office::office_display_name(o.db).c_str(), file.c_str());
        print_facts(facts);
        for (const auto& side : side_files(o, file, true))
            if (fs::exists(at(side.to))) std::printf("With %s (mode 0600).\n", side.to.c_str());
        if (into_dir && o.backup.keep > 0) {
            auto all = backups_in(absolute(o.backup.dir));
            while (static_cast<std::int64_t>(all.size()) > o.backup.keep) {
                for (const char* suffix : {".key", ".tokens", ""}) fs::remove(at(all.front() + suffix));
                std::printf("Removed the old backup %s.\n", all.front().c_str());
                all.erase(all.begin());
            }
        }
        return 0;
    } catch (const office::StoreError& e) {
        std::fprintf(stderr, "office-mcp: no backup was written: %s\n", e.what());
        return 1;
    } catch (const fs::filesystem_error& e) {
        std::fprintf(stderr, "office-mcp: %s\n", e.what());
        return 1;
    }
}

namespace {

// A PostgreSQL office replaced by the backup `file` (checked already): the office it replaces
// is first backed up beside its local path, then the rows are swapped in one transaction, so
// servers serving it see the old office until the commit and the restored one after it.
std::string restore_postgres(const Options& o, const std::string& file, const office::OfficeFileFacts& facts) {
    std::string source = file, upgraded;
    if (facts.schema_version < office::kSchemaVersion) {  // an older backup: migrated on a copy
        upgraded = work_file(o, "restore");
        office::backup_office_file(file, upgraded, true, {});
        office::open_office_store(upgraded);
        source = upgraded;
    }
    std::string kept = work_file(o, "before-restore");
    try {
        office::write_office_file(kept, false, side_files(o, kept, true),
                                  [&](office::RowSink& sink) { office::read_postgres_office_at(o.db, sink); });
    } catch (const office::StoreError& e) {
        if (std::string(e.what()).find("holds no office") == std::string::npos) throw;
        std::error_code ec;
        fs::remove(at(kept + ".key"), ec), fs::remove(at(kept + ".tokens"), ec);
        kept.clear();  // a database without an office: nothing to keep
    }
    office::load_postgres_office_at(o.db, [&](office::RowSink& sink) { office::read_office_file(source, sink); }, false);
    for (const auto& side : side_files(o, file, false))
        if (fs::exists(at(side.from))) office::copy_side_file(side.from, side.to);
    if (!upgraded.empty()) fs::remove(at(upgraded));
    return kept;
}

}  // namespace

int run_restore(const Options& o) {
    const std::string file = absolute(o.command[1]);
    try {
        if (o.backup.check) {
            const auto facts = office::check_office_file(file);
            std::printf("%s is an office this build can restore:\n", file.c_str());
            print_facts(facts);
            return 0;
        }
        if (postgres(o)) {
            const auto facts = office::check_office_file(file);
            const auto kept = restore_postgres(o, file, facts);
            std::printf("Restored %s from %s:\n", office::office_display_name(o.db).c_str(), file.c_str());
            print_facts(office::check_office_file(file));
            if (!kept.empty()) std::printf("The office it replaced is kept as %s.\n", kept.c_str());
            return 0;
        }
        const std::string db = absolute(o.db);
        const auto outcome = office::restore_office_file(file, db, o.force, side_files(o, file, false));
        std::printf("Restored %s from %s:\n", db.c_str(), file.c_str());
        print_facts(outcome.facts);
        if (!outcome.kept.empty()) std::printf("The office it replaced is kept as %s.\n", outcome.kept.c_str());
        if (outcome.forced_past_open)
            std::fprintf(stderr,
                         "office-mcp: the office was open in another process: a stdio server that had it open serves the "
                         "restored office from its next request; an HTTP server stops within a second (exit status 75) for "
                         "its manager to start it again; what they wrote before that is in %s.\n",
                         outcome.kept.c_str());
        return 0;
    } catch (const office::StoreError& e) {
        std::fprintf(stderr, "office-mcp: nothing was restored, the office is unchanged: %s\n", e.what());
        return 1;
    }
}

namespace {

void print_files(const office::ExportFacts& facts) {
    std::vector<std::vector<std::string>> rows{{"FILE", "ROWS"}};
    for (const auto& [name, count] : facts.files) rows.push_back({name, std::to_string(count)});
    std::fputs(office::text_table(rows).c_str(), stdout);
}

}  // namespace

int run_export(const Options& o) {
    const std::string dir = absolute(o.command[1]);
    try {
        std::string file = absolute(o.db);
        if (postgres(o)) {  // one snapshot, written as an office file first, then as files
            file = dir + ".office-" + file_stamp() + ".db";
            backup_to(o, file, true);
        }
        const auto facts = office::export_office_file(file, dir, office::office_display_name(o.db), OFFICE_VERSION);
        if (postgres(o))
            for (const char* suffix : {"", ".key", ".tokens"}) fs::remove(at(file + suffix));
        std::printf("Exported %s to %s:\n", office::office_display_name(o.db).c_str(), dir.c_str());
        print_files(facts);
        std::printf("With manifest.json (the SHA-256 of each file). The state key and tokens are not exported: a backup "
                    "carries them.\n");
        return 0;
    } catch (const office::StoreError& e) {
        std::fprintf(stderr, "office-mcp: nothing was exported: %s\n", e.what());
        return 1;
    }
}

// import DIR: into an empty office only (a new file, db init --empty's, or an empty
// PostgreSQL office), never over records: restore replaces an office. The export is first
// written as an office file, so it passes every check a restore makes (foreign keys, refunds
// adding up) before the office is touched.
int run_import(const Options& o) {
    const std::string dir = absolute(o.command[1]);
    const std::string made = work_file(o, "import");
    try {
        const std::string db = absolute(o.db);
        if (!postgres(o) && fs::exists(at(db)))
            for (const auto& [table, rows] : office::check_office_file(db).rows)
                if (rows > 0)
                    throw office::StoreError(0, "database " + db + " is not an empty office: its table " + table + " holds " +
                                                    std::to_string(rows) +
                                                    " rows (import goes into an empty office; restore replaces one)");
        const auto facts = office::write_office_file(
            made, true, {}, [&](office::RowSink& sink) { office::read_export_dir(dir, sink); });
        if (postgres(o))
            office::load_postgres_office_at(o.db, [&](office::RowSink& sink) { office::read_office_file(made, sink); }, true);
        else
            office::restore_office_file(made, db, false, {});
        fs::remove(at(made));
        std::printf("Imported %s into %s:\n", dir.c_str(), office::office_display_name(o.db).c_str());
        print_facts(facts);
        return 0;
    } catch (const office::StoreError& e) {
        std::error_code ec;
        fs::remove(at(made), ec);
        std::fprintf(stderr, "office-mcp: nothing was imported, the office is unchanged: %s\n", e.what());
        return 1;
    }
}
