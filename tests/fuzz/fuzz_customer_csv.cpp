// libFuzzer target for the CSV reader and writer (core/support/csv.h) and the customers read from
// CSV (core/office/customer_csv.h): any bytes, as a person's file may be. What is checked, besides
// not crashing and staying linear (run-fuzz.sh's timeout):
//   - a refusal has a line from 1 and a sentence, and no records;
//   - records start on lines that only increase, each has a field, every field is UTF-8
//     without NUL and within the limit;
//   - a smaller limit only refuses: what it reads, the default limit reads the same;
//   - the writer's rows of whatever was read read back as the same fields;
//   - customers have a trimmed name and e-mail, on increasing lines, and the office's export of
//     them reads back as the same customers; a refused file has nothing but its problems.
// The seeds in corpus/csv/ are the test fixtures and a few small files (make_seeds.py).

#include "csv.h"
#include "customer_csv.h"
#include "person_text.h"
#include "utf8.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "csv promise broken: %s\n", what);
    std::abort();
}

bool is_text(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '\0') return false;
        const std::size_t length = office::utf8::sequence_length(s.substr(i));
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::vector<std::vector<std::string>> fields_of(const office::csv::Parsed& parsed) {
    std::vector<std::vector<std::string>> out;
    for (const auto& r : parsed.records) out.push_back(r.fields);
    return out;
}

void check_records(std::string_view bytes) {
    const auto parsed = office::csv::read(bytes);
    if (parsed.error) {
        if (parsed.error->line == 0 || parsed.error->why.empty()) broken("a refusal without a line or a sentence");
        if (!parsed.records.empty()) broken("records kept from a refused file");
        if (!office::csv::read(bytes, 16).error) broken("a smaller limit read what the default refused");
        return;
    }
    std::size_t last = 0;
    for (const auto& r : parsed.records) {
        if (r.line <= last) broken("a record's line does not increase");
        last = r.line;
        if (r.fields.empty()) broken("a record without a field");
        for (const auto& f : r.fields) {
            if (!is_text(f)) broken("a field that is not UTF-8 or holds NUL");
            if (f.size() > office::csv::kDefaultMaxFieldBytes) broken("a field over the limit");
        }
    }
    constexpr std::size_t kSmall = 16;
    const auto small = office::csv::read(bytes, kSmall);
    if (!small.error && fields_of(small) != fields_of(parsed)) broken("a smaller limit read something else");
    std::string written;
    for (const auto& r : parsed.records) office::csv::append_row(written, r.fields);
    const auto again = office::csv::read(written);
    if (again.error) broken("the writer's output is refused");
    if (fields_of(again) != fields_of(parsed)) broken("write then read changed the fields");
}

void check_customers(std::string_view bytes) {
    const office::CustomerCsv read = office::read_customer_csv(bytes);
    if (!read.file_problems.empty()) {
        if (!read.customers.empty() || !read.row_problems.empty() || !read.ignored_columns.empty())
            broken("a refused file with customers, row problems or ignored columns");
        return;
    }
    std::size_t last = 0;
    std::vector<office::Customer> customers;
    for (const auto& c : read.customers) {
        if (c.line <= last) broken("a customer's line does not increase");
        last = c.line;
        if (c.name.empty() || c.email.empty()) broken("a customer without a name or an e-mail");
        if (office::trim_whitespace(c.name) != c.name || office::trim_whitespace(c.email) != c.email)
            broken("a name or an e-mail with space around it");
        customers.push_back({c.id.value_or(static_cast<std::int64_t>(customers.size())), c.name, c.email});
    }
    last = 0;
    for (const auto& p : read.row_problems) {
        if (p.line <= last || p.why.empty()) broken("row problems out of order or without a sentence");
        last = p.line;
    }
    const office::CustomerCsv again = office::read_customer_csv(office::write_customer_csv(customers));
    if (!again.file_problems.empty() || !again.row_problems.empty()) broken("the office's export is refused");
    if (again.customers.size() != customers.size()) broken("the export read back has other customers");
    for (std::size_t k = 0; k < customers.size(); ++k) {
        const auto& c = again.customers[k];
        if (c.id != customers[k].id || c.name != customers[k].name || c.email != customers[k].email)
            broken("export then import changed a customer");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    check_records(bytes);
    check_customers(bytes);
    return 0;
}
