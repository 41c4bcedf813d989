#pragma once
// The whole office as files a person or another program reads without office-mcp (office-mcp
// export DIR), and those files read back (import DIR): issue 41, docs/operating.md "Export".
//
//   <table>.csv     one per stored table (office_copy.h) but the audit trail: a header row of
//                   the table's column names, then a row per record in id order; RFC 4180 as
//                   csv.h writes it (UTF-8, CRLF), NULL as an empty field and empty text as ""
//                   (PostgreSQL's COPY ... CSV convention). customers.csv is what
//                   `customers import` reads.
//   audit.jsonl     the audit trail, one JSON object per line, integers as numbers.
//   calendar.ics    the booked slots as iCalendar (RFC 5545), for a calendar program; derived
//                   from slots.csv and customers.csv, so import does not read it.
//   manifest.json   what the export is: this format's version, the office's schema, when and
//                   from where, and per file its rows, bytes, SHA-256 and columns.
// The office's state key and tokens are secrets and not exported (a backup carries them).

#include "office_copy.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace office {

struct ExportFacts {
    std::vector<std::pair<std::string, std::int64_t>> files;  // file name, rows (events for calendar.ics)
};

// Writes the office file `office_file` (this build's schema) as the new directory `dir`, from
// one read snapshot: made as `dir`.partial, every file synced, then renamed. Refuses a `dir`
// that exists and is not empty. `source` and `version` go into the manifest. StoreError with
// one sentence; then no `dir` is left.
ExportFacts export_office_file(const std::string& office_file, const std::string& dir, const std::string& source,
                               const std::string& version);

// The export in `dir` given to `sink`, once every file the manifest names was found with its
// size and SHA-256 (any difference, a file missing, a schema other than this build's, a row
// that does not read: StoreError naming the file and line, before or while rows are given; the
// caller's transaction then takes nothing).
void read_export_dir(const std::string& dir, RowSink& sink);

}  // namespace office
