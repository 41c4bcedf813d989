// The desk's audit tab shows the same trail as `office-mcp audit`: writes from two
// differently named clients, made through the real office-mcp. Skipped without $OFFICE_MCP.

#include "databaseview.h"
#include "testsupport.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TestAuditTab : public QObject
{
    Q_OBJECT

private:
    QString m_program;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
    }

    void theAuditTabShowsWhatOfficeMcpAuditLists()
    {
        const QString database = m_dir.filePath(QStringLiteral("audit.db"));
        QVERIFY(TestSupport::callAs(database, QStringLiteral("alpha-agent"), QStringLiteral("book_slot"),
                       QJsonObject{{QStringLiteral("slot_id"), 1}, {QStringLiteral("customer_id"), 1}}));
        QVERIFY(TestSupport::callAs(database, QStringLiteral("bravo-agent"), QStringLiteral("order_lunch"),
                       QJsonObject{{QStringLiteral("item"), QStringLiteral("tortilla")}, {QStringLiteral("quantity"), 2}}));

        QProcess audit;
        audit.start(m_program, {QStringLiteral("audit"), QStringLiteral("--db"), database});
        QVERIFY(audit.waitForFinished(10000));
        QCOMPARE(audit.exitCode(), 0);
        QStringList listed = QString::fromUtf8(audit.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(listed.size(), 3);  // the header and two writes
        listed.removeFirst();

        DatabaseView view;
        view.setDatabasePath(database);
        QVERIFY(DatabaseView::tableNames().contains(QStringLiteral("audit")));
        QTableWidget *tab = view.table(QStringLiteral("audit"));
        QVERIFY(tab);
        QCOMPARE(view.tabs()->tabText(view.tabs()->indexOf(tab)), QStringLiteral("Audit"));  // the tab in the desk's words
        QCOMPARE(tab->rowCount(), 2);

        const SqliteReader::Table shown = view.snapshot(QStringLiteral("audit"));
        QVERIFY2(shown.ok(), qPrintable(shown.error));
        const auto cell = [&](const QVariantList &row, const char *column) {
            return row.value(int(shown.columns.indexOf(QLatin1String(column)))).toString();
        };
        for (int i = 0; i < 2; ++i) {
            const QVariantList &row = shown.rows.at(i);
            const QStringList columns = listed.at(i).split(QRegularExpression(QStringLiteral(" {2,}")));
            QCOMPARE(columns.size(), 7);
            QCOMPARE(cell(row, "at"), columns.at(0));
            QCOMPARE(cell(row, "client_name") + QLatin1Char('/') + cell(row, "client_version"), columns.at(1));
            QCOMPARE(cell(row, "era") + QLatin1Char(' ') + cell(row, "protocol_version"), columns.at(2));
            QCOMPARE(cell(row, "action"), columns.at(3));
            QCOMPARE(cell(row, "subject_type") + QLatin1Char(' ') + cell(row, "subject_id"), columns.at(4));
            QCOMPARE(cell(row, "detail"), columns.at(5));
            QCOMPARE(cell(row, "trace_id"), columns.at(6));  // the join with the log's trace_id
            QCOMPARE(cell(row, "trace_id").size(), 32);
        }
        QCOMPARE(cell(shown.rows.at(0), "client_name"), QStringLiteral("alpha-agent"));
        QCOMPARE(cell(shown.rows.at(1), "client_name"), QStringLiteral("bravo-agent"));
    }
};

QTEST_MAIN(TestAuditTab)
#include "tst_audittab.moc"
