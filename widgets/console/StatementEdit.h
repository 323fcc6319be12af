// The request console's PartiQL editor: a statement over a few lines that completes table names
// after FROM, INTO and UPDATE (with "Table"."Index"), attribute names of the statement's table and
// the keywords that follow them (StatementCompletion), as you type or on Ctrl+Space; Tab leaves
// the editor as it does any field, unless the completion list is open.
#pragma once

#include "widgets/console/StatementCompletion.h"

#include <QPlainTextEdit>

class QCompleter;
class QStringListModel;

namespace keyplan::widgets {

class StatementEdit final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit StatementEdit(QWidget* parent = nullptr);

    void setCatalog(StatementCatalog catalog);
    const StatementCatalog& catalog() const { return catalog_; }
    QCompleter* wordCompleter() const { return completer_; }

    // Shows what completes the word at the cursor (what Ctrl+Space does); false when nothing does.
    bool showCompletions();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void insertCompletion(const QString& word);
    bool complete(bool forced);

    QCompleter* completer_;
    QStringListModel* words_;
    StatementCatalog catalog_;
    int wordStart_ = 0;
};

}  // namespace keyplan::widgets
