// office-mcp customers|invoices|menu: the office's own records kept from the console, through
// the same rules and audit rows as the admin tools (core/office/records.h).

#include "records_command.h"

#include "calendar.h"
#include "clock.h"
#include "customer_csv.h"
#include "money.h"
#include "platform.h"
#include "records.h"
#include "session.h"
#include "text_table.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>


namespace {

using office::AuditEntry;
using office::OfficeStore;
using office::RecordOutcome;

// Who changes the office from its console: office-mcp itself, era "command" (as `approvals
// reopen`), and the person logged in, so the audit says who added whom.
AuditEntry console_stamp() {
    return AuditEntry{0, office::utc_now(), "office-mcp", std::string(office::server_version()), "command", "", "", "", 0, "",
                      office::platform::login_name(), "", ""};  // the person at the console
}

std::unique_ptr<OfficeStore> open_store(const Options& o) {
    try {
        return office::open_office_store_for(o.db, o.durability);
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
}

// One change in its own transaction: committed when it was ok, and its sentence printed.
int change(const Options& o, const std::function<RecordOutcome(OfficeStore&, const AuditEntry&)>& what) {
    auto store = open_store(o);
    try {
        office::WriteTransaction tx(*store);
        const auto outcome = what(*store, console_stamp());
        if (!outcome.ok) {
            std::fprintf(stderr, "office-mcp: %s\n", outcome.sentence.c_str());
            return 1;
        }
        tx.commit();
        std::printf("%s\n", outcome.sentence.c_str());
        return 0;
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
}

std::int64_t id_word(const Options& o, std::size_t at, const char* what) { return positive_number(what, o.command.at(at)); }

std::string read_all(const std::string& path) {
    std::ifstream file(office::platform::u8path(path), std::ios::binary);
    if (!file) fail("cannot read " + path + ": " + std::strerror(errno));
    return std::string(std::istreambuf_iterator<char>(file), {});
}

// ---- customers -------------------------------------------------------------------------------

// Every customer, by id, a thousand at a time.
std::vector<office::Customer> all_customers(OfficeStore& store) {
    std::vector<office::Customer> all;
    for (std::int64_t after = 0;;) {
        const auto page = store.customers().customers_after(after, 1000);
        all.insert(all.end(), page.begin(), page.end());
        if (page.size() < 1000) return all;
        after = page.back().id;
    }
}

int list_customers(const Options& o) {
    auto store = open_store(o);
    std::vector<std::vector<std::string>> rows{{"ID", "NAME", "EMAIL"}};
    std::string more;
    if (o.records.query) {
        const auto page = store->customers().find_customers(*o.records.query);
        for (const auto& c : page.customers) rows.push_back({std::to_string(c.id), c.name, c.email});
        if (page.more > 0)
            more = (page.more_exact ? "" : "more than ") + std::to_string(page.more) + " more match; a longer --query finds fewer.\n";
    } else {
        for (const auto& c : all_customers(*store)) rows.push_back({std::to_string(c.id), c.name, c.email});
    }
    if (rows.size() == 1) {
        std::printf("%s\n", o.records.query ? "No customer matches." : "No customers yet (office-mcp customers add or import).");
        return 0;
    }
    std::fputs(office::text_table(rows).c_str(), stdout);
    std::fputs(more.c_str(), stdout);
    return 0;
}

// `WHAT export [FILE]`: `text` to FILE (saying `what` it wrote on stderr), or to stdout.
int write_export(const Options& o, const std::string& text, const std::string& what) {
    if (o.command.size() == 2) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
    }
    const std::string& path = o.command[2];
    std::ofstream file(office::platform::u8path(path), std::ios::binary | std::ios::trunc);
    if (!file || !file.write(text.data(), static_cast<std::streamsize>(text.size())) || !file.flush())
        fail("cannot write " + path + ": " + std::strerror(errno));
    std::fprintf(stderr, "office-mcp: wrote %s to %s\n", what.c_str(), path.c_str());
    return 0;
}

int export_customers(const Options& o) {
    auto store = open_store(o);
    const auto all = all_customers(*store);
    return write_export(o, office::write_customer_csv(all), std::to_string(all.size()) + " customers");
}

// One transaction: a file with any row that cannot be a customer imports nothing, and the
// refusal names every such row. A row whose email is already a customer's (the office's, or an
// earlier row's) is skipped and counted, or with --update gives that customer its name. One
// audit row says what the import did (a row per customer would be a million for a big file).
// --dry-run does all of it and rolls back: the counts are exactly what an import would do.
int import_customers(const Options& o) {
    const std::string& path = o.command[2];
    const auto csv = office::read_customer_csv(read_all(path));
    const auto refuse = [&](std::vector<office::CsvProblem> problems, const std::string& what) {
        std::stable_sort(problems.begin(), problems.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
        std::fprintf(stderr, "office-mcp: %s was not imported, nothing changed: %s\n", path.c_str(), what.c_str());
        constexpr std::size_t kShown = 20;
        for (std::size_t i = 0; i < problems.size() && i < kShown; ++i)
            std::fprintf(stderr, "  line %zu: %s\n", problems[i].line, problems[i].why.c_str());
        if (problems.size() > kShown) std::fprintf(stderr, "  ... and %zu more\n", problems.size() - kShown);
        return 1;
    };
    if (!csv.file_problems.empty()) return refuse(csv.file_problems, "it cannot be read as customers");
    if (!csv.ignored_columns.empty()) {
        std::string names;
        for (const auto& c : csv.ignored_columns) names += (names.empty() ? "" : ", ") + c;
        std::fprintf(stderr, "office-mcp: ignoring the columns %s\n", names.c_str());
    }
    auto problems = csv.row_problems;
    for (const auto& c : csv.customers) {
        if (auto p = office::customer_name_problem(c.name); !p.empty()) problems.push_back({c.line, p});
        else if (auto q = office::email_problem(c.email); !q.empty()) problems.push_back({c.line, q});
    }
    if (!problems.empty())
        return refuse(problems, std::to_string(problems.size()) + (problems.size() == 1 ? " row is" : " rows are") + " not a customer");

    auto store = open_store(o);
    try {
        office::WriteTransaction tx(*store);
        std::int64_t added = 0, skipped = 0, updated = 0, first_id = 0, last_id = 0;
        for (const auto& c : csv.customers) {
            const auto result = store->customers().add_customer(c.name, c.email);
            if (result.added) {
                ++added;
                last_id = result.customer.id;
                if (first_id == 0) first_id = last_id;
            } else if (o.records.update && result.customer.name != c.name) {
                store->customers().update_customer({result.customer.id, c.name, result.customer.email});
                ++updated;
            } else {
                ++skipped;
            }
        }
        std::string sentence = "Imported " + std::to_string(added) + (added == 1 ? " customer" : " customers");
        if (added > 0) sentence += first_id == last_id ? " (id " + std::to_string(first_id) + ")" :
                                   " (ids " + std::to_string(first_id) + " to " + std::to_string(last_id) + ")";
        sentence += " from " + path + "; " + std::to_string(skipped) +
                    (skipped == 1 ? " was already a customer, skipped" : " were already customers, skipped");
        if (o.records.update) sentence += "; " + std::to_string(updated) + " renamed";
        sentence += ".";
        if (o.records.dry_run) {
            std::printf("Dry run, nothing changed: %s\n", sentence.c_str());
            return 0;  // the transaction rolls back
        }
        if (added + updated > 0) {
            AuditEntry entry = console_stamp();
            entry.action = "customers_imported";
            entry.subject_type = "customer";
            entry.subject_id = first_id;
            entry.detail = sentence;
            store->append_audit(entry);
        }
        tx.commit();
        std::printf("%s\n", sentence.c_str());
        constexpr std::int64_t kMany = 1000;  // customers written at once for which the search is made compact again
        if (added + updated >= kMany) store->customers().optimize_customer_search();
        return 0;
    } catch (const office::StoreError& e) {
        fail(e.what());
    }
}

}  // namespace

int run_customers_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "list") return list_customers(o);
    if (what == "add") return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::add_customer(s, by, *o.records.name, *o.records.email); });
    if (what == "edit") {
        const auto id = id_word(o, 2, "customers edit");
        return change(o, [&](OfficeStore& s, const AuditEntry& by) {
            return office::edit_customer(s, by, id, o.records.name, o.records.email);
        });
    }
    if (what == "remove") {
        const auto id = id_word(o, 2, "customers remove");
        return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::remove_customer(s, by, id); });
    }
    if (what == "import") return import_customers(o);
    return export_customers(o);
}

