#pragma once
// SchemaForm turns a flat JSON Schema object (a tool's inputSchema or an elicitation's
// requestedSchema) into editors, collects typed JSON values back (integers stay integers,
// unset optional fields are left out) and says in sentences what is still wrong. The tools
// panel and the elicitation dialog share it, so both validate the same way.

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <vector>

class QFormLayout;
class QLabel;

class SchemaForm : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Text, Integer, Number, Boolean, Choice, MultiChoice, Json };

    explicit SchemaForm(QWidget *parent = nullptr);

    // Number fields that hold money (the refund's amount): read in exact cents with the
    // locale's decimal mark, at most two decimals, bounds shown as money ("80,00"). Takes
    // effect at the next setSchema.
    void setMoneyFields(const QStringList &names) { m_moneyFields = names; }
    void setSchema(const QJsonObject &schema);
    QJsonObject schema() const { return m_schema; }

    // Field names in display order: required ones first (in `required` order), then the rest.
    QStringList fieldNames() const;
    Kind kindOf(const QString &name) const;
    bool isRequired(const QString &name) const;
    QWidget *editor(const QString &name) const;  // objectName "field_<name>"

    QJsonObject values() const;
    // Fills editors from JSON; keys without a field are ignored. Returns the names it could not
    // show faithfully (wrong type, value out of the editor's range).
    QStringList setValues(const QJsonObject &values);
    void reset();  // back to the schema's defaults

    // "Reason: must be at least 3 characters", in field order; empty when the values are valid.
    QStringList problems() const;
    bool isValid() const { return problems().isEmpty(); }
    // Shows every field's problem, not only those of fields the user has touched.
    void revealProblems();

    static QString describeBounds(const QJsonObject &property, bool money = false);

    // Gives keyboard focus to the first field; false when there are no fields.
    bool focusFirstField();
    // Tab runs through the fields in display order and then on to `next` (the Call button).
    void setNextFocus(QWidget *next);

signals:
    void changed();
    // Return was pressed in a text or number field: the owner may submit the form.
    void submitRequested();

protected:
    bool focusNextPrevChild(bool next) override;

private:
    struct Field
    {
        QString name;
        QJsonObject schema;
        Kind kind = Kind::Text;
        bool required = false;
        bool money = false;
        QWidget *editor = nullptr;
        QLabel *errorLabel = nullptr;
        QJsonArray choices;     // Choice / MultiChoice values, in item order
        bool touched = false;
    };

    void addField(const QString &name, const QJsonObject &property, bool required);
    QWidget *createEditor(Field &field);
    void applyDefault(Field &field);
    QJsonValue fieldValue(const Field &field, bool *set) const;
    QString fieldProblem(const Field &field) const;
    void updateErrors();
    const Field *find(const QString &name) const;

    QJsonObject m_schema;
    QStringList m_moneyFields;
    std::vector<Field> m_fields;
    QWidget *m_body = nullptr;  // rebuilt by setSchema
    QFormLayout *m_layout = nullptr;
    bool m_revealAll = false;
    QPointer<QWidget> m_next;
};
