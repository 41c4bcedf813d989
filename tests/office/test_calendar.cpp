// The office's calendar from its opening hours in its time zone (issue 38; core/office/calendar.h,
// the hours and closures of records.h), through the tools as an agent calls them, on the suites'
// backend, with the harness's fixed clock (kStart: Monday 2026-09-21 14:13:20 UTC): a week of two
// ranges a day with a closed Sunday and a holiday, the horizon, slots before now, a change of
// hours that keeps a booking outside them, and the days the clocks change in Madrid and Santiago.

#include "calendar.h"
#include "idempotency.h"
#include "records.h"
#include "session_harness.h"

#include <catch2/catch.hpp>

#include <algorithm>

using nlohmann::json;
using namespace office;
using namespace office::testing;

namespace {

// The office as an agent sees it in the 2026-07-28 era (results carry structuredContent).
class Desk : public InProcessServer {
public:
    using InProcessServer::InProcessServer;
    json call(const std::string& tool, json arguments) { return result(tools_call(++next_id_, tool, std::move(arguments), json::object(), "test-client")); }

private:
    int next_id_ = 0;
};

const AuditEntry kStamp{0, "2026-09-21T14:13:20Z", "test", "1", "command", "", "", "", 0, "", "tester", "", ""};

void must(const RecordOutcome& outcome) {
    INFO(outcome.sentence);
    REQUIRE(outcome.ok);
}

void change(Desk& desk, const std::function<RecordOutcome(OfficeStore&)>& what) {
    WriteTransaction tx(desk.store());
    must(what(desk.store()));
    tx.commit();
}

// A Madrid office open Monday to Friday 09:00-13:00 and 15:00-18:00 in slots of 30 minutes,
// Saturday 10:00-14:00 in hours, closed on Sunday.
void open_in_madrid(Desk& desk, const std::string& horizon = "90") {
    change(desk, [&](OfficeStore& s) { return set_office(s, kStamp, std::string("Europe/Madrid"), std::nullopt, horizon); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "mon-fri", "09:00-13:00,15:00-18:00", 30); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "sat", "10:00-14:00", 60); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "sun", "closed", 30); });
}

std::vector<std::string> times(const json& reply) {
    std::vector<std::string> out;
    for (const auto& s : reply["structuredContent"]["slots"]) out.push_back(s["time"]);
    return out;
}

json slots_on(Desk& desk, const std::string& day) { return desk.call("list_availability", {{"day", day}}); }

}  // namespace

TEST_CASE("the hours make a week of slots: two ranges a day, a closed Sunday, a holiday, the horizon", "[tools][calendar]") {
    Desk desk;
    desk.exec("DELETE FROM slots");  // the demo's explicit slots aside
    open_in_madrid(desk);
    change(desk, [](OfficeStore& s) { return close_days(s, kStamp, "2026-10-12..2026-10-13", "Fiesta Nacional"); });

    const auto tuesday = slots_on(desk, "2026-09-22");
    CHECK(times(tuesday) == std::vector<std::string>{"09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30",
                                                     "15:00", "15:30", "16:00", "16:30", "17:00", "17:30"});
    const auto& first = tuesday["structuredContent"]["slots"][0];
    CHECK(first == json{{"slot_id", 202609220900}, {"time", "09:00"}, {"day", "2026-09-22"}, {"weekday", "Tuesday"},
                        {"starts_at", "2026-09-22T09:00:00+02:00"}});
    CHECK(tuesday["structuredContent"]["today"] == "2026-09-21");
    CHECK(tuesday["structuredContent"]["time_zone"] == "Europe/Madrid");
    CHECK(times(slots_on(desk, "2026-09-26")) == std::vector<std::string>{"10:00", "11:00", "12:00", "13:00"});  // Saturday
    const auto sunday = slots_on(desk, "2026-09-27");
    CHECK(times(sunday).empty());
    CHECK(text_of(sunday).starts_with("No free slots on Sunday 2026-09-27. Times are the office's"));
    const auto holiday = slots_on(desk, "2026-10-13");
    CHECK(times(holiday).empty());
    CHECK(text_of(holiday).find("The office is closed on 2026-10-13 (Fiesta Nacional).") != std::string::npos);
    // Today (Monday, 16:13 in Madrid): only the slots not yet begun.
    CHECK(times(slots_on(desk, "2026-09-21")) == std::vector<std::string>{"16:30", "17:00", "17:30"});
    CHECK(times(slots_on(desk, "2026-09-18")).empty());  // a day gone by
    // The horizon: 90 days ahead is the last day offered.
    CHECK(times(slots_on(desk, "2026-12-18")).size() == 14);  // Friday, day 88
    const auto beyond = slots_on(desk, "2026-12-21");
    CHECK(times(beyond).empty());
    CHECK(text_of(beyond).find("beyond the 90 days ahead") != std::string::npos);

    // Booking a slot the hours make, once; a begun one and a closed day's are not there to book.
    const auto booked = desk.call("book_slot", {{"slot_id", 202609221530}, {"customer_id", 1}});
    INFO(booked.dump());
    CHECK(!is_error(booked));
    CHECK(text_of(booked) == "Booked slot 202609221530 (2026-09-22 15:30) for Maria Alvarez.");
    CHECK(is_error(desk.call("book_slot", {{"slot_id", 202609221530}, {"customer_id", 2}})));
    CHECK(is_error(desk.call("book_slot", {{"slot_id", 202609210900}, {"customer_id", 2}})));  // this morning
    CHECK(is_error(desk.call("book_slot", {{"slot_id", 202610131000}, {"customer_id", 2}})));  // the holiday
    CHECK(is_error(desk.call("book_slot", {{"slot_id", 202609221545}, {"customer_id", 2}})));  // not a slot of the hours
    CHECK(times(slots_on(desk, "2026-09-22")).size() == 13);
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 202609221530") == 1);

    // New hours never touch a booking: the afternoon goes, the booked 15:30 stays booked.
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "tue", "09:00-13:00", 30); });
    CHECK(times(slots_on(desk, "2026-09-22")).size() == 8);
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 202609221530") == 1);
    CHECK(desk.number("SELECT count(*) FROM audit WHERE action = 'slot_booked'") == 1);
}

