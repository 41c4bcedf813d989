#pragma once
// The strip at the top of the window: which office to work with — a local office-mcp (which
// program, which database, profile and protocol era) or a remote office (its URL and bearer
// token, or Sign in when the office names an authorization server, and then who is signed in
// and Sign out) — whether it runs or is connected, and Start / Restart / Stop (Connect /
// Reconnect / Disconnect for a remote office).

#include "mcpclient.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

class ServerPanel : public QWidget
{
    Q_OBJECT

public:
    enum class SignIn {
        Unavailable,  // the office names no authorization server (or is not known yet): a token only
        Offered,      // Sign in beside the token field
        SigningIn,    // the browser is open
        SignedIn,     // who is signed in, and Sign out, in place of the token field
    };

    explicit ServerPanel(QWidget *parent = nullptr);

    void setLaunch(const McpClient::Launch &launch);  // does not emit launchEdited
    McpClient::Launch launch() const;
    // A new token for the office shown (a refreshed access token); does not emit launchEdited.
    void setToken(const QString &token);
    void showState(McpClient::State state, const QString &text, const QColor &colour);
    // `issuer`: the authorization server; `user`: who is signed in (SignedIn only).
    void showSignIn(SignIn state, const QString &issuer = QString(), const QString &user = QString());

    QComboBox *eraCombo() const { return m_era; }
    QComboBox *profileCombo() const { return m_profile; }
    QLineEdit *programEdit() const { return m_program; }
    QLineEdit *databaseEdit() const { return m_database; }
    QCheckBox *elicitationBox() const { return m_elicitation; }
    QComboBox *officeCombo() const { return m_office; }
    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *tokenEdit() const { return m_token; }
    QPushButton *signInButton() const { return m_signIn; }
    QPushButton *signOutButton() const { return m_signOut; }
    QLabel *signedInLabel() const { return m_signedIn; }
    QWidget *localFields() const { return m_localFields; }
    QWidget *remoteFields() const { return m_remoteFields; }
    QPushButton *restartButton() const { return m_restart; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QLabel *statusLabel() const { return m_status; }

signals:
    void launchEdited();
    void startRequested();
    void restartRequested();
    void stopRequested();
    void signInRequested();
    void signOutRequested();

private:
    void browse(QLineEdit *edit, bool program);
    void showMode(bool remote);

    McpClient::Launch m_launch;
    QLineEdit *m_program;
    QLineEdit *m_database;
    QComboBox *m_profile;
    QComboBox *m_era;
    QCheckBox *m_elicitation;
    QComboBox *m_office;
    QLineEdit *m_url;
    QLineEdit *m_token;
    QLabel *m_tokenLabel;
    QPushButton *m_signIn;
    QLabel *m_signedIn;
    QPushButton *m_signOut;
    QWidget *m_localFields;
    QWidget *m_remoteFields;
    QPushButton *m_start;
    QPushButton *m_restart;
    QPushButton *m_stop;
    QLabel *m_status;
};
