#include "recorddialog.h"

#include "datalabel.h"

#include "schemaform.h"

#include <QDialogButtonBox>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

QString fieldTitle(const QString &field)
{
    if (field == QLatin1String("customer_id"))
        return RecordDialog::tr("Customer ID");
    if (field == QLatin1String("invoice_id"))
        return RecordDialog::tr("Invoice ID");
    if (field == QLatin1String("name"))
        return RecordDialog::tr("Name");
    if (field == QLatin1String("email"))
        return RecordDialog::tr("Email");
    if (field == QLatin1String("amount"))
        return RecordDialog::tr("Amount");
    if (field == QLatin1String("status"))
        return RecordDialog::tr("Status");
    if (field == QLatin1String("item"))
        return RecordDialog::tr("Item");
    if (field == QLatin1String("price"))
        return RecordDialog::tr("Price");
    if (field == QLatin1String("slot_id"))
        return RecordDialog::tr("Slot");
    if (field == QLatin1String("to_slot_id"))
        return RecordDialog::tr("New slot");
    if (field == QLatin1String("time_zone"))
        return RecordDialog::tr("Time zone");
    if (field == QLatin1String("horizon_days"))
        return RecordDialog::tr("Bookings up to (days ahead)");
    if (field == QLatin1String("days"))
        return RecordDialog::tr("Weekdays");
    if (field == QLatin1String("ranges"))
        return RecordDialog::tr("Hours");
    if (field == QLatin1String("slot_minutes"))
        return RecordDialog::tr("Slot length (minutes)");
    if (field == QLatin1String("from"))
        return RecordDialog::tr("From");
    if (field == QLatin1String("to"))
        return RecordDialog::tr("To");
    if (field == QLatin1String("reason"))
        return RecordDialog::tr("Reason");
    if (field == QLatin1String("day"))
        return RecordDialog::tr("Day");
    return QString();
}

QString dialogTitle(const QString &tool, const QString &fallback)
{
    if (tool == QLatin1String("add_customer"))
        return RecordDialog::tr("Add a customer");
    if (tool == QLatin1String("edit_customer"))
        return RecordDialog::tr("Edit a customer");
    if (tool == QLatin1String("remove_customer"))
        return RecordDialog::tr("Remove a customer");
    if (tool == QLatin1String("add_invoice"))
        return RecordDialog::tr("Add an invoice");
    if (tool == QLatin1String("pay_invoice"))
        return RecordDialog::tr("Mark an invoice paid");
    if (tool == QLatin1String("add_menu_item"))
        return RecordDialog::tr("Add to the menu");
    if (tool == QLatin1String("remove_menu_item"))
        return RecordDialog::tr("Remove from the menu");
    if (tool == QLatin1String("cancel_booking"))
        return RecordDialog::tr("Cancel a booking");
    if (tool == QLatin1String("move_booking"))
        return RecordDialog::tr("Move a booking");
    if (tool == QLatin1String("set_hours"))
        return RecordDialog::tr("Opening hours");
    if (tool == QLatin1String("close_days"))
        return RecordDialog::tr("Close the office");
    if (tool == QLatin1String("open_day"))
        return RecordDialog::tr("Open a closed day");
    if (tool == QLatin1String("set_office"))
        return RecordDialog::tr("The office's time zone and name");
    return fallback;
}

