#pragma once
// Backups of a SQLite office and their restore (issue 41; docs/operating.md, "Backups"). A
// backup is one self-contained office file (rollback journal, no -wal beside it) taken from one
// read snapshot while servers keep writing; a restore checks a file before anything is changed
// and then swaps it in with a rename, keeping the old office beside it. The side files (the
// state key, the tokens) are the caller's to name: this layer only copies them safely.

#include "office_copy.h"
#include "store_error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace office {

// What an office file holds, as a backup or a restore reports it.
struct OfficeFileFacts {
    std::int64_t schema_version = 0;
    std::int64_t last_audit_id = 0;  // 0: no audit row (or a schema before the trail)
    std::int64_t bytes = 0;
    std::vector<std::pair<std::string, std::int64_t>> rows;  // every table (not FTS shadows), by name
};

// Checks that `path` is an office this build can serve, without changing it: a SQLite file as
// long as its header says, the office's application id, a schema not newer than this build,
// integrity_check and foreign_key_check clean, every invoice's refunded_cents the sum of its
// refunds. Throws StoreError with one sentence naming `path` and the first failure.
OfficeFileFacts check_office_file(const std::string& path);

// A side file (key, tokens) to copy beside a backup or a restored office.
struct SideFile {
    std::string from, to;
};

// A rename or a new name is durable only once its directory is synced: fsync of `dir`.
void sync_directory(const std::string& dir);

// Copies a key or tokens file: written beside `to` as `to`.partial (0600), synced, renamed.
void copy_side_file(const std::string& from, const std::string& to);

// Writes a consistent copy of the office `db` to `file` (VACUUM INTO: one read transaction,
// which in WAL mode never blocks a writer), checks it with check_office_file, syncs it and
// renames it into place, then syncs the directory; the copy is 0600. Each side file whose
// `from` exists is copied (0600, synced, renamed) before the office appears, and one that does
// not exist removes a stale `to`, so a complete-looking `file` always has its own side files.
// The copy is made as `file`.partial (cleared and reused by the next backup of `file`; two
// backups to one `file` at once: the second is refused). Refuses an existing `file` unless
// `force`. Throws StoreError with one sentence.
OfficeFileFacts backup_office_file(const std::string& db, const std::string& file, bool force,
                                   const std::vector<SideFile>& side_files);

// Gives every stored table of the office file `path` (office_copy.h) to `sink`, from one read
// transaction (one snapshot of a live office too), then sink.done(). The file must be at this
// build's schema (a backup of an older one is migrated on a copy first); a table that is not in
// kStoredTables, or one missing, is refused with StoreError.
void read_office_file(const std::string& path, RowSink& sink);

class Database;
// The same from `db` (`path` names it in refusals), inside the caller's read transaction, so
// that the caller may read more from the same snapshot (office_export.cpp: the calendar).
void read_office_rows(Database& db, const std::string& path, RowSink& sink);

// Writes a new office file `file` as backup_office_file writes a copy (made as `file`.partial,
// checked, synced, side files first, renamed, 0600), holding exactly the rows `source` gives
// at this build's schema, inserted in one transaction. Each table's columns must be the file's,
// by name, all of them: StoreError otherwise, and nothing is written. Refuses an existing
// `file` unless `force`.
OfficeFileFacts write_office_file(const std::string& file, bool force, const std::vector<SideFile>& side_files,
                                  const RowSource& source);

struct RestoreOutcome {
    OfficeFileFacts facts;  // what the restored office holds
    std::string kept;       // where the old office is kept ("" when there was none)
    bool forced_past_open = false;  // --force replaced an office another process had open
};

// Replaces the office `db` with the backup `file` once check_office_file passed: the copy is
// written beside `db`, synced, and renamed over it; the old file stays as
// `db`.before-restore-<UTC time>, its WAL checkpointed into it first. Refuses while another
// process has `db` open (a server, office-desk) unless `force`. Side files are restored the
// same way (the old one kept under the same suffix); a side file the backup has none of leaves
// the office's own in place. Throws StoreError with one sentence; nothing is changed then.
RestoreOutcome restore_office_file(const std::string& file, const std::string& db, bool force,
                                   const std::vector<SideFile>& side_files);

}  // namespace office
