#pragma once
// The Server log tab: office-mcp writes one JSON object per line on stderr (core/support/log.cpp:
// time, level, event, and for requests method, tool, duration_us, outcome, client, problem).
// A person reads rows, not JSON: one row per line, a level filter, sortable columns, and the
// raw line of the selected row in a detail pane. Lines that are not JSON (the desk's own
// "office-mcp exited" notes, a crash message) are rows too, with the text as their problem.
// A trace id typed in the filter keeps the lines of that trace (the request lines carry
// trace_id; `office-mcp audit --trace` shows the writes of the same trace).

#include <QWidget>

class QComboBox;
class QLineEdit;
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
    // Only the lines of this trace (its id, or its start); empty: every line.
    void setTraceFilter(const QString &traceId);

    QTableView *table() const { return m_table; }
    QComboBox *levelFilter() const { return m_level; }
    QPlainTextEdit *detail() const { return m_detail; }
    QLineEdit *traceFilter() const { return m_trace; }

signals:
    // A tools/call the server answered, as its log line says (the Activity chart counts them).
    void callLogged(const QDateTime &at, const QString &outcome, qint64 durationUs);

private:
    void appendLine(const QString &line);
    void showDetail();

    QString m_partial;
    QStringList m_lines;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_level;
    QLineEdit *m_trace;
    QPlainTextEdit *m_detail;
};
