#pragma once
// The tools the server lists, each with its description, its hints (read-only, destructive)
// and a form generated from its inputSchema, or raw JSON for arguments the form cannot
// express (or to try the server's own validation). Emits callRequested; MainWindow calls.

#include "mcptypes.h"

#include <QHash>
#include <QJsonArray>
#include <QWidget>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class ResultView;
class SchemaForm;

class ToolsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ToolsPanel(QWidget *parent = nullptr);

    void setTools(const QJsonArray &tools);
    QJsonArray tools() const { return m_tools; }
    bool selectTool(const QString &name);
    QString currentTool() const { return m_current; }
    void setServerReady(bool ready);
    void setBusy(bool busy);
    void showResult(const McpCallResult &result);

    // "read-only", "writes" or "destructive" following the spec's defaults; empty without annotations.
    static QString hintOf(const QJsonObject &tool);
    static QString displayTitle(const QJsonObject &tool);

    SchemaForm *form() const { return m_form; }
    QCheckBox *rawToggle() const { return m_rawToggle; }
    QPlainTextEdit *rawEditor() const { return m_raw; }
    QPushButton *callButton() const { return m_callButton; }
    ResultView *resultView() const { return m_result; }
    QListWidget *toolList() const { return m_list; }
    QLabel *hintsLabel() const { return m_hints; }
    QLabel *problemsLabel() const { return m_problems; }
    QLabel *firstRunHint() const { return m_firstRunHint; }
    // The one-line "how to start" hint above the list; hidden for good after the first call.
    void setFirstRunHintVisible(bool visible);

protected:
    bool focusNextPrevChild(bool next) override;

signals:
    void callRequested(const QString &tool, const QJsonObject &arguments);

private:
    void showTool(int row);
    void setRawMode(bool raw);
    void requestCall();
    void updateCallButton();
    void focusFirstArgument();
    QJsonObject toolObject(const QString &name) const;

    QJsonArray m_tools;
    QString m_current;
    QHash<QString, QJsonObject> m_savedArguments;
    bool m_ready = false;
    bool m_busy = false;
    QListWidget *m_list;
    QLabel *m_firstRunHint;
    QLabel *m_title;
    QLabel *m_hints;
    QLabel *m_description;
    QStackedWidget *m_stack;
    SchemaForm *m_form;
    QPlainTextEdit *m_raw;
    QCheckBox *m_rawToggle;
    QLabel *m_problems;
    QPushButton *m_callButton;
    ResultView *m_result;
};
