// Compact binary encoding of a whole item for storage: one SQLite BLOB per item (and per index
// entry's projection). Self-describing and versioned by its first byte; decodes exactly what was
// encoded (numbers keep their exact digits, sets their members).
//
// Layout (version 1): 0x01, then the attribute count and each attribute as name + value, where a
// count or length is an unsigned LEB128 varint and a value is a type byte (enum Type) followed by
// S/B: length + bytes; N: one length byte + KeyCodec's number bytes; BOOL: 0 or 1; NULL: nothing;
// M: count + (name + value)...; L: count + value...; SS/BS: count + (length + bytes)...;
// NS: count + number.... Map names and set members appear in their sorted order.
#pragma once

#include "dynamo/AttributeValue.h"

#include <string>
#include <string_view>

namespace keyplan::dynamo {

std::string encodeItem(const Item& item);
// Appends the encoding to `out`; a caller that reuses one buffer encodes without allocating.
void appendItem(std::string& out, const Item& item);
// Throws std::runtime_error on corrupt input (never on what encodeItem wrote).
Item decodeItem(std::string_view bytes);

}  // namespace keyplan::dynamo
