#include "run_log.h"

#include "process_life.h"
#include "session.h"
#include "tool.h"

#include <algorithm>

namespace {

// Start and stop lines both begin by saying which server, on which database, served what.
nlohmann::ordered_json identity(const Options& o) {
    nlohmann::ordered_json line;
    line["version"] = office::server_version();
    line["db"] = office::office_display_name(o.db);  // a URI's password masked
    line["profile"] = o.profile;
    line["pid"] = process::id();
    return line;
}

}  // namespace

nlohmann::ordered_json start_line(const Options& o, const std::vector<std::string>& tools) {
    auto line = identity(o);
    line["tools"] = nlohmann::ordered_json::array();
    for (const auto& tool : office::office_tools()) {
        const bool chosen = tools.empty() || std::find(tools.begin(), tools.end(), tool.name) != tools.end();
        if (tool.admin ? o.admin : chosen) line["tools"].push_back(tool.name);
    }
    line["log_level"] = office::log_level_name(o.log_level);
    line["durability"] = o.durability == office::Durability::Power ? "power" : "process";
    return line;
}

nlohmann::ordered_json stop_line(const Options& o, const std::string& reason, int status, const std::string& problem) {
    auto line = identity(o);
    line["reason"] = reason;
    line["exit_code"] = status;
    if (!problem.empty()) line["problem"] = problem;
    return line;
}
