#include "activitychart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QRegularExpression>
#include <QStackedBarSeries>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

// The upper bounds of mcp_server_operation_duration_seconds (core/support/metrics.cpp), in seconds.
constexpr std::array<double, ActivityChart::kBuckets - 1> kBounds{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                                  0.01,   0.025,   0.05,   0.1,   0.25,   0.5,
                                                                  1,      2.5,     5,      10,    30,     60};

int bucketOf(double seconds)
{
    int i = 0;
    while (i < int(kBounds.size()) && seconds > kBounds[i])
        ++i;
    return i;
}

int outcomeOf(const QString &outcome)
{
    if (outcome == QLatin1String("ok"))
        return ActivityChart::Done;
    if (outcome == QLatin1String("tool_error"))
        return ActivityChart::ToolError;
    if (outcome == QLatin1String("protocol_error"))
        return ActivityChart::ProtocolError;
    if (outcome == QLatin1String("input_required") || outcome == QLatin1String("queued"))
        return ActivityChart::Waiting;
    return -1;
}

qint64 minuteKey(const QDateTime &at)
{
    return at.toMSecsSinceEpoch() / 60000;
}

QString milliseconds(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : 1);
}

} // namespace

qint64 ActivityChart::Minute::total() const
{
    qint64 n = 0;
    for (const qint64 c : calls)
        n += c;
    return n;
}

// As Prometheus's histogram_quantile: the bucket holding the rank, interpolated linearly inside it;
// past the last bound, the last bound.
double ActivityChart::Minute::percentileMs(double q) const
{
    qint64 count = 0;
    for (const qint64 c : durations)
        count += c;
    if (count == 0)
        return -1;
    const double rank = q * double(count);
    qint64 below = 0;
    for (int i = 0; i < kBuckets; ++i) {
        if (double(below + durations[i]) >= rank && durations[i] > 0) {
            if (i == kBuckets - 1)
                return kBounds.back() * 1000;
            const double lower = i == 0 ? 0 : kBounds[i - 1];
            const double fraction = (rank - double(below)) / double(durations[i]);
            return (lower + (kBounds[i] - lower) * fraction) * 1000;
        }
        below += durations[i];
    }
    return kBounds.back() * 1000;
}

ActivityChart::ActivityChart(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_source(new QLabel)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart))
    , m_bars(new QStackedBarSeries)
    , m_p50(new QLineSeries)
    , m_p95(new QLineSeries)
    , m_minutesAxis(new QBarCategoryAxis)
    , m_callsAxis(new QValueAxis)
    , m_msAxis(new QValueAxis)
    , m_refresh(new QTimer(this))
    , m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("activity"));
    m_summary->setObjectName(QStringLiteral("activitySummary"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("activityChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setAccessibleName(tr("Calls per minute and their durations"));

    const std::array<QString, OutcomeCount> names{tr("done"), tr("tool errors"), tr("protocol errors"),
                                                  tr("waiting for a person")};
    const std::array<QColor, OutcomeCount> colours{QColor(0x2e, 0x7d, 0x32), QColor(0xef, 0x6c, 0x00),
                                                   QColor(0xc6, 0x28, 0x28), QColor(0x15, 0x65, 0xc0)};
    for (int i = 0; i < OutcomeCount; ++i) {
        m_sets[i] = new QBarSet(names[i]);
        m_sets[i]->setColor(colours[i]);
        m_sets[i]->setBorderColor(colours[i]);
        m_bars->append(m_sets[i]);
    }
    m_bars->setBarWidth(0.8);
    m_p50->setName(tr("median (ms)"));
    m_p95->setName(tr("95th percentile (ms)"));
    m_p50->setPen(QPen(QColor(0x42, 0x42, 0x42), 2));
    m_p95->setPen(QPen(QColor(0x6a, 0x1b, 0x9a), 2, Qt::DashLine));
    m_p50->setPointsVisible(true);
    m_p95->setPointsVisible(true);

    m_chart->addSeries(m_bars);
    m_chart->addSeries(m_p50);
    m_chart->addSeries(m_p95);
    m_chart->addAxis(m_minutesAxis, Qt::AlignBottom);
    m_chart->addAxis(m_callsAxis, Qt::AlignLeft);
    m_chart->addAxis(m_msAxis, Qt::AlignRight);
    m_bars->attachAxis(m_minutesAxis);
    m_bars->attachAxis(m_callsAxis);
    for (QLineSeries *line : {m_p50, m_p95}) {
        line->attachAxis(m_minutesAxis);
        line->attachAxis(m_msAxis);
    }
    m_callsAxis->setTitleText(tr("calls"));
    m_callsAxis->setLabelFormat(QStringLiteral("%d"));
    m_msAxis->setTitleText(tr("ms"));
    m_minutesAxis->setTitleText(tr("minutes ago"));
    QFont small = m_minutesAxis->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_minutesAxis), static_cast<QAbstractAxis *>(m_callsAxis),
                                static_cast<QAbstractAxis *>(m_msAxis)})
        axis->setLabelsFont(small);
    // The legend is a label under the chart: it wraps on a small screen, where a chart's own
    // legend would cut every name short.
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(2, 2, 2, 2));
    m_chart->setBackgroundRoundness(0);
    auto *legend = new QLabel;
    legend->setObjectName(QStringLiteral("activityLegend"));
    legend->setWordWrap(true);
    QString entries;
    for (int i = 0; i < OutcomeCount; ++i)
        entries += QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2 &nbsp; ").arg(colours[i].name(), names[i].toHtmlEscaped());
    entries += QStringLiteral("<span style='color:#424242'>&#9473;&#9473;</span>&nbsp;%1 &nbsp; "
                              "<span style='color:#6a1b9a'>&#9477;&#9477;</span>&nbsp;%2")
                   .arg(m_p50->name().toHtmlEscaped(), m_p95->name().toHtmlEscaped());
    legend->setText(entries);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(legend);
    m_source->setObjectName(QStringLiteral("activitySource"));
    m_source->setWordWrap(true);
    m_source->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_source);

    m_refresh->setSingleShot(true);
    m_refresh->setInterval(250);  // a burst of calls redraws once
    connect(m_refresh, &QTimer::timeout, this, [this] { refresh(); });
    m_tick->setInterval(5000);  // the minutes move on even when nothing happens
    connect(m_tick, &QTimer::timeout, this, [this] { refresh(); });
    m_tick->start();
    refresh();
}

