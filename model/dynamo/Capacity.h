// DynamoDB's capacity arithmetic (the Developer Guide's "DynamoDB read and write capacity modes",
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/capacity-mode.html): reads in
// 4 KB units (eventually consistent at half), writes in 1 KB units, transactional at twice the cost.
#pragma once

#include <cstdint>

namespace keyplan::dynamo {

constexpr int64_t kReadUnitBytes = 4096;
constexpr int64_t kWriteUnitBytes = 1024;
constexpr int64_t kMaxItemBytes = 400 * 1024;

// Units for reading `bytes` (rounded up to 4 KB once; at least one unit even for 0 bytes).
double readUnits(int64_t bytes, bool consistent);
// Units for writing `bytes` (rounded up to 1 KB; at least one unit).
double writeUnits(int64_t bytes);

}  // namespace keyplan::dynamo
