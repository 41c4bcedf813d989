#include "tools_feature.h"

#include "icons.h"
#include "idempotency.h"
#include "office_apps.h"
#include "prompts_feature.h"
#include "tasks_feature.h"
#include "tool_reply.h"

namespace office {

namespace {

// Where a tool's validation problems go, beside its error text.
constexpr std::string_view kMetaProblems = "office-mcp/problems";
// A call over its caller's limit, as a JSON-RPC error (HTTP answers it 429 with Retry-After):
// in the implementation-defined server range; MCP defines no code for it.
constexpr int kRateLimited = -32000;

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

std::vector<const Tool*> served_tools(const std::vector<std::string>& profile, bool admin) {
    std::vector<const Tool*> served;
    for (const auto& tool : office_tools()) {
        // The admin right brings every admin tool, whatever the profile; nothing else does.
        bool enabled = tool.admin ? admin : profile.empty();
        for (const auto& name : profile) enabled = enabled || (!tool.admin && name == tool.name);
        if (enabled) served.push_back(&tool);
    }
    return served;
}

ToolsFeature::ToolsFeature(std::vector<const Tool*> served, Needs needs) : served_(std::move(served)), needs_(std::move(needs)) {}

void ToolsFeature::register_methods(MethodTable& table) {
    using Eras = MethodTable::Eras;
    table.add("tools/list", Eras::Both, [this](MethodRequest& request) { return list(request); });
    table.add("tools/call", Eras::Both, [this](MethodRequest& request) { return call(request); });
}

CallContext ToolsFeature::context(const Caller& caller) const {
    CallContext ctx;
    ctx.store = needs_.store;
    ctx.now = needs_.now;
    ctx.caller = caller;
    ctx.locale = needs_.settings->locale;
    // Only a caller that may approve money is handed a form; anyone else's refund is queued.
    ctx.may_approve = needs_.may_approve;
    ctx.task_ttl_seconds = needs_.settings->task_ttl;
    return ctx;
}

MethodReply ToolsFeature::list(MethodRequest& request) {
    // The menu shapes order_lunch (core/office/tool.h): read it for every list, so a change by
    // anyone is in the next one; nothing else a list shows can change during a session.
    std::vector<MenuItem> menu;
    if (serves_menu_tool(served_)) {
        menu = needs_.store().lunch().menu();
        if (!request.modern && !listed_) {
            needs_.watch(*request.out);
            listed_ = true;  // from now on a change is announced (tools/list_changed)
        }
    }
    // A client of MCP Apps gets each linked tool's view (office_apps.h): a list of its own.
    const bool apps = request.apps;
    auto& cached = lists_[request.caller.protocol_version + (apps ? " ui" : "")];
    if (cached.list.is_null() || cached.menu != menu) {
        json tools = json::array();
        for (const auto* tool : served_) {
            const Tool* shown = shaped(tool, menu);
            if (!shown) continue;
            json& entry = tools.emplace_back(describe_tool(*shown, request.has()));
            if (const AppView* view = apps ? app_view_of_tool(shown->name) : nullptr)
                entry["_meta"]["ui"]["resourceUri"] = view->uri;
        }
        cached = {menu, json{{"tools", std::move(tools)}}};
        if (request.modern) {
            // A list the menu shapes may change with it: a client's copy is fresh for a second.
            cached.list["ttlMs"] = serves_menu_tool(served_) ? kMenuToolsTtlMs : kToolsTtlMs;
            // A token's profile shapes the list: a shared cache must not hand it to another caller.
            cached.list["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
        }
    }
    return cached.list;
}

const Tool* ToolsFeature::shaped(const Tool* tool, std::vector<MenuItem> menu) {
    if (!tool->shaped_by_menu) return tool;
    if (menu.empty()) return nullptr;  // nothing to order: not offered
    if (!menu_tool_.tool || menu != menu_tool_.menu) {
        menu_tool_.tool = std::make_unique<Tool>(lunch_tool(menu));
        menu_tool_.menu = std::move(menu);
    }
    return menu_tool_.tool.get();
}

const Tool* ToolsFeature::find(std::string_view name) {
    for (const auto* tool : served_)
        if (tool->name == name) return shaped(tool, tool->shaped_by_menu ? needs_.store().lunch().menu() : std::vector<MenuItem>{});
    return nullptr;
}

json ToolsFeature::tool_error(MethodRequest& request, std::string problem) const {
    request.outcome = Outcome::ToolError;
    request.problem = std::move(problem);
    return call_tool_result({.text = request.problem, .is_error = true}, reply_shape(request.has()));
}

MethodReply ToolsFeature::call(MethodRequest& request) {
    const auto& p = *request.params;
    const auto name_it = p.find("name");
    if (name_it == p.end() || !name_it->is_string()) throw invalid_params("Invalid params: name must be a string");
    request.tool = name_it->get_ref<const std::string&>();
    const Tool* tool = find(name_it->get_ref<const std::string&>());
    if (!tool) throw invalid_params("Unknown tool: " + name_it->get<std::string>());
    const auto args_it = p.find("arguments");
    // A reference, not a copy: the arguments live in the message for the whole call.
    const json& arguments = (args_it == p.end() || args_it->is_null()) ? method_detail::kNoParams : *args_it;
    if (!arguments.is_object()) throw invalid_params("Invalid params: arguments must be an object");
    // A retry carrying a person's answer (requestState) is the call already counted: a forged or
    // spent state is refused below and does nothing.
    if (needs_.settings->limits && !p.contains("requestState")) {
        if (const auto refused = needs_.settings->limits->take(caller_scope(request.caller), tool->name))
            return over_limit(*tool, *refused, request);
    }

    CallContext ctx = context(request.caller);
    ctx.can_elicit = request.forms;
    ctx.tasks = request.has().tasks && declares_tasks(*request.capabilities);

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
    return run(*tool, arguments, ctx, request);
}

MethodReply ToolsFeature::over_limit(const Tool& tool, const RateLimits::Refusal& refused, MethodRequest& request) {
    static constexpr std::string_view kPer[] = {"a second", "a minute", "an hour"};
    const auto& rule = *refused.rule;
    const std::string why = tool.name + " was not run: " + request.caller.label + " may call it " + std::to_string(rule.calls) +
                            " times " + std::string(kPer[rule.period_s == 1 ? 0 : rule.period_s == 60 ? 1 : 2]) +
                            " (--rate-limit " + rule.text + "); try again in " + std::to_string(refused.retry_after_s) + " s.";
    if (needs_.limits_as_errors) {
        needs_.handled->retry_after_s = refused.retry_after_s;
        throw ProtocolError{kRateLimited, "Rate limited: " + why, json{{"retryAfterSeconds", refused.retry_after_s}}};
    }
    return tool_error(request, why);
}

MethodReply ToolsFeature::complete(ToolResult result, MethodRequest& request) {
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

MethodReply ToolsFeature::run(const Tool& tool, const json& arguments, CallContext& ctx, MethodRequest& request) {
    if (const auto problems = tool.validator.check(arguments); !problems.empty()) {
        // The list of problems goes in _meta, not structuredContent: the spec requires
        // structuredContent to match the tool's outputSchema, error or not.
        json reply = tool_error(request, tool.name + " was not run: " + join_messages(problems));
        if (request.has().structured_content) {
            json list = json::array();
            for (const auto& problem : problems)
                list.push_back({{"path", problem.path}, {"rule", problem.rule}, {"message", problem.message}});
            reply["_meta"][kMetaProblems] = std::move(list);
        }
        return reply;
    }
    if (ctx.route == Route::None && ctx.can_elicit)
        ctx.route = request.modern ? Route::InputRequired : Route::Elicitation;

    ToolOutcome outcome = tool.run(ctx, arguments);
    if (auto* done = std::get_if<ToolResult>(&outcome)) return complete(std::move(*done), request);

    request.outcome = Outcome::InputRequired;
    return ask_person(tool, arguments, ctx, std::get<InputRequired>(outcome), request);
}

}  // namespace office
