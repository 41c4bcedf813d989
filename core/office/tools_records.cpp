#include "tools_internal.h"

#include "clock.h"
#include "records.h"

namespace office::tools_internal {

// ---- the office's own records: add_customer for agents, the rest for its people ---------
// Each tool is a change of core/office/records.h inside the call's write transaction, so a
// retry with an idempotency key answers the first result, and a refusal writes nothing.

namespace {

std::optional<std::string> optional_text(const json& args, const char* name) {
    const auto it = args.find(name);
    return it == args.end() ? std::nullopt : std::optional(it->get<std::string>());
}

// `links`: the row the change made or changed, to link the result to (a customer's data has
// its id and name, an invoice's its invoice_id).
enum class Links { none, customer, invoice };

template <typename Change>
ToolOutcome change_records(CallContext& ctx, Change&& change, Links links = Links::none) {
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    RecordOutcome outcome = change(store, stamp(ctx, utc_time(ctx.now())));
    if (!outcome.ok) return refuse(std::move(outcome.sentence));
    ToolResult result{std::move(outcome.sentence), std::move(outcome.data)};
    if (links == Links::customer) result.links = {customer_link(result.structured["id"], result.structured["name"])};
    if (links == Links::invoice) result.links = {invoice_link(result.structured["invoice_id"])};
    return commit_with_result(tx, store, ctx, std::move(result));
}

}  // namespace

ToolOutcome add_customer_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return add_customer(store, by, args["name"].get_ref<const std::string&>(), args["email"].get_ref<const std::string&>());
    }, Links::customer);
}

ToolOutcome edit_customer_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return edit_customer(store, by, id_argument(args["customer_id"]), optional_text(args, "name"), optional_text(args, "email"));
    }, Links::customer);
}

ToolOutcome remove_customer_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return remove_customer(store, by, id_argument(args["customer_id"]));
    });
}

ToolOutcome add_invoice_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return add_invoice(store, by, id_argument(args["customer_id"]), args["amount"].get_ref<const std::string&>(),
                           optional_text(args, "status").value_or("open"));
    }, Links::invoice);
}

ToolOutcome pay_invoice_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return pay_invoice(store, by, id_argument(args["invoice_id"]));
    }, Links::invoice);
}

ToolOutcome add_menu_item_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return add_menu_item(store, by, args["item"].get_ref<const std::string&>(), optional_text(args, "price"));
    });
}

ToolOutcome remove_menu_item_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return remove_menu_item(store, by, args["item"].get_ref<const std::string&>());
    });
}

ToolOutcome set_office_tool(CallContext& ctx, const json& args) {
    const auto horizon = args.contains("horizon_days") ? std::optional(std::to_string(args["horizon_days"].get<std::int64_t>()))
                                                       : std::nullopt;
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return set_office(store, by, optional_text(args, "time_zone"), optional_text(args, "name"), horizon);
    });
}

ToolOutcome set_hours_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return set_hours(store, by, args["days"].get_ref<const std::string&>(), args["ranges"].get_ref<const std::string&>(),
                         args.value("slot_minutes", std::int64_t{30}));
    });
}

ToolOutcome close_days_tool(CallContext& ctx, const json& args) {
    const std::string& from = args["from"].get_ref<const std::string&>();
    const std::string days = args.contains("to") ? from + ".." + args["to"].get<std::string>() : from;
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return close_days(store, by, days, optional_text(args, "reason").value_or(""));
    });
}

ToolOutcome open_day_tool(CallContext& ctx, const json& args) {
    return change_records(ctx, [&](OfficeStore& store, const AuditEntry& by) {
        return open_day(store, by, args["day"].get_ref<const std::string&>());
    });
}

}  // namespace office::tools_internal
