#pragma once
// What a person needs to decide a refund, in office words: who asks (the client and its
// approval request, or "you, from the tools panel") and the invoice (customer, amount,
// refunded so far, left). The desk knows the invoice of its own issue_refund call and reads
// the rest from the database; the dialog shows it above the server's form.

#include "tablerows.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

struct RefundContext
{
    Q_DECLARE_TR_FUNCTIONS(RefundContext)

public:
    bool known = false;          // an invoice was found
    bool fromToolsPanel = false; // the person at the desk started it
    qint64 requestId = 0;        // approval request under review, 0 when none
    QString askedBy;             // the client that queued the request
    QDateTime askedAt;           // when it was queued (local time)
    qint64 invoiceId = 0;
    QString customer;
    QString invoiceStatus;
    qint64 amountCents = 0;
    qint64 refundedCents = 0;

    qint64 leftCents() const { return amountCents - refundedCents; }
    // "phone-assistant asked in approval request #3, today at 14:02" or "You started this refund from the tools panel."
    QString whoAsks() const;
    // "Invoice 2 · Maria Alvarez · 80.00 · 30.00 refunded so far · 50.00 left"
    QString invoiceLine() const;

    // Reads the invoice (and the request, when requestId is set) from the database.
    static RefundContext read(const QString &database, qint64 invoiceId, qint64 requestId);
    // The same from the office's resources (office://invoices and office://approval_requests).
    static RefundContext fromTables(const TableRows &invoices, const TableRows &requests, qint64 invoiceId, qint64 requestId);
    // Money as the person's locale writes it ("80,00" in es), from exact cents.
    static QString money(qint64 cents);
};
