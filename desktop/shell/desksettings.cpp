#include "desksettings.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>
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

QString defaultDatabasePath(const QString &program, QString *problem)
{
    constexpr int kWaitMs = 5000;
    QString why;
    QProcess server;
    server.start(program, {QStringLiteral("db"), QStringLiteral("path")});
    if (!server.waitForStarted(kWaitMs)) {
        why = QCoreApplication::translate("DeskSettings", "%1 could not be started: %2").arg(program, server.errorString());
    } else if (!server.waitForFinished(kWaitMs)) {
        server.kill();
        server.waitForFinished();
        why = QCoreApplication::translate("DeskSettings", "%1 did not answer \"db path\" within %2 seconds").arg(program).arg(kWaitMs / 1000);
    } else if (server.exitStatus() != QProcess::NormalExit || server.exitCode() != 0) {
        const QString said = QString::fromLocal8Bit(server.readAllStandardError()).trimmed();
        why = QCoreApplication::translate("DeskSettings", "%1 db path failed (exit status %2)%3")
                  .arg(program)
                  .arg(server.exitCode())
                  .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
    } else {
        const QString path = QString::fromLocal8Bit(server.readAllStandardOutput()).trimmed();
        if (!path.isEmpty())
            return path;
        why = QCoreApplication::translate("DeskSettings", "%1 db path printed nothing").arg(program);
    }
    if (problem)
        *problem = why;
    return {};
}

McpClient::Launch defaults()
{
    McpClient::Launch launch;
    launch.program = defaultServerProgram();
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
    launch.remote = settings.value(QStringLiteral("office")).toString() == QLatin1String("remote");
    launch.url = settings.value(QStringLiteral("url")).toString();
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
    settings.setValue(QStringLiteral("office"), launch.remote ? QStringLiteral("remote") : QStringLiteral("local"));
    settings.setValue(QStringLiteral("url"), launch.url);
    // Never the token: QSettings is a plain file. TokenStore keeps it (0600).
    settings.endGroup();
}

} // namespace DeskSettings
