// Items one per line in DynamoDB JSON: bare ({"PK":{"S":"A"},...}) or wrapped as DynamoDB's
// export to S3 writes them ({"Item":{...}}); blank lines hold nothing. The format the window's
// Data ▸ Load items and `keyplan-cli load --jsonl` read, so both refuse the same lines with the
// same words: a line that is not JSON (invalid UTF-8 and unpaired surrogate escapes included),
// not an object, or not an item DynamoDB would take.
#pragma once

#include "dynamo/AttributeValue.h"

#include <QByteArray>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

class QIODevice;

namespace keyplan::wire {

// The longest line that can hold an item: DynamoDB's 16 MB request limit (an item is at most
// 400 KB, but escapes and base64 make its JSON longer).
constexpr int64_t kMaxItemLineBytes = 16 * 1024 * 1024;

class ItemLineError : public std::runtime_error {
public:
    ItemLineError(int64_t lineNumber, const std::string& reason)
        : std::runtime_error("line " + std::to_string(lineNumber) + ": " + reason), lineNumber_(lineNumber), reason_(reason)
    {
    }
    int64_t lineNumber() const { return lineNumber_; }
    const std::string& reason() const { return reason_; }

private:
    int64_t lineNumber_;
    std::string reason_;
};

// The item on `line` (its line break may be included), or nullopt for a blank line. Throws
// ItemLineError naming `lineNumber`.
std::optional<dynamo::Item> decodeItemLine(std::string_view line, int64_t lineNumber);

// The next line of `device` (its line break included), holding no more than kMaxItemLineBytes
// in memory: a longer line throws ItemLineError naming `lineNumber`.
QByteArray readItemLine(QIODevice& device, int64_t lineNumber);

}  // namespace keyplan::wire
