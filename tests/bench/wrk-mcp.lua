-- office-bench --http's script for wrk (https://github.com/wg/wrk), the load generator nobody here
-- wrote: each connection sends the same POST the bench's own client sends (http_client.cpp), one
-- at a time, and every answer is checked. office-bench runs it as
--   wrk -t1 -cN -d<s>s --timeout 10s -s wrk-mcp.lua http://HOST:PORT/PATH -- HEAD BODY_PRE BODY_POST FIRST_ID
-- HEAD is the request up to its Content-Length ("POST /mcp HTTP/1.1\r\nHost: ...\r\n...", built by
-- http_request_head() for both clients); the body is BODY_PRE, a JSON-RPC id counting up from
-- FIRST_ID, BODY_POST. It says "wrk-mcp: ready" on stdout once wrk can be stopped with SIGINT, and
-- at the end one line for the bench:
--   wrk-mcp: {"requests":R,"sent":S,"duration_us":D,"p50_us":A,"p99_us":B,"not_200":N,"no_result":M,
--             "closed":C,"errors":E,"first_bad":"..."}
-- requests: answers wrk counted; sent: requests written (the server's work, answered or not when
-- the phase stopped); not_200: answers with another status; no_result: 200s whose body has no
-- "result" or has "isError":true; closed: answers saying Connection: close (the bench's own client
-- keeps its connections; a server that closes them is not measured like for like); errors: wrk's
-- socket errors (connect, read, write, timeout). wrk's p50/p99 include its own correction for
-- coordinated omission (stats_correct in wrk 4.1).

local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

function init(args)
   -- args[0] is the URL; ours follow it.
   head, body_pre, body_post, next_id = args[1], args[2], args[3], tonumber(args[4])
   sent, not_200, no_result, closed, first_bad = 0, 0, 0, 0, ""
   -- wrk ignores SIGINT from here until it is in the phase, when SIGINT ends the phase.
   io.write("wrk-mcp: ready\n")
   io.flush()
end

function request()
   local body = body_pre .. string.format("%d", next_id) .. body_post
   next_id = next_id + 1
   sent = sent + 1
   return head .. "Content-Length: " .. #body .. "\r\n\r\n" .. body
end

local function bad(what)
   if first_bad == "" then first_bad = what:sub(1, 300) end
end

function response(status, headers, body)
   if status ~= 200 then
      not_200 = not_200 + 1
      bad("HTTP " .. status .. ": " .. body)
   elseif not body:find('"result":', 1, true) or body:find('"isError":true', 1, true) then
      no_result = no_result + 1
      bad("HTTP 200 without a successful result: " .. body)
   end
   for name, value in pairs(headers) do
      if name:lower() == "connection" and value:lower() == "close" then
         closed = closed + 1
         bad("an answer closing its connection: HTTP " .. status)
      end
   end
end

local function json_string(s)
   return '"' .. s:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
end

function done(summary, latency, requests)
   local t = { sent = 0, not_200 = 0, no_result = 0, closed = 0 }
   local first = ""
   for _, thread in ipairs(threads) do
      for k in pairs(t) do t[k] = t[k] + thread:get(k) end
      if first == "" then first = thread:get("first_bad") end
   end
   local e = summary.errors
   io.write(string.format('wrk-mcp: {"requests":%d,"sent":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,' ..
                          '"not_200":%d,"no_result":%d,"closed":%d,"errors":%d,"first_bad":%s}\n',
                          summary.requests, t.sent, summary.duration, latency:percentile(50), latency:percentile(99),
                          t.not_200, t.no_result, t.closed, e.connect + e.read + e.write + e.timeout, json_string(first)))
end
