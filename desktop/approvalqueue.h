#pragma once
// Refunds that AI clients without forms asked for: they wait in approval_requests until a
// person reviews them here. Review does not touch the database; it asks MainWindow to run
// issue_refund through the app's own session, and the server resolves the request.

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
    void refresh();
    void setReviewAvailable(bool available, const QString &why = QString());
    void setReviewing(qint64 invoiceId, bool reviewing);
    // Re-open (declined rows) runs `office-mcp approvals reopen N`; MainWindow does that.
    void setReopenAvailable(bool available);
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
    QString m_path;
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
