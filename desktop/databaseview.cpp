#include "databaseview.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

// Nicer queries where the schema is the one we know; SELECT * otherwise.
QString preferredSql(const QString &table)
{
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

QString money(const QVariant &cents)
{
    return QString::number(cents.toLongLong() / 100.0, 'f', 2);
}

} // namespace

DatabaseView::DatabaseView(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel)
    , m_tabs(new QTabWidget)
{
    auto *layout = new QVBoxLayout(this);
    m_status->setObjectName(QStringLiteral("databaseStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_tabs->setObjectName(QStringLiteral("databaseTabs"));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);
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
        m_tables.insert(name, table);
        m_tabs->addTab(table, name);
    }
}

QStringList DatabaseView::tableNames()
{
    return {QStringLiteral("customers"), QStringLiteral("slots"), QStringLiteral("invoices"),
            QStringLiteral("refunds"), QStringLiteral("lunch_orders"), QStringLiteral("approval_requests"),
            QStringLiteral("audit")};
}

void DatabaseView::setDatabasePath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    m_snapshots.clear();
    refresh();
}

void DatabaseView::refresh()
{
    ++m_refreshCount;
    const SqliteReader reader(m_path);
    if (!reader.isOpen()) {
        m_status->setText(m_path.isEmpty() ? tr("No database chosen.") : reader.error());
        for (const QString &name : tableNames()) {
            m_snapshots.remove(name);
            m_tables.value(name)->clear();
            m_tables.value(name)->setRowCount(0);
            m_tables.value(name)->setColumnCount(0);
        }
        emit refreshed();
        return;
    }
    for (const QString &name : tableNames()) {
        if (!reader.hasTable(name)) {
            fill(name, SqliteReader::Table{{}, {}, tr("no table %1").arg(name)});
            continue;
        }
        SqliteReader::Table table;
        const QString sql = preferredSql(name);
        if (!sql.isEmpty())
            table = reader.query(sql);
        if (sql.isEmpty() || !table.ok())
            table = reader.query(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1").arg(name));
        fill(name, table);
    }
    m_status->setText(tr("<b>%1</b> · opened read-only · refreshed %2")
                          .arg(QFileInfo(m_path).absoluteFilePath().toHtmlEscaped(),
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
    widget->clear();
    QStringList headers;
    for (const QString &column : table.columns)
        headers << (column.endsWith(QLatin1String("_cents")) ? column.chopped(6) : column);
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
            auto *item = new QTableWidgetItem;
            if (!value.isValid()) {
                item->setText(QStringLiteral("—"));
                item->setForeground(widget->palette().color(QPalette::Disabled, QPalette::Text));
            } else if (column.endsWith(QLatin1String("_cents"))) {
                item->setText(money(value));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            } else {
                item->setText(value.toString());
                if (value.typeId() == QMetaType::LongLong || value.typeId() == QMetaType::Double)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
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
            item->setToolTip(changed ? tr("Changed since the previous refresh") : QString());
            widget->setItem(r, c, item);
        }
    }
    widget->resizeColumnsToContents();
    if (widget->verticalScrollBar())
        widget->verticalScrollBar()->setValue(scroll);

    const int index = m_tabs->indexOf(widget);
    m_tabs->setTabText(index, changedRows > 0 ? QStringLiteral("%1 •").arg(name) : name);
    m_tabs->setTabToolTip(index, table.ok() ? (table.rows.size() == 1 ? tr("1 row") : tr("%1 rows").arg(table.rows.size())) : table.error);
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
