// Everything about one access pattern: name, description, inputs, what it returns, order, page
// size, traffic, consistency, whether it is served by a request or from the table's stream (and by
// what reader), a forced index and key condition (checked as typed), and the
// planner's verdict with its explanation right under it, so a change shows its effect at once.
// Typing in a field is one undo entry per field and visit.
#pragma once

#include "document/DesignDocument.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableView;

namespace keyplan::widgets {

class PatternInputsModel;
class PatternReturnsModel;

class PatternEditor final : public QWidget {
    Q_OBJECT
public:
    explicit PatternEditor(DesignDocument* document, QWidget* parent = nullptr);

    void setPattern(design::Id patternId);
    design::Id patternId() const { return patternId_; }

    // For tests and the window's focus handling.
    QLineEdit* nameEdit() const { return name_; }
    QPlainTextEdit* descriptionEdit() const { return description_; }
    QLineEdit* keyConditionEdit() const { return keyCondition_; }
    QComboBox* indexCombo() const { return index_; }
    QComboBox* servedCombo() const { return served_; }
    QComboBox* streamReaderCombo() const { return streamReader_; }
    QDoubleSpinBox* rateSpin() const { return rate_; }
    QTableView* inputsView() const { return inputsView_; }
    QTableView* returnsView() const { return returnsView_; }
    PatternInputsModel* inputsModel() const { return inputs_; }
    PatternReturnsModel* returnsModel() const { return returns_; }
    QLabel* verdictLabel() const { return verdict_; }
    QLabel* keyConditionError() const { return keyConditionError_; }
    QSpinBox* pageSizeSpin() const { return pageSize_; }
    // Under the page size: how many items a call reads, from the Returns' items per call and it.
    QLabel* pageNote() const { return pageNote_; }

private:
    void buildFields();
    void layOut();
    void connectEdits();
    const design::AccessPattern* pattern() const;
    void refresh();
    void refreshVerdict();
    void refreshPageNote();
    void commit(const design::AccessPattern& changed, const QString& text, const QString& mergeKey);
    void keyConditionEdited(const QString& text);
    QWidget* tableWithButtons(QTableView* view, class PatternPartModel* model, const QString& addText);

    DesignDocument* document_;
    design::Id patternId_ = 0;
    bool refreshing_ = false;

    QLabel* heading_;
    QLineEdit* name_;
    QPlainTextEdit* description_;
    QLineEdit* result_;
    PatternInputsModel* inputs_;
    PatternReturnsModel* returns_;
    QTableView* inputsView_;
    QTableView* returnsView_;
    QLineEdit* attributes_;
    QComboBox* order_;
    QLineEdit* orderBy_;
    QSpinBox* pageSize_;
    QLabel* pageNote_;
    QDoubleSpinBox* rate_;
    QComboBox* consistency_;
    QComboBox* served_;
    QComboBox* streamReader_;
    QComboBox* index_;
    QLineEdit* keyCondition_;
    QLabel* keyConditionError_;
    QLabel* verdict_;
};

}  // namespace keyplan::widgets
