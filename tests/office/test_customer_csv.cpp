// Customers from the CSV files people have (core/office/customer_csv.h), and the office's export
// read back exactly. The fixtures in tests/fixtures/csv/ were made by hand, byte by byte, after
// the published formats of the programs that write them:
//
// - libreoffice-calc.csv: LibreOffice Calc, File > Save As > "Text CSV (.csv)" with its
//   defaults: character set UTF-8 (the system's on Linux), field delimiter ",", string delimiter
//   `"` put around a text cell only when it holds the delimiter, a quote or a line break ("Quote
//   all text cells" off; numbers never quoted), no byte-order mark. Line ends are the platform's:
//   LibreOffice's SvStream writes LF on Linux and macOS and CRLF on Windows (tools/source/stream/
//   stream.cxx, SvStream::ImpInit), so this one, as saved on Linux, has LF, the last line
//   ended too. An empty row inside the sheet's used range is written as its commas (",,,"). The
//   header is whatever the sheet's first row says: here Name,Email,Phone,Notes.
// - google-contacts.csv: Google Contacts (contacts.google.com), Export > "Google CSV", today's
//   format: First Name, Middle Name, Last Name, Phonetic ..., Labels, E-mail 1 - Label, E-mail 1
//   - Value, ..., Address 1 - Formatted (a multi-line cell in quotes). Quotes only when needed; a
//   contact's addresses that share a label are one cell, "a ::: b". UTF-8 without a byte-order
//   mark (Excel shows its accents garbled, the common complaint). Google documents neither the
//   encoding nor the line ends; this file has CRLF.
// - google-contacts-old.csv: the old Google Contacts' "Google CSV" (Name, Given Name, Additional
//   Name, Family Name, Yomi Name, ..., Group Membership, E-mail 1 - Type, E-mail 1 - Value, ...),
//   which was UTF-16 little-endian with a byte-order mark (importers that read it as UTF-8 showed
//   "ÿþName": owncloud/contacts#426), CRLF.
// - outlook.csv: Outlook for Windows, File > Open & Export > Import/Export > Export to a file >
//   Comma Separated Values: Microsoft's 92-column header (Title, First Name, Middle Name, Last
//   Name, ..., E-mail Address, E-mail Type, E-mail Display Name, E-mail 2 Address, ...), every
//   field in quotes, empty ones too, CRLF, "0/0/00" for no birthday. Encoding: UTF-8 with a
//   byte-order mark, as current Outlook exports read in Excel; classic Outlook writes the Windows
//   code page instead, which is refused (broken-outlook-windows-1252.csv, below).

#include "csv.h"
#include "customer_csv.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

using office::CsvCustomer;
using office::CsvProblem;
using office::CustomerCsv;

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(OFFICE_TEST_FIXTURES) + "/csv/" + name, std::ios::binary);
    REQUIRE(in.good());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

using Row = std::tuple<std::size_t, std::string, std::string>;  // line, name, email

std::vector<Row> rows(const CustomerCsv& read) {
    std::vector<Row> out;
    for (const CsvCustomer& c : read.customers) out.emplace_back(c.line, c.name, c.email);
    return out;
}

using Problems = std::vector<std::pair<std::size_t, std::string>>;

Problems problems(const std::vector<CsvProblem>& list) {
    Problems out;
    for (const CsvProblem& p : list) out.emplace_back(p.line, p.why);
    return out;
}

// A file every row of which is a customer.
CustomerCsv clean(const std::string& bytes) {
    CustomerCsv read = office::read_customer_csv(bytes);
    INFO("file problems: " << read.file_problems.size() << ", row problems: " << read.row_problems.size());
    for (const auto& p : read.file_problems) UNSCOPED_INFO("line " << p.line << ": " << p.why);
    for (const auto& p : read.row_problems) UNSCOPED_INFO("line " << p.line << ": " << p.why);
    REQUIRE(read.file_problems.empty());
    REQUIRE(read.row_problems.empty());
    return read;
}

// A file refused as a whole: only its problems are set.
Problems refused(const std::string& bytes) {
    const CustomerCsv read = office::read_customer_csv(bytes);
    CHECK(read.customers.empty());
    CHECK(read.row_problems.empty());
    CHECK(read.ignored_columns.empty());
    return problems(read.file_problems);
}

}  // namespace

