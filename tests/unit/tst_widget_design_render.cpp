// Every design view renders every sample offscreen to a PNG that is not blank (enough distinct
// colours, no single colour covering almost all of it), and the issue's "Done means" story runs
// through the views: open the e-commerce sample, add a sixth access pattern by the UI, see that it
// needs a Scan, add a GSI and give the entity its key, see the verdict turn to served. Each step
// is saved as a PNG (KEYPLAN_SCREENSHOTS, else a folder in the temp directory) to be looked at.
#include "analysis/Analysis.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"
#include "io/Export.h"
#include "widgets/design/CostView.h"
#include "widgets/design/DesignDataController.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/design/DesignImportExport.h"
#include "widgets/design/DesignTreeView.h"
#include "widgets/design/DesignViews.h"
#include "widgets/design/EntitiesView.h"
#include "document/EntityModels.h"
#include "document/IndexTableModel.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/PatternEditor.h"
#include "document/PatternListModel.h"
#include "document/PatternPartModels.h"
#include "widgets/design/PatternsView.h"
#include "widgets/design/ProblemsView.h"
#include "style/VerdictStyle.h"
#include "style/EntityPalette.h"

#include <QAbstractButton>
#include <QApplication>
#include <QAction>
#include <QDir>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace keyplan;
using keyplan::widgets::DesignDocument;
using Part = DesignDocument::Part;

namespace {

QString samplePath(const QString& name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

QDir screenshotDir()
{
    QString path = qEnvironmentVariable("KEYPLAN_SCREENSHOTS");
    if (path.isEmpty()) path = QDir::temp().filePath(QStringLiteral("keyplan-design-screenshots"));
    QDir().mkpath(path);
    return QDir(path);
}

struct ColourStats {
    int distinct = 0;
    double commonest = 0;  // share of the pixels in the most frequent colour
};

ColourStats colours(const QImage& image)
{
    QHash<QRgb, int> counts;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x) ++counts[line[x]];
    }
    int most = 0;
    for (int c : counts) most = std::max(most, c);
    return {static_cast<int>(counts.size()), double(most) / (img.width() * img.height())};
}

// Renders the widget, saves it, and checks that something is drawn.
void shot(QWidget* widget, const QString& name)
{
    QVERIFY(QTest::qWaitForWindowExposed(widget->window()));
    QCoreApplication::processEvents();
    const QImage image = widget->grab().toImage();
    QVERIFY(!image.isNull());
    const QString file = screenshotDir().filePath(name + QStringLiteral(".png"));
    QVERIFY(image.save(file));
    const ColourStats stats = colours(image);
    QVERIFY2(stats.distinct >= 16, qPrintable(QString("%1: %2 colours").arg(name).arg(stats.distinct)));
    QVERIFY2(stats.commonest < 0.97, qPrintable(QString("%1: one colour covers %2").arg(name).arg(stats.commonest)));
}

// WCAG's contrast ratio between two colours.
double contrast(const QColor& a, const QColor& b)
{
    auto luminance = [](const QColor& c) {
        auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return la > lb ? la / lb : lb / la;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    return p;
}

void pressReturn(QWidget* editor)
{
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
}

}  // namespace

