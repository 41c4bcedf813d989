#include "weekview.h"

#include "datalabel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The shades: the office's hours, a booking, a closed day, what has begun. Light, so the
// text on them stays black-on-light in any style.
const QColor kFree(0xe3, 0xf2, 0xe4);
const QColor kBooked(0xbb, 0xd6, 0xfb);
const QColor kBookedOutside(0xff, 0xe0, 0xb2);
const QColor kClosed(0xf3, 0xd9, 0xd9);
const QColor kBegun(0xee, 0xee, 0xee);

QString key(const QDate &day, const QString &time) { return day.toString(Qt::ISODate) + QLatin1Char(' ') + time; }

QString clock(int minute) { return QStringLiteral("%1:%2").arg(minute / 60, 2, 10, QLatin1Char('0')).arg(minute % 60, 2, 10, QLatin1Char('0')); }

int minutes(const QString &time) { return time.left(2).toInt() * 60 + time.mid(3, 2).toInt(); }

// The id the office gives the slot its hours make at a local day and time (generated_slot_id).
qint64 generatedId(const QDate &day, const QString &time)
{
    return (day.toString(QStringLiteral("yyyyMMdd")) + time.left(2) + time.mid(3, 2)).toLongLong();
}

} // namespace

QStringList WeekView::toolNames()
{
    return {QStringLiteral("cancel_booking"), QStringLiteral("move_booking"), QStringLiteral("set_hours"),
            QStringLiteral("close_days"), QStringLiteral("open_day"), QStringLiteral("set_office")};
}

