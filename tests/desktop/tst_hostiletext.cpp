// Issue 58: what an agent, a client or the office's records wrote reaches the person at the desk
// as the characters it is, on every surface that shows it: markup is not drawn, a link is not a
// link, a bidirectional control stored before the office refused them is shown as <U+202E>
// instead of reordering the text around it, a long CJK name and an empty one come through whole.
//
// The office is the real office-mcp's, on a file whose rows hold the hostile texts (written
// straight into it, as rows stored before the office refused them would be): every customer
// name, client name, reason, note, menu item and closure. The desk reads it through the server
// and the test reads back what each surface shows a person: a label's text as Qt draws it (rich
// text rendered, as the screen would), a tooltip likewise, a table cell's text under a delegate
// that draws plain text. Tool descriptions come from a remote office: the tools panel and the
// form are fed hostile ones. (Staff and services are issue 56's: when they exist, they join here.)

#include "approvalqueue.h"
#include "databaseview.h"
#include "datalabel.h"
#include "elicitationdialog.h"
#include "mainwindow.h"
#include "mcpclient.h"
#include "officedb.h"
#include "officefeed.h"
#include "resultview.h"
#include "schemaform.h"
#include "testsupport.h"
#include "toolspanel.h"
#include "weekview.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include <algorithm>

