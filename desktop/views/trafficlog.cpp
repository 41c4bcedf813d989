#include "trafficlog.h"

#include "datalabel.h"

#include <QBrush>
#include <QColor>
#include <QFile>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

QString idText(const QJsonValue &id)
{
    if (id.isString())
        return QLatin1Char('"') + id.toString() + QLatin1Char('"');
    if (id.isDouble())
        return QString::number(id.toInteger());
    if (id.isNull())
        return QStringLiteral("null");
    return QString();
}

QString summaryOf(const QJsonObject &message)
{
    const QJsonObject params = message.value(QLatin1String("params")).toObject();
    const QJsonObject result = message.value(QLatin1String("result")).toObject();
    if (message.contains(QLatin1String("error"))) {
        const QJsonObject error = message.value(QLatin1String("error")).toObject();
        return QStringLiteral("%1 %2").arg(error.value(QLatin1String("code")).toInteger()).arg(error.value(QLatin1String("message")).toString());
    }
    if (params.contains(QLatin1String("name"))) {
        QString text = params.value(QLatin1String("name")).toString() + QLatin1Char(' ')
            + QString::fromUtf8(QJsonDocument(params.value(QLatin1String("arguments")).toObject()).toJson(QJsonDocument::Compact));
        if (params.contains(QLatin1String("inputResponses")))
            text += QStringLiteral(" + inputResponses");
        return text;
    }
    if (params.contains(QLatin1String("message")))
        return params.value(QLatin1String("message")).toString();
    if (result.value(QLatin1String("resultType")).toString() == QLatin1String("input_required"))
        return QStringLiteral("input_required: ") + result.value(QLatin1String("inputRequests")).toObject().keys().join(QLatin1String(", "));
    if (result.contains(QLatin1String("tools")))
        return QStringLiteral("%1 tools").arg(result.value(QLatin1String("tools")).toArray().size());
    if (result.contains(QLatin1String("action")))
        return result.value(QLatin1String("action")).toString();
    if (result.contains(QLatin1String("content"))) {
        const QJsonArray content = result.value(QLatin1String("content")).toArray();
        QString text = content.isEmpty() ? QString() : content.first().toObject().value(QLatin1String("text")).toString();
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return (result.value(QLatin1String("isError")).toBool() ? QStringLiteral("isError: ") : QString()) + text;
    }
    if (result.contains(QLatin1String("serverInfo")))
        return result.value(QLatin1String("serverInfo")).toObject().value(QLatin1String("name")).toString()
            + QLatin1Char(' ') + result.value(QLatin1String("protocolVersion")).toString();
    return QString();
}

} // namespace

TrafficLog::TrafficLog(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void TrafficLog::append(bool outgoing, const QByteArray &line, const QString &method)
{
    Entry entry;
    entry.time = QDateTime::currentDateTime();
    entry.outgoing = outgoing;
    entry.method = method;
    entry.json = line;

    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (document.isArray()) {
        entry.kind = QStringLiteral("batch");
        entry.summary = tr("batch of %1").arg(document.array().size());
    } else if (document.isObject()) {
        const QJsonObject message = document.object();
        const bool hasId = message.contains(QLatin1String("id"));
        if (message.contains(QLatin1String("method")))
            entry.kind = hasId ? QStringLiteral("request") : QStringLiteral("notification");
        else if (message.contains(QLatin1String("error")))
            entry.kind = QStringLiteral("error");
        else
            entry.kind = QStringLiteral("response");
        entry.id = idText(message.value(QLatin1String("id")));
        entry.summary = summaryOf(message);
    } else {
        entry.kind = QStringLiteral("invalid");
        entry.summary = QString::fromUtf8(line.left(200));
    }

    if (m_entries.size() >= m_maximum) {
        beginRemoveRows({}, 0, 0);
        m_entries.removeFirst();
        endRemoveRows();
    }
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.append(entry);
    endInsertRows();
}

void TrafficLog::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

QString TrafficLog::prettyJson(int row) const
{
    if (row < 0 || row >= m_entries.size())
        return QString();
    const QByteArray &line = m_entries.at(row).json;
    const QJsonDocument document = QJsonDocument::fromJson(line);
    return document.isNull() ? QString::fromUtf8(line) : QString::fromUtf8(document.toJson(QJsonDocument::Indented));
}

QByteArray TrafficLog::toJsonl() const
{
    QByteArray out;
    for (const Entry &entry : m_entries) {
        QJsonObject record{
            {QStringLiteral("time"), entry.time.toString(Qt::ISODateWithMs)},
            {QStringLiteral("direction"), entry.outgoing ? QStringLiteral("out") : QStringLiteral("in")},
            {QStringLiteral("method"), entry.method},
        };
        if (!entry.id.isEmpty())
            record.insert(QStringLiteral("id"), entry.id);
        const QJsonDocument document = QJsonDocument::fromJson(entry.json);
        if (document.isObject())
            record.insert(QStringLiteral("message"), document.object());
        else if (document.isArray())
            record.insert(QStringLiteral("message"), document.array());
        else
            record.insert(QStringLiteral("raw"), QString::fromUtf8(entry.json));
        out += QJsonDocument(record).toJson(QJsonDocument::Compact);
        out += '\n';
    }
    return out;
}

bool TrafficLog::exportJsonl(const QString &path, QString *error) const
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(toJsonl()) < 0) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

int TrafficLog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int TrafficLog::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TrafficLog::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const Entry &entry = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return entry.time.toString(QStringLiteral("HH:mm:ss.zzz"));
        case DirectionColumn:
            return entry.outgoing ? tr("→ out") : tr("← in");
        case KindColumn:
            return entry.kind;
        case MethodColumn:
            return entry.method;
        case IdColumn:
            return entry.id;
        case SummaryColumn:
            return visibleText(entry.summary);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == SummaryColumn)
            return dataToolTip(entry.summary);  // what a client or server wrote: never markup
        break;
    case Qt::ForegroundRole: {
        const bool toolError = entry.summary.startsWith(QLatin1String("isError"));
        if (entry.kind == QLatin1String("error") || entry.kind == QLatin1String("invalid") || toolError)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (index.column() == DirectionColumn)
            return QBrush(entry.outgoing ? QColor(0x15, 0x65, 0xc0) : QColor(0x2e, 0x7d, 0x32));
        break;
    }
    case Qt::FontRole:
        if (index.column() == IdColumn || index.column() == TimeColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        break;
    case SearchRole:
        return QStringList{entry.kind, entry.method, entry.id, entry.outgoing ? QStringLiteral("out") : QStringLiteral("in"),
                           QString::fromUtf8(entry.json)}
            .join(QLatin1Char(' '));
    case JsonRole:
        return entry.json;
    }
    return {};
}

QVariant TrafficLog::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case DirectionColumn:
        return tr("Dir");
    case KindColumn:
        return tr("Kind");
    case MethodColumn:
        return tr("Method");
    case IdColumn:
        return tr("Id");
    case SummaryColumn:
        return tr("Summary");
    }
    return {};
}
