#include "connectpanel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace {

QStringList serverArguments(const McpClient::Launch &launch)
{
    QStringList args;
    if (!launch.database.isEmpty())
        args << QStringLiteral("--db") << QFileInfo(launch.database).absoluteFilePath();
    if (!launch.profile.isEmpty() && launch.profile != QLatin1String("all"))
        args << QStringLiteral("--profile") << launch.profile;
    return args;
}

QString shellQuote(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString serverName(const McpClient::Launch &launch)
{
    return launch.profile.isEmpty() || launch.profile == QLatin1String("all") ? QStringLiteral("office")
                                                                             : QStringLiteral("office-") + launch.profile;
}

} // namespace

ConnectPanel::ConnectPanel(QWidget *parent)
    : QWidget(parent)
    , m_client(new QComboBox)
    , m_where(new QLabel)
    , m_source(new QLabel)
    , m_text(new QPlainTextEdit)
    , m_copy(new QPushButton(tr("Copy")))
{
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Add this office to an AI assistant. The snippets use absolute paths to the office-mcp and "
                                "database chosen above, so the assistant and this window see the same data."));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Client")));
    m_client->setObjectName(QStringLiteral("connectClient"));
    m_client->addItem(tr("Claude Desktop"), QStringLiteral("claude-desktop"));
    m_client->addItem(tr("Claude Code"), QStringLiteral("claude-code"));
    m_client->addItem(tr("VS Code"), QStringLiteral("vscode"));
    m_client->addItem(tr("Cursor"), QStringLiteral("cursor"));
    row->addWidget(m_client);
    row->addStretch(1);
    m_copy->setObjectName(QStringLiteral("connectCopy"));
    row->addWidget(m_copy);
    layout->addLayout(row);

    m_where->setObjectName(QStringLiteral("connectWhere"));
    m_where->setWordWrap(true);
    m_where->setTextFormat(Qt::RichText);
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_where);
    m_text->setObjectName(QStringLiteral("connectSnippet"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_text, 1);
    m_source->setEnabled(false);
    m_source->setWordWrap(true);
    layout->addWidget(m_source);

    connect(m_client, &QComboBox::currentIndexChanged, this, &ConnectPanel::update);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_text->toPlainText());
        m_copy->setText(tr("Copied"));
        QTimer::singleShot(1500, m_copy, [this] { m_copy->setText(tr("Copy")); });
    });
}

ConnectPanel::~ConnectPanel()
{
    // A `config` run still in flight must not report into a half-destroyed panel.
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
    }
}

QStringList ConnectPanel::clientIds()
{
    return {QStringLiteral("claude-desktop"), QStringLiteral("claude-code"), QStringLiteral("vscode"), QStringLiteral("cursor")};
}

QString ConnectPanel::whereItGoes(const QString &client)
{
    if (client == QLatin1String("claude-desktop"))
        return tr("Merge into <code>claude_desktop_config.json</code> (Settings → Developer → Edit Config; "
                  "on Linux <code>~/.config/Claude/claude_desktop_config.json</code>), then restart Claude Desktop.");
    if (client == QLatin1String("claude-code"))
        return tr("Run this command in a terminal; add <code>--scope user</code> to use it in every project.");
    if (client == QLatin1String("vscode"))
        return tr("Save as <code>.vscode/mcp.json</code> in the workspace (or run <i>MCP: Add Server</i>).");
    if (client == QLatin1String("cursor"))
        return tr("Merge into <code>~/.cursor/mcp.json</code> (or <code>.cursor/mcp.json</code> in a project).");
    return QString();
}

