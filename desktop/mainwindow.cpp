#include "mainwindow.h"

#include "appicon.h"
#include "approvalqueue.h"
#include "connectpanel.h"
#include "databaseview.h"
#include "databasewatcher.h"
#include "elicitationdialog.h"
#include "resultview.h"
#include "serverpanel.h"
#include "toolspanel.h"
#include "trafficlog.h"
#include "trafficview.h"

#include <QCloseEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "desksettings.h"

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent)
    , m_client(new McpClient(this))
    , m_trafficLog(new TrafficLog(this))
    , m_watcher(new DatabaseWatcher(this))
    , m_serverPanel(new ServerPanel)
    , m_toolsPanel(new ToolsPanel)
    , m_databaseView(new DatabaseView)
    , m_approvalQueue(new ApprovalQueue)
    , m_trafficView(new TrafficView(m_trafficLog))
    , m_connectPanel(new ConnectPanel)
    , m_stderr(new QPlainTextEdit)
    , m_sideTabs(new QTabWidget)
{
    setWindowTitle(tr("office-desk"));
    setWindowIcon(officeDeskIcon());
    if (options.persistSettings)
        m_settings = new QSettings(this);

    m_stderr->setObjectName(QStringLiteral("stderrView"));
    m_stderr->setReadOnly(true);
    m_stderr->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_stderr->setMaximumBlockCount(5000);
    m_stderr->setPlaceholderText(tr("office-mcp writes its log to stderr; it appears here."));
    auto *stderrPane = new QWidget;
    auto *stderrLayout = new QVBoxLayout(stderrPane);
    stderrLayout->addWidget(m_stderr, 1);
    auto *clearStderr = new QPushButton(tr("Clear"));
    stderrLayout->addWidget(clearStderr, 0, Qt::AlignRight);
    connect(clearStderr, &QPushButton::clicked, m_stderr, &QPlainTextEdit::clear);

    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->addTab(m_databaseView, tr("Database"));
    m_sideTabs->addTab(m_trafficView, tr("Traffic"));
    m_sideTabs->addTab(stderrPane, tr("Server log"));
    m_sideTabs->addTab(m_connectPanel, tr("Connect an AI client"));

    // The approval queue stays in sight: clearing it is the desk's main job.
    m_approvalBox = new QGroupBox(tr("Approval queue"));
    auto *approvalLayout = new QVBoxLayout(m_approvalBox);
    approvalLayout->setContentsMargins(4, 4, 4, 4);
    approvalLayout->addWidget(m_approvalQueue);
    auto *right = new QSplitter(Qt::Vertical);
    right->addWidget(m_sideTabs);
    right->addWidget(m_approvalBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto *splitter = new QSplitter(Qt::Horizontal);
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
    bodyLayout->addWidget(splitter);
    layout->addWidget(body, 1);
    setCentralWidget(central);

    // Client → views.
    connect(m_client, &McpClient::messageExchanged, m_trafficLog, &TrafficLog::append);
    connect(m_client, &McpClient::stderrReceived, this, &MainWindow::appendStderr);
    connect(m_client, &McpClient::stateChanged, this, [this] {
        if (m_client->state() == McpClient::State::Starting)
            m_failure.clear();
        updateServerStatus();
        m_toolsPanel->setServerReady(m_client->isReady());
        updateReviewAvailability();
        if (m_closing && m_client->state() == McpClient::State::Stopped)
            close();
    });
    connect(m_client, &McpClient::toolsChanged, this, [this](const QJsonArray &tools) {
        m_toolsPanel->setTools(tools);
        updateReviewAvailability();
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
        statusBar()->showMessage(message, 10000);
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
            statusBar()->showMessage(tr("The server withdrew its question."), 8000);
            m_dialog->withdraw();
        }
    });

    // Views → client.
    connect(m_serverPanel, &ServerPanel::launchEdited, this, [this] { applyLaunch(m_serverPanel->launch(), true); });
    connect(m_serverPanel, &ServerPanel::startRequested, m_client, &McpClient::start);
    connect(m_serverPanel, &ServerPanel::restartRequested, m_client, &McpClient::restart);
    connect(m_serverPanel, &ServerPanel::stopRequested, m_client, &McpClient::stop);
    connect(m_toolsPanel, &ToolsPanel::callRequested, this, [this](const QString &tool, const QJsonObject &arguments) {
        const quint64 id = m_client->callTool(tool, arguments);
        m_calls.insert(id, {Origin::ToolsPanel, 0});
        m_toolsPanel->setBusy(true);
    });
    connect(m_approvalQueue, &ApprovalQueue::reviewRequested, this, [this](qint64, qint64 invoiceId) { reviewApproval(invoiceId); });
    connect(m_approvalQueue, &ApprovalQueue::pendingCountChanged, this, [this](int count) {
        m_approvalBox->setTitle(count > 0 ? tr("Approval queue (%1 waiting)").arg(count) : tr("Approval queue"));
    });
    connect(m_watcher, &DatabaseWatcher::changed, this, &MainWindow::refreshDatabase);

    McpClient::Launch launch = options.launch;
    if (launch.program.isEmpty())
        launch.program = DeskSettings::defaultServerProgram();
    if (launch.database.isEmpty())
        launch.database = DeskSettings::defaultDatabasePath();
    applyLaunch(launch, false);
    updateServerStatus();
    statusBar()->showMessage(tr("Ready."), 3000);

    if (m_settings)
        restoreGeometry(m_settings->value(QStringLiteral("window/geometry")).toByteArray());
    if (options.autoStart)
        QTimer::singleShot(0, m_client, &McpClient::start);
}

