#include "firstoffice.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

FirstOfficeDialog::FirstOfficeDialog(const QString &database, QWidget *parent)
    : QDialog(parent)
    , m_demo(new QRadioButton(tr("The demo office, to look around")))
    , m_empty(new QRadioButton(tr("My own office, empty")))
    , m_later(new QLabel)
{
    setObjectName(QStringLiteral("firstOfficeDialog"));
    setWindowTitle(tr("Welcome to office-desk"));
    // Wide enough that the choices read as lines, not as a column of words (wrapped labels
    // would otherwise take the narrowest width Qt allows them).
    setMinimumWidth(fontMetrics().averageCharWidth() * 72);
    auto *layout = new QVBoxLayout(this);
    auto *question = new QLabel(tr("<b>Which office do you want to work with?</b>"));
    layout->addWidget(question);
    auto *where = new QLabel(tr("There is no office on this computer yet. office-desk will create it in %1.")
                                 .arg(QFileInfo(database).absoluteFilePath()));
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(where);

    m_demo->setObjectName(QStringLiteral("demoChoice"));
    m_empty->setObjectName(QStringLiteral("emptyChoice"));
    const auto explained = [layout](QRadioButton *choice, const QString &text) {
        layout->addWidget(choice);
        auto *label = new QLabel(text);
        label->setWordWrap(true);
        label->setContentsMargins(24, 0, 0, 6);
        label->setBuddy(choice);
        layout->addWidget(label);
    };
    explained(m_demo, tr("Three customers, four invoices, a few appointment slots and a lunch menu, made up to try every tool."));
    explained(m_empty, tr("No customers, invoices, slots or menu: add your own in the Database tab, "
                          "or import your customers with office-mcp customers import FILE.csv."));
    m_demo->setChecked(true);

    m_later->setObjectName(QStringLiteral("laterLabel"));
    m_later->setWordWrap(true);
    m_later->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_later->setText(tr("You can switch later with the Office menu, or <code>office-mcp db reset --empty</code> "
                        "(or <code>--demo</code>): either replaces the office, and everything in it is lost."));
    layout->addSpacing(6);
    layout->addWidget(m_later);

    auto *buttons = new QDialogButtonBox;
    QPushButton *create = buttons->addButton(tr("Create the office"), QDialogButtonBox::AcceptRole);
    create->setObjectName(QStringLiteral("createOffice"));
    create->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool FirstOfficeDialog::demo() const
{
    return m_demo->isChecked();
}

namespace FirstOffice {

bool needed(const McpClient::Launch &launch)
{
    return !launch.remote && !launch.database.isEmpty() && !QFileInfo::exists(launch.database);
}

QString create(const QString &program, const QString &database, bool demo)
{
    constexpr int kWaitMs = 15000;
    QProcess server;
    server.start(program, {QStringLiteral("db"), QStringLiteral("init"), demo ? QStringLiteral("--demo") : QStringLiteral("--empty"),
                           QStringLiteral("--db"), database});
    if (!server.waitForStarted(kWaitMs))
        return QCoreApplication::translate("FirstOffice", "%1 could not be started: %2").arg(program, server.errorString());
    if (!server.waitForFinished(kWaitMs)) {
        server.kill();
        server.waitForFinished();
        return QCoreApplication::translate("FirstOffice", "%1 db init did not finish within %2 seconds").arg(program).arg(kWaitMs / 1000);
    }
    if (server.exitStatus() == QProcess::NormalExit && server.exitCode() == 0)
        return QString();
    // office-mcp prefixes its sentences with its name; the person reads the sentence.
    QString said = QString::fromLocal8Bit(server.readAllStandardError()).trimmed().section(QLatin1Char('\n'), -1);
    if (said.startsWith(QLatin1String("office-mcp: ")))
        said.remove(0, 12);
    return said.isEmpty() ? QCoreApplication::translate("FirstOffice", "%1 db init failed (exit code %2)").arg(program).arg(server.exitCode())
                          : said;
}

bool ask(const McpClient::Launch &launch, QString *problem, QWidget *parent)
{
    FirstOfficeDialog dialog(launch.database, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const QString why = create(launch.program, launch.database, dialog.demo());
    if (problem)
        *problem = why;
    return true;
}

} // namespace FirstOffice
