#include "customers_scenario.h"

#include "report.h"
#include "sqlite_office_store.h"
#include "wire.h"
#ifdef OFFICE_BENCH_POSTGRES
#include "postgres.h"
#endif

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace bench {
namespace {

// Names as an office in Spain with an international clientele has them; ASCII forms for emails.
constexpr const char* kFirst[][2] = {
    {"María", "maria"}, {"José", "jose"},   {"Ana", "ana"},       {"Luis", "luis"},       {"Carmen", "carmen"},
    {"Pedro", "pedro"}, {"Lucía", "lucia"}, {"Javier", "javier"}, {"Elena", "elena"},     {"Pablo", "pablo"},
    {"Sofía", "sofia"}, {"Diego", "diego"}, {"Laura", "laura"},   {"Jorge", "jorge"},     {"Maria", "maria"},
    {"Andrés", "andres"}, {"Paula", "paula"}, {"Miguel", "miguel"}, {"Sara", "sara"},     {"Álvaro", "alvaro"},
    {"Wei", "wei"},     {"Emma", "emma"},   {"Noah", "noah"},     {"Olivia", "olivia"},   {"Chloé", "chloe"},
    {"Søren", "soren"}, {"Zoë", "zoe"},     {"Björn", "bjorn"},   {"Aisha", "aisha"},     {"Kenji", "kenji"}};
constexpr const char* kLast[][2] = {
    {"García", "garcia"}, {"Fernández", "fernandez"}, {"González", "gonzalez"}, {"Rodríguez", "rodriguez"},
    {"López", "lopez"},   {"Martínez", "martinez"},   {"Sánchez", "sanchez"},   {"Pérez", "perez"},
    {"Gómez", "gomez"},   {"Martín", "martin"},       {"Jiménez", "jimenez"},   {"Ruiz", "ruiz"},
    {"Hernández", "hernandez"}, {"Díaz", "diaz"},     {"Moreno", "moreno"},     {"Muñoz", "munoz"},
    {"Álvarez", "alvarez"}, {"Romero", "romero"},     {"Alonso", "alonso"},     {"Gutiérrez", "gutierrez"},
    {"Smith", "smith"},   {"Müller", "muller"},       {"Dubois", "dubois"},     {"Rossi", "rossi"},
    {"Nowak", "nowak"},   {"Wang", "wang"},           {"Kim", "kim"},           {"Nguyen", "nguyen"},
    {"Silva", "silva"},   {"Okafor", "okafor"}};
constexpr const char* kDomains[] = {"gmail.com", "correo.es", "example.org", "empresa.com"};
constexpr long long kNF = std::size(kFirst), kNL = std::size(kLast), kND = std::size(kDomains);

struct Kind {
    const char* key;
    const char* what;
};
constexpr Kind kKinds[] = {
    {"one", "one match (an email's local part and @)"},
    {"none", "no match, 3+ characters (\"qxz@nowhere\")"},
    {"name", "a first name (\"Maria\": 1 in 3, 1/15 of a generated office)"},
    {"short", "2 characters matching many (\"Ma\")"},
    {"short_none", "2 characters matching nobody (\"qx\")"},
};

std::string query_for(const std::string& kind, long long size) {
    if (kind == "one") {
        if (size == 3) return "priya@";
        const std::string email = customer_email(size / 2 + 7);
        return email.substr(0, email.find('@') + 1);
    }
    if (kind == "none") return "qxz@nowhere";
    if (kind == "name") return "Maria";
    if (kind == "short") return "Ma";
    return "qx";
}

// The generated customers in one transaction through office-mcp's own SQLite code (schema and
// seed as office-mcp makes them, then the rows; the trigger writes each one's index entry).
void fill_sqlite(const std::string& path, long long n) {
    auto db = office::open_office_database(path);
    db->exec("BEGIN IMMEDIATE");
    for (long long k = 1; k <= n; ++k) {
        const std::string name = customer_name(k), email = customer_email(k);
        auto& insert = db->prepare("INSERT INTO customers (name, email) VALUES (?1, ?2)");
        insert.bind_static(1, name).bind_static(2, email);
        insert.step();
    }
    db->exec("COMMIT");
}

// The import as an operator runs it, when the office-mcp under test has it: `office-mcp customers
// import FILE.csv --db PATH` on a CSV of the same customers (header name,email). False, with
// `note` saying why, when the command is not there or failed (then fill_sqlite is timed instead).
bool import_command(const std::string& binary, const std::string& path, long long n, std::string& note, int64_t& t0) {
    const std::string csv = path + ".csv";
    {
        std::ofstream f(csv);
        f << "name,email\n";
        for (long long k = 1; k <= n; ++k) f << customer_name(k) << ',' << customer_email(k) << '\n';
    }
    office::open_office_database(path);  // the demo office as office-mcp makes it, as for the 3-customer one
    const std::string cmd = "'" + binary + "' customers import '" + csv + "' --db '" + path + "' >'" + path + ".out' 2>&1";
    t0 = now_ns();  // the command alone
    const int rc = std::system(cmd.c_str());
    std::error_code ec;
    std::filesystem::remove(csv, ec);
    if (rc == 0) return true;
    std::ifstream out(path + ".out");
    std::string first;
    std::getline(out, first);
    note = "office-mcp customers import is not available (" + first.substr(0, 160) +
           "): the customers were written through office-mcp's SQLite code instead";
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path + "-wal", ec);
    std::filesystem::remove(path + "-shm", ec);
    return false;
}

#ifdef OFFICE_BENCH_POSTGRES
std::string sql_array(bool ascii, bool first) {
    std::string out = "ARRAY[";
    const long long count = first ? kNF : kNL;
    for (long long i = 0; i < count; ++i) {
        out += i ? ",'" : "'";
        out += first ? kFirst[i][ascii] : kLast[i][ascii];
        out += "'";
    }
    return out + "]";
}

// The same customers (customer_name/customer_email) in one INSERT ... SELECT on the server.
void fill_postgres(const std::string& uri, long long n) {
    office::pg::Connection conn(uri);
    std::string domains = "ARRAY[";
    for (long long i = 0; i < kND; ++i) domains += std::string(i ? ",'" : "'") + kDomains[i] + "'";
    domains += "]";
    const std::string nf = std::to_string(kNF), nl = std::to_string(kNL);
    conn.exec("INSERT INTO customers (name, email) SELECT (" + sql_array(false, true) + ")[1 + k % " + nf + "] || ' ' || (" +
              sql_array(false, false) + ")[1 + (k / " + nf + ") % " + nl + "] || ' ' || (" + sql_array(false, false) +
              ")[1 + (k / (" + nf + " * " + nl + ")) % " + nl + "], (" + sql_array(true, true) + ")[1 + k % " + nf +
              "] || '.' || (" + sql_array(true, false) + ")[1 + (k / " + nf + ") % " + nl + "] || k || '@' || (" + domains +
              ")[1 + k % " + std::to_string(kND) + "] FROM generate_series(1, " + std::to_string(n) + ") k");
    conn.exec("VACUUM (ANALYZE) customers");  // as customers import leaves it (optimize_customer_search)
}
#endif

struct Measured {
    bool ok = false;
    std::string err;
    std::map<std::string, double> cpu_us;      // kind -> server CPU per call
    std::map<std::string, int> calls;          // kind -> timed calls
    std::map<std::string, std::string> first;  // kind -> the answer's first line
};

// office-mcp (or -pg) on `db`, legacy era, sequential find_customer calls of every kind.
Measured serve(const std::vector<std::string>& argv, long long size, const CustomersParams& p, Ctx& ctx,
               const std::string& pg_uri) {
    Measured m;
    SessionDir dir(ctx.tmp_root);
    Child c;
    if (!spawn(c, argv, {}, -1, (dir.path / "stderr.log").string(), m.err)) return m;
    auto fail = [&](const std::string& what) {
        m.err = what + "; stderr: " + tail_of_file(dir.path / "stderr.log");
        kill_child(c);
        return m;
    };
    Counters k;
    long long id = 1;
    std::string req, line;
    initialize_req().append(req, id);
    if (!send_all(c, req, now_ns() + kStartTimeout) || wait_for(c, id, now_ns() + kStartTimeout, k, &line) != Wait::Ok)
        return fail("initialize failed");
    req.assign(kInitialized);
    pid_t backend = -1;  // PostgreSQL: the server process serving office-mcp-pg's connection
    for (const Kind& kind : kKinds) {
        const std::string args = nlohmann::json{{"query", query_for(kind.key, size)}}.dump();
        const Request r = tool_call(Tool{"find_customer", args.c_str()}, false);
        for (int i = 0; i < 20; ++i) {  // warm: the pages it reads in the OS cache and SQLite's
            r.append(req, ++id);
            if (!send_all(c, req, now_ns() + kCallTimeout)) return fail("write failed");
            req.clear();
            if (wait_for(c, id, now_ns() + kCallTimeout, k, i == 0 ? &line : nullptr) != Wait::Ok)
                return fail(std::string(kind.key) + ": no answer");
            if (i == 0) {
                const auto j = nlohmann::json::parse(line, nullptr, false);
                if (j.is_discarded() || !j.contains("result") || j["result"].value("isError", false))
                    return fail(std::string(kind.key) + ": " + line.substr(0, 300));
                const std::string text = j["result"]["content"][0].value("text", "");
                m.first[kind.key] = text.substr(0, text.find('\n'));
            }
        }
#ifdef OFFICE_BENCH_POSTGRES
        if (!pg_uri.empty() && backend < 0) {
            office::pg::Connection conn(pg_uri);
            auto r = conn.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
                                "AND backend_type = 'client backend' ORDER BY query LIKE '%FROM customers%' DESC LIMIT 1");
            if (r.rows() != 1) return fail("cannot find office-mcp-pg's PostgreSQL backend");
            backend = pid_t(r.integer(0, 0));
        }
#endif
        const ProcStat db0 = backend > 0 ? proc_stat(backend) : ProcStat{};
        const int64_t cpu0 = settled_cpu_ns(c), t0 = now_ns();
        int n = 0;
        while (n < p.calls && (n < 20 || now_ns() - t0 < int64_t(p.min_ms) * 1'000'000)) {
            r.append(req, ++id);
            if (!send_all(c, req, now_ns() + kCallTimeout)) return fail("write failed");
            req.clear();
            if (wait_for(c, id, now_ns() + kCallTimeout, k) != Wait::Ok) return fail(std::string(kind.key) + ": no answer");
            ++n;
        }
        const int64_t cpu1 = settled_cpu_ns(c);
        m.cpu_us[kind.key] = double(cpu1 - cpu0) / 1e3 / n;
        if (const ProcStat db1 = backend > 0 ? proc_stat(backend) : ProcStat{}; db0.ok && db1.ok)  // tick-sampled
            m.cpu_us[kind.key] += (db1.utime_us + db1.stime_us - db0.utime_us - db0.stime_us) / n;
        m.calls[kind.key] = n;
    }
    close_and_wait(c, now_ns() + kExitTimeout);
    m.ok = true;
    return m;
}

