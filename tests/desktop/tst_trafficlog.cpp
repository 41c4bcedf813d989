// The traffic log: what each line is, the method a response answers, filtering, JSONL export.

#include "testsupport.h"
#include "trafficlog.h"
#include "trafficview.h"

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestTrafficLog : public QObject
{
    Q_OBJECT

private:
    static void fill(TrafficLog &log)
    {
        log.append(true, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"issue_refund","arguments":{"invoice_id":2}}})", QStringLiteral("tools/call"));
        log.append(false, R"({"jsonrpc":"2.0","id":"elicit-1","method":"elicitation/create","params":{"message":"Refund invoice 2?"}})", QStringLiteral("elicitation/create"));
        log.append(true, R"({"jsonrpc":"2.0","id":"elicit-1","result":{"action":"accept","content":{"amount":80,"reason":"twice"}}})", QStringLiteral("elicitation/create"));
        log.append(false, R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Refunded 80.00"}]}})", QStringLiteral("tools/call"));
        log.append(true, R"({"jsonrpc":"2.0","method":"notifications/initialized"})", QStringLiteral("notifications/initialized"));
        log.append(false, R"({"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Unknown tool: nope"}})", QStringLiteral("tools/call"));
        log.append(false, "not json", QString());
    }

private slots:
    void eachLineIsClassifiedWithDirectionMethodAndId()
    {
        TrafficLog log;
        fill(log);
        QCOMPARE(log.rowCount(), 7);
        const auto cell = [&](int row, int column) { return log.index(row, column).data().toString(); };
        QCOMPARE(cell(0, TrafficLog::DirectionColumn), QStringLiteral("→ out"));
        QCOMPARE(cell(0, TrafficLog::KindColumn), QStringLiteral("request"));
        QCOMPARE(cell(0, TrafficLog::IdColumn), QStringLiteral("1"));
        QCOMPARE(cell(0, TrafficLog::SummaryColumn), QStringLiteral(R"(issue_refund {"invoice_id":2})"));
        QCOMPARE(cell(1, TrafficLog::DirectionColumn), QStringLiteral("← in"));
        QCOMPARE(cell(1, TrafficLog::IdColumn), QStringLiteral("\"elicit-1\""));
        QCOMPARE(cell(2, TrafficLog::KindColumn), QStringLiteral("response"));
        QCOMPARE(cell(2, TrafficLog::MethodColumn), QStringLiteral("elicitation/create"));
        QCOMPARE(cell(2, TrafficLog::SummaryColumn), QStringLiteral("accept"));
        QCOMPARE(cell(3, TrafficLog::MethodColumn), QStringLiteral("tools/call"));
        QCOMPARE(cell(3, TrafficLog::SummaryColumn), QStringLiteral("Refunded 80.00"));
        QCOMPARE(cell(4, TrafficLog::KindColumn), QStringLiteral("notification"));
        QCOMPARE(cell(4, TrafficLog::IdColumn), QString());
        QCOMPARE(cell(5, TrafficLog::KindColumn), QStringLiteral("error"));
        QCOMPARE(cell(5, TrafficLog::SummaryColumn), QStringLiteral("-32602 Unknown tool: nope"));
        QCOMPARE(log.index(5, TrafficLog::SummaryColumn).data(Qt::ForegroundRole).value<QBrush>().color(), QColor(0xc6, 0x28, 0x28));
        QCOMPARE(cell(6, TrafficLog::KindColumn), QStringLiteral("invalid"));
    }

    // A message's text is the client's or the server's, never the desk's markup: its tooltip is
    // the same characters, escaped into the desk's own rich text.
    void aSummaryTooltipShowsMarkupAsText()
    {
        TrafficLog log;
        const QJsonObject text{{QStringLiteral("type"), QStringLiteral("text")},
                               {QStringLiteral("text"), QStringLiteral("<h2 style=\"color:green\">APPROVED</h2>")}};
        const QJsonObject result{{QStringLiteral("content"), QJsonArray{text}}};
        const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1}, {QStringLiteral("result"), result}};
        log.append(false, QJsonDocument(message).toJson(QJsonDocument::Compact), QStringLiteral("tools/call"));
        const QString tip = log.index(0, TrafficLog::SummaryColumn).data(Qt::ToolTipRole).toString();
        QVERIFY(!tip.contains(QStringLiteral("<h2")));
        QVERIFY(tip.contains(QStringLiteral("&lt;h2 style=&quot;color:green&quot;&gt;APPROVED&lt;/h2&gt;")));
        QCOMPARE(log.index(0, TrafficLog::SummaryColumn).data().toString(), QStringLiteral("<h2 style=\"color:green\">APPROVED</h2>"));
    }

    void theSelectedMessageIsShownPretty()
    {
        TrafficLog log;
        fill(log);
        TrafficView view(&log);
        view.table()->setCurrentIndex(view.table()->model()->index(2, 0));
        const QString detail = view.detail()->toPlainText();
        QVERIFY(detail.contains(QStringLiteral("office-desk → office-mcp")));
        QVERIFY(detail.contains(QStringLiteral("\"action\": \"accept\"")));
    }

    void theFilterMatchesMethodsIdsAndMessageText()
    {
        TrafficLog log;
        fill(log);
        TrafficView view(&log);
        view.filterEdit()->setText(QStringLiteral("elicitation"));
        QCOMPARE(view.visibleRows(), 2);
        view.filterEdit()->setText(QStringLiteral("INVOICE_ID"));
        QCOMPARE(view.visibleRows(), 1);
        view.filterEdit()->setText(QStringLiteral("-32602"));
        QCOMPARE(view.visibleRows(), 1);
        view.filterEdit()->clear();
        QCOMPARE(view.visibleRows(), 7);
    }

    void exportWritesOneJsonObjectPerLine()
    {
        TrafficLog log;
        fill(log);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("traffic.jsonl"));
        QString error;
        QVERIFY(log.exportJsonl(path, &error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), 8);  // seven records and the final newline
        QVERIFY(lines.last().isEmpty());
        const QJsonObject first = TestSupport::parse(lines.at(0));
        QCOMPARE(first.value(QLatin1String("direction")).toString(), QStringLiteral("out"));
        QCOMPARE(first.value(QLatin1String("method")).toString(), QStringLiteral("tools/call"));
        QCOMPARE(first.value(QLatin1String("message")).toObject().value(QLatin1String("id")).toInt(), 1);
        QVERIFY(!first.value(QLatin1String("time")).toString().isEmpty());
        QCOMPARE(TestSupport::parse(lines.at(6)).value(QLatin1String("raw")).toString(), QStringLiteral("not json"));
        QVERIFY(!log.exportJsonl(dir.filePath(QStringLiteral("missing/dir/x.jsonl")), &error));
        QVERIFY(!error.isEmpty());
    }

    void clearEmptiesTheLogAndTheOldestGoFirstWhenFull()
    {
        TrafficLog log;
        fill(log);
        log.clear();
        QCOMPARE(log.rowCount(), 0);
        log.setMaximumEntries(3);
        fill(log);
        QCOMPARE(log.rowCount(), 3);
        QCOMPARE(log.entry(2).kind, QStringLiteral("invalid"));
    }
};

QTEST_MAIN(TestTrafficLog)
#include "tst_trafficlog.moc"
