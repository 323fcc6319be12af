// `.keyplan.json`: the design as a versioned, human-readable file that diffs well in git.
//
// Writing is deterministic: keys in a fixed, meaningful order (name first), two-space indent,
// small flat objects on one line, defaults left out, a final newline. Reading is strict: a broken,
// unknown or newer file gives a json::FormatError naming the place as a JSON path
// (`$.entities[2].keys.PK`) and saying what is wrong there; nothing is half-loaded.
//
// Format versions (the top-level "keyplan" member): 2 is 1 plus multi-attribute index keys (an
// index's "partitionKey"/"sortKey" as an array of attributes) and DynamoDB Streams and Time to Live:
// the table's "stream" (a view type), an entity's "ttl": { "attribute", "retention": "30d" }, a
// pattern's "stream": { "use": "analytics" | "searchIndex" | "copy", "reader": "lambda" | "client" }
// and the prices' "streamReadsPer100k". A design is written as 1 unless it uses one of them, so
// files without them stay byte for byte what the releases before format 2 wrote and read; such a
// release opening a format 2 file says it is newer rather than misreading a key. Those members (an
// array key among them) in a file marked 1 are refused, naming the place.
//
//   { "keyplan": 1, "name", "description",
//     "table": { "name", "partitionKey": "PK" | {"name","type"}, "sortKey", "billing":
//                "onDemand" | "provisioned", "capacity": {"read","write"}, "typeAttribute", "separator" },
//     "indexes": [ { "name", "kind": "global" | "local", "partitionKey", "sortKey" (format 2: a global
//                    index's key may be an array of 1 to 4 key attributes, ["status", "orderDay"]),
//                    "projection": "ALL" | "KEYS_ONLY" | "INCLUDE", "attributes": [...], "capacity",
//                    "description" } ],
//     "entities": [ { "name", "description", "type" (discriminator value when not the name),
//                     "keys": { "PK": "CUST#{customerId}", "GSI1PK": { "template": "REVIEW#pending",
//                               "when": { "attribute": "status", "equals": "pending" } } },
//                     "attributes": [ { "name", "type", "generator", "description", "keyOnly",
//                                       "presence" } ],
//                     "sample": { "count" } | { "parent", "perParent", "skew" },
//                     "writesPerSecond", "itemSize" } ],
//     "patterns": [ { "number", "name", "description", "inputs": [ { "name", "attribute", "op",
//                     "value" (fixed by the pattern), "example" } ], "result", "returns": [ { "entity", "count" } ], "attributes",
//                     "order": "ascending" | "descending", "orderBy", "pageSize", "rate",
//                     "consistency": "eventual" | "strong", "index", "keyCondition" } ],
//     "prices": { "region", "date", "source", "onDemandReadPerMillion", "onDemandWritePerMillion",
//                 "provisionedReadPerHour", "provisionedWritePerHour", "storagePerGbMonth",
//                 "hoursPerMonth" },
//     "extensions": { "workbench": { ... } } }   (other tools' data a design carries, kept as it is)
#pragma once

#include "design/Design.h"
#include "json/FormatError.h"

#include <QString>

#include <string>
#include <string_view>

namespace keyplan::design {

// Parses a whole document; throws json::FormatError.
Design parseDesign(std::string_view json);
// The document text (UTF-8, ends with a newline).
std::string writeDesign(const Design& design);

// File helpers. loadDesignFile throws json::FormatError carrying the file name (path "$" for I/O
// errors); saveDesignFile writes atomically (QSaveFile) and returns false with *error set.
Design loadDesignFile(const QString& fileName);
bool saveDesignFile(const Design& design, const QString& fileName, QString* error = nullptr);

}  // namespace keyplan::design
