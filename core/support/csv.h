#pragma once
// CSV as RFC 4180 has it and as spreadsheets and address books write it, for the files people
// bring (customers import) and the ones the office gives back (customers export). A file is a
// person's, not a program's: what it holds is taken exactly, and what cannot be read is refused
// with the line where the trouble is, never guessed at (a quote in the wrong place moves every
// later field). Knows nothing of the office: records of fields, nothing more.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office::csv {

// A field larger than this is refused: no name or address is a mebibyte, and a file whose
// quote never closes would otherwise make one field of the rest of the file.
inline constexpr std::size_t kDefaultMaxFieldBytes = std::size_t{1} << 20;

struct Record {
    std::size_t line = 0;  // 1-based line of the file where the record starts
    std::vector<std::string> fields;
    std::vector<bool> quoted;  // per field: it was written in double quotes
};

// Why a file was refused, and where: `why` is a sentence for the person who made the file
// ("a quote that opens here is never closed"), without the line, which the caller words.
struct Error {
    std::size_t line = 0;
    std::string why;
};

// Reads `bytes` record by record, in order, calling `record` for each; stops at the first
// problem and returns it (records before it have been given). Accepted: UTF-8 with or without a
// byte-order mark, UTF-16 with one (read as the same text in UTF-8); lines ended by CRLF, LF or
// a lone CR (old Mac), the last one with or without an end; fields separated by commas, a field
// in double quotes holding commas, line ends and doubled quotes (""); completely empty lines
// are skipped (no record). Refused: a quoted field never closed (the line where it opens), a
// quote inside a field that does not start with one, anything but a comma or line end after a
// closing quote, a NUL byte, bytes that are not UTF-8 (the Windows code pages among them), a
// field larger than `max_field_bytes`. A field that begins with ' followed by =, +, -, @, a tab,
// a carriage return or another ' is given without that first ' (the mark append_row writes, and
// LibreOffice and Excel's own way to keep text from being evaluated). Linear in the input
// whatever it holds; a refused field is not read past the limit.
std::optional<Error> for_each_record(std::string_view bytes, const std::function<void(Record&&)>& record,
                                     std::size_t max_field_bytes = kDefaultMaxFieldBytes);

// Every record of `bytes`, or why not.
struct Parsed {
    std::vector<Record> records;  // empty when refused
    std::optional<Error> error;
};
Parsed read(std::string_view bytes, std::size_t max_field_bytes = kDefaultMaxFieldBytes);

// Appends one record to `out`: the fields joined by commas, each in double quotes (inner ones
// doubled) only when it must be: it holds a comma, a quote, CR or LF, starts or ends with a
// space or tab (kept by this reader, trimmed by some others), starts with a byte-order mark
// (read as the file's own, were it first), or is the only field and empty (an empty line is no
// record). A field a spreadsheet would evaluate as a formula (one beginning with =, +, -, @, a
// tab or a carriage return, OWASP's advice) is written after a ', and so is one beginning with '
// itself; read() takes that one ' off again. Ends with CRLF, as RFC 4180 says. Fields must be
// UTF-8 without NUL, as read() gives them; then read() gives the same fields back.
void append_row(std::string& out, const std::vector<std::string>& fields);

// The same for fields that may be NULL, as PostgreSQL's COPY ... CSV writes them: NULL is an
// empty field, an empty text is "" (so a reader tells them apart by Record::quoted). A record
// of one NULL field would be an empty line: give at least two fields.
void append_nullable_row(std::string& out, const std::vector<std::optional<std::string>>& fields);

}  // namespace office::csv
