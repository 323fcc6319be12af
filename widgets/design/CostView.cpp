#include "widgets/design/CostView.h"

#include "widgets/common/PaletteFollower.h"

#include "document/CostTableModel.h"
#include "document/DefaultRates.h"
#include "document/DesignFormat.h"
#include "widgets/design/DesignItemDelegate.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace keyplan::widgets {

CostView::CostView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), model_(new CostTableModel(document, this))
{
    followPalette(this, [model = model_](const QPalette& palette) { model->setPalette(palette); });
    prices_ = new QLabel(this);
    prices_->setObjectName(QStringLiteral("prices"));
    prices_->setWordWrap(true);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("costTable"));
    table_->setAccessibleName(tr("Cost of each pattern and entity"));
    table_->setModel(model_);
    table_->setItemDelegate(new DesignItemDelegate(document_, table_));
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked | QAbstractItemView::AnyKeyPressed);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(CostTableModel::ItemColumn, QHeaderView::Stretch);

    defaults_ = new QLabel(this);
    defaults_->setObjectName(QStringLiteral("defaultRates"));
    defaults_->setWordWrap(true);
    defaults_->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(prices_);
    layout->addWidget(defaults_);
    layout->addWidget(table_, 1);

    connect(document_, &DesignDocument::pricesChanged, this, &CostView::refreshPrices);
    connect(document_, &DesignDocument::designReset, this, &CostView::refreshPrices);
    connect(DefaultRates::of(document_), &DefaultRates::changed, this, &CostView::refreshDefaults);
    refreshPrices();
    refreshDefaults();
}

void CostView::refreshDefaults()
{
    const QString which = DefaultRates::of(document_)->defaultsText();
    defaults_->setText(which.isEmpty() ? QString()
                                       : tr("<b>Resting on default rates:</b> %1. Their costs are guesses until you set the "
                                            "rates (double-click a Rate cell).")
                                             .arg(which.toHtmlEscaped()));
    defaults_->setVisible(!which.isEmpty());
}

QString CostView::defaultsText() const { return defaults_->isHidden() ? QString() : defaults_->text(); }

void CostView::refreshPrices()
{
    const design::PriceTable& p = document_->design().prices();
    prices_->setText(
        tr("Prices for <b>%1</b> as of <b>%2</b> (%3): on demand %4 per million reads and %5 per million "
           "writes; provisioned %6 per RCU-hour and %7 per WCU-hour, %8 hours a month.")
            .arg(QString::fromStdString(p.region).toHtmlEscaped(), QString::fromStdString(p.date).toHtmlEscaped(),
                 QString::fromStdString(p.source).toHtmlEscaped(), QStringLiteral("$%1").arg(p.onDemandReadPerMillion),
                 QStringLiteral("$%1").arg(p.onDemandWritePerMillion), QStringLiteral("$%1").arg(p.provisionedReadPerHour),
                 QStringLiteral("$%1").arg(p.provisionedWritePerHour), units(p.hoursPerMonth)));
}

void CostView::showPattern(quint64 patternId)
{
    const int row = model_->rowOfPattern(patternId);
    if (row >= 0) table_->setCurrentIndex(model_->index(row, CostTableModel::RateColumn));
}

void CostView::showEntity(quint64 entityId)
{
    const int row = model_->rowOfEntity(entityId);
    if (row >= 0) table_->setCurrentIndex(model_->index(row, CostTableModel::RateColumn));
}

}  // namespace keyplan::widgets
