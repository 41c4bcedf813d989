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

#include <memory>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
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

void MainWindow::applyLaunch(const McpClient::Launch &edited, bool restartIfRunning)
{
    McpClient::Launch launch = edited;
    // The desk's own office-mcp serves its person the admin tools (the editable tables).
    launch.admin = true;
    const McpClient::Launch before = m_client->launch();
    if (launch.remote && (!before.remote || launch.url != before.url)) {
        // Another office: its own sign-in, if it offers one, and the token kept for it comes back
        // with it (never the last office's access token).
        const bool carried = m_signIn->isSignedIn() && launch.token == m_signIn->tokens().accessToken;
        m_signIn->setOffice(QUrl(launch.url));
        if (launch.token.isEmpty() || carried)
            launch.token = keptToken(launch.url);
    }
    if (launch.remote && (launch.token != before.token || launch.url != before.url)) {
        // One file per office holds its credential: the sign-in's tokens, or a token as pasted
        // (which replaces a sign-in).
        const bool signedIn = m_signIn->isSignedIn() && launch.token == m_signIn->tokens().accessToken;
        if (m_signIn->isSignedIn() && !signedIn)
            m_signIn->setOffice(QUrl(launch.url));
        QString problem;
        if (!m_tokens.save(launch.url, signedIn ? QString::fromUtf8(m_signIn->tokens().toJson()) : launch.token, &problem))
            showStatus(QStringLiteral("failure"), problem, 10000);
    }
    if (launch.remote != before.remote || launch.url != before.url || launch.database != before.database) {
        m_metrics->stop();
        m_activity->clear();  // another office's figures
    }
    m_client->setLaunch(launch);
    if (m_officeMenu)
        m_officeMenu->setEnabled(!launch.remote);  // a remote office is its operator's to replace
    if (m_backup)
        m_backup->update();
    m_serverPanel->setLaunch(launch);
    m_connectPanel->setLaunch(launch);
    m_databaseView->setDatabasePath(launch.remote ? QString() : launch.database);
    m_approvalQueue->setDatabasePath(launch.remote ? QString() : launch.database);
    m_watcher->setPath(launch.remote ? QString() : launch.database);
    chooseDataSource();
    m_approvalQueue->refresh();
    if (m_settings)
        DeskSettings::save(*m_settings, launch);

    const bool changed = before.program != launch.program || before.database != launch.database || before.profile != launch.profile
        || before.era != launch.era || before.declareElicitation != launch.declareElicitation || before.remote != launch.remote
        || before.url != launch.url || before.token != launch.token;
    if (restartIfRunning && changed && m_client->isRunning()) {
        showStatus(QStringLiteral("restart"), launch.remote ? tr("Connecting to %1…").arg(launch.url)
                                                            : tr("Restarting office-mcp with the new settings…"));
        m_client->restart();
    }
}

QString MainWindow::keptToken(const QString &url)
{
    const QString kept = m_tokens.load(url);
    const OAuthTokens tokens = OAuthTokens::fromJson(kept);
    if (tokens.isEmpty())
        return kept;
    m_signIn->restore(tokens);
    return tokens.accessToken;
}

void MainWindow::keepSignIn()
{
    QString problem;
    if (!m_tokens.save(m_client->launch().url, QString::fromUtf8(m_signIn->tokens().toJson()), &problem))
        showStatus(QStringLiteral("failure"), problem, 10000);
}

void MainWindow::showSignIn()
{
    using SignIn = ServerPanel::SignIn;
    SignIn state = SignIn::Unavailable;
    if (m_signIn->isSignedIn())
        state = SignIn::SignedIn;
    else if (m_signIn->isSigningIn())
        state = SignIn::SigningIn;
    else if (!m_signIn->issuer().isEmpty())
        state = SignIn::Offered;
    m_serverPanel->showSignIn(state, m_signIn->isSignedIn() ? m_signIn->tokens().issuer : m_signIn->issuer(), m_signIn->userName());
    if (state != SignIn::SigningIn)
        endStatus(QStringLiteral("signin"));
}

void MainWindow::chooseDataSource()
{
    const bool remote = m_client->isRemote();
    const bool resources = remote || (m_client->isReady() && m_client->hasResources());
    // Re-open runs office-mcp on this machine against the database file; a remote office has no such tool.
    m_approvalQueue->setReopenAvailable(!remote, remote ? tr("Re-open runs `office-mcp approvals reopen` on the office's machine; "
                                                             "a remote office offers no tool for it.")
                                                        : QString());
    m_databaseView->setResourceMode(resources);
    m_approvalQueue->setResourceMode(resources);
    if (resources)
        showFeed();
}

