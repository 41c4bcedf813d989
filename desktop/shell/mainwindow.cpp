// MainWindow, the desk's window (mainwindow.h). This file builds it: the panels, tabs and
// splitters, the wiring of the client, the views and the sign-in, the tray icon; and it keeps
// the window's own state: the approval count in the title, the status bar, showing and closing.
// The rest of the class, by what it does:
//   mainwindow_server.cpp    the office-mcp the desk talks to: its launch settings, tokens and
//                            sign-in, the status line, where the views' tables come from
//   mainwindow_calls.cpp     tool calls (tools panel, record forms, reviews), their results,
//                            and the server's questions, one dialog at a time
//   mainwindow_commands.cpp  office-mcp commands run beside the server: the Office menu's
//                            replacing of the office, re-opening an approval request
#include "mainwindow.h"

#include "activitychart.h"
#include "appicon.h"
#include "backupmenu.h"
#include "approvalqueue.h"
#include "connectpanel.h"
#include "databaseview.h"
#include "weekview.h"
#include "databasewatcher.h"
#include "elicitationdialog.h"
#include "metricsfeed.h"
#include "oauthsignin.h"
#include "officefeed.h"
#include "recorddialog.h"
#include "resultview.h"
#include "serverlogview.h"
#include "serverpanel.h"
#include "toolspanel.h"
#include "trafficlog.h"
#include "trafficview.h"

#include <QCloseEvent>
#include <QProcess>

#include <QFontDatabase>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "desksettings.h"

namespace {

// What the window's scroll area holds: the panels, as large as the window allows and never
// smaller than their minimum. It hides their height-for-width (wrapped labels), which would
// make the scroll area grow them to every label's full length and scroll at any size.
class ScrollBody : public QWidget
{
public:
    explicit ScrollBody(QWidget *content)
        : m_content(content)
    {
        content->setParent(this);
        content->installEventFilter(this);
    }
    QSize sizeHint() const override { return m_content->sizeHint(); }
    QSize minimumSizeHint() const override { return m_content->minimumSizeHint(); }

protected:
    void resizeEvent(QResizeEvent *) override { m_content->setGeometry(rect()); }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_content && event->type() == QEvent::LayoutRequest)
            updateGeometry();  // a new tool's form: the minimum may have changed
        return false;
    }

