#include "toolspanel.h"

#include "datalabel.h"

#include "resultview.h"
#include "schemaform.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace {

QColor hintColour(const QString &hint)
{
    if (hint == QLatin1String("read-only"))
        return QColor(0x2e, 0x7d, 0x32);
    if (hint == QLatin1String("destructive"))
        return QColor(0xc6, 0x28, 0x28);
    if (hint == QLatin1String("writes"))
        return QColor(0xef, 0x6c, 0x00);
    return QColor(0x9e, 0x9e, 0x9e);
}

// A hint's words for the person ("read-only" is the spec's idea; the words are the desk's).
QString hintText(const QString &hint)
{
    if (hint == QLatin1String("read-only"))
        return ToolsPanel::tr("read-only", "a tool that changes nothing");
    if (hint == QLatin1String("destructive"))
        return ToolsPanel::tr("destructive", "a tool whose changes cannot be undone");
    if (hint == QLatin1String("writes"))
        return ToolsPanel::tr("writes", "a tool that changes the office");
    return hint;
}

QIcon dotIcon(const QColor &colour)
{
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawEllipse(QRectF(2, 2, 10, 10));
    return QIcon(pixmap);
}

QString pill(const QString &text, const QColor &colour)
{
    return QStringLiteral("<span style='background-color:%1; color:white; font-weight:bold;'>&nbsp;%2&nbsp;</span>")
        .arg(colour.name(), dataHtml(text));
}

} // namespace

