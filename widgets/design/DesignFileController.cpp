#include "widgets/design/DesignFileController.h"

#include "analysis/IndexLayout.h"
#include "design/DesignFile.h"
#include "io/Export.h"
#include "io/OneTable.h"
#include "io/Workbench.h"
#include "widgets/common/Icons.h"
#include "widgets/common/TitleFit.h"
#include "widgets/design/RecentFiles.h"
#include "widgets/render/DesignDocumentHtml.h"
#include "widgets/render/LayoutPicture.h"

#include <QAction>
#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <algorithm>

namespace keyplan::widgets {

namespace {

const QString kDesignSuffix = QStringLiteral(".keyplan.json");
const QString kMetaSuffix = QStringLiteral(".autosave.json");
const QString kLockSuffix = QStringLiteral(".lock");
const QString kFilter = QObject::tr("Keyplan designs (*.keyplan.json);;JSON files (*.json);;All files (*)");

QString sampleDirectory() { return QStringLiteral(":/samples"); }

QString exportTitle(io::ExportFormat format)
{
    switch (format) {
    case io::ExportFormat::Markdown: return QObject::tr("Access Patterns (&Markdown)…");
    case io::ExportFormat::Workbench: return QObject::tr("NoSQL &Workbench Model…");
    case io::ExportFormat::CloudFormationJson: return QObject::tr("&CloudFormation Template (JSON)…");
    case io::ExportFormat::CloudFormationYaml: return QObject::tr("CloudFormation Template (&YAML)…");
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

DesignFileController::DesignFileController(DesignDocument* document, QWidget* dialogParent, QObject* parent)
    : QObject(parent), document_(document), dialogParent_(dialogParent), autosave_(new QTimer(this)),
      session_(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    prompts_ = defaultPrompts();

    new_ = new QAction(tr("&New"), this);
    new_->setShortcut(QKeySequence::New);
    new_->setToolTip(tr("Start an empty design"));
    open_ = new QAction(icon(QStringLiteral("open")), tr("&Open…"), this);
    open_->setShortcut(QKeySequence::Open);
    save_ = new QAction(tr("&Save"), this);
    save_->setShortcut(QKeySequence::Save);
    saveAs_ = new QAction(tr("Save &As…"), this);
    saveAs_->setShortcut(QKeySequence::SaveAs);
    connect(new_, &QAction::triggered, this, [this] { newDesign(); });
    connect(open_, &QAction::triggered, this, [this] { open(); });
    connect(save_, &QAction::triggered, this, [this] { save(); });
    connect(saveAs_, &QAction::triggered, this, [this] { saveAs(); });

    samplesMenu_ = new QMenu(tr("New from &Sample"));
    for (const QString& path : samplePaths()) {
        samplesMenu_->addAction(sampleTitle(path), this, [this, path] { newFromSample(path); });
    }
    recentMenu_ = new QMenu(tr("Open &Recent"));
    rebuildRecentMenu();

    importWorkbench_ = new QAction(icon(QStringLiteral("load")), tr("&Import NoSQL Workbench Model…"), this);
    importWorkbench_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    importWorkbench_->setToolTip(tr("Make a design of a NoSQL Workbench data model (its JSON file)"));
    connect(importWorkbench_, &QAction::triggered, this, [this] { importWorkbench(); });
    importOneTable_ = new QAction(tr("Import &OneTable Schema…"), this);
    importOneTable_->setToolTip(tr("Make a design of a dynamodb-onetable schema (its JSON file)"));
    connect(importOneTable_, &QAction::triggered, this, [this] { importOneTable(); });
    exportMenu_ = new QMenu(tr("&Export"));
    for (const io::ExportFormat format : io::exportFormats()) {
        QAction* a = exportMenu_->addAction(exportTitle(format), this, [this, format] { exportAs(int(format)); });
        if (format == io::ExportFormat::Markdown) a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    }
    exportMenu_->addSeparator();
    exportMenu_->addAction(tr("Layout Pictures (&SVG)…"), this, [this] { exportDrawing(Drawing::Svg); });
    exportMenu_->addAction(tr("Layout Pictures (P&NG)…"), this, [this] { exportDrawing(Drawing::Png); });
    exportMenu_->addAction(tr("Design &Document (HTML)…"), this, [this] { exportDrawing(Drawing::Html); });

    QDir().mkpath(autosaveDirectory());
    lock_ = std::make_unique<QLockFile>(QDir(autosaveDirectory()).filePath(session_ + kLockSuffix));
    lock_->setStaleLockTime(0);
    lock_->tryLock(0);

    autosave_->setSingleShot(true);
    autosave_->setInterval(10000);
    connect(autosave_, &QTimer::timeout, this, &DesignFileController::autosaveNow);
    // The first edit makes the document modified only after its change is signalled (the undo
    // stack moves on after the command ran), so both signals start the timer.
    connect(document_, &DesignDocument::designChanged, this, [this] {
        if (!autosave_->isActive() && document_->isModified()) autosave_->start();
    });
    connect(document_, &DesignDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) {
            if (!autosave_->isActive()) autosave_->start();
        } else {
            autosave_->stop();
            removeAutosave();
        }
        updateTitle();
    });
    connect(document_, &DesignDocument::filePathChanged, this, &DesignFileController::updateTitle);
    connect(document_, &DesignDocument::infoChanged, this, &DesignFileController::updateTitle);
    connect(document_, &DesignDocument::designReset, this, &DesignFileController::updateTitle);
}

DesignFileController::~DesignFileController()
{
    delete samplesMenu_;
    delete recentMenu_;
    delete exportMenu_;
    // close() removed the autosave if the user saved or discarded; one still here holds changes
    // nobody decided about, and with the lock gone the next start offers it.
    if (lock_) lock_->unlock();
}

DesignFileController::Prompts DesignFileController::defaultPrompts()
{
    Prompts p;
    p.askToSave = [this](const QString& title) {
        const auto answer = QMessageBox::warning(
            dialogParent_, tr("Unsaved changes"),
            tr("The design \"%1\" has changes that are not saved.\nSave them first?").arg(title),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save      ? SaveChoice::Save
               : answer == QMessageBox::Discard ? SaveChoice::Discard
                                                : SaveChoice::Cancel;
    };
    p.openFileName = [this](const QString& directory) {
        return QFileDialog::getOpenFileName(dialogParent_, tr("Open design"), directory, kFilter);
    };
    p.saveFileName = [this](const QString& suggestion) {
        QString path = QFileDialog::getSaveFileName(dialogParent_, tr("Save design"), suggestion, kFilter);
        if (!path.isEmpty() && !path.endsWith(QStringLiteral(".json"))) path += kDesignSuffix;
        return path;
    };
    p.askRestore = [this](const QString& title, const QString& when, const QString& file) {
        const QString where = file.isEmpty() ? tr("It was never saved.") : tr("Its file is %1.").arg(file);
        return QMessageBox::question(dialogParent_, tr("Restore unsaved design?"),
                                     tr("Keyplan was not closed properly. The design \"%1\" has changes from %2 that "
                                        "were not saved. %3\n\nRestore them?")
                                         .arg(title, when, where),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
    };
    p.showError = [this](const QString& message) { QMessageBox::critical(dialogParent_, tr("Keyplan"), message); };
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
    return p;
}

// ---- Samples ----

QStringList DesignFileController::samplePaths()
{
    // The samples are compiled into the library with the icons (resources/keyplan.qrc).
    initResources();
    QStringList out;
    const QDir dir(sampleDirectory());
    // The e-commerce sample first: it is the one the window opens with.
    QStringList names = dir.entryList({QStringLiteral("*") + kDesignSuffix}, QDir::Files, QDir::Name);
    const qsizetype shop = names.indexOf(QStringLiteral("ecommerce") + kDesignSuffix);
    if (shop > 0) names.move(shop, 0);
    for (const QString& name : names) out << dir.filePath(name);
    return out;
}

QString DesignFileController::sampleTitle(const QString& samplePath)
{
    try {
        const design::Design d = design::loadDesignFile(samplePath);
        if (!d.name().empty()) return QString::fromStdString(d.name());
    } catch (const json::FormatError&) {
        // Named by its file below.
    }
    QString name = QFileInfo(samplePath).fileName();
    name.chop(kDesignSuffix.size());
    return name;
}

// ---- Operations ----

bool DesignFileController::maybeSave()
{
    if (!document_->isModified()) return true;
    switch (prompts_.askToSave(document_->title())) {
    case SaveChoice::Save: return save();
    case SaveChoice::Discard: return true;
    case SaveChoice::Cancel: return false;
    }
    return false;
}

bool DesignFileController::close()
{
    if (!maybeSave()) return false;
    autosave_->stop();
    removeAutosave();
    return true;
}

bool DesignFileController::newDesign()
{
    if (!maybeSave()) return false;
    // No name yet: the title says "Untitled", then the file's name once saved, until the designer
    // names the design (the field above the design tree).
    design::Design d;
    removeAutosave();
    document_->resetDesign(std::move(d));
    Q_EMIT documentReplaced();
    Q_EMIT statusMessage(tr("New design"));
    return true;
}

bool DesignFileController::newFromSample(const QString& samplePath)
{
    if (!maybeSave()) return false;
    try {
        design::Design d = design::loadDesignFile(samplePath);
        removeAutosave();
        // A sample is a template: it has no file of its own, Save asks where.
        document_->resetDesign(std::move(d));
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("Cannot read the sample: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    Q_EMIT documentReplaced();
    Q_EMIT statusMessage(tr("New design from the sample \"%1\"").arg(document_->title()));
    return true;
}

bool DesignFileController::open(const QString& path)
{
    if (!maybeSave()) return false;
    QString file = path;
    if (file.isEmpty()) {
        const QStringList recent = RecentFiles::files();
        const QString directory = !document_->filePath().isEmpty() ? QFileInfo(document_->filePath()).absolutePath()
                                  : !recent.isEmpty()              ? QFileInfo(recent.front()).absolutePath()
                                                                   : QDir::homePath();
        file = prompts_.openFileName(directory);
        if (file.isEmpty()) return false;
    }
    return load(file, true);
}

bool DesignFileController::load(const QString& path, bool addToRecent)
{
    try {
        design::Design d = design::loadDesignFile(path);
        removeAutosave();
        document_->resetDesign(std::move(d), QFileInfo(path).absoluteFilePath());
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("Cannot open the design.\n\n%1").arg(QString::fromStdString(e.what())));
        if (!QFileInfo::exists(path)) {
            RecentFiles::remove(path);
            rebuildRecentMenu();
        }
        return false;
    }
    if (addToRecent) {
        RecentFiles::add(path);
        rebuildRecentMenu();
    }
    Q_EMIT documentReplaced();
    Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool DesignFileController::save()
{
    const QString path = document_->filePath();
    // Samples and new designs have no file, and a resource cannot be written.
    if (path.isEmpty() || path.startsWith(u':')) return saveAs();
    return writeTo(path);
}

bool DesignFileController::saveAs(const QString& path)
{
    QString file = path;
    if (file.isEmpty()) {
        QString suggestion = document_->filePath();
        if (suggestion.isEmpty() || suggestion.startsWith(u':')) {
            QString base = document_->title().toLower();
            base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
            base = base.trimmed();
            while (base.startsWith(u'-')) base.remove(0, 1);
            while (base.endsWith(u'-')) base.chop(1);
            if (base.isEmpty()) base = QStringLiteral("design");
            const QStringList recent = RecentFiles::files();
            const QString dir = recent.isEmpty() ? QDir::homePath() : QFileInfo(recent.front()).absolutePath();
            suggestion = QDir(dir).filePath(base + kDesignSuffix);
        }
        file = prompts_.saveFileName(suggestion);
        if (file.isEmpty()) return false;
    }
    return writeTo(file);
}

bool DesignFileController::writeTo(const QString& path)
{
    QString error;
    if (!design::saveDesignFile(document_->design(), path, &error)) {
        prompts_.showError(tr("Cannot save the design to %1.\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    document_->markSaved(absolute);
    RecentFiles::add(absolute);
    rebuildRecentMenu();
    removeAutosave();
    updateTitle();
    Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(absolute)));
    return true;
}

void DesignFileController::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList files = RecentFiles::files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                            [this, path] {
                                                if (maybeSave()) load(path, true);
                                            });
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear the list"), this, [this] {
            RecentFiles::clear();
            rebuildRecentMenu();
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

QString DesignFileController::windowTitle() const
{
    const QString file = document_->filePath().isEmpty() ? tr("not saved") : QFileInfo(document_->filePath()).fileName();
    return QStringLiteral("%1 — %2[*] — Keyplan").arg(document_->title(), file);
}

void DesignFileController::updateTitle() { Q_EMIT windowTitleChanged(windowTitle()); }

// ---- Import and export ----

std::optional<DesignFileController::ImportFile> DesignFileController::readImportFile(const QString& path, const QString& filter)
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

bool DesignFileController::adoptImport(design::Design design, const QString& source, const QString& notesTitle,
                                       const QStringList& notes)
{
    removeAutosave();
    // Not a .keyplan.json yet: unsaved until the user saves it somewhere.
    document_->resetDesign(std::move(design), {}, true);
    Q_EMIT documentReplaced();
    Q_EMIT statusMessage(tr("Imported %1").arg(source));
    if (!notes.isEmpty()) prompts_.showNotes(notesTitle, notes);
    return true;
}

bool DesignFileController::importFile(const QString& path, const QString& filter, const QString& what,
                                      const std::function<ParsedImport(const ImportFile&)>& parse)
{
    if (!maybeSave()) return false;
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

bool DesignFileController::importOneTable(const QString& path)
{
    return importFile(path, tr("OneTable schemas (*.json);;All files (*)"), tr("a OneTable schema"), [](const ImportFile& in) {
        io::OneTableImportOptions options;
        options.tableName = QFileInfo(in.path).completeBaseName().section(u'.', 0, 0).toStdString();
        if (options.tableName.empty()) options.tableName = "Table";
        io::OneTableImport imported = io::importOneTable(in.text(), options);
        return ParsedImport{std::move(imported.design), std::move(imported.notes)};
    });
}

bool DesignFileController::importWorkbench(const QString& path)
{
    return importFile(path, tr("NoSQL Workbench models (*.json);;All files (*)"), tr("a NoSQL Workbench model"),
                      [](const ImportFile& in) {
                          io::WorkbenchImport imported = io::importWorkbench(in.text());
                          return ParsedImport{std::move(imported.design), std::move(imported.notes)};
                      });
}

bool DesignFileController::openUnsaved(design::Design design, const QString& source, const QStringList& notes)
{
    if (!maybeSave()) return false;
    return adoptImport(std::move(design), source, tr("Imported %1").arg(source), notes);
}

bool DesignFileController::exportAs(int format, const QString& path)
{
    const auto f = io::ExportFormat(format);
    QString file = path;
    if (file.isEmpty()) {
        const QString base = document_->filePath().isEmpty() || document_->filePath().startsWith(u':')
                                 ? QDir::homePath()
                                 : QFileInfo(document_->filePath()).absolutePath();
        const QString suggestion = QDir(base).filePath(QString::fromStdString(io::defaultExportFileName(document_->design(), f)));
        file = prompts_.exportFileName(suggestion, exportFilter(f));
        if (file.isEmpty()) return false;
    }
    io::ExportResult result;
    try {
        result = io::exportDesign(document_->design(), f);
    } catch (const std::exception& e) {
        prompts_.showError(tr("Cannot export the design: %1").arg(QString::fromUtf8(e.what())));
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

QStringList DesignFileController::drawingFiles(const QString& file) const
{
    QStringList files{file};
    const QFileInfo info(file);
    for (const auto& index : document_->design().indexes())
        files << info.dir().filePath(info.completeBaseName() + "-" + QString::fromStdString(index.name) + "." + info.suffix());
    return files;
}

bool DesignFileController::exportDrawing(Drawing drawing, const QString& path)
{
    const design::Design& design = document_->design();
    QString file = path;
    if (file.isEmpty()) {
        const QString base = document_->filePath().isEmpty() || document_->filePath().startsWith(u':')
                                 ? QDir::homePath()
                                 : QFileInfo(document_->filePath()).absolutePath();
        const QString table = QString::fromStdString(design.table().name);
        const QString name = drawing == Drawing::Html ? table + ".design.html"
                                                      : table + (drawing == Drawing::Svg ? ".svg" : ".png");
        const QString filter = drawing == Drawing::Html  ? tr("HTML (*.html)")
                               : drawing == Drawing::Svg ? tr("SVG (*.svg)")
                                                         : tr("PNG (*.png)");
        file = prompts_.exportFileName(QDir(base).filePath(name), filter);
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

// ---- Autosave ----

QString DesignFileController::autosaveDirectory() const
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

void DesignFileController::setAutosaveInterval(int milliseconds) { autosave_->setInterval(milliseconds); }

bool DesignFileController::writeAutosave(const QString& directory, const QString& session, const design::Design& design,
                                         const QString& originalFile, QString* error)
{
    QDir().mkpath(directory);
    const QDir dir(directory);
    if (!design::saveDesignFile(design, dir.filePath(session + kDesignSuffix), error)) return false;
    QJsonObject meta;
    meta.insert(QStringLiteral("file"), originalFile);
    meta.insert(QStringLiteral("title"), QString::fromStdString(design.name()));
    meta.insert(QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    QSaveFile out(dir.filePath(session + kMetaSuffix));
    if (!out.open(QIODevice::WriteOnly)) {
        if (error) *error = out.errorString();
        return false;
    }
    out.write(QJsonDocument(meta).toJson());
    if (!out.commit()) {
        if (error) *error = out.errorString();
        return false;
    }
    return true;
}

bool DesignFileController::autosaveNow()
{
    if (!document_->isModified()) {
        removeAutosave();
        return false;
    }
    QString error;
    if (!writeAutosave(autosaveDirectory(), session_, document_->design(), document_->filePath(), &error)) {
        Q_EMIT statusMessage(tr("Autosave failed: %1").arg(error));
        return false;
    }
    return true;
}

void DesignFileController::removeAutosave()
{
    const QDir dir(autosaveDirectory());
    QFile::remove(dir.filePath(session_ + kDesignSuffix));
    QFile::remove(dir.filePath(session_ + kMetaSuffix));
}

bool DesignFileController::restoreAutosave()
{
    const QDir dir(autosaveDirectory());
    struct Orphan {
        QString session;
        QDateTime time;
        QString file;
        QString title;
    };
    std::vector<Orphan> orphans;
    for (const QString& meta : dir.entryList({QStringLiteral("*") + kMetaSuffix}, QDir::Files)) {
        const QString session = meta.left(meta.size() - kMetaSuffix.size());
        if (session == session_) continue;
        // A running session holds its lock; one that crashed left a stale lock or none.
        QLockFile probe(dir.filePath(session + kLockSuffix));
        probe.setStaleLockTime(0);
        if (!probe.tryLock(0)) continue;
        probe.unlock();
        QFile f(dir.filePath(meta));
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        orphans.push_back({session, QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODate),
                           o.value(QStringLiteral("file")).toString(), o.value(QStringLiteral("title")).toString()});
    }
    if (orphans.empty()) return false;
    std::sort(orphans.begin(), orphans.end(), [](const Orphan& a, const Orphan& b) { return a.time > b.time; });
    const Orphan& newest = orphans.front();
    const QString designPath = dir.filePath(newest.session + kDesignSuffix);
    auto forget = [&] {
        QFile::remove(designPath);
        QFile::remove(dir.filePath(newest.session + kMetaSuffix));
    };
    if (!QFileInfo::exists(designPath)) {
        forget();
        return false;
    }
    const QString when = QLocale().toString(newest.time.toLocalTime(), QLocale::ShortFormat);
    if (!prompts_.askRestore(newest.title, when, newest.file)) {
        forget();
        return false;
    }
    try {
        design::Design d = design::loadDesignFile(designPath);
        document_->resetDesign(std::move(d), newest.file, true);
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("The autosave cannot be read.\n\n%1").arg(QString::fromStdString(e.what())));
        return false;  // left in place: nothing is deleted that could not be restored
    }
    // Ours now: written under this session before the orphan goes, so no moment without a copy.
    autosaveNow();
    forget();
    Q_EMIT documentReplaced();
    Q_EMIT statusMessage(tr("Restored the unsaved design \"%1\"").arg(document_->title()));
    return true;
}

}  // namespace keyplan::widgets