QString ConnectPanel::generate(const QString &client, const McpClient::Launch &launch)
{
    if (launch.remote)
        return generateRemote(client, launch.url);
    const QString program = QFileInfo(launch.program).absoluteFilePath();
    const QStringList args = serverArguments(launch);
    const QString name = serverName(launch);
    if (client == QLatin1String("claude-code")) {
        QStringList words{QStringLiteral("claude"), QStringLiteral("mcp"), QStringLiteral("add"), QStringLiteral("--transport"),
                          QStringLiteral("stdio"), name, QStringLiteral("--"), program};
        words << args;
        for (QString &word : words)
            word = shellQuote(word);
        return words.join(QLatin1Char(' ')) + QLatin1Char('\n');
    }
    QJsonObject server{{QStringLiteral("command"), program}, {QStringLiteral("args"), QJsonArray::fromStringList(args)}};
    QJsonObject root;
    if (client == QLatin1String("vscode")) {
        server.insert(QStringLiteral("type"), QStringLiteral("stdio"));
        root.insert(QStringLiteral("servers"), QJsonObject{{name, server}});
    } else {
        root.insert(QStringLiteral("mcpServers"), QJsonObject{{name, server}});
    }
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

QString ConnectPanel::generateRemote(const QString &client, const QString &url)
{
    // A placeholder, never the desk's own token: each assistant gets a token of its own
    // (`office-mcp token add NAME`), so the audit names it and it can be revoked alone.
    const QString bearer = QStringLiteral("Bearer TOKEN_FROM_office-mcp_token_add");
    if (client == QLatin1String("claude-code"))
        return QStringLiteral("claude mcp add --transport http office %1 --header %2\n")
            .arg(shellQuote(url), shellQuote(QStringLiteral("Authorization: ") + bearer));
    const QJsonObject headers{{QStringLiteral("Authorization"), bearer}};
    QJsonObject root;
    if (client == QLatin1String("vscode")) {
        root.insert(QStringLiteral("servers"), QJsonObject{{QStringLiteral("office"), QJsonObject{{QStringLiteral("type"), QStringLiteral("http")},
                                                                                                  {QStringLiteral("url"), url},
                                                                                                  {QStringLiteral("headers"), headers}}}});
    } else if (client == QLatin1String("cursor")) {
        root.insert(QStringLiteral("mcpServers"), QJsonObject{{QStringLiteral("office"), QJsonObject{{QStringLiteral("url"), url},
                                                                                                     {QStringLiteral("headers"), headers}}}});
    } else {
        // Claude Desktop's configuration file starts local servers only; mcp-remote bridges to HTTP.
        root.insert(QStringLiteral("mcpServers"),
                    QJsonObject{{QStringLiteral("office"),
                                 QJsonObject{{QStringLiteral("command"), QStringLiteral("npx")},
                                             {QStringLiteral("args"), QJsonArray{QStringLiteral("-y"), QStringLiteral("mcp-remote"), url,
                                                                                 QStringLiteral("--header"),
                                                                                 QStringLiteral("Authorization: ") + bearer}}}}});
    }
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

void ConnectPanel::setLaunch(const McpClient::Launch &launch)
{
    const bool same = launch.program == m_launch.program && launch.database == m_launch.database && launch.profile == m_launch.profile
        && launch.remote == m_launch.remote && launch.url == m_launch.url;
    m_launch = launch;
    if (!same)
        m_fromServer.clear();
    update();
}

QString ConnectPanel::currentClient() const
{
    return m_client->currentData().toString();
}

void ConnectPanel::setCurrentClient(const QString &client)
{
    m_client->setCurrentIndex(m_client->findData(client));
}

QString ConnectPanel::snippet() const
{
    return m_text->toPlainText();
}

void ConnectPanel::update()
{
    const QString client = currentClient();
    m_where->setText(whereItGoes(client));
    if (m_fromServer.contains(client) && !m_fromServer.value(client).isEmpty()) {
        m_text->setPlainText(m_fromServer.value(client));
        m_source->setText(tr("From `office-mcp config %1`.").arg(client));
    } else {
        m_text->setPlainText(generate(client, m_launch));
        m_source->setText(tr("Written by office-desk."));
        if (!m_fromServer.contains(client))
            askServer(client);
    }
    emit snippetChanged();
}

void ConnectPanel::askServer(const QString &client)
{
    // `office-mcp config` knows local offices only; a remote one is written here.
    if (m_process || m_launch.remote || m_launch.program.isEmpty() || !QFileInfo(m_launch.program).isExecutable())
        return;
    m_asking = client;
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    QStringList args{QStringLiteral("config"), client};
    args << serverArguments(m_launch);
    const McpClient::Launch asked = m_launch;
    connect(m_process, &QProcess::finished, this, [this, client, asked](int code, QProcess::ExitStatus status) {
        const QString output = QString::fromUtf8(m_process->readAllStandardOutput());
        m_process->deleteLater();
        m_process = nullptr;
        const bool stillCurrent = asked.program == m_launch.program && asked.database == m_launch.database
            && asked.profile == m_launch.profile;
        if (!stillCurrent)
            return update();
        // An older office-mcp without the config command leaves the snippet to us.
        m_fromServer.insert(client, status == QProcess::NormalExit && code == 0 ? output.trimmed() + QLatin1Char('\n') : QString());
        if (m_fromServer.value(client).trimmed().isEmpty())
            m_fromServer.insert(client, QString());
        if (client == currentClient())
            update();
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, client](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        m_fromServer.insert(client, QString());
        m_process->deleteLater();
        m_process = nullptr;
    });
    m_process->start(m_launch.program, args);
    m_process->closeWriteChannel();
}
