#include "widgets/design/DesignImportExport.h"

#include "analysis/IndexLayout.h"
#include "io/OneTable.h"
#include "io/Workbench.h"
#include "json/FormatError.h"
#include "widgets/common/Icons.h"
#include "widgets/common/TitleFit.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignFiles.h"
#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"

#include <QAction>
#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>

namespace keyplan::widgets {

namespace {

QString exportTitle(io::ExportFormat format)
{
    switch (format) {
    case io::ExportFormat::Markdown: return QObject::tr("Access Patterns (&Markdown)…");
    case io::ExportFormat::Workbench: return QObject::tr("NoSQL &Workbench Model…");
    case io::ExportFormat::CloudFormationJson: return QObject::tr("&CloudFormation Template (JSON)…");
    case io::ExportFormat::CloudFormationYaml: return QObject::tr("CloudFormation Template (&YAML)…");
    case io::ExportFormat::Cdk: return QObject::tr("&AWS CDK Stack (TypeScript)…");
    case io::ExportFormat::Terraform: return QObject::tr("Te&rraform Configuration…");
    case io::ExportFormat::Python: return QObject::tr("&Python Code (boto3)…");
    case io::ExportFormat::JavaScript: return QObject::tr("&JavaScript Code (SDK v3)…");
    case io::ExportFormat::ElectroDb: return QObject::tr("&ElectroDB Entities…");
    case io::ExportFormat::OneTable: return QObject::tr("&OneTable Schema…");
    case io::ExportFormat::Toolbox: return QObject::tr("DynamoDB &Toolbox Entities (TypeScript)…");
    }
    return {};
}

QString exportFilter(io::ExportFormat format)
{
    switch (format) {
    case io::ExportFormat::Markdown: return QObject::tr("Markdown (*.md)");
    case io::ExportFormat::Workbench:
    case io::ExportFormat::CloudFormationJson: return QObject::tr("JSON (*.json)");
    case io::ExportFormat::CloudFormationYaml: return QObject::tr("YAML (*.yaml *.yml)");
    case io::ExportFormat::Cdk: return QObject::tr("TypeScript (*.ts)");
    case io::ExportFormat::Terraform: return QObject::tr("Terraform (*.tf)");
    case io::ExportFormat::Python: return QObject::tr("Python (*.py)");
    case io::ExportFormat::JavaScript:
    case io::ExportFormat::ElectroDb: return QObject::tr("JavaScript modules (*.mjs *.js)");
    case io::ExportFormat::OneTable: return QObject::tr("JSON (*.json)");
    case io::ExportFormat::Toolbox: return QObject::tr("TypeScript (*.ts)");
    }
    return {};
}

bool writeText(const QString& path, const std::string& text, QString* error)
{
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        *error = out.errorString();
        return false;
    }
    out.write(text.data(), static_cast<qint64>(text.size()));
    if (!out.commit()) {
        *error = out.errorString();
        return false;
    }
    return true;
}

QStringList lines(const std::vector<std::string>& sentences)
{
    QStringList out;
    for (const auto& s : sentences) out << QString::fromStdString(s);
    return out;
}

}  // namespace

DesignImportExport::DesignImportExport(DesignFiles* files, QWidget* dialogParent, QObject* parent)
    : QObject(parent), files_(files), document_(files->document()), dialogParent_(dialogParent)
{
    prompts_ = defaultPrompts();

    importWorkbench_ = new QAction(icon(QStringLiteral("load")), tr("&Import NoSQL Workbench Model…"), this);
    importWorkbench_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    importWorkbench_->setToolTip(tr("Make a design of a NoSQL Workbench data model (its JSON file)"));
    connect(importWorkbench_, &QAction::triggered, this, [this] { importWorkbench(); });
    importOneTable_ = new QAction(tr("Import &OneTable Schema…"), this);
    importOneTable_->setToolTip(tr("Make a design of a dynamodb-onetable schema (its JSON file)"));
    connect(importOneTable_, &QAction::triggered, this, [this] { importOneTable(); });
    exportMenu_ = new QMenu(tr("&Export"));
    for (const io::ExportFormat format : io::exportFormats()) {
        QAction* a = exportMenu_->addAction(exportTitle(format), this, [this, format] { exportAs(format); });
        if (format == io::ExportFormat::Markdown) a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    }
    exportMenu_->addSeparator();
    exportMenu_->addAction(tr("Layout Pictures (&SVG)…"), this, [this] { exportDrawing(Drawing::Svg); });
    exportMenu_->addAction(tr("Layout Pictures (P&NG)…"), this, [this] { exportDrawing(Drawing::Png); });
    exportMenu_->addAction(tr("Design &Document (HTML)…"), this, [this] { exportDrawing(Drawing::Html); });
}

