// platform.h on POSIX: the system calls themselves.
#include "platform.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>

namespace office::platform {
namespace {
std::optional<FileInfo> info_of(int rc, const struct stat& st) {
    if (rc != 0) return std::nullopt;
    FileInfo info;
    info.regular = S_ISREG(st.st_mode);
    info.directory = S_ISDIR(st.st_mode);
    info.size = st.st_size;
    info.mode = st.st_mode & 07777;
    info.device = st.st_dev;
    info.inode = st.st_ino;
    info.modified_ns = std::int64_t(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
    info.changed_ns = std::int64_t(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec;
    return info;
}
}  // namespace

int open(const std::string& path, int flags) { return ::open(path.c_str(), flags, 0600); }

int sync(int fd) { return ::fsync(fd); }

int sync_directory(const std::string& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    const int rc = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    errno = error;
    return rc;
}

int make_directory(const std::string& path) {
    if (::mkdir(path.c_str(), 0700) != 0) return -1;
    return ::chmod(path.c_str(), 0700);  // whatever the umask
}

int make_owner_only(int fd) { return ::fchmod(fd, 0600); }

int replace(const std::string& from, const std::string& to) { return ::rename(from.c_str(), to.c_str()); }

int remove(const std::string& path) { return ::unlink(path.c_str()); }

int hard_link(const std::string& from, const std::string& to) { return ::link(from.c_str(), to.c_str()); }

int resize(int fd, std::int64_t size) { return ::ftruncate(fd, static_cast<off_t>(size)); }

int lock(int fd, bool wait) {
    int rc;
    while ((rc = ::flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB))) != 0 && errno == EINTR) {
    }
    return rc;
}

int lock_directory(const std::string& dir) {
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || lock(fd, true) == 0) return fd;
    const int error = errno;
    ::close(fd);
    errno = error;
    return -1;
}

int make_temp(std::string& path_template) { return ::mkostemp(path_template.data(), O_CLOEXEC); }

std::optional<FileInfo> stat(const std::string& path) {
    struct stat st {};
    return info_of(::stat(path.c_str(), &st), st);
}
std::optional<FileInfo> lstat(const std::string& path) {
    struct stat st {};
    return info_of(::lstat(path.c_str(), &st), st);
}
std::optional<FileInfo> fstat(int fd) {
    struct stat st {};
    return info_of(::fstat(fd, &st), st);
}

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::string executable_path() {
    std::error_code ec;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);  // Linux; elsewhere ""
    return ec ? "" : path.string();
}

namespace {
// $HOME, else the password database's home of this user; "" when neither says.
std::string home_directory() {
    std::string home;
    if (const char* h = std::getenv("HOME"); h && *h) {
        home = h;
    } else {
        struct passwd pw {};
        struct passwd* found = nullptr;
        std::vector<char> buffer(16384);
        if (getpwuid_r(::getuid(), &pw, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir && *found->pw_dir)
            home = found->pw_dir;
    }
    return home;
}

// $VARIABLE when it is absolute (the XDG spec says a relative one is invalid and to be ignored),
// else ~/fallback.
std::string xdg_directory(const char* variable, const char* fallback) {
    if (const char* xdg = std::getenv(variable); xdg && xdg[0] == '/') return xdg;
    const std::string home = home_directory();
    return home.empty() ? "" : (std::filesystem::path(home) / fallback).string();
}
}  // namespace

std::string user_config_directory() { return xdg_directory("XDG_CONFIG_HOME", ".config"); }

std::string user_data_directory() { return xdg_directory("XDG_DATA_HOME", ".local/share"); }

std::vector<std::string> system_root_certificates() { return {}; }

bool replaces_open_files() { return true; }

std::string others_access(const FileInfo& info) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", info.mode);
    return std::string("has mode ") + mode;
}

std::string owner_only_command(const std::string& path) { return "chmod 600 " + path; }

std::string login_name() {
    const struct passwd* pw = ::getpwuid(::getuid());
    return pw && pw->pw_name ? pw->pw_name : "";
}

std::int64_t utc_seconds(std::tm& tm) { return ::timegm(&tm); }

void utc_tm(std::time_t t, std::tm& tm) { ::gmtime_r(&t, &tm); }

}  // namespace office::platform
