// A status-bar line that says what the design's key changes would cost on a table already holding
// its data: whenever the current design changes a key template (table keys, an index's keys, the
// table's key schema) of an entity that had keys in the baseline design and has items, the line
// names the change with the items to rewrite and the write units, from analysis::estimateBackfill.
// The full estimate is its tooltip.
//
// Items are counted where they are known best: a practice round's stated production volumes; else
// the items the store holds, counted by type off the GUI thread (recount(): the window calls it
// when the data changes); else, without a store, the design's sample counts. With stored items
// counted, the line also says when a rename or a removal leaves stored items of the old type that
// no entity reads any more (their discriminator is the entity's old name).
//
// The baseline is the design as opened, created or last saved: what is taken to be in production.
// It lives here, beside practice, because the curveball's "change in production" is the same
// estimate; the notice serves every design.
#pragma once

#include "analysis/Backfill.h"
#include "design/Design.h"

#include <QLabel>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class DesignDocument;

class BackfillNotice final : public QLabel {
    Q_OBJECT
public:
    // `store`: where the design's items are counted (null: the design's sample counts).
    explicit BackfillNotice(DesignDocument* document, store::Store* store = nullptr, QWidget* parent = nullptr);
    ~BackfillNotice() override;

    // The steps the line speaks for (key changes of entities with data), worst first.
    const std::vector<analysis::BackfillStep>& keyChanges() const { return changes_; }
    // Stored items no entity reads any more after a rename or removal, one sentence each.
    const QStringList& leftBehind() const { return leftBehind_; }
    // Takes the current design as the one in production.
    void resetBaseline();
    // Compares the design with the baseline again (the window calls it as the design changes).
    void refresh();
    // Counts the items the store holds by type again, off the GUI thread; refresh() follows.
    void recount();

Q_SIGNALS:
    // The store's items were counted (recount() finished).
    void counted();

private:
    analysis::Volumes itemCounts() const;
    void findLeftBehind();

    DesignDocument* document_;
    store::Store* store_;
    std::unique_ptr<design::Design> baseline_;
    std::vector<analysis::BackfillStep> changes_;
    QStringList leftBehind_;
    // The items by type the store held when last counted (nullopt: not counted).
    std::optional<std::map<std::string, int64_t, std::less<>>> stored_;
    int counting_ = 0;  // the latest count started: an older one's answer is dropped
};

}  // namespace keyplan::widgets