class TestDesignRender : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qInfo("screenshots in %s", qPrintable(screenshotDir().absolutePath())); }

    void shouldRenderEveryViewOfEverySample_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* s : {"ecommerce", "saas", "students", "anonlineshop"}) QTest::newRow(s) << QString(s);
    }
    void shouldRenderEveryViewOfEverySample()
    {
        QFETCH(QString, sample);
        DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath(sample)));
        doc.waitForAnalysis();
        QWidget host;
        widgets::DesignViews views(&doc, &host);
        widgets::EntityPalette palette;
        views.setEntityPalette(&palette);
        // Colours handed out in the design's entity order, shared with the layouts.
        QCOMPARE(palette.entities().size(), qsizetype(doc.design().entities().size()));
        QCOMPARE(palette.entities().front(), QString::fromStdString(doc.design().entities().front().name));
        const std::pair<QWidget*, const char*> all[] = {
            {views.tree(), "tree"},       {views.patterns(), "patterns"}, {views.entities(), "entities"},
            {views.indexes(), "indexes"}, {views.problems(), "problems"}, {views.cost(), "cost"},
        };
        for (const auto& [view, name] : all) {
            view->setParent(nullptr);
            view->resize(QString(name) == "tree" ? QSize(320, 640) : QSize(1280, 760));
            view->show();
            shot(view, sample + "-" + name);
            view->hide();
            view->setParent(&host);
        }
    }

    void shouldKeepVerdictColoursReadableOnLightAndDarkPalettes_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::newRow("light") << QPalette(QColor(0xef, 0xef, 0xef));
        QTest::newRow("dark") << darkPalette();
    }
    void shouldKeepVerdictColoursReadableOnLightAndDarkPalettes()
    {
        QFETCH(QPalette, palette);
        for (auto tone : {widgets::Tone::Good, widgets::Tone::Caution, widgets::Tone::Bad}) {
            const QColor c = widgets::toneColor(tone, palette);
            const double ratio = contrast(c, palette.color(QPalette::Base));
            QVERIFY2(ratio >= 3.0, qPrintable(QString("tone %1: %2 on %3 is %4:1")
                                                  .arg(int(tone))
                                                  .arg(c.name(), palette.color(QPalette::Base).name())
                                                  .arg(ratio, 0, 'f', 2)));
        }
        // The three tones are told apart by hue.
        QVERIFY(widgets::toneColor(widgets::Tone::Good, palette).hslHue() !=
                widgets::toneColor(widgets::Tone::Bad, palette).hslHue());
    }

    void shouldDrawVerdictMarksSharpAtAnyScale()
    {
        const QIcon icon = widgets::verdictIcon(analysis::Verdict::NeedsMultipleRequests, 3, QPalette());
        for (qreal ratio : {1.0, 1.5, 2.0}) {
            const QPixmap pixmap = icon.pixmap(QSize(16, 16), ratio);
            QCOMPARE(pixmap.devicePixelRatio(), ratio);
            QCOMPARE(pixmap.size(), QSize(qRound(16 * ratio), qRound(16 * ratio)));
            QVERIFY(colours(pixmap.toImage()).distinct > 4);  // a drawn mark, not a blank square
        }
    }

    void shouldRenderInADarkPalette()
    {
        const QPalette before = QApplication::palette();
        QApplication::setPalette(darkPalette());
        {
            DesignDocument doc;
            doc.resetDesign(design::loadDesignFile(samplePath("saas")));
            doc.waitForAnalysis();
            QWidget host;
            widgets::DesignViews views(&doc, &host);
            for (const auto& [view, name] : {std::pair<QWidget*, const char*>{views.patterns(), "dark-patterns"},
                                             std::pair<QWidget*, const char*>{views.entities(), "dark-entities"},
                                             std::pair<QWidget*, const char*>{views.problems(), "dark-problems"}}) {
                view->setParent(nullptr);
                view->resize(1280, 760);
                view->show();
                shot(view, name);
                view->hide();
                view->setParent(&host);
            }
        }
        QApplication::setPalette(before);
    }

    void shouldTurnAScanIntoServedByAddingAGsiThroughTheViews()
    {
        DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        doc.waitForAnalysis();
        QWidget window;
        window.resize(1400, 900);
        auto* splitter = new QSplitter(&window);
        QWidget offstage;  // the views not in the window wait here, hidden
        widgets::DesignViews views(&doc, &offstage);
        splitter->addWidget(views.tree());
        splitter->addWidget(views.patterns());
        splitter->setSizes({300, 1100});
        splitter->resize(window.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        shot(&window, "story-1-opened");

        // Add the sixth pattern: its name is open for typing.
        widgets::PatternsView* patterns = views.patterns();
        patterns->addAction()->trigger();
        QCOMPARE(doc.design().patterns().size(), size_t(6));
        QTableView* table = patterns->table();
        auto* nameCell = qobject_cast<QLineEdit*>(
            table->indexWidget(patterns->model()->index(5, widgets::PatternListModel::NameColumn)));
        QVERIFY(nameCell);
        nameCell->selectAll();
        QTest::keyClicks(nameCell, "Customer by email");
        pressReturn(nameCell);
        // Its input: the email; it returns a Customer (the new pattern's default).
        widgets::PatternEditor* editor = patterns->editor();
        QTest::mouseClick(editor->findChild<QAbstractButton*>("patternInputsAdd"), Qt::LeftButton);
        auto* inputCell = qobject_cast<QLineEdit*>(editor->inputsView()->indexWidget(editor->inputsModel()->index(0, 0)));
        QVERIFY(inputCell);
        inputCell->selectAll();
        QTest::keyClicks(inputCell, "email");
        pressReturn(inputCell);
        const design::AccessPattern& sixth = doc.design().patterns()[5];
        QCOMPARE(sixth.name, std::string("Customer by email"));
        QCOMPARE(sixth.inputs.size(), size_t(1));
        QCOMPARE(sixth.inputs[0].name, std::string("email"));
        QCOMPARE(sixth.returns[0].entity, std::string("Customer"));
        doc.waitForAnalysis();
        QCoreApplication::processEvents();
        QCOMPARE(doc.patternReport(sixth.id)->plan.verdict, analysis::Verdict::NeedsScan);
        QCOMPARE(patterns->model()->data(patterns->model()->index(5, widgets::PatternListModel::VerdictColumn)).toString(),
                 QString("needs a Scan"));
        shot(&window, "story-2-needs-a-scan");
        views.problems()->setParent(nullptr);
        views.problems()->resize(1280, 300);
        views.problems()->show();
        shot(views.problems(), "story-2b-problems");

        // Add a GSI and give the Customer its keys in it.
        addEmailIndexThroughTheViews(doc, views);
        if (QTest::currentTestFailed()) return;

        // The verdict turns to served, on GSI2.
        doc.waitForAnalysis();
        QCoreApplication::processEvents();
        const analysis::PatternReport* report = doc.patternReport(doc.design().patterns()[5].id);
        QCOMPARE(report->plan.verdict, analysis::Verdict::Served);
        QCOMPARE(report->plan.request.indexName, std::string("GSI2"));
        QCOMPARE(patterns->model()->data(patterns->model()->index(5, widgets::PatternListModel::VerdictColumn)).toString(),
                 QString("served"));
        patterns->showPattern(doc.design().patterns()[5].id);
        shot(&window, "story-5-served");

        // Generate the sample data and run every pattern: the sixth reads one customer by email.
        auto store = engine::SqliteStore::openInMemory();
        widgets::DesignDataController data(&doc, *store, &window);
        QSignalSpy generated(&data, &widgets::DesignDataController::generationFinished);
        data.generate({1, 0, true});
        QVERIFY(generated.wait(60000));
        QVERIFY(generated.at(0).at(0).toBool());
        QSignalSpy ran(&data, &widgets::DesignDataController::runFinished);
        QSignalSpy collections(patterns, &widgets::PatternsView::itemCollectionSelected);
        data.runAllAction()->trigger();
        QVERIFY(ran.wait(60000));
        QCOMPARE(ran.at(0).at(1).toInt(), 0);  // none failed
        const widgets::PatternRunSummary* run = doc.runSummary(doc.design().patterns()[5].id);
        QVERIFY(run && run->ok);
        QCOMPARE(run->items, 1);
        QCOMPARE(run->index, QString("GSI2"));
        QVERIFY(run->partitionValue.startsWith("EMAIL#"));
        QVERIFY(run->inputs.startsWith("email="));
        QVERIFY2(patterns->editor()->verdictLabel()->text().contains("Last run"),
                 qPrintable(patterns->editor()->verdictLabel()->text()));
        // The selected pattern's collection is now a concrete one, for the layouts to highlight.
        QVERIFY(!collections.isEmpty());
        const auto collection = collections.last().at(0).value<widgets::ItemCollection>();
        QCOMPARE(collection.index, QString("GSI2"));
        QVERIFY(collection.concrete);
        QCOMPARE(collection.partitionValue, run->partitionValue);
        shot(&window, "story-6-ran");

        // Export access-patterns.md: the sixth pattern is in it, served on GSI2.
        QTemporaryDir dir;
        widgets::DesignFiles files(&doc, &window);
        widgets::DesignImportExport exporter(&files, &window);
        widgets::DesignImportExport::Prompts prompts = exporter.prompts();
        prompts.exportFileName = [&](const QString&, const QString&) { return dir.filePath("access-patterns.md"); };
        exporter.setPrompts(prompts);
        QVERIFY(exporter.exportAs(io::ExportFormat::Markdown));
        QFile md(dir.filePath("access-patterns.md"));
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(md.readAll());
        QVERIFY(text.contains("Customer by email"));
        QVERIFY(text.contains("GSI2PK = EMAIL#{email}"));
        // Every step is one undo entry or a few, and undo walks all the way back.
        QVERIFY(doc.undoStack()->count() >= 5);
        while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
        QCOMPARE(design::writeDesign(doc.design()), design::writeDesign(design::loadDesignFile(samplePath("ecommerce"))));
    }

private:
    // Adds GSI2 (GSI2PK, GSI2SK) in the indexes view, then types the Customer's keys in it into the
    // entity's key cells, with a screenshot after each.
    void addEmailIndexThroughTheViews(DesignDocument& doc, widgets::DesignViews& views)
    {
        widgets::IndexesView* indexes = views.indexes();
        indexes->setParent(nullptr);
        indexes->resize(1280, 600);
        indexes->show();
        indexes->addGlobalIndex();
        auto* indexName = qobject_cast<QLineEdit*>(
            indexes->table()->indexWidget(indexes->model()->index(1, widgets::IndexTableModel::NameColumn)));
        QVERIFY(indexName);
        pressReturn(indexName);  // keep the proposed name
        QCOMPARE(doc.design().indexes()[1].name, std::string("GSI2"));
        shot(indexes, "story-3-gsi-added");

        // Give the Customer its keys in the new index, typed into the key cells.
        widgets::EntitiesView* entities = views.entities();
        entities->setParent(nullptr);
        entities->resize(1280, 800);
        entities->show();
        entities->showEntity(doc.design().entityByName("Customer")->id);
        widgets::KeyBindingTableModel* keys = entities->keysModel();
        for (const auto& [key, text] :
             {std::pair{QString("GSI2PK"), QString("EMAIL#{email}")}, std::pair{QString("GSI2SK"), QString("PROFILE")}}) {
            const QModelIndex cell = keys->index(keys->rowOfKey(key), widgets::KeyBindingTableModel::TemplateColumn);
            entities->keysView()->setCurrentIndex(cell);
            entities->keysView()->edit(cell);
            auto* edit = qobject_cast<QLineEdit*>(entities->keysView()->indexWidget(cell));
            QVERIFY(edit);
            QTest::keyClicks(edit, text);
            pressReturn(edit);
        }
        QCOMPARE(doc.design().entityByName("Customer")->key("GSI2PK")->keyTemplate.text(), std::string("EMAIL#{email}"));
        QVERIFY(keys->example(keys->rowOfKey("GSI2PK")).startsWith("EMAIL#"));
        entities->keysView()->setCurrentIndex(
            keys->index(keys->rowOfKey("GSI2PK"), widgets::KeyBindingTableModel::TemplateColumn));
        shot(entities, "story-4-customer-keys");
    }
};

QTEST_MAIN(TestDesignRender)
#include "tst_widget_design_render.moc"
