#include "serverpanel.h"

#include "datalabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>

ServerPanel::ServerPanel(QWidget *parent)
    : QWidget(parent)
    , m_program(new QLineEdit)
    , m_database(new QLineEdit)
    , m_profile(new QComboBox)
    , m_era(new QComboBox)
    , m_elicitation(new QCheckBox(tr("Forms (elicitation)")))
    , m_office(new QComboBox)
    , m_url(new QLineEdit)
    , m_token(new QLineEdit)
    , m_tokenLabel(new QLabel(tr("Token")))
    , m_signIn(new QPushButton(tr("Sign in")))
    , m_signedIn(dataLabel())  // the identity provider's name for the user
    , m_signOut(new QPushButton(tr("Sign out")))
    , m_localFields(new QWidget)
    , m_remoteFields(new QWidget)
    , m_start(new QPushButton(tr("Start")))
    , m_restart(new QPushButton(tr("Restart")))
    , m_stop(new QPushButton(tr("Stop")))
    , m_status(new QLabel)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 6, 8, 2);
    grid->setHorizontalSpacing(8);

    m_program->setObjectName(QStringLiteral("programEdit"));
    m_program->setToolTip(tr("The office-mcp executable office-desk starts"));
    m_database->setObjectName(QStringLiteral("databaseEdit"));
    m_database->setToolTip(tr("The SQLite database given to office-mcp with --db, and shown read-only here"));
    auto *programBrowse = new QToolButton;
    programBrowse->setText(QStringLiteral("…"));
    auto *databaseBrowse = new QToolButton;
    databaseBrowse->setText(QStringLiteral("…"));

    m_profile->setObjectName(QStringLiteral("profileCombo"));
    // The names are office-mcp's --profile values; the words are for the person.
    m_profile->addItem(tr("all", "the profile serving every tool"), QStringLiteral("all"));
    m_profile->addItem(tr("scheduling", "a profile"), QStringLiteral("scheduling"));
    m_profile->addItem(tr("billing", "a profile"), QStringLiteral("billing"));
    m_profile->addItem(tr("lunch", "a profile"), QStringLiteral("lunch"));
    m_profile->setToolTip(tr("--profile: which tools the server shows"));
    m_era->setObjectName(QStringLiteral("eraCombo"));
    m_era->addItem(tr("2026-07-28 · stateless"), QVariant::fromValue(McpClient::Era::Modern));
    m_era->addItem(tr("2025-11-25 · initialize"), QVariant::fromValue(McpClient::Era::Legacy));
    m_era->setToolTip(tr("2026-07-28: every request carries the _meta envelope and refunds come back as input_required.\n"
                         "2025-11-25: an initialize handshake, and the server sends elicitation/create requests."));
    m_elicitation->setObjectName(QStringLiteral("elicitationBox"));
    m_elicitation->setToolTip(tr("Declare form elicitation. Without it the server cannot ask here and queues refunds for approval."));

    m_start->setObjectName(QStringLiteral("startButton"));
    m_restart->setObjectName(QStringLiteral("restartButton"));
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_status->setObjectName(QStringLiteral("serverStatus"));
    m_status->setTextFormat(Qt::RichText);
    // Its own line, wrapping: a long "running · …" or an error sentence never widens the window.
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_office->setObjectName(QStringLiteral("officeCombo"));
    m_office->addItem(tr("Local office"), false);
    m_office->addItem(tr("Remote office"), true);
    m_office->setToolTip(tr("Local: office-desk starts office-mcp on this computer.\n"
                            "Remote: office-desk connects to an office served over HTTP (office-mcp --http)."));
    m_url->setObjectName(QStringLiteral("urlEdit"));
    m_url->setPlaceholderText(QStringLiteral("http://office.example:8080/mcp"));
    m_url->setToolTip(tr("The office's MCP address, as `office-mcp --http` prints it"));
    m_token->setObjectName(QStringLiteral("tokenEdit"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("bearer token"));
    m_token->setToolTip(tr("The token `office-mcp token add NAME` printed on the office's machine. "
                           "Kept in a file only you can read (0600), never in the settings file."));

    auto *local = new QHBoxLayout(m_localFields);
    local->setContentsMargins(0, 0, 0, 0);
    // Each label is its field's buddy: a screen reader names the field by it.
    const auto label = [](const QString &text, QWidget *buddy) {
        auto *l = new QLabel(text);
        l->setBuddy(buddy);
        return l;
    };
    local->addWidget(label(tr("Server"), m_program));
    local->addWidget(m_program, 2);
    local->addWidget(programBrowse);
    local->addSpacing(8);
    local->addWidget(label(tr("Database"), m_database));
    local->addWidget(m_database, 3);
    local->addWidget(databaseBrowse);
    auto *remote = new QHBoxLayout(m_remoteFields);
    remote->setContentsMargins(0, 0, 0, 0);
    remote->addWidget(label(tr("URL"), m_url));
    remote->addWidget(m_url, 3);
    remote->addSpacing(8);
    m_tokenLabel->setBuddy(m_token);
    remote->addWidget(m_tokenLabel);
    // A token is a secret of fixed size: room for its dots, not half the window.
    m_token->setMaximumWidth(m_token->fontMetrics().averageCharWidth() * 28);
    remote->addWidget(m_token, 1);
    // Signing in replaces the token: Sign in beside it, then who is signed in and Sign out in its place.
    m_signIn->setObjectName(QStringLiteral("signInButton"));
    // As wide as its longer text from the start: the row does not shift when it says Signing in….
    m_signIn->setText(tr("Signing in…"));
    m_signIn->setMinimumWidth(m_signIn->sizeHint().width());
    m_signedIn->setObjectName(QStringLiteral("signedInLabel"));
    m_signedIn->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_signOut->setObjectName(QStringLiteral("signOutButton"));
    remote->addWidget(m_signIn);
    remote->addWidget(m_signedIn);
    remote->addWidget(m_signOut);
    showSignIn(SignIn::Unavailable);

    m_office->setAccessibleName(tr("Office"));
    programBrowse->setAccessibleName(tr("Choose the office-mcp executable"));
    databaseBrowse->setAccessibleName(tr("Choose the database"));
    m_status->setAccessibleName(tr("Server status"));
    grid->addWidget(m_office, 0, 0);
    grid->addWidget(m_localFields, 0, 1, 1, 5);
    grid->addWidget(m_remoteFields, 0, 1, 1, 5);

    auto *row = new QHBoxLayout;
    row->addWidget(label(tr("Profile"), m_profile));
    row->addWidget(m_profile);
    row->addSpacing(12);
    row->addWidget(label(tr("Protocol"), m_era));
    row->addWidget(m_era);
    row->addSpacing(12);
    row->addWidget(m_elicitation);
    row->addStretch(1);
    row->addWidget(m_start);
    row->addWidget(m_restart);
    row->addWidget(m_stop);
    grid->addLayout(row, 1, 0, 1, 6);
    grid->addWidget(m_status, 2, 0, 1, 6);
    grid->setColumnStretch(1, 1);
    showMode(false);

    connect(m_program, &QLineEdit::editingFinished, this, [this] {
        if (m_program->text() != m_launch.program)
            emit launchEdited();
    });
    connect(m_database, &QLineEdit::editingFinished, this, [this] {
        if (m_database->text() != m_launch.database)
            emit launchEdited();
    });
    connect(m_url, &QLineEdit::editingFinished, this, [this] {
        if (m_url->text().trimmed() != m_launch.url)
            emit launchEdited();
    });
    connect(m_token, &QLineEdit::editingFinished, this, [this] {
        if (m_token->text() != m_launch.token)
            emit launchEdited();
    });
    connect(m_office, &QComboBox::activated, this, [this] {
        showMode(m_office->currentData().toBool());
        emit launchEdited();
    });
    connect(m_profile, &QComboBox::activated, this, &ServerPanel::launchEdited);
    connect(m_era, &QComboBox::activated, this, &ServerPanel::launchEdited);
    connect(m_elicitation, &QCheckBox::clicked, this, &ServerPanel::launchEdited);
    connect(programBrowse, &QToolButton::clicked, this, [this] { browse(m_program, true); });
    connect(databaseBrowse, &QToolButton::clicked, this, [this] { browse(m_database, false); });
    connect(m_start, &QPushButton::clicked, this, &ServerPanel::startRequested);
    connect(m_restart, &QPushButton::clicked, this, &ServerPanel::restartRequested);
    connect(m_stop, &QPushButton::clicked, this, &ServerPanel::stopRequested);
    connect(m_signIn, &QPushButton::clicked, this, &ServerPanel::signInRequested);
    connect(m_signOut, &QPushButton::clicked, this, &ServerPanel::signOutRequested);
}

