// The desk in Spanish, as `office-desk --lang es` runs it, against the real office-mcp (which the
// desk starts with --locale es): the main window, the schema form, the approval queue and the
// refund dialog speak Spanish and show amounts as 80,00; an amount typed as 50,5 refunds
// exactly 5050 cents.

#include "approvalqueue.h"
#include "databaseview.h"
#include "desklanguage.h"
#include "elicitationdialog.h"
#include "mainwindow.h"
#include "schemaform.h"
#include "serverpanel.h"
#include "testsupport.h"
#include "toolspanel.h"

#include <QAction>
#include <QGroupBox>
#include <QMainWindow>
#include <QSettings>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

class TestDeskSpanish : public QObject
{
    Q_OBJECT

private:
    QString m_program;
    QTemporaryDir m_dir;

    std::unique_ptr<MainWindow> openWindow(const QString &database)
    {
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch.program = m_program;
        options.launch.database = database;
        options.launch.locale = DeskLanguage::current();  // as main.cpp passes it
        auto window = std::make_unique<MainWindow>(options);
        window->resize(1300, 850);
        window->show();
        return window;
    }

    static QString cell(QTableWidget *table, int row, const QString &header)
    {
        for (int c = 0; c < table->columnCount(); ++c) {
            if (table->horizontalHeaderItem(c) && table->horizontalHeaderItem(c)->text() == header)
                return table->item(row, c) ? table->item(row, c)->text() : QString();
        }
        return QStringLiteral("<no column %1>").arg(header);
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
        // --lang es, and a system in Spanish, both choose Spanish.
        QCOMPARE(DeskLanguage::choose(QStringLiteral("es")), QStringLiteral("es"));
        QCOMPARE(DeskLanguage::choose(QString(), {QStringLiteral("es-ES"), QStringLiteral("en-US")}), QStringLiteral("es"));
        QCOMPARE(DeskLanguage::choose(QString(), {QStringLiteral("zh-Hans-CN")}), QStringLiteral("zh_CN"));
        QCOMPARE(DeskLanguage::choose(QStringLiteral("fr"), {QStringLiteral("fr-FR")}), QStringLiteral("en"));
        QCOMPARE(DeskLanguage::install(QStringLiteral("es")), QString());  // the desk's and Qt's own translations
        QCOMPARE(QLocale().decimalPoint(), QStringLiteral(","));
    }

