#pragma once
// A child's wait status as a shell reports it. Shared by the process tests
// (server_process.cpp) and office-bench (tests/bench).

#include <sys/wait.h>

namespace office::testing {

// The exit status (0..255), 128 + the signal that killed it, or -1 (stopped, not ended).
inline int exit_code(int wait_status) {
    if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
    if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
    return -1;
}

}  // namespace office::testing
