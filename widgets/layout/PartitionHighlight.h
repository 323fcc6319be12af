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
    PartitionHighlight() = default;
    PartitionHighlight(Kind kind, QString value, bool tuple = false) : kind(kind), value(std::move(value)), tuple(tuple) {}

    Kind kind = Kind::None;
    QString value;       // as the partition-key cells show it
    bool tuple = false;  // a multi-attribute key's "(SHIPPED, 2026-03-02)"

    bool matches(const QString& partitionText) const;
    // How a line names a prefix's start: "CUST#", or a tuple's open "(SHIPPED, …)"; empty when the
    // tuple's first attribute is itself an input, so nothing of the start is fixed.
    QString startText() const;
    bool operator==(const PartitionHighlight&) const = default;
};

}  // namespace keyplan::widgets
