// office-desk: the Qt app for the person at the desk (design.md section 8).

#include "aboutbox.h"
#include "desklanguage.h"
#include "desksettings.h"
#include "firstoffice.h"
#include "mainwindow.h"
#include "office_version.h"
#include "screenshotdemo.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QTemporaryDir>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("office-mcp"));
    QApplication::setApplicationName(QStringLiteral("office-desk"));
    QApplication::setApplicationVersion(QStringLiteral(OFFICE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("office-desk"));

    // The language first, so that --help is already in it: --lang, else the Language menu's
    // choice, else the system's (desklanguage.h).
    QString requested;
    const QStringList arguments = QApplication::arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--lang") && i + 1 < arguments.size())
            requested = arguments.at(i + 1);
        else if (arguments.at(i).startsWith(QLatin1String("--lang=")))
            requested = arguments.at(i).mid(7);
    }
    if (requested.isEmpty()) {
        QSettings settings;
        requested = DeskLanguage::saved(settings);
    }
    const QString language = DeskLanguage::choose(requested);
    const QString missing = DeskLanguage::install(language);
    if (!missing.isEmpty())
        qWarning("office-desk: could not load %s", qPrintable(missing));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Approve refunds, call tools and watch the traffic of office-mcp."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption server(QStringLiteral("server"), QApplication::translate("main", "The office-mcp executable."), QStringLiteral("path"));
    const QCommandLineOption database(QStringLiteral("db"), QApplication::translate("main", "The database office-mcp serves."), QStringLiteral("path"));
    const QCommandLineOption profile(QStringLiteral("profile"), QApplication::translate("main", "all, scheduling, billing or lunch."), QStringLiteral("name"));
    const QCommandLineOption era(QStringLiteral("era"), QApplication::translate("main", "modern (2026-07-28) or legacy (2025-11-25)."), QStringLiteral("era"));
    const QCommandLineOption url(QStringLiteral("url"), QApplication::translate("main", "A remote office: http://host:port/mcp (its token is the one kept for it, or $OFFICE_DESK_TOKEN)."), QStringLiteral("url"));
    const QCommandLineOption noStart(QStringLiteral("no-start"), QApplication::translate("main", "Do not start office-mcp at once."));
    const QCommandLineOption screenshot(QStringLiteral("demo-screenshot"),
                                        QApplication::translate("main", "Stage a refund review on a scratch database, save a screenshot to <file> and quit."),
                                        QStringLiteral("file"));
    const QCommandLineOption lang(QStringLiteral("lang"), QApplication::translate("main", "The desk's language: en, es or zh_CN (default: the system's)."),
                                  QStringLiteral("code"));
    parser.addOptions({server, database, profile, era, url, noStart, screenshot, lang});
    parser.process(app);

    const bool demo = parser.isSet(screenshot);
    MainWindow::Options options;
    options.persistSettings = !demo;
    options.autoStart = !parser.isSet(noStart);
    if (demo) {
        options.launch = DeskSettings::defaults();
    } else {
        QSettings settings;
        options.launch = DeskSettings::load(settings);
    }
    QTemporaryDir scratch;
    if (demo) {
        options.launch.database = scratch.filePath(QStringLiteral("office.db"));
        options.tokenDirectory = scratch.filePath(QStringLiteral("tokens"));  // the user's kept tokens stay untouched
    }
    if (parser.isSet(server))
        options.launch.program = QFileInfo(parser.value(server)).absoluteFilePath();
    if (parser.isSet(database))
        options.launch.database = QFileInfo(parser.value(database)).absoluteFilePath();
    if (parser.isSet(profile))
        options.launch.profile = parser.value(profile);
    if (parser.isSet(url)) {
        options.launch.remote = true;
        options.launch.url = parser.value(url);
        // From the environment rather than the command line, where every user's `ps` could read it.
        options.launch.token = qEnvironmentVariable("OFFICE_DESK_TOKEN");
    }
    // The refund form comes from the server: a local office-mcp asks it in the desk's language.
    if (language != QLatin1String("en"))
        options.launch.locale = language;
    if (parser.isSet(era))
        options.launch.era = parser.value(era) == QLatin1String("legacy") ? McpClient::Era::Legacy : McpClient::Era::Modern;

    // The first start on a machine with no office: which one, the demo or the person's own?
    // (The screenshot demo makes its scratch office the usual way: the demo on first use.)
    if (!demo && !options.launch.remote) {
        if (options.launch.database.isEmpty())
            options.launch.database = DeskSettings::defaultDatabasePath(options.launch.program);  // empty: MainWindow says why
        if (FirstOffice::needed(options.launch)) {
            QString problem;
            if (!FirstOffice::ask(options.launch, &problem))
                return 0;  // closed without choosing: nothing was created
            if (!problem.isEmpty())
                QMessageBox::warning(nullptr, QApplication::translate("main", "office-desk"),
                                     QApplication::translate("main", "The office was not created: %1").arg(problem));
        }
    }

    MainWindow window(options);
    QSettings menuSettings;
    DeskLanguage::addLanguageMenu(&window, demo ? nullptr : &menuSettings);
    addHelpMenu(&window);
    if (demo) {
        window.setGeometry(window.screen()->availableGeometry());
        window.show();
        auto *director = new ScreenshotDemo(&window, QFileInfo(parser.value(screenshot)).absoluteFilePath(), &window);
        director->start();
    } else {
        if (window.geometry().width() < 600)
            window.resize(1360, 860);
        window.show();
    }
    return app.exec();
}
