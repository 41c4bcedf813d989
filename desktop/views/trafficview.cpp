#include "trafficview.h"

#include "datalabel.h"
#include "trafficlog.h"

#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

TrafficView::TrafficView(TrafficLog *log, QWidget *parent)
    : QWidget(parent)
    , m_log(log)
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit)
    , m_table(new QTableView)
    , m_detail(new QPlainTextEdit)
{
    m_proxy->setSourceModel(log);
    m_proxy->setFilterRole(TrafficLog::SearchRole);
    m_proxy->setFilterKeyColumn(0);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_filter->setObjectName(QStringLiteral("trafficFilter"));
    m_filter->setPlaceholderText(tr("Filter: method, id, direction or any text in the message"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    auto *count = new QLabel;
    bar->addWidget(count);
    auto *clear = new QPushButton(tr("Clear"));
    clear->setObjectName(QStringLiteral("trafficClear"));
    bar->addWidget(clear);
    auto *exportButton = new QPushButton(tr("Export JSONL…"));
    exportButton->setObjectName(QStringLiteral("trafficExport"));
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    m_table->setObjectName(QStringLiteral("trafficTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(TrafficLog::TimeColumn, 110);
    m_table->setColumnWidth(TrafficLog::DirectionColumn, 60);
    m_table->setColumnWidth(TrafficLog::KindColumn, 90);
    m_table->setColumnWidth(TrafficLog::MethodColumn, 170);
    m_table->setColumnWidth(TrafficLog::IdColumn, 70);

    m_detail->setObjectName(QStringLiteral("trafficDetail"));
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select a message to see it in full."));

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    const auto updateCount = [this, count] {
        count->setText(tr("%1 of %2").arg(m_proxy->rowCount()).arg(m_log->count()));
    };
    connect(m_filter, &QLineEdit::textChanged, this, [this, updateCount](const QString &text) {
        m_proxy->setFilterFixedString(text);
        updateCount();
    });
    connect(clear, &QPushButton::clicked, this, [this, updateCount] {
        m_log->clear();
        m_detail->clear();
        updateCount();
    });
    connect(exportButton, &QPushButton::clicked, this, &TrafficView::exportLog);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TrafficView::showSelected);
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        QScrollBar *bar = m_table->verticalScrollBar();
        m_table->setProperty("follow", bar->value() >= bar->maximum() - 2);
    });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this, updateCount] {
        updateCount();
        if (m_table->property("follow").toBool())
            m_table->scrollToBottom();
    });
    updateCount();
}

int TrafficView::visibleRows() const
{
    return m_proxy->rowCount();
}

void TrafficView::showSelected()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const TrafficLog::Entry &entry = m_log->entry(current.row());
    const QString heading = QStringLiteral("// %1 %2 %3\n")
                                .arg(entry.time.toString(Qt::ISODateWithMs),
                                     entry.outgoing ? tr("office-desk → office-mcp") : tr("office-mcp → office-desk"),
                                     entry.method);
    m_detail->setPlainText(visibleText(heading + m_log->prettyJson(current.row())));
}

void TrafficView::exportLog()
{
    auto *dialog = new QFileDialog(this, tr("Export traffic as JSONL"), QString(), tr("JSON Lines (*.jsonl);;All files (*)"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("jsonl"));
    dialog->selectFile(QStringLiteral("office-mcp-traffic.jsonl"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        QString error;
        if (!m_log->exportJsonl(path, &error)) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"),
                                        tr("Could not write %1: %2").arg(path, error), QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    });
    dialog->open();
}
