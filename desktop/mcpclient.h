#pragma once
// McpClient drives one office-mcp child process: newline-delimited JSON-RPC over QProcess in
// either protocol era, and both routes by which the server asks a person something (a modern
// input_required result that is retried, or a legacy elicitation/create request that is
// answered). It owns no widgets and never blocks, so tests can drive it directly.

#include "mcptypes.h"

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
    };

    static const QString modernVersion;  // 2026-07-28
    static const QString legacyVersion;  // 2025-11-25

    explicit McpClient(QObject *parent = nullptr);
    ~McpClient() override;

    void setLaunch(const Launch &launch) { m_launch = launch; }
    const Launch &launch() const { return m_launch; }
    QStringList arguments() const;

    void start();
    // Closes stdin, then terminates and finally kills a server that does not exit.
    void stop();
    void restart();

    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }
    bool isRunning() const { return m_process->state() != QProcess::NotRunning; }
    qint64 processId() const { return m_process->processId(); }
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

signals:
    void stateChanged(McpClient::State state);
    void ready();
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processFailed(const QString &message);
    void toolsChanged(const QJsonArray &tools);
    void callFinished(const McpCallResult &result);
    void elicitationRequested(const McpElicitation &request);
    // The question can no longer be answered (the legacy server went away).
    void elicitationWithdrawn(quint64 ticket);
    // Every line both ways, exactly as written or read; method is known for responses too.
    void messageExchanged(bool outgoing, const QByteArray &line, const QString &method);
    void stderrReceived(const QString &text);

private:
    enum class Purpose { Discover, Initialize, ToolsList, ToolsCall };
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
    void handleMessage(const QJsonObject &message);
    void handleResponse(const QJsonObject &message);
    void handleServerRequest(const QJsonObject &message);
    void handleCallResponse(Call &call, const QJsonObject &message);
    void becomeReady();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void readServerInfo(const QJsonObject &result);

    QProcess *m_process;
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
    QList<quint64> m_waitingForReady;
    QString m_serverName;
    QString m_serverVersion;
    QString m_protocolVersion;
    QJsonArray m_tools;
    int m_lastExitCode = 0;
    QProcess::ExitStatus m_lastExitStatus = QProcess::NormalExit;
};
