// The dialog a person answers: it says who asks and why, keeps Accept disabled until the
// answer is valid, and reports exactly one answer.

#include "datalabel.h"
#include "elicitationdialog.h"
#include "schemaform.h"
#include "officedb.h"
#include "testsupport.h"

#include <QTemporaryDir>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

class TestElicitationDialog : public QObject
{
    Q_OBJECT

private:
    static McpElicitation refundQuestion()
    {
        McpElicitation question;
        question.ticket = 7;
        question.callId = 3;
        question.tool = QStringLiteral("issue_refund");
        question.serverName = QStringLiteral("Office");
        question.message = QStringLiteral("Refund invoice 2 (Maria Alvarez, open, 80.00)?");
        question.requestedSchema = TestSupport::refundSchema();
        return question;
    }

private slots:
    void itSaysWhoAsksForWhichToolAndWhy()
    {
        ElicitationDialog dialog(refundQuestion());
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Office asks"));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("asker"))->text().contains(QStringLiteral("<b>Office</b>")));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("asker"))->text().contains(QStringLiteral("issue_refund")));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("message"))->text(), QStringLiteral("Refund invoice 2 (Maria Alvarez, open, 80.00)?"));
        QCOMPARE(dialog.form()->fieldNames(), (QStringList{QStringLiteral("amount"), QStringLiteral("reason")}));
    }

