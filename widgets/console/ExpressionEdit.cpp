#include "widgets/console/ExpressionEdit.h"

#include "widgets/common/Icons.h"
#include "widgets/console/PopupClickThrough.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStringListModel>

namespace keyplan::widgets {

namespace {
bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('#') || c == QLatin1Char(':');
}
}  // namespace

ExpressionEdit::ExpressionEdit(QWidget* parent)
    : QLineEdit(parent), completer_(new QCompleter(this)), words_(new QStringListModel(this)), mark_(new QAction(this))
{
    completer_->setModel(words_);
    completer_->setWidget(this);
    completer_->setCompletionMode(QCompleter::PopupCompletion);
    completer_->setCaseSensitivity(Qt::CaseInsensitive);
    completer_->setFilterMode(Qt::MatchStartsWith);
    completer_->setModelSorting(QCompleter::UnsortedModel);
    connect(completer_, qOverload<const QString&>(&QCompleter::activated), this, &ExpressionEdit::insertCompletion);
    // Installed after the completer's own filter, so it sees a click outside the popup first.
    new PopupClickThrough(completer_->popup());
    addAction(mark_, QLineEdit::TrailingPosition);
    mark_->setVisible(false);
    connect(this, &QLineEdit::textChanged, this, &ExpressionEdit::updateMark);
    setClearButtonEnabled(false);
}

void ExpressionEdit::setCompletions(const QStringList& words)
{
    if (words_->stringList() != words) words_->setStringList(words);
}

QStringList ExpressionEdit::completions() const { return words_->stringList(); }

void ExpressionEdit::setProblem(const QString& message)
{
    problem_ = message;
    updateMark();
}

void ExpressionEdit::updateMark()
{
    const bool empty = text().trimmed().isEmpty();
    mark_->setVisible(!empty);
    if (empty) return;
    mark_->setIcon(colourIcon(problem_.isEmpty() ? QStringLiteral("ok") : QStringLiteral("problem")));
    mark_->setToolTip(problem_.isEmpty() ? tr("Placeholders check out") : problem_);
    setToolTip(problem_);
}

QString ExpressionEdit::wordBeforeCursor(int* start) const
{
    const QString t = text();
    int end = cursorPosition();
    int begin = end;
    while (begin > 0 && isWordChar(t[begin - 1])) --begin;
    if (start) *start = begin;
    return t.mid(begin, end - begin);
}

void ExpressionEdit::insertCompletion(const QString& word)
{
    int start = 0;
    const QString current = wordBeforeCursor(&start);
    QString t = text();
    t.replace(start, current.size(), word);
    setText(t);
    setCursorPosition(start + int(word.size()));
}

void ExpressionEdit::keyPressEvent(QKeyEvent* event)
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
    QLineEdit::keyPressEvent(event);
    // Complete once a word has begun; Ctrl+Space asks for every word.
    const bool forced = event->key() == Qt::Key_Space && (event->modifiers() & Qt::ControlModifier);
    const QString prefix = wordBeforeCursor();
    if (!forced && (prefix.isEmpty() || event->text().isEmpty())) {
        completer_->popup()->hide();
        return;
    }
    if (prefix != completer_->completionPrefix()) {
        completer_->setCompletionPrefix(prefix);
        completer_->popup()->setCurrentIndex(completer_->completionModel()->index(0, 0));
    }
    if (completer_->completionCount() == 0 || (completer_->completionCount() == 1 && completer_->currentCompletion() == prefix)) {
        completer_->popup()->hide();
        return;
    }
    QRect rect = cursorRect();
    rect.setWidth(completer_->popup()->sizeHintForColumn(0) + completer_->popup()->verticalScrollBar()->sizeHint().width() + 8);
    completer_->complete(rect);
}

}  // namespace keyplan::widgets
