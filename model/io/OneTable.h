// The design as a dynamodb-onetable schema (JSON): `indexes` (primary, each GSI and LSI with its
// projection), one model per entity whose key fields carry `value: "CUST#${customerId}"`
// templates, and `params.typeField` set to the design's type attribute (OneTable writes the model
// name there, so each model is named by its entity's discriminator). And the reverse: a OneTable
// schema read into a design (entities, key templates and indexes; no access patterns, which a
// OneTable schema does not hold). A design with a multi-attribute index key is refused (the export's
// error names the index): a OneTable index has one hash and one sort attribute.
#pragma once

#include "design/Design.h"
#include "io/LibrarySchema.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::io {

LibraryExport oneTableSchema(const design::Design& design);

struct OneTableImportOptions {
    std::string tableName = "Table";  // a OneTable schema does not name its table
    std::string designName;           // empty: the table name
};

struct OneTableImport {
    design::Design design;
    std::vector<std::string> notes;  // what was read and what could not be, one sentence each
};

// Throws json::FormatError (io/Workbench.h) naming the JSON path of what is wrong.
OneTableImport importOneTable(std::string_view json, const OneTableImportOptions& options = {});

}  // namespace keyplan::io
