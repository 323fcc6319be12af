#include "document/DesignCommands.h"

#include <algorithm>

namespace keyplan::widgets {

namespace {

template <class T>
constexpr DesignDocument::Part partOf();
template <>
constexpr DesignDocument::Part partOf<design::Index>()
{
    return DesignDocument::Part::Index;
}
template <>
constexpr DesignDocument::Part partOf<design::Entity>()
{
    return DesignDocument::Part::Entity;
}
template <>
constexpr DesignDocument::Part partOf<design::AccessPattern>()
{
    return DesignDocument::Part::Pattern;
}

}  // namespace

template <class T>
InsertCommand<T>::InsertCommand(DesignDocument* document, int row, T value, const QString& text)
    : QUndoCommand(text), document_(document), row_(row), value_(std::move(value))
{
}

template <class T>
void InsertCommand<T>::redo()
{
    document_->applyInsert(row_, value_);
}

template <class T>
void InsertCommand<T>::undo()
{
    document_->applyRemove(partOf<T>(), row_);
}

template <class T>
RemoveCommand<T>::RemoveCommand(DesignDocument* document, int row, T value, const QString& text)
    : QUndoCommand(text), document_(document), row_(row), value_(std::move(value))
{
}

template <class T>
void RemoveCommand<T>::redo()
{
    document_->applyRemove(partOf<T>(), row_);
}

template <class T>
void RemoveCommand<T>::undo()
{
    document_->applyInsert(row_, value_);
}

MoveCommand::MoveCommand(DesignDocument* document, DesignDocument::Part part, int from, int to, const QString& text)
    : QUndoCommand(text), document_(document), part_(part), from_(from), to_(to)
{
    if (part_ == DesignDocument::Part::Pattern) {
        for (const auto& p : document_->design().patterns()) numbersBefore_.push_back(p.number);
    }
}

void MoveCommand::redo()
{
    document_->applyMove(part_, from_, to_);
    renumber(true);
}

void MoveCommand::undo()
{
    document_->applyMove(part_, to_, from_);
    renumber(false);
}

// Pattern numbers follow the list: after a move the same numbers are handed out in ascending
// order; the undo gives every row its number back.
void MoveCommand::renumber(bool forward)
{
    if (part_ != DesignDocument::Part::Pattern) return;
    std::vector<int> numbers = numbersBefore_;
    if (forward) std::sort(numbers.begin(), numbers.end());
    const auto& patterns = document_->design().patterns();
    for (size_t row = 0; row < patterns.size() && row < numbers.size(); ++row) {
        if (patterns[row].number == numbers[row]) continue;
        design::AccessPattern p = patterns[row];
        p.number = numbers[row];
        document_->applyReplace(static_cast<int>(row), p);
    }
}

template <class T>
ReplaceCommand<T>::ReplaceCommand(DesignDocument* document, int row, T before, T after, const QString& text,
                                  const QString& mergeKey)
    : QUndoCommand(text), document_(document), row_(row), before_(std::move(before)), after_(std::move(after)),
      mergeKey_(mergeKey), session_(document->typingSession())
{
}

template <class T>
void ReplaceCommand<T>::redo()
{
    document_->applyReplace(row_, after_);
}

template <class T>
void ReplaceCommand<T>::undo()
{
    document_->applyReplace(row_, before_);
}

template <class T>
int ReplaceCommand<T>::id() const
{
    return mergeKey_.isEmpty() ? -1 : ReplaceCommandId + 16 * static_cast<int>(partOf<T>());
}

template <class T>
bool ReplaceCommand<T>::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const ReplaceCommand<T>*>(other);
    if (!next || next->row_ != row_ || next->mergeKey_ != mergeKey_ || next->session_ != session_) return false;
    after_ = next->after_;
    setText(next->text());
    // Typing back to where it started leaves nothing to undo.
    T a = after_;
    T b = before_;
    a.id = b.id = 0;
    setObsolete(a == b);
    return true;
}

DesignCommand::DesignCommand(DesignDocument* document, design::Design before, design::Design after, const QString& text,
                             const QString& mergeKey)
    : QUndoCommand(text), document_(document), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey),
      session_(document->typingSession())
{
}

void DesignCommand::redo() { document_->applyDesign(after_); }

void DesignCommand::undo() { document_->applyDesign(before_); }

int DesignCommand::id() const { return mergeKey_.isEmpty() ? -1 : DesignCommandIdValue; }

bool DesignCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const DesignCommand*>(other);
    if (!next || next->mergeKey_ != mergeKey_ || next->session_ != session_) return false;
    after_ = next->after_;
    setText(next->text());
    return true;
}

template class InsertCommand<design::Index>;
template class InsertCommand<design::Entity>;
template class InsertCommand<design::AccessPattern>;
template class RemoveCommand<design::Index>;
template class RemoveCommand<design::Entity>;
template class RemoveCommand<design::AccessPattern>;
template class ReplaceCommand<design::Index>;
template class ReplaceCommand<design::Entity>;
template class ReplaceCommand<design::AccessPattern>;

}  // namespace keyplan::widgets