TEST_CASE("hours, closures and the zone refuse what a person could mean two ways, changing nothing", "[tools][calendar]") {
    Desk desk;
    WriteTransaction tx(desk.store());
    auto& s = desk.store();
    CHECK(set_office(s, kStamp, std::string("Europe/Atlantis"), std::nullopt, std::nullopt).sentence.find("no such zone") != std::string::npos);
    CHECK(set_office(s, kStamp, std::string("../../etc/passwd"), std::nullopt, std::nullopt).sentence.find("not a time zone name") !=
          std::string::npos);
    CHECK(!set_office(s, kStamp, std::nullopt, std::nullopt, std::string("0")).ok);
    CHECK(set_hours(s, kStamp, "mon-fri", "09:00-13:00,12:00-14:00", 30).sentence.find("overlap") != std::string::npos);
    CHECK(!set_hours(s, kStamp, "mon-fry", "09:00-13:00", 30).ok);
    CHECK(!set_hours(s, kStamp, "mon", "13:00-09:00", 30).ok);
    CHECK(!set_hours(s, kStamp, "mon", "09:00-09:20", 30).ok);
    CHECK(!set_hours(s, kStamp, "mon", "9-13", 30).ok);
    CHECK(!close_days(s, kStamp, "2026-10-13..2026-10-12", "").ok);
    CHECK(!close_days(s, kStamp, "2026-02-30", "").ok);
    CHECK(!open_day(s, kStamp, "2026-10-12").ok);  // not closed
    CHECK(s.calendar().opening_hours().empty());
    CHECK(s.calendar().closures().empty());
    CHECK(s.calendar().office_settings() == OfficeSettings{});
}

