#pragma once
// JSON-RPC 2.0 as MCP uses it on stdio: one message per line. The framing and the writer
// know nothing of methods; the session (session.h) owns the method table.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace office {

using json = nlohmann::json;

namespace rpc {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kMissingCapability = -32021;
inline constexpr int kUnsupportedVersion = -32022;
}  // namespace rpc

// A request that cannot be served. Thrown where the problem is found, caught once at
// dispatch and turned into the error reply.
struct ProtocolError {
    int code;
    std::string message;
    json data = nullptr;
};
inline ProtocolError invalid_params(std::string message) { return {rpc::kInvalidParams, std::move(message)}; }

// Appends `message` as exactly one line (compact JSON + '\n'). Strings that are not valid
// UTF-8 are repaired with U+FFFD instead of throwing.
void append_line(std::string& out, const json& message);

json make_result(const json& id, json result);
// `id` null means "unknown": the id member is then omitted, as the MCP schema (2025-11-25
// and later) allows, since MCP forbids a null id.
json make_error(const json& id, int code, std::string_view message, json data = nullptr);

// Parses one message, in time linear in its size. A message nesting deeper than `max_depth`
// is never built (so a 10^5-deep message never becomes a 10^5-deep value): `too_deep` says so,
// and the value keeps only what its refusal needs (the top level, and a top-level object's
// members with any array or object among them as null). Not JSON: a discarded value.
json parse_message(std::string_view text, int max_depth, bool& too_deep);

// A usable JSON-RPC id for MCP: a string or an integer.
bool is_valid_id(const json& id);

// Checked reads of JSON a client wrote, for code that looks into a message before the session
// has judged it: whatever the shape, they never throw (json's value(), at(), get<>() and a
// const operator[] do, or assert). The member `key` of `value` when `value` is an object that
// has it, else nullptr.
const json* find_member(const json& value, std::string_view key);
// The member `key` when it is a string, else `fallback`.
std::string_view string_member(const json& value, std::string_view key, std::string_view fallback = {});

// Splits a byte stream into lines, '\n' terminated, a trailing '\r' dropped. A line longer
// than `max_line` is not kept: its bytes are skipped up to the next '\n' and it is reported
// once as overlong, so memory stays bounded whatever the client sends.
class LineSplitter {
public:
    explicit LineSplitter(std::size_t max_line) : max_line_(max_line) {}

    // Calls on_line(std::string_view) for each complete line and on_overlong() for each
    // line over the cap, in order.
    template <class OnLine, class OnOverlong>
    void feed(std::string_view data, OnLine&& on_line, OnOverlong&& on_overlong);

    // At end of input: a final line without '\n' still counts.
    template <class OnLine, class OnOverlong>
    void finish(OnLine&& on_line, OnOverlong&& on_overlong);

private:
    std::size_t max_line_;
    std::string pending_;
    bool skipping_ = false;
};

template <class OnLine, class OnOverlong>
void LineSplitter::feed(std::string_view data, OnLine&& on_line, OnOverlong&& on_overlong) {
    while (!data.empty()) {
        const auto nl = data.find('\n');
        const auto chunk = data.substr(0, nl);
        if (skipping_) {
            // Dropping the rest of an overlong line.
        } else if (pending_.size() + chunk.size() > max_line_) {
            pending_.clear();
            skipping_ = true;
            on_overlong();
        } else if (nl != std::string_view::npos && pending_.empty()) {
            // The common case: a whole line in the buffer, handed over without a copy.
            auto line = chunk;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            on_line(line);
        } else {
            pending_.append(chunk);
            if (nl != std::string_view::npos) {
                std::string_view line = pending_;
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                on_line(line);
                pending_.clear();
            }
        }
        if (nl == std::string_view::npos) return;
        skipping_ = false;
        data.remove_prefix(nl + 1);
    }
}

template <class OnLine, class OnOverlong>
void LineSplitter::finish(OnLine&& on_line, OnOverlong&& /*on_overlong*/) {
    if (!skipping_ && !pending_.empty()) {
        std::string line = std::move(pending_);
        if (line.back() == '\r') line.pop_back();
        on_line(std::string_view(line));
    }
    pending_.clear();
    skipping_ = false;
}

}  // namespace office