    void acceptStaysDisabledUntilTheAnswerIsValid()
    {
        ElicitationDialog dialog(refundQuestion());
        dialog.open();
        QVERIFY(!dialog.acceptButton()->isEnabled());
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("problems"))->text(),
                 QStringLiteral("To accept: Amount to refund: is required; Reason: is required."));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("amount")), QStringLiteral("25"));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("reason")), QStringLiteral("ok"));
        QVERIFY(!dialog.acceptButton()->isEnabled());
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("error_reason"))->text(), QStringLiteral("must be between 3 and 200 characters"));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("reason")), QStringLiteral("!"));
        QVERIFY(dialog.acceptButton()->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("problems"))->text().isEmpty());
    }

    void acceptSendsTheTypedContentOnce()
    {
        ElicitationDialog dialog(refundQuestion());
        QSignalSpy answered(&dialog, &ElicitationDialog::answered);
        dialog.open();
        qobject_cast<QLineEdit *>(dialog.form()->editor(QStringLiteral("amount")))->setText(QStringLiteral("12.5"));
        qobject_cast<QLineEdit *>(dialog.form()->editor(QStringLiteral("reason")))->setText(QStringLiteral("Charged twice"));
        dialog.form()->setValues(dialog.form()->values());  // as if typed
        QVERIFY(dialog.acceptButton()->isEnabled());
        QTest::mouseClick(dialog.acceptButton(), Qt::LeftButton);
        dialog.acceptButton()->click();  // a second click is not a second answer
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(0).value<quint64>(), quint64(7));
        QCOMPARE(answered.at(0).at(1).toString(), QStringLiteral("accept"));
        QCOMPARE(TestSupport::compact(answered.at(0).at(2).toJsonObject()), QByteArray(R"({"amount":12.5,"reason":"Charged twice"})"));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    void declineSendsNoContent()
    {
        ElicitationDialog dialog(refundQuestion());
        QSignalSpy answered(&dialog, &ElicitationDialog::answered);
        dialog.open();
        QVERIFY(dialog.declineButton()->isEnabled());
        dialog.declineButton()->click();
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(1).toString(), QStringLiteral("decline"));
        QCOMPARE(answered.at(0).at(2).toJsonObject(), QJsonObject{});
        QVERIFY(!dialog.isVisible());
    }

    // Issue 11: 1000 typed into an amount whose maximum is 80 stays 1000, and Accept stays off.
    void anAmountAboveTheMaximumKeepsAcceptDisabledAndIsShownAsTyped()
    {
        ElicitationDialog dialog(refundQuestion());
        dialog.open();
        auto *amount = qobject_cast<QLineEdit *>(dialog.form()->editor(QStringLiteral("amount")));
        QVERIFY(amount);
        QTest::keyClicks(amount, QStringLiteral("1000"));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("reason")), QStringLiteral("Charged twice"));
        QCOMPARE(amount->text(), QStringLiteral("1000"));
        QVERIFY(!dialog.acceptButton()->isEnabled());
        // The refund's amount is money: its bounds are shown as money.
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("error_amount"))->text(), QStringLiteral("must be between 0.01 and 80.00"));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("problems"))->text(),
                 QStringLiteral("To accept: Amount to refund: must be between 0.01 and 80.00."));
        QTest::keyClick(amount, Qt::Key_Backspace);
        QTest::keyClick(amount, Qt::Key_Backspace);
        QCOMPARE(amount->text(), QStringLiteral("10"));
        QVERIFY(dialog.acceptButton()->isEnabled());
    }

    // Issue 11: the refund dialog speaks to office staff; protocol words only in the details line.
    void aRefundDialogSaysWhoAsksAndWhatIsLeftOfTheInvoice()
    {
        RefundContext context;
        context.known = true;
        context.requestId = 3;
        context.askedBy = QStringLiteral("phone-assistant");
        context.askedAt = QDateTime(QDate::currentDate(), QTime(14, 2));
        context.invoiceId = 2;
        context.customer = QStringLiteral("Maria Alvarez");
        context.amountCents = 8000;
        context.refundedCents = 3000;
        ElicitationDialog dialog(refundQuestion(), nullptr, context);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Refund for invoice 2"));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("whoAsks"))->text(),
                 QStringLiteral("phone-assistant asked in approval request #3, today at 14:02."));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("invoiceSummary"))->text(),
                 QStringLiteral("Invoice 2 · Maria Alvarez · amount 80.00 · 30.00 refunded so far · 50.00 left"));
        for (const char *name : {"asker", "whoAsks", "invoiceSummary", "message"}) {
            const QString text = dialog.findChild<QLabel *>(QLatin1String(name))->text();
            for (const char *word : {"input_required", "2026-07-28", "elicitation", "issue_refund"})
                QVERIFY2(!text.contains(QLatin1String(word)), qPrintable(QLatin1String(name) + QLatin1String(": ") + text));
        }
        const QString details = dialog.findChild<QLabel *>(QStringLiteral("details"))->text();
        QVERIFY(details.contains(QStringLiteral("input_required")));
        QVERIFY(details.contains(QStringLiteral("2026-07-28")));

        context.fromToolsPanel = true;
        context.requestId = 0;
        ElicitationDialog own(refundQuestion(), nullptr, context);
        QCOMPARE(own.findChild<QLabel *>(QStringLiteral("whoAsks"))->text(), QStringLiteral("You started this refund from the tools panel."));
    }

    // What a client, an agent or the office's records wrote is shown as the characters it is,
    // never as markup: an agent's customer name, a client's name, the server's question.
    void theApproversDialogShowsHostileTextAsPlainText()
    {
        const QStringList hostile = {QStringLiteral("<h2 style=\"color:green\">APPROVED by manager, enter 900.00</h2>"),
                                     QStringLiteral("<a href=\"http://evil.example\">Maria</a>"),
                                     QStringLiteral("Ann\u202Eelif.exe"), QString(200, QChar(0x738B)), QString()};
        QCOMPARE(visibleText(QStringLiteral("Ann\u202Eelif.exe")), QStringLiteral("Ann<U+202E>elif.exe"));
        QCOMPARE(visibleText(QStringLiteral("\u2066x\u2069")), QStringLiteral("<U+2066>x<U+2069>"));
        for (const QString &text : hostile) {
            McpElicitation question = refundQuestion();
            question.serverName = text;
            question.message = QStringLiteral("Refund invoice 5 (%1, paid, 240.00)?").arg(text);
            RefundContext context;
            context.known = true;
            context.requestId = 4;
            context.askedBy = text;
            context.askedAt = QDateTime(QDate::currentDate(), QTime(9, 30));
            context.invoiceId = 5;
            context.customer = text;
            context.amountCents = 24000;
            ElicitationDialog dialog(question, nullptr, context);
            for (const char *name : {"whoAsks", "invoiceSummary", "message", "details", "problems"}) {
                auto *label = dialog.findChild<QLabel *>(QLatin1String(name));
                QVERIFY2(label, name);
                QCOMPARE(label->textFormat(), Qt::PlainText);
            }
            // As written, but a bidirectional control stored before the office refused them is shown as <U+202E>.
            const QString shown = visibleText(text);
            QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("message"))->text(), visibleText(question.message));
            QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("invoiceSummary"))->text().contains(shown));
            QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("whoAsks"))->text().startsWith(shown));
            QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("details"))->text().contains(shown));
            // What the approver sees, for a person to look at: OFFICE_SCREENSHOTS=DIR keeps it.
            if (const QString dir = qEnvironmentVariable("OFFICE_SCREENSHOTS"); !dir.isEmpty() && text == hostile.first()) {
                dialog.resize(dialog.sizeHint());
                dialog.show();
                QVERIFY(QTest::qWaitForWindowExposed(&dialog));
                QVERIFY(dialog.grab().save(dir + QStringLiteral("/refund-dialog-hostile-name.png")));
            }
        }
    }

    void theRefundContextIsReadFromEitherSchema()
    {
        QTemporaryDir dir;
        const QString v3 = dir.filePath(QStringLiteral("v3.db"));
        QVERIFY(OfficeDb::create(v3, true));
        QVERIFY(OfficeDb::exec(v3, QStringLiteral("UPDATE invoices SET refunded_cents = 3000 WHERE id = 2;"
                                                  "INSERT INTO approval_requests (id, invoice_id, status, client, created_at) "
                                                  "VALUES (5, 2, 'pending', 'phone-assistant', '2026-09-04T10:00:00Z')")));
        const RefundContext context = RefundContext::read(v3, 2, 5);
        QVERIFY(context.known);
        QCOMPARE(context.customer, QStringLiteral("Maria Alvarez"));
        QCOMPARE(context.leftCents(), qint64(5000));
        QCOMPARE(context.askedBy, QStringLiteral("phone-assistant"));
        QCOMPARE(context.askedAt, QDateTime::fromString(QStringLiteral("2026-09-04T10:00:00Z"), Qt::ISODate).toLocalTime());

        const QString v2 = dir.filePath(QStringLiteral("v2.db"));  // before refunded_cents: the refund rows say it
        QVERIFY(OfficeDb::create(v2, false));
        QVERIFY(OfficeDb::exec(v2, QStringLiteral("INSERT INTO refunds (invoice_id, amount_cents, reason, approved_via, client, created_at) "
                                                  "VALUES (3, 15000, 'Charged twice', 'desk', 'office-desk', '2026-09-04T10:00:00Z')")));
        QCOMPARE(RefundContext::read(v2, 3, 0).refundedCents, qint64(15000));
        QCOMPARE(RefundContext::read(v2, 3, 0).leftCents(), qint64(0));
    }

    void escapeMeansCancel()
    {
        ElicitationDialog dialog(refundQuestion());
        QSignalSpy answered(&dialog, &ElicitationDialog::answered);
        dialog.open();
        QTest::keyClick(&dialog, Qt::Key_Escape);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(1).toString(), QStringLiteral("cancel"));
    }

    void aWithdrawnQuestionClosesWithoutAnAnswer()
    {
        ElicitationDialog dialog(refundQuestion());
        QSignalSpy answered(&dialog, &ElicitationDialog::answered);
        dialog.open();
        dialog.withdraw();
        QVERIFY(!dialog.isVisible());
        QCOMPARE(answered.count(), 0);
    }

    void defaultsMakeAQuestionAnswerableAtOnce()
    {
        McpElicitation question = refundQuestion();
        question.requestedSchema = TestSupport::parse(R"({"type":"object","required":["ok"],"properties":{
            "ok":{"type":"boolean","title":"Confirm","default":true},
            "n":{"type":"integer","minimum":1,"maximum":3,"default":2}}})");
        ElicitationDialog dialog(question);
        QSignalSpy answered(&dialog, &ElicitationDialog::answered);
        dialog.open();
        QVERIFY(dialog.acceptButton()->isEnabled());
        dialog.acceptButton()->click();
        QCOMPARE(TestSupport::compact(answered.at(0).at(2).toJsonObject()), QByteArray(R"({"n":2,"ok":true})"));
    }
};

QTEST_MAIN(TestElicitationDialog)
#include "tst_elicitationdialog.moc"
