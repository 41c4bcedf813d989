#pragma once
// The strip at the top of the window: which office to work with — a local office-mcp (which
// program, which database, profile and protocol era) or a remote office (its URL and bearer
// token) — whether it runs or is connected, and Start / Restart / Stop (Connect / Reconnect /
// Disconnect for a remote office).

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
    explicit ServerPanel(QWidget *parent = nullptr);

    void setLaunch(const McpClient::Launch &launch);  // does not emit launchEdited
    McpClient::Launch launch() const;
    void showState(McpClient::State state, const QString &text, const QColor &colour);

    QComboBox *eraCombo() const { return m_era; }
    QComboBox *profileCombo() const { return m_profile; }
    QLineEdit *programEdit() const { return m_program; }
    QLineEdit *databaseEdit() const { return m_database; }
    QCheckBox *elicitationBox() const { return m_elicitation; }
    QComboBox *officeCombo() const { return m_office; }
    QLineEdit *urlEdit() const { return m_url; }
    QLineEdit *tokenEdit() const { return m_token; }
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
    QWidget *m_localFields;
    QWidget *m_remoteFields;
    QPushButton *m_start;
    QPushButton *m_restart;
    QPushButton *m_stop;
    QLabel *m_status;
};
