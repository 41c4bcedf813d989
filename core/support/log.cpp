// Request lines are written by hand into one reused buffer rather than through a json
// object: office-mcp is benchmarked per call, and at info level a line must cost well under
// the few microseconds a tool call takes.

#include "log.h"

#include "text_table.h"

#include "platform.h"
#include "utf8.h"

#include <charconv>
#include <chrono>
#include <ctime>

namespace office {

namespace {

void append_int(std::string& out, std::int64_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
}

// A JSON string; bytes that are not UTF-8 become U+FFFD, so every line stays valid JSON.
void append_string(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            std::size_t j = i + 1;  // a run of plain ASCII in one append
            while (j < s.size()) {
                const auto d = static_cast<unsigned char>(s[j]);
                if (d < 0x20 || d >= 0x80 || d == '"' || d == '\\') break;
                ++j;
            }
            out.append(s.data() + i, j - i);
            i = j;
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out += kHex[c >> 4];
                    out += kHex[c & 0xF];
                } else if (const auto n = utf8::sequence_length(s.substr(i)); n > 0) {
                    out.append(s.data() + i, n);
                    i += n;
                    continue;
                } else {
                    out += "\xEF\xBF\xBD";
                }
        }
        ++i;
    }
    out += '"';
}

void append_string_or_null(std::string& out, std::string_view s) {
    if (s.empty()) out += "null";
    else append_string(out, s);
}

}  // namespace

std::optional<LogLevel> parse_log_level(std::string_view name) {
    if (name == "debug") return LogLevel::Debug;
    if (name == "info") return LogLevel::Info;
    if (name == "warn") return LogLevel::Warn;
    if (name == "error") return LogLevel::Error;
    return std::nullopt;
}

std::string_view log_level_name(LogLevel level) {
    switch (level) {
        case LogLevel::Debug: return "debug";
        case LogLevel::Info: return "info";
        case LogLevel::Warn: return "warn";
        case LogLevel::Error: return "error";
        case LogLevel::Off: break;
    }
    return "off";
}

std::string_view outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::Ok: return "ok";
        case Outcome::ToolError: return "tool_error";
        case Outcome::ProtocolError: return "protocol_error";
        case Outcome::InputRequired: return "input_required";
        case Outcome::Queued: return "queued";
    }
    return "ok";
}

Logger::Logger(LogLevel level, Sink sink) : level_(level), sink_(std::move(sink)) { buffer_.reserve(512); }

LogLevel Logger::level_of(const RequestLogEntry& entry) {
    if (entry.notification) return LogLevel::Debug;
    switch (entry.outcome) {
        case Outcome::ToolError: return LogLevel::Warn;
        case Outcome::ProtocolError: return entry.code == rpc::kInternalError ? LogLevel::Error : LogLevel::Warn;
        default: return LogLevel::Info;
    }
}

void Logger::begin_line(LogLevel level, std::string_view event) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now).count();
    const auto second = us / 1'000'000;
    if (second != second_) {
        const std::time_t t = static_cast<std::time_t>(second);
        std::tm tm{};
        platform::utc_tm(t, tm);
        std::strftime(stamp_, sizeof stamp_, "%Y-%m-%dT%H:%M:%S", &tm);
        second_ = second;
    }
    // ".uuuuuu" by hand: snprintf was a fifth of the line's cost.
    char fraction[8] = {'.'};
    auto micros = static_cast<int>((us % 1'000'000 + 1'000'000) % 1'000'000);  // a clock before 1970 too
    for (int i = 6; i >= 1; --i, micros /= 10) fraction[i] = static_cast<char>('0' + micros % 10);
    buffer_.clear();
    buffer_ += "{\"time\":\"";
    buffer_ += stamp_;
    buffer_.append(fraction, 7);
    buffer_ += "Z\",\"level\":\"";
    buffer_ += log_level_name(level);
    buffer_ += "\",\"event\":";
    append_string(buffer_, event);
}

void Logger::end_line() {
    buffer_ += "}\n";
    sink_(buffer_);
}

void Logger::request(const RequestLogEntry& e) {
    const LogLevel level = level_of(e);
    if (!enabled(level)) return;
    begin_line(level, e.notification ? "notification" : "request");
    buffer_ += ",\"id\":";
    if (e.id && e.id->is_string()) append_string(buffer_, e.id->get_ref<const std::string&>());
    else if (e.id && e.id->is_number_integer()) append_int(buffer_, e.id->get<std::int64_t>());
    else buffer_ += "null";
    buffer_ += ",\"era\":";
    append_string_or_null(buffer_, e.era);
    buffer_ += ",\"version\":";
    append_string_or_null(buffer_, e.version);
    buffer_ += ",\"client\":{\"name\":";
    append_string_or_null(buffer_, e.client_name);
    buffer_ += ",\"version\":";
    append_string_or_null(buffer_, e.client_version);
    buffer_ += '}';
    if (!e.principal.empty()) {
        buffer_ += ",\"principal\":";
        append_string(buffer_, e.principal);
    }
    if (!e.trace_id.empty()) {
        buffer_ += ",\"trace_id\":\"";
        buffer_ += e.trace_id;  // hex digits: nothing to escape
        buffer_ += "\",\"span_id\":\"";
        buffer_ += e.span_id;
        buffer_ += '"';
        if (!e.parent_span_id.empty()) {
            buffer_ += ",\"parent_span_id\":\"";
            buffer_ += e.parent_span_id;
            buffer_ += '"';
        }
    }
    buffer_ += ",\"method\":";
    append_string_or_null(buffer_, e.method);
    buffer_ += ",\"tool\":";
    append_string_or_null(buffer_, e.tool);
    buffer_ += ",\"duration_us\":";
    append_int(buffer_, e.duration_us);
    buffer_ += ",\"outcome\":\"";
    buffer_ += outcome_name(e.outcome);
    buffer_ += '"';
    if (e.outcome == Outcome::ProtocolError) {
        buffer_ += ",\"code\":";
        append_int(buffer_, e.code);
    }
    if (e.outcome == Outcome::ProtocolError || e.outcome == Outcome::ToolError) {
        buffer_ += ",\"problem\":";
        append_string(buffer_, e.problem);
    }
    if (e.replayed) buffer_ += ",\"replayed\":true";
    if (level_ == LogLevel::Debug && e.arguments) {
        buffer_ += ",\"arguments\":";
        buffer_ += e.arguments->dump(-1, ' ', false, json::error_handler_t::replace);
    }
    end_line();
}

