#include "screenshotdemo.h"

#include "approvalqueue.h"
#include "backupmenu.h"
#include "databaseview.h"
#include "elicitationdialog.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "oauthsignin.h"
#include "officefeed.h"
#include "recorddialog.h"
#include "schemaform.h"
#include "serverpanel.h"
#include "toolspanel.h"
#include "weekview.h"

#include <QAction>
#include <QApplication>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QSslConfiguration>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>

#include <algorithm>

ScreenshotDemo::ScreenshotDemo(MainWindow *window, const QString &output, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_output(output)
{
}

void ScreenshotDemo::start()
{
    QTimer::singleShot(30000, this, [this] { fail(QStringLiteral("timed out")); });
    McpClient *client = m_window->client();
    if (qEnvironmentVariable("OFFICE_DESK_DEMO_SCENE") == QLatin1String("customers")) {
        // The tables first: the customers scene starts once the office's rows are in.
        connect(m_window->officeFeed(), &OfficeFeed::updated, this, [this] {
            if (m_step == 0 && m_window->databaseView()->recordButton(QStringLiteral("add_customer"))->isEnabled()) {
                m_step = 10;
                QTimer::singleShot(200, this, &ScreenshotDemo::addCustomer);
            }
        });
        connect(client, &McpClient::processFailed, this, &ScreenshotDemo::fail);
        return;
    }
    const QString scene = qEnvironmentVariable("OFFICE_DESK_DEMO_SCENE");
    if (scene == QLatin1String("calendar")) {
        // Once the calendar is in: the week screenshot.sh booked, a booking being moved.
        connect(m_window->officeFeed(), &OfficeFeed::updated, this, [this] {
            if (m_step != 0 || m_window->officeFeed()->table(QStringLiteral("calendar")).document.isEmpty())
                return;
            m_step = 30;
            QTimer::singleShot(300, this, &ScreenshotDemo::showWeek);
        });
        connect(client, &McpClient::processFailed, this, &ScreenshotDemo::fail);
        return;
    }
    if (scene == QLatin1String("filemenu") || scene == QLatin1String("restore")) {
        // Once the office's rows are in: the File menu open, or a restore's question.
        connect(m_window->officeFeed(), &OfficeFeed::updated, this, [this, scene] {
            if (m_step != 0)
                return;
            m_step = 20;
            QTimer::singleShot(300, this, scene == QLatin1String("filemenu") ? &ScreenshotDemo::openFileMenu : &ScreenshotDemo::askToRestore);
        });
        connect(client, &McpClient::processFailed, this, &ScreenshotDemo::fail);
        return;
    }
    connect(client, &McpClient::toolsChanged, this, [this](const QJsonArray &tools) {
        if (m_step == 0 && !tools.isEmpty()) {
            m_step = 1;
            QTimer::singleShot(200, this, &ScreenshotDemo::bookSlot);
        }
    });
    connect(client, &McpClient::processFailed, this, &ScreenshotDemo::fail);
    const QString browser = qEnvironmentVariable("OFFICE_DESK_DEMO_BROWSER");
    if (!browser.isEmpty())
        signIn(browser);
}

void ScreenshotDemo::signIn(const QString &browser)
{
    // The office's sign-in served by the test authorization server (its CA trusted here) and
    // played by a headless browser: the same scene, signed in.
    const QString ca = qEnvironmentVariable("OFFICE_DESK_DEMO_CA");
    if (!ca.isEmpty()) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.addCaCertificates(ca);
        QSslConfiguration::setDefaultConfiguration(ssl);
    }
    OAuthSignIn *oauth = m_window->signIn();
    oauth->setBrowser([browser](const QUrl &url) { return QProcess::startDetached(browser, {url.toString(QUrl::FullyEncoded)}); });
    connect(oauth, &OAuthSignIn::failed, this, &ScreenshotDemo::fail);
    const auto offered = [this, oauth] {
        if (m_signInClicked || oauth->issuer().isEmpty())
            return;
        m_signInClicked = true;
        QTimer::singleShot(0, m_window->serverPanel()->signInButton(), &QPushButton::click);
    };
    connect(oauth, &OAuthSignIn::changed, this, offered);
    offered();
}

void ScreenshotDemo::bookSlot()
{
    ToolsPanel *tools = m_window->toolsPanel();
    tools->selectTool(QStringLiteral("book_slot"));
    tools->form()->setValues({{QStringLiteral("slot_id"), 1}, {QStringLiteral("customer_id"), 1}});
    connect(m_window, &MainWindow::callCompleted, this, [this](const McpCallResult &result) {
        if (m_step == 1) {
            m_step = 2;
            refundPartOfInvoice();
        } else if (m_step == 2) {
            if (result.isError())
                return fail(QStringLiteral("the partial refund failed: ") + result.text());
            m_step = 3;
            queueRefundFromAnotherClient();
        }
    });
    tools->callButton()->click();
}

