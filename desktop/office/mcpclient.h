#pragma once
// McpClient talks to one office: a local office-mcp child process (newline-delimited JSON-RPC
// over QProcess, either protocol era) or a remote office over Streamable HTTP (URL + bearer
// token, the 2026-07-28 stateless era, HttpTransport). Every message leaves through
// sendMessage() and arrives through handleLine(), whichever the transport, so the rest of the
// desk does not care where the office is. It handles both routes by which the server asks a
// person something (a modern input_required result that is retried, or a legacy
// elicitation/create request that is answered), and reads the office's tables as MCP
// resources (office://<table>, every page). It owns no widgets and never blocks.

#include "httptransport.h"
#include "mcptypes.h"
#include "tablerows.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QStringList>

class QTimer;

class McpClient : public QObject
{
    Q_OBJECT

public:
    enum class Era { Modern, Legacy };
    Q_ENUM(Era)
    enum class State { Stopped, Starting, Ready, Stopping };
    Q_ENUM(State)

    struct Launch
    {
        QString program;
        QString database;                // empty: the server's default
        QString profile = QStringLiteral("all");
        Era era = Era::Modern;
        bool declareElicitation = true;  // without it the server queues refunds for approval
        QString clientName = QStringLiteral("office-desk");
        QStringList extraArguments;
        // office-mcp --admin: the admin tools (edit customers, invoices, the menu) for the person
        // at the desk. Only the desk's own office-mcp gets it (MainWindow sets it); never another
        // client the desk starts, nor a configuration it writes for an AI client.
        bool admin = false;
        // The language of the office's texts for people (office-mcp --locale: the refund form);
        // the desk passes its own. Empty: the server's default (English).
        QString locale;
        // A remote office: `url` (http://host:port/mcp) and its bearer token; program, database
        // and profile are then the remote server's business, and the era is 2026-07-28.
        bool remote = false;
        QString url;
        QString token;
    };

    static const QString modernVersion;  // 2026-07-28
    static const QString legacyVersion;  // 2025-11-25

    explicit McpClient(QObject *parent = nullptr);
    ~McpClient() override;

    void setLaunch(const Launch &launch) { m_launch = launch; }
    // Another bearer token for the remote office, used from the next request on without
    // reconnecting (a refreshed access token).
    void setToken(const QString &token);
    const Launch &launch() const { return m_launch; }
    QStringList arguments() const;

    void start();
    // Closes stdin, then terminates and finally kills a server that does not exit.
    void stop();
    void restart();

    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }
    // The office chosen in the launch is remote (the one connected may still be the previous one).
    bool isRemote() const { return m_launch.remote; }
    // Local: the process runs. Remote: connecting or connected.
    bool isRunning() const;
    qint64 processId() const { return m_process->processId(); }
    // The era actually spoken: a remote office is always 2026-07-28.
    Era era() const { return m_activeRemote ? Era::Modern : m_launch.era; }
    // The server's capabilities (server/discover or initialize).
    QJsonObject serverCapabilities() const { return m_capabilities; }
    bool hasResources() const { return m_capabilities.contains(QLatin1String("resources")); }
    QString serverName() const { return m_serverName; }
    QString serverVersion() const { return m_serverVersion; }
    QString protocolVersion() const { return m_protocolVersion; }
    QJsonArray tools() const { return m_tools; }
    int lastExitCode() const { return m_lastExitCode; }
    QProcess::ExitStatus lastExitStatus() const { return m_lastExitStatus; }

    void refreshTools();
    // Starts a tool call and returns its id; the outcome arrives through callFinished. Calls
    // made while the server starts are sent once it is ready.
    quint64 callTool(const QString &name, const QJsonObject &arguments);
    // action is "accept", "decline" or "cancel"; content only matters for accept.
    void answerElicitation(quint64 ticket, const QString &action, const QJsonObject &content = {});
    // For the traffic log: the method a request id of ours was sent with.
    QString methodOfRequest(const QJsonValue &id) const;

    // Reads the resource office://<table> page by page (following `next` until it is absent)
    // and returns a ticket; the whole table arrives through tableRead.
    quint64 readTable(const QString &table);
    // resources/list: the URIs this caller may read arrive through resourcesListed.
    void listResources();
    // Asks to hear when these resources change: subscriptions/listen (2026-07-28; over HTTP a
    // POST whose answer is an SSE stream left open) or resources/subscribe (legacy, stdio).
    // False when the office offers no subscriptions; listenEnded when it refuses or ends one.
    // Either way the caller polls instead.
    bool listen(const QStringList &uris);
    bool isListening() const { return m_listenId >= 0 || m_legacySubscribed; }

