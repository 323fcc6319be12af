// Order-preserving byte encodings of key values, so that SQLite's BLOB comparison (memcmp, then
// length) orders keys exactly as DynamoDB does: N numerically (exact, 38 digits), S by UTF-8
// bytes, B by unsigned bytes. Also the partition-key hash that places items on simulated
// partitions and orders a Scan (DynamoDB Local orders Scan by SHA-1("LocalDdb" + key bytes)).
#pragma once

#include "dynamo/AttributeValue.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace keyplan::dynamo {

// memcmp(encodeKey(a), encodeKey(b)) has the sign of compareKeyValues(a, b) for two values of the
// same scalar type (S, N or B). Throws std::invalid_argument for other types.
std::string encodeKey(const AttributeValue& value);
// Inverse of encodeKey for a value of the given scalar type.
AttributeValue decodeKey(Type type, std::string_view bytes);

using KeyHash = std::array<uint8_t, 20>;
// The 20-byte hash DynamoDB Local gives a partition-key value (its Scan order). For S it is
// SHA-1("LocalDdb" + UTF-8 bytes), for B SHA-1("LocalDdb" + bytes), for N SHA-1("LocalDdb" +
// DynamoDB Local's own number encoding).
KeyHash partitionKeyHash(const AttributeValue& value);

}  // namespace keyplan::dynamo
