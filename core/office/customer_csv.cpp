#include "customer_csv.h"

#include "csv.h"
#include "person_text.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <utility>

namespace office {

namespace {

enum class Role { ignored, id, name, first, middle, last, email };

struct Column {
    Role role = Role::ignored;
    int rank = 0;  // the N of the N-th e-mail; 0 for the other roles
};

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// "e-mail 2 address" (Outlook), "e-mail 2 - value" (Google), "email 2", "email": the N-th e-mail
// column, or 0 when `name` names none ("e-mail type", "e-mail display name" are not addresses).
int email_rank(std::string_view name) {
    if (name == "primary email") return 1;
    if (name == "secondary email") return 2;
    if (name.starts_with("e-mail")) name.remove_prefix(6);
    else if (name.starts_with("email")) name.remove_prefix(5);
    else return 0;
    if (name.empty() || name == " address") return 1;
    if (!name.starts_with(' ')) return 0;
    name.remove_prefix(1);
    int rank = 0;
    const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), rank);
    if (error != std::errc{} || rank < 1 || rank > 99 || name.front() == '0') return 0;
    const std::string_view rest(end, name.data() + name.size() - end);
    return rest.empty() || rest == " address" || rest == " - value" ? rank : 0;
}

Column column_named(std::string_view name) {
    static const std::map<std::string_view, Role> roles = {
        {"id", Role::id},
        {"name", Role::name},          {"full name", Role::name},        {"display name", Role::name},
        {"first name", Role::first},   {"given name", Role::first},
        {"middle name", Role::middle}, {"additional name", Role::middle},
        {"last name", Role::last},     {"family name", Role::last},      {"surname", Role::last},
    };
    if (const auto found = roles.find(name); found != roles.end()) return {found->second, 0};
    if (const int rank = email_rank(name)) return {Role::email, rank};
    return {};
}

std::string what_it_holds(Column c) {
    switch (c.role) {
        case Role::id: return "the id";
        case Role::name: return "the name";
        case Role::first: return "the first name";
        case Role::middle: return "the middle name";
        case Role::last: return "the last name";
        case Role::email: return c.rank == 1 ? "the e-mail address" : "e-mail address " + std::to_string(c.rank);
        case Role::ignored: break;
    }
    return "nothing";
}

std::string in_quotes(std::string_view text) { return "\"" + std::string(text) + "\""; }

