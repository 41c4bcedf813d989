#include "mcpclient_internal.h"

#include <QJsonDocument>
#include <QTimer>
#include <QUrl>

#include "office_version.h"

using namespace mcpclient;

const QString McpClient::modernVersion = QStringLiteral("2026-07-28");
const QString McpClient::legacyVersion = QStringLiteral("2025-11-25");

McpClient::McpClient(QObject *parent)
    : QObject(parent)
    , m_process(new QProcess(this))
    , m_http(new HttpTransport(this))
    , m_stopTimer(new QTimer(this))
{
    connect(m_http, &HttpTransport::lineReceived, this, &McpClient::handleLine);
    connect(m_http, &HttpTransport::failed, this, &McpClient::onHttpFailed);
    connect(m_http, &HttpTransport::streamEnded, this, [this](qint64 requestId, const QString &why) {
        if (requestId != m_listenId)
            return;  // answered already (a graceful end, or an error reply)
        m_pending.remove(requestId);
        m_listenId = -1;
        emit listenEnded(tr("The subscription ended: %1.").arg(why));
    });
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_stopTimer->setSingleShot(true);

    connect(m_process, &QProcess::started, this, [this] {
        if (m_launch.era == Era::Modern) {
            sendRequest(QStringLiteral("server/discover"), {}, Purpose::Discover);
        } else {
            QJsonObject capabilities;
            if (m_launch.declareElicitation)
                capabilities.insert(QStringLiteral("elicitation"), QJsonObject{{QStringLiteral("form"), QJsonObject{}}});
            const QJsonObject params{
                {QStringLiteral("protocolVersion"), legacyVersion},
                {QStringLiteral("capabilities"), capabilities},
                {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), m_launch.clientName},
                                                           {QStringLiteral("version"), QStringLiteral(OFFICE_VERSION)}}},
            };
            sendRequest(QStringLiteral("initialize"), params, Purpose::Initialize);
        }
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &McpClient::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        emit stderrReceived(QString::fromUtf8(m_process->readAllStandardError()));
    });
    connect(m_process, &QProcess::finished, this, &McpClient::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return; // crashes and write failures are followed by finished()
        emit processFailed(tr("Could not start %1: %2").arg(m_launch.program, m_process->errorString()));
        const QList<quint64> waiting = m_waitingForReady;
        m_waitingForReady.clear();
        for (quint64 callId : waiting)
            failCall(callId, tr("office-mcp could not be started."));
        m_restartPending = false;
        setState(State::Stopped);
    });
    connect(m_stopTimer, &QTimer::timeout, this, [this] {
        if (!isRunning())
            return;
        if (m_stopStage == 0) {
            m_stopStage = 1;
            m_process->terminate();
            m_stopTimer->start(2000);
        } else {
            m_process->kill();
        }
    });
}

McpClient::~McpClient()
{
    // Our slots must not run while this object is half destroyed.
    disconnect(m_process, nullptr, this, nullptr);
    if (m_process->state() == QProcess::NotRunning)
        return;
    // The window stops the server without blocking before it goes (MainWindow::closeEvent);
    // this is the last resort for owners that did not: EOF first, a kill if it lingers.
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(1000)) {
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

QStringList McpClient::arguments() const
{
    QStringList args;
    if (!m_launch.database.isEmpty())
        args << QStringLiteral("--db") << m_launch.database;
    if (!m_launch.profile.isEmpty() && m_launch.profile != QLatin1String("all"))
        args << QStringLiteral("--profile") << m_launch.profile;
    if (!m_launch.locale.isEmpty())
        args << QStringLiteral("--locale") << m_launch.locale;
    if (m_launch.admin)
        args << QStringLiteral("--admin");
    args << m_launch.extraArguments;
    return args;
}

bool McpClient::isRunning() const
{
    return m_activeRemote ? m_state != State::Stopped : m_process->state() != QProcess::NotRunning;
}

void McpClient::start()
{
    if (isRunning())
        return;
    if (m_launch.remote) {
        const QUrl url(m_launch.url.trimmed());
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
            || url.host().isEmpty()) {
            emit processFailed(tr("\"%1\" is not an office address; it looks like http://host:port/mcp.").arg(m_launch.url));
            return;
        }
        m_serverName.clear();
        m_serverVersion.clear();
        m_protocolVersion.clear();
        m_capabilities = {};
        m_tools = {};
        emit toolsChanged(m_tools);
        m_http->setEndpoint(url, m_launch.token);
        m_activeRemote = true;
        setState(State::Starting);
        sendRequest(QStringLiteral("server/discover"), {}, Purpose::Discover);
        return;
    }
    if (m_launch.program.isEmpty()) {
        emit processFailed(tr("No office-mcp program is set."));
        return;
    }
    m_stdoutBuffer.clear();
    m_serverName.clear();
    m_serverVersion.clear();
    m_protocolVersion.clear();
    m_capabilities = {};
    m_tools = {};
    emit toolsChanged(m_tools);
    m_activeRemote = false;
    setState(State::Starting);
    m_process->start(m_launch.program, arguments(), QIODevice::ReadWrite);
}

