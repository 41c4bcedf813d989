#pragma once
// "Connect an AI client": ready-to-paste configuration for Claude Desktop, Claude Code,
// VS Code and Cursor, with absolute paths to this office-mcp and database. Asks
// `office-mcp config <client>` first (the server knows its own format best) and writes the
// snippet itself when that is not available.

#include "mcpclient.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProcess;
class QPushButton;

class ConnectPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectPanel(QWidget *parent = nullptr);
    ~ConnectPanel() override;

    void setLaunch(const McpClient::Launch &launch);
    static QStringList clientIds();  // claude-desktop, claude-code, vscode, cursor
    // The snippet office-desk writes itself for one client.
    static QString generate(const QString &client, const McpClient::Launch &launch);
    static QString whereItGoes(const QString &client);
    // The snippet for an office served over HTTP at `url`, with a token placeholder.
    static QString generateRemote(const QString &client, const QString &url);

    QString currentClient() const;
    void setCurrentClient(const QString &client);
    QString snippet() const;
    QPlainTextEdit *editor() const { return m_text; }
    QPushButton *copyButton() const { return m_copy; }

signals:
    void snippetChanged();

private:
    void update();
    void askServer(const QString &client);

    McpClient::Launch m_launch;
    QHash<QString, QString> m_fromServer;  // client -> output of office-mcp config
    QComboBox *m_client;
    QLabel *m_where;
    QLabel *m_source;
    QPlainTextEdit *m_text;
    QPushButton *m_copy;
    QProcess *m_process = nullptr;
    QString m_asking;
};
