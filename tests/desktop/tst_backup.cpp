// The File menu's "Back up now…" and "Restore…" (issue 41) against the real office-mcp
// ($OFFICE_MCP) and a real office in a scratch folder: a backup taken while the desk's server
// serves is an office holding what the office held; a restore shows what the file holds, asks,
// stops the server, puts the backup back (the old office kept beside it) and serves it again;
// a file that is no office is refused and the office keeps serving; an overwrite is asked
// first; a remote office and a PostgreSQL one have the actions off, saying why.

#include "backupmenu.h"
#include "databaseview.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "officefeed.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QDate>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <sqlite3.h>

namespace {

// One value of a query on a SQLite file, read directly (the test's own eyes on the files).
QString queryFile(const QString &path, const QString &sql)
{
    sqlite3 *db = nullptr;
    QString value;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &statement, nullptr) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW)
            value = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, 0)));
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return value;
}

QString customerNamed(const QString &path, const QString &name)
{
    return queryFile(path, QStringLiteral("SELECT count(*) FROM customers WHERE name = '%1'").arg(name));
}

// The customers the desk shows, as the server served them.
QStringList shownCustomers(const MainWindow &window)
{
    const TableRows rows = window.databaseView()->snapshot(QStringLiteral("customers"));
    const qsizetype name = rows.columns.indexOf(QStringLiteral("name"));
    QStringList names;
    for (const QVariantList &row : rows.rows)
        names << row.value(name).toString();
    return names;
}

// Answers the next question box shown (QFileDialog's "already exists" asks with exec()) with `button`.
void answerNextQuestion(QMessageBox::StandardButton button, bool *asked)
{
    QTimer::singleShot(50, qApp, [button, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->button(button))
            return answerNextQuestion(button, asked);
        *asked = true;
        box->button(button)->click();
    });
}

} // namespace

// A helper that failed has recorded why: the test stops there.
#define CHECKED(call) \
    do { \
        call; \
        if (QTest::currentTestFailed()) \
            return; \
    } while (false)