void ScreenshotDemo::refundPartOfInvoice()
{
    // The person at the desk refunds 30.00 of invoice 2 (80.00): it stays open with 50.00 left.
    connect(m_window, &MainWindow::questionShown, this, [this](ElicitationDialog *dialog) {
        if (m_step != 2)
            return;
        dialog->form()->setValues({{QStringLiteral("amount"), 30}, {QStringLiteral("reason"), tr("Lunch was not delivered", "a refund's reason, typed in the screenshot")}});
        QTimer::singleShot(100, dialog->acceptButton(), &QPushButton::click);
    });
    ToolsPanel *tools = m_window->toolsPanel();
    tools->selectTool(QStringLiteral("issue_refund"));
    tools->form()->setValues({{QStringLiteral("invoice_id"), 2}});
    tools->callButton()->click();
}

void ScreenshotDemo::queueRefundFromAnotherClient()
{
    // An assistant that cannot show forms: its refund request waits in the queue.
    m_assistant = new McpClient(this);
    McpClient::Launch launch = m_window->client()->launch();
    launch.era = McpClient::Era::Legacy;
    launch.declareElicitation = false;
    // The hostile scene's assistant names itself with a link (issue 58): shown as written.
    launch.clientName = qEnvironmentVariable("OFFICE_DESK_DEMO_SCENE") == QLatin1String("hostile")
                            ? QStringLiteral("<a href=\"http://evil.example/\">phone-assistant</a>")
                            : QStringLiteral("phone-assistant");
    launch.admin = false;  // an AI client: never the admin tools
    m_assistant->setLaunch(launch);
    connect(m_assistant, &McpClient::ready, this, [this] {
        m_assistant->callTool(QStringLiteral("issue_refund"), {{QStringLiteral("invoice_id"), 2}});
    });
    connect(m_assistant, &McpClient::callFinished, this, [this](const McpCallResult &result) {
        if (result.isError())
            return fail(QStringLiteral("queueing failed: ") + result.text());
        m_assistant->stop();
        QTimer::singleShot(300, this, &ScreenshotDemo::reviewQueuedRefund);
    });
    connect(m_assistant, &McpClient::processFailed, this, &ScreenshotDemo::fail);
    m_assistant->start();
}

void ScreenshotDemo::reviewQueuedRefund()
{
    OfficeFeed *feed = m_window->officeFeed();
    if (m_window->databaseView()->isResourceMode() && !m_fed) {
        // Rows come through the server: wait for a fresh read that holds the queued request.
        m_fed = true;
        connect(feed, &OfficeFeed::updated, this, &ScreenshotDemo::reviewQueuedRefund, Qt::SingleShotConnection);
        feed->refresh();
        return;
    }
    m_step = 4;
    m_window->databaseView()->refresh();
    m_window->approvalQueue()->refresh();
    m_window->sideTabs()->setCurrentWidget(m_window->databaseView());
    m_window->databaseView()->tabs()->setCurrentWidget(m_window->databaseView()->table(QStringLiteral("invoices")));
    ToolsPanel *tools = m_window->toolsPanel();
    tools->selectTool(QStringLiteral("issue_refund"));
    tools->form()->setValues({{QStringLiteral("invoice_id"), 2}});

    connect(m_window, &MainWindow::questionShown, this, [this](ElicitationDialog *dialog) {
        if (m_step != 4)
            return;
        SchemaForm *form = dialog->form();
        form->setValues({{QStringLiteral("amount"), 50}, {QStringLiteral("reason"), tr("Charged twice for the 4 Sept visit", "a refund's reason, typed in the screenshot")}});
        // Lower than centre where the screen has room, so the invoices above stay in view.
        const QRect screen = m_window->geometry();
        const int y = std::min(dialog->y() + 90, screen.bottom() - dialog->height() - 8);
        dialog->move(std::max(screen.left() + 8, dialog->x() - 40), std::max(screen.top() + 38, y));
        QTimer::singleShot(900, this, &ScreenshotDemo::capture);
    });
    if (!m_window->approvalQueue()->review(2))
        fail(QStringLiteral("no pending request for invoice 2"));
}

