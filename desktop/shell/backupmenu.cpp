#include "backupmenu.h"

#include "datalabel.h"

#include <QAction>
#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QStandardPaths>
#include <QTimer>

#include <climits>
#include <memory>

namespace {

bool isPostgres(const QString &database)
{
    return database.startsWith(QLatin1String("postgresql://")) || database.startsWith(QLatin1String("postgres://"));
}

QString pre(const QString &text)
{
    return text.isEmpty() ? QString() : QStringLiteral("<pre>%1</pre>").arg(dataHtml(text));
}

} // namespace

BackupMenu::BackupMenu(QMainWindow *window, McpClient *client)
    : QObject(window)
    , m_window(window)
    , m_client(client)
    , m_menu(window->menuBar()->addMenu(tr("&File")))
{
    m_menu->setObjectName(QStringLiteral("fileMenu"));
    m_menu->setToolTipsVisible(true);  // a disabled action says why
    m_backup = m_menu->addAction(tr("&Back up now…"), this, &BackupMenu::askForBackupFile);
    m_backup->setObjectName(QStringLiteral("backupAction"));
    m_restore = m_menu->addAction(tr("&Restore…"), this, &BackupMenu::askForRestoreFile);
    m_restore->setObjectName(QStringLiteral("restoreAction"));
    update();
}

QString BackupMenu::unavailableReason(const McpClient::Launch &launch)
{
    if (launch.remote)
        return tr("A remote office is backed up where it runs, by its operator (office-mcp backup on that machine).");
    if (isPostgres(launch.database))
        return tr("This office is in PostgreSQL: back it up where its database runs (office-mcp-pg backup, or pg_dump).");
    return {};
}

QString BackupMenu::suggestedBackupPath(const QDate &day)
{
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    return QDir(folder).filePath(QStringLiteral("office-%1.db").arg(day.toString(Qt::ISODate)));
}

void BackupMenu::update()
{
    const QString reason = unavailableReason(m_client->launch());
    m_backup->setEnabled(reason.isEmpty() && !m_busy);
    m_restore->setEnabled(reason.isEmpty() && !m_busy);
    m_backup->setToolTip(reason.isEmpty() ? tr("A copy of the office as it is now, taken while office-mcp keeps serving.") : reason);
    m_restore->setToolTip(reason.isEmpty() ? tr("Put back the office from a backup; what it holds is shown first.") : reason);
}

void BackupMenu::setBusy(bool busy)
{
    m_busy = busy;
    update();
}

void BackupMenu::askForBackupFile()
{
    auto *dialog = new QFileDialog(m_window, tr("Back up the office to"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilters({tr("Office backups (*.db)"), tr("All files (*)")});
    dialog->setDefaultSuffix(QStringLiteral("db"));
    const QString suggested = suggestedBackupPath(QDate::currentDate());
    dialog->setDirectory(QFileInfo(suggested).absolutePath());
    dialog->selectFile(QFileInfo(suggested).fileName());
    // The dialog asks before it names a file that exists: one that exists now was confirmed.
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &file) { backUpTo(file, QFileInfo::exists(file)); });
    m_fileDialog = dialog;
    dialog->open();
    emit fileDialogShown(dialog);
}