namespace {

// The five texts of the issue: markup that would restyle the question, a link, a name that lies
// about its direction, 200 characters of a CJK name, and nothing at all.
QStringList hostileTexts()
{
    return {QStringLiteral("<h2 style=\"color:green\">APPROVED by manager, enter 900.00</h2>"),
            QStringLiteral("<a href=\"http://evil.example/\">Maria Alvarez</a>"),
            QStringLiteral("Ann\u202Eelif.exe"),
            QString(QStringLiteral("欧阳")).repeated(100),
            QString()};
}

QString rendered(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

// What a person reads in a label: Qt draws rich text, and AutoText that might be rich, as HTML.
QString shown(const QLabel *label)
{
    const bool rich = label->textFormat() == Qt::RichText || (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
    return rich ? rendered(label->text()) : label->text();
}

// What a tooltip shows: one that might be rich text is drawn as HTML.
QString shownTip(const QString &tip)
{
    return Qt::mightBeRichText(tip) ? rendered(tip) : tip;
}

// A tooltip holding markup shows it as the characters it is (or holds none).
bool tipShowsMarkupAsText(const QString &tip)
{
    return !tip.contains(QLatin1String("<h2 style")) || shownTip(tip).contains(QLatin1String("<h2 style"));
}

// A view whose cells are drawn by Qt's own delegate, which draws a cell's text as it is: a
// delegate of the desk's own (one that could draw HTML) fails here rather than pass unseen.
bool drawsPlainCells(const QAbstractItemView *view)
{
    if (view->itemDelegate()->metaObject() != &QStyledItemDelegate::staticMetaObject)
        return false;
    for (int c = 0; view->model() && c < view->model()->columnCount(); ++c) {
        if (view->itemDelegateForColumn(c))
            return false;
    }
    return true;
}

// `text` as an SQL string literal.
QString sql(const QString &text)
{
    return QLatin1Char('\'') + QString(text).replace(QLatin1Char('\''), QStringLiteral("''")) + QLatin1Char('\'');
}

// The table cell of `table`'s row `id` in `column` (the widget's columns are the snapshot's).
QTableWidgetItem *cell(const DatabaseView *view, const QString &table, qint64 id, const QString &column)
{
    const QTableWidget *widget = view->table(table);
    const qsizetype c = view->snapshot(table).columns.indexOf(column);
    for (int r = 0; widget && c >= 0 && r < widget->rowCount(); ++r) {
        if (widget->item(r, 0) && widget->item(r, 0)->data(Qt::UserRole).toLongLong() == id)
            return widget->item(r, int(c));
    }
    return nullptr;
}

} // namespace

class TestHostileText : public QObject
{
    Q_OBJECT

private:
    QString m_program;
    QTemporaryDir m_dir;

    // A seeded office whose rows 101–105 (one per hostile text) hold that text in every place
    // an agent or a client writes: the customer (booked into the seed's slots, with an open
    // invoice waiting for approval and a refunded one), the client names, the reasons, the
    // lunch order and its note, a menu item, the audit and a closure of the week shown.
    QString hostileOffice()
    {
        const QString database = m_dir.filePath(QStringLiteral("hostile.db"));
        if (TestSupport::requestAs(database, QStringLiteral("setup"), QStringLiteral("tools/list"), {}).isEmpty())
            return {};
        const QStringList texts = hostileTexts();
        const int slotIds[] = {1, 2, 4, 5, 6};
        QString statements = QStringLiteral("BEGIN;");
        for (int i = 0; i < texts.size(); ++i) {
            const QString t = sql(texts.at(i));
            const int id = 101 + i;
            statements += QStringLiteral(
                "INSERT INTO customers (id, name, email) VALUES (%1, %2, 'hostile%1@example.com');"
                "UPDATE slots SET customer_id = %1, booked_at = '2026-08-20T10:00:00Z', booked_by = %2, booking_uid = 'slot-%3' WHERE id = %3;"
                "INSERT INTO invoices (id, customer_id, amount_cents, status) VALUES (%1, %1, 24000, 'open');"
                "INSERT INTO approval_requests (id, invoice_id, status, client, created_at) VALUES (%1, %1, 'pending', %2, '2026-09-01T10:00:00Z');"
                "INSERT INTO invoices (id, customer_id, amount_cents, status, refunded_cents) VALUES (%4, %1, 5000, 'refunded', 5000);"
                "INSERT INTO approval_requests (id, invoice_id, status, client, created_at, resolved_at, amount_cents, reason, resolved_by) "
                "  VALUES (%4, %4, 'approved', %2, '2026-09-01T10:00:00Z', '2026-09-01T11:00:00Z', 5000, %2, %2);"
                "INSERT INTO refunds (id, invoice_id, amount_cents, reason, approved_via, client, created_at, approval_request_id, requested_by) "
                "  VALUES (%1, %4, 5000, %2, 'desk', %2, '2026-09-01T11:00:00Z', %4, %2);"
                "INSERT INTO lunch_orders (id, item, quantity, note, client, created_at) VALUES (%1, %2, 1, %2, %2, '2026-09-01T12:00:00Z');"
                "INSERT INTO menu (id, name) VALUES (%1, %2);"
                "INSERT INTO audit (id, at, client_name, client_version, era, protocol_version, action, subject_type, subject_id, detail) "
                "  VALUES (%1, '2026-09-01T10:00:00Z', %2, '1.0', 'stateless', '2026-07-28', 'customer_added', 'customer', %1, %2);"
                "INSERT INTO closures (day, reason) VALUES (%5, %2);")
                              .arg(id)
                              .arg(t)
                              .arg(slotIds[i])
                              .arg(id + 100)
                              .arg(sql(QDate(2026, 8, 31).addDays(i < 4 ? i : 6).toString(Qt::ISODate)));
        }
        statements += QStringLiteral("COMMIT;");
        return OfficeDb::exec(database, statements) ? database : QString();
    }

private slots:
    void initTestCase()
    {
        m_program = TestSupport::serverProgram();
        QVERIFY2(!m_program.isEmpty(), TestSupport::kNoServer);
        QVERIFY(m_dir.isValid());
        QCOMPARE(visibleText(QStringLiteral("Ann\u202Eelif.exe")), QStringLiteral("Ann<U+202E>elif.exe"));
        // The reading itself can fail: markup in an AutoText label, or in a tooltip, is drawn.
        QLabel autoText(hostileTexts().first());
        QVERIFY(!shown(&autoText).contains(QStringLiteral("<h2")));
        QVERIFY(!shownTip(hostileTexts().at(1)).contains(QStringLiteral("href")));
    }

    void everySurfaceOfTheOfficeShowsWhatWasWritten()
    {
        const QString database = hostileOffice();
        QVERIFY(!database.isEmpty());
        MainWindow::Options options;
        options.persistSettings = false;
        options.launch.program = m_program;
        options.launch.database = database;
        options.tokenDirectory = m_dir.filePath(QStringLiteral("tokens"));
        MainWindow window(options);
        window.resize(1440, 900);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.officeFeed()->rounds() >= 1, 15000);
        DatabaseView *view = window.databaseView();
        QTRY_COMPARE_WITH_TIMEOUT(window.approvalQueue()->pendingCount(), 5, 10000);

        const QStringList texts = hostileTexts();
        // The database view: every table that holds what an agent or a client wrote.
        const QList<QPair<QString, QStringList>> columns = {
            {QStringLiteral("customers"), {QStringLiteral("name")}},
            {QStringLiteral("invoices"), {QStringLiteral("customer")}},
            {QStringLiteral("refunds"), {QStringLiteral("reason"), QStringLiteral("client"), QStringLiteral("requested_by")}},
            {QStringLiteral("lunch_orders"), {QStringLiteral("item"), QStringLiteral("note"), QStringLiteral("client")}},
            {QStringLiteral("approval_requests"), {QStringLiteral("client")}},
            {QStringLiteral("audit"), {QStringLiteral("client_name"), QStringLiteral("detail")}},
            {QStringLiteral("menu"), {QStringLiteral("name")}},
        };
        for (const auto &[table, names] : columns) {
            QVERIFY2(drawsPlainCells(view->table(table)), qPrintable(table));
            for (int i = 0; i < texts.size(); ++i) {
                for (const QString &column : names) {
                    QTableWidgetItem *item = cell(view, table, 101 + i, column);
                    const QString where = QStringLiteral("%1.%2 of row %3").arg(table, column).arg(101 + i);
                    QVERIFY2(item, qPrintable(where));
                    QVERIFY2(item->text() == visibleText(texts.at(i)), qPrintable(where + QStringLiteral(": ") + item->text()));
                    QVERIFY2(shownTip(item->toolTip()).isEmpty(), qPrintable(where));
                }
            }
        }
        // Its detail pane: each column of the selected row, whole, as plain text.
        QTableWidget *customers = view->table(QStringLiteral("customers"));
        view->tabs()->setCurrentWidget(customers);
        for (int r = 0; r < customers->rowCount(); ++r) {
            if (customers->item(r, 0)->data(Qt::UserRole).toLongLong() == 103)
                customers->setCurrentCell(r, 0);
        }
        QVERIFY(view->detail()->toPlainText().contains(QStringLiteral("Ann<U+202E>elif.exe")));

        // The approval queue: who the invoice is for, who asked, who decided, and why.
        ApprovalQueue *queue = window.approvalQueue();
        QVERIFY(drawsPlainCells(queue->table()));
        QCOMPARE(queue->table()->rowCount(), 10);  // five waiting, five approved
        QStringList queueCells;
        for (int r = 0; r < queue->table()->rowCount(); ++r) {
            for (int c = 0; c < queue->table()->columnCount(); ++c) {
                if (const QTableWidgetItem *item = queue->table()->item(r, c)) {
                    queueCells << item->text();
                    QVERIFY2(tipShowsMarkupAsText(item->toolTip()), qPrintable(item->toolTip()));
                }
            }
        }
        for (const QString &text : texts) {
            const QString visible = visibleText(text);
            QVERIFY2(queueCells.count(visible) >= 2, qPrintable(visible));  // the customer of both requests, the client of both
            const QString outcome = QStringLiteral("50.00 refunded: ") + visible + QStringLiteral(" · ");  // the reason, then when
            QVERIFY2(std::any_of(queueCells.cbegin(), queueCells.cend(), [&](const QString &cell) { return cell.startsWith(outcome); }),
                     qPrintable(visible));
        }

        // The week of 31 August 2026: each booking's customer in its cell and tooltip, each
        // closure's reason in its day's header and cells.
        WeekView *week = window.weekView();
        week->setNow(QDateTime(QDate(2026, 8, 30), QTime(12, 0), QTimeZone::utc()));
        week->showWeekOf(QDate(2026, 9, 4));
        QVERIFY(drawsPlainCells(week->grid()));
        const QList<QPair<QDate, QString>> booked = {{QDate(2026, 9, 4), QStringLiteral("09:00")}, {QDate(2026, 9, 4), QStringLiteral("11:00")},
                                                     {QDate(2026, 9, 5), QStringLiteral("09:00")}, {QDate(2026, 9, 5), QStringLiteral("11:00")},
                                                     {QDate(2026, 9, 5), QStringLiteral("16:00")}};
        for (int i = 0; i < texts.size(); ++i) {
            const auto &[day, time] = booked.at(i);
            QTRY_COMPARE_WITH_TIMEOUT(week->cellAt(day, time).kind, WeekView::Kind::Booked, 5000);
            QTableWidgetItem *item = week->grid()->item(week->rowOf(time), week->columnOf(day));
            QVERIFY(item);
            QCOMPARE(item->text(), visibleText(texts.at(i)));
            QVERIFY2(shownTip(item->toolTip()).contains(QStringLiteral(": %1 (slot ").arg(visibleText(texts.at(i)))), qPrintable(item->toolTip()));
            const QDate closed = QDate(2026, 8, 31).addDays(i < 4 ? i : 6);
            QTableWidgetItem *header = week->grid()->horizontalHeaderItem(week->columnOf(closed));
            const QString reason = texts.at(i).isEmpty() ? QStringLiteral("Closed") : QStringLiteral("Closed: ") + visibleText(texts.at(i));
            QVERIFY2(shownTip(header->toolTip()).endsWith(reason), qPrintable(header->toolTip()));
        }
        QCOMPARE(shown(week->titleLabel()), week->titleLabel()->text());

        // What a tool answered: find_customer's result, as the tools panel shows it.
        ToolsPanel *tools = window.toolsPanel();
        QTRY_VERIFY_WITH_TIMEOUT(tools->selectTool(QStringLiteral("find_customer")), 10000);
        tools->rawToggle()->setChecked(true);
        tools->rawEditor()->setPlainText(QStringLiteral(R"({"query":"hostile"})"));
        QSignalSpy completed(&window, &MainWindow::callCompleted);
        tools->callButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(completed.count(), 1, 10000);
        for (const QString &text : texts) {
            if (!text.isEmpty()) {
                QVERIFY2(tools->resultView()->text().contains(visibleText(text)), qPrintable(visibleText(text)));
                // The structured tab is JSON (its quotes escaped): the name is one of its strings.
                QVERIFY2(QJsonDocument::fromJson(tools->resultView()->structuredText().toUtf8()).toJson(QJsonDocument::Compact)
                             .contains(QJsonDocument(QJsonArray{visibleText(text)}).toJson(QJsonDocument::Compact).mid(1).chopped(1)),
                         qPrintable(visibleText(text)));
            }
        }
        QVERIFY(!tools->resultView()->text().contains(QChar(0x202E)));

        // The approver's question: the desk reviews request 101, whose customer is the markup.
        QSignalSpy asked(&window, &MainWindow::questionShown);
        QVERIFY(queue->review(101));
        QTRY_COMPARE_WITH_TIMEOUT(asked.count(), 1, 10000);
        ElicitationDialog *dialog = window.currentQuestion();
        QVERIFY(dialog);
        for (const char *name : {"whoAsks", "invoiceSummary", "message", "details"}) {
            auto *label = dialog->findChild<QLabel *>(QLatin1String(name));
            QVERIFY2(label, name);
            QVERIFY2(!shown(label).contains(QStringLiteral("APPROVED by")) || shown(label).contains(texts.first()), qPrintable(shown(label)));
            QVERIFY(tipShowsMarkupAsText(label->toolTip()));
        }
        QVERIFY(shown(dialog->findChild<QLabel *>(QStringLiteral("invoiceSummary"))).contains(texts.first()));
        QVERIFY(shown(dialog->findChild<QLabel *>(QStringLiteral("message"))).contains(texts.first()));
        QVERIFY(shown(dialog->findChild<QLabel *>(QStringLiteral("whoAsks"))).contains(texts.first()));  // who asked: the same text
        if (const QString dir = qEnvironmentVariable("OFFICE_SCREENSHOTS"); !dir.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(window.grab().save(dir + QStringLiteral("/desk-hostile-window.png")));
            QVERIFY(dialog->grab().save(dir + QStringLiteral("/desk-hostile-dialog.png")));
        }
        dialog->cancelButton()->click();
    }

    // A remote office's tools: their titles, descriptions and argument names and descriptions
    // are its own text, and the tools panel and its form show them as written.
    void aRemoteOfficesToolTextIsShownAsWritten()
    {
        for (const QString &text : hostileTexts()) {
            const QJsonObject tool{
                {QStringLiteral("name"), QStringLiteral("lookup")},
                {QStringLiteral("title"), text},
                {QStringLiteral("description"), text},
                {QStringLiteral("inputSchema"),
                 QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                             {QStringLiteral("properties"),
                              QJsonObject{{QStringLiteral("who"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                             {QStringLiteral("title"), text},
                                                                             {QStringLiteral("description"), text}}}}},
                             {QStringLiteral("required"), QJsonArray{QStringLiteral("who")}}}}};
            ToolsPanel panel;
            panel.setTools(QJsonArray{tool});
            QVERIFY(panel.selectTool(QStringLiteral("lookup")));
            const QString visible = visibleText(text);
            auto *description = panel.findChild<QLabel *>(QStringLiteral("toolDescription"));
            QCOMPARE(shown(description), visible);
            if (!text.isEmpty())
                QVERIFY2(shown(panel.findChild<QLabel *>(QStringLiteral("toolTitle"))).contains(visible),
                         qPrintable(shown(panel.findChild<QLabel *>(QStringLiteral("toolTitle")))));
            QVERIFY(drawsPlainCells(panel.toolList()));
            QVERIFY(shownTip(panel.toolList()->item(0)->toolTip()).contains(visible));
            auto *label = panel.form()->findChild<QLabel *>(QStringLiteral("label_who"));
            QVERIFY(label);
            if (!text.isEmpty())
                QCOMPARE(shown(label).remove(QStringLiteral(" *")), visible);
            auto *hint = panel.form()->findChild<QLabel *>(QStringLiteral("hint_who"));
            if (!text.isEmpty()) {
                QVERIFY(hint);
                QVERIFY2(shown(hint).contains(visible), qPrintable(shown(hint)));
            }
            for (const QWidget *widget : panel.findChildren<QWidget *>()) {
                if (widget->toolTip().contains(text))
                    QVERIFY2(shownTip(widget->toolTip()).contains(visible), qPrintable(widget->toolTip()));
            }
        }
    }
};

QTEST_MAIN(TestHostileText)
#include "tst_hostiletext.moc"
