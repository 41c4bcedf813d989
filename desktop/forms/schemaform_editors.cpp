// SchemaForm's field widgets per JSON Schema type (schemaform.h): which kind a property is
// (text, number, choice, …), the editor made for it, its default, the value read from it, and
// numbers and JSON as the editors show and read them. The form that lays the editors out is
// in schemaform.cpp; the other parts are listed in schemaform_internal.h.
#include "schemaform_internal.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QToolButton>

#include "localnumbers.h"

#include <algorithm>

using namespace schemaform;

namespace {

QString primaryType(const QJsonObject &property)
{
    const QJsonValue type = property.value(kType);
    if (type.isArray()) {
        const QJsonArray types = type.toArray();
        for (const QJsonValue &t : types) {
            if (t.toString() != QLatin1String("null"))
                return t.toString();
        }
        return QString();
    }
    return type.toString();
}

// [{const, title}] alternatives, as 2025-11-25 titled enums use them.
QJsonArray constAlternatives(const QJsonObject &property)
{
    for (const char *key : {"oneOf", "anyOf"}) {
        const QJsonArray alternatives = property.value(QLatin1String(key)).toArray();
        if (alternatives.isEmpty())
            continue;
        bool allConst = true;
        for (const QJsonValue &alternative : alternatives)
            allConst = allConst && alternative.toObject().contains(QLatin1String("const"));
        if (allConst)
            return alternatives;
    }
    return {};
}

bool hasChoices(const QJsonObject &property)
{
    return property.value(QLatin1String("enum")).isArray() || !constAlternatives(property).isEmpty();
}

// Values and their display titles, from enum (+ legacy enumNames) or oneOf/anyOf consts.
void readChoices(const QJsonObject &property, QJsonArray *values, QStringList *titles)
{
    const QJsonArray alternatives = constAlternatives(property);
    if (!alternatives.isEmpty()) {
        for (const QJsonValue &alternative : alternatives) {
            const QJsonObject object = alternative.toObject();
            const QJsonValue value = object.value(QLatin1String("const"));
            values->append(value);
            titles->append(object.value(QLatin1String("title")).toString(value.toVariant().toString()));
        }
        return;
    }
    const QJsonArray enumValues = property.value(QLatin1String("enum")).toArray();
    const QJsonArray names = property.value(QLatin1String("enumNames")).toArray();
    for (qsizetype i = 0; i < enumValues.size(); ++i) {
        values->append(enumValues.at(i));
        titles->append(i < names.size() ? names.at(i).toString() : enumValues.at(i).toVariant().toString());
    }
}

QJsonValue parseJsonText(const QString &text, bool *ok)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + "]", &error);
    *ok = error.error == QJsonParseError::NoError && document.array().size() == 1;
    return *ok ? document.array().at(0) : QJsonValue();
}

QString placeholderFor(const QJsonObject &property)
{
    const QString format = property.value(QLatin1String("format")).toString();
    if (format == QLatin1String("email"))
        return QStringLiteral("name@example.com");
    if (format == QLatin1String("uri"))
        return QStringLiteral("https://");
    if (format == QLatin1String("date"))
        return QStringLiteral("YYYY-MM-DD");
    if (format == QLatin1String("date-time"))
        return QStringLiteral("YYYY-MM-DDTHH:MM:SSZ");
    const QJsonArray examples = property.value(QLatin1String("examples")).toArray();
    if (!examples.isEmpty())
        return examples.first().toVariant().toString();
    return QString();
}

} // namespace

