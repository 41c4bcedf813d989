#include "mcpclient_internal.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTimer>

using namespace mcpclient;

namespace {

QString randomHex(int digits)
{
    QString hex;
    while (hex.size() < digits)
        hex += QString::number(QRandomGenerator::global()->generate64() | (quint64(1) << 63), 16).right(16);
    return hex.left(digits);  // the top bit set: never the all-zero id
}

} // namespace

void McpClient::refreshTools()
{
    if (m_state != State::Ready)
        return;
    m_tools = {};
    sendRequest(QStringLiteral("tools/list"), {}, Purpose::ToolsList);
}

quint64 McpClient::callTool(const QString &name, const QJsonObject &arguments)
{
    const quint64 callId = m_nextCallId++;
    Call call;
    call.result.callId = callId;
    call.result.tool = name;
    call.result.arguments = arguments;
    call.result.rounds = 0;
    call.traceId = randomHex(32);
    m_calls.insert(callId, call);
    if (m_state == State::Ready)
        sendCallRequest(m_calls[callId]);
    else if (m_state == State::Starting)
        m_waitingForReady.append(callId);
    else
        QTimer::singleShot(0, this, [this, callId] { failCall(callId, tr("office-mcp is not running.")); });
    return callId;
}

void McpClient::sendCallRequest(Call &call)
{
    QJsonObject params{{QStringLiteral("name"), call.result.tool},
                       {QStringLiteral("arguments"), call.result.arguments}};
    if (!call.inputResponses.isEmpty())
        params.insert(QStringLiteral("inputResponses"), call.inputResponses);
    if (!call.requestState.isEmpty())
        params.insert(QStringLiteral("requestState"), call.requestState);
    // One trace per call, a span per round (each round is a request of its own).
    params.insert(kMeta, QJsonObject{{QStringLiteral("traceparent"),
                                      QStringLiteral("00-%1-%2-01").arg(call.traceId, randomHex(16))}});
    call.inputResponses = {};
    call.requestState.clear();
    ++call.result.rounds;
    call.inFlightId = sendRequest(QStringLiteral("tools/call"), params, Purpose::ToolsCall, call.result.callId);
}

void McpClient::finishCall(quint64 callId)
{
    const auto it = m_calls.find(callId);
    if (it == m_calls.end())
        return;
    const McpCallResult result = it->result;
    m_calls.erase(it);
    emit callFinished(result);
}

void McpClient::failCall(quint64 callId, const QString &why)
{
    const auto it = m_calls.find(callId);
    if (it == m_calls.end())
        return;
    it->result.kind = McpCallResult::Kind::LocalError;
    it->result.localError = why;
    QList<quint64> withdrawn;
    for (auto t = m_tickets.begin(); t != m_tickets.end();) {
        if (t->callId == callId) {
            withdrawn << t.key();
            t = m_tickets.erase(t);
        } else {
            ++t;
        }
    }
    finishCall(callId);
    for (quint64 ticket : withdrawn)
        emit elicitationWithdrawn(ticket);
}

void McpClient::answerElicitation(quint64 ticket, const QString &action, const QJsonObject &content)
{
    const auto it = m_tickets.find(ticket);
    if (it == m_tickets.end())
        return;
    const Ticket t = *it;
    m_tickets.erase(it);

    QJsonObject answer{{QStringLiteral("action"), action}};
    if (action == QLatin1String("accept"))
        answer.insert(QStringLiteral("content"), content);

    if (t.legacy) {
        sendMessage({{kJsonRpc, QStringLiteral("2.0")}, {kId, t.requestId}, {kResult, answer}},
                    QStringLiteral("elicitation/create"));
        return;
    }
    const auto call = m_calls.find(t.callId);
    if (call == m_calls.end())
        return;
    call->openInputs.remove(t.inputKey);
    call->inputResponses.insert(t.inputKey, answer);
    if (!call->openInputs.isEmpty())
        return;
    // Nothing was held open by the server, so the retry may go to a restarted process.
    if (m_state == State::Ready)
        sendCallRequest(*call);
    else if (m_state == State::Starting)
        m_waitingForReady.append(t.callId);
    else
        failCall(t.callId, tr("office-mcp is not running; the answer could not be sent."));
}

