#include "tool_reply.h"

#include "idempotency.h"
#include "office_resources.h"

#include <clocale>
#include <memory>
#include <optional>
#include <utility>

namespace office {

namespace {

constexpr std::string_view kServerInfoKey = "io.modelcontextprotocol/serverInfo";

// Writes json values with nlohmann's serializer, as dump() does, but into `out` directly.
// One per thread, kept: building a serializer allocates a 512-byte indent string and a shared
// output adapter and calls localeconv(), a tenth of the reply's cost (issue 16). The serializer
// keeps nothing from one value to the next; only its target changes.
class Writer {
public:
    static Writer& into(std::string& out) {
        thread_local std::optional<Writer> writer;
        // The serializer reads the locale's separators once, when built (it puts '.' back in
        // numbers printed in a locale with another decimal point): built again if they changed.
        const std::lconv* loc = std::localeconv();
        if (!writer || writer->decimal_point_ != separator(loc->decimal_point) ||
            writer->thousands_sep_ != separator(loc->thousands_sep))
            writer.emplace(loc);
        writer->target_->out = &out;
        return *writer;
    }
    explicit Writer(const std::lconv* loc)
        : decimal_point_(separator(loc->decimal_point)), thousands_sep_(separator(loc->thousands_sep)),
          target_(std::make_shared<Target>()), serializer_(target_, ' ', json::error_handler_t::replace) {}
    void value(const json& v) { serializer_.dump(v, false, false, 0); }
    // `text` as a json string, escaped as value() would: swapped into a kept string value and
    // back, so it is neither copied nor given a fresh heap string.
    void text(std::string& text) {
        std::swap(text_.get_ref<std::string&>(), text);
        serializer_.dump(text_, false, false, 0);
        std::swap(text_.get_ref<std::string&>(), text);
    }

private:
    // Appends to whichever string the current reply goes to.
    struct Target : nlohmann::detail::output_adapter_protocol<char> {
        std::string* out = nullptr;
        void write_character(char c) override { out->push_back(c); }
        void write_characters(const char* s, std::size_t length) override { out->append(s, length); }
    };
    static char separator(const char* s) { return s == nullptr ? '\0' : *s; }
    char decimal_point_;
    char thousands_sep_;
    std::shared_ptr<Target> target_;
    json text_ = json::string_t();
    nlohmann::detail::serializer<json> serializer_;
};

}  // namespace

json call_tool_result(const ToolResult& result, ToolReplyShape shape) {
    json r{{"content", json::array({json{{"type", "text"}, {"text", result.text}}})}};
    if (shape.resource_links)
        for (const auto& link : result.links)
            r["content"].push_back({{"type", "resource_link"},
                                    {"uri", row_link_uri(link.table, link.id)},
                                    {"name", row_link_name(link.table, link.id)},
                                    {"title", link.title},
                                    {"mimeType", kResourceMimeType}});
    if (result.is_error) r["isError"] = true;
    if (!result.structured.is_null() && shape.structured_content) r["structuredContent"] = result.structured;
    return r;
}

json tool_reply(const json& id, const ToolResult& result, ToolReplyShape shape) {
    json r = call_tool_result(result, shape);
    if (shape.server_info) {
        r["resultType"] = "complete";
        r["_meta"][kServerInfoKey] = *shape.server_info;
    }
    if (result.replayed) r["_meta"][kMetaReplayed] = true;
    return make_result(id, std::move(r));
}

void append_tool_reply(std::string& out, const json& id, ToolResult& result, ToolReplyShape shape) {
    Writer& w = Writer::into(out);
    // Keys in std::map order: id < jsonrpc < result; _meta < content < isError < resultType <
    // structuredContent; text < type.
    out += "{\"id\":";
    w.value(id);
    out += ",\"jsonrpc\":\"2.0\",\"result\":{";
    if (shape.server_info || result.replayed) {
        out += "\"_meta\":{";
        if (shape.server_info) {
            out += '"';
            out += kServerInfoKey;
            out += "\":";
            if (shape.server_info_text.empty()) w.value(*shape.server_info);
            else out += shape.server_info_text;
        }
        if (result.replayed) {
            if (shape.server_info) out += ',';
            out += '"';
            out += kMetaReplayed;
            out += "\":true";
        }
        out += "},";
    }
    out += "\"content\":[{\"text\":";
    w.text(result.text);  // never copied
    out += ",\"type\":\"text\"}";
    if (shape.resource_links)
        for (auto& link : result.links) {  // keys in order: mimeType < name < title < type < uri
            out += ",{\"mimeType\":\"";
            out += kResourceMimeType;
            out += "\",\"name\":\"";
            out += row_link_name(link.table, link.id);
            out += "\",\"title\":";
            w.text(link.title);
            out += ",\"type\":\"resource_link\",\"uri\":\"";
            out += row_link_uri(link.table, link.id);
            out += '"';
            out += '}';
        }
    out += ']';
    if (result.is_error) out += ",\"isError\":true";
    if (shape.server_info) out += ",\"resultType\":\"complete\"";
    if (!result.structured.is_null() && shape.structured_content) {
        out += ",\"structuredContent\":";
        w.value(result.structured);
    }
    out += "}}\n";
}

}  // namespace office