void ScreenshotDemo::addCustomer()
{
    // Through the desk's own form, as a person adds one: the new row shows as changed.
    DatabaseView *view = m_window->databaseView();
    m_window->sideTabs()->setCurrentWidget(view);
    view->tabs()->setCurrentWidget(view->table(QStringLiteral("customers")));
    // The tables are the subject: they get the room the approval queue and the tools panel can spare.
    for (QSplitter *splitter : m_window->splitters()) {
        if (splitter->objectName() == QLatin1String("sideSplitter"))
            splitter->setSizes({4000, 1});
        else if (splitter->objectName() == QLatin1String("mainSplitter") && m_window->width() < 1200)
            splitter->setSizes({1, 4000});
    }
    connect(m_window, &MainWindow::callCompleted, this, [this](const McpCallResult &result) {
        if (m_step != 10)
            return;
        if (result.isError())
            return fail(QStringLiteral("add_customer failed: ") + result.text());
        m_step = 11;
        QTimer::singleShot(300, this, &ScreenshotDemo::editAddedCustomer);
    });
    view->recordButton(QStringLiteral("add_customer"))->click();
    RecordDialog *dialog = m_window->recordDialog();
    if (!dialog)
        return fail(QStringLiteral("no Add customer form"));
    dialog->form()->setValues({{QStringLiteral("name"), QStringLiteral("Lucía Fernández")}, {QStringLiteral("email"), QStringLiteral("lucia@example.com")}});
    dialog->saveButton()->click();
}

void ScreenshotDemo::editAddedCustomer()
{
    DatabaseView *view = m_window->databaseView();
    QTableWidget *table = view->table(QStringLiteral("customers"));
    table->setCurrentCell(table->rowCount() - 1, 1);
    view->recordButton(QStringLiteral("edit_customer"))->click();
    RecordDialog *dialog = m_window->recordDialog();
    if (!dialog)
        return fail(QStringLiteral("no Edit customer form"));
    // The person corrects the email; the form checks it as they type.
    QJsonObject values = dialog->form()->values();
    values[QStringLiteral("email")] = QStringLiteral("lucia.fernandez@example.com");
    dialog->form()->setValues(values);
    dialog->adjustSize();
    // Over the approval queue, so the customers table above stays in view; on a small screen
    // over the tools panel, beside the table.
    const QRect window = m_window->geometry();
    if (window.width() >= 1200)
        dialog->move(window.right() - dialog->width() - 40, std::max(window.top() + 38, window.bottom() - dialog->height() - 60));
    else
        dialog->move(window.left() + 8, std::max(window.top() + 38, window.bottom() - dialog->height() - 30));
    m_step = 12;
    QTimer::singleShot(900, this, &ScreenshotDemo::capture);
}

void ScreenshotDemo::showWeek()
{
    WeekView *view = m_window->weekView();
    m_window->sideTabs()->setCurrentWidget(view);
    for (QSplitter *splitter : m_window->splitters()) {
        if (splitter->objectName() == QLatin1String("sideSplitter"))
            splitter->setSizes({4000, 1});
        else if (splitter->objectName() == QLatin1String("mainSplitter"))
            splitter->setSizes({1, 4000});
    }
    const QDate week = QDate::fromString(qEnvironmentVariable("OFFICE_DESK_DEMO_WEEK"), Qt::ISODate);
    if (week.isValid())
        view->showWeekOf(week);
    // The first booking of the week selected, and Move… pressed: the view asks for the new slot.
    for (int c = 0; c < 7; ++c) {
        for (int r = 0; r < view->grid()->rowCount(); ++r) {
            if (view->cellAt(view->monday().addDays(c), view->grid()->verticalHeaderItem(r)->text()).kind != WeekView::Kind::Booked)
                continue;
            view->grid()->setCurrentCell(r, c);
            if (QAction *move = view->action(QStringLiteral("move_booking")); move && move->isEnabled())
                move->trigger();
            QTimer::singleShot(900, this, &ScreenshotDemo::capture);
            return;
        }
    }
    fail(QStringLiteral("no booking in the week shown"));
}

void ScreenshotDemo::openFileMenu()
{
    QMenu *menu = m_window->backupMenu()->menu();
    m_window->menuBar()->setActiveAction(menu->menuAction());
    menu->setActiveAction(m_window->backupMenu()->backupAction());
    QTimer::singleShot(900, this, &ScreenshotDemo::capture);
}

