#pragma once
// Numbers and money as a person of a locale writes and reads them: "80,00" at a Spanish desk,
// "80.00" at a Chinese or English one. Parsing reads exactly what was typed (integer cents, no
// floating point for money) and never guesses: "1.000" at a Spanish desk could be a thousand
// (grouping) or one (a decimal point), so it is refused with that reason. Nothing here changes
// the text a person typed; the form keeps it as it is and only reads it.

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QString>

namespace LocalNumbers {

// A decimal number as typed: its sign and its digits before and after the decimal mark.
struct Decimal
{
    bool ok = false;
    bool negative = false;
    QString whole;     // digits, without leading zeros ("" for 0)
    QString fraction;  // digits after the decimal mark, as typed
    QString problem;   // when !ok: why, as the end of "Amount: …" ("is ambiguous: …")
};

// Reads `text` as `locale` writes numbers. The locale's decimal mark is always a decimal mark;
// its grouping mark groups (1.234.567,5 in es). The other of '.' and ',' is read as a decimal
// mark too (50.5 and 50,5 are both fifty and a half), unless it could be the locale's grouping
// mark (one to three digits, the mark, exactly three digits): that is ambiguous and refused.
// Spaces around the text are allowed; anything else that is not a number is refused.
Decimal parseDecimal(const QString &text, const QLocale &locale);

struct Money
{
    bool ok = false;
    qint64 cents = 0;
    QString problem;
};
// Money in integer cents: at most two decimals (trailing zeros beyond them are fine: 50,500 is
// 50,50), at most 13 digits before the decimal mark.
Money parseMoney(const QString &text, const QLocale &locale);

struct Number
{
    bool ok = false;
    double value = 0;
    QString problem;
};
// A number with any number of decimals, for a schema's "number" field that is not money.
Number parseNumber(const QString &text, const QLocale &locale);

// "80,00" (es), "80.00" (en, zh_CN), "1234,50": the locale's decimal mark, no grouping (what a
// person would type back); exact, from cents.
QString formatMoney(qint64 cents, const QLocale &locale = QLocale());
// A number as short as exact, with the locale's decimal mark and no grouping: what a person
// would type back into a field ("50,5" in es).
QString formatNumber(double value, const QLocale &locale = QLocale());

// A time and a date-time as the locale writes them briefly ("19:17", "4/9/26 19:17" in es); the
// C locale (no language set up) writes them as ISO does ("19:17", "2026-09-04 19:17").
QString formatTime(const QTime &time, const QLocale &locale = QLocale());
QString formatDateTime(const QDateTime &dateTime, const QLocale &locale = QLocale());

} // namespace LocalNumbers
