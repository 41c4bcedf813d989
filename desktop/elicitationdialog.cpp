#include "elicitationdialog.h"

#include "schemaform.h"

#include <QDialogButtonBox>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

ElicitationDialog::ElicitationDialog(const McpElicitation &request, QWidget *parent)
    : QDialog(parent)
    , m_request(request)
    , m_form(new SchemaForm)
    , m_problems(new QLabel)
{
    setObjectName(QStringLiteral("elicitationDialog"));
    setWindowModality(Qt::WindowModal);
    const QString who = request.serverName.isEmpty() ? tr("The server") : request.serverName;
    setWindowTitle(tr("%1 asks").arg(who));

    auto *layout = new QVBoxLayout(this);

    auto *header = new QHBoxLayout;
    auto *icon = new QLabel;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxQuestion).pixmap(40, 40));
    icon->setAlignment(Qt::AlignTop);
    header->addWidget(icon);
    auto *headerText = new QVBoxLayout;
    auto *asker = new QLabel(request.tool.isEmpty()
                                 ? tr("<b>%1</b> asks for your input").arg(who.toHtmlEscaped())
                                 : tr("<b>%1</b> asks for your input to run <code>%2</code>")
                                       .arg(who.toHtmlEscaped(), request.tool.toHtmlEscaped()));
    asker->setObjectName(QStringLiteral("asker"));
    headerText->addWidget(asker);
    auto *route = new QLabel(request.legacy ? tr("via an elicitation/create request (2025-11-25 session)")
                                            : tr("via an input_required result (2026-07-28, the call is retried with your answer)"));
    route->setEnabled(false);
    headerText->addWidget(route);
    auto *message = new QLabel(request.message);
    message->setObjectName(QStringLiteral("message"));
    message->setWordWrap(true);
    message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont messageFont = message->font();
    messageFont.setPointSizeF(messageFont.pointSizeF() * 1.1);
    message->setFont(messageFont);
    message->setMinimumWidth(420);
    headerText->addSpacing(6);
    headerText->addWidget(message);
    header->addLayout(headerText, 1);
    layout->addLayout(header);

    auto *line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);

    m_form->setSchema(request.requestedSchema);
    layout->addWidget(m_form);

    m_problems->setObjectName(QStringLiteral("problems"));
    m_problems->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problems->setWordWrap(true);
    layout->addWidget(m_problems);
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox;
    m_acceptButton = buttons->addButton(tr("Accept"), QDialogButtonBox::AcceptRole);
    m_acceptButton->setObjectName(QStringLiteral("acceptButton"));
    m_declineButton = buttons->addButton(tr("Decline"), QDialogButtonBox::DestructiveRole);
    m_declineButton->setObjectName(QStringLiteral("declineButton"));
    m_cancelButton = buttons->addButton(tr("Cancel"), QDialogButtonBox::RejectRole);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_acceptButton->setDefault(true);
    m_acceptButton->setToolTip(tr("Send the values above to the server"));
    m_declineButton->setToolTip(tr("Say no: the server is told the request was declined"));
    m_cancelButton->setToolTip(tr("Dismiss without deciding"));
    layout->addWidget(buttons);

    connect(m_acceptButton, &QPushButton::clicked, this, [this] {
        if (m_form->isValid())
            answer(QStringLiteral("accept"));
    });
    connect(m_declineButton, &QPushButton::clicked, this, [this] { answer(QStringLiteral("decline")); });
    connect(m_cancelButton, &QPushButton::clicked, this, [this] { answer(QStringLiteral("cancel")); });
    connect(m_form, &SchemaForm::changed, this, &ElicitationDialog::updateAcceptButton);
    updateAcceptButton();
    if (QWidget *first = m_form->editor(m_form->fieldNames().value(0)))
        first->setFocus();
}

void ElicitationDialog::updateAcceptButton()
{
    const QStringList problems = m_form->problems();
    m_acceptButton->setEnabled(problems.isEmpty());
    m_problems->setText(problems.isEmpty() ? QString() : tr("To accept: %1.").arg(problems.join(QLatin1String("; "))));
}

void ElicitationDialog::answer(const QString &action)
{
    if (m_answered)
        return;
    m_answered = true;
    emit answered(m_request.ticket, action, action == QLatin1String("accept") ? m_form->values() : QJsonObject());
    if (action == QLatin1String("accept"))
        QDialog::accept();
    else
        QDialog::reject();
}

void ElicitationDialog::reject()
{
    if (m_answered)
        QDialog::reject();
    else
        answer(QStringLiteral("cancel"));
}

void ElicitationDialog::withdraw()
{
    m_answered = true;
    QDialog::reject();
}
