#include "elicitationdialog.h"

#include "datalabel.h"
#include "schemaform.h"

#include <QDialogButtonBox>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QVBoxLayout>

ElicitationDialog::ElicitationDialog(const McpElicitation &request, QWidget *parent, const RefundContext &context)
    : QDialog(parent)
    , m_request(request)
    , m_context(context)
    , m_form(new SchemaForm)
    , m_problems(dataLabel())
{
    setObjectName(QStringLiteral("elicitationDialog"));
    setWindowModality(Qt::WindowModal);
    const QString who = request.serverName.isEmpty() ? tr("The server") : request.serverName;
    const bool refund = context.known || !context.whoAsks().isEmpty();
    setWindowTitle(context.known ? tr("Refund for invoice %1").arg(context.invoiceId) : tr("%1 asks").arg(who));

    // The question and the form scroll when the screen is short (200 % scaling): their labels
    // keep their height instead of being squeezed over each other; details and buttons stay.
    auto *outer = new QVBoxLayout(this);
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("questionScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(body);
    outer->addWidget(scroll, 1);

    auto *header = new QHBoxLayout;
    auto *icon = new QLabel;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxQuestion).pixmap(40, 40));
    icon->setAlignment(Qt::AlignTop);
    header->addWidget(icon);
    auto *headerText = new QVBoxLayout;
    QString askerText;
    if (refund)
        askerText = tr("<b>A refund needs your approval</b>");
    else if (request.tool.isEmpty())
        askerText = tr("<b>%1</b> asks for your input").arg(dataHtml(who));
    else
        askerText = tr("<b>%1</b> asks for your input to run <code>%2</code>").arg(dataHtml(who), dataHtml(request.tool));
    auto *asker = new QLabel(askerText);
    asker->setObjectName(QStringLiteral("asker"));
    QFont askerFont = asker->font();
    askerFont.setPointSizeF(askerFont.pointSizeF() * 1.1);
    asker->setFont(askerFont);
    headerText->addWidget(asker);
    // Who asks and for which invoice, in office words, before the server's own question.
    if (!context.whoAsks().isEmpty()) {
        auto *whoAsks = dataLabel(context.whoAsks());
        whoAsks->setObjectName(QStringLiteral("whoAsks"));
        whoAsks->setWordWrap(true);
        headerText->addWidget(whoAsks);
    }
    if (context.known) {
        auto *invoice = dataLabel(context.invoiceLine());
        invoice->setObjectName(QStringLiteral("invoiceSummary"));
        invoice->setWordWrap(true);
        invoice->setTextInteractionFlags(Qt::TextSelectableByMouse);
        invoice->setStyleSheet(QStringLiteral("QLabel { background: #f5f5f5; border: 1px solid #e0e0e0; padding: 4px 6px; }"));
        headerText->addWidget(invoice);
    }
    auto *message = dataLabel(request.message);
    message->setObjectName(QStringLiteral("message"));
    message->setWordWrap(true);
    message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message->setMinimumWidth(360);
    headerText->addSpacing(4);
    headerText->addWidget(message);
    header->addLayout(headerText, 1);
    layout->addLayout(header);

    auto *line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);

    // The refund's amount is money: read in cents as the person's locale writes it.
    if (refund || request.tool == QLatin1String("issue_refund"))
        m_form->setMoneyFields({QStringLiteral("amount")});
    m_form->setSchema(request.requestedSchema);
    layout->addWidget(m_form);

    m_problems->setObjectName(QStringLiteral("problems"));
    m_problems->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problems->setWordWrap(true);
    layout->addWidget(m_problems);
    layout->addStretch(1);
    layout = outer;  // what follows stays below the scrolling part

    // How the question travelled, for whoever debugs a client: protocol words stay here.
    const QString via = request.legacy ? tr("an elicitation/create request (2025-11-25 session)")
                                       : tr("an input_required result (2026-07-28; the call is retried with the answer)");
    auto *details = dataLabel(request.tool.isEmpty() ? tr("Details: %1 asked through %2.").arg(who, via)
                                                      : tr("Details: %1 asked for %2 through %3.").arg(who, request.tool, via));
    details->setObjectName(QStringLiteral("details"));
    details->setWordWrap(true);
    details->setEnabled(false);
    QFont small = details->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    details->setFont(small);
    layout->addWidget(details);

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

    // Announced as a dialog with its question: the title says what it is about, the message asks.
    setAccessibleName(windowTitle());
    setAccessibleDescription(context.whoAsks().isEmpty() ? request.message : context.whoAsks() + QLatin1Char(' ') + request.message);
    message->setAccessibleDescription(tr("The question"));
    m_problems->setAccessibleDescription(tr("What keeps the answer from being accepted"));
    buttons->setAccessibleName(tr("Answer"));

    connect(m_acceptButton, &QPushButton::clicked, this, [this] {
        if (m_form->isValid())
            answer(QStringLiteral("accept"));
    });
    connect(m_declineButton, &QPushButton::clicked, this, [this] { answer(QStringLiteral("decline")); });
    connect(m_cancelButton, &QPushButton::clicked, this, [this] { answer(QStringLiteral("cancel")); });
    // Never narrower than what it scrolls: only the height gives way on a short screen.
    scroll->setMinimumWidth(body->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    connect(m_form, &SchemaForm::changed, this, &ElicitationDialog::updateAcceptButton);
    updateAcceptButton();
    if (QWidget *first = m_form->editor(m_form->fieldNames().value(0)))
        first->setFocus();
}

void ElicitationDialog::updateAcceptButton()
{
    const QStringList problems = m_form->problems();
    m_acceptButton->setEnabled(problems.isEmpty());
    m_problems->setText(problems.isEmpty() ? QString()
                                           : visibleText(tr("To accept: %1.").arg(problems.join(tr("; ", "between two problems in a list")))));
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
