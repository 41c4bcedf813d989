#include "approvalqueue.h"

#include "datalabel.h"

#include "localnumbers.h"
#include "refundcontext.h"
#include "sqlitereader.h"

#include <algorithm>

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

// Columns that arrived with schema 3 (who decided, what was refunded) and 6 (followed as a
// task) are read when present, so an older database still shows its queue.
QString queueQuery(const SqliteReader &reader)
{
    const bool v3 = reader.hasColumn(QStringLiteral("approval_requests"), QStringLiteral("resolved_by"));
    const bool refunded = reader.hasColumn(QStringLiteral("invoices"), QStringLiteral("refunded_cents"));
    const bool task = reader.hasColumn(QStringLiteral("approval_requests"), QStringLiteral("task"));
    return QStringLiteral(R"(
SELECT a.id, a.invoice_id, c.name, i.amount_cents, i.status, a.client, a.created_at, a.status,
       a.resolved_at, a.amount_cents, a.reason, %1, %2, %3
FROM approval_requests a
JOIN invoices i ON i.id = a.invoice_id
LEFT JOIN customers c ON c.id = i.customer_id
ORDER BY a.status = 'pending' DESC, a.id DESC
LIMIT 200)")
        .arg(v3 ? QStringLiteral("a.resolved_by") : QStringLiteral("NULL"),
             refunded ? QStringLiteral("i.refunded_cents") : QStringLiteral("NULL"),
             task ? QStringLiteral("a.task") : QStringLiteral("0"));
}

// The action column comes first: at any window width the button a person needs is in sight.
enum Column { ActionColumn, RequestColumn, InvoiceColumn, CustomerColumn, AmountColumn, ClientColumn, CreatedColumn,
              StatusColumn, DeciderColumn, OutcomeColumn, ColumnCount };

QString money(const QVariant &cents)
{
    return RefundContext::money(cents.toLongLong());  // integer arithmetic: no float ever rounds a cent
}

// The server stores UTC ISO times; a person wants the local time in the locale's words, and
// the date only when it is not today. (The ISO value is the cell's tooltip.)
QString shortTime(const QString &iso)
{
    QDateTime time = QDateTime::fromString(iso, Qt::ISODate);
    if (!time.isValid())
        return iso;
    time = time.toLocalTime();
    return time.date() == QDate::currentDate() ? LocalNumbers::formatTime(time.time()) : LocalNumbers::formatDateTime(time);
}

// The database's words for a request's and an invoice's state, as a person reads them.
QString requestStatus(const QString &status)
{
    if (status == QLatin1String("pending"))
        return ApprovalQueue::tr("pending", "an approval request waiting for a person");
    if (status == QLatin1String("approved"))
        return ApprovalQueue::tr("approved", "an approval request");
    if (status == QLatin1String("declined"))
        return ApprovalQueue::tr("declined", "an approval request");
    if (status == QLatin1String("withdrawn"))
        return ApprovalQueue::tr("withdrawn", "an approval request its AI client took back before anyone decided");
    return status;
}

QString invoiceStatus(const QString &status)
{
    if (status == QLatin1String("open"))
        return ApprovalQueue::tr("open", "an invoice not yet paid");
    if (status == QLatin1String("paid"))
        return ApprovalQueue::tr("paid", "an invoice");
    if (status == QLatin1String("refunded"))
        return ApprovalQueue::tr("refunded", "an invoice refunded in full");
    return status;
}

} // namespace

ApprovalQueue::ApprovalQueue(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_note(dataLabel())
    , m_table(new QTableWidget)
{
    auto *layout = new QVBoxLayout(this);
    m_summary->setObjectName(QStringLiteral("approvalSummary"));
    m_summary->setTextFormat(Qt::RichText);  // the desk's markup, data escaped into it
    m_summary->setWordWrap(true);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    m_note->setObjectName(QStringLiteral("approvalNote"));
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);
    // The explanation is a tooltip: on a 600-pixel screen three lines of it would leave no
    // room for the requests themselves.
    const QString explanation = tr("AI clients that cannot show a form leave refund requests here. "
                                   "<b>Review</b> opens the refund form for the request; you approve or decline it there, "
                                   "and office-mcp settles the request. <b>Re-open</b> puts a declined request back in the queue.");
    m_summary->setToolTip(explanation);

    m_table->setObjectName(QStringLiteral("approvalTable"));
    m_table->setColumnCount(ColumnCount);
    m_table->setHorizontalHeaderLabels({QString(), tr("Request"), tr("Invoice"), tr("Customer"), tr("Amount"), tr("Asked by"),
                                        tr("Asked at"), tr("Status"), tr("Decided by"), tr("Outcome")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 14);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(explanation);
    m_table->setAccessibleName(tr("Refund requests"));
    m_table->setAccessibleDescription(explanation);
    m_table->model()->setHeaderData(ActionColumn, Qt::Horizontal, tr("Action"), Qt::AccessibleTextRole);
    // Room for the header and two requests at least, whatever the splitter does.
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->verticalHeader()->defaultSectionSize()
                              + 2 * m_table->frameWidth() + 4);
    layout->addWidget(m_table, 1);
    refresh();
}