namespace schemaform {

SchemaForm::Kind kindFor(const QJsonObject &property)
{
    const QString type = primaryType(property);
    if (type == QLatin1String("array")) {
        if (hasChoices(property.value(QLatin1String("items")).toObject()))
            return SchemaForm::Kind::MultiChoice;
        return SchemaForm::Kind::Json;
    }
    if (hasChoices(property) && (type.isEmpty() || type == QLatin1String("string")
                                 || type == QLatin1String("integer") || type == QLatin1String("number")))
        return SchemaForm::Kind::Choice;
    if (type == QLatin1String("string"))
        return SchemaForm::Kind::Text;
    if (type == QLatin1String("integer"))
        return SchemaForm::Kind::Integer;
    if (type == QLatin1String("number"))
        return SchemaForm::Kind::Number;
    if (type == QLatin1String("boolean"))
        return SchemaForm::Kind::Boolean;
    return SchemaForm::Kind::Json;
}

// Numbers as the person's locale writes them ("50,5" in es), as short as exact.
QString formatNumber(double value)
{
    return LocalNumbers::formatNumber(value);
}

// The text a number is shown with: integers without a fraction, others as short as exact.
QString numberText(const QJsonValue &value, SchemaForm::Kind kind)
{
    if (kind == SchemaForm::Kind::Integer)
        return QString::number(value.toInteger());
    return formatNumber(value.toDouble());
}

// What a person typed into a number field, as JSON; undefined when it is not a number of
// that kind, and then *problem says why. Numbers are read as the person's locale writes them
// (localnumbers.h: "12,50" and "12.50" are twelve and a half, "1.000" at a Spanish desk is
// refused as ambiguous); money is read in exact cents, at most two decimals.
QJsonValue parseNumber(const QString &text, SchemaForm::Kind kind, bool money, QString *problem)
{
    static const QRegularExpression integer(QStringLiteral("^[+-]?\\d+$"));
    if (kind == SchemaForm::Kind::Integer) {
        bool ok = false;
        const qint64 value = text.toLongLong(&ok);
        return integer.match(text).hasMatch() && ok ? QJsonValue(value) : QJsonValue(QJsonValue::Undefined);
    }
    if (money) {
        const LocalNumbers::Money parsed = LocalNumbers::parseMoney(text, QLocale());
        if (problem)
            *problem = parsed.problem;
        // cents / 100.0 is the double nearest the amount, as the server reads it back to cents.
        return parsed.ok ? QJsonValue(double(parsed.cents) / 100.0) : QJsonValue(QJsonValue::Undefined);
    }
    const LocalNumbers::Number parsed = LocalNumbers::parseNumber(text, QLocale());
    if (problem)
        *problem = parsed.problem;
    return parsed.ok ? QJsonValue(parsed.value) : QJsonValue(QJsonValue::Undefined);
}

QString jsonText(const QJsonValue &value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace schemaform

QWidget *SchemaForm::createEditor(Field &field)
{
    const QJsonObject &property = field.schema;
    const bool hasDefault = property.contains(QLatin1String("default"));
    switch (field.kind) {
    case Kind::Text: {
        // No setMaxLength: it would cut what the person typed or pasted. A text that is too
        // long stays as typed and is marked instead.
        auto *edit = new QLineEdit;
        edit->setPlaceholderText(placeholderFor(property));
        edit->setClearButtonEnabled(true);
        for (QToolButton *clear : edit->findChildren<QToolButton *>())
            clear->setAccessibleName(tr("Clear"));  // the little ⓧ, for a screen reader
        return edit;
    }
    case Kind::Integer:
    case Kind::Number: {
        // Line edits, not spin boxes: a spin box clamps or drops keystrokes outside its range
        // (1000 became 10.00, 9 became "not set"), so a person never saw what they had typed.
        // The text is kept as typed and checked against the schema instead.
        auto *edit = new QLineEdit;
        edit->setPlaceholderText(hasDefault ? QString() : tr("not set"));
        edit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        edit->setMinimumWidth(120);
        edit->setMaximumWidth(220);
        return edit;
    }
    case Kind::Boolean:
        return new QCheckBox;
    case Kind::Choice: {
        auto *combo = new QComboBox;
        QStringList titles;
        readChoices(property, &field.choices, &titles);
        if (!field.required || !hasDefault)
            combo->addItem(field.required ? tr("Choose…") : tr("not set"), -1);
        for (qsizetype i = 0; i < titles.size(); ++i)
            combo->addItem(titles.at(i), int(i));
        return combo;
    }
    case Kind::MultiChoice: {
        auto *list = new QListWidget;
        QStringList titles;
        readChoices(property.value(QLatin1String("items")).toObject(), &field.choices, &titles);
        for (const QString &title : std::as_const(titles)) {
            auto *item = new QListWidgetItem(title, list);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
        const int rows = std::min<int>(int(titles.size()), 6);
        list->setFixedHeight(rows * list->fontMetrics().height() * 3 / 2 + 2 * list->frameWidth() + 4);
        return list;
    }
    case Kind::Json: {
        auto *edit = new QLineEdit;
        edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        edit->setPlaceholderText(tr("JSON value"));
        return edit;
    }
    }
    return new QWidget;
}

void SchemaForm::applyDefault(Field &field)
{
    const QJsonValue fallback = field.schema.value(QLatin1String("default"));
    QSignalBlocker blocker(field.editor);
    switch (field.kind) {
    case Kind::Text:
        static_cast<QLineEdit *>(field.editor)->setText(fallback.toString());
        break;
    case Kind::Integer:
    case Kind::Number:
        static_cast<QLineEdit *>(field.editor)->setText(fallback.isDouble() ? numberText(fallback, field.kind) : QString());
        break;
    case Kind::Boolean:
        static_cast<QCheckBox *>(field.editor)->setChecked(fallback.toBool(false));
        break;
    case Kind::Choice: {
        auto *combo = static_cast<QComboBox *>(field.editor);
        combo->setCurrentIndex(0);
        const qsizetype index = field.choices.toVariantList().indexOf(fallback.toVariant());
        if (!fallback.isUndefined() && index >= 0)
            combo->setCurrentIndex(combo->findData(int(index)));
        break;
    }
    case Kind::MultiChoice: {
        auto *list = static_cast<QListWidget *>(field.editor);
        const QJsonArray chosen = fallback.toArray();
        for (int i = 0; i < list->count(); ++i)
            list->item(i)->setCheckState(chosen.contains(field.choices.at(i)) ? Qt::Checked : Qt::Unchecked);
        break;
    }
    case Kind::Json:
        static_cast<QLineEdit *>(field.editor)->setText(fallback.isUndefined() ? QString() : jsonText(fallback));
        break;
    }
}

QJsonValue SchemaForm::fieldValue(const Field &field, bool *set) const
{
    *set = true;
    switch (field.kind) {
    case Kind::Text: {
        const QString text = static_cast<QLineEdit *>(field.editor)->text();
        *set = !text.isEmpty();
        return text;
    }
    case Kind::Integer:
    case Kind::Number: {
        const QString text = static_cast<QLineEdit *>(field.editor)->text().trimmed();
        *set = !text.isEmpty();
        return parseNumber(text, field.kind, field.money);  // undefined when it is not a number of that kind
    }
    case Kind::Boolean:
        return static_cast<QCheckBox *>(field.editor)->isChecked();
    case Kind::Choice: {
        const int index = static_cast<QComboBox *>(field.editor)->currentData().toInt();
        *set = index >= 0;
        return index >= 0 ? field.choices.at(index) : QJsonValue();
    }
    case Kind::MultiChoice: {
        auto *list = static_cast<QListWidget *>(field.editor);
        QJsonArray chosen;
        for (int i = 0; i < list->count(); ++i) {
            if (list->item(i)->checkState() == Qt::Checked)
                chosen.append(field.choices.at(i));
        }
        *set = field.required || !chosen.isEmpty();
        return chosen;
    }
    case Kind::Json: {
        const QString text = static_cast<QLineEdit *>(field.editor)->text().trimmed();
        *set = !text.isEmpty();
        bool ok = false;
        const QJsonValue value = parseJsonText(text, &ok);
        return ok ? value : QJsonValue(QJsonValue::Undefined);
    }
    }
    return QJsonValue();
}
