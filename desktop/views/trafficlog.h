#pragma once
// Every JSON-RPC line exchanged with office-mcp, both ways, as a table model: time, direction,
// kind, method and id, with the exact JSON kept for the pretty view and the JSONL export.
// Responses carry the method of the request they answer, which the wire does not.

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

class TrafficLog : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { TimeColumn, DirectionColumn, KindColumn, MethodColumn, IdColumn, SummaryColumn, ColumnCount };
    enum Role { SearchRole = Qt::UserRole + 1, JsonRole };

    struct Entry
    {
        QDateTime time;
        bool outgoing = false;
        QString kind;     // request, response, error, notification, batch, invalid
        QString method;
        QString id;
        QString summary;
        QByteArray json;  // the line exactly as exchanged
    };

    explicit TrafficLog(QObject *parent = nullptr);

    void append(bool outgoing, const QByteArray &line, const QString &method);
    void clear();
    const Entry &entry(int row) const { return m_entries.at(row); }
    int count() const { return int(m_entries.size()); }
    QString prettyJson(int row) const;
    // One JSON object a line: {"time", "direction": "out"|"in", "method", "id", "message"}.
    QByteArray toJsonl() const;
    bool exportJsonl(const QString &path, QString *error) const;

    void setMaximumEntries(int maximum) { m_maximum = maximum; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<Entry> m_entries;
    int m_maximum = 20000;
};
