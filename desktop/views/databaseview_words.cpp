// DatabaseView's words in the desk's language (databaseview.h): the tables' tab names, the
// columns' headers and the office's stored words (paid, slot_booked, …). The table view is
// in databaseview.cpp; the parts are listed in databaseview_internal.h.
#include "databaseview.h"

#include <QHash>

// A source text and its comment, as QT_TRANSLATE_NOOP3 marks them for lupdate.
struct Source
{
    const char *text;
    const char *comment;
};

QString DatabaseView::tableTitle(const QString &table)
{
    static const QHash<QString, Source> titles{
        {QStringLiteral("customers"), QT_TRANSLATE_NOOP3("DatabaseView", "Customers", "a table's tab")},
        {QStringLiteral("slots"), QT_TRANSLATE_NOOP3("DatabaseView", "Slots", "a table's tab: appointment slots")},
        {QStringLiteral("invoices"), QT_TRANSLATE_NOOP3("DatabaseView", "Invoices", "a table's tab")},
        {QStringLiteral("refunds"), QT_TRANSLATE_NOOP3("DatabaseView", "Refunds", "a table's tab")},
        {QStringLiteral("lunch_orders"), QT_TRANSLATE_NOOP3("DatabaseView", "Lunch orders", "a table's tab")},
        {QStringLiteral("approval_requests"), QT_TRANSLATE_NOOP3("DatabaseView", "Approval requests", "a table's tab")},
        {QStringLiteral("audit"), QT_TRANSLATE_NOOP3("DatabaseView", "Audit", "a table's tab: who changed what")},
        {QStringLiteral("menu"), QT_TRANSLATE_NOOP3("DatabaseView", "Menu", "a table's tab: the lunch menu")},
    };
    const auto it = titles.constFind(table);
    return it == titles.cend() ? table : tr(it->text, it->comment);
}

