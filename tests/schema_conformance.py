#!/usr/bin/env python3
"""Every message office-mcp writes validates against the official schema.json of the era it
answered in. Runs scripted sessions of every era through the real binary over pipes, records
the transcripts (written beside the build as transcripts/*.jsonl for inspection) and validates
each server message twice: as a JSON-RPC message of that revision, and its result as the
result type of the method it answers.

Usage: schema_conformance.py OFFICE_MCP_BINARY SPEC_DIR OUT_DIR [SERVER_ARGUMENT...]
(e.g. --locale es: the refund form in Spanish must conform just the same)
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

BINARY, SPEC_DIR, OUT_DIR = sys.argv[1:4]
SERVER_ARGUMENTS = sys.argv[4:]
MODERN = "2026-07-28"
# A client of MCP Apps (core/protocol/office_apps.h): its tools/list links views, which it reads.
APPS = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
LEGACY = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]

RESULT_TYPES = {
    "initialize": "InitializeResult",
    "ping": "EmptyResult",
    "tools/list": "ListToolsResult",
    "tools/call": "CallToolResult",
    "server/discover": "DiscoverResult",
    "resources/list": "ListResourcesResult",
    "resources/templates/list": "ListResourceTemplatesResult",
    "resources/read": "ReadResourceResult",
    "resources/subscribe": "EmptyResult",
    "resources/unsubscribe": "EmptyResult",
    "prompts/list": "ListPromptsResult",
    "prompts/get": "GetPromptResult",
    "completion/complete": "CompleteResult",
}


def prompt_requests(base):
    """Prompts and completions (issue 39): each prompt, a refusal, and every kind of completion."""
    yield "prompts/list", {**base}
    for name, arguments in [("book-appointment", {"customer": "Maria", "day": "2026-09-04"}),
                            ("refund-invoice", {"customer": "example.com"}),
                            ("order-lunch", {"item": "tortilla", "quantity": "2"}),
                            ("customer-summary", {"customer": "3"}),
                            ("book-appointment", {})]:
        yield "prompts/get", {"name": name, "arguments": arguments, **base}
    prompt = lambda name: {"type": "ref/prompt", "name": name}
    for ref, argument, context in [(prompt("book-appointment"), {"name": "customer", "value": "ma"}, None),
                                   (prompt("book-appointment"), {"name": "day", "value": "2026"}, None),
                                   (prompt("refund-invoice"), {"name": "invoice", "value": ""}, {"customer": "Maria"}),
                                   (prompt("order-lunch"), {"name": "item", "value": "t"}, None),
                                   ({"type": "ref/resource", "uri": "office://{table}{?after,limit}"},
                                    {"name": "table", "value": "s"}, None),
                                   (prompt("nothing"), {"name": "x", "value": ""}, None)]:
        params = {"ref": ref, "argument": argument, **base}
        if context:
            params["context"] = {"arguments": context}
        yield "completion/complete", params


def envelope(caps=None):
    return {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN,
                      "io.modelcontextprotocol/clientCapabilities": caps or {},
                      "io.modelcontextprotocol/clientInfo": {"name": "conformance", "version": "1"}}}


def calls(params_base, can_elicit):
    """The tool calls every era's script makes: good and bad arguments for all six tools."""
    args = [
        ("order_lunch", {"item": "tortilla", "quantity": 2}),
        ("order_lunch", {"item": "sopa", "quantity": 9, "colour": "rojo"}),
        ("order_lunch", {}),
        ("find_customer", {"query": "Maria"}),
        ("find_customer", {"query": "%"}),
        ("list_availability", {"day": "2026-09-04"}),
        ("list_availability", {"day": "2026-02-30"}),
        ("book_slot", {"slot_id": 1, "customer_id": 1}),
        ("book_slot", {"slot_id": 1, "customer_id": 1}),
        ("book_slot", {"slot_id": 99, "customer_id": 1}),
        ("open_invoices", {"customer_id": 1}),
        ("open_invoices", {"customer_id": 42}),
        ("issue_refund", {"invoice_id": 4}),
        ("issue_refund", {"invoice_id": 99}),
        ("no_such_tool", {}),
    ]
    for name, arguments in args:
        if name == "issue_refund" and can_elicit and arguments["invoice_id"] == 4:
            continue  # would ask the client a question: exercised separately below
        yield {"name": name, "arguments": arguments, **params_base}


class Server:
    def __init__(self, db):
        # stderr goes to a file: a sanitizer report or a crash at exit must not go unseen.
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([BINARY, "--db", db, *SERVER_ARGUMENTS], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, bufsize=1)

    def send(self, message):
        line = message if isinstance(message, str) else json.dumps(message)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("office-mcp closed stdout")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        rest = [json.loads(l) for l in self.proc.stdout.read().splitlines() if l.strip()]
        status = self.proc.wait(timeout=10)
        if status != 0:
            self.stderr.seek(0)
            raise RuntimeError(f"office-mcp exited with status {status}; its stderr:\n{self.stderr.read()}")
        return rest


