#pragma once
// The MCP messages the tests send and the one look into a reply they all take, written once.
// Shared by the in-process tests (session_harness.h) and the process tests (server_process.h).

#include <nlohmann/json.hpp>

#include <string>
#include <utility>

namespace office::testing {

// `inner` inside `depth` levels of `open` ... `close`: the deeply nested JSON of hostile inputs.
inline std::string nested(std::size_t depth, const std::string& open, const std::string& close, const std::string& inner = "") {
    std::string s;
    s.reserve(depth * (open.size() + close.size()) + inner.size());
    for (std::size_t i = 0; i < depth; ++i) s += open;
    s += inner;
    for (std::size_t i = 0; i < depth; ++i) s += close;
    return s;
}

// Capabilities of a client that can show forms (elicitation).
inline const nlohmann::json kForms = {{"elicitation", nlohmann::json::object()}};

// The 2026-07-28 envelope: params._meta with version, capabilities and client info.
inline nlohmann::json modern_params(nlohmann::json params = nlohmann::json::object(),
                                    nlohmann::json capabilities = nlohmann::json::object(),
                                    const std::string& client = "e2e-test") {
    params["_meta"] = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                       {"io.modelcontextprotocol/clientCapabilities", std::move(capabilities)},
                       {"io.modelcontextprotocol/clientInfo", {{"name", client}, {"version", "1.0"}}}};
    return params;
}

// A 2026-07-28 tools/call of `tool` by `client` (version 1.0).
inline nlohmann::json tools_call(const nlohmann::json& id, const std::string& tool, nlohmann::json arguments,
                                 nlohmann::json capabilities = nlohmann::json::object(),
                                 const std::string& client = "e2e-test") {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"},
            {"params", modern_params({{"name", tool}, {"arguments", std::move(arguments)}}, std::move(capabilities), client)}};
}

// A tools/call after initialize: no envelope.
inline nlohmann::json legacy_call(const nlohmann::json& id, const std::string& tool, nlohmann::json arguments) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", {{"name", tool}, {"arguments", std::move(arguments)}}}};
}

// The initialize request (id 0) of a legacy client `name`/`client_version` asking for `version`.
inline nlohmann::json initialize_request(const std::string& version, nlohmann::json capabilities, const std::string& name,
                                         const std::string& client_version) {
    return {{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
            {"params", {{"protocolVersion", version}, {"capabilities", std::move(capabilities)},
                        {"clientInfo", {{"name", name}, {"version", client_version}}}}}};
}

inline const nlohmann::json kInitialized = {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}};

// The text of the first content block of a reply's result.
inline std::string reply_text(const nlohmann::json& reply) {
    return reply.at("result").at("content").at(0).at("text").get<std::string>();
}

}  // namespace office::testing
