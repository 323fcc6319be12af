// Streams and Time to Live in the design: the table's stream, an entity's Time to Live attribute and
// retention, a pattern served from the stream, the streams price; how .keyplan.json holds them
// (format 2 only when used, so every other design is written as before, byte for byte), the errors
// a broken member gets at its JSON path, and the CreateTable and UpdateTimeToLive a design sends.
#include "design/Design.h"
#include "design/DesignFile.h"
#include "design/TableSchema.h"
#include "engine/SqliteStore.h"

#include <QFile>
#include <QTest>

using namespace keyplan;
using namespace keyplan::design;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

std::string readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

const QString kFixture = QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json");
const QString kSample = QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json");

// A small design whose table, entity and pattern take `tableExtra`, `entityExtra` and
// `patternExtra` (members with a leading comma) in a file of `version`.
std::string small(int version, const std::string& tableExtra, const std::string& entityExtra, const std::string& patternExtra)
{
    return R"j({"keyplan": )j" + std::to_string(version) + R"j(,
      "table": {"name": "T", "partitionKey": "PK", "sortKey": "SK")j" +
           tableExtra + R"j(},
      "entities": [{"name": "Session", "keys": {"PK": "S#{id}", "SK": "S"},
                    "attributes": [{"name": "id", "type": "S", "generator": "id(8)"}])j" +
           entityExtra + R"j(}],
      "patterns": [{"number": 1, "name": "p", "returns": ["Session"])j" +
           patternExtra + R"j(}]})j";
}

}  // namespace

class DesignChangeDataTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReadTheStreamTimeToLiveAndStreamPatterns()
    {
        const Design d = loadDesignFile(kFixture);
        QCOMPARE(d.table().stream, std::optional<StreamView>(StreamView::NewAndOldImages));
        const Entity* session = d.entityByName("Session");
        QVERIFY(session && session->ttl);
        QCOMPARE(q(session->ttl->attribute), QStringLiteral("expiresAt"));
        QCOMPARE(session->ttl->retentionSeconds, int64_t(86400));
        QCOMPARE(d.entityByName("Event")->ttl->retentionSeconds, int64_t(90) * 86400);
        QVERIFY(!d.entityByName("Customer")->ttl);
        QVERIFY(!d.patternByNumber(1)->fromStream);
        QCOMPARE(d.patternByNumber(2)->fromStream, std::optional<StreamServing>(StreamServing{StreamUse::SearchIndex}));
        QCOMPARE(d.patternByNumber(3)->fromStream,
                 std::optional<StreamServing>(StreamServing{StreamUse::Analytics, StreamReader::Client}));
        QCOMPARE(d.prices().streamReadsPer100k, 0.02);
        QCOMPARE(d.timeToLiveAttribute(), std::optional<std::string>("expiresAt"));
    }

    // The fixture is in the file's own form (tst_design_file writes every fixture back byte for
    // byte); here the other way round: a design without any of it stays in format 1, word for word.
    void shouldWriteFormat1WithoutAnyStreamOrTimeToLive()
    {
        const std::string original = readText(kSample);
        QVERIFY(original.find("\"keyplan\": 1,") != std::string::npos);
        const Design d = parseDesign(original);
        QVERIFY(!d.usesStreamsOrTimeToLive());
        QCOMPARE(q(writeDesign(d)), q(original));
        QVERIFY(writeDesign(d).find("streamReadsPer100k") == std::string::npos);
    }

    void shouldWriteFormat2OnceTheDesignUsesOne_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<QString>("member");
        QTest::newRow("the table's stream") << 0 << QStringLiteral("\"stream\": \"NEW_IMAGE\"");
        QTest::newRow("an entity's Time to Live")
            << 1 << QStringLiteral("\"ttl\": {\"attribute\": \"ttl\", \"retention\": \"36h\"}");
        QTest::newRow("a pattern on the stream") << 2 << QStringLiteral("\"stream\": {\"use\": \"copy\", \"reader\": \"client\"}");
        QTest::newRow("a streams price of its own") << 3 << QStringLiteral("\"streamReadsPer100k\": 0.0228");
    }
    void shouldWriteFormat2OnceTheDesignUsesOne()
    {
        QFETCH(int, change);
        QFETCH(QString, member);
        Design d = parseDesign(readText(kSample));
        if (change == 0) {
            Table t = d.table();
            t.stream = StreamView::NewImage;
            d.setTable(t);
        } else if (change == 1) {
            Entity e = d.entities().front();
            e.ttl = TimeToLive{"ttl", 36 * 3600};
            d.replaceEntity(e);
        } else if (change == 2) {
            AccessPattern p = d.patterns().front();
            p.fromStream = StreamServing{StreamUse::DenormalisedCopy, StreamReader::Client};
            d.replacePattern(p);
        } else {
            PriceTable prices = d.prices();
            prices.streamReadsPer100k = 0.0228;
            d.setPrices(prices);
        }
        const std::string text = writeDesign(d);
        QVERIFY(q(text).startsWith(QStringLiteral("{\n  \"keyplan\": 2,\n")));
        QVERIFY2(q(text).contains(member), qPrintable(q(text)));
        QVERIFY(parseDesign(text) == d);
        QCOMPARE(q(writeDesign(parseDesign(text))), q(text));
    }

    void shouldRefuseABrokenMemberAtItsPath_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const std::string& json, const char* message) {
            QTest::newRow(name) << q(json) << QString::fromUtf8(message);
        };
        row("stream in format 1", small(1, R"(, "stream": "NEW_IMAGE")", "", ""),
            "$.table.stream: needs format version 2 (\"keyplan\": 2); this file has version 1");
        row("ttl in format 1", small(1, "", R"(, "ttl": {"attribute": "e", "retention": "1d"})", ""),
            "$.entities[0].ttl: needs format version 2 (\"keyplan\": 2); this file has version 1");
        row("pattern stream in format 1", small(1, "", "", R"(, "stream": {"use": "analytics"})"),
            "$.patterns[0].stream: needs format version 2 (\"keyplan\": 2); this file has version 1");
        row("unknown view type", small(2, R"(, "stream": "NEW")", "", ""),
            "$.table.stream: 'NEW' is not one of KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES");
        row("ttl not an object", small(2, "", R"(, "ttl": "expiresAt")", ""),
            "$.entities[0].ttl: expected an object, found a string");
        row("ttl without attribute", small(2, "", R"(, "ttl": {"retention": "1d"})", ""),
            "$.entities[0].ttl.attribute: is required");
        row("ttl empty attribute", small(2, "", R"(, "ttl": {"attribute": "", "retention": "1d"})", ""),
            "$.entities[0].ttl.attribute: must not be empty");
        row("ttl attribute too long",
            small(2, "", R"(, "ttl": {"attribute": ")" + std::string(256, 'a') + R"(", "retention": "1d"})", ""),
            "$.entities[0].ttl.attribute: has 256 bytes, more than the 255 a design allows here");
        row("ttl without retention", small(2, "", R"(, "ttl": {"attribute": "e"})", ""),
            "$.entities[0].ttl.retention: is required");
        row("retention without unit", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "30"})", ""),
            "$.entities[0].ttl.retention: '30' is not a retention: a whole number and s, m, h or d (90s, 15m, 36h, 30d)");
        row("retention in weeks", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "2w"})", ""),
            "$.entities[0].ttl.retention: '2w' is not a retention: a whole number and s, m, h or d (90s, 15m, 36h, 30d)");
        row("negative retention", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "-1d"})", ""),
            "$.entities[0].ttl.retention: '-1d' is not a retention: a whole number and s, m, h or d (90s, 15m, 36h, 30d)");
        row("zero retention", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "0s"})", ""),
            "$.entities[0].ttl.retention: '0s' is outside 1s to 3650d");
        row("retention past ten years", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "3651d"})", ""),
            "$.entities[0].ttl.retention: '3651d' is outside 1s to 3650d");
        row("unknown ttl member", small(2, "", R"(, "ttl": {"attribute": "e", "retention": "1d", "enabled": true})", ""),
            "$.entities[0].ttl.enabled: unknown member (expected one of: attribute, retention)");
        row("pattern stream without use", small(2, "", "", R"(, "stream": {"reader": "lambda"})"),
            "$.patterns[0].stream.use: is required");
        row("unknown use", small(2, "", "", R"(, "stream": {"use": "cache"})"),
            "$.patterns[0].stream.use: 'cache' is not one of analytics, searchIndex, copy");
        row("unknown reader", small(2, "", "", R"(, "stream": {"use": "copy", "reader": "kcl"})"),
            "$.patterns[0].stream.reader: 'kcl' is not one of lambda, client");
        row("pattern stream not an object", small(2, "", "", R"(, "stream": true)"),
            "$.patterns[0].stream: expected an object, found a boolean");
    }
    void shouldRefuseABrokenMemberAtItsPath()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        try {
            parseDesign(json.toStdString());
            QFAIL("parsed");
        } catch (const json::FormatError& e) {
            QCOMPARE(QString::fromUtf8(e.what()), message);
        }
    }

    void shouldRefuseANegativeStreamsPrice()
    {
        std::string json = small(2, "", "", "");
        json.insert(json.size() - 1, R"(, "prices": {"streamReadsPer100k": -1})");
        try {
            parseDesign(json);
            QFAIL("parsed");
        } catch (const json::FormatError& e) {
            QCOMPARE(q(e.path()), QStringLiteral("$.prices.streamReadsPer100k"));
        }
    }

    void retentionShouldReadAndWriteInItsLargestUnit_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("written");
        QTest::newRow("days") << "30d" << qint64(30 * 86400) << "30d";
        QTest::newRow("hours that make days") << "48h" << qint64(48 * 3600) << "2d";
        QTest::newRow("hours") << "36h" << qint64(36 * 3600) << "36h";
        QTest::newRow("minutes") << "15m" << qint64(900) << "15m";
        QTest::newRow("seconds that make a minute") << "120s" << qint64(120) << "2m";
        QTest::newRow("seconds") << "90s" << qint64(90) << "90s";
    }
    void retentionShouldReadAndWriteInItsLargestUnit()
    {
        QFETCH(QString, text);
        QFETCH(qint64, seconds);
        QFETCH(QString, written);
        QCOMPARE(retentionFromText(text.toStdString()), std::optional<int64_t>(seconds));
        QCOMPARE(q(retentionText(seconds)), written);
    }

    void retentionShouldRefuseWhatIsNoDuration_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* t : {"", "d", "30", "3.5d", "1 d", "+1d", "1D", "1y", "9999999999999d"}) QTest::newRow(t) << t;
    }
    void retentionShouldRefuseWhatIsNoDuration()
    {
        QFETCH(QString, text);
        QCOMPARE(retentionFromText(text.toStdString()), std::optional<int64_t>());
    }

    void theCreateTableRequestShouldCarryTheStream_data()
    {
        QTest::addColumn<int>("view");
        QTest::addColumn<int>("expected");
        QTest::newRow("KEYS_ONLY") << int(StreamView::KeysOnly) << int(store::StreamViewType::KeysOnly);
        QTest::newRow("NEW_IMAGE") << int(StreamView::NewImage) << int(store::StreamViewType::NewImage);
        QTest::newRow("OLD_IMAGE") << int(StreamView::OldImage) << int(store::StreamViewType::OldImage);
        QTest::newRow("NEW_AND_OLD_IMAGES") << int(StreamView::NewAndOldImages) << int(store::StreamViewType::NewAndOldImages);
    }
    void theCreateTableRequestShouldCarryTheStream()
    {
        QFETCH(int, view);
        QFETCH(int, expected);
        Design d = loadDesignFile(kFixture);
        Table t = d.table();
        t.stream = StreamView(view);
        d.setTable(t);
        const store::CreateTableRequest r = createTableRequest(d);
        QVERIFY(r.streamSpecification);
        QCOMPARE(r.streamSpecification->streamEnabled, std::optional<bool>(true));
        QCOMPARE(int(*r.streamSpecification->streamViewType), expected);
        QCOMPARE(QString::fromLatin1(streamViewName(StreamView(view))),
                 QString::fromLatin1(store::streamViewTypeName(store::StreamViewType(expected))));

        t.stream.reset();
        d.setTable(t);
        QVERIFY(!createTableRequest(d).streamSpecification);
    }

    void creatingTheTableShouldEnableTimeToLiveAndTheStream()
    {
        const Design d = loadDesignFile(kFixture);
        auto local = engine::SqliteStore::openInMemory();
        createDesignTable(*local, d);
        const auto ttl = local->describeTimeToLive({"App"}).timeToLiveDescription;
        QCOMPARE(q(ttl.timeToLiveStatus), QStringLiteral("ENABLED"));
        QCOMPARE(ttl.attributeName, std::optional<std::string>("expiresAt"));
        const auto table = local->describeTable({"App"}).table;
        QVERIFY(table.streamSpecification && table.latestStreamArn);
        QCOMPARE(*table.streamSpecification->streamViewType, store::StreamViewType::NewAndOldImages);
    }

    void aDesignWithoutTimeToLiveShouldSendNoUpdateTimeToLive()
    {
        const Design d = parseDesign(readText(kSample));
        QVERIFY(!timeToLiveRequest(d));
        auto local = engine::SqliteStore::openInMemory();
        createDesignTable(*local, d);
        QCOMPARE(q(local->describeTimeToLive({"Shop"}).timeToLiveDescription.timeToLiveStatus), QStringLiteral("DISABLED"));
        QVERIFY(!local->describeTable({"Shop"}).table.streamSpecification);
    }

    // DynamoDB has one Time to Live attribute a table: the first entity's that names one.
    void theTableShouldTakeTheFirstTimeToLiveAttribute()
    {
        Design d = loadDesignFile(kFixture);
        Entity event = *d.entityByName("Event");
        event.ttl->attribute = "ttl";
        d.replaceEntity(event);
        QCOMPARE(d.timeToLiveAttribute(), std::optional<std::string>("expiresAt"));
        const auto request = timeToLiveRequest(d);
        QVERIFY(request);
        QCOMPARE(q(request->tableName), QStringLiteral("App"));
        QCOMPARE(request->timeToLiveSpecification->attributeName, std::optional<std::string>("expiresAt"));
        QCOMPARE(request->timeToLiveSpecification->enabled, std::optional<bool>(true));
    }
};

QTEST_GUILESS_MAIN(DesignChangeDataTest)
#include "tst_design_changedata.moc"
