// MainWindow's runs of office-mcp's own commands beside the server (mainwindow.h): the Office
// menu, replacing the local office with the demo or an empty one (`office-mcp db reset`), and
// the approval queue's Re-open (`office-mcp approvals reopen`).
// The window is built in mainwindow.cpp, whose opening comment lists the other parts.
#include "mainwindow.h"

#include "approvalqueue.h"

#include <QAbstractButton>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>

#include <memory>

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
