// McpClient against the real office-mcp: both eras, both ways of asking a person, errors,
// and the process lifecycle. Skipped when $OFFICE_MCP is not set.

#include "mcpclient.h"
#include "schemaform.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Wire
{
    QList<QJsonObject> out;
    QList<QJsonObject> in;
    QList<QJsonObject> outRequests(const QString &method) const
    {
        QList<QJsonObject> found;
        for (const QJsonObject &message : out) {
            if (message.value(QLatin1String("method")).toString() == method)
                found << message;
        }
        return found;
    }
};

} // namespace

class TestMcpClient : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_program;
    int m_databases = 0;

    // A client on a fresh database, started and ready, its traffic recorded in `wire`.
    McpClient *startClient(McpClient::Era era, Wire *wire, bool elicitation = true)
    {
        auto *client = new McpClient(this);
        McpClient::Launch launch;
        launch.program = m_program;
        launch.database = m_dir.filePath(QStringLiteral("office-%1.db").arg(++m_databases));
        launch.era = era;
        launch.declareElicitation = elicitation;
        client->setLaunch(launch);
        connect(client, &McpClient::messageExchanged, this, [wire](bool outgoing, const QByteArray &line, const QString &) {
            (outgoing ? wire->out : wire->in) << TestSupport::parse(line);
        });
        QSignalSpy tools(client, &McpClient::toolsChanged);
        client->start();
        [&] { QTRY_VERIFY_WITH_TIMEOUT(client->isReady() && client->tools().size() == TestSupport::kAgentTools, 10000); }();
        return client;
    }

    static McpCallResult waitForCall(McpClient *client, quint64 id)
    {
        QSignalSpy finished(client, &McpClient::callFinished);
        McpCallResult result;
        for (int i = 0; i < 100 && result.callId != id; ++i) {
            if (finished.isEmpty() && !finished.wait(200))
                continue;
            while (!finished.isEmpty()) {
                const McpCallResult candidate = finished.takeFirst().at(0).value<McpCallResult>();
                if (candidate.callId == id)
                    result = candidate;
            }
        }
        return result;
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
    }

    void theModernEraSendsTheEnvelopeWithEveryRequest()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Modern, &wire);
        QCOMPARE(client->protocolVersion(), QStringLiteral("2026-07-28"));
        QCOMPARE(client->serverName(), QStringLiteral("Office"));
        QCOMPARE(wire.outRequests(QStringLiteral("initialize")).size(), 0);
        QCOMPARE(wire.out.first().value(QLatin1String("method")).toString(), QStringLiteral("server/discover"));
        for (const QJsonObject &message : std::as_const(wire.out)) {
            const QJsonObject meta = message.value(QLatin1String("params")).toObject().value(QLatin1String("_meta")).toObject();
            QCOMPARE(meta.value(QLatin1String("io.modelcontextprotocol/protocolVersion")).toString(), QStringLiteral("2026-07-28"));
            QCOMPARE(TestSupport::compact(meta.value(QLatin1String("io.modelcontextprotocol/clientCapabilities")).toObject()),
                     QByteArray(R"({"elicitation":{"form":{}}})"));
            QCOMPARE(meta.value(QLatin1String("io.modelcontextprotocol/clientInfo")).toObject().value(QLatin1String("name")).toString(),
                     QStringLiteral("office-desk"));
        }
        delete client;
    }

    void theLegacyEraHandshakesDeclaringFormElicitation()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Legacy, &wire);
        QCOMPARE(client->protocolVersion(), QStringLiteral("2025-11-25"));
        const QJsonObject initialize = wire.out.at(0);
        QCOMPARE(initialize.value(QLatin1String("method")).toString(), QStringLiteral("initialize"));
        QCOMPARE(TestSupport::compact(initialize.value(QLatin1String("params")).toObject().value(QLatin1String("capabilities")).toObject()),
                 QByteArray(R"({"elicitation":{"form":{}}})"));
        QCOMPARE(wire.out.at(1).value(QLatin1String("method")).toString(), QStringLiteral("notifications/initialized"));
        QVERIFY(!wire.out.at(1).contains(QLatin1String("id")));
        QVERIFY(!wire.out.at(2).value(QLatin1String("params")).toObject().contains(QLatin1String("_meta")));
        delete client;
    }

    void everyToolTheServerListsGetsAFormInBothEras()
    {
        for (McpClient::Era era : {McpClient::Era::Modern, McpClient::Era::Legacy}) {
            Wire wire;
            McpClient *client = startClient(era, &wire);
            const QJsonArray tools = client->tools();
            for (const QJsonValue &value : tools) {
                const QJsonObject schema = value.toObject().value(QLatin1String("inputSchema")).toObject();
                SchemaForm form;
                form.setSchema(schema);
                QCOMPARE(form.fieldNames().size(), schema.value(QLatin1String("properties")).toObject().size());
            }
            delete client;
        }
    }

    void aModernRefundIsRetriedWithTheAnswerAndTheEchoedState()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Modern, &wire);
        QSignalSpy asked(client, &McpClient::elicitationRequested);
        const quint64 id = client->callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}});
        QVERIFY(asked.wait(5000));
        const McpElicitation question = asked.at(0).at(0).value<McpElicitation>();
        QCOMPARE(question.callId, id);
        QCOMPARE(question.tool, QStringLiteral("issue_refund"));
        QVERIFY(!question.legacy);
        QVERIFY(question.message.startsWith(QStringLiteral("Refund invoice 2 (Maria Alvarez, open, 80.00)?")));
        QCOMPARE(question.requestedSchema.value(QLatin1String("properties")).toObject().value(QLatin1String("amount"))
                     .toObject().value(QLatin1String("maximum")).toDouble(), 80.0);
        const QJsonObject inputRequired = wire.in.last().value(QLatin1String("result")).toObject();
        QCOMPARE(inputRequired.value(QLatin1String("resultType")).toString(), QStringLiteral("input_required"));
        const QString state = inputRequired.value(QLatin1String("requestState")).toString();
        QVERIFY(state.startsWith(QStringLiteral("v1.")));

        client->answerElicitation(question.ticket, QStringLiteral("accept"),
                                  TestSupport::parse(R"({"amount":80,"reason":"Charged twice"})"));
        const McpCallResult result = waitForCall(client, id);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(result.rounds, 2);

        const QList<QJsonObject> calls = wire.outRequests(QStringLiteral("tools/call"));
        QCOMPARE(calls.size(), 2);
        const QJsonObject first = calls.at(0).value(QLatin1String("params")).toObject();
        const QJsonObject retry = calls.at(1).value(QLatin1String("params")).toObject();
        QVERIFY(calls.at(0).value(QLatin1String("id")) != calls.at(1).value(QLatin1String("id")));
        QCOMPARE(retry.value(QLatin1String("name")), first.value(QLatin1String("name")));
        QCOMPARE(retry.value(QLatin1String("arguments")), first.value(QLatin1String("arguments")));
        QCOMPARE(retry.value(QLatin1String("requestState")).toString(), state);
        QCOMPARE(TestSupport::compact(retry.value(QLatin1String("inputResponses")).toObject()),
                 QByteArray(R"({"approve_refund":{"action":"accept","content":{"amount":80,"reason":"Charged twice"}}})"));
        QCOMPARE(result.structured().toObject().value(QLatin1String("status")).toString(), QStringLiteral("refunded"));
        delete client;
    }

    void aLegacyRefundAnswersTheServersRequestWithTheSameId()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Legacy, &wire);
        QSignalSpy asked(client, &McpClient::elicitationRequested);
        const quint64 id = client->callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 4}});
        QVERIFY(asked.wait(5000));
        const McpElicitation question = asked.at(0).at(0).value<McpElicitation>();
        QVERIFY(question.legacy);
        QCOMPARE(question.callId, id);  // the only call in flight
        const QJsonObject request = wire.in.last();
        QCOMPARE(request.value(QLatin1String("method")).toString(), QStringLiteral("elicitation/create"));

        client->answerElicitation(question.ticket, QStringLiteral("accept"), TestSupport::parse(R"({"amount":410,"reason":"Never delivered"})"));
        const McpCallResult result = waitForCall(client, id);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(result.rounds, 1);
        const QJsonObject answer = wire.out.at(wire.out.size() - 1);
        QCOMPARE(answer.value(QLatin1String("id")), request.value(QLatin1String("id")));
        QCOMPARE(TestSupport::compact(answer.value(QLatin1String("result")).toObject()),
                 QByteArray(R"({"action":"accept","content":{"amount":410,"reason":"Never delivered"}})"));
        delete client;
    }

    void aModernAnswerCanReachARestartedServer()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Modern, &wire);
        QSignalSpy asked(client, &McpClient::elicitationRequested);
        const quint64 id = client->callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}});
        QVERIFY(asked.wait(5000));
        const qint64 firstPid = client->processId();
        client->restart();
        QTRY_VERIFY_WITH_TIMEOUT(client->isReady() && client->processId() != firstPid, 10000);
        client->answerElicitation(asked.at(0).at(0).value<McpElicitation>().ticket, QStringLiteral("decline"));
        const McpCallResult result = waitForCall(client, id);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(result.structured().toObject().value(QLatin1String("status")).toString(), QStringLiteral("declined"));
        delete client;
    }

    void anUnknownToolIsAProtocolErrorAndBadArgumentsAToolError()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Modern, &wire);
        const McpCallResult unknown = waitForCall(client, client->callTool(QStringLiteral("nope"), {}));
        QCOMPARE(unknown.kind, McpCallResult::Kind::ProtocolError);
        QCOMPARE(unknown.error.value(QLatin1String("code")).toInt(), -32602);
        QVERIFY(unknown.isError());

        const McpCallResult bad = waitForCall(client, client->callTool(QStringLiteral("order_lunch"),
                                                                        TestSupport::parse(R"({"item":"sopa","quantity":9})")));
        QCOMPARE(bad.kind, McpCallResult::Kind::Result);
        QVERIFY(bad.isError());
        QCOMPARE(bad.text(), QStringLiteral("order_lunch was not run: item: must be one of bocadillo, tortilla, ensalada; quantity: must be between 1 and 5"));
        delete client;
    }

    void withoutElicitationARefundIsQueued()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Legacy, &wire, false);
        QSignalSpy asked(client, &McpClient::elicitationRequested);
        const McpCallResult result = waitForCall(client, client->callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}}));
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(asked.count(), 0);
        QCOMPARE(result.structured().toObject().value(QLatin1String("status")).toString(), QStringLiteral("pending"));
        delete client;
    }

    void stopClosesStdinAndTheServerExitsCleanly()
    {
        Wire wire;
        McpClient *client = startClient(McpClient::Era::Legacy, &wire);
        QSignalSpy finished(client, &McpClient::processFinished);
        client->stop();
        QCOMPARE(client->state(), McpClient::State::Stopping);
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.at(0).at(0).toInt(), 0);
        QCOMPARE(finished.at(0).at(1).value<QProcess::ExitStatus>(), QProcess::NormalExit);
        QCOMPARE(client->state(), McpClient::State::Stopped);

        const McpCallResult result = waitForCall(client, client->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("a")}}));
        QCOMPARE(result.kind, McpCallResult::Kind::LocalError);
        QCOMPARE(result.text(), QStringLiteral("office-mcp is not running."));
        delete client;
    }

    void aCallMadeWhileStartingIsSentOnceReady()
    {
        auto *client = new McpClient(this);
        McpClient::Launch launch;
        launch.program = m_program;
        launch.database = m_dir.filePath(QStringLiteral("starting.db"));
        client->setLaunch(launch);
        client->start();
        const quint64 id = client->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("maria")}});
        const McpCallResult result = waitForCall(client, id);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QVERIFY(result.text().contains(QStringLiteral("Maria Alvarez")));
        delete client;
    }

    void aProgramThatCannotStartIsReported()
    {
        McpClient client;
        McpClient::Launch launch;
        launch.program = m_dir.filePath(QStringLiteral("no-such-office-mcp"));
        client.setLaunch(launch);
        QSignalSpy failed(&client, &McpClient::processFailed);
        client.start();
        QVERIFY(failed.count() > 0 || failed.wait(5000));
        QVERIFY(failed.at(0).at(0).toString().startsWith(QStringLiteral("Could not start")));
        QCOMPARE(client.state(), McpClient::State::Stopped);
    }
};

QTEST_MAIN(TestMcpClient)
#include "tst_mcpclient.moc"