TEST_CASE("customers CSV: LibreOffice Calc's Text CSV imports exactly", "[csv]") {
    const CustomerCsv read = clean(fixture("libreoffice-calc.csv"));
    CHECK(rows(read) == std::vector<Row>{
                            {2, "Alvarez, Maria", "maria.alvarez@example.com"},
                            {3, "José \"Pepe\" García", "pepe@example.es"},
                            {5, "Zoë Ångström", "zoe@example.se"},
                            {6, "王小明", "wang.xiaoming@example.cn"},
                            {8, "François Dupont-Lefèvre", "francois@example.fr"},
                        });
    CHECK(read.ignored_columns == std::vector<std::string>{"Phone", "Notes"});
    for (const CsvCustomer& c : read.customers) CHECK_FALSE(c.id.has_value());
}

TEST_CASE("customers CSV: Google Contacts' export imports exactly, names from their parts", "[csv]") {
    const CustomerCsv read = clean(fixture("google-contacts.csv"));
    CHECK(rows(read) == std::vector<Row>{
                            {2, "Maria Alvarez", "maria.alvarez@example.com"},
                            {3, "José Luis García Pérez", "jl.garcia@example.es"},
                            {6, "王小明", "xiaoming@example.cn"},
                            {7, "Robert \"Bob\" O'Neil", "bob.oneil@example.ie"},
                            {8, "Zoë Ångström", "zoe@example.se"},
                        });
    CHECK(read.ignored_columns.size() == 32 - 5);  // all but the three name parts and two addresses
    CHECK(read.ignored_columns.front() == "Phonetic First Name");
    CHECK(read.ignored_columns.back() == "Address 1 - Extended Address");
}

TEST_CASE("customers CSV: the old Google Contacts export, UTF-16, imports exactly", "[csv]") {
    const std::string bytes = fixture("google-contacts-old.csv");
    REQUIRE(bytes.substr(0, 4) == std::string("\xFF\xFEN\0", 4));
    const CustomerCsv read = clean(bytes);
    CHECK(rows(read) == std::vector<Row>{
                            {2, "Núñez, Ana María", "ana.nunez@example.mx"},
                            {3, "王小明", "wang@example.cn"},  // the Name column, not "小明 王" from the parts
                            {4, "Søren Kierkegaard", "soren@example.dk"},  // no Name: Given and Family
                            {5, "Jean-Luc \"JL\" Picard", "picard@example.fr"},
                        });
    CHECK(read.ignored_columns.size() == 35 - 6);
}

TEST_CASE("customers CSV: Outlook's export imports exactly, the first e-mail with a value", "[csv]") {
    const CustomerCsv read = clean(fixture("outlook.csv"));
    CHECK(rows(read) == std::vector<Row>{
                            {2, "Maria Alvarez", "maria.alvarez@example.com"},
                            {3, "José Luis García", "jose.garcia@example.es"},  // E-mail Address empty, E-mail 2 Address not
                            {4, "王小明", "wang.xiaoming@example.cn"},
                            {5, "Zoë d'Arc", "zoe.darc@example.fr"},  // her Notes take two lines
                        });
    // "E-mail Type" (SMTP) and "E-mail Display Name" are not addresses.
    CHECK(read.ignored_columns.size() == 92 - 6);
    CHECK(std::count(read.ignored_columns.begin(), read.ignored_columns.end(), "E-mail Display Name") == 1);
}

TEST_CASE("customers CSV: header names are matched without case or spaces, in any order", "[csv]") {
    const CustomerCsv read = clean("  EMAIL ,Extra,  Name\t\nm@example.com,x,  Maria Alvarez  \n");
    CHECK(rows(read) == std::vector<Row>{{2, "Maria Alvarez", "m@example.com"}});
    CHECK(read.ignored_columns == std::vector<std::string>{"Extra"});
    // The parts, first middle last, joined by one space, empty ones left out; a name column with
    // a value wins over them, an empty one does not.
    const CustomerCsv parts = clean(
        "Family Name,Name,Given Name,Additional Name,E-mail\n"
        "García,,José,,j@example.es\n"
        "Núñez,Ana Núñez,Ana,María,a@example.mx\n"
        ",,,Luis,l@example.com\n");
    CHECK(rows(parts) == std::vector<Row>{{2, "José García", "j@example.es"},
                                          {3, "Ana Núñez", "a@example.mx"},
                                          {4, "Luis", "l@example.com"}});
    // Thunderbird's names, and a header that ends with a comma (an unnamed column, not listed).
    CHECK(rows(clean("First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,\n"
                     "Ana,Núñez,Ana N.,,,ana@example.mx,\n")) == std::vector<Row>{{2, "Ana N.", "ana@example.mx"}});
}