class TestBackup : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    std::unique_ptr<MainWindow> window(const McpClient::Launch &launch)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch = launch;
        options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
        auto made = std::make_unique<MainWindow>(options);
        made->resize(1300, 850);
        made->show();
        return made;
    }

    std::unique_ptr<MainWindow> servingWindow()
    {
        McpClient::Launch launch;
        launch.program = TestSupport::serverProgram();
        launch.database = m_db;
        auto made = window(launch);
        made->client()->start();
        return made;
    }

    static void waitServed(MainWindow &window)
    {
        QTRY_VERIFY_WITH_TIMEOUT(window.client()->isReady() && window.officeFeed()->rounds() > 0
                                     && !shownCustomers(window).isEmpty(), 15000);
    }

    static void addCustomer(MainWindow &window, const QString &name, const QString &email)
    {
        QSignalSpy completed(&window, &MainWindow::callCompleted);
        QString refusal;
        const auto connection = QObject::connect(&window, &MainWindow::callCompleted, [&refusal](const McpCallResult &result) {
            if (result.isError())
                refusal = result.text();
        });
        window.client()->callTool(QStringLiteral("add_customer"), {{QStringLiteral("name"), name}, {QStringLiteral("email"), email}});
        const bool answered = completed.wait(15000);
        QObject::disconnect(connection);
        QVERIFY(answered);
        QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
        QTRY_VERIFY_WITH_TIMEOUT(shownCustomers(window).contains(name), 10000);
    }

    // File → Back up now…, the dialog given `file`; true when the backup was written.
    static bool backUpThroughTheMenu(MainWindow &window, const QString &file, QString *output, bool *overwriteAsked = nullptr)
    {
        BackupMenu *menu = window.backupMenu();
        QSignalSpy finished(menu, &BackupMenu::backupFinished);
        menu->backupAction()->trigger();
        QFileDialog *dialog = menu->fileDialog();
        if (!dialog || !dialog->isVisible() || dialog->acceptMode() != QFileDialog::AcceptSave)
            return false;
        dialog->selectFile(file);
        bool asked = false;
        if (overwriteAsked)
            answerNextQuestion(QMessageBox::Yes, &asked);
        static_cast<QDialog *>(dialog)->accept();  // QFileDialog::accept, as its Save/Open button
        if (overwriteAsked)
            *overwriteAsked = asked;
        if (!finished.wait(30000))
            return false;
        *output = finished.first().at(1).toString();
        return finished.first().at(0).toBool();
    }

    // File → Restore…, the dialog given `file`: the check's outcome.
    static bool checkThroughTheMenu(MainWindow &window, const QString &file, QString *output)
    {
        BackupMenu *menu = window.backupMenu();
        QSignalSpy checked(menu, &BackupMenu::restoreChecked);
        menu->restoreAction()->trigger();
        QFileDialog *dialog = menu->fileDialog();
        if (!dialog || !dialog->isVisible() || dialog->acceptMode() != QFileDialog::AcceptOpen)
            return false;
        dialog->selectFile(file);
        static_cast<QDialog *>(dialog)->accept();  // QFileDialog::accept, as its Save/Open button
        if (!checked.wait(30000))
            return false;
        *output = checked.first().at(1).toString();
        return checked.first().at(0).toBool();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-backup-test"));
        m_db = m_dir.filePath(QStringLiteral("office.db"));
    }

    void theFileMenuComesFirstAndSuggestsTodaysName()
    {
        McpClient::Launch launch;
        launch.program = TestSupport::serverProgram();
        launch.database = m_dir.filePath(QStringLiteral("unused.db"));
        const auto desk = window(launch);
        QCOMPARE(desk->menuBar()->actions().first(), desk->backupMenu()->menu()->menuAction());
        QVERIFY(desk->backupMenu()->backupAction()->isEnabled());
        QVERIFY(desk->backupMenu()->restoreAction()->isEnabled());
        const QString name = QStringLiteral("office-%1.db").arg(QDate::currentDate().toString(Qt::ISODate));
        const QString suggested = BackupMenu::suggestedBackupPath(QDate::currentDate());
        QCOMPARE(QFileInfo(suggested).fileName(), name);
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QCOMPARE(QFileInfo(suggested).absolutePath(), QFileInfo(folder).isDir() ? folder : QDir::homePath());

        desk->backupMenu()->backupAction()->trigger();
        QFileDialog *dialog = desk->backupMenu()->fileDialog();
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))->text(), name);
        dialog->reject();
        QTRY_VERIFY(!desk->backupMenu()->fileDialog());
        QVERIFY(!QFileInfo::exists(launch.database));  // nothing was run
    }

    void backUpThenRestoreWhileServing()
    {
        const auto desk = servingWindow();
        CHECKED(waitServed(*desk));
        CHECKED(addCustomer(*desk, QStringLiteral("Before Backup"), QStringLiteral("before@example.com")));
        const QString customers = queryFile(m_db, QStringLiteral("SELECT count(*) FROM customers"));

        // Back up now… while the desk's office-mcp serves.
        const QString backup = m_dir.filePath(QStringLiteral("backup.db"));
        const qint64 pid = desk->client()->processId();
        QString output;
        QVERIFY2(backUpThroughTheMenu(*desk, backup, &output), qPrintable(output));
        QVERIFY2(output.contains(QRegularExpression(QStringLiteral("customers +%1\\b").arg(customers))), qPrintable(output));
        QMessageBox *shown = desk->backupMenu()->messageBox();
        QVERIFY(shown && shown->isVisible());
        QVERIFY(shown->text().contains(QStringLiteral("customers")));
        shown->accept();
        QCOMPARE(desk->client()->processId(), pid);  // served on, never stopped
        QVERIFY(desk->client()->isReady());
        // The backup is an office (the office's application id, SQLite's own check clean)
        // holding what the office held, private.
        QVERIFY(QFileInfo::exists(backup));
        QCOMPARE(QFileInfo(backup).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
        QCOMPARE(queryFile(backup, QStringLiteral("PRAGMA application_id")), queryFile(m_db, QStringLiteral("PRAGMA application_id")));
        QVERIFY(queryFile(backup, QStringLiteral("PRAGMA application_id")).toLongLong() != 0);
        QCOMPARE(queryFile(backup, QStringLiteral("PRAGMA integrity_check")), QStringLiteral("ok"));
        QCOMPARE(customerNamed(backup, QStringLiteral("Before Backup")), QStringLiteral("1"));

        CHECKED(addCustomer(*desk, QStringLiteral("After Backup"), QStringLiteral("after@example.com")));

        // An existing file: the dialog asks, and only then is it replaced (--force).
        const QString later = m_dir.filePath(QStringLiteral("later.db"));
        QVERIFY2(backUpThroughTheMenu(*desk, later, &output), qPrintable(output));
        desk->backupMenu()->messageBox()->accept();
        CHECKED(addCustomer(*desk, QStringLiteral("Later Still"), QStringLiteral("later@example.com")));
        bool asked = false;
        QVERIFY2(backUpThroughTheMenu(*desk, later, &output, &asked), qPrintable(output));
        QVERIFY(asked);
        desk->backupMenu()->messageBox()->accept();
        QCOMPARE(customerNamed(later, QStringLiteral("Later Still")), QStringLiteral("1"));
        // Without the person's yes, office-mcp refuses, and the desk shows its sentence.
        QSignalSpy refused(desk->backupMenu(), &BackupMenu::backupFinished);
        desk->backupMenu()->backUpTo(later, false);
        QVERIFY(refused.wait(30000));
        QVERIFY(!refused.first().at(0).toBool());
        QVERIFY2(refused.first().at(1).toString().contains(QStringLiteral("--force")), qPrintable(refused.first().at(1).toString()));
        QCOMPARE(desk->backupMenu()->messageBox()->icon(), QMessageBox::Warning);
        desk->backupMenu()->messageBox()->accept();

        // Restore…: what the backup holds first, then the question.
        QSignalSpy asking(desk->backupMenu(), &BackupMenu::confirmationShown);
        QVERIFY2(checkThroughTheMenu(*desk, backup, &output), qPrintable(output));
        QVERIFY2(output.contains(QRegularExpression(QStringLiteral("customers +%1\\b").arg(customers))), qPrintable(output));
        QTRY_COMPARE(asking.count(), 1);
        QMessageBox *question = desk->backupMenu()->messageBox();
        QVERIFY(question && question->isVisible());
        QVERIFY(question->text().contains(QStringLiteral("office.db.before-restore-")));
        QVERIFY(question->text().contains(QStringLiteral("started again")));
        QVERIFY(question->text().contains(QStringLiteral("customers")));
        QCOMPARE(question->defaultButton(), question->button(QMessageBox::Cancel));
        QCOMPARE(desk->client()->processId(), pid);  // nothing stopped before the yes
        QCOMPARE(customerNamed(m_db, QStringLiteral("After Backup")), QStringLiteral("1"));

        QSignalSpy restored(desk->backupMenu(), &BackupMenu::restoreFinished);
        question->findChild<QPushButton *>(QStringLiteral("restoreButton"))->click();
        QVERIFY(restored.wait(30000));
        QVERIFY2(restored.first().at(0).toBool(), qPrintable(restored.first().at(1).toString()));
        QVERIFY(restored.first().at(1).toString().contains(QStringLiteral("before-restore")));
        QVERIFY(desk->backupMenu()->messageBox()->isVisible());
        desk->backupMenu()->messageBox()->accept();

        // The server was started again and serves the backed-up office: the later customers are gone.
        QTRY_VERIFY_WITH_TIMEOUT(desk->client()->isReady(), 15000);
        QVERIFY(desk->client()->processId() != pid);
        QTRY_VERIFY_WITH_TIMEOUT(!shownCustomers(*desk).contains(QStringLiteral("After Backup")), 15000);
        QVERIFY(shownCustomers(*desk).contains(QStringLiteral("Before Backup")));
        QCOMPARE(customerNamed(m_db, QStringLiteral("After Backup")), QStringLiteral("0"));
        // It serves writes too.
        CHECKED(addCustomer(*desk, QStringLiteral("After Restore"), QStringLiteral("restored@example.com")));
        QCOMPARE(customerNamed(m_db, QStringLiteral("After Restore")), QStringLiteral("1"));
        // The office it replaced is kept, whole, beside it.
        const QStringList kept = QDir(m_dir.path()).entryList({QStringLiteral("office.db.before-restore-*")}, QDir::Files);
        const QStringList keptOffices = kept.filter(QRegularExpression(QStringLiteral("Z(-\\d+)?$")));
        QCOMPARE(keptOffices.size(), 1);
        QCOMPARE(customerNamed(m_dir.filePath(keptOffices.first()), QStringLiteral("After Backup")), QStringLiteral("1"));
    }

    void aFileThatIsNoOfficeIsRefusedAndTheOfficeServesOn()
    {
        const auto desk = servingWindow();
        CHECKED(waitServed(*desk));
        const qint64 pid = desk->client()->processId();
        const QByteArray before = [this] {
            QFile file(m_db);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        }();
        const QString bad = m_dir.filePath(QStringLiteral("notes.db"));
        QFile notes(bad);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("these are notes, not an office\n");
        notes.close();

        QSignalSpy asking(desk->backupMenu(), &BackupMenu::confirmationShown);
        QString output;
        QVERIFY(!checkThroughTheMenu(*desk, bad, &output));
        QVERIFY2(output.contains(QStringLiteral("not")), qPrintable(output));  // office-mcp's sentence
        QMessageBox *box = desk->backupMenu()->messageBox();
        QVERIFY(box && box->isVisible());
        QCOMPARE(box->icon(), QMessageBox::Warning);
        QVERIFY(box->text().contains(QStringLiteral("cannot be restored")));
        box->accept();
        QTest::qWait(200);
        QCOMPARE(asking.count(), 0);  // never asked
        QCOMPARE(desk->client()->processId(), pid);
        QVERIFY(desk->client()->isReady());
        QFile file(m_db);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
    }

    void aRemoteOrPostgresOfficeHasNoBackupHere()
    {
        McpClient::Launch remote;
        remote.program = TestSupport::serverProgram();
        remote.remote = true;
        remote.url = QStringLiteral("http://127.0.0.1:9/mcp");
        const auto far = window(remote);
        for (QAction *action : {far->backupMenu()->backupAction(), far->backupMenu()->restoreAction()}) {
            QVERIFY(!action->isEnabled());
            QVERIFY2(action->toolTip().contains(QStringLiteral("remote office")), qPrintable(action->toolTip()));
        }
        QVERIFY(far->backupMenu()->menu()->toolTipsVisible());

        McpClient::Launch postgres;
        postgres.program = TestSupport::serverProgram();
        postgres.database = QStringLiteral("postgresql:///office");
        const auto pg = window(postgres);
        for (QAction *action : {pg->backupMenu()->backupAction(), pg->backupMenu()->restoreAction()}) {
            QVERIFY(!action->isEnabled());
            QVERIFY2(action->toolTip().contains(QStringLiteral("PostgreSQL")), qPrintable(action->toolTip()));
        }
        // Called anyway, nothing runs.
        QSignalSpy finished(pg->backupMenu(), &BackupMenu::backupFinished);
        pg->backupMenu()->backUpTo(m_dir.filePath(QStringLiteral("pg.db")), false);
        QVERIFY(!pg->backupMenu()->isBusy());
        QTest::qWait(200);
        QCOMPARE(finished.count(), 0);
    }
};

QTEST_MAIN(TestBackup)
#include "tst_backup.moc"
