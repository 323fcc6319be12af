#include "widgets/design/SampleDataDialog.h"

#include "analysis/SampleData.h"
#include "widgets/common/DialogButtons.h"
#include "document/DesignFormat.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLocale>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace keyplan::widgets {

SampleDataDialog::SampleDataDialog(const design::Design& design, const SampleRequest& initial, QWidget* parent)
    : QDialog(parent), design_(design)
{
    setWindowTitle(tr("Generate sample data"));
    seed_ = new QSpinBox(this);
    seed_->setObjectName(QStringLiteral("seed"));
    seed_->setRange(0, 2147483647);
    seed_->setValue(static_cast<int>(initial.seed));
    seed_->setToolTip(tr("The same seed makes the same items, on every run and machine"));
    total_ = new QSpinBox(this);
    total_->setObjectName(QStringLiteral("totalItems"));
    total_->setRange(0, 100000000);
    total_->setSingleStep(1000);
    total_->setGroupSeparatorShown(true);
    total_->setSpecialValueText(tr("the design's counts"));
    total_->setValue(static_cast<int>(initial.totalItems));
    total_->setToolTip(tr("About this many items in all: the roots' counts are scaled, children follow"));
    replace_ = new QCheckBox(tr("Replace the table's items (delete the table first)"), this);
    replace_->setChecked(initial.replaceTable);
    counts_ = new QTableWidget(0, 2, this);
    counts_->setHorizontalHeaderLabels({tr("Entity"), tr("Items")});
    counts_->verticalHeader()->hide();
    counts_->horizontalHeader()->setStretchLastSection(true);
    // The Items cells take a count: typing, a double click or Enter edits, and Enter commits.
    counts_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    counts_->installEventFilter(this);
    typed_ = initial.counts;
    counts_->setColumnWidth(0, 180);
    summary_ = new QLabel(this);

    auto* form = new QFormLayout;
    form->addRow(tr("&Seed"), seed_);
    form->addRow(tr("&Items in all"), total_);
    form->addRow(QString(), replace_);
    QDialogButtonBox* buttons = acceptCancelButtons(this, tr("Generate"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(counts_, 1);
    layout->addWidget(summary_);
    layout->addWidget(buttons);

    connect(counts_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (!filling_ && item->column() == 1) countEdited(item->row());
    });
    connect(seed_, &QSpinBox::valueChanged, this, &SampleDataDialog::updatePreview);
    connect(total_, &QSpinBox::valueChanged, this, &SampleDataDialog::updatePreview);
    updatePreview();
    resize(420, 360);
}

SampleRequest SampleDataDialog::request() const
{
    return {static_cast<uint64_t>(seed_->value()), total_->value(), replace_->isChecked(), typed_};
}

bool SampleDataDialog::eventFilter(QObject* watched, QEvent* event)
{
    // Enter on a count cell edits it; the dialog's default button must not take it and generate.
    if (watched == counts_ && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        // Editing already, the editor takes the key first and commits; opening it again is a no-op.
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && counts_->currentIndex().isValid()) {
            const QModelIndex at = counts_->currentIndex();
            counts_->edit(at.sibling(at.row(), 1));
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void SampleDataDialog::countEdited(int row)
{
    const QString entity = counts_->item(row, 0)->text();
    bool ok = false;
    const qlonglong n = QLocale().toLongLong(counts_->item(row, 1)->text().remove(QLocale().groupSeparator()), &ok);
    if (ok && n >= 0) typed_[entity.toStdString()] = n;
    // Shown again whatever was typed: the preview says what will be made.
    QTimer::singleShot(0, this, &SampleDataDialog::updatePreview);
}

void SampleDataDialog::updatePreview()
{
    // Counts only: cheap, nothing is generated here.
    analysis::SampleOptions options;
    options.seed = static_cast<uint64_t>(seed_->value());
    options.totalItems = total_->value();
    options.counts = typed_;
    const analysis::SampleData data(design_, options);
    filling_ = true;
    counts_->setRowCount(static_cast<int>(data.counts().size()));
    int row = 0;
    for (const auto& [entity, count] : data.counts()) {
        auto* name = new QTableWidgetItem(QString::fromStdString(entity));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        counts_->setItem(row, 0, name);
        auto* n = new QTableWidgetItem(units(static_cast<double>(count)));
        n->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        n->setToolTip(tr("Type a count for this generation; a child's items per parent follow it"));
        counts_->setItem(row, 1, n);
        ++row;
    }
    filling_ = false;
    summary_->setText(tr("%1 items into table %2")
                          .arg(units(static_cast<double>(data.totalItems())), QString::fromStdString(design_.table().name)));
}

}  // namespace keyplan::widgets
