#pragma once
// Read-only tabs over the office database (customers, slots, invoices, refunds, lunch
// orders, approval requests, the audit trail). Rows that changed since the previous refresh
// are highlighted, so the effect of a tool call is visible at a glance. Money columns
// (*_cents) show as 80.00.

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
    void refresh();

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
    void fill(const QString &name, const SqliteReader::Table &table);
    void applyFilter();
    void showDetail();

    QString m_path;
    QLabel *m_status;
    QLineEdit *m_filter;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_detail;
    QHash<QString, QTableWidget *> m_tables;
    QHash<QString, SqliteReader::Table> m_snapshots;
    int m_refreshCount = 0;
};
