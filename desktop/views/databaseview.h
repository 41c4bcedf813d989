#pragma once
// Tabs over the office's tables (customers, slots, invoices, refunds, lunch orders, approval
// requests, the audit trail, the lunch menu). Rows come through the server as MCP resources
// (showTables, fed by OfficeFeed) or, as a local extra for an office-mcp without resources,
// straight from the SQLite file (setDatabasePath + refresh). Rows that changed since the
// previous refresh are highlighted, so the effect of a tool call is visible at a glance.
// Money columns (*_cents) show as 80.00, formatted from the integer cents. Tab names, column
// headers and the office's words (paid, open, slot_booked, …) are shown in the desk's language;
// the stored value stays in Qt::UserRole (and in the tooltip of a translated word).
//
// Editing: customers, invoices and the menu get buttons (Add customer…, Edit…, Mark paid…, …)
// for the office's admin tools, only those setRecordTools names (MainWindow passes them when the
// office lists its admin tools; otherwise the tables stay read-only). A button only asks:
// recordActionRequested names the tool and what the selected row presets; MainWindow opens the
// tool's form and calls the office.

#include "sqlitereader.h"

#include <QHash>
#include <QJsonObject>
#include <QWidget>

class QLabel;
class QPushButton;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

class DatabaseView : public QWidget
{
    Q_OBJECT

public:
    explicit DatabaseView(QWidget *parent = nullptr);

    static QStringList tableNames();
    // In the desk's language: a table's tab, a column's header, a stored word of the office.
    static QString tableTitle(const QString &table);
    static QString columnTitle(const QString &column);
    // `value` as the person reads it (paid → pagada); itself when it is not one of the office's words.
    static QString wordText(const QString &column, const QString &value);
    // The admin tools these tables have buttons for, in button order.
    static QStringList recordToolNames();

    void setDatabasePath(const QString &path);
    QString databasePath() const { return m_path; }
    // File mode: reads the SQLite file again. Resource mode: does nothing (the feed refreshes).
    void refresh();

    // Resource mode: the tables shown are those given here; `source` says where they came from.
    void setResourceMode(bool on);
    bool isResourceMode() const { return m_resources; }
    void showTables(const QHash<QString, TableRows> &tables, const QString &source);
    // Resource mode with nothing to show (not connected, an office without resources): why.
    void showUnavailable(const QString &why);

    QTabWidget *tabs() const { return m_tabs; }
    QLineEdit *filter() const { return m_filter; }
    QPlainTextEdit *detail() const { return m_detail; }
    QLabel *statusLabel() const { return m_status; }
    // Rows of that table the filter lets through.
    int visibleRows(const QString &name) const;
    QTableWidget *table(const QString &name) const { return m_tables.value(name); }
    SqliteReader::Table snapshot(const QString &name) const { return m_snapshots.value(name); }
    // The value of `column` in the row whose first column (the id) is `id`; invalid if none.
    QVariant value(const QString &table, qint64 id, const QString &column) const;
    int refreshCount() const { return m_refreshCount; }

    // The record tools the office offers this desk (empty: read-only tables, no buttons).
    void setRecordTools(const QStringList &tools);
    // A call of one of them is under way: the buttons wait.
    void setRecordBusy(bool busy);
    QPushButton *recordButton(const QString &tool) const { return m_recordButtons.value(tool); }
    QWidget *recordBar() const { return m_recordBar; }

signals:
    void refreshed();
    // A record button was pressed: `preset` holds the selected row's values for the tool's form.
    void recordActionRequested(const QString &tool, const QJsonObject &preset);

private:
    void clearTables();  // every table empty, and no snapshot kept
    void fill(const QString &name, const SqliteReader::Table &table);
    void applyFilter();
    void showDetail();
    void updateRecordButtons();
    // The selected row of `table` (its stored values by column), empty when none is selected.
    QHash<QString, QVariant> selectedRow(const QString &table) const;

    QString m_path;
    bool m_resources = false;
    QLabel *m_status;
    QLineEdit *m_filter;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_detail;
    QHash<QString, QTableWidget *> m_tables;
    QHash<QString, SqliteReader::Table> m_snapshots;
    int m_refreshCount = 0;
    QWidget *m_recordBar;
    QHash<QString, QPushButton *> m_recordButtons;  // tool -> its button
    QStringList m_recordTools;
    bool m_recordBusy = false;
};