void MainWindow::showFeed()
{
    if (!m_databaseView->isResourceMode()) {
        m_weekView->showUnavailable(tr("This office does not offer its calendar (an office-mcp older than this desk)."));
        return;
    }
    const QString where = m_client->isRemote() ? m_client->launch().url : QFileInfo(m_client->launch().database).absoluteFilePath();
    if (!m_client->isReady()) {
        m_databaseView->showUnavailable(m_client->isRemote() ? tr("Not connected to %1.").arg(where) : tr("office-mcp is not running."));
        m_weekView->showUnavailable(tr("Not connected."));
        m_approvalQueue->showTables(TableRows::failed(tr("Not connected.")), {});
        return;
    }
    if (!m_client->hasResources()) {
        m_databaseView->showUnavailable(tr("This office does not offer its tables as resources (an office-mcp older than this desk)."));
        m_weekView->showUnavailable(tr("This office does not offer its calendar (an office-mcp older than this desk)."));
        m_approvalQueue->showTables(TableRows::failed(tr("This office does not offer its approval queue as a resource.")), {});
        return;
    }
    if (m_feed->rounds() == 0 || m_feed->tables().isEmpty())
        return;  // the first round is still being read
    const QString how = m_feed->mode() == OfficeFeed::Mode::Live ? tr("live")
                                                                 : tr("polled every %1 s").arg(m_feed->pollInterval() / 1000);
    m_databaseView->showTables(m_feed->tables(), tr("%1 · %2").arg(where, how));
    m_weekView->showOffice(m_feed->table(QStringLiteral("calendar")), m_feed->table(QStringLiteral("slots")),
                           m_feed->table(QStringLiteral("customers")));
    m_approvalQueue->showTables(m_feed->table(QStringLiteral("approval_requests")), m_feed->table(QStringLiteral("invoices")));
}

void MainWindow::updateServerStatus()
{
    QString text;
    QColor colour;
    switch (m_client->state()) {
    case McpClient::State::Starting:
        text = m_client->isRemote() ? tr("connecting to %1…").arg(m_client->launch().url) : tr("starting…");
        colour = QColor(0xf9, 0xa8, 0x25);
        break;
    case McpClient::State::Ready: {
        const QString name = m_client->serverName().isEmpty() ? QStringLiteral("office-mcp") : m_client->serverName();
        if (m_client->isRemote()) {
            text = tr("connected · %1 %2 · %3 · %4 · %n tool(s)", nullptr, int(m_client->tools().size()))
                       .arg(name, m_client->serverVersion(), m_client->protocolVersion(), m_client->launch().url);
            colour = QColor(0x43, 0xa0, 0x47);
            break;
        }
        text = tr("running · %1 %2 · %3 · pid %4 · %n tool(s)", nullptr, int(m_client->tools().size()))
                   .arg(name, m_client->serverVersion(), m_client->protocolVersion())
                   .arg(m_client->processId());
        colour = QColor(0x43, 0xa0, 0x47);
        break;
    }
    case McpClient::State::Stopping:
        text = tr("stopping…");
        colour = QColor(0xf9, 0xa8, 0x25);
        break;
    case McpClient::State::Stopped:
        if (!m_failure.isEmpty()) {
            text = m_failure;
            colour = QColor(0xc6, 0x28, 0x28);
        } else if (m_client->isRemote()) {
            text = tr("not connected");
            colour = QColor(0x9e, 0x9e, 0x9e);
        } else if (m_trafficLog->count() == 0) {
            text = tr("not started");
            colour = QColor(0x9e, 0x9e, 0x9e);
        } else if (m_client->lastExitStatus() == QProcess::CrashExit) {
            text = tr("crashed");
            colour = QColor(0xc6, 0x28, 0x28);
        } else {
            text = tr("stopped · exit code %1").arg(m_client->lastExitCode());
            colour = m_client->lastExitCode() == 0 ? QColor(0x9e, 0x9e, 0x9e) : QColor(0xc6, 0x28, 0x28);
        }
        break;
    }
    m_serverPanel->showState(m_client->state(), text, colour);
}

