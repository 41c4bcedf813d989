#include "mcpclient_internal.h"

#include <QJsonDocument>
#include <QTimer>

using namespace mcpclient;

quint64 McpClient::readTable(const QString &table)
{
    const quint64 readId = m_nextRead++;
    m_reads.insert(readId, Read{table, {}, 0});
    if (m_state == State::Ready)
        sendRead(readId, QStringLiteral("office://") + table);
    else
        QTimer::singleShot(0, this, [this, readId] { finishRead(readId, tr("Not connected to an office.")); });
    return readId;
}

void McpClient::listResources()
{
    if (m_state != State::Ready)
        return;
    // office-mcp lists its seven tables on one page; a cursor would mean more than the desk shows.
    sendRequest(QStringLiteral("resources/list"), {}, Purpose::ResourcesList);
}

void McpClient::sendRead(quint64 readId, const QString &uri)
{
    ++m_reads[readId].pages;
    sendRequest(QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}}, Purpose::ResourcesRead, readId);
}

void McpClient::finishRead(quint64 readId, const QString &error)
{
    const auto it = m_reads.find(readId);
    if (it == m_reads.end())
        return;
    Read read = *it;
    m_reads.erase(it);
    if (!error.isEmpty()) {
        read.rows.rows.clear();
        read.rows.error = error;
    }
    emit tableRead(readId, read.table, read.rows);
}

void McpClient::handleReadResponse(quint64 readId, const QJsonObject &message)
{
    const auto it = m_reads.find(readId);
    if (it == m_reads.end())
        return;
    if (message.contains(kError)) {
        const QJsonObject error = message.value(kError).toObject();
        return finishRead(readId, tr("%1 (%2)").arg(error.value(QStringLiteral("message")).toString())
                                      .arg(error.value(QStringLiteral("code")).toInteger()));
    }
    const QJsonArray contents = message.value(kResult).toObject().value(QStringLiteral("contents")).toArray();
    const QJsonDocument page =
        QJsonDocument::fromJson(contents.first().toObject().value(QStringLiteral("text")).toString().toUtf8());
    if (!page.isObject())
        return finishRead(readId, tr("office://%1 did not hold a page of JSON rows.").arg(it->table));
    const QJsonObject body = page.object();
    if (!body.contains(QLatin1String("columns"))) {  // a document, not a page of rows
        it->rows.document = body;
        return finishRead(readId);
    }
    QStringList columns;
    const QJsonArray names = body.value(QStringLiteral("columns")).toArray();
    for (const QJsonValue &name : names)
        columns << name.toString();
    TableRows &rows = it->rows;
    if (rows.columns.isEmpty())
        rows.columns = columns;
    else if (rows.columns != columns)
        return finishRead(readId, tr("office://%1 changed its columns between pages.").arg(it->table));
    const QJsonArray list = body.value(QStringLiteral("rows")).toArray();
    for (const QJsonValue &value : list) {
        const QJsonObject object = value.toObject();
        QVariantList row;
        row.reserve(columns.size());
        for (const QString &column : std::as_const(columns)) {
            const QJsonValue cell = object.value(column);
            // toVariant keeps a JSON integer a qlonglong (exact cents); null and absent are "no value".
            row << (cell.isNull() || cell.isUndefined() ? QVariant() : cell.toVariant());
        }
        rows.rows << row;
    }
    const QString next = body.value(QStringLiteral("next")).toString();
    if (next.isEmpty())
        return finishRead(readId);
    // `next` must stay on the same table; a server that loops is cut off rather than followed forever.
    if (!next.startsWith(QStringLiteral("office://%1?").arg(it->table)) || it->pages >= 10000)
        return finishRead(readId, tr("office://%1 gave a next page that cannot be followed: %2").arg(it->table, next));
    sendRead(readId, next);
}

bool McpClient::listen(const QStringList &uris)
{
    if (m_state != State::Ready || uris.isEmpty())
        return false;
    if (era() == Era::Modern) {
        if (m_listenId >= 0 && m_activeRemote) {
            m_http->closeStream(m_listenId);  // closing the stream is how HTTP cancels it
            m_pending.remove(m_listenId);
        } else if (m_listenId >= 0) {
            // One subscription at a time: the old one is cancelled, the new one replaces it.
            sendMessage({{kJsonRpc, QStringLiteral("2.0")},
                         {kMethod, QStringLiteral("notifications/cancelled")},
                         {kParams, QJsonObject{{QStringLiteral("requestId"), m_listenId}}}},
                        QStringLiteral("notifications/cancelled"));
            m_pending.remove(m_listenId);
        }
        const QJsonObject notifications{{QStringLiteral("resourceSubscriptions"), QJsonArray::fromStringList(uris)}};
        m_listenId = sendRequest(QStringLiteral("subscriptions/listen"), {{QStringLiteral("notifications"), notifications}},
                                 Purpose::Listen);
        return true;
    }
    if (!m_capabilities.value(QStringLiteral("resources")).toObject().value(QStringLiteral("subscribe")).toBool())
        return false;
    for (const QString &uri : uris)
        sendRequest(QStringLiteral("resources/subscribe"), {{QStringLiteral("uri"), uri}}, Purpose::Subscribe);
    m_legacySubscribed = true;
    return true;
}
