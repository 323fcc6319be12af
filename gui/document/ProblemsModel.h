// Every problem the analysis finds in the design, worst first: each access pattern one request
// does not serve (its verdict and why), and every lint finding (hot partitions, unbounded
// collections, key-template rules, unused indexes, ...), each with the object that causes it so
// a click can show it.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QAbstractTableModel>

#include <vector>

namespace keyplan::widgets {

class ProblemsModel final : public QAbstractTableModel, public ModelPalette {
    Q_OBJECT
public:
    enum Column { SeverityColumn, SubjectColumn, RuleColumn, MessageColumn, ColumnCount };

    struct Problem {
        int severity = 0;  // 2 error, 1 warning, 0 info
        QString subject;   // "Pattern 6 · Customer by email", "Entity Order · GSI1PK", "Index GSI1"
        QString rule;      // "needs a Scan", "hot-partition", ...
        QString message;
        DesignTarget target;
        QString keyAttribute;  // the key concerned, for an entity's finding
        QString index;         // the index concerned, for a finding about one
        int verdict = -1;      // analysis::Verdict for a pattern's problem
        int requests = 1;
    };

    explicit ProblemsModel(DesignDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Problem* problem(int row) const;
    int count(int severity) const;

Q_SIGNALS:
    void problemsChanged();

private:
    void rebuild();
    DesignDocument* document_;
    std::vector<Problem> problems_;
};

}  // namespace keyplan::widgets
