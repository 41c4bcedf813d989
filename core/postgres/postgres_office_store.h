#pragma once
// The office in a PostgreSQL database (docs/architecture.md, "PostgreSQL"): the OfficeStore for
// offices shared by several processes and machines. It owns its schema (the same tables and
// columns as SQLite's, in PostgreSQL's types), its forward-only migrations and seed, and every
// statement about office tables in PostgreSQL. Chosen by a libpq URI (office_store_for.h);
// built into office-mcp-pg only, since libpq cannot be linked statically (see the docs).
//
// Race-freedom: every write unit takes pg_advisory_xact_lock(kOfficeLockKey) first, so writers
// run one at a time, as under SQLite's BEGIN IMMEDIATE, which the tools' read-check-write logic
// assumes; READ COMMITTED then shows each writer everything committed before it took the lock.
// The schema's constraints (CHECKs, one pending request per invoice, unique nonce) are the
// backstop.

#include "office_copy.h"
#include "office_store.h"
#include "postgres.h"
#include "durability.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace office {

// The schema version this build writes (office_schema.version).
inline constexpr int kPostgresSchemaVersion = 9;  // 1: the shape of SQLite schema 4, seeded; 2: idempotency keys (SQLite 5); 3: tasks (SQLite 6); 4: audit trace context (SQLite 7); 5: the menu, one customer per email (SQLite 8); 6: trigram indexes (SQLite 9); 7: customer_words (SQLite 10); 8: the calendar (SQLite 11); 9: a booking's uid and sequence (SQLite 12)

// The advisory lock every write transaction takes: 'OFFC', one office per database; kLock is
// the statement that takes it.
inline constexpr std::int64_t kOfficeLockKey = 0x4F464643;
extern const std::string kLock;

// Rolls back a failed transaction, ignoring any error: the first statement that failed is what
// the person needs, the ROLLBACK after it cannot add anything.
void rollback_quietly(pg::Connection& conn) noexcept;

// Step N turns a version N-1 database into version N; version 0 is an empty database. Append
// steps and bump kPostgresSchemaVersion; never edit a released step.
struct PostgresMigration {
    int version;
    std::string_view sql;
};
std::span<const PostgresMigration> postgres_migrations();

// Brings the database `conn` is connected to up to the last of `steps`, each step in its own
// transaction under the office lock (so replicas starting together migrate once). Throws
// StoreError for a database holding tables that are not ours, or written by a newer build.
// Tests pass their own steps to exercise the mechanism from an older version.
void migrate_postgres(pg::Connection& conn, std::span<const PostgresMigration> steps);

// Only looks: throws StoreError for a database holding tables that are not ours, or written
// by a build newer than `known_version`; an empty database or an office passes. What serving
// checks at start (check_office_location), creating nothing.
void check_postgres_schema(pg::Connection& conn, int known_version = kPostgresSchemaVersion);

// Drops the office's tables and makes the office again, of `kind` (office-mcp db reset).
// Refuses a foreign database.
void reset_postgres(pg::Connection& conn, OfficeKind kind = OfficeKind::Demo);

// Makes an office of `kind` in a database holding no tables (office-mcp db init). Throws
// StoreError, changing nothing, for one that holds an office already or someone else's tables.
void create_postgres(pg::Connection& conn, OfficeKind kind);

// The office copied out of and into PostgreSQL (office_copy.h; postgres_office_copy.cpp), for
// backup, restore, export and import. Both migrate the office to this build's schema first.
// read_postgres_office gives every stored table from one REPEATABLE READ snapshot (StoreError
// for a database holding no office). load_postgres_office puts exactly what `source` gives in
// place of the office's rows in one transaction under the office lock, and moves each identity
// past the largest id loaded; with `only_if_empty` it refuses an office holding any row.
void read_postgres_office(pg::Connection& conn, RowSink& sink);
void load_postgres_office(pg::Connection& conn, const RowSource& source, bool only_if_empty);

class PostgresOfficeStore;

// What a part of a PostgreSQL office runs its statements with: its store's connection, with the
// store's reconnect rule and pipelining (PostgresOfficeStore::run and defer).
class PostgresPart {
protected:
    explicit PostgresPart(PostgresOfficeStore& store) : store_(store) {}
    pg::Result run(std::string_view sql, std::initializer_list<pg::Param> params = {});
    void defer(std::string_view sql, std::initializer_list<pg::Param> params = {});

    PostgresOfficeStore& store_;
};

