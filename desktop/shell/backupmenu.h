#pragma once
// The File menu: "Back up now…" and "Restore…" of a local SQLite office (issue 41). The desk
// never copies the file itself: it runs the office-mcp it starts. A backup is `office-mcp backup
// FILE --db DB` while the desk's server keeps serving (a consistent snapshot); a restore first
// runs `office-mcp restore FILE --check --db DB` to show what FILE holds, asks, then stops the
// desk's server, runs `office-mcp restore FILE --db DB` (the old office kept beside it as
// DB.before-restore-<time>) and starts the server again. A remote office and a PostgreSQL one
// are their operator's to back up: the actions are off, their tooltip says why. Nothing blocks:
// every command is an asynchronous QProcess, and a busy dialog shows when one takes a while.

#include "mcpclient.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QDate;
class QMainWindow;
class QMenu;

class BackupMenu : public QObject
{
    Q_OBJECT

public:
    // Adds the File menu to `window`'s menu bar, for the office `client` serves.
    BackupMenu(QMainWindow *window, McpClient *client);

    QMenu *menu() const { return m_menu; }
    QAction *backupAction() const { return m_backup; }
    QAction *restoreAction() const { return m_restore; }
    // The actions on for a local SQLite office and off while a command runs; the window calls
    // it whenever its launch changes.
    void update();
    // Why this launch's office cannot be backed up from the desk; empty when it can.
    static QString unavailableReason(const McpClient::Launch &launch);
    // office-<day>.db in the Documents folder (the home folder when there is none).
    static QString suggestedBackupPath(const QDate &day);

    // What the actions do once a file is chosen: the file dialogs end here.
    void backUpTo(const QString &file, bool overwrite);
    void checkRestore(const QString &file);  // shows what FILE holds and asks to restore it
    void restoreFrom(const QString &file);   // stops the server, restores, starts it again

    bool isBusy() const { return m_busy; }
    QFileDialog *fileDialog() const { return m_fileDialog; }
    // The restore's question, or the last outcome, while it is shown.
    QMessageBox *messageBox() const { return m_box; }

signals:
    void fileDialogShown(QFileDialog *dialog);
    void confirmationShown(QMessageBox *box);
    // `output`: what office-mcp printed (its table of rows), or its sentence when it refused.
    void backupFinished(bool ok, const QString &output);
    void restoreChecked(bool ok, const QString &output);
    void restoreFinished(bool ok, const QString &output);
    void statusChanged(const QString &text);

private:
    struct Outcome
    {
        bool ok = false;
        int code = 0;
        QString out;
        QString err;  // office-mcp's sentences, without their "office-mcp: "
    };
    void askForBackupFile();
    void askForRestoreFile();
    // Runs office-mcp with `arguments` (and --db) and calls `done` once, however it ends.
    void run(QStringList arguments, const QString &busyText, std::function<void(const Outcome &)> done);
    void setBusy(bool busy);
    void showOutcome(bool ok, const QString &title, const QString &sentence, const QString &output);

    QMainWindow *m_window;
    McpClient *m_client;
    QMenu *m_menu;
    QAction *m_backup;
    QAction *m_restore;
    bool m_busy = false;
    QPointer<QFileDialog> m_fileDialog;
    QPointer<QMessageBox> m_box;
};
