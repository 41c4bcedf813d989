// Money and numbers as a person of each locale types them (desktop/forms/localnumbers.h):
// 50,5 and 50.5 are fifty and a half at a Spanish desk, 1.000 there is refused as ambiguous,
// cents are exact, and what was typed is never rewritten.

#include "localnumbers.h"
#include "schemaform.h"
#include "testsupport.h"

#include <QLineEdit>
#include <QTest>

class TestLocalNumbers : public QObject
{
    Q_OBJECT

private slots:
    void moneyIsReadInExactCents_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("cents");
        QTest::addColumn<QString>("problem");
        const QString ambiguous = QStringLiteral("is ambiguous: %1 could mean %2 or %3");
        // Spanish: decimal comma, grouping point; a point is a decimal mark only where it cannot group.
        QTest::newRow("es 50,5") << QStringLiteral("es") << QStringLiteral("50,5") << true << qint64(5050) << QString();
        QTest::newRow("es 50.5") << QStringLiteral("es") << QStringLiteral("50.5") << true << qint64(5050) << QString();
        QTest::newRow("es 50,50") << QStringLiteral("es") << QStringLiteral("50,50") << true << qint64(5050) << QString();
        QTest::newRow("es 80") << QStringLiteral("es") << QStringLiteral("80") << true << qint64(8000) << QString();
        QTest::newRow("es 0,01") << QStringLiteral("es") << QStringLiteral("0,01") << true << qint64(1) << QString();
        QTest::newRow("es ,5") << QStringLiteral("es") << QStringLiteral(",5") << true << qint64(50) << QString();
        QTest::newRow("es 1.000 is ambiguous") << QStringLiteral("es") << QStringLiteral("1.000") << false << qint64(0) << ambiguous.arg(QStringLiteral("1.000"), QStringLiteral("1000"), QStringLiteral("1,000"));
        QTest::newRow("es 12.345 is ambiguous") << QStringLiteral("es") << QStringLiteral("12.345") << false << qint64(0) << ambiguous.arg(QStringLiteral("12.345"), QStringLiteral("12345"), QStringLiteral("12,345"));
        QTest::newRow("es 1.000,50 groups") << QStringLiteral("es") << QStringLiteral("1.000,50") << true << qint64(100050) << QString();
        QTest::newRow("es 1.000.000 groups") << QStringLiteral("es") << QStringLiteral("1.000.000") << true << qint64(100000000) << QString();
        QTest::newRow("es 0.500 cannot group") << QStringLiteral("es") << QStringLiteral("0.500") << true << qint64(50) << QString();
        QTest::newRow("es 1234.5 cannot group") << QStringLiteral("es") << QStringLiteral("1234.5") << true << qint64(123450) << QString();
        QTest::newRow("es 50,500 keeps its cents") << QStringLiteral("es") << QStringLiteral("50,500") << true << qint64(5050) << QString();
        QTest::newRow("es 50,505 has three decimals") << QStringLiteral("es") << QStringLiteral("50,505") << false << qint64(0) << QStringLiteral("must have at most two decimals");
        QTest::newRow("es 1.00.0 groups badly") << QStringLiteral("es") << QStringLiteral("1.00.0") << false << qint64(0) << QStringLiteral("must be a number");
        QTest::newRow("es 1,2,3") << QStringLiteral("es") << QStringLiteral("1,2,3") << false << qint64(0) << QStringLiteral("must be a number");
        QTest::newRow("es 5 euros") << QStringLiteral("es") << QStringLiteral("5 €") << false << qint64(0) << QStringLiteral("must be a number");
        QTest::newRow("es spaces around") << QStringLiteral("es") << QStringLiteral("  30,25 ") << true << qint64(3025) << QString();
        QTest::newRow("es -0,05") << QStringLiteral("es") << QStringLiteral("-0,05") << true << qint64(-5) << QString();
        QTest::newRow("es empty") << QStringLiteral("es") << QStringLiteral("") << false << qint64(0) << QStringLiteral("must be a number");
        QTest::newRow("es sign only") << QStringLiteral("es") << QStringLiteral("-") << false << qint64(0) << QStringLiteral("must be a number");
        QTest::newRow("es too large") << QStringLiteral("es") << QStringLiteral("12345678901234") << false << qint64(0) << QStringLiteral("is too large");
        QTest::newRow("es largest") << QStringLiteral("es") << QStringLiteral("9999999999999,99") << true << qint64(999999999999999) << QString();
        // English: decimal point, grouping comma.
        QTest::newRow("en 50.5") << QStringLiteral("en") << QStringLiteral("50.5") << true << qint64(5050) << QString();
        QTest::newRow("en 50,5") << QStringLiteral("en") << QStringLiteral("50,5") << true << qint64(5050) << QString();
        QTest::newRow("en 1,000 is ambiguous") << QStringLiteral("en") << QStringLiteral("1,000") << false << qint64(0) << ambiguous.arg(QStringLiteral("1,000"), QStringLiteral("1000"), QStringLiteral("1.000"));
        QTest::newRow("en 1,000.25 groups") << QStringLiteral("en") << QStringLiteral("1,000.25") << true << qint64(100025) << QString();
        QTest::newRow("en 1.000 is one") << QStringLiteral("en") << QStringLiteral("1.000") << true << qint64(100) << QString();
        // Simplified Chinese writes numbers as English does.
        QTest::newRow("zh_CN 50.5") << QStringLiteral("zh_CN") << QStringLiteral("50.5") << true << qint64(5050) << QString();
        QTest::newRow("zh_CN 1,000 is ambiguous") << QStringLiteral("zh_CN") << QStringLiteral("1,000") << false << qint64(0) << ambiguous.arg(QStringLiteral("1,000"), QStringLiteral("1000"), QStringLiteral("1.000"));
        QTest::newRow("zh_CN 2,500.75") << QStringLiteral("zh_CN") << QStringLiteral("2,500.75") << true << qint64(250075) << QString();
        QTest::newRow("zh_CN full-width digits") << QStringLiteral("zh_CN") << QStringLiteral("５０") << false << qint64(0) << QStringLiteral("must be a number");
    }

    void moneyIsReadInExactCents()
    {
        QFETCH(QString, locale);
        QFETCH(QString, typed);
        QFETCH(bool, ok);
        QFETCH(qint64, cents);
        QFETCH(QString, problem);
        const LocalNumbers::Money money = LocalNumbers::parseMoney(typed, QLocale(locale));
        QCOMPARE(money.ok, ok);
        QCOMPARE(money.cents, cents);
        QCOMPARE(money.problem, problem);
    }

    void moneyIsShownWithTheLocalesMarks()
    {
        QCOMPARE(LocalNumbers::formatMoney(8000, QLocale(QStringLiteral("es"))), QStringLiteral("80,00"));
        QCOMPARE(LocalNumbers::formatMoney(5, QLocale(QStringLiteral("es"))), QStringLiteral("0,05"));
        QCOMPARE(LocalNumbers::formatMoney(-5050, QLocale(QStringLiteral("es"))), QStringLiteral("-50,50"));
        QCOMPARE(LocalNumbers::formatMoney(8000, QLocale(QStringLiteral("zh_CN"))), QStringLiteral("80.00"));
        QCOMPARE(LocalNumbers::formatMoney(123456789, QLocale(QStringLiteral("en"))), QStringLiteral("1234567.89"));
        QCOMPARE(LocalNumbers::formatMoney(std::numeric_limits<qint64>::min(), QLocale::c()),
                 QStringLiteral("-92233720368547758.08"));
        // What is shown is read back to the same cents.
        for (const char *name : {"es", "en", "zh_CN"}) {
            const QLocale locale{QLatin1String(name)};
            for (const qint64 cents : {qint64(1), qint64(5050), qint64(41000), qint64(123456789)})
                QCOMPARE(LocalNumbers::parseMoney(LocalNumbers::formatMoney(cents, locale), locale).cents, cents);
        }
    }

    void numbersKeepTheirDecimals()
    {
        const QLocale es(QStringLiteral("es"));
        QCOMPARE(LocalNumbers::parseNumber(QStringLiteral("0,125"), es).value, 0.125);
        QCOMPARE(LocalNumbers::parseNumber(QStringLiteral("250.25"), es).value, 250.25);
        QCOMPARE(LocalNumbers::parseNumber(QStringLiteral("1.000"), es).ok, false);
        QCOMPARE(LocalNumbers::formatNumber(50.5, es), QStringLiteral("50,5"));
        QCOMPARE(LocalNumbers::formatNumber(12345.5, es), QStringLiteral("12345,5"));
        QCOMPARE(LocalNumbers::formatNumber(50.5, QLocale(QStringLiteral("zh_CN"))), QStringLiteral("50.5"));
    }

    // The refund form at a Spanish desk: what is typed stays as typed, the value sent is exact.
    void theAmountFieldReadsWhatASpanishPersonTypesAndKeepsIt_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<double>("amount");  // what the form would send; -1: nothing
        QTest::newRow("50,5") << QStringLiteral("50,5") << QString() << 50.5;
        QTest::newRow("50.5") << QStringLiteral("50.5") << QString() << 50.5;
        QTest::newRow("80,00") << QStringLiteral("80,00") << QString() << 80.0;
        QTest::newRow("1.000") << QStringLiteral("1.000") << QStringLiteral("Amount to refund: is ambiguous: 1.000 could mean 1000 or 1,000") << -1.0;
        QTest::newRow("80,01") << QStringLiteral("80,01") << QStringLiteral("Amount to refund: must be between 0,01 and 80,00") << 80.01;
        QTest::newRow("0,001") << QStringLiteral("0,001") << QStringLiteral("Amount to refund: must have at most two decimals") << -1.0;
    }

    void theAmountFieldReadsWhatASpanishPersonTypesAndKeepsIt()
    {
        QFETCH(QString, typed);
        QFETCH(QString, problem);
        QFETCH(double, amount);
        QLocale::setDefault(QLocale(QStringLiteral("es")));
        SchemaForm form;
        form.setMoneyFields({QStringLiteral("amount")});
        form.setSchema(TestSupport::refundSchema());
        auto *edit = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("amount")));
        QVERIFY(edit);
        QTest::keyClicks(edit, typed);
        QTest::keyClicks(form.editor(QStringLiteral("reason")), QStringLiteral("Cobro duplicado"));
        QCOMPARE(edit->text(), typed);  // never rewritten
        if (problem.isEmpty()) {
            QCOMPARE(form.problems(), QStringList());
            QCOMPARE(form.values().value(QLatin1String("amount")).toDouble(), amount);
        } else {
            QCOMPARE(form.problems(), QStringList{problem});
            if (amount < 0)
                QVERIFY(!form.values().contains(QLatin1String("amount")));
            else
                QCOMPARE(form.values().value(QLatin1String("amount")).toDouble(), amount);
        }
        QCOMPARE(edit->text(), typed);
        QLocale::setDefault(QLocale::c());
    }

    void theAmountFieldShowsItsBoundsAsMoney()
    {
        QLocale::setDefault(QLocale(QStringLiteral("es")));
        QCOMPARE(SchemaForm::describeBounds(TestSupport::refundSchema()[QLatin1String("properties")][QLatin1String("amount")].toObject(), true),
                 QStringLiteral("0,01 to 80,00"));
        QLocale::setDefault(QLocale::c());
    }
};

QTEST_MAIN(TestLocalNumbers)
#include "tst_localnumbers.moc"
