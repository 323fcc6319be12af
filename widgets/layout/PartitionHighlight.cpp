#include "widgets/layout/PartitionHighlight.h"

namespace keyplan::widgets {

bool PartitionHighlight::matches(const QString& partitionText) const
{
    switch (kind) {
    case Kind::None: return false;
    case Kind::All: return true;
    case Kind::Exact: return partitionText == value;
    case Kind::Prefix: return partitionText.startsWith(value);
    }
    return false;
}

QString PartitionHighlight::startText() const
{
    if (!tuple) return value;
    if (value.size() <= 1) return {};
    return value + QStringLiteral("\u2026)");
}

}  // namespace keyplan::widgets
