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

    // Every part is reached through its accessor, which is where the outage is.
    CustomerStore& customers() override { return real().customers(); }
    CalendarStore& calendar() override { return real().calendar(); }
    MoneyStore& money() override { return real().money(); }
    LunchStore& lunch() override {
        real();
        return lunch_;
    }

    void begin_write() override { real().begin_write(); }
    void commit_write() override { real().commit_write(); }
    void rollback_write() noexcept override { real_->rollback_write(); }
    void begin_batch() override { real().begin_batch(); }
    void end_batch() override { real().end_batch(); }
    bool batch_has_writes() const override { return real_->batch_has_writes(); }
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
    // The real menu, and a lunch order noted "defect" ends in a defect.
    class Lunch final : public LunchStore {
    public:
        explicit Lunch(OfficeStore& real) : real_(real) {}
        std::vector<MenuItem> menu() override { return real_.lunch().menu(); }
        std::optional<MenuItem> menu_item(const std::string& name) override { return real_.lunch().menu_item(name); }
        std::optional<std::int64_t> add_menu_item(const MenuItem& item) override { return real_.lunch().add_menu_item(item); }
        std::optional<std::int64_t> remove_menu_item(const std::string& name) override { return real_.lunch().remove_menu_item(name); }
        std::int64_t record_lunch_order(const LunchOrder& order) override {
            const auto id = real_.lunch().record_lunch_order(order);
            if (order.note == "defect") throw std::logic_error("a defect on purpose (tests/faulty_store.h)");
            return id;
        }

    private:
        OfficeStore& real_;
    };

    OfficeStore& real() {
        if (down) throw StoreError(0, "the database cannot be reached (an outage on purpose, tests/faulty_store.h)", true);
        return *real_;
    }

    std::shared_ptr<OfficeStore> real_;
    Lunch lunch_{*real_};
};

}  // namespace office::testing
