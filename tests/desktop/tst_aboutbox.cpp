// Help > About office-desk names the project's version, the one CMake's project(VERSION) sets.

#include "aboutbox.h"

#include <QAction>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QTest>

class TestAboutBox : public QObject
{
    Q_OBJECT

private slots:
    void theAboutBoxNamesTheProjectVersion()
    {
        QMainWindow window;
        QMessageBox *box = makeAboutBox(&window);
        QVERIFY(box->text().contains(QStringLiteral("<h3>office-desk " OFFICE_EXPECTED_VERSION "</h3>")));
        QCOMPARE(box->windowTitle(), QStringLiteral("About office-desk"));
        delete box;
    }

    void theHelpMenuOpensTheAboutBox()
    {
        QMainWindow window;
        addHelpMenu(&window);
        const QList<QAction *> menus = window.menuBar()->actions();
        QCOMPARE(menus.size(), 1);
        QCOMPARE(menus.first()->text(), QStringLiteral("&Help"));
        const QList<QAction *> items = menus.first()->menu()->actions();
        QCOMPARE(items.size(), 1);
        QCOMPARE(items.first()->text(), QStringLiteral("&About office-desk"));
        items.first()->trigger();
        auto *box = window.findChild<QMessageBox *>();
        QVERIFY(box != nullptr);
        QVERIFY(box->isVisible());
        QVERIFY(box->text().contains(QStringLiteral("office-desk " OFFICE_EXPECTED_VERSION)));
        box->close();
    }
};

QTEST_MAIN(TestAboutBox)
#include "tst_aboutbox.moc"
