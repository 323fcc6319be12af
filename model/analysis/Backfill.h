// What changing a design costs on a table already in production: compare the design before and
// after, entity by entity, and say which items must be written and whether DynamoDB does it for
// you.
//
//   a new GSI                DynamoDB backfills it online from the existing items (UpdateTable);
//                            the table keeps serving. Cost: one index write per item that fills its
//                            keys (sized by the projected entry). A key attribute existing items do
//                            not carry yet (a synthetic GSI1PK) must first be written into each of them
//                            by the application; a multi-attribute key on attributes they already
//                            store needs no item rewritten.
//   an existing index's key  every item whose index key value changes must be rewritten by the
//   template changes         application (an UpdateItem per item: the table write plus the index's
//                            delete and put).
//   a base-table key         the item's identity changes: every affected item is read, put under its
//   template changes         new key and the old one deleted (a put with all index writes plus a
//                            delete), by a migration job, while the application writes both.
//                            Changing the table's key schema itself means a new table.
//   a new item type          (a pointer item, a denormalised copy) written once per source item.
//   a removed index          nothing to write; DynamoDB deletes it online.
//
// Item counts come from the design's sample specs (totalItems: production volumes in a practice
// scenario); write units from CostModel's item and entry sizes.
#pragma once

#include "analysis/CostModel.h"
#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::analysis {

struct BackfillStep {
    enum class Kind { NewIndex, IndexKeysChanged, TableKeysChanged, TableSchemaChanged, NewItemType, IndexRemoved };
    Kind kind = Kind::NewIndex;
    std::string entity;   // empty for a whole-index step
    std::string index;    // the index concerned, empty for the table
    bool online = false;  // DynamoDB does it (a GSI backfill, an index removal)
    double items = 0;     // items written
    double writeUnits = 0;
    std::string text;  // one sentence with the figures
};
std::string_view backfillKindName(BackfillStep::Kind kind);  // "new-index", "table-keys-changed", ...

struct BackfillEstimate {
    std::vector<BackfillStep> steps;
    double itemsRewritten = 0;  // by the application (not online)
    double writeUnitsRewritten = 0;
    double itemsBackfilledOnline = 0;
    double writeUnitsOnline = 0;
    bool rewritesBaseTable() const;
    bool empty() const { return steps.empty(); }
    std::string summary() const;  // one paragraph
};

// `afterCost` is a CostModel over `after` (its sizes and volumes price the writes).
BackfillEstimate estimateBackfill(const design::Design& before, const design::Design& after, const CostModel& afterCost);

}  // namespace keyplan::analysis