void ApprovalQueue::setReviewAvailable(bool available, const QString &why)
{
    if (available == m_available && why == m_unavailableReason)
        return;
    m_available = available;
    m_unavailableReason = why;
    refresh();
}

void ApprovalQueue::setReviewing(qint64 invoiceId, bool reviewing)
{
    if (reviewing)
        m_reviewing.insert(invoiceId);
    else
        m_reviewing.remove(invoiceId);
    refresh();
}

void ApprovalQueue::setResourceMode(bool on)
{
    if (on == m_resources)
        return;
    m_resources = on;
    m_rows = {};
    refresh();
}

void ApprovalQueue::showTables(const TableRows &requests, const TableRows &invoices)
{
    m_resources = true;
    // The same rows queueQuery makes from the file, joined here from the two resources.
    TableRows rows;
    rows.error = requests.ok() ? invoices.error : requests.error;
    const auto at = [](const TableRows &table, const QVariantList *row, const char *column) {
        const qsizetype c = table.column(QLatin1String(column));
        return row && c >= 0 ? row->value(c) : QVariant();
    };
    for (const QVariantList &request : requests.rows) {
        const qint64 invoiceId = at(requests, &request, "invoice_id").toLongLong();
        const QVariantList *invoice = invoices.rowWithId(invoiceId);
        rows.rows << QVariantList{at(requests, &request, "id"), invoiceId, at(invoices, invoice, "customer"),
                                  at(invoices, invoice, "amount_cents"), at(invoices, invoice, "status"),
                                  at(requests, &request, "client"), at(requests, &request, "created_at"),
                                  at(requests, &request, "status"), at(requests, &request, "resolved_at"),
                                  at(requests, &request, "amount_cents"), at(requests, &request, "reason"),
                                  at(requests, &request, "resolved_by"), at(invoices, invoice, "refunded_cents"),
                                  at(requests, &request, "task")};
    }
    std::stable_sort(rows.rows.begin(), rows.rows.end(), [](const QVariantList &a, const QVariantList &b) {
        const bool pa = a.value(7).toString() == QLatin1String("pending");
        const bool pb = b.value(7).toString() == QLatin1String("pending");
        return pa != pb ? pa : a.value(0).toLongLong() > b.value(0).toLongLong();
    });
    if (rows.rows.size() > 200)
        rows.rows.resize(200);
    m_rows = rows;
    render();
}

void ApprovalQueue::refresh()
{
    if (!m_resources) {
        const SqliteReader reader(m_path);
        SqliteReader::Table rows;
        if (reader.isOpen() && reader.hasTable(QStringLiteral("approval_requests")))
            rows = reader.query(queueQuery(reader));
        else
            rows.error = reader.isOpen() ? tr("This database has no approval_requests table.") : reader.error();
        m_rows = rows;
    }
    render();
}