MainWindow::~MainWindow() = default;

void MainWindow::applyLaunch(const McpClient::Launch &launch, bool restartIfRunning)
{
    const McpClient::Launch before = m_client->launch();
    m_client->setLaunch(launch);
    m_serverPanel->setLaunch(launch);
    m_connectPanel->setLaunch(launch);
    m_databaseView->setDatabasePath(launch.database);
    m_approvalQueue->setDatabasePath(launch.database);
    m_approvalQueue->refresh();
    m_watcher->setPath(launch.database);
    if (m_settings)
        DeskSettings::save(*m_settings, launch);

    const bool changed = before.program != launch.program || before.database != launch.database || before.profile != launch.profile
        || before.era != launch.era || before.declareElicitation != launch.declareElicitation;
    if (restartIfRunning && changed && m_client->isRunning()) {
        statusBar()->showMessage(tr("Restarting office-mcp with the new settings…"), 5000);
        m_client->restart();
    }
}

void MainWindow::updateServerStatus()
{
    QString text;
    QColor colour;
    switch (m_client->state()) {
    case McpClient::State::Starting:
        text = tr("starting…");
        colour = QColor(0xf9, 0xa8, 0x25);
        break;
    case McpClient::State::Ready: {
        const QString name = m_client->serverName().isEmpty() ? QStringLiteral("office-mcp") : m_client->serverName();
        text = tr("running · %1 %2 · %3 · pid %4 · %5 tools")
                   .arg(name, m_client->serverVersion(), m_client->protocolVersion())
                   .arg(m_client->processId())
                   .arg(m_client->tools().size());
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
        m_approvalQueue->setReviewAvailable(false, tr("Start office-mcp to review requests."));
    else if (!listed)
        m_approvalQueue->setReviewAvailable(false, tr("The current profile hides issue_refund."));
    else if (!m_client->launch().declareElicitation)
        m_approvalQueue->setReviewAvailable(false, tr("Turn on Forms (elicitation) to review requests here."));
    else
        m_approvalQueue->setReviewAvailable(true);
}

void MainWindow::reviewApproval(qint64 invoiceId)
{
    const quint64 id = m_client->callTool(QStringLiteral("issue_refund"), QJsonObject{{QStringLiteral("invoice_id"), invoiceId}});
    m_calls.insert(id, {Origin::Review, invoiceId});
    m_approvalQueue->setReviewing(invoiceId, true);
    statusBar()->showMessage(tr("Reviewing the refund of invoice %1…").arg(invoiceId));
}

void MainWindow::onCallFinished(const McpCallResult &result)
{
    const bool known = m_calls.contains(result.callId);
    const auto origin = m_calls.take(result.callId);
    if (known && origin.first == Origin::Review) {
        m_approvalQueue->setReviewing(origin.second, false);
        statusBar()->showMessage(tr("Invoice %1: %2").arg(origin.second).arg(result.text().section(QLatin1Char('\n'), 0, 0)), 15000);
    } else if (known) {
        m_toolsPanel->setBusy(false);
    }
    m_toolsPanel->showResult(result);
    refreshDatabase();
    emit callCompleted(result);
}

void MainWindow::refreshDatabase()
{
    m_watcher->watchNewFiles();
    m_databaseView->refresh();
    m_approvalQueue->refresh();
}

void MainWindow::showNextQuestion()
{
    if (m_dialog || m_questions.isEmpty())
        return;
    const McpElicitation question = m_questions.dequeue();
    auto *dialog = new ElicitationDialog(question, this);
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

void MainWindow::appendStderr(const QString &text)
{
    QTextCursor cursor = m_stderr->textCursor();
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
    m_stderr->ensureCursorVisible();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_settings)
        m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (m_client->isRunning()) {
        // Let the server exit cleanly (stdin closed, then SIGTERM, then SIGKILL) without blocking.
        m_closing = true;
        m_client->stop();
        event->ignore();
        return;
    }
    event->accept();
}
