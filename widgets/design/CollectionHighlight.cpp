#include "widgets/design/CollectionHighlight.h"

#include "document/DesignDocument.h"

namespace keyplan::widgets {

PartitionHighlight partitionHighlightOf(const ItemCollection& collection)
{
    using Kind = PartitionHighlight::Kind;
    if (collection.partitionAttribute.isEmpty())
        return collection.description.isEmpty() ? PartitionHighlight{} : PartitionHighlight{Kind::All, {}};
    if (collection.concrete) return {Kind::Exact, collection.partitionValue};
    // "CUST#{customerId}": every partition that starts CUST# could be the one.
    // A multi-attribute key names its attributes "status, orderDay" and shows its value as a tuple.
    const qsizetype open = collection.partitionValue.indexOf(u'{');
    return {Kind::Prefix, open < 0 ? collection.partitionValue : collection.partitionValue.left(open),
            collection.partitionAttribute.contains(u',')};
}

}  // namespace keyplan::widgets
