#include "engine/ItemChecks.h"

namespace keyplan::engine {

dynamo::TableSchema validationSchemaOf(const TableSchema& table)
{
    auto key = [](const KeyAttribute& k) { return dynamo::KeyAttribute{k.name, k.type}; };
    dynamo::TableSchema schema;
    schema.key.partition = key(table.hash);
    if (table.range) schema.key.sort = key(*table.range);
    for (const IndexSchema* index : table.indexesInCheckOrder()) {
        dynamo::IndexSchema v;
        v.indexName = index->name;
        v.key.partition = key(index->hashKeys.front());
        for (size_t i = 1; i < index->hashKeys.size(); ++i) v.morePartitionKeys.push_back(key(index->hashKeys[i]));
        if (!index->rangeKeys.empty()) v.key.sort = key(index->rangeKeys.front());
        for (size_t i = 1; i < index->rangeKeys.size(); ++i) v.moreSortKeys.push_back(key(index->rangeKeys[i]));
        schema.indexes.push_back(std::move(v));
    }
    return schema;
}

}  // namespace keyplan::engine
