#include "widgets/store/TableImportDialog.h"

#include "widgets/common/DialogButtons.h"
#include "widgets/common/TitleFit.h"
#include "widgets/store/ImportedDesign.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace keyplan::widgets {

TableImportDialog::TableImportDialog(const StoreLocation& where, const QStringList& tables, QWidget* parent)
    : QDialog(parent), explanation_(new QLabel(this)), table_(new QComboBox(this)), sample_(new QSpinBox(this))
{
    setWindowTitle(tr("Import design from table"));
    explanation_->setObjectName(QStringLiteral("importExplanation"));
    explanation_->setTextFormat(Qt::PlainText);
    explanation_->setWordWrap(true);
    // Where on a line of its own, so a long URL is never broken.
    explanation_->setText(where.isRemote()
                              ? tr("Reads the first items of a table with a Scan, which consumes the table's read capacity, and "
                                   "infers the entities and key templates of a new, unsaved design.\n\nEndpoint: %1")
                                    .arg(where.text())
                              : tr("Reads the first items of a table and infers the entities and key templates of a new, "
                                   "unsaved design.\n\nStore: %1")
                                    .arg(where.text()));
    table_->setObjectName(QStringLiteral("importTable"));
    table_->addItems(tables);
    // The longest name whole: tables are told apart by their suffixes (orders-prod, orders-test).
    table_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    sample_->setObjectName(QStringLiteral("importSample"));
    sample_->setRange(1, 1000000);
    sample_->setGroupSeparatorShown(true);
    sample_->setValue(kDefaultTableSample);
    sample_->setSuffix(tr(" items"));

    auto* form = new QFormLayout;
    form->addRow(tr("Table:"), table_);
    form->addRow(tr("Read at most:"), sample_);
    QDialogButtonBox* buttons = acceptCancelButtons(this, tr("&Import"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation_);
    layout->addLayout(form);
    layout->addWidget(buttons);
    // The explanation wraps in lines of a readable length (the endpoint's URL on one of them), at
    // least as wide as the title and the form need.
    widenToTitle(this);
    const int readable = 52 * explanation_->fontMetrics().averageCharWidth();
    explanation_->setMinimumWidth(
        std::max({readable, form->sizeHint().width(), minimumWidth() - 2 * layout->contentsMargins().left()}));
}

QString TableImportDialog::table() const { return table_->currentText(); }

int TableImportDialog::sampleItems() const { return sample_->value(); }

QString TableImportDialog::explanation() const { return explanation_->text(); }

}  // namespace keyplan::widgets
