// The cost view: what the design costs a month at the traffic it declares, pattern by pattern and
// entity by entity, on demand and provisioned, with the price table's region and date above it so
// the figures are never read without knowing where they hold. Rates are edited in place.
#pragma once

#include "document/DesignDocument.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace keyplan::widgets {

class CostTableModel;

class CostView final : public QWidget {
    Q_OBJECT
public:
    explicit CostView(DesignDocument* document, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    CostTableModel* model() const { return model_; }
    QLabel* pricesLabel() const { return prices_; }
    // The line naming the patterns and entities whose costs rest on default rates ("" if none).
    QString defaultsText() const;

public Q_SLOTS:
    void showPattern(quint64 patternId);
    void showEntity(quint64 entityId);

private:
    void refreshPrices();
    void refreshDefaults();
    DesignDocument* document_;
    CostTableModel* model_;
    QTableView* table_;
    QLabel* prices_;
    QLabel* defaults_;
};

}  // namespace keyplan::widgets
