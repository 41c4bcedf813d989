#include "serverlogview.h"

#include "datalabel.h"

#include <QLocale>

#include <QComboBox>
#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace {

constexpr int kRawRole = Qt::UserRole + 1;
constexpr int kRankRole = Qt::UserRole + 2;
constexpr int kSortRole = Qt::UserRole + 3;
constexpr int kTraceRole = Qt::UserRole + 4;

int levelRank(const QString &level)
{
    if (level == QLatin1String("debug"))
        return 0;
    if (level == QLatin1String("info"))
        return 1;
    if (level == QLatin1String("warn"))
        return 2;
    if (level == QLatin1String("error"))
        return 3;
    return 4;  // not a log line (a crash message, the desk's notes): always worth seeing
}

QString text(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toInteger());
    return QString();
}

// Rows below a chosen level are hidden, and with a trace id, the rows of other traces.
class LevelFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMinimum(int rank)
    {
        m_minimum = rank;
        invalidateFilter();
    }
    void setTrace(const QString &trace)
    {
        m_trace = trace;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex first = sourceModel()->index(row, 0, parent);
        if (!m_trace.isEmpty() && !first.data(kTraceRole).toString().startsWith(m_trace))
            return false;
        return first.data(kRankRole).toInt() >= m_minimum;
    }

private:
    int m_minimum = 0;
    QString m_trace;
};

} // namespace

ServerLogView::ServerLogView(QWidget *parent)
    : QWidget(parent)
    , m_model(new QStandardItemModel(this))
    , m_proxy(new LevelFilter(this))
    , m_table(new QTableView)
    , m_level(new QComboBox)
    , m_trace(new QLineEdit)
    , m_detail(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("serverLog"));
    m_model->setHorizontalHeaderLabels({tr("Time"), tr("Level"), tr("Outcome"), tr("Method / tool"), tr("Duration"),
                                        tr("Client"), tr("Problem")});
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(kSortRole);

    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show")));
    m_level->setObjectName(QStringLiteral("logLevelFilter"));
    m_level->addItem(tr("everything"), QStringLiteral("debug"));
    m_level->addItem(tr("info and above"), QStringLiteral("info"));
    m_level->addItem(tr("warnings and errors"), QStringLiteral("warn"));
    m_level->addItem(tr("errors only"), QStringLiteral("error"));
    bar->addWidget(m_level);
    m_trace->setObjectName(QStringLiteral("logTraceFilter"));
    m_trace->setPlaceholderText(tr("trace id"));
    m_trace->setClearButtonEnabled(true);
    m_trace->setAccessibleName(tr("Show only the lines of this trace id"));
    // Room for a whole trace id (32 digits) where there is room, less on a small screen: a
    // minimum that wide made the window scroll sideways at 900×600.
    const int digit = m_trace->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    m_trace->setMinimumWidth(digit * 12);
    m_trace->setMaximumWidth(digit * 34);
    bar->addWidget(m_trace, 1);
    bar->addStretch(1);
    auto *clearButton = new QPushButton(tr("Clear"));
    bar->addWidget(clearButton);
    layout->addLayout(bar);

    m_table->setObjectName(QStringLiteral("serverLogTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // arrival order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);

    m_detail->setObjectName(QStringLiteral("serverLogDetail"));
    m_detail->setReadOnly(true);
    m_detail->setMinimumHeight(m_detail->fontMetrics().height() * 2 + 12);  // two lines, then it scrolls
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select a row to see the line office-mcp wrote."));
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 70});  // the rows first; the detail pane is a few lines
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    connect(m_level, &QComboBox::currentIndexChanged, this, [this] { setMinimumLevel(m_level->currentData().toString()); });
    connect(m_trace, &QLineEdit::textChanged, this, [this](const QString &text) { setTraceFilter(text); });
    connect(clearButton, &QPushButton::clicked, this, &ServerLogView::clear);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ServerLogView::showDetail);
    m_level->setCurrentIndex(1);  // debug lines (notifications) are noise unless asked for
}

void ServerLogView::appendText(const QString &text)
{
    m_partial += text;
    qsizetype newline;
    while ((newline = m_partial.indexOf(QLatin1Char('\n'))) >= 0) {
        const QString line = m_partial.left(newline);
        m_partial.remove(0, newline + 1);
        if (!line.trimmed().isEmpty())
            appendLine(line);
    }
}

