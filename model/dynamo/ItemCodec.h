// Compact binary encoding of a whole item for storage: one SQLite BLOB per item (and per index
// entry's projection). Self-describing and versioned by its first byte; decodes exactly what was
// encoded (numbers keep their exact digits, sets their members).
#pragma once

#include "dynamo/AttributeValue.h"

#include <string>
#include <string_view>

namespace keyplan::dynamo {

std::string encodeItem(const Item& item);
// Throws std::runtime_error on corrupt input (never on what encodeItem wrote).
Item decodeItem(std::string_view bytes);

}  // namespace keyplan::dynamo
