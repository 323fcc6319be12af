// Multi-attribute index keys in the design document: the index table edits a key as a list of
// attributes (each an undo entry, under QAbstractItemModelTester), the tree and the key bindings
// show it, the conversion the lint offers is one undoable edit with its backfill text, and the item
// collection a pattern reads on such an index is the tuple the layouts draw.
#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "document/DesignTreeModel.h"
#include "document/EntityModels.h"
#include "document/IndexTableModel.h"
#include "document/MultiKeyEdit.h"
#include "document/ProblemsModel.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QTest>
#include <QUndoStack>

using namespace keyplan;
using keyplan::widgets::DesignDocument;
using keyplan::widgets::IndexTableModel;
using Part = DesignDocument::Part;

namespace {

using Tester = QAbstractItemModelTester;
constexpr auto kQtTest = QAbstractItemModelTester::FailureReportingMode::QtTest;

// Orders on a synthetic GSI1 (STATUS#{status}#{orderDay}, {orderDate}#{orderId}) and a plain ByDate.
const char* kOrders = R"json({
  "keyplan": 1,
  "name": "Orders",
  "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK"},
  "indexes": [
    {"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "ALL"},
    {"name": "LSI1", "kind": "local", "sortKey": "LSI1SK", "projection": "KEYS_ONLY"}
  ],
  "entities": [
    {"name": "Order", "keys": {"PK": "ORDER#{orderId}", "SK": "ORDER", "GSI1PK": "STATUS#{status}#{orderDay}",
                               "GSI1SK": "{orderDate}#{orderId}"},
     "attributes": [
       {"name": "orderId", "type": "S", "generator": "id(8)"},
       {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
       {"name": "orderDate", "type": "S", "generator": "datetime(2026-01-01, 2026-08-31)"},
       {"name": "orderDay", "type": "S", "generator": "slice(orderDate, 10)"},
       {"name": "total", "type": "N", "generator": "decimal(1, 500, 2)"}
     ],
     "sample": {"count": 1000}, "writesPerSecond": 5, "itemSize": 800}
  ],
  "patterns": [
    {"number": 1, "name": "Orders of a status on a day", "inputs": [{"name": "status"}, {"name": "orderDay"}],
     "returns": [{"entity": "Order", "count": 20}], "rate": 10}
  ]
})json";

QString text(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

}  // namespace

