// The office's records kept at the desk (issue 37): the desk starts its own office-mcp with
// --admin, and its customers, invoices and menu tables get buttons that open the admin tools'
// forms and call them through the office — a local office-mcp and a remote one over HTTP with
// an admin token — and the audit tab names the person. A token without the admin right sees
// read-only tables. The first start on a machine with no office asks which one to create.
// All against the real office-mcp ($OFFICE_MCP).

#include "connectpanel.h"
#include "databaseview.h"
#include "firstoffice.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "officefeed.h"
#include "recorddialog.h"
#include "schemaform.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

namespace {

// The rows of a table as the desk last read it, each by column.
QList<QHash<QString, QVariant>> rowsOf(const DatabaseView *view, const QString &table)
{
    const TableRows rows = view->snapshot(table);
    QList<QHash<QString, QVariant>> out;
    for (const QVariantList &row : rows.rows) {
        QHash<QString, QVariant> values;
        for (qsizetype c = 0; c < rows.columns.size(); ++c)
            values.insert(rows.columns.at(c), row.value(c));
        out << values;
    }
    return out;
}

bool hasRow(const DatabaseView *view, const QString &table, const QString &column, const QString &value)
{
    const auto rows = rowsOf(view, table);
    return std::any_of(rows.cbegin(), rows.cend(), [&](const QHash<QString, QVariant> &row) { return row.value(column).toString() == value; });
}

// The audit row of `action` about what `detail` mentions; empty when there is none yet.
QHash<QString, QVariant> auditRow(const DatabaseView *view, const QString &action, const QString &detail)
{
    const auto rows = rowsOf(view, QStringLiteral("audit"));
    for (const auto &row : rows) {
        if (row.value(QStringLiteral("action")).toString() == action && row.value(QStringLiteral("detail")).toString().contains(detail))
            return row;
    }
    return {};
}

} // namespace

