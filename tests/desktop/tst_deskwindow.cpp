// The desk as a person meets it on the first day (issue 11), without a running server: what
// a result says, a form that keeps what was typed, the keyboard, a 900×600 screen, the queue's
// count in the title, the server log as rows, tables that sort and filter, and Re-open.

#include "approvalqueue.h"
#include "databaseview.h"
#include "mainwindow.h"
#include "officedb.h"
#include "resultview.h"
#include "schemaform.h"
#include "serverlogview.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "toolspanel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TestDeskWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

    QString newDatabase(bool v3)
    {
        const QString path = m_dir.filePath(QStringLiteral("office-%1.db").arg(++m_count));
        return OfficeDb::create(path, v3) ? path : QString();
    }

    // A window on that database that does not start a server; the tools as office-mcp lists them.
    std::unique_ptr<MainWindow> openWindow(const QString &database, const QString &program = QStringLiteral("/nonexistent/office-mcp"))
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = program;
        options.launch.database = database;
        auto window = std::make_unique<MainWindow>(options);
        window->toolsPanel()->setTools(TestSupport::fixtureTools());
        window->toolsPanel()->setServerReady(true);
        return window;
    }

    static McpCallResult refundResult(const QString &status)
    {
        McpCallResult result;
        result.tool = QStringLiteral("issue_refund");
        result.result = TestSupport::parse(QStringLiteral(R"({"content":[{"type":"text","text":"The refund of invoice 4 was %1 by the person; nothing changed."}],
            "structuredContent":{"invoice_id":4,"status":"%1"}})").arg(status).toUtf8());
        return result;
    }

    static QString script(const QString &path, const QString &body)
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return QString();
        file.write("#!/bin/sh\n" + body.toUtf8() + "\n");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    // ---- honest result states -------------------------------------------------------------

    void aDeclinedRefundIsShownAsDeclinedNeverAsSucceeded()
    {
        ResultView view;
        view.showResult(refundResult(QStringLiteral("declined")));
        QCOMPARE(view.statusText(), QStringLiteral("⊘ Declined · issue_refund changed nothing"));
        view.showResult(refundResult(QStringLiteral("cancelled")));
        QCOMPARE(view.statusText(), QStringLiteral("⊘ Cancelled · issue_refund changed nothing"));
        view.showResult(refundResult(QStringLiteral("pending")));
        QCOMPARE(view.statusText(), QStringLiteral("⏳ Waiting for approval · issue_refund queued it; nothing refunded yet"));
        view.showResult(refundResult(QStringLiteral("refunded")));
        QCOMPARE(view.statusText(), QStringLiteral("✓ issue_refund succeeded"));
    }

    void theResultIsClearedWhenAnotherToolIsChosen()
    {
        ToolsPanel panel;
        panel.setTools(TestSupport::fixtureTools());
        panel.selectTool(QStringLiteral("issue_refund"));
        panel.showResult(refundResult(QStringLiteral("declined")));
        QVERIFY(!panel.resultView()->text().isEmpty());
        panel.selectTool(QStringLiteral("book_slot"));
        QCOMPARE(panel.resultView()->statusText(), QStringLiteral("No result yet."));
        QCOMPARE(panel.resultView()->text(), QString());
    }

    // ---- never change what the person typed: Call stays off -------------------------------

    void callStaysDisabledUntilTheFormIsValid()
    {
        ToolsPanel panel;
        panel.setTools(TestSupport::fixtureTools());
        panel.setServerReady(true);
        panel.selectTool(QStringLiteral("order_lunch"));
        QVERIFY(!panel.callButton()->isEnabled());
        qobject_cast<QComboBox *>(panel.form()->editor(QStringLiteral("item")))->setCurrentIndex(2);
        QTest::keyClicks(panel.form()->editor(QStringLiteral("quantity")), QStringLiteral("9"));
        QVERIFY(!panel.callButton()->isEnabled());
        QCOMPARE(panel.problemsLabel()->text(), QStringLiteral("To call: quantity: must be between 1 and 5."));
        auto *quantity = qobject_cast<QLineEdit *>(panel.form()->editor(QStringLiteral("quantity")));
        quantity->setText(QStringLiteral("2"));
        QVERIFY(panel.callButton()->isEnabled());
        QCOMPARE(panel.problemsLabel()->text(), QString());
        panel.rawToggle()->setChecked(true);  // raw JSON sends anything, on purpose
        panel.rawEditor()->setPlainText(QStringLiteral(R"({"item":"sopa"})"));
        QVERIFY(panel.callButton()->isEnabled());
    }

    // ---- keyboard ---------------------------------------------------------------------------

    void focusStartsInTheFirstArgumentTabReachesCallAndEnterCalls()
    {
        auto window = openWindow(newDatabase(false));
        window->show();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        ToolsPanel *panel = window->toolsPanel();
        QSignalSpy called(panel, &ToolsPanel::callRequested);
        panel->selectTool(QStringLiteral("order_lunch"));
        SchemaForm *form = panel->form();
        QCOMPARE(QApplication::focusWidget(), form->editor(QStringLiteral("item")));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);  // bocadillo
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->editor(QStringLiteral("quantity")));
        // Enter in a field calls only once the form is valid.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(called.count(), 0);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("2"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), form->editor(QStringLiteral("note")));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), panel->callButton());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
        QCOMPARE(QApplication::focusWidget(), form->editor(QStringLiteral("note")));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(called.count(), 1);
        QCOMPARE(TestSupport::compact(called.at(0).at(1).toJsonObject()), QByteArray(R"({"item":"bocadillo","quantity":2})"));
    }

    // ---- fits the screen ----------------------------------------------------------------------

    void theWindowIsUsableAt900By600WithTheReviewButtonInSight()
    {
        const QString database = newDatabase(true);
        QVERIFY(OfficeDb::exec(database, QStringLiteral("INSERT INTO approval_requests (invoice_id, status, client, created_at) "
                                                        "VALUES (2, 'pending', 'phone-assistant', '2026-09-04T10:00:00Z')")));
        auto window = openWindow(database);
        QVERIFY2(window->minimumSizeHint().width() <= 900, qPrintable(QString::number(window->minimumSizeHint().width())));
        QVERIFY2(window->minimumSizeHint().height() <= 600, qPrintable(QString::number(window->minimumSizeHint().height())));
        QVERIFY(window->serverPanel()->minimumSizeHint().width() <= 900);
        window->resize(900, 600);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QCOMPARE(window->width(), 900);
        QTableWidget *table = window->approvalQueue()->table();
        auto *review = table->findChild<QPushButton *>(QStringLiteral("review_2"));
        QVERIFY(review);
        QTRY_VERIFY(review->isVisible());
        QVERIFY2(table->viewport()->rect().contains(review->geometry()),
                 qPrintable(QStringLiteral("button at %1,%2 %3×%4 in a viewport %5 wide").arg(review->x()).arg(review->y())
                                .arg(review->width()).arg(review->height()).arg(table->viewport()->width())
                                + QStringLiteral(" and %1 high").arg(table->viewport()->height())));
        QVERIFY(window->rect().contains(QRect(review->mapTo(window.get(), QPoint(0, 0)), review->size())));
    }

    void splitterSizesStayPutWhenSwitchingTools()
    {
        auto window = openWindow(newDatabase(false));
        window->resize(900, 600);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const QList<QSplitter *> splitters = window->splitters();
        QVERIFY(splitters.size() >= 4);
        window->toolsPanel()->selectTool(QStringLiteral("find_customer"));
        QApplication::processEvents();
        QList<QList<int>> before;
        for (QSplitter *splitter : splitters)
            before << splitter->sizes();
        for (const QString &tool : {QStringLiteral("issue_refund"), QStringLiteral("order_lunch"), QStringLiteral("list_availability"),
                                    QStringLiteral("book_slot"), QStringLiteral("open_invoices"), QStringLiteral("find_customer")}) {
            window->toolsPanel()->selectTool(tool);
            QApplication::processEvents();
            for (int i = 0; i < splitters.size(); ++i)
                QVERIFY2(splitters.at(i)->sizes() == before.at(i), qPrintable(tool + QLatin1String(" moved ") + splitters.at(i)->objectName()));
        }
    }

    // ---- a new queued request is noticed ------------------------------------------------------

    void theWindowTitleCountsWaitingRequests()
    {
        const QString database = newDatabase(false);
        auto window = openWindow(database);
        QSignalSpy noticed(window.get(), &MainWindow::newRequestsNoticed);
        QCOMPARE(window->windowTitle(), QStringLiteral("office-desk"));
        QVERIFY(OfficeDb::exec(database, QStringLiteral("INSERT INTO approval_requests (invoice_id, status, client, created_at) "
                                                        "VALUES (2, 'pending', 'phone-assistant', '2026-09-04T10:00:00Z')")));
        window->approvalQueue()->refresh();
        QCOMPARE(window->windowTitle(), QStringLiteral("(1) office-desk"));
        QCOMPARE(noticed.count(), 1);
        QVERIFY(OfficeDb::exec(database, QStringLiteral("INSERT INTO approval_requests (invoice_id, status, client, created_at) "
                                                        "VALUES (4, 'pending', 'phone-assistant', '2026-09-04T10:05:00Z')")));
        window->approvalQueue()->refresh();
        QCOMPARE(window->windowTitle(), QStringLiteral("(2) office-desk"));
        QCOMPARE(noticed.count(), 2);
        QCOMPARE(noticed.at(1).at(0).toInt(), 2);
        // A tray notification goes with it where the platform has a tray (offscreen has none).
        QCOMPARE(window->trayIcon() != nullptr, QSystemTrayIcon::isSystemTrayAvailable());
    }

    // ---- readable logs and tables -------------------------------------------------------------

    void theServerLogShowsRowsWithALevelFilterAndTheRawLine()
    {
        ServerLogView log;
        const QString request = QStringLiteral(R"({"time":"2026-09-04T10:00:00.123456Z","level":"info","event":"request","id":3,"era":"modern","version":"2026-07-28","client":{"name":"claude-code","version":"1.0"},"method":"tools/call","tool":"find_customer","duration_us":1234,"outcome":"ok"})");
        log.appendText(request.left(40));
        log.appendText(request.mid(40) + QLatin1Char('\n'));
        log.appendText(QStringLiteral(R"({"time":"2026-09-04T10:00:01.000000Z","level":"warn","event":"request","id":4,"era":"modern","version":"2026-07-28","client":{"name":"claude-code","version":null},"method":"tools/call","tool":"order_lunch","duration_us":80,"outcome":"tool_error","problem":"order_lunch was not run: quantity: must be between 1 and 5"})"
                                      "\n"
                                      R"({"time":"2026-09-04T10:00:02.000000Z","level":"debug","event":"notification","id":null,"method":"notifications/initialized","duration_us":3,"outcome":"ok"})"
                                      "\n— office-mcp exited with code 0 —\n"));
        QCOMPARE(log.visibleRows(), 3);  // info and above by default; the desk's note always
        QCOMPARE(log.cell(0, ServerLogView::LevelColumn), QStringLiteral("info"));
        QCOMPARE(log.cell(0, ServerLogView::OutcomeColumn), QStringLiteral("ok"));
        QCOMPARE(log.cell(0, ServerLogView::WhatColumn), QStringLiteral("tools/call · find_customer"));
        QCOMPARE(log.cell(0, ServerLogView::DurationColumn), QStringLiteral("1.2 ms"));
        QCOMPARE(log.cell(0, ServerLogView::ClientColumn), QStringLiteral("claude-code/1.0"));
        QCOMPARE(log.cell(1, ServerLogView::OutcomeColumn), QStringLiteral("tool error"));
        QCOMPARE(log.cell(1, ServerLogView::ProblemColumn), QStringLiteral("order_lunch was not run: quantity: must be between 1 and 5"));
        QCOMPARE(log.cell(2, ServerLogView::ProblemColumn), QStringLiteral("— office-mcp exited with code 0 —"));
        log.setMinimumLevel(QStringLiteral("warn"));
        QCOMPARE(log.visibleRows(), 2);
        log.setMinimumLevel(QStringLiteral("debug"));
        QCOMPARE(log.visibleRows(), 4);
        log.table()->selectRow(0);
        QVERIFY(log.detail()->toPlainText().contains(request));
    }

    void invoicesShowRefundedAndLeftWhereTheDatabaseKeepsThem()
    {
        const QString v3 = newDatabase(true);
        QVERIFY(OfficeDb::exec(v3, QStringLiteral("UPDATE invoices SET refunded_cents = 3000 WHERE id = 2")));
        DatabaseView view;
        view.setDatabasePath(v3);
        QCOMPARE(view.value(QStringLiteral("invoices"), 2, QStringLiteral("refunded_cents")).toLongLong(), 3000);
        QCOMPARE(view.value(QStringLiteral("invoices"), 2, QStringLiteral("left_cents")).toLongLong(), 5000);
        QTableWidget *table = view.table(QStringLiteral("invoices"));
        QStringList headers;
        for (int c = 0; c < table->columnCount(); ++c)
            headers << table->horizontalHeaderItem(c)->text();
        // Headers in the desk's words; money columns (*_cents) by the amount's name.
        QCOMPARE(headers, (QStringList{QStringLiteral("ID"), QStringLiteral("Customer ID"), QStringLiteral("Amount"), QStringLiteral("Status"),
                                       QStringLiteral("Refunded"), QStringLiteral("Left"), QStringLiteral("Customer")}));
        QCOMPARE(table->item(1, 5)->text(), QStringLiteral("50.00"));

        DatabaseView older;  // schema 2: no refunded_cents, amount only
        older.setDatabasePath(newDatabase(false));
        QVERIFY(older.snapshot(QStringLiteral("invoices")).columns.contains(QStringLiteral("amount_cents")));
        QVERIFY(!older.snapshot(QStringLiteral("invoices")).columns.contains(QStringLiteral("left_cents")));
    }

    void tablesSortFilterAndShowTheSelectedRowWhole()
    {
        DatabaseView view;
        view.setDatabasePath(newDatabase(false));
        view.tabs()->setCurrentWidget(view.table(QStringLiteral("invoices")));
        QTableWidget *table = view.table(QStringLiteral("invoices"));
        table->sortItems(2, Qt::DescendingOrder);  // amount, as money: 410.00 before 80.00
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("410.00"));
        QCOMPARE(table->item(3, 2)->text(), QStringLiteral("80.00"));
        view.refresh();  // the person's order survives a refresh
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("410.00"));
        view.filter()->setText(QStringLiteral("maria"));
        QCOMPARE(view.visibleRows(QStringLiteral("invoices")), 2);
        table->setCurrentCell(0, 0);
        QCOMPARE(view.detail()->toPlainText(), QStringLiteral("ID: 4\nCustomer ID: 3\nAmount: 410.00\nStatus: open\nCustomer: Priya Nair"));
    }

    // ---- first run -------------------------------------------------------------------------------

    void aFirstRunSaysWhatToDoAndWhenTheDatabaseWillBeCreated()
    {
        const QString database = m_dir.filePath(QStringLiteral("fresh/office.db"));
        auto window = openWindow(database);
        QVERIFY(!window->toolsPanel()->firstRunHint()->isHidden());
        QCOMPARE(window->toolsPanel()->firstRunHint()->text(),
                 QStringLiteral("<b>To start:</b> choose a tool on the left, fill in its form, then press <b>Call</b> (or Enter)."));
        QCOMPARE(window->databaseView()->statusLabel()->text(),
                 database + QStringLiteral(" does not exist yet; office-mcp creates it on first use (the first tool call)."));
    }

    // ---- who asked, who decided; re-open ------------------------------------------------------

    void theQueueShowsWhoAskedAndWhoDecidedAndReopensADeclinedRequest()
    {
        const QString database = newDatabase(true);
        QVERIFY(OfficeDb::exec(database, QStringLiteral(
            "INSERT INTO approval_requests (id, invoice_id, status, client, created_at, resolved_at, resolved_by) "
            "VALUES (1, 4, 'declined', 'phone-assistant', '2026-09-04T10:00:00Z', '2026-09-04T10:10:00Z', 'office-desk')")));
        const QString called = m_dir.filePath(QStringLiteral("reopen-args.txt"));
        const QString program = script(m_dir.filePath(QStringLiteral("fake-office-mcp")),
                                       QStringLiteral("echo \"$@\" >> '%1'\necho \"Approval request #$3 is waiting again for a person in office-desk.\"").arg(called));
        auto window = openWindow(database, program);
        ApprovalQueue *queue = window->approvalQueue();
        QTableWidget *table = queue->table();
        QCOMPARE(table->item(0, 5)->text(), QStringLiteral("phone-assistant"));  // asked by
        QCOMPARE(table->item(0, 8)->text(), QStringLiteral("office-desk"));      // decided by

        QSignalSpy finished(window.get(), &MainWindow::reopenFinished);
        QVERIFY(queue->reopen(1));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
        QCOMPARE(finished.at(0).at(1).toBool(), true);
        QCOMPARE(queue->noteLabel()->text(), QStringLiteral("Approval request #1 is waiting again for a person in office-desk."));
        // The desk runs office-mcp for other things too (its `db path` query): every run adds
        // its line, and the one checked is the reopen's, whenever the others ran.
        const auto reopenLine = [&called] {
            QFile arguments(called);
            if (!arguments.open(QIODevice::ReadOnly)) return QString();
            for (const QString &line : QString::fromUtf8(arguments.readAll()).split(QLatin1Char('\n')))
                if (line.startsWith(QLatin1String("approvals "))) return line;
            return QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(reopenLine(), QStringLiteral("approvals reopen 1 --db ") + database, 5000);

        // A refusal is shown as the sentence office-mcp wrote on stderr.
        const QString refusing = script(m_dir.filePath(QStringLiteral("refusing-office-mcp")),
                                        QStringLiteral("echo 'office-mcp: Approval request #1 is not declined; nothing changed.' >&2\nexit 1"));
        McpClient::Launch launch = window->client()->launch();
        launch.program = refusing;
        window->client()->setLaunch(launch);
        QVERIFY(queue->reopen(1));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 5000);
        QCOMPARE(finished.at(1).at(1).toBool(), false);
        QCOMPARE(queue->noteLabel()->text(), QStringLiteral("Approval request #1 is not declined; nothing changed."));
    }
};

QTEST_MAIN(TestDeskWindow)
#include "tst_deskwindow.moc"
