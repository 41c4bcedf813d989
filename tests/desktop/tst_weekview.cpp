// The desk's week of the office's calendar (issue 38): against the real office-mcp ($OFFICE_MCP)
// on an office with opening hours, a closed day and bookings, the week shows each slot as the
// office makes it (free, begun, booked with its customer, closed), and the person cancels and
// moves a booking, sets the hours and opens a closed day through the office's own tools — the
// grid follows, and a booking the new hours leave out stays, marked. The office's clock is
// pinned (OFFICE_MCP_NOW) and the view's with it. Then the view alone on offices made by hand:
// the day the clocks go forward in Madrid (02:00 and 02:30 are no slots) and the day names in
// Spanish.

#include "mainwindow.h"
#include "mcpclient.h"
#include "officefeed.h"
#include "recorddialog.h"
#include "schemaform.h"
#include "testsupport.h"
#include "weekview.h"

#include <QAction>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {

const QDate kMonday(2027, 3, 22);
// Tuesday 23 March 2027, 09:30 in Madrid (UTC+1 until the Sunday).
const QDateTime kNow(QDate(2027, 3, 23), QTime(8, 30), QTimeZone::utc());

TableRows calendarOf(const QJsonObject &document)
{
    TableRows rows;
    rows.document = document;
    return rows;
}

TableRows noRows(const QStringList &columns)
{
    TableRows rows;
    rows.columns = columns;
    return rows;
}

} // namespace

