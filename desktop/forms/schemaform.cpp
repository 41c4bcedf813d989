// SchemaForm (schemaform.h), the form: it lays out a row per field of the schema (label,
// editor, hint, error message), reads the values back and fills them in, shows the problems
// and runs Tab through the fields. The editors per JSON Schema type are in
// schemaform_editors.cpp, the checks of a value in schemaform_validation.cpp; what the files
// share is in schemaform_internal.h.
#include "schemaform_internal.h"

#include "datalabel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <cmath>

using namespace schemaform;

SchemaForm::SchemaForm(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    setSchema(QJsonObject{{kType, QStringLiteral("object")}});
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
