// The open design as the window edits it: the design::Design, its QUndoStack, the file it came
// from and whether it has unsaved changes, the analysis (plans, cost, lint) of its current state,
// and the results of the last pattern runs. Every view reads the design from here and follows its
// signals; every change goes through an undoable edit (the edit functions below push one
// QUndoCommand each; the apply functions are what those commands call).
//
// Commands address objects by row, not by design::Id: the design hands out a fresh id whenever an
// object is added again (the undo of a removal), while the undo stack guarantees that a command
// always finds the document in the same state it left it, so a row is stable where an id is not.
//
// The analysis runs on a pool thread over a copy of the design, coalesced (one run for a burst of
// edits, and a finished run that is already out of date is dropped, never shown).
#pragma once

#include "analysis/CostModel.h"
#include "design/Design.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <map>
#include <memory>

class QTimer;
class QUndoStack;

namespace keyplan::analysis {
struct Report;
struct PatternReport;
struct Finding;
}  // namespace keyplan::analysis

namespace keyplan::widgets {

class Job;

// What a pattern run found, for the patterns view (beside the estimate).
struct PatternRunSummary {
    bool ok = false;
    QString error;       // "ValidationException: ..." when the run failed
    qint64 items = 0;    // items returned (Count)
    qint64 scanned = 0;  // ScannedCount
    int requests = 0;
    double consumedReadUnits = 0;
    double estimatedReadUnits = 0;
    QString index;               // where it read ("" = the table)
    QString partitionAttribute;  // the partition key attribute it read ("" for a Scan)
    QString partitionValue;      // ... and its value, bound from the run's inputs
    QString note;
    QString inputs;  // "customerId=ab12cd34, ..." as bound
    QString gap;     // how and why it read other than estimated ("" when it did not)
};

// The item collection a pattern reads, for the store views to highlight.
struct ItemCollection {
    QString table;
    QString index;               // "" = the table
    QString partitionAttribute;  // "" = the whole table or index (a Scan)
    QString partitionValue;      // concrete after a run, else the template ("CUST#{customerId}")
    bool concrete = false;       // partitionValue has no placeholders left
    QString description;         // the planner's words ("table partition PK = CUST#{customerId}")
    QString pattern;             // "Pattern 2, A customer's orders"
};

class DesignDocument final : public QObject {
    Q_OBJECT
public:
    enum class Part { Index, Entity, Pattern };
    Q_ENUM(Part)

    explicit DesignDocument(QObject* parent = nullptr);
    ~DesignDocument() override;

    const design::Design& design() const;
    QUndoStack* undoStack() const { return undo_; }

    // ---- File state ----
    QString filePath() const { return filePath_; }
    // The design's name, or the file's name, or "Untitled".
    QString title() const;
    bool isModified() const;
    // Replaces the whole design (New, Open, restore): clears the undo stack and the run results.
    void resetDesign(design::Design design, const QString& filePath = {}, bool modified = false);
    // After a save: the current state is the clean one, under `filePath`.
    void markSaved(const QString& filePath);

    // ---- Analysis ----
    // The report for the latest finished analysis of this design (null until the first one is in,
    // and again from resetDesign until the new design's is).
    std::shared_ptr<const analysis::Report> report() const { return report_; }
    const analysis::PatternReport* patternReport(design::Id patternId) const;
    // True while the report does not describe the current design yet.
    bool isAnalysisPending() const { return pending_ || running_; }
    // Blocks until the report describes the current design (tests, saving a report).
    void waitForAnalysis();
    // Wall time of the latest analysis, in milliseconds.
    double lastAnalysisMilliseconds() const { return lastAnalysisMs_; }
    // Run the analysis on the calling thread instead of a pool thread (tests that want no
    // event loop; a design small enough for it).
    void setSynchronousAnalysis(bool synchronous) { synchronous_ = synchronous; }
    // The entities' production volumes, where someone states them (a practice round: the
    // scenario's): a Scan, the storage and a backfill are then priced at them. Analyses again.
    void setStatedVolumes(analysis::Volumes volumes);
    const analysis::Volumes& statedVolumes() const { return volumes_; }
    // Interview practice: the views keep the risk findings and the verdicts' colours to themselves
    // while the candidate works (an interviewer does not point at the mistake mid-answer); the
    // verdicts' words, the key-format and structure findings stay.
    void setQuietFeedback(bool quiet);
    bool quietFeedback() const { return quiet_; }
    // Whether a view shows `finding` now: always, but a risk's while the feedback is quiet.
    bool shows(const analysis::Finding& finding) const;

    // The collection the pattern's request reads (from the plan, made concrete by its last run).
    ItemCollection itemCollection(design::Id patternId) const;

    // ---- Pattern runs ----
    const PatternRunSummary* runSummary(design::Id patternId) const;
    void setRunSummary(design::Id patternId, PatternRunSummary summary);
    void clearRunSummaries();

