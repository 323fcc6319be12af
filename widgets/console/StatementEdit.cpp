#include "widgets/console/StatementEdit.h"

#include "widgets/console/PopupClickThrough.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStringListModel>

namespace keyplan::widgets {

StatementEdit::StatementEdit(QWidget* parent)
    : QPlainTextEdit(parent), completer_(new QCompleter(this)), words_(new QStringListModel(this))
{
    completer_->setModel(words_);
    completer_->setWidget(this);
    completer_->setCompletionMode(QCompleter::PopupCompletion);
    // StatementCompletion has already chosen the words (a typed Or matches "Orders"): the
    // completer shows them all rather than filter them again.
    completer_->setCompletionPrefix(QString());
    completer_->setModelSorting(QCompleter::UnsortedModel);
    completer_->popup()->setAccessibleName(tr("Completions"));
    // A click on Run while the list is open closes it and runs.
    new PopupClickThrough(completer_->popup());
    connect(completer_, qOverload<const QString&>(&QCompleter::activated), this, &StatementEdit::insertCompletion);
    setTabChangesFocus(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

void StatementEdit::setCatalog(StatementCatalog catalog) { catalog_ = std::move(catalog); }

void StatementEdit::insertCompletion(const QString& word)
{
    QTextCursor cursor = textCursor();
    cursor.setPosition(wordStart_, QTextCursor::KeepAnchor);
    cursor.insertText(word);
    setTextCursor(cursor);
}

bool StatementEdit::showCompletions() { return complete(true); }

bool StatementEdit::complete(bool forced)
{
    const StatementCompletion completion = completeStatement(toPlainText(), textCursor().position(), catalog_);
    wordStart_ = completion.start;
    // Unasked, only a word begun is completed (not a number, a string or an operator typed).
    if (completion.words.isEmpty() || (!forced && completion.prefix.isEmpty())) {
        completer_->popup()->hide();
        return false;
    }
    words_->setStringList(completion.words);
    completer_->setCompletionPrefix(QString());
    completer_->popup()->setCurrentIndex(completer_->completionModel()->index(0, 0));
    QRect rect = cursorRect();
    rect.setWidth(completer_->popup()->sizeHintForColumn(0) + completer_->popup()->verticalScrollBar()->sizeHint().width() + 8);
    completer_->complete(rect);
    return true;
}

void StatementEdit::keyPressEvent(QKeyEvent* event)
{
    if (completer_->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab: event->ignore(); return;  // the completer takes these
        default: break;
        }
    }
    const bool forced = event->key() == Qt::Key_Space && (event->modifiers() & Qt::ControlModifier);
    if (forced) {
        showCompletions();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    // Complete once a word has begun, or a quote or a dot has opened a name.
    const QString typed = event->text();
    const bool control = event->modifiers() & (Qt::ControlModifier | Qt::AltModifier);
    if (typed.isEmpty() || control ||
        !(typed.at(0).isLetterOrNumber() || typed == QLatin1String("_") || typed == QLatin1String("\"") ||
          typed == QLatin1String("."))) {
        completer_->popup()->hide();
        return;
    }
    complete(false);
}

}  // namespace keyplan::widgets
