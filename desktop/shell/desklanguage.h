#pragma once
// Which language the desk speaks and how it gets there: the system's (LANG, LC_ALL, LANGUAGE),
// unless `--lang CODE` or the Language menu chose one (kept in QSettings, "desk/language").
// Installing a language loads the desk's translation (compiled from desktop/translations/*.ts
// and embedded), Qt's own for its standard dialogs (qtbase_*.qm), and makes it the default
// QLocale, so numbers, money and dates follow it too. English is the source language.

#include <QLocale>
#include <QString>
#include <QStringList>

class QMainWindow;
class QSettings;

namespace DeskLanguage {

// The languages the desk is translated into, English first: "en", "es", "zh_CN".
QStringList available();
// A language's name in that language, for the menu: "English", "Español", "简体中文".
QString nativeName(const QString &code);
// The language to speak: `requested` (--lang, or the saved choice) when it names one of
// available() ("es", "es_ES", "zh-CN" ...), else the first of the system's languages that does,
// else English.
QString choose(const QString &requested, const QStringList &systemLanguages = QLocale::system().uiLanguages());
// Loads the translations of `code` and makes QLocale(code) the default; any language installed
// before is removed first. Returns what could not be loaded (empty: everything).
QString install(const QString &code);
// The language installed last ("en" before any).
QString current();

// The choice kept in the desk's settings: "" follows the system.
QString saved(QSettings &settings);
void save(QSettings &settings, const QString &code);

// Adds Language (System, English, Español, 简体中文) to the window's menu bar; a choice is
// saved in `settings` (when given) and takes effect when office-desk starts again.
void addLanguageMenu(QMainWindow *window, QSettings *settings);

} // namespace DeskLanguage
