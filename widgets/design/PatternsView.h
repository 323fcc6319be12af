// The access patterns view: the numbered list (verdict marks, index, key condition, read units,
// dollars, last run) with add, remove and move up/down (and drag and drop), over the editor of
// the selected pattern. Selecting a pattern says which item collection it reads, for the store
// views to highlight.
#pragma once

#include "document/DesignDocument.h"

#include <QWidget>

class QAction;
class QResizeEvent;
class QSplitter;
class QTableView;

namespace keyplan::widgets {

class PatternEditor;
class PatternListModel;

class PatternsView final : public QWidget {
    Q_OBJECT
public:
    explicit PatternsView(DesignDocument* document, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    PatternListModel* model() const { return model_; }
    PatternEditor* editor() const { return editor_; }
    QAction* addAction() const { return add_; }
    QAction* removeAction() const { return remove_; }
    QAction* moveUpAction() const { return up_; }
    QAction* moveDownAction() const { return down_; }

    design::Id currentPattern() const;

public Q_SLOTS:
    void showPattern(quint64 patternId);
    // Adds a pattern numbered after the last, selects it and starts editing its name.
    void addPattern();

Q_SIGNALS:
    void patternSelected(quint64 patternId);
    // The collection the selected pattern reads (again when the analysis or a run changes it).
    void itemCollectionSelected(const keyplan::widgets::ItemCollection& collection);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void currentChanged();
    void updateActions();
    void emitCollection();

    DesignDocument* document_;
    PatternListModel* model_;
    QSplitter* splitter_ = nullptr;
    QTableView* table_;
    PatternEditor* editor_;
    QAction* add_;
    QAction* remove_;
    QAction* up_;
    QAction* down_;
    design::Id current_ = 0;
    QString lastCollection_;
};

}  // namespace keyplan::widgets
