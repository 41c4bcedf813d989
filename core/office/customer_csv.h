#pragma once
// The office's customers as CSV: the files people have (their spreadsheet, their address book's
// export) read into names and e-mail addresses, and the office's own export, which reads back
// exactly. Only what a file says is taken here; whether a name or an address is acceptable is
// the office's rule, applied by the import to what this returns (customers import,
// stdio_server/). The CSV itself is core/support/csv.h.
//
// A header row is required. Its names are matched without regard to case or surrounding
// spaces, in any order:
//   name (also "full name", "display name")     the whole name
//   first name / given name, middle name / additional name, last name / family name / surname
//                                                the parts, used when there is no whole name
//   email, e-mail, email address, e-mail address, primary email          the first e-mail
//   e-mail N address, e-mail N - value, email N, secondary email (N=2)   the N-th e-mail
//   id                                           the office's own export; returned, not used
// so the office's export (id,name,email), a spreadsheet's (Name,Email), Outlook's (First Name,
// Middle Name, Last Name, E-mail Address, E-mail 2 Address, ...), Google Contacts' old format
// (Name, Given Name, Additional Name, Family Name, E-mail 1 - Value, ...) and new one (First
// Name, Middle Name, Last Name, E-mail 1 - Value, ...) and Thunderbird's (Display Name, Primary
// Email, ...) are all read. Other columns are ignored and named.

#include "office_store.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace office {

struct CsvCustomer {
    std::size_t line = 0;  // the file's line where the row starts
    std::string name;      // the name column's value, else the parts "first middle last"; trimmed
    std::string email;     // the first e-mail column, in column order, with a value; trimmed
    // The id column's value when it is a whole number (the office's export). A file's own ids
    // ("C-001") are not the office's: nullopt, as when there is no id column.
    std::optional<std::int64_t> id;
};

struct CsvProblem {
    std::size_t line = 0;
    std::string why;  // "no e-mail address"; the caller words the line
};

struct CustomerCsv {
    // Set when the file as a whole cannot be read as customers (not CSV as csv.h reads it, no
    // header, a column named twice, no name or e-mail column): then nothing else is set.
    std::vector<CsvProblem> file_problems;
    std::vector<CsvCustomer> customers;     // the rows that have a name and an e-mail, in order
    std::vector<CsvProblem> row_problems;   // every other row, in order (rows with no value at all are skipped)
    std::vector<std::string> ignored_columns;  // the header's other names, as written, in order
};

CustomerCsv read_customer_csv(std::string_view bytes);

// id,name,email with that header, CRLF line ends, no byte-order mark. read_customer_csv gives the
// customers back exactly (id, name, email) when names and e-mails have no space around them,
// as the office keeps them.
std::string write_customer_csv(const std::vector<Customer>& customers);

}  // namespace office
