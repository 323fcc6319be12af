// The layouts in the middle of the window follow the open design: a new empty design shows its
// table's layout from the first second (example items rendered from the key templates, updated
// as a template is typed), stored data replaces the examples, and File > New leaves the previous
// design's tables out.
#include "StoreTestSupport.h"
#include "analysis/ItemFactory.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignLayouts.h"
#include "widgets/layout/EntityClassifier.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"
#include "widgets/layout/LayoutTabs.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::DesignDocument;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

design::Entity customer(const std::string& pkTemplate)
{
    design::Entity e;
    e.name = "Customer";
    e.attributes.push_back({"customerId", dynamo::Type::S, design::Generator::parse("id(8)"), {}, false, 1.0});
    e.attributes.push_back({"email", dynamo::Type::S, design::Generator::parse("email"), {}, false, 1.0});
    if (!pkTemplate.empty()) e.keys["PK"].keyTemplate = design::KeyTemplate::parse(pkTemplate);
    e.keys["SK"].keyTemplate = design::KeyTemplate::parse("PROFILE");
    return e;
}

void createTable(store::Store& store, const std::string& name)
{
    store::CreateTableRequest t;
    t.tableName = name;
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK")};
    store.createTable(t);
}

void put(store::Store& store, const std::string& table, const std::string& pk, const std::string& sk)
{
    store::PutItemRequest r;
    r.tableName = table;
    r.item = {{"PK", S(pk)}, {"SK", S(sk)}};
    store.putItem(r);
}

int nonWhitePixels(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != qRgb(255, 255, 255)) ++n;
    return n;
}

}  // namespace