TEST_CASE("customers CSV: rows with no value at all are skipped, and a row's problems are every problem, by line", "[csv]") {
    const CustomerCsv read = office::read_customer_csv(
        "name,email,phone\n"
        "Maria,m@example.com,1\n"
        ",,\n"
        " , ,\t\n"
        "Jose,,2\n"
        ",z@example.com,\n"
        ",,3\n"
        "Alvarez, Maria,m2@example.com,5\n"
        "Zoe,z2@example.com,4,,\n");
    CHECK(read.file_problems.empty());
    CHECK(rows(read) == std::vector<Row>{{2, "Maria", "m@example.com"}, {9, "Zoe", "z2@example.com"}});
    CHECK(problems(read.row_problems) ==
          Problems{{5, "no e-mail address"},
                   {6, "no name"},
                   {7, "no name and no e-mail address"},
                   {8, "4 values, but the header names 3 columns (a comma in a value that is not in quotes?)"}});
}

TEST_CASE("customers CSV: the office's own export gives back the ids, and a file's own ids are not the office's", "[csv]") {
    const CustomerCsv read = clean("id,name,email\n7,Maria,m@example.com\nC-001,Jose,j@example.com\n,Zoe,z@example.com\n");
    REQUIRE(read.customers.size() == 3);
    CHECK(read.customers[0].id == std::optional<std::int64_t>(7));
    CHECK_FALSE(read.customers[1].id.has_value());
    CHECK_FALSE(read.customers[2].id.has_value());
    CHECK(read.ignored_columns.empty());
}

TEST_CASE("customers CSV: a file's problems name what the header has", "[csv]") {
    CHECK(refused("name,phone\nMaria,1\n") ==
          Problems{{1, "no e-mail column (email); the header has \"name\", \"phone\""}});
    CHECK(refused("Phone,E-mail 2 Address,Company\n1,m@example.com,X\n") ==
          Problems{{1, "no name column (name, or first name and last name); the header has \"Phone\", \"E-mail 2 Address\", "
                       "\"Company\""}});
    CHECK(refused("id\n1\n") == Problems{{1, "no name column (name, or first name and last name); the header has \"id\""},
                                         {1, "no e-mail column (email); the header has \"id\""}});
    CHECK(refused("Name,name,E-mail 1 - Value,Email 1,First Name,Given Name\n") ==
          Problems{{1, "the header names the name twice: \"Name\" (column 1) and \"name\" (column 2)"},
                   {1, "the header names the e-mail address twice: \"E-mail 1 - Value\" (column 3) and \"Email 1\" (column 4)"},
                   {1, "the header names the first name twice: \"First Name\" (column 5) and \"Given Name\" (column 6)"}});
    // Outlook's 92 names, less the three of the name, are cut short.
    const std::string outlook = fixture("outlook.csv");
    std::string header = outlook.substr(0, outlook.find("\r\n") + 2);
    header.erase(header.find("\"First Name\""), std::string_view("\"First Name\",\"Middle Name\",\"Last Name\",").size());
    CHECK(refused(header) ==
          Problems{{1, "no name column (name, or first name and last name); the header has \"Title\", \"Suffix\", "
                       "\"Company\", \"Department\", \"Job Title\", \"Business Street\", \"Business Street 2\", "
                       "\"Business Street 3\", \"Business City\", \"Business State\", \"Business Postal Code\", "
                       "\"Business Country/Region\" and 77 more"}});
    CHECK(refused("\xEF\xBB\xBF\n\r\n") ==
          Problems{{1, "the file is empty (the first line must name the columns: name,email for instance)"}});
    CHECK(refused("") == Problems{{1, "the file is empty (the first line must name the columns: name,email for instance)"}});
    // A header alone is a file of no customers, not a problem.
    const CustomerCsv header_only = office::read_customer_csv("name,email\r\n");
    CHECK(header_only.file_problems.empty());
    CHECK(header_only.customers.empty());
}

