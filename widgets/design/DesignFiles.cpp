#include "widgets/design/DesignFiles.h"

#include "design/DesignFile.h"
#include "widgets/common/Icons.h"
#include "document/DesignDocument.h"
#include "widgets/design/RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>

namespace keyplan::widgets {

namespace {

const QString kDesignSuffix = QStringLiteral(".keyplan.json");
const QString kFilter = QObject::tr("Keyplan designs (*.keyplan.json);;JSON files (*.json);;All files (*)");

QString sampleDirectory() { return QStringLiteral(":/samples"); }

}  // namespace

DesignFiles::DesignFiles(DesignDocument* document, QWidget* dialogParent, QObject* parent)
    : QObject(parent), document_(document), dialogParent_(dialogParent)
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

    connect(document_, &DesignDocument::modifiedChanged, this, &DesignFiles::updateTitle);
    connect(document_, &DesignDocument::filePathChanged, this, &DesignFiles::updateTitle);
    connect(document_, &DesignDocument::infoChanged, this, &DesignFiles::updateTitle);
    connect(document_, &DesignDocument::designReset, this, &DesignFiles::updateTitle);
}

DesignFiles::~DesignFiles()
{
    delete samplesMenu_;
    delete recentMenu_;
}

DesignFiles::Prompts DesignFiles::defaultPrompts()
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
    p.showError = [this](const QString& message) { QMessageBox::critical(dialogParent_, tr("Keyplan"), message); };
    return p;
}

// ---- Samples ----

QStringList DesignFiles::samplePaths()
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

QString DesignFiles::sampleTitle(const QString& samplePath)
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

bool DesignFiles::maybeSave()
{
    if (!document_->isModified()) return true;
    switch (prompts_.askToSave(document_->title())) {
    case SaveChoice::Save: return save();
    case SaveChoice::Discard: return true;
    case SaveChoice::Cancel: return false;
    }
    return false;
}

void DesignFiles::replaceDesign(design::Design design, const QString& filePath, bool modified)
{
    document_->resetDesign(std::move(design), filePath, modified);
    Q_EMIT documentReplaced();
}

bool DesignFiles::newDesign()
{
    if (!maybeSave()) return false;
    // No name yet: the title says "Untitled", then the file's name once saved, until the designer
    // names the design (the field above the design tree).
    replaceDesign(design::Design{});
    Q_EMIT statusMessage(tr("New design"));
    return true;
}

bool DesignFiles::newFromSample(const QString& samplePath)
{
    if (!maybeSave()) return false;
    design::Design d;
    try {
        d = design::loadDesignFile(samplePath);
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("Cannot read the sample: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    // A sample is a template: it has no file of its own, Save asks where.
    replaceDesign(std::move(d));
    Q_EMIT statusMessage(tr("New design from the sample \"%1\"").arg(document_->title()));
    return true;
}

bool DesignFiles::open(const QString& path)
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
    return load(file);
}

bool DesignFiles::load(const QString& path)
{
    design::Design d;
    try {
        d = design::loadDesignFile(path);
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("Cannot open the design.\n\n%1").arg(QString::fromStdString(e.what())));
        if (!QFileInfo::exists(path)) {
            RecentFiles::remove(path);
            rebuildRecentMenu();
        }
        return false;
    }
    replaceDesign(std::move(d), QFileInfo(path).absoluteFilePath());
    RecentFiles::add(path);
    rebuildRecentMenu();
    Q_EMIT statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool DesignFiles::save()
{
    const QString path = document_->filePath();
    // Samples and new designs have no file, and a resource cannot be written.
    if (path.isEmpty() || path.startsWith(u':')) return saveAs();
    return writeTo(path);
}

bool DesignFiles::saveAs(const QString& path)
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

bool DesignFiles::writeTo(const QString& path)
{
    QString error;
    if (!design::saveDesignFile(document_->design(), path, &error)) {
        prompts_.showError(tr("Cannot save the design to %1.\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    // Saved: the document is no longer modified, which ends its autosave (DesignAutosave).
    document_->markSaved(absolute);
    RecentFiles::add(absolute);
    rebuildRecentMenu();
    updateTitle();
    Q_EMIT statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(absolute)));
    return true;
}

void DesignFiles::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList files = RecentFiles::files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                            [this, path] {
                                                if (maybeSave()) load(path);
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

QString DesignFiles::windowTitle() const
{
    const QString file = document_->filePath().isEmpty() ? tr("not saved") : QFileInfo(document_->filePath()).fileName();
    return QStringLiteral("%1 — %2[*] — Keyplan").arg(document_->title(), file);
}

void DesignFiles::updateTitle() { Q_EMIT windowTitleChanged(windowTitle()); }

}  // namespace keyplan::widgets
