// platform.h on Windows (office-mcp.exe): the wide Win32 API under UTF-8 paths, descriptors of
// the C runtime over handles opened with every share mode, owner-only DACLs for mode 0600.
#include "platform.h"

#include <cerrno>
#include <cwchar>
#include <random>
#include <vector>

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <aclapi.h>
#include <wincrypt.h>
#include <shlobj.h>

namespace office::platform {
namespace {

std::wstring wide(const std::string& utf8) {
    if (utf8.empty()) return {};
    const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
    std::wstring out(static_cast<std::size_t>(n), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), out.data(), n);
    return out;
}

std::string narrow(const wchar_t* text) {
    const int n = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
    if (n <= 1) return {};
    std::string out(static_cast<std::size_t>(n - 1), '\0');
    WideCharToMultiByte(CP_UTF8, 0, text, -1, out.data(), n, nullptr, nullptr);
    return out;
}

// errno for the last Win32 error; returns -1 for the callers' `return failed();`.
int failed() {
    switch (GetLastError()) {
        case ERROR_FILE_NOT_FOUND:
        case ERROR_PATH_NOT_FOUND:
        case ERROR_INVALID_DRIVE: errno = ENOENT; break;
        case ERROR_ACCESS_DENIED:
        case ERROR_WRITE_PROTECT: errno = EACCES; break;
        case ERROR_FILE_EXISTS:
        case ERROR_ALREADY_EXISTS: errno = EEXIST; break;
        case ERROR_LOCK_VIOLATION:
        case ERROR_IO_PENDING: errno = EWOULDBLOCK; break;
        case ERROR_SHARING_VIOLATION: errno = EBUSY; break;
        case ERROR_DISK_FULL:
        case ERROR_HANDLE_DISK_FULL: errno = ENOSPC; break;
        case ERROR_DIRECTORY: errno = ENOTDIR; break;
        case ERROR_DIR_NOT_EMPTY: errno = ENOTEMPTY; break;
        case ERROR_INVALID_NAME:
        case ERROR_BAD_PATHNAME:
        case ERROR_INVALID_PARAMETER: errno = EINVAL; break;
        case ERROR_FILENAME_EXCED_RANGE: errno = ENAMETOOLONG; break;
        case ERROR_NOT_ENOUGH_MEMORY:
        case ERROR_OUTOFMEMORY: errno = ENOMEM; break;
        default: errno = EIO;
    }
    return -1;
}

HANDLE handle_of(int fd) { return reinterpret_cast<HANDLE>(_get_osfhandle(fd)); }

// The SID of the user this process runs as (its token's), for the owner-only DACLs.
const std::vector<unsigned char>& user_sid() {
    static const std::vector<unsigned char> sid = [] {
        std::vector<unsigned char> out;
        HANDLE token = nullptr;
        if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token)) return out;
        DWORD size = 0;
        GetTokenInformation(token, TokenUser, nullptr, 0, &size);
        std::vector<unsigned char> buffer(size);
        if (size && GetTokenInformation(token, TokenUser, buffer.data(), size, &size)) {
            PSID s = reinterpret_cast<TOKEN_USER*>(buffer.data())->User.Sid;
            out.assign(static_cast<unsigned char*>(s), static_cast<unsigned char*>(s) + GetLengthSid(s));
        }
        CloseHandle(token);
        return out;
    }();
    return sid;
}