TEST_CASE("the days the clocks change: every local time once, a skipped one not offered, offsets right", "[tools][calendar]") {
    Desk desk;
    desk.exec("DELETE FROM slots");
    change(desk, [](OfficeStore& s) { return set_office(s, kStamp, std::string("Europe/Madrid"), std::nullopt, std::string("400")); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "sun", "01:00-04:00", 30); });
    // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:00 and 02:30 happen twice, offered once (the first).
    const auto back = slots_on(desk, "2026-10-25");
    CHECK(times(back) == std::vector<std::string>{"01:00", "01:30", "02:00", "02:30", "03:00", "03:30"});
    std::vector<std::string> instants;
    for (const auto& slot : back["structuredContent"]["slots"]) instants.push_back(slot["starts_at"]);
    CHECK(instants == std::vector<std::string>{"2026-10-25T01:00:00+02:00", "2026-10-25T01:30:00+02:00", "2026-10-25T02:00:00+02:00",
                                               "2026-10-25T02:30:00+02:00", "2026-10-25T03:00:00+01:00", "2026-10-25T03:30:00+01:00"});
    // 2027-03-28: 02:00 CET becomes 03:00 CEST; 02:00 and 02:30 do not exist.
    CHECK(times(slots_on(desk, "2027-03-28")) == std::vector<std::string>{"01:00", "01:30", "03:00", "03:30"});

    // Santiago: summer time ends at Sunday 2027-04-04 00:00, Saturday 23:00-24:00 again; it begins
    // at Sunday 2027-09-05 00:00, which is 01:00.
    change(desk, [](OfficeStore& s) { return set_office(s, kStamp, std::string("America/Santiago"), std::nullopt, std::nullopt); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "sat", "22:00-24:00", 30); });
    change(desk, [](OfficeStore& s) { return set_hours(s, kStamp, "sun", "00:00-02:00", 30); });
    const auto saturday = slots_on(desk, "2027-04-03");
    CHECK(times(saturday) == std::vector<std::string>{"22:00", "22:30", "23:00", "23:30"});
    CHECK(saturday["structuredContent"]["slots"][2]["starts_at"] == "2027-04-03T23:00:00-03:00");
    CHECK(times(slots_on(desk, "2027-09-05")) == std::vector<std::string>{"01:00", "01:30"});
    const auto booked = desk.call("book_slot", {{"slot_id", 202709050100}, {"customer_id", 1}});
    CHECK(!is_error(booked));
    CHECK(is_error(desk.call("book_slot", {{"slot_id", 202709050030}, {"customer_id", 1}})));  // a time that does not exist
}

namespace {

std::string uid_of(Desk& desk, std::int64_t slot) {
    return desk.text("SELECT booking_uid FROM slots WHERE id = " + std::to_string(slot));
}

std::int64_t sequence_of(Desk& desk, std::int64_t slot) {
    return desk.number("SELECT booking_sequence FROM slots WHERE id = " + std::to_string(slot));
}

// Every slot row as "id customer uid sequence": what a refused change must leave exactly so.
std::vector<std::string> slot_table(Desk& desk) {
    return desk.texts("SELECT id || ' ' || coalesce(customer_id, 0) || ' ' || coalesce(booking_uid, '-') || ' ' || booking_sequence "
                      "FROM slots ORDER BY id");
}

}  // namespace

