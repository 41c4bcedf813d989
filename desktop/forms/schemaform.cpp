#include "schemaform.h"

#include "datalabel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateTime>
#include <QFontDatabase>
#include <QFormLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include "localnumbers.h"

#include <climits>
#include <cmath>

namespace {

const QString kType = QStringLiteral("type");

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

// A bound of a field: money with its two decimals ("80,00"), other numbers as short as exact.
QString formatBound(double value, bool money)
{
    return money ? LocalNumbers::formatMoney(std::llround(value * 100)) : formatNumber(value);
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
QJsonValue parseNumber(const QString &text, SchemaForm::Kind kind, bool money = false, QString *problem = nullptr)
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

QString jsonText(const QJsonValue &value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

QJsonValue parseJsonText(const QString &text, bool *ok)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + "]", &error);
    *ok = error.error == QJsonParseError::NoError && document.array().size() == 1;
    return *ok ? document.array().at(0) : QJsonValue();
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

SchemaForm::SchemaForm(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    setSchema(QJsonObject{{kType, QStringLiteral("object")}});
}

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

void SchemaForm::setSchema(const QJsonObject &schema)
{
    m_schema = schema;
    m_fields.clear();
    m_revealAll = false;
    delete m_body;
    m_body = new QWidget(this);
    m_layout = new QFormLayout(m_body);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_layout->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    static_cast<QVBoxLayout *>(layout())->addWidget(m_body);

    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    const QJsonArray requiredArray = schema.value(QLatin1String("required")).toArray();
    QStringList required;
    for (const QJsonValue &name : requiredArray) {
        if (properties.contains(name.toString()) && !required.contains(name.toString()))
            required << name.toString();
    }
    // QJsonObject forgets the schema's key order; `required` usually keeps it for the fields
    // that matter most, so those come first.
    for (const QString &name : std::as_const(required))
        addField(name, properties.value(name).toObject(), true);
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (!required.contains(it.key()))
            addField(it.key(), it.value().toObject(), false);
    }
    if (m_fields.empty()) {
        auto *empty = new QLabel(tr("No arguments."), m_body);
        empty->setObjectName(QStringLiteral("noArguments"));
        empty->setEnabled(false);
        m_layout->addRow(empty);
    }
    updateErrors();
    emit changed();
}

void SchemaForm::addField(const QString &name, const QJsonObject &property, bool required)
{
    Field field;
    field.name = name;
    field.schema = property;
    field.kind = kindFor(property);
    field.required = required;
    field.money = field.kind == Kind::Number && m_moneyFields.contains(name);

    auto *row = new QWidget(m_body);
    auto *rowLayout = new QVBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    rowLayout->setSpacing(2);
    field.editor = createEditor(field);
    field.editor->setParent(row);
    field.editor->setObjectName(QLatin1String("field_") + name);
    rowLayout->addWidget(field.editor);

    const QString description = property.value(QLatin1String("description")).toString();
    const QString bounds = describeBounds(property, field.money);
    QStringList hintParts;
    if (!description.isEmpty())
        hintParts << dataHtml(description);
    if (!bounds.isEmpty())
        hintParts << QStringLiteral("<i>%1</i>").arg(dataHtml(bounds));
    if (!hintParts.isEmpty()) {
        auto *hint = new QLabel(hintParts.join(QStringLiteral(" — ")), row);
        hint->setObjectName(QLatin1String("hint_") + name);
        hint->setWordWrap(true);
        hint->setTextFormat(Qt::RichText);
        QPalette palette = hint->palette();
        palette.setColor(QPalette::WindowText, palette.color(QPalette::Disabled, QPalette::WindowText));
        hint->setPalette(palette);
        QFont font = hint->font();
        font.setPointSizeF(font.pointSizeF() * 0.9);
        hint->setFont(font);
        rowLayout->addWidget(hint);
    }
    field.errorLabel = dataLabel(QString(), row);
    field.errorLabel->setObjectName(QLatin1String("error_") + name);
    field.errorLabel->setStyleSheet(QStringLiteral("color: #c62828;"));
    field.errorLabel->setWordWrap(true);
    field.errorLabel->hide();
    rowLayout->addWidget(field.errorLabel);

    const QString title = property.value(QLatin1String("title")).toString(name);
    auto *label = new QLabel(required ? QStringLiteral("%1 <span style='color:#c62828'>*</span>").arg(dataHtml(title))
                                      : dataHtml(title),
                             m_body);
    label->setObjectName(QLatin1String("label_") + name);
    label->setTextFormat(Qt::RichText);
    label->setBuddy(field.editor);
    label->setToolTip(dataToolTip(required ? tr("%1 (required)").arg(name) : tr("%1 (optional)").arg(name)));
    if (!description.isEmpty())
        field.editor->setToolTip(dataToolTip(description));
    // What a screen reader says for the field: its title (the label's "*" is a picture of
    // "required"), then its description and bounds.
    field.editor->setAccessibleName(required ? tr("%1 (required)").arg(title) : title);
    QStringList spoken;
    if (!description.isEmpty())
        spoken << description;
    if (!bounds.isEmpty())
        spoken << bounds;
    field.editor->setAccessibleDescription(spoken.join(QStringLiteral(" — ")));
    field.errorLabel->setAccessibleDescription(tr("Problem with %1").arg(title));
    m_layout->addRow(label, row);

    m_fields.push_back(field);
    applyDefault(m_fields.back());

    const std::size_t index = m_fields.size() - 1;
    const auto touched = [this, index] {
        if (index < m_fields.size())
            m_fields[index].touched = true;
        updateErrors();
        emit changed();
    };
    QWidget *editor = m_fields.back().editor;
    if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        connect(edit, &QLineEdit::textChanged, this, touched);
        connect(edit, &QLineEdit::returnPressed, this, &SchemaForm::submitRequested);
    } else if (auto *box = qobject_cast<QCheckBox *>(editor))
        connect(box, &QCheckBox::toggled, this, touched);
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        connect(combo, &QComboBox::currentIndexChanged, this, touched);
    else if (auto *list = qobject_cast<QListWidget *>(editor))
        connect(list, &QListWidget::itemChanged, this, touched);
}

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