ToolsPanel::ToolsPanel(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget)
    , m_firstRunHint(new QLabel)
    , m_title(new QLabel)
    , m_hints(new QLabel)
    , m_description(dataLabel())  // the server's words (a remote office's too): never markup
    , m_stack(new QStackedWidget)
    , m_form(new SchemaForm)
    , m_raw(new QPlainTextEdit)
    , m_rawToggle(new QCheckBox(tr("Raw JSON")))
    , m_problems(dataLabel())  // a remote office's argument names among the problems
    , m_callButton(new QPushButton(tr("Call")))
    , m_result(new ResultView)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_firstRunHint->setObjectName(QStringLiteral("firstRunHint"));
    m_firstRunHint->setText(tr("<b>To start:</b> choose a tool on the left, fill in its form, then press <b>Call</b> (or Enter)."));
    m_firstRunHint->setWordWrap(true);
    m_firstRunHint->setStyleSheet(QStringLiteral("QLabel { background: #e3f2fd; color: #0d47a1; padding: 4px 8px; border-radius: 3px; }"));
    layout->addWidget(m_firstRunHint);
    auto *outer = new QSplitter(Qt::Horizontal);
    outer->setObjectName(QStringLiteral("toolsSplitter"));
    outer->setChildrenCollapsible(false);
    layout->addWidget(outer, 1);

    m_list->setObjectName(QStringLiteral("toolList"));
    m_list->setMinimumWidth(120);
    m_list->setIconSize(QSize(14, 14));
    m_list->setSpacing(2);
    outer->addWidget(m_list);

    auto *right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("formResultSplitter"));
    right->setChildrenCollapsible(false);
    outer->addWidget(right);
    outer->setStretchFactor(0, 0);
    outer->setStretchFactor(1, 1);
    outer->setSizes({170, 480});

    auto *toolBox = new QWidget;
    auto *toolLayout = new QVBoxLayout(toolBox);
    toolLayout->setContentsMargins(6, 0, 0, 0);
    m_title->setObjectName(QStringLiteral("toolTitle"));
    m_title->setTextFormat(Qt::RichText);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    m_title->setFont(titleFont);
    // Titles, hints and descriptions differ per tool; none of them may resize the splitters
    // when another tool is chosen, so they wrap or scroll instead of asking for room.
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    toolLayout->addWidget(m_title);
    m_hints->setObjectName(QStringLiteral("toolHints"));
    m_hints->setTextFormat(Qt::RichText);
    m_hints->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    toolLayout->addWidget(m_hints);
    m_description->setObjectName(QStringLiteral("toolDescription"));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setStyleSheet(QStringLiteral("QLabel { color: #424242; }"));

    auto *arguments = new QGroupBox(tr("Arguments"));
    auto *argumentsLayout = new QVBoxLayout(arguments);
    auto *scroll = new QScrollArea;
    auto *page = new QWidget;
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_description);
    pageLayout->addSpacing(4);
    pageLayout->addWidget(m_form);
    pageLayout->addStretch(1);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_stack->addWidget(scroll);
    m_raw->setObjectName(QStringLiteral("rawArguments"));
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_raw->setPlaceholderText(QStringLiteral("{ }"));
    m_stack->addWidget(m_raw);
    argumentsLayout->addWidget(m_stack, 1);
    m_problems->setObjectName(QStringLiteral("argumentProblems"));
    m_problems->setStyleSheet(QStringLiteral("color: #616161;"));
    m_problems->setWordWrap(true);
    argumentsLayout->addWidget(m_problems);
    auto *buttons = new QHBoxLayout;
    m_rawToggle->setObjectName(QStringLiteral("rawToggle"));
    m_rawToggle->setToolTip(tr("Edit the arguments as JSON; nothing is checked before sending, so the server's own validation answers."));
    buttons->addWidget(m_rawToggle);
    buttons->addStretch(1);
    m_callButton->setObjectName(QStringLiteral("callButton"));
    m_callButton->setDefault(true);
    m_callButton->setMinimumWidth(110);
    buttons->addWidget(m_callButton);
    argumentsLayout->addLayout(buttons);
    toolLayout->addWidget(arguments, 1);
    right->addWidget(toolBox);

    auto *resultBox = new QGroupBox(tr("Result"));
    auto *resultLayout = new QVBoxLayout(resultBox);
    m_result->setObjectName(QStringLiteral("resultView"));
    resultLayout->addWidget(m_result);
    right->addWidget(resultBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    connect(m_list, &QListWidget::currentRowChanged, this, &ToolsPanel::showTool);
    // A tool chosen with the mouse or Enter: the person wants to fill it in next. (Arrowing
    // through the list leaves focus in the list.)
    connect(m_list, &QListWidget::itemClicked, this, &ToolsPanel::focusFirstArgument);
    connect(m_list, &QListWidget::itemActivated, this, &ToolsPanel::focusFirstArgument);
    connect(m_form, &SchemaForm::submitRequested, this, [this] {
        if (m_callButton->isEnabled())
            requestCall();
    });
    connect(m_rawToggle, &QCheckBox::toggled, this, &ToolsPanel::setRawMode);
    connect(m_callButton, &QPushButton::clicked, this, &ToolsPanel::requestCall);
    connect(m_form, &SchemaForm::changed, this, &ToolsPanel::updateCallButton);
    m_form->setNextFocus(m_callButton);
    setTools({});
}

QString ToolsPanel::hintOf(const QJsonObject &tool)
{
    if (!tool.contains(QLatin1String("annotations")))
        return QString();
    const QJsonObject annotations = tool.value(QLatin1String("annotations")).toObject();
    if (annotations.value(QLatin1String("readOnlyHint")).toBool(false))
        return QStringLiteral("read-only");
    // The spec's default for a tool that writes is destructive.
    return annotations.value(QLatin1String("destructiveHint")).toBool(true) ? QStringLiteral("destructive")
                                                                          : QStringLiteral("writes");
}

QString ToolsPanel::displayTitle(const QJsonObject &tool)
{
    const QString title = tool.value(QLatin1String("title")).toString();
    if (!title.isEmpty())
        return title;
    const QString annotated = tool.value(QLatin1String("annotations")).toObject().value(QLatin1String("title")).toString();
    return annotated.isEmpty() ? tool.value(QLatin1String("name")).toString() : annotated;
}

