#include "aboutbox.h"

#include "appicon.h"
#include "office_version.h"

#include <QApplication>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

QString aboutText()
{
    return QApplication::translate("about",
                                   "<h3>office-desk %1</h3>"
                                   "<p>The desk of the office-mcp server: approve refunds, call tools and watch the "
                                   "traffic between office-mcp and the AI clients.</p>"
                                   "<p>office-desk and office-mcp share one version: run <tt>office-mcp --version</tt> "
                                   "to see the server's.</p>")
        .arg(QStringLiteral(OFFICE_VERSION));
}

QMessageBox *makeAboutBox(QWidget *parent)
{
    auto *box = new QMessageBox(QMessageBox::Information, QApplication::translate("about", "About office-desk"),
                                aboutText(), QMessageBox::Ok, parent);
    box->setTextFormat(Qt::RichText);
    box->setIconPixmap(officeDeskIcon().pixmap(64, 64));
    box->setAttribute(Qt::WA_DeleteOnClose);
    return box;
}

void addHelpMenu(QMainWindow *window)
{
    QMenu *help = window->menuBar()->addMenu(QApplication::translate("about", "&Help"));
    QAction *about = help->addAction(QApplication::translate("about", "&About office-desk"));
    about->setMenuRole(QAction::AboutRole);
    QObject::connect(about, &QAction::triggered, window, [window] { makeAboutBox(window)->open(); });
}
