#pragma once
// office-desk's first start on a machine with no office: the database the desk would serve
// (the server's default, or the one given with --db) does not exist yet. The desk asks which
// office the person wants — the demo, to look around, or their own, empty — and creates it
// with `office-mcp db init --demo|--empty`, saying how to switch later (`office-mcp db reset`).
// Without this the first office-mcp would quietly make the demo, and a person keeping their
// own records would start with three strangers as customers.

#include "mcpclient.h"

#include <QDialog>

class QLabel;
class QRadioButton;

class FirstOfficeDialog : public QDialog
{
    Q_OBJECT

public:
    explicit FirstOfficeDialog(const QString &database, QWidget *parent = nullptr);

    // What was chosen: the demo office, else an empty one.
    bool demo() const;
    QRadioButton *demoChoice() const { return m_demo; }
    QRadioButton *emptyChoice() const { return m_empty; }
    QLabel *laterLabel() const { return m_later; }

private:
    QRadioButton *m_demo;
    QRadioButton *m_empty;
    QLabel *m_later;
};

namespace FirstOffice {

// A local office whose database does not exist yet (a remote office is its operator's).
bool needed(const McpClient::Launch &launch);
// `program db init --demo|--empty --db database`: empty when it worked, else why not, in a sentence.
QString create(const QString &program, const QString &database, bool demo);
// Asks (FirstOfficeDialog, modal) and creates the office chosen. False when the person closed
// the question without choosing (nothing is created); *problem is set when creating failed.
bool ask(const McpClient::Launch &launch, QString *problem, QWidget *parent = nullptr);

} // namespace FirstOffice
