// office-desk signs in to a remote office (OAuthSignIn) against the real parts: an OAuth 2.1
// authorization server (tests/oauth/desk-provider.mjs: npm oidc-provider over HTTPS with a
// throwaway CA, dynamic client registration, PKCE S256 required, rotating refresh tokens, access
// tokens that live 10 s) and office-mcp --http --oauth-issuer (--oauth-leeway 0: a token is
// refused the second it expires). The person's browser is tests/oauth/browser-cli.mjs: it logs in
// as alice, consents, and GETs the desk's loopback redirect. Covered: Sign in offered beside the
// token field, the sign-in (tools listed and called as alice, who is shown, the tokens in a 0600
// file), the access token refreshed before it expires without the browser, a refused access token
// refreshed once (a desk opened again later, from the file), a redirect naming another issuer
// ignored, a pasted token working as before, a refund queued by a caller without the approver
// right and cleared from the desk's approval queue by alice, the metadata found where a 401 says
// (a stand-in office), and Sign out deleting the file.
// Without node or tests/oauth's npm modules the suite fails, saying what to install.

#include "approvalqueue.h"
#include "elicitationdialog.h"
#include "fakeoffice.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "oauthsignin.h"
#include "office_version.h"
#include "schemaform.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "tokenstore.h"

#include <QEventLoop>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <memory>
#include <sys/stat.h>

namespace {

int fileMode(const QString &path)
{
    struct stat info {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? int(info.st_mode & 0777) : -1;
}

QJsonObject claimsOf(const QString &jwt)
{
    return TestSupport::parse(QByteArray::fromBase64(jwt.section(QLatin1Char('.'), 1, 1).toLatin1(), QByteArray::Base64UrlEncoding));
}

} // namespace

class TestSignIn : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_node;
    QProcess m_provider;
    QProcess m_office;
    QString m_issuer;
    QString m_caFile;
    QString m_url;
    QStringList m_browsed;  // the authorization URLs the "browser" was given
    std::unique_ptr<MainWindow> m_window;

    QString oauthFile(const char *name) const { return QStringLiteral(OFFICE_OAUTH_DIR "/") + QLatin1String(name); }
    QString browserLog() const
    {
        QFile log(m_dir.filePath(QStringLiteral("browser.log")));
        return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QStringLiteral("(the browser wrote nothing)");
    }

