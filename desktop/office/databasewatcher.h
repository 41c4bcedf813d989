#pragma once
// Notices when another process changes the office database: watches the file, its -wal
// file and the folder (the -wal comes and goes), and reports once per burst of changes.
// Folder events caused by readers alone (a -shm appearing) are ignored, so refreshing on a
// change cannot feed itself.

#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

class DatabaseWatcher : public QObject
{
    Q_OBJECT

public:
    explicit DatabaseWatcher(QObject *parent = nullptr);

    void setPath(const QString &path);
    QString path() const { return m_path; }
    void setDebounce(int milliseconds);
    // Starts watching files and folders that did not exist before (office-mcp creates the
    // database, its folder and its -wal lazily). Cheap when nothing is new.
    void watchNewFiles();

signals:
    void changed();

private:
    void rewatch();
    QStringList wanted() const;
    QString signature() const;
    void onEvent();

    QFileSystemWatcher *m_watcher;
    QTimer *m_debounce;
    QString m_path;
    QString m_signature;
};
