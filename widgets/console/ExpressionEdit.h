// A one-line editor for a DynamoDB expression: completes the word under the cursor (attribute
// names, #name and :value placeholders, functions and keywords) and shows whether the text
// checks out, with the problem's message as the mark's tooltip.
#pragma once

#include <QLineEdit>

class QAction;
class QCompleter;
class QStringListModel;

namespace keyplan::widgets {

class ExpressionEdit final : public QLineEdit {
    Q_OBJECT
public:
    explicit ExpressionEdit(QWidget* parent = nullptr);

    void setCompletions(const QStringList& words);
    QStringList completions() const;
    QCompleter* wordCompleter() const { return completer_; }

    // Empty clears the mark; an empty field shows no mark either way.
    void setProblem(const QString& message);
    QString problem() const { return problem_; }

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    // The expression word that ends at the cursor: letters, digits, '_', '#', ':'.
    QString wordBeforeCursor(int* start = nullptr) const;
    void insertCompletion(const QString& word);
    void updateMark();

    QCompleter* completer_;
    QStringListModel* words_;
    QAction* mark_;
    QString problem_;
};

}  // namespace keyplan::widgets
