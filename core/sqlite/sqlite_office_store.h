#pragma once
// The office in a SQLite file: the OfficeStore that serves by default (a static binary, one
// file). It owns the schema (resources/schema.sql, seed.sql and the migrations), where the
// default database lives, and every statement about office tables (docs/architecture.md).

#include "office_store.h"
#include "sqlite.h"

#include <memory>
#include <optional>
#include <string>
#include <cstdint>
#include <utility>

namespace office {

// The schema version this build writes (PRAGMA user_version).
inline constexpr int kSchemaVersion = 12;  // 2: the audit trail (core/store/audit.h); 3: partial refunds; 4: audit.principal; 5: idempotency keys; 6: tasks; 7: audit trace context; 8: the menu, one customer per email; 9: customer_search; 10: customer_words; 11: the calendar: settings, opening hours, closures; 12: a booking's uid and sequence

// Makes `db` an office database at kSchemaVersion: makes an empty file an office of `kind`,
// migrates an older one forward, leaves a current one alone. Throws StoreError for a file that
// is not ours (other tables, or another application_id) or is newer than this build.
void ensure_schema(Database& db, OfficeKind kind = OfficeKind::Demo);

// How the objects of `db`'s schema (tables, indexes, triggers, views, with their SQL) differ from
// those this build makes at the file's schema version: the first difference, as a sentence
// naming the object ("trigger t is not part of an office", "table invoices differs: CHECK
// (amount_cents > 0) is missing"), or "" when they are the same. ensure_schema refuses a file
// that differs; restore (check_office_file) does too.
std::string office_schema_difference(Database& db);

// Drops everything and makes the office again, of `kind` (office-mcp db reset).
void reset_database(Database& db, OfficeKind kind = OfficeKind::Demo);
// reset_database on the file at `path`, opened without judging its schema first: an office
// refused for objects it should not hold can still be reset (everything in it is lost).
void reset_office_file(const std::string& path, OfficeKind kind);

// $OFFICE_MCP_DB, else $XDG_DATA_HOME/office-mcp/office.db, else
// ~/.local/share/office-mcp/office.db. (--db is applied by the caller before this.)
std::string default_database_path();

// Opens the database at `path` ready for use: creates the parent directory (0700) and the
// file (0600) if needed, switches a file that is empty or ours to WAL (someone else's file is
// never modified), then ensure_schema. Throws StoreError with a sentence naming the path.
std::unique_ptr<Database> open_office_database(const std::string& path, Durability durability = Durability::Power,
                                               OfficeKind kind = OfficeKind::Demo);

// Throws StoreError with one sentence when `path` cannot work as the database: a directory, an
// existing file that cannot be opened for reading and writing, or a new file whose directory
// cannot take new files. Creates nothing (a server/discover probe must leave nothing behind),
// so serving can refuse such a path at start instead of at the first tool call.
void check_database_location(const std::string& path);

// The parts of an office in a SQLite file (office_store.h), each on its store's database.
class SqlitePart {
protected:
    explicit SqlitePart(Database& db) : db_(&db) {}
    Database* db_;
};

class SqliteCustomers final : public CustomerStore, private SqlitePart {
public:
    explicit SqliteCustomers(Database& db) : SqlitePart(db) {}

    CustomerPage find_customers(const std::string& text) override;
    std::optional<std::string> customer_name(std::int64_t id) override;
    AddedCustomer add_customer(const std::string& name, const std::string& email) override;
    std::optional<Customer> load_customer(std::int64_t id) override;
    std::optional<Customer> customer_with_email(const std::string& email) override;
    void update_customer(const Customer& customer) override;
    CustomerUse customer_use(std::int64_t id) override;
    void remove_customer(std::int64_t id) override;
    void optimize_customer_search() override;
    std::vector<Customer> customers_after(std::int64_t after_id, int limit) override;
};

class SqliteCalendar final : public CalendarStore, private SqlitePart {
public:
    explicit SqliteCalendar(Database& db) : SqlitePart(db) {}

    std::vector<SlotRow> slot_rows(const std::string& from_day, const std::string& to_day) override;
    std::vector<BookedSlot> bookings() override;
    Booking book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time, std::int64_t customer_id,
                                const std::string& at, const std::string& by) override;
    std::optional<SlotRow> load_slot(std::int64_t slot_id) override;
    bool cancel_booking(std::int64_t slot_id, bool remove_row) override;
    void carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) override;
    OfficeSettings office_settings() override;
    void save_office_settings(const OfficeSettings& settings) override;
    std::vector<OpeningRange> opening_hours() override;
    void replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) override;
    std::vector<Closure> closures() override;
    void add_closure(const Closure& closure) override;
    bool remove_closure(const std::string& day) override;
    std::vector<FreeSlot> free_slots(const std::string& day) override;
    Booking book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
                      const std::string& by) override;
};