void BackupMenu::askForRestoreFile()
{
    auto *dialog = new QFileDialog(m_window, tr("Restore the office from"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setNameFilters({tr("Office backups (*.db)"), tr("All files (*)")});
    dialog->setDirectory(QFileInfo(suggestedBackupPath(QDate::currentDate())).absolutePath());
    connect(dialog, &QFileDialog::fileSelected, this, &BackupMenu::checkRestore);
    m_fileDialog = dialog;
    dialog->open();
    emit fileDialogShown(dialog);
}

void BackupMenu::run(QStringList arguments, const QString &busyText, std::function<void(const Outcome &)> done)
{
    setBusy(true);
    emit statusChanged(busyText);
    auto *process = new QProcess(this);
    // A busy dialog only when it takes a while (a large office): most backups take a moment.
    auto *progress = new QProgressDialog(busyText, QString(), 0, 0, m_window);
    progress->setWindowModality(Qt::WindowModal);
    progress->setCancelButton(nullptr);
    progress->setMinimumDuration(INT_MAX);
    progress->reset();
    QTimer::singleShot(700, progress, &QWidget::show);
    auto finished = std::make_shared<bool>(false);
    const auto finish = [this, process, progress, finished, done](Outcome outcome) {
        if (*finished)
            return;
        *finished = true;
        process->deleteLater();
        progress->deleteLater();
        progress->hide();
        setBusy(false);
        done(outcome);
    };
    connect(process, &QProcess::finished, this, [process, finish](int code, QProcess::ExitStatus status) {
        Outcome outcome;
        outcome.ok = status == QProcess::NormalExit && code == 0;
        outcome.code = code;
        outcome.out = QString::fromUtf8(process->readAllStandardOutput()).trimmed();
        // office-mcp starts each sentence on stderr with its name; the desk shows the sentences.
        const QStringList lines = QString::fromUtf8(process->readAllStandardError()).trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QStringList sentences;
        for (QString line : lines)
            sentences << (line.startsWith(QLatin1String("office-mcp: ")) ? line.mid(12) : line);
        outcome.err = sentences.join(QLatin1Char('\n'));
        if (outcome.err.isEmpty() && !outcome.ok)
            outcome.err = status == QProcess::CrashExit ? tr("office-mcp crashed.") : tr("office-mcp exited with code %1.").arg(code);
        finish(outcome);
    });
    connect(process, &QProcess::errorOccurred, this, [process, finish](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish({false, -1, {}, tr("%1 did not start (%2).").arg(process->program(), process->errorString())});
    });
    process->start(m_client->launch().program, arguments);
}

void BackupMenu::showOutcome(bool ok, const QString &title, const QString &sentence, const QString &output)
{
    auto *box = new QMessageBox(ok ? QMessageBox::Information : QMessageBox::Warning, title, QString(), QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("backupOutcome"));
    box->setTextFormat(Qt::RichText);
    box->setText(QStringLiteral("<p>%1</p>%2").arg(dataHtml(sentence), pre(output)));
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_box = box;
    box->open();
}

void BackupMenu::backUpTo(const QString &file, bool overwrite)
{
    if (m_busy || !unavailableReason(m_client->launch()).isEmpty())
        return;
    QStringList arguments{QStringLiteral("backup"), file};
    if (!m_client->launch().database.isEmpty())
        arguments << QStringLiteral("--db") << m_client->launch().database;
    if (overwrite)
        arguments << QStringLiteral("--force");
    run(arguments, tr("Backing up the office to %1…").arg(file), [this, file](const Outcome &outcome) {
        emit statusChanged(outcome.ok ? tr("Backed up the office to %1.").arg(file) : tr("No backup was written."));
        if (outcome.ok)
            showOutcome(true, tr("Backed up"), tr("The office is backed up to %1, with its key and tokens files beside it: "
                                                  "keep them together, and private.").arg(file), outcome.out);
        else
            showOutcome(false, tr("No backup"), tr("No backup was written:"), outcome.err);
        emit backupFinished(outcome.ok, outcome.ok ? outcome.out : outcome.err);
    });
}

void BackupMenu::checkRestore(const QString &file)
{
    if (m_busy || !unavailableReason(m_client->launch()).isEmpty())
        return;
    const QString database = QFileInfo(m_client->launch().database).absoluteFilePath();
    const auto checked = [this, file, database](const Outcome &outcome, const QString &facts) {
        emit restoreChecked(outcome.ok, outcome.ok ? facts : outcome.err);
        if (!outcome.ok) {
            emit statusChanged(tr("%1 cannot be restored.").arg(file));
            showOutcome(false, tr("Cannot restore"), tr("%1 cannot be restored; nothing was changed:").arg(file), outcome.err);
            return;
        }
        emit statusChanged(QString());
        const QString kept = QFileInfo(database).fileName() + QStringLiteral(".before-restore-")
            + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Restore the office"), QString(), QMessageBox::Cancel, m_window);
        box->setObjectName(QStringLiteral("restoreQuestion"));
        box->setTextFormat(Qt::RichText);
        box->setText(QStringLiteral("<p>%1</p>%2<p>%3</p>")
                         .arg(dataHtml(tr("%1 holds:").arg(file)), pre(facts),
                              dataHtml(tr("Restore the office from it? The office in %1 is replaced; it is kept beside it as %2. "
                                          "The office-mcp of this desk is stopped and started again on the restored office.")
                                           .arg(database, kept))));
        box->setInformativeText(tr("Close other programs that use this office first (an AI client's office-mcp): "
                                   "while one has it open, the restore is refused."));
        QPushButton *restore = box->addButton(tr("Restore the office"), QMessageBox::DestructiveRole);
        restore->setObjectName(QStringLiteral("restoreButton"));
        box->setDefaultButton(QMessageBox::Cancel);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::buttonClicked, this, [this, box, restore, file](QAbstractButton *button) {
            if (button == restore)
                QTimer::singleShot(0, this, [this, file] { restoreFrom(file); });
        });
        m_box = box;
        box->open();
        emit confirmationShown(box);
    };
    QStringList arguments{QStringLiteral("restore"), file, QStringLiteral("--check")};
    if (!m_client->launch().database.isEmpty())
        arguments << QStringLiteral("--db") << m_client->launch().database;
    run(arguments, tr("Checking %1…").arg(file), [checked](const Outcome &outcome) {
        // Its first line ("FILE is an office this build can restore:") the question says in the
        // person's language; the table follows it.
        const QString heading = outcome.out.section(QLatin1Char('\n'), 0, 0);
        checked(outcome, heading.endsWith(QLatin1Char(':')) ? outcome.out.section(QLatin1Char('\n'), 1) : outcome.out);
    });
}

void BackupMenu::restoreFrom(const QString &file)
{
    if (m_busy || !unavailableReason(m_client->launch()).isEmpty())
        return;
    const bool wasRunning = m_client->isRunning();
    const auto restore = [this, file, wasRunning] {
        QStringList arguments{QStringLiteral("restore"), file};
        if (!m_client->launch().database.isEmpty())
            arguments << QStringLiteral("--db") << m_client->launch().database;
        run(arguments, tr("Restoring the office from %1…").arg(file), [this, file, wasRunning](const Outcome &outcome) {
            if (wasRunning)
                m_client->start();  // the restored office, or the old one when nothing was restored
            emit statusChanged(outcome.ok ? tr("The office was restored from %1.").arg(file) : tr("Nothing was restored."));
            if (outcome.ok)
                showOutcome(true, tr("Restored"), tr("The office was restored from %1:").arg(file), outcome.out);
            else
                showOutcome(false, tr("Not restored"), tr("Nothing was restored; the office is unchanged:"), outcome.err);
            emit restoreFinished(outcome.ok, outcome.ok ? outcome.out : outcome.err);
        });
    };
    if (!wasRunning) {
        restore();
        return;
    }
    // The desk's own office-mcp exits first: restore refuses an office another process has open.
    setBusy(true);
    emit statusChanged(tr("Stopping office-mcp to restore the office…"));
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_client, &McpClient::stateChanged, this, [this, connection, restore](McpClient::State state) {
        if (state != McpClient::State::Stopped)
            return;
        QObject::disconnect(*connection);
        setBusy(false);
        restore();
    });
    m_client->stop();
}
