#include "csv.h"

#include "utf8.h"

#include <algorithm>
#include <cstdint>

namespace office::csv {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string size_text(std::size_t bytes) {
    if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// The length of the line end at bytes[i] (CRLF 2, LF or a lone CR 1), 0 when there is none.
std::size_t line_end(std::string_view bytes, std::size_t i) {
    if (i >= bytes.size()) return 0;
    if (bytes[i] == '\n') return 1;
    if (bytes[i] == '\r') return i + 1 < bytes.size() && bytes[i + 1] == '\n' ? 2 : 1;
    return 0;
}

// Line ends in `text`, counted as line_end() counts them.
std::size_t lines_in(std::string_view text) {
    std::size_t lines = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++lines;
    return lines;
}

// Before any field is read, so that a refusal names the line a person can look at (the bad
// byte's own), whatever the quotes around it do.
std::optional<Error> check_text(std::string_view bytes) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < bytes.size();) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == 0)
            return Error{line, "a NUL byte: this is not a text file, or it is UTF-16 (save it as CSV in UTF-8)"};
        if (c < 0x80) {
            if (const std::size_t end = line_end(bytes, i)) {
                ++line;
                i += end;
            } else {
                ++i;
            }
            continue;
        }
        const std::size_t length = utf8::sequence_length(bytes.substr(i));
        if (length == 0) return Error{line, "bytes that are not UTF-8 (save it as UTF-8)"};
        i += length;
    }
    return std::nullopt;
}

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// UTF-16 after its byte-order mark, as UTF-8 in `out`. Google Contacts' old "Google CSV" export
// is UTF-16 (little-endian, with the mark): a person should not have to convert what their
// address book wrote.
std::optional<Error> utf16_to_utf8(std::string_view bytes, bool little_endian, std::string& out) {
    const auto unit = [&](std::size_t i) {
        const auto a = static_cast<unsigned char>(bytes[i]), b = static_cast<unsigned char>(bytes[i + 1]);
        return static_cast<std::uint32_t>(little_endian ? a | (b << 8) : (a << 8) | b);
    };
    const auto broken = [&] {
        return Error{1 + lines_in(out), "the file is UTF-16 but not well-formed there (save it as UTF-8)"};
    };
    if (bytes.size() % 2 != 0) return broken();
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); i += 2) {
        std::uint32_t code = unit(i);
        if (code >= 0xDC00 && code <= 0xDFFF) return broken();
        if (code >= 0xD800 && code <= 0xDBFF) {
            if (i + 2 >= bytes.size()) return broken();
            const std::uint32_t low = unit(i + 2);
            if (low < 0xDC00 || low > 0xDFFF) return broken();
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            i += 2;
        }
        append_utf8(out, code);
    }
    return std::nullopt;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A cell a spreadsheet would take for a formula (OWASP's "CSV injection": =HYPERLINK(...),
// @SUM(...)|cmd): one that begins with =, +, -, @, a tab or a carriage return; and one that
// begins with ' itself, so that the mark written before the others can always be taken off again.
bool formula_like(std::string_view field) {
    return !field.empty() && std::string_view("=+-@\t\r'").find(field.front()) != std::string_view::npos;
}

bool needs_quotes(std::string_view field, bool only_field) {
    if (field.empty()) return only_field;
    return field.find_first_of(",\"\r\n") != std::string_view::npos || is_blank(field.front()) ||
           is_blank(field.back()) || field.starts_with(kByteOrderMark);
}

}  // namespace

std::optional<Error> for_each_record(std::string_view bytes, const std::function<void(Record&&)>& record,
                                     std::size_t max_field_bytes) {
    std::string decoded;
    if (bytes.starts_with(kByteOrderMark)) {
        bytes.remove_prefix(kByteOrderMark.size());
    } else if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
        if (auto bad = utf16_to_utf8(bytes.substr(2), bytes[0] == '\xFF', decoded)) return bad;
        bytes = decoded;
    }
    if (auto bad = check_text(bytes)) return bad;

    const std::size_t n = bytes.size();
    const auto too_large = [&](std::size_t line) {
        return Error{line, "a field larger than " + size_text(max_field_bytes) + ", the most one may hold"};
    };
    std::size_t line = 1;
    std::size_t i = 0;
    while (i < n) {
        if (const std::size_t end = line_end(bytes, i)) {  // an empty line: no record
            i += end;
            ++line;
            continue;
        }
        Record r;
        r.line = line;
        for (;;) {
            std::string field;
            const std::size_t field_line = line;
            r.quoted.push_back(i < n && bytes[i] == '"');
            if (r.quoted.back()) {
                ++i;
                for (;;) {
                    const std::size_t quote = bytes.find('"', i);
                    if (quote == std::string_view::npos)
                        return Error{field_line, "a quote that opens a field here is never closed"};
                    if (quote - i > max_field_bytes - field.size()) return too_large(field_line);
                    const std::string_view part = bytes.substr(i, quote - i);
                    line += lines_in(part);
                    field += part;
                    i = quote + 1;
                    if (i < n && bytes[i] == '"') {  // a doubled quote stands for one
                        if (field.size() == max_field_bytes) return too_large(field_line);
                        field += '"';
                        ++i;
                        continue;
                    }
                    break;
                }
                if (i < n && bytes[i] != ',' && line_end(bytes, i) == 0)
                    return Error{line, "text after a closing quote (a quote inside a quoted field is written twice: \"\")"};
            } else {
                const std::size_t stop = std::min(bytes.find_first_of(",\r\n\"", i), n);
                if (stop - i > max_field_bytes) return too_large(field_line);
                if (stop < n && bytes[stop] == '"')
                    return Error{line, "a quote inside a field that does not start with one (quote the whole field and write "
                                       "the quote twice: \"\")"};
                field.assign(bytes.substr(i, stop - i));
                i = stop;
            }
            if (field.size() >= 2 && field.front() == '\'' && formula_like(std::string_view(field).substr(1)))
                field.erase(0, 1);  // the mark append_row put before a formula-like cell
            r.fields.push_back(std::move(field));
            if (i < n && bytes[i] == ',') {
                ++i;
                continue;
            }
            break;
        }
        if (const std::size_t end = line_end(bytes, i)) {
            i += end;
            ++line;
        }
        record(std::move(r));
    }
    return std::nullopt;
}

Parsed read(std::string_view bytes, std::size_t max_field_bytes) {
    Parsed parsed;
    parsed.error = for_each_record(bytes, [&](Record&& r) { parsed.records.push_back(std::move(r)); }, max_field_bytes);
    if (parsed.error) parsed.records.clear();
    return parsed;
}

namespace {
// `field` as a cell, after the ' that keeps a spreadsheet from reading a formula in it.
void append_field(std::string& out, std::string_view field, bool quote) {
    const bool mark = formula_like(field);
    if (!quote) {
        if (mark) out += '\'';
        out += field;
        return;
    }
    out += '"';
    if (mark) out += '\'';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}
}  // namespace

void append_row(std::string& out, const std::vector<std::string>& fields) {
    for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k > 0) out += ',';
        append_field(out, fields[k], needs_quotes(fields[k], fields.size() == 1));
    }
    out += "\r\n";
}

void append_nullable_row(std::string& out, const std::vector<std::optional<std::string>>& fields) {
    for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k > 0) out += ',';
        if (fields[k]) append_field(out, *fields[k], fields[k]->empty() || needs_quotes(*fields[k], false));
    }
    out += "\r\n";
}

}  // namespace office::csv
