#include "widgets/layout/EntityClassifier.h"

#include "design/Design.h"
#include "render/LayoutPicture.h"

#include <memory>

namespace keyplan::widgets {

namespace {

QString prefixOf(const dynamo::Item& item, const std::string& key)
{
    if (key.empty()) return {};
    const auto it = item.find(key);
    if (it == item.end() || !it->second.is(dynamo::Type::S)) return {};
    const std::string& s = it->second.asString();
    const auto hash = s.find('#');
    if (hash == std::string::npos || hash == 0) return {};
    return QString::fromStdString(s.substr(0, hash));
}

}  // namespace

QString defaultEntityOf(const dynamo::Item& item, const TableKeys& keys)
{
    for (const char* name : {"_type", "type", "entityType"}) {
        const auto it = item.find(std::string_view(name));
        if (it != item.end() && it->second.is(dynamo::Type::S) && !it->second.asString().empty())
            return QString::fromStdString(it->second.asString());
    }
    QString entity = prefixOf(item, keys.sortKey);
    if (entity.isEmpty()) entity = prefixOf(item, keys.partitionKey);
    return entity;
}

std::vector<std::string> defaultAttributeOrder(const dynamo::Item& item, const QString&, const LayoutKeys& keys)
{
    std::vector<std::string> names;
    names.reserve(item.size());
    for (const auto& [name, value] : item)
        if (name != keys.partitionKey && name != keys.sortKey) names.push_back(name);
    return names;
}

EntityClassifier defaultEntityClassifier() { return &defaultEntityOf; }

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