QStringList SchemaForm::fieldNames() const
{
    QStringList names;
    for (const Field &field : m_fields)
        names << field.name;
    return names;
}

const SchemaForm::Field *SchemaForm::find(const QString &name) const
{
    for (const Field &field : m_fields) {
        if (field.name == name)
            return &field;
    }
    return nullptr;
}

SchemaForm::Kind SchemaForm::kindOf(const QString &name) const
{
    const Field *field = find(name);
    return field ? field->kind : Kind::Json;
}

bool SchemaForm::isRequired(const QString &name) const
{
    const Field *field = find(name);
    return field && field->required;
}

QWidget *SchemaForm::editor(const QString &name) const
{
    const Field *field = find(name);
    return field ? field->editor : nullptr;
}

QJsonObject SchemaForm::values() const
{
    QJsonObject values;
    for (const Field &field : m_fields) {
        bool set = false;
        const QJsonValue value = fieldValue(field, &set);
        if (set && !value.isUndefined())
            values.insert(field.name, value);
    }
    return values;
}

QStringList SchemaForm::setValues(const QJsonObject &values)
{
    QStringList mismatches;
    for (Field &field : m_fields) {
        const QJsonValue value = values.value(field.name);
        const bool given = !value.isUndefined();
        field.touched = given;
        QSignalBlocker blocker(field.editor);
        bool shown = true;
        switch (field.kind) {
        case Kind::Text:
            shown = !given || value.isString();
            static_cast<QLineEdit *>(field.editor)->setText(value.toString());
            break;
        case Kind::Integer:
        case Kind::Number: {
            // Any number of the right kind is shown as it is, in range or not: the form marks
            // it rather than changing it. A string "2" is not a number (no coercion).
            const bool whole = value.isDouble() && value.toDouble() == std::floor(value.toDouble());
            shown = !given || (value.isDouble() && (field.kind == Kind::Number || whole));
            static_cast<QLineEdit *>(field.editor)->setText(given && shown ? numberText(value, field.kind) : QString());
            break;
        }
        case Kind::Boolean:
            shown = !given || value.isBool();
            static_cast<QCheckBox *>(field.editor)->setChecked(value.toBool(false));
            break;
        case Kind::Choice: {
            auto *combo = static_cast<QComboBox *>(field.editor);
            const qsizetype index = given ? field.choices.toVariantList().indexOf(value.toVariant()) : -1;
            const int row = index >= 0 ? combo->findData(int(index)) : (given ? -1 : 0);
            shown = !given || row >= 0;
            combo->setCurrentIndex(std::max(row, 0));
            break;
        }
        case Kind::MultiChoice: {
            auto *list = static_cast<QListWidget *>(field.editor);
            const QJsonArray chosen = value.toArray();
            shown = !given || value.isArray();
            for (const QJsonValue &item : chosen)
                shown = shown && field.choices.contains(item);
            for (int i = 0; i < list->count(); ++i)
                list->item(i)->setCheckState(chosen.contains(field.choices.at(i)) ? Qt::Checked : Qt::Unchecked);
            break;
        }
        case Kind::Json:
            static_cast<QLineEdit *>(field.editor)->setText(given ? jsonText(value) : QString());
            break;
        }
        if (!shown)
            mismatches << field.name;
    }
    updateErrors();
    emit changed();
    return mismatches;
}