void ServerPanel::showSignIn(SignIn state, const QString &issuer, const QString &user)
{
    const bool signedIn = state == SignIn::SignedIn;
    m_tokenLabel->setVisible(!signedIn);
    m_token->setVisible(!signedIn);
    m_signIn->setVisible(state == SignIn::Offered || state == SignIn::SigningIn);
    m_signedIn->setVisible(signedIn);
    m_signOut->setVisible(signedIn);
    // Clicking again while the browser is open starts over (a closed tab, a wrong account).
    m_signIn->setText(state == SignIn::SigningIn ? tr("Signing in…") : tr("Sign in"));
    m_signIn->setToolTip(state == SignIn::SigningIn
                             ? tr("Finish signing in in your web browser. Click to start over.")
                             : tr("Sign in with your account at %1, in your web browser, instead of pasting a token.").arg(issuer));
    m_signedIn->setText(visibleText(tr("Signed in as %1").arg(user)));
    m_signedIn->setToolTip(dataToolTip(tr("Signed in through %1. The tokens are kept in a file only you can read (0600).").arg(issuer)));
    m_signOut->setToolTip(tr("Forget the tokens of this sign-in and delete their file."));
}

void ServerPanel::setLaunch(const McpClient::Launch &launch)
{
    m_launch = launch;
    const QSignalBlocker b1(m_program), b2(m_database), b3(m_profile), b4(m_era), b5(m_elicitation), b6(m_office), b7(m_url),
        b8(m_token);
    m_office->setCurrentIndex(launch.remote ? 1 : 0);
    m_url->setText(launch.url);
    m_token->setText(launch.token);
    m_token->setCursorPosition(0);  // its dots from the first, not cut off at the left edge
    showMode(launch.remote);
    m_program->setText(launch.program);
    m_database->setText(launch.database);
    const int profile = m_profile->findData(launch.profile);
    if (profile < 0)
        m_profile->addItem(launch.profile, launch.profile);
    m_profile->setCurrentIndex(m_profile->findData(launch.profile));
    m_era->setCurrentIndex(launch.era == McpClient::Era::Modern ? 0 : 1);
    m_elicitation->setChecked(launch.declareElicitation);
}

