#pragma once
// One table as the desk shows it: column names and rows of plain values. The raw SQLite view
// (SqliteReader) and the office's MCP resources (OfficeFeed) both produce it, so the views do
// not care where rows came from. Integers (ids, money in cents) are qlonglong, never double.

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariant>

struct TableRows
{
    QStringList columns;
    QList<QVariantList> rows;  // NULL as an invalid QVariant
    QString error;
    // A resource that is one document rather than rows (office://calendar), as the office gave it.
    QJsonObject document;
    bool ok() const { return error.isEmpty(); }
    static TableRows failed(const QString &why)
    {
        TableRows table;
        table.error = why;
        return table;
    }

    qsizetype column(const QString &name) const { return columns.indexOf(name); }
    // The row whose `id` column (the first) is `id`, or nullptr.
    const QVariantList *rowWithId(qint64 id) const
    {
        for (const QVariantList &row : rows) {
            if (row.value(0).toLongLong() == id)
                return &row;
        }
        return nullptr;
    }
};

Q_DECLARE_METATYPE(TableRows)
