// SchemaForm's checks of a value (schemaform.h): what is wrong with it, in the words of the
// server's validator, and the bounds a field's hint shows. The form is in schemaform.cpp;
// the other parts are listed in schemaform_internal.h.
#include "schemaform_internal.h"

#include <QDate>
#include <QDateTime>
#include <QLineEdit>
#include <QRegularExpression>
#include <QUrl>

#include "localnumbers.h"

#include <cmath>

using namespace schemaform;

namespace {

// A bound of a field: money with its two decimals ("80,00"), other numbers as short as exact.
QString formatBound(double value, bool money)
{
    return money ? LocalNumbers::formatMoney(std::llround(value * 100)) : formatNumber(value);
}

// The server's validator's words (core/office/schema_validator.cpp), so the desk and a model read
// the same sentence for the same mistake: "must be between 1 and 5".
QString rangeProblem(const QJsonObject &property, bool money)
{
    QString lower, upper;
    bool lowerExclusive = false, upperExclusive = false;
    // Where both of a side are given, the stricter one is the rule that matters.
    const QJsonValue minimum = property.value(QLatin1String("minimum"));
    const QJsonValue exclusiveMinimum = property.value(QLatin1String("exclusiveMinimum"));
    const QJsonValue maximum = property.value(QLatin1String("maximum"));
    const QJsonValue exclusiveMaximum = property.value(QLatin1String("exclusiveMaximum"));
    if (exclusiveMinimum.isDouble() && (!minimum.isDouble() || exclusiveMinimum.toDouble() >= minimum.toDouble())) {
        lower = formatBound(exclusiveMinimum.toDouble(), money);
        lowerExclusive = true;
    } else if (minimum.isDouble()) {
        lower = formatBound(minimum.toDouble(), money);
    }
    if (exclusiveMaximum.isDouble() && (!maximum.isDouble() || exclusiveMaximum.toDouble() <= maximum.toDouble())) {
        upper = formatBound(exclusiveMaximum.toDouble(), money);
        upperExclusive = true;
    } else if (maximum.isDouble()) {
        upper = formatBound(maximum.toDouble(), money);
    }
    // Whole sentences, never assembled from phrases: a translator words each as a whole.
    if (!lower.isEmpty() && !upper.isEmpty()) {
        if (!lowerExclusive && !upperExclusive)
            return lower == upper ? SchemaForm::tr("must be exactly %1").arg(lower) : SchemaForm::tr("must be between %1 and %2").arg(lower, upper);
        if (lowerExclusive && upperExclusive)
            return SchemaForm::tr("must be greater than %1 and less than %2").arg(lower, upper);
        if (lowerExclusive)
            return SchemaForm::tr("must be greater than %1 and at most %2").arg(lower, upper);
        return SchemaForm::tr("must be at least %1 and less than %2").arg(lower, upper);
    }
    if (!lower.isEmpty())
        return lowerExclusive ? SchemaForm::tr("must be greater than %1").arg(lower) : SchemaForm::tr("must be at least %1").arg(lower);
    return upperExclusive ? SchemaForm::tr("must be less than %1").arg(upper) : SchemaForm::tr("must be at most %1").arg(upper);
}

qint64 lengthInCodePoints(const QString &text)
{
    return text.toUcs4().size();
}

QString formatProblem(const QString &format, const QString &text)
{
    if (format == QLatin1String("email")) {
        static const QRegularExpression email(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
        return email.match(text).hasMatch() ? QString() : SchemaForm::tr("must be an email address");
    }
    if (format == QLatin1String("uri")) {
        const QUrl url(text, QUrl::StrictMode);
        return url.isValid() && !url.scheme().isEmpty() ? QString() : SchemaForm::tr("must be a URI such as https://example.com");
    }
    if (format == QLatin1String("date")) {
        static const QRegularExpression shape(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
        return shape.match(text).hasMatch() && QDate::fromString(text, Qt::ISODate).isValid()
            ? QString() : SchemaForm::tr("must be a calendar date as YYYY-MM-DD");
    }
    if (format == QLatin1String("date-time")) {
        return QDateTime::fromString(text, Qt::ISODateWithMs).isValid()
            ? QString() : SchemaForm::tr("must be a date and time as YYYY-MM-DDTHH:MM:SSZ");
    }
    return QString();
}

QString lengthProblem(const QJsonObject &property)
{
    const QJsonValue minLength = property.value(QLatin1String("minLength"));
    const QJsonValue maxLength = property.value(QLatin1String("maxLength"));
    if (minLength.isDouble() && maxLength.isDouble()) {
        return minLength.toInteger() == maxLength.toInteger()
            ? SchemaForm::tr("must be exactly %n character(s)", nullptr, int(minLength.toInteger()))
            : SchemaForm::tr("must be between %1 and %n character(s)", nullptr, int(maxLength.toInteger())).arg(minLength.toInteger());
    }
    if (minLength.isDouble())
        return SchemaForm::tr("must be at least %n character(s)", nullptr, int(minLength.toInteger()));
    return SchemaForm::tr("must be at most %n character(s)", nullptr, int(maxLength.toInteger()));
}

} // namespace

QString SchemaForm::describeBounds(const QJsonObject &property, bool money)
{
    QStringList parts;
    switch (kindFor(property)) {
    case Kind::Text: {
        const QJsonValue minLength = property.value(QLatin1String("minLength"));
        const QJsonValue maxLength = property.value(QLatin1String("maxLength"));
        if (minLength.isDouble() && maxLength.isDouble())
            parts << tr("%1–%2 characters").arg(minLength.toInteger()).arg(maxLength.toInteger());
        else if (maxLength.isDouble())
            parts << tr("up to %n character(s)", nullptr, int(maxLength.toInteger()));
        else if (minLength.isDouble() && minLength.toInteger() > 1)
            parts << tr("at least %n character(s)", nullptr, int(minLength.toInteger()));
        const QString format = property.value(QLatin1String("format")).toString();
        if (!format.isEmpty())
            parts << tr("format: %1").arg(format);
        if (property.contains(QLatin1String("pattern")))
            parts << tr("pattern: %1").arg(property.value(QLatin1String("pattern")).toString());
        break;
    }
    case Kind::Integer:
    case Kind::Number: {
        QString low, high;
        if (property.value(QLatin1String("minimum")).isDouble())
            low = formatBound(property.value(QLatin1String("minimum")).toDouble(), money);
        else if (property.value(QLatin1String("exclusiveMinimum")).isDouble())
            low = QLatin1String("> ") + formatBound(property.value(QLatin1String("exclusiveMinimum")).toDouble(), money);
        if (property.value(QLatin1String("maximum")).isDouble())
            high = formatBound(property.value(QLatin1String("maximum")).toDouble(), money);
        else if (property.value(QLatin1String("exclusiveMaximum")).isDouble())
            high = QLatin1String("< ") + formatBound(property.value(QLatin1String("exclusiveMaximum")).toDouble(), money);
        if (!low.isEmpty() && !high.isEmpty() && !low.startsWith(QLatin1Char('>')) && !high.startsWith(QLatin1Char('<')))
            parts << tr("%1 to %2").arg(low, high);
        else if (!low.isEmpty() && !high.isEmpty())
            parts << tr("%1 and %2").arg(low.startsWith(QLatin1Char('>')) ? low : QStringLiteral("≥ ") + low,
                                         high.startsWith(QLatin1Char('<')) ? high : QStringLiteral("≤ ") + high);
        else if (!low.isEmpty())
            parts << (low.startsWith(QLatin1Char('>')) ? low : QStringLiteral("≥ ") + low);
        else if (!high.isEmpty())
            parts << (high.startsWith(QLatin1Char('<')) ? high : QStringLiteral("≤ ") + high);
        if (kindFor(property) == Kind::Integer)
            parts.prepend(tr("whole number"));
        break;
    }
    case Kind::MultiChoice: {
        const QJsonValue minItems = property.value(QLatin1String("minItems"));
        const QJsonValue maxItems = property.value(QLatin1String("maxItems"));
        if (minItems.isDouble() && maxItems.isDouble())
            parts << tr("choose %1 to %2").arg(minItems.toInteger()).arg(maxItems.toInteger());
        else if (minItems.isDouble())
            parts << tr("choose at least %1").arg(minItems.toInteger());
        else if (maxItems.isDouble())
            parts << tr("choose up to %1").arg(maxItems.toInteger());
        break;
    }
    case Kind::Json:
        parts << tr("JSON value");
        break;
    case Kind::Boolean:
    case Kind::Choice:
        break;
    }
    return parts.join(QStringLiteral(" · "));
}

QString SchemaForm::fieldProblem(const Field &field) const
{
    bool set = false;
    const QJsonValue value = fieldValue(field, &set);
    if (!set)
        return field.required ? tr("is required") : QString();

    const QJsonObject &property = field.schema;
    switch (field.kind) {
    case Kind::Text: {
        const QString text = value.toString();
        const qint64 length = lengthInCodePoints(text);
        const QJsonValue minLength = property.value(QLatin1String("minLength"));
        const QJsonValue maxLength = property.value(QLatin1String("maxLength"));
        if ((minLength.isDouble() && length < minLength.toInteger()) || (maxLength.isDouble() && length > maxLength.toInteger()))
            return lengthProblem(property);
        const QString problem = formatProblem(property.value(QLatin1String("format")).toString(), text);
        if (!problem.isEmpty())
            return problem;
        const QString pattern = property.value(QLatin1String("pattern")).toString();
        if (!pattern.isEmpty()) {
            const QRegularExpression expression(pattern);
            if (expression.isValid() && !expression.match(text).hasMatch())
                return tr("must match %1").arg(pattern);
        }
        return QString();
    }
    case Kind::Integer:
    case Kind::Number: {
        if (value.isUndefined()) {
            if (field.kind == Kind::Integer)
                return tr("must be a whole number");
            QString problem;
            parseNumber(static_cast<QLineEdit *>(field.editor)->text().trimmed(), field.kind, field.money, &problem);
            return problem.isEmpty() ? tr("must be a number") : problem;
        }
        const double number = value.toDouble();
        const QJsonValue minimum = property.value(QLatin1String("minimum"));
        const QJsonValue maximum = property.value(QLatin1String("maximum"));
        const QJsonValue exclusiveMinimum = property.value(QLatin1String("exclusiveMinimum"));
        const QJsonValue exclusiveMaximum = property.value(QLatin1String("exclusiveMaximum"));
        if ((minimum.isDouble() && number < minimum.toDouble()) || (maximum.isDouble() && number > maximum.toDouble())
            || (exclusiveMinimum.isDouble() && number <= exclusiveMinimum.toDouble())
            || (exclusiveMaximum.isDouble() && number >= exclusiveMaximum.toDouble()))
            return rangeProblem(property, field.money);
        const QJsonValue multipleOf = property.value(QLatin1String("multipleOf"));
        if (multipleOf.isDouble() && multipleOf.toDouble() > 0) {
            const double ratio = number / multipleOf.toDouble();
            if (std::abs(ratio - std::round(ratio)) > 1e-9)
                return tr("must be a multiple of %1").arg(formatNumber(multipleOf.toDouble()));
        }
        return QString();
    }
    case Kind::MultiChoice: {
        const qsizetype count = value.toArray().size();
        const QJsonValue minItems = property.value(QLatin1String("minItems"));
        const QJsonValue maxItems = property.value(QLatin1String("maxItems"));
        if (minItems.isDouble() && count < minItems.toInteger())
            return tr("choose at least %1").arg(minItems.toInteger());
        if (maxItems.isDouble() && count > maxItems.toInteger())
            return tr("choose at most %1").arg(maxItems.toInteger());
        return QString();
    }
    case Kind::Json:
        return value.isUndefined() ? tr("is not valid JSON") : QString();
    case Kind::Boolean:
    case Kind::Choice:
        return QString();
    }
    return QString();
}
