#pragma once
// What DatabaseView's files share, and nothing outside them includes (only databaseview*.cpp).
// The view is one class (databaseview.h) whose parts live in files named for what they do:
//   databaseview.cpp          the table view: a tab of rows per table, from the feed or the
//                             SQLite file, changed rows marked, the filter, the detail pane, and
//                             the bar that holds the record buttons
//   databaseview_records.cpp  editing through the admin tools (add, edit, remove, mark paid):
//                             which buttons a tab shows, when they can be pressed, the selected
//                             row they preset the tool's form from
//   databaseview_words.cpp    tab names, column headers and the office's stored words in the
//                             desk's language

#include "databaseview.h"

#include <QString>

namespace databaseview {

// The admin tools the tables have buttons for: which table, and whether the tool works on the
// selected row (its form is preset from it) or makes a new one.
struct RecordAction
{
    const char *table;
    const char *tool;
    bool onRow;
};
inline constexpr RecordAction kRecordActions[] = {
    {"customers", "add_customer", false},   {"customers", "edit_customer", true}, {"customers", "remove_customer", true},
    {"invoices", "add_invoice", false},     {"invoices", "pay_invoice", true},
    {"menu", "add_menu_item", false},       {"menu", "remove_menu_item", true},
};

// A record button's text (databaseview_records.cpp).
QString recordLabel(const QString &tool);

} // namespace databaseview
