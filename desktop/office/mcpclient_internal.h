#pragma once
// What McpClient's files share, and nothing outside them includes. The client is one class
// (mcpclient.h) whose parts live in files named for what they do:
//   mcpclient.cpp            the connection: a child process or HTTP, messages in and out,
//                            the handshake and readiness, what happens when it ends
//   mcpclient_calls.cpp      tool calls and the person's answers to what the server asks
//   mcpclient_resources.cpp  the office's tables as resources: pages, subscriptions

#include "mcpclient.h"

#include <QJsonObject>
#include <QString>

namespace mcpclient {

inline const QString kJsonRpc = QStringLiteral("jsonrpc");
inline const QString kMethod = QStringLiteral("method");
inline const QString kParams = QStringLiteral("params");
inline const QString kResult = QStringLiteral("result");
inline const QString kError = QStringLiteral("error");
inline const QString kId = QStringLiteral("id");
inline const QString kMeta = QStringLiteral("_meta");
inline const QString kServerInfoKey = QStringLiteral("io.modelcontextprotocol/serverInfo");

inline QJsonObject errorObject(int code, const QString &message)
{
    return {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
}

} // namespace mcpclient
