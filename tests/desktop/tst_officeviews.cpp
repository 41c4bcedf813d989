// The database view and the approval queue read the office through the server (its office://
// resources), never from the file: against a local office over stdio in both eras, and against
// an office served over HTTP with a token. A change made by another client (a separate
// office-mcp process writing the same database) shows up without the desk asking: the server
// notifies (subscriptions/listen, resources/subscribe) and the view reads again.

#include "approvalqueue.h"
#include "databaseview.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "officefeed.h"
#include "testsupport.h"

#include <QLabel>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(McpClient::Era)

class TestOfficeViews : public QObject
{
    Q_OBJECT

private:
    QString m_program;
    QTemporaryDir m_dir;
    int m_databases = 0;

    QString newDatabase() { return m_dir.filePath(QStringLiteral("views-%1.db").arg(++m_databases)); }

    QString addToken(const QString &database, const QString &name, const QString &profile = QString())
    {
        QStringList args{QStringLiteral("token"), QStringLiteral("add"), name, QStringLiteral("--db"), database};
        if (!profile.isEmpty())
            args << QStringLiteral("--profile") << profile;
        QProcess token;
        token.start(m_program, args);
        if (!token.waitForFinished(10000) || token.exitCode() != 0)
            return {};
        return QString::fromUtf8(token.readAllStandardOutput()).trimmed();
    }

