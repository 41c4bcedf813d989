#pragma once
// A store with a defect on purpose, for the tests of the boundary in core/support/contained.h: it
// forwards everything to a real store, and a lunch order whose note is "defect" throws a
// std::logic_error (not a StoreError: the kind of exception no code expects) after its row is
// written, inside the tool's write unit. Whatever the boundary does must leave that row out.
// With `down` set it is a database outage instead: every call throws the StoreError a backend
// throws when its database cannot be reached (StoreError::unavailable), until `down` is cleared.

#include "office_store.h"

#include <memory>
#include <stdexcept>
#include <utility>

namespace office::testing {

class FaultyStore final : public OfficeStore {
public:
    explicit FaultyStore(std::shared_ptr<OfficeStore> real) : real_(std::move(real)) {}

    bool down = false;

    std::int64_t record_lunch_order(const LunchOrder& order) override {
        const auto id = real().record_lunch_order(order);
        if (order.note == "defect") throw std::logic_error("a defect on purpose (tests/faulty_store.h)");
        return id;
    }

    void begin_write() override { real().begin_write(); }
    void commit_write() override { real().commit_write(); }
    void rollback_write() noexcept override { real_->rollback_write(); }
    void begin_batch() override { real().begin_batch(); }
    void end_batch() override { real().end_batch(); }
    bool batch_has_writes() const override { return real_->batch_has_writes(); }
    CustomerPage find_customers(const std::string& text) override { return real().find_customers(text); }
    std::optional<std::string> customer_name(std::int64_t id) override { return real().customer_name(id); }
    std::vector<SlotRow> slot_rows(const std::string& from, const std::string& to) override { return real().slot_rows(from, to); }
    std::vector<BookedSlot> bookings() override { return real().bookings(); }
    Booking book_generated_slot(std::int64_t slot, const std::string& day, const std::string& time, std::int64_t customer,
                                const std::string& at, const std::string& by) override {
        return real().book_generated_slot(slot, day, time, customer, at, by);
    }
    std::optional<SlotRow> load_slot(std::int64_t slot) override { return real().load_slot(slot); }
    bool cancel_booking(std::int64_t slot, bool remove_row) override { return real().cancel_booking(slot, remove_row); }
    void carry_booking(std::int64_t from, std::int64_t to, bool remove_from_row) override {
        real().carry_booking(from, to, remove_from_row);
    }
    OfficeSettings office_settings() override { return real().office_settings(); }
    void save_office_settings(const OfficeSettings& settings) override { real().save_office_settings(settings); }
    std::vector<OpeningRange> opening_hours() override { return real().opening_hours(); }
    void replace_opening_hours(const std::vector<int>& weekdays, const std::vector<OpeningRange>& ranges) override {
        real().replace_opening_hours(weekdays, ranges);
    }
    std::vector<Closure> closures() override { return real().closures(); }
    void add_closure(const Closure& closure) override { real().add_closure(closure); }
    bool remove_closure(const std::string& day) override { return real().remove_closure(day); }
    std::vector<FreeSlot> free_slots(const std::string& day) override { return real().free_slots(day); }
    Booking book_slot(std::int64_t slot, std::int64_t customer, const std::string& at, const std::string& by) override {
        return real().book_slot(slot, customer, at, by);
    }
    AddedCustomer add_customer(const std::string& name, const std::string& email) override {
        return real().add_customer(name, email);
    }
    std::optional<Customer> load_customer(std::int64_t id) override { return real().load_customer(id); }
    std::optional<Customer> customer_with_email(const std::string& email) override { return real().customer_with_email(email); }
    void update_customer(const Customer& customer) override { real().update_customer(customer); }
    CustomerUse customer_use(std::int64_t id) override { return real().customer_use(id); }
    void remove_customer(std::int64_t id) override { real().remove_customer(id); }
    void optimize_customer_search() override { real().optimize_customer_search(); }
    std::vector<Customer> customers_after(std::int64_t after, int limit) override { return real().customers_after(after, limit); }
    std::vector<Invoice> invoices_after(std::int64_t after, int limit, std::int64_t customer) override {
        return real().invoices_after(after, limit, customer);
    }
    std::int64_t add_invoice(std::int64_t customer, std::int64_t cents, const std::string& status) override {
        return real().add_invoice(customer, cents, status);
    }
    bool pay_invoice(std::int64_t id) override { return real().pay_invoice(id); }
    std::vector<MenuItem> menu() override { return real().menu(); }
    std::optional<std::int64_t> add_menu_item(const MenuItem& item) override { return real().add_menu_item(item); }
    std::optional<std::int64_t> remove_menu_item(const std::string& name) override { return real().remove_menu_item(name); }
    std::vector<Invoice> invoices_of(std::int64_t customer) override { return real().invoices_of(customer); }
    std::optional<Invoice> load_invoice(std::int64_t id) override { return real().load_invoice(id); }
    std::optional<ApprovalState> latest_approval(std::int64_t invoice) override { return real().latest_approval(invoice); }
    void mark_reported(std::int64_t request, const std::string& at) override { real().mark_reported(request, at); }
    std::int64_t queue_approval(std::int64_t invoice, const std::string& client, const std::string& at) override {
        return real().queue_approval(invoice, client, at);
    }
    std::optional<PendingRequest> pending_request(std::int64_t invoice) override { return real().pending_request(invoice); }
    void decline_request(std::int64_t request, const std::string& at, const std::string& by) override {
        real().decline_request(request, at, by);
    }
    std::int64_t record_refund(const RefundRecord& refund) override { return real().record_refund(refund); }
    std::vector<ApprovalRequest> approval_requests() override { return real().approval_requests(); }
    std::int64_t pending_approvals() override { return real().pending_approvals(); }
    std::optional<ReopenCandidate> reopen_candidate(std::int64_t request) override { return real().reopen_candidate(request); }
    void reopen_request(std::int64_t request) override { real().reopen_request(request); }
    std::optional<std::int64_t> withdraw_request(std::int64_t request, const std::string& at, const std::string& by) override {
        return real().withdraw_request(request, at, by);
    }
    void create_task(const TaskRecord& task, const std::string& forget_before) override {
        real().create_task(task, forget_before);
    }
    std::optional<TaskRecord> load_task(const std::string& id) override { return real().load_task(id); }
    std::optional<TaskRecord> task_of_request(std::int64_t request) override { return real().task_of_request(request); }
    void update_task(const TaskRecord& task) override { real().update_task(task); }
    bool consume_request_state(const std::string& nonce, const std::string& at) override {
        return real().consume_request_state(nonce, at);
    }
    bool request_state_used(const std::string& nonce) override { return real().request_state_used(nonce); }
    std::optional<RememberedCall> remembered_call(const std::string& scope, const std::string& key,
                                                  const std::string& since) override {
        return real().remembered_call(scope, key, since);
    }
    void remember_call(const std::string& scope, const std::string& key, const RememberedCall& call,
                       const std::string& forget_before) override {
        real().remember_call(scope, key, call, forget_before);
    }
    void append_audit(const AuditEntry& entry) override { real().append_audit(entry); }
    std::vector<AuditEntry> read_audit(const AuditFilter& filter) override { return real().read_audit(filter); }
    std::vector<nlohmann::json> read_rows(OfficeTable table, std::int64_t after, int limit) override {
        return real().read_rows(table, after, limit);
    }
    std::int64_t change_mark() override { return real().change_mark(); }
    bool replaced() override { return real_->replaced(); }  // a file check, no query: not part of the outage

private:
    OfficeStore& real() {
        if (down) throw StoreError(0, "the database cannot be reached (an outage on purpose, tests/faulty_store.h)", true);
        return *real_;
    }

    std::shared_ptr<OfficeStore> real_;
};

}  // namespace office::testing
