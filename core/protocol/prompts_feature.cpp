#include "prompts_feature.h"

#include "completions.h"
#include "icons.h"
#include "prompts.h"
#include "utf8.h"

#include <algorithm>

namespace office {

void PromptsFeature::register_methods(MethodTable& table) {
    using Eras = MethodTable::Eras;
    table.add("prompts/list", Eras::Both, [this](MethodRequest& request) { return list(request); });
    table.add("prompts/get", Eras::Both, [this](MethodRequest& request) { return get(request); });
    table.add("completion/complete", Eras::Both, [this](MethodRequest& request) { return complete(request); });
}

bool PromptsFeature::menu_changed(bool watched) {
    const bool was_empty = menu_empty_;
    if (watched) {
        try {
            menu_empty_ = needs_.store().lunch().menu().empty();
        } catch (const StoreError&) {
            // busy for a moment: compared again at the next change
        }
    }
    return menu_empty_ != was_empty;
}

bool PromptsFeature::offers(const Prompt& prompt) const {
    const auto& served = *needs_.tools;
    for (const auto& name : prompt.tools)
        if (!serves(served, name)) return false;
    // order_lunch is not offered while the menu is empty, and so neither is a prompt that orders.
    for (const auto* tool : served)
        if (tool->shaped_by_menu && std::find(prompt.tools.begin(), prompt.tools.end(), tool->name) != prompt.tools.end() &&
            needs_.store().lunch().menu().empty())
            return false;
    return true;
}

MethodReply PromptsFeature::list(MethodRequest& request) {
    if (const auto cursor = request.params->find("cursor"); cursor != request.params->end() && !cursor->is_null())
        throw invalid_params("Invalid params: unknown cursor (this list has one page)");
    // order-lunch comes and goes with the menu: a 2025 session that listed the prompts is told.
    if (!request.modern && !listed_ && serves_menu_tool(*needs_.tools)) {
        needs_.watch(*request.out);
        listed_ = true;
    }
    json prompts = json::array();
    for (const auto& prompt : office_prompts())
        if (offers(prompt)) {
            json entry = describe_prompt(prompt, needs_.settings->locale);
            if (request.has().icons) entry["icons"] = icons_for(prompt.name);
            prompts.push_back(std::move(entry));
        }
    json result{{"prompts", std::move(prompts)}};
    if (request.modern) {
        result["ttlMs"] = kMenuToolsTtlMs;  // follows the menu, as the tools do
        result["cacheScope"] = request.caller.principal.empty() ? "public" : "private";
    }
    return result;
}

MethodReply PromptsFeature::get(MethodRequest& request) {
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
    json result = render_prompt(*prompt, arguments, needs_.store(), needs_.settings->locale);
    if (request.modern) {
        result["ttlMs"] = 0;  // it reads the office as it is now
        result["cacheScope"] = "private";
    }
    return result;
}

namespace {

// A string member of `object`, or -32602 naming it as `what`.
const std::string& string_member(const json& object, const char* name, const std::string& what) {
    const auto it = object.find(name);
    if (it == object.end() || !it->is_string()) throw invalid_params("Invalid params: " + what + " must be a string");
    return it->get_ref<const std::string&>();
}

std::vector<std::string> argument_names(const Prompt& prompt) {
    std::vector<std::string> names;
    for (const auto& a : prompt.arguments) names.push_back(a.name);
    return names;
}

}  // namespace

MethodReply PromptsFeature::complete(MethodRequest& request) {
    const json& params = *request.params;
    const auto ref = params.find("ref");
    if (ref == params.end() || !ref->is_object()) throw invalid_params("Invalid params: ref must be an object");
    const auto argument = params.find("argument");
    if (argument == params.end() || !argument->is_object()) throw invalid_params("Invalid params: argument must be an object");
    const std::string& name = string_member(*argument, "name", "argument.name");
    const std::string& typed = string_member(*argument, "value", "argument.value");
    // As long as a prompt's argument may be: what is typed is a customer's name or less.
    if (utf8::count_characters(typed) > 100) throw invalid_params("Invalid params: argument.value is longer than 100 characters");
    json context = json::object();
    if (const auto it = params.find("context"); it != params.end() && !it->is_null()) {
        if (!it->is_object()) throw invalid_params("Invalid params: context must be an object");
        if (const auto given = it->find("arguments"); given != it->end() && !given->is_null()) {
            if (!given->is_object()) throw invalid_params("Invalid params: context.arguments must be an object of strings");
            for (const auto& [key, value] : given->items())
                if (!value.is_string() || utf8::count_characters(value.get_ref<const std::string&>()) > 100)
                    throw invalid_params("Invalid params: context.arguments." + key + " must be a string of at most 100 characters");
            context = *given;
        }
    }

    const std::string& type = string_member(*ref, "type", "ref.type");
    std::vector<std::string> takes;
    Completion completion;
    if (type == "ref/prompt") {
        const std::string& prompt_name = string_member(*ref, "name", "ref.name");
        const Prompt* prompt = prompt_named(prompt_name);
        // A prompt this caller is not offered does not exist for it (on_prompts_get).
        if (!prompt || !offers(*prompt))
            throw ProtocolError{rpc::kInvalidParams, "Invalid params: unknown prompt \"" + prompt_name + "\"", json{{"name", prompt_name}}};
        takes = argument_names(*prompt);
        if (std::find(takes.begin(), takes.end(), name) != takes.end())
            completion = complete_prompt_argument(name, typed, context, needs_.store(), needs_.now());
    } else if (type == "ref/resource") {
        const std::string& uri = string_member(*ref, "uri", "ref.uri");
        // A row's id is any number: offered nothing, like a quantity.
        for (const auto table : kRowTables)
            if (needs_.tables->count(table) && uri == row_template(table)) takes = {"id"};
        if (uri == kResourceTemplate) takes = {"table", "after", "limit"};
        if (takes.empty())
            throw ProtocolError{rpc::kInvalidParams, "Invalid params: unknown resource template \"" + uri + "\"", json{{"uri", uri}}};
        if (name == "table") {
            std::vector<std::string> tables;
            for (const auto table : *needs_.tables)
                if (has_rows(table_info(table))) tables.emplace_back(table_info(table).name);
            completion = complete_from(tables, typed);
        }
    } else {
        throw invalid_params("Invalid params: ref.type must be \"ref/prompt\" or \"ref/resource\"");
    }
    if (std::find(takes.begin(), takes.end(), name) == takes.end()) {
        std::string names;
        for (const auto& n : takes) names += (names.empty() ? "" : ", ") + n;
        throw invalid_params("Invalid params: unknown argument \"" + name + "\" (it takes " + names + ")");
    }
    return json{{"completion", completion_json(completion)}};
}

}  // namespace office
