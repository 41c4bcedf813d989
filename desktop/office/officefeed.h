#pragma once
// The office's tables as the desk sees them, read through the server as MCP resources
// (office://customers … office://audit and office://menu, every page, and the office://calendar document) rather than from a database file, so the
// same views serve a local office, a PostgreSQL office and a remote one. Live: it subscribes
// (subscriptions/listen on stdio or as an SSE stream over HTTP; resources/subscribe for a
// legacy session) and re-reads what changed. An office that offers no subscription, or ends
// one, is polled every 2 s instead.

#include "tablerows.h"

#include <QHash>
#include <QObject>
#include <QSet>

class McpClient;
class QTimer;

class OfficeFeed : public QObject
{
    Q_OBJECT

public:
    enum class Mode { Off, Live, Polling };
    Q_ENUM(Mode)

    explicit OfficeFeed(McpClient *client, QObject *parent = nullptr);

    static QStringList tableNames();
    // Whether the office offers its tables (the server declared the resources capability).
    bool isAvailable() const;
    Mode mode() const { return m_mode; }
    // Polling only runs while active (a view showing the tables is visible).
    void setActive(bool active);
    void setPollInterval(int milliseconds);
    int pollInterval() const;

    // Reads every table again now.
    void refresh();
    QHash<QString, TableRows> tables() const { return m_tables; }
    TableRows table(const QString &name) const { return m_tables.value(name); }
    int rounds() const { return m_rounds; }

signals:
    // Every table asked for has been read, each by a request sent after it was asked for (some
    // may carry an error instead of rows); also when the office went away mid-round.
    void updated();
    void modeChanged(OfficeFeed::Mode mode);

private:
    void onReady();
    void onListed(const QStringList &uris, const QString &error);
    void read(const QSet<QString> &tables);
    void setMode(Mode mode);
    void startPolling();

    McpClient *m_client;
    QTimer *m_poll;
    QTimer *m_debounce;
    Mode m_mode = Mode::Off;
    bool m_active = true;
    QHash<QString, TableRows> m_tables;
    QSet<QString> m_visible;            // the tables resources/list offers this caller
    bool m_listed = false;
    QHash<quint64, QString> m_reading;  // ticket -> table
    QSet<QString> m_dirty;              // notified as changed, read after the debounce
    int m_rounds = 0;
};
