#pragma once
// Refunds that AI clients without forms asked for: they wait in approval_requests until a
// person reviews them here. Review does not touch the database; it asks MainWindow to run
// issue_refund through the app's own session, and the server resolves the request. The rows
// come through the server (showTables: office://approval_requests and office://invoices) or,
// for an office-mcp without resources, from the SQLite file.

#include "tablerows.h"

#include <QSet>
#include <QWidget>

class QLabel;
class QTableWidget;

class ApprovalQueue : public QWidget
{
    Q_OBJECT

public:
    explicit ApprovalQueue(QWidget *parent = nullptr);

    void setDatabasePath(const QString &path) { m_path = path; }
    // File mode: reads the file again. Resource mode: redraws the rows last given.
    void refresh();
    void setResourceMode(bool on);
    bool isResourceMode() const { return m_resources; }
    void showTables(const TableRows &requests, const TableRows &invoices);
    void setReviewAvailable(bool available, const QString &why = QString());
    void setReviewing(qint64 invoiceId, bool reviewing);
    // Re-open (declined rows) runs `office-mcp approvals reopen N`; MainWindow does that.
    void setReopenAvailable(bool available, const QString &why = QString());
    void setReopening(qint64 requestId, bool reopening);
    // One sentence under the summary: what the last re-open said.
    void showNote(const QString &note);
    QLabel *noteLabel() const { return m_note; }

    int pendingCount() const { return m_pending; }
    // Invoice ids of pending requests, oldest first.
    QList<qint64> pendingInvoices() const { return m_pendingInvoices; }
    QTableWidget *table() const { return m_table; }
    // Clicks the Review button of the pending request for this invoice; false if there is none.
    bool review(qint64 invoiceId);
    // Clicks the Re-open button of a declined request; false if there is none.
    bool reopen(qint64 requestId);

signals:
    void reviewRequested(qint64 requestId, qint64 invoiceId);
    void pendingCountChanged(int count);
    void reopenRequested(qint64 requestId);

private:
    void render();

    QString m_path;
    bool m_resources = false;
    TableRows m_rows;  // the queue's rows, in the order shown (see queueQuery)
    QString m_reopenWhy;
    QLabel *m_summary;
    QLabel *m_note;
    QTableWidget *m_table;
    int m_pending = 0;
    QList<qint64> m_pendingInvoices;
    QSet<qint64> m_reviewing;
    QSet<qint64> m_reopening;
    bool m_reopenAvailable = true;
    bool m_available = false;
    QString m_unavailableReason;
};
