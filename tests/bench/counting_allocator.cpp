// office-mcp-counting: office-mcp for office-bench, counting heap allocations (issue 16).
// The linker sends every call of malloc, calloc and realloc in the program — ours, SQLite's,
// libstdc++'s operator new — through the __wrap_ functions below (-Wl,--wrap=...). The count
// lives in a file the bench names in OFFICE_BENCH_ALLOC_COUNTER, mapped shared, so the bench
// reads it at any moment without a word on the protocol. Never shipped.

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

extern "C" void* __real_malloc(std::size_t size);
extern "C" void* __real_calloc(std::size_t count, std::size_t size);
extern "C" void* __real_realloc(void* old, std::size_t size);

namespace {

std::uint64_t g_before_mapped = 0;  // allocations made before the counter file is mapped
std::uint64_t* g_count = &g_before_mapped;

__attribute__((constructor(101))) void map_counter() {
    const char* path = std::getenv("OFFICE_BENCH_ALLOC_COUNTER");
    if (path == nullptr) return;
    const int fd = ::open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return;
    void* mapped = ::mmap(nullptr, sizeof(std::uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (mapped == MAP_FAILED) return;
    auto* shared = static_cast<std::uint64_t*>(mapped);
    *shared = g_before_mapped;
    g_count = shared;
}

}  // namespace

extern "C" void* __wrap_malloc(std::size_t size) {
    ++*g_count;
    return __real_malloc(size);
}

extern "C" void* __wrap_calloc(std::size_t count, std::size_t size) {
    ++*g_count;
    return __real_calloc(count, size);
}

extern "C" void* __wrap_realloc(void* old, std::size_t size) {
    ++*g_count;
    return __real_realloc(old, size);
}