// A DACL with one entry: the user, every right; protected from inheriting its folder's entries.
// (What chmod 600 / 700 says on POSIX.)
struct OwnerOnly {
    std::vector<unsigned char> acl;
    SECURITY_DESCRIPTOR descriptor{};
    SECURITY_ATTRIBUTES attributes{};
    OwnerOnly() {
        const auto& sid = user_sid();
        if (sid.empty()) return;
        acl.resize(sizeof(ACL) + sizeof(ACCESS_ALLOWED_ACE) + sid.size());
        auto* a = reinterpret_cast<ACL*>(acl.data());
        PSID s = const_cast<unsigned char*>(sid.data());
        if (!InitializeAcl(a, static_cast<DWORD>(acl.size()), ACL_REVISION) ||
            !AddAccessAllowedAceEx(a, ACL_REVISION, OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE, GENERIC_ALL, s) ||
            !InitializeSecurityDescriptor(&descriptor, SECURITY_DESCRIPTOR_REVISION) ||
            !SetSecurityDescriptorDacl(&descriptor, TRUE, a, FALSE) ||
            !SetSecurityDescriptorControl(&descriptor, SE_DACL_PROTECTED, SE_DACL_PROTECTED)) {
            acl.clear();
            return;
        }
        attributes.nLength = sizeof attributes;
        attributes.lpSecurityDescriptor = &descriptor;
        attributes.bInheritHandle = FALSE;
    }
    ACL* dacl() { return acl.empty() ? nullptr : reinterpret_cast<ACL*>(acl.data()); }
    SECURITY_ATTRIBUTES* security() { return acl.empty() ? nullptr : &attributes; }
};

// Whether only the user may open the file: every entry of its DACL that allows anything is the
// user's, or the operating system's own (SYSTEM) or the administrators' (who can take any file
// anyway, as root can read a 0600 file): the rule OpenSSH for Windows applies to a private key.
bool owner_only(HANDLE h) {
    PACL dacl = nullptr;
    PSECURITY_DESCRIPTOR sd = nullptr;
    if (GetSecurityInfo(h, SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, &dacl, nullptr, &sd) != ERROR_SUCCESS)
        return false;
    bool only = dacl != nullptr;  // a NULL DACL lets everyone in
    const auto& sid = user_sid();
    for (DWORD i = 0; only && i < dacl->AceCount; ++i) {
        void* ace = nullptr;
        if (!GetAce(dacl, i, &ace)) only = false;
        else if (static_cast<ACE_HEADER*>(ace)->AceType == ACCESS_ALLOWED_ACE_TYPE) {
            PSID s = &static_cast<ACCESS_ALLOWED_ACE*>(ace)->SidStart;
            only = (!sid.empty() && EqualSid(s, const_cast<unsigned char*>(sid.data()))) || IsWellKnownSid(s, WinLocalSystemSid) ||
                   IsWellKnownSid(s, WinBuiltinAdministratorsSid);
        }
    }
    LocalFree(sd);
    return only;
}

std::int64_t unix_ns(const LARGE_INTEGER& t) { return (t.QuadPart - 116444736000000000LL) * 100; }
std::int64_t unix_ns(const FILETIME& t) {
    LARGE_INTEGER l;
    l.LowPart = t.dwLowDateTime;
    l.HighPart = static_cast<LONG>(t.dwHighDateTime);
    return unix_ns(l);
}

std::optional<FileInfo> info_of(HANDLE h) {
    BY_HANDLE_FILE_INFORMATION by{};
    if (!GetFileInformationByHandle(h, &by)) {
        failed();
        return std::nullopt;
    }
    FileInfo info;
    info.directory = (by.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
    info.regular = !info.directory && GetFileType(h) == FILE_TYPE_DISK;
    info.size = static_cast<std::int64_t>((std::uint64_t(by.nFileSizeHigh) << 32) | by.nFileSizeLow);
    info.device = by.dwVolumeSerialNumber;
    info.inode = (std::uint64_t(by.nFileIndexHigh) << 32) | by.nFileIndexLow;
    info.modified_ns = unix_ns(by.ftLastWriteTime);
    FILE_BASIC_INFO basic{};
    info.changed_ns = GetFileInformationByHandleEx(h, FileBasicInfo, &basic, sizeof basic) ? unix_ns(basic.ChangeTime)
                                                                                             : info.modified_ns;
    info.mode = owner_only(h) ? 0600 : 0644;
    if (info.directory) info.mode |= 0100;
    return info;
}

std::optional<FileInfo> stat_path(const std::string& path, DWORD flags) {
    const HANDLE h = CreateFileW(wide(path).c_str(), READ_CONTROL | FILE_READ_ATTRIBUTES,
                                 FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                 FILE_FLAG_BACKUP_SEMANTICS | flags, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        failed();
        return std::nullopt;
    }
    auto info = info_of(h);
    CloseHandle(h);
    return info;
}

}  // namespace