class TestRecords : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString run(const QStringList &arguments, int *code = nullptr)
    {
        QProcess process;
        process.start(TestSupport::serverProgram(), arguments);
        if (!process.waitForFinished(15000))
            return {};
        if (code)
            *code = process.exitCode();
        return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    }

    std::unique_ptr<MainWindow> localWindow(const QString &database)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.database = database;
        auto window = std::make_unique<MainWindow>(options);
        window->resize(1300, 850);
        window->show();
        return window;
    }

    std::unique_ptr<MainWindow> remoteWindow(const QString &url, const QString &token)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.remote = true;
        options.launch.url = url;
        options.launch.token = token;
        options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
        auto window = std::make_unique<MainWindow>(options);
        window->resize(1300, 850);
        window->show();
        return window;
    }

    // Presses the table's button for `tool` (it must be shown), fills the form and saves; returns
    // the dialog once the office answered (nullptr when it closed: the office accepted).
    RecordDialog *submit(MainWindow &window, const QString &table, const QString &tool, const QJsonObject &values)
    {
        DatabaseView *view = window.databaseView();
        window.sideTabs()->setCurrentWidget(view);
        view->tabs()->setCurrentWidget(view->table(table));
        QPushButton *button = view->recordButton(tool);
        if (!button || !button->isVisible() || !button->isEnabled()) {
            qWarning("%s: the button is %s", qPrintable(tool), !button ? "missing" : !button->isVisible() ? "hidden" : "disabled");
            return nullptr;
        }
        QSignalSpy shown(&window, &MainWindow::recordFormShown);
        button->click();
        if (shown.isEmpty())
            return nullptr;
        RecordDialog *dialog = window.recordDialog();
        if (!values.isEmpty())
            dialog->form()->setValues(values);
        QSignalSpy completed(&window, &MainWindow::callCompleted);
        dialog->saveButton()->click();
        if (!completed.wait(15000))
            qWarning("%s: no answer from the office", qPrintable(tool));
        RecordDialog *open = window.recordDialog();
        return open && open->isVisible() ? open : nullptr;
    }

    // Selects the row of `table` whose id is `id`.
    static void selectRow(DatabaseView *view, const QString &table, qint64 id)
    {
        view->tabs()->setCurrentWidget(view->table(table));
        QTableWidget *widget = view->table(table);
        for (int r = 0; r < widget->rowCount(); ++r) {
            if (widget->item(r, 0)->data(Qt::UserRole).toLongLong() == id)
                widget->setCurrentCell(r, 0);
        }
    }

    // The desk adds a customer and a menu item; the audit names `person`.
    void addCustomerAndMenuItem(MainWindow &window, const QString &person, const QString &email)
    {
        DatabaseView *view = window.databaseView();
        QTRY_VERIFY_WITH_TIMEOUT(view->recordButton(QStringLiteral("add_customer"))->isEnabled() && window.officeFeed()->rounds() > 0, 15000);

        QVERIFY(!submit(window, QStringLiteral("customers"), QStringLiteral("add_customer"),
                        {{QStringLiteral("name"), QStringLiteral("Ana Torres")}, {QStringLiteral("email"), email}}));
        QVERIFY(hasRow(view, QStringLiteral("customers"), QStringLiteral("email"), email));
        QTRY_VERIFY_WITH_TIMEOUT(!auditRow(view, QStringLiteral("customer_added"), QStringLiteral("Ana Torres")).isEmpty(), 10000);
        const auto added = auditRow(view, QStringLiteral("customer_added"), QStringLiteral("Ana Torres"));
        QCOMPARE(added.value(QStringLiteral("principal")).toString(), person);
        QCOMPARE(added.value(QStringLiteral("client_name")).toString(), QStringLiteral("office-desk"));

        QVERIFY(!submit(window, QStringLiteral("menu"), QStringLiteral("add_menu_item"),
                        {{QStringLiteral("item"), QStringLiteral("gazpacho")}, {QStringLiteral("price"), QStringLiteral("4.50")}}));
        QVERIFY(hasRow(view, QStringLiteral("menu"), QStringLiteral("name"), QStringLiteral("gazpacho")));
        const auto item = rowsOf(view, QStringLiteral("menu")).last();
        QCOMPARE(item.value(QStringLiteral("price_cents")).toLongLong(), 450);  // as written: exact cents
        QTRY_VERIFY_WITH_TIMEOUT(!auditRow(view, QStringLiteral("menu_item_added"), QStringLiteral("gazpacho")).isEmpty(), 10000);
        QCOMPARE(auditRow(view, QStringLiteral("menu_item_added"), QStringLiteral("gazpacho")).value(QStringLiteral("principal")).toString(), person);
        // The audit tab shows it in the desk's words.
        QTableWidget *audit = view->table(QStringLiteral("audit"));
        bool shown = false;
        for (int r = 0; r < audit->rowCount(); ++r) {
            for (int c = 0; c < audit->columnCount(); ++c)
                shown = shown || (audit->item(r, c) && audit->item(r, c)->text() == QStringLiteral("menu item added"));
        }
        QVERIFY(shown);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-records-test"));
    }

    void onlyTheDesksOwnOfficeMcpGetsTheAdminRight()
    {
        const auto window = localWindow(m_dir.filePath(QStringLiteral("args.db")));
        QVERIFY(window->client()->arguments().contains(QStringLiteral("--admin")));
        McpClient other;  // any other client the desk starts (the screenshot's assistant) asks for none
        McpClient::Launch launch = window->client()->launch();
        launch.admin = false;
        other.setLaunch(launch);
        QVERIFY(!other.arguments().contains(QStringLiteral("--admin")));
        McpClient plain;
        QVERIFY(!plain.arguments().contains(QStringLiteral("--admin")));
        // Nor the configuration the desk offers for an AI client, whichever writes it.
        for (const QString &client : ConnectPanel::clientIds())
            QVERIFY(!ConnectPanel::generate(client, window->client()->launch()).contains(QStringLiteral("--admin")));
        QTRY_VERIFY_WITH_TIMEOUT(window->connectPanel()->snippet().contains(QStringLiteral("args.db")), 10000);
        QVERIFY2(!window->connectPanel()->snippet().contains(QStringLiteral("--admin")), qPrintable(window->connectPanel()->snippet()));
    }

    void theDeskKeepsALocalOfficesRecords()
    {
        const QString database = m_dir.filePath(QStringLiteral("local.db"));
        const auto window = localWindow(database);
        window->client()->start();
        addCustomerAndMenuItem(*window, TestSupport::loginName(), QStringLiteral("ana@example.com"));
        if (QTest::currentTestFailed())
            return;
        DatabaseView *view = window->databaseView();

        // A second customer with the same email: the office refuses, in its own sentence, and
        // the form stays open with the values as typed.
        RecordDialog *refused = submit(*window, QStringLiteral("customers"), QStringLiteral("add_customer"),
                                       {{QStringLiteral("name"), QStringLiteral("Ana T.")}, {QStringLiteral("email"), QStringLiteral("ANA@example.com")}});
        QVERIFY(refused);
        QVERIFY(refused->refusalLabel()->isVisible());
        QVERIFY2(refused->refusalLabel()->text().contains(QStringLiteral("Ana Torres")), qPrintable(refused->refusalLabel()->text()));
        QCOMPARE(refused->form()->values().value(QLatin1String("email")).toString(), QStringLiteral("ANA@example.com"));
        refused->cancelButton()->click();
        QTRY_VERIFY(!window->recordDialog());

        // Edit: the form starts from the selected row.
        const qint64 ana = rowsOf(view, QStringLiteral("customers")).last().value(QStringLiteral("id")).toLongLong();
        selectRow(view, QStringLiteral("customers"), ana);
        QSignalSpy shown(window.get(), &MainWindow::recordFormShown);
        view->recordButton(QStringLiteral("edit_customer"))->click();
        QCOMPARE(shown.size(), 1);
        QCOMPARE(window->recordDialog()->form()->values(),
                 (QJsonObject{{QStringLiteral("customer_id"), ana}, {QStringLiteral("name"), QStringLiteral("Ana Torres")},
                              {QStringLiteral("email"), QStringLiteral("ana@example.com")}}));
        QJsonObject edited = window->recordDialog()->form()->values();
        edited[QStringLiteral("name")] = QStringLiteral("Ana Torres Vidal");
        window->recordDialog()->form()->setValues(edited);
        QSignalSpy completed(window.get(), &MainWindow::callCompleted);
        window->recordDialog()->saveButton()->click();
        QVERIFY(completed.wait(15000));
        QTRY_VERIFY(!window->recordDialog());
        QVERIFY(hasRow(view, QStringLiteral("customers"), QStringLiteral("name"), QStringLiteral("Ana Torres Vidal")));

        // Mark invoice 2 (open) paid; a paid one has no button to press.
        selectRow(view, QStringLiteral("invoices"), 1);
        QVERIFY(!view->recordButton(QStringLiteral("pay_invoice"))->isEnabled());
        selectRow(view, QStringLiteral("invoices"), 2);
        QVERIFY(!submit(*window, QStringLiteral("invoices"), QStringLiteral("pay_invoice"), {}));
        QCOMPARE(view->value(QStringLiteral("invoices"), 2, QStringLiteral("status")).toString(), QStringLiteral("paid"));

        // Removing a customer with invoices is refused, saying why; Ana (none) goes.
        selectRow(view, QStringLiteral("customers"), 1);
        refused = submit(*window, QStringLiteral("customers"), QStringLiteral("remove_customer"), {});
        QVERIFY(refused);
        QVERIFY2(refused->refusalLabel()->text().contains(QStringLiteral("invoice")), qPrintable(refused->refusalLabel()->text()));
        refused->cancelButton()->click();
        QTRY_VERIFY(!window->recordDialog());
        QVERIFY(view->value(QStringLiteral("customers"), 1, QStringLiteral("name")).isValid());
        selectRow(view, QStringLiteral("customers"), ana);
        QVERIFY(!submit(*window, QStringLiteral("customers"), QStringLiteral("remove_customer"), {}));
        QVERIFY(!view->value(QStringLiteral("customers"), ana, QStringLiteral("name")).isValid());

        // The operator's console sees the same office.
        QVERIFY(run({QStringLiteral("menu"), QStringLiteral("list"), QStringLiteral("--db"), database}).contains(QStringLiteral("gazpacho")));
    }

    void theDeskKeepsARemoteOfficesRecordsWithAnAdminToken()
    {
        const QString database = m_dir.filePath(QStringLiteral("remote.db"));
        int code = -1;
        const QString token = run({QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("front-desk"), QStringLiteral("--admin"),
                                   QStringLiteral("--db"), database}, &code);
        QCOMPARE(code, 0);
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            const auto window = remoteWindow(url, token);
            window->client()->start();
            addCustomerAndMenuItem(*window, QStringLiteral("front-desk"), QStringLiteral("ana.remote@example.com"));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void aDeskWithoutTheAdminRightShowsNoEditActions()
    {
        const QString database = m_dir.filePath(QStringLiteral("agent.db"));
        int code = -1;
        const QString token = run({QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("an-agent"), QStringLiteral("--db"), database}, &code);
        QCOMPARE(code, 0);
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            const auto window = remoteWindow(url, token);
            window->client()->start();
            QTRY_VERIFY_WITH_TIMEOUT(!window->client()->tools().isEmpty() && window->officeFeed()->rounds() > 0, 15000);
            // add_customer is an agent tool and listed; still no buttons without the admin tools.
            QVERIFY(!TestSupport::toolNamed(window->client()->tools(), QStringLiteral("add_customer")).isEmpty());
            QVERIFY(TestSupport::toolNamed(window->client()->tools(), QStringLiteral("edit_customer")).isEmpty());
            DatabaseView *view = window->databaseView();
            window->sideTabs()->setCurrentWidget(view);
            for (const QString &table : {QStringLiteral("customers"), QStringLiteral("invoices"), QStringLiteral("menu")}) {
                view->tabs()->setCurrentWidget(view->table(table));
                QVERIFY(!view->recordBar()->isVisible());
                for (const QString &tool : DatabaseView::recordToolNames())
                    QVERIFY(!view->recordButton(tool)->isVisible());
            }
            QVERIFY(view->table(QStringLiteral("customers"))->rowCount() > 0);  // read-only, as before
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void theOfficeMenuReplacesTheOfficeWithAnEmptyOneAndBack()
    {
        const QString database = m_dir.filePath(QStringLiteral("switch.db"));
        const auto window = localWindow(database);
        window->client()->start();
        QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() > 0 && window->databaseView()->table(QStringLiteral("customers"))->rowCount() == 3, 15000);
        QVERIFY(window->findChild<QAction *>(QStringLiteral("emptyOfficeAction")));

        QSignalSpy replaced(window.get(), &MainWindow::officeReplaced);
        window->replaceOffice(false);
        QVERIFY(replaced.wait(20000));
        QVERIFY2(replaced.first().at(0).toBool(), qPrintable(replaced.first().at(1).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->officeFeed()->rounds() > 0
                                     && window->databaseView()->snapshot(QStringLiteral("customers")).ok()
                                     && window->databaseView()->table(QStringLiteral("customers"))->rowCount() == 0, 15000);
        QCOMPARE(window->databaseView()->table(QStringLiteral("menu"))->rowCount(), 0);

        window->replaceOffice(true);
        QVERIFY(replaced.wait(20000));
        QVERIFY2(replaced.at(1).at(0).toBool(), qPrintable(replaced.at(1).at(1).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->databaseView()->table(QStringLiteral("customers"))->rowCount() == 3, 15000);
    }

    void theFirstStartAsksWhichOfficeAndMakesTheOneChosen()
    {
        McpClient::Launch launch;
        launch.program = TestSupport::serverProgram();
        launch.database = m_dir.filePath(QStringLiteral("first.db"));
        QVERIFY(FirstOffice::needed(launch));
        McpClient::Launch remote = launch;
        remote.remote = true;
        QVERIFY(!FirstOffice::needed(remote));

        // The person picks their own office, empty, and creates it.
        bool sawLater = false;
        QTimer::singleShot(0, this, [&sawLater] {
            auto *dialog = qobject_cast<FirstOfficeDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QVERIFY(dialog->demoChoice()->isChecked());  // the demo unless chosen otherwise
            sawLater = dialog->laterLabel()->text().contains(QStringLiteral("office-mcp db reset --empty"));
            dialog->emptyChoice()->click();
            dialog->findChild<QPushButton *>(QStringLiteral("createOffice"))->click();
        });
        QString problem;
        QVERIFY(FirstOffice::ask(launch, &problem));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(sawLater);
        QVERIFY(!FirstOffice::needed(launch));  // an office that exists: nothing more is asked

        const auto window = localWindow(launch.database);
        window->client()->start();
        QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() > 0 && window->databaseView()->snapshot(QStringLiteral("customers")).ok(), 15000);
        QCOMPARE(window->databaseView()->table(QStringLiteral("customers"))->rowCount(), 0);
        QCOMPARE(window->databaseView()->table(QStringLiteral("invoices"))->rowCount(), 0);
        QCOMPARE(window->databaseView()->table(QStringLiteral("menu"))->rowCount(), 0);

        // Closing the question creates nothing.
        McpClient::Launch other = launch;
        other.database = m_dir.filePath(QStringLiteral("closed.db"));
        QTimer::singleShot(0, this, [] { QApplication::activeModalWidget()->close(); });
        QVERIFY(!FirstOffice::ask(other, &problem));
        QVERIFY(!QFileInfo::exists(other.database));
    }
};

QTEST_MAIN(TestRecords)
#include "tst_records.moc"
