#pragma once
// The form a person sees when the server asks for something (today: approving a refund).
// Built from the elicitation's requestedSchema through SchemaForm; Accept stays disabled until
// the answer is valid. It is opened with open(), never exec(), and reports through answered().

#include "mcptypes.h"
#include "refundcontext.h"

#include <QDialog>

class QLabel;
class QPushButton;
class SchemaForm;

class ElicitationDialog : public QDialog
{
    Q_OBJECT

public:
    // context: who asks and the invoice, when the desk knows them (refunds); the dialog then
    // speaks of those first and keeps the protocol route to a small details line.
    explicit ElicitationDialog(const McpElicitation &request, QWidget *parent = nullptr, const RefundContext &context = {});

    const McpElicitation &request() const { return m_request; }
    const RefundContext &context() const { return m_context; }
    SchemaForm *form() const { return m_form; }
    QPushButton *acceptButton() const { return m_acceptButton; }
    QPushButton *declineButton() const { return m_declineButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }

    // Closes the dialog without answering (the question was withdrawn).
    void withdraw();

signals:
    // action is "accept", "decline" or "cancel"; content is the form's values on accept.
    void answered(quint64 ticket, const QString &action, const QJsonObject &content);

protected:
    void reject() override;  // Esc and the window's close button mean "cancel"

private:
    void answer(const QString &action);
    void updateAcceptButton();

    McpElicitation m_request;
    RefundContext m_context;
    SchemaForm *m_form;
    QLabel *m_problems;
    QPushButton *m_acceptButton;
    QPushButton *m_declineButton;
    QPushButton *m_cancelButton;
    bool m_answered = false;
};
