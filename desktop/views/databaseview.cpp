// DatabaseView (databaseview.h), the table view: a tab of rows per table, read through the
// server or from the SQLite file, rows changed since the last refresh marked, the filter and
// the detail pane, and the bar of record buttons. Editing through the admin tools is in
// databaseview_records.cpp, the tables' words in the desk's language in databaseview_words.cpp;
// what the files share is in databaseview_internal.h.
#include "databaseview_internal.h"

#include "datalabel.h"

#include "localnumbers.h"
#include "refundcontext.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace databaseview;

namespace {

// Nicer queries where the schema is the one we know; SELECT * otherwise.
QString preferredSql(const SqliteReader &reader, const QString &table)
{
    // Schema 3 keeps what was refunded of each invoice; "left" is what can still go back. An
    // older database has no such column and shows the amount only.
    if (table == QLatin1String("invoices") && reader.hasColumn(table, QStringLiteral("refunded_cents")))
        return QStringLiteral("SELECT i.*, i.amount_cents - i.refunded_cents AS left_cents, c.name AS customer "
                              "FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id ORDER BY i.id");
    if (table == QLatin1String("invoices"))
        return QStringLiteral("SELECT i.*, c.name AS customer FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id ORDER BY i.id");
    if (table == QLatin1String("slots"))
        return QStringLiteral("SELECT s.*, c.name AS customer FROM slots s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY s.id");
    return QString();
}

QColor statusColour(const QString &status)
{
    if (status == QLatin1String("refunded"))
        return QColor(0x6a, 0x1b, 0x9a);
    if (status == QLatin1String("open") || status == QLatin1String("pending"))
        return QColor(0xe6, 0x51, 0x00);
    if (status == QLatin1String("paid") || status == QLatin1String("approved"))
        return QColor(0x2e, 0x7d, 0x32);
    if (status == QLatin1String("declined"))
        return QColor(0x75, 0x75, 0x75);
    return QColor();
}

// Sorts by the stored value (Qt::UserRole): 150.00 after 80.00, NULL first.
class ValueItem : public QTableWidgetItem
{
public:
    bool operator<(const QTableWidgetItem &other) const override
    {
        const QVariant mine = data(Qt::UserRole);
        const QVariant theirs = other.data(Qt::UserRole);
        if (!mine.isValid() || !theirs.isValid())
            return !mine.isValid() && theirs.isValid();
        const bool numbers = (mine.typeId() == QMetaType::LongLong || mine.typeId() == QMetaType::Double)
            && (theirs.typeId() == QMetaType::LongLong || theirs.typeId() == QMetaType::Double);
        if (numbers)
            return mine.toDouble() < theirs.toDouble();
        return QString::localeAwareCompare(text(), other.text()) < 0;
    }
};

QString money(const QVariant &cents)
{
    return RefundContext::money(cents.toLongLong());  // integer arithmetic: no float ever rounds a cent
}

} // namespace

