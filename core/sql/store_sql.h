#pragma once
// SQL that the SQLite and PostgreSQL layers share, so the two backends cannot drift apart: the
// statement that reads a page of an office table (OfficeStore::read_rows; both take $1, after
// this id, and $2, at most this many), the LIKE pattern of find_customers, and SQL as their
// error messages quote it. Stores and their database layers only.

#include "office_tables.h"
#include "store_error.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace office {

// Each table's columns, in the order office_tables.h lists them.
inline std::string_view table_rows_sql(OfficeTable table) {
    switch (table) {
    case OfficeTable::customers: return "SELECT id, name, email FROM customers WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::slots:
        return "SELECT id, day, time, customer_id, booked_at, booked_by FROM slots WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::invoices:
        return "SELECT i.id, i.customer_id, c.name, i.amount_cents, i.status, i.refunded_cents, "
               "i.amount_cents - i.refunded_cents FROM invoices i JOIN customers c ON c.id = i.customer_id "
               "WHERE i.id > $1 ORDER BY i.id LIMIT $2";
    case OfficeTable::refunds:
        return "SELECT id, invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, "
               "requested_by FROM refunds WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::lunch_orders:
        return "SELECT id, item, quantity, note, client, created_at FROM lunch_orders WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::approval_requests:
        return "SELECT id, invoice_id, status, client, created_at, resolved_at, resolved_by, reported_at, amount_cents, "
               "reason, task FROM approval_requests WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::audit:
        return "SELECT id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, "
               "detail, principal FROM audit WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::menu: return "SELECT id, name, price_cents FROM menu WHERE id > $1 ORDER BY id LIMIT $2";
    case OfficeTable::calendar: break;  // a document, not rows (has_rows)
    }
    throw StoreError(0, "unknown office table");
}

// SQL as an error message quotes it: one line, at most about 120 characters.
inline std::string sql_for_message(std::string_view sql) {
    std::string out;
    bool space = false;
    for (char c : sql) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
        if (out.size() >= 120) return out + "...";
    }
    return out;
}

// LIKE's pattern for "contains `text`" with ESCAPE '\\': % _ and \ match themselves.
inline std::string like_literal(std::string_view text) {
    std::string pattern = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\') pattern += '\\';
        pattern += c;
    }
    return pattern + "%";
}

// The whole words of find_customer's `text`, for the stores' word indexes: a word is a run of 3
// bytes or more with an ASCII separator (not a letter or digit) on each side within `text`, at
// least one of them an ASCII letter or digit (shorter runs, as the "a" of "ana a. gil", are in
// too many rows to be worth reading). A name or email holding `text` holds each such run with
// those separators around it, so it is a whole word of that name or email too, split at the
// same separators: a row holds `text` only if its words include all of these (SQLite's
// customer_words with the unicode61 tokenizer, PostgreSQL's customer_words(name, email)).
// Their indexes narrow, LIKE decides. The first and last runs of `text` are not whole words
// (they may be the end or the start of longer ones).
inline std::vector<std::string> whole_words(std::string_view text) {
    const auto separator = [](unsigned char c) { return c < 0x80 && !std::isalnum(c); };
    std::vector<std::string> words;
    std::size_t start = text.size();  // where the current run began, after a separator
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!separator(text[i])) continue;
        if (start < i) {
            const std::string_view run = text.substr(start, i - start);
            if (run.size() >= 3 && std::any_of(run.begin(), run.end(), [](unsigned char c) { return c < 0x80 && std::isalnum(c); }))
                words.emplace_back(run);
        }
        start = i + 1;
    }
    return words;
}

}  // namespace office
