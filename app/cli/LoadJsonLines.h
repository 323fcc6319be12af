// keyplan-cli load [DESIGN] --jsonl FILE --db STORE: items one per line in DynamoDB JSON
// (wire/ItemLines: bare, or {"Item":...} as DynamoDB's export to S3 writes them) into a table of a
// store file (the design's, created if missing, or --table-name's, which must exist), in
// BatchWriteItem calls of 25 with one commit per 50,000 items, as the window's Data ▸ Load items
// does. A line that is not an item (not JSON, invalid UTF-8, an
// unpaired surrogate escape, a value DynamoDB refuses) stops the load with its line number; the
// items before it are valid and are kept.
#pragma once

#include "design/Design.h"

#include <QString>
#include <QTextStream>

#include <optional>

namespace keyplan::cli {

// `design` (when given) names the table and creates it if the store lacks it (after deleting it
// with `replace`); without one, `table` must exist. Exit status: 0 loaded; 1 a bad line or a
// refused item (what came before it loaded); 2 the file, the store or the table cannot be had.
int loadJsonLines(const QString& path, const std::optional<design::Design>& design, QString table, bool replace,
                  const QString& db, QTextStream& out, QTextStream& err);

}  // namespace keyplan::cli
