// A status-bar line that says what the design's key changes would cost on a table already holding
// its data: whenever the current design changes a key template (table keys, an index's keys, the
// table's key schema) of an entity that had keys in the baseline design and has items (its sample
// spec's count: production volume in a practice scenario), the line names the change with the items
// to rewrite and the write units, from analysis::estimateBackfill. The full estimate is its tooltip.
//
// The baseline is the design as opened, created or last saved: what is taken to be in production.
// It lives here, beside practice, because the curveball's "change in production" is the same
// estimate; the notice serves every design.
#pragma once

#include "analysis/Backfill.h"
#include "design/Design.h"

#include <QLabel>

#include <memory>
#include <vector>

namespace keyplan::widgets {

class DesignDocument;

class BackfillNotice final : public QLabel {
    Q_OBJECT
public:
    explicit BackfillNotice(DesignDocument* document, QWidget* parent = nullptr);
    ~BackfillNotice() override;

    // The steps the line speaks for (key changes of entities with data), worst first.
    const std::vector<analysis::BackfillStep>& keyChanges() const { return changes_; }
    // Takes the current design as the one in production.
    void resetBaseline();
    // Compares the design with the baseline again (the window calls it as the design changes).
    void refresh();

private:
    DesignDocument* document_;
    std::unique_ptr<design::Design> baseline_;
    std::vector<analysis::BackfillStep> changes_;
};

}  // namespace keyplan::widgets