void McpClient::setToken(const QString &token)
{
    m_launch.token = token;
    if (m_activeRemote)
        m_http->setEndpoint(m_http->url(), token);
}

void McpClient::stop()
{
    m_restartPending = false;
    if (!isRunning())
        return;
    if (m_activeRemote) {
        // Nothing runs here: dropping the requests in flight is the whole disconnect.
        m_http->abortAll();
        dropInFlight(tr("Disconnected from the office before it answered."));
        setState(State::Stopped);
        return;
    }
    setState(State::Stopping);
    // The stdio shutdown the spec asks of a client: close stdin, wait, SIGTERM, SIGKILL.
    m_process->closeWriteChannel();
    m_stopStage = 0;
    m_stopTimer->start(2000);
}

void McpClient::restart()
{
    if (m_activeRemote && isRunning()) {
        stop();
        start();
        return;
    }
    if (!isRunning()) {
        start();
        return;
    }
    stop();
    m_restartPending = true;
}

void McpClient::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

QJsonObject McpClient::envelope() const
{
    QJsonObject capabilities;
    if (m_launch.declareElicitation)
        capabilities.insert(QStringLiteral("elicitation"), QJsonObject{{QStringLiteral("form"), QJsonObject{}}});
    return {
        {QStringLiteral("io.modelcontextprotocol/protocolVersion"), modernVersion},
        {QStringLiteral("io.modelcontextprotocol/clientCapabilities"), capabilities},
        {QStringLiteral("io.modelcontextprotocol/clientInfo"),
         QJsonObject{{QStringLiteral("name"), m_launch.clientName},
                     {QStringLiteral("version"), QStringLiteral(OFFICE_VERSION)}}},
    };
}

qint64 McpClient::sendRequest(const QString &method, QJsonObject params, Purpose purpose, quint64 callId)
{
    if (era() == Era::Modern) {
        QJsonObject meta = params.value(kMeta).toObject();
        const QJsonObject env = envelope();
        for (auto it = env.begin(); it != env.end(); ++it)
            meta.insert(it.key(), it.value());
        params.insert(kMeta, meta);
    }
    const qint64 id = m_nextRequestId++;
    m_pending.insert(id, Pending{method, purpose, callId});
    QJsonObject message{{kJsonRpc, QStringLiteral("2.0")}, {kId, id}, {kMethod, method}};
    if (!params.isEmpty() || era() == Era::Modern)
        message.insert(kParams, params);
    sendMessage(message, method);
    return id;
}

void McpClient::sendMessage(const QJsonObject &message, const QString &method)
{
    const QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    emit messageExchanged(true, line, method);
    if (m_activeRemote) {
        if (m_state == State::Stopped)
            return;
        // The headers mirror the body: office-mcp refuses a request whose headers disagree.
        const QString verb = message.value(kMethod).toString();
        const QJsonObject params = message.value(kParams).toObject();
        QString name;
        if (verb == QLatin1String("tools/call") || verb == QLatin1String("prompts/get"))
            name = params.value(QStringLiteral("name")).toString();
        else if (verb == QLatin1String("resources/read"))
            name = params.value(QStringLiteral("uri")).toString();
        const qint64 id = message.contains(kMethod) && message.contains(kId) ? message.value(kId).toInteger(-1) : -1;
        if (verb == QLatin1String("subscriptions/listen"))
            m_http->openStream(line, modernVersion, verb, id);  // the answer is a stream that stays open
        else
            m_http->post(line, modernVersion, verb, name, id);
        return;
    }
    if (m_process->state() == QProcess::Running)
        m_process->write(line + '\n');
}

