// The design document's files: New (empty, or from one of the bundled samples), Open, Save,
// Save As (.keyplan.json through design::DesignFile), the recent files, the window title, and the
// rule that unsaved changes are never dropped without asking: New, Open, a sample, an import, a
// practice round and closing the window all go through maybeSave() first.
//
// Every design that replaces the document's (a file, a sample, an import, a restored autosave)
// goes in through replaceDesign(), so documentReplaced has one sender. Import and export
// (DesignImportExport) and the autosave (DesignAutosave) are their own classes beside this one.
//
// Dialogs go through the Prompts, which tests replace.
#pragma once

#include "design/Design.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace keyplan::widgets {

class DesignDocument;

class DesignFiles final : public QObject {
    Q_OBJECT
public:
    enum class SaveChoice { Save, Discard, Cancel };
    struct Prompts {
        std::function<SaveChoice(const QString& title)> askToSave;
        std::function<QString(const QString& directory)> openFileName;   // "" = cancelled
        std::function<QString(const QString& suggestion)> saveFileName;  // "" = cancelled
        std::function<void(const QString& message)> showError;
    };

    // `dialogParent` parents the default prompts' dialogs.
    DesignFiles(DesignDocument* document, QWidget* dialogParent, QObject* parent = nullptr);
    ~DesignFiles() override;

    DesignDocument* document() const { return document_; }
    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    // Actions for the File menu, with standard shortcuts.
    QAction* newAction() const { return new_; }
    QAction* openAction() const { return open_; }
    QAction* saveAction() const { return save_; }
    QAction* saveAsAction() const { return saveAs_; }
    QMenu* samplesMenu() const { return samplesMenu_; }
    QMenu* recentMenu() const { return recentMenu_; }

    // The bundled sample designs (resource paths) and their display names.
    static QStringList samplePaths();
    static QString sampleTitle(const QString& samplePath);

    // ---- Operations (each false when the user cancelled or it failed) ----
    bool newDesign();
    bool newFromSample(const QString& samplePath);
    bool open(const QString& path = {});
    bool save();
    bool saveAs(const QString& path = {});
    // Asks to save unsaved changes: true when it is fine to go on (saved or discarded).
    bool maybeSave();
    // Puts `design` in the document in place of the current one, without asking (the caller
    // asked maybeSave() first), and signals documentReplaced. `filePath` is the design's own
    // file ("" for none); `modified` keeps it unsaved (an import, a restored autosave).
    void replaceDesign(design::Design design, const QString& filePath = {}, bool modified = false);

    // "E-commerce orders — shop.keyplan.json[*]": for QWidget::setWindowTitle with
    // setWindowModified(document->isModified()).
    QString windowTitle() const;

Q_SIGNALS:
    void windowTitleChanged(const QString& title);
    // A design was opened, created, imported or restored (not on a save).
    void documentReplaced();
    void statusMessage(const QString& message);

private:
    bool load(const QString& path);
    bool writeTo(const QString& path);
    void rebuildRecentMenu();
    void updateTitle();
    Prompts defaultPrompts();

    DesignDocument* document_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* new_;
    QAction* open_;
    QAction* save_;
    QAction* saveAs_;
    QMenu* samplesMenu_;
    QMenu* recentMenu_;
};

}  // namespace keyplan::widgets