void ApprovalQueue::render()
{
    const TableRows &rows = m_rows;
    m_table->setRowCount(0);
    m_pendingInvoices.clear();
    int pending = 0;
    for (const QVariantList &row : std::as_const(rows.rows)) {
        const int r = m_table->rowCount();
        m_table->insertRow(r);
        const qint64 requestId = row.value(0).toLongLong();
        const qint64 invoiceId = row.value(1).toLongLong();
        const QString status = row.value(7).toString();
        const bool isPending = status == QLatin1String("pending");
        const auto put = [&](int column, const QString &text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
            auto *item = new QTableWidgetItem(visibleText(text));  // a stored bidi control shown, not obeyed
            item->setTextAlignment(alignment);
            if (!isPending)
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            m_table->setItem(r, column, item);
            return item;
        };
        put(RequestColumn, QStringLiteral("#%1").arg(requestId));
        put(InvoiceColumn, QString::number(invoiceId), Qt::AlignRight | Qt::AlignVCenter);
        put(CustomerColumn, row.value(2).toString());
        put(AmountColumn, money(row.value(3)), Qt::AlignRight | Qt::AlignVCenter);
        // A client that follows its request as a task (io.modelcontextprotocol/tasks) is told the
        // decision as it is made, and may withdraw the request until then.
        const bool task = row.value(13).toLongLong() == 1;
        QTableWidgetItem *client = put(ClientColumn, task ? tr("%1 · task", "who asked, and that it follows the request as a task")
                                                                .arg(row.value(5).toString())
                                                          : row.value(5).toString());
        if (task)
            client->setToolTip(tr("This AI client follows the request as a task: it learns your decision as soon as you make it, "
                                  "and it can withdraw the request until then."));
        put(CreatedColumn, shortTime(row.value(6).toString()))->setToolTip(row.value(6).toString());
        QTableWidgetItem *statusItem = put(StatusColumn, requestStatus(status));
        QFont bold = statusItem->font();
        bold.setBold(true);
        statusItem->setFont(bold);
        if (isPending)
            statusItem->setForeground(QColor(0xe6, 0x51, 0x00));
        put(DeciderColumn, row.value(11).toString());
        QString outcome;
        if (isPending && row.value(12).isValid() && row.value(12).toLongLong() > 0)
            outcome = tr("invoice is %1, %2 refunded, %3 left")
                          .arg(invoiceStatus(row.value(4).toString()), money(row.value(12)), money(row.value(3).toLongLong() - row.value(12).toLongLong()));
        else if (isPending)
            outcome = tr("invoice is %1").arg(invoiceStatus(row.value(4).toString()));
        else if (row.value(9).isValid())
            outcome = tr("%1 refunded: %2").arg(money(row.value(9)), row.value(10).toString());
        else if (status == QLatin1String("withdrawn"))
            outcome = tr("withdrawn by its client; nothing refunded");
        if (row.value(8).isValid())
            outcome += (outcome.isEmpty() ? QString() : QStringLiteral(" · ")) + shortTime(row.value(8).toString());
        QTableWidgetItem *outcomeItem = put(OutcomeColumn, outcome);
        if (row.value(8).isValid())
            outcomeItem->setToolTip(row.value(8).toString());

        if (isPending) {
            ++pending;
            m_pendingInvoices.prepend(invoiceId);
            const bool reviewing = m_reviewing.contains(invoiceId);
            auto *button = new QPushButton(reviewing ? tr("Reviewing…") : tr("Review"));
            button->setObjectName(QStringLiteral("review_%1").arg(invoiceId));
            button->setEnabled(m_available && !reviewing);
            button->setToolTip(m_available ? tr("Open the refund form for invoice %1").arg(invoiceId) : m_unavailableReason);
            button->setAccessibleName(tr("Review request #%1 for invoice %2").arg(requestId).arg(invoiceId));
            connect(button, &QPushButton::clicked, this, [this, requestId, invoiceId] {
                emit reviewRequested(requestId, invoiceId);
            });
            m_table->setCellWidget(r, ActionColumn, button);
        } else if (status == QLatin1String("declined")) {
            // A "no" can be a mistake: office-mcp re-opens the request, and it waits again.
            const bool reopening = m_reopening.contains(requestId);
            auto *button = new QPushButton(reopening ? tr("Re-opening…") : tr("Re-open"));
            button->setObjectName(QStringLiteral("reopen_%1").arg(requestId));
            button->setEnabled(m_reopenAvailable && !reopening);
            button->setToolTip(m_reopenAvailable ? tr("Put request #%1 back in the queue, to be reviewed again").arg(requestId)
                                                 : m_reopenWhy);
            button->setAccessibleName(tr("Re-open request #%1 for invoice %2").arg(requestId).arg(invoiceId));
            connect(button, &QPushButton::clicked, this, [this, requestId] { emit reopenRequested(requestId); });
            m_table->setCellWidget(r, ActionColumn, button);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(ActionColumn, std::max(m_table->columnWidth(ActionColumn), 100));

    if (!rows.ok())
        m_summary->setText(dataHtml(rows.error));
    else if (pending == 0)
        m_summary->setText(tr("<b>No refunds are waiting for approval.</b>"));
    else
        m_summary->setText(tr("<b style='color:#e65100'>%n refund(s) waiting for approval.</b>", nullptr, pending));
    if (!m_available && !m_unavailableReason.isEmpty() && pending > 0)
        m_summary->setText(m_summary->text() + QStringLiteral(" <i>%1</i>").arg(dataHtml(m_unavailableReason)));

    if (pending != m_pending) {
        m_pending = pending;
        emit pendingCountChanged(pending);
    }
}

bool ApprovalQueue::review(qint64 invoiceId)
{
    // Buttons of rows removed by a refresh linger until deleted later; only current rows count.
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto *button = qobject_cast<QPushButton *>(m_table->cellWidget(r, ActionColumn));
        if (button && button->objectName() == QStringLiteral("review_%1").arg(invoiceId) && button->isEnabled()) {
            button->click();
            return true;
        }
    }
    return false;
}

void ApprovalQueue::setReopenAvailable(bool available, const QString &why)
{
    if (available == m_reopenAvailable && why == m_reopenWhy)
        return;
    m_reopenAvailable = available;
    m_reopenWhy = why;
    refresh();
}

void ApprovalQueue::setReopening(qint64 requestId, bool reopening)
{
    if (reopening)
        m_reopening.insert(requestId);
    else
        m_reopening.remove(requestId);
    refresh();
}

bool ApprovalQueue::reopen(qint64 requestId)
{
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto *button = qobject_cast<QPushButton *>(m_table->cellWidget(r, ActionColumn));
        if (button && button->objectName() == QStringLiteral("reopen_%1").arg(requestId) && button->isEnabled()) {
            button->click();
            return true;
        }
    }
    return false;
}

void ApprovalQueue::showNote(const QString &note)
{
    m_note->setText(visibleText(note));
    m_note->setVisible(!note.isEmpty());
}