DatabaseView::DatabaseView(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel)
    , m_filter(new QLineEdit)
    , m_tabs(new QTabWidget)
    , m_detail(new QPlainTextEdit)
    , m_recordBar(new QWidget)
{
    auto *layout = new QVBoxLayout(this);
    m_status->setObjectName(QStringLiteral("databaseStatus"));
    m_status->setTextFormat(Qt::RichText);  // the desk's markup, data escaped into it
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_filter->setObjectName(QStringLiteral("databaseFilter"));
    m_filter->setPlaceholderText(tr("Filter rows (any column contains…)"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    // The buttons of the current table's admin tools; hidden while the office offers none.
    m_recordBar->setObjectName(QStringLiteral("recordBar"));
    auto *bar = new QHBoxLayout(m_recordBar);
    bar->setContentsMargins(0, 0, 0, 0);
    for (const RecordAction &action : kRecordActions) {
        const QString tool = QLatin1String(action.tool);
        auto *button = new QPushButton(recordLabel(tool));
        button->setObjectName(QLatin1String("record_") + tool);
        button->hide();
        bar->addWidget(button);
        m_recordButtons.insert(tool, button);
        const QString table = QLatin1String(action.table);
        const bool onRow = action.onRow;
        connect(button, &QPushButton::clicked, this, [this, tool, table, onRow] {
            const QHash<QString, QVariant> row = selectedRow(table);
            if (onRow && row.isEmpty())
                return;
            QJsonObject preset;
            const qint64 id = row.value(QStringLiteral("id")).toLongLong();
            if (tool == QLatin1String("edit_customer"))
                preset = {{QStringLiteral("customer_id"), id}, {QStringLiteral("name"), row.value(QStringLiteral("name")).toString()},
                          {QStringLiteral("email"), row.value(QStringLiteral("email")).toString()}};
            else if (tool == QLatin1String("remove_customer"))
                preset = {{QStringLiteral("customer_id"), id}};
            else if (tool == QLatin1String("pay_invoice"))
                preset = {{QStringLiteral("invoice_id"), id}};
            else if (tool == QLatin1String("remove_menu_item"))
                preset = {{QStringLiteral("item"), row.value(QStringLiteral("name")).toString()}};
            emit recordActionRequested(tool, preset);
        });
    }
    bar->addStretch(1);
    m_recordBar->hide();
    layout->addWidget(m_recordBar);
    m_tabs->setObjectName(QStringLiteral("databaseTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setUsesScrollButtons(true);
    m_detail->setObjectName(QStringLiteral("databaseDetail"));
    m_detail->setReadOnly(true);
    m_detail->setMinimumHeight(m_detail->fontMetrics().height() * 2 + 12);  // two lines, then it scrolls
    m_detail->setPlaceholderText(tr("Select a row to see all of it here."));
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_tabs);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 70});  // the rows first; the detail pane is a few lines
    layout->addWidget(split, 1);
    connect(m_filter, &QLineEdit::textChanged, this, &DatabaseView::applyFilter);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        applyFilter();
        showDetail();
        updateRecordButtons();
    });
    for (const QString &name : tableNames()) {
        auto *table = new QTableWidget;
        table->setObjectName(QLatin1String("table_") + name);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->verticalHeader()->hide();
        table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
        table->horizontalHeader()->setStretchLastSection(true);
        table->setAlternatingRowColors(true);
        table->setWordWrap(false);
        table->setSelectionMode(QAbstractItemView::SingleSelection);
        table->setSortingEnabled(true);
        table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // by id until a header is clicked
        connect(table, &QTableWidget::currentCellChanged, this, &DatabaseView::showDetail);
        connect(table, &QTableWidget::currentCellChanged, this, &DatabaseView::updateRecordButtons);
        m_tables.insert(name, table);
        m_tabs->addTab(table, tableTitle(name));
    }
}

QStringList DatabaseView::tableNames()
{
    return {QStringLiteral("customers"), QStringLiteral("slots"), QStringLiteral("invoices"),
            QStringLiteral("refunds"), QStringLiteral("lunch_orders"), QStringLiteral("approval_requests"),
            QStringLiteral("audit"), QStringLiteral("menu")};
}

void DatabaseView::setDatabasePath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    m_snapshots.clear();
    refresh();
}

void DatabaseView::setResourceMode(bool on)
{
    if (on == m_resources)
        return;
    m_resources = on;
    m_snapshots.clear();
    if (!on)
        refresh();
}

