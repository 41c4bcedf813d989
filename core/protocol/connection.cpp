#include "connection.h"

namespace office {

SessionOptions Connection::session_options(ConnectionOptions& options) {
    SessionOptions s;
    s.tools = options.tools;
    s.now = options.now;
    s.logger = options.logger;
    s.metrics = options.metrics;
    s.principal = options.principal;
    s.principal_label = options.principal_label;
    s.may_approve = options.may_approve;
    s.admin = options.admin;
    s.settings = options.settings;
    s.limits_as_errors = options.limits_as_errors;
    // Nothing is opened until a request needs it: server/discover never touches the store, so
    // a probe leaves no file behind (tools/list reads the menu, docs/architecture.md "The
    // office's own records"). A store that cannot be opened fails the
    // request (-32603) and, through fatal(), the connection.
    s.store = [this]() -> OfficeStore& { return open_store(); };
    s.sealer = [this]() -> const StateSealer& {
        if (!sealer_) {
            try {
                sealer_ = options_.open_sealer();
            } catch (const std::exception& e) {
                throw ProtocolError{rpc::kInternalError, e.what()};
            }
        }
        return *sealer_;
    };
    return s;
}

OfficeStore& Connection::open_store() {
    if (!store_) {
        try {
            store_ = options_.open_store();
        } catch (const StoreError& e) {
            fatal_ = e.what();
            throw;
        }
    }
    return *store_;
}

OfficeStore& Connection::store() { return open_store(); }

Connection::Connection(ConnectionOptions options)
    : options_(std::move(options)), splitter_(options_.max_line), session_(session_options(options_)) {}

void Connection::begin_round(bool grouped) {
    if (store_ && options_.reopen_replaced && store_->replaced()) {
        // office-mcp restore --force put another office under the name: this round and the
        // next are served by it (opened again, as at the first request), with its key file.
        store_.reset();
        sealer_.reset();
        if (options_.logger) options_.logger->event(LogLevel::Warn, "office_replaced", {{"problem", "the office was replaced (office-mcp restore --force): serving the restored one from now on"}});
    }
    grouped_ = grouped && store_ != nullptr;
    if (grouped_) store_->begin_batch();
}

void Connection::feed(std::string_view bytes) {
    splitter_.feed(
        bytes, [&](std::string_view line) { session_.handle_line(line, pending_); },
        [&] { session_.handle_overlong_line(options_.max_line, pending_); });
}

bool Connection::wants_more() const { return grouped_ && store_->batch_has_writes(); }

bool Connection::end_round(bool input_ended) {
    if (grouped_) {
        grouped_ = false;
        try {
            store_->end_batch();
        } catch (const StoreError& e) {
            // Nothing of this round was committed, so nothing of it may be acknowledged.
            pending_.clear();
            fatal_ = std::string("cannot commit: ") + e.what();
            return false;
        }
    }
    // The last line commits on its own, outside the group: its failure gets its own reply.
    if (input_ended)
        splitter_.finish([&](std::string_view line) { session_.handle_line(line, pending_); },
                         [&] { session_.handle_overlong_line(options_.max_line, pending_); });
    release();
    return true;
}

void Connection::release() {
    if (out_.empty()) out_.swap(pending_);
    else out_ += pending_;
    pending_.clear();
}

void Connection::replies_sent() {
    // Reuse the capacity; a round that needed much is not kept for ever.
    constexpr std::size_t kKeptReplyCapacity = 1024 * 1024;
    out_.clear();
    if (out_.capacity() > kKeptReplyCapacity) out_.shrink_to_fit();
}

std::string Connection::take_replies() {
    std::string replies = std::move(out_);
    out_.clear();
    return replies;
}

void Connection::close() {
    session_.end_of_input();
    session_.end_subscriptions(pending_);
    release();
}

void Connection::poll() {
    session_.poll(pending_);
    release();
}

}  // namespace office
