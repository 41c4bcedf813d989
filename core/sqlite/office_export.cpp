// office-mcp export DIR / import DIR (office_export.h).

#include "office_export.h"

#include "bookings_calendar.h"
#include "clock.h"
#include "csv.h"
#include "platform.h"
#include "sha256.h"
#include "sqlite.h"
#include "sqlite_backup.h"
#include "sqlite_office_store.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>

namespace office {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr int kFormatVersion = 1;
constexpr const char* kFormat = "office-mcp export";
constexpr std::size_t kMaxFieldBytes = std::size_t{64} << 20;  // an idempotency key's stored result, at most

[[noreturn]] void refuse(const std::string& sentence) { throw StoreError(0, sentence); }

[[noreturn]] void refuse_errno(const std::string& what, int err) { refuse(what + ": " + std::strerror(err)); }

std::string file_of(std::string_view table) { return std::string(table) + (table == "audit" ? ".jsonl" : ".csv"); }

// A file of the export: written in large pieces, hashed as it goes, synced when closed.
class OutFile {
public:
    explicit OutFile(const std::string& path) : path_(path) {
        fd_ = platform::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW);
        if (fd_ < 0) refuse_errno("cannot create " + path, errno);
    }
    ~OutFile() {
        if (fd_ >= 0) ::close(fd_);
    }
    OutFile(const OutFile&) = delete;
    OutFile& operator=(const OutFile&) = delete;

    std::string& buffer() { return buffer_; }
    void maybe_flush() {
        if (buffer_.size() >= (1 << 20)) flush();
    }
    // Flushed, synced and closed: its size and SHA-256.
    std::pair<std::int64_t, std::string> close() {
        flush();
        if (platform::sync(fd_) != 0) refuse_errno("cannot sync " + path_, errno);
        ::close(fd_);
        fd_ = -1;
        return {bytes_, hash_.hex()};
    }

private:
    void flush() {
        hash_.update(buffer_);
        for (std::size_t done = 0; done < buffer_.size();) {
            const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) refuse_errno("cannot write " + path_, errno);
            done += static_cast<std::size_t>(n);
        }
        bytes_ += static_cast<std::int64_t>(buffer_.size());
        buffer_.clear();
    }
    std::string path_;
    int fd_ = -1;
    std::string buffer_;
    Sha256 hash_;
    std::int64_t bytes_ = 0;
};

// The manifest's entry of a finished file.
json file_entry(const std::string& name, std::pair<std::int64_t, std::string> written) {
    return {{"file", name}, {"bytes", written.first}, {"sha256", written.second}};
}

// The tables as CSV (audit as JSON Lines), each entry of the manifest made as its file is closed.
class ExportSink : public RowSink {
public:
    ExportSink(std::string dir, json& files) : dir_(std::move(dir)), files_(files) {}

    void table(std::string_view name, const std::vector<StoredColumn>& columns) override {
        close_table();
        table_ = std::string(name);
        columns_ = columns;
        out_ = std::make_unique<OutFile>(dir_ + "/" + file_of(name));
        rows_ = 0;
        if (jsonl()) return;
        std::vector<std::string> header;
        for (const auto& c : columns) header.push_back(c.name);
        csv::append_row(out_->buffer(), header);
    }

    void row(const std::vector<StoredValue>& values) override {
        ++rows_;
        if (!jsonl()) {
            csv::append_nullable_row(out_->buffer(), values);
        } else {
            json line = json::object();
            for (std::size_t k = 0; k < values.size(); ++k) {
                const auto& v = values[k];
                std::int64_t number = 0;
                const bool integer = v && columns_[k].integer &&
                                     std::from_chars(v->data(), v->data() + v->size(), number).ptr == v->data() + v->size();
                if (!v) line[columns_[k].name] = nullptr;
                else if (integer) line[columns_[k].name] = number;
                else line[columns_[k].name] = *v;
            }
            out_->buffer() += line.dump(-1, ' ', false, json::error_handler_t::strict);
            out_->buffer() += '\n';
        }
        out_->maybe_flush();
    }

    void done() override { close_table(); }

private:
    bool jsonl() const { return table_ == "audit"; }
    void close_table() {
        if (!out_) return;
        json entry = file_entry(file_of(table_), out_->close());
        entry["table"] = table_;
        entry["rows"] = rows_;
        json columns = json::array();
        for (const auto& c : columns_) columns.push_back({{"name", c.name}, {"integer", c.integer}});
        entry["columns"] = columns;
        files_.push_back(entry);
        out_.reset();
    }
    std::string dir_;
    json& files_;
    std::string table_;
    std::vector<StoredColumn> columns_;
    std::unique_ptr<OutFile> out_;
    std::int64_t rows_ = 0;
};

