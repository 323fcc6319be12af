// Order-preserving byte encodings of key values, so that SQLite's BLOB comparison (memcmp, then
// length) orders keys exactly as DynamoDB does: N numerically (exact, 38 digits), S by UTF-8
// bytes, B by unsigned bytes. Also the partition-key hash that places items on simulated
// partitions and orders a Scan.
//
// N is encoded exactly as DynamoDB Local's LocalDBUtils.encodeBigDecimal (read off the 1.25 jar):
// an exponent byte (0xC0 + base-100 exponent; bit-inverted for negatives; zero is the single
// byte 0x80), then base-100 digit pairs aligned to the decimal point (pair+1, or 101-pair for
// negatives), then, for negatives shorter than 20 pairs, a terminator byte 102 so that -1 sorts
// after -1.5. At most 21 bytes. Its length is also DynamoDB's size of a number.
//
// Scan order: DynamoDB Local keeps each table as rows (hashKey, rangeKey, hashValue, ...) and a
// Scan walks them by (hashValue, rangeKey), where hashValue = partitionKeyHash(partition key).
//
// Multi-attribute keys (a GSI's partition or sort key of 2-4 attributes, since November 2025) are
// the tuple of their values: each value's encodeKey bytes with every 0x00 written 0x00 0xFF, then
// the terminator 0x00 0x01. memcmp of two tuples then orders them attribute by attribute, each by
// its type's order: no value's bytes are a prefix of another's, and a value sorts before every
// longer value it is a prefix of (its terminator 0x00 0x01 is below 0x00 0xFF and every other
// byte). A key of one attribute keeps its bare encodeKey bytes.
#pragma once

#include "dynamo/AttributeValue.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::dynamo {

// memcmp(encodeKey(a), encodeKey(b)) has the sign of compareKeyValues(a, b) for two values of the
// same scalar type (S, N or B). Throws std::invalid_argument for other types.
std::string encodeKey(const AttributeValue& value);
// Same bytes appended to `out` (no allocation when `out` has room).
void appendKey(std::string& out, const AttributeValue& value);
// The N part alone: DynamoDB Local's encodeBigDecimal.
void appendNumberKey(std::string& out, const Number& number);

// Inverse of encodeKey for a value of the given scalar type. Throws std::invalid_argument for a
// non-key type and std::runtime_error for bytes encodeKey cannot have written.
AttributeValue decodeKey(Type type, std::string_view bytes);
Number decodeNumberKey(std::string_view bytes);

// One value of a multi-attribute key, escaped and terminated (see the top of this file).
void appendKeyComponent(std::string& out, const AttributeValue& value);
// The bytes of a key made of `values` in key order: encodeKey of the one value, or the tuple of
// several. Throws std::invalid_argument for a non-key type or no value.
std::string encodeKeyParts(std::span<const AttributeValue* const> values);
void appendKeyParts(std::string& out, std::span<const AttributeValue* const> values);
// Inverse of encodeKeyParts for a key of attributes of these types. Throws std::runtime_error for
// bytes encodeKeyParts cannot have written.
std::vector<AttributeValue> decodeKeyParts(std::span<const Type> types, std::string_view bytes);

using KeyHash = std::array<uint8_t, 20>;
// The 20-byte hash DynamoDB Local gives a partition-key value (its hashValue column and Scan
// order): SHA-1("LocalDdb" + encodeKey(value)), i.e. the UTF-8 bytes for S, the raw bytes for B
// and encodeBigDecimal for N.
KeyHash partitionKeyHash(const AttributeValue& value);
// The same hash from a value's encodeKey() bytes (as a table row or index entry stores them); of
// a multi-attribute key's encodeKeyParts() bytes, the hash of the whole tuple (DynamoDB hashes the
// attributes of a multi-attribute partition key together).
KeyHash partitionKeyHashOfEncoded(std::string_view encodedKey);

}  // namespace keyplan::dynamo
