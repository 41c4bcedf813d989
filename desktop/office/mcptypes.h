#pragma once
// Plain values that cross from McpClient to the widgets: the outcome of one tool call (which
// may have taken several JSON-RPC round trips) and one question the server wants a person to
// answer. Kept apart from McpClient so views can use them without knowing the protocol.

#include <QJsonObject>
#include <QJsonValue>
#include <QMetaType>
#include <QString>

struct McpCallResult
{
    enum class Kind {
        Result,        // the server answered with a CallToolResult (isError may still be set)
        ProtocolError, // the server answered with a JSON-RPC error
        LocalError,    // no answer: the server is not running, exited, or asked for unsupported input
    };

    quint64 callId = 0;
    QString tool;
    QJsonObject arguments;
    Kind kind = Kind::Result;
    QJsonObject result; // the CallToolResult
    QJsonObject error;  // {code, message, data?} of a JSON-RPC error
    QString localError;
    int rounds = 1;     // tools/call requests sent (modern input_required retries count)

    bool isError() const { return kind != Kind::Result || result.value(QLatin1String("isError")).toBool(); }
    // The text blocks of `content` joined, or a sentence describing the error.
    QString text() const;
    // structuredContent when present (any JSON value in 2026-07-28), else undefined.
    QJsonValue structured() const { return result.value(QLatin1String("structuredContent")); }
};

struct McpElicitation
{
    quint64 ticket = 0;      // answer with McpClient::answerElicitation(ticket, ...)
    quint64 callId = 0;      // the tool call it belongs to, 0 when unknown (legacy, several calls in flight)
    QString tool;            // that call's tool, when known
    QString serverName;      // who asks
    QString message;
    QJsonObject requestedSchema;
    bool legacy = false;     // arrived as an elicitation/create request rather than an input request
};

Q_DECLARE_METATYPE(McpCallResult)
Q_DECLARE_METATYPE(McpElicitation)