class TestDocumentMultiKey : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        doc_ = std::make_unique<DesignDocument>();
        doc_->setSynchronousAnalysis(true);
    }
    void cleanup() { doc_.reset(); }

    // "status, orderDay" in the partition key cell: a multi-attribute key, typed as the entity
    // stores each attribute; undone in one step.
    void shouldEditAKeyAsAListOfAttributes()
    {
        IndexTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        doc_->resetDesign(design::parseDesign(kOrders));
        const auto index = [&](int column) { return model.index(0, column); };
        QVERIFY(model.setData(index(IndexTableModel::PartitionKeyColumn), "status, orderDay"));
        QVERIFY(model.setData(index(IndexTableModel::SortKeyColumn), "orderDate, total"));
        const design::Index& gsi = doc_->design().indexes()[0];
        QCOMPARE(gsi.partitionKeys,
                 (std::vector<design::KeyAttribute>{{"status", design::KeyType::S}, {"orderDay", design::KeyType::S}}));
        QCOMPARE(gsi.sortKeys,
                 (std::vector<design::KeyAttribute>{{"orderDate", design::KeyType::S}, {"total", design::KeyType::N}}));
        QCOMPARE(text(model, 0, IndexTableModel::PartitionKeyColumn), QString("status, orderDay"));
        QCOMPARE(text(model, 0, IndexTableModel::SortTypeColumn), QString("S, N"));
        QVERIFY(!(model.flags(index(IndexTableModel::SortTypeColumn)) & Qt::ItemIsEditable));
        QCOMPARE(text(model, 0, IndexTableModel::SortTypeColumn, Qt::ToolTipRole),
                 QString("A multi-attribute key's attributes have the types the entities store them with"));
        QVERIFY(doc_->design().entitiesIn("GSI1").size() == 1);  // Order stores all four

        // What DynamoDB refuses is not taken: five attributes, one twice, one in both keys, a list on an LSI.
        QVERIFY(!model.setData(index(IndexTableModel::PartitionKeyColumn), "a, b, c, d, e"));
        QVERIFY(!model.setData(index(IndexTableModel::PartitionKeyColumn), "status, status"));
        QVERIFY(!model.setData(index(IndexTableModel::PartitionKeyColumn), "status, total"));
        QVERIFY(!model.setData(model.index(1, IndexTableModel::SortKeyColumn), "orderDate, total"));
        QVERIFY(!model.setData(index(IndexTableModel::PartitionKeyColumn), "status, "));

        // Back to one attribute, then undo to where it started.
        QVERIFY(model.setData(index(IndexTableModel::PartitionKeyColumn), "status"));
        QCOMPARE(doc_->design().indexes()[0].partitionKeys.size(), size_t(1));
        QVERIFY(model.flags(index(IndexTableModel::PartitionTypeColumn)) & Qt::ItemIsEditable);
        QCOMPARE(doc_->undoStack()->count(), 3);
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(design::writeDesign(doc_->design()), design::writeDesign(design::parseDesign(kOrders)));
    }

    void shouldShowTheKeyTupleInTheTreeAndTheKeyBindings()
    {
        widgets::DesignTreeModel tree(doc_.get());
        widgets::KeyBindingTableModel keys(doc_.get());
        Tester t1(&tree, kQtTest);
        Tester t2(&keys, kQtTest);
        doc_->resetDesign(design::parseDesign(kOrders));
        QVERIFY(widgets::convertToMultiAttributeKey(doc_.get(), "GSI1"));
        const QModelIndex indexes = tree.index(widgets::DesignTreeModel::IndexSection, 0);
        QCOMPARE(tree.data(tree.index(0, 0, indexes)).toString(), QString("GSI1 (GSI: (status, orderDay), (orderDate, orderId))"));

        keys.setObject(doc_->design().entityByName("Order")->id);
        QStringList rows;
        for (int r = 0; r < keys.rowCount(); ++r)
            rows << keys.keyAttribute(r) + "=" + text(keys, r, widgets::KeyBindingTableModel::TemplateColumn);
        QCOMPARE(rows.join(' '), QString("PK=ORDER#{orderId} SK=ORDER status={status} orderDay={orderDay} orderDate={orderDate} "
                                         "orderId={orderId} LSI1SK="));
        const int status = keys.rowOfKey("status");
        QCOMPARE(text(keys, status, widgets::KeyBindingTableModel::KeyColumn, Qt::ToolTipRole),
                 QString("GSI1 partition key 1 of 2"));
        QCOMPARE(text(keys, status, widgets::KeyBindingTableModel::TemplateColumn, Qt::ToolTipRole),
                 QString("Order stores status, so its items carry this key as that attribute itself: no template (a "
                         "multi-attribute key's way). A template typed here fills it instead."));
        QVERIFY(text(keys, status, widgets::KeyBindingTableModel::ExampleColumn) == "PENDING" ||
                text(keys, status, widgets::KeyBindingTableModel::ExampleColumn) == "SHIPPED");
        // Typing the template the attribute already gives changes nothing.
        const int before = doc_->undoStack()->count();
        QVERIFY(keys.setData(keys.index(status, widgets::KeyBindingTableModel::TemplateColumn), "{status}"));
        QCOMPARE(doc_->undoStack()->count(), before);
        QVERIFY(!doc_->design().entityByName("Order")->boundKey("status"));
    }

    // The lint's offer taken: one undo entry, with the text the window shows beside the button.
    void shouldConvertASyntheticKeyInOneUndoableEdit()
    {
        widgets::ProblemsModel problems(doc_.get());
        Tester tester(&problems, kQtTest);
        doc_->resetDesign(design::parseDesign(kOrders));
        int offered = -1;
        for (int r = 0; r < problems.rowCount(); ++r) {
            if (problems.problem(r)->rule == "multi-attribute-key") offered = r;
        }
        QVERIFY(offered >= 0);
        QCOMPARE(problems.problem(offered)->index, QString("GSI1"));
        QCOMPARE(widgets::multiKeyConversionText(doc_->design(), "GSI1"),
                 QString("Key GSI1 on partition key (status, orderDay) and sort key (orderDate, orderId) instead of GSI1PK = "
                         "STATUS#{status}#{orderDay} and GSI1SK = {orderDate}#{orderId}. Added to a table that holds data, GSI1 "
                         "as it is needs GSI1PK and GSI1SK written into 1,000 items by the application first (1,000 write "
                         "units); keyed on the attributes, DynamoDB backfills it online from the items as they are (1,000 index "
                         "entries, 1,000 write units), with no item rewritten."));
        QVERIFY(widgets::multiKeyConversionText(doc_->design(), "LSI1").isEmpty());
        QVERIFY(!widgets::convertToMultiAttributeKey(doc_.get(), "LSI1"));

        const std::string before = design::writeDesign(doc_->design());
        QVERIFY(widgets::convertToMultiAttributeKey(doc_.get(), "GSI1"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        QCOMPARE(doc_->undoStack()->undoText(), QString("Key GSI1 on its attributes"));
        QVERIFY(doc_->design().indexByName("GSI1")->multiAttribute());
        QVERIFY(!doc_->design().entityByName("Order")->boundKey("GSI1PK"));
        for (int r = 0; r < problems.rowCount(); ++r) QVERIFY(problems.problem(r)->rule != "multi-attribute-key");
        doc_->undoStack()->undo();
        QCOMPARE(design::writeDesign(doc_->design()), before);
        doc_->undoStack()->redo();
        QVERIFY(design::writeDesign(doc_->design()).starts_with("{\n  \"keyplan\": 2,\n"));
    }

    // The collection a pattern reads on a multi-attribute key is the tuple the layouts draw.
    void shouldNameTheCollectionAsTheTupleOfTheKey()
    {
        doc_->resetDesign(design::parseDesign(kOrders));
        QVERIFY(widgets::convertToMultiAttributeKey(doc_.get(), "GSI1"));
        const widgets::ItemCollection c = doc_->itemCollection(doc_->idAt(Part::Pattern, 0));
        QCOMPARE(c.index, QString("GSI1"));
        QCOMPARE(c.partitionAttribute, QString("status, orderDay"));
        QCOMPARE(c.partitionValue, QString("({status}, {orderDay})"));
        QVERIFY(!c.concrete);
        QCOMPARE(c.description, QString("GSI1 partition (status, orderDay) = ({status}, {orderDay})"));
    }

private:
    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(TestDocumentMultiKey)
#include "tst_document_multikey.moc"
