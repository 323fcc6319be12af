#include "widgets/layout/EntityClassifier.h"

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

}  // namespace keyplan::widgets
