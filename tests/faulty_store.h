#pragma once
// A store with a defect on purpose, for the tests of the boundary in core/support/contained.h: it
// forwards everything to a real store, and a lunch order whose note is "defect" throws a
// std::logic_error (not a StoreError: the kind of exception no code expects) after its row is
// written, inside the tool's write unit. Whatever the boundary does must leave that row out.

#include "office_store.h"

#include <memory>
#include <stdexcept>
#include <utility>

namespace office::testing {

class FaultyStore final : public OfficeStore {
public:
    explicit FaultyStore(std::shared_ptr<OfficeStore> real) : real_(std::move(real)) {}

    std::int64_t record_lunch_order(const LunchOrder& order) override {
        const auto id = real_->record_lunch_order(order);
        if (order.note == "defect") throw std::logic_error("a defect on purpose (tests/faulty_store.h)");
        return id;
    }

    void begin_write() override { real_->begin_write(); }
    void commit_write() override { real_->commit_write(); }
    void rollback_write() noexcept override { real_->rollback_write(); }
    void begin_batch() override { real_->begin_batch(); }
    void end_batch() override { real_->end_batch(); }
    bool batch_has_writes() const override { return real_->batch_has_writes(); }
    std::vector<Customer> find_customers(const std::string& text) override { return real_->find_customers(text); }
    std::optional<std::string> customer_name(std::int64_t id) override { return real_->customer_name(id); }
    std::vector<FreeSlot> free_slots(const std::string& day) override { return real_->free_slots(day); }
    Booking book_slot(std::int64_t slot, std::int64_t customer, const std::string& at, const std::string& by) override {
        return real_->book_slot(slot, customer, at, by);
    }
    std::vector<Invoice> invoices_of(std::int64_t customer) override { return real_->invoices_of(customer); }
    std::optional<Invoice> load_invoice(std::int64_t id) override { return real_->load_invoice(id); }
    std::optional<ApprovalState> latest_approval(std::int64_t invoice) override { return real_->latest_approval(invoice); }
    void mark_reported(std::int64_t request, const std::string& at) override { real_->mark_reported(request, at); }
    std::int64_t queue_approval(std::int64_t invoice, const std::string& client, const std::string& at) override {
        return real_->queue_approval(invoice, client, at);
    }
    std::optional<PendingRequest> pending_request(std::int64_t invoice) override { return real_->pending_request(invoice); }
    void decline_request(std::int64_t request, const std::string& at, const std::string& by) override {
        real_->decline_request(request, at, by);
    }
    std::int64_t record_refund(const RefundRecord& refund) override { return real_->record_refund(refund); }
    std::vector<ApprovalRequest> approval_requests() override { return real_->approval_requests(); }
    std::optional<ReopenCandidate> reopen_candidate(std::int64_t request) override { return real_->reopen_candidate(request); }
    void reopen_request(std::int64_t request) override { real_->reopen_request(request); }
    bool consume_request_state(const std::string& nonce, const std::string& at) override {
        return real_->consume_request_state(nonce, at);
    }
    bool request_state_used(const std::string& nonce) override { return real_->request_state_used(nonce); }
    void append_audit(const AuditEntry& entry) override { real_->append_audit(entry); }
    std::vector<AuditEntry> read_audit(const AuditFilter& filter) override { return real_->read_audit(filter); }
    std::vector<nlohmann::json> read_rows(OfficeTable table, std::int64_t after, int limit) override {
        return real_->read_rows(table, after, limit);
    }
    std::int64_t change_mark() override { return real_->change_mark(); }

private:
    std::shared_ptr<OfficeStore> real_;
};

}  // namespace office::testing
