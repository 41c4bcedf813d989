#pragma once
// The one log line (core/support/log.h) and the metrics count (metrics.h) of every request a
// session answers, whichever feature answered it.

#include "log.h"
#include "method_table.h"
#include "metrics.h"

#include <chrono>
#include <vector>

namespace office {

class RequestLog {
public:
    using Clock = std::chrono::steady_clock;

    // `tools`: the session's tools, for the metrics' bounded tool label. None is owned.
    RequestLog(Logger* logger, Metrics* metrics, const std::vector<const Tool*>* tools)
        : logger_(logger), metrics_(metrics), tools_(tools) {}

    // `request`, answered with `reply` (null: a notification, nothing sent).
    void answered(const MethodRequest& request, const json* reply, Clock::time_point started) const;
    // `request`, answered with a tool's complete result (MethodRequest::complete).
    void completed(const MethodRequest& request, Clock::time_point started) const;
    // The operator's log, for an event of its own; may be null.
    Logger* logger() const { return logger_; }

private:
    void finish(const MethodRequest& request, RequestLogEntry& entry, const json* id, Clock::time_point started) const;

    Logger* logger_;
    Metrics* metrics_;
    const std::vector<const Tool*>* tools_;
};

}  // namespace office
