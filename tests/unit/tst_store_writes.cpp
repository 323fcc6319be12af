// Every write path keeps the indexes right and nothing half-applies: UpdateItem moves, creates
// and removes index entries; a failed condition, a cancelled transaction or a validation error
// leaves every table exactly as it was (the whole table and its indexes are compared before and
// after). Expected texts and figures were read off DynamoDB Local 1.25; where the reference's
// [AWS] facts differ, the test says so.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ReturnConsumedCapacity;
using store::ScalarAttributeType;

namespace {

// pk/sk table with GSI1 (g, ALL), GSI2 (h, KEYS_ONLY) and LSI1 (l, ALL).
std::unique_ptr<engine::SqliteStore> shop()
{
    auto store = engine::SqliteStore::openInMemory();
    auto r = simpleTable("shop");
    for (const char* a : {"g", "h", "l"}) r.attributeDefinitions.push_back(def(a));
    r.globalSecondaryIndexes = {gsi("GSI1", "g"), gsi("GSI2", "h", std::nullopt, ProjectionType::KeysOnly)};
    r.localSecondaryIndexes = {lsi("LSI1", "l")};
    store->createTable(r);
    store->createTable(simpleTable("other", ScalarAttributeType::N, std::nullopt));
    for (int i = 0; i < 4; ++i)
        store->putItem(put("shop", {{"pk", S("p")},
                                    {"sk", S("s" + std::to_string(i))},
                                    {"g", S("G" + std::to_string(i % 2))},
                                    {"l", S("L" + std::to_string(i))},
                                    {"n", N(std::to_string(i))}}));
    store->putItem(put("other", {{"pk", N("1")}, {"v", S("x")}}));
    return store;
}

// Everything the store holds: each table and each index, scanned in order.
QString snapshot(store::Store& store)
{
    QString out;
    for (const auto& [table, indexes] :
         std::vector<std::pair<std::string, std::vector<std::string>>>{{"shop", {"", "GSI1", "GSI2", "LSI1"}}, {"other", {""}}}) {
        for (const auto& index : indexes) {
            store::ScanRequest scan;
            scan.tableName = table;
            if (!index.empty()) scan.indexName = index;
            const auto r = store.scan(scan);
            out += QString::fromStdString(table + "/" + index + ":");
            for (const auto& item : *r.items) out += debug(item) + ";";
            out += "\n";
        }
    }
    return out;
}

int64_t countIn(store::Store& store, const char* index)
{
    store::ScanRequest scan;
    scan.tableName = "shop";
    scan.indexName = index;
    return store.scan(scan).count;
}

store::UpdateItemRequest update(Item key, std::string expression, store::ExpressionAttributeValues values = {})
{
    store::UpdateItemRequest u;
    u.tableName = "shop";
    u.key = std::move(key);
    u.updateExpression = std::move(expression);
    if (!values.empty()) u.expressionAttributeValues = std::move(values);
    return u;
}

}  // namespace

class StoreWritesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldMoveCreateAndRemoveIndexEntriesOnUpdate()
    {
        auto store = shop();
        const Item key{{"pk", S("p")}, {"sk", S("s0")}};
        QCOMPARE(countIn(*store, "GSI2"), int64_t(0));

        // Adding h puts the item into GSI2.
        auto u = update(key, "SET h = :h", {{":h", S("H")}});
        u.returnConsumedCapacity = ReturnConsumedCapacity::Indexes;
        auto c = *store->updateItem(u).consumedCapacity;
        QCOMPARE(countIn(*store, "GSI2"), int64_t(1));
        QCOMPARE(c.globalSecondaryIndexes.at("GSI2").capacityUnits, 1.0);
        // GSI1 and LSI1 project everything, so their entries change too.
        QCOMPARE(c.globalSecondaryIndexes.at("GSI1").capacityUnits, 1.0);
        QCOMPARE(c.localSecondaryIndexes.at("LSI1").capacityUnits, 1.0);

        // Changing g moves the entry from partition G0 to G9: a delete and a put.
        u = update(key, "SET g = :g", {{":g", S("G9")}});
        u.returnConsumedCapacity = ReturnConsumedCapacity::Indexes;
        c = *store->updateItem(u).consumedCapacity;
        QCOMPARE(c.globalSecondaryIndexes.at("GSI1").capacityUnits, 2.0);
        QCOMPARE(c.globalSecondaryIndexes.count("GSI2"), size_t(0));  // keys only, keys unchanged
        auto q = queryPk("shop", S("G9"), "g");
        q.indexName = "GSI1";
        QCOMPARE(store->query(q).count, int64_t(1));
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", S("G0")}};
        QCOMPARE(store->query(q).count, int64_t(1));  // s2 is still there, s0 is not

        // Removing h and l takes the item out of GSI2 and LSI1.
        store->updateItem(update(key, "REMOVE h, l"));
        QCOMPARE(countIn(*store, "GSI2"), int64_t(0));
        QCOMPARE(countIn(*store, "LSI1"), int64_t(3));

        // Updating a missing item creates it, in the indexes its keys name.
        store->updateItem(update({{"pk", S("p")}, {"sk", S("new")}}, "SET g = :g, l = :l", {{":g", S("G9")}, {":l", S("L9")}}));
        QCOMPARE(countIn(*store, "LSI1"), int64_t(4));
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", S("G9")}};
        QCOMPARE(store->query(q).count, int64_t(2));
    }

    void shouldMaintainIndexesThroughDeletesAndBatches()
    {
        auto store = shop();
        store::DeleteItemRequest del;
        del.tableName = "shop";
        del.key = {{"pk", S("p")}, {"sk", S("s1")}};
        store->deleteItem(del);
        QCOMPARE(countIn(*store, "GSI1"), int64_t(3));
        QCOMPARE(countIn(*store, "LSI1"), int64_t(3));

        store::BatchWriteItemRequest bw;
        bw.requestItems = {{"shop",
                            {{std::nullopt, Item{{"pk", S("p")}, {"sk", S("s2")}}},
                             {Item{{"pk", S("p")}, {"sk", S("s3")}, {"g", S("G7")}}, std::nullopt},
                             {Item{{"pk", S("q")}, {"sk", S("s9")}, {"h", S("H")}}, std::nullopt}}}};
        store->batchWriteItem(bw);
        QCOMPARE(countIn(*store, "GSI1"), int64_t(2));  // s0 and the new s3
        QCOMPARE(countIn(*store, "GSI2"), int64_t(1));
        QCOMPARE(countIn(*store, "LSI1"), int64_t(1));  // only s0 keeps l
    }

    void shouldLeaveEverythingUnchangedWhenAConditionFails()
    {
        auto store = shop();
        const QString before = snapshot(*store);
        auto p = put("shop", {{"pk", S("p")}, {"sk", S("s0")}, {"g", S("CHANGED")}});
        p.conditionExpression = "attribute_not_exists(pk)";
        KEYPLAN_EXPECT_ERROR(store->putItem(p), "ConditionalCheckFailedException", "The conditional request failed");
        auto u = update({{"pk", S("p")}, {"sk", S("s1")}}, "SET g = :g", {{":g", S("X")}, {":n", N("99")}});
        u.conditionExpression = "n = :n";
        KEYPLAN_EXPECT_ERROR(store->updateItem(u), "ConditionalCheckFailedException", "The conditional request failed");
        store::DeleteItemRequest del;
        del.tableName = "shop";
        del.key = {{"pk", S("p")}, {"sk", S("s2")}};
        del.conditionExpression = "begins_with(g, :x)";
        del.expressionAttributeValues = store::ExpressionAttributeValues{{":x", S("nope")}};
        KEYPLAN_EXPECT_ERROR(store->deleteItem(del), "ConditionalCheckFailedException", "The conditional request failed");
        QCOMPARE(snapshot(*store), before);
    }

    void shouldReturnTheOldItemOnConditionFailureWhenAsked()
    {
        auto store = shop();
        auto p = put("shop", {{"pk", S("p")}, {"sk", S("s0")}});
        p.conditionExpression = "attribute_not_exists(pk)";
        p.returnValuesOnConditionCheckFailure = store::ReturnValuesOnConditionCheckFailure::AllOld;
        try {
            store->putItem(p);
            QFAIL("put accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ConditionalCheckFailedException"));
            QVERIFY(e.item);
            QCOMPARE(e.item->at("n"), N("0"));
        }
    }

    void shouldLeaveEverythingUnchangedWhenAnUpdateIsInvalid_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("message");
        QTest::newRow("arithmetic on a string") << "SET g = g + :one"
                                                << "An operand in the update expression has an incorrect data type";
        QTest::newRow("key attribute")
            << "SET sk = :one"
            << "One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key";
        QTest::newRow("index key of the wrong type") << "SET g = :one"
                                                     << "One or more parameter values were invalid: Type mismatch for Index Key";
    }
    void shouldLeaveEverythingUnchangedWhenAnUpdateIsInvalid()
    {
        QFETCH(QString, expression);
        QFETCH(QString, message);
        auto store = shop();
        const QString before = snapshot(*store);
        try {
            store->updateItem(update({{"pk", S("p")}, {"sk", S("s0")}}, expression.toStdString(), {{":one", N("1")}}));
            QFAIL("update accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ValidationException"));
            QCOMPARE(QString::fromStdString(e.message()), message);
        }
        QCOMPARE(snapshot(*store), before);
    }

    void shouldReturnEveryKindOfReturnValues_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("expected");
        const Item old{{"pk", S("p")}, {"sk", S("s0")}, {"g", S("G0")}, {"l", S("L0")}, {"n", N("0")}};
        const Item next{{"pk", S("p")}, {"sk", S("s0")}, {"g", S("G0")}, {"l", S("L0")}, {"n", N("5")}, {"t", S("new")}};
        QTest::newRow("NONE") << int(store::ReturnValues::None) << QString();
        QTest::newRow("ALL_OLD") << int(store::ReturnValues::AllOld) << debug(old);
        QTest::newRow("UPDATED_OLD") << int(store::ReturnValues::UpdatedOld) << debug({{"n", N("0")}});
        QTest::newRow("ALL_NEW") << int(store::ReturnValues::AllNew) << debug(next);
        QTest::newRow("UPDATED_NEW") << int(store::ReturnValues::UpdatedNew) << debug({{"n", N("5")}, {"t", S("new")}});
    }
    void shouldReturnEveryKindOfReturnValues()
    {
        QFETCH(int, mode);
        QFETCH(QString, expected);
        auto store = shop();
        auto u = update({{"pk", S("p")}, {"sk", S("s0")}}, "SET n = n + :five, t = :t", {{":five", N("5")}, {":t", S("new")}});
        u.returnValues = static_cast<store::ReturnValues>(mode);
        auto r = store->updateItem(u);
        QCOMPARE(r.attributes ? debug(*r.attributes) : QString(), expected);
    }

    void shouldCommitTransactionsWhole()
    {
        auto store = shop();
        store::TransactWriteItemsRequest t;
        t.returnConsumedCapacity = ReturnConsumedCapacity::Total;
        store::TransactWriteItem putNew;
        putNew.kind = store::TransactWriteKind::Put;
        putNew.tableName = "other";
        putNew.item = {{"pk", N("2")}};
        store::TransactWriteItem bump;
        bump.kind = store::TransactWriteKind::Update;
        bump.tableName = "shop";
        bump.key = {{"pk", S("p")}, {"sk", S("s0")}};
        bump.updateExpression = "SET n = n + :one";
        bump.expressionAttributeValues = store::ExpressionAttributeValues{{":one", N("1")}};
        store::TransactWriteItem check;
        check.kind = store::TransactWriteKind::ConditionCheck;
        check.tableName = "other";
        check.key = {{"pk", N("1")}};
        check.conditionExpression = "v = :x";
        check.expressionAttributeValues = store::ExpressionAttributeValues{{":x", S("x")}};
        t.transactItems = {putNew, bump, check};
        auto r = store->transactWriteItems(t);
        // [AWS] twice the ordinary units: other 2 (put) + 2 (check); shop 2 table + 2 GSI1 + 2 LSI1.
        // DynamoDB Local charges four times the ordinary units instead.
        double other = 0, shopUnits = 0;
        for (const auto& c : *r.consumedCapacity) (c.tableName == "other" ? other : shopUnits) = c.capacityUnits;
        QCOMPARE(other, 4.0);
        QCOMPARE(shopUnits, 6.0);
        store::GetItemRequest get;
        get.tableName = "shop";
        get.key = {{"pk", S("p")}, {"sk", S("s0")}};
        QCOMPARE(store->getItem(get).item->at("n"), N("1"));
    }

    void shouldCancelTransactionsWholeWithReasonsInOrder()
    {
        auto store = shop();
        const QString before = snapshot(*store);
        store::TransactWriteItemsRequest t;
        store::TransactWriteItem putNew;
        putNew.kind = store::TransactWriteKind::Put;
        putNew.tableName = "other";
        putNew.item = {{"pk", N("3")}};
        store::TransactWriteItem failing;
        failing.kind = store::TransactWriteKind::Update;
        failing.tableName = "shop";
        failing.key = {{"pk", S("p")}, {"sk", S("s0")}};
        failing.updateExpression = "SET g = :g";
        failing.conditionExpression = "n = :n";
        failing.expressionAttributeValues = store::ExpressionAttributeValues{{":g", S("Z")}, {":n", N("42")}};
        failing.returnValuesOnConditionCheckFailure = store::ReturnValuesOnConditionCheckFailure::AllOld;
        store::TransactWriteItem check;
        check.kind = store::TransactWriteKind::ConditionCheck;
        check.tableName = "other";
        check.key = {{"pk", N("1")}};
        check.conditionExpression = "attribute_not_exists(v)";
        store::TransactWriteItem badKey;
        badKey.kind = store::TransactWriteKind::Delete;
        badKey.tableName = "other";
        badKey.key = {{"pk", S("wrong type")}};
        t.transactItems = {putNew, failing, check, badKey};
        try {
            store->transactWriteItems(t);
            QFAIL("transaction committed");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("TransactionCanceledException"));
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("Transaction cancelled, please refer cancellation reasons for specific reasons "
                                    "[None, ConditionalCheckFailed, ConditionalCheckFailed, ValidationError]"));
            QCOMPARE(e.cancellationReasons.size(), size_t(4));
            QCOMPARE(e.cancellationReasons[0].code, std::string("None"));
            QVERIFY(!e.cancellationReasons[0].message);
            QCOMPARE(e.cancellationReasons[1].message.value_or(""), std::string("The conditional request failed"));
            QCOMPARE(e.cancellationReasons[1].item->at("n"), N("0"));
            // DynamoDB Local ends a ConditionCheck's message with a full stop.
            QCOMPARE(e.cancellationReasons[2].message.value_or(""), std::string("The conditional request failed."));
            QCOMPARE(e.cancellationReasons[3].message.value_or(""),
                     std::string("One or more parameter values were invalid: Type mismatch for key"));
        }
        QCOMPARE(snapshot(*store), before);
    }

    void shouldRejectBadTransactions_data()
    {
        QTest::addColumn<int>("caseIndex");
        QTest::addColumn<QString>("message");
        QTest::newRow("two actions on one item") << 0 << "Transaction request cannot include multiple operations on one item";
        QTest::newRow("empty")
            << 1
            << "Value [] at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1";
        QTest::newRow("101 items") << 2 << "Member must have length less than or equal to 100";
        QTest::newRow("missing key attribute") << 3 << "One of the required keys was not given a value";
        QTest::newRow("condition check without condition")
            << 4
            << "Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null";
    }
    void shouldRejectBadTransactions()
    {
        QFETCH(int, caseIndex);
        QFETCH(QString, message);
        auto store = shop();
        const QString before = snapshot(*store);
        store::TransactWriteItemsRequest t;
        auto putOf = [](const std::string& n) {
            store::TransactWriteItem w;
            w.tableName = "other";
            w.item = {{"pk", N(n)}};
            return w;
        };
        switch (caseIndex) {
        case 0: {
            store::TransactWriteItem del;
            del.kind = store::TransactWriteKind::Delete;
            del.tableName = "other";
            del.key = {{"pk", N("5")}};
            t.transactItems = {putOf("5"), del};
            break;
        }
        case 1: break;
        case 2:
            for (int i = 0; i < 101; ++i) t.transactItems.push_back(putOf(std::to_string(i + 10)));
            break;
        case 3:
            t.transactItems = {putOf("7")};
            t.transactItems[0].item = {{"nope", N("7")}};
            break;
        case 4: {
            store::TransactWriteItem check;
            check.kind = store::TransactWriteKind::ConditionCheck;
            check.tableName = "other";
            check.key = {{"pk", N("1")}};
            t.transactItems = {check};
            break;
        }
        }
        try {
            store->transactWriteItems(t);
            QFAIL("transaction accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ValidationException"));
            QCOMPARE(QString::fromStdString(e.message()), message);
        }
        QCOMPARE(snapshot(*store), before);
    }

    void shouldHonourClientRequestTokens()
    {
        auto store = shop();
        store::TransactWriteItemsRequest t;
        t.clientRequestToken = "token-1";
        t.returnConsumedCapacity = ReturnConsumedCapacity::Total;
        store::TransactWriteItem add;
        add.kind = store::TransactWriteKind::Update;
        add.tableName = "other";
        add.key = {{"pk", N("1")}};
        add.updateExpression = "ADD visits :one";
        add.expressionAttributeValues = store::ExpressionAttributeValues{{":one", N("1")}};
        t.transactItems = {add};
        QCOMPARE(store->transactWriteItems(t).consumedCapacity->at(0).writeCapacityUnits.value_or(0), 2.0);
        // A retry with the same token changes nothing and is charged as reads (DynamoDB Local).
        auto retry = store->transactWriteItems(t);
        QCOMPARE(retry.consumedCapacity->at(0).readCapacityUnits.value_or(0), 2.0);
        store::GetItemRequest get;
        get.tableName = "other";
        get.key = {{"pk", N("1")}};
        QCOMPARE(store->getItem(get).item->at("visits"), N("1"));
        // The same token with a different request is refused.
        t.transactItems[0].expressionAttributeValues = store::ExpressionAttributeValues{{":one", N("2")}};
        try {
            store->transactWriteItems(t);
            QFAIL("mismatched token accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("IdempotentParameterMismatchException"));
        }
    }

    void shouldReportAndLimitItemCollections()
    {
        auto store = shop();
        auto p = put("shop", {{"pk", S("p")}, {"sk", S("s9")}, {"l", S("L9")}, {"pad", S(std::string(500, 'x'))}});
        p.returnItemCollectionMetrics = store::ReturnItemCollectionMetrics::Size;
        auto metrics = store->putItem(p).itemCollectionMetrics;
        QVERIFY(metrics);
        QCOMPARE(debug(metrics->itemCollectionKey), debug({{"pk", S("p")}}));
        QCOMPARE(metrics->sizeEstimateRangeGB, (std::vector<double>{0.0, 1.0}));
        // Five items and their LSI1 entries (ALL: the same size again).
        QVERIFY(metrics->collectionBytes > 2 * 500);
        // A table without LSIs has no item collections to report.
        auto other = put("other", {{"pk", N("5")}});
        other.returnItemCollectionMetrics = store::ReturnItemCollectionMetrics::Size;
        QVERIFY(!store->putItem(other).itemCollectionMetrics);

        // [AWS] a collection past its ceiling refuses writes that grow it; rehearsed with 4 KB.
        store->setItemCollectionLimit(4096);
        const QString before = snapshot(*store);
        KEYPLAN_EXPECT_ERROR(store->putItem(put("shop", {{"pk", S("p")}, {"sk", S("big")}, {"pad", S(std::string(3000, 'y'))}})),
                             "ItemCollectionSizeLimitExceededException", "Collection size exceeded");
        QCOMPARE(snapshot(*store), before);
        // Another partition key is another collection.
        store->putItem(put("shop", {{"pk", S("q")}, {"sk", S("big")}, {"pad", S(std::string(1000, 'y'))}}));
        // Shrinking a full collection is always allowed.
        store::DeleteItemRequest del;
        del.tableName = "shop";
        del.key = {{"pk", S("p")}, {"sk", S("s9")}};
        store->deleteItem(del);
    }

    void shouldReadTransactionally()
    {
        auto store = shop();
        store::TransactGetItemsRequest t;
        t.returnConsumedCapacity = ReturnConsumedCapacity::Total;
        t.transactItems = {{"shop", {{"pk", S("p")}, {"sk", S("s0")}}, std::string("n, g"), std::nullopt},
                           {"shop", {{"pk", S("p")}, {"sk", S("missing")}}, std::nullopt, std::nullopt},
                           {"other", {{"pk", N("1")}}, std::nullopt, std::nullopt}};
        auto r = store->transactGetItems(t);
        QCOMPARE(r.responses.size(), size_t(3));
        QCOMPARE(debug(*r.responses[0]), debug({{"g", S("G0")}, {"n", N("0")}}));
        QVERIFY(!r.responses[1]);
        QCOMPARE(r.responses[2]->at("v"), S("x"));
        // [AWS] a transactional read costs twice a strongly consistent one; DynamoDB Local also
        // charges the missing item.
        double shopUnits = 0;
        for (const auto& c : *r.consumedCapacity)
            if (c.tableName == "shop") shopUnits = c.capacityUnits;
        QCOMPARE(shopUnits, 4.0);
    }
};

QTEST_GUILESS_MAIN(StoreWritesTest)
#include "tst_store_writes.moc"