// ---- invoices --------------------------------------------------------------------------------

int run_invoices_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "list") {
        auto store = open_store(o);
        std::vector<std::vector<std::string>> rows{{"ID", "CUSTOMER", "NAME", "AMOUNT", "STATUS", "REFUNDED", "LEFT"}};
        for (std::int64_t after = 0;;) {
            const auto page = store->money().invoices_after(after, 1000, o.records.customer.value_or(0));
            for (const auto& i : page)
                rows.push_back({std::to_string(i.id), std::to_string(i.customer_id), i.customer, office::format_cents(i.cents), i.status,
                                office::format_cents(i.refunded), office::format_cents(i.left())});
            if (page.size() < 1000) break;
            after = page.back().id;
        }
        if (rows.size() == 1) std::printf("No invoices%s.\n", o.records.customer ? " for that customer" : "");
        else std::fputs(office::text_table(rows).c_str(), stdout);
        return 0;
    }
    if (what == "add") {
        return change(o, [&](OfficeStore& s, const AuditEntry& by) {
            return office::add_invoice(s, by, *o.records.customer, *o.records.amount, o.records.status.value_or("open"));
        });
    }
    const auto id = id_word(o, 2, "invoices pay");
    return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::pay_invoice(s, by, id); });
}

// ---- the menu --------------------------------------------------------------------------------

