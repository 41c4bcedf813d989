#pragma once
// A stand-in office over HTTP for the desk's remote tests: a QTcpServer that reads one request
// (a POST, or a GET such as the desk's look for OAuth metadata) per connection and answers it
// with what `answer` returns. It records every request (its
// headers and JSON body), so a test can check what the desk sent, and can answer what a real
// office-mcp would not (a 401 on demand, pages of any size).

#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTcpServer>
#include <QTcpSocket>

#include <functional>

struct FakeRequest
{
    QByteArray method;  // GET, POST
    QByteArray path;    // /mcp, /.well-known/...
    QMap<QByteArray, QByteArray> headers;  // names lowercased
    QJsonObject body;
};

struct FakeAnswer
{
    FakeAnswer(int status = 200, const QByteArray &body = {}, const QByteArray &headers = {})
        : status(status), body(body), headers(headers)
    {
    }
    int status;
    QByteArray body;     // application/json
    QByteArray headers;  // more header lines, each ending in \r\n
};

class FakeOffice : public QObject
{
public:
    std::function<FakeAnswer(const FakeRequest &)> answer;
    QList<FakeRequest> requests;

    FakeOffice()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QString url() const { return QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_server.serverPort()); }

    // The JSON-RPC result for `request`'s id.
    static FakeAnswer result(const FakeRequest &request, const QJsonObject &result)
    {
        const QJsonObject reply{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                {QStringLiteral("id"), request.body.value(QLatin1String("id"))},
                                {QStringLiteral("result"), result}};
        return {200, QJsonDocument(reply).toJson(QJsonDocument::Compact)};
    }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        FakeRequest request;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        request.method = requestLine.value(0);
        request.path = requestLine.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
        }
        const qsizetype length = request.headers.value("content-length").toLongLong();
        if (buffer.size() < end + 4 + length)
            return;
        request.body = QJsonDocument::fromJson(buffer.mid(end + 4, length)).object();
        m_buffers.remove(socket);
        requests << request;
        const FakeAnswer reply = answer ? answer(request) : FakeAnswer{500, {}};
        QByteArray response = "HTTP/1.1 " + QByteArray::number(reply.status) + " X\r\n";
        response += reply.headers;
        response += "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + QByteArray::number(reply.body.size())
            + "\r\n\r\n" + reply.body;
        socket->write(response);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};
