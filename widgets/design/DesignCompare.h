// File > Compare with…: the open design beside another version of it, either another design file or
// its own file at a git revision (`git show REV:./file`, from the file's folder). The comparison opens
// in a window of its own (DesignComparisonView) and stays as it was when made; the document is not
// touched.
//
// Dialogs go through the Prompts, which tests replace.
#pragma once

#include "design/Design.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace keyplan::widgets {

class DesignDocument;
class DesignComparisonView;

// The other version to compare with.
struct CompareSource {
    enum class Kind { File, GitRevision };
    Kind kind = Kind::File;
    QString value;  // a file, or a revision ("HEAD", "main~2", a hash)
};

// `file` as it was at `revision` in its git repository; nullopt and *error when git cannot say
// (not in a repository, no such revision, the file not in it, git missing).
std::optional<QByteArray> gitShow(const QString& file, const QString& revision, QString* error);

class DesignCompare final : public QObject {
    Q_OBJECT
public:
    struct Prompts {
        // What to compare with; nullopt when cancelled. `file` is the open design's file ("" for none).
        std::function<std::optional<CompareSource>(const QString& file)> chooseSource;
        std::function<void(const QString& message)> showError;
    };

    DesignCompare(DesignDocument* document, QWidget* dialogParent, QObject* parent = nullptr);

    QAction* compareAction() const { return compare_; }
    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    // Asks what to compare with, then shows the comparison (the other version before, the open design
    // after); the view, or null when cancelled or the other version cannot be read.
    DesignComparisonView* compare();
    DesignComparisonView* compareWith(const CompareSource& source);

private:
    Prompts defaultPrompts();

    DesignDocument* document_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* compare_;
};

}  // namespace keyplan::widgets
