// The Activity tab (views/activitychart.h) following real runs of office-mcp: a local office's
// log fed to the window as the server writes it, and a remote office's /metrics read by the
// window's MetricsFeed while the desk calls tools over HTTP. The bars count the calls by outcome,
// the lines carry their median and 95th percentile, and a share of errors turns the sentence red.
// Also: the Server log tab's trace id filter.

#include "activitychart.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "metricsfeed.h"
#include "serverlogview.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "trafficview.h"

#include <QBarSet>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

std::array<qint64, ActivityChart::OutcomeCount> callsShown(const ActivityChart &chart)
{
    std::array<qint64, ActivityChart::OutcomeCount> calls{};
    for (const ActivityChart::Minute &minute : chart.minutes())
        for (int o = 0; o < ActivityChart::OutcomeCount; ++o)
            calls[o] += minute.calls[o];
    return calls;
}

qint64 barTotal(QBarSet *set)
{
    qint64 total = 0;
    for (int i = 0; i < set->count(); ++i)
        total += qint64(set->at(i));
    return total;
}

QJsonObject call(int id, const QString &tool, const QJsonObject &arguments, const QString &traceparent = {})
{
    QJsonObject meta{{QStringLiteral("io.modelcontextprotocol/protocolVersion"), QStringLiteral("2026-07-28")},
                     {QStringLiteral("io.modelcontextprotocol/clientCapabilities"), QJsonObject{}},
                     {QStringLiteral("io.modelcontextprotocol/clientInfo"),
                      QJsonObject{{QStringLiteral("name"), QStringLiteral("scripted")}, {QStringLiteral("version"), QStringLiteral("1")}}}};
    if (!traceparent.isEmpty())
        meta[QStringLiteral("traceparent")] = traceparent;
    return {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id},
            {QStringLiteral("method"), QStringLiteral("tools/call")},
            {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}, {QStringLiteral("_meta"), meta}}}};
}

} // namespace

