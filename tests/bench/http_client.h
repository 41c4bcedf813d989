#pragma once
// office-bench's HTTP client: N keep-alive HTTP/1.1 connections to one server, each sending one
// POST at a time (the next as soon as the previous answer is complete), all driven by one
// thread with poll over non-blocking sockets. Every answer must be a 200 carrying a successful
// JSON-RPC result for the id sent; the first that is not ends the phase with an error. The request's
// head (http_request_head) is also what wrk sends (wrk_nginx.h), so both clients send the same bytes.

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

// The body's JSON-RPC id goes between pre and post; `headers` are extra request header lines
// ("Name: value\r\n" each). Content-Length, Host and Connection are added.
struct HttpCall {
    std::string host;  // numeric IPv4, e.g. 127.0.0.1
    int port = 0;
    std::string path = "/mcp";
    std::string headers;
    std::string body_pre, body_post;
    bool check_id = true;  // false: any id is taken (the nginx floor answers with a canned one)
};

// "POST PATH HTTP/1.1", Host, Connection: keep-alive and `headers`: the request up to its
// Content-Length line.
std::string http_request_head(const HttpCall& call);

struct HttpLoadSpec {
    int connections = 1;
    // A connection sends its next request while the phase is shorter than min_ns, or fewer
    // than min_calls were sent and it is shorter than max_ns (a slow server still gets a few
    // calls per connection, a fast one is not held past min_ns).
    long long min_calls = 0;
    int64_t min_ns = 0;
    int64_t max_ns = 0;
    int64_t answer_timeout_ns = 10'000'000'000;
};

struct HttpLoadOut {
    long long calls = 0;             // complete, successful answers
    int64_t t0 = 0, t1 = 0;          // first request sent, last answer complete
    std::vector<double> latency_us;  // per call: start of its write -> its answer complete
    std::string err;                 // empty when every answer was a 200 with a result
    std::string sample;              // the first answer's body
};

// Opens spec.connections connections, runs the phase, closes them. `first_id` numbers the
// requests (each connection takes the next free id).
HttpLoadOut run_http_load(const HttpCall& call, const HttpLoadSpec& spec, long long first_id = 1);

}  // namespace bench
