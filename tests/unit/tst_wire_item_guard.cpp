// wire::hasItemOverLimit, the scan that refuses a request whose item is certainly over 400 KB
// before it is parsed. Its one promise is never to refuse an item DynamoDB would take: checked
// here against dynamo::itemSizeInBytes on random items of every type (names that look like type
// descriptors, escapes, nesting) written as SDKs write them, and on the shapes that must be
// caught (many tiny attributes, long lists, items in batches and transactions).
#include "dynamo/AttributeValue.h"
#include "wire/EncodeRequest.h"
#include "wire/ItemSizeGuard.h"

#include <QTest>

#include <random>

using namespace keyplan;
using dynamo::AttributeValue;

namespace {

std::string putItemBody(const dynamo::Item& item)
{
    store::PutItemRequest r;
    r.tableName = "items";
    r.item = item;
    return wire::encodeRequest(r);
}

class RandomItems {
public:
    explicit RandomItems(uint32_t seed) : rng_(seed) {}

    dynamo::Item item()
    {
        dynamo::Item item;
        const int attributes = pick(1, 30);
        for (int i = 0; i < attributes; ++i) item[name()] = value(0);
        return item;
    }

private:
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

    std::string text(int maxLength)
    {
        static const std::vector<std::string> pieces = {"a", "b", "S", "\"", "\\", "\n", "\xc3\xa9", "\xf0\x9f\x98\x80", "\x01"};
        std::string out;
        const int n = pick(0, maxLength);
        for (int i = 0; i < n; ++i) out += pieces[size_t(pick(0, int(pieces.size()) - 1))];
        return out;
    }

    std::string name()
    {
        // Names that are also type descriptors or the "Item" member must not confuse the scan.
        static const std::vector<std::string> tricky = {"S", "N", "M", "L", "SS", "NULL", "BOOL", "Item", "Put", "PutRequest"};
        if (pick(0, 3) == 0) return tricky[size_t(pick(0, int(tricky.size()) - 1))];
        std::string n = text(12);
        return n.empty() ? "x" : n;
    }

    AttributeValue value(int depth)
    {
        switch (pick(0, depth < 3 ? 9 : 6)) {
        case 0: return AttributeValue::string(text(40));
        case 1: return AttributeValue::number(std::to_string(pick(-100000, 100000)));
        case 2: return AttributeValue::binary(text(20));
        case 3: return AttributeValue::boolean(pick(0, 1) == 1);
        case 4: return AttributeValue::null();
        case 5: return AttributeValue::stringSet({"s" + text(5), "t" + text(5)});
        case 6: return AttributeValue::numberSet({dynamo::Number::parse("1"), dynamo::Number::parse("22")});
        case 7: {
            dynamo::AttributeList list;
            for (int i = pick(0, 6); i > 0; --i) list.push_back(value(depth + 1));
            return AttributeValue::list(std::move(list));
        }
        default: {
            dynamo::AttributeMap map;
            for (int i = pick(0, 6); i > 0; --i) map[name()] = value(depth + 1);
            return AttributeValue::map(std::move(map));
        }
        }
    }

    std::mt19937 rng_;
};

std::string tinyAttributes(int count, std::string_view prefix, std::string_view suffix)
{
    std::string body(prefix);
    body += R"({"pk":{"S":"p"})";
    for (int i = 0; i < count; ++i) body += ",\"a" + std::to_string(i) + "\":{\"NULL\":true}";
    body += "}";
    body += suffix;
    return body;
}

}  // namespace

class TestWireItemGuard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldNeverRefuseAnItemWithinTheLimit()
    {
        RandomItems random(20261201);
        int refused = 0;
        for (int round = 0; round < 3000; ++round) {
            const dynamo::Item item = random.item();
            const std::string body = putItemBody(item);
            const int64_t size = dynamo::itemSizeInBytes(item);
            // Limits around the item's real size, so both verdicts come up.
            for (int64_t limit : {size / 4, size / 2, size - 1, size, size + 1}) {
                if (limit < 0) continue;
                const bool over = wire::hasItemOverLimit(body, size_t(limit));
                if (over) {
                    ++refused;
                    QVERIFY2(size > limit, qPrintable(QString::fromStdString(body)));
                }
            }
        }
        QVERIFY(refused > 100);  // the scan is not trivially "never"
    }

    void shouldRefuseAPutItemOfManyTinyAttributes()
    {
        const std::string body = tinyAttributes(100'000, R"({"TableName":"items","Item":)", "}");
        QVERIFY(wire::hasItemOverLimit(body, 400 * 1024));
    }

    void shouldRefuseALongListByItsElementBytes()
    {
        std::string body = R"({"TableName":"items","Item":{"pk":{"S":"p"},"l":{"L":[)";
        for (int i = 0; i < 500'000; ++i) body += i ? ",{\"NULL\":true}" : "{\"NULL\":true}";
        body += "]}}}";
        QVERIFY(wire::hasItemOverLimit(body, 400 * 1024));
    }

    void shouldRefuseAnItemInABatchOrATransaction()
    {
        QVERIFY(wire::hasItemOverLimit(tinyAttributes(100'000, R"({"RequestItems":{"items":[{"PutRequest":{"Item":)", "}}]}}"),
                                       400 * 1024));
        QVERIFY(wire::hasItemOverLimit(
            tinyAttributes(100'000, R"({"TransactItems":[{"Put":{"TableName":"items","Item":)", "}}]}"), 400 * 1024));
    }

    void shouldCountEachItemOfABatchOnItsOwn()
    {
        std::string body = R"({"RequestItems":{"items":[)";
        for (int i = 0; i < 25; ++i) {
            if (i) body += ",";
            body += tinyAttributes(5'000, R"({"PutRequest":{"Item":)", "}}");
        }
        body += "]}}";
        QVERIFY(body.size() > 400 * 1024);
        QVERIFY(!wire::hasItemOverLimit(body, 400 * 1024));
    }

    void shouldNotCountWhatIsNotAnItem()
    {
        // Large expression values, and "Item" where no item is.
        const std::string values = tinyAttributes(
            100'000, R"({"TableName":"items","Item":{"pk":{"S":"p"}},"ExpressionAttributeValues":{":v":{"M":)", "}}}");
        QVERIFY(!wire::hasItemOverLimit(values, 400 * 1024));
        const std::string nested = tinyAttributes(100'000, R"({"TableName":"items","Key":{"Item":)", "}}");
        QVERIFY(!wire::hasItemOverLimit(nested, 400 * 1024));
    }

    void shouldGiveNoVerdictOnMalformedText()
    {
        std::string body = tinyAttributes(100'000, R"({"TableName":"items","Item":)", "}");
        body.resize(body.size() / 2);
        body.replace(100, 1, "\x01");  // a control character inside a name: not JSON
        QVERIFY(!wire::hasItemOverLimit(body, 400 * 1024));
        QVERIFY(!wire::hasItemOverLimit(std::string(1'000'000, '['), 400 * 1024));
    }
};

QTEST_GUILESS_MAIN(TestWireItemGuard)
#include "tst_wire_item_guard.moc"
