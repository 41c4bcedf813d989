#pragma once
// The desk's one rule for text it did not write (issue 58): a name, a client's name, a reason, a
// menu item, a server's question, a description from a remote office is shown as the characters
// it is. A QLabel left on Qt::AutoText draws anything that "might be rich text" as HTML, so an
// agent's customer named <h2 style="color:green">APPROVED</h2> would restyle the approver's
// question. Make every label of such text with dataLabel(); where the desk's own markup
// surrounds it, put the data in with dataHtml() instead (schemaform.cpp's hints), and a tooltip
// of it is dataToolTip(). Table cells drawn by Qt's own delegate are plain text already: set
// them to visibleText(). tests/desktop/tst_hostiletext.cpp reads every surface back.

#include <QLabel>

// `text` with each bidirectional control (U+202A–U+202E, U+2066–U+2069) written as <U+202E>: the
// office refuses them now, but a row stored before still holds them, and shown as they are they
// would reorder the text around them ("Ann" U+202E "elif.exe" reads "Annexe.file").
inline QString visibleText(QString text)
{
    for (qsizetype i = text.size() - 1; i >= 0; --i) {
        const char16_t c = text.at(i).unicode();
        if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
            text.replace(i, 1, QStringLiteral("<U+%1>").arg(QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0'))));
    }
    return text;
}

// `text` for the desk's own rich text: escaped, its bidirectional controls visible.
inline QString dataHtml(const QString &text)
{
    return visibleText(text).toHtmlEscaped();
}

inline QLabel *dataLabel(const QString &text = QString(), QWidget *parent = nullptr)
{
    auto *label = new QLabel(visibleText(text), parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

// A tooltip of such text: tooltips have no text format of their own and take what might be rich
// text for HTML, so the text is escaped into a rich tooltip of the desk's making (its lines kept).
inline QString dataToolTip(const QString &text)
{
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(dataHtml(text));
}
