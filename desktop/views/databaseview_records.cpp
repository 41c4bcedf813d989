// DatabaseView's editing through the office's admin tools (databaseview.h): the record
// buttons' texts, which of them the current tab shows, when they can be pressed, and the
// selected row whose values preset the tool's form (recordActionRequested). The buttons
// are made with the view in databaseview.cpp; the parts are listed in databaseview_internal.h.
#include "databaseview_internal.h"

#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>

using namespace databaseview;

namespace databaseview {

QString recordLabel(const QString &tool)
{
    if (tool == QLatin1String("add_customer"))
        return DatabaseView::tr("Add customer…");
    if (tool == QLatin1String("edit_customer"))
        return DatabaseView::tr("Edit customer…");
    if (tool == QLatin1String("remove_customer"))
        return DatabaseView::tr("Remove customer…");
    if (tool == QLatin1String("add_invoice"))
        return DatabaseView::tr("Add invoice…");
    if (tool == QLatin1String("pay_invoice"))
        return DatabaseView::tr("Mark paid…");
    if (tool == QLatin1String("add_menu_item"))
        return DatabaseView::tr("Add menu item…");
    return DatabaseView::tr("Remove menu item…");
}

} // namespace databaseview

QStringList DatabaseView::recordToolNames()
{
    QStringList names;
    for (const RecordAction &action : kRecordActions)
        names << QLatin1String(action.tool);
    return names;
}

void DatabaseView::setRecordTools(const QStringList &tools)
{
    m_recordTools = tools;
    updateRecordButtons();
}

void DatabaseView::setRecordBusy(bool busy)
{
    m_recordBusy = busy;
    updateRecordButtons();
}

QHash<QString, QVariant> DatabaseView::selectedRow(const QString &table) const
{
    const QTableWidget *widget = m_tables.value(table);
    if (!widget || widget->currentRow() < 0 || widget->isRowHidden(widget->currentRow()) || !widget->item(widget->currentRow(), 0))
        return {};
    const QVariant id = widget->item(widget->currentRow(), 0)->data(Qt::UserRole);
    const SqliteReader::Table snapshot = m_snapshots.value(table);
    for (const QVariantList &row : snapshot.rows) {
        if (row.value(0) != id)
            continue;
        QHash<QString, QVariant> values;
        for (qsizetype c = 0; c < snapshot.columns.size(); ++c)
            values.insert(snapshot.columns.at(c), row.value(c));
        return values;
    }
    return {};
}

void DatabaseView::updateRecordButtons()
{
    const QString current = m_tables.key(qobject_cast<QTableWidget *>(m_tabs->currentWidget()));
    bool any = false;
    for (const RecordAction &action : kRecordActions) {
        QPushButton *button = m_recordButtons.value(QLatin1String(action.tool));
        const bool shown = current == QLatin1String(action.table) && m_recordTools.contains(QLatin1String(action.tool));
        button->setVisible(shown);
        any = any || shown;
        if (!shown)
            continue;
        const QHash<QString, QVariant> row = action.onRow ? selectedRow(current) : QHash<QString, QVariant>();
        bool enabled = !m_recordBusy && (!action.onRow || !row.isEmpty());
        QString why;
        if (action.onRow && row.isEmpty())
            why = tr("Select a row first.");
        // Only an open invoice can be paid; the office would refuse the others.
        if (enabled && QLatin1String(action.tool) == QLatin1String("pay_invoice") && row.value(QStringLiteral("status")).toString() != QLatin1String("open")) {
            enabled = false;
            why = tr("Only an open invoice can be marked paid.");
        }
        button->setEnabled(enabled);
        button->setToolTip(why);
    }
    m_recordBar->setVisible(any);
}
