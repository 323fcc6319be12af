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

// What an encoded item holds, in order, for a reader that turns it into another format without
// building the Item (wire/Encode.cpp writes DynamoDB JSON from it). An M value is its entries
// between beginValue(M) and endValue(M), each a name() then its value; an L value is its elements;
// a set is its members as string(), number() or binary() calls.
class ItemVisitor {
public:
    virtual ~ItemVisitor() = default;
    virtual void name(std::string_view name) = 0;  // an attribute's or a map entry's name
    virtual void beginValue(Type type) = 0;        // an attribute value (not a set's member)
    virtual void endValue(Type type) = 0;
    virtual void string(std::string_view utf8) = 0;   // an S value or an SS member
    virtual void number(const Number& n) = 0;         // an N value or an NS member
    virtual void binary(std::string_view bytes) = 0;  // a B value or a BS member
    virtual void boolean(bool b) = 0;
};
// Walks the item's attributes in order (its names sorted), checking the input as decodeItem does
// and throwing as it does, possibly after some calls were made.
void visitItem(std::string_view bytes, ItemVisitor& visitor);

}  // namespace keyplan::dynamo
