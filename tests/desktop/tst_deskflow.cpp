// The whole desk against the real office-mcp, in each era: list tools, book a slot and see the
// database change, refund through the dialog (accept and decline), and clear a refund that a
// separate client without forms left in the approval queue. Skipped without $OFFICE_MCP.

#include "approvalqueue.h"
#include "connectpanel.h"
#include "databaseview.h"
#include "desksettings.h"
#include "elicitationdialog.h"
#include "mainwindow.h"
#include "officefeed.h"
#include "office_version.h"
#include "resultview.h"
#include "schemaform.h"
#include "serverlogview.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "toolspanel.h"
#include "trafficlog.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(McpClient::Era)

class TestDeskFlow : public QObject
{
    Q_OBJECT

private:
    QString m_program;
    QTemporaryDir m_dir;
    int m_databases = 0;

    std::unique_ptr<MainWindow> openWindow(McpClient::Era era)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch.program = m_program;
        options.launch.database = m_dir.filePath(QStringLiteral("desk-%1.db").arg(++m_databases));
        options.launch.era = era;
        auto window = std::make_unique<MainWindow>(options);
        window->resize(1300, 850);
        window->show();
        return window;
    }

    static bool waitReady(MainWindow *window)
    {
        [&] { QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->toolsPanel()->toolList()->count() == TestSupport::kDeskTools, 10000); }();
        return window->client()->isReady() && window->toolsPanel()->toolList()->count() == TestSupport::kDeskTools;
    }

    // Clicks Call in the tools panel and waits for the window to finish handling the result.
    static McpCallResult callFromPanel(MainWindow *window, const QString &tool, const QJsonObject &arguments,
                                       const std::function<void(ElicitationDialog *)> &answer = {})
    {
        ToolsPanel *panel = window->toolsPanel();
        panel->selectTool(tool);
        panel->form()->setValues(arguments);
        QSignalSpy completed(window, &MainWindow::callCompleted);
        QSignalSpy shown(window, &MainWindow::questionShown);
        [&] { QTRY_VERIFY(panel->callButton()->isEnabled()); }();
        QTest::mouseClick(panel->callButton(), Qt::LeftButton);
        if (answer) {
            [&] { QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 5000); }();
            if (shown.count() == 1)
                answer(shown.at(0).at(0).value<ElicitationDialog *>());
        }
        [&] { QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 10000); }();
        return completed.isEmpty() ? McpCallResult{} : completed.at(0).at(0).value<McpCallResult>();
    }

    // Fills the refund form the way a person would, then presses Accept.
    static void approve(ElicitationDialog *dialog, double amount, const QString &reason)
    {
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->isModal() || dialog->windowModality() != Qt::NonModal);
        QVERIFY(!dialog->acceptButton()->isEnabled());
        QCOMPARE(dialog->request().serverName, QStringLiteral("Office"));
        auto *amountBox = qobject_cast<QLineEdit *>(dialog->form()->editor(QStringLiteral("amount")));
        QVERIFY(amountBox);
        QTest::keyClicks(amountBox, QString::number(amount));
        QTest::keyClicks(dialog->form()->editor(QStringLiteral("reason")), reason);
        QVERIFY(dialog->acceptButton()->isEnabled());
        QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
    }

    // A separate office-mcp on the same database, speaking 2025-11-25 without elicitation: its
    // refund goes to the approval queue. Returns the text of its answer.
    QString queueRefundFromAnotherClient(const QString &database, int invoiceId)
    {
        QProcess other;
        other.start(m_program, {QStringLiteral("--db"), database});
        if (!other.waitForStarted(5000))
            return QStringLiteral("did not start");
        const QByteArray lines =
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"no-forms-assistant","version":"1.0"}}})" "\n"
            R"({"jsonrpc":"2.0","method":"notifications/initialized"})" "\n"
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"issue_refund","arguments":{"invoice_id":)"
            + QByteArray::number(invoiceId) + "}}}\n";
        other.write(lines);
        QByteArray output;
        while (output.count('\n') < 2 && other.waitForReadyRead(5000))
            output += other.readAllStandardOutput();
        other.closeWriteChannel();
        other.waitForFinished(5000);
        const QJsonObject answer = TestSupport::parse(output.split('\n').value(1));
        return answer.value(QLatin1String("result")).toObject().value(QLatin1String("content")).toArray()
            .at(0).toObject().value(QLatin1String("text")).toString();
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
    }

    void bookAndRefundThroughTheDialog_data()
    {
        QTest::addColumn<McpClient::Era>("era");
        QTest::newRow("2026-07-28") << McpClient::Era::Modern;
        QTest::newRow("2025-11-25") << McpClient::Era::Legacy;
    }

    void bookAndRefundThroughTheDialog()
    {
        QFETCH(McpClient::Era, era);
        auto window = openWindow(era);
        QVERIFY(waitReady(window.get()));
        QCOMPARE(window->client()->protocolVersion(), era == McpClient::Era::Modern ? QStringLiteral("2026-07-28") : QStringLiteral("2025-11-25"));
        DatabaseView *db = window->databaseView();

        // The tools panel lists the six tools with their hints.
        QListWidget *list = window->toolsPanel()->toolList();
        QCOMPARE(list->item(0)->text(), QStringLiteral("find_customer"));
        window->toolsPanel()->selectTool(QStringLiteral("issue_refund"));
        QVERIFY(window->toolsPanel()->hintsLabel()->text().contains(QStringLiteral("destructive")));
        window->toolsPanel()->selectTool(QStringLiteral("open_invoices"));
        QVERIFY(window->toolsPanel()->hintsLabel()->text().contains(QStringLiteral("read-only")));

        // Book a slot: the database view shows it.
        QVERIFY(!db->value(QStringLiteral("slots"), 1, QStringLiteral("customer_id")).isValid());
        const int refreshes = db->refreshCount();
        McpCallResult booked = callFromPanel(window.get(), QStringLiteral("book_slot"),
                                             {{QStringLiteral("slot_id"), 1}, {QStringLiteral("customer_id"), 1}});
        QVERIFY2(!booked.isError(), qPrintable(booked.text()));
        QVERIFY(window->toolsPanel()->firstRunHint()->isHidden());  // the hint has done its job
        QVERIFY(db->refreshCount() > refreshes);
        QCOMPARE(db->value(QStringLiteral("slots"), 1, QStringLiteral("customer_id")).toLongLong(), 1);
        QVERIFY(!window->toolsPanel()->resultView()->isShowingError());

        // Booking it again is a tool error, shown in red.
        booked = callFromPanel(window.get(), QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 1}, {QStringLiteral("customer_id"), 2}});
        QVERIFY(booked.isError());
        QVERIFY(window->toolsPanel()->resultView()->isShowingError());
        QVERIFY(window->toolsPanel()->resultView()->statusText().contains(QStringLiteral("isError")));

        // Refund invoice 2: the dialog appears, is filled and accepted.
        QCOMPARE(db->value(QStringLiteral("invoices"), 2, QStringLiteral("status")).toString(), QStringLiteral("open"));
        const McpCallResult refunded = callFromPanel(window.get(), QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}},
                                                     [](ElicitationDialog *dialog) {
                                                         // Started here, so the dialog says so, and shows the invoice.
                                                         QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text(),
                                                                  QStringLiteral("You started this refund from the tools panel."));
                                                         QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("invoiceSummary"))->text(),
                                                                  QStringLiteral("Invoice 2 · Maria Alvarez · amount 80.00 · 0.00 refunded so far · 80.00 left"));
                                                         approve(dialog, 80, QStringLiteral("Charged twice"));
                                                     });
        QVERIFY2(!refunded.isError(), qPrintable(refunded.text()));
        QCOMPARE(db->value(QStringLiteral("invoices"), 2, QStringLiteral("status")).toString(), QStringLiteral("refunded"));
        const SqliteReader::Table refunds = db->snapshot(QStringLiteral("refunds"));
        QCOMPARE(refunds.rows.size(), 1);
        QCOMPARE(refunds.rows.at(0).at(refunds.columns.indexOf(QStringLiteral("amount_cents"))).toLongLong(), 8000);
        QCOMPARE(refunds.rows.at(0).at(refunds.columns.indexOf(QStringLiteral("reason"))).toString(), QStringLiteral("Charged twice"));
        QCOMPARE(refunds.rows.at(0).at(refunds.columns.indexOf(QStringLiteral("approved_via"))).toString(),
                 era == McpClient::Era::Modern ? QStringLiteral("input_required") : QStringLiteral("elicitation"));

        // Decline the refund of invoice 4: it stays open.
        const McpCallResult declined = callFromPanel(window.get(), QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 4}},
                                                     [](ElicitationDialog *dialog) { dialog->declineButton()->click(); });
        QVERIFY2(!declined.isError(), qPrintable(declined.text()));
        QCOMPARE(window->toolsPanel()->resultView()->statusText(),
                 era == McpClient::Era::Modern ? QStringLiteral("⊘ Declined · issue_refund changed nothing · 2 rounds")
                                               : QStringLiteral("⊘ Declined · issue_refund changed nothing"));
        QCOMPARE(db->value(QStringLiteral("invoices"), 4, QStringLiteral("status")).toString(), QStringLiteral("open"));
        QCOMPARE(db->snapshot(QStringLiteral("refunds")).rows.size(), 1);

        // The traffic log saw the route that era uses.
        TrafficLog *log = window->trafficLog();
        bool sawElicitationRequest = false, sawInputRequired = false;
        for (int row = 0; row < log->count(); ++row) {
            sawElicitationRequest |= !log->entry(row).outgoing && log->entry(row).kind == QLatin1String("request")
                && log->entry(row).method == QLatin1String("elicitation/create");
            sawInputRequired |= log->entry(row).summary.startsWith(QLatin1String("input_required"));
        }
        QCOMPARE(sawElicitationRequest, era == McpClient::Era::Legacy);
        QCOMPARE(sawInputRequired, era == McpClient::Era::Modern);
    }

    void aQueuedRefundIsReviewedFromTheApp_data()
    {
        bookAndRefundThroughTheDialog_data();
    }

    void aQueuedRefundIsReviewedFromTheApp()
    {
        QFETCH(McpClient::Era, era);
        auto window = openWindow(era);
        QVERIFY(waitReady(window.get()));
        ApprovalQueue *queue = window->approvalQueue();
        DatabaseView *db = window->databaseView();
        QCOMPARE(queue->pendingCount(), 0);

        // Another client, which cannot show forms, asks for two refunds.
        const QString database = window->client()->launch().database;
        QVERIFY(queueRefundFromAnotherClient(database, 4).contains(QLatin1String("1")));
        QVERIFY(queueRefundFromAnotherClient(database, 2).contains(QLatin1String("2")));
        // The file watcher notices the other process's writes.
        QTRY_COMPARE_WITH_TIMEOUT(queue->pendingCount(), 2, 5000);
        QCOMPARE(queue->pendingInvoices(), (QList<qint64>{4, 2}));

        // Approve the first from the app.
        QSignalSpy shown(window.get(), &MainWindow::questionShown);
        QSignalSpy completed(window.get(), &MainWindow::callCompleted);
        QVERIFY(queue->review(4));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 5000);
        auto *dialog = shown.at(0).at(0).value<ElicitationDialog *>();
        QVERIFY(dialog->request().message.contains(QStringLiteral("410.00")));
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text().startsWith(
                     QStringLiteral("no-forms-assistant/1.0 asked in approval request #1, today at ")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text()));
        QCOMPARE(window->statusBar()->currentMessage(), QStringLiteral("Reviewing the refund of invoice 4…"));
        approve(dialog, 400, QStringLiteral("Goodwill"));
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 10000);
        QVERIFY2(!completed.at(0).at(0).value<McpCallResult>().isError(), qPrintable(completed.at(0).at(0).value<McpCallResult>().text()));
        // 400.00 of 410.00: a partial refund (schema 3), so the invoice stays open with 10.00 left.
        QCOMPARE(db->value(QStringLiteral("invoices"), 4, QStringLiteral("status")).toString(), QStringLiteral("open"));
        QCOMPARE(db->value(QStringLiteral("invoices"), 4, QStringLiteral("refunded_cents")).toLongLong(), 40000);
        QCOMPARE(db->value(QStringLiteral("invoices"), 4, QStringLiteral("left_cents")).toLongLong(), 1000);
        QCOMPARE(db->value(QStringLiteral("approval_requests"), 1, QStringLiteral("status")).toString(), QStringLiteral("approved"));
        QCOMPARE(queue->pendingCount(), 1);
        // Who asked and who decided, in the queue and on the refund.
        const QString desk = QStringLiteral("office-desk/") + QStringLiteral(OFFICE_VERSION);
        int approvedRow = -1;
        for (int r = 0; r < queue->table()->rowCount(); ++r)
            approvedRow = queue->table()->item(r, 1)->text() == QLatin1String("#1") ? r : approvedRow;
        QVERIFY(approvedRow >= 0);
        QCOMPARE(queue->table()->item(approvedRow, 5)->text(), QStringLiteral("no-forms-assistant/1.0"));
        QCOMPARE(queue->table()->item(approvedRow, 8)->text(), TestSupport::loginName() + QStringLiteral(" (") + desk + QLatin1Char(')'));
        const SqliteReader::Table refunds = db->snapshot(QStringLiteral("refunds"));
        QCOMPARE(refunds.rows.size(), 1);
        QCOMPARE(refunds.rows.at(0).at(refunds.columns.indexOf(QStringLiteral("requested_by"))).toString(), QStringLiteral("no-forms-assistant/1.0"));
        QCOMPARE(refunds.rows.at(0).at(refunds.columns.indexOf(QStringLiteral("approval_request_id"))).toLongLong(), 1);

        // Decline the second: the request is marked declined and the invoice stays open.
        QVERIFY(queue->review(2));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 2, 5000);
        shown.at(1).at(0).value<ElicitationDialog *>()->declineButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 2, 10000);
        QCOMPARE(db->value(QStringLiteral("approval_requests"), 2, QStringLiteral("status")).toString(), QStringLiteral("declined"));
        QCOMPARE(db->value(QStringLiteral("invoices"), 2, QStringLiteral("status")).toString(), QStringLiteral("open"));
        QCOMPARE(queue->pendingCount(), 0);

        // The "no" was a mistake: Re-open runs office-mcp approvals reopen, and it waits again.
        QSignalSpy reopened(window.get(), &MainWindow::reopenFinished);
        QVERIFY(queue->reopen(2));
        QTRY_COMPARE_WITH_TIMEOUT(reopened.count(), 1, 10000);
        QVERIFY2(reopened.at(0).at(1).toBool(), qPrintable(reopened.at(0).at(2).toString()));
        QCOMPARE(queue->noteLabel()->text(), reopened.at(0).at(2).toString());
        QTRY_COMPARE_WITH_TIMEOUT(queue->pendingCount(), 1, 5000);
        QCOMPARE(db->value(QStringLiteral("approval_requests"), 2, QStringLiteral("status")).toString(), QStringLiteral("pending"));
    }

    void aLegacyQuestionIsWithdrawnWhenTheServerGoesAway()
    {
        auto window = openWindow(McpClient::Era::Legacy);
        QVERIFY(waitReady(window.get()));
        QSignalSpy shown(window.get(), &MainWindow::questionShown);
        QSignalSpy completed(window.get(), &MainWindow::callCompleted);
        window->toolsPanel()->selectTool(QStringLiteral("issue_refund"));
        window->toolsPanel()->form()->setValues({{QStringLiteral("invoice_id"), 2}});
        window->toolsPanel()->callButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 5000);
        QPointer<ElicitationDialog> dialog = shown.at(0).at(0).value<ElicitationDialog *>();
        window->client()->stop();  // EOF: the server drops the parked call
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 5000);
        const McpCallResult result = completed.at(0).at(0).value<McpCallResult>();
        QCOMPARE(result.kind, McpCallResult::Kind::LocalError);
        QVERIFY(result.text().startsWith(QStringLiteral("office-mcp exited")));
        QTRY_VERIFY(!dialog || !dialog->isVisible());
        QVERIFY(window->toolsPanel()->resultView()->isShowingError());
        QCOMPARE(window->databaseView()->value(QStringLiteral("invoices"), 2, QStringLiteral("status")).toString(), QStringLiteral("open"));
    }

    void changesAreSeenInADatabaseCreatedAfterTheWindowOpened()
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch.program = m_program;
        options.launch.database = m_dir.filePath(QStringLiteral("not-yet/there/office.db"));
        QVERIFY(!QFileInfo::exists(options.launch.database));
        MainWindow window(options);
        QTRY_VERIFY_WITH_TIMEOUT(window.client()->isReady() && window.toolsPanel()->toolList()->count() == TestSupport::kDeskTools, 10000);
        // The desk reads the tables through the server, which creates the office on that first use.
        QTRY_COMPARE_WITH_TIMEOUT(window.databaseView()->snapshot(QStringLiteral("customers")).rows.size(), 3, 10000);
        QVERIFY(QFileInfo::exists(options.launch.database));
        QSignalSpy completed(&window, &MainWindow::callCompleted);
        window.toolsPanel()->selectTool(QStringLiteral("find_customer"));
        window.toolsPanel()->form()->setValues({{QStringLiteral("query"), QStringLiteral("Tomas")}});
        window.toolsPanel()->callButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 5000);
        QVERIFY(QFileInfo::exists(options.launch.database));
        QCOMPARE(window.databaseView()->snapshot(QStringLiteral("customers")).rows.size(), 3);
        // Nothing in this window calls now: only the server's change notification tells of the other writer.
        QVERIFY(!queueRefundFromAnotherClient(options.launch.database, 4).isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(window.approvalQueue()->pendingCount(), 1, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(window.databaseView()->snapshot(QStringLiteral("approval_requests")).rows.size(), 1, 5000);
    }

    void switchingTheEraRestartsTheServer()
    {
        auto window = openWindow(McpClient::Era::Modern);
        QVERIFY(waitReady(window.get()));
        const qint64 pid = window->client()->processId();
        QComboBox *era = window->serverPanel()->eraCombo();
        era->setCurrentIndex(1);
        emit era->activated(1);
        QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->client()->processId() != pid, 10000);
        QCOMPARE(window->client()->protocolVersion(), QStringLiteral("2025-11-25"));
        QVERIFY(window->serverLog()->plainText().contains(QStringLiteral("office-mcp exited with code 0")));
        QVERIFY(window->serverPanel()->statusLabel()->text().contains(QStringLiteral("running")));
        // The restart is over: the status bar no longer says it is happening.
        QCOMPARE(window->statusBar()->currentMessage(), QString());
    }

    void closingTheWindowStopsTheServerWithoutBlocking()
    {
        auto window = openWindow(McpClient::Era::Legacy);
        QVERIFY(waitReady(window.get()));
        QVERIFY(!window->close());  // deferred until the server has exited
        QCOMPARE(window->client()->state(), McpClient::State::Stopping);
        QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 5000);
        QCOMPARE(window->client()->lastExitCode(), 0);
    }

    void theConnectPanelGivesAbsolutePaths()
    {
        auto window = openWindow(McpClient::Era::Modern);
        ConnectPanel *panel = window->connectPanel();
        const QString database = window->client()->launch().database;
        for (const QString &client : ConnectPanel::clientIds()) {
            panel->setCurrentClient(client);
            QTRY_VERIFY(panel->snippet().contains(database));
            QVERIFY(panel->snippet().contains(QFileInfo(m_program).absoluteFilePath().section(QLatin1Char('/'), -1)));
        }
        const QString generated = ConnectPanel::generate(QStringLiteral("vscode"), window->client()->launch());
        const QJsonObject server = TestSupport::parse(generated.toUtf8()).value(QLatin1String("servers")).toObject().value(QLatin1String("office")).toObject();
        QCOMPARE(server.value(QLatin1String("type")).toString(), QStringLiteral("stdio"));
        QCOMPARE(server.value(QLatin1String("command")).toString(), QFileInfo(m_program).absoluteFilePath());
        QCOMPARE(server.value(QLatin1String("args")).toArray(), (QJsonArray{QStringLiteral("--db"), database}));
        McpClient::Launch billing = window->client()->launch();
        billing.profile = QStringLiteral("billing");
        QVERIFY(ConnectPanel::generate(QStringLiteral("claude-code"), billing)
                    .startsWith(QStringLiteral("claude mcp add --transport stdio office-billing -- /")));
        QVERIFY(ConnectPanel::generate(QStringLiteral("claude-code"), billing).contains(QStringLiteral("--profile billing")));
    }

    void settingsSurviveARestartOfTheApp()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        McpClient::Launch launch;
        launch.program = m_program;
        launch.database = m_dir.filePath(QStringLiteral("kept.db"));
        launch.profile = QStringLiteral("billing");
        launch.era = McpClient::Era::Legacy;
        launch.declareElicitation = false;
        DeskSettings::save(settings, launch);
        settings.sync();
        QSettings again(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        const McpClient::Launch loaded = DeskSettings::load(again);
        QCOMPARE(loaded.program, launch.program);
        QCOMPARE(loaded.database, launch.database);
        QCOMPARE(loaded.profile, QStringLiteral("billing"));
        QCOMPARE(loaded.era, McpClient::Era::Legacy);
        QCOMPARE(loaded.declareElicitation, false);
    }

    void aProfileWithoutRefundsCannotReviewTheQueue()
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch.program = m_program;
        options.launch.database = m_dir.filePath(QStringLiteral("scheduling.db"));
        options.launch.profile = QStringLiteral("scheduling");
        MainWindow window(options);
        QTRY_VERIFY_WITH_TIMEOUT(window.client()->isReady() && window.toolsPanel()->toolList()->count() > 0, 10000);
        for (int row = 0; row < window.toolsPanel()->toolList()->count(); ++row)
            QVERIFY(window.toolsPanel()->toolList()->item(row)->text() != QLatin1String("issue_refund"));
        QVERIFY(!queueRefundFromAnotherClient(options.launch.database, 2).isEmpty());
        // The desk sees the office as the profile does: without refunds, without their queue.
        QTRY_COMPARE_WITH_TIMEOUT(window.officeFeed()->rounds() >= 1, true, 5000);
        QCOMPARE(window.approvalQueue()->pendingCount(), 0);
        QCOMPARE(window.approvalQueue()->findChild<QLabel *>(QStringLiteral("approvalSummary"))->text(),
                 QStringLiteral("This office's profile does not show approval_requests."));
        QVERIFY(!window.approvalQueue()->review(2));
    }
};

QTEST_MAIN(TestDeskFlow)
#include "tst_deskflow.moc"
