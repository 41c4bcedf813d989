#include "tools_feature.h"

#include "contained.h"
#include "tool_reply.h"

namespace office {

// ---- 2026-07-28: input_required, answered by a retry carrying inputResponses and the sealed
// requestState (request_state.h). Nothing waits on the server: the state carries the question.

void ToolsFeature::open_answers(const json& p, const Tool& tool, const json& arguments, CallContext& ctx, const MethodRequest& request) {
    // Round two of a modern input_required call: the state must be one this server sealed,
    // for this tool and these arguments, unexpired and unused, answering exactly what was asked.
    const auto responses_it = p.find("inputResponses");
    const auto state_it = p.find("requestState");
    const bool has_responses = responses_it != p.end() && !responses_it->is_null();
    const bool has_state = state_it != p.end() && !state_it->is_null();
    if (has_responses || has_state) {
        if (!request.modern || !has_responses || !has_state || !state_it->is_string() || !responses_it->is_object())
            throw invalid_request_state();
        const auto claims = needs_.sealer().open(state_it->get_ref<const std::string&>(), needs_.now());
        if (!claims || claims->tool != tool.name || claims->args_digest != args_digest(arguments))
            throw invalid_request_state();
        if (needs_.store().request_state_used(claims->nonce)) throw invalid_request_state();
        // The state is good, the answer is not where the question was: say which key is missing
        // (the state is not spent, so the client can send it again with the answer).
        if (!responses_it->contains(claims->input_key))
            throw ProtocolError{rpc::kInvalidParams, "Invalid params: inputResponses has no answer for " + claims->input_key,
                                json{{"reason", "missing_input_response"}, {"key", claims->input_key}}};
        if (responses_it->size() != 1) throw invalid_request_state();
        ctx.input_responses = &*responses_it;
        ctx.state_nonce = claims->nonce;
        ctx.route = Route::InputRequired;
        ctx.asks = claims->asks;
        // The client has answered a form, whatever this retry declares; a caller who may not
        // approve cannot have been handed one, so its answer is not taken (the refund is queued).
        ctx.can_elicit = needs_.may_approve;
    }
}

// A tool needs a person's answer: asked the way the request's era asks.
MethodReply ToolsFeature::ask_person(const Tool& tool, const json& arguments, const CallContext& ctx, const InputRequired& ask,
                                     MethodRequest& request) {
    json form{{"message", ask.message}, {"requestedSchema", ask.requested_schema}};
    if (request.modern) {
        form = json{{"mode", "form"}, {"message", ask.message}, {"requestedSchema", ask.requested_schema}};
        StateClaims claims;
        claims.tool = tool.name;
        claims.args_digest = args_digest(arguments);
        claims.input_key = ask.key;
        claims.asks = ctx.asks + 1;
        return json{{"resultType", "input_required"},
                    {"inputRequests", {{ask.key, {{"method", "elicitation/create"}, {"params", std::move(form)}}}}},
                    {"requestState", needs_.sealer().seal(std::move(claims), needs_.now())}};
    }
    // Legacy: ask the client ourselves and park the call until its answer arrives. A call sent
    // as a notification has nobody to answer, so no person is asked on its behalf.
    if (request.id.is_null()) return std::nullopt;
    if (parked_.size() >= kMaxParkedCalls) {
        // A client that never answers must not make us hold its calls without end.
        return tool_error(request, std::to_string(parked_.size()) + " forms already wait for a person's answer, so " +
                                       tool.name + " did nothing; answer or cancel one of them first.");
    }
    if (request.has().form_mode) form["mode"] = "form";
    const std::string our_id = "elicit-" + std::to_string(next_elicitation_++);
    append_line(*request.out, json{{"jsonrpc", "2.0"}, {"id", our_id}, {"method", "elicitation/create"}, {"params", std::move(form)}});
    std::optional<IdempotencyKey> idempotency;
    if (ctx.idempotency) idempotency = *ctx.idempotency;
    parked_[our_id] = std::make_unique<Parked>(
        Parked{request.id, &tool, arguments, ask.key, request.caller, ctx.asks + 1, std::move(idempotency)});
    // The call's one request line comes with its answer; asking is an event of its own.
    if (Logger* logger = needs_.log->logger(); logger && logger->enabled(LogLevel::Info))
        logger->event(LogLevel::Info, "elicitation",
                      nlohmann::ordered_json{{"id", request.id},
                                             {"era", request.caller.era},
                                             {"version", request.caller.protocol_version},
                                             {"client", {{"name", request.caller.name}, {"version", request.caller.version}}},
                                             {"trace_id", request.trace.trace_id},
                                             {"span_id", request.trace.span_id},
                                             {"tool", tool.name},
                                             {"elicitation", our_id},
                                             {"asks", ctx.asks + 1}});
    return std::nullopt;
}

// ---- 2025: elicitation/create, sent by the server; the call is parked until the answer comes.

void ToolsFeature::answer(const json& message, std::string& out) {
    const json* id = find_member(message, "id");
    const auto it = id && id->is_string() ? parked_.find(id->get_ref<const std::string&>()) : parked_.end();
    if (it == parked_.end()) return;  // a response to nothing we asked: ignored
    const std::unique_ptr<Parked> parked = std::move(it->second);
    parked_.erase(it);

    // The original call's log line, second round: timed from the client's answer.
    const auto started = RequestLog::Clock::now();
    MethodRequest request;
    request.id = parked->original_id;
    request.method = "tools/call";
    request.served = true;
    request.caller = parked->caller;
    request.trace = parked->caller.trace;  // the same call, so the same span
    request.tool = parked->tool->name;
    const json params{{"arguments", parked->arguments}};
    request.params = &params;
    request.out = &out;
    const auto answer_with = [&](json reply) {
        needs_.log->answered(request, &reply, started);
        append_line(out, reply);
    };
    const auto resume = [&] {
        try {
            MethodReply result;
            const auto answer = message.find("result");
            if (answer == message.end() || !answer->is_object()) {
                result = tool_error(request, "The person could not be asked (the client answered the form request with an error), so " +
                                                 parked->tool->name + " did nothing.");
            } else {
                const json responses{{parked->key, *answer}};
                CallContext ctx = context(parked->caller);
                ctx.can_elicit = true;
                ctx.route = Route::Elicitation;
                ctx.asks = parked->asks;
                ctx.input_responses = &responses;
                if (parked->idempotency) ctx.idempotency = &*parked->idempotency;
                result = run(*parked->tool, parked->arguments, ctx, request);
            }
            if (request.complete) {
                needs_.log->completed(request, started);
                append_tool_reply(out, request.id, *request.complete, reply_shape(request.has()));
            } else if (result) answer_with(make_result(request.id, std::move(*result)));
            // else asked again: ask_person logged that, and the answer brings the request's line
        } catch (const ProtocolError& e) {
            answer_with(make_error(request.id, e.code, e.message, e.data));
        } catch (const StoreError& e) {
            needs_.handled->unavailable = e.unavailable;
            answer_with(make_error(request.id, rpc::kInternalError, e.what()));
        }
    };
    // The call resumes here, so a defect in it ends the call with -32603 (contained.h).
    const std::size_t out_mark = out.size();
    const auto failure = contain(resume);
    if (!failure) return;
    needs_.handled->failed = true;
    out.resize(out_mark);
    const json error = make_error(request.id, rpc::kInternalError, "Internal error: " + *failure);
    contain([&] { answer_with(error); });
}

void ToolsFeature::cancel(const json& id) {
    for (auto p = parked_.begin(); p != parked_.end(); ++p) {
        if (p->second->original_id == id) {
            parked_.erase(p);
            return;
        }
    }
}

}  // namespace office