TEST_CASE("cancel_booking and move_booking: a move keeps the booking's uid and raises its sequence and a refusal changes nothing", "[tools][calendar][bookings]") {
    Desk desk;
    desk.exec("DELETE FROM slots");
    open_in_madrid(desk);
    CHECK(!is_error(desk.call("book_slot", {{"slot_id", 202609220900}, {"customer_id", 1}})));
    const auto uid = uid_of(desk, 202609220900);
    CHECK(uid.size() == 32);
    CHECK(sequence_of(desk, 202609220900) == 0);

    const auto moved = desk.call("move_booking", {{"slot_id", 202609220900}, {"to_slot_id", 202609221000}});
    CHECK(text_of(moved) == "Moved Maria Alvarez's booking from slot 202609220900 (2026-09-22 09:00) to slot 202609221000 (2026-09-22 10:00).");
    CHECK(moved["structuredContent"] == json{{"slot_id", 202609221000}, {"from_slot_id", 202609220900}, {"customer_id", 1},
                                             {"day", "2026-09-22"}, {"time", "10:00"}});
    CHECK(desk.number("SELECT count(*) FROM slots WHERE id = 202609220900") == 0);  // a made slot needs no row while free
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 202609221000") == 1);
    CHECK(uid_of(desk, 202609221000) == uid);
    CHECK(sequence_of(desk, 202609221000) == 1);
    const auto tuesday = times(slots_on(desk, "2026-09-22"));
    CHECK(std::find(tuesday.begin(), tuesday.end(), "09:00") != tuesday.end());
    CHECK(std::find(tuesday.begin(), tuesday.end(), "10:00") == tuesday.end());

    // Into a taken slot, a closed day, a slot that does not exist, a slot begun, the same slot:
    // refused, every row as it was.
    CHECK(!is_error(desk.call("book_slot", {{"slot_id", 202609221030}, {"customer_id", 2}})));
    const auto before = slot_table(desk);
    const auto taken = desk.call("move_booking", {{"slot_id", 202609221000}, {"to_slot_id", 202609221030}});
    CHECK(is_error(taken));
    CHECK(text_of(taken) == "Slot 202609221030 (2026-09-22 10:30) is already booked; call list_availability to find a free slot. "
                            "The booking stays in slot 202609221000 (2026-09-22 10:00).");
    CHECK(is_error(desk.call("move_booking", {{"slot_id", 202609221000}, {"to_slot_id", 202609270900}})));  // Sunday
    CHECK(is_error(desk.call("move_booking", {{"slot_id", 202609221000}, {"to_slot_id", 999}})));
    CHECK(is_error(desk.call("move_booking", {{"slot_id", 202609221000}, {"to_slot_id", 202609210900}})));  // this morning
    CHECK(is_error(desk.call("move_booking", {{"slot_id", 202609221000}, {"to_slot_id", 202609221000}})));
    CHECK(text_of(desk.call("move_booking", {{"slot_id", 202609220930}, {"to_slot_id", 202609221100}})) ==
          "Slot 202609220930 is not booked, so there is no booking to move; find_customer and list_availability do not "
          "show bookings, the person at the office can.");
    CHECK(slot_table(desk) == before);

    const auto cancelled = desk.call("cancel_booking", {{"slot_id", 202609221000}});
    CHECK(text_of(cancelled) == "Cancelled Maria Alvarez's booking of slot 202609221000 (2026-09-22 10:00); the slot is free again.");
    CHECK(cancelled["structuredContent"]["status"] == "cancelled");
    CHECK(desk.number("SELECT count(*) FROM slots WHERE id = 202609221000") == 0);
    const auto again = desk.call("cancel_booking", {{"slot_id", 202609221000}});
    CHECK(is_error(again));
    CHECK(text_of(again).starts_with("Slot 202609221000 is not booked, so there is no booking to cancel"));
    CHECK(desk.number("SELECT count(*) FROM audit WHERE action = 'booking_moved'") == 1);
    CHECK(desk.number("SELECT count(*) FROM audit WHERE action = 'booking_cancelled'") == 1);
    CHECK(desk.text("SELECT detail FROM audit WHERE action = 'booking_cancelled'") ==
          "Cancelled the booking of slot 202609221000 (2026-09-22 10:00) for Maria Alvarez (customer 1).");

    // Once its time has come (Tuesday 10:30 in Madrid is 08:30 UTC), a booking stays as it is.
    desk.now = kStart + 18 * 3600 + 16 * 60 + 40;  // 2026-09-22T08:30:00Z
    const auto begun = desk.call("cancel_booking", {{"slot_id", 202609221030}});
    CHECK(text_of(begun) == "The booking of slot 202609221030 (2026-09-22 10:30) has begun (times are the office's, in "
                            "Europe/Madrid); it can no longer be cancelled.");
    CHECK(is_error(desk.call("move_booking", {{"slot_id", 202609221030}, {"to_slot_id", 202609231000}})));
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 202609221030") == 2);
}

TEST_CASE("cancel and move in a 2025 session: an explicit slot keeps its row when freed and a retried move is one move", "[tools][calendar][bookings]") {
    Desk desk;
    // The demo's six explicit slots, moved after the harness's today.
    desk.exec("UPDATE slots SET day = '2026-09-24' WHERE day = '2026-09-04'");
    desk.exec("UPDATE slots SET day = '2026-09-25' WHERE day = '2026-09-05'");
    desk.result(initialize_request("2025-06-18", json::object(), "legacy-client", "2.0"));
    CHECK(!is_error(desk.result(legacy_call(1, "book_slot", {{"slot_id", 1}, {"customer_id", 3}}))));
    const auto moved = desk.result(legacy_call(2, "move_booking", {{"slot_id", 1}, {"to_slot_id", 2}}));
    CHECK(text_of(moved).starts_with("Moved "));
    CHECK(desk.number("SELECT count(*) FROM slots WHERE id = 1 AND customer_id IS NULL AND booking_uid IS NULL") == 1);
    CHECK(desk.number("SELECT customer_id FROM slots WHERE id = 2") == 3);

    auto keyed = [](int id, json message) {
        message["id"] = id;
        message["params"]["_meta"][std::string(kMetaIdempotencyKey)] = "move-2-to-4";
        return message;
    };
    const auto first = desk.result(keyed(3, legacy_call(0, "move_booking", {{"slot_id", 2}, {"to_slot_id", 4}})));
    const auto retry = desk.result(keyed(4, legacy_call(0, "move_booking", {{"slot_id", 2}, {"to_slot_id", 4}})));
    CHECK(!is_error(first));
    CHECK(text_of(retry) == text_of(first));  // the first's result again, not "slot 2 is not booked"
    CHECK(sequence_of(desk, 4) == 2);
    CHECK(desk.number("SELECT count(*) FROM audit WHERE action = 'booking_moved'") == 2);

    CHECK(text_of(desk.result(legacy_call(5, "cancel_booking", {{"slot_id", 4}}))).starts_with("Cancelled "));
    CHECK(desk.texts("SELECT id FROM slots WHERE customer_id IS NOT NULL") == std::vector<std::string>{"3"});
    CHECK(uid_of(desk, 3) == "slot-3");  // the seed's booking, given the uid its export had (schema 12)
    CHECK(desk.number("SELECT count(*) FROM slots") == 6);  // the explicit rows stay, free
}

