#include "desklanguage.h"

#include <QActionGroup>
#include <QApplication>
#include <QLibraryInfo>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTranslator>

namespace DeskLanguage {

namespace {

QString s_current = QStringLiteral("en");

// The translators installed last, owned by the application.
QList<QTranslator *> &installed()
{
    static QList<QTranslator *> translators;
    return translators;
}

// "es_ES", "es-419", "zh-Hans-CN", "zh_CN.UTF-8" → one of available(), or "" for none.
QString match(QString name)
{
    name = name.section(QLatin1Char('.'), 0, 0).replace(QLatin1Char('-'), QLatin1Char('_'));
    if (name == QLatin1String("en") || name.startsWith(QLatin1String("en_")) || name == QLatin1String("C"))
        return QStringLiteral("en");
    if (name == QLatin1String("es") || name.startsWith(QLatin1String("es_")))
        return QStringLiteral("es");
    // Simplified Chinese; Traditional (zh_TW, zh_HK, zh_Hant) is another language the desk lacks.
    if (name == QLatin1String("zh") || name == QLatin1String("zh_CN") || name == QLatin1String("zh_SG")
        || name.startsWith(QLatin1String("zh_Hans")))
        return QStringLiteral("zh_CN");
    return QString();
}

} // namespace

QStringList available()
{
    return {QStringLiteral("en"), QStringLiteral("es"), QStringLiteral("zh_CN")};
}

QString nativeName(const QString &code)
{
    if (code == QLatin1String("es"))
        return QStringLiteral("Español");
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString choose(const QString &requested, const QStringList &systemLanguages)
{
    const QString asked = match(requested);
    if (!asked.isEmpty())
        return asked;
    for (const QString &language : systemLanguages) {
        const QString found = match(language);
        if (!found.isEmpty())
            return found;
    }
    return QStringLiteral("en");
}

QString install(const QString &code)
{
    for (QTranslator *translator : std::as_const(installed())) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    installed().clear();
    s_current = code;
    // The system's own locale when it speaks this language (en_GB keeps its 24-hour clock, es_MX
    // its own marks), else the language's usual one.
    const QLocale system = QLocale::system();
    const QLocale locale = match(system.name()) == code ? system : QLocale(code);
    QLocale::setDefault(locale);
    // English has translations too: the plural forms of its own strings ("1 refund", "2 refunds").
    QStringList missing;
    auto *desk = new QTranslator(qApp);
    if (desk->load(QStringLiteral(":/i18n/office-desk_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(desk);
        installed() << desk;
    } else {
        delete desk;
        missing << QStringLiteral(":/i18n/office-desk_%1.qm").arg(code);
    }
    if (code != QLatin1String("en")) {
        // Qt's own words: the buttons of standard dialogs, the file dialog, context menus.
        const QString qtDirectory = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        auto *qt = new QTranslator(qApp);
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), qtDirectory)) {
            QCoreApplication::installTranslator(qt);
            installed() << qt;
        } else {
            delete qt;
            missing << QStringLiteral("%1/qtbase_%2.qm").arg(qtDirectory, code);
        }
    }
    return missing.join(QStringLiteral(", "));
}

QString current()
{
    return s_current;
}

QString saved(QSettings &settings)
{
    return match(settings.value(QStringLiteral("desk/language")).toString());
}

void save(QSettings &settings, const QString &code)
{
    settings.setValue(QStringLiteral("desk/language"), code);
}

void addLanguageMenu(QMainWindow *window, QSettings *settings)
{
    QMenu *menu = window->menuBar()->addMenu(QApplication::translate("DeskLanguage", "&Language"));
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto *group = new QActionGroup(menu);
    const QString chosen = settings ? saved(*settings) : QString();
    const auto add = [&](const QString &code, const QString &name) {
        QAction *action = menu->addAction(name);
        action->setObjectName(QStringLiteral("language_%1").arg(code.isEmpty() ? QStringLiteral("system") : code));
        action->setCheckable(true);
        action->setChecked(code == chosen);
        action->setEnabled(settings != nullptr);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, window, [window, settings, code, name] {
            if (!settings)
                return;
            save(*settings, code);
            auto *box = new QMessageBox(QMessageBox::Information, QApplication::translate("DeskLanguage", "Language"),
                                        QApplication::translate("DeskLanguage", "office-desk will speak %1 the next time it starts.")
                                            .arg(name),
                                        QMessageBox::Ok, window);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
    };
    add(QString(), QApplication::translate("DeskLanguage", "The system's language"));
    menu->addSeparator();
    for (const QString &code : available())
        add(code, nativeName(code));
}

} // namespace DeskLanguage
