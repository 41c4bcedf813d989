// The first and last lines of a run's log: which server, on which database, served what; and
// why it ended, with which status. main.cpp writes them; they say nothing about requests.

#pragma once

#include "options.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// `tools`: the enabled tool names (empty: all of them).
nlohmann::ordered_json start_line(const Options& o, const std::vector<std::string>& tools);

// `problem`: empty unless the run ended on an error.
nlohmann::ordered_json stop_line(const Options& o, const std::string& reason, int status, const std::string& problem);
