#include "tools_internal.h"

#include "calendar.h"
#include "clock.h"

namespace office::tools_internal {

// ---- find_customer ----------------------------------------------------------------------

ToolOutcome find_customer(CallContext& ctx, const json& args) {
    const auto& query = args["query"].get_ref<const std::string&>();
    CustomerPage page = ctx.store().find_customers(query);
    json customers = json::array();
    std::string lines;
    for (auto& c : page.customers) {
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
    return ToolResult{std::move(text), std::move(structured)};
}

// ---- list_availability ------------------------------------------------------------------

ToolOutcome list_availability(CallContext& ctx, const json& args) {
    const auto& day = args["day"].get_ref<const std::string&>();
    const auto date = parse_day(day);
    if (!date) return refuse(day + " is not a day of the calendar; give it as YYYY-MM-DD, e.g. 2026-09-04.");
    std::optional<OfficeCalendar> calendar;
    try {
        calendar.emplace(ctx.store(), ctx.now());
    } catch (const std::invalid_argument& e) {
        return refuse(std::string("The office's calendar cannot be read: ") + e.what() + ".");
    }
    std::string why_none;
    json slots = json::array();
    std::string lines;
    for (auto& slot : calendar->free_on(*date, why_none)) {
        lines += "\n- slot " + std::to_string(slot.id) + " at " + slot.time;
        slots.push_back({{"slot_id", slot.id}, {"time", slot.time}, {"day", slot.day}, {"weekday", weekday_name(slot.weekday)},
                         {"starts_at", slot.starts_at}});
    }
    const std::string when = std::string(weekday_name(weekday_of(days_from_civil(*date)))) + " " + day;
    const std::string zone = "Times are the office's, in " + calendar->zone().name() + "; today is " +
                             weekday_name(calendar->today_weekday()) + " " + calendar->today() + ".";
    std::string text = slots.empty() ? "No free slots on " + when + "." + (why_none.empty() ? "" : " " + why_none) + " " + zone
                                     : "Free slots on " + when + " (book one with book_slot):" + lines + "\n" + zone;
    return ToolResult{std::move(text), json{{"day", day},
                                            {"slots", std::move(slots)},
                                            {"time_zone", calendar->zone().name()},
                                            {"today", calendar->today()},
                                            {"today_weekday", weekday_name(calendar->today_weekday())}}};
}

// ---- book_slot --------------------------------------------------------------------------

ToolOutcome book_slot(CallContext& ctx, const json& args) {
    const auto slot_id = id_argument(args["slot_id"]);
    const auto customer_id = id_argument(args["customer_id"]);
    auto& store = ctx.store();
    WriteTransaction tx(store);
    if (auto earlier = earlier_result(store, ctx)) return std::move(*earlier);
    const auto name = store.customer_name(customer_id);
    if (!name)
        return refuse("There is no customer " + std::to_string(customer_id) +
                      "; call find_customer to look up the customer's id.");
    const auto now = utc_time(ctx.now());
    // A slot the opening hours make (its id names its day and time) gets its row now.
    std::optional<OfferedSlot> made;
    if (slot_id >= 100000000000LL) {
        try {
            made = OfficeCalendar(store, ctx.now()).offered(slot_id);
        } catch (const std::invalid_argument& e) {
            return refuse(std::string("The office's calendar cannot be read: ") + e.what() + ".");
        }
    }
    const Booking booking = made ? store.book_generated_slot(slot_id, made->day, made->time, customer_id, now, ctx.caller.label)
                                 : store.book_slot(slot_id, customer_id, now, ctx.caller.label);
    if (booking.status == Booking::Status::NoSuchSlot)
        return refuse("There is no slot " + std::to_string(slot_id) +
                      "; call list_availability with a day to see the free slots and their ids.");
    if (booking.status == Booking::Status::Taken)
        return refuse("Slot " + std::to_string(slot_id) + " (" + booking.day + " " + booking.time +
                      ") is already booked; call list_availability to find a free slot.");
    const auto& day = booking.day;
    const auto& time = booking.time;
    audit(store, ctx, "slot_booked", "slot", slot_id,
          "Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + " (customer " +
              std::to_string(customer_id) + ").",
          now);
    return commit_with_result(
        tx, store, ctx,
        ToolResult{"Booked slot " + std::to_string(slot_id) + " (" + day + " " + time + ") for " + *name + ".",
                   json{{"slot_id", slot_id}, {"customer_id", customer_id}, {"day", day}, {"time", time}}});
}

}  // namespace office::tools_internal
