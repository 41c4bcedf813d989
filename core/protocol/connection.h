#pragma once
// One client's connection to the office, whatever carries its bytes (docs/architecture.md,
// "Connection"): bytes or messages in (transport.h), reply bytes out. It owns the line
// framing, the Session, the store and the sealer (both opened on first use), the fatal side
// channel, and group commit, with the rule the durability promise rests on: a reply leaves
// only after the write it reports is committed (and, with Durability::Power, synced). A
// transport only moves bytes: stdio reads fds (stdio_server/main.cpp), HTTP hands over bodies
// (core/http); the tests and the fuzzer drive the same class in-process.
//
// A round is what the transport has at hand at once:
//     begin_round(grouped); feed(bytes)...; end_round(input_ended); write(replies()); replies_sent();
// When several messages wait (`grouped`), their writes join one transaction, committed once at
// end_round, before any of their replies is released.

#include "json_rpc.h"
#include "office_store.h"
#include "request_state.h"
#include "session.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace office {

struct ConnectionOptions {
    std::vector<std::string> tools;                             // names served; empty: every tool
    // Called on first use; throws StoreError. Shared when several connections serve one office
    // (HTTP): a transport that groups them holds the batch itself (core/http/http_endpoint.h).
    std::function<std::shared_ptr<OfficeStore>()> open_store;
    // At each round, a store whose office was replaced (OfficeStore::replaced: restore --force)
    // is dropped and opened again: stdio serves the restored office from its next request. A
    // transport sharing one store watches for that itself (HTTP drains and exits: Server::watch).
    bool reopen_replaced = true;
    std::function<std::unique_ptr<StateSealer>()> open_sealer;  // called on first use
    UnixClock now;                                              // default: system_now
    Logger* logger = nullptr;                                   // not owned
    Metrics* metrics = nullptr;                                 // not owned; null: nothing counted
    std::size_t max_line = 4 * 1024 * 1024;                     // longer lines are refused unread
    std::string principal;  // the bearer token's NAME (core/office/tokens.h), or an OAuth token's sub; "" on stdio
    std::string principal_label;  // how the principal is shown in the audit (an OAuth user's name); "": the principal
    // The caller may approve money (answer a refund form, settle a queued request): stdio's one
    // local user, and over HTTP an approver (tokens.h, the office:approve scope). Without it a
    // refund is queued for a person, whatever forms the client declares.
    bool may_approve = true;
    // The admin right: the admin tools are served (core/office/tool.h). stdio's --admin (the desk
    // starts its office-mcp so); over HTTP an admin token or the office:admin scope.
    bool admin = false;
    ServingSettings settings;       // the operator's, for every session (serving_settings.h)
    bool limits_as_errors = false;  // a call past its limit is a JSON-RPC error (HTTP: 429)
};

class Connection {
public:
    explicit Connection(ConnectionOptions options);
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Starts a round. `grouped`: more than one message is waiting now (several lines in hand,
    // or more input behind them); their writes then commit together at end_round. A round
    // before the store was first opened is never grouped (there is nothing to join yet).
    void begin_round(bool grouped);
    // Bytes of the round, split anywhere.
    void feed(std::string_view bytes);
    // One whole message of the round, framed and parsed by the transport (transport.h): an HTTP
    // body, which may hold newlines of its own and is not split into lines.
    Handled feed_message(const Incoming& incoming) { return session_.handle(incoming, pending_); }
    // Whether the round holds an uncommitted write: worth reading more waiting input into it.
    bool wants_more() const;
    // Ends the round: commits its group, then, when `input_ended`, takes a last line without
    // '\n' as a message of its own. Returns false when the group's commit failed: nothing of
    // the round may be acknowledged, so its replies are dropped and fatal() says why.
    bool end_round(bool input_ended);
    // The replies that may leave now (complete lines); replies_sent() once they are written.
    // A round's replies are released by its end_round, after its commit, never before.
    const std::string& replies() const { return out_; }
    void replies_sent();
    // replies() handed over, as replies_sent() would leave them: for a transport that keeps them.
    std::string take_replies();
    // Non-empty once the store cannot be opened or a commit failed: the transport stops after
    // writing replies().
    const std::string& fatal() const { return fatal_; }
    // The client has gone (or the server stops): calls parked on a person are dropped with
    // nothing changed, and every open subscriptions/listen gets its graceful completion result.
    void close();

    // Change notifications: whether a client watches a resource, and, between rounds, the
    // notifications for what changed since the last poll, in replies(). The transport calls
    // poll() on a timer while watching() (other processes write the same database) and after
    // rounds (this process's own writes).
    bool watching() const { return session_.watching(); }
    void poll();

    Session& session() { return session_; }
    // The store, opened now if no request has opened it yet (throws StoreError).
    OfficeStore& store();

private:
    SessionOptions session_options(ConnectionOptions& options);
    OfficeStore& open_store();  // on first use; a failure is also fatal()
    void release();  // the round's replies may leave

    ConnectionOptions options_;
    std::shared_ptr<OfficeStore> store_;
    std::unique_ptr<StateSealer> sealer_;
    std::string fatal_;
    std::string pending_;  // the replies of the round in progress
    std::string out_;      // released replies
    bool grouped_ = false;
    LineSplitter splitter_;
    Session session_;  // last: its callbacks use the members above
};

}  // namespace office
