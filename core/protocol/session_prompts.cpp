#include "session_internal.h"

#include "office_store.h"
#include "prompts.h"

#include <algorithm>

namespace office {

using namespace session_internal;

// ---- prompts (core/office/prompts.h): the office's slash commands, as this session's tools allow

bool Session::offers(const Prompt& prompt) {
    for (const auto& tool : prompt.tools)
        if (!serves(tool)) return false;
    // order_lunch is not offered while the menu is empty, and so neither is a prompt that orders.
    for (const auto* tool : tools_)
        if (tool->shaped_by_menu && std::find(prompt.tools.begin(), prompt.tools.end(), tool->name) != prompt.tools.end() &&
            options_.store().menu().empty())
            return false;
    return true;
}

Session::Reply Session::on_prompts_list(Request& request) {
    if (const auto cursor = request.params->find("cursor"); cursor != request.params->end() && !cursor->is_null())
        throw invalid_params("Invalid params: unknown cursor (this list has one page)");
    json prompts = json::array();
    for (const auto& prompt : office_prompts())
        if (offers(prompt)) prompts.push_back(describe_prompt(prompt, options_.locale));
    json result{{"prompts", std::move(prompts)}};
    if (request.modern) {
        result["ttlMs"] = kMenuToolsTtlMs;  // follows the menu, as the tools do
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}

Session::Reply Session::on_prompts_get(Request& request) {
    const auto name = request.params->find("name");
    if (name == request.params->end() || !name->is_string()) throw invalid_params("Invalid params: name must be a string");
    const Prompt* prompt = prompt_named(name->get<std::string>());
    // A prompt this caller is not offered does not exist for it, like a hidden tool.
    if (!prompt || !offers(*prompt))
        throw ProtocolError{rpc::kInvalidParams, "Invalid params: unknown prompt \"" + name->get<std::string>() + "\"",
                            json{{"name", *name}}};
    const auto given = request.params->find("arguments");
    const json arguments = given == request.params->end() || given->is_null() ? json::object() : *given;
    if (const auto problem = prompt_arguments_problem(*prompt, arguments); !problem.empty())
        throw invalid_params("Invalid params: " + problem);
    json result = render_prompt(*prompt, arguments, options_.store(), options_.locale);
    if (request.modern) {
        result["ttlMs"] = 0;  // it reads the office as it is now
        result["cacheScope"] = "private";
    }
    return result;
}

}  // namespace office