private:
    QWidget *m_content;
};

} // namespace

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent)
    , m_client(new McpClient(this))
    , m_trafficLog(new TrafficLog(this))
    , m_watcher(new DatabaseWatcher(this))
    , m_feed(new OfficeFeed(m_client, this))
    , m_tokens(options.tokenDirectory)
    , m_signIn(new OAuthSignIn(this))
    , m_serverPanel(new ServerPanel)
    , m_toolsPanel(new ToolsPanel)
    , m_databaseView(new DatabaseView)
    , m_weekView(new WeekView)
    , m_approvalQueue(new ApprovalQueue)
    , m_trafficView(new TrafficView(m_trafficLog))
    , m_connectPanel(new ConnectPanel)
    , m_serverLog(new ServerLogView)
    , m_activity(new ActivityChart)
    , m_metrics(new MetricsFeed(this))
    , m_sideTabs(new QTabWidget)
{
    setWindowTitle(tr("office-desk"));
    setWindowIcon(officeDeskIcon());
    if (options.persistSettings)
        m_settings = new QSettings(this);

    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->addTab(m_databaseView, tr("Database"));
    m_sideTabs->addTab(m_weekView, tr("Calendar"));
    m_sideTabs->addTab(m_trafficView, tr("Traffic"));
    m_sideTabs->addTab(m_activity, tr("Activity"));
    m_sideTabs->addTab(m_serverLog, tr("Server log"));
    m_sideTabs->addTab(m_connectPanel, tr("Connect a client"));
    m_sideTabs->setUsesScrollButtons(true);  // tabs never set the window's minimum width
    m_sideTabs->setElideMode(Qt::ElideRight);

    // The approval queue stays in sight: clearing it is the desk's main job.
    m_approvalBox = new QGroupBox(tr("Approval queue"));
    auto *approvalLayout = new QVBoxLayout(m_approvalBox);
    approvalLayout->setContentsMargins(4, 4, 4, 4);
    approvalLayout->addWidget(m_approvalQueue);
    auto *right = new QSplitter(Qt::Vertical);
    m_sideSplitter = right;
    right->setObjectName(QStringLiteral("sideSplitter"));
    right->setChildrenCollapsible(false);
    right->addWidget(m_sideTabs);
    right->addWidget(m_approvalBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({480, 320});

    auto *splitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter = splitter;
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_toolsPanel);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 5);
    splitter->setSizes({600, 760});
    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_serverPanel);
    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(6, 2, 6, 4);
    bodyLayout->addWidget(splitter);
    layout->addWidget(body, 1);
    // At 200 % on a 1440×900 screen the window has 720×450 to itself: less than the panels
    // need, so they scroll rather than run off the screen (or squeeze their labels unreadable).
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("windowScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(new ScrollBody(central));
    setCentralWidget(scroll);

    // Client → views.
    connect(m_client, &McpClient::messageExchanged, m_trafficLog, &TrafficLog::append);
    connect(m_client, &McpClient::stderrReceived, this, &MainWindow::appendStderr);
    // The Activity chart: a local office's figures come from its log, a remote one's from /metrics.
    connect(m_serverLog, &ServerLogView::callLogged, m_activity, &ActivityChart::record);
    connect(m_metrics, &MetricsFeed::scraped, m_activity, [this](const QString &text) {
        m_activity->recordMetrics(QDateTime::currentDateTime(), text);
        m_activity->setSource(tr("From %1, read every 5 s.").arg(MetricsFeed::metricsUrl(QUrl(m_client->launch().url)).toDisplayString()));
    });
    connect(m_metrics, &MetricsFeed::failed, m_activity, &ActivityChart::setSource);
    connect(m_client, &McpClient::stateChanged, this, [this] {
        if (m_client->state() == McpClient::State::Starting)
            m_failure.clear();
        if (m_client->isReady() && m_client->isRemote() && !m_metrics->isRunning())
            m_metrics->start(QUrl(m_client->launch().url), m_client->launch().token);
        if (m_client->isReady() && !m_client->isRemote())
            m_activity->setSource(tr("From office-mcp's log on this computer."));
        if (m_client->state() == McpClient::State::Stopped)
            m_metrics->stop();
        if (m_client->isReady()) {
            m_refreshTried = false;
            endStatus(QStringLiteral("restart"));
            endStatus(QStringLiteral("failure"));
        }
        if (m_client->state() == McpClient::State::Stopped)
            endStatus(QStringLiteral("review"));
        chooseDataSource();
        updateServerStatus();
        m_toolsPanel->setServerReady(m_client->isReady());
        updateReviewAvailability();
        updateRecordTools();
        if (m_closing && m_client->state() == McpClient::State::Stopped)
            close();
    });
    connect(m_client, &McpClient::toolsChanged, this, [this](const QJsonArray &tools) {
        const bool first = m_toolsPanel->tools().isEmpty();
        m_toolsPanel->setTools(tools);
        // Focus starts where a person types: the first argument of the chosen tool.
        if (first && !tools.isEmpty() && !m_dialog)
            m_toolsPanel->selectTool(m_toolsPanel->currentTool());
        updateReviewAvailability();
        updateRecordTools();
        updateServerStatus();
    });
    connect(m_client, &McpClient::processFinished, this, [this](int code, QProcess::ExitStatus status) {
        appendStderr(status == QProcess::CrashExit ? tr("\n— office-mcp crashed —\n")
                                                   : tr("\n— office-mcp exited with code %1 —\n").arg(code));
        updateServerStatus();
    });
    connect(m_client, &McpClient::processFailed, this, [this](const QString &message) {
        m_failure = message;
        appendStderr(QStringLiteral("\n— %1 —\n").arg(message));
        showStatus(QStringLiteral("failure"), message, 10000);
        updateServerStatus();
    });
    connect(m_client, &McpClient::callFinished, this, &MainWindow::onCallFinished);
    connect(m_client, &McpClient::elicitationRequested, this, [this](const McpElicitation &question) {
        m_questions.enqueue(question);
        showNextQuestion();
    });
    connect(m_client, &McpClient::elicitationWithdrawn, this, [this](quint64 ticket) {
        for (qsizetype i = 0; i < m_questions.size(); ++i) {
            if (m_questions.at(i).ticket == ticket)
                m_questions.removeAt(i--);
        }
        if (m_dialog && m_dialog->request().ticket == ticket) {
            showStatus(QStringLiteral("question"), tr("The server withdrew its question."), 8000);
            m_dialog->withdraw();
        }
    });

    // Views → client.
    connect(m_databaseView, &DatabaseView::recordActionRequested, this, &MainWindow::openRecordForm);
    connect(m_weekView, &WeekView::actionRequested, this, &MainWindow::openRecordForm);
    connect(m_serverPanel, &ServerPanel::launchEdited, this, [this] { applyLaunch(m_serverPanel->launch(), true); });
    connect(m_serverPanel, &ServerPanel::startRequested, m_client, &McpClient::start);
    connect(m_serverPanel, &ServerPanel::restartRequested, m_client, &McpClient::restart);
    connect(m_serverPanel, &ServerPanel::stopRequested, m_client, &McpClient::stop);
    connect(m_toolsPanel, &ToolsPanel::callRequested, this, [this](const QString &tool, const QJsonObject &arguments) {
        const quint64 id = m_client->callTool(tool, arguments);
        m_calls.insert(id, {Origin::ToolsPanel, tool, arguments.value(QLatin1String("invoice_id")).toInteger(), 0});
        m_toolsPanel->setBusy(true);
        if (m_toolsPanel->firstRunHint()->isVisible()) {
            m_toolsPanel->setFirstRunHintVisible(false);
            if (m_settings)
                m_settings->setValue(QStringLiteral("ui/firstCallMade"), true);
        }
    });
    connect(m_approvalQueue, &ApprovalQueue::reviewRequested, this, [this](qint64 requestId, qint64 invoiceId) {
        reviewApproval(invoiceId, requestId);
    });
    connect(m_approvalQueue, &ApprovalQueue::pendingCountChanged, this, &MainWindow::onPendingCountChanged);
    connect(m_approvalQueue, &ApprovalQueue::reopenRequested, this, &MainWindow::reopenApproval);
    connect(m_watcher, &DatabaseWatcher::changed, this, &MainWindow::refreshDatabase);
    m_feed->setActive(false);  // until the window is shown
    connect(m_feed, &OfficeFeed::updated, this, &MainWindow::showFeed);
    connect(m_feed, &OfficeFeed::modeChanged, this, &MainWindow::showFeed);

    // Signing in to a remote office (OAuthSignIn): its tokens are kept like a pasted token.
    m_signIn->setClientCache(m_settings);
    connect(m_serverPanel, &ServerPanel::signInRequested, this, [this] {
        showStatus(QStringLiteral("signin"), tr("Finish signing in in your web browser; office-desk connects when you are done."));
        m_signIn->signIn();
    });
    connect(m_serverPanel, &ServerPanel::signOutRequested, m_signIn, &OAuthSignIn::signOut);
    connect(m_signIn, &OAuthSignIn::changed, this, &MainWindow::showSignIn);
    connect(m_signIn, &OAuthSignIn::failed, this, [this](const QString &sentence) { showStatus(QStringLiteral("signin"), sentence, 15000); });
    connect(m_signIn, &OAuthSignIn::signedIn, this, [this] {
        keepSignIn();
        showStatus(QStringLiteral("signin"), tr("Signed in as %1.").arg(m_signIn->userName()), 8000);
        McpClient::Launch launch = m_client->launch();
        launch.token = m_signIn->tokens().accessToken;
        applyLaunch(launch, true);  // a connected office is reconnected with the new token
        if (!m_client->isRunning())
            m_client->start();
    });
    connect(m_signIn, &OAuthSignIn::refreshed, this, [this] {
        // The same sign-in, a new access token: used from the next request on, no reconnecting.
        keepSignIn();
        const QString token = m_signIn->tokens().accessToken;
        m_client->setToken(token);
        m_metrics->setToken(token);
        m_serverPanel->setToken(token);
        if (m_reconnectAfterRefresh && !m_client->isRunning())
            m_client->start();
        m_reconnectAfterRefresh = false;
    });
    connect(m_signIn, &OAuthSignIn::signedOut, this, [this] {
        // Signed out (or the sign-in ended): no token is left, so the office is left too.
        McpClient::Launch launch = m_client->launch();
        m_tokens.remove(launch.url);
        launch.token.clear();
        m_client->stop();
        applyLaunch(launch, false);
    });
    connect(m_client, &McpClient::tokenRefused, this, [this](const QByteArray &challenge) {
        // An access token refused (it expired while the desk slept, say) is refreshed once and
        // the office connected again; an office whose refusal names its metadata may offer Sign in.
        if (m_signIn->isSignedIn() && !m_refreshTried) {
            m_refreshTried = true;
            m_reconnectAfterRefresh = m_signIn->refresh();
        } else if (!m_signIn->isSignedIn() && m_signIn->issuer().isEmpty()) {
            m_signIn->discover(challenge);
        }
    });

    m_backup = new BackupMenu(this, m_client);  // File, the first menu
    connect(m_backup, &BackupMenu::statusChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            endStatus(QStringLiteral("backup"));
        else
            showStatus(QStringLiteral("backup"), text, 15000);
    });
    addOfficeMenu();
    McpClient::Launch launch = options.launch;
    if (launch.program.isEmpty())
        launch.program = DeskSettings::defaultServerProgram();
    QString noDefaultDatabase;
    if (launch.database.isEmpty() && !launch.remote)
        launch.database = DeskSettings::defaultDatabasePath(launch.program, &noDefaultDatabase);
    applyLaunch(launch, false);
    if (!noDefaultDatabase.isEmpty()) {
        // No path: the server still serves its own default, but the desk cannot show it.
        const QString message = tr("Could not ask office-mcp for its database (%1). Choose one in the server settings.").arg(noDefaultDatabase);
        appendStderr(QStringLiteral("\n— %1 —\n").arg(message));
        showStatus(QStringLiteral("failure"), message, 10000);
    }
    updateServerStatus();
    onPendingCountChanged(m_approvalQueue->pendingCount());

    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(windowIcon(), this);
        m_tray->setToolTip(tr("office-desk"));
        m_tray->show();
        connect(m_tray, &QSystemTrayIcon::activated, this, [this] {
            showNormal();
            raise();
            activateWindow();
        });
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
            showNormal();
            raise();
            activateWindow();
        });
    }

    if (m_settings) {
        restoreGeometry(m_settings->value(QStringLiteral("window/geometry")).toByteArray());
        m_mainSplitter->restoreState(m_settings->value(QStringLiteral("window/mainSplitter")).toByteArray());
        m_sideSplitter->restoreState(m_settings->value(QStringLiteral("window/sideSplitter")).toByteArray());
        m_toolsPanel->setFirstRunHintVisible(!m_settings->value(QStringLiteral("ui/firstCallMade")).toBool());
    }
    if (options.autoStart)
        QTimer::singleShot(0, m_client, &McpClient::start);
}

