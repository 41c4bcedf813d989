#pragma once
// `office-bench --echo-server`: the floor every server is compared against.

namespace bench {

// `office-bench --echo-server`: the cheapest possible stdio MCP server. It answers every
// complete line in a read() with a canned result carrying the request's id, all answers
// of one read() in one write(); initialize, tools/list and server/discover get minimal
// real answers, notifications none. Exits at end of input.
int echo_server_main();

}  // namespace bench