    // ---- Edits: each pushes one undo command (rows are positions in the design's lists) ----
    // Adds at `row` (-1: the end); returns the row it went to.
    int addIndex(const design::Index& index, int row = -1);
    int addEntity(const design::Entity& entity, int row = -1);
    int addPattern(const design::AccessPattern& pattern, int row = -1);
    void removeRow(Part part, int row);
    // Moves a pattern and keeps the numbers ascending in list order (the set of numbers stays).
    void moveRow(Part part, int from, int to);
    // Replaces one object. Edits with the same non-empty `mergeKey` on the same object, pushed one
    // after the other within one typing session, become one undo entry (typing in a field).
    void editIndex(int row, const design::Index& value, const QString& text, const QString& mergeKey = {});
    void editEntity(int row, const design::Entity& value, const QString& text, const QString& mergeKey = {});
    void editPattern(int row, const design::AccessPattern& value, const QString& text, const QString& mergeKey = {});
    // Renames and updates every reference (patterns' returns and forced indexes, sample parents,
    // ref() generators). False (and nothing pushed) for an empty or taken name.
    bool renameIndex(int row, const QString& name);
    bool renameEntity(int row, const QString& name);
    // Table settings; a renamed key attribute is renamed in every entity's key bindings too.
    void editTable(const design::Table& table, const QString& text, const QString& mergeKey = {});
    void editPrices(const design::PriceTable& prices, const QString& text, const QString& mergeKey = {});
    void editDesignInfo(const QString& name, const QString& description, const QString& mergeKey = {});
    // Any change at all, as a before/after pair of the whole design with the same rows (the
    // general case the specific edits above cannot say).
    void editDesign(const design::Design& after, const QString& text, const QString& mergeKey = {});
    // Ends the current typing session: the next edit starts a new undo entry even with the same
    // merge key (editors call this when a field loses focus or editing finishes).
    void endTypingSession() { ++typingSession_; }
    int typingSession() const { return typingSession_; }

    // ---- Applying changes (called by the undo commands; each emits the signals below) ----
    template <class T>
    void applyInsert(int row, const T& value);
    void applyRemove(Part part, int row);
    void applyMove(Part part, int from, int to);
    template <class T>
    void applyReplace(int row, const T& value);
    // Makes the design equal to `target` (same list lengths), emitting what changed.
    void applyDesign(const design::Design& target);

    // Renames key attribute `from` to `to` in every entity's key bindings, unless the table or an
    // index of `design` still uses `from` as a key (a helper for key renames).
    static void renameKeyAttribute(design::Design& design, const std::string& from, const std::string& to);

    // Row of the object with the id, or -1.
    int rowOf(Part part, design::Id id) const;
    design::Id idAt(Part part, int row) const;
    int rowCount(Part part) const;

Q_SIGNALS:
    void aboutToResetDesign();
    void designReset();
    void rowsAboutToBeInserted(keyplan::widgets::DesignDocument::Part part, int row);
    void rowsInserted(keyplan::widgets::DesignDocument::Part part, int row);
    void rowsAboutToBeRemoved(keyplan::widgets::DesignDocument::Part part, int row);
    void rowsRemoved(keyplan::widgets::DesignDocument::Part part, int row);
    void rowsAboutToBeMoved(keyplan::widgets::DesignDocument::Part part, int from, int to);
    void rowsMoved(keyplan::widgets::DesignDocument::Part part, int from, int to);
    void rowChanged(keyplan::widgets::DesignDocument::Part part, int row);
    void tableChanged();
    void pricesChanged();
    void infoChanged();
    // Any change of the design's content (after the specific signal).
    void designChanged();
    // setQuietFeedback() changed what the views show.
    void feedbackChanged(bool quiet);
    void analysisUpdated();
    // What tells the entities' items apart changed (names, discriminators, the table's keys and
    // their templates): views that classify stored items need a new classifier.
    void identityChanged();
    void runSummariesChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& filePath);

private:
    struct AnalysisJob;
    void scheduleAnalysis();
    void startAnalysis();
    void finishAnalysis(const std::shared_ptr<AnalysisJob>& job);
    void contentChanged();
    std::string identitySignature() const;

    std::unique_ptr<design::Design> design_;
    QUndoStack* undo_;
    QTimer* analysisTimer_;
    QString filePath_;
    bool forcedModified_ = false;
    int typingSession_ = 0;

    std::shared_ptr<const analysis::Report> report_;
    analysis::Volumes volumes_;
    bool quiet_ = false;
    int generation_ = 0;    // counts resetDesign(): a new document, whose ids may repeat the old one's
    bool pending_ = false;  // the design changed since the last analysis started
    bool running_ = false;  // an analysis is running as a job
    bool synchronous_ = false;
    std::shared_ptr<AnalysisJob> job_;  // the running analysis's design and result
    QPointer<Job> analysisRun_;         // the job computing it
    double lastAnalysisMs_ = 0;
    std::map<design::Id, PatternRunSummary> runs_;
    std::string identity_;  // see identityChanged()
};

}  // namespace keyplan::widgets

Q_DECLARE_METATYPE(keyplan::widgets::ItemCollection)
Q_DECLARE_METATYPE(keyplan::widgets::PatternRunSummary)
