// The desk against a remote office over HTTP: what it sends (the headers office-mcp checks,
// the bearer token), how it reads the office's tables (every page, money as exact cents), what
// a person is told when the token is refused or the office is out of reach, that the token is
// kept in a 0600 file and never in the settings file, and that a change made by another
// client shows up. A stand-in office (FakeOffice) answers what a test needs; the real
// office-mcp --http answers the rest.

#include "approvalqueue.h"
#include "connectpanel.h"
#include "databaseview.h"
#include "desksettings.h"
#include "fakeoffice.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "officefeed.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "tokenstore.h"

#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <sys/stat.h>

namespace {

QJsonObject page(const QString &table, const QStringList &columns, const QJsonArray &rows, const QString &next = QString())
{
    QJsonObject text{{QStringLiteral("table"), table}, {QStringLiteral("columns"), QJsonArray::fromStringList(columns)},
                     {QStringLiteral("rows"), rows}};
    if (!next.isEmpty())
        text.insert(QStringLiteral("next"), next);
    return text;
}

QJsonObject contents(const QString &uri, const QJsonObject &text)
{
    return {{QStringLiteral("resultType"), QStringLiteral("complete")},
            {QStringLiteral("contents"), QJsonArray{QJsonObject{{QStringLiteral("uri"), uri},
                                                                {QStringLiteral("mimeType"), QStringLiteral("application/json")},
                                                                {QStringLiteral("text"), QString::fromUtf8(QJsonDocument(text).toJson(QJsonDocument::Compact))}}}}};
}

int fileMode(const QString &path)
{
    struct stat info {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? int(info.st_mode & 0777) : -1;
}

// A stand-in office with the seven tables, all empty unless a test fills them.
struct Tables
{
    QHash<QString, QPair<QStringList, QJsonArray>> tables{
        {QStringLiteral("customers"), {{QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email")}, {}}},
        {QStringLiteral("slots"), {{QStringLiteral("id"), QStringLiteral("day"), QStringLiteral("time"), QStringLiteral("customer_id")}, {}}},
        {QStringLiteral("invoices"), {{QStringLiteral("id"), QStringLiteral("customer_id"), QStringLiteral("customer"), QStringLiteral("amount_cents"),
                                       QStringLiteral("status"), QStringLiteral("refunded_cents"), QStringLiteral("left_cents")}, {}}},
        {QStringLiteral("refunds"), {{QStringLiteral("id"), QStringLiteral("invoice_id"), QStringLiteral("amount_cents")}, {}}},
        {QStringLiteral("lunch_orders"), {{QStringLiteral("id"), QStringLiteral("item"), QStringLiteral("quantity")}, {}}},
        {QStringLiteral("approval_requests"), {{QStringLiteral("id"), QStringLiteral("invoice_id"), QStringLiteral("status"), QStringLiteral("client"),
                                                QStringLiteral("created_at"), QStringLiteral("resolved_at"), QStringLiteral("resolved_by"),
                                                QStringLiteral("amount_cents"), QStringLiteral("reason")}, {}}},
        {QStringLiteral("audit"), {{QStringLiteral("id"), QStringLiteral("action")}, {}}},
    };

    // Answers server/discover, tools/list and resources/read like office-mcp, one row per page.
    FakeAnswer answer(const FakeRequest &request) const
    {
        const QString method = request.body.value(QLatin1String("method")).toString();
        if (method == QLatin1String("server/discover"))
            return FakeOffice::result(request, TestSupport::parse(R"({"resultType":"complete","capabilities":{"tools":{},"resources":{}},
                "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake-office","version":"1.0"}}})"));
        if (method == QLatin1String("tools/list"))
            return FakeOffice::result(request, TestSupport::parse(R"({"resultType":"complete","tools":[]})"));
        if (method == QLatin1String("resources/list")) {
            QJsonArray resources;
            for (auto it = tables.cbegin(); it != tables.cend(); ++it)
                resources << QJsonObject{{QStringLiteral("uri"), QStringLiteral("office://") + it.key()}, {QStringLiteral("name"), it.key()}};
            return FakeOffice::result(request, {{QStringLiteral("resultType"), QStringLiteral("complete")}, {QStringLiteral("resources"), resources}});
        }
        if (method == QLatin1String("subscriptions/listen"))  // as an office-mcp without subscriptions answers
            return FakeAnswer{404, QByteArray(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(request.body.value(QLatin1String("id")).toInteger())
                                       + R"(,"error":{"code":-32601,"message":"Method not found"}})"};
        const QString uri = request.body.value(QLatin1String("params")).toObject().value(QLatin1String("uri")).toString();
        const QUrl url(uri);
        const QString name = url.host();
        const qint64 after = QUrlQuery(url).queryItemValue(QStringLiteral("after")).toLongLong();
        const auto table = tables.value(name);
        QJsonArray rows;
        QString next;
        for (const QJsonValue &row : table.second) {
            if (row.toObject().value(QLatin1String("id")).toInteger() > after) {
                rows << row;
                next = QStringLiteral("office://%1?after=%2&limit=1").arg(name).arg(row.toObject().value(QLatin1String("id")).toInteger());
                break;
            }
        }
        return FakeOffice::result(request, contents(uri, page(name, table.first, rows, next)));
    }
};

} // namespace

class TestRemoteOffice : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    MainWindow::Options remoteOptions(const QString &url, const QString &token)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.remote = true;
        options.launch.url = url;
        options.launch.token = token;
        options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
        return options;
    }

    // approver: the token's caller receives the refund form (office-mcp token add --approver);
    // without it office-mcp queues a refund for approval.
    QString addToken(const QString &database, const QString &name, bool approver = false)
    {
        QProcess token;
        QStringList arguments{QStringLiteral("token"), QStringLiteral("add"), name, QStringLiteral("--db"), database};
        if (approver)
            arguments << QStringLiteral("--approver");
        token.start(TestSupport::serverProgram(), arguments);
        if (!token.waitForFinished(10000) || token.exitCode() != 0)
            return {};
        return QString::fromUtf8(token.readAllStandardOutput()).trimmed();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-remote-test"));
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
    }

    void aRemoteTableIsReadPageByPageWithTheHeadersOfficeMcpChecks()
    {
        Tables office;
        office.tables[QStringLiteral("customers")].second = {
            TestSupport::parse(R"({"id":1,"name":"Maria Alvarez","email":"maria@example.com"})"),
            TestSupport::parse(R"({"id":2,"name":"Tomas Reis","email":"tomas@example.com"})"),
            TestSupport::parse(R"({"id":3,"name":"Priya Nair","email":null})")};
        FakeOffice fake;
        fake.answer = [&office](const FakeRequest &request) { return office.answer(request); };

        McpClient client;
        McpClient::Launch launch;
        launch.remote = true;
        launch.url = fake.url();
        launch.token = QStringLiteral("s3cret-token");
        client.setLaunch(launch);
        QSignalSpy ready(&client, &McpClient::ready);
        client.start();
        QVERIFY(ready.wait(5000));
        QVERIFY(client.hasResources());
        QCOMPARE(client.serverName(), QStringLiteral("fake-office"));

        QSignalSpy read(&client, &McpClient::tableRead);
        const quint64 ticket = client.readTable(QStringLiteral("customers"));
        QVERIFY(read.wait(5000));
        QCOMPARE(read.first().at(0).toULongLong(), ticket);
        const TableRows rows = read.first().at(2).value<TableRows>();
        QVERIFY2(rows.ok(), qPrintable(rows.error));
        QCOMPARE(rows.columns, (QStringList{QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email")}));
        QCOMPARE(rows.rows.size(), 3);
        QCOMPARE(rows.rows.at(2).at(1).toString(), QStringLiteral("Priya Nair"));
        QVERIFY(!rows.rows.at(2).at(2).isValid());  // null is "no value"

        // Four reads: the first page and one per `next` (three rows, one per page, then an empty page).
        QStringList uris;
        for (const FakeRequest &request : std::as_const(fake.requests)) {
            if (request.body.value(QLatin1String("method")).toString() != QLatin1String("resources/read"))
                continue;
            const QString uri = request.body.value(QLatin1String("params")).toObject().value(QLatin1String("uri")).toString();
            uris << uri;
            QCOMPARE(request.headers.value("mcp-method"), QByteArray("resources/read"));
            QCOMPARE(request.headers.value("mcp-name"), uri.toUtf8());
            QCOMPARE(request.headers.value("mcp-protocol-version"), QByteArray("2026-07-28"));
            QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer s3cret-token"));
            QCOMPARE(request.headers.value("content-type"), QByteArray("application/json"));
            QCOMPARE(request.headers.value("accept"), QByteArray("application/json, text/event-stream"));
        }
        QCOMPARE(uris, (QStringList{QStringLiteral("office://customers"), QStringLiteral("office://customers?after=1&limit=1"),
                                    QStringLiteral("office://customers?after=2&limit=1"), QStringLiteral("office://customers?after=3&limit=1")}));
    }

    void moneyFromAResourceIsShownFromExactIntegerCents()
    {
        Tables office;
        // 2^53 + 1 cents: a double cannot hold it, so any float on the way shows ...92 instead of ...93.
        office.tables[QStringLiteral("invoices")].second = {TestSupport::parse(
            R"({"id":7,"customer_id":1,"customer":"Maria Alvarez","amount_cents":9007199254740993,"status":"open","refunded_cents":0,"left_cents":9007199254740993})")};
        FakeOffice fake;
        fake.answer = [&office](const FakeRequest &request) { return office.answer(request); };
        MainWindow window(remoteOptions(fake.url(), QStringLiteral("t")));
        QSignalSpy updated(window.officeFeed(), &OfficeFeed::updated);
        window.client()->start();
        QVERIFY(updated.wait(5000));
        QCOMPARE(window.databaseView()->value(QStringLiteral("invoices"), 7, QStringLiteral("amount_cents")).toLongLong(),
                 Q_INT64_C(9007199254740993));
        QTableWidget *invoices = window.databaseView()->table(QStringLiteral("invoices"));
        QCOMPARE(invoices->item(0, 3)->text(), QStringLiteral("90071992547409.93"));
    }

    void aRefusedTokenIsSaidInOneSentence()
    {
        FakeOffice fake;
        fake.answer = [](const FakeRequest &) {
            return FakeAnswer{401, R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Unauthorized: the bearer token is not valid"}})"};
        };
        MainWindow window(remoteOptions(fake.url(), QStringLiteral("wrong")));
        QSignalSpy failed(window.client(), &McpClient::processFailed);
        window.client()->start();
        QVERIFY(failed.wait(5000));
        const QString sentence = QStringLiteral("The office refused the token (HTTP 401). Check the token in the server settings.");
        QCOMPARE(failed.first().first().toString(), sentence);
        QCOMPARE(window.client()->state(), McpClient::State::Stopped);
        QVERIFY2(window.serverPanel()->statusLabel()->text().contains(sentence), qPrintable(window.serverPanel()->statusLabel()->text()));
    }

    void anOfficeOutOfReachIsSaidInOneSentence()
    {
        QString url;
        {
            FakeOffice gone;  // a port that was free a moment ago and is closed now
            url = gone.url();
        }
        MainWindow window(remoteOptions(url, QStringLiteral("t")));
        QSignalSpy failed(window.client(), &McpClient::processFailed);
        window.client()->start();
        QVERIFY(failed.wait(10000));
        const QString sentence = QStringLiteral("The office at %1 could not be reached: Connection refused.").arg(url);
        QCOMPARE(failed.first().first().toString(), sentence);
        QVERIFY(window.serverPanel()->statusLabel()->text().contains(sentence));
        QCOMPARE(window.databaseView()->statusLabel()->text(), QStringLiteral("Not connected to %1.").arg(url));
    }

    void aChangeMadeElsewhereShowsUpByPolling()
    {
        Tables office;
        FakeOffice fake;
        fake.answer = [&office](const FakeRequest &request) { return office.answer(request); };
        MainWindow window(remoteOptions(fake.url(), QStringLiteral("t")));
        window.officeFeed()->setPollInterval(200);
        window.show();  // polling runs while the window can be seen
        QSignalSpy updated(window.officeFeed(), &OfficeFeed::updated);
        window.client()->start();
        QVERIFY(updated.wait(5000));
        QCOMPARE(window.officeFeed()->mode(), OfficeFeed::Mode::Polling);
        QCOMPARE(window.databaseView()->table(QStringLiteral("lunch_orders"))->rowCount(), 0);

        // Hidden, it asks nothing; shown again, it reads at once and polls on.
        window.hide();
        QTest::qWait(300);
        const qsizetype asked = fake.requests.size();
        QTest::qWait(600);
        QCOMPARE(fake.requests.size(), asked);
        window.show();

        // Another client orders lunch at the office.
        office.tables[QStringLiteral("lunch_orders")].second = {TestSupport::parse(R"({"id":1,"item":"tortilla","quantity":2})")};
        QTRY_COMPARE_WITH_TIMEOUT(window.databaseView()->table(QStringLiteral("lunch_orders"))->rowCount(), 1, 5000);
        QCOMPARE(window.databaseView()->value(QStringLiteral("lunch_orders"), 1, QStringLiteral("item")).toString(), QStringLiteral("tortilla"));
    }

    void reOpenIsOffForARemoteOfficeAndSaysWhy()
    {
        Tables office;
        office.tables[QStringLiteral("invoices")].second = {TestSupport::parse(
            R"({"id":2,"customer_id":1,"customer":"Maria Alvarez","amount_cents":8000,"status":"open","refunded_cents":0,"left_cents":8000})")};
        office.tables[QStringLiteral("approval_requests")].second = {
            TestSupport::parse(R"({"id":3,"invoice_id":2,"status":"declined","client":"phone-assistant","created_at":"2026-09-01T10:00:00Z",
                "resolved_at":"2026-09-01T11:00:00Z","resolved_by":"desk","amount_cents":null,"reason":null})"),
            TestSupport::parse(R"({"id":4,"invoice_id":2,"status":"pending","client":"mail-assistant","created_at":"2026-09-02T10:00:00Z",
                "resolved_at":null,"resolved_by":null,"amount_cents":null,"reason":null})")};
        FakeOffice fake;
        fake.answer = [&office](const FakeRequest &request) { return office.answer(request); };
        MainWindow window(remoteOptions(fake.url(), QStringLiteral("t")));
        QSignalSpy updated(window.officeFeed(), &OfficeFeed::updated);
        window.client()->start();
        QVERIFY(updated.wait(5000));

        ApprovalQueue *queue = window.approvalQueue();
        QCOMPARE(queue->pendingCount(), 1);
        QCOMPARE(queue->pendingInvoices(), QList<qint64>{2});
        QCOMPARE(queue->table()->item(0, 3)->text(), QStringLiteral("Maria Alvarez"));
        QCOMPARE(queue->table()->item(0, 4)->text(), QStringLiteral("80.00"));
        auto *reopen = queue->findChild<QPushButton *>(QStringLiteral("reopen_3"));
        QVERIFY(reopen);
        QVERIFY(!reopen->isEnabled());
        QCOMPARE(reopen->toolTip(), QStringLiteral("Re-open runs `office-mcp approvals reopen` on the office's machine; "
                                                   "a remote office offers no tool for it."));
        QVERIFY(!queue->reopen(3));
    }

    void clientSnippetsForARemoteOfficeUseItsUrlAndNeverTheDesksToken()
    {
        const QString url = QStringLiteral("http://office.example:8080/mcp");
        MainWindow window(remoteOptions(url, QStringLiteral("desk-secret-token")));
        ConnectPanel *panel = window.connectPanel();
        panel->setCurrentClient(QStringLiteral("claude-code"));
        QCOMPARE(panel->snippet(), QStringLiteral("claude mcp add --transport http office http://office.example:8080/mcp "
                                                  "--header 'Authorization: Bearer TOKEN_FROM_office-mcp_token_add'\n"));
        panel->setCurrentClient(QStringLiteral("vscode"));
        const QJsonObject vscode = TestSupport::parse(panel->snippet().toUtf8());
        QCOMPARE(vscode.value(QLatin1String("servers")).toObject().value(QLatin1String("office")).toObject(),
                 TestSupport::parse(QByteArrayLiteral("{\"type\":\"http\",\"url\":\"http://office.example:8080/mcp\","
                                                      "\"headers\":{\"Authorization\":\"Bearer TOKEN_FROM_office-mcp_token_add\"}}")));
        for (const QString &client : ConnectPanel::clientIds()) {
            panel->setCurrentClient(client);
            QVERIFY(panel->snippet().contains(url));
            QVERIFY(!panel->snippet().contains(QStringLiteral("desk-secret-token")));
        }
    }

    void theTokenFileIsReadableByItsOwnerOnly()
    {
        const TokenStore store(m_dir.filePath(QStringLiteral("store")));
        const QString url = QStringLiteral("http://office.example:8080/mcp");
        QVERIFY(store.save(url, QStringLiteral("tok-1")));
        QCOMPARE(fileMode(store.fileFor(url)), 0600);
        QCOMPARE(store.load(url), QStringLiteral("tok-1"));

        // A file someone loosened is tightened again when the token is saved.
        QVERIFY(::chmod(QFile::encodeName(store.fileFor(url)).constData(), 0644) == 0);
        QVERIFY(store.save(url, QStringLiteral("tok-2")));
        QCOMPARE(fileMode(store.fileFor(url)), 0600);
        QCOMPARE(store.load(url), QStringLiteral("tok-2"));
        QVERIFY(!store.fileFor(url).contains(QStringLiteral("office.example")));

        QVERIFY(store.save(url, QString()));
        QVERIFY(!QFile::exists(store.fileFor(url)));
    }

    void theTokenIsKeptOutOfTheSettingsFile()
    {
        QSettings settings;
        settings.clear();
        settings.sync();
        const QString token = QStringLiteral("never-in-settings-4f1c");
        const QString url = QStringLiteral("http://127.0.0.1:9/mcp");
        {
            MainWindow::Options options = remoteOptions(QString(), QString());
            options.persistSettings = true;
            options.launch.remote = false;
            MainWindow window(options);
            ServerPanel *panel = window.serverPanel();
            panel->officeCombo()->setCurrentIndex(1);
            emit panel->officeCombo()->activated(1);
            QVERIFY(panel->remoteFields()->isVisibleTo(panel));
            QVERIFY(!panel->localFields()->isVisibleTo(panel));
            QCOMPARE(panel->startButton()->text(), QStringLiteral("Connect"));
            panel->urlEdit()->setText(url);
            emit panel->urlEdit()->editingFinished();
            panel->tokenEdit()->setText(token);
            emit panel->tokenEdit()->editingFinished();
            QCOMPARE(window.client()->launch().token, token);
            QCOMPARE(window.tokenStore().load(url), token);
            QCOMPARE(fileMode(window.tokenStore().fileFor(url)), 0600);
        }
        settings.sync();
        QFile file(settings.fileName());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
        const QByteArray written = file.readAll();
        QVERIFY(written.contains(url.toUtf8()));
        QVERIFY(!written.contains(token.toUtf8()));

        // The next start finds the office and its token again.
        MainWindow::Options options = remoteOptions(QString(), QString());
        options.launch = DeskSettings::load(settings);
        QVERIFY(options.launch.remote);
        QCOMPARE(options.launch.url, url);
        QVERIFY(options.launch.token.isEmpty());
        MainWindow again(options);
        QCOMPARE(again.client()->launch().token, token);
        QCOMPARE(again.serverPanel()->tokenEdit()->text(), token);
    }

    void aRealOfficeOverHttpAnswersTheRightTokenAndRefusesAWrongOne()
    {
        const QString database = m_dir.filePath(QStringLiteral("http.db"));
        const QString token = addToken(database, QStringLiteral("desk"));
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());

        {
            MainWindow window(remoteOptions(url, token));
            QSignalSpy tools(window.client(), &McpClient::toolsChanged);
            window.client()->start();
            QTRY_COMPARE_WITH_TIMEOUT(window.client()->tools().size(), TestSupport::kAgentTools, 10000);
            QSignalSpy finished(window.client(), &McpClient::callFinished);
            window.client()->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("priya")}});
            QVERIFY(finished.wait(10000));
            const McpCallResult result = finished.first().first().value<McpCallResult>();
            QVERIFY2(!result.isError(), qPrintable(result.text()));
            QVERIFY2(result.text().contains(QStringLiteral("Priya Nair")), qPrintable(result.text()));
        }
        {
            MainWindow window(remoteOptions(url, QStringLiteral("not-the-token")));
            QSignalSpy failed(window.client(), &McpClient::processFailed);
            window.client()->start();
            QVERIFY(failed.wait(10000));
            QCOMPARE(failed.first().first().toString(),
                     QStringLiteral("The office refused the token (HTTP 401). Check the token in the server settings."));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void aRefundOverHttpAsksThePersonAndIsRetriedWithTheAnswer()
    {
        const QString database = m_dir.filePath(QStringLiteral("refund.db"));
        const QString token = addToken(database, QStringLiteral("desk-refund"), true);
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        {
            McpClient client;
            McpClient::Launch launch;
            launch.remote = true;
            launch.url = url;
            launch.token = token;
            client.setLaunch(launch);
            QSignalSpy ready(&client, &McpClient::ready);
            client.start();
            QVERIFY(ready.wait(10000));
            connect(&client, &McpClient::elicitationRequested, &client, [&client](const McpElicitation &question) {
                client.answerElicitation(question.ticket, QStringLiteral("accept"),
                                         {{QStringLiteral("amount"), 30.25}, {QStringLiteral("reason"), QStringLiteral("Charged twice")}});
            });
            QSignalSpy finished(&client, &McpClient::callFinished);
            client.callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}});
            QVERIFY(finished.wait(10000));
            const McpCallResult result = finished.first().first().value<McpCallResult>();
            QVERIFY2(!result.isError(), qPrintable(result.text()));
            QCOMPARE(result.rounds, 2);  // input_required, then the retry with the answer and the sealed state
            QVERIFY2(result.text().startsWith(QStringLiteral("Refunded 30.25 of invoice 2")), qPrintable(result.text()));
        }
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void aUrlThatIsNotTheMcpEndpointIsSaidInOneSentence()
    {
        const QString database = m_dir.filePath(QStringLiteral("path.db"));
        const QString token = addToken(database, QStringLiteral("desk-path"));
        QVERIFY(!token.isEmpty());
        QProcess server;
        QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        url.chop(int(qstrlen("/mcp")));  // http://127.0.0.1:PORT, as a person might paste it
        MainWindow window(remoteOptions(url + QStringLiteral("/"), token));
        QSignalSpy failed(window.client(), &McpClient::processFailed);
        window.client()->start();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().first().toString(),
                 QStringLiteral("The office at %1/ answered HTTP 404: Not Found: the MCP endpoint is /mcp").arg(url));
        QCOMPARE(window.client()->state(), McpClient::State::Stopped);
        server.terminate();
        QVERIFY(server.waitForFinished(5000));
    }

    void anOfficeThatGoesAwayWhileConnectedIsSaidInOneSentence()
    {
        const QString database = m_dir.filePath(QStringLiteral("gone.db"));
        // Tokens live beside the database, in a file this folder's offices share: a name of its own.
        const QString token = addToken(database, QStringLiteral("desk-gone"));
        QVERIFY(!token.isEmpty());
        QProcess server;
        const QString url = TestSupport::startHttpOffice(server, database);
        QVERIFY(!url.isEmpty());
        MainWindow window(remoteOptions(url, token));
        QSignalSpy refused(window.client(), &McpClient::processFailed);
        window.client()->start();
        QTRY_VERIFY_WITH_TIMEOUT(window.client()->isReady() || !refused.isEmpty(), 10000);
        QVERIFY2(refused.isEmpty(), qPrintable(refused.value(0).value(0).toString()));
        server.terminate();
        QVERIFY(server.waitForFinished(5000));

        QSignalSpy failed(window.client(), &McpClient::processFailed);
        QSignalSpy finished(window.client(), &McpClient::callFinished);
        window.client()->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("priya")}});
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1 && finished.count() == 1, 10000);
        const QString sentence = QStringLiteral("The office at %1 could not be reached: Connection refused.").arg(url);
        QCOMPARE(failed.first().first().toString(), sentence);
        QCOMPARE(finished.first().first().value<McpCallResult>().localError, sentence);
        QCOMPARE(window.client()->state(), McpClient::State::Stopped);
        QVERIFY(window.serverPanel()->statusLabel()->text().contains(sentence));
    }
};

QTEST_MAIN(TestRemoteOffice)
#include "tst_remoteoffice.moc"
