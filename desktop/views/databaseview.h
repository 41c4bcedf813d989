#pragma once
// Read-only tabs over the office's tables (customers, slots, invoices, refunds, lunch
// orders, approval requests, the audit trail). Rows come through the server as MCP resources
// (showTables, fed by OfficeFeed) or, as a local extra for an office-mcp without resources,
// straight from the SQLite file (setDatabasePath + refresh). Rows that changed since the
// previous refresh are highlighted, so the effect of a tool call is visible at a glance.
// Money columns (*_cents) show as 80.00, formatted from the integer cents.

#include "sqlitereader.h"

#include <QHash>
#include <QWidget>

class QLabel;
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

signals:
    void refreshed();

private:
    void clearTables();  // every table empty, and no snapshot kept
    void fill(const QString &name, const SqliteReader::Table &table);
    void applyFilter();
    void showDetail();

    QString m_path;
    bool m_resources = false;
    QLabel *m_status;
    QLineEdit *m_filter;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_detail;
    QHash<QString, QTableWidget *> m_tables;
    QHash<QString, SqliteReader::Table> m_snapshots;
    int m_refreshCount = 0;
};