std::string size_name(long long n) {
    if (n >= 1'000'000 && n % 1'000'000 == 0) return std::to_string(n / 1'000'000) + "M";
    if (n >= 1000 && n % 1000 == 0) return std::to_string(n / 1000) + "k";
    return std::to_string(n);
}

}  // namespace

std::string customer_name(long long k) {
    return std::string(kFirst[k % kNF][0]) + ' ' + kLast[(k / kNF) % kNL][0] + ' ' + kLast[(k / (kNF * kNL)) % kNL][0];
}

std::string customer_email(long long k) {
    return std::string(kFirst[k % kNF][1]) + '.' + kLast[(k / kNF) % kNL][1] + std::to_string(k) + '@' + kDomains[k % kND];
}

int run_customers(const std::string& office_binary, const CustomersParams& p, Ctx& ctx, const std::string& json_path,
                  const std::string& header) {
    std::printf("%s", header.c_str());
    std::vector<long long> sizes = {3};
    sizes.insert(sizes.end(), p.counts.begin(), p.counts.end());
    struct Backend {
        std::string name, key;
        std::vector<std::string> argv;
    };
    std::vector<Backend> backends = {{"office-mcp (SQLite)", "sqlite", {office_binary}}};
    if (!p.postgres_uri.empty()) backends.push_back({"office-mcp-pg (PostgreSQL)", "postgres", {p.server_pg}});
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    int status = 0;
    for (const Backend& b : backends) {
        std::map<long long, Measured> measured;
        std::map<long long, std::pair<double, double>> import;  // wall s, bench CPU s (SQLite: the whole import)
        std::map<long long, double> db_mib;
        std::string import_how = b.key == "sqlite" ? "" : "INSERT ... SELECT on the server, the trigram indexes kept by PostgreSQL";
        for (long long size : sizes) {
            std::fprintf(stderr, "office-bench: %s, %s customers...\n", b.name.c_str(), size_name(size).c_str());
            std::vector<std::string> argv = b.argv;
            int64_t t0 = now_ns(), c0 = self_cpu_ns();
            try {
                if (b.key == "sqlite") {
                    const std::string path = (ctx.tmp_root / ("customers-" + std::to_string(size) + ".db")).string();
                    if (size == 3) {
                        office::open_office_database(path);  // the demo office as office-mcp makes it
                    } else if (std::string note; import_command(b.argv[0], path, size, note, t0)) {
                        import_how = "office-mcp customers import FILE.csv (the command itself, its CSV written beforehand)";
                    } else {
                        if (import_how.empty()) std::fprintf(stderr, "office-bench: %s\n", note.c_str());
                        import_how = "through office-mcp's SQLite code in one transaction, the trigram index written by its "
                                     "trigger (office-mcp customers import is not in this build)";
                        t0 = now_ns();
                        c0 = self_cpu_ns();
                        fill_sqlite(path, size);
                    }
                    argv.insert(argv.end(), {"--db", path});
                    double bytes = 0;
                    for (const std::string f : {path, path + "-wal"})
                        if (std::error_code ec; std::filesystem::exists(f, ec)) bytes += double(std::filesystem::file_size(f, ec));
                    db_mib[size] = bytes / (1024.0 * 1024.0);
                } else {
#ifdef OFFICE_BENCH_POSTGRES
                    const std::string reset = p.server_pg + " db reset --db '" + p.postgres_uri + "' >/dev/null";
                    if (std::system(reset.c_str()) != 0) throw std::runtime_error("db reset failed: " + reset);
                    if (size > 3) fill_postgres(p.postgres_uri, size);
                    argv.insert(argv.end(), {"--db", p.postgres_uri});
#endif
                }
            } catch (const std::exception& e) {
                std::fprintf(stderr, "office-bench: %s, %lld customers: %s\n", b.name.c_str(), size, e.what());
                status = 1;
                continue;
            }
            if (size > 3) import[size] = {double(now_ns() - t0) / 1e9, double(self_cpu_ns() - c0) / 1e9};
            measured[size] = serve(argv, size, p, ctx, b.key == "postgres" ? p.postgres_uri : "");
            if (!measured[size].ok) {
                std::fprintf(stderr, "office-bench: %s, %lld customers: %s\n", b.name.c_str(), size, measured[size].err.c_str());
                status = 1;
            }
        }
        std::printf("\n%s: find_customer, server CPU per call (µs, legacy, sequential%s) and the ratio to the 3-customer office\n\n",
                    b.name.c_str(), b.key == "postgres" ? "; office-mcp-pg and its PostgreSQL backend, the backend's tick-sampled" : "");
        std::printf("| query |");
        for (long long size : sizes) std::printf(" %s customers |", size_name(size).c_str());
        std::printf("\n|---|");
        for (size_t i = 0; i < sizes.size(); ++i) std::printf("---|");
        std::printf("\n");
        for (const Kind& kind : kKinds) {
            std::printf("| %s |", kind.what);
            const double base = measured.count(3) && measured[3].ok ? measured[3].cpu_us[kind.key] : NAN;
            for (long long size : sizes) {
                const Measured& m = measured[size];
                if (!m.ok) {
                    std::printf(" failed |");
                    continue;
                }
                const double us = m.cpu_us.at(kind.key);
                if (size == 3) std::printf(" %.1f |", us);
                else std::printf(" %.1f (%.2f×) |", us, us / base);
                out[b.key][size_name(size)][kind.key] = {{"query", query_for(kind.key, size)},
                                                        {"cpu_us_per_call", us},
                                                        {"ratio_to_3", size == 3 ? 1.0 : us / base},
                                                        {"calls", m.calls.at(kind.key)},
                                                        {"answer", m.first.at(kind.key)}};
            }
            std::printf("\n");
        }
        std::printf("\nanswers (first line), largest office:\n");
        if (const Measured& m = measured[sizes.back()]; m.ok)
            for (const Kind& kind : kKinds) std::printf("  %-10s %s\n", kind.key, m.first.at(kind.key).c_str());
        if (!import.empty()) {
            std::printf("\n%s: import of N generated customers (%s)\n\n| customers | wall | per 1k customers | "
                        "ratio per customer to the first |%s\n|---|---|---|---|%s\n",
                        b.name.c_str(), import_how.c_str(), b.key == "sqlite" ? " database file |" : "",
                        b.key == "sqlite" ? "---|" : "");
            const double first = import.begin()->second.first / double(import.begin()->first);
            for (const auto& [size, t] : import) {
                std::printf("| %s | %.1f s | %.1f ms | %.2f× |", size_name(size).c_str(), t.first, t.first / double(size) * 1e3 * 1e3,
                            t.first / double(size) / first);
                if (b.key == "sqlite") std::printf(" %.0f MiB |", db_mib[size]);
                std::printf("\n");
                out[b.key][size_name(size)]["import"] = {{"wall_s", t.first}, {"bench_cpu_s", t.second}};
                if (b.key == "sqlite") out[b.key][size_name(size)]["import"]["db_mib"] = db_mib[size];
            }
        }
    }
    if (!json_path.empty()) std::ofstream(json_path) << out.dump(2) << "\n";
    return status;
}

}  // namespace bench
