#pragma once
// The desk: server controls on top, the tools panel on the left, and tabs for the database,
// the approval queue, the traffic log, the server's stderr and client snippets. MainWindow
// only wires the parts together and routes questions from the server to one dialog at a time.

#include "elicitationdialog.h"
#include "mcpclient.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QQueue>

class ApprovalQueue;
class ConnectPanel;
class DatabaseView;
class DatabaseWatcher;
class QGroupBox;
class QPlainTextEdit;
class QSettings;
class QTabWidget;
class ServerPanel;
class ToolsPanel;
class TrafficLog;
class TrafficView;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    struct Options
    {
        McpClient::Launch launch;
        bool persistSettings = true;  // remember edits in QSettings
        bool autoStart = true;
    };

    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    McpClient *client() const { return m_client; }
    ServerPanel *serverPanel() const { return m_serverPanel; }
    ToolsPanel *toolsPanel() const { return m_toolsPanel; }
    DatabaseView *databaseView() const { return m_databaseView; }
    ApprovalQueue *approvalQueue() const { return m_approvalQueue; }
    TrafficLog *trafficLog() const { return m_trafficLog; }
    TrafficView *trafficView() const { return m_trafficView; }
    ConnectPanel *connectPanel() const { return m_connectPanel; }
    QPlainTextEdit *stderrView() const { return m_stderr; }
    QTabWidget *sideTabs() const { return m_sideTabs; }
    ElicitationDialog *currentQuestion() const { return m_dialog; }

    // Runs issue_refund for the invoice through this window's session (the Review button).
    void reviewApproval(qint64 invoiceId);

signals:
    void questionShown(ElicitationDialog *dialog);
    // After the result is shown and the database views are refreshed.
    void callCompleted(const McpCallResult &result);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    enum class Origin { ToolsPanel, Review };

    void applyLaunch(const McpClient::Launch &launch, bool restartIfRunning);
    void updateServerStatus();
    void updateReviewAvailability();
    void refreshDatabase();
    void showNextQuestion();
    void appendStderr(const QString &text);
    void onCallFinished(const McpCallResult &result);

    McpClient *m_client;
    TrafficLog *m_trafficLog;
    DatabaseWatcher *m_watcher;
    QSettings *m_settings = nullptr;
    ServerPanel *m_serverPanel;
    ToolsPanel *m_toolsPanel;
    DatabaseView *m_databaseView;
    ApprovalQueue *m_approvalQueue;
    TrafficView *m_trafficView;
    ConnectPanel *m_connectPanel;
    QPlainTextEdit *m_stderr;
    QTabWidget *m_sideTabs;
    QGroupBox *m_approvalBox = nullptr;
    QQueue<McpElicitation> m_questions;
    QPointer<ElicitationDialog> m_dialog;
    QHash<quint64, QPair<Origin, qint64>> m_calls;  // call id -> who asked (and the invoice for reviews)
    QString m_failure;
    bool m_closing = false;
};
