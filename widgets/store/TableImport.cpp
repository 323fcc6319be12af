#include "widgets/store/TableImport.h"

#include "io/Workbench.h"
#include "json/Value.h"
#include "store/KeySchema.h"
#include "store/Store.h"
#include "widgets/common/ValueText.h"

#include <algorithm>

namespace keyplan::widgets {

TableSample sampleTable(store::Store& store, const std::string& table, int limit, const std::function<bool(int64_t)>& progress)
{
    TableSample sample;
    store::DescribeTableRequest describe;
    describe.tableName = table;
    sample.table = store.describeTable(describe).table;
    std::optional<dynamo::Item> cursor;
    while (static_cast<int>(sample.items.size()) < limit) {
        store::ScanRequest scan;
        scan.tableName = table;
        scan.limit = std::min(limit - static_cast<int>(sample.items.size()), 1000);
        scan.exclusiveStartKey = cursor;
        store::ScanResponse page = store.browse(scan);
        if (page.items)
            for (auto& item : *page.items) sample.items.push_back(std::move(item));
        cursor = std::move(page.lastEvaluatedKey);
        if (!cursor) {
            sample.complete = true;
            break;
        }
        if (progress && !progress(static_cast<int64_t>(sample.items.size()))) break;
    }
    if (progress) progress(static_cast<int64_t>(sample.items.size()));
    return sample;
}

namespace {

json::Value keyAttributes(const std::vector<store::KeySchemaElement>& schema, const store::TableDescription& table)
{
    json::Value keys = json::Value::object();
    for (const auto& k : schema) {
        json::Value attribute = json::Value::object();
        attribute.set("AttributeName", k.attributeName);
        attribute.set("AttributeType", std::string(store::scalarTypeName(store::attributeTypeOf(table, k.attributeName))));
        keys.set(k.keyType == store::KeyType::Hash ? "PartitionKey" : "SortKey", std::move(attribute));
    }
    return keys;
}

json::Value projection(const store::Projection& p)
{
    json::Value out = json::Value::object();
    out.set("ProjectionType", p.projectionType == store::ProjectionType::KeysOnly  ? "KEYS_ONLY"
                              : p.projectionType == store::ProjectionType::Include ? "INCLUDE"
                                                                                   : "ALL");
    if (!p.nonKeyAttributes.empty()) {
        json::Value names = json::Value::array();
        for (const auto& n : p.nonKeyAttributes) names.push(n);
        out.set("NonKeyAttributes", std::move(names));
    }
    return out;
}

// The table as the NoSQL Workbench model the design inference reads.
json::Value workbenchModel(const TableSample& sample)
{
    const store::TableDescription& t = sample.table;
    json::Value table = json::Value::object();
    table.set("TableName", t.tableName);
    table.set("KeyAttributes", keyAttributes(t.keySchema, t));
    const bool provisioned = t.billingMode.value_or(store::BillingMode::Provisioned) == store::BillingMode::Provisioned;
    table.set("BillingMode", provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
    if (provisioned) {
        json::Value throughput = json::Value::object();
        throughput.set("ReadCapacityUnits", std::max<int64_t>(1, t.provisionedThroughput.readCapacityUnits));
        throughput.set("WriteCapacityUnits", std::max<int64_t>(1, t.provisionedThroughput.writeCapacityUnits));
        json::Value settings = json::Value::object();
        settings.set("ProvisionedThroughput", std::move(throughput));
        table.set("ProvisionedCapacitySettings", std::move(settings));
    }
    auto indexes = [&](const char* member, const auto& list) {
        if (list.empty()) return;
        json::Value out = json::Value::array();
        for (const auto& i : list) {
            json::Value index = json::Value::object();
            index.set("IndexName", i.indexName);
            index.set("KeyAttributes", keyAttributes(i.keySchema, t));
            index.set("Projection", projection(i.projection));
            out.push(std::move(index));
        }
        table.set(member, std::move(out));
    };
    indexes("GlobalSecondaryIndexes", t.globalSecondaryIndexes);
    indexes("LocalSecondaryIndexes", t.localSecondaryIndexes);
    json::Value data = json::Value::array();
    for (const auto& item : sample.items) {
        json::Value parsed;
        std::string error;
        if (json::Value::parse(toDynamoJson(item), &parsed, &error)) data.push(std::move(parsed));
    }
    table.set("TableData", std::move(data));
    json::Value root = json::Value::object();
    root.set("ModelName", t.tableName);
    json::Value tables = json::Value::array();
    tables.push(std::move(table));
    root.set("DataModel", std::move(tables));
    return root;
}

}  // namespace

ImportedDesign designFromSample(const TableSample& sample)
{
    if (sample.items.empty())
        throw json::FormatError("$", "the table " + sample.table.tableName + " has no items to infer entities from");
    io::WorkbenchImport imported = io::importWorkbench(workbenchModel(sample).compact());
    // The sample was read from the table, not a file the user keeps: it stays out of the design.
    imported.design.setExtension(std::string(io::kWorkbenchExtension), {});
    ImportedDesign result{std::move(imported.design), std::move(imported.notes)};
    result.notes.insert(result.notes.begin(), "inferred from " + std::to_string(sample.items.size()) + " items of " +
                                                  sample.table.tableName +
                                                  (sample.complete ? " (the whole table)" : " (a sample)"));
    return result;
}

}  // namespace keyplan::widgets
