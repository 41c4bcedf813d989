#include "schemaform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

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

int decimalsOf(double value)
{
    const QString text = QString::number(value, 'g', 12);
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    if (text.contains(QLatin1Char('e')))
        return 6;
    return dot < 0 ? 0 : int(text.size() - dot - 1);
}

int numberDecimals(const QJsonObject &property)
{
    int decimals = 2;
    for (const char *key : {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default", "multipleOf"}) {
        const QJsonValue value = property.value(QLatin1String(key));
        if (value.isDouble())
            decimals = std::max(decimals, decimalsOf(value.toDouble()));
    }
    return std::min(decimals, 6);
}

QString formatNumber(double value)
{
    return QString::number(value, 'g', 12);
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

QString characters(qint64 count)
{
    return count == 1 ? SchemaForm::tr("1 character") : SchemaForm::tr("%1 characters").arg(count);
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

QString SchemaForm::describeBounds(const QJsonObject &property)
{
    QStringList parts;
    switch (kindFor(property)) {
    case Kind::Text: {
        const QJsonValue minLength = property.value(QLatin1String("minLength"));
        const QJsonValue maxLength = property.value(QLatin1String("maxLength"));
        if (minLength.isDouble() && maxLength.isDouble())
            parts << tr("%1–%2 characters").arg(minLength.toInteger()).arg(maxLength.toInteger());
        else if (maxLength.isDouble())
            parts << tr("up to %1").arg(characters(maxLength.toInteger()));
        else if (minLength.isDouble() && minLength.toInteger() > 1)
            parts << tr("at least %1").arg(characters(minLength.toInteger()));
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
            low = formatNumber(property.value(QLatin1String("minimum")).toDouble());
        else if (property.value(QLatin1String("exclusiveMinimum")).isDouble())
            low = QLatin1String("> ") + formatNumber(property.value(QLatin1String("exclusiveMinimum")).toDouble());
        if (property.value(QLatin1String("maximum")).isDouble())
            high = formatNumber(property.value(QLatin1String("maximum")).toDouble());
        else if (property.value(QLatin1String("exclusiveMaximum")).isDouble())
            high = QLatin1String("< ") + formatNumber(property.value(QLatin1String("exclusiveMaximum")).toDouble());
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

    auto *row = new QWidget(m_body);
    auto *rowLayout = new QVBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    rowLayout->setSpacing(2);
    field.editor = createEditor(field);
    field.editor->setParent(row);
    field.editor->setObjectName(QLatin1String("field_") + name);
    rowLayout->addWidget(field.editor);

    const QString description = property.value(QLatin1String("description")).toString();
    const QString bounds = describeBounds(property);
    QStringList hintParts;
    if (!description.isEmpty())
        hintParts << description.toHtmlEscaped();
    if (!bounds.isEmpty())
        hintParts << QStringLiteral("<i>%1</i>").arg(bounds.toHtmlEscaped());
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
    field.errorLabel = new QLabel(row);
    field.errorLabel->setObjectName(QLatin1String("error_") + name);
    field.errorLabel->setStyleSheet(QStringLiteral("color: #c62828;"));
    field.errorLabel->setWordWrap(true);
    field.errorLabel->hide();
    rowLayout->addWidget(field.errorLabel);

    const QString title = property.value(QLatin1String("title")).toString(name);
    auto *label = new QLabel(required ? QStringLiteral("%1 <span style='color:#c62828'>*</span>").arg(title.toHtmlEscaped())
                                      : title.toHtmlEscaped(),
                             m_body);
    label->setObjectName(QLatin1String("label_") + name);
    label->setTextFormat(Qt::RichText);
    label->setBuddy(field.editor);
    label->setToolTip(required ? tr("%1 (required)").arg(name) : tr("%1 (optional)").arg(name));
    if (!description.isEmpty())
        field.editor->setToolTip(description);
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
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        connect(edit, &QLineEdit::textEdited, this, touched);
    else if (auto *spin = qobject_cast<QSpinBox *>(editor))
        connect(spin, &QSpinBox::valueChanged, this, touched);
    else if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor))
        connect(spin, &QDoubleSpinBox::valueChanged, this, touched);
    else if (auto *box = qobject_cast<QCheckBox *>(editor))
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
        auto *edit = new QLineEdit;
        const QJsonValue maxLength = property.value(QLatin1String("maxLength"));
        if (maxLength.isDouble() && maxLength.toInteger() > 0 && maxLength.toInteger() < 32767)
            edit->setMaxLength(int(maxLength.toInteger()));
        edit->setPlaceholderText(placeholderFor(property));
        edit->setClearButtonEnabled(true);
        return edit;
    }
    case Kind::Integer: {
        auto *spin = new QSpinBox;
        qint64 low = qint64(INT_MIN) + 1;
        qint64 high = INT_MAX;
        if (property.value(QLatin1String("minimum")).isDouble())
            low = std::max(low, qint64(std::ceil(property.value(QLatin1String("minimum")).toDouble())));
        if (property.value(QLatin1String("exclusiveMinimum")).isDouble())
            low = std::max(low, qint64(std::floor(property.value(QLatin1String("exclusiveMinimum")).toDouble())) + 1);
        if (property.value(QLatin1String("maximum")).isDouble())
            high = std::min(high, qint64(std::floor(property.value(QLatin1String("maximum")).toDouble())));
        if (property.value(QLatin1String("exclusiveMaximum")).isDouble())
            high = std::min(high, qint64(std::ceil(property.value(QLatin1String("exclusiveMaximum")).toDouble())) - 1);
        low = std::clamp<qint64>(low, qint64(INT_MIN) + 1, INT_MAX);
        high = std::clamp<qint64>(high, low, INT_MAX);
        // A person must choose: without a default the box starts at "not set", one below the range.
        field.hasSentinel = !hasDefault;
        field.sentinel = double(low - 1);
        spin->setRange(int(field.hasSentinel ? low - 1 : low), int(high));
        if (field.hasSentinel)
            spin->setSpecialValueText(tr("not set"));
        spin->setAccelerated(true);
        spin->setMinimumWidth(120);
        return spin;
    }
    case Kind::Number: {
        auto *spin = new QDoubleSpinBox;
        const int decimals = numberDecimals(property);
        const double quantum = std::pow(10.0, -decimals);
        double low = -1e12;
        double high = 1e12;
        if (property.value(QLatin1String("minimum")).isDouble())
            low = property.value(QLatin1String("minimum")).toDouble();
        if (property.value(QLatin1String("exclusiveMinimum")).isDouble())
            low = std::max(low, property.value(QLatin1String("exclusiveMinimum")).toDouble() + quantum);
        if (property.value(QLatin1String("maximum")).isDouble())
            high = property.value(QLatin1String("maximum")).toDouble();
        if (property.value(QLatin1String("exclusiveMaximum")).isDouble())
            high = std::min(high, property.value(QLatin1String("exclusiveMaximum")).toDouble() - quantum);
        field.hasSentinel = !hasDefault;
        field.sentinel = low - quantum;
        spin->setDecimals(decimals);
        spin->setRange(field.hasSentinel ? field.sentinel : low, std::max(low, high));
        if (field.hasSentinel)
            spin->setSpecialValueText(tr("not set"));
        const QJsonValue step = property.value(QLatin1String("multipleOf"));
        spin->setSingleStep(step.isDouble() && step.toDouble() > 0 ? step.toDouble() : 1.0);
        spin->setAccelerated(true);
        spin->setMinimumWidth(120);
        return spin;
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
    case Kind::Integer: {
        auto *spin = static_cast<QSpinBox *>(field.editor);
        spin->setValue(fallback.isDouble() ? int(fallback.toInteger()) : spin->minimum());
        break;
    }
    case Kind::Number: {
        auto *spin = static_cast<QDoubleSpinBox *>(field.editor);
        spin->setValue(fallback.isDouble() ? fallback.toDouble() : spin->minimum());
        break;
    }
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
    case Kind::Integer: {
        const int value = static_cast<QSpinBox *>(field.editor)->value();
        *set = !(field.hasSentinel && value == int(field.sentinel));
        return QJsonValue(qint64(value));
    }
    case Kind::Number: {
        auto *spin = static_cast<QDoubleSpinBox *>(field.editor);
        const double quantum = std::pow(10.0, -spin->decimals());
        *set = !(field.hasSentinel && std::abs(spin->value() - field.sentinel) < quantum / 2);
        // The box already rounds to its decimals; printing and parsing removes binary noise.
        return QString::number(spin->value(), 'f', spin->decimals()).toDouble();
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
        if (minLength.isDouble() && length < minLength.toInteger())
            return tr("must be at least %1").arg(characters(minLength.toInteger()));
        if (maxLength.isDouble() && length > maxLength.toInteger())
            return tr("must be at most %1").arg(characters(maxLength.toInteger()));
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
        const double number = value.toDouble();
        const QJsonValue minimum = property.value(QLatin1String("minimum"));
        const QJsonValue maximum = property.value(QLatin1String("maximum"));
        const QJsonValue exclusiveMinimum = property.value(QLatin1String("exclusiveMinimum"));
        const QJsonValue exclusiveMaximum = property.value(QLatin1String("exclusiveMaximum"));
        if ((minimum.isDouble() && number < minimum.toDouble()) || (maximum.isDouble() && number > maximum.toDouble())
            || (exclusiveMinimum.isDouble() && number <= exclusiveMinimum.toDouble())
            || (exclusiveMaximum.isDouble() && number >= exclusiveMaximum.toDouble()))
            return tr("must be %1").arg(describeBounds(property).remove(tr("whole number") + QStringLiteral(" · ")));
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
        case Kind::Integer: {
            auto *spin = static_cast<QSpinBox *>(field.editor);
            const double number = value.toDouble();
            const int lowest = field.hasSentinel ? spin->minimum() + 1 : spin->minimum();
            shown = !given || (value.isDouble() && number == std::floor(number) && number >= lowest && number <= spin->maximum());
            spin->setValue(given && shown ? int(number) : (field.hasSentinel ? spin->minimum() : spin->value()));
            break;
        }
        case Kind::Number: {
            auto *spin = static_cast<QDoubleSpinBox *>(field.editor);
            const double number = value.toDouble();
            const double lowest = field.hasSentinel ? field.sentinel + std::pow(10.0, -spin->decimals()) / 2 : spin->minimum();
            shown = !given || (value.isDouble() && number >= lowest && number <= spin->maximum());
            spin->setValue(given && shown ? number : (field.hasSentinel ? spin->minimum() : spin->value()));
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
            problems << QStringLiteral("%1: %2").arg(field.schema.value(QLatin1String("title")).toString(field.name), problem);
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
        field.errorLabel->setText(problem);
        field.errorLabel->setVisible(!problem.isEmpty());
    }
}
