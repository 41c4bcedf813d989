#include "refundcontext.h"

#include "localnumbers.h"
#include "sqlitereader.h"

#include <QLocale>

QString RefundContext::money(qint64 cents)
{
    return LocalNumbers::formatMoney(cents);  // integer arithmetic, the person's decimal mark
}

QString RefundContext::whoAsks() const
{
    if (fromToolsPanel)
        return tr("You started this refund from the tools panel.");
    if (requestId == 0)
        return QString();
    const QString who = askedBy.isEmpty() ? tr("An AI client") : askedBy;
    if (!askedAt.isValid())
        return tr("%1 asked in approval request #%2.").arg(who).arg(requestId);
    if (askedAt.date() == QDate::currentDate())
        return tr("%1 asked in approval request #%2, today at %3.").arg(who).arg(requestId).arg(LocalNumbers::formatTime(askedAt.time()));
    return tr("%1 asked in approval request #%2 on %3.").arg(who).arg(requestId).arg(LocalNumbers::formatDateTime(askedAt));
}

QString RefundContext::invoiceLine() const
{
    if (!known)
        return QString();
    QStringList parts{tr("Invoice %1").arg(invoiceId)};
    if (!customer.isEmpty())
        parts << customer;
    parts << tr("amount %1").arg(money(amountCents)) << tr("%1 refunded so far").arg(money(refundedCents))
          << tr("%1 left").arg(money(leftCents()));
    return parts.join(QStringLiteral(" · "));
}

RefundContext RefundContext::read(const QString &database, qint64 invoiceId, qint64 requestId)
{
    RefundContext context;
    context.invoiceId = invoiceId;
    context.requestId = requestId;
    const SqliteReader reader(database);
    if (!reader.isOpen())
        return context;
    // Schema 3 keeps the running total on the invoice; before it, the refund rows say it.
    const QString refunded = reader.hasColumn(QStringLiteral("invoices"), QStringLiteral("refunded_cents"))
        ? QStringLiteral("i.refunded_cents")
        : QStringLiteral("(SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.invoice_id = i.id)");
    const SqliteReader::Table invoice = reader.query(
        QStringLiteral("SELECT c.name, i.amount_cents, i.status, %1 FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id "
                       "WHERE i.id = ?").arg(refunded),
        {invoiceId});
    if (invoice.ok() && !invoice.rows.isEmpty()) {
        const QVariantList &row = invoice.rows.first();
        context.known = true;
        context.customer = row.value(0).toString();
        context.amountCents = row.value(1).toLongLong();
        context.invoiceStatus = row.value(2).toString();
        context.refundedCents = row.value(3).toLongLong();
    }
    if (requestId > 0) {
        const SqliteReader::Table request =
            reader.query(QStringLiteral("SELECT client, created_at FROM approval_requests WHERE id = ?"), {requestId});
        if (request.ok() && !request.rows.isEmpty()) {
            context.askedBy = request.rows.first().value(0).toString();
            context.askedAt = QDateTime::fromString(request.rows.first().value(1).toString(), Qt::ISODate).toLocalTime();
        }
    }
    return context;
}

RefundContext RefundContext::fromTables(const TableRows &invoices, const TableRows &requests, qint64 invoiceId, qint64 requestId)
{
    RefundContext context;
    context.invoiceId = invoiceId;
    context.requestId = requestId;
    const auto at = [](const TableRows &table, const QVariantList &row, const char *column) {
        return row.value(table.column(QLatin1String(column)));
    };
    if (const QVariantList *invoice = invoices.rowWithId(invoiceId)) {
        context.known = true;
        context.customer = at(invoices, *invoice, "customer").toString();
        context.amountCents = at(invoices, *invoice, "amount_cents").toLongLong();
        context.invoiceStatus = at(invoices, *invoice, "status").toString();
        context.refundedCents = at(invoices, *invoice, "refunded_cents").toLongLong();
    }
    if (const QVariantList *request = requestId > 0 ? requests.rowWithId(requestId) : nullptr) {
        context.askedBy = at(requests, *request, "client").toString();
        context.askedAt = QDateTime::fromString(at(requests, *request, "created_at").toString(), Qt::ISODate).toLocalTime();
    }
    return context;
}
