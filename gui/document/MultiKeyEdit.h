// The one edit that keys an index on the attributes its synthetic keys join, as the lint's
// multi-attribute-key finding offers (analysis/MultiKeyConversion.h): a single undo entry, and
// what it saves in production, for the window to say before it is made.
#pragma once

#include "document/DesignDocument.h"

#include <QString>

namespace keyplan::widgets {

// What the index becomes and what adding it costs on a table holding data, keyed either way;
// empty when the index allows no conversion.
QString multiKeyConversionText(const design::Design& design, const QString& indexName);

// Pushes the conversion as one undoable edit; false when the index allows none.
bool convertToMultiAttributeKey(DesignDocument* document, const QString& indexName);

}  // namespace keyplan::widgets