int open(const std::string& path, int flags) {
    DWORD access = 0;
    switch (flags & (O_RDONLY | O_WRONLY | O_RDWR)) {
        case O_WRONLY: access = GENERIC_WRITE; break;
        case O_RDWR: access = GENERIC_READ | GENERIC_WRITE; break;
        default: access = GENERIC_READ;
    }
    // Appends as O_APPEND makes them: each write at the end, whole, whoever else appends.
    if (flags & O_APPEND) access = (access & ~GENERIC_WRITE) | FILE_APPEND_DATA | FILE_WRITE_ATTRIBUTES | SYNCHRONIZE;
    DWORD disposition = OPEN_EXISTING;
    if ((flags & O_CREAT) && (flags & O_EXCL)) disposition = CREATE_NEW;
    else if ((flags & O_CREAT) && (flags & O_TRUNC)) disposition = CREATE_ALWAYS;
    else if (flags & O_CREAT) disposition = OPEN_ALWAYS;
    else if (flags & O_TRUNC) disposition = TRUNCATE_EXISTING;
    OwnerOnly owner;
    const std::wstring name = wide(path);
    const DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    // WRITE_DAC where make_owner_only() may follow (a file this process creates or rewrites).
    HANDLE h = INVALID_HANDLE_VALUE;
    if (flags & (O_CREAT | O_TRUNC))
        h = CreateFileW(name.c_str(), access | WRITE_DAC | READ_CONTROL, share, owner.security(), disposition,
                        FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE)
        h = CreateFileW(name.c_str(), access, share, owner.security(), disposition, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return failed();
    const int crt = _O_BINARY | ((flags & O_APPEND) ? _O_APPEND : 0) | ((flags & (O_WRONLY | O_RDWR)) ? 0 : _O_RDONLY);
    const int fd = _open_osfhandle(reinterpret_cast<intptr_t>(h), crt);
    if (fd < 0) {
        CloseHandle(h);
        errno = EMFILE;
    }
    return fd;
}

int sync(int fd) { return FlushFileBuffers(handle_of(fd)) ? 0 : failed(); }

int sync_directory(const std::string&) { return 0; }

int make_directory(const std::string& path) {
    OwnerOnly owner;
    return CreateDirectoryW(wide(path).c_str(), owner.security()) ? 0 : failed();
}

int make_owner_only(int fd) {
    OwnerOnly owner;
    if (!owner.dacl()) {
        errno = EPERM;
        return -1;
    }
    // The whole descriptor (DACL present, protected), as CreateFileW takes it: Wine's
    // SetSecurityInfo on a file handle loses the DACL and opens the file to everyone.
    return SetKernelObjectSecurity(handle_of(fd), DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
                                   &owner.descriptor)
               ? 0
               : failed();
}

int replace(const std::string& from, const std::string& to) {
    return MoveFileExW(wide(from).c_str(), wide(to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) ? 0
                                                                                                                : failed();
}

int remove(const std::string& path) { return DeleteFileW(wide(path).c_str()) ? 0 : failed(); }

int hard_link(const std::string& from, const std::string& to) {
    return CreateHardLinkW(wide(to).c_str(), wide(from).c_str(), nullptr) ? 0 : failed();
}

int resize(int fd, std::int64_t size) {
    const errno_t error = _chsize_s(fd, size);
    if (error == 0) return 0;
    errno = error;
    return -1;
}

int lock(int fd, bool wait) {
    OVERLAPPED at{};
    at.OffsetHigh = 0x7fffffff;  // far past the data: Windows' locks are mandatory for reads and writes
    const DWORD how = LOCKFILE_EXCLUSIVE_LOCK | (wait ? 0 : LOCKFILE_FAIL_IMMEDIATELY);
    return LockFileEx(handle_of(fd), how, 0, 1, 0, &at) ? 0 : failed();
}

int lock_directory(const std::string& dir) {
    const int fd = open((dir.empty() ? std::string(".") : dir) + "\\.office-mcp.lock", O_RDWR | O_CREAT);
    if (fd < 0 || lock(fd, true) == 0) return fd;
    const int error = errno;
    _close(fd);
    errno = error;
    return -1;
}

int make_temp(std::string& path_template) {
    if (path_template.size() < 6 || path_template.compare(path_template.size() - 6, 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return -1;
    }
    static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        for (std::size_t i = path_template.size() - 6; i < path_template.size(); ++i) path_template[i] = kDigits[random() % 36];
        const int fd = open(path_template, O_RDWR | O_CREAT | O_EXCL);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

std::optional<FileInfo> stat(const std::string& path) { return stat_path(path, 0); }
std::optional<FileInfo> lstat(const std::string& path) { return stat_path(path, FILE_FLAG_OPEN_REPARSE_POINT); }
std::optional<FileInfo> fstat(int fd) {
    const HANDLE h = handle_of(fd);
    if (h == INVALID_HANDLE_VALUE) {
        errno = EBADF;
        return std::nullopt;
    }
    if (GetFileType(h) != FILE_TYPE_DISK) {  // a pipe or the console: no file information
        FileInfo info;
        return info;
    }
    return info_of(h);
}

std::string environment(const char* name) {
    const wchar_t* value = _wgetenv(wide(name).c_str());
    return value ? narrow(value) : "";
}

std::string executable_path() {
    std::vector<wchar_t> path(MAX_PATH);
    for (;;) {
        const DWORD n = GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
        if (n == 0) return "";
        if (n < path.size()) return narrow(path.data());
        path.resize(path.size() * 2);  // cut short: a longer buffer
    }
}

namespace {
// The folder %VARIABLE% names, else the known folder `id` (the same place, when the variable is unset).
std::string known_folder(const wchar_t* variable, REFKNOWNFOLDERID id) {
    if (const wchar_t* value = _wgetenv(variable); value && *value) return narrow(value);
    PWSTR path = nullptr;
    std::string out;
    if (SHGetKnownFolderPath(id, 0, nullptr, &path) == S_OK) out = narrow(path);
    CoTaskMemFree(path);
    return out;
}
}  // namespace

std::string user_config_directory() { return known_folder(L"APPDATA", FOLDERID_RoamingAppData); }

std::string user_data_directory() { return known_folder(L"LOCALAPPDATA", FOLDERID_LocalAppData); }

bool replaces_open_files() { return false; }

std::string others_access(const FileInfo&) { return "can be opened by others than its owner"; }

std::string owner_only_command(const std::string& path) {
    return "icacls \"" + path + "\" /inheritance:r /grant:r \"%USERNAME%:F\"";
}

std::vector<std::string> system_root_certificates() {
    std::vector<std::string> certificates;
    HCERTSTORE store = CertOpenSystemStoreW(0, L"ROOT");
    if (!store) return certificates;
    for (PCCERT_CONTEXT c = CertEnumCertificatesInStore(store, nullptr); c; c = CertEnumCertificatesInStore(store, c)) {
        if (c->dwCertEncodingType & X509_ASN_ENCODING)
            certificates.emplace_back(reinterpret_cast<const char*>(c->pbCertEncoded), c->cbCertEncoded);
    }
    CertCloseStore(store, 0);
    return certificates;
}

std::string login_name() {
    wchar_t name[257];
    DWORD size = 257;
    return GetUserNameW(name, &size) ? narrow(name) : "";
}

std::int64_t utc_seconds(std::tm& tm) { return _mkgmtime64(&tm); }

void utc_tm(std::time_t t, std::tm& tm) { gmtime_s(&tm, &t); }

}  // namespace office::platform