void SchemaForm::reset()
{
    for (Field &field : m_fields) {
        field.touched = false;
        applyDefault(field);
    }
    m_revealAll = false;
    updateErrors();
    emit changed();
}

QStringList SchemaForm::problems() const
{
    QStringList problems;
    for (const Field &field : m_fields) {
        const QString problem = fieldProblem(field);
        if (!problem.isEmpty())
            problems << tr("%1: %2", "a field's title, then what is wrong with its value")
                            .arg(field.schema.value(QLatin1String("title")).toString(field.name), problem);
    }
    return problems;
}

void SchemaForm::revealProblems()
{
    m_revealAll = true;
    updateErrors();
}

void SchemaForm::updateErrors()
{
    for (const Field &field : m_fields) {
        const QString problem = (field.touched || m_revealAll) ? fieldProblem(field) : QString();
        field.errorLabel->setText(visibleText(problem));
        field.errorLabel->setVisible(!problem.isEmpty());
    }
}

bool SchemaForm::focusFirstField()
{
    if (m_fields.empty())
        return false;
    m_fields.front().editor->setFocus(Qt::OtherFocusReason);
    return true;
}

void SchemaForm::setNextFocus(QWidget *next)
{
    m_next = next;
}

bool SchemaForm::focusNextPrevChild(bool next)
{
    // The form is rebuilt for every tool, so its editors sit wherever Qt put them in the
    // window's focus chain (after the Call button, among their hint labels). Tab moves
    // through the fields in display order and then on to the Call button, explicitly.
    QWidget *focus = QApplication::focusWidget();
    for (std::size_t i = 0; i < m_fields.size(); ++i) {
        QWidget *editor = m_fields[i].editor;
        if (focus != editor && !editor->isAncestorOf(focus))
            continue;
        QWidget *target = nullptr;
        if (next)
            target = i + 1 < m_fields.size() ? m_fields[i + 1].editor : m_next.data();
        else if (i > 0)
            target = m_fields[i - 1].editor;
        if (target && target->isEnabled() && !target->isHidden()) {
            target->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
            return true;
        }
        break;
    }
    return QWidget::focusNextPrevChild(next);
}
