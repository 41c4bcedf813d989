#include "options.h"

#include "platform.h"
#include "tool.h"

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "office-mcp: %s\n", message.c_str());
    std::exit(2);
}

std::string absolute(const std::string& path) {
    std::error_code ec;
    auto p = std::filesystem::absolute(office::platform::u8path(path), ec);
    return ec ? path : p.lexically_normal().string();
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find(',', start);
        auto part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!part.empty()) parts.push_back(part);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return parts;
}

std::int64_t positive_number(const std::string& option, const std::string& text) {
    std::int64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || n > 100'000'000'000) fail(option + " needs a positive whole number");
        n = n * 10 + (c - '0');
    }
    if (n < 1) fail(option + " needs a positive whole number");
    return n;
}

std::int64_t milliseconds_of(const std::string& option, const std::string& text) {
    const auto point = text.find('.');
    const std::string whole = text.substr(0, point);
    const std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
    const auto digits = [](const std::string& t) { return t.find_first_not_of("0123456789") == std::string::npos; };
    if ((whole.empty() && fraction.empty()) || !digits(whole) || !digits(fraction) || whole.size() > 7 || fraction.size() > 3)
        fail(option + " needs a number of seconds, e.g. 5 or 0.5");
    return (whole.empty() ? 0 : std::stoll(whole)) * 1000 + (fraction.empty() ? 0 : std::stoll((fraction + "00").substr(0, 3)));
}

office::Durability durability_named(const std::string& name) {
    if (name == "power") return office::Durability::Power;
    if (name == "process") return office::Durability::Process;
    fail("unknown durability " + name + " (power or process)");
}

office::Locale locale_option(const std::string& name) {
    if (const auto locale = office::locale_named(name)) return *locale;
    fail("unknown locale " + name + " (" + office::kLocaleChoices + ")");
}

std::vector<std::string> enabled_tools(const Options& o) {
    std::vector<std::string> names;
    if (const auto problem = office::select_tools(o.profile, o.tools, names); !problem.empty()) fail(problem);
    for (const auto& tool : office::office_tools())
        if (tool.admin && !o.admin && std::find(names.begin(), names.end(), tool.name) != names.end())
            fail(tool.name + " is an admin tool: it is served with --admin only (the admin right serves every admin tool)");
    return names;
}
