// The design views' item models, each under QAbstractItemModelTester (constructed before any
// data is loaded, kept through edits, undo and redo): pattern inputs and returns, entities,
// attributes, key bindings with their live preview and problems, indexes, problems, cost.
#include "analysis/Analysis.h"
#include "analysis/ExampleItems.h"
#include "design/DesignFile.h"
#include "document/CostTableModel.h"
#include "document/DesignDocument.h"
#include "document/DesignFormat.h"
#include "document/DesignItemRoles.h"
#include "document/EntityModels.h"
#include "document/IndexTableModel.h"
#include "document/PatternPartModels.h"
#include "document/DesignTreeModel.h"
#include "document/ProblemsModel.h"
#include "style/VerdictStyle.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QPalette>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace keyplan;
using keyplan::widgets::DesignDocument;
using Part = DesignDocument::Part;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

using Tester = QAbstractItemModelTester;
constexpr auto kQtTest = QAbstractItemModelTester::FailureReportingMode::QtTest;

}  // namespace

class TestDesignModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        doc_ = std::make_unique<DesignDocument>();
        doc_->setSynchronousAnalysis(true);
    }
    void cleanup() { doc_.reset(); }

    void shouldListPatternInputsAndReturnsAndEditThem()
    {
        widgets::PatternInputsModel inputs(doc_.get());
        widgets::PatternReturnsModel returns(doc_.get());
        Tester t1(&inputs, kQtTest);
        Tester t2(&returns, kQtTest);
        load();
        const design::Id third = doc_->idAt(Part::Pattern, 3);  // Orders by status
        inputs.setObject(third);
        returns.setObject(third);
        QCOMPARE(inputs.rowCount(), 2);
        QCOMPARE(inputs.data(inputs.index(0, widgets::PatternInputsModel::NameColumn)).toString(), QString("status"));
        QCOMPARE(inputs.data(inputs.index(1, widgets::PatternInputsModel::ExampleColumn)).toString(), QString("2026-08-03"));
        QCOMPARE(returns.rowCount(), 1);
        QCOMPARE(returns.data(returns.index(0, 0)).toString(), QString("Order"));

        // A fixed value makes the input part of the pattern.
        QVERIFY(inputs.setData(inputs.index(0, widgets::PatternInputsModel::FixedColumn), "PENDING"));
        QCOMPARE(*doc_->design().patterns()[3].inputs[0].fixedValue, std::string("PENDING"));
        QVERIFY(!inputs.setData(inputs.index(0, widgets::PatternInputsModel::ComparisonColumn), "~"));
        QVERIFY(inputs.setData(inputs.index(1, widgets::PatternInputsModel::ComparisonColumn), ">="));
        QCOMPARE(doc_->design().patterns()[3].inputs[1].comparison, design::Comparison::GreaterOrEqual);
        QCOMPARE(inputs.appendRow(), 2);
        QCOMPARE(inputs.rowCount(), 3);
        inputs.moveRowTo(2, 0);
        QCOMPARE(doc_->design().patterns()[3].inputs[0].name, std::string("input"));
        inputs.removeRowAt(0);
        QCOMPARE(inputs.rowCount(), 2);

        QCOMPARE(returns.appendRow(), 1);
        QCOMPARE(returns.data(returns.index(1, 0)).toString(), QString("Customer"));  // the first not yet returned
        QVERIFY(!returns.setData(returns.index(1, widgets::PatternReturnsModel::CountColumn), 0));
        QVERIFY(returns.setData(returns.index(1, widgets::PatternReturnsModel::CountColumn), 2.5));
        QCOMPARE(doc_->design().patterns()[3].returns[1].count, 2.5);

        // Undo all of it: rows come and go under the tester.
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(inputs.rowCount(), 2);
        QCOMPARE(returns.rowCount(), 1);
        while (doc_->undoStack()->canRedo()) doc_->undoStack()->redo();
        QCOMPARE(returns.rowCount(), 2);
        // The pattern goes away: the tables empty.
        doc_->removeRow(Part::Pattern, 3);
        QCOMPARE(inputs.rowCount(), 0);
        doc_->undoStack()->undo();
        QCOMPARE(inputs.rowCount(), 0);  // a new object (new id): the editor picks it again
    }

    void shouldRenameEntitiesInPlace()
    {
        widgets::EntityListModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(model.setData(model.index(0), "Client"));
        QCOMPARE(doc_->design().patterns()[0].returns[0].entity, std::string("Client"));
        QVERIFY(!model.setData(model.index(0), "Order"));
        doc_->moveRow(Part::Entity, 0, 4);
        QCOMPARE(model.data(model.index(4)).toString(), QString("Client"));
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(model.data(model.index(0)).toString(), QString("Customer"));
    }

    void shouldEditAttributesAndFollowRenamesIntoKeyTemplates()
    {
        widgets::AttributeTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        model.setObject(entityId("Customer"));
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.data(model.index(0, widgets::AttributeTableModel::GeneratorColumn)).toString(), QString("id(8)"));
        // Renaming customerId renames the variable in the entity's key template.
        QVERIFY(model.setData(model.index(0, widgets::AttributeTableModel::NameColumn), "cid"));
        QCOMPARE(doc_->design().entityByName("Customer")->key("PK")->keyTemplate.text(), std::string("CUST#{cid}"));
        QVERIFY(!model.setData(model.index(1, widgets::AttributeTableModel::NameColumn), "cid"));  // taken
        // A generator that does not parse is refused and says why.
        QVERIFY(!model.setData(model.index(1, widgets::AttributeTableModel::GeneratorColumn), "enum("));
        QVERIFY(!model.lastError().isEmpty());
        QVERIFY(model.setData(model.index(1, widgets::AttributeTableModel::GeneratorColumn), "enum(A, B*2)"));
        QVERIFY(model.lastError().isEmpty());
        QVERIFY(model.setData(model.index(2, widgets::AttributeTableModel::PresenceColumn), "40%"));
        QCOMPARE(doc_->design().entityByName("Customer")->attributes[2].presence, 0.4);
        QVERIFY(model.setData(model.index(2, widgets::AttributeTableModel::KeyOnlyColumn), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(doc_->design().entityByName("Customer")->attributes[2].keyOnly);
        QVERIFY(model.setData(model.index(3, widgets::AttributeTableModel::TypeColumn), "N"));
        QVERIFY(!model.setData(model.index(3, widgets::AttributeTableModel::TypeColumn), "X"));
        QCOMPARE(model.appendAttribute(), 4);
        model.moveAttribute(4, 0);
        model.removeAttribute(0);
        QCOMPARE(model.rowCount(), 4);
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(doc_->design().entityByName("Customer")->key("PK")->keyTemplate.text(), std::string("CUST#{customerId}"));
    }

    void shouldPreviewKeysAndShowTemplateProblemsAsTyped()
    {
        widgets::KeyBindingTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        model.setObject(entityId("Order"));
        // PK, SK, GSI1PK, GSI1SK: every key attribute of the table and the index.
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.keyAttribute(2), QString("GSI1PK"));
        const QString pk = model.data(model.index(0, widgets::KeyBindingTableModel::ExampleColumn)).toString();
        QVERIFY2(pk.startsWith("ORDER#") && pk.size() == 14, qPrintable(pk));
        QVERIFY(model.data(model.index(2, widgets::KeyBindingTableModel::ExampleColumn)).toString().startsWith("STATUS#"));
        QVERIFY(model.problems(0).isEmpty());
        QVERIFY(model.data(model.index(1, widgets::KeyBindingTableModel::TemplateColumn), widgets::LiveEditRole).toBool());

        // A template that does not parse is kept as typed and shown with its error, not applied.
        const std::string before = design::writeDesign(doc_->design());
        QVERIFY(model.setData(model.index(1, widgets::KeyBindingTableModel::TemplateColumn), "META{"));
        QCOMPARE(model.data(model.index(1, widgets::KeyBindingTableModel::TemplateColumn), Qt::EditRole).toString(),
                 QString("META{"));
        QVERIFY(model.problems(1).front().startsWith("Not applied"));
        QCOMPARE(design::writeDesign(doc_->design()), before);
        // Fixed: applied, and the rule breach (two variables with no separator) is on the spot.
        QVERIFY(model.setData(model.index(1, widgets::KeyBindingTableModel::TemplateColumn), "{orderId}{status}"));
        QCOMPARE(doc_->design().entityByName("Order")->key("SK")->keyTemplate.text(), std::string("{orderId}{status}"));
        QVERIFY(!model.problems(1).isEmpty());
        QVERIFY2(model.problems(1).join(" ").contains("orderId"), qPrintable(model.problems(1).join(" | ")));
        // A key the entity leaves out is not written.
        QVERIFY(model.setData(model.index(2, widgets::KeyBindingTableModel::TemplateColumn), ""));
        QVERIFY(!doc_->design().entityByName("Order")->key("GSI1PK"));
        QVERIFY(model.data(model.index(2, widgets::KeyBindingTableModel::ExampleColumn)).toString().startsWith("not in this key"));
        // A condition that does not hold for the example says so.
        QVERIFY(model.setData(model.index(3, widgets::KeyBindingTableModel::WhenAttributeColumn), "currency"));
        QVERIFY(model.setData(model.index(3, widgets::KeyBindingTableModel::WhenEqualsColumn), "USD"));
        QVERIFY(model.data(model.index(3, widgets::KeyBindingTableModel::ExampleColumn)).toString().contains("not written"));
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(design::writeDesign(doc_->design()), before);
        // Adding an index adds its keys as rows.
        design::Index gsi;
        gsi.name = "GSI2";
        gsi.partitionKey = {"GSI2PK", design::KeyType::S};
        doc_->addIndex(gsi);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.rowOfKey("GSI2PK"), 4);
    }

    // The Example column shows the key the example items hold (the layouts' items, made by the
    // sample data): a child's keys carry its parent's values and its own generators' values.
    void theExampleColumnShouldShowTheKeysTheExampleItemsHold()
    {
        widgets::KeyBindingTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        const auto examples = analysis::exampleItems(doc_->design());
        int compared = 0;
        for (const char* name : {"Customer", "Order", "LineItem", "CustomerOrder"}) {
            model.setObject(entityId(name));
            for (int row = 0; row < model.rowCount(); ++row) {
                const std::string key = model.keyAttribute(row).toStdString();
                const auto held = std::find_if(examples.begin(), examples.end(), [&](const analysis::ExampleItem& x) {
                    return x.entity->name == name && x.built.item.count(key);
                });
                if (held == examples.end()) continue;
                QCOMPARE(model.data(model.index(row, widgets::KeyBindingTableModel::ExampleColumn)).toString(),
                         QString::fromStdString(held->built.item.at(key).asString()));
                ++compared;
            }
        }
        QVERIFY(compared >= 8);
    }

    // A finding is graded the same in the entity editor and the Problems dock (an unbounded
    // collection is a warning in both), and interview practice keeps the risks out of both.
    void aFindingShouldBeGradedAlikeInTheEditorAndTheProblemsDock()
    {
        widgets::KeyBindingTableModel keys(doc_.get());
        widgets::ProblemsModel problems(doc_.get());
        Tester t1(&keys, kQtTest), t2(&problems, kQtTest);
        load();
        keys.setObject(entityId("CustomerOrder"));
        const int pk = keys.rowOfKey("PK");
        QVERIFY2(keys.problems(pk).join(" ").contains("collects every CustomerOrder"), qPrintable(keys.problems(pk).join(" | ")));
        QCOMPARE(keys.severity(pk), analysis::Finding::Severity::Warning);
        int inDock = -1;
        for (int row = 0; row < problems.rowCount(); ++row) {
            const auto* p = problems.problem(row);
            if (p->rule == "unbounded-collection" && p->subject.contains("CustomerOrder")) inDock = row;
        }
        QVERIFY(inDock >= 0);
        QCOMPARE(problems.problem(inDock)->severity, 1);  // warning
        QCOMPARE(problems.data(problems.index(inDock, widgets::ProblemsModel::SeverityColumn)).toString(), QString("warning"));
        QCOMPARE(keys.data(keys.index(pk, widgets::KeyBindingTableModel::ProblemsColumn), Qt::ForegroundRole),
                 problems.data(problems.index(inDock, widgets::ProblemsModel::SeverityColumn), Qt::ForegroundRole));

        doc_->setQuietFeedback(true);
        QVERIFY(!keys.problems(pk).join(" ").contains("collects every CustomerOrder"));
        for (int row = 0; row < problems.rowCount(); ++row) QVERIFY(problems.problem(row)->rule != "unbounded-collection");
        doc_->setQuietFeedback(false);
        QVERIFY(keys.problems(pk).join(" ").contains("collects every CustomerOrder"));
    }

    void shouldEditIndexesAndRenameKeyAttributesInBindings()
    {
        widgets::IndexTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.data(model.index(0, widgets::IndexTableModel::UsedByColumn)).toString(), QString("4"));
        QCOMPARE(model.addIndex(design::IndexKind::Global), 1);
        QCOMPARE(model.data(model.index(1, widgets::IndexTableModel::NameColumn)).toString(), QString("GSI2"));
        QCOMPARE(model.data(model.index(1, widgets::IndexTableModel::UsedByColumn)).toString(), QString("no pattern"));
        QCOMPARE(model.addIndex(design::IndexKind::Local), 2);
        QCOMPARE(model.data(model.index(2, widgets::IndexTableModel::PartitionKeyColumn)).toString(), QString("PK"));
        QVERIFY(!(model.flags(model.index(2, widgets::IndexTableModel::PartitionKeyColumn)) & Qt::ItemIsEditable));
        // INCLUDE with an attribute list.
        QVERIFY(model.setData(model.index(0, widgets::IndexTableModel::IncludeColumn), "status, total"));
        QCOMPARE(doc_->design().indexes()[0].projection, design::Projection::Include);
        QCOMPARE(doc_->design().indexes()[0].nonKeyAttributes, (std::vector<std::string>{"status", "total"}));
        QVERIFY(model.setData(model.index(0, widgets::IndexTableModel::ProjectionColumn), "KEYS_ONLY"));
        // The key attribute's rename follows into the entities' bindings.
        QVERIFY(model.setData(model.index(0, widgets::IndexTableModel::PartitionKeyColumn), "StatusDay"));
        QVERIFY(doc_->design().entityByName("Order")->key("StatusDay"));
        QVERIFY(!doc_->design().entityByName("Order")->key("GSI1PK"));
        QVERIFY(model.setData(model.index(0, widgets::IndexTableModel::NameColumn), "ByStatus"));
        QVERIFY(!model.setData(model.index(0, widgets::IndexTableModel::NameColumn), "GSI2"));
        doc_->moveRow(Part::Index, 0, 2);
        doc_->removeRow(Part::Index, 1);
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(doc_->design().entityByName("Order")->key("GSI1PK"));
    }

    void shouldListFailedVerdictsAndFindingsWithTheirCause()
    {
        widgets::ProblemsModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        const int before = model.rowCount();
        for (int row = 0; row < before; ++row) QVERIFY(model.problem(row)->verdict < 0);  // every pattern served
        design::AccessPattern p;
        p.number = 6;
        p.name = "Customer by email";
        p.inputs.push_back({"email", "", design::Comparison::Equal, "a@b.c", std::nullopt});
        p.returns.push_back({"Customer", 1});
        doc_->addPattern(p);
        doc_->waitForAnalysis();
        QCOMPARE(model.rowCount(), before + 1);
        const widgets::ProblemsModel::Problem* scan = model.problem(0);  // worst first
        QCOMPARE(scan->severity, 2);
        QCOMPARE(scan->rule, QString("needs a Scan"));
        QCOMPARE(scan->target.kind, widgets::DesignTarget::Kind::Pattern);
        QCOMPARE(scan->target.id, doc_->idAt(Part::Pattern, 5));
        // A finding about a key points at its entity and key.
        design::Entity order = *doc_->design().entityByName("Order");
        order.keys["SK"].keyTemplate = design::KeyTemplate::parse("{orderId}{status}");
        doc_->editEntity(entityRow("Order"), order, "bad key");
        doc_->waitForAnalysis();
        bool found = false;
        for (int row = 0; row < model.rowCount(); ++row) {
            const auto* problem = model.problem(row);
            if (problem->target.kind == widgets::DesignTarget::Kind::Entity && problem->keyAttribute == "SK") {
                QCOMPARE(problem->target.id, entityId("Order"));
                found = true;
            }
        }
        QVERIFY(found);
    }

    void shouldPriceEveryPatternAndEntityAndEditTheirTraffic()
    {
        widgets::CostTableModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        // 5 patterns, all reads, 5 entities, all writes, total.
        QCOMPARE(model.rowCount(), 13);
        QCOMPARE(model.rowKind(5), widgets::CostTableModel::RowKind::ReadTotal);
        QCOMPARE(model.rowKind(11), widgets::CostTableModel::RowKind::WriteTotal);
        const auto report = doc_->report();
        QCOMPARE(model.data(model.index(5, widgets::CostTableModel::OnDemandColumn)).toString(),
                 widgets::dollars(report->readTotal().onDemandPerMonth));
        QCOMPARE(model.data(model.index(12, widgets::CostTableModel::OnDemandColumn)).toString(),
                 widgets::dollars(report->readTotal().onDemandPerMonth + report->writeTotal().onDemandPerMonth));
        QCOMPARE(model.data(model.index(1, widgets::CostTableModel::RateColumn), Qt::EditRole).toDouble(), 500.0);
        QVERIFY(!(model.flags(model.index(5, widgets::CostTableModel::RateColumn)) & Qt::ItemIsEditable));

        // Doubling pattern 2's traffic doubles its dollars; the edit is undoable.
        const QString dollarsBefore = model.data(model.index(1, widgets::CostTableModel::OnDemandColumn)).toString();
        QVERIFY(model.setData(model.index(1, widgets::CostTableModel::RateColumn), "1,000"));
        QCOMPARE(doc_->design().patterns()[1].ratePerSecond, 1000.0);
        doc_->waitForAnalysis();
        const double doubled = doc_->report()->patterns[1].cost.dollars.onDemandPerMonth;
        QCOMPARE(model.data(model.index(1, widgets::CostTableModel::OnDemandColumn)).toString(), widgets::dollars(doubled));
        QVERIFY(model.setData(model.index(7, widgets::CostTableModel::RateColumn), 40));
        QCOMPARE(doc_->design().entityByName("Order")->writesPerSecond, 40.0);
        QVERIFY(!model.setData(model.index(7, widgets::CostTableModel::RateColumn), -1));
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        doc_->waitForAnalysis();
        QCOMPARE(model.data(model.index(1, widgets::CostTableModel::OnDemandColumn)).toString(), dollarsBefore);
        // A new pattern is a new row.
        doc_->removeRow(Part::Pattern, 0);
        doc_->waitForAnalysis();
        QCOMPARE(model.rowCount(), 12);
    }

    // The models colour for the palette they are given (their view's), not the application's: a
    // dark palette set from outside gives the dark tones, and every cell is told to repaint.
    void shouldColourForThePaletteTheirViewGives()
    {
        widgets::ProblemsModel model(doc_.get());
        Tester tester(&model, kQtTest);
        load();
        design::AccessPattern p;
        p.number = 6;
        p.name = "Customer by email";
        p.inputs.push_back({"email", "", design::Comparison::Equal, "a@b.c", std::nullopt});
        p.returns.push_back({"Customer", 1});
        doc_->addPattern(p);
        doc_->waitForAnalysis();
        const QModelIndex severity = model.index(0, widgets::ProblemsModel::SeverityColumn);
        const QPalette light = QGuiApplication::palette();
        QCOMPARE(model.data(severity, Qt::ForegroundRole).value<QColor>(), widgets::toneColor(widgets::Tone::Bad, light));

        QPalette dark = light;
        dark.setColor(QPalette::Base, QColor(24, 24, 27));
        dark.setColor(QPalette::Window, QColor(24, 24, 27));
        dark.setColor(QPalette::Text, QColor(235, 235, 240));
        dark.setColor(QPalette::WindowText, QColor(235, 235, 240));
        QVERIFY(widgets::toneColor(widgets::Tone::Bad, dark) != widgets::toneColor(widgets::Tone::Bad, light));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setPalette(dark);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex(), model.index(0, 0));
        QCOMPARE(changed.first().at(1).toModelIndex(), model.index(model.rowCount() - 1, model.columnCount() - 1));
        QCOMPARE(model.data(severity, Qt::ForegroundRole).value<QColor>(), widgets::toneColor(widgets::Tone::Bad, dark));
        // The application's palette is not what it reads.
        QCOMPARE(QGuiApplication::palette(), light);
        model.setPalette(dark);  // the same palette again: nothing to repaint
        QCOMPARE(changed.count(), 1);

        // The tree model too: an entity's swatch and a pattern's verdict mark are painted for it.
        widgets::DesignTreeModel tree(doc_.get());
        Tester treeTester(&tree, kQtTest);
        QSignalSpy treeChanged(&tree, &QAbstractItemModel::dataChanged);
        tree.setPalette(dark);
        QVERIFY(treeChanged.count() > 1);  // the top level and each group's children
    }

private:
    void load(const char* sample = "ecommerce")
    {
        doc_->resetDesign(design::loadDesignFile(samplePath(sample)));
        doc_->waitForAnalysis();
    }
    design::Id entityId(const char* name) const { return doc_->design().entityByName(name)->id; }
    int entityRow(const char* name) const { return doc_->rowOf(Part::Entity, entityId(name)); }

    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(TestDesignModels)
#include "tst_document_models.moc"