MainWindow::~MainWindow() = default;

void MainWindow::appendStderr(const QString &text)
{
    m_serverLog->appendText(text);
}

QList<QSplitter *> MainWindow::splitters() const
{
    return findChildren<QSplitter *>();
}

void MainWindow::onPendingCountChanged(int count)
{
    m_approvalBox->setTitle(count > 0 ? tr("Approval queue (%1 waiting)").arg(count) : tr("Approval queue"));
    // The count in the title reaches the task bar and the window switcher, where a person
    // working in another program can see it.
    setWindowTitle(count > 0 ? tr("(%1) office-desk").arg(count) : tr("office-desk"));
    if (m_tray)
        m_tray->setToolTip(count > 0 ? tr("office-desk: %n refund(s) waiting for approval", nullptr, count) : tr("office-desk"));
    const bool more = m_waiting >= 0 && count > m_waiting;
    m_waiting = count;
    if (!more)
        return;
    if (m_tray)
        m_tray->showMessage(tr("A refund waits for approval"),
                            tr("%n refund request(s) waiting in office-desk.", nullptr, count), QSystemTrayIcon::Information, 10000);
    emit newRequestsNoticed(count);
}

void MainWindow::showStatus(const QString &topic, const QString &text, int timeout)
{
    m_statusTopic = topic;
    m_statusText = text;
    statusBar()->showMessage(text, timeout);
}

void MainWindow::endStatus(const QString &topic)
{
    if (m_statusTopic != topic)
        return;
    if (statusBar()->currentMessage() == m_statusText)
        statusBar()->clearMessage();
    m_statusTopic.clear();
    m_statusText.clear();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    m_feed->setActive(!isMinimized());
}

void MainWindow::hideEvent(QHideEvent *event)
{
    QMainWindow::hideEvent(event);
    m_feed->setActive(false);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange)
        m_feed->setActive(isVisible() && !isMinimized());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_settings)
        m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (m_settings) {
        m_settings->setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
        m_settings->setValue(QStringLiteral("window/sideSplitter"), m_sideSplitter->saveState());
    }
    if (m_client->isRemote()) {
        m_client->stop();  // nothing to wait for: the office runs elsewhere
        event->accept();
        return;
    }
    if (m_client->isRunning()) {
        // Let the server exit cleanly (stdin closed, then SIGTERM, then SIGKILL) without blocking.
        m_closing = true;
        m_client->stop();
        event->ignore();
        return;
    }
    event->accept();
}
