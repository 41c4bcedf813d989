#pragma once
// The Activity tab: what the office has been doing in the last minutes, at a glance. Bars are the
// calls answered per minute, stacked by outcome (done, tool errors, protocol errors, waiting for a
// person); two lines are the median and 95th percentile of their durations. A local office feeds
// it from its log (record, one request line at a time); a remote one from its /metrics
// (recordMetrics, the counters' growth since the previous scrape). Durations are counted in the
// buckets office-mcp's /metrics uses, and the percentiles read from them as Prometheus's
// histogram_quantile does, so the desk and a Prometheus dashboard agree.

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMap>
#include <QWidget>

#include <array>

class QBarSet;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QStackedBarSeries;
class QBarCategoryAxis;
class QTimer;
class QValueAxis;

class ActivityChart : public QWidget
{
    Q_OBJECT

public:
    enum Outcome { Done, ToolError, ProtocolError, Waiting, OutcomeCount };
    static constexpr int kMinutes = 15;  // how far back the chart looks
    static constexpr int kBuckets = 19;  // the upper bounds of /metrics, then +Inf

    struct Minute {
        QDateTime start;                               // local time, on the minute
        std::array<qint64, OutcomeCount> calls{};
        std::array<qint64, kBuckets> durations{};      // per bucket, not cumulative
        qint64 total() const;
        double percentileMs(double q) const;           // -1 when the minute had no call
    };

    explicit ActivityChart(QWidget *parent = nullptr);

    // One answered request of the local office's log: its time, its log outcome ("ok",
    // "tool_error", "protocol_error", "input_required", "queued") and duration.
    void record(const QDateTime &at, const QString &outcome, qint64 durationUs);
    // A remote office's /metrics, scraped at `at`: the growth of its operation histogram since the
    // previous scrape counts in the minute of `at`. The first scrape only sets the baseline; a
    // counter that went down (the office restarted) counts from zero.
    void recordMetrics(const QDateTime &at, const QString &metricsText);
    // Everything forgotten (another office).
    void clear();
    // Where the figures come from, or why they cannot be read (one sentence under the chart).
    void setSource(const QString &sentence);
    QString source() const;

    // The minutes shown, oldest first, ending with the one of `now` (for the tests and the view).
    QList<Minute> minutes(const QDateTime &now = QDateTime::currentDateTime()) const;
    QString summary(const QDateTime &now = QDateTime::currentDateTime()) const;  // the sentence above the chart
    QChart *chart() const { return m_chart; }
    QBarSet *barSet(Outcome outcome) const { return m_sets[outcome]; }
    QLineSeries *p50() const { return m_p50; }
    QLineSeries *p95() const { return m_p95; }

    // Redraws now (it also does so by itself shortly after new figures, and as minutes pass).
    void refresh(const QDateTime &now = QDateTime::currentDateTime());

private:
    Minute &minuteOf(const QDateTime &at);
    Minute lastTwoMinutes(const QDateTime &now) const;
    void scheduleRefresh();

    QMap<qint64, Minute> m_minutes;  // by minute since the epoch
    // The last scrape's cumulative bucket counts per outcome (remote only).
    QHash<int, std::array<qint64, kBuckets>> m_lastScrape;
    bool m_scraped = false;

    QLabel *m_summary;
    QLabel *m_source;
    QChart *m_chart;
    QChartView *m_view;
    std::array<QBarSet *, OutcomeCount> m_sets{};
    QStackedBarSeries *m_bars;
    QLineSeries *m_p50;
    QLineSeries *m_p95;
    QBarCategoryAxis *m_minutesAxis;
    QValueAxis *m_callsAxis;
    QValueAxis *m_msAxis;
    QTimer *m_refresh;
    QTimer *m_tick;
};