QString DatabaseView::columnTitle(const QString &column)
{
    // Money columns (*_cents) are shown as money: their header is the amount's.
    const QString name = column.endsWith(QLatin1String("_cents")) ? column.chopped(6) : column;
    static const QHash<QString, const char *> titles{
        {QStringLiteral("id"), QT_TRANSLATE_NOOP("DatabaseView", "ID")},
        {QStringLiteral("name"), QT_TRANSLATE_NOOP("DatabaseView", "Name")},
        {QStringLiteral("email"), QT_TRANSLATE_NOOP("DatabaseView", "Email")},
        {QStringLiteral("day"), QT_TRANSLATE_NOOP("DatabaseView", "Day")},
        {QStringLiteral("time"), QT_TRANSLATE_NOOP("DatabaseView", "Time")},
        {QStringLiteral("customer_id"), QT_TRANSLATE_NOOP("DatabaseView", "Customer ID")},
        {QStringLiteral("booked_at"), QT_TRANSLATE_NOOP("DatabaseView", "Booked at")},
        {QStringLiteral("booked_by"), QT_TRANSLATE_NOOP("DatabaseView", "Booked by")},
        {QStringLiteral("starts_at"), QT_TRANSLATE_NOOP("DatabaseView", "Starts at")},
        {QStringLiteral("customer"), QT_TRANSLATE_NOOP("DatabaseView", "Customer")},
        {QStringLiteral("amount"), QT_TRANSLATE_NOOP("DatabaseView", "Amount")},
        {QStringLiteral("status"), QT_TRANSLATE_NOOP("DatabaseView", "Status")},
        {QStringLiteral("refunded"), QT_TRANSLATE_NOOP("DatabaseView", "Refunded")},
        {QStringLiteral("left"), QT_TRANSLATE_NOOP("DatabaseView", "Left")},
        {QStringLiteral("invoice_id"), QT_TRANSLATE_NOOP("DatabaseView", "Invoice ID")},
        {QStringLiteral("reason"), QT_TRANSLATE_NOOP("DatabaseView", "Reason")},
        {QStringLiteral("approved_via"), QT_TRANSLATE_NOOP("DatabaseView", "Approved via")},
        {QStringLiteral("client"), QT_TRANSLATE_NOOP("DatabaseView", "Client")},
        {QStringLiteral("created_at"), QT_TRANSLATE_NOOP("DatabaseView", "Created at")},
        {QStringLiteral("approval_request_id"), QT_TRANSLATE_NOOP("DatabaseView", "Request ID")},
        {QStringLiteral("requested_by"), QT_TRANSLATE_NOOP("DatabaseView", "Requested by")},
        {QStringLiteral("item"), QT_TRANSLATE_NOOP("DatabaseView", "Item")},
        {QStringLiteral("quantity"), QT_TRANSLATE_NOOP("DatabaseView", "Quantity")},
        {QStringLiteral("note"), QT_TRANSLATE_NOOP("DatabaseView", "Note")},
        {QStringLiteral("resolved_at"), QT_TRANSLATE_NOOP("DatabaseView", "Decided at")},
        {QStringLiteral("resolved_by"), QT_TRANSLATE_NOOP("DatabaseView", "Decided by")},
        {QStringLiteral("reported_at"), QT_TRANSLATE_NOOP("DatabaseView", "Reported at")},
        {QStringLiteral("task"), QT_TRANSLATE_NOOP("DatabaseView", "Task")},
        {QStringLiteral("at"), QT_TRANSLATE_NOOP("DatabaseView", "When")},
        {QStringLiteral("client_name"), QT_TRANSLATE_NOOP("DatabaseView", "Client")},
        {QStringLiteral("client_version"), QT_TRANSLATE_NOOP("DatabaseView", "Client version")},
        {QStringLiteral("era"), QT_TRANSLATE_NOOP("DatabaseView", "Era")},
        {QStringLiteral("protocol_version"), QT_TRANSLATE_NOOP("DatabaseView", "Protocol")},
        {QStringLiteral("action"), QT_TRANSLATE_NOOP("DatabaseView", "Action")},
        {QStringLiteral("subject_type"), QT_TRANSLATE_NOOP("DatabaseView", "Subject")},
        {QStringLiteral("subject_id"), QT_TRANSLATE_NOOP("DatabaseView", "Subject ID")},
        {QStringLiteral("detail"), QT_TRANSLATE_NOOP("DatabaseView", "Detail")},
        {QStringLiteral("principal"), QT_TRANSLATE_NOOP("DatabaseView", "Person")},
        {QStringLiteral("price"), QT_TRANSLATE_NOOP("DatabaseView", "Price")},
        {QStringLiteral("trace_id"), QT_TRANSLATE_NOOP("DatabaseView", "Trace ID")},
        {QStringLiteral("span_id"), QT_TRANSLATE_NOOP("DatabaseView", "Span ID")},
    };
    const auto it = titles.constFind(name);
    return it == titles.cend() ? name : tr(it.value());
}

