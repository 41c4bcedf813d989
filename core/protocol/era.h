#pragma once
// What each protocol revision has, as data (docs/architecture.md, "Layers"). The session asks a
// revision by name ("does this one have structuredContent?") instead of comparing dates, so a
// new revision is one new row here and every difference between revisions is in one table.

#include <string_view>

namespace office {

struct Revision {
    std::string_view version;       // e.g. 2025-11-25; "" for "no revision negotiated yet"
    bool envelope = false;          // stateless: every request carries its own _meta envelope (2026-07-28)
    bool batch = false;             // JSON-RPC batches (2025-03-26 only)
    bool annotations = false;       // tool annotations: title and the read-only/destructive hints
    bool titles = false;            // a tool's title and serverInfo.title
    bool structured_content = false;  // results carry structuredContent; problems listed in _meta
    bool output_schema = false;     // tools/list gives each tool's outputSchema
    bool elicitation = false;       // a form can reach a person (elicitation/create or input_required)
    bool schema_dialect = false;    // schemas name "$schema": JSON Schema 2020-12
    bool form_mode = false;         // an elicitation form says mode "form"
    bool tasks = false;             // the tasks extension (io.modelcontextprotocol/tasks) is defined
    bool completions = false;       // the completions capability (completion/complete itself is in every one)
    bool resource_links = false;    // a tool result's content may hold a resource_link
    bool icons = false;             // icons on the server, its tools, prompts and resources
};

// The envelope a stateless (2026-07-28) request carries in params._meta: its protocol version,
// its client's capabilities and who the client is. One of the first two there makes a request
// stateless, for the session and for a transport that routes by era (core/http).
inline constexpr std::string_view kMetaVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr std::string_view kMetaCapabilities = "io.modelcontextprotocol/clientCapabilities";
inline constexpr std::string_view kMetaClientInfo = "io.modelcontextprotocol/clientInfo";
inline constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";  // on every result

// Oldest first; the last row is the stateless revision.
inline constexpr Revision kRevisions[] = {
    {.version = "2024-11-05"},
    {.version = "2025-03-26", .batch = true, .annotations = true, .completions = true},
    {.version = "2025-06-18", .annotations = true, .titles = true, .structured_content = true, .output_schema = true,
     .elicitation = true, .completions = true, .resource_links = true},
    {.version = "2025-11-25", .annotations = true, .titles = true, .structured_content = true, .output_schema = true,
     .elicitation = true, .schema_dialect = true, .form_mode = true, .completions = true, .resource_links = true, .icons = true},
    {.version = "2026-07-28", .envelope = true, .annotations = true, .titles = true, .structured_content = true,
     .output_schema = true, .elicitation = true, .schema_dialect = true, .form_mode = true, .tasks = true,
     .completions = true, .resource_links = true, .icons = true},
};

// Before initialize, or for a version we do not know: a revision that has nothing.
inline constexpr Revision kNoRevision{};

// The row for `version`, or kNoRevision.
constexpr const Revision& revision(std::string_view version) {
    for (const Revision& r : kRevisions)
        if (r.version == version) return r;
    return kNoRevision;
}

// A version a client can negotiate with initialize (the eras before the envelope).
constexpr bool is_legacy_version(std::string_view version) {
    const Revision& r = revision(version);
    return !r.version.empty() && !r.envelope;
}

}  // namespace office
