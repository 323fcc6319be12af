#include "widgets/design/SampleDataDialog.h"

#include "analysis/SampleData.h"
#include "widgets/common/DialogButtons.h"
#include "document/DesignFormat.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
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
    counts_->setEditTriggers(QAbstractItemView::NoEditTriggers);
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

    connect(seed_, &QSpinBox::valueChanged, this, &SampleDataDialog::updatePreview);
    connect(total_, &QSpinBox::valueChanged, this, &SampleDataDialog::updatePreview);
    updatePreview();
    resize(420, 360);
}

SampleRequest SampleDataDialog::request() const
{
    return {static_cast<uint64_t>(seed_->value()), total_->value(), replace_->isChecked()};
}

void SampleDataDialog::updatePreview()
{
    // Counts only: cheap, nothing is generated here.
    const analysis::SampleData data(design_, {static_cast<uint64_t>(seed_->value()), total_->value()});
    counts_->setRowCount(static_cast<int>(data.counts().size()));
    int row = 0;
    for (const auto& [entity, count] : data.counts()) {
        counts_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(entity)));
        auto* n = new QTableWidgetItem(units(static_cast<double>(count)));
        n->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        counts_->setItem(row, 1, n);
        ++row;
    }
    summary_->setText(tr("%1 items into table %2")
                          .arg(units(static_cast<double>(data.totalItems())), QString::fromStdString(design_.table().name)));
}

}  // namespace keyplan::widgets