ActivityChart::Minute &ActivityChart::minuteOf(const QDateTime &at)
{
    const qint64 key = minuteKey(at);
    auto it = m_minutes.find(key);
    if (it == m_minutes.end()) {
        Minute minute;
        minute.start = QDateTime::fromMSecsSinceEpoch(key * 60000).toLocalTime();
        it = m_minutes.insert(key, minute);
        while (m_minutes.size() > kMinutes * 2)
            m_minutes.erase(m_minutes.begin());
    }
    return *it;
}

void ActivityChart::record(const QDateTime &at, const QString &outcome, qint64 durationUs)
{
    const int o = outcomeOf(outcome);
    if (o < 0)
        return;
    Minute &minute = minuteOf(at);
    ++minute.calls[o];
    ++minute.durations[bucketOf(double(durationUs) / 1e6)];
    scheduleRefresh();
}

void ActivityChart::recordMetrics(const QDateTime &at, const QString &metricsText)
{
    // mcp_server_operation_duration_seconds_bucket{mcp_method_name="tools/call",…,outcome="ok",…,le="0.001"} 12
    static const QRegularExpression line(
        QStringLiteral(R"(^mcp_server_operation_duration_seconds_bucket\{([^}]*)\} ([0-9.eE+]+)$)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression label(QStringLiteral(R"re((\w+)="([^"]*)")re"));
    QHash<int, std::array<qint64, kBuckets>> now;
    for (auto match = line.globalMatch(metricsText); match.hasNext();) {
        const auto found = match.next();
        QString method, outcome, le;
        for (auto labels = label.globalMatch(found.captured(1)); labels.hasNext();) {
            const auto pair = labels.next();
            if (pair.captured(1) == QLatin1String("mcp_method_name"))
                method = pair.captured(2);
            else if (pair.captured(1) == QLatin1String("outcome"))
                outcome = pair.captured(2);
            else if (pair.captured(1) == QLatin1String("le"))
                le = pair.captured(2);
        }
        const int o = outcomeOf(outcome);
        if (method != QLatin1String("tools/call") || o < 0)
            continue;
        const int bucket = le == QLatin1String("+Inf") ? kBuckets - 1 : bucketOf(le.toDouble() * (1 - 1e-9));
        auto it = now.find(o);
        if (it == now.end())
            it = now.insert(o, std::array<qint64, kBuckets>{});
        (*it)[bucket] += qint64(found.captured(2).toDouble());
    }
    if (m_scraped) {
        Minute &minute = minuteOf(at);
        for (auto it = now.cbegin(); it != now.cend(); ++it) {
            const auto before = m_lastScrape.value(it.key());
            std::array<qint64, kBuckets> grown{};
            const bool restarted = (*it)[kBuckets - 1] < before[kBuckets - 1];
            for (int i = 0; i < kBuckets; ++i)
                grown[i] = restarted ? (*it)[i] : (*it)[i] - before[i];  // cumulative
            minute.calls[it.key()] += grown[kBuckets - 1];
            for (int i = 0; i < kBuckets; ++i)
                minute.durations[i] += grown[i] - (i == 0 ? 0 : grown[i - 1]);
        }
        scheduleRefresh();
    }
    m_lastScrape = now;
    m_scraped = true;
}

