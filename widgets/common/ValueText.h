// How an attribute value reads in a grid cell and a tooltip. Cells show the value itself (a
// string without quotes, a number in DynamoDB's canonical text, sets and documents in DynamoDB
// JSON); tooltips and copies use DynamoDB JSON exactly as model/wire writes it.
#pragma once

#include "dynamo/AttributeValue.h"

#include <QString>

#include <string>
#include <string_view>

namespace keyplan::json {
class Value;
}

namespace keyplan::widgets {

// Short cell text, elided after `maxChars` characters.
QString cellText(const dynamo::AttributeValue& value, int maxChars = 160);

// DynamoDB JSON, compact: {"S":"CUST#1"}, {"PK":{"S":"A"},"n":{"N":"3"}}.
std::string toDynamoJson(const dynamo::AttributeValue& value);
std::string toDynamoJson(const dynamo::Item& item);

// Re-indents compact JSON text for reading without re-encoding anything inside it (numbers
// and strings keep their exact text).
QString indentJson(std::string_view compact, int indent = 2);

// Parses JSON typed by the user; on failure *error says "WHAT at offset N", the words the
// endpoint answers malformed JSON with.
bool parseReportingOffset(std::string_view text, json::Value* out, std::string* error);

// "1,234,567"
QString groupedNumber(qint64 n);
// "512 B", "4.5 KB", "48 MB" (1 KB = 1024 bytes, as DynamoDB counts item sizes).
QString byteSize(qint64 bytes);

}  // namespace keyplan::widgets