void ToolsPanel::setTools(const QJsonArray &tools)
{
    const QString previous = m_current;
    m_tools = tools;
    {
        QSignalBlocker blocker(m_list);
        m_list->clear();
        for (const QJsonValue &value : tools) {
            const QJsonObject tool = value.toObject();
            const QString name = tool.value(QLatin1String("name")).toString();
            const QString hint = hintOf(tool);
            auto *item = new QListWidgetItem(dotIcon(hintColour(hint)), name, m_list);
            item->setData(Qt::UserRole, name);
            item->setToolTip(QStringLiteral("<b>%1</b> %2<br>%3")
                                 .arg(dataHtml(displayTitle(tool)), hint.isEmpty() ? QString() : QStringLiteral("(%1)").arg(hintText(hint)),
                                      dataHtml(tool.value(QLatin1String("description")).toString())));
        }
    }
    m_current.clear();
    if (tools.isEmpty()) {
        m_title->setText(tr("<span style='color:gray'>No tools</span>"));
        m_hints->clear();
        m_description->setText(tr("Start office-mcp to list its tools."));
        m_form->setSchema({});
        updateCallButton();
        return;
    }
    if (!selectTool(previous))
        m_list->setCurrentRow(0);
}

bool ToolsPanel::selectTool(const QString &name)
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toString() == name) {
            if (m_list->currentRow() == row)
                showTool(row);
            else
                m_list->setCurrentRow(row);
            focusFirstArgument();
            return true;
        }
    }
    return false;
}

QJsonObject ToolsPanel::toolObject(const QString &name) const
{
    for (const QJsonValue &value : m_tools) {
        if (value.toObject().value(QLatin1String("name")).toString() == name)
            return value.toObject();
    }
    return {};
}

void ToolsPanel::showTool(int row)
{
    if (!m_current.isEmpty())
        m_savedArguments.insert(m_current, m_form->values());
    const QString previous = m_current;
    if (row < 0 || row >= m_list->count()) {
        m_current.clear();
        updateCallButton();
        return;
    }
    m_current = m_list->item(row)->data(Qt::UserRole).toString();
    const QJsonObject tool = toolObject(m_current);
    const QString title = displayTitle(tool);
    m_title->setText(title == m_current ? QStringLiteral("<b>%1</b>").arg(dataHtml(m_current))
                                        : QStringLiteral("<b>%1</b> &nbsp;<code>%2</code>").arg(dataHtml(title), dataHtml(m_current)));

    QStringList pills;
    const QString hint = hintOf(tool);
    if (!hint.isEmpty())
        pills << pill(hintText(hint), hintColour(hint));
    const QJsonObject annotations = tool.value(QLatin1String("annotations")).toObject();
    if (annotations.value(QLatin1String("idempotentHint")).toBool(false))
        pills << pill(tr("idempotent"), QColor(0x45, 0x5a, 0x64));
    if (annotations.value(QLatin1String("openWorldHint")).toBool(false))
        pills << pill(tr("open world"), QColor(0x45, 0x5a, 0x64));
    if (hint.isEmpty())
        pills << tr("<span style='color:gray'>no hints</span>");
    m_hints->setText(pills.join(QLatin1String("&nbsp; ")));
    m_description->setText(visibleText(tool.value(QLatin1String("description")).toString()));

    m_form->setSchema(tool.value(QLatin1String("inputSchema")).toObject());
    if (m_savedArguments.contains(m_current))
        m_form->setValues(m_savedArguments.value(m_current));
    if (m_rawToggle->isChecked())
        m_raw->setPlainText(QString::fromUtf8(QJsonDocument(m_form->values()).toJson(QJsonDocument::Indented)));
    // The result below belongs to the tool it came from; under another tool's form it would
    // read as that tool's answer.
    if (m_current != previous)
        m_result->clear();
    updateCallButton();
}

