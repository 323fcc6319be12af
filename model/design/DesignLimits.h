// The sizes a design file may have. A file people send each other must not exhaust the machine
// that opens it: past these the file is refused, naming the field by its JSON path, and below
// them every step of reading and analysing it is linear (or n log n) in the file. Each bound is
// well past what a real design needs; where DynamoDB has a limit of its own it is that limit.
// docs/user-guide.md ("The design file") lists them for the reader.
#pragma once

#include <cstddef>
#include <cstdint>

namespace keyplan::design::limits {

constexpr int64_t kFileBytes = 8 * 1024 * 1024;        // a 5,000-entity, 5,000-pattern design is about 2 MB
constexpr size_t kNameBytes = 255;                     // DynamoDB's bound on table, index and key attribute names
constexpr size_t kTextBytes = 64 * 1024;               // descriptions, pattern names, expected results
constexpr size_t kTemplateBytes = 2048;                // a key template, a fixed or example value, a key condition
constexpr size_t kGeneratorBytes = 8192;               // a generator spec
constexpr int64_t kItemBytes = 400 * 1024;             // DynamoDB's item limit: what an entity's generators may make
constexpr int64_t kRetentionSeconds = 3650LL * 86400;  // an entity's Time to Live retention: up to ten years

// DynamoDB's bound on a global index's multi-attribute keys (since November 2025): 1 to 4
// partition key attributes and 0 to 4 sort key attributes. The table and an LSI keep one of each.
constexpr size_t kKeyAttributes = 4;

constexpr size_t kIndexes = 50;  // DynamoDB allows 20 GSIs by default and 5 LSIs
constexpr size_t kEntities = 10000;
constexpr size_t kPatterns = 10000;
constexpr size_t kAttributes = 500;           // per entity
constexpr size_t kKeys = 2 * (kIndexes + 1);  // key attributes an entity fills
constexpr size_t kInputs = 100;               // per pattern
constexpr size_t kReturns = 1000;             // entities a pattern returns
constexpr size_t kNameLists = 1000;           // a pattern's attributes, an index's projected attributes

}  // namespace keyplan::design::limits