class TestLayoutDesign : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { widgets::initResources(); }

    // The layouts' classifier as the window makes it (widgets/layout/EntityClassifier).
    void shouldClassifyStoredItemsByTheDesign()
    {
        widgets::DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"));
        const design::Design& d = doc.design();
        const widgets::EntityClassifier classify = widgets::designEntityClassifier(d);
        const analysis::ItemFactory factory(d);
        for (const auto& e : d.entities()) {
            const analysis::BuiltItem built = factory.build(e, 3, 0, {});
            QCOMPARE(classify(built.item, {"PK", "SK"}), QString::fromStdString(e.name));
        }
        // Without the discriminator the key templates tell (a CustomerOrder is CUST#.../ORDER#...).
        dynamo::Item bare;
        bare["PK"] = dynamo::AttributeValue::string("CUST#ab12cd34");
        bare["SK"] = dynamo::AttributeValue::string("ORDER#2026-02-03T10:00:00Z#0a1b2c3d");
        QCOMPARE(classify(bare, {"PK", "SK"}), QString("CustomerOrder"));
        // Another table's items: the layouts' own guess.
        dynamo::Item other;
        other["id"] = dynamo::AttributeValue::string("X#1");
        QCOMPARE(classify(other, {"id", ""}), QString("X"));
        // The classifier keeps its copy: later edits do not reach it (the window makes a new one).
        QVERIFY(doc.renameEntity(0, "Client"));
        QCOMPARE(classify(factory.build(d.entities()[0], 0, 0, {}).item, {"PK", "SK"}), QString("Customer"));
    }

    void shouldShowANewDesignsLayoutOnceItsFirstEntityHasAKeyTemplate()
    {
        auto store = engine::SqliteStore::openInMemory();
        widgets::LayoutTabs tabs(*store);
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        doc.resetDesign(design::Design{});
        widgets::DesignLayouts follow(&doc, &tabs, nullptr);
        tabs.resize(1000, 600);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        // The empty design's table is there at once, saying what makes it fill.
        QTRY_COMPARE(tabs.layoutNames(), QStringList{"Table"});
        QCOMPARE(tabs.tabWidget()->tabText(0), QString("Table (examples)"));
        widgets::ExampleLayoutView* examples = tabs.exampleLayout("Table");
        QVERIFY(examples);
        QCOMPARE(examples->exampleItemCount(), 0);
        QVERIFY2(examples->noteText().startsWith("No entity writes the keys of table Table yet"),
                 qPrintable(examples->noteText()));

        // The first entity with a key template: three example items, one partition each.
        doc.addEntity(customer("CUST#{customerId}"));
        follow.flush();
        QCOMPARE(examples->exampleItemCount(), 3);
        QCOMPARE(examples->partitionKeys().size(), 3);
        for (const QString& pk : examples->partitionKeys()) QVERIFY2(pk.startsWith("CUST#") && pk.size() > 5, qPrintable(pk));
        QVERIFY(examples->noteText().startsWith("<b>Examples</b>, not stored data"));
        QVERIFY(examples->pictureSize().height() > 100);
        QVERIFY(nonWhitePixels(examples->canvas()->grab().toImage()) > 200);

        // Typing a template re-renders the examples.
        design::Entity edited = doc.design().entities().front();
        edited.keys["PK"].keyTemplate = design::KeyTemplate::parse("C#{email}");
        doc.editEntity(0, edited, "edit PK");
        follow.flush();
        for (const QString& pk : examples->partitionKeys()) QVERIFY2(pk.startsWith("C#") && pk.contains('@'), qPrintable(pk));

        // Stored items replace the examples.
        createTable(*store, "Table");
        put(*store, "Table", "C#ada@example.com", "PROFILE");
        tabs.reload();
        QTRY_VERIFY(tabs.layout("Table") != nullptr);
        QVERIFY(!tabs.exampleLayout("Table"));
        QCOMPARE(tabs.tabWidget()->tabText(0), QString("Table"));
    }

    void shouldShowEveryIndexOfTheDesignBeforeAnyData()
    {
        auto store = engine::SqliteStore::openInMemory();
        widgets::LayoutTabs tabs(*store);
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        widgets::DesignLayouts follow(&doc, &tabs, nullptr);
        QTRY_COMPARE(tabs.layoutNames(), (QStringList{"Shop", "Shop \u00b7 GSI1"}));
        tabs.tabWidget()->setCurrentIndex(1);
        widgets::ExampleLayoutView* gsi = tabs.exampleLayout("Shop", "GSI1");
        QVERIFY(gsi);
        QVERIFY(gsi->exampleItemCount() > 0);
        for (const QString& pk : gsi->partitionKeys()) QVERIFY2(pk.startsWith("STATUS#"), qPrintable(pk));
        // A pattern's collection is outlined on the examples too.
        tabs.highlight("Shop", "GSI1", {widgets::PartitionHighlight::Kind::Prefix, "STATUS#"}, "Pattern 4, Orders by status");
        QVERIFY2(gsi->highlightText().startsWith("<b>Pattern 4, Orders by status</b> reads"), qPrintable(gsi->highlightText()));
    }

    void shouldLeaveThePreviousDesignsTablesOutOfANewDesign()
    {
        auto store = engine::SqliteStore::openInMemory();
        createTable(*store, "Shop");
        put(*store, "Shop", "CUST#1", "PROFILE");
        widgets::LayoutTabs tabs(*store);
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        widgets::DesignLayouts follow(&doc, &tabs, nullptr);
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        QTRY_VERIFY(tabs.layout("Shop") != nullptr);

        // File > New: only the new design's table, as examples; the old one is named, not shown.
        doc.resetDesign(design::Design{});
        QCOMPARE(tabs.layoutNames(), QStringList{"Table"});
        QVERIFY(tabs.exampleLayout("Table"));
        QCOMPARE(tabs.hiddenTables(), QStringList{"Shop"});
        QCOMPARE(tabs.tabWidget()->count(), 1);
        tabs.showAllTables();
        QCOMPARE(tabs.layoutNames(), (QStringList{"Table", "Shop"}));

        // An empty new design whose table has the old one's name does not show the old items.
        createTable(*store, "Table");
        put(*store, "Table", "OLD#1", "X");
        tabs.reload();
        QTRY_VERIFY(tabs.layout("Table") != nullptr);
        doc.resetDesign(design::Design{});
        QCOMPARE(tabs.layoutNames(), QStringList{"Table"});
        QVERIFY(tabs.exampleLayout("Table"));
        // Sample data generated for it makes it the design's own.
        tabs.adoptTable("Table");
        QVERIFY(tabs.layout("Table") != nullptr);
    }
};

QTEST_MAIN(TestLayoutDesign)
#include "tst_widget_layout_design.moc"
