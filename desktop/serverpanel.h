#pragma once
// The strip at the top of the window: which office-mcp to run, on which database, with which
// profile and protocol era, whether it runs, and Start / Restart / Stop.

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

    McpClient::Launch m_launch;
    QLineEdit *m_program;
    QLineEdit *m_database;
    QComboBox *m_profile;
    QComboBox *m_era;
    QCheckBox *m_elicitation;
    QPushButton *m_start;
    QPushButton *m_restart;
    QPushButton *m_stop;
    QLabel *m_status;
};
