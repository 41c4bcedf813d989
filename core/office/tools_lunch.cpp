#include "tools_internal.h"

#include "clock.h"

namespace office::tools_internal {

// ---- order_lunch ------------------------------------------------------------------------

ToolOutcome order_lunch(CallContext& ctx, const json& args) {
    const auto& item = args["item"].get_ref<const std::string&>();
    const auto quantity = args["quantity"].get<std::int64_t>();
    const auto note_it = args.find("note");
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    LunchOrder order{item, quantity, std::nullopt, ctx.caller.label, utc_time(ctx.now())};
    if (note_it != args.end()) order.note = note_it->get<std::string>();
    const auto order_id = store.record_lunch_order(order);
    // Member by member: an initializer list builds and copies a json array per member, and
    // was a tenth of the tool's own cost (issue 16).
    json structured(json::value_t::object);
    structured["order_id"] = order_id;
    structured["item"] = item;
    structured["quantity"] = quantity;
    // The items are Spanish words with regular plurals: bocadillos, tortillas, ensaladas.
    std::string text = "Ordered ";
    text += std::to_string(quantity);
    text += ' ';
    text += item;
    if (quantity > 1) text += 's';
    if (note_it != args.end()) {
        text += " (note: ";
        text += note_it->get_ref<const std::string&>();
        text += ')';
        structured["note"] = *note_it;
    }
    text += '.';
    std::string detail = "Lunch order #";
    detail += std::to_string(order_id);
    detail += ": ";
    detail += text;
    audit(store, ctx, "lunch_ordered", "lunch_order", order_id, std::move(detail), std::move(order.at));  // its last use
    return commit_with_result(tx, store, ctx, ToolResult{std::move(text), std::move(structured)});
}

}  // namespace office::tools_internal