class SqliteMoney final : public MoneyStore, private SqlitePart {
public:
    explicit SqliteMoney(Database& db) : SqlitePart(db) {}

    std::vector<Invoice> invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id) override;
    std::int64_t add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) override;
    bool pay_invoice(std::int64_t id) override;
    std::vector<Invoice> invoices_of(std::int64_t customer_id) override;
    std::optional<Invoice> load_invoice(std::int64_t id) override;
    std::optional<ApprovalState> latest_approval(std::int64_t invoice_id) override;
    void mark_reported(std::int64_t request_id, const std::string& at) override;
    std::int64_t queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) override;
    std::optional<PendingRequest> pending_request(std::int64_t invoice_id) override;
    void decline_request(std::int64_t request_id, const std::string& at, const std::string& by) override;
    std::int64_t record_refund(const RefundRecord& refund) override;
    std::vector<ApprovalRequest> approval_requests() override;
    std::int64_t pending_approvals() override;
    std::optional<ReopenCandidate> reopen_candidate(std::int64_t request_id) override;
    void reopen_request(std::int64_t request_id) override;
    std::optional<std::int64_t> withdraw_request(std::int64_t request_id, const std::string& at, const std::string& by) override;
    void create_task(const TaskRecord& task, const std::string& forget_before) override;
    std::optional<TaskRecord> load_task(const std::string& id) override;
    std::optional<TaskRecord> task_of_request(std::int64_t request_id) override;
    void update_task(const TaskRecord& task) override;
};

class SqliteLunch final : public LunchStore, private SqlitePart {
public:
    explicit SqliteLunch(Database& db) : SqlitePart(db) {}

    std::vector<MenuItem> menu() override;
    std::optional<MenuItem> menu_item(const std::string& name) override;
    std::optional<std::int64_t> add_menu_item(const MenuItem& item) override;
    std::optional<std::int64_t> remove_menu_item(const std::string& name) override;
    std::int64_t record_lunch_order(const LunchOrder& order) override;
};

class SqliteOfficeStore final : public OfficeStore {
public:
    explicit SqliteOfficeStore(std::unique_ptr<Database> db);
    ~SqliteOfficeStore() override;

    // The SQLite database itself: for tests that look at rows and for `db reset`, never for
    // the protocol layer (which speaks OfficeStore only).
    Database& database() { return *db_; }

    void begin_write() override;
    void commit_write() override;
    void rollback_write() noexcept override;
    void begin_batch() override { db_->begin_batch(); }
    void end_batch() override { db_->end_batch(); }
    bool batch_has_writes() const override { return db_->batch_has_writes(); }

    CustomerStore& customers() override { return customers_; }
    CalendarStore& calendar() override { return calendar_; }
    MoneyStore& money() override { return money_; }
    LunchStore& lunch() override { return lunch_; }

    bool consume_request_state(const std::string& nonce, const std::string& at) override;
    bool request_state_used(const std::string& nonce) override;

    std::optional<RememberedCall> remembered_call(const std::string& scope, const std::string& key,
                                                  const std::string& since) override;
    void remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                       const std::string& forget_before) override;

    void append_audit(const AuditEntry& entry) override;
    std::vector<AuditEntry> read_audit(const AuditFilter& filter = {}) override;

    std::vector<nlohmann::json> read_rows(OfficeTable table, std::int64_t after_id, int limit) override;
    std::int64_t change_mark() override;
    bool replaced() override;

private:
    std::unique_ptr<Database> db_;
    SqliteCustomers customers_{*db_};
    SqliteCalendar calendar_{*db_};
    SqliteMoney money_{*db_};
    SqliteLunch lunch_{*db_};
    std::optional<Transaction> write_;  // the open write unit
    std::optional<std::pair<std::uint64_t, std::uint64_t>> file_;  // the file db_ opened (none: in memory)
};

// The store's readers of the office's settings, opening hours and bookings, on `db` itself: the
// export reads its snapshot with them.
OfficeSettings read_office_settings(Database& db);
std::vector<OpeningRange> read_opening_hours(Database& db);
std::vector<BookedSlot> read_bookings(Database& db);

// open_office_database, as a store.
std::unique_ptr<SqliteOfficeStore> open_office_store(const std::string& path, Durability durability = Durability::Power,
                                                     OfficeKind kind = OfficeKind::Demo);

// A new office of `kind` at `path`; StoreError, changing nothing, when the file holds one already.
void create_office_file(const std::string& path, OfficeKind kind);

}  // namespace office
