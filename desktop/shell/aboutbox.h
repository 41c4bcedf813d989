// Help > About office-desk: which office-desk this is, so a person can say it in a bug report.
#pragma once

#include <QString>

class QMainWindow;
class QMessageBox;
class QWidget;

// "office-desk 0.1.0" and what it is for; the version is the project's (office_version.h).
QString aboutText();
// The About box, not yet shown (open() or exec() it).
QMessageBox *makeAboutBox(QWidget *parent);
// Adds Help > About office-desk to the window's menu bar.
void addHelpMenu(QMainWindow *window);
