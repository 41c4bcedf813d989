#pragma once
// The operator's view of a running server: one JSON line per request answered, plus start-up
// and shutdown lines (the format is documented in README.md, "Operating office-mcp"). The
// core does no I/O, so a Logger only formats: each line, whole and '\n'-terminated, goes to a
// sink the executable provides. A line the level filters out is never built.

#include "json_rpc.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace office {

enum class LogLevel { Debug, Info, Warn, Error, Off };

// "debug", "info", "warn", "error"; nullopt for anything else.
std::optional<LogLevel> parse_log_level(std::string_view name);
std::string_view log_level_name(LogLevel level);

// How a request ended: the log's "outcome" field.
enum class Outcome { Ok, ToolError, ProtocolError, InputRequired, Queued };
std::string_view outcome_name(Outcome outcome);

// One answered request (or, at debug, one notification). The views point into the
// session's own data and are read only while the line is written.
struct RequestLogEntry {
    const json* id = nullptr;           // null: no usable id
    std::string_view era;               // "legacy" or "modern"; empty: not known yet
    std::string_view version;           // protocol version; empty: not known
    std::string_view client_name;       // empty: not known
    std::string_view client_version;
    std::string_view principal;         // the bearer token's NAME; empty: none (stdio), not written
    std::string_view method;            // empty: not known
    std::string_view tool;              // tools/call only
    std::int64_t duration_us = 0;
    Outcome outcome = Outcome::Ok;
    int code = 0;                       // protocol_error only
    std::string_view problem;           // failures only
    const json* arguments = nullptr;    // tools/call arguments, written at debug only
    bool notification = false;          // logged at debug only, as event "notification"
    bool replayed = false;              // the result of an earlier call with the same idempotency key
    std::string_view trace_id;          // core/support/trace.h: always set for a request
    std::string_view span_id;
    std::string_view parent_span_id;    // empty: the request started its trace
};

class Logger {
public:
    using Sink = std::function<void(std::string_view line)>;

    Logger() = default;  // logs nothing
    Logger(LogLevel level, Sink sink);

    LogLevel level() const { return level_; }
    bool enabled(LogLevel level) const { return level >= level_ && level != LogLevel::Off && sink_; }

    // ok, input_required and queued are info; tool_error and protocol_error are warn;
    // -32603 (the server failed, not the client) is error; notifications are debug.
    static LogLevel level_of(const RequestLogEntry& entry);

    void request(const RequestLogEntry& entry);
    // A process event (start, stop): {"time", "level", "event", then `fields` in order}.
    void event(LogLevel level, std::string_view event, const nlohmann::ordered_json& fields);

private:
    void begin_line(LogLevel level, std::string_view event);
    void end_line();

    LogLevel level_ = LogLevel::Off;
    Sink sink_;
    std::string buffer_;       // reused: a line costs no allocation once it has grown
    std::int64_t second_ = -1; // the second whose text is cached in stamp_
    char stamp_[20] = {};      // "2026-11-30T01:27:19"
};

// `office-mcp log tail`: one log line as a person reads it (time, outcome, method and tool,
// duration, client, problem). A line that is not one of ours is returned as it is. Either way
// its control characters are escaped (terminal_safe, text_table.h): shown, never obeyed.
std::string pretty_log_line(std::string_view line);

}  // namespace office
