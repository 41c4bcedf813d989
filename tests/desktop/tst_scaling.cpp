// At 200 % (QT_SCALE_FACTOR=2, set by tests/desktop/CMakeLists.txt) a 1440×900 screen gives the
// window 720×450: the desk in Spanish (its longest words) still fits its window, the panels
// scroll rather than run off it, and the refund dialog's buttons stay in sight.

#include "approvalqueue.h"
#include "desklanguage.h"
#include "elicitationdialog.h"
#include "mainwindow.h"
#include "schemaform.h"
#include "testsupport.h"

#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTest>

class TestScaling : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCOMPARE(qEnvironmentVariable("QT_SCALE_FACTOR"), QStringLiteral("2"));
        QCOMPARE(qApp->devicePixelRatio(), 2.0);
        QCOMPARE(DeskLanguage::install(QStringLiteral("es")), QString());
    }

    void theWindowFitsHalfOf1440By900()
    {
        QTemporaryDir dir;
        MainWindow::Options options;
        options.persistSettings = false;
        options.autoStart = false;
        options.launch.program = TestSupport::serverProgram();
        options.launch.database = dir.filePath(QStringLiteral("office.db"));
        MainWindow window(options);
        window.resize(720, 450);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), QSize(720, 450));
        QVERIFY2(window.minimumSizeHint().width() <= 720 && window.minimumSizeHint().height() <= 450,
                 qPrintable(QStringLiteral("%1×%2").arg(window.minimumSizeHint().width()).arg(window.minimumSizeHint().height())));
        auto *scroll = window.findChild<QScrollArea *>(QStringLiteral("windowScroll"));
        QVERIFY(scroll);
        QCOMPARE(window.centralWidget(), scroll);
        // Everything is reachable: what does not fit scrolls, inside the window.
        QVERIFY(window.rect().contains(scroll->geometry()));
        scroll->ensureWidgetVisible(window.approvalQueue());
        QVERIFY(!window.approvalQueue()->visibleRegion().isEmpty());
    }

    void theRefundDialogKeepsItsButtonsInSight()
    {
        McpElicitation request;
        request.ticket = 1;
        request.serverName = QStringLiteral("Office");
        request.tool = QStringLiteral("issue_refund");
        request.message = QStringLiteral("¿Devolver la factura 2 (Maria Alvarez, abierta, 80,00; ya devuelto 30,00, quedan 50,00)? "
                                         "Indique el importe a devolver (como máximo 50,00) y el motivo, o rechace la devolución.");
        request.requestedSchema = TestSupport::refundSchema();
        RefundContext context;
        context.known = true;
        context.invoiceId = 2;
        context.customer = QStringLiteral("Maria Alvarez");
        context.amountCents = 8000;
        context.refundedCents = 3000;
        ElicitationDialog dialog(request, nullptr, context);
        dialog.resize(dialog.sizeHint().boundedTo(QSize(700, 420)));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.width() <= 720 && dialog.height() <= 450, qPrintable(QStringLiteral("%1×%2").arg(dialog.width()).arg(dialog.height())));
        for (QPushButton *button : {dialog.acceptButton(), dialog.declineButton(), dialog.cancelButton()}) {
            QVERIFY(button->isVisible());
            QVERIFY2(dialog.rect().contains(QRect(button->mapTo(&dialog, QPoint(0, 0)), button->size())), qPrintable(button->text()));
        }
        // The amount field can be reached and typed into.
        auto *amount = qobject_cast<QLineEdit *>(dialog.form()->editor(QStringLiteral("amount")));
        QVERIFY(amount);
        amount->setFocus();
        QTest::keyClicks(amount, QStringLiteral("50,5"));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("reason")), QStringLiteral("Cobro duplicado"));
        QVERIFY(dialog.acceptButton()->isEnabled());
    }
};

QTEST_MAIN(TestScaling)
#include "tst_scaling.moc"