class TestWeekView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    bool run(const QStringList &arguments)
    {
        QProcess process;
        process.start(TestSupport::serverProgram(), arguments);
        if (!process.waitForFinished(15000) || process.exitCode() != 0) {
            qWarning("office-mcp %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), process.readAllStandardError().constData());
            return false;
        }
        return true;
    }

    // Calls a tool through the desk's own office-mcp and waits for the answer.
    static McpCallResult call(MainWindow &window, const QString &tool, const QJsonObject &arguments)
    {
        QSignalSpy finished(window.client(), &McpClient::callFinished);
        window.client()->callTool(tool, arguments);
        if (!finished.wait(15000))
            return {};
        const auto result = finished.takeFirst().at(0).value<McpCallResult>();
        if (result.isError())
            qWarning("%s: %s", qPrintable(tool), qPrintable(result.text()));
        return result;
    }

    // Triggers the week's action for `tool`, sets `values` on the form it opens and saves; true
    // when the office accepted (the form closed).
    static bool submit(MainWindow &window, const QString &tool, const QJsonObject &values = {})
    {
        QAction *action = window.weekView()->action(tool);
        if (!action || !action->isVisible() || !action->isEnabled()) {
            qWarning("%s: the action is %s", qPrintable(tool), !action ? "missing" : !action->isVisible() ? "hidden" : "disabled");
            return false;
        }
        QSignalSpy shown(&window, &MainWindow::recordFormShown);
        action->trigger();
        return !shown.isEmpty() && save(window, values);
    }

    static bool save(MainWindow &window, const QJsonObject &values)
    {
        RecordDialog *dialog = window.recordDialog();
        if (!dialog)
            return false;
        QJsonObject all = dialog->form()->values();
        for (auto it = values.begin(); it != values.end(); ++it)
            all.insert(it.key(), it.value());
        dialog->form()->setValues(all);
        QSignalSpy completed(&window, &MainWindow::callCompleted);
        dialog->saveButton()->click();
        if (!completed.wait(15000))
            return false;
        RecordDialog *open = window.recordDialog();
        if (open && open->isVisible()) {
            qWarning("%s refused: %s", qPrintable(open->toolName()), qPrintable(open->refusalLabel()->text()));
            return false;
        }
        return true;
    }

    static void select(WeekView *view, const QDate &day, const QString &time)
    {
        view->grid()->setCurrentCell(view->rowOf(time), view->columnOf(day));
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-week-test"));
        TestSupport::installDeskLanguage();
    }

    void thePersonSeesTheWeekAndCancelsMovesAndSetsHours()
    {
        const QString db = m_dir.filePath(QStringLiteral("week.db"));
        const QStringList at{QStringLiteral("--db"), db};
        QVERIFY(run(QStringList{QStringLiteral("db"), QStringLiteral("init"), QStringLiteral("--empty")} + at));
        QVERIFY(run(QStringList{QStringLiteral("customers"), QStringLiteral("add"), QStringLiteral("--name"), QStringLiteral("Ana Torres"),
                                QStringLiteral("--email"), QStringLiteral("ana@example.com")} + at));
        QVERIFY(run(QStringList{QStringLiteral("customers"), QStringLiteral("add"), QStringLiteral("--name"), QStringLiteral("李娜"),
                                QStringLiteral("--email"), QStringLiteral("li@example.com")} + at));
        QVERIFY(run(QStringList{QStringLiteral("office"), QStringLiteral("set"), QStringLiteral("--time-zone"), QStringLiteral("Europe/Madrid"),
                                QStringLiteral("--name"), QStringLiteral("Clínica Sol")} + at));
        QVERIFY(run(QStringList{QStringLiteral("hours"), QStringLiteral("set"), QStringLiteral("mon-fri"), QStringLiteral("09:00-13:00"),
                                QStringLiteral("--slot"), QStringLiteral("60")} + at));
        QVERIFY(run(QStringList{QStringLiteral("hours"), QStringLiteral("set"), QStringLiteral("sat"), QStringLiteral("10:00-12:00"),
                                QStringLiteral("--slot"), QStringLiteral("60")} + at));
        QVERIFY(run(QStringList{QStringLiteral("hours"), QStringLiteral("closed"), QStringLiteral("2027-03-25"), QStringLiteral("--reason"),
                                QStringLiteral("Fiesta local")} + at));

        // The office-mcp the desk starts inherits the pinned clock.
        qputenv("OFFICE_MCP_NOW", "2027-03-23T08:30:00Z");  // kNow
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.database = db;
        const auto window = std::make_unique<MainWindow>(options);
        window->resize(1300, 850);
        window->show();
        WeekView *view = window->weekView();
        view->setNow(kNow);
        window->sideTabs()->setCurrentWidget(view);
        window->client()->start();
        QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->officeFeed()->rounds() > 0, 15000);
        qunsetenv("OFFICE_MCP_NOW");
        QCOMPARE(view->monday(), kMonday);  // the office's today is in this week

        QVERIFY(!call(*window, QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 202703231000LL}, {QStringLiteral("customer_id"), 1}}).isError());
        QVERIFY(!call(*window, QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 202703260900LL}, {QStringLiteral("customer_id"), 2}}).isError());
        QVERIFY(!call(*window, QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 202703271100LL}, {QStringLiteral("customer_id"), 1}}).isError());
        const QDate tue = kMonday.addDays(1), wed = kMonday.addDays(2), thu = kMonday.addDays(3), fri = kMonday.addDays(4),
                    sat = kMonday.addDays(5), sun = kMonday.addDays(6);
        QTRY_COMPARE_WITH_TIMEOUT(view->cellAt(sat, QStringLiteral("11:00")).kind, WeekView::Kind::Booked, 10000);

        // The week as the office makes it.
        QCOMPARE(view->grid()->rowCount(), 4);  // 09:00 … 12:00
        QCOMPARE(view->cellAt(kMonday, QStringLiteral("12:00")).kind, WeekView::Kind::Begun);
        QCOMPARE(view->cellAt(tue, QStringLiteral("09:00")).kind, WeekView::Kind::Begun);  // 09:30 now
        QCOMPARE(view->cellAt(tue, QStringLiteral("10:00")).kind, WeekView::Kind::Booked);
        QCOMPARE(view->cellAt(tue, QStringLiteral("10:00")).customer, QStringLiteral("Ana Torres"));
        QCOMPARE(view->cellAt(tue, QStringLiteral("11:00")).kind, WeekView::Kind::Free);
        QCOMPARE(view->cellAt(tue, QStringLiteral("11:00")).slotId, 202703231100LL);
        QCOMPARE(view->cellAt(thu, QStringLiteral("10:00")).kind, WeekView::Kind::Closed);
        QVERIFY(view->grid()->horizontalHeaderItem(3)->text().contains(QStringLiteral("closed")));
        QVERIFY(view->grid()->horizontalHeaderItem(3)->toolTip().contains(QStringLiteral("Fiesta local")));
        QCOMPARE(view->cellAt(fri, QStringLiteral("09:00")).customer, QStringLiteral("李娜"));
        QCOMPARE(view->cellAt(sat, QStringLiteral("09:00")).kind, WeekView::Kind::Outside);
        QCOMPARE(view->cellAt(sun, QStringLiteral("10:00")).kind, WeekView::Kind::Outside);
        const int friColumn = view->columnOf(fri);
        QCOMPARE(view->grid()->item(view->rowOf(QStringLiteral("09:00")), friColumn)->text(), QStringLiteral("李娜"));
        QVERIFY(view->statusLabel()->text().contains(QStringLiteral("Europe/Madrid")));
        QVERIFY(view->titleLabel()->text().contains(QStringLiteral("Clínica Sol")));
        for (const QString &tool : WeekView::toolNames())
            QVERIFY2(view->action(tool)->isVisible(), qPrintable(tool));
        QVERIFY(view->settingsButton()->isVisible());

        // A change in the office redraws the week, and the person's selection stays where it was.
        select(view, tue, QStringLiteral("10:00"));
        QVERIFY(!call(*window, QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 202703241200LL}, {QStringLiteral("customer_id"), 2}}).isError());
        QTRY_COMPARE_WITH_TIMEOUT(view->cellAt(wed, QStringLiteral("12:00")).kind, WeekView::Kind::Booked, 10000);
        QCOMPARE(view->grid()->currentRow(), view->rowOf(QStringLiteral("10:00")));
        QCOMPARE(view->grid()->currentColumn(), view->columnOf(tue));

        // Cancel: the booking selected, the office's form asks, the slot is free again.
        select(view, fri, QStringLiteral("09:00"));
        QVERIFY(view->action(QStringLiteral("cancel_booking"))->isEnabled());
        QVERIFY(submit(*window, QStringLiteral("cancel_booking")));
        QTRY_COMPARE_WITH_TIMEOUT(view->cellAt(fri, QStringLiteral("09:00")).kind, WeekView::Kind::Free, 10000);

        // Move: the booking selected, Move…, then the free slot clicked; the form shows both.
        select(view, tue, QStringLiteral("10:00"));
        view->action(QStringLiteral("move_booking"))->trigger();
        QVERIFY(view->isPickingMoveTarget());
        QSignalSpy shown(window.get(), &MainWindow::recordFormShown);
        const QRect target = view->grid()->visualItemRect(view->grid()->item(view->rowOf(QStringLiteral("11:00")), view->columnOf(wed)));
        QTest::mouseClick(view->grid()->viewport(), Qt::LeftButton, {}, target.center());
        QCOMPARE(shown.size(), 1);
        QCOMPARE(window->recordDialog()->form()->values().value(QStringLiteral("to_slot_id")).toInteger(), 202703241100LL);
        QVERIFY(save(*window, {}));
        QTRY_COMPARE_WITH_TIMEOUT(view->cellAt(wed, QStringLiteral("11:00")).customer, QStringLiteral("Ana Torres"), 10000);
        QCOMPARE(view->cellAt(tue, QStringLiteral("10:00")).kind, WeekView::Kind::Free);

        // New hours on Saturday: its booking is kept, shown outside the hours.
        QVERIFY(submit(*window, QStringLiteral("set_hours"),
                       {{QStringLiteral("days"), QStringLiteral("sat")}, {QStringLiteral("ranges"), QStringLiteral("closed")}}));
        QTRY_VERIFY_WITH_TIMEOUT(view->cellAt(sat, QStringLiteral("10:00")).kind == WeekView::Kind::Outside, 10000);
        QCOMPARE(view->cellAt(sat, QStringLiteral("11:00")).kind, WeekView::Kind::Booked);
        QVERIFY(view->cellAt(sat, QStringLiteral("11:00")).outsideHours);

        // Open the closed day again, from its column.
        select(view, thu, QStringLiteral("10:00"));
        QCOMPARE(window->recordDialog(), nullptr);
        QVERIFY(submit(*window, QStringLiteral("open_day")));
        QTRY_COMPARE_WITH_TIMEOUT(view->cellAt(thu, QStringLiteral("10:00")).kind, WeekView::Kind::Free, 10000);

        // The next week: nothing begun, nothing booked.
        view->nextButton()->click();
        QCOMPARE(view->monday(), kMonday.addDays(7));
        QCOMPARE(view->cellAt(kMonday.addDays(7), QStringLiteral("09:00")).kind, WeekView::Kind::Free);
        window->client()->stop();
    }

    void theDayTheClocksGoForwardHasNoSlotThatDoesNotExist()
    {
        // Sunday 28 March 2027 in Madrid: 02:00 becomes 03:00.
        WeekView view;
        view.setNow(kNow);
        view.showOffice(calendarOf({{QStringLiteral("time_zone"), QStringLiteral("Europe/Madrid")},
                                    {QStringLiteral("time_zone_set"), true},
                                    {QStringLiteral("horizon_days"), 90},
                                    {QStringLiteral("hours"), QJsonArray{QJsonObject{{QStringLiteral("weekday"), 0},
                                                                                     {QStringLiteral("opens"), QStringLiteral("01:00")},
                                                                                     {QStringLiteral("closes"), QStringLiteral("04:00")},
                                                                                     {QStringLiteral("slot_minutes"), 30}}}},
                                    {QStringLiteral("closures"), QJsonArray{}}}),
                        noRows({QStringLiteral("id"), QStringLiteral("day"), QStringLiteral("time"), QStringLiteral("customer_id")}),
                        noRows({QStringLiteral("id"), QStringLiteral("name")}));
        const QDate sunday(2027, 3, 28);
        QCOMPARE(view.cellAt(sunday, QStringLiteral("01:30")).kind, WeekView::Kind::Free);
        QCOMPARE(view.cellAt(sunday, QStringLiteral("02:00")).kind, WeekView::Kind::Outside);
        QCOMPARE(view.cellAt(sunday, QStringLiteral("02:30")).kind, WeekView::Kind::Outside);
        QCOMPARE(view.cellAt(sunday, QStringLiteral("03:00")).kind, WeekView::Kind::Free);
        QCOMPARE(view.cellAt(sunday, QStringLiteral("03:00")).slotId, 202703280300LL);
        QCOMPARE(view.rowOf(QStringLiteral("02:00")), -1);  // no row for what the clocks skip
        QCOMPARE(view.grid()->rowCount(), 4);             // 01:00, 01:30, 03:00, 03:30
    }

    void theDayNamesAreTheDesksLanguage()
    {
        QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Spain));
        WeekView view;
        view.setNow(kNow);
        view.showOffice(calendarOf({{QStringLiteral("time_zone"), QStringLiteral("Europe/Madrid")},
                                    {QStringLiteral("horizon_days"), 90},
                                    {QStringLiteral("hours"), QJsonArray{}},
                                    {QStringLiteral("closures"), QJsonArray{}}}),
                        noRows({QStringLiteral("id"), QStringLiteral("day"), QStringLiteral("time"), QStringLiteral("customer_id")}),
                        noRows({QStringLiteral("id"), QStringLiteral("name")}));
        QLocale::setDefault(QLocale::c());
        QVERIFY2(view.grid()->horizontalHeaderItem(0)->text().startsWith(QStringLiteral("lun")), qPrintable(view.grid()->horizontalHeaderItem(0)->text()));
        QVERIFY2(view.grid()->horizontalHeaderItem(6)->text().startsWith(QStringLiteral("dom")), qPrintable(view.grid()->horizontalHeaderItem(6)->text()));
        QVERIFY(view.grid()->horizontalHeaderItem(6)->text().contains(QStringLiteral("28/3/27")));
    }

    void anOfficeWithoutTheCalendarSaysSo()
    {
        WeekView view;
        view.showOffice(TableRows::failed(QStringLiteral("This office's profile does not show calendar.")), {}, {});
        QCOMPARE(view.statusLabel()->text(), QStringLiteral("This office's profile does not show calendar."));
        view.showOffice(TableRows{}, {}, {});
        QVERIFY(view.statusLabel()->text().contains(QStringLiteral("does not offer its calendar")));
    }
};

QTEST_MAIN(TestWeekView)
#include "tst_weekview.moc"
