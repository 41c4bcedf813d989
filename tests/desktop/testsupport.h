#pragma once
// Shared by the office-desk tests: where the real office-mcp is, and small JSON helpers.

#include "desklanguage.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QString>

#include <pwd.h>
#include <unistd.h>

namespace TestSupport {

// office-desk always runs with a translation installed (main.cpp): English's own holds its
// plural forms ("1 refund", "2 refunds"). So do the tests, as soon as their application exists.
inline void installDeskLanguage()
{
    DeskLanguage::install(QStringLiteral("en"));
}
Q_COREAPP_STARTUP_FUNCTION(installDeskLanguage)

// $OFFICE_MCP, set by tests/desktop/CMakeLists.txt; empty when no server was built.
inline QString serverProgram()
{
    const QString program = qEnvironmentVariable("OFFICE_MCP");
    return QFileInfo(program).isExecutable() ? program : QString();
}

// How many tools office-mcp lists: to an AI client the seed's six, add_customer,
// cancel_booking and move_booking; the office-mcp the desk starts runs --admin, and lists the
// ten admin tools besides (records and the calendar).
inline constexpr int kAgentTools = 9;
inline constexpr int kDeskTools = 19;

// Who is logged in: the person the desk's office-mcp --admin names in the audit and as who
// decided a request (over stdio the admin right is the person who started it).
inline QString loginName()
{
    const struct passwd *pw = ::getpwuid(::getuid());
    return pw && pw->pw_name ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

// Why a suite that drives the real server fails when serverProgram() is empty (never a skip).
inline constexpr char kNoServer[] =
    "OFFICE_MCP does not name an office-mcp executable: this suite needs the real server (ctest sets it)";

inline QJsonArray fixtureTools()
{
    QFile file(QStringLiteral(OFFICE_DESK_FIXTURES "/tools-2026-07-28.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

inline QJsonObject toolNamed(const QJsonArray &tools, const QString &name)
{
    for (const QJsonValue &tool : tools) {
        if (tool.toObject().value(QLatin1String("name")).toString() == name)
            return tool.toObject();
    }
    return {};
}

inline QJsonObject parse(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

inline QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// The refund question exactly as office-mcp asks it for invoice 2.
inline QJsonObject refundSchema()
{
    return parse(R"({"type":"object","required":["amount","reason"],"properties":{
        "amount":{"type":"number","title":"Amount to refund","description":"At most 80.00, with at most two decimals.","minimum":0.01,"maximum":80.0},
        "reason":{"type":"string","title":"Reason","description":"Why the money goes back (3 to 200 characters).","minLength":3,"maxLength":200}}})");
}

// One 2026-07-28 tools/call from a client named `client`, in an office-mcp process of its own on
// `database`: another client, as far as the desk can tell (without clientCapabilities a refund
// is queued for approval). True when it ran and the result is not an error.
// One 2026-07-28 request by `client` (declaring `capabilities`) to a stdio office-mcp on
// `database`; its reply (empty when the server did not answer).
inline QJsonObject requestAs(const QString &database, const QString &client, const QString &method, QJsonObject params,
                             const QJsonObject &capabilities = {})
{
    params[QStringLiteral("_meta")] = QJsonObject{{QStringLiteral("io.modelcontextprotocol/protocolVersion"), QStringLiteral("2026-07-28")},
                                                  {QStringLiteral("io.modelcontextprotocol/clientCapabilities"), capabilities},
                                                  {QStringLiteral("io.modelcontextprotocol/clientInfo"),
                                                   QJsonObject{{QStringLiteral("name"), client}, {QStringLiteral("version"), QStringLiteral("1.0")}}}};
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), 1},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    QProcess server;
    server.start(serverProgram(), {QStringLiteral("--db"), database});
    if (!server.waitForStarted(5000))
        return {};
    server.write(compact(request) + '\n');
    server.closeWriteChannel();
    if (!server.waitForFinished(10000) || server.exitCode() != 0)
        return {};
    return parse(server.readAllStandardOutput().trimmed());
}

// A tools/call by `client` that succeeded (a result, not an error).
inline bool callAs(const QString &database, const QString &client, const QString &tool, const QJsonObject &arguments,
                   const QJsonObject &capabilities = {})
{
    const QJsonObject reply = requestAs(database, client, QStringLiteral("tools/call"),
                                        QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}, capabilities);
    return reply.contains(QLatin1String("result")) && !reply.value(QLatin1String("result")).toObject().value(QLatin1String("isError")).toBool();
}

// office-mcp --http on `database` in `server` (with `extra` arguments); returns its URL, read
// from the line it prints (empty, with what it said as a warning, when it does not say).
inline QString startHttpOffice(QProcess &server, const QString &database, const QStringList &extra = {})
{
    // No drain delay: the tests' terminate() should end it as soon as its requests are done.
    server.start(serverProgram(), QStringList{QStringLiteral("--http"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--db"), database,
                                              QStringLiteral("--drain-delay"), QStringLiteral("0")} + extra);
    if (!server.waitForStarted(5000))
        return {};
    static const QRegularExpression serving(QStringLiteral("office-mcp: serving MCP at (http://127\\.0\\.0\\.1:\\d+/mcp)"));
    QByteArray said;
    for (int i = 0; i < 100; ++i) {
        server.waitForReadyRead(100);
        said += server.readAllStandardError();
        const QRegularExpressionMatch match = serving.match(QString::fromUtf8(said));
        if (match.hasMatch())
            return match.captured(1);
    }
    qWarning("office-mcp --http said: %s", said.constData());
    return {};
}

} // namespace TestSupport