int run_menu_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "list") {
        auto store = open_store(o);
        const auto menu = store->lunch().menu();
        if (menu.empty()) {
            std::printf("The menu is empty: order_lunch is not offered (office-mcp menu add NAME [--price 4.50]).\n");
            return 0;
        }
        std::vector<std::vector<std::string>> rows{{"ITEM", "PRICE"}};
        for (const auto& item : menu) rows.push_back({item.name, item.price_cents ? office::format_cents(*item.price_cents) : "-"});
        std::fputs(office::text_table(rows).c_str(), stdout);
        return 0;
    }
    if (what == "add") return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::add_menu_item(s, by, o.command[2], o.records.price); });
    return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::remove_menu_item(s, by, o.command[2]); });
}

// ---- the office's calendar (issue 38) -----------------------------------------------------------

int run_office_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "set") {
        return change(o, [&](OfficeStore& s, const AuditEntry& by) {
            return office::set_office(s, by, o.records.time_zone, o.records.name, o.records.horizon);
        });
    }
    auto store = open_store(o);
    const auto settings = store->calendar().office_settings();
    try {
        office::OfficeCalendar calendar(*store, office::system_now());
        std::printf("Office:     %s\n", settings.name.empty() ? "(no name: office set --name NAME)" : settings.name.c_str());
        std::printf("Time zone:  %s%s\n", calendar.zone().name().c_str(),
                    settings.time_zone.empty() ? " (the machine's: office set --time-zone ZONE)" : "");
        std::printf("Today:      %s %s\n", office::weekday_name(calendar.today_weekday()), calendar.today().c_str());
        std::printf("Bookings:   up to %lld days ahead\n", static_cast<long long>(settings.horizon_days));
    } catch (const std::invalid_argument& e) {
        fail(e.what());
    }
    return 0;
}

int run_hours_command(const Options& o) {
    const std::string& what = o.command[1];
    if (what == "set") {
        const std::int64_t slot = o.audit.slot.value_or(30);  // --slot: read as audit's --slot is, a positive number
        return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::set_hours(s, by, o.command[2], o.command[3], slot); });
    }
    if (what == "closed") {
        return change(o, [&](OfficeStore& s, const AuditEntry& by) {
            return office::close_days(s, by, o.command[2], o.records.reason.value_or(""));
        });
    }
    if (what == "open") return change(o, [&](OfficeStore& s, const AuditEntry& by) { return office::open_day(s, by, o.command[2]); });
    auto store = open_store(o);
    const auto hours = store->calendar().opening_hours();
    if (hours.empty()) {
        std::printf("No opening hours: the office offers only the slots it holds (hours set mon-fri 09:00-17:00 --slot 30).\n");
    } else {
        std::vector<std::vector<std::string>> rows{{"DAY", "HOURS", "SLOT"}};
        for (int d = 1; d <= 7; ++d) {  // Monday first, as people read a week
            std::string spans, slot;
            for (const auto& r : hours)
                if (r.weekday == d % 7) spans += (spans.empty() ? "" : ", ") + r.opens + "-" + r.closes, slot = std::to_string(r.slot_minutes) + " min";
            rows.push_back({office::weekday_name(d % 7), spans.empty() ? "closed" : spans, slot});
        }
        std::fputs(office::text_table(rows).c_str(), stdout);
    }
    const auto closed = store->calendar().closures();
    for (const auto& c : closed) std::printf("Closed on %s%s\n", c.day.c_str(), c.reason.empty() ? "" : (" (" + c.reason + ")").c_str());
    return 0;
}

// calendar export [FILE]: the bookings as iCalendar, for a calendar app to import.
int run_calendar_command(const Options& o) {
    auto store = open_store(o);
    try {
        const office::OfficeCalendar calendar(*store, office::system_now());
        const std::string text = calendar.icalendar(std::string(office::server_version()));
        std::size_t events = 0;
        for (std::size_t at = text.find("BEGIN:VEVENT"); at != std::string::npos; at = text.find("BEGIN:VEVENT", at + 1)) ++events;
        return write_export(o, text, std::to_string(events) + (events == 1 ? " booking" : " bookings") + " in " + calendar.zone().name());
    } catch (const std::invalid_argument& e) {
        fail(e.what());
    }
}
