// DynamoDB's rules for attribute values, keys and item size, with DynamoDB Local 1.25's exact
// texts (every text and every precedence below was read off it; tests/unit/tst_validation.cpp
// holds the table). The store calls checkItem on every written item and checkKey on every Key
// parameter; wire/ calls the set builders while decoding JSON, so duplicates are seen before
// AttributeValue de-duplicates them.
//
// Where an error surfaces depends on the operation, and DynamoDB Local is particular about it:
//  - PutItem, UpdateItem, DeleteItem, GetItem, BatchWriteItem, BatchGetItem: every violation is a
//    ValidationException (Violation::raise). A batch is checked whole before anything is written.
//  - TransactWriteItems: items are checked in request order. A violation found while reading the
//    request (isPerItem() == false) is a plain ValidationException for the whole call; one found
//    while applying an item (isPerItem() == true: key type mismatch, key too large, index key
//    type mismatch) becomes that item's CancellationReason {ValidationError, message}, and the
//    remaining items are still checked.
//  - TransactGetItems: key-count, missing-key and key-type-mismatch violations are a
//    TransactionCanceledException whose message is the violation's text (no reasons); all others
//    a ValidationException (Violation::transactGetErrorCode).
#pragma once

#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::dynamo {

// ---- Attribute values ---------------------------------------------------------------------

// Documents (M, L) may nest to level 31, a top-level attribute value being level 1: 31 maps
// inside each other are accepted, a 32nd (even an empty one) is refused.
constexpr int kMaxDocumentLevel = 31;

// No empty sets anywhere, documents nested at most kMaxDocumentLevel deep. Throws
// ValidationException. validateAttributeValue treats `value` as a top-level attribute value.
void validateAttributeValue(const AttributeValue& value);
void validateItemValues(const Item& item);

// Builders for sets as a request spells them: they reject an empty set and duplicate members
// with DynamoDB Local's messages (which quote a string set as sent: "[b, a, b]"), then build the
// sorted set. Numbers parse with Number's rules; "1" and "1.0" are duplicates.
AttributeValue checkedStringSet(std::vector<std::string> values);
AttributeValue checkedNumberSet(const std::vector<std::string>& numberTexts);
AttributeValue checkedBinarySet(std::vector<std::string> values);

// An invalid ExpressionAttributeValues entry is reported with the value's own message wrapped:
// "ExpressionAttributeValues contains invalid value: <message> for key <placeholder>".
std::string invalidExpressionValueMessage(std::string_view message, std::string_view placeholder);

// ---- Keys and items -----------------------------------------------------------------------

struct KeyAttribute {
    std::string name;
    Type type = Type::S;  // S, N or B, from the attribute definitions
};

struct KeySchema {
    KeyAttribute partition;
    std::optional<KeyAttribute> sort;
};

struct IndexSchema {
    std::string indexName;
    KeySchema key;
    // A GSI's multi-attribute key: the partition- and sort-key attributes after the first of each,
    // in KeySchema order. Each is checked as a key attribute of its role.
    std::vector<KeyAttribute> morePartitionKeys{};
    std::vector<KeyAttribute> moreSortKeys{};
};

// A table's keys and its indexes in the order DynamoDB Local checks them: the LSIs in
// declaration order, then the GSIs in the order its DescribeTable lists them (a Java HashMap's
// order over the index names).
struct TableSchema {
    KeySchema key;
    std::vector<IndexSchema> indexes;
};

enum class Rule {
    InvalidValue,          // an empty set or too deep nesting (validateItemValues' texts)
    ItemTooLarge,          // over kMaxItemBytes (409600) by itemSizeInBytes
    KeyCountMismatch,      // a Key with more or fewer attributes than the key schema
    MissingKey,            // a key attribute absent
    InvalidKeyType,        // a table or index key attribute that is not S, N or B
    KeyTypeMismatch,       // a table key of the wrong scalar type
    EmptyKey,              // an empty S or B table key
    KeyTooLarge,           // partition key over 2048 bytes, sort key over 1024
    IndexKeyTypeMismatch,  // an index key of the wrong scalar type
    EmptyIndexKey,         // an empty S or B index key
    IndexKeyTooLarge,      // index partition key over 2048 bytes, index sort key over 1024
};

struct Violation {
    Rule rule;
    std::string message;

    // True where DynamoDB Local finds it while applying the item (see the top of this file).
    bool isPerItem() const;
    ErrorCode transactGetErrorCode() const;
    [[noreturn]] void raise() const;  // ValidationException with `message`
};

// A written item becomes the whole item after PutItem's Item or after UpdateItem's changes;
// the two differ in the texts for an oversized item and an empty index key.
enum class WriteKind { Put, Update };

// An item about to be written: its size, its values, its table keys, then each index's keys
// (present index key attributes only: an item without them is simply not in the index).
std::optional<Violation> checkItem(const Item& item, const TableSchema& schema, WriteKind kind = WriteKind::Put);
void validateItem(const Item& item, const TableSchema& schema, WriteKind kind = WriteKind::Put);

// The Key parameter of GetItem, DeleteItem, UpdateItem, BatchGetItem, BatchWriteItem's
// DeleteRequest and the transaction actions.
std::optional<Violation> checkKey(const Item& key, const KeySchema& schema);
void validateKey(const Item& key, const KeySchema& schema);

// One table key value on its own (type, emptiness, size), throwing ValidationException.
enum class KeyRole { Partition, Sort };
void validateKeyValue(const AttributeValue& value, std::string_view attributeName, Type expectedType, KeyRole role);

}  // namespace keyplan::dynamo
