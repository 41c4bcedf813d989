#pragma once
// The figures office-bench measures and how a figure's runs are summed up (median, range,
// quartiles; nearest-rank percentiles inside one run).

#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace bench {

// The nearest-rank percentile `p` (0..1) of one run's values; NaN for none.
double percentile(std::vector<double> v, double p);

struct Stat {
    double median = NAN, min = NAN, max = NAN, q1 = NAN, q3 = NAN;
    size_t n = 0;
};

double quantile_lin(const std::vector<double>& sorted, double q);

Stat stat_of(std::vector<double> v);

struct Figure {
    std::string key;
    std::string label;
    std::string unit;
    bool higher_better = false;
    bool modern = false;
};

std::vector<Figure> figure_list();

Figure figure_list_lookup(const std::vector<Figure>& figures, const std::string& key);

// values[pin][server][figure] = per-run values
using Values = std::map<int, std::map<std::string, std::map<std::string, std::vector<double>>>>;

}  // namespace bench