void ServerLogView::appendLine(const QString &line)
{
    m_lines << line;
    if (m_model->rowCount() >= 5000)
        m_model->removeRow(0);
    const QJsonObject object = QJsonDocument::fromJson(line.toUtf8()).object();
    const bool structured = object.contains(QLatin1String("time")) && object.contains(QLatin1String("level"));

    QString time, level, outcome, what, duration, client, problem, trace;
    QVariant durationSort;
    if (structured) {
        const QDateTime at = QDateTime::fromString(text(object, "time"), Qt::ISODateWithMs);
        time = at.isValid() ? at.toLocalTime().toString(QStringLiteral("HH:mm:ss.zzz")) : text(object, "time");
        level = text(object, "level");
        const QString event = text(object, "event");
        outcome = event == QLatin1String("request") ? text(object, "outcome").replace(QLatin1Char('_'), QLatin1Char(' ')) : event;
        if (outcome == QLatin1String("protocol error") && object.contains(QLatin1String("code")))
            outcome = tr("error %1").arg(text(object, "code"));
        what = text(object, "method");
        if (!text(object, "tool").isEmpty())
            what += (what.isEmpty() ? QString() : QStringLiteral(" · ")) + text(object, "tool");
        if (object.contains(QLatin1String("duration_us"))) {
            const qint64 us = object.value(QLatin1String("duration_us")).toInteger();
            duration = us >= 1000 ? tr("%1 ms").arg(QLocale().toString(us / 1000.0, 'f', 1)) : tr("%1 µs").arg(us);
            durationSort = us;
        }
        const QJsonObject who = object.value(QLatin1String("client")).toObject();
        client = text(who, "name");
        if (!text(who, "version").isEmpty())
            client += QLatin1Char('/') + text(who, "version");
        trace = text(object, "trace_id");
        if (event == QLatin1String("request") && text(object, "method") == QLatin1String("tools/call") && at.isValid())
            emit callLogged(at, text(object, "outcome"), object.value(QLatin1String("duration_us")).toInteger());
        problem = text(object, "problem");
        if (problem.isEmpty())
            problem = text(object, "message");
        if (problem.isEmpty())
            problem = text(object, "error");
    } else {
        time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss.zzz"));
        problem = line.trimmed();
    }

    QList<QStandardItem *> row;
    for (const QString &value : {time, level, outcome, what, duration, client, problem}) {
        auto *item = new QStandardItem(visibleText(value));
        item->setData(value, kSortRole);
        row << item;
    }
    row[TimeColumn]->setData(m_lines.size(), kSortRole);  // arrival order, whatever the clock says
    if (durationSort.isValid())
        row[DurationColumn]->setData(durationSort, kSortRole);
    row[DurationColumn]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    row[TimeColumn]->setData(line, kRawRole);
    row[TimeColumn]->setData(levelRank(level), kRankRole);
    row[TimeColumn]->setData(trace, kTraceRole);
    const QColor colour = level == QLatin1String("error")                ? QColor(0xc6, 0x28, 0x28)
        : level == QLatin1String("warn")                                ? QColor(0xe6, 0x51, 0x00)
        : level == QLatin1String("debug")                               ? QColor(0x75, 0x75, 0x75)
                                                                        : QColor();
    if (colour.isValid()) {
        for (QStandardItem *item : std::as_const(row))
            item->setForeground(colour);
    }
    m_model->appendRow(row);
    if (m_model->rowCount() == 1)
        m_table->resizeColumnsToContents();
    m_table->scrollToBottom();
}

void ServerLogView::clear()
{
    m_model->removeRows(0, m_model->rowCount());
    m_lines.clear();
    m_detail->clear();
}

int ServerLogView::visibleRows() const
{
    return m_proxy->rowCount();
}

QString ServerLogView::cell(int visibleRow, Column column) const
{
    return m_proxy->index(visibleRow, column).data().toString();
}

QString ServerLogView::plainText() const
{
    return m_lines.join(QLatin1Char('\n'));
}

void ServerLogView::setMinimumLevel(const QString &level)
{
    static_cast<LevelFilter *>(m_proxy)->setMinimum(levelRank(level));
    const int index = m_level->findData(level);
    if (index >= 0 && index != m_level->currentIndex())
        m_level->setCurrentIndex(index);
}

void ServerLogView::setTraceFilter(const QString &traceId)
{
    const QString trace = traceId.trimmed().toLower();
    static_cast<LevelFilter *>(m_proxy)->setTrace(trace);
    if (m_trace->text().trimmed().toLower() != trace)
        m_trace->setText(trace);
}

void ServerLogView::showDetail()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const QString raw = m_proxy->index(current.row(), TimeColumn).data(kRawRole).toString();
    const QJsonDocument document = QJsonDocument::fromJson(raw.toUtf8());
    m_detail->setPlainText(visibleText(document.isObject() ? QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed() + QStringLiteral("\n\n") + raw
                                                           : raw));
}