std::string utc_now(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    platform::utc_tm(now, tm);
    char text[32];
    std::strftime(text, sizeof text, format, &tm);
    return text;
}

// The booked slots as events in the office's zone, from the export's snapshot. A zone this
// machine cannot read leaves the times floating (RFC 5545 3.3.5, form 1): an export is never
// refused for it.
std::int64_t write_calendar(Database& db, OutFile& out, const std::string& version) {
    const auto settings = read_office_settings(db);
    const auto bookings = read_bookings(db);
    std::optional<TimeZone> zone;
    try {
        if (!settings.time_zone.empty()) zone = TimeZone::load(settings.time_zone);
    } catch (const std::invalid_argument&) {
    }
    out.buffer() = bookings_icalendar(bookings, read_opening_hours(db), zone ? &*zone : nullptr,
                                      {settings.name, version, system_now()});
    out.maybe_flush();
    return static_cast<std::int64_t>(bookings.size());
}

std::string read_whole(const std::string& path) {
    std::ifstream in(platform::u8path(path), std::ios::binary);
    if (!in) refuse("cannot read " + path + ": " + std::strerror(errno));
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

ExportFacts export_office_file(const std::string& office_file, const std::string& dir, const std::string& source,
                               const std::string& version) {
    std::error_code ec;
    if (const auto at = platform::u8path(dir); fs::exists(at, ec) && !(fs::is_directory(at, ec) && fs::is_empty(at, ec)))
        refuse(dir + " already exists and is not an empty directory: export writes a new one");
    const std::string partial = dir + ".partial";
    fs::remove_all(platform::u8path(partial), ec);
    if (platform::make_directory(partial) != 0) refuse_errno("cannot create directory " + partial, errno);
    try {
        json files = json::array();
        {
            Database db(office_file, Database::Mode::ReadWrite, Durability::Power);
            Transaction snapshot(db, Transaction::Kind::Deferred);
            ExportSink sink(partial, files);
            read_office_rows(db, office_file, sink);
            OutFile calendar(partial + "/calendar.ics");
            const auto events = write_calendar(db, calendar, version);
            json entry = file_entry("calendar.ics", calendar.close());
            entry["events"] = events;
            files.push_back(entry);
            snapshot.commit();
        }
        const json manifest = {{"format", kFormat},
                               {"format_version", kFormatVersion},
                               {"schema_version", kSchemaVersion},
                               {"office_mcp_version", version},
                               {"exported_at", utc_now("%Y-%m-%dT%H:%M:%SZ")},
                               {"source", source},
                               {"csv_null", "an empty field is NULL; empty text is written \"\""},
                               {"files", files}};
        OutFile out(partial + "/manifest.json");
        out.buffer() = manifest.dump(2) + "\n";
        out.close();
        sync_directory(partial);
        fs::remove(platform::u8path(dir), ec);  // if there: empty, checked above
        if (platform::replace(partial, dir) != 0) refuse_errno("cannot rename " + partial + " to " + dir, errno);
        const auto parent = platform::u8path(dir).parent_path();
        sync_directory(parent.empty() ? "." : parent.string());
        ExportFacts facts;
        for (const auto& f : files)
            facts.files.emplace_back(f["file"], f.contains("rows") ? f["rows"].get<std::int64_t>() : f["events"].get<std::int64_t>());
        return facts;
    } catch (...) {
        fs::remove_all(platform::u8path(partial), ec);
        throw;
    }
}

void read_export_dir(const std::string& dir, RowSink& sink) {
    const std::string manifest_path = dir + "/manifest.json";
    json manifest;
    try {
        manifest = json::parse(read_whole(manifest_path));
    } catch (const json::exception& e) {
        refuse(manifest_path + " is not JSON: " + e.what());
    }
    if (!manifest.is_object() || manifest.value("format", "") != kFormat)
        refuse(manifest_path + " is not the manifest of an office-mcp export");
    if (manifest.value("format_version", 0) != kFormatVersion)
        refuse(manifest_path + " is of export format " + manifest.value("format_version", json(0)).dump() +
               "; this build reads format " + std::to_string(kFormatVersion));
    const auto schema = manifest.value("schema_version", 0);
    if (schema != kSchemaVersion)
        refuse(dir + " was exported at office schema " + std::to_string(schema) + " and this build is at " +
               std::to_string(kSchemaVersion) + ": import it with the office-mcp that exported it, back it up, and restore the backup here");
    if (!manifest.contains("files") || !manifest["files"].is_array()) refuse(manifest_path + " lists no files");
    // Every file first, as the manifest says it was written: nothing is given before all are found whole.
    std::vector<std::string> contents(kStoredTables.size());
    std::vector<json> entries(kStoredTables.size());
    for (std::size_t t = 0; t < kStoredTables.size(); ++t) {
        const std::string name = file_of(kStoredTables[t].name);
        for (const auto& f : manifest["files"])
            if (f.is_object() && f.value("file", "") == name) entries[t] = f;
        if (entries[t].is_null()) refuse(manifest_path + " does not list " + name);
        const std::string path = dir + "/" + name;
        if (!fs::exists(platform::u8path(path))) refuse(path + " is missing");
        contents[t] = read_whole(path);
        if (static_cast<std::int64_t>(contents[t].size()) != entries[t].value("bytes", std::int64_t{-1}) ||
            sha256_hex(contents[t]) != entries[t].value("sha256", ""))
            refuse(path + " is not the file that was exported: its size or SHA-256 differs from manifest.json's");
    }
    for (std::size_t t = 0; t < kStoredTables.size(); ++t) {
        const std::string path = dir + "/" + file_of(kStoredTables[t].name);
        std::vector<StoredColumn> columns;
        try {
            for (const auto& c : entries[t].at("columns")) columns.push_back({c.at("name"), c.at("integer")});
        } catch (const json::exception&) {
            refuse(manifest_path + " does not say the columns of " + file_of(kStoredTables[t].name));
        }
        sink.table(kStoredTables[t].name, columns);
        std::int64_t rows = 0;
        std::vector<StoredValue> values(columns.size());
        if (kStoredTables[t].name == "audit") {
            std::size_t line = 0, at = 0;
            const std::string& text = contents[t];
            while (at < text.size()) {
                ++line;
                std::size_t end = text.find('\n', at);
                if (end == std::string::npos) end = text.size();
                const std::string_view piece(text.data() + at, end - at);
                at = end + 1;
                if (piece.empty()) continue;
                const auto object = json::parse(piece, nullptr, false);
                if (!object.is_object()) refuse(path + ": line " + std::to_string(line) + " is not a JSON object");
                for (std::size_t k = 0; k < columns.size(); ++k) {
                    const auto it = object.find(columns[k].name);
                    if (it == object.end()) refuse(path + ": line " + std::to_string(line) + " has no " + columns[k].name);
                    if (it->is_null()) values[k].reset();
                    else if (it->is_number_integer()) values[k] = it->dump();
                    else if (it->is_string()) values[k] = it->get<std::string>();
                    else refuse(path + ": line " + std::to_string(line) + ": " + columns[k].name + " is neither text nor a whole number");
                }
                sink.row(values);
                ++rows;
            }
        } else {
            bool header = true;
            const auto bad = csv::for_each_record(
                contents[t],
                [&](csv::Record&& r) {
                    if (header) {
                        header = false;
                        bool same = r.fields.size() == columns.size();
                        for (std::size_t k = 0; same && k < columns.size(); ++k) same = r.fields[k] == columns[k].name;
                        if (!same) refuse(path + ": the header row is not the columns manifest.json lists");
                        return;
                    }
                    if (r.fields.size() != columns.size())
                        refuse(path + ": line " + std::to_string(r.line) + " has " + std::to_string(r.fields.size()) +
                               " fields, the header " + std::to_string(columns.size()));
                    for (std::size_t k = 0; k < columns.size(); ++k) {
                        if (r.fields[k].empty() && !r.quoted[k]) values[k].reset();
                        else values[k] = std::move(r.fields[k]);
                    }
                    sink.row(values);
                    ++rows;
                },
                kMaxFieldBytes);
            if (bad) refuse(path + ": line " + std::to_string(bad->line) + ": " + bad->why);
            if (header) refuse(path + " has no header row");
        }
        if (rows != entries[t].value("rows", std::int64_t{-1}))
            refuse(path + " holds " + std::to_string(rows) + " rows, manifest.json says " + entries[t].value("rows", json(0)).dump());
    }
    sink.done();
}

}  // namespace office