QString DatabaseView::wordText(const QString &column, const QString &value)
{
    // The office's stored words, by the column that holds them ("status/paid"); any other value
    // is shown as it is stored (names, emails, an item of the menu).
    static const QHash<QString, Source> words{
        {QStringLiteral("status/open"), QT_TRANSLATE_NOOP3("DatabaseView", "open", "an invoice not yet paid")},
        {QStringLiteral("status/paid"), QT_TRANSLATE_NOOP3("DatabaseView", "paid", "an invoice")},
        {QStringLiteral("status/refunded"), QT_TRANSLATE_NOOP3("DatabaseView", "refunded", "an invoice refunded in full")},
        {QStringLiteral("status/pending"), QT_TRANSLATE_NOOP3("DatabaseView", "pending", "an approval request waiting for a person")},
        {QStringLiteral("status/approved"), QT_TRANSLATE_NOOP3("DatabaseView", "approved", "an approval request")},
        {QStringLiteral("status/declined"), QT_TRANSLATE_NOOP3("DatabaseView", "declined", "an approval request")},
        {QStringLiteral("status/withdrawn"), QT_TRANSLATE_NOOP3("DatabaseView", "withdrawn", "an approval request its AI client took back")},
        {QStringLiteral("status/cancelled"), QT_TRANSLATE_NOOP3("DatabaseView", "cancelled", "an approval request")},
        {QStringLiteral("era/modern"), QT_TRANSLATE_NOOP3("DatabaseView", "modern", "the 2026-07-28 protocol era")},
        {QStringLiteral("era/legacy"), QT_TRANSLATE_NOOP3("DatabaseView", "legacy", "the 2025-11-25 protocol era")},
        {QStringLiteral("era/command"), QT_TRANSLATE_NOOP3("DatabaseView", "command", "a change made with an office-mcp command")},
        {QStringLiteral("action/slot_booked"), QT_TRANSLATE_NOOP3("DatabaseView", "slot booked", "an audit action")},
        {QStringLiteral("action/lunch_ordered"), QT_TRANSLATE_NOOP3("DatabaseView", "lunch ordered", "an audit action")},
        {QStringLiteral("action/refund_issued"), QT_TRANSLATE_NOOP3("DatabaseView", "refund issued", "an audit action")},
        {QStringLiteral("action/refund_queued"), QT_TRANSLATE_NOOP3("DatabaseView", "refund queued", "an audit action")},
        {QStringLiteral("action/refund_declined"), QT_TRANSLATE_NOOP3("DatabaseView", "refund declined", "an audit action")},
        {QStringLiteral("action/refund_reopened"), QT_TRANSLATE_NOOP3("DatabaseView", "refund re-opened", "an audit action")},
        {QStringLiteral("action/refund_withdrawn"), QT_TRANSLATE_NOOP3("DatabaseView", "refund withdrawn", "an audit action")},
        {QStringLiteral("action/customer_added"), QT_TRANSLATE_NOOP3("DatabaseView", "customer added", "an audit action")},
        {QStringLiteral("action/customer_edited"), QT_TRANSLATE_NOOP3("DatabaseView", "customer edited", "an audit action")},
        {QStringLiteral("action/customer_removed"), QT_TRANSLATE_NOOP3("DatabaseView", "customer removed", "an audit action")},
        {QStringLiteral("action/customers_imported"), QT_TRANSLATE_NOOP3("DatabaseView", "customers imported", "an audit action")},
        {QStringLiteral("action/invoice_added"), QT_TRANSLATE_NOOP3("DatabaseView", "invoice added", "an audit action")},
        {QStringLiteral("action/invoice_paid"), QT_TRANSLATE_NOOP3("DatabaseView", "invoice paid", "an audit action")},
        {QStringLiteral("action/menu_item_added"), QT_TRANSLATE_NOOP3("DatabaseView", "menu item added", "an audit action")},
        {QStringLiteral("action/menu_item_removed"), QT_TRANSLATE_NOOP3("DatabaseView", "menu item removed", "an audit action")},
        {QStringLiteral("action/booking_cancelled"), QT_TRANSLATE_NOOP3("DatabaseView", "booking cancelled", "an audit action")},
        {QStringLiteral("action/booking_moved"), QT_TRANSLATE_NOOP3("DatabaseView", "booking moved", "an audit action")},
        {QStringLiteral("action/office_changed"), QT_TRANSLATE_NOOP3("DatabaseView", "office changed", "an audit action")},
        {QStringLiteral("action/hours_set"), QT_TRANSLATE_NOOP3("DatabaseView", "hours set", "an audit action")},
        {QStringLiteral("action/days_closed"), QT_TRANSLATE_NOOP3("DatabaseView", "days closed", "an audit action")},
        {QStringLiteral("action/day_opened"), QT_TRANSLATE_NOOP3("DatabaseView", "day opened", "an audit action")},
        {QStringLiteral("subject_type/customer"), QT_TRANSLATE_NOOP3("DatabaseView", "customer", "what an audit row is about")},
        {QStringLiteral("subject_type/invoice"), QT_TRANSLATE_NOOP3("DatabaseView", "invoice", "what an audit row is about")},
        {QStringLiteral("subject_type/slot"), QT_TRANSLATE_NOOP3("DatabaseView", "slot", "what an audit row is about")},
        {QStringLiteral("subject_type/lunch_order"), QT_TRANSLATE_NOOP3("DatabaseView", "lunch order", "what an audit row is about")},
        {QStringLiteral("subject_type/menu_item"), QT_TRANSLATE_NOOP3("DatabaseView", "menu item", "what an audit row is about")},
        {QStringLiteral("subject_type/approval_request"), QT_TRANSLATE_NOOP3("DatabaseView", "approval request", "what an audit row is about")},
        {QStringLiteral("subject_type/refund"), QT_TRANSLATE_NOOP3("DatabaseView", "refund", "what an audit row is about")},
    };
    const auto it = words.constFind(column + QLatin1Char('/') + value);
    return it == words.cend() ? value : tr(it->text, it->comment);
}
