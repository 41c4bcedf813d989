#pragma once
// The office's prompts (issue 39): what an AI client shows as slash commands — book an
// appointment, refund an invoice, order lunch, sum up a customer. Each renders one user message
// that names the tools to call, in order, with the arguments filled in; a customer named by name
// is looked up here, so the message gives its id when one customer matches and says to ask the
// person when several or none do. A prompt is offered only while the session serves every tool
// it names (session.cpp). The messages are in the office's language (--locale); tool names and
// arguments stay as the tools have them.

#include "json_rpc.h"
#include "person_texts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace office {

class OfficeStore;

struct PromptArgument {
    std::string name;
    std::string description;
    bool required = false;
};

struct Prompt {
    std::string name, title, description;
    std::vector<PromptArgument> arguments;
    std::vector<std::string> tools;  // every tool its message tells the model to call
};

// The prompts, in a stable order.
const std::vector<Prompt>& office_prompts();
const Prompt* prompt_named(const std::string& name);

// The customer `query` (a prompt's customer argument) names, as render_prompt resolves it: an
// id that is a customer's, the one match of find_customers, or the one whose name it is exactly.
std::optional<std::int64_t> customer_named(OfficeStore& store, const std::string& query);

// The prompts/list entry of `prompt`, its title and descriptions in `locale`.
json describe_prompt(const Prompt& prompt, Locale locale);

// The prompts/get result of `prompt` for `arguments` (an object of strings, already checked:
// every required one present). Reads the customers and invoices it names from `store`.
json render_prompt(const Prompt& prompt, const json& arguments, OfficeStore& store, Locale locale);

// What is wrong with `arguments` for `prompt` (not an object, a value that is not a string, a
// required one missing, one it does not take, one longer than 100 characters, a day that is not
// YYYY-MM-DD, an invoice or a quantity that is not a whole number), or empty.
std::string prompt_arguments_problem(const Prompt& prompt, const json& arguments);

}  // namespace office
