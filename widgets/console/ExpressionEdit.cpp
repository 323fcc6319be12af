#include "widgets/console/ExpressionEdit.h"

#include "widgets/common/Icons.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCompleter>
#include <QKeyEvent>
#include <QMouseEvent>
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
    completer_->popup()->installEventFilter(this);
    addAction(mark_, QLineEdit::TrailingPosition);
    mark_->setVisible(false);
    connect(this, &QLineEdit::textChanged, this, &ExpressionEdit::updateMark);
    setClearButtonEnabled(false);
}

// QCompleter closes its popup on a click outside it and swallows that click: the Run button
// clicked while a completion list is open would do nothing. The click is passed on to what is
// under it once the popup is gone (a button gets the whole click; anything else the press).
bool ExpressionEdit::eventFilter(QObject* watched, QEvent* event)
{
    QAbstractItemView* popup = completer_->popup();
    if (watched != popup || event->type() != QEvent::MouseButtonPress || !popup->isVisible())
        return QLineEdit::eventFilter(watched, event);
    auto* press = static_cast<QMouseEvent*>(event);
    const QPointF global = press->globalPosition();
    if (popup->rect().contains(popup->mapFromGlobal(global.toPoint()))) return QLineEdit::eventFilter(watched, event);
    popup->hide();
    QWidget* target = QApplication::widgetAt(global.toPoint());
    if (!target) return true;
    QWidget* receiver = target;
    while (receiver && !qobject_cast<QAbstractButton*>(receiver)) receiver = receiver->parentWidget();
    if (!receiver) receiver = target;
    const QPointF local = receiver->mapFromGlobal(global);
    QMouseEvent replayed(QEvent::MouseButtonPress, local, global, press->button(), press->buttons(), press->modifiers());
    QCoreApplication::sendEvent(receiver, &replayed);
    if (qobject_cast<QAbstractButton*>(receiver)) {
        // The real release goes to the closed popup; the button needs one to click.
        QMouseEvent release(QEvent::MouseButtonRelease, local, global, press->button(), Qt::NoButton, press->modifiers());
        QCoreApplication::sendEvent(receiver, &release);
    }
    return true;
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