DesignImportExport::~DesignImportExport() { delete exportMenu_; }

DesignImportExport::Prompts DesignImportExport::defaultPrompts()
{
    Prompts p;
    p.importFileName = [this](const QString& directory, const QString& filter) {
        return QFileDialog::getOpenFileName(dialogParent_, tr("Import"), directory, filter);
    };
    p.exportFileName = [this](const QString& suggestion, const QString& filter) {
        return QFileDialog::getSaveFileName(dialogParent_, tr("Export"), suggestion, filter);
    };
    p.showNotes = [this](const QString& title, const QStringList& notes) {
        QMessageBox box(QMessageBox::Information, title, title, QMessageBox::Ok, dialogParent_);
        box.setInformativeText(tr("%n note(s); see the details.", nullptr, static_cast<int>(notes.size())));
        box.setDetailedText(notes.join(u'\n'));
        widenToTitle(box);  // the title names the source, an endpoint's URL for a table
        box.exec();
    };
    p.showError = [this](const QString& message) { QMessageBox::critical(dialogParent_, tr("Keyplan"), message); };
    return p;
}

// ---- Import ----

std::optional<DesignImportExport::ImportFile> DesignImportExport::readImportFile(const QString& path, const QString& filter)
{
    ImportFile in{path, {}};
    if (in.path.isEmpty()) {
        in.path = prompts_.importFileName(QDir::homePath(), filter);
        if (in.path.isEmpty()) return std::nullopt;
    }
    QFile file(in.path);
    if (!file.open(QIODevice::ReadOnly)) {
        prompts_.showError(tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(in.path), file.errorString()));
        return std::nullopt;
    }
    in.bytes = file.readAll();
    return in;
}

bool DesignImportExport::adoptImport(design::Design design, const QString& source, const QString& notesTitle,
                                     const QStringList& notes)
{
    // Not a .keyplan.json yet: unsaved until the user saves it somewhere.
    files_->replaceDesign(std::move(design), {}, true);
    Q_EMIT statusMessage(tr("Imported %1").arg(source));
    if (!notes.isEmpty()) prompts_.showNotes(notesTitle, notes);
    return true;
}

bool DesignImportExport::importFile(const QString& path, const QString& filter, const QString& what,
                                    const std::function<ParsedImport(const ImportFile&)>& parse)
{
    if (!files_->maybeSave()) return false;
    const std::optional<ImportFile> in = readImportFile(path, filter);
    if (!in) return false;
    ParsedImport parsed;
    try {
        parsed = parse(*in);
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("%1 is not %2 Keyplan can read.\n\n%3: %4")
                               .arg(QDir::toNativeSeparators(in->path), what, QString::fromStdString(e.path()),
                                    QString::fromStdString(e.reason())));
        return false;
    }
    return adoptImport(std::move(parsed.design), QDir::toNativeSeparators(in->path),
                       tr("Imported \"%1\"").arg(QFileInfo(in->path).fileName()), lines(parsed.notes));
}

bool DesignImportExport::importOneTable(const QString& path)
{
    return importFile(path, tr("OneTable schemas (*.json);;All files (*)"), tr("a OneTable schema"), [](const ImportFile& in) {
        io::OneTableImportOptions options;
        options.tableName = QFileInfo(in.path).completeBaseName().section(u'.', 0, 0).toStdString();
        if (options.tableName.empty()) options.tableName = "Table";
        io::OneTableImport imported = io::importOneTable(in.text(), options);
        return ParsedImport{std::move(imported.design), std::move(imported.notes)};
    });
}

bool DesignImportExport::importWorkbench(const QString& path)
{
    return importFile(path, tr("NoSQL Workbench models (*.json);;All files (*)"), tr("a NoSQL Workbench model"),
                      [](const ImportFile& in) {
                          io::WorkbenchImport imported = io::importWorkbench(in.text());
                          return ParsedImport{std::move(imported.design), std::move(imported.notes)};
                      });
}

