// Import and Export of the design document: a NoSQL Workbench model or a dynamodb-onetable
// schema read into a new, unsaved design; the design written in every io::ExportFormat
// (access-patterns.md, Workbench JSON, CloudFormation JSON and YAML, an AWS CDK stack, Terraform
// configuration, Python and JavaScript code, ElectroDB, OneTable, DynamoDB Toolbox), as layout
// pictures (SVG, PNG) or as the HTML design document. An import asks to save unsaved changes first and replaces the design
// through DesignFiles, like any other file.
//
// Dialogs go through the Prompts, which tests replace.
#pragma once

#include "design/Design.h"
#include "io/Export.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace keyplan::widgets {

class DesignDocument;
class DesignFiles;

class DesignImportExport final : public QObject {
    Q_OBJECT
public:
    struct Prompts {
        // A file to read or write, given a suggestion and a file-dialog filter ("" = cancelled).
        std::function<QString(const QString& directory, const QString& filter)> importFileName;
        std::function<QString(const QString& suggestion, const QString& filter)> exportFileName;
        // What an import inferred or an export could not hold, one sentence a line.
        std::function<void(const QString& title, const QStringList& lines)> showNotes;
        std::function<void(const QString& message)> showError;
    };

    // Imports replace `files`' document; `dialogParent` parents the default prompts' dialogs.
    DesignImportExport(DesignFiles* files, QWidget* dialogParent, QObject* parent = nullptr);
    ~DesignImportExport() override;

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    // Actions for the File menu.
    QAction* importWorkbenchAction() const { return importWorkbench_; }
    QAction* importOneTableAction() const { return importOneTable_; }
    // One action per io::ExportFormat, in io::exportFormats() order, a separator, then the
    // pictures and the document (Drawing order).
    QMenu* exportMenu() const { return exportMenu_; }

    // ---- Operations (each false when the user cancelled or it failed) ----
    // A NoSQL Workbench model becomes the (unsaved) design.
    bool importWorkbench(const QString& path = {});
    // Reads a dynamodb-onetable schema (JSON) into a new, unsaved design named after the file.
    bool importOneTable(const QString& path = {});
    // A design made from something other than a file (a table's sample): replaces the document,
    // unsaved, after asking to save the current one; `source` names where it came from.
    bool openUnsaved(design::Design design, const QString& source, const QStringList& notes);
    // Writes the design in `format` (asks where without `path`).
    bool exportAs(io::ExportFormat format, const QString& path = {});
    // The layouts as pictures (the table in the file chosen, each index beside it as
    // NAME-INDEX.svg/.png) or the HTML design document, drawn with the design's example items.
    enum class Drawing { Svg, Png, Html };
    bool exportDrawing(Drawing drawing, const QString& path = {});
    // The files a picture export writes for `file`: the table's, then each index's.
    QStringList drawingFiles(const QString& file) const;

Q_SIGNALS:
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
    // The folder an export is suggested in: the design's own, else the home folder.
    QString exportDirectory() const;
    Prompts defaultPrompts();

    DesignFiles* files_;
    DesignDocument* document_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* importWorkbench_;
    QAction* importOneTable_;
    QMenu* exportMenu_;
};

}  // namespace keyplan::widgets