QString McpClient::methodOfRequest(const QJsonValue &id) const
{
    const auto it = m_pending.constFind(id.toInteger(-1));
    return it == m_pending.constEnd() ? QString() : it->method;
}

void McpClient::readStdout()
{
    m_stdoutBuffer += m_process->readAllStandardOutput();
    for (;;) {
        const qsizetype newline = m_stdoutBuffer.indexOf('\n');
        if (newline < 0)
            break;
        const QByteArray line = m_stdoutBuffer.left(newline);
        m_stdoutBuffer.remove(0, newline + 1);
        handleLine(line);
    }
}

void McpClient::handleLine(QByteArray line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (document.isObject()) {
        const QJsonObject message = document.object();
        const QString method = message.contains(kMethod) ? message.value(kMethod).toString()
                                                         : methodOfRequest(message.value(kId));
        emit messageExchanged(false, line, method);
        handleMessage(message);
    } else if (document.isArray()) {
        emit messageExchanged(false, line, QStringLiteral("(batch)"));
        const QJsonArray batch = document.array();
        for (const QJsonValue &element : batch)
            handleMessage(element.toObject());
    } else {
        emit messageExchanged(false, line, QString());
    }
}

void McpClient::handleMessage(const QJsonObject &message)
{
    if (message.contains(kMethod)) {
        const QString method = message.value(kMethod).toString();
        if (message.contains(kId))
            handleServerRequest(message);
        else if (method == QLatin1String("notifications/tools/list_changed"))
            refreshTools();
        else if (method == QLatin1String("notifications/resources/updated"))
            emit resourceUpdated(message.value(kParams).toObject().value(QStringLiteral("uri")).toString());
        return;
    }
    if (message.contains(kId))
        handleResponse(message);
}

void McpClient::readServerInfo(const QJsonObject &result)
{
    QJsonObject info = result.value(QStringLiteral("serverInfo")).toObject();
    if (info.isEmpty())
        info = result.value(kMeta).toObject().value(kServerInfoKey).toObject();
    if (info.isEmpty())
        return;
    m_serverName = info.value(QStringLiteral("title")).toString(info.value(QStringLiteral("name")).toString());
    m_serverVersion = info.value(QStringLiteral("version")).toString();
}

void McpClient::handleResponse(const QJsonObject &message)
{
    const qint64 id = message.value(kId).toInteger(-1);
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    const Pending pending = *it;
    m_pending.erase(it);
    const bool failed = message.contains(kError);
    const QJsonObject result = message.value(kResult).toObject();

    switch (pending.purpose) {
    case Purpose::Discover:
        if (!failed) {
            readServerInfo(result);
            m_capabilities = result.value(QStringLiteral("capabilities")).toObject();
        }
        m_protocolVersion = modernVersion;
        becomeReady();
        break;
    case Purpose::Initialize:
        if (failed) {
            emit processFailed(tr("initialize was refused: %1")
                                   .arg(message.value(kError).toObject().value(QStringLiteral("message")).toString()));
            stop();
            break;
        }
        readServerInfo(result);
        m_capabilities = result.value(QStringLiteral("capabilities")).toObject();
        m_protocolVersion = result.value(QStringLiteral("protocolVersion")).toString();
        sendMessage({{kJsonRpc, QStringLiteral("2.0")}, {kMethod, QStringLiteral("notifications/initialized")}},
                    QStringLiteral("notifications/initialized"));
        becomeReady();
        break;
    case Purpose::ToolsList: {
        if (failed)
            break;
        const QJsonArray page = result.value(QStringLiteral("tools")).toArray();
        for (const QJsonValue &tool : page)
            m_tools.append(tool);
        const QString cursor = result.value(QStringLiteral("nextCursor")).toString();
        if (!cursor.isEmpty())
            sendRequest(QStringLiteral("tools/list"), {{QStringLiteral("cursor"), cursor}}, Purpose::ToolsList);
        else
            emit toolsChanged(m_tools);
        break;
    }
    case Purpose::ToolsCall: {
        const auto call = m_calls.find(pending.callId);
        if (call != m_calls.end() && call->inFlightId == id)
            handleCallResponse(*call, message);
        break;
    }
    case Purpose::ResourcesRead:
        handleReadResponse(pending.callId, message);
        break;
    case Purpose::ResourcesList: {
        QStringList uris;
        const QJsonArray resources = result.value(QStringLiteral("resources")).toArray();
        for (const QJsonValue &resource : resources)
            uris << resource.toObject().value(QStringLiteral("uri")).toString();
        emit resourcesListed(uris, failed ? message.value(kError).toObject().value(QStringLiteral("message")).toString() : QString());
        break;
    }
    case Purpose::Listen:
        // The answer to subscriptions/listen is its end (an error, or the server closing it).
        if (id == m_listenId) {
            m_listenId = -1;
            emit listenEnded(failed ? message.value(kError).toObject().value(QStringLiteral("message")).toString()
                                    : tr("The office ended the subscription."));
        }
        break;
    case Purpose::Subscribe:
        // A table the profile hides cannot be subscribed to; it does not change for us either.
        break;
    }
}

