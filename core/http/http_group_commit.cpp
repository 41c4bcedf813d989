#include "http_internal.h"

#include "contained.h"
#include "office_store.h"

#include <set>

namespace office::http {

using namespace internal;

void Endpoint::handle(const std::vector<Exchange*>& group) {
    std::vector<Routed> routed;
    const bool grouped = group.size() > 1;
    if (grouped) options_.store->begin_batch();
    for (Exchange* exchange : group) {
        // The HTTP boundary of contained.h: a defect ends this exchange with a 500; a write
        // unit it had open was rolled back as the exception left it, and the rest of the group
        // is answered and committed as usual.
        const auto failure = contain([&] { handle_one(*exchange, routed); });
        if (failure) fail_exchange(*exchange, *failure);
        else log_refusal(*exchange);
    }
    if (grouped) {
        try {
            const auto committing = std::chrono::steady_clock::now();
            options_.store->end_batch();
            metrics_.group_commit(group.size(), std::chrono::duration_cast<std::chrono::microseconds>(
                                                    std::chrono::steady_clock::now() - committing)
                                                    .count());
        } catch (const StoreError& e) {
            metrics_.store_error();
            // Nothing of the group was committed, so nothing of it may be acknowledged.
            const std::string problem = std::string("cannot commit: ") + e.what();
            std::set<std::uint64_t> refused;  // streams this group opened: refused with their response
            for (Exchange* exchange : group) {
                auto& response = exchange->response;
                if (response.status < 400) {
                    if (response.open_stream) {
                        stream_closed(response.stream);
                        refused.insert(response.stream);
                    }
                    response = Response{};
                    refuse(response, 503, problem, rpc::kInternalError);
                    if (e.unavailable) response.headers.emplace_back("Retry-After", kRetryAfterSeconds);
                }
                add_cors(exchange->request, response);
                metrics_.http_response(response.status);
            }
            std::vector<Routed> told;
            for (const auto& r : routed) {
                if (refused.count(r.stream)) continue;
                if (r.id.empty()) {
                    // A notification for a GET stream: nothing to take back. A stream of a session
                    // this group ended still ends (the session is gone whatever the store did).
                    if (r.end) told.push_back(r);
                    continue;
                }
                if (!streams_.count(r.stream)) continue;  // told once
                told.push_back({r.stream, sse_event(rpc_body(json::parse(r.id), rpc::kInternalError, problem)), true, r.id});
                stream_closed(r.stream);
            }
            deliver(told, group);
            return;
        }
    }
    for (Exchange* exchange : group) {
        add_cors(exchange->request, exchange->response);
        metrics_.http_response(exchange->response.status);
    }
    poll(routed);
    deliver(routed, group);
}

bool Endpoint::screen(Exchange& exchange) {
    bool refused = false;
    const auto failure = contain([&] { refused = refused_on_headers(exchange); });
    if (failure) fail_exchange(exchange, *failure);
    else if (refused) log_refusal(exchange);
    if (!failure && !refused) return true;
    add_cors(exchange.request, exchange.response);
    metrics_.http_response(exchange.response.status);
    return false;
}

void Endpoint::fail_exchange(Exchange& exchange, const std::string& problem) {
    Response& response = exchange.response;
    if (response.open_stream) stream_closed(response.stream);
    response = Response{};
    refuse(response, 500, "Internal error: " + problem, rpc::kInternalError);
    if (options_.logger)
        contain([&] {
            options_.logger->event(LogLevel::Error, "internal_error",
                                   {{"in", exchange.request.method + " " + exchange.request.target}, {"problem", problem}});
        });
}

}  // namespace office::http