// What the person is about to do, in their language (the tool's description is the model's).
QString intro(const QString &tool, const QJsonObject &preset)
{
    const QString id = preset.value(QLatin1String("customer_id")).toVariant().toString();
    if (tool == QLatin1String("add_customer"))
        return RecordDialog::tr("A new customer of the office: their name and email address. "
                                "An email that is already a customer's is refused.");
    if (tool == QLatin1String("edit_customer"))
        return RecordDialog::tr("Change the name or email address of customer %1.").arg(id);
    if (tool == QLatin1String("remove_customer"))
        return RecordDialog::tr("Remove customer %1 from the office? "
                                "The office refuses while the customer has invoices or bookings.").arg(id);
    if (tool == QLatin1String("add_invoice"))
        return RecordDialog::tr("A new invoice for a customer. Write the amount as on the invoice, with a point "
                                "and at most two decimals (1234.56).");
    if (tool == QLatin1String("pay_invoice"))
        return RecordDialog::tr("Mark invoice %1 paid?").arg(preset.value(QLatin1String("invoice_id")).toVariant().toString());
    if (tool == QLatin1String("add_menu_item"))
        return RecordDialog::tr("A new item on the lunch menu that AI clients order from, with its price if it has one (4.50).");
    if (tool == QLatin1String("remove_menu_item"))
        return RecordDialog::tr("Take %1 off the lunch menu? Orders already made keep it.")
            .arg(preset.value(QLatin1String("item")).toString());
    const QString slot = preset.value(QLatin1String("slot_id")).toVariant().toString();
    if (tool == QLatin1String("cancel_booking"))
        return RecordDialog::tr("Cancel the booking of slot %1? The slot is offered again.").arg(slot);
    if (tool == QLatin1String("move_booking"))
        return RecordDialog::tr("Move the booking of slot %1 to slot %2? The old slot is freed only once the new one is booked.")
            .arg(slot, preset.value(QLatin1String("to_slot_id")).toVariant().toString());
    if (tool == QLatin1String("set_hours"))
        return RecordDialog::tr("The hours of some weekdays, in the office's time zone: mon-fri and 09:00-13:00,15:00-18:00, "
                                "or closed. Bookings already made are kept, even outside the new hours.");
    if (tool == QLatin1String("close_days"))
        return RecordDialog::tr("Close the office on a day, or from one day to another (a holiday): no slots are offered then. "
                                "Bookings already made are kept.");
    if (tool == QLatin1String("open_day"))
        return RecordDialog::tr("Open %1 again, as its hours say?").arg(preset.value(QLatin1String("day")).toString());
    if (tool == QLatin1String("set_office"))
        return RecordDialog::tr("The office's time zone (a name such as Europe/Madrid or America/Mexico_City), its name, and how "
                                "far ahead it takes bookings. Bookings keep their local day and time.");
    return QString();
}

QString saveText(const QString &tool)
{
    if (tool.startsWith(QLatin1String("remove_")))
        return RecordDialog::tr("Remove");
    if (tool == QLatin1String("pay_invoice"))
        return RecordDialog::tr("Mark paid");
    if (tool == QLatin1String("cancel_booking"))
        return RecordDialog::tr("Cancel the booking");
    if (tool == QLatin1String("move_booking"))
        return RecordDialog::tr("Move");
    if (tool == QLatin1String("close_days"))
        return RecordDialog::tr("Close");
    if (tool == QLatin1String("open_day"))
        return RecordDialog::tr("Open");
    if (tool.startsWith(QLatin1String("add_")))
        return RecordDialog::tr("Add");
    return RecordDialog::tr("Save");
}

} // namespace

QJsonObject RecordDialog::titledSchema(const QString &tool, const QJsonObject &schema)
{
    Q_UNUSED(tool);
    QJsonObject titled = schema;
    QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        QJsonObject property = it.value().toObject();
        const QString title = fieldTitle(it.key());
        if (!property.contains(QLatin1String("title")) && !title.isEmpty())
            property.insert(QStringLiteral("title"), title);
        // An invoice's status in words; the value sent stays the office's (open, paid).
        if (it.key() == QLatin1String("status") && property.contains(QLatin1String("enum")) && !property.contains(QLatin1String("enumNames"))) {
            QJsonArray names;
            const QJsonArray values = property.value(QLatin1String("enum")).toArray();
            for (const QJsonValue &value : values) {
                const QString word = value.toString();
                names << (word == QLatin1String("open")  ? tr("open", "an invoice not yet paid")
                          : word == QLatin1String("paid") ? tr("paid", "an invoice")
                                                          : word);
            }
            property.insert(QStringLiteral("enumNames"), names);
        }
        it.value() = property;
    }
    titled.insert(QStringLiteral("properties"), properties);
    return titled;
}