void MainWindow::updateReviewAvailability()
{
    bool listed = false;
    const QJsonArray tools = m_client->tools();
    for (const QJsonValue &tool : tools)
        listed = listed || tool.toObject().value(QLatin1String("name")).toString() == QLatin1String("issue_refund");
    if (!m_client->isReady())
        m_approvalQueue->setReviewAvailable(false, m_client->isRemote() ? tr("Connect to the office to review requests.")
                                                                         : tr("Start office-mcp to review requests."));
    else if (!listed)
        m_approvalQueue->setReviewAvailable(false, tr("The current profile hides issue_refund."));
    else if (!m_client->launch().declareElicitation)
        m_approvalQueue->setReviewAvailable(false, tr("Turn on Forms (elicitation) to review requests here."));
    else
        m_approvalQueue->setReviewAvailable(true);
}

void MainWindow::addOfficeMenu()
{
    // The way to switch after the first start's choice (firstoffice.h): the same two offices.
    m_officeMenu = menuBar()->addMenu(tr("&Office"));
    m_officeMenu->setObjectName(QStringLiteral("officeMenu"));
    const auto add = [this](const QString &text, const QString &name, bool demo) {
        QAction *action = m_officeMenu->addAction(text);
        action->setObjectName(name);
        connect(action, &QAction::triggered, this, [this, demo] {
            const QString where = QFileInfo(m_client->launch().database).absoluteFilePath();
            auto *box = new QMessageBox(QMessageBox::Warning, demo ? tr("Replace with the demo office") : tr("Replace with an empty office"),
                                        demo ? tr("Replace the office in %1 with the demo office? Everything in it now (customers, "
                                                  "invoices, bookings, refunds, the audit) is lost.").arg(where)
                                             : tr("Replace the office in %1 with an empty one? Everything in it now (customers, "
                                                  "invoices, bookings, refunds, the audit) is lost.").arg(where),
                                        QMessageBox::Cancel, this);
            box->addButton(tr("Replace the office"), QMessageBox::DestructiveRole);
            box->setDefaultButton(QMessageBox::Cancel);
            box->setAttribute(Qt::WA_DeleteOnClose);
            connect(box, &QMessageBox::buttonClicked, this, [this, box, demo](QAbstractButton *button) {
                if (box->buttonRole(button) == QMessageBox::DestructiveRole)
                    replaceOffice(demo);
            });
            box->open();
        });
    };
    add(tr("Replace with an empty office…"), QStringLiteral("emptyOfficeAction"), false);
    add(tr("Replace with the demo office…"), QStringLiteral("demoOfficeAction"), true);
}

void MainWindow::replaceOffice(bool demo)
{
    if (m_client->isRemote())
        return;  // a remote office is its operator's to replace
    const McpClient::Launch launch = m_client->launch();
    const auto reset = [this, launch, demo] {
        QStringList arguments{QStringLiteral("db"), QStringLiteral("reset"), demo ? QStringLiteral("--demo") : QStringLiteral("--empty")};
        if (!launch.database.isEmpty())
            arguments << QStringLiteral("--db") << launch.database;
        auto *process = new QProcess(this);
        auto done = std::make_shared<bool>(false);
        const auto finish = [this, process, done](bool ok, const QString &message) {
            if (*done)
                return;
            *done = true;
            process->deleteLater();
            showStatus(QStringLiteral("office"), message, 15000);
            m_client->start();  // the new office, or the old one when it was not replaced
            emit officeReplaced(ok, message);
        };
        connect(process, &QProcess::finished, this, [process, finish, demo](int code, QProcess::ExitStatus status) {
            QString err = QString::fromUtf8(process->readAllStandardError()).trimmed().section(QLatin1Char('\n'), -1);
            if (err.startsWith(QLatin1String("office-mcp: ")))
                err.remove(0, 12);
            if (status == QProcess::NormalExit && code == 0)
                finish(true, demo ? tr("The office is the demo office again.") : tr("The office is empty now: yours to fill."));
            else
                finish(false, tr("The office was not replaced: %1").arg(err.isEmpty() ? tr("office-mcp exited with code %1").arg(code) : err));
        });
        connect(process, &QProcess::errorOccurred, this, [process, finish](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart)
                finish(false, tr("The office was not replaced: %1 did not start (%2).").arg(process->program(), process->errorString()));
        });
        process->start(launch.program, arguments);
    };
    if (!m_client->isRunning()) {
        reset();
        return;
    }
    // The office-mcp serving the old office exits first: nothing may hold it while it is replaced.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_client, &McpClient::stateChanged, this, [connection, reset](McpClient::State state) {
        if (state != McpClient::State::Stopped)
            return;
        QObject::disconnect(*connection);
        reset();
    });
    m_client->stop();
}

