#include "desksettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace DeskSettings {

QString defaultServerProgram()
{
    const QString here = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {here + QLatin1String("/office-mcp"), here + QLatin1String("/../stdio_server/office-mcp")}) {
        const QFileInfo info(candidate);
        if (info.isExecutable() && info.isFile())
            return info.canonicalFilePath();
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("office-mcp"));
    return onPath.isEmpty() ? here + QLatin1String("/office-mcp") : onPath;
}

QString defaultDatabasePath()
{
    const QString fromEnvironment = qEnvironmentVariable("OFFICE_MCP_DB");
    if (!fromEnvironment.isEmpty())
        return QFileInfo(fromEnvironment).absoluteFilePath();
    QString dataHome = qEnvironmentVariable("XDG_DATA_HOME");
    if (dataHome.isEmpty())
        dataHome = QDir::homePath() + QLatin1String("/.local/share");
    return dataHome + QLatin1String("/office-mcp/office.db");
}

McpClient::Launch defaults()
{
    McpClient::Launch launch;
    launch.program = defaultServerProgram();
    launch.database = defaultDatabasePath();
    return launch;
}

McpClient::Launch load(QSettings &settings)
{
    McpClient::Launch launch = defaults();
    settings.beginGroup(QStringLiteral("server"));
    launch.program = settings.value(QStringLiteral("program"), launch.program).toString();
    launch.database = settings.value(QStringLiteral("database"), launch.database).toString();
    launch.profile = settings.value(QStringLiteral("profile"), launch.profile).toString();
    launch.era = settings.value(QStringLiteral("era")).toString() == QLatin1String("legacy") ? McpClient::Era::Legacy
                                                                                              : McpClient::Era::Modern;
    launch.declareElicitation = settings.value(QStringLiteral("elicitation"), true).toBool();
    settings.endGroup();
    return launch;
}

void save(QSettings &settings, const McpClient::Launch &launch)
{
    settings.beginGroup(QStringLiteral("server"));
    settings.setValue(QStringLiteral("program"), launch.program);
    settings.setValue(QStringLiteral("database"), launch.database);
    settings.setValue(QStringLiteral("profile"), launch.profile);
    settings.setValue(QStringLiteral("era"), launch.era == McpClient::Era::Legacy ? QStringLiteral("legacy") : QStringLiteral("modern"));
    settings.setValue(QStringLiteral("elicitation"), launch.declareElicitation);
    settings.endGroup();
}

} // namespace DeskSettings