    MainWindow::Options options(const QString &tokens = QStringLiteral("tokens"))
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.remote = true;
        options.launch.url = m_url;
        options.tokenDirectory = m_dir.filePath(tokens);
        return options;
    }

    // The person's browser: browser-cli.mjs logs in as alice, consents and GETs the redirect.
    bool browse(const QUrl &url)
    {
        m_browsed << url.toString(QUrl::FullyEncoded);
        auto *browser = new QProcess(this);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OAUTH_TEST_USER"), QStringLiteral("alice"));
        environment.insert(QStringLiteral("NODE_EXTRA_CA_CERTS"), m_caFile);
        environment.insert(QStringLiteral("OAUTH_BROWSER_LOG"), m_dir.filePath(QStringLiteral("browser.log")));
        browser->setProcessEnvironment(environment);
        connect(browser, &QProcess::finished, browser, &QObject::deleteLater);
        browser->start(m_node, {oauthFile("browser-cli.mjs"), url.toString(QUrl::FullyEncoded)});
        return true;
    }

    void openWindow(const MainWindow::Options &options)
    {
        m_window = std::make_unique<MainWindow>(options);
        m_window->signIn()->setBrowser([this](const QUrl &url) { return browse(url); });
    }

    // The office's answer to a bare request with `token`: 200, or 401 for a token it refuses.
    int statusWith(const QString &token)
    {
        QNetworkAccessManager network;
        QNetworkRequest request{QUrl(m_url)};
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json, text/event-stream");
        request.setRawHeader("MCP-Protocol-Version", "2026-07-28");
        request.setRawHeader("Mcp-Method", "server/discover");
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        QNetworkReply *reply = network.post(request, R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{)"
                                                     R"("io.modelcontextprotocol/protocolVersion":"2026-07-28"}}})");
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }

    McpCallResult findCustomer(McpClient *client)
    {
        QSignalSpy finished(client, &McpClient::callFinished);
        client->callTool(QStringLiteral("find_customer"), {{QStringLiteral("query"), QStringLiteral("priya")}});
        if (finished.wait(10000))
            return finished.first().first().value<McpCallResult>();
        McpCallResult none;
        none.kind = McpCallResult::Kind::LocalError;
        none.localError = QStringLiteral("find_customer got no answer within 10 s");
        return none;
    }

    // One 2026-07-28 tools/call with the bearer `token`, declaring form elicitation, as an AI
    // client sends it (tests/oauth/office-calls.mjs callModern); the JSON-RPC answer, or {}.
    QJsonObject callWith(const QString &token, const QString &tool, const QJsonObject &arguments)
    {
        const QJsonObject meta{{QStringLiteral("io.modelcontextprotocol/protocolVersion"), QStringLiteral("2026-07-28")},
                               {QStringLiteral("io.modelcontextprotocol/clientCapabilities"),
                                QJsonObject{{QStringLiteral("elicitation"), QJsonObject{{QStringLiteral("form"), QJsonObject{}}}}}},
                               {QStringLiteral("io.modelcontextprotocol/clientInfo"),
                                QJsonObject{{QStringLiteral("name"), QStringLiteral("clerk-assistant")}, {QStringLiteral("version"), QStringLiteral("1.0")}}}};
        const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
                                  {QStringLiteral("method"), QStringLiteral("tools/call")},
                                  {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments},
                                                                         {QStringLiteral("_meta"), meta}}}};
        QNetworkAccessManager network;
        QNetworkRequest request{QUrl(m_url)};
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json, text/event-stream");
        request.setRawHeader("MCP-Protocol-Version", "2026-07-28");
        request.setRawHeader("Mcp-Method", "tools/call");
        request.setRawHeader("Mcp-Name", tool.toUtf8());
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        QNetworkReply *reply = network.post(request, TestSupport::compact(message));
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        QByteArray body = reply->readAll();
        // A one-event SSE stream carries the same message on its last data: line.
        if (reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(QLatin1String("text/event-stream"))) {
            const QList<QByteArray> lines = body.split('\n');
            for (const QByteArray &line : lines) {
                if (line.startsWith("data:"))
                    body = line.mid(5).trimmed();
            }
        }
        return TestSupport::parse(body);
    }

    // What `office-mcp ARGUMENTS --db <the office's db>` prints as a table (audit, approvals list):
    // one row per line, keyed by the header's names; a cell runs from where its name starts in the
    // header to where the next one does (core/support/text_table.h pads columns, cells hold spaces).
    QList<QHash<QString, QString>> officeTable(const QStringList &arguments)
    {
        QProcess command;
        command.start(TestSupport::serverProgram(), arguments + QStringList{QStringLiteral("--db"), m_dir.filePath(QStringLiteral("office.db"))});
        if (!command.waitForFinished(10000) || command.exitCode() != 0) {
            qWarning("office-mcp %s: %s", qPrintable(arguments.join(QLatin1Char(' '))), command.readAllStandardError().constData());
            return {};
        }
        QList<QByteArray> lines = command.readAllStandardOutput().split('\n');
        lines.removeAll(QByteArray());
        if (lines.isEmpty())
            return {};
        const QByteArray header = lines.takeFirst();
        const QStringList names = QString::fromUtf8(header).split(QRegularExpression(QStringLiteral("\\s{2,}")), Qt::SkipEmptyParts);
        QList<qsizetype> starts;
        for (const QString &name : names)
            starts << header.indexOf(name.toUtf8(), starts.isEmpty() ? 0 : starts.last() + 1);
        QList<QHash<QString, QString>> rows;
        for (const QByteArray &line : std::as_const(lines)) {
            QHash<QString, QString> row;
            for (qsizetype i = 0; i < names.size(); ++i)
                row.insert(names.at(i), QString::fromUtf8(line.mid(starts.at(i), i + 1 < starts.size() ? starts.at(i + 1) - starts.at(i) : -1)).trimmed());
            rows << row;
        }
        return rows;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("office-mcp-test"));
        QCoreApplication::setApplicationName(QStringLiteral("office-desk-signin-test"));
        QVERIFY2(!TestSupport::serverProgram().isEmpty(), TestSupport::kNoServer);
        m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
        QVERIFY2(!m_node.isEmpty(), "node is not on PATH: this suite runs the authorization server and the browser of tests/oauth "
                                    "on Node.js 20+ (test.sh puts one there: tests/interop/ensure-node.sh)");
        QVERIFY2(QFileInfo::exists(oauthFile("node_modules/oidc-provider/package.json")),
                 "tests/oauth has no node_modules: run npm ci --prefix tests/oauth (test.sh does)");

        // The authorization server: one JSON line once it serves, and it serves until stdin closes.
        m_provider.start(m_node, {oauthFile("desk-provider.mjs"), QStringLiteral("--access-token-ttl"), QStringLiteral("10")});
        QVERIFY2(m_provider.waitForStarted(10000), qPrintable(m_provider.errorString()));
        QByteArray line;
        for (int i = 0; i < 60 && !line.contains('\n') && m_provider.state() == QProcess::Running; ++i) {
            m_provider.waitForReadyRead(500);
            line += m_provider.readAllStandardOutput();
        }
        QVERIFY2(line.contains('\n'), qPrintable(QStringLiteral("desk-provider.mjs did not start: ")
                                                 + QString::fromUtf8(m_provider.readAllStandardError())));
        const QJsonObject started = TestSupport::parse(line.trimmed());
        m_issuer = started.value(QLatin1String("issuer")).toString();
        m_caFile = started.value(QLatin1String("caFile")).toString();
        QVERIFY2(m_issuer.startsWith(QLatin1String("https://127.0.0.1:")), line.constData());

        // The desk trusts the test CA, as a person's desk trusts the authorization server's.
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        QVERIFY(ssl.addCaCertificates(m_caFile));
        QSslConfiguration::setDefaultConfiguration(ssl);

        // The office reads the provider's keys over HTTPS: it trusts the CA through SSL_CERT_FILE.
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SSL_CERT_FILE"), m_caFile);
        m_office.setProcessEnvironment(environment);
        m_url = TestSupport::startHttpOffice(m_office, m_dir.filePath(QStringLiteral("office.db")),
                                             {QStringLiteral("--oauth-issuer"), m_issuer, QStringLiteral("--oauth-leeway"), QStringLiteral("0")});
        QVERIFY(!m_url.isEmpty());
    }

    void cleanupTestCase()
    {
        m_window.reset();
        if (m_office.state() != QProcess::NotRunning) {
            m_office.terminate();
            m_office.waitForFinished(5000);
        }
        if (m_provider.state() != QProcess::NotRunning) {
            m_provider.closeWriteChannel();  // its cue to stop and remove its files
            if (!m_provider.waitForFinished(10000))
                m_provider.kill();
        }
    }

    void theOfficeOffersSignInBesideTheTokenField()
    {
        openWindow(options());
        ServerPanel *panel = m_window->serverPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->signInButton()->isVisibleTo(panel), 10000);
        QCOMPARE(m_window->signIn()->issuer(), m_issuer);
        QCOMPARE(panel->signInButton()->text(), QStringLiteral("Sign in"));
        QVERIFY(panel->signInButton()->toolTip().contains(m_issuer));
        QVERIFY(panel->tokenEdit()->isVisibleTo(panel));
        QVERIFY(!panel->signOutButton()->isVisibleTo(panel));
        QVERIFY(!panel->signedInLabel()->isVisibleTo(panel));
    }

    void signingInListsTheToolsAsTheSignedInUser()
    {
        QVERIFY(m_window);
        McpClient *client = m_window->client();
        ServerPanel *panel = m_window->serverPanel();
        panel->signInButton()->click();
        QTRY_VERIFY2_WITH_TIMEOUT(client->isReady() && client->tools().size() == TestSupport::kAgentTools, qPrintable(browserLog()), 30000);
        QCOMPARE(m_browsed.size(), 1);

        // The authorization request: PKCE S256, the office as RFC 8707 resource, both scopes, a loopback redirect.
        const QUrlQuery asked{QUrl(m_browsed.first())};
        QVERIFY(m_browsed.first().startsWith(m_issuer + QLatin1Char('/')));
        QCOMPARE(asked.queryItemValue(QStringLiteral("code_challenge_method")), QStringLiteral("S256"));
        QCOMPARE(asked.queryItemValue(QStringLiteral("code_challenge")).size(), 43);  // base64url of a SHA-256
        QCOMPARE(asked.queryItemValue(QStringLiteral("resource"), QUrl::FullyDecoded), m_url);
        QCOMPARE(asked.queryItemValue(QStringLiteral("scope"), QUrl::FullyDecoded), QStringLiteral("office:all office:approve"));
        const QString redirect = asked.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded);
        QVERIFY2(QRegularExpression(QStringLiteral("^http://127\\.0\\.0\\.1:\\d+/callback$")).match(redirect).hasMatch(), qPrintable(redirect));

        // Who is signed in shows where the token field was.
        QCOMPARE(panel->signedInLabel()->text(), QStringLiteral("Signed in as alice"));
        QVERIFY(panel->signedInLabel()->isVisibleTo(panel));
        QVERIFY(panel->signOutButton()->isVisibleTo(panel));
        QVERIFY(!panel->tokenEdit()->isVisibleTo(panel));
        QVERIFY(!panel->signInButton()->isVisibleTo(panel));

        // The bearer is a JWT for this office, for alice, with the right to approve refunds.
        const QString token = client->launch().token;
        const QJsonObject claims = claimsOf(token);
        QCOMPARE(claims.value(QLatin1String("aud")).toString(), m_url);
        QCOMPARE(claims.value(QLatin1String("sub")).toString(), QStringLiteral("alice"));
        QCOMPARE(claims.value(QLatin1String("iss")).toString(), m_issuer);
        QVERIFY2(claims.value(QLatin1String("scope")).toString().split(QLatin1Char(' ')).contains(QStringLiteral("office:approve")),
                 qPrintable(claims.value(QLatin1String("scope")).toString()));

        // Kept as a pasted token is: a 0600 file, with the refresh token and what a refresh needs.
        const TokenStore &store = m_window->tokenStore();
        QCOMPARE(fileMode(store.fileFor(m_url)), 0600);
        const OAuthTokens kept = OAuthTokens::fromJson(store.load(m_url));
        QCOMPARE(kept.accessToken, token);
        QVERIFY(!kept.refreshToken.isEmpty());
        QVERIFY(!kept.clientId.isEmpty());
        QCOMPARE(kept.issuer, m_issuer);
        QVERIFY(kept.tokenEndpoint.toString().startsWith(m_issuer));

        const McpCallResult result = findCustomer(client);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QVERIFY2(result.text().contains(QStringLiteral("Priya Nair")), qPrintable(result.text()));
    }

    void theAccessTokenIsRefreshedBeforeItExpiresWithoutTheBrowser()
    {
        QVERIFY(m_window);
        McpClient *client = m_window->client();
        const QString first = client->launch().token;
        const OAuthTokens before = OAuthTokens::fromJson(m_window->tokenStore().load(m_url));
        QSignalSpy refreshed(m_window->signIn(), &OAuthSignIn::refreshed);
        QVERIFY(refreshed.wait(15000));  // at 80 % of the token's 10 s
        QVERIFY(client->isReady());  // no reconnecting for a refresh
        const QString second = client->launch().token;
        QVERIFY(second != first);
        QCOMPARE(m_browsed.size(), 1);  // no browser for a refresh
        const OAuthTokens after = OAuthTokens::fromJson(m_window->tokenStore().load(m_url));
        QCOMPARE(after.accessToken, second);
        QVERIFY(after.refreshToken != before.refreshToken);  // the server rotates refresh tokens
        QCOMPARE(claimsOf(second).value(QLatin1String("aud")).toString(), m_url);  // the refresh asked for the same resource

        // Once the first token has expired the office refuses it, and the desk's calls go on.
        const qint64 expires = claimsOf(first).value(QLatin1String("exp")).toInteger();
        QTRY_VERIFY_WITH_TIMEOUT(QDateTime::currentSecsSinceEpoch() > expires + 1, 15000);
        QCOMPARE(statusWith(first), 401);
        const McpCallResult result = findCustomer(client);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(m_browsed.size(), 1);
    }

    void aRefusedAccessTokenIsRefreshedOnceAndTheDeskConnects()
    {
        // The desk is closed and opened again later, its access token expired meanwhile. The file
        // is made to say the token has an hour left (a wrong clock, a token the office revoked),
        // so no refresh is due: the office's 401 is what makes the desk refresh, once, and connect.
        // Closed right after a refresh, not during one: the server rotates refresh tokens, and one
        // it has just rotated but the desk did not keep would be spent.
        QSignalSpy between(m_window->signIn(), &OAuthSignIn::refreshed);
        QVERIFY(between.wait(15000));
        m_window.reset();
        const TokenStore store(m_dir.filePath(QStringLiteral("tokens")));
        OAuthTokens kept = OAuthTokens::fromJson(store.load(m_url));
        QVERIFY(!kept.isEmpty());
        // The office judges the token by its own exp: the file's expiresAt is the desk's estimate
        // (the reply's expires_in from when it arrived, kept to the second), up to a second or
        // two early on a loaded machine.
        const qint64 expires = claimsOf(kept.accessToken).value(QLatin1String("exp")).toInteger();
        QTRY_VERIFY_WITH_TIMEOUT(QDateTime::currentSecsSinceEpoch() > expires + 1, 15000);
        QCOMPARE(statusWith(kept.accessToken), 401);
        kept.obtainedAt = QDateTime::currentDateTimeUtc();
        kept.expiresAt = kept.obtainedAt.addSecs(3600);
        QVERIFY(store.save(m_url, QString::fromUtf8(kept.toJson())));

        MainWindow::Options later = options();
        later.autoStart = true;
        openWindow(later);
        McpClient *client = m_window->client();
        QSignalSpy refused(client, &McpClient::tokenRefused);
        QSignalSpy refreshed(m_window->signIn(), &OAuthSignIn::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(client->isReady() && client->tools().size() == TestSupport::kAgentTools, 20000);
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refreshed.size(), 1);
        QVERIFY(client->launch().token != kept.accessToken);
        QCOMPARE(m_browsed.size(), 1);
        QCOMPARE(m_window->serverPanel()->signedInLabel()->text(), QStringLiteral("Signed in as alice"));
        const McpCallResult result = findCustomer(client);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
    }

    void aPastedTokenStillWorksBesideSignIn()
    {
        QProcess add;
        add.start(TestSupport::serverProgram(), {QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("desk-pasted"),
                                                 QStringLiteral("--db"), m_dir.filePath(QStringLiteral("office.db"))});
        QVERIFY(add.waitForFinished(10000) && add.exitCode() == 0);
        const QString token = QString::fromUtf8(add.readAllStandardOutput()).trimmed();
        QVERIFY(token.startsWith(QLatin1String("omcp_")));

        MainWindow::Options pasted = options(QStringLiteral("pasted-tokens"));
        pasted.launch.token = token;
        MainWindow window(pasted);
        McpClient *client = window.client();
        client->start();
        QTRY_VERIFY_WITH_TIMEOUT(client->isReady() && client->tools().size() == TestSupport::kAgentTools, 10000);
        ServerPanel *panel = window.serverPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->signInButton()->isVisibleTo(panel), 10000);  // still offered
        QVERIFY(panel->tokenEdit()->isVisibleTo(panel));
        QCOMPARE(window.tokenStore().load(m_url), token);  // kept as it was pasted
        const McpCallResult result = findCustomer(client);
        QVERIFY2(!result.isError(), qPrintable(result.text()));
    }

    void anAnswerFromAnotherIssuerIsIgnored()
    {
        // A mix-up attack (RFC 9207): the redirect carries the right state but names another
        // server as its issuer. The desk refuses it and exchanges no code.
        MainWindow window(options(QStringLiteral("mixup-tokens")));
        OAuthSignIn *oauth = window.signIn();
        QNetworkAccessManager network;
        oauth->setBrowser([&network](const QUrl &url) {
            const QUrlQuery asked(url);
            QUrl redirect(asked.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
            QUrlQuery answer;
            answer.addQueryItem(QStringLiteral("code"), QStringLiteral("forged-code"));
            answer.addQueryItem(QStringLiteral("state"), asked.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded));
            answer.addQueryItem(QStringLiteral("iss"), QString::fromLatin1(QUrl::toPercentEncoding(QStringLiteral("https://127.0.0.1:1"))));
            redirect.setQuery(answer);
            network.get(QNetworkRequest(redirect));
            return true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!oauth->issuer().isEmpty(), 10000);
        QSignalSpy failed(oauth, &OAuthSignIn::failed);
        window.serverPanel()->signInButton()->click();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().first().toString(),
                 QStringLiteral("The answer to the sign-in did not come from %1; it was ignored.").arg(m_issuer));
        QTest::qWait(1000);
        QCOMPARE(failed.size(), 1);  // no token request followed
        QVERIFY(!oauth->isSignedIn());
        QVERIFY(!QFile::exists(window.tokenStore().fileFor(m_url)));
    }

    void anOfficeWithoutTheWellKnownMetadataIsAskedWhereItsRefusalSays()
    {
        // An office (or a proxy before it) that serves its RFC 9728 metadata elsewhere: the
        // well-known place answers 404, the 401 to the desk's connect names the metadata.
        FakeOffice fake;
        const QByteArray metadataPath = "/oauth/metadata.json";
        const QString issuer = QStringLiteral("https://issuer.example");
        fake.answer = [&](const FakeRequest &request) {
            if (request.method == "GET" && request.path == metadataPath)
                return FakeAnswer{200, TestSupport::compact({{QStringLiteral("resource"), fake.url()},
                                                             {QStringLiteral("authorization_servers"), QJsonArray{issuer}}})};
            if (request.method == "GET")
                return FakeAnswer{404, R"({"error":"not found"})"};
            const QString url = fake.url();
            return FakeAnswer{401, R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Unauthorized"}})",
                              "WWW-Authenticate: Bearer resource_metadata=\"" + url.chopped(4).toUtf8() + metadataPath + "\", scope=\"office:all\"\r\n"};
        };
        MainWindow::Options remote = options(QStringLiteral("fake-tokens"));
        remote.launch.url = fake.url();
        MainWindow window(remote);
        ServerPanel *panel = window.serverPanel();
        QSignalSpy discovered(window.signIn(), &OAuthSignIn::discovered);
        QVERIFY(discovered.wait(5000));
        QVERIFY(window.signIn()->issuer().isEmpty());  // the well-known place had nothing
        QVERIFY(!panel->signInButton()->isVisibleTo(panel));
        window.client()->start();
        QTRY_COMPARE_WITH_TIMEOUT(window.signIn()->issuer(), issuer, 5000);
        QVERIFY(panel->signInButton()->isVisibleTo(panel));
        QCOMPARE(window.client()->state(), McpClient::State::Stopped);
    }

    void aQueuedRefundIsClearedByTheDeskSignedInAsAnApprover()
    {
        // Only an approver can settle a queued request, and the desk signed in as one clears the
        // queue. A clerk's static token (billing, no approver right) beside the sign-in: the
        // clerk's AI client declares form elicitation, yet the office hands it no form and queues
        // the refund. alice's desk (office:all office:approve) shows the request, Review asks her
        // the refund form, and her answer settles the clerk's request in her name.
        QVERIFY(m_window);
        McpClient *client = m_window->client();
        QTRY_VERIFY_WITH_TIMEOUT(client->isReady(), 10000);
        QCOMPARE(m_window->serverPanel()->signedInLabel()->text(), QStringLiteral("Signed in as alice"));
        QVERIFY(claimsOf(client->launch().token).value(QLatin1String("scope")).toString().split(QLatin1Char(' ')).contains(QStringLiteral("office:approve")));
        m_window->show();  // the desk a person has open
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        ApprovalQueue *queue = m_window->approvalQueue();
        QCOMPARE(queue->pendingCount(), 0);  // nothing waits yet

        // The clerk: a static token on the same office, limited to billing, not an approver.
        QProcess add;
        add.start(TestSupport::serverProgram(), {QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("clerk"), QStringLiteral("--profile"),
                                                 QStringLiteral("billing"), QStringLiteral("--db"), m_dir.filePath(QStringLiteral("office.db"))});
        QVERIFY(add.waitForFinished(10000) && add.exitCode() == 0);
        const QString clerk = QString::fromUtf8(add.readAllStandardOutput()).trimmed();
        QVERIFY(clerk.startsWith(QLatin1String("omcp_")));

        // The clerk's refund of invoice 4 (Priya's 410.00): complete at once, no form, queued as pending.
        const QJsonObject asked = callWith(clerk, QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 4}});
        const QJsonObject queued = asked.value(QLatin1String("result")).toObject();
        QVERIFY2(!queued.isEmpty(), TestSupport::compact(asked).constData());
        QCOMPARE(queued.value(QLatin1String("resultType")).toString(), QStringLiteral("complete"));
        QVERIFY2(!queued.contains(QLatin1String("inputRequests")) && !queued.contains(QLatin1String("requestState")),
                 TestSupport::compact(queued).constData());  // a form would be the right to approve
        const QJsonObject pending = queued.value(QLatin1String("structuredContent")).toObject();
        QCOMPARE(pending.value(QLatin1String("status")).toString(), QStringLiteral("pending"));
        QCOMPARE(pending.value(QLatin1String("invoice_id")).toInteger(), 4);
        const qint64 requestId = pending.value(QLatin1String("approval_request_id")).toInteger();
        QVERIFY(requestId > 0);
        const QString clerkLabel = QStringLiteral("clerk (clerk-assistant/1.0)");
        const QString aliceLabel = QStringLiteral("alice (office-desk/" OFFICE_VERSION ")");

        // alice's desk shows it (the office tells the desk; no reconnecting), and Review is offered.
        QTRY_VERIFY_WITH_TIMEOUT(queue->pendingInvoices().contains(4), 10000);
        QSignalSpy shown(m_window.get(), &MainWindow::questionShown);
        QSignalSpy completed(m_window.get(), &MainWindow::callCompleted);
        QVERIFY(queue->review(4));  // the Review button of the clerk's request
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 10000);
        auto *dialog = shown.at(0).at(0).value<ElicitationDialog *>();
        QVERIFY(dialog && dialog->isVisible());
        // The form is for the clerk's request, and says so before the office's question.
        const QString whoAsks = dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text();
        QVERIFY2(whoAsks.startsWith(QStringLiteral("%1 asked in approval request #%2").arg(clerkLabel).arg(requestId)), qPrintable(whoAsks));
        QVERIFY2(dialog->request().message.contains(QStringLiteral("410.00")), qPrintable(dialog->request().message));

        // alice answers as a person does: amount, reason, Accept.
        QVERIFY(!dialog->acceptButton()->isEnabled());
        auto *amount = qobject_cast<QLineEdit *>(dialog->form()->editor(QStringLiteral("amount")));
        QVERIFY(amount);
        QTest::keyClicks(amount, QStringLiteral("125"));
        QTest::keyClicks(dialog->form()->editor(QStringLiteral("reason")), QStringLiteral("Charged twice"));
        QVERIFY(dialog->acceptButton()->isEnabled());
        QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 15000);
        const McpCallResult result = completed.at(0).at(0).value<McpCallResult>();
        QVERIFY2(!result.isError(), qPrintable(result.text()));
        QCOMPARE(result.rounds, 2);  // input_required (the form: alice may approve), then the retry with her answer
        QVERIFY2(result.text().startsWith(QStringLiteral("Refunded 125.00 of invoice 4")), qPrintable(result.text()));

        // The queue is clear, and says who decided.
        QCOMPARE(queue->pendingCount(), 0);
        int settledRow = -1;
        for (int r = 0; r < queue->table()->rowCount(); ++r)
            settledRow = queue->table()->item(r, 1)->text() == QStringLiteral("#%1").arg(requestId) ? r : settledRow;
        QVERIFY(settledRow >= 0);
        QCOMPARE(queue->table()->item(settledRow, 8)->text(), aliceLabel);

        // The office's own record: the clerk's request approved by alice ...
        QHash<QString, QString> request;
        for (const auto &row : officeTable({QStringLiteral("approvals"), QStringLiteral("list")}))
            request = row.value(QStringLiteral("ID")) == QStringLiteral("#%1").arg(requestId) ? row : request;
        QCOMPARE(request.value(QStringLiteral("INVOICE")), QStringLiteral("invoice 4"));
        QCOMPARE(request.value(QStringLiteral("STATUS")), QStringLiteral("approved"));
        QCOMPARE(request.value(QStringLiteral("CLIENT")), clerkLabel);
        QCOMPARE(request.value(QStringLiteral("RESOLVED_BY")), aliceLabel);
        // ... and the audit: queued by the clerk, issued by alice naming the clerk's request.
        QList<QHash<QString, QString>> queuedRows, issuedRows;
        for (const auto &row : officeTable({QStringLiteral("audit"), QStringLiteral("--invoice"), QStringLiteral("4")})) {
            if (row.value(QStringLiteral("ACTION")) == QLatin1String("refund_queued"))
                queuedRows << row;
            if (row.value(QStringLiteral("ACTION")) == QLatin1String("refund_issued"))
                issuedRows << row;
        }
        QCOMPARE(queuedRows.size(), 1);
        QCOMPARE(queuedRows.first().value(QStringLiteral("CLIENT")), clerkLabel);
        QCOMPARE(issuedRows.size(), 1);
        const QHash<QString, QString> issued = issuedRows.first();
        QCOMPARE(issued.value(QStringLiteral("CLIENT")), aliceLabel);
        QVERIFY2(issued.value(QStringLiteral("DETAIL")).startsWith(QStringLiteral("Refunded 125.00 of invoice 4")), qPrintable(issued.value(QStringLiteral("DETAIL"))));
        QVERIFY2(issued.value(QStringLiteral("DETAIL")).contains(QStringLiteral("(asked by %1 in approval request #%2, approved by %3)")
                                                                     .arg(clerkLabel).arg(requestId).arg(aliceLabel)),
                 qPrintable(issued.value(QStringLiteral("DETAIL"))));
    }

    void signingOutDeletesTheTokenFile()
    {
        QVERIFY(m_window);
        ServerPanel *panel = m_window->serverPanel();
        const QString file = m_window->tokenStore().fileFor(m_url);
        QVERIFY(QFile::exists(file));
        panel->signOutButton()->click();
        QVERIFY(!QFile::exists(file));
        QVERIFY(!m_window->signIn()->isSignedIn());
        QVERIFY(m_window->client()->launch().token.isEmpty());
        QCOMPARE(m_window->client()->state(), McpClient::State::Stopped);
        QVERIFY(panel->signInButton()->isVisibleTo(panel));
        QVERIFY(panel->tokenEdit()->isVisibleTo(panel));
        QVERIFY(panel->tokenEdit()->text().isEmpty());
        QVERIFY(!panel->signedInLabel()->isVisibleTo(panel));
    }
};

QTEST_MAIN(TestSignIn)
#include "tst_signin.moc"