class TestActivity : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The stderr of a real stdio office-mcp that answered `requests`.
    QString runScripted(const QString &database, const QList<QJsonObject> &requests)
    {
        QProcess server;
        server.start(TestSupport::serverProgram(), {QStringLiteral("--db"), database});
        if (!server.waitForStarted(5000))
            return {};
        for (const QJsonObject &request : requests)
            server.write(TestSupport::compact(request) + '\n');
        server.closeWriteChannel();
        if (!server.waitForFinished(10000) || server.exitCode() != 0)
            return {};
        return QString::fromUtf8(server.readAllStandardError());
    }

    MainWindow::Options localOptions(const QString &database)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.database = database;
        return options;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-activity-test"));
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
    }

    void theChartFollowsALocalOfficesLog()
    {
        const QString database = m_dir.filePath(QStringLiteral("local.db"));
        const QString said = runScripted(database, {
            call(1, QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Maria")}}),
            call(2, QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Tomas")}}),
            call(3, QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Priya")}}),
            call(4, QStringLiteral("find_customer"), {}),  // not run: a tool error
            call(5, QStringLiteral("order_lunch"), {{QStringLiteral("item"), QStringLiteral("tortilla")}, {QStringLiteral("quantity"), 1}}),
            call(6, QStringLiteral("order_lunch"), {{QStringLiteral("item"), QStringLiteral("ensalada")}, {QStringLiteral("quantity"), 2}}),
            call(7, QStringLiteral("no_such_tool"), {}),  // a protocol error
            call(8, QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}}),  // queued for a person
        });
        QVERIFY2(said.contains(QLatin1String("\"event\":\"stop\"")), qPrintable(said));

        MainWindow window(localOptions(database));
        ActivityChart *activity = window.activity();
        QCOMPARE(window.sideTabs()->tabText(window.sideTabs()->indexOf(activity)), QStringLiteral("Activity"));
        QCOMPARE(callsShown(*activity), (std::array<qint64, ActivityChart::OutcomeCount>{0, 0, 0, 0}));
        window.serverLog()->appendText(said);  // as the desk receives the server's stderr
        activity->refresh();

        QCOMPARE(callsShown(*activity), (std::array<qint64, ActivityChart::OutcomeCount>{5, 1, 1, 1}));
        QCOMPARE(barTotal(activity->barSet(ActivityChart::Done)), 5);
        QCOMPARE(barTotal(activity->barSet(ActivityChart::ToolError)), 1);
        QCOMPARE(barTotal(activity->barSet(ActivityChart::ProtocolError)), 1);
        QCOMPARE(barTotal(activity->barSet(ActivityChart::Waiting)), 1);
        QCOMPARE(activity->barSet(ActivityChart::Done)->count(), ActivityChart::kMinutes);
        QVERIFY(activity->p50()->count() >= 1);
        QVERIFY(activity->p95()->count() == activity->p50()->count());
        for (int i = 0; i < activity->p95()->count(); ++i) {
            QVERIFY(activity->p50()->at(i).y() > 0);
            QVERIFY(activity->p95()->at(i).y() >= activity->p50()->at(i).y());
        }
        const auto summary = activity->findChild<QLabel *>(QStringLiteral("activitySummary"));
        QVERIFY(summary);
        QVERIFY2(summary->text().startsWith(QStringLiteral("Last two minutes: 8 calls, 2 with an error, 1 waiting for a person; median ")),
                 qPrintable(summary->text()));
        QVERIFY(summary->property("alarming").toBool());  // 2 of 8 failed

        // A quiet office is not alarming; the window forgets the figures of another office.
        window.serverPanel()->databaseEdit()->setText(m_dir.filePath(QStringLiteral("other.db")));  // as a person edits it
        emit window.serverPanel()->databaseEdit()->editingFinished();
        QCOMPARE(callsShown(*activity), (std::array<qint64, ActivityChart::OutcomeCount>{0, 0, 0, 0}));
        QCOMPARE(summary->text(), QStringLiteral("No calls in the last two minutes."));
        QVERIFY(!summary->property("alarming").toBool());
    }

    void theServerLogKeepsOneTraceWhenAsked()
    {
        const QString database = m_dir.filePath(QStringLiteral("trace.db"));
        const QString trace = QStringLiteral("4bf92f3577b34da6a3ce929d0e0e4736");
        const QString said = runScripted(database, {
            call(1, QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Maria")}},
                 QStringLiteral("00-%1-00f067aa0ba902b7-01").arg(trace)),
            call(2, QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Tomas")}}),
        });
        ServerLogView log;
        log.setMinimumLevel(QStringLiteral("debug"));
        log.appendText(said);
        QCOMPARE(log.visibleRows(), 4);  // start, two requests, stop
        log.traceFilter()->setText(trace.left(8).toUpper());  // a start of it, as a person pastes it
        QCOMPARE(log.visibleRows(), 1);
        QCOMPARE(log.cell(0, ServerLogView::WhatColumn), QStringLiteral("tools/call · find_customer"));
        log.traceFilter()->clear();
        QCOMPARE(log.visibleRows(), 4);
    }

    void aCallAtTheDeskHasOneTraceInTheTrafficTheServerLogAndTheAudit()
    {
        const QString database = m_dir.filePath(QStringLiteral("joined.db"));
        MainWindow window(localOptions(database));
        window.client()->start();
        QTRY_COMPARE_WITH_TIMEOUT(window.client()->tools().size(), TestSupport::kDeskTools, 10000);
        QSignalSpy finished(window.client(), &McpClient::callFinished);
        window.client()->callTool(QStringLiteral("order_lunch"), {{QStringLiteral("item"), QStringLiteral("tortilla")}, {QStringLiteral("quantity"), 1}});
        QVERIFY(finished.wait(10000));
        // The server's line for the call names the trace the desk sent.
        QString trace;
        QTRY_VERIFY_WITH_TIMEOUT(!(trace = [&] {
            for (const QString &line : window.serverLog()->plainText().split(QLatin1Char('\n'))) {
                const QJsonObject event = TestSupport::parse(line.toUtf8());
                if (event.value(QLatin1String("tool")).toString() == QLatin1String("order_lunch"))
                    return event.value(QLatin1String("trace_id")).toString();
            }
            return QString();
        }()).isEmpty(), 5000);
        QCOMPARE(trace.size(), 32);
        window.trafficView()->filterEdit()->setText(trace);
        QCOMPARE(window.trafficView()->visibleRows(), 1);  // the desk's request, carrying it
        window.serverLog()->traceFilter()->setText(trace);
        QCOMPARE(window.serverLog()->visibleRows(), 1);
        QProcess audit;
        audit.start(TestSupport::serverProgram(), {QStringLiteral("audit"), QStringLiteral("--db"), database, QStringLiteral("--trace"), trace});
        QVERIFY(audit.waitForFinished(10000));
        const QString listed = QString::fromUtf8(audit.readAllStandardOutput());
        QVERIFY2(listed.contains(QLatin1String("lunch_ordered")) && listed.contains(trace), qPrintable(listed));
        window.client()->stop();
    }

    void theChartFollowsARemoteOfficesMetrics()
    {
        const QString database = m_dir.filePath(QStringLiteral("remote.db"));
        QProcess token;
        token.start(TestSupport::serverProgram(), {QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("desk"),
                                                   QStringLiteral("--db"), database});
        QVERIFY(token.waitForFinished(10000) && token.exitCode() == 0);
        const QString secret = QString::fromUtf8(token.readAllStandardOutput()).trimmed();
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            MainWindow::Options options = localOptions(QString());
            options.launch.remote = true;
            options.launch.url = url;
            options.launch.token = secret;
            options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
            MainWindow window(options);
            window.metricsFeed()->setInterval(200);
            QSignalSpy scraped(window.metricsFeed(), &MetricsFeed::scraped);
            window.client()->start();
            QTRY_COMPARE_WITH_TIMEOUT(window.client()->tools().size(), TestSupport::kAgentTools, 10000);
            QVERIFY(scraped.wait(5000));  // the baseline

            QSignalSpy finished(window.client(), &McpClient::callFinished);
            for (int i = 0; i < 3; ++i) {
                window.client()->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("Maria")}});
                QVERIFY(finished.wait(10000));
            }
            window.client()->callTool(QStringLiteral("book_slot"), {{QStringLiteral("slot_id"), 999}, {QStringLiteral("customer_id"), 1}});
            QVERIFY(finished.wait(10000));
            QTRY_COMPARE_WITH_TIMEOUT(callsShown(*window.activity()), (std::array<qint64, ActivityChart::OutcomeCount>{3, 1, 0, 0}), 10000);
            QVERIFY2(window.activity()->source().contains(MetricsFeed::metricsUrl(QUrl(url)).toDisplayString()),
                     qPrintable(window.activity()->source()));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void aRestartedOfficesCountersStartAgainFromZero()
    {
        ActivityChart chart;
        const QDateTime now = QDateTime::currentDateTime();
        const auto scrape = [](int ok) {
            return QStringLiteral("mcp_server_operation_duration_seconds_bucket{mcp_method_name=\"tools/call\",gen_ai_tool_name=\"find_customer\","
                                  "outcome=\"ok\",le=\"0.001\"} %1\n"
                                  "mcp_server_operation_duration_seconds_bucket{mcp_method_name=\"tools/call\",gen_ai_tool_name=\"find_customer\","
                                  "outcome=\"ok\",le=\"+Inf\"} %1\n"
                                  "mcp_server_operation_duration_seconds_bucket{mcp_method_name=\"tools/list\",outcome=\"ok\",le=\"+Inf\"} 50\n")
                .arg(ok);
        };
        chart.recordMetrics(now, scrape(10));  // the baseline: nothing counted
        QCOMPARE(callsShown(chart)[ActivityChart::Done], 0);
        chart.recordMetrics(now, scrape(14));
        QCOMPARE(callsShown(chart)[ActivityChart::Done], 4);
        chart.recordMetrics(now, scrape(2));  // restarted: 2 since
        QCOMPARE(callsShown(chart)[ActivityChart::Done], 6);
        // Every one of them under 1 ms: the percentiles say so.
        const auto minute = chart.minutes(now).last();
        QVERIFY(minute.percentileMs(0.95) <= 1.0);
        QVERIFY(minute.percentileMs(0.5) > 0.5);
    }
};

QTEST_MAIN(TestActivity)
#include "tst_activity.moc"
