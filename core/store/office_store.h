#pragma once
// The office's data, in office terms: the interfaces every backend implements (SQLite in
// sqlite_office_store.h, PostgreSQL in postgres_office_store.h). Tools, the session and the
// operator's commands speak only these; no SQL is written anywhere else (docs/architecture.md,
// "The store's parts").
//
// Rules for an implementation: money is integer cents; times are the caller's (the injected
// clock), never the backend's own; every write a tool makes happens inside a WriteTransaction
// together with its audit row; failures are StoreError.

#include "audit.h"
#include "office_tables.h"
#include "store_error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace office {

// What a new office holds: the seed's demo (three customers, invoices, six slots, the menu:
// what every office got before issue 37, for tours and tests), or nothing but its schema and
// keys, for a business to fill with its own records.
enum class OfficeKind { Demo, Empty };

struct Customer {
    std::int64_t id = 0;
    std::string name;
    std::string email;
};

// A page of find_customers: at most kCustomerPage customers, by id, and how many more match.
// Counting stops after kMoreCounted further matches, so a query that matches most of a large
// office costs a bounded amount: then `more` is kMoreCounted and `more_exact` is false.
inline constexpr int kCustomerPage = 50;
inline constexpr int kMoreCounted = 1000;
struct CustomerPage {
    std::vector<Customer> customers;
    std::int64_t more = 0;       // further matches after the page (0: the page is all of them)
    bool more_exact = true;  // false: counting stopped, more than `more` further matches
};

struct FreeSlot {
    std::int64_t id = 0;
    std::string time;  // HH:MM
};

// What book_slot did: booked it, or why not (day and time are the slot's in both cases).
struct Booking {
    enum class Status { Booked, NoSuchSlot, Taken };
    Status status = Status::NoSuchSlot;
    std::string day;
    std::string time;
};

struct Invoice {
    std::int64_t id = 0;
    std::string customer;     // the customer's name
    std::int64_t cents = 0;
    std::string status;       // open, paid, refunded (once nothing is left)
    std::int64_t refunded = 0;  // the sum of its refunds
    std::int64_t customer_id = 0;
    std::int64_t left() const { return cents - refunded; }
};

// What `add_customer` did: added `customer`, or found its email already a customer's (compared
// case-insensitively) and changed nothing; `customer` is then the one already there.
struct AddedCustomer {
    Customer customer;
    bool added = false;
};

// What still refers to a customer: one is removed only while nothing does.
struct CustomerUse {
    std::int64_t invoices = 0;
    std::int64_t bookings = 0;
};

// An item of the office's lunch menu (order_lunch's `item` is one of them).
struct MenuItem {
    std::string name;
    std::optional<std::int64_t> price_cents;  // none: the menu shows no price
    bool operator==(const MenuItem&) const = default;
};

// The office's place in time (issue 38): its IANA time zone ("" until set: the machine's
// zone is used), its name for people, and how many days ahead it takes bookings.
struct OfficeSettings {
    std::string time_zone;
    std::string name;
    std::int64_t horizon_days = 90;
    bool operator==(const OfficeSettings&) const = default;
};

// One range of a weekday's opening hours: slots of `slot_minutes` from `opens`, each ending by
// `closes` (HH:MM, local time in the office's zone). weekday: 0 Sunday ... 6 Saturday.
struct OpeningRange {
    int weekday = 0;
    std::string opens, closes;
    std::int64_t slot_minutes = 30;
    bool operator==(const OpeningRange&) const = default;
};

// A day the office is closed (a holiday): no slots from its hours.
struct Closure {
    std::string day;  // YYYY-MM-DD
    std::string reason;
    bool operator==(const Closure&) const = default;
};

// A row of the calendar: an explicit slot (the demo's), or a booking of a slot the hours made.
struct SlotRow {
    std::int64_t id = 0;
    std::string day, time;
    std::optional<std::int64_t> customer_id;  // none: free
};

// A booking as the office's calendar shows it (iCalendar, core/support/icalendar.h).
struct BookedSlot {
    std::int64_t slot_id = 0;
    std::string day, time;
    std::string uid;             // the booking's own, kept when it moves
    std::int64_t sequence = 0;   // how often it moved
    std::string booked_at;       // when it was booked or moved to this slot ("" unknown)
    std::string customer, email;
};