    // The Language menu keeps the choice in the desk's settings; the next start uses it.
    void theLanguageMenuKeepsTheChoice()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("desk.ini")), QSettings::IniFormat);
        QMainWindow window;
        DeskLanguage::addLanguageMenu(&window, &settings);
        auto *chinese = window.findChild<QAction *>(QStringLiteral("language_zh_CN"));
        auto *system = window.findChild<QAction *>(QStringLiteral("language_system"));
        QVERIFY(chinese && system);
        QVERIFY(system->isChecked());
        QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
        chinese->trigger();
        QCOMPARE(DeskLanguage::saved(settings), QStringLiteral("zh_CN"));
        QCOMPARE(DeskLanguage::choose(DeskLanguage::saved(settings), {QStringLiteral("es-ES")}), QStringLiteral("zh_CN"));
        system->trigger();
        QCOMPARE(DeskLanguage::saved(settings), QString());
        QCOMPARE(DeskLanguage::choose(DeskLanguage::saved(settings), {QStringLiteral("es-ES")}), QStringLiteral("es"));
        QCOMPARE(DeskLanguage::current(), QStringLiteral("es"));  // the running desk is unchanged until it starts again
    }

    void theSchemaFormSpeaksSpanish()
    {
        SchemaForm form;
        form.setSchema(TestSupport::refundSchema());
        form.revealProblems();
        QCOMPARE(form.problems(), (QStringList{QStringLiteral("Amount to refund: es obligatorio"), QStringLiteral("Reason: es obligatorio")}));
        QTest::keyClicks(form.editor(QStringLiteral("reason")), QStringLiteral("no"));
        QCOMPARE(form.problems().value(1), QStringLiteral("Reason: debe tener entre 3 y 200 caracteres"));
        const QLabel *hint = form.findChild<QLabel *>(QStringLiteral("hint_amount"));
        QVERIFY(hint);
        QVERIFY2(hint->text().contains(QStringLiteral("de 0,01 a 80")), qPrintable(hint->text()));
    }

    void theWindowTheQueueAndTheRefundDialogSpeakSpanish()
    {
        const QString database = m_dir.filePath(QStringLiteral("spanish.db"));
        auto window = openWindow(database);
        QTRY_VERIFY_WITH_TIMEOUT(window->client()->isReady() && window->toolsPanel()->toolList()->count() == TestSupport::kDeskTools, 10000);
        QVERIFY(window->client()->arguments().contains(QStringLiteral("--locale")));

        // The main window.
        auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(0), QStringLiteral("Base de datos"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Calendario"));
        QCOMPARE(tabs->tabText(2), QStringLiteral("Tráfico"));
        QCOMPARE(window->toolsPanel()->callButton()->text(), QStringLiteral("Llamar"));
        QCOMPARE(window->serverPanel()->restartButton()->text(), QStringLiteral("Reiniciar"));
        QVERIFY2(window->serverPanel()->statusLabel()->text().contains(QStringLiteral("en marcha")), qPrintable(window->serverPanel()->statusLabel()->text()));
        QVERIFY2(window->serverPanel()->statusLabel()->text().contains(QString::number(TestSupport::kDeskTools) + QStringLiteral(" herramientas")), qPrintable(window->serverPanel()->statusLabel()->text()));

        // The approval queue: another client, without forms, asks for a refund of invoice 4.
        ApprovalQueue *queue = window->approvalQueue();
        QVERIFY(TestSupport::callAs(database, QStringLiteral("no-forms-assistant"), QStringLiteral("issue_refund"),
                                    QJsonObject{{QStringLiteral("invoice_id"), 4}}));
        QTRY_COMPARE_WITH_TIMEOUT(queue->pendingCount(), 1, 5000);
        QVERIFY2(queue->findChild<QLabel *>(QStringLiteral("approvalSummary"))->text().contains(QStringLiteral("1 devolución pendiente de aprobación.")),
                 qPrintable(queue->findChild<QLabel *>(QStringLiteral("approvalSummary"))->text()));
        QCOMPARE(cell(queue->table(), 0, QStringLiteral("Importe")), QStringLiteral("410,00"));
        QCOMPARE(cell(queue->table(), 0, QStringLiteral("Estado")), QStringLiteral("pendiente"));
        QCOMPARE(cell(queue->table(), 0, QStringLiteral("Resultado")), QStringLiteral("factura abierta"));
        QVERIFY(window->findChild<QGroupBox *>()->title().startsWith(QStringLiteral("Cola de aprobación")));

        // The refund dialog: the desk's words, and the server's question, in Spanish.
        QSignalSpy shown(window.get(), &MainWindow::questionShown);
        QSignalSpy completed(window.get(), &MainWindow::callCompleted);
        QVERIFY(queue->review(4));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, 5000);
        auto *dialog = shown.at(0).at(0).value<ElicitationDialog *>();
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Devolución de la factura 4"));
        QCOMPARE(dialog->request().message,
                 QStringLiteral("¿Devolver la factura 4 (Priya Nair, abierta, 410,00)? Indique el importe a devolver (como máximo "
                                "410,00) y el motivo, o rechace la devolución."));
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("invoiceSummary"))->text().contains(QStringLiteral("importe 410,00")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("invoiceSummary"))->text()));
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text().startsWith(
                     QStringLiteral("no-forms-assistant/1.0 la pidió en la solicitud de aprobación n.º 1")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))->text()));
        QCOMPARE(dialog->acceptButton()->text(), QStringLiteral("Aceptar"));
        QCOMPARE(dialog->declineButton()->text(), QStringLiteral("Rechazar"));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("label_amount"))->text().startsWith(QStringLiteral("Importe a devolver")));
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("hint_amount"))->text().contains(QStringLiteral("Como máximo 410,00")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("hint_amount"))->text()));

        // 1.000 is refused with the reason; 50,5 is fifty and a half, sent and stored exactly.
        auto *amount = qobject_cast<QLineEdit *>(dialog->form()->editor(QStringLiteral("amount")));
        QTest::keyClicks(amount, QStringLiteral("1.000"));
        QTest::keyClicks(dialog->form()->editor(QStringLiteral("reason")), QStringLiteral("Cobro duplicado"));
        QVERIFY(!dialog->acceptButton()->isEnabled());
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("problems"))->text().contains(QStringLiteral("es ambiguo: 1.000 puede ser 1000 o 1,000")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("problems"))->text()));
        amount->clear();
        QTest::keyClicks(amount, QStringLiteral("50,5"));
        QCOMPARE(amount->text(), QStringLiteral("50,5"));
        QVERIFY(dialog->acceptButton()->isEnabled());
        QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(completed.count() == 1, 10000);
        QVERIFY2(!completed.at(0).at(0).value<McpCallResult>().isError(), qPrintable(completed.at(0).at(0).value<McpCallResult>().text()));
        QCOMPARE(window->databaseView()->value(QStringLiteral("invoices"), 4, QStringLiteral("refunded_cents")).toLongLong(), 5050);
        QTRY_COMPARE_WITH_TIMEOUT(cell(queue->table(), 0, QStringLiteral("Estado")), QStringLiteral("aprobada"), 5000);
        QVERIFY2(cell(queue->table(), 0, QStringLiteral("Resultado")).startsWith(QStringLiteral("50,50 devuelto: Cobro duplicado")),
                 qPrintable(cell(queue->table(), 0, QStringLiteral("Resultado"))));
    }
};

QTEST_MAIN(TestDeskSpanish)
#include "tst_deskspanish.moc"
