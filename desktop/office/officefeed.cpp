#include "officefeed.h"

#include "mcpclient.h"

#include <QTimer>

OfficeFeed::OfficeFeed(McpClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_poll(new QTimer(this))
    , m_debounce(new QTimer(this))
{
    m_poll->setInterval(2000);
    // A burst of writes (a refund touches four tables) is read once.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_reading.isEmpty())
            refresh();
    });
    connect(m_debounce, &QTimer::timeout, this, [this] {
        const QSet<QString> dirty = m_dirty;
        m_dirty.clear();
        read(dirty);
    });
    connect(m_client, &McpClient::ready, this, &OfficeFeed::onReady);
    connect(m_client, &McpClient::resourcesListed, this, &OfficeFeed::onListed);
    connect(m_client, &McpClient::stateChanged, this, [this](McpClient::State state) {
        if (state == McpClient::State::Stopped || state == McpClient::State::Starting) {
            m_poll->stop();
            const bool waiting = !m_reading.isEmpty();
            m_reading.clear();
            setMode(Mode::Off);
            if (waiting)
                emit updated();  // whoever waits for this round hears that it is over
        }
    });
    connect(m_client, &McpClient::tableRead, this, [this](quint64 ticket, const QString &name, const TableRows &rows) {
        if (!m_reading.remove(ticket))
            return;
        m_tables.insert(name, rows);
        if (m_reading.isEmpty()) {
            ++m_rounds;
            emit updated();
        }
    });
    connect(m_client, &McpClient::resourceUpdated, this, [this](const QString &uri) {
        QString name = uri;
        name.remove(0, int(qstrlen("office://")));
        if (!uri.startsWith(QLatin1String("office://")) || !tableNames().contains(name))
            return;
        m_dirty.insert(name);
        m_debounce->start();
    });
    connect(m_client, &McpClient::listenEnded, this, [this] {
        if (m_client->isReady())
            startPolling();
    });
}

QStringList OfficeFeed::tableNames()
{
    return {QStringLiteral("customers"), QStringLiteral("slots"), QStringLiteral("invoices"),
            QStringLiteral("refunds"), QStringLiteral("lunch_orders"), QStringLiteral("approval_requests"),
            QStringLiteral("audit"), QStringLiteral("menu"), QStringLiteral("calendar")};
}

bool OfficeFeed::isAvailable() const
{
    return m_client->isReady() && m_client->hasResources();
}

void OfficeFeed::setActive(bool active)
{
    m_active = active;
    if (m_mode == Mode::Polling && active && !m_poll->isActive()) {
        refresh();
        m_poll->start();
    } else if (!active) {
        m_poll->stop();
    }
}

void OfficeFeed::setPollInterval(int milliseconds)
{
    m_poll->setInterval(milliseconds);
}

int OfficeFeed::pollInterval() const
{
    return m_poll->interval();
}

void OfficeFeed::onReady()
{
    m_tables.clear();
    m_visible.clear();
    m_listed = false;
    m_rounds = 0;
    if (!m_client->hasResources()) {
        setMode(Mode::Off);
        return;
    }
    // First which tables this caller may see (a profile hides some), then those only.
    m_client->listResources();
}

void OfficeFeed::onListed(const QStringList &listed, const QString &error)
{
    m_listed = true;
    m_visible.clear();
    QStringList uris;
    for (const QString &name : tableNames()) {
        const QString uri = QStringLiteral("office://") + name;
        // An office that would not list its resources is read table by table, and says per table.
        if (listed.contains(uri) || !error.isEmpty()) {
            m_visible.insert(name);
            uris << uri;
        } else {
            m_tables.insert(name, TableRows::failed(tr("This office's profile does not show %1.").arg(name)));
        }
    }
    if (m_client->listen(uris))
        setMode(Mode::Live);
    else
        startPolling();
    refresh();
}

void OfficeFeed::startPolling()
{
    setMode(Mode::Polling);
    if (m_active)
        m_poll->start();
}

void OfficeFeed::refresh()
{
    if (!isAvailable())
        return;
    read(m_visible);
}

void OfficeFeed::read(const QSet<QString> &tables)
{
    if (!isAvailable() || !m_listed)
        return;  // the first round follows the list of resources
    if (tables.isEmpty()) {
        if (m_visible.isEmpty()) {
            ++m_rounds;  // nothing visible at all: the round is over at once
            emit updated();
        }
        return;
    }
    for (const QString &name : tables) {
        // A read already under way may have started before the change: its answer is dropped
        // and the table read again, so `updated` always means "read after you asked".
        for (auto it = m_reading.begin(); it != m_reading.end();) {
            if (it.value() == name)
                it = m_reading.erase(it);
            else
                ++it;
        }
        m_reading.insert(m_client->readTable(name), name);
    }
}

void OfficeFeed::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    emit modeChanged(mode);
}
