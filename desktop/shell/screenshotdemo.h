#pragma once
// `office-desk --demo-screenshot FILE`: puts the window into a telling state (a slot booked,
// 30.00 of invoice 2 refunded at the desk, a further refund of it queued by an assistant
// without forms, that refund under review with the form filled in over the partly refunded
// invoice), saves a picture of the screen and quits. desktop/screenshot.sh runs it, against a
// local office or (DESK_OFFICE=remote) an office it serves over HTTP.

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
    void bookSlot();
    void refundPartOfInvoice();
    void queueRefundFromAnotherClient();
    void reviewQueuedRefund();
    void capture();
    void fail(const QString &why);

    MainWindow *m_window;
    QString m_output;
    McpClient *m_assistant = nullptr;
    int m_step = 0;
    bool m_fed = false;
};
