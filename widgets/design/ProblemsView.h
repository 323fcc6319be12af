// The problems view: every failed verdict and lint finding, worst first, with a count in the
// heading; a click on one shows what causes it (the pattern, the entity and its key, the index).
#pragma once

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QWidget>

class QLabel;
class QPushButton;
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
    // Under a selected multi-attribute-key finding: what converting the index saves, and the
    // button that does it (one undoable edit).
    QLabel* conversionText() const { return conversionText_; }
    QPushButton* convertButton() const { return convert_; }

Q_SIGNALS:
    // The user clicked a problem: show `target` (and, for an entity, its key attribute).
    void problemActivated(const keyplan::widgets::DesignTarget& target, const QString& keyAttribute);

private:
    void updateSummary();
    void updateConversion();
    DesignDocument* document_;
    ProblemsModel* model_;
    QTableView* table_ = nullptr;
    QLabel* summary_;
    QWidget* conversion_;
    QLabel* conversionText_;
    QPushButton* convert_;
    QString convertIndex_;
};

}  // namespace keyplan::widgets
