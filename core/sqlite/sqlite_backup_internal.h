#pragma once
// What the backup's files share, and nothing outside them includes (only these three files of
// core/sqlite/ include it). Backups and restores of a SQLite office (sqlite_backup.h) live in
// files named for what they do:
//   sqlite_backup.cpp       a backup: the snapshot copy, the side files, and the checks every
//                           office file passes (check_office_file); defines what is declared here
//   sqlite_restore.cpp      a restore: the old office locked, kept under a second name, swapped
//   sqlite_office_copy.cpp  an office file read as rows and written from rows (office_copy.h)

#include "platform.h"
#include "sqlite.h"
#include "sqlite_backup.h"

#include <cerrno>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace office::sqlite_backup_internal {

inline constexpr std::int64_t kApplicationId = 0x4F464643;  // 'OFFC', as sqlite_office_file.cpp

[[noreturn]] void refuse(const std::string& sentence, int code = sqlite_code::kError);
[[noreturn]] void refuse_errno(const std::string& what, int err);  // "what: strerror(err)", kCantOpen
std::int64_t query_int(Database& db, const std::string& sql);
std::string quoted(const std::string& name);         // `name` as an SQL identifier: "..."
std::string directory_of(const std::string& path);  // "." for a bare name
void remove_if_there(const std::string& path);
void rename_or_refuse(const std::string& from, const std::string& to);
bool exists(const std::string& path);

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
            refuse("another backup or restore is writing " + path_ + " now; wait for it to finish", sqlite_code::kError);
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
void copy_office(Database& source, PartialFile& partial);

// The copy of a key or tokens file, beside its place under `.partial`, synced, then renamed.
void copy_private_file(const std::string& from, const std::string& to);

// The end of every backup: what was written is what restore accepts, or it is not called done.
OfficeFileFacts finish_backup(PartialFile& partial, const std::string& file, const std::vector<SideFile>& side_files);

}  // namespace office::sqlite_backup_internal
