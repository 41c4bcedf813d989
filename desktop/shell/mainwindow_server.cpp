// MainWindow's connection to its office (mainwindow.h): the launch settings applied to the
// client and the panels, the tokens and sign-in kept for a remote office, the server's status
// line, and where the views' tables come from (the feed of resources or the SQLite file).
// The window is built in mainwindow.cpp, whose opening comment lists the other parts.
#include "mainwindow.h"

#include "activitychart.h"
#include "approvalqueue.h"
#include "backupmenu.h"
#include "connectpanel.h"
#include "databaseview.h"
#include "databasewatcher.h"
#include "desksettings.h"
#include "metricsfeed.h"
#include "oauthsignin.h"
#include "officefeed.h"
#include "serverpanel.h"
#include "trafficlog.h"
#include "weekview.h"

#include <QFileInfo>
#include <QMenu>
#include <QProcess>

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
