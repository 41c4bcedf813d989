#pragma once
// How a tool call ended: its text for a person, its structuredContent as JSON, and the raw
// answer. Tool errors (isError) and JSON-RPC errors are set apart in red, since a model would
// see them as ordinary text.

#include "mcptypes.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;

class ResultView : public QWidget
{
    Q_OBJECT

public:
    explicit ResultView(QWidget *parent = nullptr);

    void showResult(const McpCallResult &result);
    void showPending(const QString &tool);
    void showProblem(const QString &problem);
    void clear();

    bool isShowingError() const { return m_error; }
    QString statusText() const;
    QString text() const;
    QString structuredText() const;

private:
    void setError(bool error);

    QLabel *m_status;
    QTabWidget *m_tabs;
    QPlainTextEdit *m_text;
    QPlainTextEdit *m_structured;
    QPlainTextEdit *m_raw;
    bool m_error = false;
};