signals:
    void stateChanged(McpClient::State state);
    void ready();
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processFailed(const QString &message);
    // The remote office refused the token (HTTP 401 or 403) with this WWW-Authenticate
    // challenge; processFailed follows.
    void tokenRefused(const QByteArray &challenge);
    void toolsChanged(const QJsonArray &tools);
    void callFinished(const McpCallResult &result);
    void elicitationRequested(const McpElicitation &request);
    // The question can no longer be answered (the legacy server went away).
    void elicitationWithdrawn(quint64 ticket);
    // Every line both ways, exactly as written or read; method is known for responses too.
    void messageExchanged(bool outgoing, const QByteArray &line, const QString &method);
    void stderrReceived(const QString &text);
    void tableRead(quint64 ticket, const QString &table, const TableRows &rows);
    // The answer to listResources; `error` set (and uris empty) when the office refused it.
    void resourcesListed(const QStringList &uris, const QString &error);
    // notifications/resources/updated
    void resourceUpdated(const QString &uri);
    // The server will not send change notifications (it refused or ended the subscription).
    void listenEnded(const QString &why);

private:
    enum class Purpose { Discover, Initialize, ToolsList, ToolsCall, ResourcesList, ResourcesRead, Listen, Subscribe };
    struct Pending
    {
        QString method;
        Purpose purpose;
        quint64 callId = 0;
    };
    struct Call
    {
        McpCallResult result;
        qint64 inFlightId = -1;        // the tools/call request waiting for an answer
        QString requestState;
        QJsonObject inputResponses;
        QHash<QString, quint64> openInputs;  // input key -> ticket
        // W3C trace id of the call, sent as _meta.traceparent with every round: the server's log
        // line and audit row carry it, so the traffic log, the server log and the audit join.
        QString traceId;
    };
    struct Read
    {
        QString table;
        TableRows rows;
        int pages = 0;
    };
    struct Ticket
    {
        quint64 callId = 0;
        QString inputKey;        // modern
        QJsonValue requestId;    // legacy: the server's request id to answer
        bool legacy = false;
    };

    void setState(State state);
    QJsonObject envelope() const;
    qint64 sendRequest(const QString &method, QJsonObject params, Purpose purpose, quint64 callId = 0);
    void sendMessage(const QJsonObject &message, const QString &method);
    void sendCallRequest(Call &call);
    void finishCall(quint64 callId);
    void failCall(quint64 callId, const QString &why);
    void readStdout();
    void handleLine(QByteArray line);
    void handleReadResponse(quint64 readId, const QJsonObject &message);
    void finishRead(quint64 readId, const QString &error = QString());
    void sendRead(quint64 readId, const QString &uri);
    void onHttpFailed(qint64 requestId, HttpTransport::Failure failure, const QString &sentence);
    // Everything in flight fails with `why`; questions that cannot be answered any more are withdrawn.
    void dropInFlight(const QString &why);
    void handleMessage(const QJsonObject &message);
    void handleResponse(const QJsonObject &message);
    void handleServerRequest(const QJsonObject &message);
    void handleCallResponse(Call &call, const QJsonObject &message);
    void becomeReady();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void readServerInfo(const QJsonObject &result);

    QProcess *m_process;
    HttpTransport *m_http;
    bool m_activeRemote = false;  // the transport start() chose; stop() ends that one
    QTimer *m_stopTimer;
    int m_stopStage = 0;
    bool m_restartPending = false;
    Launch m_launch;
    State m_state = State::Stopped;
    QByteArray m_stdoutBuffer;
    qint64 m_nextRequestId = 1;
    quint64 m_nextCallId = 1;
    quint64 m_nextTicket = 1;
    QHash<qint64, Pending> m_pending;
    QHash<quint64, Call> m_calls;
    QHash<quint64, Ticket> m_tickets;
    QHash<quint64, Read> m_reads;
    quint64 m_nextRead = 1;
    qint64 m_listenId = -1;
    bool m_legacySubscribed = false;
    QJsonObject m_capabilities;
    QList<quint64> m_waitingForReady;
    QString m_serverName;
    QString m_serverVersion;
    QString m_protocolVersion;
    QJsonArray m_tools;
    int m_lastExitCode = 0;
    QProcess::ExitStatus m_lastExitStatus = QProcess::NormalExit;
};
