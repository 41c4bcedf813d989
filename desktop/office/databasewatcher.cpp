#include "databasewatcher.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

DatabaseWatcher::DatabaseWatcher(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_debounce(new QTimer(this))
{
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(200);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &DatabaseWatcher::onEvent);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &DatabaseWatcher::onEvent);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        rewatch();
        const QString now = signature();
        if (now == m_signature)
            return;
        m_signature = now;
        emit changed();
    });
}

void DatabaseWatcher::setDebounce(int milliseconds)
{
    m_debounce->setInterval(milliseconds);
}

void DatabaseWatcher::setPath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    rewatch();
    m_signature = signature();
}

void DatabaseWatcher::onEvent()
{
    m_debounce->start();
}

QString DatabaseWatcher::signature() const
{
    // Size and modification time of the database and its write-ahead log: what a write changes.
    QString text;
    for (const QString &file : {m_path, m_path + QLatin1String("-wal")}) {
        const QFileInfo info(file);
        text += info.exists() ? QStringLiteral("%1:%2;").arg(info.size()).arg(info.lastModified().toMSecsSinceEpoch())
                              : QStringLiteral("-;");
    }
    return text;
}

QStringList DatabaseWatcher::wanted() const
{
    QStringList paths;
    if (m_path.isEmpty())
        return paths;
    const QFileInfo database(m_path);
    if (database.absoluteDir().exists())
        paths << database.absolutePath();
    for (const QString &file : {m_path, m_path + QLatin1String("-wal")}) {
        if (QFileInfo::exists(file))
            paths << file;
    }
    return paths;
}

void DatabaseWatcher::watchNewFiles()
{
    const QStringList watched = m_watcher->files() + m_watcher->directories();
    const QStringList paths = wanted();
    for (const QString &path : paths) {
        if (!watched.contains(path)) {
            rewatch();
            m_signature = signature();
            return;
        }
    }
}

void DatabaseWatcher::rewatch()
{
    const QStringList files = m_watcher->files();
    const QStringList directories = m_watcher->directories();
    if (!files.isEmpty())
        m_watcher->removePaths(files);
    if (!directories.isEmpty())
        m_watcher->removePaths(directories);
    const QStringList paths = wanted();
    if (!paths.isEmpty())
        m_watcher->addPaths(paths);
}