// The parts of an office in PostgreSQL (office_store.h), each on its store's connection.

class PostgresCustomers final : public CustomerStore, private PostgresPart {
public:
    explicit PostgresCustomers(PostgresOfficeStore& store) : PostgresPart(store) {}

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

class PostgresCalendar final : public CalendarStore, private PostgresPart {
public:
    explicit PostgresCalendar(PostgresOfficeStore& store) : PostgresPart(store) {}

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

class PostgresMoney final : public MoneyStore, private PostgresPart {
public:
    explicit PostgresMoney(PostgresOfficeStore& store) : PostgresPart(store) {}

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

class PostgresLunch final : public LunchStore, private PostgresPart {
public:
    explicit PostgresLunch(PostgresOfficeStore& store) : PostgresPart(store) {}

    std::vector<MenuItem> menu() override;
    std::optional<MenuItem> menu_item(const std::string& name) override;
    std::optional<std::int64_t> add_menu_item(const MenuItem& item) override;
    std::optional<std::int64_t> remove_menu_item(const std::string& name) override;
    std::int64_t record_lunch_order(const LunchOrder& order) override;
};

class PostgresOfficeStore final : public OfficeStore {
public:
    // Connects to `uri` and migrates it (StoreError with one sentence otherwise). Durability:
    // Power waits for the server's WAL flush at every COMMIT (synchronous_commit = on, the
    // server's default); Process lets COMMIT return before it (synchronous_commit = off): an
    // acknowledged write survives office-mcp dying, not the database server's machine.
    explicit PostgresOfficeStore(const std::string& uri, Durability durability = Durability::Power);
    ~PostgresOfficeStore() override;

    // The connection itself: for tests that look at rows and for `db reset`, never for the
    // protocol layer.
    pg::Connection& connection() { return *conn_; }

    void begin_write() override;
    void commit_write() override;
    void rollback_write() noexcept override;
    void begin_batch() override;
    void end_batch() override;
    bool batch_has_writes() const override { return batch_open_; }

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
    bool replaced() override { return false; }  // a restore loads into the office's own schema

private:
    // Runs one statement. The reconnect rule: when the connection is found lost and nothing of
    // this store is open on it (no write unit, no batch with writes), it is reset once and the
    // statement run again; otherwise the open work is gone with the connection, and StoreError
    // says a write may not have been committed (never a false success).
    pg::Result run(std::string_view sql, std::initializer_list<pg::Param> params = {});
    // A statement whose result nobody needs: inside a write transaction only queued (pipeline
    // mode, postgres.h), its failure reported by the next statement that waits; else run().
    void defer(std::string_view sql, std::initializer_list<pg::Param> params = {});
    // The transaction's last statement (COMMIT, ROLLBACK): sent, and everything queued read.
    pg::Result end_transaction(std::string_view last);
    // A pg::Error from pipeline mode: a lost connection (lost()), or a failure of a statement
    // queued earlier, which dooms the transaction (doomed_) and is thrown as a StoreError.
    [[noreturn]] void failed_in_pipeline(const pg::Error& e);
    // Starts a transaction (BEGIN and the office lock, and `then` if given) as one round trip
    // that is safe to retry: nothing was written on this connection yet.
    void begin(std::string_view then);
    bool open() const { return write_open_ || batch_open_; }
    void reconnect();
    void configure();  // the session settings, again after every reconnect
    [[noreturn]] void lost(const pg::Error& e);

    static constexpr auto kReconnectWait = std::chrono::milliseconds(400);
    static constexpr auto kDownHold = std::chrono::milliseconds(100);

    std::unique_ptr<pg::Connection> conn_;
    Durability durability_;
    std::optional<std::chrono::steady_clock::time_point> down_since_;  // the last reconnect gave up then
    bool write_open_ = false;  // a write unit is open
    bool batching_ = false;
    bool batch_open_ = false;  // the batch's transaction has begun
    bool batch_lost_ = false;  // the connection died under the batch's transaction
    bool doomed_ = false;      // a queued statement of the open transaction failed: it cannot commit
    // The lunch order ids this transaction took: the first from nextval, the rest counted on.
    std::optional<std::int64_t> last_order_id_;
    std::int64_t first_order_id_ = 0;

    PostgresCustomers customers_{*this};
    PostgresCalendar calendar_{*this};
    PostgresMoney money_{*this};
    PostgresLunch lunch_{*this};
    friend class PostgresPart;
    friend class PostgresLunch;  // the lunch order ids
};

}  // namespace office
