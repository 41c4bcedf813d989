#include "httptransport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

HttpTransport::HttpTransport(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{
    connect(m_network, &QNetworkAccessManager::finished, this, &HttpTransport::onFinished);
}

void HttpTransport::setEndpoint(const QUrl &url, const QString &token)
{
    m_url = url;
    m_token = token;
}

QByteArray HttpTransport::headerValue(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    bool plain = true;
    for (const char c : utf8)
        plain = plain && c >= 0x20 && c < 0x7f;
    if (plain && !utf8.startsWith(' ') && !utf8.endsWith(' '))
        return utf8;
    return "=?base64?" + utf8.toBase64() + "?=";
}

QNetworkRequest HttpTransport::request(const QString &protocolVersion, const QString &method, const QString &name) const
{
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    request.setRawHeader("MCP-Protocol-Version", protocolVersion.toUtf8());
    if (!method.isEmpty())
        request.setRawHeader("Mcp-Method", method.toUtf8());
    if (!name.isEmpty())
        request.setRawHeader("Mcp-Name", headerValue(name));
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    request.setTransferTimeout(m_timeoutMs);
    // Each POST stands alone (stateless era): nothing is gained by HTTP/2 or pipelining here.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return request;
}

void HttpTransport::post(const QByteArray &body, const QString &protocolVersion, const QString &method,
                         const QString &name, qint64 requestId)
{
    QNetworkReply *reply = m_network->post(request(protocolVersion, method, name), body);
    m_replies.insert(reply, requestId);
}

void HttpTransport::openStream(const QByteArray &body, const QString &protocolVersion, const QString &method, qint64 requestId)
{
    QNetworkRequest streamRequest = request(protocolVersion, method, QString());
    streamRequest.setTransferTimeout(0);  // quiet for hours is normal for a subscription
    QNetworkReply *reply = m_network->post(streamRequest, body);
    m_streams.insert(reply, requestId);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 200 && reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(QLatin1String("text/event-stream")))
            readEvents(reply, false);
    });
}

void HttpTransport::closeStream(qint64 requestId)
{
    for (auto it = m_streams.begin(); it != m_streams.end(); ++it) {
        if (it.value() != requestId)
            continue;
        QNetworkReply *reply = it.key();
        m_streams.erase(it);
        m_streamBuffers.remove(reply);
        reply->abort();
        reply->deleteLater();
        return;
    }
}

namespace {

// Takes every complete server-sent event off the front of `buffer` (all of it when `atEnd`) and
// returns their messages: the data lines of an event, joined, are one message.
QList<QByteArray> takeEventMessages(QByteArray &buffer, bool atEnd)
{
    QList<QByteArray> messages;
    buffer.replace("\r\n", "\n");
    for (;;) {
        qsizetype end = buffer.indexOf("\n\n");
        if (end < 0 && atEnd && !buffer.trimmed().isEmpty())
            end = buffer.size();
        if (end < 0)
            break;
        const QByteArray event = buffer.left(end);
        buffer.remove(0, std::min(end + 2, buffer.size()));
        QByteArray data;
        const QList<QByteArray> lines = event.split('\n');
        for (const QByteArray &line : lines) {
            if (!line.startsWith("data:"))
                continue;  // comments (":"), event names and ids carry nothing for us
            QByteArray part = line.mid(5);
            if (part.startsWith(' '))
                part.remove(0, 1);
            data += data.isEmpty() ? part : "\n" + part;
        }
        if (!data.isEmpty())
            messages.append(data);
    }
    return messages;
}

} // namespace

void HttpTransport::readEvents(QNetworkReply *reply, bool atEnd)
{
    QByteArray &buffer = m_streamBuffers[reply];
    buffer += reply->readAll();
    for (const QByteArray &message : takeEventMessages(buffer, atEnd))
        emit lineReceived(message);
}

void HttpTransport::abortAll()
{
    const QList<QNetworkReply *> streams = m_streams.keys();
    m_streams.clear();
    m_streamBuffers.clear();
    for (QNetworkReply *reply : streams) {
        reply->abort();
        reply->deleteLater();
    }
    const QList<QNetworkReply *> replies = m_replies.keys();
    m_replies.clear();
    for (QNetworkReply *reply : replies) {
        reply->abort();
        reply->deleteLater();
    }
}

void HttpTransport::onFinished(QNetworkReply *reply)
{
    reply->deleteLater();
    if (const auto stream = m_streams.find(reply); stream != m_streams.end()) {
        const qint64 requestId = *stream;
        m_streams.erase(stream);
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const bool events = reply->header(QNetworkRequest::ContentTypeHeader).toString().startsWith(QLatin1String("text/event-stream"));
        if (status == 200 && events) {
            readEvents(reply, true);
        } else {
            // Refused before it opened (an office without subscriptions/listen answers a JSON-RPC error).
            const QByteArray body = reply->readAll().trimmed();
            if (body.startsWith('{'))
                emit lineReceived(body);
        }
        m_streamBuffers.remove(reply);
        emit streamEnded(requestId, status == 0 ? reply->errorString() : tr("the office closed the stream (HTTP %1)").arg(status));
        return;
    }
    const auto it = m_replies.find(reply);
    if (it == m_replies.end())
        return;  // aborted
    const qint64 requestId = *it;
    m_replies.erase(it);

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 0) {
        emit failed(requestId, Failure::Unreachable,
                    tr("The office at %1 could not be reached: %2.").arg(m_url.toDisplayString(), reply->errorString()));
        return;
    }
    if (status == 401 || status == 403) {
        m_challenge = reply->rawHeader("WWW-Authenticate");
        emit failed(requestId, Failure::Refused,
                    m_token.isEmpty() ? tr("The office at %1 refused the connection: it needs a token.").arg(m_url.toDisplayString())
                                      : tr("The office refused the token (HTTP %1). Check the token in the server settings.").arg(status));
        return;
    }
    if (status == 202 || status == 204)
        return;  // a notification or a response of ours, accepted

    // A JSON-RPC error travels with 400 or 404 too; the message is the answer, whatever the status.
    const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
    if (type.startsWith(QLatin1String("text/event-stream"))) {
        // The whole stream at once: each event's data lines form one message.
        QByteArray events = body;
        for (const QByteArray &message : takeEventMessages(events, true))
            emit lineReceived(message);
        return;
    }
    const QByteArray trimmed = body.trimmed();
    if (type.startsWith(QLatin1String("application/json")) && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
        const QJsonObject message = QJsonDocument::fromJson(trimmed).object();
        const QJsonValue id = message.value(QLatin1String("id"));
        if (status >= 400 && message.contains(QLatin1String("error")) && (id.isNull() || id.isUndefined())) {
            // Refused before it reached MCP (wrong path, too large, a bad header): no request to answer.
            emit failed(requestId, Failure::Http,
                        tr("The office at %1 answered HTTP %2: %3")
                            .arg(m_url.toDisplayString())
                            .arg(status)
                            .arg(message.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString()));
            return;
        }
        emit lineReceived(trimmed);
        return;
    }
    emit failed(requestId, Failure::Http,
                tr("The office at %1 answered HTTP %2: %3")
                    .arg(m_url.toDisplayString())
                    .arg(status)
                    .arg(QString::fromUtf8(trimmed.left(200)).trimmed()));
}