def run_session(version, db):
    """Returns [(message, method it answers or None)] for one era."""
    server = Server(db)
    transcript = []
    next_id = [0]

    def request(method, params, expect_reply=True):
        next_id[0] += 1
        server.send({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params})
        if expect_reply:
            transcript.append((server.read(), method))

    if version == MODERN:
        base = envelope()
        request("server/discover", envelope())
        request("tools/list", envelope())
        request("tools/list", envelope(APPS))
        request("resources/read", {"uri": "ui://office/availability", **envelope(APPS)})
        request("resources/read", {"uri": "ui://office/availability", **envelope()})
        for params in calls(base, False):
            request("tools/call", params)
        # The input_required route, then its retry.
        request("tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2},
                               **envelope({"elicitation": {}})})
        asked = transcript[-1][0]["result"]
        request("tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2},
                               "inputResponses": {"approve_refund": {"action": "accept",
                                                                      "content": {"amount": 80, "reason": "Double charge"}}},
                               "requestState": asked["requestState"], **envelope({"elicitation": {}})})
        request("tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2},
                               "inputResponses": {"approve_refund": {"action": "accept"}},
                               "requestState": asked["requestState"], **envelope({"elicitation": {}})})
        # The tables as resources, and a listen that hears of a write; its completion result
        # comes when stdin closes.
        for method, params in prompt_requests(envelope()):
            request(method, params)
        request("resources/list", envelope())
        request("resources/templates/list", envelope())
        request("resources/read", {"uri": "office://slots?limit=2", **envelope()})
        request("resources/read", {"uri": "office://nothing", **envelope()})
        request("subscriptions/listen", {"notifications": {"resourceSubscriptions": ["office://lunch_orders"]},
                                         **envelope()}, expect_reply=False)
        transcript.append((server.read(), None))  # notifications/subscriptions/acknowledged
        request("tools/call", {"name": "order_lunch", "arguments": {"item": "tortilla", "quantity": 1}, **envelope()})
        transcript.append((server.read(), None))  # notifications/resources/updated
        request("ping", envelope())  # no ping in 2026-07-28: -32601
        request("tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01",
                                         "io.modelcontextprotocol/clientCapabilities": {}}})
        request("tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}})
        server.send("this is not json")
        transcript.append((server.read(), None))
    else:
        caps = {"elicitation": {}} if version >= "2025-06-18" else {}
        request("initialize", {"protocolVersion": version, "capabilities": {**caps, **APPS},
                               "clientInfo": {"name": "conformance", "version": "1"}})
        server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        request("ping", {})
        request("tools/list", {})
        for params in calls({}, bool(caps)):
            request("tools/call", params)
        for method, params in prompt_requests({}):
            request(method, params)
        request("resources/list", {})
        request("resources/templates/list", {})
        request("resources/read", {"uri": "office://invoices?limit=2"})
        request("resources/read", {"uri": "office://nothing"})
        request("resources/read", {"uri": "ui://office/invoices"})  # a view from 2025-06-18 on, else not found
        request("resources/subscribe", {"uri": "office://lunch_orders"})
        request("tools/call", {"name": "order_lunch", "arguments": {"item": "tortilla", "quantity": 1}})
        transcript.append((server.read(), None))  # notifications/resources/updated
        request("resources/unsubscribe", {"uri": "office://lunch_orders"})
        if version >= "2025-06-18":
            # The legacy elicitation route: the server asks, the client answers.
            request("tools/call", {"name": "issue_refund", "arguments": {"invoice_id": 2}}, expect_reply=False)
            ask = server.read()
            transcript.append((ask, None))
            server.send({"jsonrpc": "2.0", "id": ask["id"],
                         "result": {"action": "accept", "content": {"amount": 80, "reason": "Double charge"}}})
            transcript.append((server.read(), "tools/call"))
        if version == "2025-03-26":
            next_id[0] += 1
            server.send([{"jsonrpc": "2.0", "id": next_id[0], "method": "ping"},
                         {"jsonrpc": "2.0", "id": next_id[0] + 1, "method": "tools/list"}])
            next_id[0] += 1
            batch = server.read()
            transcript.append((batch[0], "ping"))
            transcript.append((batch[1], "tools/list"))
        if version >= "2025-11-25":
            # Only 2025-11-25 and later let an error reply omit an unknown id.
            server.send("this is not json")
            transcript.append((server.read(), None))
    transcript += [(m, None) for m in server.close()]
    return transcript


def main():
    missing = [v for v in LEGACY + [MODERN] if not os.path.isfile(os.path.join(SPEC_DIR, "schema", v, "schema.json"))]
    if missing:
        print(f"FAIL: the official schema.json of {', '.join(missing)} is not under {SPEC_DIR}/schema "
              "(the spec reference is expected in ../shared/reference/mcp-spec beside the repo)")
        return 1
    os.makedirs(OUT_DIR, exist_ok=True)
    failures = checked = 0
    for version in LEGACY + [MODERN]:
        with open(os.path.join(SPEC_DIR, "schema", version, "schema.json")) as f:
            schema = json.load(f)
        defs_key = "$defs" if "$defs" in schema else "definitions"
        cls = jsonschema.validators.validator_for(schema)

        def validator(name):
            return cls({"$ref": f"#/{defs_key}/{name}", defs_key: schema[defs_key], "$schema": schema.get("$schema")})

        message_validator = validator("JSONRPCMessage")
        with tempfile.TemporaryDirectory() as tmp:
            transcript = run_session(version, os.path.join(tmp, "office.db"))
        with open(os.path.join(OUT_DIR, f"{version}.jsonl"), "w") as out:
            for message, method in transcript:
                out.write(json.dumps(message) + "\n")
                problems = [e.message for e in message_validator.iter_errors(message)]
                if "result" in message and method in RESULT_TYPES:
                    kind = RESULT_TYPES[method]
                    if version == MODERN and message["result"].get("resultType") == "input_required":
                        kind = "InputRequiredResult"
                    problems += [f"{kind}: {e.message}" for e in validator(kind).iter_errors(message["result"])]
                if "method" in message and message["method"] == "elicitation/create":
                    problems += [f"ElicitRequest: {e.message}" for e in validator("ElicitRequest").iter_errors(message)]
                checked += 1
                if problems:
                    failures += 1
                    print(f"FAIL {version}: {json.dumps(message)[:300]}\n  " + "\n  ".join(problems[:5]))
        print(f"{version}: {len(transcript)} messages checked")
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
