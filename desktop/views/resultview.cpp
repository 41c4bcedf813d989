#include "resultview.h"

#include "datalabel.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTabWidget>
#include <QVBoxLayout>

namespace {

QString pretty(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented));
    if (value.isUndefined())
        return QString();
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace

ResultView::ResultView(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel)
    , m_tabs(new QTabWidget)
    , m_text(new QPlainTextEdit)
    , m_structured(new QPlainTextEdit)
    , m_raw(new QPlainTextEdit)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_status->setObjectName(QStringLiteral("resultStatus"));
    m_status->setTextFormat(Qt::RichText);
    layout->addWidget(m_status);
    m_text->setObjectName(QStringLiteral("resultText"));
    m_structured->setObjectName(QStringLiteral("resultStructured"));
    m_raw->setObjectName(QStringLiteral("resultRaw"));
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QPlainTextEdit *edit : {m_text, m_structured, m_raw}) {
        edit->setReadOnly(true);
        edit->setFont(fixed);
    }
    m_text->setPlaceholderText(tr("Call a tool to see its result here."));
    m_tabs->addTab(m_text, tr("Text"));
    m_tabs->addTab(m_structured, tr("Structured"));
    m_tabs->addTab(m_raw, tr("Raw"));
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);
    clear();
}

void ResultView::setError(bool error)
{
    m_error = error;
    m_text->setStyleSheet(error ? QStringLiteral("QPlainTextEdit { color: #b71c1c; background: #ffebee; border: 1px solid #e57373; }")
                                : QString());
}

void ResultView::clear()
{
    setError(false);
    m_status->setText(tr("<span style='color:gray'>No result yet.</span>"));
    m_text->clear();
    m_structured->clear();
    m_raw->clear();
}

void ResultView::showPending(const QString &tool)
{
    setError(false);
    m_status->setText(tr("<span style='color:gray'>Calling <code>%1</code>…</span>").arg(dataHtml(tool)));
}

void ResultView::showProblem(const QString &problem)
{
    setError(true);
    m_status->setText(tr("<b style='color:#c62828'>✗ Not sent</b>"));
    m_text->setPlainText(visibleText(problem));
    m_structured->clear();
    m_raw->clear();
}

void ResultView::showResult(const McpCallResult &result)
{
    setError(result.isError());
    const QString rounds = result.rounds > 1 ? tr(" · %n round(s)", "after the outcome of a call that asked a person", result.rounds) : QString();
    const QString tool = QStringLiteral("<code>%1</code>").arg(dataHtml(result.tool));
    switch (result.kind) {
    case McpCallResult::Kind::Result: {
        // A call that ran fine can still mean "nothing happened": a person declined or
        // cancelled the refund, or it waits in the approval queue. structuredContent.status
        // says which; calling that "succeeded" would tell the desk money went back.
        const QString status = result.structured().toObject().value(QLatin1String("status")).toString();
        if (result.isError())
            m_status->setText(tr("<b style='color:#c62828'>✗ %1 returned an error</b> (isError: true)%2").arg(tool, rounds));
        else if (status == QLatin1String("declined"))
            m_status->setText(tr("<b style='color:#6d4c41'>⊘ Declined</b> · %1 changed nothing%2").arg(tool, rounds));
        else if (status == QLatin1String("cancelled"))
            m_status->setText(tr("<b style='color:#6d4c41'>⊘ Cancelled</b> · %1 changed nothing%2").arg(tool, rounds));
        else if (status == QLatin1String("pending"))
            m_status->setText(tr("<b style='color:#e65100'>⏳ Waiting for approval</b> · %1 queued it; nothing refunded yet%2").arg(tool, rounds));
        else
            m_status->setText(tr("<b style='color:#2e7d32'>✓ %1 succeeded</b>%2").arg(tool, rounds));
        m_raw->setPlainText(visibleText(pretty(result.result)));
        break;
    }
    case McpCallResult::Kind::ProtocolError:
        m_status->setText(tr("<b style='color:#c62828'>✗ JSON-RPC error %1</b> from %2%3")
                              .arg(result.error.value(QLatin1String("code")).toInteger())
                              .arg(tool, rounds));
        m_raw->setPlainText(visibleText(pretty(result.error)));
        break;
    case McpCallResult::Kind::LocalError:
        m_status->setText(tr("<b style='color:#c62828'>✗ %1 did not complete</b>").arg(tool));
        m_raw->clear();
        break;
    }
    m_text->setPlainText(visibleText(result.text()));  // a stored bidi control shown, not obeyed
    const QJsonValue structured = result.structured();
    m_structured->setPlainText(structured.isUndefined() ? tr("(no structuredContent)") : visibleText(pretty(structured)));
    m_tabs->setTabEnabled(1, !structured.isUndefined());
}

QString ResultView::statusText() const
{
    QString plain = m_status->text();
    plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return plain;
}

QString ResultView::text() const
{
    return m_text->toPlainText();
}

QString ResultView::structuredText() const
{
    return m_structured->toPlainText();
}
