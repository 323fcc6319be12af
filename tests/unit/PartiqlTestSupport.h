// The tables the PartiQL tests run statements against, and short ways to run one. Expected items,
// orders and texts in those tests were read off DynamoDB Local 1.25 with boto3 unless a comment
// says DynamoDB's documentation differs.
#pragma once

#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "partiql/Executor.h"

#include <memory>

namespace keyplan::test {

// "shop": PK, SK (S), GSI byG (G1, SK, ALL), nine items P1..P3 x S1..S3 with n = 10p + s,
// G1 = g(s % 2) and a map m = {a: [1, 'x']}. "nums": hash key id (N), items 1..5 with v = "v<id>".
inline std::unique_ptr<engine::SqliteStore> partiqlStore()
{
    auto store = engine::SqliteStore::openInMemory();
    auto shop = simpleTable("shop");
    shop.keySchema = {hashKey("PK"), rangeKey("SK")};
    shop.attributeDefinitions = {def("PK"), def("SK"), def("G1")};
    shop.globalSecondaryIndexes = {gsi("byG", "G1", "SK")};
    store->createTable(shop);
    for (int p = 1; p <= 3; ++p) {
        for (int s = 1; s <= 3; ++s) {
            store->putItem(put("shop", {{"PK", S("P" + std::to_string(p))},
                                        {"SK", S("S" + std::to_string(s))},
                                        {"n", N(std::to_string(p * 10 + s))},
                                        {"G1", S("g" + std::to_string(s % 2))},
                                        {"m", AttributeValue::map({{"a", AttributeValue::list({N("1"), S("x")})}})}}));
        }
    }
    auto nums = simpleTable("nums", store::ScalarAttributeType::N, std::nullopt);
    nums.keySchema = {hashKey("id")};
    nums.attributeDefinitions = {def("id", store::ScalarAttributeType::N)};
    store->createTable(nums);
    for (int i = 1; i <= 5; ++i) store->putItem(put("nums", {{"id", N(std::to_string(i))}, {"v", S("v" + std::to_string(i))}}));
    return store;
}

inline store::ExecuteStatementResponse runStatement(store::Store& store, std::string_view statement,
                                                    std::vector<AttributeValue> parameters = {},
                                                    store::ReturnConsumedCapacity capacity = store::ReturnConsumedCapacity::None)
{
    return partiql::run(store, statement, parameters, capacity);
}

// Whether `call` throws dynamo::Error with this exception name and message (names from test data).
template <typename Call>
void expectError(Call call, const QString& name, const QString& message)
{
    try {
        call();
        QFAIL(qPrintable("expected " + name));
    } catch (const dynamo::Error& e) {
        QCOMPARE(QString::fromStdString(e.name()), name);
        QCOMPARE(QString::fromStdString(e.message()), message);
    }
}

// "P1/S2, P3/S1": the PK/SK (or id) of each item, for comparing orders.
inline QString keysOf(const std::vector<Item>& items)
{
    QStringList out;
    for (const Item& item : items) {
        auto text = [&](const char* name) -> QString {
            auto it = item.find(name);
            if (it == item.end()) return {};
            return QString::fromStdString(it->second.is(dynamo::Type::N) ? it->second.asNumber().toString()
                                                                         : it->second.asString());
        };
        out << (item.count("id") ? text("id") : text("PK") + "/" + text("SK"));
    }
    return out.join(", ");
}

}  // namespace keyplan::test
