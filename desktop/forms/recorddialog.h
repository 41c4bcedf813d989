#pragma once
// The form of one of the office's admin tools (add a customer, edit or remove one, add an
// invoice or mark it paid, add or remove a menu item; the calendar's hours, closures and zone, and
// cancelling or moving a booking), opened from the database view's and the week view's buttons.
// The fields are the tool's inputSchema through SchemaForm, validated exactly as the tools panel
// validates them; the desk only adds titles in the person's language (and words for an enum's
// values), never a rule of its own. Preset values (the selected row) are shown, and Save sends
// the values as the form holds them. The dialog stays open until the office answers: a refusal
// is shown in the office's own sentence, with the values kept for the person to correct.

#include "mcptypes.h"

#include <QDialog>
#include <QJsonObject>

class QLabel;
class QPushButton;
class SchemaForm;

class RecordDialog : public QDialog
{
    Q_OBJECT

public:
    // `tool`: the tool as tools/list gave it (name, inputSchema); `preset`: values to show first.
    explicit RecordDialog(const QJsonObject &tool, const QJsonObject &preset = {}, QWidget *parent = nullptr);

    QString toolName() const { return m_tool; }
    SchemaForm *form() const { return m_form; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *introLabel() const { return m_intro; }
    QLabel *refusalLabel() const { return m_refusal; }
    bool isWaiting() const { return m_waiting; }

    // The office answered the call Save made: closes on success, shows the refusal otherwise.
    void finishCall(const McpCallResult &result);

    // The inputSchema with the desk's titles added (for the person), its rules untouched.
    static QJsonObject titledSchema(const QString &tool, const QJsonObject &schema);

signals:
    void submitted(const QString &tool, const QJsonObject &arguments);

private:
    void save();
    void updateSaveButton();

    QString m_tool;
    SchemaForm *m_form;
    QLabel *m_intro;
    QLabel *m_problems;
    QLabel *m_refusal;
    QPushButton *m_save;
    QPushButton *m_cancel;
    QString m_saveText;
    bool m_waiting = false;
};
