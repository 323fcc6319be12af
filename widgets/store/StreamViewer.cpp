#include "widgets/store/StreamViewer.h"

#include "jobs/Job.h"
#include "store/Store.h"
#include "widgets/store/StreamRecordsModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

struct Polled {
    store::StreamTail tail;
    store::StreamTail::Poll poll;
};

}  // namespace

StreamViewer::StreamViewer(store::Store& store, QWidget* parent)
    : QWidget(parent), store_(store), model_(new StreamRecordsModel(this)), timer_(new QTimer(this))
{
    setAccessibleName(tr("Stream records"));
    table_ = new QComboBox(this);
    table_->setObjectName(QStringLiteral("streamTable"));
    table_->setMinimumContentsLength(16);
    table_->setAccessibleName(tr("Table"));
    follow_ = new QCheckBox(tr("&Follow"), this);
    follow_->setObjectName(QStringLiteral("streamFollow"));
    follow_->setChecked(true);
    follow_->setToolTip(tr("Read the stream once a second while this view is shown"));
    clear_ = new QToolButton(this);
    clear_->setText(tr("Clear"));
    clear_->setToolTip(tr("Clear the records shown (the stream keeps them)"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("streamStatus"));
    status_->setWordWrap(true);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("streamRecords"));
    view_->setAccessibleName(tr("Change records"));
    view_->setModel(model_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    // The images take the room; when, what and where fit their text.
    QHeaderView* header = view_->horizontalHeader();
    for (int column : {StreamRecordsModel::TimeColumn, StreamRecordsModel::EventColumn, StreamRecordsModel::SizeColumn,
                       StreamRecordsModel::SequenceColumn})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    for (int column : {StreamRecordsModel::KeysColumn, StreamRecordsModel::NewImageColumn, StreamRecordsModel::OldImageColumn})
        header->setSectionResizeMode(column, QHeaderView::Stretch);
    view_->setWordWrap(false);

    auto* bar = new QHBoxLayout;
    auto* tableLabel = new QLabel(tr("&Table"), this);
    tableLabel->setBuddy(table_);
    bar->addWidget(tableLabel);
    bar->addWidget(table_);
    bar->addWidget(follow_);
    bar->addWidget(clear_);
    bar->addWidget(status_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(view_, 1);

    timer_->setInterval(1000);
    connect(timer_, &QTimer::timeout, this, [this] {
        if (isVisible() && follow_->isChecked()) poll();
    });
    timer_->start();
    connect(table_, &QComboBox::activated, this, [this] { showTable(table_->currentText()); });
    connect(follow_, &QCheckBox::toggled, this, [this](bool on) {
        if (on) poll();
    });
    connect(clear_, &QToolButton::clicked, this, &StreamViewer::clear);
    setStatus(tr("Pick a table to follow its stream."));
}

void StreamViewer::setInterval(int milliseconds) { timer_->setInterval(milliseconds); }

void StreamViewer::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (table_->count() == 0) reloadTables();
}

void StreamViewer::reloadTables()
{
    ++generation_;  // the store may be another: what a poll in flight reads is not shown
    Jobs::instance().run<std::vector<std::string>>(
        this,
        [&store = store_] {
            std::vector<std::string> names;
            store::ListTablesRequest request;
            for (;;) {
                store::ListTablesResponse page = store.listTables(request);
                names.insert(names.end(), page.tableNames.begin(), page.tableNames.end());
                if (!page.lastEvaluatedTableName) break;
                request.exclusiveStartTableName = page.lastEvaluatedTableName;
            }
            return names;
        },
        [this](Outcome<std::vector<std::string>> outcome) {
            if (!outcome.ok()) {
                setStatus(outcome.errorText());
                return;
            }
            const QString before = tail_ ? QString::fromStdString(tail_->tableName()) : QString();
            table_->clear();
            for (const std::string& name : *outcome.value) table_->addItem(QString::fromStdString(name));
            const int at = before.isEmpty() ? (table_->count() ? 0 : -1) : table_->findText(before);
            table_->setCurrentIndex(at);
            if (at >= 0) showTable(table_->itemText(at));
            else {
                tail_.reset();
                model_->clear();
                setStatus(table_->count() ? tr("Pick a table to follow its stream.") : tr("The store has no tables."));
            }
        });
}

void StreamViewer::showTable(const QString& table)
{
    ++generation_;
    tail_.emplace(table.toStdString());
    model_->clear();
    shown_ = 0;
    if (table_->currentText() != table) table_->setCurrentIndex(table_->findText(table));
    setStatus(tr("Reading the stream of %1\u2026").arg(table));
    poll();
}

void StreamViewer::clear() { model_->clear(); }

void StreamViewer::poll()
{
    if (!tail_) return;
    if (Jobs::instance().isBusy(this)) {
        pending_ = true;
        return;
    }
    const int generation = generation_;
    Jobs::instance().run<Polled>(
        this,
        [tail = *tail_, &store = store_]() mutable {
            store::StreamTail::Poll p = tail.poll(store);
            return Polled{std::move(tail), std::move(p)};
        },
        [this, generation](Outcome<Polled> outcome) {
            if (generation == generation_) {
                if (outcome.ok()) polled(std::move(outcome.value->tail), std::move(outcome.value->poll));
                else setStatus(outcome.errorText());
            }
            if (pending_) {
                pending_ = false;
                poll();
            }
        });
}

void StreamViewer::polled(store::StreamTail tail, store::StreamTail::Poll poll)
{
    const QString table = QString::fromStdString(tail.tableName());
    tail_ = std::move(tail);
    if (poll.streamArn.empty()) {
        model_->clear();
        setStatus(tr("%1 has no stream: turn one on in Table and indexes (Stream) and deploy, or send UpdateTable "
                     "with a StreamSpecification.")
                      .arg(table));
        return;
    }
    if (poll.newStream && shown_ > 0) {
        model_->clear();  // records of the table's earlier stream
        shown_ = 0;
    }
    QScrollBar* bar = view_->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    shown_ += static_cast<qint64>(poll.records.size());
    model_->append(std::move(poll.records));
    if (atEnd) view_->scrollToBottom();
    const QString count = shown_ == 1 ? tr("1 record") : tr("%1 records").arg(shown_);
    QString text = tr("%1 stream of %2: %3 since it was opened").arg(QString::fromStdString(poll.viewType), table, count);
    if (poll.trimmed) text += tr("; records older than 24 hours were trimmed before they could be read");
    setStatus(text);
}

void StreamViewer::setStatus(const QString& text) { status_->setText(text); }

}  // namespace keyplan::widgets