void McpClient::handleCallResponse(Call &call, const QJsonObject &message)
{
    call.inFlightId = -1;
    const quint64 callId = call.result.callId;
    if (message.contains(kError)) {
        call.result.kind = McpCallResult::Kind::ProtocolError;
        call.result.error = message.value(kError).toObject();
        finishCall(callId);
        return;
    }
    const QJsonObject result = message.value(kResult).toObject();
    if (m_serverName.isEmpty())
        readServerInfo(result);
    if (result.value(QStringLiteral("resultType")).toString() != QLatin1String("input_required")) {
        call.result.kind = McpCallResult::Kind::Result;
        call.result.result = result;
        finishCall(callId);
        return;
    }

    call.requestState = result.value(QStringLiteral("requestState")).toString();
    call.inputResponses = {};
    QList<McpElicitation> questions;
    const QJsonObject inputRequests = result.value(QStringLiteral("inputRequests")).toObject();
    for (auto it = inputRequests.begin(); it != inputRequests.end(); ++it) {
        const QJsonObject request = it.value().toObject();
        const QString method = request.value(kMethod).toString();
        const QJsonObject params = request.value(kParams).toObject();
        if (method != QLatin1String("elicitation/create")) {
            failCall(callId, tr("The server asked for %1, which office-desk does not offer.").arg(method));
            return;
        }
        if (params.value(QStringLiteral("mode")).toString(QStringLiteral("form")) != QLatin1String("form")) {
            // Only form elicitation was declared; anything else is declined rather than shown.
            call.inputResponses.insert(it.key(), QJsonObject{{QStringLiteral("action"), QStringLiteral("decline")}});
            continue;
        }
        const quint64 ticket = m_nextTicket++;
        m_tickets.insert(ticket, Ticket{callId, it.key(), QJsonValue(), false});
        call.openInputs.insert(it.key(), ticket);
        McpElicitation question;
        question.ticket = ticket;
        question.callId = callId;
        question.tool = call.result.tool;
        question.serverName = m_serverName;
        question.message = params.value(QStringLiteral("message")).toString();
        question.requestedSchema = params.value(QStringLiteral("requestedSchema")).toObject();
        questions << question;
    }
    if (questions.isEmpty()) {
        sendCallRequest(call);
        return;
    }
    // `call` may be gone once a listener answers synchronously; only copies are used here.
    for (const McpElicitation &question : std::as_const(questions))
        emit elicitationRequested(question);
}

void McpClient::handleServerRequest(const QJsonObject &message)
{
    const QString method = message.value(kMethod).toString();
    const QJsonValue id = message.value(kId);
    const auto reply = [&](const QString &key, const QJsonObject &value) {
        sendMessage({{kJsonRpc, QStringLiteral("2.0")}, {kId, id}, {key, value}}, method);
    };

    if (method == QLatin1String("ping")) {
        reply(kResult, QJsonObject{});
        return;
    }
    if (method != QLatin1String("elicitation/create")) {
        reply(kError, errorObject(-32601, QStringLiteral("Method not found")));
        return;
    }
    const QJsonObject params = message.value(kParams).toObject();
    if (!m_launch.declareElicitation
        || params.value(QStringLiteral("mode")).toString(QStringLiteral("form")) != QLatin1String("form")) {
        reply(kError, errorObject(-32602, QStringLiteral("office-desk accepts form elicitation only, and only when it declared it")));
        return;
    }

    McpElicitation question;
    question.ticket = m_nextTicket++;
    question.serverName = m_serverName;
    question.message = params.value(QStringLiteral("message")).toString();
    question.requestedSchema = params.value(QStringLiteral("requestedSchema")).toObject();
    question.legacy = true;
    // A legacy elicitation names no call; when exactly one is in flight it is that one.
    const Call *only = nullptr;
    int inFlight = 0;
    for (const Call &call : std::as_const(m_calls)) {
        if (call.inFlightId >= 0) {
            only = &call;
            ++inFlight;
        }
    }
    if (inFlight == 1) {
        question.callId = only->result.callId;
        question.tool = only->result.tool;
    }
    m_tickets.insert(question.ticket, Ticket{question.callId, QString(), id, true});
    emit elicitationRequested(question);
}
