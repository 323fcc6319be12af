#include "widgets/design/DesignAutosave.h"

#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignFiles.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QLockFile>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <vector>

namespace keyplan::widgets {

namespace {

const QString kDesignSuffix = QStringLiteral(".keyplan.json");
const QString kMetaSuffix = QStringLiteral(".autosave.json");
const QString kLockSuffix = QStringLiteral(".lock");

}  // namespace

DesignAutosave::DesignAutosave(DesignFiles* files, QWidget* dialogParent, QObject* parent)
    : QObject(parent), files_(files), document_(files->document()), dialogParent_(dialogParent), timer_(new QTimer(this)),
      session_(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    prompts_ = defaultPrompts();

    QDir().mkpath(directory());
    lock_ = std::make_unique<QLockFile>(QDir(directory()).filePath(session_ + kLockSuffix));
    lock_->setStaleLockTime(0);
    lock_->tryLock(0);

    timer_->setSingleShot(true);
    timer_->setInterval(10000);
    connect(timer_, &QTimer::timeout, this, &DesignAutosave::saveNow);
    // The first edit makes the document modified only after its change is signalled (the undo
    // stack moves on after the command ran), so both signals start the timer.
    connect(document_, &DesignDocument::designChanged, this, [this] {
        if (!timer_->isActive() && document_->isModified()) timer_->start();
    });
    connect(document_, &DesignDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) {
            if (!timer_->isActive()) timer_->start();
        } else {
            timer_->stop();
            remove();
        }
    });
    // Another design replaces this one (the user was asked about its changes first): the
    // autosave of the one going is no longer anything to recover.
    connect(document_, &DesignDocument::aboutToResetDesign, this, &DesignAutosave::remove);
}

DesignAutosave::~DesignAutosave()
{
    if (lock_) lock_->unlock();
}

DesignAutosave::Prompts DesignAutosave::defaultPrompts()
{
    Prompts p;
    p.askRestore = [this](const QString& title, const QString& when, const QString& file) {
        const QString where = file.isEmpty() ? tr("It was never saved.") : tr("Its file is %1.").arg(file);
        return QMessageBox::question(dialogParent_, tr("Restore unsaved design?"),
                                     tr("Keyplan was not closed properly. The design \"%1\" has changes from %2 that "
                                        "were not saved. %3\n\nRestore them?")
                                         .arg(title, when, where),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
    };
    p.showError = [this](const QString& message) { QMessageBox::critical(dialogParent_, tr("Keyplan"), message); };
    return p;
}

QString DesignAutosave::directory() const
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

void DesignAutosave::setInterval(int milliseconds) { timer_->setInterval(milliseconds); }

bool DesignAutosave::write(const QString& directory, const QString& session, const design::Design& design,
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

bool DesignAutosave::saveNow()
{
    if (!document_->isModified()) {
        remove();
        return false;
    }
    QString error;
    if (!write(directory(), session_, document_->design(), document_->filePath(), &error)) {
        Q_EMIT statusMessage(tr("Autosave failed: %1").arg(error));
        return false;
    }
    return true;
}

void DesignAutosave::discard()
{
    timer_->stop();
    remove();
}

void DesignAutosave::remove()
{
    const QDir dir(directory());
    QFile::remove(dir.filePath(session_ + kDesignSuffix));
    QFile::remove(dir.filePath(session_ + kMetaSuffix));
}

bool DesignAutosave::offerRestore()
{
    const QDir dir(directory());
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
    design::Design restored;
    try {
        restored = design::loadDesignFile(designPath);
    } catch (const json::FormatError& e) {
        prompts_.showError(tr("The autosave cannot be read.\n\n%1").arg(QString::fromStdString(e.what())));
        return false;  // left in place: nothing is deleted that could not be restored
    }
    files_->replaceDesign(std::move(restored), newest.file, true);
    // Ours now: written under this session before the orphan goes, so no moment without a copy.
    saveNow();
    forget();
    Q_EMIT statusMessage(tr("Restored the unsaved design \"%1\"").arg(document_->title()));
    return true;
}

}  // namespace keyplan::widgets