// The ten broken files of issue 37, each refused with the line to look at.
TEST_CASE("customers CSV: ten broken files are each refused, naming the line", "[csv]") {
    SECTION("an unterminated quote: the line where it opens") {
        CHECK(refused(fixture("broken-unterminated-quote.csv")) ==
              Problems{{3, "a quote that opens a field here is never closed"}});
    }
    SECTION("no header: the first line is a customer") {
        CHECK(refused(fixture("broken-no-header.csv")) ==
              Problems{{1, "the first line must name the columns (name,email for instance), but it has \"Maria Alvarez\", "
                           "\"maria@example.com\""}});
    }
    SECTION("a duplicate header: email and E-mail Address") {
        CHECK(refused(fixture("broken-duplicate-header.csv")) ==
              Problems{{1, "the header names the e-mail address twice: \"Email\" (column 2) and \"E-mail Address\" (column 4)"}});
    }
    SECTION("an empty e-mail, and one of spaces only: each row by its line") {
        const CustomerCsv read = office::read_customer_csv(fixture("broken-empty-email.csv"));
        CHECK(read.file_problems.empty());
        CHECK(problems(read.row_problems) == Problems{{3, "no e-mail address"}, {5, "no e-mail address"}});
        CHECK(rows(read) == std::vector<Row>{{2, "Maria Alvarez", "maria@example.com"}, {4, "Zoë Smith", "zoe@example.com"}});
    }
    SECTION("a NUL byte") {
        CHECK(refused(fixture("broken-nul.csv")) ==
              Problems{{3, "a NUL byte: this is not a text file, or it is UTF-16 (save it as CSV in UTF-8)"}});
    }
    SECTION("invalid UTF-8: a sequence cut short") {
        CHECK(refused(fixture("broken-invalid-utf8.csv")) == Problems{{4, "bytes that are not UTF-8 (save it as UTF-8)"}});
    }
    SECTION("a 10 MB field (made here, not committed)") {
        const std::string bytes = "name,email\r\nMaria Alvarez,maria@example.com\r\n\"" + std::string(10'000'000, 'x') +
                                  "\",big@example.com\r\n";
        CHECK(refused(bytes) == Problems{{3, "a field larger than 1 MiB, the most one may hold"}});
    }
    SECTION("classic Outlook's export in the Windows code page (José in Windows-1252)") {
        CHECK(refused(fixture("broken-outlook-windows-1252.csv")) ==
              Problems{{3, "bytes that are not UTF-8 (save it as UTF-8)"}});
    }
    SECTION("Excel's CSV where the decimal mark is a comma: semicolons") {
        CHECK(refused(fixture("broken-semicolons.csv")) ==
              Problems{{1, "the columns are separated by \";\", not commas (save it as CSV with the comma as the field "
                           "separator)"}});
    }
    SECTION("a quote typed inside a field that is not in quotes") {
        CHECK(refused(fixture("broken-quote-inside-field.csv")) ==
              Problems{{2, "a quote inside a field that does not start with one (quote the whole field and write the quote "
                           "twice: \"\")"}});
    }
}

TEST_CASE("customers CSV: the office's export reads back exactly", "[csv]") {
    const std::vector<office::Customer> customers = {
        {1, "Maria Alvarez", "maria@example.com"},
        {2, "Alvarez, Maria", "maria2@example.com"},
        {3, "José \"Pepe\" García", "pepe@example.es"},
        {40, "王小明", "wang@example.cn"},
        {41, "Zoë Ångström-d'Arc", "zoe@example.se"},
        {9007199254740993, "\"", "q@example.com"},
        {42, "Line\nbreak, \"and\" all", "x@example.com"},
    };
    const std::string file = office::write_customer_csv(customers);
    CHECK(file.starts_with("id,name,email\r\n1,Maria Alvarez,maria@example.com\r\n2,\"Alvarez, Maria\",maria2@example.com\r\n"
                           "3,\"José \"\"Pepe\"\" García\",pepe@example.es\r\n40,王小明,wang@example.cn\r\n"));
    const CustomerCsv read = clean(file);
    CHECK(read.ignored_columns.empty());
    REQUIRE(read.customers.size() == customers.size());
    for (std::size_t k = 0; k < customers.size(); ++k) {
        CHECK(read.customers[k].id == std::optional<std::int64_t>(customers[k].id));
        CHECK(read.customers[k].name == customers[k].name);
        CHECK(read.customers[k].email == customers[k].email);
    }
    CHECK(read.customers.back().line == 8);
    CHECK(office::write_customer_csv({}) == "id,name,email\r\n");
    // Each fixture, written by the office and read again, is the same customers.
    for (const char* name : {"libreoffice-calc.csv", "google-contacts.csv", "google-contacts-old.csv", "outlook.csv"}) {
        INFO(name);
        std::vector<office::Customer> from_file;
        for (const CsvCustomer& c : clean(fixture(name)).customers)
            from_file.push_back({static_cast<std::int64_t>(from_file.size() + 1), c.name, c.email});
        const CustomerCsv again = clean(office::write_customer_csv(from_file));
        REQUIRE(again.customers.size() == from_file.size());
        for (std::size_t k = 0; k < from_file.size(); ++k) {
            CHECK(again.customers[k].name == from_file[k].name);
            CHECK(again.customers[k].email == from_file[k].email);
        }
    }
}