RecordDialog::RecordDialog(const QJsonObject &tool, const QJsonObject &preset, QWidget *parent)
    : QDialog(parent)
    , m_tool(tool.value(QLatin1String("name")).toString())
    , m_form(new SchemaForm)
    , m_intro(new QLabel(intro(m_tool, preset)))
    , m_problems(dataLabel())
    , m_refusal(dataLabel())  // the server's sentence, which names the customer
{
    setObjectName(QStringLiteral("recordDialog"));
    setWindowModality(Qt::WindowModal);
    setWindowTitle(dialogTitle(m_tool, tool.value(QLatin1String("title")).toString(m_tool)));
    auto *layout = new QVBoxLayout(this);
    m_intro->setObjectName(QStringLiteral("recordIntro"));
    m_intro->setWordWrap(true);
    m_intro->setMinimumWidth(380);
    layout->addWidget(m_intro);

    m_form->setSchema(titledSchema(m_tool, tool.value(QLatin1String("inputSchema")).toObject()));
    m_form->setValues(preset);
    // The row the tool works on is the one selected: its id (a menu item's name) is shown, not
    // typed, so an edit cannot land on another customer by a slip of the keyboard.
    for (auto it = preset.begin(); it != preset.end(); ++it) {
        const bool names = it.key().endsWith(QLatin1String("_id")) || m_tool == QLatin1String("remove_menu_item");
        if (QWidget *editor = m_form->editor(it.key()); editor && names)
            editor->setEnabled(false);
    }
    layout->addWidget(m_form);

    m_problems->setObjectName(QStringLiteral("recordProblems"));
    m_problems->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problems->setWordWrap(true);
    layout->addWidget(m_problems);
    // The office's own sentence when it refuses (an email already known, a customer with invoices).
    m_refusal->setObjectName(QStringLiteral("recordRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusal->setStyleSheet(QStringLiteral("QLabel { color: #b71c1c; background: #ffebee; border: 1px solid #ef9a9a; padding: 4px 6px; }"));
    m_refusal->hide();
    layout->addWidget(m_refusal);
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox;
    m_saveText = saveText(m_tool);
    m_save = buttons->addButton(m_saveText, QDialogButtonBox::AcceptRole);
    m_save->setObjectName(QStringLiteral("recordSave"));
    m_save->setDefault(true);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("recordCancel"));
    if (m_tool == QLatin1String("cancel_booking"))
        m_cancel->setText(tr("Keep it"));
    layout->addWidget(buttons);
    setAccessibleName(windowTitle());
    setAccessibleDescription(m_intro->text());
    m_refusal->setAccessibleDescription(tr("Why the office refused"));

    connect(m_save, &QPushButton::clicked, this, &RecordDialog::save);
    connect(m_cancel, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_form, &SchemaForm::submitRequested, this, &RecordDialog::save);
    connect(m_form, &SchemaForm::changed, this, &RecordDialog::updateSaveButton);
    updateSaveButton();
    // Focus where the person types: the first field they may change (Save, for a removal).
    m_save->setFocus();
    const QStringList fields = m_form->fieldNames();
    for (const QString &field : fields) {
        if (QWidget *editor = m_form->editor(field); editor && editor->isEnabled()) {
            editor->setFocus();
            break;
        }
    }
}

void RecordDialog::updateSaveButton()
{
    const QStringList problems = m_form->problems();
    m_save->setEnabled(problems.isEmpty() && !m_waiting);
    m_save->setText(m_waiting ? tr("Saving…") : m_saveText);
    m_problems->setText(problems.isEmpty() ? QString()
                                           : visibleText(tr("To save: %1.").arg(problems.join(tr("; ", "between two problems in a list")))));
}

void RecordDialog::save()
{
    if (m_waiting)
        return;
    if (!m_form->isValid()) {
        m_form->revealProblems();
        updateSaveButton();
        return;
    }
    m_waiting = true;
    m_refusal->hide();
    updateSaveButton();
    emit submitted(m_tool, m_form->values());
}

void RecordDialog::finishCall(const McpCallResult &result)
{
    m_waiting = false;
    updateSaveButton();
    if (!result.isError()) {
        accept();
        return;
    }
    m_refusal->setText(visibleText(result.text()));
    m_refusal->show();
}
