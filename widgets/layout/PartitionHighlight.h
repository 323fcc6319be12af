// What a table layout highlights. Its own header so that what computes a highlight (the design's
// item collections) does not depend on the layout model.
#pragma once

#include <QString>

namespace keyplan::widgets {

// The partitions one request reads, for a layout to highlight: none, all of them (a Scan),
// one partition-key value, or every value starting with a key template's fixed prefix (what
// a pattern reads before its inputs are bound: "CUST#" for CUST#{customerId}).
struct PartitionHighlight {
    enum class Kind { None, All, Exact, Prefix };
    Kind kind = Kind::None;
    QString value;  // as the partition-key cells show it

    bool matches(const QString& partitionText) const;
    bool operator==(const PartitionHighlight&) const = default;
};

}  // namespace keyplan::widgets