void ActivityChart::clear()
{
    m_minutes.clear();
    m_lastScrape.clear();
    m_scraped = false;
    refresh();
}

void ActivityChart::setSource(const QString &sentence)
{
    m_source->setText(sentence);
}

QString ActivityChart::source() const
{
    return m_source->text();
}

QList<ActivityChart::Minute> ActivityChart::minutes(const QDateTime &now) const
{
    QList<Minute> shown;
    const qint64 last = minuteKey(now);
    for (qint64 key = last - kMinutes + 1; key <= last; ++key) {
        Minute minute = m_minutes.value(key);
        minute.start = QDateTime::fromMSecsSinceEpoch(key * 60000).toLocalTime();
        shown << minute;
    }
    return shown;
}

// The last whole minute and the one going on, as one.
ActivityChart::Minute ActivityChart::lastTwoMinutes(const QDateTime &now) const
{
    Minute both = m_minutes.value(minuteKey(now) - 1);
    const Minute current = m_minutes.value(minuteKey(now));
    for (int i = 0; i < OutcomeCount; ++i)
        both.calls[i] += current.calls[i];
    for (int i = 0; i < kBuckets; ++i)
        both.durations[i] += current.durations[i];
    return both;
}

QString ActivityChart::summary(const QDateTime &now) const
{
    const Minute both = lastTwoMinutes(now);
    if (both.total() == 0)
        return tr("No calls in the last two minutes.");
    const qint64 failed = both.calls[ToolError] + both.calls[ProtocolError];
    return tr("Last two minutes: %n call(s), %1 with an error, %2 waiting for a person; median %3 ms, 95th percentile %4 ms.",
              nullptr, int(both.total()))
        .arg(QLocale().toString(failed), QLocale().toString(both.calls[Waiting]), milliseconds(both.percentileMs(0.5)),
             milliseconds(both.percentileMs(0.95)));
}

void ActivityChart::scheduleRefresh()
{
    if (!m_refresh->isActive())
        m_refresh->start();
}

void ActivityChart::refresh(const QDateTime &now)
{
    const QList<Minute> shown = minutes(now);
    QStringList labels;
    for (QBarSet *set : m_sets)
        set->remove(0, set->count());
    m_p50->clear();
    m_p95->clear();
    qint64 mostCalls = 0;
    double slowest = 0;
    for (int i = 0; i < shown.size(); ++i) {
        const Minute &minute = shown[i];
        const int ago = int(shown.size()) - 1 - i;
        labels << (ago == 0 ? tr("now") : QLocale().toString(-ago));
        for (int o = 0; o < OutcomeCount; ++o)
            m_sets[o]->append(double(minute.calls[o]));
        mostCalls = std::max(mostCalls, minute.total());
        if (minute.total() > 0) {
            m_p50->append(i, minute.percentileMs(0.5));
            m_p95->append(i, minute.percentileMs(0.95));
            slowest = std::max(slowest, minute.percentileMs(0.95));
        }
    }
    m_minutesAxis->setCategories(labels);
    m_callsAxis->setRange(0, std::max<qint64>(5, qint64(std::ceil(double(mostCalls) * 1.1))));
    m_callsAxis->applyNiceNumbers();
    m_msAxis->setRange(0, std::max(1.0, slowest * 1.1));
    m_msAxis->applyNiceNumbers();

    // At a glance: a share of errors worth a look turns the sentence red.
    const Minute both = lastTwoMinutes(now);
    const bool alarming = both.total() > 0 && (both.calls[ToolError] + both.calls[ProtocolError]) * 5 > both.total();  // one in five
    m_summary->setText(summary(now));
    m_summary->setStyleSheet(alarming ? QStringLiteral("color: #c62828; font-weight: bold;") : QString());
    m_summary->setProperty("alarming", alarming);
}
