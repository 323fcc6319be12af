// CreateTable, UpdateTable, DeleteTable, DescribeTable and ListTables bodies -> store requests.
#include "wire/Decode.h"

#include "dynamo/Error.h"
#include "dynamo/Validation.h"
#include "wire/DecodeSupport.h"
#include "wire/Streams.h"

namespace keyplan::wire {

using namespace decoding;

namespace {

std::vector<store::KeySchemaElement> keySchema(const json::Value& list, const std::string& path, Constraints& c)
{
    static constexpr EnumName<store::KeyType> kKeyTypes[] = {{"HASH", store::KeyType::Hash}, {"RANGE", store::KeyType::Range}};
    std::vector<store::KeySchemaElement> out;
    forEachStructure(list, path, [&](const json::Value& k, const std::string& at) {
        store::KeySchemaElement element;
        element.attributeName = stringMember(k, "AttributeName").value_or(std::string());
        auto type = stringMember(k, "KeyType");
        if (!type) c.fail("null", at + ".keyType", "Member must not be null");
        else if (auto keyType = enumValue(*type, kKeyTypes, at + ".keyType", c)) element.keyType = *keyType;
        out.push_back(std::move(element));
    });
    return out;
}

store::Projection projection(const json::Value& obj, const std::string& path, Constraints& c)
{
    store::Projection p;
    const json::Value* j = structureMember(obj, "Projection");
    if (!j) {
        c.fail("null", path + ".projection", "Member must not be null");
        return p;
    }
    static constexpr EnumName<store::ProjectionType> kTypes[] = {{"ALL", store::ProjectionType::All},
                                                                 {"KEYS_ONLY", store::ProjectionType::KeysOnly},
                                                                 {"INCLUDE", store::ProjectionType::Include}};
    if (auto type = enumMember(*j, "ProjectionType", kTypes, path + ".projection.projectionType", c)) p.projectionType = *type;
    if (auto attrs = stringListMember(*j, "NonKeyAttributes")) p.nonKeyAttributes = std::move(*attrs);
    return p;
}

std::optional<store::ProvisionedThroughput> provisionedThroughput(const json::Value& obj)
{
    const json::Value* j = structureMember(obj, "ProvisionedThroughput");
    if (!j) return std::nullopt;
    store::ProvisionedThroughput t;
    t.readCapacityUnits = integerMember(*j, "ReadCapacityUnits", "Long").value_or(0);
    t.writeCapacityUnits = integerMember(*j, "WriteCapacityUnits", "Long").value_or(0);
    return t;
}

std::vector<store::AttributeDefinition> attributeDefinitions(const json::Value& b)
{
    std::vector<store::AttributeDefinition> out;
    if (const json::Value* defs = listMember(b, "AttributeDefinitions")) {
        for (const auto& e : defs->elements()) {
            if (e.isNull()) continue;
            const json::Value& d = checkStructure(e);
            store::AttributeDefinition def;
            def.attributeName = stringMember(d, "AttributeName").value_or(std::string());
            const std::string type = stringMember(d, "AttributeType").value_or(std::string());
            if (type == "S") def.attributeType = store::ScalarAttributeType::S;
            else if (type == "N") def.attributeType = store::ScalarAttributeType::N;
            else if (type == "B") def.attributeType = store::ScalarAttributeType::B;
            else dynamo::throwValidation("Member must satisfy enum value set: [B, N, S]");
            out.push_back(std::move(def));
        }
    }
    return out;
}

store::GlobalSecondaryIndex globalSecondaryIndex(const json::Value& j, const std::string& path, Constraints& c)
{
    store::GlobalSecondaryIndex gsi;
    gsi.indexName = stringMember(j, "IndexName").value_or(std::string());  // its rules: the store's
    if (const json::Value* ks = listMember(j, "KeySchema")) gsi.keySchema = keySchema(*ks, path + ".keySchema", c);
    gsi.projection = projection(j, path, c);
    gsi.provisionedThroughput = provisionedThroughput(j);
    return gsi;
}

std::optional<store::BillingMode> billingMode(const json::Value& b, Constraints& c)
{
    static constexpr EnumName<store::BillingMode> kModes[] = {{"PROVISIONED", store::BillingMode::Provisioned},
                                                              {"PAY_PER_REQUEST", store::BillingMode::PayPerRequest}};
    return enumMember(b, "BillingMode", kModes, "billingMode", c);
}

}  // namespace

store::CreateTableRequest decodeCreateTable(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::CreateTableRequest r;
    r.tableName = tableNameMember(b);
    r.attributeDefinitions = attributeDefinitions(b);
    if (const json::Value* ks = listMember(b, "KeySchema")) r.keySchema = keySchema(*ks, "keySchema", c);
    if (const json::Value* lsis = listMember(b, "LocalSecondaryIndexes")) {
        forEachStructure(*lsis, "localSecondaryIndexes", [&](const json::Value& j, const std::string& path) {
            store::LocalSecondaryIndex lsi;
            lsi.indexName = stringMember(j, "IndexName").value_or(std::string());  // its rules: the store's
            if (const json::Value* ks = listMember(j, "KeySchema")) lsi.keySchema = keySchema(*ks, path + ".keySchema", c);
            lsi.projection = projection(j, path, c);
            r.localSecondaryIndexes.push_back(std::move(lsi));
        });
    }
    if (const json::Value* gsis = listMember(b, "GlobalSecondaryIndexes")) {
        forEachStructure(*gsis, "globalSecondaryIndexes", [&](const json::Value& j, const std::string& path) {
            r.globalSecondaryIndexes.push_back(globalSecondaryIndex(j, path, c));
        });
    }
    r.billingMode = billingMode(b, c);
    r.provisionedThroughput = provisionedThroughput(b);
    r.deletionProtectionEnabled = boolMember(b, "DeletionProtectionEnabled");
    r.streamSpecification = decodeStreamSpecification(b);
    c.throwIfAny();
    return r;
}

store::UpdateTableRequest decodeUpdateTable(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::UpdateTableRequest r;
    r.tableName = tableNameMember(b);
    r.attributeDefinitions = attributeDefinitions(b);
    r.billingMode = billingMode(b, c);
    r.provisionedThroughput = provisionedThroughput(b);
    r.deletionProtectionEnabled = boolMember(b, "DeletionProtectionEnabled");
    r.streamSpecification = decodeStreamSpecification(b);
    if (const json::Value* updates = listMember(b, "GlobalSecondaryIndexUpdates")) {
        std::vector<store::GlobalSecondaryIndexUpdate> out;
        forEachStructure(*updates, "globalSecondaryIndexUpdates", [&](const json::Value& u, const std::string& path) {
            store::GlobalSecondaryIndexUpdate update;
            if (const json::Value* create = structureMember(u, "Create"))
                update.create = globalSecondaryIndex(*create, path + ".create", c);
            if (const json::Value* del = structureMember(u, "Delete"))
                update.deleteIndexName = stringMember(*del, "IndexName").value_or(std::string());
            if (const json::Value* upd = structureMember(u, "Update")) {
                store::GlobalSecondaryIndexUpdate::Update action;
                action.indexName = stringMember(*upd, "IndexName").value_or(std::string());
                if (auto t = provisionedThroughput(*upd)) action.provisionedThroughput = *t;
                update.update = std::move(action);
            }
            if ((update.create ? 1 : 0) + (update.deleteIndexName ? 1 : 0) + (update.update ? 1 : 0) > 1)
                dynamo::throwValidation("One or more parameter values were invalid: Only one global secondary index action is "
                                        "allowed per GlobalSecondaryIndexUpdate object");
            out.push_back(std::move(update));
        });
        r.globalSecondaryIndexUpdates = std::move(out);
    }
    c.throwIfAny();
    return r;
}

store::DeleteTableRequest decodeDeleteTable(const json::Value& json) { return {tableNameMember(checkStructure(json))}; }

store::DescribeTableRequest decodeDescribeTable(const json::Value& json) { return {tableNameMember(checkStructure(json))}; }

store::ListTablesRequest decodeListTables(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::ListTablesRequest r;
    r.exclusiveStartTableName = stringMember(b, "ExclusiveStartTableName");
    r.limit = integerMember(b, "Limit");
    checkLimit(r.limit);
    if (r.limit && *r.limit > 100) dynamo::throwValidation("Limit in ListTables must be <= 100");
    return r;
}
}  // namespace keyplan::wire
