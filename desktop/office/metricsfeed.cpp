#include "metricsfeed.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

MetricsFeed::MetricsFeed(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(5000);
    connect(m_timer, &QTimer::timeout, this, &MetricsFeed::scrape);
}

QUrl MetricsFeed::metricsUrl(const QUrl &mcpUrl)
{
    QUrl url = mcpUrl;
    QString path = url.path();
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    path = (slash >= 0 ? path.left(slash) : QString()) + QStringLiteral("/metrics");
    url.setPath(path);
    url.setQuery(QString());
    return url;
}

void MetricsFeed::start(const QUrl &mcpUrl, const QString &token)
{
    m_url = metricsUrl(mcpUrl);
    m_token = token;
    m_timer->start();
    scrape();
}

void MetricsFeed::stop()
{
    m_timer->stop();
}

bool MetricsFeed::isRunning() const
{
    return m_timer->isActive();
}

void MetricsFeed::setInterval(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

void MetricsFeed::scrape()
{
    if (m_inFlight)
        return;  // a slow office is not asked twice at once
    QNetworkRequest request(m_url);
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    request.setTransferTimeout(4000);
    m_inFlight = true;
    QNetworkReply *reply = m_network->get(request);
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        m_inFlight = false;
        if (!m_timer->isActive())
            return;  // stopped meanwhile: another office, or none
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (reply->error() == QNetworkReply::NoError && status == 200) {
            emit scraped(QString::fromUtf8(reply->readAll()));
            return;
        }
        if (status == 401 || status == 403)
            emit failed(tr("The office refused to show its figures to this token (HTTP %1).").arg(status));
        else if (status != 0)
            emit failed(tr("The office answered HTTP %1 for %2.").arg(status).arg(m_url.toDisplayString()));
        else
            emit failed(tr("The office's figures could not be read: %1").arg(reply->errorString()));
    });
}
