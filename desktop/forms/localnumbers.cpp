#include "localnumbers.h"

#include <QStringList>

namespace LocalNumbers {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("LocalNumbers", text);
}

bool allDigits(const QString &text)
{
    for (const QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return true;
}

// "1.234.567" split at `mark`: a first group of one to three digits, then groups of three.
bool isGrouped(const QString &text, QChar mark)
{
    const QStringList groups = text.split(mark);
    if (groups.size() < 2 || groups.first().isEmpty() || groups.first().size() > 3 || groups.first().startsWith(QLatin1Char('0')))
        return false;
    for (qsizetype i = 0; i < groups.size(); ++i) {
        if (!allDigits(groups.at(i)) || (i > 0 && groups.at(i).size() != 3))
            return false;
    }
    return true;
}

QString withoutLeadingZeros(QString digits)
{
    while (digits.startsWith(QLatin1Char('0')))
        digits.remove(0, 1);
    return digits;
}

Decimal refused(const QString &problem)
{
    Decimal d;
    d.problem = problem;
    return d;
}

Decimal notANumber()
{
    return refused(tr("must be a number"));
}

} // namespace

Decimal parseDecimal(const QString &typed, const QLocale &locale)
{
    QString text = typed.trimmed();
    Decimal d;
    const QString minus = locale.negativeSign();
    if (text.startsWith(QLatin1Char('-')) || (!minus.isEmpty() && text.startsWith(minus))) {
        d.negative = true;
        text.remove(0, text.startsWith(QLatin1Char('-')) ? 1 : minus.size());
    } else if (text.startsWith(QLatin1Char('+'))) {
        text.remove(0, 1);
    }
    if (text.isEmpty())
        return notANumber();
    const QChar decimal = locale.decimalPoint().at(0);
    // The other of '.' and ',': this locale's grouping (es: '.', en: ','), or a decimal mark from
    // elsewhere. A locale that groups with something else (a space) has that mark too.
    const QChar other = decimal == QLatin1Char(',') ? QLatin1Char('.') : QLatin1Char(',');
    const QString groupSeparator = locale.groupSeparator();
    const QChar group = groupSeparator.size() == 1 && groupSeparator.at(0) != decimal ? groupSeparator.at(0) : other;
    for (const QChar c : std::as_const(text)) {
        const bool digit = c >= QLatin1Char('0') && c <= QLatin1Char('9');
        if (!digit && c != decimal && c != other && c != group)
            return notANumber();
    }
    // Grouping marks in the whole part, checked and removed; false when they do not group.
    const auto ungroup = [](QString &whole, QChar mark) {
        if (!whole.contains(mark))
            return true;
        if (!isGrouped(whole, mark))
            return false;
        whole.remove(mark);
        return true;
    };

    QString whole = text;
    QString fraction;
    if (text.count(decimal) > 1)
        return notANumber();
    if (text.count(decimal) == 1) {
        whole = text.section(decimal, 0, 0);
        fraction = text.section(decimal, 1);
        if (!allDigits(fraction) || (whole.isEmpty() && fraction.isEmpty()))
            return notANumber();
        if (whole.contains(other) && whole.contains(group) && other != group)
            return notANumber();
        if (!ungroup(whole, other) || !ungroup(whole, group))
            return notANumber();
    } else if (group != other && text.contains(group)) {
        // A space-grouped number (another locale's habit) has no decimal mark of the other kind.
        if (text.contains(other) || !ungroup(whole, group))
            return notANumber();
    } else if (text.count(other) >= 2) {
        if (!ungroup(whole, other))  // 1.000.000 in es: only grouping has two of them
            return notANumber();
    } else if (text.count(other) == 1) {
        const QString before = text.section(other, 0, 0);
        const QString after = text.section(other, 1);
        if (before.isEmpty() && after.isEmpty())
            return notANumber();
        if (isGrouped(text, other)) {
            // 1.000 in es: a thousand, or one written with a decimal point? Never guessed.
            return refused(tr("is ambiguous: %1 could mean %2 or %3").arg(text, before + after, before + QString(decimal) + after));
        }
        whole = before;
        fraction = after;  // 50.5 in es: no grouping has one digit after the mark
    }
    if (!allDigits(whole) || !allDigits(fraction))
        return notANumber();
    d.ok = true;
    d.whole = withoutLeadingZeros(whole);
    d.fraction = fraction;
    return d;
}

Money parseMoney(const QString &text, const QLocale &locale)
{
    Money money;
    const Decimal d = parseDecimal(text, locale);
    if (!d.ok) {
        money.problem = d.problem;
        return money;
    }
    QString fraction = d.fraction;
    while (fraction.size() > 2 && fraction.endsWith(QLatin1Char('0')))
        fraction.chop(1);
    if (fraction.size() > 2) {
        money.problem = tr("must have at most two decimals");
        return money;
    }
    if (d.whole.size() > 13) {
        money.problem = tr("is too large");
        return money;
    }
    fraction = fraction.leftJustified(2, QLatin1Char('0'));
    const qint64 cents = d.whole.toLongLong() * 100 + fraction.toLongLong();
    money.ok = true;
    money.cents = d.negative ? -cents : cents;
    return money;
}

Number parseNumber(const QString &text, const QLocale &locale)
{
    Number number;
    const Decimal d = parseDecimal(text, locale);
    if (!d.ok) {
        number.problem = d.problem;
        return number;
    }
    bool ok = false;
    const QString plain = QStringLiteral("%1%2.%3").arg(d.negative ? QStringLiteral("-") : QString(),
                                                         d.whole.isEmpty() ? QStringLiteral("0") : d.whole,
                                                         d.fraction.isEmpty() ? QStringLiteral("0") : d.fraction);
    number.value = QLocale::c().toDouble(plain, &ok);
    number.ok = ok && qIsFinite(number.value);
    if (!number.ok)
        number.problem = tr("is too large");
    return number;
}

QString formatMoney(qint64 cents, const QLocale &locale)
{
    // Integer arithmetic: no float ever rounds a cent. Unsigned: -INT64_MIN does not fit.
    const quint64 magnitude = cents < 0 ? 0 - quint64(cents) : quint64(cents);
    // No grouping: Qt 6.4 groups Spanish 1234567 as "1234.567", which reads back as a decimal.
    QLocale plain = locale;
    plain.setNumberOptions(QLocale::OmitGroupSeparator);
    const QString whole = plain.toString(qulonglong(magnitude / 100));
    const QString text = whole + locale.decimalPoint() + QStringLiteral("%1").arg(magnitude % 100, 2, 10, QLatin1Char('0'));
    return cents < 0 ? locale.negativeSign() + text : text;
}

QString formatNumber(double value, const QLocale &locale)
{
    QLocale plain = locale;
    plain.setNumberOptions(QLocale::OmitGroupSeparator);
    return plain.toString(value, 'g', 12);
}

QString formatTime(const QTime &time, const QLocale &locale)
{
    if (locale.language() == QLocale::C)
        return time.toString(QStringLiteral("HH:mm"));
    return locale.toString(time, QLocale::ShortFormat);
}

QString formatDateTime(const QDateTime &dateTime, const QLocale &locale)
{
    if (locale.language() == QLocale::C)
        return dateTime.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    return locale.toString(dateTime, QLocale::ShortFormat);
}

} // namespace LocalNumbers
