#pragma once
// The desk: server controls on top, the tools panel on the left, and tabs for the database,
// the approval queue, the traffic log, the server's stderr and client snippets. MainWindow
// only wires the parts together and routes questions from the server to one dialog at a time.

#include "elicitationdialog.h"
#include "mcpclient.h"
#include "recorddialog.h"
#include "tokenstore.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QQueue>

class ActivityChart;
class BackupMenu;
class ApprovalQueue;
class MetricsFeed;
class OAuthSignIn;
class ConnectPanel;
class DatabaseView;
class WeekView;
class DatabaseWatcher;
class OfficeFeed;
class QGroupBox;
class QMenu;
class QPlainTextEdit;
class QSettings;
class QSplitter;
class QSystemTrayIcon;
class ServerLogView;
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
        // Where remote tokens are kept; empty: the desk's config folder (TokenStore).
        QString tokenDirectory;
    };

    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    McpClient *client() const { return m_client; }
    ServerPanel *serverPanel() const { return m_serverPanel; }
    ToolsPanel *toolsPanel() const { return m_toolsPanel; }
    DatabaseView *databaseView() const { return m_databaseView; }
    WeekView *weekView() const { return m_weekView; }
    ApprovalQueue *approvalQueue() const { return m_approvalQueue; }
    TrafficLog *trafficLog() const { return m_trafficLog; }
    TrafficView *trafficView() const { return m_trafficView; }
    ConnectPanel *connectPanel() const { return m_connectPanel; }
    OfficeFeed *officeFeed() const { return m_feed; }
    const TokenStore &tokenStore() const { return m_tokens; }
    OAuthSignIn *signIn() const { return m_signIn; }
    ServerLogView *serverLog() const { return m_serverLog; }
    ActivityChart *activity() const { return m_activity; }
    MetricsFeed *metricsFeed() const { return m_metrics; }
    QTabWidget *sideTabs() const { return m_sideTabs; }
    ElicitationDialog *currentQuestion() const { return m_dialog; }
    // The form of an admin tool opened from the database view (Add customer…), while open.
    RecordDialog *recordDialog() const { return m_recordDialog; }
    // Opens the form of `tool` (one the office lists) preset with `preset`; the database view's
    // buttons call it.
    void openRecordForm(const QString &tool, const QJsonObject &preset = {});
    QSystemTrayIcon *trayIcon() const { return m_tray; }
    // The File menu: backing up and restoring a local office (backupmenu.h).
    BackupMenu *backupMenu() const { return m_backup; }
    // The splitters whose sizes a person sets (tools | side, tabs / queue, form / result).
    QList<QSplitter *> splitters() const;

    // Runs issue_refund for the invoice through this window's session (the Review button).
    void reviewApproval(qint64 invoiceId, qint64 requestId = 0);
    // Replaces the local office with a new one, the demo or an empty one (`office-mcp db reset`):
    // the office-mcp the desk runs is stopped first and started again on the new office. All of
    // the old office is lost; the Office menu asks first. officeReplaced says how it went.
    void replaceOffice(bool demo);
    // Runs `office-mcp approvals reopen N` (the Re-open button) without blocking; the queue
    // shows the sentence it answers.
    void reopenApproval(qint64 requestId);

signals:
    void questionShown(ElicitationDialog *dialog);
    void recordFormShown(RecordDialog *dialog);
    // More refunds wait than before (a new request was queued): count waiting now.
    void newRequestsNoticed(int waiting);
    // `office-mcp approvals reopen` finished; message is the sentence it wrote.
    void reopenFinished(qint64 requestId, bool ok, const QString &message);
    void officeReplaced(bool ok, const QString &message);
    // After the result is shown and the database views are refreshed.
    void callCompleted(const McpCallResult &result);

protected:
    void closeEvent(QCloseEvent *event) override;
    // Polling an office (when it cannot notify) runs only while the window can be seen.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    enum class Origin { ToolsPanel, Review, Record };
    struct CallInfo
    {
        Origin origin = Origin::ToolsPanel;
        QString tool;
        qint64 invoiceId = 0;  // issue_refund's invoice
        qint64 requestId = 0;  // the approval request under review
    };
    RefundContext refundContextFor(const McpElicitation &question) const;

    void applyLaunch(const McpClient::Launch &launch, bool restartIfRunning);
    // The token kept for a remote office: a pasted one, or a sign-in's access token (the sign-in
    // is then restored into m_signIn).
    QString keptToken(const QString &url);
    void keepSignIn();
    void showSignIn();
    void updateServerStatus();
    void updateReviewAvailability();
    // The record buttons of the database view: only when the office lists its admin tools.
    void updateRecordTools();
    void addOfficeMenu();
    void refreshDatabase();
    // Resources when the office offers them (always for a remote office), else the raw file.
    void chooseDataSource();
    void showFeed();
    void showNextQuestion();
    void appendStderr(const QString &text);
    void onCallFinished(const McpCallResult &result);
    void onPendingCountChanged(int count);
    // Status-bar messages that belong to something (a restart, a review) are cleared when
    // it ends, so the bar never describes a state that is over.
    void showStatus(const QString &topic, const QString &text, int timeout = 0);
    void endStatus(const QString &topic);

    McpClient *m_client;
    TrafficLog *m_trafficLog;
    DatabaseWatcher *m_watcher;
    OfficeFeed *m_feed;
    TokenStore m_tokens;
    OAuthSignIn *m_signIn;
    bool m_refreshTried = false;          // a refused access token is refreshed once per connection
    bool m_reconnectAfterRefresh = false;
    QSettings *m_settings = nullptr;
    ServerPanel *m_serverPanel;
    ToolsPanel *m_toolsPanel;
    DatabaseView *m_databaseView;
    WeekView *m_weekView;
    ApprovalQueue *m_approvalQueue;
    TrafficView *m_trafficView;
    ConnectPanel *m_connectPanel;
    ServerLogView *m_serverLog;
    ActivityChart *m_activity;
    MetricsFeed *m_metrics;
    QTabWidget *m_sideTabs;
    QGroupBox *m_approvalBox = nullptr;
    QSplitter *m_mainSplitter = nullptr;
    QSplitter *m_sideSplitter = nullptr;
    QSystemTrayIcon *m_tray = nullptr;
    QMenu *m_officeMenu = nullptr;
    BackupMenu *m_backup = nullptr;
    QString m_statusTopic;
    QString m_statusText;
    int m_waiting = -1;  // approval requests waiting; -1 before the first count
    QQueue<McpElicitation> m_questions;
    QPointer<ElicitationDialog> m_dialog;
    QPointer<RecordDialog> m_recordDialog;
    QHash<quint64, CallInfo> m_calls;  // call id -> who started it, and for refunds which invoice
    QString m_failure;
    bool m_closing = false;
};
