// What a screen reader finds: every interactive element of the refund dialog and of the schema
// form has a name (walking the QAccessibleInterface tree, as assistive technology does), the
// dialog is announced as a dialog with its question, and Tab goes through the fields in order.

#include "elicitationdialog.h"
#include "schemaform.h"
#include "testsupport.h"

#include <QAccessible>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

namespace {

bool interactive(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::EditableText:
    case QAccessible::SpinBox:
    case QAccessible::List:
    case QAccessible::ListItem:
    case QAccessible::Slider:
    case QAccessible::ButtonMenu:
        return true;
    default:
        return false;
    }
}

// "role 'name'" of every visible interactive element without a name, and how many were walked.
QStringList nameless(QAccessibleInterface *node, int *interactiveCount, const QString &path = QString())
{
    QStringList found;
    if (!node)
        return found;
    const QString here = path + QLatin1Char('/') + QString::number(node->role());
    if (interactive(node->role()) && !node->state().invisible) {
        ++*interactiveCount;
        if (node->text(QAccessible::Name).trimmed().isEmpty()) {
            QObject *object = node->object();
            found << QStringLiteral("%1 (%2 %3)").arg(here, object ? QString::fromLatin1(object->metaObject()->className()) : QString(),
                                                     object ? object->objectName() : QString());
        }
    }
    for (int i = 0; i < node->childCount(); ++i)
        found += nameless(node->child(i), interactiveCount, here);
    return found;
}

QJsonObject everyKindSchema()
{
    QFile file(QStringLiteral(OFFICE_DESK_FIXTURES "/elicitation-every-kind.json"));
    return file.open(QIODevice::ReadOnly) ? TestSupport::parse(file.readAll()) : QJsonObject();
}

McpElicitation refundRequest()
{
    McpElicitation request;
    request.ticket = 1;
    request.serverName = QStringLiteral("Office");
    request.tool = QStringLiteral("issue_refund");
    request.message = QStringLiteral("Refund invoice 2 (Maria Alvarez, open, 80.00)? Enter the amount to refund (at most 80.00) and the reason, or decline.");
    request.requestedSchema = TestSupport::refundSchema();
    return request;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void theRefundDialogIsAnnouncedAsADialogWithItsQuestion()
    {
        RefundContext context;
        context.known = true;
        context.invoiceId = 2;
        context.customer = QStringLiteral("Maria Alvarez");
        context.amountCents = 8000;
        ElicitationDialog dialog(refundRequest(), nullptr, context);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QAccessibleInterface *root = QAccessible::queryAccessibleInterface(&dialog);
        QVERIFY(root);
        QCOMPARE(root->role(), QAccessible::Dialog);
        QCOMPARE(root->text(QAccessible::Name), QStringLiteral("Refund for invoice 2"));
        QVERIFY2(root->text(QAccessible::Description).contains(refundRequest().message), qPrintable(root->text(QAccessible::Description)));
    }

    void everyInteractiveElementOfTheRefundDialogHasAName()
    {
        ElicitationDialog dialog(refundRequest());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.form()->editor(QStringLiteral("reason")), QStringLiteral("x"));  // shows the clear button
        int walked = 0;
        const QStringList missing = nameless(QAccessible::queryAccessibleInterface(&dialog), &walked);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        QVERIFY2(walked >= 5, qPrintable(QString::number(walked)));  // two fields, three buttons at least
        // The fields are named by their titles and described by their descriptions.
        QAccessibleInterface *amount = QAccessible::queryAccessibleInterface(dialog.form()->editor(QStringLiteral("amount")));
        QCOMPARE(amount->text(QAccessible::Name), QStringLiteral("Amount to refund (required)"));
        QVERIFY(amount->text(QAccessible::Description).startsWith(QStringLiteral("At most 80.00, with at most two decimals.")));
        QCOMPARE(QAccessible::queryAccessibleInterface(dialog.acceptButton())->text(QAccessible::Name), QStringLiteral("Accept"));
        QCOMPARE(QAccessible::queryAccessibleInterface(dialog.declineButton())->text(QAccessible::Description),
                 dialog.declineButton()->toolTip());
    }

    void everyInteractiveElementOfTheSchemaFormHasAName()
    {
        SchemaForm form;
        form.setSchema(everyKindSchema());
        QVERIFY(form.fieldNames().size() >= 6);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        int walked = 0;
        const QStringList missing = nameless(QAccessible::queryAccessibleInterface(&form), &walked);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        QVERIFY2(walked >= form.fieldNames().size(), qPrintable(QString::number(walked)));
        for (const QString &name : form.fieldNames()) {
            QAccessibleInterface *field = QAccessible::queryAccessibleInterface(form.editor(name));
            QVERIFY2(!field->text(QAccessible::Name).isEmpty(), qPrintable(name));
        }
    }

    void tabGoesThroughTheRefundFieldsAndThenToTheButtons()
    {
        ElicitationDialog dialog(refundRequest());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.activateWindow();
        QTRY_COMPARE(QApplication::focusWidget(), dialog.form()->editor(QStringLiteral("amount")));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), dialog.form()->editor(QStringLiteral("reason")));
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Goodwill"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *next = QApplication::focusWidget();
        QVERIFY2(qobject_cast<QPushButton *>(next), next ? next->metaObject()->className() : "nothing");
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
