#include "idempotency.h"

#include "clock.h"

#include <openssl/evp.h>

#include <cstdio>

namespace office {
namespace {

std::string sha256_hex(std::string_view data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    if (EVP_Digest(data.data(), data.size(), digest, &size, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed");
    std::string hex;
    for (unsigned i = 0; i < size; ++i) {
        char byte[3];
        std::snprintf(byte, sizeof byte, "%02x", digest[i]);
        hex += byte;
    }
    return hex;
}

std::string since(const CallContext& ctx) { return utc_time(ctx.now() - kIdempotencyTtlSeconds); }

}  // namespace

std::string idempotency_key_problem(const json& key) {
    if (!key.is_string()) return "an idempotency key must be a string";
    const auto& text = key.get_ref<const std::string&>();
    if (text.empty() || text.size() > 255) return "an idempotency key must have 1 to 255 characters";
    for (const char c : text)
        if (c < 0x21 || c > 0x7e) return "an idempotency key may hold only visible ASCII characters";
    return {};
}

std::string caller_scope(const Caller& caller) {
    return caller.principal.empty() ? "client:" + caller.name : "token:" + caller.principal;
}

IdempotencyKey idempotency_key(std::string key, const Caller& caller, const std::string& tool, const json& arguments) {
    std::string scope = caller_scope(caller);
    // nlohmann's objects keep their keys sorted, so the same arguments always dump the same.
    const auto request = tool + '\n' + arguments.dump(-1, ' ', false, json::error_handler_t::replace);
    return IdempotencyKey{std::move(scope), std::move(key), tool, sha256_hex(request)};
}

std::optional<ToolResult> earlier_result(OfficeStore& store, const CallContext& ctx) {
    if (!ctx.idempotency) return std::nullopt;
    const auto& k = *ctx.idempotency;
    const auto call = store.remembered_call(k.scope, k.key, since(ctx));
    if (!call) return std::nullopt;
    if (call->tool != k.tool || call->request != k.request)
        throw ProtocolError{rpc::kInvalidParams, "Invalid params: idempotency key \"" + k.key + "\" was used at " + call->at +
                                                     " for another call (" + call->tool +
                                                     (call->tool == k.tool ? " with other arguments" : "") +
                                                     "); nothing was done. Use a new key for a new call."};
    ToolResult result = stored_result(call->result);
    result.replayed = true;
    return result;
}

std::string stored_form(const ToolResult& result) {
    json r{{"text", result.text}, {"structured", result.structured}, {"is_error", result.is_error}, {"queued", result.queued}};
    if (!result.task.is_null()) r["task"] = result.task;
    for (const auto& link : result.links)
        r["links"].push_back({{"table", table_info(link.table).name}, {"id", link.id}, {"title", link.title}});
    return r.dump();
}

ToolResult stored_result(const std::string& form) {
    const json r = json::parse(form);
    ToolResult result{r.at("text").get<std::string>(), r.at("structured"), r.at("is_error").get<bool>(),
                      r.at("queued").get<bool>()};
    if (const auto task = r.find("task"); task != r.end()) result.task = *task;
    for (const auto& link : r.value("links", json::array()))
        if (const auto table = table_named(link.at("table").get<std::string>()))
            result.links.push_back({*table, link.at("id").get<std::int64_t>(), link.at("title").get<std::string>()});
    return result;
}

ToolResult commit_with_result(WriteTransaction& tx, OfficeStore& store, const CallContext& ctx, ToolResult result) {
    if (ctx.idempotency) {
        const auto& k = *ctx.idempotency;
        store.remember_call(k.scope, k.key, RememberedCall{k.tool, k.request, stored_form(result), utc_time(ctx.now())},
                            since(ctx));
    }
    tx.commit();
    return result;
}

}  // namespace office
