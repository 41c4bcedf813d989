#pragma once
// A week of the office's calendar (issue 38), Monday to Sunday in the office's own time zone:
// a row per slot time, the opening hours shaded, each booking with its customer, closed days
// marked with their reason, what has begun greyed. Read from the office like the tables are
// (OfficeFeed: the office://calendar document, office://slots, office://customers), so it draws
// a local, a PostgreSQL and a remote office alike; the slots the hours make are worked out here
// as the office makes them (core/office/calendar.h: from each range's opening, one every slot's
// length while the slot ends by closing; id YYYYMMDDHHMM of the local day and time).
//
// Changing: buttons for the tools the office offers this desk (setTools) — cancel or move the
// selected booking (agent tools the desk also holds), the hours, closures and zone (admin tools).
// A button only asks: actionRequested names the tool and what the selection presets, and the
// main window opens that tool's form, so every change is the office's own, validated and
// audited. Move picks its target in the grid: select a booking, press Move…, click a free slot.

#include "tablerows.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QTimeZone>
#include <QWidget>

class QAction;
class QLabel;
class QPushButton;
class QTableWidget;
class QToolButton;

class WeekView : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Outside, Free, Begun, Booked, Closed };
    struct Cell
    {
        Kind kind = Kind::Outside;
        qint64 slotId = 0;  // a slot's id (0: no slot here)
        QString customer;   // who booked it
        bool outsideHours = false;  // a booking the hours no longer make (kept, shown as such)
    };

    explicit WeekView(QWidget *parent = nullptr);

    // The office as the feed read it; a table with an error shows that error instead.
    void showOffice(const TableRows &calendar, const TableRows &slotRows, const TableRows &customers);
    void showUnavailable(const QString &why);
    // The week shown: the one holding `day` (weeks start on Monday). By default the office's today.
    void showWeekOf(const QDate &day);
    QDate monday() const { return m_monday; }
    // The clock the view compares slots with (UTC). Tests pin it; by default the system's.
    void setNow(const QDateTime &utc);

    // The tools the office offers this desk: a button for each one the view has.
    void setTools(const QStringList &tools);
    void setBusy(bool busy);  // a call is under way: the buttons wait
    static QStringList toolNames();

    QTableWidget *grid() const { return m_grid; }
    QLabel *titleLabel() const { return m_title; }
    QLabel *statusLabel() const { return m_status; }
    // The action of a tool (hidden when the office does not offer it): cancel and move have a
    // button each, the hours, closures and zone are in the settings button's menu.
    QAction *action(const QString &tool) const { return m_actions.value(tool); }
    QPushButton *settingsButton() const { return m_settings; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *nextButton() const { return m_next; }
    // What the grid shows at a day and local time (HH:MM); Outside when that is no row.
    Cell cellAt(const QDate &day, const QString &time) const;
    // The grid's row and column of a day and time, or -1.
    int rowOf(const QString &time) const { return m_times.indexOf(time); }
    int columnOf(const QDate &day) const { return day >= m_monday && day < m_monday.addDays(7) ? int(m_monday.daysTo(day)) : -1; }
    bool isPickingMoveTarget() const { return m_moving != 0; }

signals:
    void actionRequested(const QString &tool, const QJsonObject &preset);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    struct Range
    {
        int opens = 0, closes = 0, slot = 30;  // minutes of the day
    };
    struct Booked
    {
        qint64 id = 0;
        QDate day;
        QString time;
        qint64 customerId = 0;  // 0: an explicit slot that is free
    };

    void rebuild();
    void updateButtons();
    void cellClicked(int row, int column);
    void request(const QString &tool);
    QDate today() const;
    const Cell *selectedCell(QDate *day = nullptr) const;

    QLabel *m_title;
    QLabel *m_status;
    QLabel *m_hint;
    QPushButton *m_previous;
    QPushButton *m_thisWeek;
    QPushButton *m_next;
    QTableWidget *m_grid;
    QHash<QString, QAction *> m_actions;
    QHash<QString, QToolButton *> m_bookingButtons;
    QPushButton *m_settings;
    QStringList m_tools;
    bool m_busy = false;

    // What the office said.
    QString m_error;
    QString m_zoneName;
    QTimeZone m_zone;
    QString m_officeName;
    qint64 m_horizon = 90;
    QHash<int, QList<Range>> m_hours;  // weekday (0 Sunday) -> ranges
    QHash<QDate, QString> m_closed;    // day -> reason
    QString closedText(const QDate &day) const;  // "Closed", or "Closed: REASON"
    QList<Booked> m_slots;
    QHash<qint64, QString> m_customers;
    QJsonObject m_calendar;

    // What the grid shows.
    QDate m_monday;
    QDate m_shownMonday;  // the week the grid holds now
    bool m_weekChosen = false;
    QDateTime m_now;  // invalid: the system clock
    QStringList m_times;  // the rows, HH:MM
    QHash<QString, Cell> m_cells;  // "yyyy-MM-dd HH:mm" -> cell
    qint64 m_moving = 0;  // the booking being moved while its target is picked
};
