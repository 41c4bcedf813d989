#include "tools_internal.h"

#include "calendar.h"
#include "clock.h"

#include <variant>

namespace office::tools_internal {

namespace {

ToolResult calendar_unreadable(const std::invalid_argument& e) {
    return refuse(std::string("The office's calendar cannot be read: ") + e.what() + ".");
}

}  // namespace

// ---- find_customer ----------------------------------------------------------------------

ToolOutcome find_customer(CallContext& ctx, const json& args) {
    const auto& query = args["query"].get_ref<const std::string&>();
    CustomerPage page = ctx.store().customers().find_customers(query);
    json customers = json::array();
    std::string lines;
    std::vector<RowLink> links;
    links.reserve(page.customers.size());
    for (auto& c : page.customers) {
        links.push_back(customer_link(c.id, c.name));
        lines += "\n- #";
        lines += std::to_string(c.id);
        lines += ' ';
        lines += c.name;
        lines += " <";
        lines += c.email;
        lines += '>';
        // Member by member, as order_lunch: no json array built and copied per member.
        json& customer = customers.emplace_back(json::value_t::object);
        customer["id"] = c.id;
        customer["name"] = std::move(c.name);
        customer["email"] = std::move(c.email);
    }
    const auto shown = static_cast<std::int64_t>(customers.size());
    std::string text;
    if (customers.empty()) {
        text = "No customer's name or email contains \"" + query + "\".";
    } else if (page.more == 0) {
        text = "Found " + plural(shown, "customer", "customers") + " matching \"" + query + "\":" + lines;
    } else {
        // A page, and how many it leaves out: the model must not take the page for all of them.
        const std::string over = page.more_exact ? "" : "more than ";
        text = "Found " + over + std::to_string(shown + page.more) + " customers matching \"" + query +
               "\"; these are the first " + std::to_string(shown) + " by id, " + over + std::to_string(page.more) +
               " more are not shown. Refine the query (more of the name or the email) to find the one you want:" + lines;
    }
    json structured(json::value_t::object);
    structured["customers"] = std::move(customers);
    if (page.more > 0) {
        structured["more_matches"] = page.more;
        structured["more_matches_exact"] = page.more_exact;
    }
    ToolResult result{std::move(text), std::move(structured)};
    result.links = std::move(links);
    return result;
}

// ---- list_availability ------------------------------------------------------------------

namespace {

constexpr std::int64_t kMaxRangeDays = 31;  // from/to at most this many days
constexpr std::size_t kNextSlots = 10;      // no day and no range: the next this many free slots

json slot_json(const OfferedSlot& slot) {
    return {{"slot_id", slot.id}, {"time", slot.time}, {"day", slot.day}, {"weekday", weekday_name(slot.weekday)},
            {"starts_at", slot.starts_at}};
}

std::string day_words(const CivilDate& date) {
    return std::string(weekday_name(weekday_of(days_from_civil(date)))) + " " + day_text(date);
}

// The result with the office's zone and today: after the list on a line of its own, or after
// the sentence that there is none.
ToolResult with_today(std::string text, json structured, const OfficeCalendar& calendar) {
    text += structured["slots"].empty() ? " " : "\n";
    text += "Times are the office's, in " + calendar.zone().name() + "; today is " + weekday_name(calendar.today_weekday()) +
            " " + calendar.today() + ".";
    structured["time_zone"] = calendar.zone().name();
    structured["today"] = calendar.today();
    structured["today_weekday"] = weekday_name(calendar.today_weekday());
    return ToolResult{std::move(text), std::move(structured)};
}

}  // namespace

ToolOutcome list_availability(CallContext& ctx, const json& args) {
    std::optional<OfficeCalendar> calendar;
    try {
        calendar.emplace(ctx.store(), ctx.now());
    } catch (const std::invalid_argument& e) {
        return calendar_unreadable(e);
    }
    const auto date_argument = [&](const char* name) -> std::optional<CivilDate> {
        return args.contains(name) ? parse_day(args[name].get<std::string>()) : std::nullopt;
    };
    for (const char* name : {"day", "from", "to"})
        if (args.contains(name) && !date_argument(name))
            return refuse(args[name].get<std::string>() + " is not a day of the calendar; give " + name +
                          " as YYYY-MM-DD, e.g. 2026-09-04.");
    if (args.contains("day")) {
        if (args.contains("from") || args.contains("to"))
            return refuse("Give either day, or from and to, not both.");
        const auto& day = args["day"].get_ref<const std::string&>();
        std::string why_none;
        json slots = json::array();
        std::string lines;
        for (auto& slot : calendar->free_on(*date_argument("day"), why_none)) {
            lines += "\n- slot " + std::to_string(slot.id) + " at " + slot.time;
            slots.push_back(slot_json(slot));
        }
        const std::string when = day_words(*date_argument("day"));
        std::string text = slots.empty() ? "No free slots on " + when + "." + (why_none.empty() ? "" : " " + why_none)
                                         : "Free slots on " + when + " (book one with book_slot):" + lines;
        return with_today(std::move(text), json{{"day", day}, {"slots", std::move(slots)}}, *calendar);
    }

    // A range of days, or (neither given) the next free slots from now up to the horizon.
    const std::int64_t today = days_from_civil(calendar->today_date());
    const bool next = !args.contains("from") && !args.contains("to");
    const std::int64_t first = args.contains("from") ? days_from_civil(*date_argument("from")) : today;
    const std::int64_t last = args.contains("to") ? days_from_civil(*date_argument("to"))
                              : args.contains("from") ? first + 6
                                                      : today + calendar->settings().horizon_days;
    if (last < first) return refuse("to (" + day_text(civil_from_days(last)) + ") is before from (" + day_text(civil_from_days(first)) + ").");
    if (!next && last - first + 1 > kMaxRangeDays)
        return refuse("from and to span " + std::to_string(last - first + 1) + " days; ask for at most " +
                      std::to_string(kMaxRangeDays) + " at a time.");
    json slots = json::array();
    std::string lines, why_none;
    for (std::int64_t d = first; d <= last && !(next && slots.size() == kNextSlots); ++d) {
        for (auto& slot : calendar->free_on(civil_from_days(d), why_none)) {
            lines += "\n- slot " + std::to_string(slot.id) + " on " + weekday_name(slot.weekday) + " " + slot.day + " at " + slot.time;
            slots.push_back(slot_json(slot));
            if (next && slots.size() == kNextSlots) break;
        }
    }
    const std::string span = "from " + day_words(civil_from_days(first)) + " to " + day_words(civil_from_days(last));
    std::string text;
    if (next)
        text = slots.empty() ? "No free slots in the next " + std::to_string(calendar->settings().horizon_days) + " days."
                             : "The next " + plural(static_cast<std::int64_t>(slots.size()), "free slot", "free slots") +
                                   " (book one with book_slot):" + lines;
    else
        text = slots.empty() ? "No free slots " + span + "." : "Free slots " + span + " (book one with book_slot):" + lines;
    return with_today(std::move(text),
                      json{{"from", day_text(civil_from_days(first))}, {"to", day_text(civil_from_days(last))}, {"slots", std::move(slots)}},
                      *calendar);
}

// ---- book_slot, cancel_booking, move_booking --------------------------------------------

namespace {

std::string slot_words(std::int64_t id, const std::string& day, const std::string& time) {
    return "slot " + std::to_string(id) + " (" + day + " " + time + ")";
}

// Books `slot_id` for the customer in the caller's write (a slot the hours make gets its row
// now), or the refusal that says why not. `calendar`: the call's, when it has one; else one is
// read only for a slot the hours make (an explicit slot needs none). Throws
// std::invalid_argument when the calendar cannot be read (calendar_unreadable).
std::variant<Booking, ToolResult> book(CallContext& ctx, const OfficeCalendar* calendar, std::int64_t slot_id,
                                       std::int64_t customer_id, const std::string& now) {
    auto& store = ctx.store();
    std::optional<OfferedSlot> made;
    if (is_generated_slot_id(slot_id))
        made = calendar ? calendar->offered(slot_id) : OfficeCalendar(store, ctx.now()).offered(slot_id);
    Booking booking = made ? store.calendar().book_generated_slot(slot_id, made->day, made->time, customer_id, now, ctx.caller.label)
                           : store.calendar().book_slot(slot_id, customer_id, now, ctx.caller.label);
    if (booking.status == Booking::Status::NoSuchSlot)
        return refuse("There is no slot " + std::to_string(slot_id) +
                      "; call list_availability with a day to see the free slots and their ids.");
    if (booking.status == Booking::Status::Taken)
        return refuse("Slot " + std::to_string(slot_id) + " (" + booking.day + " " + booking.time +
                      ") is already booked; call list_availability to find a free slot.");
    return booking;
}

// The booked slot a cancel or a move starts from, or the refusal that says why it cannot.
std::variant<SlotRow, ToolResult> changeable_booking(CallContext& ctx, const OfficeCalendar& calendar, std::int64_t slot_id,
                                                     std::string_view change) {
    auto row = ctx.store().calendar().load_slot(slot_id);
    if (!row || !row->customer_id)
        return refuse("Slot " + std::to_string(slot_id) + (row ? " (" + row->day + " " + row->time + ")" : "") +
                      " is not booked, so there is no booking to " + std::string(change) +
                      "; find_customer and list_availability do not show bookings, the person at the office can.");
    if (calendar.begun(row->day, row->time))
        return refuse("The booking of " + slot_words(slot_id, row->day, row->time) +
                      " has begun (times are the office's, in " + calendar.zone().name() + "); it can no longer be " +
                      std::string(change == "move" ? "moved" : "cancelled") + ".");
    return std::move(*row);
}

}  // namespace

ToolOutcome book_slot(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    const auto customer_id = id_argument(args["customer_id"]);
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    const auto name = store.customers().customer_name(customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    const auto now = utc_time(ctx.now());
    std::variant<Booking, ToolResult> booked;
    try {
        booked = book(ctx, nullptr, slot_id, customer_id, now);
    } catch (const std::invalid_argument& e) {
        return calendar_unreadable(e);
    }
    if (auto* refusal = std::get_if<ToolResult>(&booked)) return std::move(*refusal);
    const auto& [status, day, time] = std::get<Booking>(booked);
    const std::string what = slot_words(slot_id, day, time);
    audit(store, ctx, "slot_booked", "slot", slot_id,
          "Booked " + what + " for " + *name + " (customer " + std::to_string(customer_id) + ").", now);
    ToolResult result{"Booked " + what + " for " + *name + ".",
                      json{{"slot_id", slot_id}, {"customer_id", customer_id}, {"day", day}, {"time", time}}};
    result.links = {slot_link(slot_id, day, time), customer_link(customer_id, *name)};
    return commit_with_result(tx, store, ctx, std::move(result));
}

ToolOutcome cancel_booking(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    try {
        const OfficeCalendar calendar(store, ctx.now());
        auto from = changeable_booking(ctx, calendar, slot_id, "cancel");
        if (auto* refusal = std::get_if<ToolResult>(&from)) return std::move(*refusal);
        const auto& slot = std::get<SlotRow>(from);
        const auto name = store.customers().customer_name(*slot.customer_id).value_or("");
        store.calendar().cancel_booking(slot_id, is_generated_slot_id(slot_id));
        const auto now = utc_time(ctx.now());
        const std::string what = slot_words(slot_id, slot.day, slot.time);
        audit(store, ctx, "booking_cancelled", "slot", slot_id,
              "Cancelled the booking of " + what + " for " + name + " (customer " + std::to_string(*slot.customer_id) + ").", now);
        return commit_with_result(tx, store, ctx,
                                  ToolResult{"Cancelled " + name + "'s booking of " + what + "; the slot is free again.",
                                             json{{"slot_id", slot_id},
                                                  {"customer_id", *slot.customer_id},
                                                  {"day", slot.day},
                                                  {"time", slot.time},
                                                  {"status", "cancelled"}}});
    } catch (const std::invalid_argument& e) {
        return calendar_unreadable(e);
    }
}

ToolOutcome move_booking(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    const auto to_slot_id = id_argument(args["to_slot_id"]);
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    try {
        const OfficeCalendar calendar(store, ctx.now());
        auto from = changeable_booking(ctx, calendar, slot_id, "move");
        if (auto* refusal = std::get_if<ToolResult>(&from)) return std::move(*refusal);
        const auto& slot = std::get<SlotRow>(from);
        if (to_slot_id == slot_id)
            return refuse("The booking is in " + slot_words(slot_id, slot.day, slot.time) + " already; nothing was changed.");
        if (auto target = store.calendar().load_slot(to_slot_id); target && calendar.begun(target->day, target->time))
            return refuse(slot_words(to_slot_id, target->day, target->time) + " has begun; call list_availability for a later one. " +
                          "The booking stays in " + slot_words(slot_id, slot.day, slot.time) + ".");
        const auto now = utc_time(ctx.now());
        // The new slot booked first, in the same transaction: a slot taken or unknown refuses
        // the move before the old one is touched, so the booking is never lost.
        auto booked = book(ctx, &calendar, to_slot_id, *slot.customer_id, now);
        if (auto* refusal = std::get_if<ToolResult>(&booked)) {
            refusal->text += " The booking stays in " + slot_words(slot_id, slot.day, slot.time) + ".";
            return std::move(*refusal);
        }
        const auto& to = std::get<Booking>(booked);
        store.calendar().carry_booking(slot_id, to_slot_id, is_generated_slot_id(slot_id));
        const auto name = store.customers().customer_name(*slot.customer_id).value_or("");
        const std::string change = slot_words(slot_id, slot.day, slot.time) + " to " + slot_words(to_slot_id, to.day, to.time);
        audit(store, ctx, "booking_moved", "slot", to_slot_id,
              "Moved the booking of " + name + " (customer " + std::to_string(*slot.customer_id) + ") from " + change + ".", now);
        ToolResult result{"Moved " + name + "'s booking from " + change + ".",
                          json{{"slot_id", to_slot_id},
                               {"from_slot_id", slot_id},
                               {"customer_id", *slot.customer_id},
                               {"day", to.day},
                               {"time", to.time}}};
        result.links = {slot_link(to_slot_id, to.day, to.time), customer_link(*slot.customer_id, name)};
        return commit_with_result(tx, store, ctx, std::move(result));
    } catch (const std::invalid_argument& e) {
        return calendar_unreadable(e);
    }
}

}  // namespace office::tools_internal