void ToolsPanel::setRawMode(bool raw)
{
    if (raw) {
        m_raw->setPlainText(QString::fromUtf8(QJsonDocument(m_form->values()).toJson(QJsonDocument::Indented)));
        m_stack->setCurrentIndex(1);
        updateCallButton();
        return;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(m_raw->toPlainText().toUtf8(), &error);
    if (!m_raw->toPlainText().trimmed().isEmpty() && !document.isObject()) {
        m_problems->setText(visibleText(tr("The arguments are not a JSON object (%1); fix them or clear the text to go back to the form.")
                                .arg(error.error == QJsonParseError::NoError ? tr("not an object") : error.errorString())));
        QSignalBlocker blocker(m_rawToggle);
        m_rawToggle->setChecked(true);
        return;
    }
    const QStringList mismatches = m_form->setValues(document.object());
    QStringList extra;
    const QStringList fields = m_form->fieldNames();
    const QStringList keys = document.object().keys();
    for (const QString &key : keys) {
        if (!fields.contains(key))
            extra << key;
    }
    m_stack->setCurrentIndex(0);
    updateCallButton();
    if (!mismatches.isEmpty() || !extra.isEmpty())
        m_problems->setText(visibleText(tr("Not shown in the form: %1. %2").arg((mismatches + extra).join(QLatin1String(", ")), m_problems->text()).trimmed()));
}

void ToolsPanel::requestCall()
{
    if (m_current.isEmpty())
        return;
    QJsonObject arguments;
    if (m_rawToggle->isChecked()) {
        QJsonParseError error;
        const QString text = m_raw->toPlainText().trimmed();
        const QJsonDocument document = QJsonDocument::fromJson(text.isEmpty() ? QByteArray("{}") : text.toUtf8(), &error);
        if (!document.isObject()) {
            m_result->showProblem(tr("The arguments must be a JSON object: %1")
                                      .arg(error.error == QJsonParseError::NoError ? tr("this is not an object") : error.errorString()));
            return;
        }
        arguments = document.object();
    } else {
        const QStringList problems = m_form->problems();
        if (!problems.isEmpty()) {
            m_form->revealProblems();
            m_problems->setText(visibleText(tr("Fix first: %1. (Raw JSON sends anything, for trying the server's validation.)")
                                    .arg(problems.join(QLatin1String("; ")))));
            return;
        }
        arguments = m_form->values();
    }
    m_problems->clear();
    m_result->showPending(m_current);
    emit callRequested(m_current, arguments);
}

void ToolsPanel::setServerReady(bool ready)
{
    m_ready = ready;
    updateCallButton();
}

void ToolsPanel::setBusy(bool busy)
{
    m_busy = busy;
    m_callButton->setText(busy ? tr("Calling…") : tr("Call"));
    updateCallButton();
}

void ToolsPanel::updateCallButton()
{
    // Raw JSON sends anything on purpose (to try the server's validation); the form only
    // sends what its schema allows.
    const QStringList problems = m_rawToggle->isChecked() ? QStringList() : m_form->problems();
    m_callButton->setEnabled(m_ready && !m_busy && !m_current.isEmpty() && problems.isEmpty());
    const QString toCall = problems.isEmpty() ? QString() : tr("To call: %1.").arg(problems.join(QLatin1String("; ")));
    m_callButton->setToolTip(!m_ready ? tr("office-mcp is not running") : m_busy ? tr("Waiting for the previous call") : toCall);
    m_problems->setText(visibleText(m_current.isEmpty() ? QString() : toCall));
}

void ToolsPanel::focusFirstArgument()
{
    if (m_rawToggle->isChecked())
        m_raw->setFocus(Qt::OtherFocusReason);
    else if (!m_form->focusFirstField())
        m_callButton->setFocus(Qt::OtherFocusReason);
}

void ToolsPanel::setFirstRunHintVisible(bool visible)
{
    m_firstRunHint->setVisible(visible);
}

void ToolsPanel::showResult(const McpCallResult &result)
{
    m_result->showResult(result);
}

bool ToolsPanel::focusNextPrevChild(bool next)
{
    // Shift+Tab from Call goes back into the form (its last field), as Tab came from there.
    if (!next && m_callButton->hasFocus() && m_stack->currentIndex() == 0) {
        const QStringList fields = m_form->fieldNames();
        if (QWidget *last = m_form->editor(fields.value(fields.size() - 1))) {
            last->setFocus(Qt::BacktabFocusReason);
            return true;
        }
    }
    return QWidget::focusNextPrevChild(next);
}