void ScreenshotDemo::askToRestore()
{
    // A backup of the scratch office beside it, then Restore… of that backup, up to its question.
    BackupMenu *backup = m_window->backupMenu();
    const QString file = QFileInfo(m_window->client()->launch().database).dir().filePath(
        QStringLiteral("office-%1.db").arg(QDate::currentDate().toString(Qt::ISODate)));
    connect(backup, &BackupMenu::backupFinished, this, [this, backup, file](bool ok, const QString &output) {
        if (!ok)
            return fail(QStringLiteral("the backup failed: ") + output);
        if (backup->messageBox())
            backup->messageBox()->accept();
        backup->checkRestore(file);
    });
    connect(backup, &BackupMenu::restoreChecked, this, [this](bool ok, const QString &output) {
        if (!ok)
            fail(QStringLiteral("the check failed: ") + output);
    });
    connect(backup, &BackupMenu::confirmationShown, this, [this] { QTimer::singleShot(900, this, &ScreenshotDemo::capture); });
    backup->backUpTo(file, false);
}

void ScreenshotDemo::capture()
{
    QDialog *dialog = m_window->currentQuestion();
    if (!dialog)
        dialog = m_window->recordDialog();
    if (!dialog)
        dialog = m_window->backupMenu()->messageBox();
    QScreen *screen = m_window->screen();
    QImage shot;
    QPoint origin = screen->geometry().topLeft();
    if (QGuiApplication::platformName() == QLatin1String("xcb"))
        shot = screen->grabWindow(0).toImage();
    const bool composed = shot.isNull();
    if (composed) {
        // Platforms without a screen to grab (offscreen): compose the windows ourselves.
        shot = m_window->grab().toImage();
        origin = m_window->geometry().topLeft();
    }
    shot = shot.convertToFormat(QImage::Format_RGB32);
    if (dialog) {
        // Xvfb runs no window manager, so the dialog would float frameless: dim the window
        // behind it as a modal dialog does, and draw a title bar and a shadow.
        const QRect body = dialog->geometry().translated(-origin);
        const int titleHeight = 30;
        const QRect frame = body.adjusted(0, -titleHeight, 0, 0);
        QPainter painter(&shot);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setClipRegion(QRegion(shot.rect()).subtracted(QRegion(frame)));
        painter.fillRect(shot.rect(), QColor(20, 30, 40, 95));
        for (int i = 1; i <= 14; ++i) {
            painter.setPen(QPen(QColor(0, 0, 0, 46 - i * 3), 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(QRectF(frame).adjusted(-i, -i + 2, i, i + 4), 6 + i, 6 + i);
        }
        painter.setClipping(false);
        QLinearGradient title(frame.topLeft(), frame.topLeft() + QPoint(0, titleHeight));
        title.setColorAt(0, QColor(0x45, 0x5a, 0x64));
        title.setColorAt(1, QColor(0x37, 0x47, 0x4f));
        painter.setPen(Qt::NoPen);
        painter.setBrush(title);
        painter.drawRect(QRect(frame.topLeft(), QSize(frame.width(), titleHeight)));
        if (composed)
            painter.drawPixmap(body.topLeft(), dialog->grab());
        painter.setPen(Qt::white);
        QFont font = dialog->font();
        font.setBold(true);
        painter.setFont(font);
        painter.drawText(QRect(frame.left() + 12, frame.top(), frame.width() - 48, titleHeight), Qt::AlignVCenter | Qt::AlignLeft,
                         dialog->windowTitle());
        painter.drawText(QRect(frame.right() - 30, frame.top(), 24, titleHeight), Qt::AlignCenter, QStringLiteral("✕"));
        painter.setPen(QColor(0x37, 0x47, 0x4f));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(frame.adjusted(0, 0, -1, -1));
    }
    if (!shot.save(m_output))
        return fail(QStringLiteral("could not write ") + m_output);
    qInfo("office-desk: wrote %s (%dx%d)", qPrintable(m_output), shot.width(), shot.height());
    if (m_window->currentQuestion())
        m_window->currentQuestion()->cancelButton()->click();
    else if (dialog)
        dialog->reject();
    // Quit once the server has been told (cancel) and asked to exit.
    QTimer::singleShot(200, m_window, &QWidget::close);
    connect(m_window->client(), &McpClient::stateChanged, qApp, [this](McpClient::State state) {
        if (state == McpClient::State::Stopped)
            QApplication::exit(0);
    });
    QTimer::singleShot(6000, qApp, [] { QApplication::exit(0); });
}

void ScreenshotDemo::fail(const QString &why)
{
    if (m_step < 0)
        return;
    m_step = -1;
    qCritical("office-desk: screenshot demo failed: %s", qPrintable(why));
    QApplication::exit(1);
}
