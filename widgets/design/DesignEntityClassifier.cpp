#include "widgets/design/DesignEntityClassifier.h"

#include "design/Design.h"
#include "widgets/render/LayoutPicture.h"

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

AttributeOrder designAttributeOrder(const design::Design& design)
{
    auto snapshot = std::make_shared<const design::Design>(design);
    return [snapshot](const dynamo::Item& item, const QString& entity, const LayoutKeys& keys) {
        const design::Entity* e = entity.isEmpty() ? nullptr : snapshot->entityByName(entity.toStdString());
        return render::attributeOrder(*snapshot, keys.index, keys.partitionKey, keys.sortKey, e, item);
    };
}

}  // namespace keyplan::widgets
