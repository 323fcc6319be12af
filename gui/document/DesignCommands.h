// The undo commands behind every design edit. Each keeps the values it needs to go both ways and
// addresses objects by row (see DesignDocument.h for why). Replacements of one object merge while
// the user types in one field (same object, same merge key, same typing session).
#pragma once

#include "document/DesignDocument.h"

#include <QUndoCommand>

namespace keyplan::widgets {

// Command ids for QUndoCommand::id(): only replacements merge.
enum DesignCommandId { ReplaceCommandId = 0x4b50, DesignCommandIdValue = 0x4b51 };

template <class T>
class InsertCommand final : public QUndoCommand {
public:
    InsertCommand(DesignDocument* document, int row, T value, const QString& text);
    void redo() override;
    void undo() override;

private:
    DesignDocument* document_;
    int row_;
    T value_;
};

template <class T>
class RemoveCommand final : public QUndoCommand {
public:
    RemoveCommand(DesignDocument* document, int row, T value, const QString& text);
    void redo() override;
    void undo() override;

private:
    DesignDocument* document_;
    int row_;
    T value_;
};

class MoveCommand final : public QUndoCommand {
public:
    MoveCommand(DesignDocument* document, DesignDocument::Part part, int from, int to, const QString& text);
    void redo() override;
    void undo() override;

private:
    void renumber(bool forward);
    DesignDocument* document_;
    DesignDocument::Part part_;
    int from_;
    int to_;
    std::vector<int> numbersBefore_;  // patterns' numbers by row before the move
};

template <class T>
class ReplaceCommand final : public QUndoCommand {
public:
    ReplaceCommand(DesignDocument* document, int row, T before, T after, const QString& text, const QString& mergeKey);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    DesignDocument* document_;
    int row_;
    T before_;
    T after_;
    QString mergeKey_;
    int session_;
};

// A change of several parts at once (a rename with its references, a table edit that renames key
// attributes in every entity): the whole design before and after, with the same rows.
class DesignCommand final : public QUndoCommand {
public:
    DesignCommand(DesignDocument* document, design::Design before, design::Design after, const QString& text,
                  const QString& mergeKey);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    DesignDocument* document_;
    design::Design before_;
    design::Design after_;
    QString mergeKey_;
    int session_;
};

}  // namespace keyplan::widgets
