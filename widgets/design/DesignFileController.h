// File handling for the design document: New (empty, or from one of the bundled samples), Open,
// Save, Save As (.keyplan.json through design::DesignFile), the recent files, Import of a NoSQL
// Workbench model and Export to every io format (access-patterns.md, Workbench JSON,
// CloudFormation JSON and YAML, Python and JavaScript code), and the rule that
// unsaved changes are never lost: New, Open and closing the window ask first, and the design is
// autosaved while it has unsaved changes, so a crash is recovered at the next start.
//
// Autosave: every session writes to QStandardPaths::AppDataLocation/autosave/<session>.keyplan.json
// with a <session>.autosave.json beside it ({"file": the design's own path or "", "title",
// "time"}) and holds <session>.lock while it runs. A saved or discarded design removes its
// autosave. At start, an autosave whose lock nobody holds belongs to a session that ended without
// cleaning up (a crash): the newest is offered for restore.
//
// Dialogs go through the Prompts, which tests replace.
#pragma once

#include "widgets/design/DesignDocument.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <QByteArray>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QAction;
class QLockFile;
class QMenu;
class QTimer;
class QWidget;

namespace keyplan::widgets {

class DesignFileController final : public QObject {
    Q_OBJECT
public:
    enum class SaveChoice { Save, Discard, Cancel };
    struct Prompts {
        std::function<SaveChoice(const QString& title)> askToSave;
        std::function<QString(const QString& directory)> openFileName;   // "" = cancelled
        std::function<QString(const QString& suggestion)> saveFileName;  // "" = cancelled
        // `when` is the autosave's time, `title` the design's.
        std::function<bool(const QString& title, const QString& when, const QString& file)> askRestore;
        std::function<void(const QString& message)> showError;
        // Import and Export: a file to read or write, given a suggestion and a file-dialog filter.
        std::function<QString(const QString& directory, const QString& filter)> importFileName;
        std::function<QString(const QString& suggestion, const QString& filter)> exportFileName;
        // What an import inferred or an export could not hold, one sentence a line.
        std::function<void(const QString& title, const QStringList& lines)> showNotes;
    };

    // `dialogParent` parents the default prompts' dialogs. Checks for an autosave to restore
    // only when restoreAutosave() is called (the window does it once it is shown).
    DesignFileController(DesignDocument* document, QWidget* dialogParent, QObject* parent = nullptr);
    ~DesignFileController() override;

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    // Actions for the File menu, with standard shortcuts.
    QAction* newAction() const { return new_; }
    QAction* openAction() const { return open_; }
    QAction* saveAction() const { return save_; }
    QAction* saveAsAction() const { return saveAs_; }
    QMenu* samplesMenu() const { return samplesMenu_; }
    QMenu* recentMenu() const { return recentMenu_; }
    QAction* importWorkbenchAction() const { return importWorkbench_; }
    QAction* importOneTableAction() const { return importOneTable_; }
    // One action per io::ExportFormat, in io::exportFormats() order.
    QMenu* exportMenu() const { return exportMenu_; }

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
    // For the window's closeEvent: maybeSave(), then the autosave is no longer needed.
    bool close();
    // A NoSQL Workbench model becomes the (unsaved) design.
    bool importWorkbench(const QString& path = {});
    // Reads a dynamodb-onetable schema (JSON) into a new, unsaved design named after the file.
    bool importOneTable(const QString& path = {});
    // A design made from something other than a file (a table's sample): replaces the document,
    // unsaved, after asking to save the current one; `source` names where it came from.
    bool openUnsaved(design::Design design, const QString& source, const QStringList& notes);
    // `format` is an io::ExportFormat; writes the design in it (asks where without `path`).
    bool exportAs(int format, const QString& path = {});
    // The layouts as pictures (the table in the file chosen, each index beside it as
    // NAME-INDEX.svg/.png) or the HTML design document, drawn with the design's example items.
    enum class Drawing { Svg, Png, Html };
    bool exportDrawing(Drawing drawing, const QString& path = {});
    // The files a picture export writes for `file`: the table's, then each index's.
    QStringList drawingFiles(const QString& file) const;

    // "E-commerce orders — shop.keyplan.json[*]": for QWidget::setWindowTitle with
    // setWindowModified(document->isModified()).
    QString windowTitle() const;

    // ---- Autosave ----
    QString autosaveDirectory() const;
    QString sessionName() const { return session_; }
    void setAutosaveInterval(int milliseconds);
    // Writes the autosave now if there are unsaved changes (else removes it); returns whether one
    // was written.
    bool autosaveNow();
    // Offers the newest orphaned autosave (see above); true if one was restored.
    bool restoreAutosave();
    // Writes `design` as the autosave of session `session` (what a session does on its timer).
    static bool writeAutosave(const QString& directory, const QString& session, const design::Design& design,
                              const QString& originalFile, QString* error = nullptr);

Q_SIGNALS:
    void windowTitleChanged(const QString& title);
    // A design was opened, created or restored (not on a save).
    void documentReplaced();
    void statusMessage(const QString& message);

private:
    // A file to import, as read.
    struct ImportFile {
        QString path;
        QByteArray bytes;
        std::string_view text() const { return {bytes.constData(), static_cast<size_t>(bytes.size())}; }
    };
    // Asks for the file (unless `path` is given) and reads it; nullopt when the user cancelled or
    // it cannot be read (the error is shown).
    std::optional<ImportFile> readImportFile(const QString& path, const QString& filter);
    struct ParsedImport {
        design::Design design;
        std::vector<std::string> notes;  // what the importer inferred or could not hold
    };
    // Every file import: asks to save, reads the file (readImportFile), parses it with `parse`
    // (a json::FormatError says where `what`, e.g. "a OneTable schema", is wrong) and adopts it.
    bool importFile(const QString& path, const QString& filter, const QString& what,
                    const std::function<ParsedImport(const ImportFile&)>& parse);
    // An imported design replaces the document, unsaved; `source` names it in the status line.
    bool adoptImport(design::Design design, const QString& source, const QString& notesTitle, const QStringList& notes);
    bool load(const QString& path, bool addToRecent);
    bool writeTo(const QString& path);
    void removeAutosave();
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
    QAction* importWorkbench_;
    QAction* importOneTable_;
    QMenu* exportMenu_;
    QTimer* autosave_;
    QString session_;
    std::unique_ptr<QLockFile> lock_;
};

}  // namespace keyplan::widgets
