#include "tools_internal.h"

#include "clock.h"
#include "money.h"
#include "person_text.h"
#include "records.h"

namespace office::tools_internal {

// ---- order_lunch ------------------------------------------------------------------------

ToolOutcome order_lunch(CallContext& ctx, const json& args) {
    const auto& item = args["item"].get_ref<const std::string&>();
    const auto quantity = args["quantity"].get<std::int64_t>();
    const auto note_it = args.find("note");
    // A note reaches the kitchen's list, the desk and the console as it was written: a new line
    // is fine, a terminal escape or a bidirectional override is not (docs/security.md).
    if (note_it != args.end()) {
        const auto& note = note_it->get_ref<const std::string&>();
        if (has_control_character(note, '\n'))
            return refuse("order_lunch was not run: the note must not contain control characters (a new line is fine).");
        if (const auto c = bidi_control(note)) return refuse("order_lunch was not run: the note " + bidi_control_refusal(c) + ".");
    }
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    // The menu again, under the write lock: an item taken off it since the call was checked
    // (by another process, a moment ago) is refused, never ordered.
    const auto on_menu = store.lunch().menu_item(item);
    if (!on_menu) {
        const auto menu = store.lunch().menu();
        return refuse("order_lunch was not run: " + item + " is not on the menu" +
                      (menu.empty() ? std::string(" (the menu is empty).") : " (the menu: " + menu_sentence(menu) + ")."));
    }
    LunchOrder order{item, quantity, std::nullopt, ctx.caller.label, utc_time(ctx.now())};
    if (note_it != args.end()) order.note = note_it->get<std::string>();
    const auto order_id = store.lunch().record_lunch_order(order);
    // Member by member: an initializer list builds and copies a json array per member, and
    // was a tenth of the tool's own cost (issue 16).
    json structured(json::value_t::object);
    structured["order_id"] = order_id;
    structured["item"] = item;
    structured["quantity"] = quantity;
    // The seed's items are Spanish words with regular plurals (bocadillos, tortillas, ensaladas),
    // as most one-word names are; a name of several words is counted, never inflected.
    std::string text = "Ordered ";
    text += std::to_string(quantity);
    const bool one_word = item.find(' ') == std::string::npos;
    text += one_word ? " " : " × ";
    text += item;
    if (quantity > 1 && one_word && item.back() != 's') text += 's';
    if (note_it != args.end()) {
        text += " (note: ";
        text += note_it->get_ref<const std::string&>();
        text += ')';
        structured["note"] = *note_it;
    }
    if (on_menu->price_cents) {
        const auto each = *on_menu->price_cents;
        text += quantity > 1 ? ", " + format_cents(each) + " each, " + format_cents(each * quantity) + " in all"
                             : ", " + format_cents(each);
        structured["price"] = cents_to_amount(each);
        structured["total"] = cents_to_amount(each * quantity);
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
