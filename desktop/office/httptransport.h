#pragma once
// MCP over Streamable HTTP for McpClient, in the 2026-07-28 stateless style: one POST per
// JSON-RPC message, answered by one JSON body (or an SSE stream whose data lines are
// messages). It adds the headers office-mcp checks against the body (MCP-Protocol-Version,
// Mcp-Method, Mcp-Name) and the bearer token, and turns HTTP failures into one sentence a
// person can act on. It knows nothing of MCP methods beyond those headers.

#include <QHash>
#include <QObject>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

class HttpTransport : public QObject
{
    Q_OBJECT

public:
    enum class Failure {
        Refused,      // 401 or 403: the token (or its absence) was not accepted
        Unreachable,  // no HTTP answer at all: wrong host or port, server down, timeout
        Http,         // an HTTP error without a JSON-RPC body
    };
    Q_ENUM(Failure)

    explicit HttpTransport(QObject *parent = nullptr);

    void setEndpoint(const QUrl &url, const QString &token);
    QUrl url() const { return m_url; }
    // Requests still waiting for an answer.
    int inFlight() const { return int(m_replies.size()); }
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }

    // Posts one message. `requestId` (< 0 for a notification or response) names it in failed().
    void post(const QByteArray &body, const QString &protocolVersion, const QString &method, const QString &name,
              qint64 requestId);
    // Posts a request whose answer is a long-lived SSE stream (subscriptions/listen): each event
    // arrives through lineReceived as it comes; streamEnded says when the stream is over.
    void openStream(const QByteArray &body, const QString &protocolVersion, const QString &method, qint64 requestId);
    // Closes the stream opened by that request (how a client cancels a subscription over HTTP).
    void closeStream(qint64 requestId);
    // Drops every request and stream in flight; their answers are never reported.
    void abortAll();
    // The WWW-Authenticate header of the last 401 or 403 (where an OAuth office says where its
    // metadata is: resource_metadata="…").
    QByteArray lastChallenge() const { return m_challenge; }

    // The value for Mcp-Name: as is when it is plain printable ASCII, else the spec's
    // "=?base64?…?=" form (office-mcp decodes both).
    static QByteArray headerValue(const QString &text);

signals:
    // One JSON-RPC message (or batch) exactly as received.
    void lineReceived(const QByteArray &line);
    void failed(qint64 requestId, HttpTransport::Failure failure, const QString &sentence);
    void streamEnded(qint64 requestId, const QString &why);

private:
    void onFinished(QNetworkReply *reply);
    QNetworkRequest request(const QString &protocolVersion, const QString &method, const QString &name) const;
    void readEvents(QNetworkReply *reply, bool atEnd);

    QNetworkAccessManager *m_network;
    QUrl m_url;
    QString m_token;
    QByteArray m_challenge;
    int m_timeoutMs = 30000;
    QHash<QNetworkReply *, qint64> m_replies;
    QHash<QNetworkReply *, qint64> m_streams;
    QHash<QNetworkReply *, QByteArray> m_streamBuffers;
};