TEST_CASE("list_availability without a day: the next 10 free slots from now or the days from..to", "[tools][calendar]") {
    Desk desk;
    desk.exec("DELETE FROM slots");
    open_in_madrid(desk);  // now: Monday 2026-09-21 16:13 in Madrid
    const auto next = desk.call("list_availability", json::object());
    std::vector<std::string> when;
    for (const auto& s : next["structuredContent"]["slots"]) when.push_back(s["day"].get<std::string>() + " " + s["time"].get<std::string>());
    CHECK(when == std::vector<std::string>{"2026-09-21 16:30", "2026-09-21 17:00", "2026-09-21 17:30", "2026-09-22 09:00",
                                           "2026-09-22 09:30", "2026-09-22 10:00", "2026-09-22 10:30", "2026-09-22 11:00",
                                           "2026-09-22 11:30", "2026-09-22 12:00"});
    CHECK(text_of(next).starts_with("The next 10 free slots (book one with book_slot):\n- slot 202609211630 on Monday 2026-09-21 at 16:30\n"));
    CHECK(text_of(next).ends_with("\nTimes are the office's, in Europe/Madrid; today is Monday 2026-09-21."));
    CHECK(next["structuredContent"]["from"] == "2026-09-21");
    CHECK(next["structuredContent"]["today_weekday"] == "Monday");

    const auto range = desk.call("list_availability", {{"from", "2026-09-26"}, {"to", "2026-09-28"}});
    CHECK(range["structuredContent"]["slots"].size() == 4 + 0 + 14);  // Saturday, the closed Sunday, Monday
    CHECK(text_of(range).starts_with("Free slots from Saturday 2026-09-26 to Monday 2026-09-28 (book one with book_slot):\n"
                                     "- slot 202609261000 on Saturday 2026-09-26 at 10:00\n"));
    CHECK(range["structuredContent"]["slots"][0]["starts_at"] == "2026-09-26T10:00:00+02:00");
    const auto week = desk.call("list_availability", {{"from", "2026-09-26"}});
    CHECK(week["structuredContent"]["to"] == "2026-10-02");
    CHECK(text_of(desk.call("list_availability", {{"from", "2026-09-27"}, {"to", "2026-09-27"}})) ==
          "No free slots from Sunday 2026-09-27 to Sunday 2026-09-27. Times are the office's, in Europe/Madrid; today is Monday 2026-09-21.");

    CHECK(text_of(desk.call("list_availability", {{"from", "2026-09-28"}, {"to", "2026-09-26"}})) ==
          "to (2026-09-26) is before from (2026-09-28).");
    CHECK(text_of(desk.call("list_availability", {{"from", "2026-10-01"}, {"to", "2026-11-01"}})) ==
          "from and to span 32 days; ask for at most 31 at a time.");
    CHECK(text_of(desk.call("list_availability", {{"day", "2026-09-22"}, {"from", "2026-09-22"}})) ==
          "Give either day, or from and to, not both.");
    CHECK(text_of(desk.call("list_availability", {{"from", "2026-02-30"}})) ==
          "list_availability was not run: from: must be a real calendar date (YYYY-MM-DD)");  // the schema's format
}
