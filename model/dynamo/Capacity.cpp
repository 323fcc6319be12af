#include "dynamo/Capacity.h"

namespace keyplan::dynamo {

namespace {

int64_t unitsOf(int64_t bytes, int64_t unitBytes)
{
    // A request always costs at least one unit, even for a missing item (0 bytes).
    if (bytes <= 0) return 1;
    return (bytes + unitBytes - 1) / unitBytes;
}

}  // namespace

double readUnits(int64_t bytes, bool consistent)
{
    const auto units = static_cast<double>(unitsOf(bytes, kReadUnitBytes));
    return consistent ? units : units / 2;
}

double writeUnits(int64_t bytes) { return static_cast<double>(unitsOf(bytes, kWriteUnitBytes)); }

}  // namespace keyplan::dynamo
