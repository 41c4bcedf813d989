#pragma once
// A remote office's /metrics (office-mcp --http, core/support/metrics.h), read every few seconds
// with the desk's bearer token, for the Activity chart. It reads and reports; it knows nothing of
// the format.

#include <QObject>
#include <QUrl>

class QNetworkAccessManager;
class QTimer;

class MetricsFeed : public QObject
{
    Q_OBJECT

public:
    explicit MetricsFeed(QObject *parent = nullptr);

    // The office's MCP endpoint (…/mcp) and token; /metrics is beside it. Starts reading at once.
    void start(const QUrl &mcpUrl, const QString &token);
    void stop();
    // A refreshed access token, for the next reads.
    void setToken(const QString &token) { m_token = token; }
    bool isRunning() const;
    void setInterval(int milliseconds);
    static QUrl metricsUrl(const QUrl &mcpUrl);

signals:
    void scraped(const QString &text);
    // One sentence: why the figures could not be read (401: the token may not read them, …).
    void failed(const QString &sentence);

private:
    void scrape();

    QNetworkAccessManager *m_network;
    QTimer *m_timer;
    QUrl m_url;
    QString m_token;
    bool m_inFlight = false;
};
