#pragma once
// Shared by the office-desk tests: where the real office-mcp is, and small JSON helpers.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace TestSupport {

// $OFFICE_MCP, set by tests/desktop/CMakeLists.txt; empty when no server was built.
inline QString serverProgram()
{
    const QString program = qEnvironmentVariable("OFFICE_MCP");
    return QFileInfo(program).isExecutable() ? program : QString();
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

} // namespace TestSupport
