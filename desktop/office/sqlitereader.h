#pragma once
// A read-only look into the office database through the SQLite C API. The desk never writes
// the database; every change goes through office-mcp. One reader is one short-lived
// connection and one read transaction, so a refresh sees a consistent snapshot and holds
// nothing open afterwards. <sqlite3.h> is included only in sqlitereader.cpp.

#include "tablerows.h"

struct sqlite3;

class SqliteReader
{
public:
    using Table = TableRows;

    explicit SqliteReader(const QString &path);
    ~SqliteReader();
    SqliteReader(const SqliteReader &) = delete;
    SqliteReader &operator=(const SqliteReader &) = delete;

    bool isOpen() const { return m_db != nullptr; }
    QString error() const { return m_error; }

    Table query(const QString &sql, const QVariantList &bindings = {}) const;
    bool hasTable(const QString &name) const;
    // Schema differences between versions (refunded_cents arrived in schema 3).
    bool hasColumn(const QString &table, const QString &column) const;

private:
    sqlite3 *m_db = nullptr;
    QString m_error;
    bool m_inTransaction = false;
};