// The latest approval request of an invoice as issue_refund reports it: a pending one first,
// then one whose outcome was not yet reported, then the newest.
struct ApprovalState {
    std::int64_t id = 0;
    std::string status;      // pending, approved, declined, withdrawn
    std::int64_t cents = 0;  // the amount approved (0 while pending or declined)
    bool reported = false;   // a calling client was told the outcome
};

// A request waiting in the approval queue: the refund or decline that settles it names it.
struct PendingRequest {
    std::int64_t id = 0;
    std::string client;  // who queued it
};

struct ApprovalRequest {
    std::int64_t id = 0;
    std::int64_t invoice_id = 0;
    std::string status;       // pending, approved, declined, withdrawn (by its task's client)
    std::string client;       // who queued it
    std::string created_at;
    std::string resolved_by;  // "" while nobody approved, declined or withdrew it
};

// What `approvals reopen` needs to judge a request.
struct ReopenCandidate {
    std::int64_t invoice_id = 0;
    std::string status;
    std::int64_t left = 0;                      // what is left to refund of its invoice
    std::optional<std::int64_t> other_pending;  // another pending request of that invoice
};

struct RefundRecord {
    std::int64_t invoice_id = 0;
    std::int64_t cents = 0;
    std::string reason;
    std::string approved_via;  // input_required, elicitation
    std::string client;        // who approved and ran it
    std::string at;
    std::optional<PendingRequest> settles;  // the queued request it approves
};

struct LunchOrder {
    std::string item;
    std::int64_t quantity = 0;
    std::optional<std::string> note;
    std::string client;
    std::string at;
};

// A call made with an idempotency key (core/office/idempotency.h), as it is remembered.
struct RememberedCall {
    std::string tool;
    std::string request;  // the SHA-256 of the tool and its arguments, in hex
    std::string result;   // the tool's result as JSON
    std::string at;       // when it was made
};

// A task (io.modelcontextprotocol/tasks, core/office/tasks.h): a client's durable handle on
// the approval request its call queued. Its id is the handle, so it is unguessable; `scope` is
// who may use it (the caller, as an idempotency key's scope).
struct TaskRecord {
    std::string id;
    std::string scope;
    std::int64_t approval_request_id = 0;
    std::string status;          // working, completed, cancelled
    std::string status_message;  // for the client's person or model
    std::string result;          // completed: the tool's result as JSON (idempotency.h's form); else ""
    std::string created_at;
    std::string updated_at;
    std::string expires_at;      // created_at + its TTL: after that the task is gone
    std::int64_t ttl_ms = 0;
};

// The office's data comes in parts, one interface each, for the users that need only that part:
// the customers, the calendar, the money (invoices, refunds, the approval queue and the tasks
// that follow it) and the lunch menu. OfficeStore holds the parts and what every write needs
// (transactions, the audit trail, the change mark, the protocol's own records). A backend
// implements each part in a class of its own (sqlite_office_store.h, postgres_office_store.h).

class CustomerStore {
public:
    virtual ~CustomerStore() = default;
    // Customers whose name or email contains `text` literally (case-insensitive as each
    // backend's LIKE/ILIKE is), by id: a page and the count of further matches (CustomerPage).
    virtual CustomerPage find_customers(const std::string& text) = 0;
    virtual std::optional<std::string> customer_name(std::int64_t id) = 0;
    // The office's own records, kept by its people (core/office/records.h checks every value
    // first; these only write, inside a write's transaction, or read).
    virtual AddedCustomer add_customer(const std::string& name, const std::string& email) = 0;
    virtual std::optional<Customer> load_customer(std::int64_t id) = 0;
    virtual std::optional<Customer> customer_with_email(const std::string& email) = 0;  // case-insensitively
    virtual void update_customer(const Customer& customer) = 0;  // its name and email
    virtual CustomerUse customer_use(std::int64_t id) = 0;
    virtual void remove_customer(std::int64_t id) = 0;
    // After many customers were written at once (an import), outside a write: the search
    // indexes made compact again (SQLite: FTS5's optimize), the planner's statistics fresh
    // (PostgreSQL: VACUUM ANALYZE), so find_customers reads as little as it can.
    virtual void optimize_customer_search() = 0;
    // At most `limit` customers with id > after_id, by id (the whole list, a page at a time).
    virtual std::vector<Customer> customers_after(std::int64_t after_id, int limit) = 0;
};

