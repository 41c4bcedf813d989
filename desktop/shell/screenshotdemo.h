#pragma once
// `office-desk --demo-screenshot FILE`: puts the window into a telling state (a slot booked,
// 30.00 of invoice 2 refunded at the desk, a further refund of it queued by an assistant
// without forms, that refund under review with the form filled in over the partly refunded
// invoice), saves a picture of the screen and quits. desktop/screenshot.sh runs it, against a
// local office or (DESK_OFFICE=remote) an office it serves over HTTP, or (DESK_OFFICE=signin)
// one the desk signs in to first: $OFFICE_DESK_DEMO_BROWSER is then the "browser" given the
// authorization URL and $OFFICE_DESK_DEMO_CA the test CA to trust.
// $OFFICE_DESK_DEMO_SCENE=customers stages the editable customers table instead: a customer
// added through its form (the row marked as changed), and the edit form of that customer open.
// =filemenu: the File menu open (Back up now…, Restore…); =restore: the office backed up beside
// its scratch database, and Restore… of that backup asking for the person's yes. =calendar: the
// Calendar tab on the week $OFFICE_DESK_DEMO_WEEK (its Monday) of the office screenshot.sh set up,
// a booking selected and Move… pressed. =hostile: the default scene, its assistant named with
// a link, on the office screenshot.sh gave a customer named with markup.

#include <QObject>
#include <QString>

class MainWindow;
class McpClient;

class ScreenshotDemo : public QObject
{
    Q_OBJECT

public:
    ScreenshotDemo(MainWindow *window, const QString &output, QObject *parent = nullptr);
    void start();

private:
    void signIn(const QString &browser);
    void bookSlot();
    void refundPartOfInvoice();
    void queueRefundFromAnotherClient();
    void reviewQueuedRefund();
    void addCustomer();
    void editAddedCustomer();
    void showWeek();
    void openFileMenu();
    void askToRestore();
    void capture();
    void fail(const QString &why);

    MainWindow *m_window;
    QString m_output;
    McpClient *m_assistant = nullptr;
    int m_step = 0;
    bool m_fed = false;
    bool m_signInClicked = false;
};