void Logger::event(LogLevel level, std::string_view event, const nlohmann::ordered_json& fields) {
    if (!enabled(level)) return;
    begin_line(level, event);
    for (const auto& [key, value] : fields.items()) {
        buffer_ += ',';
        append_string(buffer_, key);
        buffer_ += ':';
        buffer_ += value.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    end_line();
}

// ---- log tail ---------------------------------------------------------------------------

namespace {

using ordered = nlohmann::ordered_json;

std::string text(const ordered& line, const char* key) {
    const auto it = line.find(key);
    if (it == line.end() || it->is_null()) return {};
    return it->is_string() ? it->get<std::string>() : it->dump();
}

void column(std::string& out, std::string_view field, std::size_t width) {
    out += field;
    if (field.size() < width) out.append(width - field.size(), ' ');
    out += "  ";
}

}  // namespace

std::string pretty_log_line(std::string_view raw) {
    const ordered line = ordered::parse(raw, nullptr, /*allow_exceptions=*/false);
    // What clients sent (their names, a problem quoting their input) is shown, not obeyed.
    if (!line.is_object() || !line.contains("time") || !line.contains("event")) return terminal_safe(raw);

    std::string time = text(line, "time");  // 2026-11-30T01:27:19.123456Z -> 2026-11-30 01:27:19.123456
    if (time.size() > 10 && time[10] == 'T') time[10] = ' ';
    if (!time.empty() && time.back() == 'Z') time.pop_back();
    const std::string event = text(line, "event");
    std::string out;
    column(out, time, 26);

    if (event == "request" || event == "notification") {
        std::string outcome = event == "notification" ? "notification" : text(line, "outcome");
        if (outcome == "protocol_error") outcome = "error " + text(line, "code");
        else if (outcome == "tool_error") outcome = "tool error";
        else if (outcome == "input_required") outcome = "input required";
        column(out, outcome, 14);
        std::string what = text(line, "method");
        if (what.empty()) what = "-";
        if (const auto tool = text(line, "tool"); !tool.empty()) what += " " + tool;
        column(out, what, 30);
        std::string duration = text(line, "duration_us") + " us";
        if (duration.size() < 10) duration.insert(0, 10 - duration.size(), ' ');
        column(out, duration, 10);
        std::string client;
        if (const auto c = line.find("client"); c != line.end() && c->is_object()) {
            client = text(*c, "name");
            if (const auto v = text(*c, "version"); !v.empty()) client += "/" + v;
        }
        if (const auto principal = text(line, "principal"); !principal.empty()) client = principal + " (" + client + ")";
        column(out, client.empty() ? "-" : client, 20);
        const auto id = text(line, "id");
        column(out, id.empty() ? "" : "id " + id, 8);
        if (const auto trace = text(line, "trace_id"); !trace.empty()) column(out, "trace " + trace, 40);
        out += text(line, "problem");
        if (const auto args = line.find("arguments"); args != line.end()) out += "  arguments " + args->dump();
    } else if (event == "start") {
        column(out, event, 14);
        out += "office-mcp " + text(line, "version") + " on " + text(line, "db") + ", profile " + text(line, "profile");
        if (const auto tools = line.find("tools"); tools != line.end() && tools->is_array()) {
            std::string names;
            for (const auto& tool : *tools) names += (names.empty() ? "" : ",") + (tool.is_string() ? tool.get<std::string>() : tool.dump());
            out += ", tools " + names;
        }
        out += ", log level " + text(line, "log_level") + ", pid " + text(line, "pid");
    } else if (event == "stop") {
        column(out, event, 14);
        out += text(line, "reason") + " (exit " + text(line, "exit_code") + ")";
        if (const auto problem = text(line, "problem"); !problem.empty()) out += ": " + problem;
    } else {
        column(out, event, 14);
        for (const auto& [key, value] : line.items()) {
            if (key == "time" || key == "level" || key == "event") continue;
            out += key + " " + (value.is_string() ? value.get<std::string>() : value.dump()) + "  ";
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return terminal_safe(out);
}

}  // namespace office
