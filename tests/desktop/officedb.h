#pragma once
// A small office database written directly with SQLite, for desk tests that need rows the
// server would take several calls to make (a declined request, a partly refunded invoice) or
// a schema the server in this build does not write (schema 3's refunded_cents, resolved_by).

#include <QString>
#include <QStringList>

#include <sqlite3.h>

namespace OfficeDb {

inline bool exec(const QString &path, const QString &sql)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    char *error = nullptr;
    const bool ok = sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, &error) == SQLITE_OK;
    if (error)
        qWarning("OfficeDb: %s", error);
    sqlite3_free(error);
    sqlite3_close(db);
    return ok;
}

// Customers and invoices as seeded; v3 adds refunded_cents and resolved_by as schema 3 does.
inline bool create(const QString &path, bool v3)
{
    const QString refunded = v3 ? QStringLiteral(", refunded_cents INTEGER NOT NULL DEFAULT 0") : QString();
    const QString resolvedBy = v3 ? QStringLiteral(", resolved_by TEXT, reported_at TEXT") : QString();
    return exec(path, QStringLiteral(R"(
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE);
CREATE TABLE invoices (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, amount_cents INTEGER NOT NULL, status TEXT NOT NULL%1);
CREATE TABLE refunds (id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL, amount_cents INTEGER NOT NULL, reason TEXT NOT NULL,
                      approved_via TEXT NOT NULL, client TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE approval_requests (id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL, status TEXT NOT NULL, client TEXT NOT NULL,
                      created_at TEXT NOT NULL, resolved_at TEXT, amount_cents INTEGER, reason TEXT%2);
INSERT INTO customers VALUES (1, 'Maria Alvarez', 'maria@example.com'), (2, 'Tomas Reis', 'tomas@example.com'),
                             (3, 'Priya Nair', 'priya@example.com');
INSERT INTO invoices (id, customer_id, amount_cents, status) VALUES (1, 1, 24000, 'paid'), (2, 1, 8000, 'open'),
                             (3, 2, 15000, 'paid'), (4, 3, 41000, 'open');
)").arg(refunded, resolvedBy));
}

} // namespace OfficeDb
