#include "session_internal.h"

#include "icons.h"
#include "idempotency.h"
#include "office_apps.h"
#include "office_store.h"

namespace office {

using namespace session_internal;

namespace {

// The tool as the given protocol revision describes it.
json describe_tool(const Tool& tool, const Revision& has) {
    json entry{{"name", tool.name}, {"description", tool.description}};
    json input = tool.input_schema;
    if (has.schema_dialect) input["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    entry["inputSchema"] = std::move(input);
    if (has.annotations) {
        json annotations{{"title", tool.title},
                         {"readOnlyHint", tool.read_only},
                         {"openWorldHint", false}};
        if (!tool.read_only) {
            annotations["destructiveHint"] = tool.destructive;
            annotations["idempotentHint"] = tool.idempotent;
        }
        entry["annotations"] = std::move(annotations);
    }
    if (has.titles) entry["title"] = tool.title;
    if (has.icons) entry["icons"] = icons_for(tool.name);
    if (has.output_schema && !tool.output_schema.is_null()) {
        json output = tool.output_schema;
        if (has.schema_dialect) output["$schema"] = "https://json-schema.org/draft/2020-12/schema";
        entry["outputSchema"] = std::move(output);
    }
    return entry;
}

}  // namespace

Session::Reply Session::on_tools_list(Request& request) {
    // The menu shapes order_lunch (core/office/tool.h): read it for every list, so a change by
    // anyone is in the next one; nothing else a list shows can change during a session.
    std::vector<MenuItem> menu;
    if (serves_menu_tool(tools_)) {
        menu = options_.store().menu();
        if (!request.modern && !tools_watch_) {
            resources_.start_watch(*request.out);
            tools_watch_ = true;  // from now on a change is announced (tools/list_changed)
        }
    }
    // A client of MCP Apps gets each linked tool's view (office_apps.h): a list of its own.
    const bool apps = shows_apps(request);
    auto& cached = tools_list_cache_[request.caller.protocol_version + (apps ? " ui" : "")];
    if (cached.list.is_null() || cached.menu != menu) {
        json tools = json::array();
        for (const auto* tool : tools_) {
            const Tool* shown = shaped(tool, menu);
            if (!shown) continue;
            json& entry = tools.emplace_back(describe_tool(*shown, request.has()));
            if (const AppView* view = apps ? app_view_of_tool(shown->name) : nullptr)
                entry["_meta"]["ui"]["resourceUri"] = view->uri;
        }
        cached = {menu, json{{"tools", std::move(tools)}}};
        if (request.modern) {
            // A list the menu shapes may change with it: a client's copy is fresh for a second.
            cached.list["ttlMs"] = serves_menu_tool(tools_) ? kMenuToolsTtlMs : kToolsTtlMs;
            // A token's profile shapes the list: a shared cache must not hand it to another caller.
            cached.list["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
        }
    }
    return cached.list;
}

bool Session::shows_apps(const Request& request) const {
    if (request.modern) return request.has().structured_content && declares_apps(*request.capabilities);
    return legacy_ && legacy_->apps;
}

const Tool* Session::shaped(const Tool* tool, std::vector<MenuItem> menu) {
    if (!tool->shaped_by_menu) return tool;
    if (menu.empty()) return nullptr;  // nothing to order: not offered
    if (!menu_tool_.tool || menu != menu_tool_.menu) {
        menu_tool_.tool = std::make_unique<Tool>(lunch_tool(menu));
        menu_tool_.menu = std::move(menu);
    }
    return menu_tool_.tool.get();
}

const Tool* Session::find_tool(std::string_view name) {
    for (const auto* tool : tools_)
        if (tool->name == name) return shaped(tool, tool->shaped_by_menu ? options_.store().menu() : std::vector<MenuItem>{});
    return nullptr;
}

json Session::tool_result(const ToolResult& result, const Request& request) const {
    return call_tool_result(result, reply_shape(request.has()));
}

Session::Reply Session::on_tools_call(Request& request) {
    const auto& p = *request.params;
    const auto name_it = p.find("name");
    if (name_it == p.end() || !name_it->is_string()) throw invalid_params("Invalid params: name must be a string");
    request.tool = name_it->get_ref<const std::string&>();
    const Tool* tool = find_tool(name_it->get_ref<const std::string&>());
    if (!tool) throw invalid_params("Unknown tool: " + name_it->get<std::string>());
    const auto args_it = p.find("arguments");
    // A reference, not a copy: the arguments live in the message for the whole call.
    const json& arguments = (args_it == p.end() || args_it->is_null()) ? kNoParams : *args_it;
    if (!arguments.is_object()) throw invalid_params("Invalid params: arguments must be an object");
    // A retry carrying a person's answer (requestState) is the call already counted: a forged or
    // spent state is refused below and does nothing.
    if (options_.settings.limits && !p.contains("requestState")) {
        if (const auto refused = options_.settings.limits->take(caller_scope(request.caller), tool->name))
            return over_limit(*tool, *refused, request);
    }

    CallContext ctx;
    ctx.store = options_.store;
    ctx.now = options_.now;
    ctx.caller = request.caller;
    ctx.locale = options_.settings.locale;
    // Only a caller that may approve money is handed a form; anyone else's refund is queued.
    ctx.may_approve = options_.may_approve;
    ctx.can_elicit = request.modern ? options_.may_approve && declares_form_elicitation(*request.capabilities)
                                    : legacy_ && legacy_->can_elicit;
    ctx.tasks = request.has().tasks && declares_tasks(*request.capabilities);
    ctx.task_ttl_seconds = options_.settings.task_ttl;

    // A write's idempotency key (core/office/idempotency.h); a read needs none and ignores one.
    std::optional<IdempotencyKey> idempotency;
    const json* meta = find_member(p, "_meta");
    const json* key = meta ? find_member(*meta, kMetaIdempotencyKey) : nullptr;
    const json header_key = key || request.idempotency_key.empty() ? json() : json(request.idempotency_key);
    if (!key && !header_key.is_null()) key = &header_key;
    if (key && !tool->read_only) {
        if (const auto problem = idempotency_key_problem(*key); !problem.empty())
            throw invalid_params("Invalid params: " + problem +
                                 (header_key.is_null() ? " (_meta." + std::string(kMetaIdempotencyKey) + ")" : " (the Idempotency-Key header)"));
        idempotency = office::idempotency_key(key->get<std::string>(), request.caller, tool->name, arguments);
        ctx.idempotency = &*idempotency;
        // A repeat of a call that is done: its result, before anything else (a refund's spent
        // requestState included). The tools look again under their write lock, for a race.
        if (auto earlier = earlier_result(ctx.store(), ctx)) return complete(std::move(*earlier), request);
    }

    open_answers(p, *tool, arguments, ctx, request);  // round two of a 2026-07-28 call asked a person
    return run_tool(*tool, arguments, ctx, request);
}

Session::Reply Session::over_limit(const Tool& tool, const RateLimits::Refusal& refused, Request& request) {
    static constexpr std::string_view kPer[] = {"a second", "a minute", "an hour"};
    const auto& rule = *refused.rule;
    const std::string why = tool.name + " was not run: " + request.caller.label + " may call it " + std::to_string(rule.calls) +
                            " times " + std::string(kPer[rule.period_s == 1 ? 0 : rule.period_s == 60 ? 1 : 2]) +
                            " (--rate-limit " + rule.text + "); try again in " + std::to_string(refused.retry_after_s) + " s.";
    if (options_.limits_as_errors) {
        handled_.retry_after_s = refused.retry_after_s;
        throw ProtocolError{kRateLimited, "Rate limited: " + why, json{{"retryAfterSeconds", refused.retry_after_s}}};
    }
    request.outcome = Outcome::ToolError;
    request.problem = why;
    return tool_result({why, nullptr, true}, request);
}

Session::Reply Session::complete(ToolResult result, Request& request) {
    if (!result.task.is_null()) {
        // The call goes on as a task: its CreateTaskResult (the Task's members, flat).
        request.outcome = Outcome::Queued;
        json reply = std::move(result.task);
        reply["resultType"] = "task";
        if (result.replayed) reply["_meta"][kMetaReplayed] = true;
        return reply;
    }
    if (result.is_error) {
        request.outcome = Outcome::ToolError;
        request.problem = result.text;
    } else {
        request.outcome = result.queued ? Outcome::Queued : Outcome::Ok;
    }
    // The caller writes the reply from the result itself (tool_reply.h), no json built.
    request.complete = std::move(result);
    return json();
}

Session::Reply Session::run_tool(const Tool& tool, const json& arguments, CallContext& ctx, Request& request) {
    if (const auto problems = tool.validator.check(arguments); !problems.empty()) {
        // The list of problems goes in _meta, not structuredContent: the spec requires
        // structuredContent to match the tool's outputSchema, error or not.
        request.outcome = Outcome::ToolError;
        request.problem = tool.name + " was not run: " + join_messages(problems);
        json result = tool_result({request.problem, nullptr, true}, request);
        if (request.has().structured_content) {
            json list = json::array();
            for (const auto& problem : problems)
                list.push_back({{"path", problem.path}, {"rule", problem.rule}, {"message", problem.message}});
            result["_meta"][kMetaProblems] = std::move(list);
        }
        return result;
    }
    if (ctx.route == Route::None && ctx.can_elicit)
        ctx.route = request.modern ? Route::InputRequired : Route::Elicitation;

    ToolOutcome outcome = tool.run(ctx, arguments);
    if (auto* done = std::get_if<ToolResult>(&outcome)) return complete(std::move(*done), request);

    request.outcome = Outcome::InputRequired;
    return ask_person(tool, arguments, ctx, std::get<InputRequired>(outcome), request);
}

}  // namespace office