class CalendarStore {
public:
    virtual ~CalendarStore() = default;
    // ---- appointments
    virtual std::vector<FreeSlot> free_slots(const std::string& day) = 0;
    // Books it only if free: two racing callers cannot both win.
    virtual Booking book_slot(std::int64_t slot_id, std::int64_t customer_id, const std::string& at,
                              const std::string& by) = 0;
    // Every slot row from `from_day` to `to_day` (inclusive), by day and time.
    virtual std::vector<SlotRow> slot_rows(const std::string& from_day, const std::string& to_day) = 0;
    // Books the slot the hours make at `day` `time` under the id `slot_id` (core/office/calendar.h
    // names it): a row is made for it, or a free row of that id is taken; Taken when it is
    // booked, NoSuchSlot when another slot holds that day and time.
    virtual Booking book_generated_slot(std::int64_t slot_id, const std::string& day, const std::string& time,
                                        std::int64_t customer_id, const std::string& at, const std::string& by) = 0;
    virtual std::optional<SlotRow> load_slot(std::int64_t slot_id) = 0;
    virtual std::vector<BookedSlot> bookings() = 0;  // every booked slot, by day and time
    // The slot's booking gone (remove_row: its row too, for a slot the hours make, which needs
    // none while free). false, changing nothing: it was not booked.
    virtual bool cancel_booking(std::int64_t slot_id, bool remove_row) = 0;
    // Once `to_id` was booked for the same customer in this write: the booking of `from_id`
    // is that one now (its uid, its sequence one more: its calendar event moved), and `from_id`
    // is freed as by cancel_booking.
    virtual void carry_booking(std::int64_t from_id, std::int64_t to_id, bool remove_from_row) = 0;

    // ---- the office's zone, hours and closures (issue 38; writes inside a write)
    virtual OfficeSettings office_settings() = 0;
    virtual void save_office_settings(const OfficeSettings& settings) = 0;
    virtual std::vector<OpeningRange> opening_hours() = 0;  // by weekday, then opening time
    // The ranges of each of `weekdays` replaced by those of `ranges` on that weekday (none: closed).
    virtual void replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) = 0;
    virtual std::vector<Closure> closures() = 0;  // by day
    virtual void add_closure(const Closure& closure) = 0;  // a day closed already gets the new reason
    virtual bool remove_closure(const std::string& day) = 0;  // false: it was not closed
};

class MoneyStore {
public:
    virtual ~MoneyStore() = default;
    // ---- invoices
    virtual std::vector<Invoice> invoices_of(std::int64_t customer_id) = 0;
    virtual std::optional<Invoice> load_invoice(std::int64_t id) = 0;
    // At most `limit` invoices with id > after_id, by id; only `customer_id`'s when it is not 0.
    virtual std::vector<Invoice> invoices_after(std::int64_t after_id, int limit, std::int64_t customer_id = 0) = 0;
    virtual std::int64_t add_invoice(std::int64_t customer_id, std::int64_t cents, const std::string& status) = 0;
    virtual bool pay_invoice(std::int64_t id) = 0;  // open becomes paid; false (nothing changed) otherwise

    // ---- refunds and the approval queue
    virtual std::optional<ApprovalState> latest_approval(std::int64_t invoice_id) = 0;
    virtual void mark_reported(std::int64_t request_id, const std::string& at) = 0;
    virtual std::int64_t queue_approval(std::int64_t invoice_id, const std::string& client, const std::string& at) = 0;
    virtual std::optional<PendingRequest> pending_request(std::int64_t invoice_id) = 0;
    virtual void decline_request(std::int64_t request_id, const std::string& at, const std::string& by) = 0;
    // Adds the refund, raises its invoice's refunded sum (refunded once nothing is left) and
    // settles the request it approves. Returns the refund's id.
    virtual std::int64_t record_refund(const RefundRecord& refund) = 0;
    virtual std::vector<ApprovalRequest> approval_requests() = 0;  // oldest first
    virtual std::int64_t pending_approvals() = 0;                  // how many wait for a person
    virtual std::optional<ReopenCandidate> reopen_candidate(std::int64_t request_id) = 0;
    virtual void reopen_request(std::int64_t request_id) = 0;  // pending again, its outcome (and task) cleared
    // The client following a pending request as a task withdrew it: withdrawn, by `by`, at `at`.
    // Returns its invoice's id; nullopt (nothing changed) when the request was not pending.
    virtual std::optional<std::int64_t> withdraw_request(std::int64_t request_id, const std::string& at, const std::string& by) = 0;

