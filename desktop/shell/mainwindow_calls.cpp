// MainWindow's tool calls (mainwindow.h): which calls the office offers the approval queue, the
// database view and the week, the record forms they open, reviews of a refund, the result of
// every call, and the server's questions shown one dialog at a time with their refund context.
// The window is built in mainwindow.cpp, whose opening comment lists the other parts.
#include "mainwindow.h"

#include "approvalqueue.h"
#include "databaseview.h"
#include "officefeed.h"
#include "toolspanel.h"
#include "weekview.h"

#include <QJsonArray>
#include <QTimer>

void MainWindow::updateReviewAvailability()
{
    bool listed = false;
    const QJsonArray tools = m_client->tools();
    for (const QJsonValue &tool : tools)
        listed = listed || tool.toObject().value(QLatin1String("name")).toString() == QLatin1String("issue_refund");
    if (!m_client->isReady())
        m_approvalQueue->setReviewAvailable(false, m_client->isRemote() ? tr("Connect to the office to review requests.")
                                                                         : tr("Start office-mcp to review requests."));
    else if (!listed)
        m_approvalQueue->setReviewAvailable(false, tr("The current profile hides issue_refund."));
    else if (!m_client->launch().declareElicitation)
        m_approvalQueue->setReviewAvailable(false, tr("Turn on Forms (elicitation) to review requests here."));
    else
        m_approvalQueue->setReviewAvailable(true);
}

void MainWindow::updateRecordTools()
{
    // The admin right shows in the tools the office lists: without its admin tools (an AI
    // client's token, an office-mcp without --admin) the tables stay read-only, add_customer
    // included, which the desk leaves to agents then.
    static const QStringList adminTools{QStringLiteral("edit_customer"), QStringLiteral("remove_customer"), QStringLiteral("add_invoice"),
                                        QStringLiteral("pay_invoice"), QStringLiteral("add_menu_item"), QStringLiteral("remove_menu_item")};
    QStringList listed, week;
    bool admin = false;
    const QJsonArray tools = m_client->isReady() ? m_client->tools() : QJsonArray();
    for (const QJsonValue &tool : tools) {
        const QString name = tool.toObject().value(QLatin1String("name")).toString();
        admin = admin || adminTools.contains(name);
        if (DatabaseView::recordToolNames().contains(name))
            listed << name;
        if (WeekView::toolNames().contains(name))
            week << name;
    }
    m_databaseView->setRecordTools(admin ? listed : QStringList());
    // Cancelling and moving are also an agent's tools: the week offers what the office lists.
    m_weekView->setTools(week);
    if (!admin && m_recordDialog)
        m_recordDialog->reject();  // the office no longer offers it
}

void MainWindow::openRecordForm(const QString &tool, const QJsonObject &preset)
{
    QJsonObject definition;
    const QJsonArray tools = m_client->tools();
    for (const QJsonValue &listed : tools) {
        if (listed.toObject().value(QLatin1String("name")).toString() == tool)
            definition = listed.toObject();
    }
    if (definition.isEmpty() || !m_client->isReady())
        return;
    if (m_recordDialog) {
        m_recordDialog->raise();
        return;
    }
    auto *dialog = new RecordDialog(definition, preset, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_recordDialog = dialog;
    connect(dialog, &RecordDialog::submitted, this, [this](const QString &name, const QJsonObject &arguments) {
        const quint64 id = m_client->callTool(name, arguments);
        m_calls.insert(id, {Origin::Record, name});
        m_databaseView->setRecordBusy(true);
        m_weekView->setBusy(true);
    });
    dialog->open();
    emit recordFormShown(dialog);
}

void MainWindow::reviewApproval(qint64 invoiceId, qint64 requestId)
{
    const quint64 id = m_client->callTool(QStringLiteral("issue_refund"), QJsonObject{{QStringLiteral("invoice_id"), invoiceId}});
    m_calls.insert(id, {Origin::Review, QStringLiteral("issue_refund"), invoiceId, requestId});
    m_approvalQueue->setReviewing(invoiceId, true);
    showStatus(QStringLiteral("review"), tr("Reviewing the refund of invoice %1…").arg(invoiceId));
}

void MainWindow::onCallFinished(const McpCallResult &result)
{
    const bool known = m_calls.contains(result.callId);
    const CallInfo origin = m_calls.take(result.callId);
    if (known && origin.origin == Origin::Review) {
        m_approvalQueue->setReviewing(origin.invoiceId, false);
        showStatus(QStringLiteral("reviewed"), tr("Invoice %1: %2").arg(origin.invoiceId).arg(result.text().section(QLatin1Char('\n'), 0, 0)), 15000);
    } else if (known && origin.origin == Origin::Record) {
        // The form says how it went (it closes, or shows the office's refusal); the tools
        // panel keeps the person's own call.
        m_databaseView->setRecordBusy(false);
        m_weekView->setBusy(false);
        if (m_recordDialog && m_recordDialog->isWaiting())
            m_recordDialog->finishCall(result);
        if (!result.isError())
            showStatus(QStringLiteral("record"), result.text().section(QLatin1Char('\n'), 0, 0), 15000);
    } else if (known) {
        m_toolsPanel->setBusy(false);
    }
    if (!known || origin.origin != Origin::Record)
        m_toolsPanel->showResult(result);
    if (m_databaseView->isResourceMode() && m_feed->isAvailable()) {
        // Through the server the tables arrive later: callCompleted keeps its promise that the
        // views already show the call's effect.
        connect(m_feed, &OfficeFeed::updated, this, [this, result] { emit callCompleted(result); }, Qt::SingleShotConnection);
        m_feed->refresh();
        return;
    }
    refreshDatabase();
    emit callCompleted(result);
}

void MainWindow::showNextQuestion()
{
    if (m_dialog || m_questions.isEmpty())
        return;
    const McpElicitation question = m_questions.dequeue();
    auto *dialog = new ElicitationDialog(question, this, refundContextFor(question));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &ElicitationDialog::answered, m_client, &McpClient::answerElicitation);
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        if (m_dialog == dialog)
            m_dialog = nullptr;
        QTimer::singleShot(0, this, &MainWindow::showNextQuestion);
    });
    dialog->open();
    emit questionShown(dialog);
}

RefundContext MainWindow::refundContextFor(const McpElicitation &question) const
{
    // A legacy question may not name its call; with one call in flight it can only be that one.
    CallInfo call;
    if (m_calls.contains(question.callId))
        call = m_calls.value(question.callId);
    else if (question.callId == 0 && m_calls.size() == 1)
        call = m_calls.begin().value();
    else
        return {};
    if (call.tool != QLatin1String("issue_refund") || call.invoiceId <= 0)
        return {};
    const qint64 requestId = call.origin == Origin::Review ? call.requestId : 0;
    RefundContext context = m_databaseView->isResourceMode()
        ? RefundContext::fromTables(m_feed->table(QStringLiteral("invoices")), m_feed->table(QStringLiteral("approval_requests")),
                                    call.invoiceId, requestId)
        : RefundContext::read(m_client->launch().database, call.invoiceId, requestId);
    context.fromToolsPanel = call.origin == Origin::ToolsPanel;
    return context;
}
