// NoSQL Workbench data models (the JSON its data modeler imports and exports): import into a design
// and export a design back, without losing anything on the way.
//
// What maps onto the design: the model's name and description; one table (name, key attributes,
// billing and provisioned throughput, GSIs with their projections); one entity per facet (or, in a
// model without facets, per value of the discriminator attribute found in the sample items), with
// a key template for every key the facet's items fill, inferred from the sample keys (c#12345 and
// c#23456 give `c#{customerId}`; a segment equal to an attribute's value becomes that attribute;
// a date becomes the table's date attribute), the attributes and their generators inferred from
// the values, and a sample spec (parent entity and children per parent) read off the keys.
//
// What the design cannot hold (the model metadata, sample items, facet aliases and attribute lists,
// other tables, DataAccess, SampleDataFormats, auto-scaling settings, any member Keyplan does not
// know) stays in the design as the extension "workbench": the imported file itself. Export starts
// from it and replaces what the design holds with the design's current values, so importing and
// exporting an unchanged design gives the same model back, and an edited design exports its
// edits. A design without the extension exports fresh: one facet per entity with generated
// sample items.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "design/Design.h"
#include "json/FormatError.h"

namespace keyplan::io {

// The extension name under which a design keeps the imported Workbench model.
inline constexpr std::string_view kWorkbenchExtension = "workbench";

struct WorkbenchImportOptions {
    // The DataModel table to import when the model has several (empty: the first).
    std::string tableName;
};

struct WorkbenchImport {
    design::Design design;
    // What was inferred and from what, one sentence each (for the CLI and the import dialog).
    std::vector<std::string> notes;
};

// Throws json::FormatError: PATH is a JSON path ($.DataModel[0].KeyAttributes) or "$" with the
// line and column of a syntax error.
WorkbenchImport importWorkbench(std::string_view json, const WorkbenchImportOptions& options = {});

struct WorkbenchExportOptions {
    // ModelMetadata dates for a model exported fresh (Workbench writes "Jun 24, 2020, 04:20 PM");
    // empty: now. An imported model keeps its own.
    std::string date;
    // Sample items per entity in a fresh export.
    int itemsPerEntity = 5;
    uint64_t seed = 1;
};

struct WorkbenchExport {
    std::string text;                   // the model, pretty-printed like Workbench (two spaces), ending with a newline
    std::vector<std::string> warnings;  // what a Workbench model cannot show (local indexes, ...)
    // Set, with no text, when the design has a multi-attribute index key: a Workbench model's index
    // has one partition and one sort key attribute, so no model would be right.
    std::string error;
};

WorkbenchExport exportWorkbench(const design::Design& design, const WorkbenchExportOptions& options = {});

}  // namespace keyplan::io