void ServerPanel::setToken(const QString &token)
{
    m_launch.token = token;
    const QSignalBlocker blocker(m_token);
    m_token->setText(token);
    m_token->setCursorPosition(0);
}

McpClient::Launch ServerPanel::launch() const
{
    McpClient::Launch launch = m_launch;
    launch.program = m_program->text().trimmed();
    launch.database = m_database->text().trimmed().isEmpty() ? QString()
                                                             : QFileInfo(m_database->text().trimmed()).absoluteFilePath();
    launch.profile = m_profile->currentData().toString();
    launch.era = m_era->currentData().value<McpClient::Era>();
    launch.declareElicitation = m_elicitation->isChecked();
    launch.remote = m_office->currentData().toBool();
    launch.url = m_url->text().trimmed();
    launch.token = m_token->text().trimmed();
    return launch;
}

void ServerPanel::showMode(bool remote)
{
    m_localFields->setVisible(!remote);
    m_remoteFields->setVisible(remote);
    // A remote office speaks 2026-07-28 over HTTP, and its token's profile decides the tools.
    m_profile->setEnabled(!remote);
    m_era->setEnabled(!remote);
    m_profile->setToolTip(remote ? tr("A remote office shows what its token's profile allows.")
                                 : tr("--profile: which tools the server shows"));
    m_era->setToolTip(remote ? tr("Over HTTP office-desk speaks 2026-07-28 (stateless: one POST per request).")
                             : tr("2026-07-28: every request carries the _meta envelope and refunds come back as input_required.\n"
                                  "2025-11-25: an initialize handshake, and the server sends elicitation/create requests."));
    m_start->setText(remote ? tr("Connect") : tr("Start"));
    m_restart->setText(remote ? tr("Reconnect") : tr("Restart"));
    m_stop->setText(remote ? tr("Disconnect") : tr("Stop"));
}

void ServerPanel::showState(McpClient::State state, const QString &text, const QColor &colour)
{
    m_status->setText(QStringLiteral("<span style='color:%1; font-size:large'>●</span> %2").arg(colour.name(), dataHtml(text)));
    const bool running = state != McpClient::State::Stopped;
    m_start->setEnabled(!running);
    m_restart->setEnabled(running && state != McpClient::State::Stopping);
    m_stop->setEnabled(running && state != McpClient::State::Stopping);
}

void ServerPanel::browse(QLineEdit *edit, bool program)
{
    auto *dialog = new QFileDialog(this, program ? tr("Choose office-mcp") : tr("Choose a database"),
                                   QFileInfo(edit->text()).absolutePath());
    dialog->setFileMode(program ? QFileDialog::ExistingFile : QFileDialog::AnyFile);
    if (!program)
        dialog->setNameFilters({tr("SQLite databases (*.db *.sqlite)"), tr("All files (*)")});
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this, edit](const QString &path) {
        edit->setText(path);
        emit launchEdited();
    });
    dialog->open();
}