WeekView::WeekView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel)
    , m_status(new QLabel)
    , m_hint(new QLabel)
    , m_previous(new QPushButton(tr("◀ Previous")))
    , m_thisWeek(new QPushButton(tr("This week")))
    , m_next(new QPushButton(tr("Next ▶")))
    , m_grid(new QTableWidget)
{
    setObjectName(QStringLiteral("weekView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    auto *top = new QHBoxLayout;
    m_title->setObjectName(QStringLiteral("weekTitle"));
    m_title->setTextFormat(Qt::PlainText);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // never what sets the window's width
    top->addWidget(m_title, 1);
    for (QPushButton *b : {m_previous, m_thisWeek, m_next}) {
        b->setAutoDefault(false);
        top->addWidget(b);
    }
    m_previous->setObjectName(QStringLiteral("weekPrevious"));
    m_next->setObjectName(QStringLiteral("weekNext"));
    connect(m_previous, &QPushButton::clicked, this, [this] { showWeekOf(m_monday.addDays(-7)); });
    connect(m_next, &QPushButton::clicked, this, [this] { showWeekOf(m_monday.addDays(7)); });
    connect(m_thisWeek, &QPushButton::clicked, this, [this] {
        m_weekChosen = false;
        rebuild();
    });
    layout->addLayout(top);

    m_grid->setObjectName(QStringLiteral("weekGrid"));
    m_grid->setColumnCount(7);
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_grid->setSelectionMode(QAbstractItemView::SingleSelection);
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->horizontalHeader()->setMinimumSectionSize(48);
    m_grid->verticalHeader()->setDefaultSectionSize(m_grid->fontMetrics().height() + 8);
    m_grid->setWordWrap(false);
    m_grid->setAccessibleName(tr("The office's week"));
    connect(m_grid, &QTableWidget::itemSelectionChanged, this, &WeekView::updateButtons);
    connect(m_grid, &QTableWidget::cellClicked, this, &WeekView::cellClicked);
    layout->addWidget(m_grid, 1);

    m_hint->setObjectName(QStringLiteral("weekHint"));
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("QLabel { background: #fff8e1; border: 1px solid #ffe082; padding: 3px 6px; }"));
    m_hint->hide();
    layout->addWidget(m_hint);

    // Cancel and move act on the booking selected; the office's hours, closures and zone are
    // kept under one button, so the bar fits a small window in any language.
    auto *bar = new QHBoxLayout;
    const QHash<QString, QString> labels{
        {QStringLiteral("cancel_booking"), tr("Cancel booking…")},
        {QStringLiteral("move_booking"), tr("Move booking…")},
        {QStringLiteral("set_hours"), tr("Opening hours…")},
        {QStringLiteral("close_days"), tr("Close days…")},
        {QStringLiteral("open_day"), tr("Open the selected day…")},
        {QStringLiteral("set_office"), tr("Time zone and name…")},
    };
    m_settings = new QPushButton(tr("Hours and closures"));
    m_settings->setObjectName(QStringLiteral("weekSettings"));
    m_settings->setAutoDefault(false);
    auto *menu = new QMenu(m_settings);
    m_settings->setMenu(menu);
    for (const QString &tool : toolNames()) {
        auto *action = new QAction(labels.value(tool), this);
        action->setObjectName(QStringLiteral("week_") + tool);
        connect(action, &QAction::triggered, this, [this, tool] { request(tool); });
        m_actions.insert(tool, action);
        if (tool == QLatin1String("cancel_booking") || tool == QLatin1String("move_booking")) {
            auto *button = new QToolButton;
            button->setDefaultAction(action);
            button->setToolButtonStyle(Qt::ToolButtonTextOnly);
            m_bookingButtons.insert(tool, button);
            bar->addWidget(button);
        } else {
            menu->addAction(action);
        }
    }
    bar->addStretch(1);
    bar->addWidget(m_settings);
    layout->addLayout(bar);

    m_status->setObjectName(QStringLiteral("weekStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);
    showUnavailable(tr("Not connected to an office."));
}

void WeekView::showOffice(const TableRows &calendar, const TableRows &slotRows, const TableRows &customers)
{
    m_error.clear();
    if (!calendar.ok() || calendar.document.isEmpty())
        m_error = calendar.ok() ? tr("This office does not offer its calendar (an office-mcp older than this desk).") : calendar.error;
    else if (!slotRows.ok())
        m_error = slotRows.error;
    m_calendar = calendar.document;
    m_zoneName = m_calendar.value(QLatin1String("time_zone")).toString();
    m_zone = QTimeZone(m_zoneName.toUtf8());
    m_officeName = m_calendar.value(QLatin1String("name")).toString();
    m_horizon = m_calendar.value(QLatin1String("horizon_days")).toInteger(90);
    m_hours.clear();
    const QJsonArray hours = m_calendar.value(QLatin1String("hours")).toArray();
    for (const QJsonValue &value : hours) {
        const QJsonObject r = value.toObject();
        m_hours[r.value(QLatin1String("weekday")).toInt()] << Range{minutes(r.value(QLatin1String("opens")).toString()),
                                                                    minutes(r.value(QLatin1String("closes")).toString()),
                                                                    int(r.value(QLatin1String("slot_minutes")).toInteger(30))};
    }
    m_closed.clear();
    const QJsonArray closures = m_calendar.value(QLatin1String("closures")).toArray();
    for (const QJsonValue &value : closures) {
        const QJsonObject c = value.toObject();
        m_closed.insert(QDate::fromString(c.value(QLatin1String("day")).toString(), Qt::ISODate), c.value(QLatin1String("reason")).toString());
    }
    m_customers.clear();
    const qsizetype nameColumn = customers.column(QStringLiteral("name"));
    for (const QVariantList &row : customers.rows)
        m_customers.insert(row.value(0).toLongLong(), row.value(nameColumn).toString());
    m_slots.clear();
    const qsizetype dayColumn = slotRows.column(QStringLiteral("day")), timeColumn = slotRows.column(QStringLiteral("time")),
                    customerColumn = slotRows.column(QStringLiteral("customer_id"));
    for (const QVariantList &row : slotRows.rows)
        m_slots << Booked{row.value(0).toLongLong(), QDate::fromString(row.value(dayColumn).toString(), Qt::ISODate),
                          row.value(timeColumn).toString(), row.value(customerColumn).toLongLong()};
    rebuild();
}

void WeekView::showUnavailable(const QString &why)
{
    m_error = why;
    m_calendar = {};
    m_slots.clear();
    rebuild();
}

void WeekView::showWeekOf(const QDate &day)
{
    m_weekChosen = true;
    m_monday = day.addDays(1 - day.dayOfWeek());
    rebuild();
}

void WeekView::setNow(const QDateTime &utc)
{
    m_now = utc;
    rebuild();
}

QDate WeekView::today() const
{
    const QDateTime now = m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
    return m_zone.isValid() ? now.toTimeZone(m_zone).date() : now.date();
}

void WeekView::setTools(const QStringList &tools)
{
    m_tools = tools;
    if (!m_tools.contains(QStringLiteral("move_booking")))
        m_moving = 0;
    updateButtons();
}

void WeekView::setBusy(bool busy)
{
    m_busy = busy;
    updateButtons();
}

void WeekView::rebuild()
{
    const QLocale locale;
    const QDate shown = m_shownMonday;
    if (!m_weekChosen || !m_monday.isValid())
        m_monday = today().addDays(1 - today().dayOfWeek());
    const QDate sunday = m_monday.addDays(6);
    const QDateTime now = m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
    const QDate last = today().addDays(m_horizon);

    // The rows: every start the hours make this week, and every slot the office holds in it.
    m_cells.clear();
    QList<int> starts;
    for (int i = 0; i < 7 && m_error.isEmpty(); ++i) {
        const QDate day = m_monday.addDays(i);
        for (const Range &r : m_hours.value(day.dayOfWeek() % 7)) {
            for (int m = r.opens; m + r.slot <= r.closes; m += r.slot) {
                const QString time = clock(m);
                Cell cell;
                cell.slotId = generatedId(day, time);
                cell.kind = Kind::Free;
                // A local time the clocks skip that day is no slot (the office offers it not).
                if (m_zone.isValid()) {
                    const QDateTime local(day, QTime(m / 60, m % 60), m_zone);
                    if (!local.isValid() || local.time() != QTime(m / 60, m % 60))
                        continue;
                    if (local <= now)
                        cell.kind = Kind::Begun;
                }
                if (m_closed.contains(day))
                    cell.kind = Kind::Closed;
                else if (day > last)
                    cell.kind = Kind::Outside;  // beyond how far ahead the office takes bookings
                starts << m;
                m_cells.insert(key(day, time), cell);
            }
        }
    }
    for (const Booked &slot : std::as_const(m_slots)) {
        if (slot.day < m_monday || slot.day > sunday || !m_error.isEmpty())
            continue;
        const QString k = key(slot.day, slot.time);
        const bool made = m_cells.contains(k);
        starts << minutes(slot.time);
        Cell cell = m_cells.value(k);
        cell.slotId = slot.id;
        const QDateTime local = m_zone.isValid() ? QDateTime(slot.day, QTime::fromString(slot.time, QStringLiteral("HH:mm")), m_zone)
                                                 : QDateTime();
        const bool begun = local.isValid() && local <= now;
        if (slot.customerId) {
            cell.kind = Kind::Booked;
            cell.customer = m_customers.value(slot.customerId, tr("customer %1").arg(slot.customerId));
            // The demo's explicit slots have no hours behind them: only a made slot can fall outside.
            cell.outsideHours = !made && !m_hours.isEmpty();
        } else {
            cell.kind = begun ? Kind::Begun : m_closed.contains(slot.day) ? Kind::Closed : Kind::Free;
        }
        m_cells.insert(k, cell);
    }
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    m_times.clear();
    for (int m : std::as_const(starts))
        m_times << clock(m);

    // The title: whose week, and in which zone.
    const QString range = tr("%1 – %2").arg(locale.toString(m_monday, QLocale::ShortFormat), locale.toString(sunday, QLocale::ShortFormat));
    m_title->setText(m_officeName.isEmpty() ? range : tr("%1 · %2").arg(m_officeName, range));

    // The selection survives a refresh (the feed redraws the week at every change in the office).
    const QTableWidgetItem *current = m_grid->currentItem();
    const QString selectedTime = current && current->row() < m_grid->rowCount() && m_grid->verticalHeaderItem(current->row())
                                     ? m_grid->verticalHeaderItem(current->row())->text()
                                     : QString();
    const int selectedColumn = current ? current->column() : -1;
    m_grid->clear();
    m_grid->setRowCount(int(m_times.size()));
    QStringList headers;
    for (int i = 0; i < 7; ++i) {
        const QDate day = m_monday.addDays(i);
        QString header = locale.dayName(day.dayOfWeek(), QLocale::ShortFormat) + QLatin1Char('\n') +
                         locale.toString(day, QLocale::ShortFormat);
        if (m_closed.contains(day))
            header += QLatin1Char('\n') + tr("closed");
        else if (day == today())
            header += QLatin1Char('\n') + tr("today");
        headers << header;
    }
    m_grid->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < 7; ++i) {
        const QDate day = m_monday.addDays(i);
        QTableWidgetItem *header = m_grid->horizontalHeaderItem(i);
        if (m_closed.contains(day))
            header->setToolTip(dataToolTip(locale.toString(day, QLocale::LongFormat) + QLatin1Char('\n') + closedText(day)));
        else
            header->setToolTip(locale.toString(day, QLocale::LongFormat));
    }
    m_grid->setVerticalHeaderLabels(m_times);
    for (int r = 0; r < m_times.size(); ++r) {
        for (int c = 0; c < 7; ++c) {
            const QDate day = m_monday.addDays(c);
            const Cell cell = cellAt(day, m_times.at(r));
            auto *item = new QTableWidgetItem;
            item->setForeground(QColor(Qt::black));
            const QString when = tr("%1 at %2").arg(locale.toString(day, QLocale::LongFormat), m_times.at(r));
            switch (cell.kind) {
            case Kind::Outside:
                item->setForeground(palette().color(QPalette::Text));
                break;
            case Kind::Free:
                item->setBackground(kFree);
                item->setToolTip(tr("%1: free (slot %2)").arg(when).arg(cell.slotId));
                break;
            case Kind::Begun:
                item->setBackground(kBegun);
                item->setToolTip(tr("%1: begun").arg(when));
                break;
            case Kind::Closed:
                item->setBackground(kClosed);
                item->setToolTip(dataToolTip(closedText(day)));
                break;
            case Kind::Booked:
                item->setText(visibleText(cell.customer));  // a stored bidi control shown, not obeyed
                item->setBackground(cell.outsideHours ? kBookedOutside : kBooked);
                item->setToolTip(dataToolTip(cell.outsideHours ? tr("%1: %2 (slot %3), outside the opening hours: kept as booked")
                                                                     .arg(when, cell.customer).arg(cell.slotId)
                                                               : tr("%1: %2 (slot %3)").arg(when, cell.customer).arg(cell.slotId)));
                break;
            }
            item->setData(Qt::UserRole, cell.slotId);
            m_grid->setItem(r, c, item);
        }
    }
    if (shown == m_monday && rowOf(selectedTime) >= 0 && selectedColumn >= 0)
        m_grid->setCurrentCell(rowOf(selectedTime), selectedColumn);
    m_shownMonday = m_monday;

    if (!m_error.isEmpty()) {
        m_status->setText(m_error);
    } else {
        int booked = 0, free = 0;
        for (const Cell &cell : std::as_const(m_cells)) {
            booked += cell.kind == Kind::Booked;
            free += cell.kind == Kind::Free;
        }
        QString zone = m_zone.isValid() ? m_zoneName : tr("%1 (a zone this machine cannot read: times as the office writes them)").arg(m_zoneName);
        if (!m_calendar.value(QLatin1String("time_zone_set")).toBool(true))
            zone = tr("%1, the machine's (the office has set none)").arg(zone);
        QString text = tr("Times in %1 · %n booked", nullptr, booked).arg(zone) + tr(" · %n free", nullptr, free);
        if (m_hours.isEmpty())
            text += tr(" · no opening hours: only the slots the office holds");
        m_status->setText(text);
    }
    updateButtons();
}

QString WeekView::closedText(const QDate &day) const
{
    const QString reason = m_closed.value(day);
    return reason.isEmpty() ? tr("Closed") : tr("Closed: %1").arg(reason);
}

WeekView::Cell WeekView::cellAt(const QDate &day, const QString &time) const
{
    return m_cells.value(key(day, time));
}

const WeekView::Cell *WeekView::selectedCell(QDate *day) const
{
    const QList<QTableWidgetItem *> items = m_grid->selectedItems();
    if (items.isEmpty())
        return nullptr;
    const int row = items.first()->row(), column = items.first()->column();
    if (row < 0 || row >= m_times.size())
        return nullptr;
    const QDate d = m_monday.addDays(column);
    if (day)
        *day = d;
    const auto it = m_cells.constFind(key(d, m_times.at(row)));
    return it == m_cells.constEnd() ? nullptr : &*it;
}

void WeekView::updateButtons()
{
    QDate day;
    const Cell *cell = selectedCell(&day);
    if (!cell && !m_grid->selectedItems().isEmpty())
        day = m_monday.addDays(m_grid->selectedItems().first()->column());
    const bool booked = cell && cell->kind == Kind::Booked;
    const bool connected = m_error.isEmpty();
    bool settings = false;
    for (auto it = m_actions.begin(); it != m_actions.end(); ++it) {
        const QString &tool = it.key();
        const bool offered = m_tools.contains(tool);
        it.value()->setVisible(offered);
        if (QToolButton *button = m_bookingButtons.value(tool))
            button->setVisible(offered);
        else
            settings = settings || offered;
        bool enabled = connected && !m_busy;
        if (tool == QLatin1String("cancel_booking") || tool == QLatin1String("move_booking"))
            enabled = enabled && booked;
        else if (tool == QLatin1String("open_day"))
            enabled = enabled && day.isValid() && m_closed.contains(day);
        it.value()->setEnabled(enabled);
    }
    m_settings->setVisible(settings);
    m_settings->setEnabled(connected && !m_busy);
    if (m_moving) {
        m_hint->setText(tr("Moving the booking of slot %1: click a free slot to move it to (Esc to stop).").arg(m_moving));
        m_hint->show();
    } else {
        m_hint->hide();
    }
}

void WeekView::cellClicked(int row, int column)
{
    if (!m_moving || row < 0 || row >= m_times.size())
        return;
    const Cell cell = cellAt(m_monday.addDays(column), m_times.at(row));
    if (cell.kind != Kind::Free)
        return;  // only a free slot can take it; the hint stays
    const qint64 from = m_moving;
    m_moving = 0;
    updateButtons();
    emit actionRequested(QStringLiteral("move_booking"), {{QStringLiteral("slot_id"), from}, {QStringLiteral("to_slot_id"), cell.slotId}});
}

void WeekView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_moving) {
        m_moving = 0;
        updateButtons();
        return;
    }
    QWidget::keyPressEvent(event);
}

void WeekView::request(const QString &tool)
{
    QDate day;
    const Cell *cell = selectedCell(&day);
    if (tool == QLatin1String("move_booking")) {
        if (cell && cell->kind == Kind::Booked)
            m_moving = cell->slotId;
        updateButtons();
        return;
    }
    QJsonObject preset;
    if (tool == QLatin1String("cancel_booking") && cell)
        preset.insert(QStringLiteral("slot_id"), cell->slotId);
    else if (tool == QLatin1String("close_days") && day.isValid())
        preset.insert(QStringLiteral("from"), day.toString(Qt::ISODate));
    else if (tool == QLatin1String("open_day") && day.isValid())
        preset.insert(QStringLiteral("day"), day.toString(Qt::ISODate));
    else if (tool == QLatin1String("set_office")) {
        if (m_calendar.value(QLatin1String("time_zone_set")).toBool())
            preset.insert(QStringLiteral("time_zone"), m_zoneName);
        if (!m_officeName.isEmpty())
            preset.insert(QStringLiteral("name"), m_officeName);
        preset.insert(QStringLiteral("horizon_days"), m_horizon);
    }
    emit actionRequested(tool, preset);
}
