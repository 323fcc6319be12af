#include "document/DesignDocument.h"

#include "analysis/Analysis.h"
#include "jobs/Job.h"
#include "document/DesignCommands.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QPointer>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>

namespace keyplan::widgets {

using Part = DesignDocument::Part;

// One analysis off the GUI thread: its own copy of the design, and its result (written by the
// worker, read once the worker has returned).
struct DesignDocument::AnalysisJob {
    design::Design design;
    analysis::Volumes volumes;
    int generation = 0;  // the document's design it was started on (see generation_)
    std::shared_ptr<const analysis::Report> report;
    double milliseconds = 0;
};

namespace {

template <class T>
struct Traits;
template <>
struct Traits<design::Index> {
    static constexpr Part part = Part::Index;
    static const std::vector<design::Index>& list(const design::Design& d) { return d.indexes(); }
    static void add(design::Design& d, const design::Index& v, int row) { d.addIndex(v, row); }
    static void replace(design::Design& d, const design::Index& v) { d.replaceIndex(v); }
};
template <>
struct Traits<design::Entity> {
    static constexpr Part part = Part::Entity;
    static const std::vector<design::Entity>& list(const design::Design& d) { return d.entities(); }
    static void add(design::Design& d, const design::Entity& v, int row) { d.addEntity(v, row); }
    static void replace(design::Design& d, const design::Entity& v) { d.replaceEntity(v); }
};
template <>
struct Traits<design::AccessPattern> {
    static constexpr Part part = Part::Pattern;
    static const std::vector<design::AccessPattern>& list(const design::Design& d) { return d.patterns(); }
    static void add(design::Design& d, const design::AccessPattern& v, int row) { d.addPattern(v, row); }
    static void replace(design::Design& d, const design::AccessPattern& v) { d.replacePattern(v); }
};

template <class T>
bool sameValue(T a, T b)
{
    a.id = b.id = 0;
    return a == b;
}

}  // namespace

DesignDocument::DesignDocument(QObject* parent)
    : QObject(parent), design_(std::make_unique<design::Design>()), undo_(new QUndoStack(this)), analysisTimer_(new QTimer(this))
{
    analysisTimer_->setSingleShot(true);
    analysisTimer_->setInterval(0);
    connect(analysisTimer_, &QTimer::timeout, this, &DesignDocument::startAnalysis);
    connect(undo_, &QUndoStack::cleanChanged, this, [this](bool) { Q_EMIT modifiedChanged(isModified()); });
    scheduleAnalysis();
}

// A running analysis only touches its own AnalysisJob; its Job (a child) waits for it.
DesignDocument::~DesignDocument() = default;

const design::Design& DesignDocument::design() const { return *design_; }

QString DesignDocument::title() const
{
    if (!design_->name().empty()) return QString::fromStdString(design_->name());
    if (!filePath_.isEmpty()) {
        QString file = QFileInfo(filePath_).fileName();
        if (file.endsWith(QStringLiteral(".keyplan.json"))) file.chop(int(qstrlen(".keyplan.json")));
        return file;
    }
    return tr("Untitled");
}

bool DesignDocument::isModified() const { return forcedModified_ || !undo_->isClean(); }

void DesignDocument::resetDesign(design::Design design, const QString& filePath, bool modified)
{
    const bool wasModified = isModified();
    Q_EMIT aboutToResetDesign();
    *design_ = std::move(design);
    // The last report, and any analysis still running, describe the design that was replaced: its
    // ids can be the new design's ids too, so a view asking by id would get the old design's plan.
    ++generation_;
    report_.reset();
    undo_->clear();
    undo_->setClean();
    forcedModified_ = modified;
    runs_.clear();
    const bool pathChanged = filePath_ != filePath;
    filePath_ = filePath;
    Q_EMIT designReset();
    Q_EMIT designChanged();
    identity_ = identitySignature();
    Q_EMIT identityChanged();
    Q_EMIT runSummariesChanged();
    if (pathChanged) Q_EMIT filePathChanged(filePath_);
    if (wasModified != isModified()) Q_EMIT modifiedChanged(isModified());
    scheduleAnalysis();
}

void DesignDocument::markSaved(const QString& filePath)
{
    const bool wasModified = isModified();
    forcedModified_ = false;
    undo_->setClean();
    if (filePath_ != filePath) {
        filePath_ = filePath;
        Q_EMIT filePathChanged(filePath_);
    }
    if (wasModified) Q_EMIT modifiedChanged(false);
}

// ---- Analysis ----

void DesignDocument::scheduleAnalysis()
{
    pending_ = true;
    if (synchronous_) {
        waitForAnalysis();
        return;
    }
    if (!running_) analysisTimer_->start();
}

void DesignDocument::setStatedVolumes(analysis::Volumes volumes)
{
    if (volumes == volumes_) return;
    volumes_ = std::move(volumes);
    scheduleAnalysis();
}

void DesignDocument::setQuietFeedback(bool quiet)
{
    if (quiet == quiet_) return;
    quiet_ = quiet;
    Q_EMIT feedbackChanged(quiet);
}

bool DesignDocument::shows(const analysis::Finding& finding) const
{
    using Rule = analysis::Finding::Rule;
    return !quiet_ || finding.rule == Rule::Structure || finding.rule == Rule::KeyFormat;
}

void DesignDocument::startAnalysis()
{
    analysisTimer_->stop();
    if (running_ || !pending_) return;
    pending_ = false;
    running_ = true;
    auto job = std::make_shared<AnalysisJob>();
    job->design = *design_;
    job->volumes = volumes_;
    job->generation = generation_;
    job_ = job;
    analysisRun_ = Jobs::instance().run<bool>(
        this,
        [job] {
            QElapsedTimer clock;
            clock.start();
            job->report = std::make_shared<const analysis::Report>(analysis::analyze(job->design, job->volumes));
            job->milliseconds = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            return true;
        },
        [this, job](Outcome<bool>) { finishAnalysis(job); });
}

void DesignDocument::finishAnalysis(const std::shared_ptr<AnalysisJob>& job)
{
    if (job != job_) return;  // already taken in by waitForAnalysis, or superseded
    job_.reset();
    running_ = false;
    // A failed analysis leaves the last report standing; one of a replaced design is dropped.
    if (job->report && job->generation == generation_) {
        report_ = job->report;
        lastAnalysisMs_ = job->milliseconds;
        Q_EMIT analysisUpdated();
    }
    if (pending_) analysisTimer_->start();
}

void DesignDocument::waitForAnalysis()
{
    while (pending_ || running_) {
        if (running_) {
            std::shared_ptr<AnalysisJob> job = job_;
            if (analysisRun_) analysisRun_->waitForWorker();
            const bool again = pending_;
            pending_ = false;  // finishAnalysis must not start another job: we go on here
            finishAnalysis(job);
            pending_ = again;
            continue;
        }
        analysisTimer_->stop();
        pending_ = false;
        QElapsedTimer clock;
        clock.start();
        report_ = std::make_shared<const analysis::Report>(analysis::analyze(*design_, volumes_));
        lastAnalysisMs_ = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        Q_EMIT analysisUpdated();
    }
}

const analysis::PatternReport* DesignDocument::patternReport(design::Id patternId) const
{
    if (!report_) return nullptr;
    for (const auto& p : report_->patterns) {
        if (p.patternId == patternId) return &p;
    }
    return nullptr;
}

ItemCollection DesignDocument::itemCollection(design::Id patternId) const
{
    ItemCollection c;
    c.table = QString::fromStdString(design_->table().name);
    if (const design::AccessPattern* p = design_->pattern(patternId))
        c.pattern = tr("Pattern %1, %2").arg(p->number).arg(QString::fromStdString(p->name));
    const analysis::PatternReport* r = patternReport(patternId);
    if (!r) return c;
    const analysis::PlannedRequest& request = r->plan.request;
    c.index = QString::fromStdString(request.indexName);
    c.description = QString::fromStdString(request.itemCollection);
    if (request.operation == analysis::Operation::Scan || request.operation == analysis::Operation::None) return c;
    c.partitionAttribute = QString::fromStdString(request.keyCondition.partitionAttribute);
    c.partitionValue = QString::fromStdString(request.keyCondition.partitionValue.text());
    c.concrete = request.keyCondition.partitionValue.isConstant();
    const PatternRunSummary* run = runSummary(patternId);
    if (run && run->ok && run->partitionAttribute == c.partitionAttribute && run->index == c.index &&
        !run->partitionValue.isEmpty()) {
        c.partitionValue = run->partitionValue;
        c.concrete = true;
    }
    return c;
}

// ---- Runs ----

const PatternRunSummary* DesignDocument::runSummary(design::Id patternId) const
{
    auto it = runs_.find(patternId);
    return it == runs_.end() ? nullptr : &it->second;
}

void DesignDocument::setRunSummary(design::Id patternId, PatternRunSummary summary)
{
    runs_[patternId] = std::move(summary);
    Q_EMIT runSummariesChanged();
}

void DesignDocument::clearRunSummaries()
{
    if (runs_.empty()) return;
    runs_.clear();
    Q_EMIT runSummariesChanged();
}

// ---- Edits ----

int DesignDocument::addIndex(const design::Index& index, int row)
{
    if (row < 0 || row > rowCount(Part::Index)) row = rowCount(Part::Index);
    undo_->push(new InsertCommand<design::Index>(this, row, index, tr("Add index %1").arg(QString::fromStdString(index.name))));
    return row;
}

int DesignDocument::addEntity(const design::Entity& entity, int row)
{
    if (row < 0 || row > rowCount(Part::Entity)) row = rowCount(Part::Entity);
    undo_->push(
        new InsertCommand<design::Entity>(this, row, entity, tr("Add entity %1").arg(QString::fromStdString(entity.name))));
    return row;
}

int DesignDocument::addPattern(const design::AccessPattern& pattern, int row)
{
    if (row < 0 || row > rowCount(Part::Pattern)) row = rowCount(Part::Pattern);
    undo_->push(new InsertCommand<design::AccessPattern>(this, row, pattern, tr("Add access pattern %1").arg(pattern.number)));
    return row;
}

void DesignDocument::removeRow(Part part, int row)
{
    if (row < 0 || row >= rowCount(part)) return;
    switch (part) {
    case Part::Index: {
        const auto& v = design_->indexes()[row];
        undo_->push(new RemoveCommand<design::Index>(this, row, v, tr("Remove index %1").arg(QString::fromStdString(v.name))));
        break;
    }
    case Part::Entity: {
        const auto& v = design_->entities()[row];
        undo_->push(new RemoveCommand<design::Entity>(this, row, v, tr("Remove entity %1").arg(QString::fromStdString(v.name))));
        break;
    }
    case Part::Pattern: {
        const auto& v = design_->patterns()[row];
        undo_->push(new RemoveCommand<design::AccessPattern>(this, row, v, tr("Remove access pattern %1").arg(v.number)));
        break;
    }
    }
}

void DesignDocument::moveRow(Part part, int from, int to)
{
    const int n = rowCount(part);
    if (from < 0 || from >= n || to < 0 || to >= n || from == to) return;
    static const char* const words[] = {QT_TR_NOOP("Move index"), QT_TR_NOOP("Move entity"), QT_TR_NOOP("Move access pattern")};
    undo_->push(new MoveCommand(this, part, from, to, tr(words[static_cast<int>(part)])));
}

void DesignDocument::editIndex(int row, const design::Index& value, const QString& text, const QString& mergeKey)
{
    if (row < 0 || row >= rowCount(Part::Index) || sameValue(design_->indexes()[row], value)) return;
    undo_->push(new ReplaceCommand<design::Index>(this, row, design_->indexes()[row], value, text, mergeKey));
}

void DesignDocument::editEntity(int row, const design::Entity& value, const QString& text, const QString& mergeKey)
{
    if (row < 0 || row >= rowCount(Part::Entity) || sameValue(design_->entities()[row], value)) return;
    undo_->push(new ReplaceCommand<design::Entity>(this, row, design_->entities()[row], value, text, mergeKey));
}

void DesignDocument::editPattern(int row, const design::AccessPattern& value, const QString& text, const QString& mergeKey)
{
    if (row < 0 || row >= rowCount(Part::Pattern) || sameValue(design_->patterns()[row], value)) return;
    undo_->push(new ReplaceCommand<design::AccessPattern>(this, row, design_->patterns()[row], value, text, mergeKey));
}

bool DesignDocument::renameIndex(int row, const QString& name)
{
    const std::string n = name.trimmed().toStdString();
    if (row < 0 || row >= rowCount(Part::Index) || n.empty()) return false;
    const design::Index& index = design_->indexes()[row];
    if (index.name == n) return true;
    if (design_->indexByName(n)) return false;
    design::Design after = *design_;
    after.renameIndex(index.id, n);
    undo_->push(new DesignCommand(this, *design_, std::move(after),
                                  tr("Rename index %1 to %2").arg(QString::fromStdString(index.name), QString::fromStdString(n)),
                                  {}));
    return true;
}

bool DesignDocument::renameEntity(int row, const QString& name)
{
    const std::string n = name.trimmed().toStdString();
    if (row < 0 || row >= rowCount(Part::Entity) || n.empty()) return false;
    const design::Entity& entity = design_->entities()[row];
    if (entity.name == n) return true;
    if (design_->entityByName(n)) return false;
    design::Design after = *design_;
    after.renameEntity(entity.id, n);
    undo_->push(
        new DesignCommand(this, *design_, std::move(after),
                          tr("Rename entity %1 to %2").arg(QString::fromStdString(entity.name), QString::fromStdString(n)), {}));
    return true;
}

void DesignDocument::editTable(const design::Table& table, const QString& text, const QString& mergeKey)
{
    if (table == design_->table()) return;
    design::Design after = *design_;
    const design::Table& old = design_->table();
    after.setTable(table);
    renameKeyAttribute(after, old.partitionKey.name, table.partitionKey.name);
    if (old.sortKey && table.sortKey) renameKeyAttribute(after, old.sortKey->name, table.sortKey->name);
    undo_->push(new DesignCommand(this, *design_, std::move(after), text, mergeKey));
}

void DesignDocument::editPrices(const design::PriceTable& prices, const QString& text, const QString& mergeKey)
{
    if (prices == design_->prices()) return;
    design::Design after = *design_;
    after.setPrices(prices);
    undo_->push(new DesignCommand(this, *design_, std::move(after), text, mergeKey));
}

void DesignDocument::editDesignInfo(const QString& name, const QString& description, const QString& mergeKey)
{
    design::Design after = *design_;
    after.setName(name.toStdString());
    after.setDescription(description.toStdString());
    if (after.name() == design_->name() && after.description() == design_->description()) return;
    undo_->push(new DesignCommand(this, *design_, std::move(after), tr("Edit design name and description"), mergeKey));
}

void DesignDocument::editDesign(const design::Design& after, const QString& text, const QString& mergeKey)
{
    if (after == *design_) return;
    undo_->push(new DesignCommand(this, *design_, after, text, mergeKey));
}

// ---- Applying ----

template <class T>
void DesignDocument::applyInsert(int row, const T& value)
{
    Q_EMIT rowsAboutToBeInserted(Traits<T>::part, row);
    Traits<T>::add(*design_, value, row);
    Q_EMIT rowsInserted(Traits<T>::part, row);
    contentChanged();
}

void DesignDocument::applyRemove(Part part, int row)
{
    const design::Id id = idAt(part, row);
    if (!id) return;
    Q_EMIT rowsAboutToBeRemoved(part, row);
    switch (part) {
    case Part::Index: design_->removeIndex(id); break;
    case Part::Entity: design_->removeEntity(id); break;
    case Part::Pattern: design_->removePattern(id); break;
    }
    Q_EMIT rowsRemoved(part, row);
    contentChanged();
}

void DesignDocument::applyMove(Part part, int from, int to)
{
    const design::Id id = idAt(part, from);
    if (!id || to < 0 || to >= rowCount(part) || from == to) return;
    Q_EMIT rowsAboutToBeMoved(part, from, to);
    switch (part) {
    case Part::Index: design_->moveIndex(id, to); break;
    case Part::Entity: design_->moveEntity(id, to); break;
    case Part::Pattern: design_->movePattern(id, to); break;
    }
    Q_EMIT rowsMoved(part, from, to);
    contentChanged();
}

template <class T>
void DesignDocument::applyReplace(int row, const T& value)
{
    const auto& list = Traits<T>::list(*design_);
    if (row < 0 || row >= static_cast<int>(list.size())) return;
    T v = value;
    v.id = list[row].id;
    Traits<T>::replace(*design_, v);
    Q_EMIT rowChanged(Traits<T>::part, row);
    contentChanged();
}

void DesignDocument::applyDesign(const design::Design& target)
{
    design::Design& d = *design_;
    const bool info = d.name() != target.name() || d.description() != target.description() ||
                      d.extensions() != target.extensions();
    d.setName(target.name());
    d.setDescription(target.description());
    if (d.extensions() != target.extensions()) {
        const auto mine = d.extensions();
        for (const auto& [name, json] : mine) {
            if (!target.extension(name)) d.setExtension(name, {});
        }
        for (const auto& [name, json] : target.extensions()) d.setExtension(name, json);
    }
    const bool table = !(d.table() == target.table());
    if (table) d.setTable(target.table());
    const bool prices = !(d.prices() == target.prices());
    if (prices) d.setPrices(target.prices());

    std::vector<std::pair<Part, int>> changed;
    auto sync = [&](auto tag) {
        using T = decltype(tag);
        const auto& mine = Traits<T>::list(d);
        const auto& theirs = Traits<T>::list(target);
        Q_ASSERT(mine.size() == theirs.size());  // DesignCommand keeps the rows
        for (size_t row = 0; row < mine.size() && row < theirs.size(); ++row) {
            if (sameValue(mine[row], theirs[row])) continue;
            T v = theirs[row];
            v.id = mine[row].id;
            Traits<T>::replace(d, v);
            changed.emplace_back(Traits<T>::part, static_cast<int>(row));
        }
    };
    sync(design::Index{});
    sync(design::Entity{});
    sync(design::AccessPattern{});

    if (info) Q_EMIT infoChanged();
    if (table) Q_EMIT tableChanged();
    if (prices) Q_EMIT pricesChanged();
    for (const auto& [part, row] : changed) Q_EMIT rowChanged(part, row);
    contentChanged();
}

void DesignDocument::contentChanged()
{
    Q_EMIT designChanged();
    std::string identity = identitySignature();
    if (identity != identity_) {
        identity_ = std::move(identity);
        Q_EMIT identityChanged();
    }
    scheduleAnalysis();
}

std::string DesignDocument::identitySignature() const
{
    const design::Table& t = design_->table();
    std::string s = t.name + '\x1f' + t.partitionKey.name + '\x1f' + (t.sortKey ? t.sortKey->name : std::string()) + '\x1f' +
                    t.typeAttribute + '\x1f' + t.separator;
    for (const auto& e : design_->entities()) {
        s += '\x1e' + e.name + '\x1f' + e.discriminator();
        for (const auto* key : {&t.partitionKey.name, t.sortKey ? &t.sortKey->name : nullptr}) {
            const design::KeyBinding* b = key ? e.key(*key) : nullptr;
            s += '\x1f' + (b ? b->keyTemplate.text() : std::string());
        }
    }
    return s;
}

void DesignDocument::renameKeyAttribute(design::Design& d, const std::string& from, const std::string& to)
{
    if (from == to || from.empty() || to.empty()) return;
    const auto keys = d.keyAttributeNames();
    if (std::find(keys.begin(), keys.end(), from) != keys.end()) return;  // still a key elsewhere
    for (const auto& e : d.entities()) {
        if (!e.keys.count(from) || e.keys.count(to)) continue;
        design::Entity changed = e;
        auto node = changed.keys.extract(from);
        node.key() = to;
        changed.keys.insert(std::move(node));
        d.replaceEntity(changed);
    }
}

int DesignDocument::rowOf(Part part, design::Id id) const
{
    for (int row = 0, n = rowCount(part); row < n; ++row) {
        if (idAt(part, row) == id) return row;
    }
    return -1;
}

design::Id DesignDocument::idAt(Part part, int row) const
{
    if (row < 0 || row >= rowCount(part)) return 0;
    switch (part) {
    case Part::Index: return design_->indexes()[row].id;
    case Part::Entity: return design_->entities()[row].id;
    case Part::Pattern: return design_->patterns()[row].id;
    }
    return 0;
}

int DesignDocument::rowCount(Part part) const
{
    switch (part) {
    case Part::Index: return static_cast<int>(design_->indexes().size());
    case Part::Entity: return static_cast<int>(design_->entities().size());
    case Part::Pattern: return static_cast<int>(design_->patterns().size());
    }
    return 0;
}

template void DesignDocument::applyInsert<design::Index>(int, const design::Index&);
template void DesignDocument::applyInsert<design::Entity>(int, const design::Entity&);
template void DesignDocument::applyInsert<design::AccessPattern>(int, const design::AccessPattern&);
template void DesignDocument::applyReplace<design::Index>(int, const design::Index&);
template void DesignDocument::applyReplace<design::Entity>(int, const design::Entity&);
template void DesignDocument::applyReplace<design::AccessPattern>(int, const design::AccessPattern&);

}  // namespace keyplan::widgets