    std::unique_ptr<MainWindow> openWindow(const McpClient::Launch &launch)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch = launch;
        options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
        return std::make_unique<MainWindow>(options);
    }

    McpClient::Launch local(const QString &database, McpClient::Era era)
    {
        McpClient::Launch launch;
        launch.program = m_program;
        launch.database = database;
        launch.era = era;
        return launch;
    }

    McpClient::Launch remote(const QString &url, const QString &token)
    {
        McpClient::Launch launch;
        launch.program = m_program;
        launch.remote = true;
        launch.url = url;
        launch.token = token;
        return launch;
    }

    // The seeded office as the view shows it, read through the server.
    static void checkSeededOffice(MainWindow *window)
    {
        DatabaseView *view = window->databaseView();
        QVERIFY(view->isResourceMode());
        QCOMPARE(view->table(QStringLiteral("customers"))->rowCount(), 3);
        QCOMPARE(view->table(QStringLiteral("slots"))->rowCount(), 6);
        QCOMPARE(view->table(QStringLiteral("invoices"))->rowCount(), 4);
        QCOMPARE(view->value(QStringLiteral("invoices"), 4, QStringLiteral("customer")).toString(), QStringLiteral("Priya Nair"));
        QCOMPARE(view->value(QStringLiteral("invoices"), 4, QStringLiteral("amount_cents")).toLongLong(), Q_INT64_C(41000));
        QVERIFY(view->statusLabel()->text().contains(QStringLiteral("read through the server")));
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
    }

    void aLocalOfficeIsReadThroughItsResourcesAndChangesArriveLive_data()
    {
        QTest::addColumn<McpClient::Era>("era");
        QTest::newRow("2026-07-28 subscriptions/listen") << McpClient::Era::Modern;
        QTest::newRow("2025-11-25 resources/subscribe") << McpClient::Era::Legacy;
    }

    void aLocalOfficeIsReadThroughItsResourcesAndChangesArriveLive()
    {
        QFETCH(McpClient::Era, era);
        const QString database = newDatabase();
        auto window = openWindow(local(database, era));
        QSignalSpy updated(window->officeFeed(), &OfficeFeed::updated);
        QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() >= 1, 10000);
        checkSeededOffice(window.get());
        QCOMPARE(window->officeFeed()->mode(), OfficeFeed::Mode::Live);
        QVERIFY(window->client()->isListening());

        // Another client books slot 1 for Maria: the desk hears of it and reads the slots again.
        const int before = window->officeFeed()->rounds();
        QVERIFY(TestSupport::callAs(database, QStringLiteral("phone-assistant"), QStringLiteral("book_slot"),
                       QJsonObject{{QStringLiteral("slot_id"), 1}, {QStringLiteral("customer_id"), 1}}));
        QTRY_COMPARE_WITH_TIMEOUT(window->databaseView()->value(QStringLiteral("slots"), 1, QStringLiteral("customer_id")).toLongLong(),
                                  Q_INT64_C(1), 10000);
        QVERIFY(window->officeFeed()->rounds() > before);
        QCOMPARE(window->officeFeed()->mode(), OfficeFeed::Mode::Live);  // heard, not polled
        // The audit tab too: the booking, by whom, through the server.
        DatabaseView *view = window->databaseView();
        QTRY_COMPARE_WITH_TIMEOUT(view->table(QStringLiteral("audit"))->rowCount(), 1, 10000);
        const qint64 audited = view->snapshot(QStringLiteral("audit")).rows.first().first().toLongLong();
        QCOMPARE(view->value(QStringLiteral("audit"), audited, QStringLiteral("action")).toString(), QStringLiteral("slot_booked"));
        QCOMPARE(view->value(QStringLiteral("audit"), audited, QStringLiteral("client_name")).toString(), QStringLiteral("phone-assistant"));
    }

    void aRefundQueuedByAnotherClientWaitsInTheQueueReadThroughTheServer()
    {
        const QString database = newDatabase();
        auto window = openWindow(local(database, McpClient::Era::Modern));
        QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() >= 1, 10000);
        QCOMPARE(window->approvalQueue()->pendingCount(), 0);
        QVERIFY(window->approvalQueue()->isResourceMode());

        QVERIFY(TestSupport::callAs(database, QStringLiteral("mail-assistant"), QStringLiteral("issue_refund"),
                       QJsonObject{{QStringLiteral("invoice_id"), 2}}));
        QTRY_COMPARE_WITH_TIMEOUT(window->approvalQueue()->pendingCount(), 1, 10000);
        QCOMPARE(window->approvalQueue()->pendingInvoices(), QList<qint64>{2});
        QTableWidget *queue = window->approvalQueue()->table();
        QCOMPARE(queue->item(0, 3)->text(), QStringLiteral("Maria Alvarez"));
        QCOMPARE(queue->item(0, 4)->text(), QStringLiteral("80.00"));
        QCOMPARE(queue->item(0, 5)->text(), QStringLiteral("mail-assistant/1.0"));  // the client as it named itself
    }

    void aRequestFollowedAsATaskSaysSoAndShowsWhenItsClientWithdrawsIt()
    {
        const QString database = newDatabase();
        auto window = openWindow(local(database, McpClient::Era::Modern));
        QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() >= 1, 10000);
        const QJsonObject tasks{{QStringLiteral("extensions"), QJsonObject{{QStringLiteral("io.modelcontextprotocol/tasks"), QJsonObject()}}}};
        const QJsonObject created = TestSupport::requestAs(database, QStringLiteral("task-agent"), QStringLiteral("tools/call"),
            QJsonObject{{QStringLiteral("name"), QStringLiteral("issue_refund")},
                        {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("invoice_id"), 2}}}}, tasks)
                                        .value(QStringLiteral("result")).toObject();
        QCOMPARE(created.value(QStringLiteral("resultType")).toString(), QStringLiteral("task"));
        QTRY_COMPARE_WITH_TIMEOUT(window->approvalQueue()->pendingCount(), 1, 10000);
        QTableWidget *queue = window->approvalQueue()->table();
        QCOMPARE(queue->item(0, 5)->text(), QStringLiteral("task-agent/1.0 · task"));
        QVERIFY(queue->item(0, 5)->toolTip().contains(QStringLiteral("it can withdraw the request")));

        const QJsonObject cancelled = TestSupport::requestAs(database, QStringLiteral("task-agent"), QStringLiteral("tasks/cancel"),
            QJsonObject{{QStringLiteral("taskId"), created.value(QStringLiteral("taskId"))}}, tasks);
        QVERIFY(cancelled.contains(QStringLiteral("result")));
        QTRY_COMPARE_WITH_TIMEOUT(window->approvalQueue()->pendingCount(), 0, 10000);
        QCOMPARE(queue->item(0, 7)->text(), QStringLiteral("withdrawn"));
        QCOMPARE(queue->item(0, 8)->text(), QStringLiteral("task-agent/1.0"));  // who withdrew it
        QVERIFY(queue->item(0, 9)->text().startsWith(QStringLiteral("withdrawn by its client; nothing refunded · ")));
        QVERIFY(!queue->cellWidget(0, 0));  // nothing to review or re-open
    }

    void anHttpOfficeIsReadWithATokenAndChangesArriveLive()
    {
        const QString database = newDatabase();
        const QString token = addToken(database, QStringLiteral("desk"));
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            auto window = openWindow(remote(url, token));
            QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() >= 1, 10000);
            checkSeededOffice(window.get());
            QVERIFY(window->databaseView()->statusLabel()->text().contains(url));
            QCOMPARE(window->officeFeed()->mode(), OfficeFeed::Mode::Live);

            QVERIFY(TestSupport::callAs(database, QStringLiteral("lunch-bot"), QStringLiteral("order_lunch"),
                           QJsonObject{{QStringLiteral("item"), QStringLiteral("tortilla")}, {QStringLiteral("quantity"), 2}}));
            QTRY_COMPARE_WITH_TIMEOUT(window->databaseView()->table(QStringLiteral("lunch_orders"))->rowCount(), 1, 10000);
            QCOMPARE(window->databaseView()->value(QStringLiteral("lunch_orders"), 1, QStringLiteral("item")).toString(),
                     QStringLiteral("tortilla"));
            QCOMPARE(window->officeFeed()->mode(), OfficeFeed::Mode::Live);
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void aTokensProfileHidesTheTablesItsToolsDoNotTouch()
    {
        const QString database = newDatabase();
        const QString token = addToken(database, QStringLiteral("scheduler"), QStringLiteral("scheduling"));
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            auto window = openWindow(remote(url, token));
            QTRY_VERIFY_WITH_TIMEOUT(window->officeFeed()->rounds() >= 1, 10000);
            DatabaseView *view = window->databaseView();
            QCOMPARE(view->table(QStringLiteral("slots"))->rowCount(), 6);
            QCOMPARE(view->table(QStringLiteral("invoices"))->rowCount(), 0);
            const QString hidden = QStringLiteral("This office's profile does not show invoices.");
            QCOMPARE(view->snapshot(QStringLiteral("invoices")).error, hidden);
            QTabWidget *tabs = view->tabs();
            QCOMPARE(tabs->tabToolTip(tabs->indexOf(view->table(QStringLiteral("invoices")))), hidden);
            // The queue is hidden too, and the desk says so rather than showing an empty queue.
            QCOMPARE(window->approvalQueue()->pendingCount(), 0);
            QCOMPARE(window->approvalQueue()->findChild<QLabel *>(QStringLiteral("approvalSummary"))->text(),
                     QStringLiteral("This office's profile does not show approval_requests."));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }
};

QTEST_MAIN(TestOfficeViews)
#include "tst_officeviews.moc"
