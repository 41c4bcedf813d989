#include "sqlitereader.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <sqlite3.h>

SqliteReader::SqliteReader(const QString &path)
{
    if (!QFileInfo::exists(path)) {
        m_error = QCoreApplication::translate("SqliteReader", "%1 does not exist yet; office-mcp creates it on first use (the first tool call).").arg(path);
        return;
    }
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &m_db, SQLITE_OPEN_READONLY, nullptr);
    if (rc != SQLITE_OK) {
        m_error = QString::fromUtf8(m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc));
        sqlite3_close(m_db);
        m_db = nullptr;
        return;
    }
    // Only reads, and nothing in the file's schema runs for them: SQLite's defences for files of
    // unknown origin, as on the server's connections (docs/security.md). The server, which the
    // desk starts on the same file, refuses an office whose schema is not office-mcp's.
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    // The server writes in short transactions; a reader waits a moment rather than fail.
    sqlite3_busy_timeout(m_db, 250);
    m_inTransaction = sqlite3_exec(m_db, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK;
}

SqliteReader::~SqliteReader()
{
    if (!m_db)
        return;
    if (m_inTransaction)
        sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(m_db);
}

SqliteReader::Table SqliteReader::query(const QString &sql, const QVariantList &bindings) const
{
    Table table;
    if (!m_db) {
        table.error = m_error;
        return table;
    }
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.toUtf8().constData(), -1, &statement, nullptr) != SQLITE_OK) {
        table.error = QString::fromUtf8(sqlite3_errmsg(m_db));
        return table;
    }
    for (int i = 0; i < bindings.size(); ++i) {
        const QVariant &value = bindings.at(i);
        if (value.typeId() == QMetaType::Int || value.typeId() == QMetaType::LongLong)
            sqlite3_bind_int64(statement, i + 1, value.toLongLong());
        else if (value.typeId() == QMetaType::Double)
            sqlite3_bind_double(statement, i + 1, value.toDouble());
        else if (!value.isValid())
            sqlite3_bind_null(statement, i + 1);
        else
            sqlite3_bind_text(statement, i + 1, value.toString().toUtf8().constData(), -1, SQLITE_TRANSIENT);
    }
    const int columns = sqlite3_column_count(statement);
    for (int c = 0; c < columns; ++c)
        table.columns << QString::fromUtf8(sqlite3_column_name(statement, c));
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        QVariantList row;
        row.reserve(columns);
        for (int c = 0; c < columns; ++c) {
            switch (sqlite3_column_type(statement, c)) {
            case SQLITE_INTEGER:
                row << QVariant(qlonglong(sqlite3_column_int64(statement, c)));
                break;
            case SQLITE_FLOAT:
                row << QVariant(sqlite3_column_double(statement, c));
                break;
            case SQLITE_NULL:
                row << QVariant();
                break;
            default:
                row << QVariant(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, c)),
                                                  sqlite3_column_bytes(statement, c)));
                break;
            }
        }
        table.rows << row;
    }
    if (rc != SQLITE_DONE)
        table.error = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_finalize(statement);
    return table;
}

bool SqliteReader::hasTable(const QString &name) const
{
    const Table table = query(QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"), {name});
    return table.ok() && !table.rows.isEmpty();
}

bool SqliteReader::hasColumn(const QString &table, const QString &column) const
{
    const Table columns = query(QStringLiteral("SELECT 1 FROM pragma_table_info(?) WHERE name = ?"), {table, column});
    return columns.ok() && !columns.rows.isEmpty();
}
