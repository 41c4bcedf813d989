#pragma once
// office-bench --customers N[,N...] (issue 37, "Scale"): find_customer in large offices. The
// 3-customer demo office and one office of each N generated customers (realistic names and
// emails, accents included, the same for every run: customer_name/customer_email), each filled
// in one transaction through office-mcp's own SQLite code (the import, timed: its trigger writes
// the trigram index row by row) and then served by office-mcp over stdio; sequential
// find_customer calls of four kinds (one match; a name matching 1/30 of the office; a short
// query matching many; a short query matching nobody) give the server's CPU per call, each as a
// ratio to the same kind in the 3-customer office. With --postgres URI, office-mcp-pg on that
// database as well (reset, then filled with the same customers by one INSERT ... SELECT).

#include "scenarios.h"

#include <string>
#include <vector>

namespace bench {

struct CustomersParams {
    std::vector<long long> counts;  // the generated offices' sizes
    int calls = 1000;               // sequential calls per query kind (fewer when slow: min_ms)
    int min_ms = 1500;              // ... and at most this long once 20 calls were made
    std::string postgres_uri, server_pg;
};

// The k-th generated customer (k >= 1).
std::string customer_name(long long k);
std::string customer_email(long long k);

// Runs the scenario, prints its tables, writes `json_path` when given; 0, or 1 when a session failed.
int run_customers(const std::string& office_binary, const CustomersParams& p, Ctx& ctx, const std::string& json_path,
                  const std::string& header);

}  // namespace bench
