#include "design/TableSchema.h"

#include <algorithm>
#include <span>

namespace keyplan::design {

namespace {

store::ScalarAttributeType scalarType(KeyType t)
{
    switch (t) {
    case KeyType::S: return store::ScalarAttributeType::S;
    case KeyType::N: return store::ScalarAttributeType::N;
    case KeyType::B: return store::ScalarAttributeType::B;
    }
    return store::ScalarAttributeType::S;
}

// Every HASH entry, then every RANGE entry, in key order: DynamoDB's form of a multi-attribute key.
std::vector<store::KeySchemaElement> keySchema(std::span<const KeyAttribute> pks, std::span<const KeyAttribute> sks)
{
    std::vector<store::KeySchemaElement> schema;
    for (const auto& k : pks) schema.push_back({k.name, store::KeyType::Hash});
    for (const auto& k : sks) schema.push_back({k.name, store::KeyType::Range});
    return schema;
}

store::Projection projection(const Index& index)
{
    store::Projection p;
    switch (index.projection) {
    case Projection::All: p.projectionType = store::ProjectionType::All; break;
    case Projection::KeysOnly: p.projectionType = store::ProjectionType::KeysOnly; break;
    case Projection::Include:
        p.projectionType = store::ProjectionType::Include;
        p.nonKeyAttributes = index.nonKeyAttributes;
        break;
    }
    return p;
}

}  // namespace

store::CreateTableRequest createTableRequest(const Design& design)
{
    const Table& table = design.table();
    store::CreateTableRequest request;
    request.tableName = table.name;
    request.keySchema = keySchema(design.partitionKeysOf(""), design.sortKeysOf(""));
    auto define = [&](const KeyAttribute& k) {
        const bool known = std::any_of(request.attributeDefinitions.begin(), request.attributeDefinitions.end(),
                                       [&](const auto& d) { return d.attributeName == k.name; });
        if (!known) request.attributeDefinitions.push_back({k.name, scalarType(k.type)});
    };
    define(table.partitionKey);
    if (table.sortKey) define(*table.sortKey);
    const bool provisioned = table.billing == BillingMode::Provisioned;
    for (const Index& index : design.indexes()) {
        if (index.kind == IndexKind::Local) {
            store::LocalSecondaryIndex lsi;
            lsi.indexName = index.name;
            lsi.keySchema = keySchema(design.partitionKeysOf(index.name), index.sortKeys);
            lsi.projection = projection(index);
            for (const auto& k : index.sortKeys) define(k);
            request.localSecondaryIndexes.push_back(std::move(lsi));
        } else {
            store::GlobalSecondaryIndex gsi;
            gsi.indexName = index.name;
            gsi.keySchema = keySchema(index.partitionKeys, index.sortKeys);
            gsi.projection = projection(index);
            if (provisioned) {
                const Throughput t = index.capacity.value_or(table.capacity);
                gsi.provisionedThroughput = store::ProvisionedThroughput{t.read, t.write};
            }
            for (const auto& k : index.partitionKeys) define(k);
            for (const auto& k : index.sortKeys) define(k);
            request.globalSecondaryIndexes.push_back(std::move(gsi));
        }
    }
    if (table.stream) request.streamSpecification = store::StreamSpecification{true, streamViewType(*table.stream)};
    if (provisioned) {
        request.billingMode = store::BillingMode::Provisioned;
        request.provisionedThroughput = store::ProvisionedThroughput{table.capacity.read, table.capacity.write};
    } else {
        request.billingMode = store::BillingMode::PayPerRequest;
    }
    return request;
}

store::StreamViewType streamViewType(StreamView view)
{
    switch (view) {
    case StreamView::KeysOnly: return store::StreamViewType::KeysOnly;
    case StreamView::NewImage: return store::StreamViewType::NewImage;
    case StreamView::OldImage: return store::StreamViewType::OldImage;
    case StreamView::NewAndOldImages: return store::StreamViewType::NewAndOldImages;
    }
    return store::StreamViewType::KeysOnly;
}

std::optional<store::UpdateTimeToLiveRequest> timeToLiveRequest(const Design& design)
{
    const std::optional<std::string> attribute = design.timeToLiveAttribute();
    if (!attribute) return std::nullopt;
    return store::UpdateTimeToLiveRequest{design.table().name, store::TimeToLiveSpecification{*attribute, true}};
}

void createDesignTable(store::Store& store, const Design& design)
{
    store.createTable(createTableRequest(design));
    if (const auto ttl = timeToLiveRequest(design)) store.updateTimeToLive(*ttl);
}

}  // namespace keyplan::design
