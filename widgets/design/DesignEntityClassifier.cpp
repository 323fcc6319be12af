#include "widgets/design/DesignEntityClassifier.h"

#include "design/Design.h"

#include <memory>

namespace keyplan::widgets {

EntityClassifier designEntityClassifier(const design::Design& design)
{
    auto snapshot = std::make_shared<const design::Design>(design);
    return [snapshot](const dynamo::Item& item, const TableKeys& keys) -> QString {
        // Only the design's own table: another table's items follow their own conventions.
        if (keys.partitionKey == snapshot->table().partitionKey.name) {
            if (const auto identified = snapshot->identify(item); identified && identified->entity)
                return QString::fromStdString(identified->entity->name);
        }
        return defaultEntityOf(item, keys);
    };
}

}  // namespace keyplan::widgets
