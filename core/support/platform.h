#pragma once
// Files and places where POSIX and Windows differ, behind one interface: platform_posix.cpp
// (Linux, and any POSIX system) and platform_windows.cpp (office-mcp.exe, packaging/windows).
// Everything else in office-mcp is the same source on both.
//
// Paths are UTF-8 on both (Windows: converted to UTF-16 for the wide API). Descriptors are the
// C runtime's (read, write and close work on them alike). A function that fails returns -1 (or
// nullopt) with errno set, Windows' error codes translated to the nearest errno, so the callers'
// messages (std::strerror) read the same on both.

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <sys/types.h>
#ifdef _WIN32
#include <io.h>
// Flags POSIX has and Windows has no use for: no descriptor is inherited by a child (every open
// here is non-inheritable), and a final symbolic link is not followed by CreateFileW's callers here.
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#else
#include <unistd.h>
#endif

namespace office::platform {

// A std::filesystem::path of UTF-8 text. Use it wherever a path held in a std::string meets
// std::filesystem or a file stream: on Windows, path(std::string) reads the ANSI code page, so
// "C:\\Users\\Zoë" would name another folder, while path::string() gives UTF-8 back.
inline std::filesystem::path u8path(std::string_view utf8) {
    return std::filesystem::path(std::u8string_view(reinterpret_cast<const char8_t*>(utf8.data()), utf8.size()));
}

// open(2) with the POSIX flags O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND,
// O_CLOEXEC, O_NOFOLLOW. A file it creates is its owner's alone: mode 0600 on POSIX, a DACL
// granting only the current user on Windows. Windows: opened in binary mode and shared for
// reading, writing and deleting, so a file open here can be renamed or removed, as on POSIX.
int open(const std::string& path, int flags);

// The file on stable storage: fsync / FlushFileBuffers.
int sync(int fd);
// The directory's entries (a new or renamed file in it) on stable storage. POSIX: fsync of the
// directory. Windows: nothing to do (NTFS journals its metadata; replace() writes through).
int sync_directory(const std::string& dir);
// A new directory, its owner's alone (0700 / an owner-only DACL). EEXIST if it is there.
int make_directory(const std::string& path);
// The open file made its owner's alone (fchmod 0600 / an owner-only DACL).
int make_owner_only(int fd);
// rename(2): `to` is replaced atomically if it exists (Windows: MoveFileExW, written through).
int replace(const std::string& from, const std::string& to);
// Whether a file another handle has open may be renamed, or renamed over: POSIX always; Windows
// only where every handle allowed it (FILE_SHARE_DELETE), which SQLite's do not. So on Windows
// restore closes its own connection before the swap, and cannot replace an office a server has open.
bool replaces_open_files();
// unlink(2).
int remove(const std::string& path);
// link(2): a second name `to` for the file `from` (CreateHardLinkW on NTFS).
int hard_link(const std::string& from, const std::string& to);
// ftruncate(2): the open file cut (or grown) to `size` bytes.
int resize(int fd, std::int64_t size);
// An exclusive lock on the open file for as long as it stays open (flock / LockFileEx on a byte
// far past any data, so it never stands in the way of reads and writes). `wait` false: EWOULDBLOCK
// at once when another process holds it.
int lock(int fd, bool wait);
// A descriptor that holds an exclusive lock on directory `dir` until closed (flock on the
// directory / LockFileEx on `dir`/.office-mcp.lock, as Windows locks no directory).
int lock_directory(const std::string& dir);
// mkstemp(3): `path_template` ends in XXXXXX, replaced by a name nobody holds; the file is new,
// its owner's alone, and open for writing.
int make_temp(std::string& path_template);

struct FileInfo {
    bool regular = false;
    bool directory = false;
    std::int64_t size = 0;
    // Who may do what, as POSIX mode bits (Windows: 0600 for an owner-only file, 0644 otherwise).
    unsigned mode = 0;
    // The file itself: same id, same file (device and inode / volume and file index).
    std::uint64_t device = 0, inode = 0;
    // The last change of its data, of its metadata (nanoseconds since 1970).
    std::int64_t modified_ns = 0, changed_ns = 0;
};
// What lets others than the owner at a file, said to a person ("has mode 0644"; Windows: "can
// be opened by others than its owner"), and the command that makes it its owner's alone
// ("chmod 600 PATH"; Windows: icacls).
std::string others_access(const FileInfo& info);
std::string owner_only_command(const std::string& path);
// stat(2) (follows symbolic links), lstat(2) (does not), fstat(2).
std::optional<FileInfo> stat(const std::string& path);
std::optional<FileInfo> lstat(const std::string& path);
std::optional<FileInfo> fstat(int fd);

// The environment variable `name` as UTF-8 (Windows: read wide, whatever the code page), or "".
std::string environment(const char* name);
// This executable's own path, absolute (/proc/self/exe; GetModuleFileNameW), or "".
std::string executable_path();
// Where a user's programs keep their settings: $XDG_CONFIG_HOME, else ~/.config (POSIX);
// %APPDATA% (Windows: the roaming profile, where Claude Desktop keeps its configuration). "" when nothing says.
std::string user_config_directory();
// Where a user's programs keep their data: $XDG_DATA_HOME, else ~/.local/share (POSIX);
// %LOCALAPPDATA% (Windows: this machine's, not roaming: a database is not synced between
// machines). Empty when nothing says.
std::string user_data_directory();
// The user's login name, or empty.
std::string login_name();
// The certificates of the system's trusted root authorities, DER-encoded, for a TLS client to
// trust besides OpenSSL's own (set_default_verify_paths). Windows: its ROOT certificate store,
// which OpenSSL cannot read itself. POSIX: none, since OpenSSL reads /etc/ssl itself.
std::vector<std::string> system_root_certificates();
// timegm(3): the broken-down UTC time as seconds since 1970.
std::int64_t utc_seconds(std::tm& tm);
// gmtime_r(3).
void utc_tm(std::time_t t, std::tm& tm);

}  // namespace office::platform
