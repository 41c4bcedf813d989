#include "session_internal.h"

namespace office {

using namespace session_internal;

void Session::log_request(const Request& request, const json* reply, Clock::time_point started) {
    if (!options_.logger && !options_.metrics) return;
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
    finish_request(request, e, id, started);
}

void Session::log_complete(const Request& request, Clock::time_point started) {
    // As log_request with a result reply: it has the request's id and no error.
    if (!options_.logger && !options_.metrics) return;
    RequestLogEntry e;
    e.outcome = request.outcome;
    e.problem = request.problem;
    e.replayed = request.complete && request.complete->replayed;
    finish_request(request, e, &request.id, started);
}

void Session::finish_request(const Request& request, RequestLogEntry& e, const json* id, Clock::time_point started) {
    e.duration_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
    // Bounded labels: what this server does not serve is "other" (a client names methods and tools).
    if (options_.metrics && !e.notification) {
        const std::string_view method = request.served ? std::string_view(request.method) : "other";
        const std::string_view tool =
            request.tool.empty() ? std::string_view() : serves(tools_, request.tool) ? request.tool : "other";
        options_.metrics->operation(method, tool, e.outcome, e.code, e.duration_us);
    }
    Logger* logger = options_.logger;
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
