#pragma once
// The office's settings for every session a process serves, as the operator gave them
// (--locale, --task-ttl, --rate-limit): one struct each transport hands on unchanged, through
// ConnectionOptions or http::EndpointOptions, to every Session, and the session to its tools
// (CallContext). A new setting is a field here, its flag (stdio_server/command_flags.cpp) and
// the code that reads it; not a copy through every options struct on the way.

#include "person_texts.h"
#include "rate_limits.h"
#include "tasks.h"

#include <cstdint>
#include <memory>

namespace office {

struct ServingSettings {
    Locale locale = Locale::En;                      // texts for people (core/office/person_texts.h)
    std::int64_t task_ttl = kDefaultTaskTtlSeconds;  // seconds a task is kept (core/office/tasks.h)
    // Limits per caller (core/office/rate_limits.h), shared by every session of the process;
    // null: none.
    std::shared_ptr<RateLimits> limits;
};

}  // namespace office