bool DesignImportExport::openUnsaved(design::Design design, const QString& source, const QStringList& notes)
{
    if (!files_->maybeSave()) return false;
    return adoptImport(std::move(design), source, tr("Imported %1").arg(source), notes);
}

// ---- Export ----

QString DesignImportExport::exportDirectory() const
{
    const QString own = document_->filePath();
    return own.isEmpty() || own.startsWith(u':') ? QDir::homePath() : QFileInfo(own).absolutePath();
}

bool DesignImportExport::exportAs(io::ExportFormat format, const QString& path)
{
    QString file = path;
    if (file.isEmpty()) {
        const QString name = QString::fromStdString(io::defaultExportFileName(document_->design(), format));
        file = prompts_.exportFileName(QDir(exportDirectory()).filePath(name), exportFilter(format));
        if (file.isEmpty()) return false;
    }
    io::ExportResult result;
    try {
        result = io::exportDesign(document_->design(), format);
    } catch (const std::exception& e) {
        prompts_.showError(tr("Cannot export the design: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (result.refused()) {
        prompts_.showError(tr("Cannot export the design as %1.\n\n%2")
                               .arg(QString::fromUtf8(io::exportFormatName(format)), QString::fromStdString(result.error)));
        return false;
    }
    QString error;
    if (!writeText(file, result.text, &error)) {
        prompts_.showError(tr("Cannot write %1.\n\n%2").arg(QDir::toNativeSeparators(file), error));
        return false;
    }
    Q_EMIT statusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(file)));
    if (!result.warnings.empty())
        prompts_.showNotes(tr("Exported \"%1\" with warnings").arg(QFileInfo(file).fileName()), lines(result.warnings));
    return true;
}

QStringList DesignImportExport::drawingFiles(const QString& file) const
{
    QStringList files{file};
    const QFileInfo info(file);
    for (const auto& index : document_->design().indexes())
        files << info.dir().filePath(info.completeBaseName() + "-" + QString::fromStdString(index.name) + "." + info.suffix());
    return files;
}

bool DesignImportExport::exportDrawing(Drawing drawing, const QString& path)
{
    const design::Design& design = document_->design();
    QString file = path;
    if (file.isEmpty()) {
        const QString table = QString::fromStdString(design.table().name);
        const QString name = drawing == Drawing::Html ? table + ".design.html"
                                                      : table + (drawing == Drawing::Svg ? ".svg" : ".png");
        const QString filter = drawing == Drawing::Html  ? tr("HTML (*.html)")
                               : drawing == Drawing::Svg ? tr("SVG (*.svg)")
                                                         : tr("PNG (*.png)");
        file = prompts_.exportFileName(QDir(exportDirectory()).filePath(name), filter);
        if (file.isEmpty()) return false;
    }
    // The layouts show example items: what the design renders, whatever data a store holds.
    const auto items = render::exampleItemsOf(design);
    std::vector<QByteArray> contents;
    if (drawing == Drawing::Html) {
        contents.push_back(QByteArray::fromStdString(render::designDocumentHtml(design)));
    } else {
        // The table in the file chosen, each index beside it (Shop.svg, Shop-GSI1.svg...).
        std::vector<std::string> scopes{""};
        for (const auto& index : design.indexes()) scopes.push_back(index.name);
        for (const std::string& scope : scopes) {
            const analysis::IndexLayout layout = analysis::layoutOf(design, scope, items);
            const render::LayoutPicture picture(design, layout);
            if (drawing == Drawing::Svg) {
                contents.push_back(picture.svg());
                continue;
            }
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            picture.image(2).save(&buffer, "PNG");
            contents.push_back(png);
        }
    }
    const QStringList files = drawing == Drawing::Html ? QStringList{file} : drawingFiles(file);
    for (int i = 0; i < files.size(); ++i) {
        QString error;
        if (!writeText(files[i], contents[static_cast<size_t>(i)].toStdString(), &error)) {
            prompts_.showError(tr("Cannot write %1.\n\n%2").arg(QDir::toNativeSeparators(files[i]), error));
            return false;
        }
    }
    Q_EMIT statusMessage(files.size() == 1 ? tr("Exported %1").arg(QDir::toNativeSeparators(file))
                                           : tr("Exported %1 and %n index picture(s) beside it", nullptr, int(files.size() - 1))
                                                 .arg(QDir::toNativeSeparators(file)));
    return true;
}

}  // namespace keyplan::widgets
