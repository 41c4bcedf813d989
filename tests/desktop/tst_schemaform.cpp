// Forms generated from the six tools' inputSchemas (as office-mcp lists them) and from
// elicitation requestedSchemas of every primitive kind.

#include "schemaform.h"
#include "testsupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTest>

using TestSupport::parse;

class TestSchemaForm : public QObject
{
    Q_OBJECT

private:
    QJsonArray m_tools;
    QJsonObject inputSchema(const QString &tool) const
    {
        return TestSupport::toolNamed(m_tools, tool).value(QLatin1String("inputSchema")).toObject();
    }

private slots:
    void initTestCase()
    {
        m_tools = TestSupport::fixtureTools();
        QCOMPARE(m_tools.size(), 6);
    }

    void findCustomerGivesARequiredLineEditLimitedTo100Characters()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("find_customer")));
        QCOMPARE(form.fieldNames(), QStringList{QStringLiteral("query")});
        auto *edit = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("query")));
        QVERIFY(edit);
        QCOMPARE(edit->maxLength(), 32767);  // no cut: a longer query is kept and marked
        QVERIFY(form.isRequired(QStringLiteral("query")));
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("label_query"))->text().contains(QLatin1Char('*')));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("query: is required")});
        QCOMPARE(form.values(), QJsonObject{});

        edit->setText(QStringLiteral("Maria"));
        QVERIFY(form.isValid());
        QCOMPARE(form.values(), parse(R"({"query":"Maria"})"));
    }

    void listAvailabilityAcceptsOnlyARealCalendarDate()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("list_availability")));
        auto *edit = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("day")));
        QVERIFY(edit);
        QCOMPARE(edit->placeholderText(), QStringLiteral("YYYY-MM-DD"));
        edit->setText(QStringLiteral("2026-02-30"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("day: must be a calendar date as YYYY-MM-DD")});
        edit->setText(QStringLiteral("4 Sept"));
        QVERIFY(!form.isValid());
        edit->setText(QStringLiteral("2026-09-04"));
        QVERIFY(form.isValid());
        QCOMPARE(form.values(), parse(R"({"day":"2026-09-04"})"));
    }

    void bookSlotGivesTwoIntegerBoxesInSchemaOrderThatStartUnset()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("book_slot")));
        QCOMPARE(form.fieldNames(), (QStringList{QStringLiteral("slot_id"), QStringLiteral("customer_id")}));
        auto *slot = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("slot_id")));
        auto *customer = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("customer_id")));
        QVERIFY(slot && customer);
        // Empty means "not set".
        QCOMPARE(slot->text(), QString());
        QCOMPARE(slot->placeholderText(), QStringLiteral("not set"));
        QCOMPARE(form.problems(), (QStringList{QStringLiteral("slot_id: is required"), QStringLiteral("customer_id: is required")}));

        slot->setText(QStringLiteral("4"));
        customer->setText(QStringLiteral("1"));
        QVERIFY(form.isValid());
        QCOMPARE(form.values(), parse(R"({"slot_id":4,"customer_id":1})"));
    }

    void openInvoicesCollectsTheCustomerIdAsAJsonInteger()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("open_invoices")));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("customer_id")))->setText(QStringLiteral("3"));
        const QJsonValue id = form.values().value(QLatin1String("customer_id"));
        QVERIFY(id.isDouble());
        QCOMPARE(id.toVariant().typeId(), QMetaType::LongLong);
        QCOMPARE(TestSupport::compact(form.values()), QByteArray(R"({"customer_id":3})"));
    }

    void issueRefundTakesOneInvoiceIdOfAtLeastOne()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("issue_refund")));
        QCOMPARE(form.fieldNames(), QStringList{QStringLiteral("invoice_id")});
        QCOMPARE(form.kindOf(QStringLiteral("invoice_id")), SchemaForm::Kind::Integer);
        auto *box = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("invoice_id")));
        box->setText(QStringLiteral("2"));
        QCOMPARE(TestSupport::compact(form.values()), QByteArray(R"({"invoice_id":2})"));
        box->clear();  // "not set"
        QCOMPARE(form.problems(), QStringList{QStringLiteral("invoice_id: is required")});
        box->setText(QStringLiteral("0"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("invoice_id: must be at least 1")});
        box->setText(QStringLiteral("2.5"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("invoice_id: must be a whole number")});
    }

    void orderLunchOffersTheMenuBoundsTheQuantityAndLeavesOutAnEmptyNote()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("order_lunch")));
        QCOMPARE(form.fieldNames(), (QStringList{QStringLiteral("item"), QStringLiteral("quantity"), QStringLiteral("note")}));
        auto *item = qobject_cast<QComboBox *>(form.editor(QStringLiteral("item")));
        auto *quantity = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("quantity")));
        auto *note = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("note")));
        QVERIFY(item && quantity && note);
        QCOMPARE(item->count(), 4);  // "Choose…" and the three dishes
        QCOMPARE(item->itemText(1), QStringLiteral("bocadillo"));
        QCOMPARE(item->itemText(3), QStringLiteral("ensalada"));
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_quantity"))->text().contains(QStringLiteral("1 to 5")));
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_note"))->text().contains(QStringLiteral("up to 20 characters")));
        QVERIFY(!form.isRequired(QStringLiteral("note")));
        QCOMPARE(form.problems(), (QStringList{QStringLiteral("item: is required"), QStringLiteral("quantity: is required")}));

        item->setCurrentIndex(2);
        quantity->setText(QStringLiteral("2"));
        QVERIFY(form.isValid());
        QCOMPARE(TestSupport::compact(form.values()), QByteArray(R"({"item":"tortilla","quantity":2})"));
        note->setText(QStringLiteral("sin cebolla"));
        QCOMPARE(form.values(), parse(R"({"item":"tortilla","quantity":2,"note":"sin cebolla"})"));
    }

    // Issue 11: a value that breaks the schema stays exactly as typed, marked with the reason.
    void anAmountAboveTheMaximumStaysAsTypedAndIsMarked()
    {
        SchemaForm form;
        form.setSchema(TestSupport::refundSchema());
        auto *amount = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("amount")));
        QVERIFY(amount);
        QTest::keyClicks(amount, QStringLiteral("1000"));
        QCOMPARE(amount->text(), QStringLiteral("1000"));
        auto *error = form.findChild<QLabel *>(QStringLiteral("error_amount"));
        QVERIFY(!error->isHidden());
        QCOMPARE(error->text(), QStringLiteral("must be between 0.01 and 80"));
        QCOMPARE(form.problems().value(0), QStringLiteral("Amount to refund: must be between 0.01 and 80"));
        QVERIFY(!form.isValid());
    }

    void aQuantityAboveTheMaximumStaysAsTypedAndIsMarked()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("order_lunch")));
        auto *quantity = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("quantity")));
        QVERIFY(quantity);
        QTest::keyClicks(quantity, QStringLiteral("9"));
        QCOMPARE(quantity->text(), QStringLiteral("9"));
        QCOMPARE(form.findChild<QLabel *>(QStringLiteral("error_quantity"))->text(), QStringLiteral("must be between 1 and 5"));
        QVERIFY(form.problems().contains(QStringLiteral("quantity: must be between 1 and 5")));
    }

    void aNoteLongerThanItsLimitIsKeptWholeAndMarked()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("order_lunch")));
        auto *note = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("note")));
        const QString typed = QStringLiteral("sin cebolla y con mucho pan, grac");
        QCOMPARE(typed.size(), 33);
        QTest::keyClicks(note, typed + QStringLiteral("!"));
        QCOMPARE(note->text(), typed + QStringLiteral("!"));
        QCOMPARE(form.findChild<QLabel *>(QStringLiteral("error_note"))->text(), QStringLiteral("must be at most 20 characters"));
        QVERIFY(form.problems().contains(QStringLiteral("note: must be at most 20 characters")));
    }

    void setValuesShowsAnOutOfRangeNumberRatherThanDroppingIt()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("order_lunch")));
        QCOMPARE(form.setValues(parse(R"({"item":"tortilla","quantity":9})")), QStringList{});
        QCOMPARE(qobject_cast<QLineEdit *>(form.editor(QStringLiteral("quantity")))->text(), QStringLiteral("9"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("quantity: must be between 1 and 5")});
    }

    void aDecimalCommaIsReadAsTheDecimalPoint()
    {
        SchemaForm form;
        form.setSchema(TestSupport::refundSchema());
        auto *amount = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("amount")));
        amount->setText(QStringLiteral("12,50"));
        QCOMPARE(form.values().value(QLatin1String("amount")).toDouble(), 12.5);
        QCOMPARE(amount->text(), QStringLiteral("12,50"));
        amount->setText(QStringLiteral("12 euros"));
        QCOMPARE(form.problems().value(0), QStringLiteral("Amount to refund: must be a number"));
    }

    void everyListedToolGetsOneEditorPerProperty()
    {
        for (const QJsonValue &value : std::as_const(m_tools)) {
            const QJsonObject tool = value.toObject();
            SchemaForm form;
            const QJsonObject schema = tool.value(QLatin1String("inputSchema")).toObject();
            form.setSchema(schema);
            const QStringList properties = schema.value(QLatin1String("properties")).toObject().keys();
            QCOMPARE(form.fieldNames().size(), properties.size());
            for (const QString &name : properties) {
                QVERIFY2(form.editor(name), qPrintable(tool.value(QLatin1String("name")).toString() + QLatin1Char('.') + name));
                QVERIFY(form.kindOf(name) != SchemaForm::Kind::Json);
            }
        }
    }

    void theRefundQuestionGivesAnAmountBoxBoundedByTheInvoice()
    {
        SchemaForm form;
        form.setSchema(TestSupport::refundSchema());
        QCOMPARE(form.fieldNames(), (QStringList{QStringLiteral("amount"), QStringLiteral("reason")}));
        auto *amount = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("amount")));
        auto *reason = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("reason")));
        QVERIFY(amount && reason);
        QCOMPARE(amount->text(), QString());  // not set
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_amount"))->text().contains(QStringLiteral("0.01 to 80")));
        QCOMPARE(form.findChild<QLabel *>(QStringLiteral("label_amount"))->text(),
                 QStringLiteral("Amount to refund <span style='color:#c62828'>*</span>"));
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_reason"))->text().contains(QStringLiteral("3–200 characters")));

        amount->setText(QStringLiteral("12.5"));
        reason->setText(QStringLiteral("no"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("Reason: must be between 3 and 200 characters")});
        reason->setText(QStringLiteral("Charged twice"));
        QVERIFY(form.isValid());
        QCOMPARE(TestSupport::compact(form.values()), QByteArray(R"({"amount":12.5,"reason":"Charged twice"})"));
        amount->setText(QStringLiteral("80"));
        QCOMPARE(TestSupport::compact(form.values()), QByteArray(R"({"amount":80,"reason":"Charged twice"})"));
    }

    void anElicitationSchemaOfEveryPrimitiveKindGetsTheRightEditorsAndDefaults()
    {
        SchemaForm form;
        // requestedSchema with every primitive of 2025-11-25 elicitation (titled enums, multi-select too).
        QFile fixture(QStringLiteral(OFFICE_DESK_FIXTURES "/elicitation-every-kind.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        form.setSchema(parse(fixture.readAll()));

        QCOMPARE(form.kindOf(QStringLiteral("email")), SchemaForm::Kind::Text);
        QCOMPARE(form.kindOf(QStringLiteral("age")), SchemaForm::Kind::Integer);
        QCOMPARE(form.kindOf(QStringLiteral("weight")), SchemaForm::Kind::Number);
        QCOMPARE(form.kindOf(QStringLiteral("newsletter")), SchemaForm::Kind::Boolean);
        QCOMPARE(form.kindOf(QStringLiteral("colour")), SchemaForm::Kind::Choice);
        QCOMPARE(form.kindOf(QStringLiteral("size")), SchemaForm::Kind::Choice);
        QCOMPARE(form.kindOf(QStringLiteral("toppings")), SchemaForm::Kind::MultiChoice);

        auto *age = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("age")));
        QCOMPARE(age->text(), QStringLiteral("30"));  // the default
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_age"))->text().contains(QStringLiteral("18 to 130")));
        auto *weight = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("weight")));
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("hint_weight"))->text().contains(QStringLiteral("250.25")));
        auto *colour = qobject_cast<QComboBox *>(form.editor(QStringLiteral("colour")));
        QCOMPARE(colour->itemText(1), QStringLiteral("Red"));  // enumNames are shown, values sent
        auto *size = qobject_cast<QComboBox *>(form.editor(QStringLiteral("size")));
        QCOMPARE(size->count(), 2);  // required with a default: no placeholder
        QCOMPARE(size->currentText(), QStringLiteral("Large"));
        QVERIFY(qobject_cast<QCheckBox *>(form.editor(QStringLiteral("newsletter")))->isChecked());

        // Defaults alone: the optional untouched fields stay out, booleans are always answered.
        QCOMPARE(form.values(), parse(R"({"email":"a@b.co","age":30,"size":"l","newsletter":true})"));
        QVERIFY(form.isValid());

        auto *email = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("email")));
        email->setText(QStringLiteral("not-an-address"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("site")))->setText(QStringLiteral("example"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("born")))->setText(QStringLiteral("1990-13-01"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("code")))->setText(QStringLiteral("ab1"));
        auto *toppings = qobject_cast<QListWidget *>(form.editor(QStringLiteral("toppings")));
        for (int i = 0; i < 3; ++i)
            toppings->item(i)->setCheckState(Qt::Checked);
        QCOMPARE(form.problems(), (QStringList{
                                      QStringLiteral("Email: must be an email address"),
                                      QStringLiteral("born: must be a calendar date as YYYY-MM-DD"),
                                      QStringLiteral("code: must match ^[A-Z]{3}$"),
                                      QStringLiteral("site: must be a URI such as https://example.com"),
                                      QStringLiteral("toppings: choose at most 2"),
                                  }));

        email->setText(QStringLiteral("x@y.zz"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("site")))->setText(QStringLiteral("https://example.com/a"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("born")))->setText(QStringLiteral("1990-12-01"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("code")))->setText(QStringLiteral("ABC"));
        toppings->item(1)->setCheckState(Qt::Unchecked);
        colour->setCurrentIndex(2);
        weight->setText(QStringLiteral("70.25"));
        age->setText(QStringLiteral("44"));
        QVERIFY2(form.isValid(), qPrintable(form.problems().join(QLatin1String("; "))));
        const QJsonObject values = form.values();
        // moc does not know raw strings: a "//" inside one would start a comment for it.
        QJsonObject expected = parse(R"({"email":"x@y.zz","age":44,"weight":70.25,"newsletter":true,"colour":"g","size":"l",
                                        "toppings":["ham","tuna"],"born":"1990-12-01","code":"ABC"})");
        expected.insert(QStringLiteral("site"), QStringLiteral("https://example.com/a"));
        QCOMPARE(values, expected);
        QCOMPARE(values.value(QLatin1String("age")).toVariant().typeId(), QMetaType::LongLong);
        QCOMPARE(values.value(QLatin1String("weight")).toVariant().typeId(), QMetaType::Double);
        QVERIFY(TestSupport::compact(values).contains(R"("age":44,)"));
    }

    void resetRestoresTheDefaults()
    {
        SchemaForm form;
        form.setSchema(parse(R"({"type":"object","properties":{"n":{"type":"integer","default":3},"s":{"type":"string","default":"x"}}})"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("n")))->setText(QStringLiteral("9"));
        qobject_cast<QLineEdit *>(form.editor(QStringLiteral("s")))->setText(QStringLiteral("y"));
        form.reset();
        QCOMPARE(form.values(), parse(R"({"n":3,"s":"x"})"));
    }

    void setValuesFillsTheFormAndNamesWhatItCannotShow()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("order_lunch")));
        QCOMPARE(form.setValues(parse(R"({"item":"ensalada","quantity":3,"note":"hola"})")), QStringList{});
        QCOMPARE(form.values(), parse(R"({"item":"ensalada","quantity":3,"note":"hola"})"));
        const QStringList mismatches = form.setValues(parse(R"({"item":"sopa","quantity":"2"})"));
        QCOMPARE(mismatches, (QStringList{QStringLiteral("item"), QStringLiteral("quantity")}));
        QCOMPARE(form.values(), QJsonObject{});
    }

    void problemsOfUntouchedFieldsStayHiddenUntilRevealed()
    {
        SchemaForm form;
        form.setSchema(inputSchema(QStringLiteral("find_customer")));
        auto *error = form.findChild<QLabel *>(QStringLiteral("error_query"));
        QVERIFY(error->isHidden());
        form.revealProblems();
        QVERIFY(!error->isHidden());
        QCOMPARE(error->text(), QStringLiteral("is required"));
    }

    void aSchemaWithoutPropertiesSaysSo()
    {
        SchemaForm form;
        form.setSchema(parse(R"({"type":"object"})"));
        QVERIFY(form.fieldNames().isEmpty());
        QVERIFY(form.findChild<QLabel *>(QStringLiteral("noArguments")));
        QVERIFY(form.isValid());
        QCOMPARE(form.values(), QJsonObject{});
    }

    void unsupportedShapesFallBackToAJsonEditor()
    {
        SchemaForm form;
        form.setSchema(parse(R"({"type":"object","properties":{"filter":{"type":"object"}}})"));
        QCOMPARE(form.kindOf(QStringLiteral("filter")), SchemaForm::Kind::Json);
        auto *edit = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("filter")));
        edit->setText(QStringLiteral("{\"a\": [1, 2]}"));
        QCOMPARE(form.values(), parse(R"({"filter":{"a":[1,2]}})"));
        edit->setText(QStringLiteral("{oops"));
        QCOMPARE(form.problems(), QStringList{QStringLiteral("filter: is not valid JSON")});
    }
};

QTEST_MAIN(TestSchemaForm)
#include "tst_schemaform.moc"
