// Multi-attribute GSI keys (1-4 HASH and 0-4 RANGE attributes, since November 2025): CreateTable and
// UpdateTable accept and refuse them with the service's texts, DescribeTable shows them as created,
// the catalog keeps them, a new one is backfilled online; writes put an item in the index only with
// every key attribute, refuse a wrong-typed one, and updates, batches and transactions move items
// in, within and out of it, at the index write costs of single keys.
//
// Oracle: DynamoDB Local 1.25 predates these keys, so the texts are the service's: those of the
// KeySchema faults as a public lab catalogued the live answers; where DynamoDB has no text of its
// own for a multi-attribute key, the single-key text (noted on the row).
#include "StoreMultiKeySupport.h"
#include "engine/SqliteStore.h"

#include <QTemporaryDir>

#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::KeyType;
using store::ScalarAttributeType;

Q_DECLARE_METATYPE(keyplan::dynamo::AttributeValue)

namespace {

// "a:H b:H c:R" -> KeySchema entries.
std::vector<store::KeySchemaElement> keysOf(const QString& spec)
{
    std::vector<store::KeySchemaElement> keys;
    for (const QString& part : spec.split(' ', Qt::SkipEmptyParts)) {
        const QStringList nameAndType = part.split(':');
        keys.push_back({nameAndType[0].toStdString(), nameAndType[1] == "H" ? KeyType::Hash : KeyType::Range});
    }
    return keys;
}

store::CreateTableRequest tableWithGsiKeys(const QString& spec)
{
    auto r = simpleTable("tbl");
    std::set<std::string> defined;
    for (const auto& k : keysOf(spec))
        if (defined.insert(k.attributeName).second) r.attributeDefinitions.push_back(def(k.attributeName));
    store::GlobalSecondaryIndex g;
    g.indexName = "gsi";
    g.keySchema = keysOf(spec);
    r.globalSecondaryIndexes = {g};
    return r;
}

int64_t indexCount(store::Store& store, const std::string& table, const std::string& index)
{
    for (const auto& g : store.describeTable({table}).table.globalSecondaryIndexes)
        if (g.indexName == index) return g.itemCount;
    return -1;
}

std::set<std::string> indexed(store::Store& store, const std::string& table = "matches", const std::string& index = "byPlace")
{
    store::ScanRequest scan;
    scan.tableName = table;
    scan.indexName = index;
    std::set<std::string> keys;
    const auto answer = store.scan(scan);
    for (const auto& item : *answer.items) keys.insert(item.at("pk").asString());
    return keys;
}

double indexUnits(const std::optional<store::ConsumedCapacity>& c, const std::string& index = "byPlace")
{
    auto it = c->globalSecondaryIndexes.find(index);
    return it == c->globalSecondaryIndexes.end() ? 0 : it->second.capacityUnits;
}

const std::string kTypeMismatch = "One or more parameter values were invalid: Type mismatch for Index Key";

}  // namespace

class StoreMultiKeySchemaTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldDescribeTheKeySchemaAsCreated_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("two HASH") << "a:H b:H";
        QTest::newRow("two HASH two RANGE") << "a:H b:H c:R d:R";
        QTest::newRow("one HASH four RANGE") << "a:H c:R d:R e:R f:R";
        QTest::newRow("four HASH four RANGE") << "a:H b:H c:H d:H e:R f:R g:R h:R";
    }

    void shouldDescribeTheKeySchemaAsCreated()
    {
        QFETCH(QString, spec);
        auto store = engine::SqliteStore::openInMemory();
        const auto created = store->createTable(tableWithGsiKeys(spec)).tableDescription;
        QCOMPARE(created.globalSecondaryIndexes.at(0).keySchema, keysOf(spec));
        QCOMPARE(store->describeTable({"tbl"}).table.globalSecondaryIndexes.at(0).keySchema, keysOf(spec));
    }

    void shouldRefuseInvalidKeySchemas_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        const QString invalid = "One or more parameter values were invalid: ";
        QTest::newRow("five HASH") << "a:H b:H c:H d:H e:H"
                                   << invalid + "The KeySchema exceeds the maximum allowed number of HASH key attributes";
        QTest::newRow("five RANGE") << "a:H b:R c:R d:R e:R f:R"
                                    << invalid + "The KeySchema exceeds the maximum allowed number of RANGE key attributes";
        QTest::newRow("RANGE first") << "a:R b:H c:H"
                                     << "Invalid KeySchema: The first KeySchemaElement is not a HASH key type";
        QTest::newRow("HASH after RANGE") << "a:H b:R c:H"
                                          << invalid +
                                                 "All HASH key attributes must precede RANGE key attributes in the KeySchema";
        QTest::newRow("an attribute twice as HASH") << "a:H a:H"
                                                    << "The KeySchema contains multiple key attributes with the same name";
        QTest::newRow("an attribute as HASH and RANGE") << "a:H b:H a:R"
                                                        << "The KeySchema contains multiple key attributes with the same name";
        // Single-attribute shapes keep DynamoDB Local's texts.
        QTest::newRow("classic: RANGE before HASH")
            << "a:R b:H"
            << "Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second";
        QTest::newRow("classic: no HASH")
            << "a:R"
            << "No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key";
    }

    void shouldRefuseInvalidKeySchemas()
    {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        auto store = engine::SqliteStore::openInMemory();
        KEYPLAN_EXPECT_ERROR(store->createTable(tableWithGsiKeys(spec)), "ValidationException", message.toStdString());
        // The same KeySchema in UpdateTable's Create.
        store->createTable(simpleTable("tbl"));
        store::UpdateTableRequest u;
        u.tableName = "tbl";
        std::set<std::string> defined;
        for (const auto& k : keysOf(spec))
            if (defined.insert(k.attributeName).second) u.attributeDefinitions.push_back(def(k.attributeName));
        store::GlobalSecondaryIndexUpdate create;
        create.create = store::GlobalSecondaryIndex{"gsi", keysOf(spec), {}, std::nullopt};
        u.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{create};
        if (spec.startsWith("a:R b:H") || spec == "a:R") return;  // UpdateTable words the classic shapes its own way
        KEYPLAN_EXPECT_ERROR(store->updateTable(u), "ValidationException", message.toStdString());
    }

    void shouldRequireADefinitionForEveryKeyAttribute()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = tableWithGsiKeys("a:H b:H c:R");
        r.attributeDefinitions.pop_back();  // c
        KEYPLAN_EXPECT_ERROR(store->createTable(r), "ValidationException",
                             "One or more parameter values were invalid: Some index key attributes are not defined in "
                             "AttributeDefinitions. Keys: [a, b, c], AttributeDefinitions: [pk, sk, a, b]");
        r.attributeDefinitions.push_back(def("c"));
        r.attributeDefinitions.push_back(def("unused"));
        KEYPLAN_EXPECT_ERROR(store->createTable(r), "ValidationException",
                             "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly "
                             "match number of attributes defined in AttributeDefinitions");
    }

    void shouldKeepBaseTablesAndLsisSingleAttribute()
    {
        // DynamoDB Local's texts for these shapes; the service allows several attributes on GSIs only.
        auto store = engine::SqliteStore::openInMemory();
        auto twoHashes = simpleTable("tbl");
        twoHashes.keySchema = {hashKey("pk"), hashKey("sk")};
        KEYPLAN_EXPECT_ERROR(store->createTable(twoHashes), "ValidationException",
                             "Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key");
        auto lsiOfTwoRanges = simpleTable("tbl");
        lsiOfTwoRanges.attributeDefinitions.push_back(def("l1"));
        lsiOfTwoRanges.attributeDefinitions.push_back(def("l2"));
        lsiOfTwoRanges.localSecondaryIndexes = {lsi("lsi", "l1")};
        lsiOfTwoRanges.localSecondaryIndexes[0].keySchema.push_back(rangeKey("l2"));
        KEYPLAN_EXPECT_ERROR(store->createTable(lsiOfTwoRanges), "ValidationException",
                             "Key Schema too big.  Key Schema must at most consist of the hash and range key of a table");
    }

    void shouldKeepTheKeysInTheCatalogAcrossReopening()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("multi.db").toStdString();
        {
            auto store = engine::SqliteStore::openFile(path);
            store->createTable(matchesTable());
            store->putItem(put("matches", match("m1", "x", "W24", "EU", "2", "upper", "\x01")));
        }
        auto store = engine::SqliteStore::openFile(path);
        QCOMPARE(store->describeTable({"matches"}).table.globalSecondaryIndexes.at(0).keySchema,
                 matchesTable().globalSecondaryIndexes.at(0).keySchema);
        auto q = indexQuery("matches", "byPlace", "tournament = :t AND area = :r AND round = :n",
                            {{":t", S("W24")}, {":r", S("EU")}, {":n", N("2")}});
        QCOMPARE(pksOf(*store->query(q).items), std::vector<std::string>{"m1"});
    }

    void shouldIndexAnItemOnlyWithEveryKeyAttribute()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(matchesTable());
        store->putItem(put("matches", match("whole", "x", "W24", "EU", "1", "upper", "\x01")));
        for (const char* missing : {"tournament", "area", "round", "bracket", "code"}) {
            Item item = match(std::string("no-") + missing, "x", "W24", "EU", "1", "upper", "\x01");
            item.erase(missing);
            store->putItem(put("matches", item));
        }
        QCOMPARE(indexed(*store), std::set<std::string>{"whole"});
        QCOMPARE(indexCount(*store, "matches", "byPlace"), int64_t(1));
        // Its size is that of the one entry (the whole item, projected ALL), as for a single key.
        const auto index = store->describeTable({"matches"}).table.globalSecondaryIndexes.at(0);
        QCOMPARE(index.indexSizeBytes, dynamo::itemSizeInBytes(match("whole", "x", "W24", "EU", "1", "upper", "\x01")));
    }

    void shouldRefuseAWrongTypedKeyAttribute_data()
    {
        QTest::addColumn<QString>("attribute");
        QTest::addColumn<AttributeValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("second HASH as N") << "area" << N("1") << QString::fromStdString(kTypeMismatch);
        QTest::newRow("first RANGE as S") << "round" << S("1") << QString::fromStdString(kTypeMismatch);
        QTest::newRow("last RANGE as S") << "code" << S("1") << QString::fromStdString(kTypeMismatch);
        QTest::newRow("empty second HASH")
            << "area" << S("")
            << "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The "
               "AttributeValue for a key attribute cannot contain an empty string value. IndexName: byPlace, IndexKey: area";
    }

    void shouldRefuseAWrongTypedKeyAttribute()
    {
        QFETCH(QString, attribute);
        QFETCH(AttributeValue, value);
        QFETCH(QString, message);
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(matchesTable());
        Item item = match("m", "x", "W24", "EU", "1", "upper", "\x01");
        item[attribute.toStdString()] = value;
        KEYPLAN_EXPECT_ERROR(store->putItem(put("matches", item)), "ValidationException", message.toStdString());
        // Also when the item lacks another key attribute (it would not be indexed anyway).
        item.erase("bracket");
        KEYPLAN_EXPECT_ERROR(store->putItem(put("matches", item)), "ValidationException", message.toStdString());
        QVERIFY(indexed(*store).empty());
    }

    void shouldMoveItemsInWithinAndOutOfTheIndexOnUpdate()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(matchesTable());
        Item item = match("m", "x", "W24", "EU", "1", "upper", "\x01");
        item.erase("bracket");
        auto w = put("matches", item);
        w.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        QCOMPARE(indexUnits(store->putItem(w).consumedCapacity), 0.0);  // not in the index: no index write

        store::UpdateItemRequest u;
        u.tableName = "matches";
        u.key = {{"pk", S("m")}, {"sk", S("x")}};
        u.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        auto update = [&](std::string expression, store::ExpressionAttributeValues values) {
            u.updateExpression = std::move(expression);
            u.expressionAttributeValues = values.empty() ? std::nullopt : std::optional(std::move(values));
            return indexUnits(store->updateItem(u).consumedCapacity);
        };
        // [AWS] an item gaining the index key: one index write (a put).
        QCOMPARE(update("SET bracket = :b", {{":b", S("upper")}}), 1.0);
        QCOMPARE(indexed(*store), std::set<std::string>{"m"});
        // A key attribute changing: two (the old entry deleted, the new one put); the item moves.
        QCOMPARE(update("SET round = :n", {{":n", N("3")}}), 2.0);
        QCOMPARE(update("SET tournament = :n", {{":n", S("S25")}}), 2.0);
        auto q = indexQuery("matches", "byPlace", "tournament = :t AND area = :r AND round = :n",
                            {{":t", S("S25")}, {":r", S("EU")}, {":n", N("3")}});
        QCOMPARE(pksOf(*store->query(q).items), std::vector<std::string>{"m"});
        // Only a projected non-key attribute changing: one.
        QCOMPARE(update("SET note = :v", {{":v", S("final")}}), 1.0);
        // The item losing any key attribute: one (a delete), and it is out.
        QCOMPARE(update("REMOVE area", {}), 1.0);
        QVERIFY(indexed(*store).empty());
        QCOMPARE(indexCount(*store, "matches", "byPlace"), int64_t(0));
        // A wrong-typed key attribute set by an update is refused too.
        KEYPLAN_EXPECT_ERROR(update("SET area = :r", {{":r", N("7")}}), "ValidationException", kTypeMismatch);
    }

    void shouldMaintainTheIndexInBatchesAndTransactions()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(matchesTable());
        store::BatchWriteItemRequest batch;
        batch.requestItems.push_back({"matches",
                                      {{match("b1", "x", "W24", "EU", "1", "a", "\x01"), std::nullopt},
                                       {match("b2", "x", "W24", "EU", "2", "a", "\x01"), std::nullopt}}});
        store->batchWriteItem(batch);
        QCOMPARE(indexed(*store), (std::set<std::string>{"b1", "b2"}));

        store::TransactWriteItemsRequest tx;
        store::TransactWriteItem in;
        in.tableName = "matches";
        in.item = match("t1", "x", "W24", "NA", "1", "a", "\x02");
        store::TransactWriteItem out;
        out.kind = store::TransactWriteKind::Update;
        out.tableName = "matches";
        out.key = {{"pk", S("b1")}, {"sk", S("x")}};
        out.updateExpression = "REMOVE code";
        store::TransactWriteItem away;
        away.kind = store::TransactWriteKind::Delete;
        away.tableName = "matches";
        away.key = {{"pk", S("b2")}, {"sk", S("x")}};
        tx.transactItems = {in, out, away};
        store->transactWriteItems(tx);
        QCOMPARE(indexed(*store), std::set<std::string>{"t1"});

        // A wrong-typed key attribute cancels the transaction with a validation reason.
        store::TransactWriteItem wrong;
        wrong.tableName = "matches";
        wrong.item = match("t2", "x", "W24", "NA", "1", "a", "\x02");
        wrong.item["bracket"] = N("5");
        tx.transactItems = {wrong};
        try {
            store->transactWriteItems(tx);
            QFAIL("expected TransactionCanceledException");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("TransactionCanceledException"));
            QCOMPARE(e.cancellationReasons.at(0).code, std::string("ValidationError"));
            QCOMPARE(e.cancellationReasons.at(0).message.value_or(""), kTypeMismatch);
        }
        store::BatchWriteItemRequest removal;
        removal.requestItems.push_back({"matches", {{std::nullopt, Item{{"pk", S("t1")}, {"sk", S("x")}}}}});
        store->batchWriteItem(removal);
        QVERIFY(indexed(*store).empty());
    }

    void shouldBackfillANewIndexOverExistingAttributes()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("matches");
        store->createTable(r);
        for (int i = 0; i < 30; ++i)
            store->putItem(put("matches", match("m" + std::to_string(i), "x", "W24", i % 2 ? "EU" : "NA", std::to_string(i % 5),
                                                "upper", std::string(1, char(i)))));
        store->putItem(put("matches", {{"pk", S("bare")}, {"sk", S("x")}}));  // lacks the index keys
        store::UpdateTableRequest u;
        u.tableName = "matches";
        const auto created = matchesTable();
        u.attributeDefinitions = {created.attributeDefinitions.begin() + 2, created.attributeDefinitions.end()};
        store::GlobalSecondaryIndexUpdate g;
        g.create = created.globalSecondaryIndexes[0];
        u.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{g};
        const auto answer = store->updateTable(u).tableDescription;
        QCOMPARE(answer.globalSecondaryIndexes.at(0).keySchema, g.create->keySchema);
        QVERIFY(QTest::qWaitFor(
            [&] { return store->describeTable({"matches"}).table.globalSecondaryIndexes.at(0).indexStatus == "ACTIVE"; }, 20000));
        QCOMPARE(indexCount(*store, "matches", "byPlace"), int64_t(30));
        auto q = indexQuery("matches", "byPlace", "tournament = :t AND area = :r", {{":t", S("W24")}, {":r", S("EU")}});
        QCOMPARE(store->query(q).count, int64_t(15));
    }

    void shouldShowAMultiAttributePartitionKeyAsTheListOfItsValues()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(matchesTable());
        store->putItem(put("matches", match("m", "x", "W24", "EU", "1", "a", "\x01")));
        store->query(indexQuery("matches", "byPlace", "tournament = :t AND area = :r", {{":t", S("W24")}, {":r", S("EU")}}));
        const auto stats = store->partitionStats({"matches", std::string("byPlace")});
        std::vector<std::pair<AttributeValue, double>> hottest;
        for (const auto& p : stats.partitions) hottest.insert(hottest.end(), p.hottestKeys.begin(), p.hottestKeys.end());
        QCOMPARE(hottest.size(), size_t(1));
        QCOMPARE(hottest[0].first, AttributeValue::list({S("W24"), S("EU")}));
    }
};

QTEST_GUILESS_MAIN(StoreMultiKeySchemaTest)
#include "tst_store_multikey_schema.moc"