void McpClient::becomeReady()
{
    setState(State::Ready);
    emit ready();
    refreshTools();
    const QList<quint64> waiting = m_waitingForReady;
    m_waitingForReady.clear();
    for (quint64 callId : waiting) {
        const auto call = m_calls.find(callId);
        if (call != m_calls.end() && call->openInputs.isEmpty())
            sendCallRequest(*call);
    }
}

void McpClient::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_stopTimer->stop();
    m_lastExitCode = exitCode;
    m_lastExitStatus = status;
    const QString why = status == QProcess::CrashExit ? tr("office-mcp crashed before answering.")
                                                      : tr("office-mcp exited (code %1) before answering.").arg(exitCode);
    dropInFlight(why);

    setState(State::Stopped);
    emit processFinished(exitCode, status);
    if (m_restartPending) {
        m_restartPending = false;
        start();
    }
}

void McpClient::dropInFlight(const QString &why)
{
    m_pending.clear();
    m_listenId = -1;
    m_legacySubscribed = false;

    // Requests in flight die with the process. Legacy questions die too (the server dropped
    // the parked call); modern questions live on, since their retry can reach a new process.
    QList<quint64> failed = m_waitingForReady;
    m_waitingForReady.clear();
    for (const Call &call : std::as_const(m_calls)) {
        if (call.inFlightId >= 0)
            failed << call.result.callId;
    }
    QList<quint64> withdrawn;
    for (auto t = m_tickets.begin(); t != m_tickets.end();) {
        if (t->legacy) {
            withdrawn << t.key();
            t = m_tickets.erase(t);
        } else {
            ++t;
        }
    }
    for (quint64 ticket : std::as_const(withdrawn))
        emit elicitationWithdrawn(ticket);
    for (quint64 callId : std::as_const(failed))
        failCall(callId, why);
    const QList<quint64> reads = m_reads.keys();
    for (quint64 readId : reads)
        finishRead(readId, why);
}

void McpClient::onHttpFailed(qint64 requestId, HttpTransport::Failure failure, const QString &sentence)
{
    const auto it = m_pending.constFind(requestId);
    const bool known = it != m_pending.constEnd();
    const Pending pending = known ? *it : Pending{};
    // A refused token or an office out of reach ends the connection: every later request
    // would fail the same way, and the person has to change something first.
    if (failure != HttpTransport::Failure::Http || m_state == State::Starting || (known && pending.purpose == Purpose::Discover)) {
        if (m_state == State::Stopped)
            return;
        m_http->abortAll();
        if (failure == HttpTransport::Failure::Refused)
            emit tokenRefused(m_http->lastChallenge());
        emit processFailed(sentence);
        dropInFlight(sentence);
        setState(State::Stopped);
        return;
    }
    if (!known)
        return;
    m_pending.remove(requestId);
    if (pending.purpose == Purpose::ToolsCall) {
        const auto call = m_calls.find(pending.callId);
        if (call != m_calls.end() && call->inFlightId == requestId)
            failCall(pending.callId, sentence);
    } else if (pending.purpose == Purpose::ResourcesRead) {
        finishRead(pending.callId, sentence);
    }
}