void MainWindow::updateRecordTools()
{
    // The admin right shows in the tools the office lists: without its admin tools (an AI
    // client's token, an office-mcp without --admin) the tables stay read-only, add_customer
    // included, which the desk leaves to agents then.
    static const QStringList adminTools{QStringLiteral("edit_customer"), QStringLiteral("remove_customer"), QStringLiteral("add_invoice"),
                                        QStringLiteral("pay_invoice"), QStringLiteral("add_menu_item"), QStringLiteral("remove_menu_item")};
    QStringList listed, week;
    bool admin = false;
    const QJsonArray tools = m_client->isReady() ? m_client->tools() : QJsonArray();
    for (const QJsonValue &tool : tools) {
        const QString name = tool.toObject().value(QLatin1String("name")).toString();
        admin = admin || adminTools.contains(name);
        if (DatabaseView::recordToolNames().contains(name))
            listed << name;
        if (WeekView::toolNames().contains(name))
            week << name;
    }
    m_databaseView->setRecordTools(admin ? listed : QStringList());
    // Cancelling and moving are also an agent's tools: the week offers what the office lists.
    m_weekView->setTools(week);
    if (!admin && m_recordDialog)
        m_recordDialog->reject();  // the office no longer offers it
}

void MainWindow::openRecordForm(const QString &tool, const QJsonObject &preset)
{
    QJsonObject definition;
    const QJsonArray tools = m_client->tools();
    for (const QJsonValue &listed : tools) {
        if (listed.toObject().value(QLatin1String("name")).toString() == tool)
            definition = listed.toObject();
    }
    if (definition.isEmpty() || !m_client->isReady())
        return;
    if (m_recordDialog) {
        m_recordDialog->raise();
        return;
    }
    auto *dialog = new RecordDialog(definition, preset, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_recordDialog = dialog;
    connect(dialog, &RecordDialog::submitted, this, [this](const QString &name, const QJsonObject &arguments) {
        const quint64 id = m_client->callTool(name, arguments);
        m_calls.insert(id, {Origin::Record, name});
        m_databaseView->setRecordBusy(true);
        m_weekView->setBusy(true);
    });
    dialog->open();
    emit recordFormShown(dialog);
}

void MainWindow::reviewApproval(qint64 invoiceId, qint64 requestId)
{
    const quint64 id = m_client->callTool(QStringLiteral("issue_refund"), QJsonObject{{QStringLiteral("invoice_id"), invoiceId}});
    m_calls.insert(id, {Origin::Review, QStringLiteral("issue_refund"), invoiceId, requestId});
    m_approvalQueue->setReviewing(invoiceId, true);
    showStatus(QStringLiteral("review"), tr("Reviewing the refund of invoice %1…").arg(invoiceId));
}

void MainWindow::reopenApproval(qint64 requestId)
{
    const McpClient::Launch launch = m_client->launch();
    QStringList arguments{QStringLiteral("approvals"), QStringLiteral("reopen"), QString::number(requestId)};
    if (!launch.database.isEmpty())
        arguments << QStringLiteral("--db") << launch.database;
    if (!launch.locale.isEmpty())
        arguments << QStringLiteral("--locale") << launch.locale;  // its sentence is shown to the person
    auto *process = new QProcess(this);
    m_approvalQueue->setReopening(requestId, true);
    m_approvalQueue->showNote(QString());
    // Both endings (finished, or failed to start) come through one place, once.
    auto done = std::make_shared<bool>(false);
    const auto finish = [this, process, requestId, done](bool ok, const QString &message) {
        if (*done)
            return;
        *done = true;
        process->deleteLater();
        m_approvalQueue->setReopening(requestId, false);
        m_approvalQueue->showNote(message);
        showStatus(QStringLiteral("reopen"), message, 15000);
        refreshDatabase();
        emit reopenFinished(requestId, ok, message);
    };
    connect(process, &QProcess::finished, this, [process, finish, requestId](int code, QProcess::ExitStatus status) {
        const QString out = QString::fromUtf8(process->readAllStandardOutput()).trimmed();
        // office-mcp prefixes its stderr sentences with its name; the desk shows the sentence.
        QString err = QString::fromUtf8(process->readAllStandardError()).trimmed().section(QLatin1Char('\n'), -1);
        if (err.startsWith(QLatin1String("office-mcp: ")))
            err.remove(0, 12);
        if (status == QProcess::NormalExit && code == 0)
            finish(true, out.isEmpty() ? tr("Request #%1 is waiting again.").arg(requestId) : out);
        else
            finish(false, err.isEmpty() ? tr("Request #%1 was not re-opened (office-mcp exited with code %2).").arg(requestId).arg(code)
                                        : err);
    });
    connect(process, &QProcess::errorOccurred, this, [process, finish, requestId](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish(false, tr("Request #%1 was not re-opened: %2 did not start (%3).").arg(requestId).arg(process->program(), process->errorString()));
    });
    process->start(launch.program, arguments);
}

void MainWindow::onCallFinished(const McpCallResult &result)
{
    const bool known = m_calls.contains(result.callId);
    const CallInfo origin = m_calls.take(result.callId);
    if (known && origin.origin == Origin::Review) {
        m_approvalQueue->setReviewing(origin.invoiceId, false);
        showStatus(QStringLiteral("reviewed"), tr("Invoice %1: %2").arg(origin.invoiceId).arg(result.text().section(QLatin1Char('\n'), 0, 0)), 15000);
    } else if (known && origin.origin == Origin::Record) {
        // The form says how it went (it closes, or shows the office's refusal); the tools
        // panel keeps the person's own call.
        m_databaseView->setRecordBusy(false);
        m_weekView->setBusy(false);
        if (m_recordDialog && m_recordDialog->isWaiting())
            m_recordDialog->finishCall(result);
        if (!result.isError())
            showStatus(QStringLiteral("record"), result.text().section(QLatin1Char('\n'), 0, 0), 15000);
    } else if (known) {
        m_toolsPanel->setBusy(false);
    }
    if (!known || origin.origin != Origin::Record)
        m_toolsPanel->showResult(result);
    if (m_databaseView->isResourceMode() && m_feed->isAvailable()) {
        // Through the server the tables arrive later: callCompleted keeps its promise that the
        // views already show the call's effect.
        connect(m_feed, &OfficeFeed::updated, this, [this, result] { emit callCompleted(result); }, Qt::SingleShotConnection);
        m_feed->refresh();
        return;
    }
    refreshDatabase();
    emit callCompleted(result);
}

void MainWindow::refreshDatabase()
{
    if (m_databaseView->isResourceMode()) {
        m_feed->refresh();
        return;
    }
    m_watcher->watchNewFiles();
    m_databaseView->refresh();
    m_approvalQueue->refresh();
}

void MainWindow::showNextQuestion()
{
    if (m_dialog || m_questions.isEmpty())
        return;
    const McpElicitation question = m_questions.dequeue();
    auto *dialog = new ElicitationDialog(question, this, refundContextFor(question));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &ElicitationDialog::answered, m_client, &McpClient::answerElicitation);
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        if (m_dialog == dialog)
            m_dialog = nullptr;
        QTimer::singleShot(0, this, &MainWindow::showNextQuestion);
    });
    dialog->open();
    emit questionShown(dialog);
}

RefundContext MainWindow::refundContextFor(const McpElicitation &question) const
{
    // A legacy question may not name its call; with one call in flight it can only be that one.
    CallInfo call;
    if (m_calls.contains(question.callId))
        call = m_calls.value(question.callId);
    else if (question.callId == 0 && m_calls.size() == 1)
        call = m_calls.begin().value();
    else
        return {};
    if (call.tool != QLatin1String("issue_refund") || call.invoiceId <= 0)
        return {};
    const qint64 requestId = call.origin == Origin::Review ? call.requestId : 0;
    RefundContext context = m_databaseView->isResourceMode()
        ? RefundContext::fromTables(m_feed->table(QStringLiteral("invoices")), m_feed->table(QStringLiteral("approval_requests")),
                                    call.invoiceId, requestId)
        : RefundContext::read(m_client->launch().database, call.invoiceId, requestId);
    context.fromToolsPanel = call.origin == Origin::ToolsPanel;
    return context;
}

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