// The header's names for a person who has to see what the file holds; a long header (Outlook
// writes 92 columns) is cut short.
std::string names_in(const std::vector<std::string>& names) {
    constexpr std::size_t kShown = 12;
    std::string out;
    for (std::size_t k = 0; k < names.size() && k < kShown; ++k) out += (k > 0 ? ", " : "") + in_quotes(names[k]);
    if (names.size() > kShown) out += " and " + std::to_string(names.size() - kShown) + " more";
    return out;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Google Contacts writes a contact's addresses that share a label in one cell, "a@x ::: b@y";
// the first is the contact's first address.
std::string first_address(std::string_view value) {
    const std::size_t more = value.find(" ::: ");
    return trim_whitespace(more == std::string_view::npos ? value : value.substr(0, more));
}

class Reader {
public:
    explicit Reader(CustomerCsv& out) : out_(out) {}

    bool header_read() const { return header_read_; }

    void take(csv::Record&& record) {
        if (!header_read_) {
            header_read_ = true;
            read_header(record);
        } else if (out_.file_problems.empty()) {
            read_row(record);
        }
    }

private:
    void read_header(const csv::Record& header) {
        std::map<std::pair<Role, int>, std::size_t> seen;  // what a column holds → its index
        bool has_name = false;
        bool has_email = false;
        for (std::size_t k = 0; k < header.fields.size(); ++k) {
            names_.push_back(trim_whitespace(header.fields[k]));
            const Column column = column_named(lowered(names_[k]));
            columns_.push_back(column);
            if (column.role == Role::ignored) {
                if (!names_[k].empty()) out_.ignored_columns.push_back(names_[k]);
                continue;
            }
            const auto [earlier, first] = seen.emplace(std::pair{column.role, column.rank}, k);
            if (!first)
                problem(header.line, "the header names " + what_it_holds(column) + " twice: " + in_quotes(names_[earlier->second]) +
                                         " (column " + std::to_string(earlier->second + 1) + ") and " + in_quotes(names_[k]) +
                                         " (column " + std::to_string(k + 1) + ")");
            has_name = has_name || (column.role != Role::email && column.role != Role::id);
            has_email = has_email || column.role == Role::email;
        }
        const std::string_view only = names_.size() == 1 ? std::string_view(names_[0]) : std::string_view();
        if (const std::size_t at = only.find_first_of(";\t"); at != std::string_view::npos) {
            // Excel where the decimal mark is a comma (most of Europe) separates with ";".
            problem(header.line, std::string("the columns are separated by ") + (only[at] == ';' ? "\";\"" : "tabs") +
                                     ", not commas (save it as CSV with the comma as the field separator)");
        } else if (!has_name && !has_email && !seen.contains({Role::id, 0})) {
            problem(header.line, "the first line must name the columns (name,email for instance), but it has " + names_in(names_));
        } else {
            if (!has_name) problem(header.line, "no name column (name, or first name and last name); the header has " + names_in(names_));
            if (!has_email) problem(header.line, "no e-mail column (email); the header has " + names_in(names_));
        }
        if (!out_.file_problems.empty()) out_.ignored_columns.clear();
    }

    void read_row(const csv::Record& row) {
        std::vector<std::string> values;
        bool any = false;
        for (const std::string& field : row.fields) {
            values.push_back(trim_whitespace(field));
            any = any || !values.back().empty();
        }
        if (!any) return;  // a spreadsheet's empty row inside its used range: ",,"
        std::size_t extra = 0;
        for (std::size_t k = columns_.size(); k < values.size(); ++k) extra += !values[k].empty();
        if (extra > 0) {
            out_.row_problems.push_back({row.line, std::to_string(values.size()) + " values, but the header names " +
                                                       std::to_string(columns_.size()) +
                                                       " columns (a comma in a value that is not in quotes?)"});
            return;
        }
        values.resize(std::max(values.size(), columns_.size()));
        CsvCustomer customer;
        customer.line = row.line;
        std::string whole, first, middle, last;
        for (std::size_t k = 0; k < columns_.size(); ++k) {
            std::string& value = values[k];
            switch (columns_[k].role) {
                case Role::id: customer.id = whole_number(value); break;
                case Role::name: whole = std::move(value); break;
                case Role::first: first = std::move(value); break;
                case Role::middle: middle = std::move(value); break;
                case Role::last: last = std::move(value); break;
                case Role::email:
                    if (customer.email.empty()) customer.email = first_address(value);
                    break;
                case Role::ignored: break;
            }
        }
        customer.name = std::move(whole);
        if (customer.name.empty()) {
            for (std::string* part : {&first, &middle, &last})
                if (!part->empty()) customer.name += (customer.name.empty() ? "" : " ") + *part;
        }
        if (customer.name.empty() && customer.email.empty()) {
            out_.row_problems.push_back({row.line, "no name and no e-mail address"});
        } else if (customer.name.empty()) {
            out_.row_problems.push_back({row.line, "no name"});
        } else if (customer.email.empty()) {
            out_.row_problems.push_back({row.line, "no e-mail address"});
        } else {
            out_.customers.push_back(std::move(customer));
        }
    }

    void problem(std::size_t line, std::string why) { out_.file_problems.push_back({line, std::move(why)}); }

    CustomerCsv& out_;
    bool header_read_ = false;
    std::vector<std::string> names_;  // the header's names, trimmed, as written
    std::vector<Column> columns_;
};

}  // namespace

CustomerCsv read_customer_csv(std::string_view bytes) {
    CustomerCsv out;
    Reader reader(out);
    const auto error = csv::for_each_record(bytes, [&](csv::Record&& record) { reader.take(std::move(record)); });
    if (error) {
        // What was read before the refusal is not the file: only the problems stay.
        out.customers.clear();
        out.row_problems.clear();
        out.ignored_columns.clear();
        out.file_problems.push_back({error->line, error->why});
    } else if (!reader.header_read()) {
        out.file_problems.push_back({1, "the file is empty (the first line must name the columns: name,email for instance)"});
    }
    return out;
}

std::string write_customer_csv(const std::vector<Customer>& customers) {
    std::string out;
    csv::append_row(out, {"id", "name", "email"});
    for (const Customer& c : customers) csv::append_row(out, {std::to_string(c.id), c.name, c.email});
    return out;
}

}  // namespace office
