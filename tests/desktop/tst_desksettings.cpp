// office-desk's default database is the one office-mcp serves without --db: the desk asks the
// server (`office-mcp db path`) instead of computing it a second way that could disagree.

#include "desksettings.h"
#include "mainwindow.h"
#include "serverlogview.h"
#include "testsupport.h"

#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

class TestDeskSettings : public QObject
{
    Q_OBJECT

    QString m_program;
    QTemporaryDir m_dir;

    // What `office-mcp db path` prints, asked here directly.
    QString printedByServer()
    {
        QProcess server;
        server.start(m_program, {QStringLiteral("db"), QStringLiteral("path")});
        if (!server.waitForFinished(10000) || server.exitCode() != 0)
            return QStringLiteral("(office-mcp db path failed)");
        return QString::fromLocal8Bit(server.readAllStandardOutput()).trimmed();
    }

    // What Qt says when `program` cannot be started (its wording changes between Qt versions).
    static QString whyQtCannotStart(const QString &program)
    {
        QProcess probe;
        probe.start(program, {});
        probe.waitForStarted();
        return probe.errorString();
    }

    static void setOrUnset(const char *name, const QString &value)
    {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value.toLocal8Bit());
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
    }

    void theDefaultDatabaseIsWhatTheServerPrints_data()
    {
        QTest::addColumn<QString>("officeMcpDb");
        QTest::addColumn<QString>("xdgDataHome");
        QTest::addColumn<QString>("home");
        QTest::addColumn<QString>("expected");
        const QString dir = m_dir.path();
        QTest::newRow("XDG_DATA_HOME") << QString() << dir + QStringLiteral("/data") << dir + QStringLiteral("/home") << dir + QStringLiteral("/data/office-mcp/office.db");
        QTest::newRow("XDG_DATA_HOME with a trailing slash")
            << QString() << dir + QStringLiteral("/data/") << dir + QStringLiteral("/home") << dir + QStringLiteral("/data/office-mcp/office.db");
        // The XDG spec says a relative XDG_DATA_HOME is invalid and to be ignored.
        QTest::newRow("a relative XDG_DATA_HOME is ignored")
            << QString() << QStringLiteral("relative/data") << dir + QStringLiteral("/home") << dir + QStringLiteral("/home/.local/share/office-mcp/office.db");
        QTest::newRow("no XDG_DATA_HOME") << QString() << QString() << dir + QStringLiteral("/home") << dir + QStringLiteral("/home/.local/share/office-mcp/office.db");
        QTest::newRow("OFFICE_MCP_DB wins") << dir + QStringLiteral("/elsewhere/../chosen.db") << dir + QStringLiteral("/data") << dir + QStringLiteral("/home") << dir + QStringLiteral("/chosen.db");
    }

    void theDefaultDatabaseIsWhatTheServerPrints()
    {
        QFETCH(QString, officeMcpDb);
        QFETCH(QString, xdgDataHome);
        QFETCH(QString, home);
        QFETCH(QString, expected);
        setOrUnset("OFFICE_MCP_DB", officeMcpDb);
        setOrUnset("XDG_DATA_HOME", xdgDataHome);
        setOrUnset("HOME", home);

        QString problem;
        const QString desk = DeskSettings::defaultDatabasePath(m_program, &problem);
        QCOMPARE(problem, QString());
        QCOMPARE(desk, printedByServer());
        QCOMPARE(desk, expected);
    }

    void aServerThatCannotStartGivesNoPathAndSaysWhy()
    {
        const QString missing = m_dir.filePath(QStringLiteral("no-such-office-mcp"));
        QString problem;
        QCOMPARE(DeskSettings::defaultDatabasePath(missing, &problem), QString());
        QCOMPARE(problem, missing + QStringLiteral(" could not be started: ") + whyQtCannotStart(missing));
    }

    void aServerThatRefusesGivesNoPathAndShowsItsMessage()
    {
        qputenv("OFFICE_MCP_DURABILITY", "fast");
        QString problem;
        const QString desk = DeskSettings::defaultDatabasePath(m_program, &problem);
        qunsetenv("OFFICE_MCP_DURABILITY");
        QCOMPARE(desk, QString());
        QCOMPARE(problem, m_program + QStringLiteral(" db path failed (exit status 2): office-mcp: unknown durability fast (power or process)"));
    }

    // The desk still opens; the server, when it starts, serves its own default; the person is
    // told why the desk shows no database.
    void aWindowThatCannotAskTheServerSaysSoAndChoosesNoDatabase()
    {
        const QString missing = m_dir.filePath(QStringLiteral("no-such-office-mcp"));
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = missing;
        MainWindow window(options);
        const QString expected = QStringLiteral("Could not ask office-mcp for its database (") + missing
            + QStringLiteral(" could not be started: ") + whyQtCannotStart(missing)
            + QStringLiteral("). Choose one in the server settings.");
        QCOMPARE(window.client()->launch().database, QString());
        QCOMPARE(window.statusBar()->currentMessage(), expected);
        QVERIFY2(window.serverLog()->plainText().contains(expected), qPrintable(window.serverLog()->plainText()));
    }
};

QTEST_MAIN(TestDeskSettings)
#include "tst_desksettings.moc"