void DatabaseView::showTables(const QHash<QString, TableRows> &tables, const QString &source)
{
    m_resources = true;
    ++m_refreshCount;
    for (const QString &name : tableNames()) {
        TableRows table = tables.value(name);
        if (!tables.contains(name))
            table.error = tr("office://%1 was not read").arg(name);
        fill(name, table);
    }
    m_status->setText(tr("<b>%1</b> · read through the server · refreshed %2")
                          .arg(dataHtml(source), QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
    emit refreshed();
}

void DatabaseView::clearTables()
{
    for (const QString &name : tableNames()) {
        m_snapshots.remove(name);
        m_tables.value(name)->clear();
        m_tables.value(name)->setRowCount(0);
        m_tables.value(name)->setColumnCount(0);
    }
}

void DatabaseView::showUnavailable(const QString &why)
{
    m_resources = true;
    ++m_refreshCount;
    m_status->setText(dataHtml(why));
    clearTables();
    emit refreshed();
}

void DatabaseView::refresh()
{
    if (m_resources)
        return;
    ++m_refreshCount;
    const SqliteReader reader(m_path);
    if (!reader.isOpen()) {
        m_status->setText(m_path.isEmpty() ? tr("No database chosen.") : dataHtml(reader.error()));
        clearTables();
        emit refreshed();
        return;
    }
    for (const QString &name : tableNames()) {
        if (!reader.hasTable(name)) {
            fill(name, SqliteReader::Table::failed(tr("no table %1").arg(name)));
            continue;
        }
        SqliteReader::Table table;
        const QString sql = preferredSql(reader, name);
        if (!sql.isEmpty())
            table = reader.query(sql);
        if (sql.isEmpty() || !table.ok())
            table = reader.query(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1").arg(name));
        fill(name, table);
    }
    m_status->setText(tr("<b>%1</b> · opened read-only · refreshed %2")
                          .arg(dataHtml(QFileInfo(m_path).absoluteFilePath()),
                               QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
    emit refreshed();
}

void DatabaseView::fill(const QString &name, const SqliteReader::Table &table)
{
    QTableWidget *widget = m_tables.value(name);
    const SqliteReader::Table previous = m_snapshots.value(name);
    const bool compare = !previous.columns.isEmpty() && previous.columns == table.columns;
    QHash<QString, QVariantList> previousRows;
    for (const QVariantList &row : previous.rows)
        previousRows.insert(row.value(0).toString(), row);
    m_snapshots.insert(name, table);

    const int scroll = widget->verticalScrollBar() ? widget->verticalScrollBar()->value() : 0;
    // Items go in unsorted (a sorting table moves rows while they are filled), then the
    // person's chosen order is applied again.
    const int sortColumn = widget->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder sortOrder = widget->horizontalHeader()->sortIndicatorOrder();
    const QString currentId = widget->currentRow() >= 0 && widget->item(widget->currentRow(), 0)
        ? widget->item(widget->currentRow(), 0)->data(Qt::UserRole).toString() : QString();
    widget->setSortingEnabled(false);
    widget->clear();
    QStringList headers;
    for (const QString &column : table.columns)
        headers << columnTitle(column);
    widget->setColumnCount(int(headers.size()));
    widget->setHorizontalHeaderLabels(headers);
    widget->setRowCount(int(table.rows.size()));
    int changedRows = 0;
    for (int r = 0; r < table.rows.size(); ++r) {
        const QVariantList &row = table.rows.at(r);
        const bool changed = compare && previousRows.value(row.value(0).toString()) != row;
        changedRows += changed;
        for (int c = 0; c < row.size(); ++c) {
            const QString &column = table.columns.at(c);
            const QVariant &value = row.at(c);
            auto *item = new ValueItem;
            item->setData(Qt::UserRole, value);  // the stored value, for the detail pane
            if (!value.isValid()) {
                item->setText(QStringLiteral("—"));
                item->setForeground(widget->palette().color(QPalette::Disabled, QPalette::Text));
            } else if (column.endsWith(QLatin1String("_cents"))) {
                item->setData(Qt::DisplayRole, money(value));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            } else if (value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Double) {
                item->setText(value.typeId() == QMetaType::Double ? QLocale().toString(value.toDouble(), 'g', 15) : value.toString());
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            } else if (const QDateTime at = column.endsWith(QLatin1String("_at")) ? QDateTime::fromString(value.toString(), Qt::ISODate)
                                                                                   : QDateTime();
                       at.isValid()) {
                // A time as the person's locale writes it; the stored ISO value is the tooltip.
                item->setText(LocalNumbers::formatDateTime(at.toLocalTime()));
                item->setData(Qt::ToolTipRole, value.toString());
            } else {
                // The office's own words in the person's language; the stored one as the tooltip.
                const QString text = wordText(column, value.toString());
                item->setText(visibleText(text));  // a stored bidi control shown, not obeyed
                if (text != value.toString())
                    item->setData(Qt::ToolTipRole, value.toString());
            }
            if (column == QLatin1String("status")) {
                const QColor colour = statusColour(value.toString());
                if (colour.isValid()) {
                    item->setForeground(colour);
                    QFont font = item->font();
                    font.setBold(true);
                    item->setFont(font);
                }
            }
            if (changed)
                item->setBackground(QColor(0xff, 0xf5, 0x9d));
            if (changed)
                item->setToolTip(tr("Changed since the previous refresh"));
            widget->setItem(r, c, item);
        }
    }
    widget->resizeColumnsToContents();
    widget->setSortingEnabled(true);
    if (sortColumn >= 0 && sortColumn < widget->columnCount())
        widget->sortItems(sortColumn, sortOrder);
    for (int r = 0; r < widget->rowCount() && !currentId.isEmpty(); ++r) {
        if (widget->item(r, 0) && widget->item(r, 0)->data(Qt::UserRole).toString() == currentId) {
            widget->setCurrentCell(r, 0);
            break;
        }
    }
    if (widget->verticalScrollBar())
        widget->verticalScrollBar()->setValue(scroll);
    applyFilter();
    updateRecordButtons();

    const int index = m_tabs->indexOf(widget);
    m_tabs->setTabText(index, changedRows > 0 ? QStringLiteral("%1 •").arg(tableTitle(name)) : tableTitle(name));
    m_tabs->setTabToolTip(index, table.ok() ? tr("%n row(s)", nullptr, int(table.rows.size())) : table.error);
}

QVariant DatabaseView::value(const QString &table, qint64 id, const QString &column) const
{
    const SqliteReader::Table snapshot = m_snapshots.value(table);
    const qsizetype c = snapshot.columns.indexOf(column);
    if (c < 0)
        return {};
    for (const QVariantList &row : snapshot.rows) {
        if (row.value(0).toLongLong() == id)
            return row.value(c);
    }
    return {};
}

void DatabaseView::applyFilter()
{
    auto *widget = qobject_cast<QTableWidget *>(m_tabs->currentWidget());
    if (!widget)
        return;
    const QString needle = m_filter->text().trimmed();
    for (int r = 0; r < widget->rowCount(); ++r) {
        bool match = needle.isEmpty();
        for (int c = 0; c < widget->columnCount() && !match; ++c)
            match = widget->item(r, c) && widget->item(r, c)->text().contains(needle, Qt::CaseInsensitive);
        widget->setRowHidden(r, !match);
    }
}

int DatabaseView::visibleRows(const QString &name) const
{
    const QTableWidget *widget = m_tables.value(name);
    int rows = 0;
    for (int r = 0; widget && r < widget->rowCount(); ++r)
        rows += !widget->isRowHidden(r);
    return rows;
}

void DatabaseView::showDetail()
{
    auto *widget = qobject_cast<QTableWidget *>(m_tabs->currentWidget());
    if (!widget || widget->currentRow() < 0) {
        m_detail->clear();
        return;
    }
    // Every column of the row, one per line, whole: the audit's detail and a refund's reason
    // are sentences that a table cell cuts off.
    QStringList lines;
    for (int c = 0; c < widget->columnCount(); ++c) {
        const QTableWidgetItem *item = widget->item(widget->currentRow(), c);
        lines << QStringLiteral("%1: %2").arg(widget->horizontalHeaderItem(c)->text(), item ? item->text() : QString());
    }
    m_detail->setPlainText(lines.join(QLatin1Char('\n')));
}
