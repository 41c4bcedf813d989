// office-mcp --http [HOST:]PORT: the command line's serving options made into an HTTP office
// (the address, the store, the sealer, the log, tokens, origins and limits), then served by
// http_server.h until a stop signal.

#pragma once

#include "log_sink.h"
#include "options.h"

// Returns the exit status; fail()s (exit 2, one sentence) on an option or a database that
// cannot work, before anything is served.
int serve_http(const Options& o, LogSink::WriteAll write_all);
