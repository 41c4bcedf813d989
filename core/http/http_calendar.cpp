#include "http_internal.h"

#include "calendar.h"
#include "office_store.h"
#include "session.h"
#include "sha256.h"

#include <algorithm>
#include <stdexcept>

namespace office::http {

using namespace internal;

bool internal::is_calendar_target(std::string_view target) {
    return target == "/calendar.ics" || target.starts_with("/calendar.ics?");
}

std::string internal::loggable_target(std::string_view target) {
    std::string out(target.substr(0, 200));
    const auto query = out.find('?');
    for (auto at = query == std::string::npos ? query : out.find("token=", query); at != std::string::npos;
         at = out.find("token=", at + 1)) {
        if (out[at - 1] != '?' && out[at - 1] != '&') continue;
        const auto end = out.find('&', at);
        out.replace(at + 6, (end == std::string::npos ? out.size() : end) - at - 6, "***");
    }
    return out;
}

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The value of ?token= (percent-decoded), none when the URL has none.
std::optional<std::string> url_token(std::string_view target) {
    const auto query = target.find('?');
    if (query == std::string_view::npos) return std::nullopt;
    for (std::string_view rest = target.substr(query + 1); !rest.empty();) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
        if (!pair.starts_with("token=")) continue;
        std::string value;
        for (std::size_t i = 6; i < pair.size(); ++i) {
            if (pair[i] == '%' && i + 2 < pair.size() && hex_digit(pair[i + 1]) >= 0 && hex_digit(pair[i + 2]) >= 0) {
                value += static_cast<char>(hex_digit(pair[i + 1]) * 16 + hex_digit(pair[i + 2]));
                i += 2;
            } else {
                value += pair[i] == '+' ? ' ' : pair[i];
            }
        }
        return value;
    }
    return std::nullopt;
}

// Whether these tools (empty: every tool) show the calendar: the scheduling tools do.
bool shows_calendar(const std::vector<std::string>& tools) {
    return tools.empty() || std::any_of(tools.begin(), tools.end(), [](const std::string& t) {
               return t == "list_availability" || t == "book_slot";
           });
}

// Whether If-None-Match (a list of entity tags, or *) names `etag`.
bool matches(std::string_view if_none_match, std::string_view etag) {
    for (std::string_view rest = if_none_match; !rest.empty();) {
        const auto comma = rest.find(',');
        std::string_view tag = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
        while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
        if (tag.starts_with("W/")) tag.remove_prefix(2);  // the weak comparison If-None-Match uses
        if (tag == "*" || tag == etag) return true;
    }
    return false;
}

}  // namespace

// GET /calendar.ics: the bookings as iCalendar (OfficeCalendar::icalendar), a URL a person
// subscribes to in a calendar app. Behind the same Origin check and token as /mcp, a token
// whose tools show the calendar (the scheduling profile, or all), sent as the bearer token or,
// for the apps that can send none, as ?token= in the URL (which is then as secret as the token).
// The ETag is the text's SHA-256: If-None-Match gets a 304 until a booking changes.
void Endpoint::answer_calendar(const Request& request, Response& response) {
    if (request.method != "GET" && request.method != "HEAD") {
        response.headers.emplace_back("Allow", "GET, HEAD");
        return refuse(response, 405, "Method Not Allowed: the calendar is read with GET");
    }
    std::optional<Principal> principal;
    const auto token = url_token(request.target);
    if (!admit(request, response, principal, token ? std::optional<std::string_view>(*token) : std::nullopt)) return;
    if (!shows_calendar(options_.tools))
        return refuse(response, 404, "Not Found: this server's profile has no calendar (it serves no scheduling tools)");
    if (principal && !shows_calendar(principal->tools))
        return refuse(response, 403, "Forbidden: this token's tools do not include the calendar (list_availability or book_slot)");
    std::string text;
    try {
        text = OfficeCalendar(*options_.store, options_.now()).icalendar(std::string(server_version()));
    } catch (const StoreError& e) {
        refuse(response, e.unavailable ? 503 : 500, std::string(e.unavailable ? "Service Unavailable: " : "Internal Server Error: ") + e.what());
        if (e.unavailable) response.headers.emplace_back("Retry-After", kRetryAfterSeconds);
        return;
    } catch (const std::invalid_argument& e) {  // the office's zone cannot be read on this machine
        return refuse(response, 500, std::string("Internal Server Error: ") + e.what());
    }
    Sha256 sha;
    sha.update(text);
    const std::string etag = "\"" + sha.hex().substr(0, 32) + "\"";
    response.headers.emplace_back("ETag", etag);
    response.headers.emplace_back("Cache-Control", "private, no-cache");  // always asked again, with the tag
    if (const auto* tags = header(request, "if-none-match"); tags && matches(*tags, etag)) {
        response.status = 304;
        return;
    }
    response.status = 200;
    response.headers.emplace_back("Content-Type", "text/calendar; charset=utf-8");
    response.headers.emplace_back("Content-Disposition", "inline; filename=\"calendar.ics\"");
    response.body = std::move(text);
}

}  // namespace office::http
