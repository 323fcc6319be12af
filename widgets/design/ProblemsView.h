// The problems view: every failed verdict and lint finding, worst first, with a count in the
// heading; a click on one shows what causes it (the pattern, the entity and its key, the index).
#pragma once

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace keyplan::widgets {

class ProblemsModel;

class ProblemsView final : public QWidget {
    Q_OBJECT
public:
    explicit ProblemsView(DesignDocument* document, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    ProblemsModel* model() const { return model_; }
    QLabel* summary() const { return summary_; }

Q_SIGNALS:
    // The user clicked a problem: show `target` (and, for an entity, its key attribute).
    void problemActivated(const keyplan::widgets::DesignTarget& target, const QString& keyAttribute);

private:
    void updateSummary();
    DesignDocument* document_;
    ProblemsModel* model_;
    QTableView* table_ = nullptr;
    QLabel* summary_;
};

}  // namespace keyplan::widgets
