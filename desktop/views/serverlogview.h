#pragma once
// The Server log tab: office-mcp writes one JSON object per line on stderr (core/support/log.cpp:
// time, level, event, and for requests method, tool, duration_us, outcome, client, problem).
// A person reads rows, not JSON: one row per line, a level filter, sortable columns, and the
// raw line of the selected row in a detail pane. Lines that are not JSON (the desk's own
// "office-mcp exited" notes, a crash message) are rows too, with the text as their problem.

#include <QWidget>

class QComboBox;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

class ServerLogView : public QWidget
{
    Q_OBJECT

public:
    enum Column { TimeColumn, LevelColumn, OutcomeColumn, WhatColumn, DurationColumn, ClientColumn, ProblemColumn, ColumnCount };

    explicit ServerLogView(QWidget *parent = nullptr);

    // Text as it arrives from the process; lines may be split across calls.
    void appendText(const QString &text);
    void clear();

    // Rows that pass the level filter, and every raw line received (for tests and export).
    int visibleRows() const;
    QString cell(int visibleRow, Column column) const;
    QString plainText() const;
    // "debug", "info", "warn" or "error": rows below it are hidden.
    void setMinimumLevel(const QString &level);

    QTableView *table() const { return m_table; }
    QComboBox *levelFilter() const { return m_level; }
    QPlainTextEdit *detail() const { return m_detail; }

private:
    void appendLine(const QString &line);
    void showDetail();

    QString m_partial;
    QStringList m_lines;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_level;
    QPlainTextEdit *m_detail;
};
