#pragma once
// The icons (issue 39; 2025-11-25 and later revisions, Revision::icons): the server's
// (resources/office-desk.svg, and as PNG at 48 and 96 px) and one per kind of tool — customers,
// the calendar, invoices, refunds, lunch, the office — for each tool and prompt, as PNG at 48 px
// (the format every client that shows icons must read). All are data: URIs compiled into the
// binary (resources/icons/), so they work offline and over stdio. A 2026-07-28 client gets the
// server's in server/discover only: every other result's serverInfo stays small.

#include "json_rpc.h"

#include <string_view>

namespace office {

// The server's icons: [SVG (any), PNG 48x48, PNG 96x96].
const json& server_icons();
// The icons of the tool or prompt named `name` (every one of the office's has one), else [].
const json& icons_for(std::string_view name);

}  // namespace office
