#include "request_log.h"

namespace office {

void RequestLog::answered(const MethodRequest& request, const json* reply, Clock::time_point started) const {
    if (!logger_ && !metrics_) return;
    RequestLogEntry e;
    e.notification = reply == nullptr;
    const auto error = reply && reply->is_object() ? reply->find("error") : json::const_iterator();
    if (reply && reply->is_object() && error != reply->end()) {
        e.outcome = Outcome::ProtocolError;
        e.code = error->value("code", 0);
        if (const auto m = error->find("message"); m != error->end() && m->is_string())
            e.problem = m->get_ref<const std::string&>();
    } else {
        e.outcome = request.outcome;
        e.problem = request.problem;
    }
    const json* id = &request.id;
    if (reply && reply->is_object()) {
        const auto it = reply->find("id");
        id = it != reply->end() ? &*it : nullptr;  // what was answered
    }
    finish(request, e, id, started);
}

void RequestLog::completed(const MethodRequest& request, Clock::time_point started) const {
    // As answered() with a result reply: it has the request's id and no error.
    if (!logger_ && !metrics_) return;
    RequestLogEntry e;
    e.outcome = request.outcome;
    e.problem = request.problem;
    e.replayed = request.complete && request.complete->replayed;
    finish(request, e, &request.id, started);
}

void RequestLog::finish(const MethodRequest& request, RequestLogEntry& e, const json* id, Clock::time_point started) const {
    e.duration_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    // Bounded labels: what this server does not serve is "other" (a client names methods and tools).
    if (metrics_ && !e.notification) {
        const std::string_view method = request.served ? std::string_view(request.method) : "other";
        const std::string_view tool =
            request.tool.empty() ? std::string_view() : serves(*tools_, request.tool) ? request.tool : "other";
        metrics_->operation(method, tool, e.outcome, e.code, e.duration_us);
    }
    Logger* logger = logger_;
    if (!logger || !logger->enabled(Logger::level_of(e))) return;  // nothing more is computed for a filtered line
    e.id = id && !id->is_null() ? id : nullptr;
    e.era = request.caller.era;
    e.version = request.caller.protocol_version;
    e.client_name = request.caller.name;
    e.client_version = request.caller.version;
    e.principal = request.caller.principal;
    e.method = request.method;
    e.tool = request.tool;
    // A message refused before its params were read has no trace yet: it gets one of its own.
    const TraceIds fresh = request.trace.trace_id.empty() ? trace_for({}) : TraceIds{};
    const TraceIds& trace = request.trace.trace_id.empty() ? fresh : request.trace;
    e.trace_id = trace.trace_id;
    e.span_id = trace.span_id;
    e.parent_span_id = trace.parent_span_id;
    if (!request.tool.empty() && logger->enabled(LogLevel::Debug)) {
        if (const auto args = request.params->find("arguments"); args != request.params->end()) e.arguments = &*args;
    }
    logger->request(e);
}

}  // namespace office
