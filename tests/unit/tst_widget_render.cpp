// Layout pictures and the HTML design document, for every sample: the SVG of the table and of each
// index holds every partition-key value drawn and a legend entry per entity drawn, and names what a
// sparse index leaves out; the PNG has the size asked for and is not blank; the HTML document is
// one file with the pattern table (a row per pattern), one inline SVG per table and index, and no
// script or outside reference. Pictures are written to KEYPLAN_SCREENSHOTS (else a temporary
// folder) to be looked at.
#include <set>
#include <string>

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/IndexLayout.h"
#include "design/DesignFile.h"
#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"

using namespace keyplan;

namespace {

QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }

QString xmlEscaped(const QString& s) { return s.toHtmlEscaped(); }

std::vector<std::string> scopesOf(const design::Design& d)
{
    std::vector<std::string> scopes{""};
    for (const auto& index : d.indexes()) scopes.push_back(index.name);
    return scopes;
}

}  // namespace

class TestRender : public QObject {
    Q_OBJECT
private:
    QTemporaryDir temp_;
    QString shots_;

private Q_SLOTS:
    void initTestCase()
    {
        shots_ = qEnvironmentVariable("KEYPLAN_SCREENSHOTS", temp_.path());
        QDir().mkpath(shots_);
    }

    void samples_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& f : QDir(samplesDir()).entryList({"*.keyplan.json"}))
            QTest::newRow(qPrintable(f)) << f.section('.', 0, 0);
    }

    void everyLayoutSvgShowsItsPartitionsAndLegend_data() { samples_data(); }
    void everyLayoutSvgShowsItsPartitionsAndLegend()
    {
        QFETCH(QString, name);
        const design::Design d = design::loadDesignFile(samplesDir() + "/" + name + ".keyplan.json");
        const auto items = render::exampleItemsOf(d);
        for (const std::string& scope : scopesOf(d)) {
            const analysis::IndexLayout layout = analysis::layoutOf(d, scope, items);
            QVERIFY2(!layout.partitions.empty(), scope.c_str());
            const render::LayoutPicture picture(d, layout);
            const QString svg = QString::fromUtf8(picture.svg());
            QVERIFY(svg.contains("<svg"));
            std::set<const design::Entity*> drawn;
            for (const auto& partition : layout.partitions) {
                const QString pk = render::valueText(partition.partitionKey);
                QVERIFY2(svg.contains(">" + xmlEscaped(pk) + "<"),
                         qPrintable(name + " " + QString::fromStdString(scope) + ": " + pk));
                for (const auto& item : partition.items) drawn.insert(item.entity);
            }
            for (const design::Entity* e : drawn) {
                QVERIFY(e);
                QVERIFY2(svg.contains(">" + xmlEscaped(QString::fromStdString(e->name)) + "<"), e->name.c_str());
            }
            if (!scope.empty()) {
                for (const auto& [entity, why] : layout.absent)
                    QVERIFY2(svg.contains(xmlEscaped(QString::fromStdString(entity->name)) + " ("), entity->name.c_str());
            }
            QFile out(shots_ + "/" + name + "-" + (scope.empty() ? QString("table") : QString::fromStdString(scope)) + ".svg");
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(svg.toUtf8());
        }
    }

    void pngHasTheSizeAskedForAndIsNotBlank()
    {
        const design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        const auto layout = analysis::layoutOf(d, "", render::exampleItemsOf(d));
        const render::LayoutPicture picture(d, layout);
        for (double scale : {1.0, 2.0, 3.0}) {
            const QImage image = picture.image(scale);
            QCOMPARE(image.width(), qRound(picture.size().width() * scale));
            QCOMPARE(image.height(), qRound(picture.size().height() * scale));
        }
        const QImage image = picture.image(2);
        std::set<QRgb> colours;
        qint64 white = 0;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3) {
                const QRgb c = image.pixel(x, y);
                colours.insert(c);
                white += c == qRgb(255, 255, 255);
            }
        }
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
        QVERIFY(white < qint64(image.width() / 3) * (image.height() / 3) * 9 / 10);
        QVERIFY(image.save(shots_ + "/ecommerce-table.png"));
    }

    void partitionsAreCutAndSortedBySortKey()
    {
        const design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        analysis::LayoutOptions options;
        options.maxPartitions = 2;
        const auto layout = analysis::layoutOf(d, "", render::exampleItemsOf(d), options);
        QCOMPARE(layout.partitions.size(), size_t(2));
        QVERIFY(layout.partitionCount > 2);
        for (const auto& p : layout.partitions) {
            for (size_t i = 1; i < p.items.size(); ++i)
                QVERIFY(dynamo::compareKeyValues(p.items[i - 1].item.at("SK"), p.items[i].item.at("SK")) <= 0);
        }
        const QString svg = QString::fromUtf8(render::LayoutPicture(d, layout).svg());
        QVERIFY(svg.contains(QStringLiteral("the first 2 of %1 partitions").arg(layout.partitionCount)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analysis::layoutOf(d, "NoSuchIndex", {}));
    }

    void emptyDesignDrawsAnEmptyLayout()
    {
        design::Design d;
        const auto layout = analysis::layoutOf(d, "", {});
        const QString svg = QString::fromUtf8(render::LayoutPicture(d, layout).svg());
        QVERIFY(svg.contains("No item has these keys."));
    }

    void htmlDocumentHoldsPatternsAndOneSvgPerIndex_data() { samples_data(); }
    void htmlDocumentHoldsPatternsAndOneSvgPerIndex()
    {
        QFETCH(QString, name);
        const design::Design d = design::loadDesignFile(samplesDir() + "/" + name + ".keyplan.json");
        const QString html = QString::fromStdString(render::designDocumentHtml(d));
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(html.contains("<table class=\"patterns\">"));
        const int tableStart = html.indexOf("<table class=\"patterns\">");
        const QString patternTable = html.mid(tableStart, html.indexOf("</table>", tableStart) - tableStart);
        QCOMPARE(patternTable.count("<tr>"), int(d.patterns().size()) + 1);
        for (const auto& p : d.patterns())
            QVERIFY2(patternTable.contains(QString::fromStdString(p.name).toHtmlEscaped()), p.name.c_str());
        QCOMPARE(html.count("<svg"), int(d.indexes().size()) + 1);
        QCOMPARE(html.count("<figure class=\"layout\""), int(d.indexes().size()) + 1);
        for (const auto& index : d.indexes()) QVERIFY(html.contains("data-index=\"" + QString::fromStdString(index.name) + "\""));
        QVERIFY(!html.contains("<?xml"));
        QVERIFY(!html.contains("<script", Qt::CaseInsensitive));
        QVERIFY(!html.contains(QRegularExpression("(src|href)=\"(https?:)?//")));
        QVERIFY(html.contains("<h2>Risks</h2>"));
        QVERIFY(html.contains("<h2>Cost summary</h2>"));
        QVERIFY(html.contains("<h2>Key design</h2>"));
        if (!d.description().empty()) QVERIFY(html.contains(QString::fromStdString(d.description()).toHtmlEscaped()));
        QFile out(shots_ + "/" + name + ".html");
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(html.toUtf8());
        // No stream, no Time to Live in the samples: nothing said of them.
        QVERIFY(!html.contains("<h2>Change data</h2>"));
    }

    // The design document says which patterns ride the table's stream and which items expire, and
    // marks a pattern on the stream as served.
    void htmlDocumentSaysWhichPatternsRideTheStream()
    {
        const design::Design d = design::loadDesignFile(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json"));
        const QString html = QString::fromStdString(render::designDocumentHtml(d));
        QVERIFY(html.contains("<li>Stream: <code>NEW_AND_OLD_IMAGES</code></li>\n<li>Time to Live: <code>expiresAt</code></li>"));
        QVERIFY(html.contains("1 of 3 patterns are served by one request, 2 ride the table's stream (see Change data)."));
        QVERIFY(html.contains("<td class=\"served\">rides the stream</td>"));
        const QString section =
            "<h2>Change data</h2>\n"
            "<p>The table's stream records NEW_AND_OLD_IMAGES (each change's item before and after).</p>\n"
            "<p>Patterns that ride the stream (no request to the table):</p>\n<ul>\n"
            "<li>2. Find customers by email: a search index, read by a Lambda trigger (its GetRecords calls are free)</li>\n"
            "<li>3. Actions per day: an analytics store, read by a reader of its own (1 GetRecords call/s, $0.53/month)</li>\n"
            "</ul>\n<p>Items that expire (Time to Live deletes cost no write units):</p>\n<ul>\n"
            "<li>Session: Time to Live on expiresAt, 1 day after each write; 4,320,000 items at a steady 50 writes/s</li>\n"
            "<li>Event: Time to Live on expiresAt, 90 days after each write; 155,520,000 items at a steady 20 writes/s</li>\n"
            "</ul>\n<h2>Risks</h2>";
        QVERIFY2(html.contains(section), qPrintable(html));
    }

    // The document names a multi-attribute GSI's keys as their attribute lists, and its layout
    // shows every key attribute (the picture draws the tuple).
    void htmlDocumentShowsAMultiAttributeKeyAsItsAttributeList()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json");
        const QString html = QString::fromStdString(render::designDocumentHtml(d));
        QVERIFY2(html.contains("Global secondary index on the partition key <code>status</code> + <code>orderDay</code> and the "
                               "sort key <code>orderDate</code> + <code>total</code> (multi-attribute keys: the items' own "
                               "attributes), projection ALL."),
                 qPrintable(html.left(4000)));
        QVERIFY(html.contains("Global secondary index on <code>GSI1PK</code> and <code>GSI1SK</code>, projection ALL."));
        const int figure = html.indexOf("data-index=\"ByStatusDay\"");
        QVERIFY(figure > 0);
        const QString svg = html.mid(figure, html.indexOf("</svg>", figure) - figure);
        for (const char* attribute : {"status", "orderDay", "orderDate", "total"}) QVERIFY2(svg.contains(attribute), attribute);
    }
};

QTEST_MAIN(TestRender)
#include "tst_widget_render.moc"
