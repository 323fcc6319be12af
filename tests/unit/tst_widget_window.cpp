// The whole designer window, built as app/gui builds it: it starts without a layout warning, and
// whatever replaces the document (File > New, Open, an import from a Workbench or OneTable file
// or from a table) leaves nothing of the old design's selection behind, such as the request line
// above the layout naming a pattern the new design does not have.
#include "PrivateHome.h"
#include "MainWindow.h"

#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"
#include "io/Export.h"
#include "widgets/common/Icons.h"
#include "widgets/console/RequestConsole.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignAutosave.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/design/DesignImportExport.h"
#include "widgets/design/IndexBackfillPanel.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"
#include "widgets/layout/LayoutTabs.h"
#include "widgets/store/EndpointController.h"
#include "widgets/store/StoreSwitch.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyplan;
using widgets::DesignAutosave;
using widgets::DesignFiles;
using widgets::DesignImportExport;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

// The ecommerce sample with its first pattern renamed, so its line above the layout is told
// apart from any line a design made from the plain sample can show.
const char* const kOldPattern = "Pattern of the replaced design";

bool writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

}  // namespace

class WidgetWindowTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        widgets::initResources();
        QVERIFY(usePrivateHome(home_));
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).removeRecursively();
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        QVERIFY(dir_.isValid());
    }

    void init()
    {
        local_ = engine::SqliteStore::openInMemory();
        switch_ = std::make_unique<widgets::StoreSwitch>(*local_, widgets::StoreLocation{});
    }

    void cleanup()
    {
        switch_.reset();
        local_.reset();
        // A window that ends without closing leaves its autosave, which the next would offer.
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    }

    void shouldStartWithoutALayoutWarning()
    {
        // A widget added before it exists is dropped with this warning, and then lives outside
        // the window (the request console's problems line did).
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^QLayout")));
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^QObject::")));
        QTest::failOnWarning(QRegularExpression(QStringLiteral("^QWidget::")));
        MainWindow window(*switch_);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* document = window.findChild<widgets::DesignDocument*>();
        QVERIFY(document);
        QTRY_VERIFY(!document->design().patterns().empty());
        auto* problems = window.findChild<QLabel*>(QStringLiteral("problems"));
        QVERIFY2(problems, "the request console's problems line is not inside the window");
        QCOMPARE(problems->window(), &window);
    }

    void shouldCompleteTheDesignsAttributeNamesInTheConsole()
    {
        MainWindow window(*switch_);
        auto* document = window.findChild<widgets::DesignDocument*>();
        auto* console = window.findChild<widgets::RequestConsole*>();
        QVERIFY(document && console);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(!document->design().patterns().empty());
        // The start-up sample's table is empty in the store: its names come from the design.
        const QString table = QString::fromStdString(document->design().table().name);
        QTRY_VERIFY(console->knownAttributes(table).contains(QStringLiteral("paymentRef")));
        QVERIFY(console->knownAttributes(table).contains(QStringLiteral("orderDay")));
        QVERIFY(console->knownAttributes(table).contains(QStringLiteral("GSI1PK")));
    }

    void shouldNameOnlyTheNewDesignsPatternAboveTheLayout_data()
    {
        QTest::addColumn<QString>("replacement");
        QTest::newRow("File > New") << "new";
        QTest::newRow("File > Open") << "open";
        QTest::newRow("Import NoSQL Workbench model") << "workbench";
        QTest::newRow("Import OneTable schema") << "onetable";
        QTest::newRow("Import design from table") << "table";
    }

    void shouldNameOnlyTheNewDesignsPatternAboveTheLayout()
    {
        QFETCH(QString, replacement);
        MainWindow window(*switch_);
        auto* files = window.findChild<DesignFiles*>();
        auto* importExport = window.findChild<DesignImportExport*>();
        auto* autosave = window.findChild<DesignAutosave*>();
        auto* document = window.findChild<widgets::DesignDocument*>();
        auto* layouts = window.findChild<widgets::LayoutTabs*>();
        QVERIFY(files && importExport && autosave && document && layouts);
        // Answered before the window's first event (which may offer an autosave).
        QStringList errors;
        auto filePrompts = files->prompts();
        filePrompts.askToSave = [](const QString&) { return DesignFiles::SaveChoice::Discard; };
        filePrompts.showError = [&](const QString& m) { errors << m; };
        files->setPrompts(filePrompts);
        auto importPrompts = importExport->prompts();
        importPrompts.showError = [&](const QString& m) { errors << m; };
        importPrompts.showNotes = [](const QString&, const QStringList&) {};
        importExport->setPrompts(importPrompts);
        auto autosavePrompts = autosave->prompts();
        autosavePrompts.askRestore = [](const QString&, const QString&, const QString&) { return false; };
        autosave->setPrompts(autosavePrompts);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(!document->design().patterns().empty());  // the start-up sample is in

        // Given the old design, its first pattern named above the Shop layout,
        design::Design old = design::loadDesignFile(samplePath("ecommerce"));
        design::AccessPattern first = old.patterns().front();
        first.name = kOldPattern;
        QVERIFY(old.replacePattern(first));
        const QString oldFile = dir_.filePath(QStringLiteral("old.keyplan.json"));
        QVERIFY(design::saveDesignFile(old, oldFile));
        QVERIFY(files->open(oldFile));
        QTRY_VERIFY(line(layouts, "Shop").contains(QLatin1String(kOldPattern)));

        // when a new document replaces it (each made from the plain sample, table Shop too),
        const design::Design plain = design::loadDesignFile(samplePath("ecommerce"));
        bool replaced = false;
        if (replacement == "new") {
            replaced = files->newDesign();
        } else if (replacement == "open") {
            replaced = files->open(samplePath("ecommerce"));
        } else if (replacement == "workbench") {
            const QString file = dir_.filePath(QStringLiteral("Shop.workbench.json"));
            QVERIFY(writeFile(file, io::exportDesign(plain, io::ExportFormat::Workbench).text));
            replaced = importExport->importWorkbench(file);
        } else if (replacement == "onetable") {
            const QString file = dir_.filePath(QStringLiteral("Shop.json"));  // the file names the table
            QVERIFY(writeFile(file, io::exportDesign(plain, io::ExportFormat::OneTable).text));
            replaced = importExport->importOneTable(file);
        } else {
            // What a table's sample gives: the table, its indexes and entities, no patterns.
            design::Design inferred = plain;
            while (!inferred.patterns().empty()) inferred.removePattern(inferred.patterns().front().id);
            replaced = importExport->openUnsaved(inferred, QStringLiteral("table Shop on http://127.0.0.1:1/ (us-east-1)"), {});
        }
        QVERIFY2(replaced, qPrintable(errors.join('\n')));
        document->waitForAnalysis();

        // then the layout names the new design's first pattern, or none when it has none.
        const design::Design& now = document->design();
        const QString table = QString::fromStdString(now.table().name);
        if (now.patterns().empty()) {
            QTRY_COMPARE(line(layouts, table), QString());
        } else {
            const QString expected = QStringLiteral("Pattern %1, %2")
                                         .arg(now.patterns().front().number)
                                         .arg(QString::fromStdString(now.patterns().front().name));
            QTRY_VERIFY2(line(layouts, table).contains(expected), qPrintable(line(layouts, table) + " / " + expected));
        }
        for (const QString& name : layouts->layoutNames()) {
            const QStringList parts = name.split(QStringLiteral(" \u00b7 "));
            const QString text = line(layouts, parts.value(0), parts.value(1));
            QVERIFY2(!text.contains(QLatin1String(kOldPattern)), qPrintable(name + ": " + text));
        }
    }

    void shouldReadABoundedSampleOnAnEndpointAndAllOfTheLocalStore()
    {
        // The same 1,500 Shop items in the local store and behind the "endpoint" (a store the
        // window is switched to as it is by File > Connect to endpoint).
        const design::Design shop = design::loadDesignFile(samplePath("ecommerce"));
        analysis::SampleOptions options;
        options.totalItems = 1500;
        std::shared_ptr<store::Store> remote = engine::SqliteStore::openInMemory();
        const qint64 items = analysis::SampleData(shop, options).load(*remote).itemsWritten;
        QCOMPARE(analysis::SampleData(shop, options).load(*local_).itemsWritten, items);
        QVERIFY(items > widgets::LayoutTabs::kEndpointReadLimit);

        MainWindow window(*switch_);
        auto* layouts = window.findChild<widgets::LayoutTabs*>();
        auto* endpoint = window.findChild<widgets::EndpointController*>();
        QVERIFY(layouts && endpoint);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto shopRows = [&](bool truncated) {
            widgets::ItemLayoutView* view = layouts->layout(QStringLiteral("Shop"));
            return view && view->model()->isFullyIndexed() && view->model()->isTruncated() == truncated
                       ? qint64(view->model()->rowCount())
                       : qint64(-1);
        };
        QTRY_COMPARE_WITH_TIMEOUT(shopRows(false), items, 20000);

        widgets::StoreLocation where;
        where.kind = widgets::StoreLocation::Kind::Endpoint;
        where.endpoint = QStringLiteral("http://127.0.0.1:8000/");
        where.region = QStringLiteral("us-east-1");
        switch_->connectTo(remote, where);
        Q_EMIT endpoint->storeSwitched(switch_->location());
        QTRY_COMPARE_WITH_TIMEOUT(shopRows(true), widgets::LayoutTabs::kEndpointReadLimit, 20000);
        QVERIFY(layouts->layout(QStringLiteral("Shop"))->noteText().startsWith(QStringLiteral("The first 1,000 items")));
        // Adding a GSI in place does not Scan the whole table first either.
        auto* backfill = window.findChild<widgets::IndexBackfillPanel*>();
        QVERIFY(backfill && !backfill->countsItemsFirst());

        switch_->disconnect();
        Q_EMIT endpoint->storeSwitched(switch_->location());
        QTRY_COMPARE_WITH_TIMEOUT(shopRows(false), items, 20000);
        QVERIFY(backfill->countsItemsFirst());
    }

    void shouldShowTheEntityKeysWithoutScrollingOnA1600x1000Screen()
    {
        MainWindow window(*switch_);
        auto* autosave = window.findChild<DesignAutosave*>();
        auto prompts = autosave->prompts();
        prompts.askRestore = [](const QString&, const QString&, const QString&) { return false; };
        autosave->setPrompts(prompts);
        // What a first start takes of a 1600x1000 screen (its height less the panel's 40 px).
        window.resize(1600, 960);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* document = window.findChild<widgets::DesignDocument*>();
        QTRY_VERIFY(!document->design().entities().empty());
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("entitiesDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        auto* keys = window.findChild<QTableView*>(QStringLiteral("entityKeys"));
        QVERIFY(keys);
        QTRY_VERIFY(keys->isVisible() && keys->model()->rowCount() > 0);
        QScrollArea* scroll = nullptr;
        for (QWidget* w = keys->parentWidget(); w && !scroll; w = w->parentWidget()) scroll = qobject_cast<QScrollArea*>(w);
        QVERIFY(scroll);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        const int bottom = keys->mapTo(scroll->viewport(), QPoint(0, keys->height())).y();
        QVERIFY2(
            bottom <= scroll->viewport()->height(),
            qPrintable(
                QStringLiteral("the keys grid ends at %1 px of a %2 px high view").arg(bottom).arg(scroll->viewport()->height())));
    }

private:
    // The request line above the examples of `table` (or its index), "" when none is shown.
    static QString line(widgets::LayoutTabs* layouts, const QString& table, const QString& index = {})
    {
        const widgets::ExampleLayoutView* view = layouts->exampleLayout(table, index);
        return view ? view->highlightText() : QString();
    }

    QTemporaryDir home_;
    QTemporaryDir dir_;
    std::unique_ptr<engine::SqliteStore> local_;
    std::unique_ptr<widgets::StoreSwitch> switch_;
};

QTEST_MAIN(WidgetWindowTest)
#include "tst_widget_window.moc"
