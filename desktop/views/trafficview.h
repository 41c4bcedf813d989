#pragma once
// The traffic pane: the TrafficLog table with a filter, the selected message pretty-printed,
// Clear and Export JSONL. Follows new messages while the view is scrolled to the bottom.

#include <QWidget>

class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;
class TrafficLog;

class TrafficView : public QWidget
{
    Q_OBJECT

public:
    explicit TrafficView(TrafficLog *log, QWidget *parent = nullptr);

    QLineEdit *filterEdit() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *detail() const { return m_detail; }
    int visibleRows() const;

private:
    void showSelected();
    void exportLog();

    TrafficLog *m_log;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
};