    // ---- the tasks that follow approval requests (core/office/tasks.h), inside a write's
    // transaction except the reads
    // Adds `task` and marks its approval request as followed by a task, first forgetting every
    // task that expired before `forget_before` (one indexed delete, as for idempotency keys).
    virtual void create_task(const TaskRecord& task, const std::string& forget_before) = 0;
    virtual std::optional<TaskRecord> load_task(const std::string& id) = 0;
    virtual std::optional<TaskRecord> task_of_request(std::int64_t request_id) = 0;
    virtual void update_task(const TaskRecord& task) = 0;  // its status, status_message, result and updated_at
};

class LunchStore {
public:
    virtual ~LunchStore() = default;
    virtual std::vector<MenuItem> menu() = 0;  // in the order the items were added
    virtual std::optional<MenuItem> menu_item(const std::string& name) = 0;  // none: not on the menu
    // The new item's id; none (nothing changed) when an item of that name is there already.
    virtual std::optional<std::int64_t> add_menu_item(const MenuItem& item) = 0;
    virtual std::optional<std::int64_t> remove_menu_item(const std::string& name) = 0;  // the removed item's id; none: no such item
    virtual std::int64_t record_lunch_order(const LunchOrder& order) = 0;  // the order's id
};

class OfficeStore {
public:
    virtual ~OfficeStore() = default;

    // ---- the office's parts
    virtual CustomerStore& customers() = 0;
    virtual CalendarStore& calendar() = 0;
    virtual MoneyStore& money() = 0;
    virtual LunchStore& lunch() = 0;

    // ---- transactions: one write unit at a time; see WriteTransaction
    virtual void begin_write() = 0;
    virtual void commit_write() = 0;
    virtual void rollback_write() noexcept = 0;
    // Group commit: the write units between begin_batch and end_batch become durable together
    // at end_batch, each keeping its own commit or rollback. A transport sends the replies of
    // a batch only after end_batch returns. end_batch throws StoreError when the commit fails.
    virtual void begin_batch() = 0;
    virtual void end_batch() = 0;
    virtual bool batch_has_writes() const = 0;  // a write unit of the open batch has begun

    // ---- single-use request states (sealed requestState, request_state.h)
    // Records `nonce` as used; false when it was used before (a replay).
    virtual bool consume_request_state(const std::string& nonce, const std::string& at) = 0;
    virtual bool request_state_used(const std::string& nonce) = 0;

    // ---- idempotency keys (core/office/idempotency.h)
    // The call `key` named for `scope`, if it was made at or after `since`.
    virtual std::optional<RememberedCall> remembered_call(const std::string& scope, const std::string& key,
                                                          const std::string& since) = 0;
    // Inside the write's own transaction: keeps `call` under (scope, key), first forgetting every
    // call made before `forget_before` (the sweep: one indexed delete, nothing when none expired).
    virtual void remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                               const std::string& forget_before) = 0;

    // ---- the audit trail (audit.h)
    virtual void append_audit(const AuditEntry& entry) = 0;  // inside the write's transaction
    virtual std::vector<AuditEntry> read_audit(const AuditFilter& filter = {}) = 0;  // oldest first

    // ---- the tables as rows (office_tables.h): the MCP resources and office-desk read these
    // At most `limit` rows of `table` with id > after_id, by id; each an object with exactly
    // the table's columns, in cents, NULL as null.
    virtual std::vector<nlohmann::json> read_rows(OfficeTable table, std::int64_t after_id, int limit) = 0;
    // The newest audit id, 0 when there is none. Every write to the office appends an audit row
    // in its transaction, so this changes with every committed write by any process: what change
    // notifications and cache validators compare. (A reset office starts again from 0.)
    virtual std::int64_t change_mark() = 0;
    // Whether another office now has this one's name: `office-mcp restore --force` renamed the
    // restored file over it while this store had it open, so it reads and writes the old file,
    // kept under another name. Its owner opens the office again (stdio) or stops (HTTP).
    virtual bool replaced() = 0;
};

// One write unit: begun on construction, rolled back on destruction unless committed.
class WriteTransaction {
public:
    explicit WriteTransaction(OfficeStore& store) : store_(store) { store_.begin_write(); }
    ~WriteTransaction() {
        if (!done_) store_.rollback_write();
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    void commit() {
        store_.commit_write();
        done_ = true;
    }

private:
    OfficeStore& store_;
    bool done_ = false;
};

}  // namespace office
